"""The wild-tile search (scoring/wild.py) against brute force over every substitution."""

from __future__ import annotations

import random

from scoring import tiles as T
from scoring.decompose import standard_arrangements
from scoring.notation import parse_hand
from scoring.wild import joker_count, wild_readings
from tests.wild_hands import brute_readings, random_win, reading_key, with_jokers


def _keys(hand, wild, sets=4):
    return {reading_key(r.hand, r.arrangement, r.stands_for) for r in wild_readings(hand, wild, sets=sets)}


def _cases(seed: int, jokers: int, n: int):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        sets = rng.choice((4, 5))
        hand = random_win(rng, sets, rng.randint(0, 2))
        absent = [c for c in T.TILE_CODES if c not in hand.all_tiles]
        wild = rng.choice(absent if rng.random() < 0.9 else T.TILE_CODES)
        got = with_jokers(rng, hand, wild, jokers)
        if got is None or joker_count(got, wild) > 3:
            continue
        if rng.random() < 0.3:  # spoil one natural tile: often no win at all
            closed = list(got.concealed)
            spots = [i for i, c in enumerate(closed) if c != wild]
            held = got.all_tiles
            closed[rng.choice(spots)] = rng.choice([c for c in T.TILE_CODES if held.count(c) < 4])
            got = type(got)(tuple(T.sorted_codes(closed)), got.melds, got.win_tile)
        out.append((got, wild, sets))
    return out


def test_wild_search_matches_brute_force_on_random_hands():
    """2,600 random hands (4 and 5 sets, up to two declared melds, 1-3 jokers, a third spoiled):
    the readings (what each joker stood for, the winning tile, the sets and the pair) are exactly
    those found by trying every tile for every joker, so every rule set's best score is too."""
    wins = misses = 0
    for jokers, n in ((1, 1500), (2, 1000), (3, 100)):
        for hand, wild, sets in _cases(jokers, jokers, n):
            expected = brute_readings(hand, wild, sets)
            assert _keys(hand, wild, sets) == expected, (hand, wild)
            wins += bool(expected)
            misses += not expected
    assert wins > 1500 and misses > 200  # both kinds were checked


def test_no_jokers_gives_the_plain_arrangements():
    hand = parse_hand("123m 456p 789s 11z 234s +5s")
    got = wild_readings(hand, None)
    assert [r.arrangement for r in got] == standard_arrangements(hand)
    assert all(r.stands_for == () for r in got)


def test_joker_may_stand_for_itself():
    # gold 5m: 4m 5m(joker) 6m read as 456m, the joker standing for 5m
    hand = parse_hand("46m 5m 456p 789s 11z 23s +4s")
    stands = {r.stands_for for r in wild_readings(hand, "5m")}
    assert ("5m",) in stands


def test_winning_joker_stands_for_each_tile_it_may_complete():
    # the winning tile is the joker; 12m waits on 3m, and the joker could be 3m only
    hand = parse_hand("12m 456p 789s 11z 234s +7z", )
    got = wild_readings(hand, "7z")
    assert {r.hand.win_tile for r in got} == {"3m"} and all(r.win_is_joker for r in got)


def test_four_jokers_sixteen_tiles():
    # 5 sets + pair with four jokers and declared melds: still found, each joker named
    hand = parse_hand("[123m] [456p] 789s 234s 1z 5z5z5z +5z")
    got = wild_readings(hand, "5z", sets=5)
    assert got and all(len(r.stands_for) == 4 for r in got)
    # three jokers as a pung of any tile and one beside 1z: 1z 1z and e.g. 7z 7z 7z
    assert any(r.arrangement.pair == "1z" for r in got)


def test_no_fifth_copy():
    # 1111m held: the joker could only win as a fifth 1m (111m + a pair of 1m): no reading
    hand = parse_hand("1111m 456p 789s 234s +5z")
    assert wild_readings(hand, "5z") == [] and brute_readings(hand, "5z") == set()
    # with 111m the same joker is the fourth 1m
    hand = parse_hand("111m 456p 789s 234s 9m +5z")
    assert {r.stands_for for r in wild_readings(hand, "5z")} == {("9m",)}


def test_seven_pairs_with_jokers():
    hand = parse_hand("1133m 5577p 99s 12z 7z +7z")
    got = [r for r in wild_readings(hand, "7z") if r.arrangement.shape == "seven_pairs"]
    assert {r.stands_for for r in got} == {("1z", "2z")}
