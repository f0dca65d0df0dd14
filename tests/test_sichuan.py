"""Sichuan blood battle (成都血战到底) hand fan: every worked example of seeds/sichuan-chengdu.txt,
each quoting the sentence it comes from, then the variants, payments and bad input."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "sichuan", options)


def names(result) -> dict[str, int]:
    return {f.name: f.fan * f.count for f in result.fans}


# ---- seed Ⅳ "成都麻將怎樣算番": the pattern, its 番 counted from 基本胡 = 0, and its 底金 ----------
SEED_IV = [
    # (sentence, hand, pattern, 番 from 0, 底金 multiple)
    ("1、基本胡及翻數（0番 底金：×1）…牌型如：二三四四五六七七萬三四五七八九筒。",
     "23445677m 34578p +9p", "平胡", 0, 1),
    ("2、帶根（每根+1番 底金：×2 ）…牌型如：一二三三三三萬四五五六六七九九條。",
     "123333m 4556679s +9s", "平胡", 1, 2),
    ("3、對子胡（1番 底金：×2）…牌型如：一一一三三三四四四萬六六六七七筒。",
     "111333444m 6667p +7p", "对对胡", 1, 2),
    ("4、清一色（2番 底金：×4）…牌型如： 一一二二三三四五六七八九九九萬。",
     "1122334567899m +9m", "清一色", 2, 4),
    ("5、清對（3番 底金：×8）…牌型如：二二二四四四五五五七七七九九萬。",
     "2224445557779m +9m", "清对", 3, 8),
    ("6、將對（3番 底金：×8）…牌型如：二二二五五五八八八萬五五五八八筒。",
     "222555888m 5558p +8p", "将对", 3, 8),
    ("7、七對（2番 底金：×4）…牌型如：一一三三四四六六萬五五七七九九筒。",
     "11334466m 55779p +9p", "七对", 2, 4),
]


@pytest.mark.parametrize("sentence,hand,pattern,fan0,multiple", SEED_IV)
def test_seed_iv_patterns_and_base_multiples(sentence, hand, pattern, fan0, multiple):
    from_zero = score(hand, count_from=0)
    assert from_zero.fans[0].name == pattern
    assert from_zero.total == fan0
    assert from_zero.extra["multiplier"] == multiple
    # The default count (平胡 = 1番, seeds Ⅵ/Ⅶ) is one more and pays the same.
    from_one = score(hand)
    assert from_one.total == fan0 + 1
    assert from_one.extra["multiplier"] == multiple


def test_seed_iv_root_is_four_identical_tiles_not_a_kong():
    """"帶根…有四張牌是一摸一樣的，這樣的牌就叫做帶根。牌型如：一二三三三三萬四五五六六七九九條。\""""
    result = score("123333m 4556679s +9s")
    assert names(result) == {"平胡": 1, "根": 1}
    assert "3m" in str(next(f for f in result.fans if f.name == "根").why)


# ---- seed Ⅷ "請問四川麻將如何算番數啊" (counted from 平胡 = 1番) -----------------------------
SEED_VIII = [
    ("平胡(基本胡)，一番，四坎牌加一對將。如23445677筒345789條。", "23445677p 34578s +9s", "平胡", 1),
    ("對對胡(大對子)…如111222444萬33399筒。", "111222444m 3339p +9p", "对对胡", 2),
    ("清一色，玩家胡牌的手牌全部都是一門花色。如11333222456999條。", "1122233345699s +9s", "清一色", 3),
    ("帶幺九，玩家手牌中，全部是用1的連牌或者9的連牌組成的牌。如111222333萬78999筒。",
     "111222333m 7899p +9p", "带幺九", 3),
    ("將對，玩家手上的牌是帶二、五、八的對對胡。如222555888條88855萬。", "222555888s 5588m +8m", "将对", 4),
    ("龍七對…不再計七對，同時減1根。如11222244筒557799萬", "11222244p 55779m +9m", "龙七对", 5),
    ("清七對，玩家手上的牌是清一色的七對。如11334466778899條。", "1133446677889s +9s", "清七对", 5),
    ("清幺九，清一色的幺九，如11123777888999銅。", "1112377788899p +9p", "清幺九", 5),
]


@pytest.mark.parametrize("sentence,hand,pattern,fan", SEED_VIII)
def test_seed_viii_patterns(sentence, hand, pattern, fan):
    result = score(hand)
    assert result.fans[0].name == pattern
    assert result.total == fan
    assert result.extra["uncapped_multiplier"] == 2 ** (fan - 1)


def test_seed_viii_terminals_needs_the_chow_reading():
    """"如111222333萬78999筒" is 带幺九 only when 111222333 is read as three 123 chows."""
    result = score("111222333m 7899p +9p")
    assert result.arrangement.startswith("123m 123m 123m")


def test_seed_viii_seven_pairs_example_holds_four_2m_so_it_is_a_dragon():
    """"七對…如2244552299萬1199筒。" The example holds 2萬 four times, which the same section
    calls 龍七對 ("並且有四張牌是一樣的，叫龍七對"), so it scores 龙七对, not plain 七对."""
    result = score("2222445599m 119p +9p")
    assert result.fans[0].name == "龙七对"
    assert any(e.name == "七对" and e.because_of == "龙七对" for e in result.excluded)


def test_seed_viii_full_flush_pungs_example_is_seven_pairs():
    """"清對，四番，玩家手上的牌是清一色的對對胡。如99887755221166筒。" The example is seven
    pairs in one suit (no pung), so it scores 清七对 (5番); a real 清对 is 4番."""
    assert score("1122556677889p +9p").fans[0].name == "清七对"
    assert score("1112225557779p +9p").fans[0].name == "清对"
    assert score("1112225557779p +9p").total == 4


# ---- seed Ⅵ "四川麻將里怎麼算番數" ----------------------------------------------------------
def test_seed_vi_dragon_seven_pairs_drops_seven_pairs_and_one_root():
    """"龍七對（不再計七對，同時減1根）": two four-of-a-kinds give 龙七对 5 + one 根."""
    result = score("11112222p33557m +7m")
    assert names(result) == {"龙七对": 5, "根": 1}
    excluded = {e.name for e in result.excluded}
    assert {"七对", "根"} <= excluded


def test_seed_vi_full_flush_dragon_seven_pairs_drops_a_root():
    """"六番（x32）：天胡、地胡、青龍七對（算番時減1根）。\""""
    result = score("1111335577889p +9p", cap=None)
    assert names(result) == {"清龙七对": 6}
    assert result.extra["multiplier"] == 32


def test_seed_vi_patterns_do_not_stack():
    """"一、基本番（注意以下番型均不重復計算，只按最大番算）": 清对 is not also 清一色 + 对对胡."""
    result = score("2224445557779m +9m")
    assert names(result) == {"清对": 4}
    assert {e.name for e in result.excluded} == {"清一色", "对对胡"}


@pytest.mark.parametrize("hand,fan_name", [
    ("123m 456m 789m 1p [5555p] *1p kong-replacement", "杠上花"),
    ("123m 456m 789m 1p [555p] +1p discard_after_kong=true", "杠上炮"),
    ("123m 456m 789m 23p 55p +1p robbing-kong", "抢杠"),
])
def test_seed_vi_extra_fans(hand, fan_name):
    """"二、另加番 1、杠上花：1番。2、杠上炮：1番。3、搶杠：加1番。\""""
    result = score(hand, self_draw="none")
    assert names(result)[fan_name] == 1


def test_seed_vi_each_kong_adds_one():
    """"4、杠：加1番。\""""
    result = score("123m 456m 5p [7777m] {9999m} +5p")
    assert names(result) == {"平胡": 1, "杠": 2}


def test_seed_vi_heavenly_and_earthly():
    """"6、六番（x32）：天胡、地胡、…\""""
    heavenly = score("123m 456m 789m 2355p *1p first_turn=true dealer=E", cap=None)
    assert heavenly.fans[0].name == "天胡" and heavenly.fans[0].fan == 6
    earthly = score("123m 456m 789m 2355p +1p seat:S first_turn=true dealer=E", cap=None)
    assert earthly.fans[0].name == "地胡"
    with pytest.raises(HandError, match="天胡"):
        score("123m 456m 789m 2355p +1p first_turn=true dealer=E")


@pytest.mark.parametrize("cap,multiple", [(3, 8), (4, 16), (None, 16)])
def test_seed_vi_cap(cap, multiple):
    """"實戰中一般約定為3番（8倍）封頂…部分牌局約定4番封頂…部分網路麻將平台不封頂。\""""
    result = score("1133446677889s +9s", cap=cap)  # 清七对: 5番 = 16x
    assert result.extra["multiplier"] == multiple
    assert result.extra["capped"] == (multiple < 16)


def test_default_cap_is_three():
    assert score("1133446677889s +9s").extra["multiplier"] == 8


# ---- seed Ⅲ "青一色，三杠，金勾掉，自摸…多少翻" ------------------------------------------
GOLDEN = "9s [1111s] [2222s] [3333s] [555s] *9s seat:S"


def test_seed_iii_modern_count_is_nine():
    """"按照現在一般演算法，清一色的三番，金鉤釣三番，減去一番的底，清一色的金鉤釣是五番，
    三個杠三番，自摸一番。一共九番。\""""
    result = score(GOLDEN)
    assert names(result) == {"清金钩钓": 5, "杠": 3, "自摸": 1}
    assert result.total == 9


def test_seed_iii_traditional_count_is_seven():
    """"清一色的金鉤釣其實只算清對。清對是四番，每個杠加一番，一共是7番，自摸只是家家給，
    不加翻的，這是最傳統的演算法。\""""
    result = score(GOLDEN, golden_hook=False, self_draw="none")
    assert names(result) == {"清对": 4, "杠": 3}
    assert result.total == 7
    assert len(result.payments) == 3  # 家家給: every other player pays


# ---- seed Ⅳ "四川麻將打2塊怎麼算" ---------------------------------------------------------
@pytest.mark.parametrize("hand,fan,yuan", [
    ("23445677m 34578p +9p", 0, 2),
    ("111333444m 6667p +7p", 1, 4),
    ("1122334567899m +9m", 2, 8),
    ("2224445557779m +9m", 3, 16),
])
def test_seed_iv_two_yuan_stake(hand, fan, yuan):
    """"起底2元，一翻4元，二翻8元，三翻16元。\""""
    result = score(hand, count_from=0, base=2)
    assert result.total == fan
    assert result.extra["per_payer"] == yuan


def test_seed_iv_big_pairs_with_two_roots_reaches_the_cap():
    """"你的大對帶雙根有三翻了，所以按一般的來說是滿牌，一家16元。" (Here 根 are the kongs: an
    all-pungs hand cannot hold four of a tile outside a kong; "一杠算一翻".)"""
    hand = "111m 3p [2222m] [4444m] [666p] +3p"
    result = score(hand, count_from=0, base=2)
    assert names(result) == {"对对胡": 1, "杠": 2}
    assert result.total == 3
    assert result.extra["cap_reached"] and result.extra["per_payer"] == 16
    third = score("111m 3p [2222m] [4444m] [6666p] +3p", count_from=0, base=2)
    assert third.total == 4 and third.extra["per_payer"] == 16  # 滿牌: the cap holds


def test_seed_iv_dragon_pairs_variant():
    """"暗七對二翻，龍七對算三翻（就是有杠的叫龍）" (counted from 0): 七对 plus its 根."""
    result = score("11222244p55779m +9m", dragon_pairs="root", count_from=0)
    assert names(result) == {"七对": 2, "根": 1}
    assert result.total == 3


# ---- seed Ⅶ: base 6 points, 2^(番-1) ----------------------------------------------------------
@pytest.mark.parametrize("hand,fan", [
    ("23445677m 34578p +9p", 1),
    ("111333444m 6667p +7p", 2),
    ("1122334567899m +9m", 3),
    ("2224445557779m +9m", 4),
    ("1133446677889s +9s", 5),
    ("1111335577889p +9p", 6),
])
def test_seed_vii_base_six(hand, fan):
    """"1番對應1倍、2番對應2倍、3番對應4倍、4番對應8倍、5番對應16倍、六番對應32倍…
    3、基本分：6分。基本分乘以倍數即得到贏得或者輸掉的積分。\""""
    result = score(hand, base=6, cap=None)
    assert result.total == fan
    assert result.extra["per_payer"] == 6 * 2 ** (fan - 1)


def test_seed_ii_seven_pairs_and_flush_times_four_others_times_two():
    """"七對和清一色都是×4，其他的有加翻都是×2。\""""
    assert score("11334466m 55779p +9p").extra["multiplier"] == 4
    assert score("1122334567899m +9m").extra["multiplier"] == 4
    assert score("111333444m 6667p +7p").extra["multiplier"] == 2
    assert score("123333m 4556679s +9s").extra["multiplier"] == 2


# ---- variants, payments -----------------------------------------------------------------------
def test_self_draw_variants():
    plain = "23445677m 34578p *9p"
    assert names(score(plain)) == {"平胡": 1, "自摸": 1}
    assert score(plain).extra["per_payer"] == 2
    assert score(plain, self_draw="base", base=5).extra["per_payer"] == 10  # 5x1 + 1 base
    assert score(plain, self_draw="none").total == 1


def test_self_draw_base_payment_reason_says_the_extra_base():
    """Option self_draw=base, 自摸加底 (doc: "+1 base from each payer"): each payment's reason
    said '1 fan: the base x 2^0 = x1' beside an amount of two bases; it now names the added
    base, in both languages."""
    result = score("23445677m 34578p *9p", self_draw="base", base=5)
    for p in result.payments:
        assert p.amount == 10
        assert str(p.reason).endswith("x1, + one base (自摸加底) = x2")
        assert p.reason.render("zh").endswith("另加一底（自摸加底）= 2倍")
    plain = score("23445677m 34578p *9p", base=5).payments[0].reason
    assert "自摸加底" not in str(plain)


def test_last_tile_variant():
    hand = "23445677m 34578p +9p last-tile"
    assert score(hand).total == 1
    assert names(score(hand, last_tile_fan=True))["海底"] == 1


def test_self_drawn_every_player_still_in_pays():
    """Seed Ⅵ-3: "自摸者向所有未和牌者收取分數，而銃和只向放銃者收取分數\""""
    result = score("23445677m 34578p *9p seat:W players_in=[\"E\",\"W\",\"N\"]")
    assert sorted(p.payer for p in result.payments) == ["E", "N"]
    assert all(p.payee == "W" and p.amount == 2 for p in result.payments)
    discard = score("23445677m 34578p +9p seat:W discarder=N")
    assert [(p.payer, p.payee) for p in discard.payments] == [("N", "W")]


def test_discarder_defaults_to_previous_player():
    result = score("23445677m 34578p +9p seat:S")
    assert result.payments[0].payer == "E"
    assert any("上家" in str(n) for n in result.notes)


def test_assumed_discarder_is_still_in_the_round():
    """Seed Ⅵ-3: "一家和牌後牌局不終止，未和牌者繼續正常打牌…先和牌者不受他和牌之後發生的結算事件影響":
    a player who has won discards no more, so with North (E's 上家) out the tile came from West,
    the nearest player before E still in; it was refused as 'the discarder (North) is no longer
    in the round' although no discarder was given."""
    result = score('23445677m 34578p +9p players_in=["E","W"]')
    assert [(p.payer, p.payee) for p in result.payments] == [("W", "E")]
    assert any("still in the round" in str(n) for n in result.notes)
    assert score('23445677m 34578p +9p seat:S players_in=["S","W","N"]').payments[0].payer == "N"
    with pytest.raises(HandError, match="no longer in the round"):
        score('23445677m 34578p +9p discarder=N players_in=["E","W"]')


def test_missing_suit_declared_and_absent_is_fine():
    assert score("23445677m 34578p +9p missing_suit=s").total == 1


# ---- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,message", [
    ("123m 456m 789m 5p 55z +5p", r"played without honour tiles: remove 5z \(White\)"),
    ("123m 456m 789m 5p [111z] +5p", r"without honour tiles: remove 1z \(East\)"),
    ("123m 456m 789m 5p [123s] +5p", "no chows"),
    ("123m 456p 789s 55p 44m +5p", "must miss a suit"),
    ("23445677m 34578p +9p missing_suit=p", "declared missing suit"),
    ("23445677m 34578p +9p missing_suit=z", "missing_suit"),
    ("12345678m 34578p +9p", "not a winning hand"),
    ("23445677m 34578p 1f +9p", "without flowers"),
    ("1111m 23m 456m 789m +1m", "only four"),
    ("23445677m 34578p +9p seat:S discarder=S", "own discard"),
    ("23445677m 34578p +9p colour=red", "does not use"),
])
def test_bad_hands_give_a_clear_error(hand, message):
    with pytest.raises(HandError, match=message):
        score(hand)


def test_bad_option():
    with pytest.raises(HandError, match="cap"):
        score("23445677m 34578p +9p", cap=5)


# ---- the remaining sentences of the Chengdu seed ---------------------------------------------------
def test_seed_i_108_tiles_without_honours():
    """Ⅰ: "在麻將牌中去掉了「中，發，白」的字牌，去掉了「東，南，西，北」的風牌。只剩下筒，條，萬，
    三色牌一共108張。\""""
    for code, name in (("7z", "Red"), ("2z", "South")):
        with pytest.raises(HandError, match=re.escape(f"remove {code} ({name})")):
            score(f"123m 456m 789m 5p {code[0]}{code[0]}z +5p")


def test_seed_i_declared_missing_suit():
    """Ⅰ: "意味著這一把牌打到結束，你都必須缺這個花色才能胡牌，而且不能在手上留下這個花色\""""
    hand = "23445677m 34578p +9p"
    assert score(hand + " missing_suit=s").total == 1
    assert score(hand + " missing_suit=条").total == 1
    with pytest.raises(HandError, match=re.escape("still holds 2m (2 Characters)")):
        score(hand + " missing_suit=m")


def test_seed_vi_no_chows():
    """Ⅵ: "1、使用條、筒、萬三種花色共108張牌，不使用字牌；可碰、杠牌，不可以吃牌\""""
    with pytest.raises(HandError, match="no chows"):
        score("456m 789m 5p 55p [123m] +5p")
    assert score("123456789m 345p 5p +5p").total == 1  # the same runs, standing, are fine


def test_seed_ix_no_concealed_hand_bonus():
    """Ⅸ: "碰、杠後的牌要亮出牌面（即使是暗杠也要全部亮出牌面）。沒有「門前清」這個概念。\""""
    assert score("123m 456m 789m 5p {1111p} +5p").total == score("123m 456m 789m 5p [1111p] +5p").total
    assert score("111333444m 6667p +7p").total == score("111333m [444m] 6667p +7p").total


def test_seed_ix_discarder_alone_pays():
    """Ⅸ: "3、放炮的一個人負責，與其他人無關。\""""
    result = score("23445677m 34578p +9p seat:N discarder=S")
    assert [(p.payer, p.payee) for p in result.payments] == [("S", "N")]


def test_seed_iv_golden_hook_two_fan_from_zero():
    """Ⅳ: "金鉤吊算二翻，有些算三翻。" (counted from 0; the first reading is the default)"""
    result = score("9s [111m] [222m] [555s] [777s] +9s", count_from=0)
    assert names(result) == {"金钩钓": 2}


# ---- the family on the shared framework ---------------------------------------------------------
@pytest.mark.parametrize("rules", ["sichuan", "yushan", "sichuan_mult"])
def test_family_hand_fields_are_described_in_both_languages(rules):
    from scoring.ruleset import get_ruleset

    rs = get_ruleset(rules)
    described = {f.name: f for f in rs.fields}
    assert {"missing_suit", "dealer", "discarder", "players_in"} <= set(described)
    assert set(rs.field_names) == set(described)
    for f in described.values():
        assert f.help and any("\u4e00" <= ch <= "\u9fff" for ch in f.help_zh), f.name
    assert rs.description_zh
    for o in rs.options:  # a sentence saying what the option does, not only its name
        assert len(o.help_zh) >= 10 and any("\u4e00" <= ch <= "\u9fff" for ch in o.help_zh), o.name


def test_reasons_and_payments_render_in_chinese():
    data = score("2224445557779m +9m seat:S discarder=W").to_json()
    assert data["fans"][0]["name"] == "清对" and "万子" in data["fans"][0]["why_zh"]
    assert data["excluded"] and all("只按最大番算" in e["why_zh"] for e in data["excluded"])
    assert [(p["payer"], p["payee"]) for p in data["payments"]] == [("W", "S")]
    assert data["payments"][0]["reason_zh"].startswith("南家和西家打出的牌（点炮）")
    with pytest.raises(HandError) as err:
        score("123m 456m 789m 5p 55z +5p")
    assert err.value.render("zh") == "四川麻将不用字牌：请去掉5z（白）。"


# ---- faults found when the rules were checked again (issue 20) ----------------------------------
def test_first_turn_win_tied_with_full_flush_dragon_pairs_keeps_its_root():
    """Ⅵ: "一、基本番（注意以下番型均不重復計算，只按最大番算）" and "6、六番（x32）：天胡、地胡、
    青龍七對（算番時減1根）。" with "5、根：1番，四張同樣的牌不作杠算1根，胡牌時1根加1番。": when 地胡
    or 天胡 ties with 清龙七对, taking 清龙七对 would lose a 根 that 地胡 / 天胡 keep."""
    earthly = score("6666s 1133s 8899s 2s +2s seat:S first_turn=true", cap=None)
    assert names(earthly) == {"地胡": 6, "根": 1} and earthly.total == 7
    assert "清龙七对" in {e.name for e in earthly.excluded}
    heavenly = score("1111222233445p *5p first_turn=true", cap=None, self_draw="none")
    assert names(heavenly) == {"天胡": 6, "根": 2} and heavenly.total == 8
    # Without the first turn the same hand is 清龙七对, which absorbs one 根 (算番時減1根).
    plain = score("1111222233445p *5p", cap=None, self_draw="none")
    assert names(plain) == {"清龙七对": 6, "根": 1}


def test_robbing_a_kong_and_discard_after_kong_cannot_both_happen():
    """Ⅵ 另加番 lists "2、杠上炮：1番。" and "3、搶杠：加1番。" as separate events: a robbed kong is
    never completed, so no discard follows it."""
    with pytest.raises(HandError, match="cannot happen together") as err:
        score("23m 456p 789p 55p [666m<] +1m robbing-kong discard_after_kong=true")
    assert "抢杠和杠上炮不能同时发生" in err.value.render("zh")
    assert names(score("23m 456p 789p 55p [666m<] +1m robbing-kong")) == {"平胡": 1, "抢杠": 1}


def test_option_type_errors_read_as_a_person_writes():
    with pytest.raises(HandError) as err:
        score("23445677m 34578p +9p", base="x")
    assert str(err.value) == "Option base must be a whole number, not 'x'."
    assert err.value.render("zh") == "选项 base 必须是整数，而不是 'x'。"
    with pytest.raises(HandError, match="must be true or false"):
        score("23445677m 34578p +9p", golden_hook=3)


def test_the_family_reader_is_named_for_what_it_returns():
    """Sichuan's reader returns the hand's win facts (all readings, 清一色, 根, kongs); the
    vision reader is `read_layout` and the app's `read_photo`: no module defines a third
    `read_hand` any more."""
    import ast
    from pathlib import Path

    from scoring.rulesets.sichuan_common import win_facts

    facts = win_facts(parse_hand("123333m 4556679s +9s"))
    assert facts.roots == 1 and not facts.flush and len(facts.readings) >= 1
    with pytest.raises(HandError):
        win_facts(parse_hand("1234567m 1234579p +8s"))
    root = Path(__file__).resolve().parents[1]
    defined = [
        path.relative_to(root).as_posix()
        for package in ("scoring", "vision", "mjlens", "datasets")
        for path in (root / package).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef) and node.name == "read_hand"
    ]
    assert defined == []


def test_a_payment_shows_how_the_fan_become_money():
    """'4 fan, x8' had no formula: the reason says the base doubles for each fan above a plain
    win (the Chengdu rules, Ⅳ: '起底2元，一翻4元，二翻8元，三翻16元'), and when the cap holds."""
    from scoring.notation import parse_hand
    from scoring.ruleset import score_hand

    r = score_hand(parse_hand("111m 234m 567m 789m 5m *5m"), "sichuan")
    assert r.total == 4
    assert "4 fan: the base x 2^3 = x8" in r.payments[0].reason.render("en")
    assert "4番：底分 × 2^3 = 8倍" in r.payments[0].reason.render("zh")
    capped = score_hand(parse_hand("111m 222m 333m 777m 9m *9m"), "sichuan")
    assert "x16, capped at x8" in capped.payments[0].reason.render("en")
