"""The speed-ups on the scoring path give the same answers as the plain checks they skip.

Hand.validate has a quick pass for plainly valid hands (a table of every valid meld, a set of tile
codes); these tests compare it with the full checks on legal hands and on hands broken in the
ways a player or the detector breaks them.
"""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from scoring import tiles as T
from scoring.hand import _VALID_MELDS, HandError, Meld
from tests.gb_hands import random_hand


def _meld_candidates():
    codes = list(T.TILE_CODES) + ["1f", "back"]
    for code, kind in itertools.product(codes, ("chow", "pung", "kong", "pair")):
        groups = [(code,) * 2, (code,) * 3, (code,) * 4]
        if code[-1] in "mps":
            n = int(code[0])
            groups += [tuple(f"{n + i}{code[-1]}" for i in range(3)),
                       tuple(f"{n + 2 * i}{code[-1]}" for i in range(3))]
        for tiles in groups:
            for concealed, src, added in itertools.product(
                (False, True), (None, "left", "across", "right", "up"), (False, True)
            ):
                for claimed in (None, tiles[0], tiles[-1], "9z"):
                    yield (kind, tiles, concealed, src, added, claimed)


def test_valid_meld_table_is_exactly_what_meld_validate_accepts():
    checked = 0
    for fields in _meld_candidates():
        try:
            Meld(*fields).validate()
            ok = True
        except HandError:
            ok = False
        assert ok == (fields in _VALID_MELDS), fields
        checked += 1
    assert checked > 10_000


def _full_check(hand) -> str:
    """The full checks only (`allowed` turns the quick pass off; every code is allowed)."""
    try:
        hand.validate(sets=4, allowed=T.TILE_CODES)
        return "ok"
    except HandError as e:
        return str(e)


def _checked(hand) -> str:
    try:
        hand.validate(sets=4)
        return "ok"
    except HandError as e:
        return str(e)


def _broken(rng: random.Random, hand):
    ctx = hand.context
    r = rng.random()
    if r < 0.25:
        return dataclasses.replace(hand, win_tile=rng.choice(T.TILE_CODES + ("1f", "back")))
    if r < 0.45 and hand.concealed:
        tiles = list(hand.concealed)
        tiles[rng.randrange(len(tiles))] = rng.choice(T.TILE_CODES)
        return dataclasses.replace(hand, concealed=tuple(tiles))
    if r < 0.65:
        flag = rng.choice(["self_drawn", "last_tile", "kong_replacement", "robbing_kong", "last_copy"])
        return hand.with_context(**{flag: not getattr(ctx, flag)})
    if r < 0.75:
        flowers = rng.choices(T.FLOWER_CODES + ("1m",), k=rng.randint(1, 3))
        return dataclasses.replace(hand, flowers=tuple(flowers))
    if r < 0.85:
        return hand.with_context(seat_wind=rng.choice("ESWNX"))
    if r < 0.92:
        return dataclasses.replace(hand, concealed=hand.concealed[:-1])
    if hand.melds:
        m = hand.melds[0]
        m = dataclasses.replace(m, concealed=not m.concealed, claimed_from=rng.choice([None, "left", "up"]))
        return dataclasses.replace(hand, melds=(m,) + hand.melds[1:])
    return hand


@pytest.mark.parametrize("seed", [3, 11])
def test_quick_pass_gives_the_same_verdict_and_message_as_the_full_checks(seed):
    rng = random.Random(seed)
    verdicts = set()
    for _ in range(3000):
        hand = random_hand(rng)
        for h in (hand, _broken(rng, hand)):
            full = _full_check(h)
            assert _checked(h) == full
            if h._plainly_valid(4, True):
                assert full == "ok"
            verdicts.add(full == "ok")
    assert verdicts == {True, False}


def test_quick_pass_counts_copies_across_melds_and_standing_tiles():
    """The packed count check sees a fifth copy split between melds and standing tiles, and
    unknown codes, and leaves them to the full checks and their messages."""
    base = Meld("pung", ("5p", "5p", "5p"), claimed_from="left")
    ok = dataclasses.replace(random_hand(random.Random(1)), concealed=tuple("1m 2m 3m 4s 5s 6s 7z 7z 9s 9s".split()),
                             melds=(base,), win_tile="9s")
    assert ok._plainly_valid(4, True)
    five = dataclasses.replace(ok, concealed=tuple("5p 5p 3m 4s 5s 6s 7z 7z 9s 9s".split()))
    assert not five._plainly_valid(4, True)
    assert "only four of each tile" in _checked(five)
    unknown = dataclasses.replace(ok, concealed=tuple("1m 2m 3m 4s 5s 6s 7z 7z 9s 0s".split()))
    assert not unknown._plainly_valid(4, True)
    assert _checked(unknown) == _full_check(unknown) != "ok"


def test_result_words_made_on_first_read_are_those_of_a_plain_result():
    """score_hand leaves the fans, exclusions and reading in words to be made when first read;
    what is read (fields, JSON, ==, copy, pickle) is what a plain ScoreResult holds."""
    import copy
    import pickle

    from scoring.ruleset import ScoreResult, score_hand

    rng = random.Random(5)
    for _ in range(200):
        hand = random_hand(rng)
        lazy = score_hand(hand, "gb", {"mixed_kongs": True})
        plain = ScoreResult(**{f: getattr(score_hand(hand, "gb", {"mixed_kongs": True}), f)
                               for f in ScoreResult.__dataclass_fields__})
        assert lazy == plain and plain == lazy
        assert lazy.to_json() == plain.to_json()
        assert pickle.loads(pickle.dumps(score_hand(hand, "gb", {"mixed_kongs": True}))) == plain
        assert copy.copy(score_hand(hand, "gb", {"mixed_kongs": True})).to_json() == plain.to_json()
    assigned = score_hand(hand, "gb", {"mixed_kongs": True})
    assigned.fans = []
    assert assigned.fans == [] and assigned.excluded == plain.excluded
    assert assigned.arrangement == plain.arrangement
