"""Guangxi 鸡胡 / 平胡 / 霸胡, seed guangxi-nanning.txt section 4 (廣西麻將有什麼胡法): each
sentence quoted."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import net_of, score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "guangxi_hu", options)


def test_chicken_hand_self_drawn_each_pays_two():
    """1、雞胡：只能自摸，每人兩番。胡法：牌里又有刻子（三個一樣）又有順子（三個連續）加眼"""
    result = score("123m 456p 888s 99p 23s *4s seat:S")
    assert result.extra["class"] == "鸡胡"
    assert net_of(result.payments) == {"S": 6, "E": -2, "W": -2, "N": -2}


def test_chicken_hand_cannot_win_on_a_discard():
    """雞胡：只能自摸"""
    with pytest.raises(HandError, match=re.escape("(鸡胡) wins only by self-draw")):
        score("123m 456p 888s 99p 23s +4s")


def test_honour_eye_makes_an_all_chow_hand_a_chicken_hand():
    """雞胡 ... 或用能加番的字或風位做眼的 (the seat wind or a dragon as the pair)"""
    assert score("123m 456p 789s 55z 23s *4s").extra["class"] == "鸡胡"
    assert score("123m 456p 789s 11z 23s *4s seat:E").extra["class"] == "鸡胡"  # 風位
    # another wind than the seat's is a plain pair
    assert score("123m 456p 789s 33z 23s *4s seat:E").extra["class"] == "平胡"


def test_all_chows_self_drawn_three_each_discard_two():
    """2、平胡：自摸每人三番，放炮兩番。胡法：牌里全是順子加一眼"""
    drawn = score("123m 456p 789s 11s 23s *4s")
    assert drawn.extra["class"] == "平胡"
    assert [p.amount for p in drawn.payments] == [3, 3, 3]
    won = score("123m 456p 789s 11s 23s +4s discarder=W")
    assert [(p.payer, p.amount) for p in won.payments] == [("W", 2)]


def test_chicken_hand_raised_once_by_a_dragon_pung():
    """或是雞胡面用字或風位升一番的 (a dragon or seat-wind pung raises 鸡胡 to 平胡)"""
    result = score("123m 456p 555z 11s 23s +4s discarder=S")
    assert result.extra["class"] == "平胡"
    assert [(p.payer, p.amount) for p in result.payments] == [("S", 2)]
    assert [f.name for f in result.fans] == ["平胡"]
    assert "5z" in str(result.fans[0].why) and "raised 1 class" in str(result.fans[0].why)
    assert result.fans[0].fan == 2


def test_all_pungs_is_the_big_hand():
    """3、霸胡：自摸每人五番，放炮4番。胡法：牌里全是刻字"""
    drawn = score("111m 444p 777s 99s 33p *3p")
    assert drawn.extra["class"] == "霸胡"
    assert [p.amount for p in drawn.payments] == [5, 5, 5]
    assert [p.amount for p in score("111m 444p 777s 99s 33p +3p").payments] == [4]


def test_chicken_hand_raised_twice():
    """或雞胡或平胡用字或風位升兩番的"""
    result = score("123m 456p 555z 666z 1s +1s")
    assert result.extra["class"] == "霸胡"
    assert result.payments[0].amount == 4
    # the round wind is not 風位: South's pung does not raise East's hand
    assert score("123m 456p 555z 222z 1s *1s round:S").extra["class"] == "平胡"


@pytest.mark.parametrize("name,hand", [
    ("天胡", "123m 456p 888s 99p 23s *4s first_turn=true dealer=E"),
    ("地胡", "123m 456p 888s 99p 23s *4s seat:W first_turn=true dealer=E"),
    ("杠暴", "123m 456p 99p 23s [8888s<] *4s kong-replacement"),
    ("十三幺", "19m19p19s1234567z +1m"),
    ("清一色", "1234567899m 123m +9m"),
    ("混一色", "123456789m 555z 1m +1m"),
    ("七对", "1133m 3355p 7799s 5z +5z"),
])
def test_big_hands_are_ba_hu(name, hand):
    """（外加天胡，地胡，杠暴，十三么，清一色，混一色等等大胡胡法）"""
    result = score(hand)
    assert result.extra["class"] == "霸胡"
    assert [f.name for f in result.fans] == [name]
    assert "霸胡" in str(result.fans[0].why)
    assert result.payments[0].amount == (5 if "*" in hand else 4)


def test_only_pung_and_kong_are_claimed():
    """其他家只能「碰」或者「杠」"""
    with pytest.raises(HandError, match=re.escape("has no chows (不能吃): 123m")):
        score("456p 888s 99p 23s [123m<] *4s")


def test_seven_pairs_option():
    with pytest.raises(HandError, match="seven pairs|four sets"):
        score("1133m 3355p 7799s 5z +5z", seven_pairs=False)


def test_seven_pairs_why_says_big_hand_once():
    """等等大胡胡法: seven pairs is paid as 霸胡; its why read "seven pairs (七对), a big hand: a big
    hand, paid as Big hand (霸胡)" (七对，按大胡计：大胡，按霸胡计)."""
    why = score("1133m 3355p 7799s 5z +5z").fans[0].why
    assert why.en == "seven pairs (七对): a big hand, paid as Big hand (霸胡)"
    assert why.zh == "七对：大胡，按霸胡计"


def test_chicken_hand_refusal_quotes_the_rule_without_spliced_words():
    """雞胡：只能自摸: the rule text's copy reads 只能滾畢自摸 with two words of another page spliced
    in (docs/guangxi.md); the refusal quoted them to the player."""
    with pytest.raises(HandError) as refused:
        score("123m 456p 888s 99p 23s +4s")
    assert "'雞胡：只能自摸'" in str(refused.value)
    assert "滾畢" not in str(refused.value)


def test_stake():
    assert score("111m 444p 777s 99s 33p +3p", base=10).payments[0].amount == 40


def test_first_turn_help_names_only_the_games_first_turn_hands():
    """（外加天胡，地胡，杠暴，十三么，清一色，混一色等等大胡胡法）: 天胡 and 地胡, no 人胡; the help of
    `first_turn` said it covers 人胡, which this game does not score."""
    from scoring.ruleset import get_ruleset

    field = next(f for f in get_ruleset("guangxi_hu").fields if f.name == "first_turn")
    assert "天胡" in field.help and "地胡" in field.help and "人胡" in field.help_zh
    assert "no Human hand (人胡)" in field.help and "没有人胡" in field.help_zh
    # a first-turn win on a discard is no big hand here: the class is the shape's
    assert score("123m 456p 789s 11s 23s +4s seat:S first_turn=true").extra["class"] == "平胡"
