"""Northeast special kongs (旋风杠, 喜杠, 幺九蛋) in the one hand model and the notation.

Seed yushan-guobiao-and-others.txt section Ⅹ: "當手牌有中發白和各種杠牌（包括旋風杠、喜杠和幺九蛋）
的時可免叉". What each set holds is documented in docs/northeast.md.
"""

from __future__ import annotations

import pytest

from scoring.hand import Hand, HandError, Meld
from scoring.notation import format_hand, parse_hand


@pytest.mark.parametrize("token,tiles,name", [
    ("[1234z]", ("1z", "2z", "3z", "4z"), "旋风杠"),
    ("[567z]", ("5z", "6z", "7z"), "喜杠"),
    ("[1m1p1s]", ("1m", "1p", "1s"), "幺九蛋"),
    ("[1s1m1p]", ("1m", "1p", "1s"), "幺九蛋"),
    ("[9m9p9s]", ("9m", "9p", "9s"), "幺九蛋"),
])
def test_special_kongs_parse_round_trip_and_json(token, tiles, name):
    from scoring.hand import SPECIAL_KONGS

    hand = parse_hand(f"123m 456p 789s 5m {token} +5m")
    meld = hand.melds[0]
    assert meld.kind == "special_kong" and meld.tiles == tiles and meld.is_special_kong
    assert not meld.is_kong and not meld.concealed and meld.claimed_from is None
    assert SPECIAL_KONGS[tiles][0] == name
    assert parse_hand(format_hand(hand)) == hand
    assert Hand.from_json(hand.to_json()) == hand


def test_a_special_kong_takes_the_place_of_one_set_and_four_winds_count_as_a_kong():
    parse_hand("123m 456p 789s 5m [567z] +5m").validate(special_kongs=True)
    parse_hand("123m 456p 789s 5m [1234z] +5m").validate(special_kongs=True)
    with pytest.raises(HandError, match="needs 15"):
        parse_hand("123m 456p 78s 5m [1234z] +5m").validate(special_kongs=True)


def test_other_rule_sets_refuse_special_kongs_in_words():
    hand = parse_hand("123m 456p 789s 5m [567z] +5m")
    with pytest.raises(HandError, match="not played in this rule set"):
        hand.validate()
    from scoring.ruleset import score_hand

    with pytest.raises(HandError, match="not played in this rule set"):
        score_hand(hand, "gb")


@pytest.mark.parametrize("data,message", [
    ({"kind": "special_kong", "tiles": ["1z", "2z", "3z"]}, "is not a special kong"),
    ({"kind": "special_kong", "tiles": ["1m", "1p", "9s"]}, "is not a special kong"),
    ({"kind": "special_kong", "tiles": ["5z", "6z", "7z"], "claimed_from": "left"},
     "neither claimed"),
    ({"kind": "special_kong", "tiles": ["1z", "2z", "3z", "4z"], "concealed": True},
     "neither claimed"),
])
def test_malformed_special_kongs_are_refused(data, message):
    with pytest.raises(HandError, match=message):
        Meld.from_json(data)


def test_the_message_has_chinese_text():
    with pytest.raises(HandError) as err:
        Meld.from_json({"kind": "special_kong", "tiles": ["1z", "2z", "3z"]})
    assert "不是特殊杠" in err.value.render("zh")
