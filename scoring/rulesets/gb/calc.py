"""Fan counting for one arrangement of a Guobiao hand.

The counting follows the reference calculator (ChineseOfficialMahjong by summerinsects, wrapped by
pymahjonggb), whose choices are the usual reading of the Mahjong Competition Rules: fans among sets
are found by the biggest combination first (4 sets, then 3, then pairs of sets) so that a set that
already made a fan never makes the same kind again (不得相同) and a leftover set combines only once
(套算一次); then the 不计 list of every counted fan is applied (final_adjust). Everything works on
fan-count lists indexed by the ids in fans.py, over precomputed facts: a present-tile bit mask,
count tables, and packs as (kind, tile, melded) with kind CHOW 1 / PUNG 2 / KONG 3 / PAIR 4 and a
chow named by its middle tile.
"""

from __future__ import annotations

from itertools import compress

from scoring.rulesets.gb import tilecode as C
from scoring.rulesets.gb.combos import (
    TWO_CHOWS,
    TWO_PUNGS,
    four_chows_fans,
    four_pungs_fans,
    kongs,
    three_chows_fans,
    three_pungs_fans,
)
from scoring.rulesets.gb.fans import (
    ALL_CHOWS,
    ALL_EVEN_PUNGS,
    ALL_FIVE,
    ALL_GREEN,
    ALL_HONORS,
    ALL_PUNGS,
    ALL_SIMPLES,
    ALL_TERMINALS,
    ALL_TERMINALS_AND_HONORS,
    ALL_TYPES,
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    BIG_THREE_WINDS,
    CHICKEN_HAND,
    CLOSED_WAIT,
    CONCEALED_HAND,
    DOUBLE_PUNG,
    DRAGON_PUNG,
    EDGE_WAIT,
    FOUR_CONCEALED_PUNGS,
    FOUR_KONGS,
    FOUR_PURE_SHIFTED_PUNGS,
    FULL_FLUSH,
    FULLY_CONCEALED_HAND,
    HALF_FLUSH,
    LAST_TILE,
    LAST_TILE_CLAIM,
    LAST_TILE_DRAW,
    LITTLE_FOUR_WINDS,
    LITTLE_THREE_DRAGONS,
    LOWER_FOUR,
    LOWER_TILES,
    MELDED_HAND,
    MIDDLE_TILES,
    NO_HONORS,
    ONE_VOIDED_SUIT,
    OUT_WITH_REPLACEMENT_TILE,
    OUTSIDE_HAND,
    PREVALENT_WIND,
    PUNG_OF_TERMINALS_OR_HONORS,
    PURE_TERMINAL_CHOWS,
    QUADRUPLE_CHOW,
    REVERSIBLE_TILES,
    ROBBING_THE_KONG,
    SEAT_WIND,
    SELF_DRAWN,
    SINGLE_WAIT,
    SIZE,
    THREE_SUITED_TERMINAL_CHOWS,
    TILE_HOG,
    TWO_DRAGON_PUNGS,
    UPPER_FOUR,
    UPPER_TILES,
    VALUE,
)

CHOW, PUNG, KONG, PAIR = 1, 2, 3, 4

# win flags, as bits
SELF = 1
LAST_COPY = 2
KONG_INVOLVED = 4
WALL_LAST = 8


def _numbered(t: int) -> bool:
    return t < 0x40


def _terminal(t: int) -> bool:
    return t < 0x40 and (t & 15) in (1, 9)


def _wind(t: int) -> bool:
    return 0x40 < t < 0x45


def _dragon(t: int) -> bool:
    return 0x44 < t < 0x48


# ---- adjustments over the whole hand --------------------------------------------------------------

def win_flag_fans(flags: int, f: list[int]) -> None:
    if flags & LAST_COPY:
        f[LAST_TILE] = 1
    if flags & SELF:
        f[SELF_DRAWN] = 1
        if flags & WALL_LAST:
            f[LAST_TILE_DRAW] = 1
            f[SELF_DRAWN] = 0
        if flags & KONG_INVOLVED:
            f[OUT_WITH_REPLACEMENT_TILE] = 1
            f[SELF_DRAWN] = 0
    else:
        if flags & WALL_LAST:
            f[LAST_TILE_CLAIM] = 1
        if flags & KONG_INVOLVED:
            f[ROBBING_THE_KONG] = 1
            f[LAST_TILE] = 0


def suit_fans(mask: int, f: list[int]) -> None:
    honours = mask & C.HONOURS
    if not honours:
        f[NO_HONORS] = 1
    voided = sum(1 for s in (1, 2, 3) if not mask & C.SUIT_MASK[s])
    f[ONE_VOIDED_SUIT] += voided
    if f[ONE_VOIDED_SUIT] == 2:
        f[ONE_VOIDED_SUIT] = 0
        if honours:
            f[HALF_FLUSH] = 1
        else:
            f[FULL_FLUSH] = 1
            f[NO_HONORS] = 0
    if voided == 0 and mask & C.WINDS and mask & C.DRAGONS:
        f[ALL_TYPES] = 1


def tile_trait_fans(mask: int, f: list[int]) -> None:
    if not mask & C.TERMINALS_HONOURS:
        f[ALL_SIMPLES] = 1
    if not mask & ~C.REVERSIBLE:
        f[REVERSIBLE_TILES] = 1
    if not mask & ~C.GREEN:
        f[ALL_GREEN] = 1
    if f[ALL_SIMPLES]:
        return
    if not mask & ~C.HONOURS:
        f[ALL_HONORS] = 1
    elif not mask & ~C.TERMINALS:
        f[ALL_TERMINALS] = 1
    elif not mask & ~C.TERMINALS_HONOURS:
        f[ALL_TERMINALS_AND_HONORS] = 1


def rank_range_fans(mask: int, f: list[int]) -> None:
    if mask & C.HONOURS:
        return
    if not mask & ~C.RANKS_1_4:
        f[LOWER_FOUR if mask & C.RANK_4 else LOWER_TILES] = 1
    elif not mask & ~C.RANKS_6_9:
        f[UPPER_FOUR if mask & C.RANK_6 else UPPER_TILES] = 1
    elif not mask & ~C.RANKS_4_6:
        f[MIDDLE_TILES] = 1


_M, _S, _P = C.SUIT_MASK[1], C.SUIT_MASK[2], C.SUIT_MASK[3]


def mask_fans(mask: int) -> tuple[tuple[int, int], ...]:
    """The fans that depend only on which tiles are present: the same as suit_fans,
    tile_trait_fans and rank_range_fans on an empty table, as (fan, count) pairs."""
    out = []
    honours = mask & C.HONOURS
    voided = (not mask & _M) + (not mask & _S) + (not mask & _P)
    if voided == 2:
        out.append((HALF_FLUSH, 1) if honours else (FULL_FLUSH, 1))
    else:
        if not honours:
            out.append((NO_HONORS, 1))
        if voided:
            out.append((ONE_VOIDED_SUIT, voided))
        elif mask & C.WINDS and mask & C.DRAGONS:
            out.append((ALL_TYPES, 1))
    simples = not mask & C.TERMINALS_HONOURS
    if simples:
        out.append((ALL_SIMPLES, 1))
    if not mask & ~C.REVERSIBLE:
        out.append((REVERSIBLE_TILES, 1))
    if not mask & ~C.GREEN:
        out.append((ALL_GREEN, 1))
    if not simples:
        if not mask & ~C.HONOURS:
            out.append((ALL_HONORS, 1))
        elif not mask & ~C.TERMINALS:
            out.append((ALL_TERMINALS, 1))
        elif not mask & ~C.TERMINALS_HONOURS:
            out.append((ALL_TERMINALS_AND_HONORS, 1))
    if not honours:
        if not mask & ~C.RANKS_1_4:
            out.append((LOWER_FOUR if mask & C.RANK_4 else LOWER_TILES, 1))
        elif not mask & ~C.RANKS_6_9:
            out.append((UPPER_FOUR if mask & C.RANK_6 else UPPER_TILES, 1))
        elif not mask & ~C.RANKS_4_6:
            out.append((MIDDLE_TILES, 1))
    return tuple(out)


def final_adjust(f: list[int]) -> None:
    """不计: remove what counted fans already include (same order as the reference)."""
    if f[BIG_FOUR_WINDS]:
        f[ALL_PUNGS] = f[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if f[BIG_THREE_DRAGONS]:
        f[DRAGON_PUNG] = 0
    if f[ALL_GREEN]:
        f[HALF_FLUSH] = f[ONE_VOIDED_SUIT] = 0
    if f[FOUR_KONGS]:
        f[SINGLE_WAIT] = 0
    if f[ALL_TERMINALS]:
        f[ALL_PUNGS] = f[OUTSIDE_HAND] = f[PUNG_OF_TERMINALS_OR_HONORS] = 0
        f[NO_HONORS] = f[DOUBLE_PUNG] = 0
    if f[LITTLE_FOUR_WINDS]:
        f[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if f[LITTLE_THREE_DRAGONS]:
        f[DRAGON_PUNG] = 0
    if f[ALL_HONORS]:
        f[ALL_PUNGS] = f[OUTSIDE_HAND] = f[PUNG_OF_TERMINALS_OR_HONORS] = f[ONE_VOIDED_SUIT] = 0
    if f[FOUR_CONCEALED_PUNGS]:
        f[ALL_PUNGS] = f[CONCEALED_HAND] = 0
        if f[FULLY_CONCEALED_HAND]:
            f[FULLY_CONCEALED_HAND] = 0
            f[SELF_DRAWN] = 1
    if f[PURE_TERMINAL_CHOWS]:
        f[FULL_FLUSH] = f[ALL_CHOWS] = f[NO_HONORS] = 0
    if f[FOUR_PURE_SHIFTED_PUNGS]:
        f[ALL_PUNGS] = 0
    if f[ALL_TERMINALS_AND_HONORS]:
        f[ALL_PUNGS] = f[OUTSIDE_HAND] = f[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if f[ALL_EVEN_PUNGS]:
        f[ALL_PUNGS] = f[ALL_SIMPLES] = f[NO_HONORS] = 0
    if f[UPPER_TILES]:
        f[NO_HONORS] = 0
    if f[MIDDLE_TILES]:
        f[ALL_SIMPLES] = f[NO_HONORS] = 0
    if f[LOWER_TILES]:
        f[NO_HONORS] = 0
    if f[THREE_SUITED_TERMINAL_CHOWS]:
        f[ALL_CHOWS] = f[NO_HONORS] = 0
    if f[ALL_FIVE]:
        f[ALL_SIMPLES] = f[NO_HONORS] = 0
    if f[UPPER_FOUR]:
        f[NO_HONORS] = 0
    if f[LOWER_FOUR]:
        f[NO_HONORS] = 0
    if f[BIG_THREE_WINDS]:
        if not f[ALL_HONORS] and not f[ALL_TERMINALS_AND_HONORS]:
            f[PUNG_OF_TERMINALS_OR_HONORS] -= 3
    if f[REVERSIBLE_TILES]:
        f[ONE_VOIDED_SUIT] = 0
    if f[LAST_TILE_DRAW]:
        f[SELF_DRAWN] = 0
    if f[OUT_WITH_REPLACEMENT_TILE]:
        f[SELF_DRAWN] = 0
    if f[MELDED_HAND]:
        f[SINGLE_WAIT] = 0
    if f[TWO_DRAGON_PUNGS]:
        f[DRAGON_PUNG] = 0
    if f[FULLY_CONCEALED_HAND]:
        f[SELF_DRAWN] = 0
    if f[ALL_CHOWS]:
        f[NO_HONORS] = 0
    if f[ALL_SIMPLES]:
        f[NO_HONORS] = 0


def wind_fans(t: int, prevalent: int, seat: int, f: list[int]) -> None:
    """圈风刻 / 门风刻 for a wind pung; each replaces the 幺九刻 that pung already counted."""
    deducted = f[BIG_THREE_WINDS] or f[ALL_TERMINALS_AND_HONORS] or f[ALL_HONORS] or f[LITTLE_FOUR_WINDS]
    if t == prevalent:
        f[PREVALENT_WIND] = 1
        if not deducted:
            f[PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if t == seat:
        f[SEAT_WIND] = 1
        if seat != prevalent and not deducted:
            f[PUNG_OF_TERMINALS_OR_HONORS] -= 1




_IDS = range(len(VALUE))


def total_of(f: list[int]) -> int:
    return sum([VALUE[i] * f[i] for i in compress(_IDS, f)])


# ---- a standard arrangement: four sets and a pair -------------------------------------------------

_NOT_OUTSIDE = C.RANKS_4_6  # a tile that no 全带幺 set holds
_NOT_FIVE = C.HONOURS | C.ranks_mask((1, 2, 8, 9))  # ... no 全带五 set
_NOT_EVEN = C.HONOURS | C.ranks_mask((1, 3, 5, 7, 9))  # ... no 全双刻 set


def _outside_pack(kind: int, t: int) -> bool:
    if kind == CHOW:
        return (t & 15) in (2, 8)
    return t > 0x40 or (t & 15) in (1, 9)


def _five_pack(kind: int, t: int) -> bool:
    if kind == CHOW:
        return 4 <= (t & 15) <= 6
    return t < 0x40 and (t & 15) == 5


def _set_group_fans(f: list[int], chows: list[int], pungs: list[int], pair: int) -> None:
    """Fans among the four sets (一色三同顺, 三色三步高, 双同刻, ...), looked up by the sorted
    tiles of the chows or pungs that share them; 4 chows first check 三色双龙会 / 一色双龙会."""
    n_chows = len(chows)
    if n_chows == 4:
        if pair < 0x40 and (pair & 15) == 5 and _three_suited_terminal_chows(chows, pair):
            f[THREE_SUITED_TERMINAL_CHOWS] = 1
        elif pair < 0x40 and (pair & 15) == 5 and _pure_terminal_chows(chows, pair):
            f[PURE_TERMINAL_CHOWS] = 1
        else:
            chows.sort()
            for i, n in four_chows_fans(tuple(chows)):
                f[i] += n
    elif n_chows == 3:
        for i, n in three_chows_fans(tuple(sorted(chows))):
            f[i] += n
    elif n_chows == 2:
        fan = TWO_CHOWS[chows[0]][chows[1]]
        if fan:
            f[fan] += 1
        fan = TWO_PUNGS[pungs[0]][pungs[1]]
        if fan:
            f[fan] += 1
    elif n_chows == 1:
        for i, n in three_pungs_fans(tuple(sorted(pungs))):
            f[i] += n
    else:
        for i, n in four_pungs_fans(tuple(sorted(pungs))):
            f[i] += n


# Hot path (about 0.8 calls per hand): the fans among sets are one helper, the rest stays inline
# for speed. On the 8340 calls of bench_gb's 10000 hands (seed 1), alternated with the whole
# function of b93eb2b, this helper costs +0.7 to +1.8 % of the function's CPU time (about 25 ns a
# hand, under 0.2 % of the engine's); moving the pung block out as well cost +2 to +5 %.
def regular_fans(packs, fixed_cnt: int, ctx, s_chows, s_pungs) -> list[int]:
    """Fans of one division. `packs` = declared melds, then sets from the standing tiles, then the
    pair; `s_chows` / `s_pungs` = the tiles of the chows (middle tile) and pungs formed from the
    standing tiles; `ctx` holds the hand-wide facts (see evaluate.Prepared; `ctx.unique_wait()` is
    asked only when the winning tile sits where a wait fan could count)."""
    f = [0] * SIZE
    flags = ctx.flags
    win = ctx.win
    mask = ctx.mask
    chows = ctx.fixed_chows + s_chows
    pungs = ctx.fixed_pungs + s_pungs  # pungs and kongs, by tile
    pair = packs[-1][1]
    melded_kongs = ctx.melded_kongs
    concealed_kongs = ctx.concealed_kongs
    if flags:
        win_flag_fans(flags, f)
    if pungs:
        # pungs from the standing tiles (declared pungs are exposed; kongs are counted apart)
        concealed_pungs = len(s_pungs)
        # A pung completed by a discard is exposed, unless the tile can be read as part of a chow.
        if (not flags & SELF and win in s_pungs and win not in s_chows and win - 1 not in s_chows
                and win + 1 not in s_chows):
            concealed_pungs -= 1
        kongs(concealed_pungs, melded_kongs, concealed_kongs, f, ctx.mixed_kongs)
        if len(pungs) == 4 and not f[FOUR_KONGS] and not f[FOUR_CONCEALED_PUNGS]:
            f[ALL_PUNGS] = 1
        if mask & C.TERMINALS_HONOURS:
            for t in pungs:
                if t > 0x44:
                    f[DRAGON_PUNG] += 1
                elif t > 0x40 or (t & 15) in (1, 9):
                    f[PUNG_OF_TERMINALS_OR_HONORS] += 1
    n_chows = len(chows)
    _set_group_fans(f, chows, pungs, pair)
    # 不求人 / 门前清 / 全求人 / 自摸
    melded_cnt = ctx.melded_cnt
    self_drawn = flags & SELF
    if melded_cnt == 0:
        f[FULLY_CONCEALED_HAND if self_drawn else CONCEALED_HAND] = 1
    elif melded_cnt == 4:
        f[SELF_DRAWN if self_drawn else MELDED_HAND] = 1
    elif self_drawn:
        f[SELF_DRAWN] = 1
    # the pair: 平和, 小三元, 小四喜
    if n_chows == 4:
        if pair < 0x40:
            f[ALL_CHOWS] = 1
    elif f[TWO_DRAGON_PUNGS]:
        if _dragon(pair):
            f[LITTLE_THREE_DRAGONS] = 1
            f[TWO_DRAGON_PUNGS] = 0
    elif f[BIG_THREE_WINDS]:
        if _wind(pair):
            f[LITTLE_FOUR_WINDS] = 1
            f[BIG_THREE_WINDS] = 0
    # 全带幺 / 全带五 / 全双刻: a property every set and the pair share (the tiles present rule
    # out nearly every hand before the sets are looked at)
    if not mask & _NOT_OUTSIDE and all([_outside_pack(k, t) for k, t, _ in packs]):
        f[OUTSIDE_HAND] = 1
    elif not mask & _NOT_FIVE and all([_five_pack(k, t) for k, t, _ in packs]):
        f[ALL_FIVE] = 1
    elif not mask & _NOT_EVEN and not chows:
        f[ALL_EVEN_PUNGS] = 1
    for i, n in ctx.mask_fans:
        f[i] = n
    if not f[QUADRUPLE_CHOW]:
        f[TILE_HOG] = ctx.fours - melded_kongs - concealed_kongs
    if not f[MELDED_HAND] and not f[FOUR_KONGS] and (
        pair == win or win in s_chows or win - 1 in s_chows or win + 1 in s_chows
    ):
        if ctx.unique_wait():
            wait_fans(packs[fixed_cnt:], win, f)
    final_adjust(f)
    if not f[BIG_FOUR_WINDS] and mask & C.WINDS:
        for t in pungs:
            if 0x40 < t < 0x45:
                wind_fans(t, ctx.prevalent, ctx.seat, f)
    if f.count(0) == SIZE:  # no fan at all (count compares by identity first: cheaper than any)
        f[CHICKEN_HAND] = 1
    return f


def wait_fans(concealed_packs, win: int, f: list[int]) -> None:
    """边张 / 坎张 / 单钓将 for a hand with one waiting tile: where the winning tile sits."""
    edge = closed = single = False
    for kind, t, _ in concealed_packs:
        if kind == CHOW:
            if t == win:
                closed = True
            elif t + 1 == win or t - 1 == win:
                edge = True
        elif kind == PAIR and t == win:
            single = True
    if edge:
        f[EDGE_WAIT] = 1
    elif closed:
        f[CLOSED_WAIT] = 1
    elif single:
        f[SINGLE_WAIT] = 1


def _pure_terminal_chows(chows: list[int], pair: int) -> bool:
    if pair > 0x40 or (pair & 15) != 5:
        return False
    s = pair >> 4
    if any(t >> 4 != s for t in chows):
        return False
    ranks = sorted(t & 15 for t in chows)
    return ranks == [2, 2, 8, 8]


def _three_suited_terminal_chows(chows: list[int], pair: int) -> bool:
    if pair > 0x40 or (pair & 15) != 5:
        return False
    s = pair >> 4
    if any(t >> 4 == s or (t & 15) not in (2, 8) for t in chows):
        return False
    others = [x for x in (1, 2, 3) if x != s]
    have = set(chows)
    return all(x * 16 + r in have for x in others for r in (2, 8))
