"""Arranging the concealed part of a Guobiao hand, and its waits.

Everything works on count tables indexed by engine tile numbers (see tilecode). Each suit is
decomposed on its own by the shared engine (scoring.decompose.suit_parts) and cached by its nine
counts, so a hand costs a few dictionary look-ups
once common suit patterns have been seen. A set is (tile, kind) with kind 0 a pung, 1 a chow
starting at `tile`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from scoring import decompose
from scoring.decompose import suit_parts, suit_state

SUIT_BASES = (0x10, 0x20, 0x30)
HONOUR_BASE = 0x40

Division = tuple[int, tuple[tuple[int, int], ...]]  # (pair tile, sets)


@lru_cache(maxsize=1 << 15)
def _suit_packs(counts: tuple[int, ...], base: int) -> tuple[tuple[int, tuple, tuple, tuple, tuple], ...]:
    """suit_parts in engine form: (pair tile or 0, order keys, packs, chow tiles, pung tiles)
    per way to split the suit.

    A pack is (kind, tile, melded=False) with kind 1 chow (named by its middle tile) or 2 pung.
    The order key of a set is start tile * 2 + (1 for a chow), the order in which the reference
    calculator meets divisions (it keeps the first of several equal-scoring ones).
    """
    out = []
    for pair, sets in suit_parts(counts, base < 0x40):
        keys = tuple(sorted((base + r) * 2 + k for r, k in sets))
        packs = tuple((1, base + r + 1, False) if k else (2, base + r, False) for r, k in sets)
        chows = tuple(t for k, t, _ in packs if k == 1)
        pungs = tuple(t for k, t, _ in packs if k == 2)
        out.append((base + pair if pair else 0, keys, packs, chows, pungs))
    return tuple(out)


# A count key packs a count table into one int, three bits a tile (bits 3t..3t+2 hold the
# count of tile t): a suit's nine counts are then one shift and one mask away, and a suit's key
# indexes the per-suit caches below without building a tuple.
TILE_KEY = tuple(1 << (3 * t) for t in range(0x4A))


def table_key(table) -> int:
    """The count key of a count table."""
    return sum([c << (3 * t) for t, c in enumerate(table) if c])


def _counts_of(suit_key: int, n: int) -> tuple[int, ...]:
    return tuple([(suit_key >> (3 * i)) & 7 for i in range(n)])


_MAX_CACHED = 1 << 15


class _SuitCache(dict):
    """One suit's results keyed by its count key; computed on a miss, emptied past _MAX_CACHED."""

    __slots__ = ("make", "base", "n")

    def __init__(self, make, base: int, n: int):
        super().__init__()
        self.make, self.base, self.n = make, base, n

    def __missing__(self, sk: int):
        if len(self) > _MAX_CACHED:
            self.clear()
        got = self[sk] = self.make(_counts_of(sk, self.n), self.base)
        return got


_SUITS = ((0x10, 9), (0x20, 9), (0x30, 9), (0x40, 7))
# per suit: (shift of its rank 1, key mask, cache), for the divisions (_WAIT_SPANS: the waits)
_PACK_SPANS = tuple((3 * (base + 1), (1 << (3 * n)) - 1, _SuitCache(_suit_packs, base, n))
                    for base, n in _SUITS)


def clear_caches() -> None:
    """Empty every per-suit cache (the benchmark's cold start)."""
    decompose.clear_caches()
    for fn in (_suit_packs, _suit_waits):
        fn.cache_clear()
    for _, _, cache in _PACK_SPANS + _WAIT_SPANS:
        cache.clear()


def divisions(table: list[int], mask: int = -1) -> list[tuple[tuple, list]]:
    """divisions_of_key for a count table (`mask` is accepted for old callers, not needed)."""
    return divisions_of_key(table_key(table))


def divisions_of_key(key: int) -> list[tuple[tuple, list, list, list]]:
    """Standard divisions of the concealed tiles (winning tile included), given their count
    key: sets plus one pair.

    Returns (order key, packs, chow tiles, pung tiles) with the pair last in packs as
    (4, tile, False), in the reference order; when there is only one division its order key is
    left empty (nothing to order).
    """
    per_suit = []
    several = False
    for shift, width, cache in _PACK_SPANS:
        sk = key >> shift & width
        if not sk:
            continue
        opts = cache[sk]
        if len(opts) != 1:
            if not opts:
                return []
            several = True
        per_suit.append(opts)
    if not several:
        pair = 0
        packs = []
        chows = []
        pungs = []
        for (p, _, pks, cs, ps), in per_suit:
            if p:
                if pair:
                    return []
                pair = p
            packs += pks
            chows += cs
            pungs += ps
        if not pair:
            return []
        packs.append((4, pair, False))
        return [((), packs, chows, pungs)]
    out = []
    for combo in product(*per_suit):
        pairs = [p for p, _, _, _, _ in combo if p]
        if len(pairs) != 1:
            continue
        keys = tuple(sorted(k for _, ks, _, _, _ in combo for k in ks))
        packs = [pk for _, _, pks, _, _ in combo for pk in pks]
        packs.append((4, pairs[0], False))
        out.append((keys, packs, [t for _, _, _, cs, _ in combo for t in cs],
                    [t for _, _, _, _, ps in combo for t in ps]))
    out.sort()
    return out


@lru_cache(maxsize=1 << 15)
def _suit_waits(counts: tuple[int, ...], base: int) -> tuple[bool, bool, frozenset, frozenset]:
    """(sets only?, sets and a pair?, tiles completing it to sets only, tiles completing to sets+pair)."""
    chows = base < 0x40
    as0, as1 = [], []
    n = len(counts)
    reach = 2 if chows else 0
    work = list(counts)
    for r in range(n):
        # a tile with no neighbour within two ranks (no tile of its own for honours) would be
        # a lone tile: it cannot complete anything
        if not any(counts[max(0, r - reach) : r + reach + 1]):
            continue
        work[r] += 1
        c0, c1 = suit_state(work, chows)
        work[r] -= 1
        if c0:
            as0.append(base + r + 1)
        if c1:
            as1.append(base + r + 1)
    c0, c1 = suit_state(work, chows)
    return (c0, c1, frozenset(as0), frozenset(as1))


_WAIT_SPANS = tuple((3 * (base + 1), (1 << (3 * n)) - 1, _SuitCache(_suit_waits, base, n))
                    for base, n in _SUITS)


def standard_waits(table: list[int]) -> set[int]:
    """waits_of_key for a count table (winning tile NOT included)."""
    return waits_of_key(table_key(table))


def waits_of_key(key: int) -> set[int]:
    """Tiles that complete the standing tiles (count key, winning tile NOT included) into sets
    plus a pair.

    Like the reference calculator, a tile counts as a wait even if all four copies are in sight.
    A suit contributes the tiles that make it sets-only when another suit holds the pair, or the
    tiles that make it sets-plus-pair when every other suit is already sets-only (an empty suit
    is sets-only and completes nothing).
    """
    infos = []
    k1 = bad = 0
    for shift, width, cache in _WAIT_SPANS:
        sk = key >> shift & width
        if not sk:
            continue
        info = cache[sk]
        if info[1]:
            k1 += 1
        elif not info[0]:
            bad += 1
            if bad > 1:
                return set()
        infos.append(info)
    out: set[int] = set()
    for c0, c1, w0, w1 in infos:
        if bad - (not c0 and not c1):
            continue
        ones = k1 - c1
        if ones == 0:
            out |= w1
        elif ones == 1:
            out |= w0
    return out


def seven_pairs_wait(table: list[int]) -> int:
    """The tile a 13-tile hand waits on for seven pairs (0 if none), as the reference counts it."""
    # entries outside 0x11..0x47 are always 0, so counting over the whole table is the same
    if table.count(2) + table.count(3) + 2 * table.count(4) != 6:
        return 0
    for t in range(0x11, 0x48):
        if table[t] == 1 or table[t] == 3:
            return t
    return 0


# ---- a literal port of the reference wait search, for the knitted-straight remainder -------------
# The reference runs it on a table from which the winning tile may already be missing (it then
# wraps to 65535); to give the same answer we reproduce that behaviour exactly. Only used there.

def _numbered(t: int) -> bool:
    return 0x10 < t < 0x3A and (t & 15) != 0


def _pack_waiting(tb: list[int], waiting: set[int]) -> None:
    for t in _ALL:
        if tb[t] < 1:
            continue
        if tb[t] > 1:
            waiting.add(t)
            return
        if _numbered(t):
            r = t & 15
            if r > 1 and tb[t - 1]:
                if r < 9:
                    waiting.add(t + 1)
                if r > 2:
                    waiting.add(t - 2)
                return
            if r > 2 and tb[t - 2]:
                waiting.add(t - 1)
                return


def _regular_waiting(tb: list[int], cnt: int, prev: int, waiting: set[int]) -> None:
    if cnt == 1:
        for t in _ALL:
            if tb[t] == 1:
                waiting.add(t)
                break
        return
    if cnt == 4:
        for t in _ALL:
            if tb[t] < 2:
                continue
            tb[t] -= 2
            _pack_waiting(tb, waiting)
            tb[t] += 2
    for t in _ALL:
        if tb[t] < 1:
            continue
        if tb[t] > 2:
            eigen = (t << 16) | (t << 8) | t
            if eigen > prev:
                tb[t] -= 3
                _regular_waiting(tb, cnt - 3, eigen, waiting)
                tb[t] += 3
        if _numbered(t) and (t & 15) < 8 and tb[t + 1] and tb[t + 2]:
            eigen = (t << 16) | ((t + 1) << 8) | (t + 2)
            if eigen >= prev:
                tb[t] -= 1
                tb[t + 1] -= 1
                tb[t + 2] -= 1
                _regular_waiting(tb, cnt - 3, eigen, waiting)
                tb[t] += 1
                tb[t + 1] += 1
                tb[t + 2] += 1


_ALL = tuple(s * 16 + r for s in (1, 2, 3) for r in range(1, 10)) + tuple(range(0x41, 0x48))


def reference_unique_wait(table_with_win: list[int], cnt: int, win: int) -> bool:
    tb = list(table_with_win) + [0, 0]
    tb[win] = (tb[win] - 1) & 0xFFFF
    waiting: set[int] = set()
    _regular_waiting(tb, cnt, 0, waiting)
    return len(waiting) == 1
