"""Arranging the concealed part of a Guobiao hand, and its waits.

Everything works on count tables indexed by engine tile numbers (see tilecode). Each suit is
decomposed on its own and cached by its nine counts, so a hand costs a few dictionary look-ups
once common suit patterns have been seen. A set is (tile, kind) with kind 0 a pung, 1 a chow
starting at `tile`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

SUIT_BASES = (0x10, 0x20, 0x30)
HONOUR_BASE = 0x40

Division = tuple[int, tuple[tuple[int, int], ...]]  # (pair tile, sets)


@lru_cache(maxsize=1 << 15)
def suit_parts(counts: tuple[int, ...], chows: bool) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every way to split one suit into sets and at most one pair, each multiset once.

    Ranks are 1-based positions in `counts`; returns (pair rank or 0, ((rank, kind), ...)).
    """
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
                if k and not (chows and i + 2 < n and work[i + 1] >= k and work[i + 2] >= k):
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


def divisions(table: list[int]) -> list[Division]:
    """Standard divisions of the concealed tiles (winning tile included): sets plus one pair."""
    per_suit = []
    for base in SUIT_BASES:
        counts = tuple(table[base + 1 : base + 10])
        if any(counts):
            opts = suit_parts(counts, True)
            if not opts:
                return []
            per_suit.append([(p + base if p else 0, tuple((r + base, k) for r, k in s)) for p, s in opts])
    counts = tuple(table[HONOUR_BASE + 1 : HONOUR_BASE + 8])
    if any(counts):
        opts = suit_parts(counts, False)
        if not opts:
            return []
        per_suit.append([(p + HONOUR_BASE if p else 0, tuple((r + HONOUR_BASE, k) for r, k in s)) for p, s in opts])
    out = []
    for combo in product(*per_suit):
        pairs = [p for p, _ in combo if p]
        if len(pairs) == 1:
            out.append((pairs[0], tuple(s for _, group in combo for s in group)))
    return out


@lru_cache(maxsize=1 << 15)
def _suit_waits(counts: tuple[int, ...], chows: bool) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...]]:
    """(sets only?, sets and a pair?, ranks completing it to sets only, ranks completing to sets+pair)."""
    n = len(counts)
    as0, as1 = [], []
    for r in range(n):
        c = list(counts)
        c[r] += 1
        opts = suit_parts(tuple(c), chows)
        if any(p == 0 for p, _ in opts):
            as0.append(r + 1)
        if any(p for p, _ in opts):
            as1.append(r + 1)
    opts = suit_parts(counts, chows)
    return (
        any(p == 0 for p, _ in opts),
        any(p for p, _ in opts),
        tuple(as0),
        tuple(as1),
    )


def standard_waits(table: list[int]) -> set[int]:
    """Tiles that complete the standing tiles (winning tile NOT included) into sets plus a pair.

    Like the reference calculator, a tile counts as a wait even if all four copies are in sight.
    """
    info = []
    for base, chows in ((0x10, True), (0x20, True), (0x30, True), (0x40, False)):
        counts = tuple(table[base + 1 : base + (10 if chows else 8)])
        info.append((base, _suit_waits(counts, chows)))
    out: set[int] = set()
    for i, (base, (_, _, w0, w1)) in enumerate(info):
        others = [info[j][1] for j in range(4) if j != i]
        if all(o[0] for o in others):
            out.update(base + r for r in w1)
        ones = sum(1 for o in others if o[1])
        if ones == 1 and all(o[0] or o[1] for o in others):
            out.update(base + r for r in w0)
    return out


def seven_pairs_wait(table: list[int]) -> int:
    """The tile a 13-tile hand waits on for seven pairs (0 if none), as the reference counts it."""
    pairs = 0
    for t in range(0x11, 0x48):
        c = table[t]
        if c == 2 or c == 3:
            pairs += 1
        elif c == 4:
            pairs += 2
    if pairs != 6:
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
