"""Fans made by several sets together (chows, pungs) and by kongs and concealed pungs.

The biggest combination is looked for first: four sets, then three, then pairs of sets. A set that
already made a fan does not make the same fan again (不得相同), and once three sets made a fan the
fourth combines only once (套算一次); with no such fan, four chows give at most three two-chow fans
and three chows at most two. Chows are named by their middle tile, pungs by their tile (engine
numbers, see tilecode), and the arguments of the n-set functions are sorted.
"""

from __future__ import annotations

from scoring.rulesets.gb.fans import (
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    BIG_THREE_WINDS,
    CONCEALED_KONG,
    CONCEALED_KONG_AND_MELDED_KONG,
    DOUBLE_PUNG,
    FOUR_CONCEALED_PUNGS,
    FOUR_KONGS,
    FOUR_PURE_SHIFTED_CHOWS,
    FOUR_PURE_SHIFTED_PUNGS,
    MELDED_KONG,
    MIXED_DOUBLE_CHOW,
    MIXED_SHIFTED_CHOWS,
    MIXED_SHIFTED_PUNGS,
    MIXED_STRAIGHT,
    MIXED_TRIPLE_CHOW,
    PURE_DOUBLE_CHOW,
    PURE_SHIFTED_CHOWS,
    PURE_SHIFTED_PUNGS,
    PURE_STRAIGHT,
    PURE_TRIPLE_CHOW,
    QUADRUPLE_CHOW,
    SHORT_STRAIGHT,
    SIZE,
    THREE_CONCEALED_PUNGS,
    THREE_KONGS,
    TRIPLE_PUNG,
    TWO_CONCEALED_KONGS,
    TWO_CONCEALED_PUNGS,
    TWO_DRAGON_PUNGS,
    TWO_MELDED_KONGS,
    TWO_TERMINAL_CHOWS,
)


def _dragon(t: int) -> bool:
    return 0x44 < t < 0x48

def four_chows_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3):
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return QUADRUPLE_CHOW
    return 0


def _shifted1_unordered(a: int, b: int, c: int) -> bool:
    lo = min(a, b, c)
    return sorted((a - lo, b - lo, c - lo)) == [0, 1, 2]


def three_chows_fan(t0: int, t1: int, t2: int) -> int:
    s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
    if s0 != s1 and s0 != s2 and s1 != s2:
        r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
        if _shifted1_unordered(r0, r1, r2):
            return MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return PURE_STRAIGHT
        if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
            return PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return PURE_TRIPLE_CHOW
    return 0


def two_chows_fan(t0: int, t1: int) -> int:
    if (t0 >> 4) != (t1 >> 4):
        return MIXED_DOUBLE_CHOW if (t0 & 15) == (t1 & 15) else 0
    if t0 + 3 == t1 or t1 + 3 == t0:
        return SHORT_STRAIGHT
    if {t0 & 15, t1 & 15} == {2, 8}:
        return TWO_TERMINAL_CHOWS
    if t0 == t1:
        return PURE_DOUBLE_CHOW
    return 0


def four_pungs_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if t0 < 0x40 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (0x41, 0x42, 0x43, 0x44):
        return BIG_FOUR_WINDS
    return 0


def three_pungs_fan(t0: int, t1: int, t2: int) -> int:
    if t0 < 0x40 and t1 < 0x40 and t2 < 0x40:
        s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
        if s0 != s1 and s0 != s2 and s1 != s2:
            r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
            if _shifted1_unordered(r0, r1, r2):
                return MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return PURE_SHIFTED_PUNGS
    else:
        if 0x40 < t0 and t2 < 0x45:  # three different winds (sorted, distinct)
            return BIG_THREE_WINDS
        if (t0, t1, t2) == (0x45, 0x46, 0x47):
            return BIG_THREE_DRAGONS
    return 0


def two_pungs_fan(t0: int, t1: int) -> int:
    if t0 < 0x40 and t1 < 0x40:
        return DOUBLE_PUNG if (t0 & 15) == (t1 & 15) else 0
    if _dragon(t0) and _dragon(t1):
        return TWO_DRAGON_PUNGS
    return 0


def _one_chow_extra(a: int, b: int, c: int, extra: int) -> int:
    found = (two_chows_fan(a, extra), two_chows_fan(b, extra), two_chows_fan(c, extra))
    for fan in (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS):
        if fan in found:
            return fan
    return 0


PAIR_FANS = (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS)


def _account_once(found: list[int], max_cnt: int, f: list[int]) -> None:
    """套算一次 / 不得相同: keep at most `max_cnt` two-chow fans, dropping repeated kinds first."""
    table = [found.count(x) for x in PAIR_FANS]
    cnt = table[0] + table[1] + table[2] + table[3]
    limit = 1
    while cnt > max_cnt and limit >= 0:
        idx = 4
        while cnt > max_cnt and idx > 0:
            idx -= 1
            while table[idx] > limit and cnt > max_cnt:
                table[idx] -= 1
                cnt -= 1
        limit -= 1
    for x, n in zip(PAIR_FANS, table, strict=True):
        f[x] = n


# for each of four chows, the positions in `found` (pairs 01 02 03 12 13 23) of the pairs holding it
_PAIRS_WITH = ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5))


def four_chows(m: list[int], f: list[int]) -> None:
    fan = four_chows_fan(m[0], m[1], m[2], m[3])
    if fan:
        f[fan] = 1
        return
    for a, b, c, extra in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = three_chows_fan(m[a], m[b], m[c])
        if fan:
            f[fan] = 1
            fan = _one_chow_extra(m[a], m[b], m[c], m[extra])
            if fan:
                f[fan] = 1
            return
    a, b, c, d = m
    found = [two_chows_fan(a, b), two_chows_fan(a, c), two_chows_fan(a, d),
             two_chows_fan(b, c), two_chows_fan(b, d), two_chows_fan(c, d)]
    max_cnt = 3
    for x, y, z in _PAIRS_WITH:  # a chow related to none of the others lowers the limit
        if not (found[x] or found[y] or found[z]):
            max_cnt -= 1
    if max_cnt > 0:
        _account_once(found, max_cnt, f)


def three_chows(m: list[int], f: list[int]) -> None:
    fan = three_chows_fan(m[0], m[1], m[2])
    if fan:
        f[fan] = 1
        return
    _account_once([two_chows_fan(m[0], m[1]), two_chows_fan(m[0], m[2]), two_chows_fan(m[1], m[2])], 2, f)


def four_pungs(m: list[int], f: list[int]) -> None:
    fan = four_pungs_fan(m[0], m[1], m[2], m[3])
    if fan:
        f[fan] = 1
        return
    for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = three_pungs_fan(m[a], m[b], m[c])
        if fan:
            f[fan] = 1
            for i in range(4):
                if i != free:
                    fan = two_pungs_fan(m[i], m[free])
                    if fan:
                        f[fan] += 1
                        break
            return
    for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        fan = two_pungs_fan(m[i], m[j])
        if fan:
            f[fan] += 1


def three_pungs(m: list[int], f: list[int]) -> None:
    fan = three_pungs_fan(m[0], m[1], m[2])
    if fan:
        f[fan] = 1
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        fan = two_pungs_fan(m[i], m[j])
        if fan:
            f[fan] += 1


def kongs(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, f: list[int], mixed: bool) -> None:
    """Kong fans and concealed-pung fans (a concealed kong is also a concealed pung)."""
    kong_cnt = melded_kongs + concealed_kongs
    hidden = concealed_pungs + concealed_kongs
    if kong_cnt == 2 and concealed_kongs == 1:
        if mixed:
            f[CONCEALED_KONG_AND_MELDED_KONG] = 1
        else:
            f[MELDED_KONG] = 1
            f[CONCEALED_KONG] = 1
    elif kong_cnt == 1:
        f[MELDED_KONG if melded_kongs else CONCEALED_KONG] = 1
    elif kong_cnt == 2:
        f[TWO_MELDED_KONGS if melded_kongs == 2 else TWO_CONCEALED_KONGS] = 1
    elif kong_cnt == 3:
        f[THREE_KONGS] = 1
    elif kong_cnt == 4:
        f[FOUR_KONGS] = 1
    if hidden == 2:
        if not (kong_cnt == 2 and concealed_kongs == 2):  # 双暗杠 already holds them
            f[TWO_CONCEALED_PUNGS] = 1
    elif hidden == 3:
        f[THREE_CONCEALED_PUNGS] = 1
    elif hidden == 4:
        f[FOUR_CONCEALED_PUNGS] = 1




# ---- the same, looked up -------------------------------------------------------------------------
# What the n-set functions add depends only on the sorted tiles of the sets, so each distinct
# group of 3 or 4 tiles is worked out once (a few thousand groups at most; keyed by part of a
# hand, like the per-suit caches, never by a whole hand). Two-set fans come from tables.

def _memo(fn):
    cache: dict[tuple, tuple[tuple[int, int], ...]] = {}

    def fans_of(tiles: tuple) -> tuple[tuple[int, int], ...]:
        """(fan id, count to add) for these sorted tiles."""
        got = cache.get(tiles)
        if got is None:
            f = [0] * SIZE
            fn(list(tiles), f)
            if len(cache) > 1 << 16:
                cache.clear()
            got = cache[tiles] = tuple([(i, n) for i, n in enumerate(f) if n])
        return got

    fans_of.cache_clear = cache.clear
    return fans_of


four_chows_fans = _memo(four_chows)
three_chows_fans = _memo(three_chows)
four_pungs_fans = _memo(four_pungs)
three_pungs_fans = _memo(three_pungs)

_TABLE = range(0x4A)
_CHOW_MIDDLES = {s * 16 + r for s in (1, 2, 3) for r in range(2, 9)}
_PUNG_TILES = {s * 16 + r for s in (1, 2, 3) for r in range(1, 10)} | set(range(0x41, 0x48))
# TWO_CHOWS[a][b] = two_chows_fan(a, b) for chows named by middle tiles a, b (0 elsewhere)
TWO_CHOWS = [[two_chows_fan(a, b) if a in _CHOW_MIDDLES and b in _CHOW_MIDDLES else 0 for b in _TABLE]
             for a in _TABLE]
TWO_PUNGS = [[two_pungs_fan(a, b) if a in _PUNG_TILES and b in _PUNG_TILES else 0 for b in _TABLE]
             for a in _TABLE]


def clear_caches() -> None:
    for fn in (four_chows_fans, three_chows_fans, four_pungs_fans, three_pungs_fans):
        fn.cache_clear()
