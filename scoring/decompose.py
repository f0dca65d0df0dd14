"""Every way to arrange a winning hand: standard (sets + a pair), seven pairs, thirteen orphans.

Suits are decomposed independently (a chow never crosses suits) and each suit's answers are
cached by its nine counts, so a hand costs a few dictionary look-ups once the cache is warm.
This is the one decomposition engine: `suit_parts` (one suit into sets and at most one pair) and
`suit_state` are what Guobiao's fast path (rulesets/gb/shapes.py: engine tile numbers, count
keys, the reference order) and the wild-tile search (scoring/wild.py) are built on.
Rule-set specific shapes (全不靠, 组合龙, ...) live with their rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from scoring import tiles as T
from scoring.hand import Hand, Meld

TERMINALS_AND_HONOURS = tuple(T.TILE_ID[c] for c in T.TILE_CODES if T.is_terminal_or_honor(c))


@dataclass(frozen=True)
class Arrangement:
    """One reading of a winning hand.

    `melds` are all the hand's sets: the declared melds first, then the sets formed from the
    standing tiles (marked concealed). `pair` is the pair's tile. `shape` is "standard",
    "seven_pairs" or "thirteen_orphans" (rule sets may add their own shapes).
    """

    shape: str
    melds: tuple[Meld, ...]
    pair: str | None
    declared: int  # how many of `melds` are declared melds
    pairs: tuple[str, ...] = ()  # for seven pairs: the pairs (a tile twice if four copies)

    @property
    def formed(self) -> tuple[Meld, ...]:
        return self.melds[self.declared :]


def counts34(codes) -> list[int]:
    counts = [0] * 34
    for c in codes:
        counts[T.TILE_ID[c]] += 1
    return counts


@lru_cache(maxsize=1 << 12)
def _block_parts(counts: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every split of a run of consecutive non-empty ranks into sets and at most one pair."""
    n = len(counts)
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    if sum(counts) % 3 == 1:
        return ()
    work = list(counts)

    def rec(i: int, pair: int, sets: list[tuple[int, int]]) -> None:
        while i < n and work[i] == 0:
            i += 1
        if i == n:
            out.append((pair, tuple(sets)))
            return
        c = work[i]
        for p in ((0, 1) if pair == 0 else (0,)):
            for q in (0, 1):
                k = c - 2 * p - 3 * q
                if k < 0:
                    continue
                if k and not (i + 2 < n and work[i + 1] >= k and work[i + 2] >= k):
                    continue
                added = [(i + 1, 0)] * q + [(i + 1, 1)] * k
                work[i] = 0
                if k:
                    work[i + 1] -= k
                    work[i + 2] -= k
                sets.extend(added)
                rec(i + 1, i + 1 if p else pair, sets)
                del sets[len(sets) - len(added):]
                work[i] = c
                if k:
                    work[i + 1] += k
                    work[i + 2] += k

    rec(0, 0, [])
    return tuple(out)


@lru_cache(maxsize=1 << 15)
def suit_parts(counts: tuple[int, ...], chows: bool) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every way to split one suit into sets and at most one pair, each multiset once.

    Ranks are 1-based positions in `counts`; returns (pair rank or 0, ((rank, kind), ...)).
    A chow never spans an empty rank, so each run of non-empty ranks is split on its own (those
    runs repeat far more often than whole suits, which keeps the first pass over new hands fast).
    """
    if sum(counts) % 3 == 1:
        return ()
    if not chows:
        pair = 0
        sets = []
        for i, c in enumerate(counts):
            if c == 3:
                sets.append((i + 1, 0))
            elif c == 2 and not pair:
                pair = i + 1
            elif c:
                return ()
        return ((pair, tuple(sets)),)
    blocks = []
    i, n = 0, len(counts)
    while i < n:
        if counts[i]:
            j = i
            while j < n and counts[j]:
                j += 1
            opts = _block_parts(counts[i:j])
            if not opts:
                return ()
            blocks.append((i, opts))
            i = j
        else:
            i += 1
    out = []
    for combo in product(*(opts for _, opts in blocks)):
        pairs = [p for p, _ in combo if p]
        if len(pairs) > 1:
            continue
        pair = 0
        sets: list[tuple[int, int]] = []
        for (offset, _), (p, block_sets) in zip(blocks, combo, strict=True):
            if p:
                pair = p + offset
            sets.extend((r + offset, k) for r, k in block_sets)
        out.append((pair, tuple(sets)))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _block_state(block: tuple[int, ...]) -> tuple[bool, bool]:
    """(splits into sets only?, splits into sets and one pair?) for a run of non-empty ranks."""
    opts = _block_parts(block)
    return any(p == 0 for p, _ in opts), any(p for p, _ in opts)


def suit_state(counts: list[int], chows: bool) -> tuple[bool, bool]:
    """(sets only?, sets and one pair?) for a whole suit, from its runs of non-empty ranks."""
    if not chows:
        twos = sum(1 for c in counts if c == 2)
        bad = sum(1 for c in counts if c and c not in (2, 3))
        return (not bad and not twos, not bad and twos == 1)
    zero = one = 0  # runs that are sets only / sets and a pair
    runs = 0
    i, n = 0, len(counts)
    while i < n:
        if counts[i]:
            j = i
            while j < n and counts[j]:
                j += 1
            c0, c1 = _block_state(tuple(counts[i:j]))
            runs += 1
            zero += c0
            one += c1
            if not c0 and not c1:
                return False, False
            i = j
        else:
            i += 1
    return zero == runs, one == 1 and zero == runs - 1



def clear_caches() -> None:
    """Empty the per-suit caches (a benchmark's cold start)."""
    for fn in (_block_parts, _block_state, suit_parts):
        fn.cache_clear()


# the 34 tile ids by suit: (first id, end, chows possible)
SUIT_RANGES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def decompose_counts(counts: list[int], sets_needed: int) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """Standard decompositions of 34 counts: (pair tile id, sets as (kind, tile id)), kind "p"
    a pung or "c" a chow starting at the tile."""
    if sum(counts) != 3 * sets_needed + 2:
        return []
    per_suit = []
    for lo, hi, chows in SUIT_RANGES:
        options = suit_parts(tuple(counts[lo:hi]), chows)
        if not options:
            return []
        per_suit.append([(p - 1 + lo if p else None, tuple(("c" if k else "p", r - 1 + lo) for r, k in s))
                         for p, s in options])
    out = []
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p is not None]
        if len(pairs) != 1:
            continue
        sets = tuple(s for _, group in combo for s in group)
        out.append((pairs[0], sets))
    return out


def set_to_meld(kind: str, idx: int) -> Meld:
    if kind == "p":
        code = T.TILE_CODES[idx]
        return Meld("pung", (code, code, code), concealed=True)
    return Meld("chow", tuple(T.TILE_CODES[idx + k] for k in range(3)), concealed=True)


def standard_arrangements(hand: Hand, sets: int = 4) -> list[Arrangement]:
    counts = counts34(hand.closed_tiles)
    need = sets - len(hand.melds)
    out = []
    for pair, formed in decompose_counts(counts, need):
        melds = tuple(hand.melds) + tuple(set_to_meld(k, i) for k, i in formed)
        out.append(Arrangement("standard", melds, T.TILE_CODES[pair], len(hand.melds)))
    return out


def seven_pairs(hand: Hand) -> Arrangement | None:
    """Seven pairs from 14 standing tiles; four of a kind counts as two pairs."""
    if hand.melds:
        return None
    counts = counts34(hand.closed_tiles)
    if sum(counts) != 14 or any(n % 2 for n in counts):
        return None
    pairs = tuple(T.TILE_CODES[i] for i, n in enumerate(counts) for _ in range(n // 2))
    return Arrangement("seven_pairs", (), None, 0, pairs=pairs)


def thirteen_orphans(hand: Hand) -> Arrangement | None:
    if hand.melds:
        return None
    counts = counts34(hand.closed_tiles)
    if sum(counts) != 14 or any(counts[i] == 0 for i in TERMINALS_AND_HONOURS):
        return None
    if sum(counts[i] for i in TERMINALS_AND_HONOURS) != 14:
        return None
    pair = next(T.TILE_CODES[i] for i in TERMINALS_AND_HONOURS if counts[i] == 2)
    return Arrangement("thirteen_orphans", (), pair, 0)


def all_arrangements(hand: Hand, sets: int = 4) -> list[Arrangement]:
    out = standard_arrangements(hand, sets)
    for special in (seven_pairs(hand), thirteen_orphans(hand)):
        if special is not None:
            out.append(special)
    return out


def is_standard_win(counts: list[int], sets_needed: int) -> bool:
    return bool(decompose_counts(counts, sets_needed))


def waits(hand: Hand, sets: int = 4, allowed=None) -> list[str]:
    """Tiles that would complete the standing tiles of `hand` (standard shape or seven pairs)."""
    counts = counts34(hand.concealed)
    # the standing tiles and the declared ones count toward the four-copy limit; the winning
    # tile does not (it is one of the tiles waited on: holding three, the fourth still wins)
    used = counts34([*hand.concealed, *(t for m in hand.melds for t in m.tiles)])
    need = sets - len(hand.melds)
    out = []
    for i, code in enumerate(T.TILE_CODES):
        if allowed is not None and code not in allowed:
            continue
        if used[i] >= 4:
            continue
        counts[i] += 1
        ok = is_standard_win(counts, need)
        if not ok and not hand.melds and sum(counts) == 14:
            ok = all(n % 2 == 0 for n in counts) or (
                all(counts[j] for j in TERMINALS_AND_HONOURS)
                and sum(counts[j] for j in TERMINALS_AND_HONOURS) == 14
            )
        counts[i] -= 1
        if ok:
            out.append(code)
    return out
