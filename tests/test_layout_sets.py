"""The hand size comes from the rule set (RuleSet.sets): 14 tiles in 13-tile games, 17 in
16-tile games (five sets and a pair, Hand.validate(sets=5))."""

from __future__ import annotations

from dataclasses import replace

from scoring.messages import render
from tests.app_support import TOY
from tests.test_layout import boxes, key, read

SIXTEEN = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2m 3m 4m 2z"), (0.8, "2z")]
SIXTEEN_MELDS = [(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2m 3m 4m 2z"), (0.8, "2z"),
                 (0.9, "7s/ 7s 7s")]


def test_a_sixteen_tile_hand_is_read_with_five_sets():
    r = read(boxes(SIXTEEN), sets=5)
    assert r.legal and r.winning
    assert r.hand is not None and len(r.hand.concealed) == 16 and r.hand.win_tile == "2z"


def test_a_sixteen_tile_hand_with_a_meld():
    r = read(boxes(SIXTEEN_MELDS), sets=5)
    assert r.legal and r.winning
    assert [m.kind for m in r.hand.melds] == ["pung"] and len(r.hand.concealed) == 13
    from vision.layout import hand_key

    assert hand_key(r.hand) == key("123m234m456p1112z [7'77s<] +2z")


def test_the_hand_size_is_the_rule_sets(monkeypatch):
    """Without `sets` the layout asks the rule set: a 13-tile game finds no hand in 17 tiles
    (and says a hand has 14), a 16-tile game reads them."""
    import scoring.ruleset as R

    real = dict(R.all_rulesets())
    sixteen = replace(TOY, id="toy16", sets=5)
    monkeypatch.setattr(R, "all_rulesets", lambda: {**real, "toy": TOY, "toy16": sixteen})
    thirteen = read(boxes(SIXTEEN), rules="toy")
    assert thirteen.hand is None and "a hand has 14 tiles" in thirteen.error
    r = read(boxes(SIXTEEN), rules="toy16")
    assert r.hand is not None and r.legal and len(r.hand.concealed) == 16
    short = read(boxes(SIXTEEN)[:-2], rules="toy16")
    assert "a hand has 17 tiles" in render(short.failure.msg)
