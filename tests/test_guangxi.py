"""Guangxi (广西麻将), seed guangxi-nanning.txt sections 1 (抓码) and 2 (番): each sentence quoted."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand
from scoring.rulesets.guangxi import horse_seat


def score(text: str, **options):
    return score_hand(parse_hand(text), "guangxi", options)


def fan_names(result):
    return [(f.name, f.count) for f in result.fans]


# ---- section 2: 胡牌番数 ----------------------------------------------------------------------
@pytest.mark.parametrize("sentence,hand,fans,mult", [
    ("平胡為基礎是一番", "123m 456p 789s 11z 23s +4s", [("平胡", 1)], 1),
    ("在平胡的基礎上有一個杠牌為一翻", "123m 456p 11z 23s [7777s<] +4s", [("平胡", 1), ("杠", 1)], 2),
    ("兩個杠牌為兩番，然後以此類推", "123m 11z 23s [7777s<] {9999p} +4s", [("平胡", 1), ("杠", 2)], 4),
    ("如果說是對胡的話就是兩翻", "111m 444p 777s 11z 33s +3s", [("对胡", 1)], 2),
    ("如果有杠牌就和平胡翻番的原則是一致的", "111m 444p 11z 33s [7777s>] +3s", [("对胡", 1), ("杠", 1)], 4),
    ("清一色是四番", "1234567899m 123m +9m", [("平胡", 1), ("清一色", 1)], 4),
    ("清一色加對胡就是八番", "1114447779m 333m +9m", [("对胡", 1), ("清一色", 1)], 8),
    ("清一色加對胡...如果有杠牌也是同樣的翻番原則", "1114449m 333m [7777m<] +9m",
     [("对胡", 1), ("清一色", 1), ("杠", 1)], 16),
    ("其中龍七對也是四翻", "1111m 3355p 7799s 5z +5z", [("龙七对", 1)], 4),
])
def test_section_2_fan_table(sentence, hand, fans, mult):
    result = score(hand)
    assert fan_names(result) == fans
    assert result.total == mult
    assert result.extra["per_payer"] == mult


def test_all_pungs_excludes_plain_win():
    """對胡 counts instead of 平胡, not beside it (the table gives 對胡 兩翻 as a whole)."""
    result = score("111m 444p 777s 11z 33s +3s")
    assert [(e.name, e.because_of) for e in result.excluded] == [("平胡", "对胡")]


@pytest.mark.parametrize("sentence,hand,extra", [
    ("如果說是海底撈月的話會另外再加一番", "123m 456p 789s 11z 23s *4s last-tile", "海底捞月"),
    ("杠上花也是比較特殊的翻番原則，額外再加一番", "123m 11z 23s [7777s<] {9999p} *4s kong-replacement",
     "杠上花"),
])
def test_section_2_extra_fan(sentence, hand, extra):
    result = score(hand)
    assert extra in [f.name for f in result.fans]
    without = score(hand.replace(" last-tile", "").replace(" kong-replacement", ""))
    assert result.total == 2 * without.total  # 番是2倍的意思


def test_last_tile_on_a_discard_is_not_haidilaoyue():
    assert "海底捞月" not in [f.name for f in score("123m 456p 789s 11z 23s +4s last-tile").fans]


def test_fan_means_double():
    """番是2倍的意思: the stake is paid the hand's multiple, each 番 doubling."""
    result = score("123m 11z 23s [7777s<] {9999p} +4s", base=5)
    assert result.payments[0].amount == 5 * 4


def test_dealer_streak_adds_one_fan_each():
    """連庄，即是連續做一次庄。每連庄一次便加上一番。"""
    result = score("123m 456p 789s 11z 23s +4s dealer=E dealer_streak=2")
    assert ("连庄", 2) in fan_names(result)
    assert result.total == 4


def test_dealer_streak_only_for_the_dealer():
    result = score("123m 456p 789s 11z 23s +4s seat:S dealer=E dealer_streak=2")
    assert result.total == 1
    assert "dealer's run" in str(result.notes[0])


def test_dealer_streak_and_all_pungs_read_as_a_player_says_them():
    """每連庄一次便加上一番 / 如果說是對胡的話就是兩翻: the why said "the dealer wins in dealership 2
    in a row" and the exclusion "平胡 is the plainer reading of 对胡"."""
    result = score("123m 456p 789s 11z 23s +4s dealer=E dealer_streak=2")
    why = next(f.why for f in result.fans if f.name == "连庄")
    assert why.en.startswith("the dealer has kept the deal 2 time(s) in a row (连庄)")
    assert why.zh.startswith("庄家连庄 2 次")
    pungs = score("111m 444p 777s 11z 33s +3s seat:S discarder=N")
    assert pungs.excluded[0].why.en == "All pungs (对胡) counts instead of Plain win (平胡)"
    assert pungs.excluded[0].why.zh == "平胡被对胡取代"


def test_discard_win_the_discarder_pays():
    result = score("111m 444p 777s 11z 33s +3s seat:S discarder=N")
    assert [(p.payer, p.payee, p.amount) for p in result.payments] == [("N", "S", 2)]


def test_self_draw_every_other_player_pays():
    result = score("111m 444p 777s 11z 33s *3s seat:S")
    assert net_of(result.payments) == {"S": 6, "E": -2, "W": -2, "N": -2}


# ---- section 1: 抓码 -----------------------------------------------------------------------------
def test_horse_seats():
    """莊家對應1、5、9、東、中；第二個出牌的對應2、6、南 ... 第3個出牌的 ... 3、7、西、白板
    （有些地方白板和發財的順序不一樣）"""
    assert [horse_seat(t, "E", "white_third") for t in ("1m", "5p", "9s", "1z", "7z")] == ["E"] * 5
    assert [horse_seat(t, "E", "white_third") for t in ("2m", "6s", "2z")] == ["S"] * 3
    assert [horse_seat(t, "E", "white_third") for t in ("3m", "7p", "3z", "5z")] == ["W"] * 4
    assert [horse_seat(t, "E", "white_third") for t in ("4m", "8s", "4z", "6z")] == ["N"] * 4
    assert horse_seat("5z", "E", "green_third") == "N"
    assert horse_seat("6z", "E", "green_third") == "W"
    # counted from the dealer in playing order, whoever deals
    assert horse_seat("1m", "W", "white_third") == "W"
    assert horse_seat("2m", "W", "white_third") == "N"


def test_green_second_dragon_order():
    """（有些地方白板和發財的順序不一樣，最好事先問清楚）: the common 抓码 layout puts 发 with the
    second player (2 6 南 发) and 白 with the third; dragon_order=green_second says so, the
    default stays as it was."""
    assert horse_seat("6z", "E", "green_second") == "S"
    assert horse_seat("5z", "E", "green_second") == "W"
    assert horse_seat("7z", "E", "green_second") == "E"
    assert horse_seat("6z", "W", "green_second") == "N"  # counted from the dealer
    hand = "123m 456p 789s 11z 23s *4s seat:S horses=6z1m3m4m"
    assert score(hand).extra["horse_factor"] == 1  # default white_third: 发 is the fourth's
    assert score(hand, dragon_order="green_second").extra["horse_factor"] == 2
    assert [p.amount for p in score(hand, dragon_order="green_second").payments] == [2, 2, 2]


@pytest.mark.parametrize("sentence,horses,factor", [
    ("如果你是第3個出牌的，那麼你自摸後自己再拿的4張牌中有3、7、西、白板的其中1個，那麼翻兩倍",
     '["3m","1p","2s","4z"]', 2),
    ("2個（可以是3萬和條反正對應是你就行)翻3倍", '["3m","3s","2s","4z"]', 3),
    ("以此類推", '["3m","7s","3z","5z"]', 5),
    ("(no hit: no doubling)", '["1m","2s","4s","8p"]', 1),
])
def test_third_player_self_draw_horses(sentence, horses, factor):
    result = score(f"123m 456p 789s 11z 23s *4s seat:W horses={horses}")
    assert {p.payer: p.amount for p in result.payments} == {"E": factor, "S": factor, "N": factor}
    assert result.extra["horse_factor"] == factor
    # the JSON's per_payer is what each pays (it said 1 while each paid 2)
    assert result.extra["per_payer"] == factor and result.extra["per_payer_before_horses"] == 1
    assert result.total == 1  # the hand's multiple of the stake, before the horses


def test_dealer_self_draw_one_hit():
    """假如你只摸中1、5、9、東、中，的其中1張，則另兩家須付兩倍，而你摸不中的3張加上你自己這家共需付
    4×2=8倍，這時加上另兩家的兩倍2×2=4倍，共有4+8=12倍，這時是你摸中的那張和莊家平分這12倍！每人得6倍！
    實際上你得到了6-8=-2倍！"""
    result = score('123m 456p 789s 11z 23s *4s dealer=E horses=["5m","2p","3s","4z"] horse_drawer=W')
    net = net_of(result.payments)
    assert net["W"] == -2  # 實際上你得到了6-8=-2倍
    assert net["E"] == 6  # 每人得6倍
    assert net["S"] == net["N"] == -2  # 另兩家須付兩倍
    assert result.extra["horse_pool"] == 12
    assert result.extra["per_payer"] == 2  # what each of the two others pays
    assert sum(net.values()) == 0


def test_dealer_self_draw_two_hits():
    """如果摸中2張，則另2家需付3倍，你自己1家加上摸不中的2張需付3×3=9倍，這時共有2×3=6倍，加上你自己付
    的3×3=9倍共15倍，這15倍分成3份，東家拿一份，你摸中2張，所以你拿兩份，實際上你得到了10-9=1倍！"""
    result = score('123m 456p 789s 11z 23s *4s dealer=E horses=["5m","1z","3s","4z"] horse_drawer=N')
    net = net_of(result.payments)
    assert net["N"] == 1  # 實際上你得到了10-9=1倍
    assert net["E"] == 5  # 東家拿一份
    assert net["S"] == net["W"] == -3  # 另2家需付3倍
    assert result.extra["horse_pool"] == 15


def test_dealer_split_scales_with_the_hand():
    result = score('111m 444p 777s 11z 33s *3s horses=["5m","2p","3s","4z"] horse_drawer=S',
                   base=2)
    assert net_of(result.payments)["S"] == -2 * 2 * 2  # 對胡 x2, stake 2


@pytest.mark.parametrize("hand,options,message", [
    ("123m 456p 789s 11z 23s +4s horses=[\"1m\",\"2m\",\"3m\",\"4m\"]", {},
     "Horses (抓码) are drawn only after a self-drawn win"),
    ("123m 456p 789s 11z 23s *4s horses=[\"1m\",\"2m\",\"3m\"]", {}, "played with 4 horses"),
    ("123m 456p 789s 11z 23s *4s horses=[\"1m\",\"2m\",\"3m\"]", {"horse_count": 2},
     "played with 2 horses"),
    ("123m 456p 789s 11z 23s *4s horses=[\"1m\",\"2m\",\"3m\",\"4m\"]", {}, "horse_drawer"),
    ("123m 456p 789s 11z 23s *4s horses=[\"1m\",\"2m\",\"3m\",\"4m\"] horse_drawer=E", {},
     "another player than the dealer"),
    ("123m 456p 789s 11z 23s *4s horses=[\"2m\",\"2m\",\"2m\",\"2m\"]", {}, "only four of 2m"),
    ("123m 456p 789s 11z 23s *4s horses=[\"1x\"]", {}, "list of tile codes"),
    ("123m 456p 789s 11z 23s *4s horse=[\"1m\"]", {}, "does not use"),
    ("123m 456p 789s 11z 23s *4s dealer_streak=-1", {}, "whole number"),
    ("123m 456p 789s 11z 23s *4s 1f", {}, "without flowers"),
    ("123m 456p 789s 11z 22s +4s", {}, "not a winning hand"),
])
def test_bad_input(hand, options, message):
    with pytest.raises(HandError, match=re.escape(message)):
        score(hand, **options)


def test_horses_in_notation_tiles():
    result = score("123m 456p 789s 11z 23s *4s seat:W horses=3m7p1s2z")
    assert result.extra["horse_factor"] == 3


def test_plain_seven_pairs_option():
    assert score("1133m 3355p 7799s 5z +5z").total == 2
    with pytest.raises(HandError, match="seven_pairs=false"):
        score("1133m 3355p 7799s 5z +5z", seven_pairs=False)


def test_dealer_self_draw_without_a_hit_needs_no_split():
    """No hit: nothing is doubled and nothing is split, the drawer named or not."""
    result = score('123m 456p 789s 11z 23s *4s horses=["2m","3p","4s","2z"] horse_drawer=S')
    assert net_of(result.payments) == {"E": 3, "S": -1, "W": -1, "N": -1}


def test_horse_drawer_only_on_the_dealers_self_draw():
    with pytest.raises(HandError, match="only read on the dealer's self-drawn win"):
        score('123m 456p 789s 11z 23s *4s seat:S horses=["2m","3p","4s","2z"] horse_drawer=W')
