"""Nanning (南宁麻将), seed guangxi-nanning.txt section 3 (the 番 description): each rule quoted."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "nanning", options)


def names(result):
    return [(f.name, f.count) for f in result.fans]


def test_no_chows():
    """【打牌規則】能碰不能吃。"""
    with pytest.raises(HandError, match=re.escape("has no chows (不能吃): 123m")):
        score("456p 888s 99p 23s [123m<] *4s")


def test_standard_and_seven_pairs_win():
    """★只要滿足2+3（4）+3（4）+3（4）+3（4）或七對子的胡牌牌型即可胡牌。"""
    assert names(score("123m 456p 789s 11z 23s *4s")) == [("小牌型", 1)]
    assert names(score("1133m 3355p 7799s 5z +5z")) == [("七小对", 1)]
    with pytest.raises(HandError, match="not a winning hand"):
        score("123m 456p 789s 11z 24s *5s")


def test_small_hand_is_one_stake():
    """【小牌型】除大牌型外的普通胡牌牌型全部作為小牌型計算。"""
    result = score("123m 456p 789s 11z 23s +4s discarder=S", base=3)
    assert result.total == 0
    assert [(p.payer, p.amount) for p in result.payments] == [("S", 3)]


@pytest.mark.parametrize("sentence,hand,fan", [
    ("清一色 由同一種花色的牌組成胡牌牌型", "1234567899m 123m +9m", "清一色"),
    ("包括字一色", "1112223334445z +5z", "清一色"),
    ("碰碰胡 由一對將牌加四個刻子組成的胡牌牌型", "111m 444p 777s 99s 33p +3p", "碰碰胡"),
    ("全求人 ... 手牌只剩下一張時單吊胡牌", "3m [111s<] [444p^] [777s>] [999m<] +3m", "全求人"),
    ("七小對 手牌由7個對子構成的胡牌牌型", "1133m 3355p 7799s 5z +5z", "七小对"),
    ("杠上花 ... 杠起這張牌正好是玩家自己所要胡的牌", "123m 456p 11z 23s [7777s<] *4s kong-replacement",
     "杠上花"),
    ("杠上炮 ... 打出的這張牌正好是其它玩家胡牌所胡的牌", "123m 456p 789s 11z 23s +4s discard_after_kong=true",
     "杠上炮"),
    ("搶杠和 當其他玩家杠牌時，所杠的牌如果滿足某玩家的胡牌條件", "123m 456p 789s 11z 23s +4s robbing-kong",
     "抢杠和"),
    ("海底撈月 本局補最後一張牌的補牌者補牌後自摸", "123m 456p 789s 11z 23s *4s last-tile", "海底捞月"),
    ("海底炮 本局補最後一張牌的補牌者補牌後出牌放炮", "123m 456p 789s 11z 23s +4s last-tile", "海底炮"),
    ("天胡 只有莊家獨有的權利，莊家起牌後即成和牌牌型", "123m 456p 789s 11z 23s *4s first_turn=true", "天胡"),
    ("地胡 起牌後，第一圈裡閑家自摸的第一張牌和牌", "123m 456p 789s 11z 23s *4s seat:S first_turn=true",
     "地胡"),
    ("人胡 起牌後，莊家打出的第一張牌，閑家吃和", "123m 456p 789s 11z 23s +4s seat:S discarder=E first_turn=true",
     "人胡"),
])
def test_each_big_hand_is_one_fan(sentence, hand, fan):
    result = score(hand)
    assert fan in [f.name for f in result.fans]
    assert "小牌型" not in [f.name for f in result.fans]


def test_all_claimed_not_on_a_self_draw():
    """自摸不算全求人"""
    result = score("3m [111s<] [444p^] [777s>] [999m<] *3m")
    assert "全求人" not in [f.name for f in result.fans]
    assert "碰碰胡" in [f.name for f in result.fans]


def test_big_seven_pairs_counts_each_four():
    """七大對 手牌7個對子中有N個四個一樣的牌，不能與七小對重復計算"""
    result = score("1111m 3333p 7799s 5z +5z")
    assert names(result) == [("七大对", 2)]
    assert [e.name for e in result.excluded] == ["七小对"]
    assert result.total == 2


def test_fan_is_double_and_stacks_without_cap():
    """在南寧麻將中的「番」是倍的意思，南寧麻將無封頂，能番則番，疊加番數進行計算。"""
    result = score("1111m 3333m 7799m 5m +5m last-tile discard_after_kong=true")
    # 清一色 1 + 七大对 2 + 杠上炮 1 + 海底炮 1 = 5 番
    assert result.total == 5
    assert result.payments[0].amount == 2**5


def test_human_hand_needs_the_dealers_discard():
    result = score("123m 456p 789s 11z 23s +4s seat:S discarder=N first_turn=true")
    assert "人胡" not in [f.name for f in result.fans]


# ---- 承包 --------------------------------------------------------------------------------------
BAO = "1113m [222z<] [333z<] [5555z<+]"  # three pungs from East's left, North (one grown to a kong)


def test_bao_self_drawn_pays_everything():
    """2、如果一局牌中有被同一玩家累計碰3口者，碰牌者自摸，被碰者要承包所有的積分；"""
    result = score(BAO + " *3m", kong_money=False)
    assert net_of(result.payments) == {"E": 6, "N": -6, "S": 0, "W": 0}  # 碰碰胡 2 x three


def test_bao_third_party_discard():
    """3、...碰牌者胡牌，如果是第三方放炮，被碰者扣除和放炮者一樣的積分給予碰牌者。"""
    result = score(BAO + " +3m discarder=W", kong_money=False)
    assert net_of(result.payments) == {"E": 4, "W": -2, "N": -2, "S": 0}


def test_bao_own_discard_pays_double():
    """如果是被碰者放炮。4、被碰者則要扣除2倍積分給予碰牌者。"""
    result = score(BAO + " +3m discarder=N", kong_money=False)
    assert net_of(result.payments) == {"E": 4, "N": -4, "S": 0, "W": 0}


def test_two_pungs_are_no_bao():
    result = score("1113m [222z<] [333z<] [555z>] *3m", kong_money=False)
    assert net_of(result.payments) == {"E": 6, "N": -2, "S": -2, "W": -2}


# ---- 杠牌規則 ----------------------------------------------------------------------------------
def test_exposed_kong_paid_by_the_provider():
    """★明杠：向放杠者收1倍底注，（含：先碰再杠）。"""
    result = score("123m 456p 11z 23s [7777s^] +4s discarder=S", base=2)
    kong = [p for p in result.payments if "kong money" in str(p.reason)]
    assert [(p.payer, p.amount) for p in kong] == [("W", 2)]
    added = score("123m 456p 11z 23s [7777s>+] +4s discarder=W")
    assert [(p.payer, p.amount) for p in added.payments if "kong money" in str(p.reason)] == [("S", 1)]


def test_concealed_kong_paid_by_everyone():
    """★暗杠：向所有人收1倍底注。"""
    result = score("123m 456p 11z 23s {7777s} +4s discarder=S")
    kong = [p for p in result.payments if "kong money" in str(p.reason)]
    assert sorted(p.payer for p in kong) == ["N", "S", "W"]


def test_kong_does_not_change_the_win():
    """★杠牌不影響胡牌的結算。"""
    with_kong = score("123m 456p 11z 23s {7777s} +4s discarder=S")
    without = score("123m 456p 11z 23s 777s +4s discarder=S")
    assert with_kong.total == without.total == 0


def test_payments_are_named_in_both_languages():
    result = score(BAO + " +3m discarder=W")
    assert all(p.reason.zh and p.reason.en for p in result.payments)
