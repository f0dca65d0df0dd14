"""Wuhu mahjong (芜湖麻将), seed wuhu.txt: every worked example and numbered rule, quoted."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring.hand import Hand, HandError, Meld, WinContext
from scoring.notation import parse_hand
from scoring.ruleset import get_ruleset, net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "wuhu", options)


def fans(result) -> dict[str, int]:
    return {f.name: f.fan * f.count for f in result.fans}


def paid(result) -> dict[str, float]:
    out: dict[str, float] = {}
    for p in result.payments:
        out[p.payer] = out.get(p.payer, 0) + p.amount
    return out


# ---- 番数算法: the seed's worked examples -----------------------------------------------------
# "例如（8支压5等于13。13除以2 。这里的数字如果是单数就加1再除以2。就是14除以2等于7。加上加上底番6。
#  就是13番。庄家输赢，再加底番6番就是19番）如果是自摸就不用除以2。那是就8加5等于13 。13加上底番10
#  就是23番。庄家加底番10番那庄家就是33番。"
# "列如 8支平成，8除以2等于4，4加上底番4番，就是8番。庄家加底番4番就是12翻"
# "8支压2，8加2等于10，10除以2等于5，5番加上底番6番就是11番，庄家加底番6番就是17翻。"
# "8支自摸，就是8番。8加上底番8番就是16番。庄家再加底番8番就是24番"
# "8支压2自摸，就是8加2等于10，10番加上底番10番就是20番，庄家再加底番10番就是30番。"
@pytest.mark.parametrize("example,hand,total,dealer_total,base", [
    ("8支压5", "123p 46p 99p 234m 567s +5p", 13, 19, "压档"),
    ("8支压5 自摸", "123p 46p 99p 234m 567s *5p", 23, 33, "自摸压档"),
    ("8支平成", "123p 45p 99p 234m 567s +6p", 8, 12, "平成"),
    ("8支压2", "13p 567p 99p 234m 567s +2p", 11, 17, "压档"),
    ("8支自摸", "123p 45p 99p 234m 567s *6p", 16, 24, "平胡自摸"),
    ("8支压2自摸", "13p 567p 99p 234m 567s *2p", 20, 30, "自摸压档"),
])
def test_worked_examples(example, hand, total, dealer_total, base):
    drawn = "*" in hand
    as_player = score(f"{hand} seat:S dealer=N" + ("" if drawn else " discarder=W"))
    assert as_player.total == total
    assert base in fans(as_player)
    assert paid(as_player) == ({"E": total, "W": total, "N": dealer_total} if drawn
                               else {"W": total})
    as_dealer = score(f"{hand} seat:E dealer=E")
    assert as_dealer.total == total
    assert {p.amount for p in as_dealer.payments} == {dealer_total}
    assert len(as_dealer.payments) == (3 if drawn else 1)


def test_dealer_pays_the_base_again_only_on_their_own_payment():
    """"庄家输赢，再加底番": on a self-drawn win by another player, only the dealer pays more."""
    result = score("13p 567p 99p 234m 567s *2p seat:S dealer=W")
    assert paid(result) == {"E": 20, "W": 30, "N": 20}


def test_self_drawn_payment_quotes_the_rule_texts_sentence():
    """二、3 "如自摸，则其他3家都要付给成牌人元宝": the reason put “自摸三家付” in quotation marks,
    words the rule text does not have."""
    result = score("13p 567p 99p 234m 567s *2p seat:S dealer=W")
    assert all("“如自摸，则其他3家都要付给成牌人元宝”" in p.reason.en for p in result.payments)
    assert all("自摸三家付" not in p.reason.en for p in result.payments)


def test_zhi_adds_the_gap_tile_of_another_suit():
    """"如九只筒成牌，且压八万，则支番为 9+8=17；该牌支番为17。如九只筒成牌，且平胡，该牌支番为9。\""""
    drawn = score("123p 456p 789p 79m 11s *8m")
    assert fans(drawn)["支番"] == 17
    plain = score("123p 456p 789p 78m 11s *9m")
    assert fans(plain)["支番"] == 9


# ---- 二、打法 ------------------------------------------------------------------------------------
def test_the_dealer_is_seat_one_by_default():
    """"2、首局，系统默认1号位为庄家": without a dealer field East (seat 1) is the dealer."""
    result = score("123p 46p 99p 234m 567s +5p seat:S discarder=E")
    assert paid(result) == {"E": 19}


def test_self_drawn_every_other_player_pays():
    """"点炮的人和成牌人单独结算。如自摸，则其他3家都要付给成牌人元宝。\""""
    drawn = score("123p 46p 99p 234m 567s *5p seat:W dealer=W")
    assert paid(drawn) == {"E": 33, "S": 33, "N": 33}
    discard = score("123p 46p 99p 234m 567s +5p seat:W dealer=W discarder=E")
    assert paid(discard) == {"E": 19}


# ---- 三、和牌的要求 ---------------------------------------------------------------------------
def test_eight_of_a_suit_is_needed():
    """"和牌必须够八支,即和牌中筒、条、万中必须有一种花色达到八支牌或以上。\""""
    with pytest.raises(HandError, match=re.escape("八支") + ".*longest suit here is dots with 6"):
        score("123p 45p 234m 567s 99s +6p")


def test_more_tiles_of_the_suit_more_fan():
    """"平胡：只要有一种花色达到八支的和牌，支数越多番数越高。\""""
    eight = score("123p 45p 99p 234m 567s *6p")
    eleven = score("123p 45p 99p 789p 567s *6p")
    assert fans(eight)["支番"] == 8 and fans(eleven)["支番"] == 11
    assert eleven.total > eight.total


def test_a_claimed_pung_counts_as_three_of_a_kind():
    """"碰下来的牌算3个头": 对对胡 with claimed pungs."""
    result = score("333p 9p [111p<] [555p>] [777m^] +9p")
    assert "对对胡" in fans(result)


def test_gap_needs_the_only_winning_tile_in_a_run():
    """"压档：需要唯一一种牌才能构成顺子的和牌。" A two-sided wait or a pair wait is not 压档."""
    assert "压档" in fans(score("123p 46p 99p 234m 567s +5p"))
    assert "平成" in fans(score("123p 45p 99p 234m 567s +6p"))
    single_pair = score("123p 456p 789p 234m 5s +5s")  # 单钓 a pair: no run
    assert "平成" in fans(single_pair)


@pytest.mark.parametrize("sentence,hand,name,value", [
    ("对对胡：全部由3个头加上一个对子组成的和牌。", "111p 333p 555p 777m 9p +9p", "对对胡", 20),
    ("通天：某种花色有1-9的顺子。", "123p 456p 78p 234m 55s +9p", "通天", 20),
    ("四核：某种牌有四张且没有开杠（三张也可碰在外），而做为一个3个头及与另两张牌构成一个顺子的和牌",
     "1112p 3p 456p 789m 55s +1p", "四核", 20),
    ("四核 …（三张也可碰在外）", "2p 3p 456p 789m 55s [111p<] +1p", "四核", 20),
    ("混一色：由一种花色加上红中组成的胡牌。", "123p 345p 678p 777z 9p +9p", "混一色", 20),
    ("杠后开花：由开杠后，补上来的牌构成胡牌。", "123p 456p 99p 34m [5555s>] *5m kong-replacement",
     "杠后开花", 20),
])
def test_zuizi_hand_types(sentence, hand, name, value):
    """"嘴子：即成牌型中的对对胡、通天、四核、混一色、杠后开花，20番。（嘴子自摸翻倍，除杠后开花）\""""
    assert fans(score(hand))[name] == value


def test_zuizi_doubles_on_a_self_draw_except_after_a_kong():
    """"嘴子自摸翻倍，除杠后开花\""""
    assert fans(score("111p 333p 555p 777m 9p *9p"))["对对胡"] == 40


@pytest.mark.parametrize("sentence,hand,name", [
    ("清一色：由同一种花色组成的胡牌。", "123p 456p 789p 234p 5p +5p", "清一色"),
    ("双八支：由一种花色的八支牌与另一种花色的两个杠组成的胡牌。（必须杠出来）",
     "123p 456p 9p [5555s>] {7777s} +9p", "双八支"),
    ("双四核 … （111122223也是双四核）", "11112222p 456m 99m +3p", "双四核"),
    ("天胡：发完牌以后已经构成胡牌牌型。", "123p 456p 789p 234m 5s *5s first_turn=true", "天胡"),
    ("地胡：发完牌后，打出第一张即成牌。", "123p 456p 789p 234m 5s +5s seat:S first_turn=true",
     "地胡"),
])
def test_direct_jiao(sentence, hand, name):
    """"清一色、天胡、地胡、双四核、双八支为直接全交牌型。" "1交=100番\""""
    result = score(hand)
    assert fans(result)[name] == 100 and result.extra["jiao"]


def test_two_zuizi_make_a_jiao_and_each_further_one_adds_fifty():
    """"其他任意胡牌牌型中同时拥有2个嘴子都算全交" "若交牌中还有嘴子，则再加50番\""""
    two = score("111p 333p 555p 777z 9p +9p")  # 对对胡 + 混一色
    assert fans(two)["交"] == 100 and "对对胡" not in fans(two) and "混一色" not in fans(two)
    assert {e.name for e in two.excluded} == {"对对胡", "混一色"}
    flush = score("111p 333p 555p 777p 9p +9p")  # 清一色 + 对对胡
    assert fans(flush)["清一色"] == 100 and fans(flush)["对对胡"] == 50


def test_gap_after_a_kong_is_jiao():
    """"杠后开花（杠后压档也交）\""""
    result = score("123p 456p 99p 35m [5555s>] *4m kong-replacement")
    assert fans(result)["杠后压档"] == 100 and "杠后开花" not in fans(result)


def test_gap_after_a_kong_beside_another_jiao_leaves_the_kong_flower_a_further_zuizi():
    """"杠后压档也交" "若交牌中还有嘴子，则再加50番": 双八支 won on a kong's tile that is also the only
    tile of a run. 交 counts once, so 杠后压档 is not counted beside 双八支, and 杠后开花 stays a 嘴子
    in the 交 hand, +50: 10 + 10 + 100 + 50 + 明杠 2 + 暗杠 4 = 176. It was 126, the 杠后开花
    taken into a 杠后压档 that was itself not counted: less than the same hand won on a wait of
    two tiles (8 + 8 + 100 + 50 + 6 = 172)."""
    gap = score("123p 456p 2p {7777m} [3333m>] *2p seat:S kong-replacement")
    assert fans(gap) == {"自摸压档": 10, "支番": 10, "双八支": 100, "杠后开花": 50, "明杠": 2,
                         "暗杠": 4}
    assert gap.total == 176
    assert [e.name for e in gap.excluded] == ["杠后压档"]
    two_way = score("12p 456p 22p {7777m} [3333m>] *3p seat:S kong-replacement")
    assert two_way.total == 172 < gap.total


def test_double_eight_counts_the_eight_not_the_kongs_suit():
    """"双八支：由一种花色的八支牌与另一种花色的两个杠组成的胡牌": the two kongs are eight tiles too; the
    支番 named them ("8 characters") instead of the eight dots."""
    result = score("123p 456p 2p {7777m} [3333m>] *2p seat:S kong-replacement")
    zhi = next(f for f in result.fans if f.name == "支番")
    assert zhi.why.en.startswith("8 dots (the longest suit)")
    assert zhi.why.zh.startswith("筒子8支")


def test_kongs_are_not_doubled_on_a_self_draw():
    """"杠牌：每个明杠为2番；每个暗杠为4番" "（自摸的情况下明杠和暗杠都不翻倍）\""""
    result = score("123p 99p 34m [5555s>] {8888p} *5m")
    assert fans(result)["明杠"] == 2 and fans(result)["暗杠"] == 4


def test_robbing_a_kong_triples_and_the_robbed_player_pays():
    """"可以抢明杠胡牌" "抢杠乘以3倍\""""
    plain = score("123p 46p 99p 234m 567s +5p seat:S dealer=N discarder=E")
    robbed = score("123p 46p 99p 234m 567s +5p seat:S dealer=N discarder=E robbing-kong")
    assert robbed.total == 3 * plain.total
    assert paid(robbed) == {"E": 3 * plain.total}


# ---- 报警 / 包牌 / 转包 -------------------------------------------------------------------------
def test_three_pungs_from_one_player_cover_all_three():
    """"4、三对包牌（任一玩家打3对同样花色给别人对牌，若成交牌，则有打三对的人一人付三家）\""""
    result = score("23p 99p [111p<] [555p<] [777p<] *4p seat:E dealer=N")  # 清一色, self-drawn
    assert set(paid(result)) == {"N"}  # the left player of East is North
    assert paid(result)["N"] == sum(p.amount for p in result.payments)
    assert len(result.payments) == 3 and "包" in result.payments[0].reason.zh


def test_fourth_pung_passes_the_cover_on():
    """"5、四对转包（玩家已三对报警，任一玩家打出第四对，若胡交牌则由打四对的人一人付三家）\""""
    result = score("9p [111p<] [333p<] [555p<] [777p>] *9p seat:E dealer=N")
    assert set(paid(result)) == {"S"}  # the fourth pung came from the right: South


def test_warning_from_several_players_makes_the_discarder_cover():
    """"如果不是同一个人打的3对，谁出冲谁包\""""
    result = score("23p 99p [111p<] [555p^] [777p<] +4p seat:E dealer=N discarder=S")
    assert set(paid(result)) == {"S"} and len(result.payments) == 3
    drawn = score("23p 99p [111p<] [555p^] [777p<] *4p seat:E dealer=N")
    assert set(paid(drawn)) == {"S", "W", "N"}


def test_no_cover_without_jiao():
    """"报警有个前提,不一定是交牌,是交就包": 平胡 with three claimed pungs pays as usual."""
    result = score("23m 99p [111p<] [555p<] [777p<] +1m seat:E discarder=N")
    assert not result.extra["jiao"] and paid(result) == {"N": result.total + result.extra["base_fan"]}


def test_double_eight_warning_covers_only_after_another_suit_was_claimed():
    """"2、双八支报警（由同一种颜色任意两杠报警，如果对下来另一个颜色的牌，谁出冲就有谁包。如果没有对下来
    别的牌，只算交牌，不包牌，谁出冲谁付银子）\""""
    covered = score("456p 9p [111p^] [5555s>] {7777s} +9p seat:E discarder=S")
    assert set(paid(covered)) == {"S"} and len(covered.payments) == 3
    plain = score("123p 456p 9p [5555s>] {7777s} +9p seat:E discarder=S")
    assert len(plain.payments) == 1


def test_double_core_warning_covers_when_the_discard_fills_it():
    """"3、双四核报警（不论谁打的2对，花色相同，数字必须关联1到2位 … 如果是交牌，那就谁顶嘴子打谁包"
    "例如 … 333,444（打3或4成牌对下来的双四核）\""""
    covered = score("45p 99m 567m [333p<] [444p>] +3p seat:E discarder=W")
    assert "双四核" in fans(covered)
    assert set(paid(covered)) == {"W"} and len(covered.payments) == 3


def test_cover_can_be_switched_off():
    result = score("23p 99p [111p<] [555p<] [777p<] *4p seat:E", baopai=False)
    assert set(paid(result)) == {"S", "W", "N"}


# ---- bad input -------------------------------------------------------------------------------
@pytest.mark.parametrize("sentence,hand,message", [
    ("可碰可杠、不准吃牌。", "456p 789p 99p 234m [123p<] +9p", "no chows"),
    ("1-9筒各4张、1-9条各4张、1-9万各4张，加4个红中，共112张牌。", "123p 456p 789p 11z 5p +5p",
     "only honour tile is Red"),
    ("共112张牌 (no flowers)", "123p 456p 789p 234m 5p +5p 1f", "no flowers"),
])
def test_bad_input(sentence, hand, message):
    with pytest.raises(HandError, match=message):
        score(hand)


def test_three_pungs_of_one_suit_without_their_givers_say_the_cover_is_not_checked():
    """"4、三对包牌（任一玩家打3对同样花色给别人对牌，若成交牌，则有打三对的人一人付三家）": who gave
    the pungs decides it; without claimed_from each pays their own share, and a note says 包牌
    could not be checked (as Guangshui notes an exposed kong without its giver)."""
    result = score("23p 99p [111p] [555p] [777p] *4p seat:E dealer=N")
    assert set(paid(result)) == {"S", "W", "N"}  # unchanged: nobody covers
    note = " ".join(n.render("en") for n in result.notes)
    assert "包牌" in note and "cannot be checked" in note and "claimed_from" in note
    assert any("包牌" in n.render("zh") for n in result.notes)
    # all givers known: the cover applies and there is no such note
    known = score("23p 99p [111p<] [555p<] [777p<] *4p seat:E dealer=N")
    assert not any("cannot be checked" in n.render("en") for n in known.notes)
    # not 交: 包牌 is not in question ("是交就包"), no note
    plain = score("23m 99p [111p] [555p] [777p] +1m seat:E discarder=N")
    assert not any("cannot be checked" in n.render("en") for n in plain.notes)


def test_first_turn_with_a_concealed_kong_says_the_kong_drew_a_tile():
    """"天胡：发完牌以后已经构成胡牌牌型。": a concealed kong claims nothing, but it draws a
    replacement, so the hand is not the dealt tiles; the refusal said "nothing was claimed yet"."""
    with pytest.raises(HandError) as err:
        score("123p 456p 789p 9p {2222m} *9p first_turn=true")
    assert "replacement" in err.value.render("en") and "nothing was claimed" not in err.value.render("en")
    assert "暗杠" in err.value.render("zh")
    with pytest.raises(HandError, match="nothing was claimed"):  # a claimed meld: as before
        score("123p 456p 789p 9p [2222m<] *9p first_turn=true")


def test_a_bao_field_is_refused():
    with pytest.raises(HandError, match="does not use"):
        score("123p 456p 789p 234m 5p +5p bao=5p")


def test_the_cli_gives_exit_2_and_words(tmp_path):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "wuhu", "--json",
                           "--hand", "123p 45p 234m 567s 99s +6p"], capture_output=True, text=True)
    assert proc.returncode == 2 and "八支" in proc.stdout and "Traceback" not in proc.stderr


def test_registered_with_fields():
    rs = get_ruleset("wuhu")
    assert {f.name for f in rs.fields} == {"dealer", "first_turn", "discarder"}


# ---- payments sum to zero over random legal hands ------------------------------------------
@st.composite
def wuhu_hand(draw):
    pool = Counter({c: 4 for c in [f"{r}{s}" for s in "mps" for r in range(1, 10)] + ["7z"]})
    main = draw(st.sampled_from("mps"))
    melds, closed = [], []
    for i in range(4):
        suit = main if i < 2 else draw(st.sampled_from("mps"))
        kind = draw(st.sampled_from(["run", "pung", "claimed", "kong", "red"]))
        if kind == "red" and pool["7z"] >= 3:
            tile = "7z"
        else:
            rank = draw(st.integers(1, 7 if kind == "run" else 9))
            tile = f"{rank}{suit}"
        if kind == "run" and tile != "7z":
            tiles = [f"{int(tile[0]) + k}{suit}" for k in range(3)]
            assume(all(pool[t] for t in tiles))
            closed += tiles
        else:
            n = 4 if kind == "kong" else 3
            assume(pool[tile] >= n)
            tiles = [tile] * n
            if kind in ("claimed", "kong"):
                src = draw(st.sampled_from(["left", "across", "right"]))
                melds.append(Meld("kong" if n == 4 else "pung", tuple(tiles), claimed_from=src))
            else:
                closed += tiles
        for t in tiles:
            pool[t] -= 1
    pair = draw(st.sampled_from([c for c in pool if pool[c] >= 2 and c[-1] in (main, "z")]))
    closed += [pair, pair]
    win = draw(st.sampled_from(closed))
    closed.remove(win)
    assume(sum(1 for t in closed + [win] + [t for m in melds for t in m.tiles] if t[-1] == main) >= 8)
    drawn = draw(st.booleans())
    seat = draw(st.sampled_from("ESWN"))
    extra = {"dealer": draw(st.sampled_from("ESWN"))}
    if not drawn:
        extra["discarder"] = draw(st.sampled_from([s for s in "ESWN" if s != seat]))
    return Hand(tuple(sorted(closed)), tuple(melds), win, (),
                WinContext(self_drawn=drawn, seat_wind=seat, extra=extra))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(wuhu_hand())
def test_payments_sum_to_zero_and_match_the_total(hand):
    result = score_hand(hand, "wuhu")
    assert sum(net_of(result.payments).values()) == 0
    base = result.extra["base_fan"]
    assert all(result.total <= p.amount <= result.total + base for p in result.payments)
    assert net_of(result.payments)[hand.context.seat_wind] >= result.total


# ---- a whole round: mjlens settle --rules wuhu ---------------------------------------------
def _round(*events, **more):
    return {"rules": "wuhu", "dealer": "N", "events": list(events), **more}


KONG_WIN = {"type": "win", "player": "S", "from": "W", "hand": {
    "concealed": ["1p", "2p", "3p", "9p", "9p", "4m", "5m"],
    "melds": [{"kind": "kong", "tiles": ["5s"] * 4, "claimed_from": "left"},
              {"kind": "kong", "tiles": ["8p"] * 4, "concealed": True}],
    "win_tile": "6m"}}


def test_a_round_pays_the_kongs_inside_the_winners_hand():
    """"杠牌：每个明杠为2番；每个暗杠为4番" and "只能有一个成牌 … 点炮的人和成牌人单独结算": the
    kong event collects nothing at once; the one win pays 平成 4 + 支番 5 + 2 + 4 = 15."""
    from scoring.settle import settle_round

    result = settle_round(_round({"type": "kong", "player": "S", "kind": "exposed", "tile": "5s",
                                  "from": "E"}, KONG_WIN))
    assert [(p.payer, p.payee, p.amount) for p in result.ledger] == [("W", "S", 15)]
    assert result.wins[0]["total"] == 15


def test_a_round_applies_the_cover_from_the_winners_melds():
    """"三对包牌 … 打三对的人一人付三家" in a round: West gave the three pungs."""
    from scoring.settle import settle_round

    win = {"type": "win", "player": "E", "hand": {
        "concealed": ["2p", "3p", "9p", "9p"], "win_tile": "4p",
        "melds": [{"kind": "pung", "tiles": ["1p"] * 3, "claimed_from": "across"},
                  {"kind": "pung", "tiles": ["5p"] * 3, "claimed_from": "across"},
                  {"kind": "pung", "tiles": ["7p"] * 3, "claimed_from": "across"}]}}
    result = settle_round(_round(win))
    assert {p.payer for p in result.ledger} == {"W"} and len(result.ledger) == 3
    assert sum(net_of(result.ledger).values()) == 0


def test_one_win_ends_a_wuhu_round_and_a_drawn_wall_pays_nothing():
    from scoring.settle import settle_round

    with pytest.raises(HandError, match="round is already over"):
        settle_round(_round(KONG_WIN, KONG_WIN))
    drawn = settle_round(_round({"type": "wall_end"}, hands={
        s: {"concealed": ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "1m", "2m", "3m",
                          "7z"]} for s in "ESWN"}))
    assert drawn.ledger == []
    with pytest.raises(HandError, match="定缺"):
        settle_round(_round(KONG_WIN, missing_suits={"E": "m"}))


def test_one_winner_per_discard_the_nearest_after_the_discarder():
    """"一家打出，如有人成牌，则结束，（只能有一个成牌，如有多人成牌，则离点炮最近的人先成牌）\""""
    from scoring.settle import settle_round

    hand = {"concealed": ["1p", "2p", "3p", "4p", "6p", "9p", "9p", "2m", "3m", "4m", "5s", "6s",
                          "7s"], "win_tile": "5p"}
    other = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "4p", "6p", "9s",
                           "9s"], "win_tile": "5p"}
    both = {"type": "win", "from": "S", "winners": [{"player": "E", "hand": hand},
                                                    {"player": "N", "hand": other}]}
    result = settle_round(_round(both))  # N plays right after S: N wins, E does not
    assert {p.payee for p in result.ledger} == {"N"} and [w["player"] for w in result.wins] == ["N"]
    assert re.search("only one player wins on a discard.*nearest after the discarder, N; not E",
                     " ".join(n.render("en") for n in result.notes))


def test_the_claimant_who_is_not_nearest_still_shows_a_hand():
    """"如有多人成牌，则离点炮最近的人先成牌": E is not the nearest and does not win, but E's hand
    is shown: E's three 5p and N's three share one discard, five 5p in all, refused."""
    from scoring.settle import settle_round

    hand = {"concealed": ["1p", "2p", "3p", "4p", "6p", "5p", "5p", "2m", "3m", "4m", "5s", "6s",
                          "7s"], "win_tile": "5p"}
    other = {"concealed": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "4p", "6p", "5p",
                           "5p"], "win_tile": "5p"}
    both = {"type": "win", "from": "S", "winners": [{"player": "E", "hand": hand},
                                                    {"player": "N", "hand": other}]}
    with pytest.raises(HandError, match=re.escape("5 copies of 5p")):
        settle_round(_round(both))


def test_a_concealed_kong_cannot_be_robbed():
    """"4、可以抢明杠胡牌，暗杠不可以抢\""""
    from scoring.settle import settle_round

    kong = {"type": "kong", "player": "W", "kind": "concealed", "tile": "5p"}
    robbing = {"type": "win", "player": "E", "from": "W", "hand": {
        "concealed": ["1p", "2p", "3p", "4p", "6p", "9p", "9p", "2m", "3m", "4m", "5s", "6s", "7s"],
        "win_tile": "5p", "robbing_kong": True}}
    with pytest.raises(HandError, match="added"):
        settle_round(_round(kong, robbing))
