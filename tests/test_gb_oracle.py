"""Differential test: our Guobiao scorer against the reference calculator (pymahjonggb).

A fixed, seeded set of 20,000 random legal winning hands (tests/gb_hands.py) is scored by both;
every hand must give the same total and the same fans with the same counts, compared by English
name (and so by value). The reference counts 明暗杠 (one melded plus one concealed kong) as 5 fan,
which is our option `mixed_kongs`; the default follows the rule list (明杠 1 + 暗杠 2).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from scoring.hand import HandError
from scoring.ruleset import get_ruleset
from tests.gb_hands import random_hand, to_oracle

mahjong_gb = pytest.importorskip("MahjongGB")

N_HANDS = 20_000
SEED = 20240601
# Our English names where the reference spells them differently.
REFERENCE_NAME = {"All Fives": "All Five", "Two Dragon Pungs": "Two Dragons Pungs",
                  "Robbing the Kong": "Robbing The Kong"}
RULES = get_ruleset("gb")


def _hands(n: int = N_HANDS, seed: int = SEED):
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def _ours(hand, options):
    result = RULES.score(hand, RULES.resolve_options(options))
    fans = Counter({REFERENCE_NAME.get(f.name_en, f.name_en): (f.fan, f.count) for f in result.fans})
    return result, fans


def _theirs(hand):
    ref = mahjong_gb.MahjongFanCalculator(**to_oracle(hand), verbose=True)
    return sum(v * n for v, n, _, _ in ref), Counter({en: (v, n) for v, n, _, en in ref})


def test_twenty_thousand_random_hands_match_reference():
    hands = _hands()
    mismatches = []
    below_min = 0
    shapes = Counter()
    for hand in hands:
        result, ours = _ours(hand, {"mixed_kongs": True})
        total, theirs = _theirs(hand)
        shapes[result.extra["shape"]] += 1
        below_min += not result.is_win
        if result.total != total or ours != theirs:
            mismatches.append((hand, result.total, total, ours, theirs))
    assert not mismatches, mismatches[:3]
    # The sample really covers what it claims to.
    assert below_min > 1000
    for shape in ("standard", "seven_pairs", "seven_shifted_pairs", "thirteen_orphans",
                  "honors_knitted", "knitted_straight", "nine_gates"):
        assert shapes[shape] > 0, shape


def test_default_counts_melded_and_concealed_kong_separately():
    checked = 0
    for hand in _hands(4000, seed=7):
        kongs = [m for m in hand.melds if m.is_kong]
        if len(kongs) != 2 or sorted(m.concealed for m in kongs) != [False, True]:
            continue
        default = RULES.score(hand, RULES.resolve_options({}))
        total, _ = _theirs(hand)
        names = {f.name for f in default.fans}
        assert {"明杠", "暗杠"} <= names and "明暗杠" not in names
        assert default.total == total - 5 + 3
        checked += 1
    assert checked > 5


def test_non_winning_hands_rejected_by_both():
    rng = random.Random(99)
    checked = 0
    for hand in _hands(3000, seed=5):
        other = rng.choice([c for c in ("1m", "5m", "9m", "2p", "7p", "3s", "8s", "1z", "6z")
                            if c != hand.win_tile])
        bad = hand.__class__(hand.concealed, hand.melds, other, hand.flowers,
                             hand.context.__class__(seat_wind=hand.context.seat_wind))
        try:
            bad.validate(sets=4)
        except HandError:
            continue  # a fifth copy: not a fair comparison
        try:
            mahjong_gb.MahjongFanCalculator(**to_oracle(bad))
            reference_wins = True
        except TypeError as exc:
            assert "NOT_WIN" in str(exc)
            reference_wins = False
        try:
            RULES.score(bad, RULES.resolve_options({"mixed_kongs": True}))
            we_win = True
        except HandError as exc:
            assert str(exc).startswith("This is not a winning hand")
            we_win = False
        assert we_win == reference_wins, bad
        checked += not we_win
    assert checked > 1000
