"""Yushan (玉山麻将), seed yushan-guobiao-and-others.txt section Ⅰ: each sentence quoted."""

from __future__ import annotations

import re

import pytest

from scoring.hand import HandError
from scoring.notation import parse_hand
from scoring.ruleset import score_hand


def score(text: str, **options):
    return score_hand(parse_hand(text), "yushan", options)


@pytest.mark.parametrize("sentence,hand,pattern,fan", [
    ("1、基本胡及翻數：0番，玩家的手牌為任意的兩門牌，並且已經下叫胡牌", "23445677m 34578p +9p", "基本胡", 0),
    ("2、對子胡：1番，玩家的手牌除了一對將牌以外，剩下的牌都是三張一對的", "111333444m 6667p +7p", "对子胡", 1),
    ("3、清一色：2番，玩家胡牌的手牌全部都是孝此一門花色", "1122334567899m +9m", "清一色", 2),
    ("4、清對：3番，玩家手上的牌是清一色的對對胡", "2224445557779m +9m", "清对", 3),
])
def test_seed_i_patterns(sentence, hand, pattern, fan):
    result = score(hand, base=3)
    assert [f.name for f in result.fans] == [pattern]
    assert result.total == fan
    assert result.extra["per_payer"] == 3 * 2**fan


def test_kongs_and_self_draw_add_nothing():
    result = score("234456m 7m 345p [8888p] *7m")
    assert result.total == 0
    assert len(result.payments) == 3


@pytest.mark.parametrize("sentence,hand,message", [
    ("1、只有條（索）、筒（餅）、萬三種牌共108張，沒有花、風牌和巧盯迅箭牌。",
     "123m 456m 789m 5p 77z +5p", "Yushan mahjong is played without honour tiles: remove 7z (Red)"),
    ("2、不可以吃。", "123m 456m 789m 5p [123p] +5p", "no chows"),
    ("3、必須缺門可胡，即胡牌的時候不能有三種花色的牌。", "123m 456p 789s 55p 44m +5p", "must miss a suit"),
])
def test_seed_i_main_rules(sentence, hand, message):
    with pytest.raises(HandError, match=re.escape(message)):
        score(hand)


def test_no_seven_pairs_in_yushan():
    with pytest.raises(HandError, match="seven-pairs"):
        score("11334466m 55779p +9p")
