"""Every way to arrange a winning hand: standard (sets + a pair), seven pairs, thirteen orphans.

Suits are decomposed independently (a chow never crosses suits) and each suit's answers are
cached by its nine counts, so a hand costs a few dictionary look-ups once the cache is warm.
Rule-set specific shapes (全不靠, 组合龙, ...) live with their rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from scoring import tiles as T
from scoring.hand import Hand, Meld

# A set inside a suit: (kind, local index), kind "p" pung or "c" chow starting at the index.
SuitSet = tuple[str, int]

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


@lru_cache(maxsize=1 << 16)
def _suit_decompositions(counts: tuple[int, ...], chows: bool) -> tuple[tuple[int | None, tuple[SuitSet, ...]], ...]:
    """All ways to split one suit's counts into sets and at most one pair: (pair index, sets)."""
    results: list[tuple[int | None, tuple[SuitSet, ...]]] = []
    work = list(counts)

    def walk(start: int, pair: int | None, sets: list[SuitSet]) -> None:
        i = start
        while i < len(work) and work[i] == 0:
            i += 1
        if i == len(work):
            results.append((pair, tuple(sets)))
            return
        if work[i] >= 3:
            work[i] -= 3
            sets.append(("p", i))
            walk(i, pair, sets)
            sets.pop()
            work[i] += 3
        if chows and i + 2 < len(work) and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            sets.append(("c", i))
            walk(i, pair, sets)
            sets.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1
        if pair is None and work[i] >= 2:
            work[i] -= 2
            walk(i, i, sets)
            work[i] += 2

    if sum(counts) % 3 != 1:
        walk(0, None, [])
    return tuple(results)


_SUIT_RANGES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def decompose_counts(counts: list[int], sets_needed: int) -> list[tuple[int, tuple[tuple[str, int], ...]]]:
    """Standard decompositions of 34 counts: (pair tile id, sets as (kind, tile id))."""
    if sum(counts) != 3 * sets_needed + 2:
        return []
    per_suit = []
    for lo, hi, chows in _SUIT_RANGES:
        options = _suit_decompositions(tuple(counts[lo:hi]), chows)
        if not options:
            return []
        per_suit.append([(None if p is None else p + lo, tuple((k, i + lo) for k, i in s)) for p, s in options])
    out = []
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p is not None]
        if len(pairs) != 1:
            continue
        sets = tuple(s for _, group in combo for s in group)
        out.append((pairs[0], sets))
    return out


def _set_to_meld(kind: str, idx: int) -> Meld:
    if kind == "p":
        code = T.TILE_CODES[idx]
        return Meld("pung", (code, code, code), concealed=True)
    return Meld("chow", tuple(T.TILE_CODES[idx + k] for k in range(3)), concealed=True)


def standard_arrangements(hand: Hand, sets: int = 4) -> list[Arrangement]:
    counts = counts34(hand.closed_tiles)
    need = sets - len(hand.melds)
    out = []
    for pair, formed in decompose_counts(counts, need):
        melds = tuple(hand.melds) + tuple(_set_to_meld(k, i) for k, i in formed)
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
    used = counts34(hand.all_tiles)  # declared tiles count toward the four-copy limit
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
