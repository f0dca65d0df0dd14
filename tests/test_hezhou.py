"""Hezhou Xindu 吃炮 (广西贺州信都吃炮麻将), seed guangxi-nanning.txt section 6: each rule quoted."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "hezhou", options)


def test_discard_pays_the_base():
    """1. 點炮：如果一名玩家打出的牌被其他玩家胡牌，那麼該玩家需要支付相應的點炮分數，點炮分數等於該牌型的底分。"""
    result = score("123m 456p 789s 11z 23s +4s discarder=W", base=5)
    assert [(p.payer, p.amount) for p in result.payments] == [("W", 5)]


def test_self_draw_twice_the_base():
    """2. 自摸：如果一名玩家自己摸到胡牌的牌，那麼該玩家可以獲得相應的自摸分數，自摸分數等於該牌型的底分的2倍。"""
    result = score("123m 456p 789s 11z 23s *4s seat:S", base=5)
    assert net_of(result.payments) == {"S": 30, "E": -10, "W": -10, "N": -10}


def test_kong_twice_the_base():
    """3. 杠牌：如果一名玩家杠出了牌，那麼該玩家可以獲得相應的杠分數，杠分數等於該牌型的底分的2倍。"""
    exposed = score("123m 456p 11z 23s [7777s^] +4s discarder=S", base=5)
    kong = [(p.payer, p.amount) for p in exposed.payments if "kong money" in str(p.reason)]
    assert kong == [("W", 10)]
    concealed = score("123m 456p 11z 23s {7777s} +4s discarder=S")
    assert sorted(p.payer for p in concealed.payments if "kong money" in str(p.reason)) == ["N", "S", "W"]


@pytest.mark.parametrize("name,hand,fixed", [
    ("七对子", "1133m 3355p 7799s 5z +5z", 4),
    ("清一色", "1234567899m 123m +9m", 4),
    ("字一色", "1112223334445z +5z", 8),
    ("混一色", "123456789m 555z 1m +1m", 2),
    ("十三幺", "19m19p19s1234567z +1m", 13),
])
def test_special_hands_fixed_scores(name, hand, fixed):
    """4. 特殊牌型：如果一名玩家胡牌時，牌型為七對子、清一色、字一色、混一色、十三幺等特殊牌型，那麼該玩家
    可以獲得相應的特殊牌型分數，特殊牌型分數為該牌型的固定分數。"""
    result = score(hand + " discarder=N")
    assert [f.name for f in result.fans] == [name]
    assert result.payments[0].amount == fixed
    option = {"七对子": "seven_pairs", "清一色": "full_flush", "字一色": "all_honours",
              "混一色": "half_flush", "十三幺": "thirteen_orphans"}[name]
    assert score(hand + " discarder=N", **{option: 20}).payments[0].amount == 20


def test_one_fixed_score_the_largest():
    result = score("1133m 4455m 7799m 6m +6m discarder=N")  # 七对子 and 清一色
    assert len(result.fans) == 1
    assert [e.name for e in result.excluded] == ["七对子"] or [e.name for e in result.excluded] == ["清一色"]
    assert result.total == 4


def test_flowers_refused():
    with pytest.raises(HandError, match=re.escape("without flowers")):
        score("123m 456p 789s 11z 23s +4s 1f")
