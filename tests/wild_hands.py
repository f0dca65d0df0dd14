"""Random hands with jokers, and the brute force that reads them by trying every substitution:
the reference the wild-tile search (scoring/wild.py) is checked against."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import combinations_with_replacement

from scoring import tiles as T
from scoring.decompose import Arrangement, counts34, decompose_counts, set_to_meld
from scoring.hand import Hand, Meld


def random_win(rng: random.Random, sets: int = 4, melds: int = 0) -> Hand:
    """A random winning hand: `sets` sets (the first `melds` declared) and a pair."""
    while True:
        pool = Counter()
        groups = []
        for _ in range(sets):
            if rng.random() < 0.5:
                suit = rng.choice("mps")
                start = rng.randint(1, 7)
                g = [f"{start + k}{suit}" for k in range(3)]
            else:
                g = [rng.choice(T.TILE_CODES)] * 3
            groups.append(g)
            pool.update(g)
        pair = rng.choice(T.TILE_CODES)
        pool.update([pair, pair])
        if max(pool.values()) <= 4:
            break
    declared = tuple(Meld("chow" if g[0] != g[1] else "pung", tuple(g)) for g in groups[:melds])
    closed = [t for g in groups[melds:] for t in g] + [pair, pair]
    rng.shuffle(closed)
    win = closed.pop()
    return Hand(tuple(T.sorted_codes(closed)), declared, win)


def with_jokers(rng: random.Random, hand: Hand, wild: str, n: int) -> Hand | None:
    """The hand with `n` random closed tiles turned into the wild kind (None if that would make a
    fifth copy)."""
    closed = list(hand.closed_tiles)
    for i in rng.sample(range(len(closed)), n):
        closed[i] = wild
    if Counter(closed + [t for m in hand.melds for t in m.tiles])[wild] > 4:
        return None
    win = closed.pop()
    return replace(hand, concealed=tuple(T.sorted_codes(closed)), win_tile=win)


def reading_key(plain: Hand, arr: Arrangement, stands: tuple[str, ...]) -> tuple:
    sets = tuple(sorted(m.tiles for m in arr.melds))
    return (stands, plain.win_tile, arr.shape, sets, arr.pair, arr.pairs)


def brute_readings(hand: Hand, wild: str, sets: int = 4) -> set[tuple]:
    """Every reading found by trying every tile for every joker (a tile at most four times)."""
    slots = [i for i, c in enumerate(hand.closed_tiles) if c == wild]
    natural = [c for c in hand.closed_tiles if c != wild]
    declared = [t for m in hand.melds for t in m.tiles]
    need = sets - len(hand.melds)
    base = counts34(natural)
    room = [4 - a - b for a, b in zip(base, counts34(declared), strict=True)]
    out = set()
    for ids in combinations_with_replacement(range(34), len(slots)):
        if any(room[i] < ids.count(i) for i in ids):
            continue
        counts = list(base)
        for i in ids:
            counts[i] += 1
        std = decompose_counts(counts, need)
        pairs_ok = (not hand.melds and sets == 4 and len(natural) + len(ids) == 14
                    and all(n % 2 == 0 for n in counts))
        if not std and not pairs_ok:
            continue
        fill = tuple(T.TILE_CODES[i] for i in ids)
        wins = [hand.win_tile] if hand.win_tile != wild else list(dict.fromkeys(fill))
        for win in wins:
            rest = natural + list(fill)
            rest.remove(win)
            plain = replace(hand, concealed=tuple(T.sorted_codes(rest)), win_tile=win)
            for pair, formed in std:
                melds = tuple(hand.melds) + tuple(set_to_meld(k, i) for k, i in formed)
                arr = Arrangement("standard", melds, T.TILE_CODES[pair], len(hand.melds))
                out.add(reading_key(plain, arr, tuple(fill)))
            if pairs_ok:
                pairs = tuple(T.TILE_CODES[i] for i, n in enumerate(counts) for _ in range(n // 2))
                out.add(reading_key(plain, Arrangement("seven_pairs", (), None, 0, pairs=pairs),
                                    tuple(fill)))
    return out
