"""Find the best-scoring reading of a Guobiao hand: special shapes first, then every standard
division, keeping the reference calculator's choice among readings of equal value."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.hand import Hand
from scoring.rulesets.gb import calc
from scoring.rulesets.gb import tilecode as C
from scoring.rulesets.gb.calc import CHOW, KONG, PAIR, PUNG
from scoring.rulesets.gb.fans import (
    ALL_CHOWS,
    ALL_SIMPLES,
    ALL_TYPES,
    CONCEALED_HAND,
    CONCEALED_KONG,
    DRAGON_PUNG,
    FULLY_CONCEALED_HAND,
    GREATER_HONORS_AND_KNITTED,
    KNITTED_STRAIGHT,
    LESSER_HONORS_AND_KNITTED,
    MELDED_KONG,
    NINE_GATES,
    NO_HONORS,
    PUNG_OF_TERMINALS_OR_HONORS,
    PURE_STRAIGHT,
    PURE_TRIPLE_CHOW,
    SELF_DRAWN,
    SEVEN_PAIRS,
    SEVEN_SHIFTED_PAIRS,
    SHORT_STRAIGHT,
    SINGLE_WAIT,
    SIZE,
    THIRTEEN_ORPHANS,
    TILE_HOG,
    TRIPLE_PUNG,
    TWO_CONCEALED_PUNGS,
)
from scoring.rulesets.gb.shapes import (
    TILE_KEY,
    divisions_of_key,
    reference_unique_wait,
    seven_pairs_wait,
    waits_of_key,
)

_PAD = 2  # count tables are TABLE_SIZE + 2 long so t + 2 never leaves them


@dataclass(slots=True)
class Prepared:
    """Hand-wide facts the fan predicates read (engine tile numbers, see tilecode).

    Tile counts are kept as count keys (see shapes.TILE_KEY); the count tables are made from
    them only when something asks (special shapes, the words), as most hands never need them.
    """

    win: int
    flags: int
    fixed: list  # declared melds as packs (kind, tile, melded); a chow is named by its middle tile
    ts: list  # standing tiles then the winning tile
    key: int  # count key of the standing tiles plus the winning tile
    fixed_key: int  # count key of the declared melds
    mask: int
    fours: int  # tiles held four times in all (standing, winning tile and melds)
    melded_cnt: int
    prevalent: int
    seat: int
    mixed_kongs: bool
    standing_mask: int  # tiles present among standing tiles and the winning tile
    melded_kongs: int  # declared kongs, exposed
    concealed_kongs: int  # declared kongs, concealed
    fixed_chows: list  # middle tiles of the declared chows
    fixed_pungs: list  # tiles of the declared pungs and kongs
    unique: bool | None = None  # computed on first need by unique_wait()
    mask_fans: tuple = ()  # calc.mask_fans(mask), set by evaluate before the divisions
    _standing: list | None = None
    _fixed: list | None = None

    @property
    def standing_cnt(self) -> int:
        """Standing tiles without the winning tile."""
        return len(self.ts) - 1

    @property
    def standing_table(self) -> list:
        """Counts of the standing tiles plus the winning tile, indexed by tile."""
        table = self._standing
        if table is None:
            table = self._standing = [0] * _SIZE
            for t in self.ts:
                table[t] += 1
        return table

    @property
    def fixed_table(self) -> list:
        """Counts of the tiles in declared melds, indexed by tile."""
        table = self._fixed
        if table is None:
            table = self._fixed = [0] * _SIZE
            for kind, t, _ in self.fixed:
                if kind == CHOW:
                    table[t - 1] += 1
                    table[t] += 1
                    table[t + 1] += 1
                else:
                    table[t] += 4 if kind == KONG else 3
        return table

    def fixed_count(self, t: int) -> int:
        """How many of tile t the declared melds hold."""
        return (self.fixed_key >> (3 * t)) & 7

    def unique_wait(self) -> bool:
        if self.unique is None:
            self.unique = _unique_wait(self)
        return self.unique


@dataclass(slots=True)
class Reading:
    """The chosen reading: its fan counts, its shape and its sets (packs, pair last)."""

    fans: list
    shape: str
    packs: list
    knitted: tuple = ()
    unique_wait: bool = False


_SIZE = C.TABLE_SIZE + _PAD
_BIT = [1 << t for t in range(_SIZE)]
_ODD = sum(TILE_KEY[t] for t in C.ALL_T)  # the low bit of every tile's count in a count key


_CODE_TO_T = C.CODE_TO_T
_TWO_OR_MORE = sum(TILE_KEY[t] * 6 for t in C.ALL_T)  # bits 1 and 2 of every count: set from 2 up
_KNITTED_KEY = {seq: sum(TILE_KEY[t] for t in seq) for seq in C.KNITTED}
_FOURS = sum(TILE_KEY[t] << 2 for t in C.ALL_T)  # bit 2 of every count: set only for a count of 4


def _meld_facts() -> dict:
    """(kind, first tile code, concealed) of a declared meld -> (pack, count key, tile mask,
    1 if exposed, tally: 256 a pung or kong, + 1 an exposed kong, + 16 a concealed kong), for
    every meld that validation lets through."""
    out = {}
    for code, t in _CODE_TO_T.items():
        for concealed in (False, True):
            melded = not concealed
            out["pung", code, concealed] = ((PUNG, t, melded), 3 * TILE_KEY[t], 1 << t, int(melded), 256)
            out["kong", code, concealed] = ((KONG, t, melded), 4 * TILE_KEY[t], 1 << t, int(melded),
                                            257 if melded else 272)
            if t < 0x40 and (t & 15) <= 7:  # a chow is named by its middle tile
                key = TILE_KEY[t] + TILE_KEY[t + 1] + TILE_KEY[t + 2]
                out["chow", code, concealed] = ((CHOW, t + 1, True), key, 7 << t, 1, 0)
    return out


_MELD_FACTS = _meld_facts()


def prepare(hand: Hand, mixed_kongs: bool = False) -> Prepared:
    code = _CODE_TO_T
    ts = [*map(code.__getitem__, hand.concealed), code[hand.win_tile]]
    win = ts[-1]
    key = sum(map(TILE_KEY.__getitem__, ts))
    standing_mask = sum(map(_BIT.__getitem__, set(ts)))
    fixed = []
    fixed_chows = []
    fixed_pungs = []
    fixed_key = 0
    mask = standing_mask
    melded_cnt = 0
    tally = 0
    if hand.melds:
        facts = _MELD_FACTS
        for m in hand.melds:
            pack, k, bits, melded, kinds = facts[m.kind, m.tiles[0], m.concealed]
            fixed.append(pack)
            if kinds:  # a pung or a kong
                fixed_pungs.append(pack[1])
            else:
                fixed_chows.append(pack[1])
            fixed_key += k
            mask |= bits
            melded_cnt += melded
            tally += kinds
        fours = ((key + fixed_key) & _FOURS).bit_count()  # counts stay below 5: no carry
    else:
        fours = (key & _FOURS).bit_count()
    ctx = hand.context
    flags = 0
    if ctx.self_drawn:
        flags |= calc.SELF
    if ctx.last_copy or (fixed_key >> (3 * win)) & 7 == 3:
        flags |= calc.LAST_COPY
    if ctx.kong_replacement or ctx.robbing_kong:
        flags |= calc.KONG_INVOLVED
    if ctx.last_tile:
        flags |= calc.WALL_LAST
    return Prepared(
        win, flags, fixed, ts, key, fixed_key, mask, fours, melded_cnt,
        C.WIND_OF_SEAT[ctx.round_wind], C.WIND_OF_SEAT[ctx.seat_wind], mixed_kongs, standing_mask,
        tally & 15, (tally >> 4) & 15, fixed_chows, fixed_pungs,
    )


def fours_of(p: Prepared) -> list[int]:
    """The tiles held four times in all (standing, winning tile and melds), ascending."""
    out = []
    m = (p.key + p.fixed_key) & _FOURS  # counts stay below 5: no carry
    while m:
        low = m & -m
        m ^= low
        out.append((low.bit_length() - 1) // 3)  # bit 2 of the count of tile t is bit 3t + 2
    return out


def _unique_wait(p: Prepared) -> bool:
    """Was the hand waiting on exactly one tile (standard shape, or seven pairs with 13 standing)?"""
    waits = waits_of_key(p.key - TILE_KEY[p.win])
    if p.standing_cnt == 13:
        table = p.standing_table
        table[p.win] -= 1
        t = seven_pairs_wait(table)
        table[p.win] += 1
        if t:
            waits.add(t)
    return len(waits) == 1


def evaluate(p: Prepared) -> Reading | None:
    """The best reading of the hand, or None when it is not a complete winning shape."""
    fixed_cnt = len(p.fixed)
    best: Reading | None = None
    max_fan = 0
    if fixed_cnt == 0:
        best = special_forms(p) or knitted_straight(p) or nine_gates(p)
    elif fixed_cnt == 1:
        best = knitted_straight(p)
    if best is not None:
        max_fan = calc.total_of(best.fans)
    seven_pairs = best is not None and best.fans[SEVEN_PAIRS] == 1
    if best is None or seven_pairs:
        divs = divisions_of_key(p.key)
        if divs:
            p.mask_fans = calc.mask_fans(p.mask)
            if best is None and len(divs) == 1:  # nothing to compare with
                _, packs, chows, pungs = divs[0]
                allpacks = p.fixed + packs
                f = calc.regular_fans(allpacks, fixed_cnt, p, chows, pungs)
                best = Reading(f, "standard", allpacks)
                divs = []
            for _, packs, chows, pungs in divs:
                allpacks = p.fixed + packs
                f = calc.regular_fans(allpacks, fixed_cnt, p, chows, pungs)
                cur = calc.total_of(f)
                if cur > max_fan or (
                    cur == max_fan and (f[PURE_TRIPLE_CHOW] == 1 or seven_pairs or f[TRIPLE_PUNG])
                ):
                    max_fan = cur
                    best = Reading(f, "standard", allpacks)
    if best is not None and best.shape == "standard":
        best.unique_wait = bool(p.unique)
    return best


# ---- special shapes ------------------------------------------------------------------------------

def _win_flags_only(p: Prepared, fan: int) -> list:
    f = [0] * SIZE
    f[fan] = 1
    calc.win_flag_fans(p.flags, f)
    return f


def special_forms(p: Prepared) -> Reading | None:
    """七对 / 连七对, 全不靠 / 七星不靠, 十三幺 (all concealed, no melds)."""
    if not p.key & _ODD:  # every count even: seven pairs
        table = p.standing_table
        pairs = [(PAIR, t, False) for t in C.ALL_T if table[t] for _ in range(table[t] // 2)]
        s = p.win >> 4
        if s < 4 and _seven_shifted(table, s):
            f = [0] * SIZE
            f[SEVEN_SHIFTED_PAIRS] = 1
            if table[s * 16 + 1] == 0 and table[s * 16 + 9] == 0:
                f[ALL_SIMPLES] = 1
            calc.win_flag_fans(p.flags, f)
            return Reading(f, "seven_shifted_pairs", pairs)
        f = [0] * SIZE
        f[SEVEN_PAIRS] = 1
        calc.suit_fans(p.mask, f)
        calc.tile_trait_fans(p.mask, f)
        calc.rank_range_fans(p.mask, f)
        f[TILE_HOG] = p.fours
        calc.win_flag_fans(p.flags, f)
        calc.final_adjust(f)
        return Reading(f, "seven_pairs", pairs)
    distinct = p.mask.bit_count()
    if distinct == 14:
        numbered = p.mask & C.NUMBERED
        n = numbered.bit_count()
        if 7 <= n <= 9:
            for km, seq in zip(C.KNITTED_MASKS, C.KNITTED, strict=True):
                if not numbered & ~km:
                    if n == 7:
                        return Reading(_win_flags_only(p, GREATER_HONORS_AND_KNITTED), "honors_knitted", [], seq)
                    f = _win_flags_only(p, LESSER_HONORS_AND_KNITTED)
                    if n == 9:
                        f[KNITTED_STRAIGHT] = 1
                    return Reading(f, "honors_knitted", [], seq)
    if distinct == 13 and p.mask == C.THIRTEEN_ORPHANS:
        table = p.standing_table
        pair = next(t for t in C.ALL_T if table[t] == 2)
        return Reading(_win_flags_only(p, THIRTEEN_ORPHANS), "thirteen_orphans", [(PAIR, pair, False)])
    return None


def _seven_shifted(table, s: int) -> bool:
    t3 = s * 16 + 3
    if all(table[t3 + i] == 2 for i in range(5)):
        if table[t3 - 1] == 2:
            return table[t3 - 2] == 2 or table[t3 + 5] == 2
        return table[t3 + 5] == 2 and table[t3 + 6] == 2
    return False


def knitted_straight(p: Prepared) -> Reading | None:
    """组合龙 plus one set and a pair (concealed, or with one declared meld)."""
    sm = p.standing_mask
    if (sm & C.NUMBERED).bit_count() < 9:
        return None
    seq = next((k for k, km in zip(C.KNITTED, C.KNITTED_MASKS, strict=True) if sm & km == km), None)
    if seq is None or not p.key & _TWO_OR_MORE:
        return None
    table = p.standing_table
    rest = list(table)
    for t in seq:
        rest[t] -= 1
    fixed_cnt = len(p.fixed)
    if fixed_cnt == 1:
        left = [t for t in C.ALL_T for _ in range(rest[t])]
        if len(left) != 2 or left[0] != left[1]:
            return None
        involved = p.fixed[0]
        pair = left[0]
    else:
        divs = divisions_of_key(p.key - _KNITTED_KEY[seq])
        if len(divs) != 1:
            return None
        packs = divs[0][1]
        involved = packs[0]
        pair = packs[-1][1]
    f = [0] * SIZE
    f[KNITTED_STRAIGHT] = 1
    kind, it, melded = involved
    total = p.fixed_table
    if kind == CHOW:
        if pair < 0x40:
            f[ALL_CHOWS] = 1
        if total[pair] + table[pair] == 4:
            f[TILE_HOG] = 1
    elif it > 0x40:
        if it < 0x45:
            f[PUNG_OF_TERMINALS_OR_HONORS] = 1
            calc.wind_fans(it, p.prevalent, p.seat, f)
            if pair > 0x44:
                f[ALL_TYPES] = 1
        else:
            f[DRAGON_PUNG] = 1
            if 0x40 < pair < 0x45:
                f[ALL_TYPES] = 1
    else:
        if (it & 15) in (1, 9):
            f[PUNG_OF_TERMINALS_OR_HONORS] = 1
        if pair < 0x40:
            f[NO_HONORS] = 1
        if kind != KONG and total[it] + table[it] == 4:
            f[TILE_HOG] = 1
    calc.win_flag_fans(p.flags, f)
    if melded:
        if kind == KONG:
            f[MELDED_KONG] = 1
    else:
        if kind == KONG:
            f[CONCEALED_KONG] = 1
        if p.flags & calc.SELF:
            f[FULLY_CONCEALED_HAND] = 1
            f[SELF_DRAWN] = 0
        else:
            f[CONCEALED_HAND] = 1
    unique = False
    if fixed_cnt == 0:
        unique = reference_unique_wait(rest, 4, p.win)
        if unique:
            calc.wait_fans([involved, (PAIR, pair, False)], p.win, f)
    elif p.win not in seq or table[p.win] == 3:
        f[SINGLE_WAIT] = 1
    calc.final_adjust(f)
    return Reading(f, "knitted_straight", [involved, (PAIR, pair, False)], seq, unique)


def nine_gates(p: Prepared) -> Reading | None:
    """九莲宝灯: 1112345678999 of one suit standing, won on any tile of that suit."""
    win = p.win
    s, r = win >> 4, win & 15
    if s > 3:
        return None
    base = s * 16
    key = p.key
    if (key >> (3 * (base + 1))) & 7 < 3 or (key >> (3 * (base + 9))) & 7 < 3:  # every form needs both
        return None
    table = p.standing_table
    middle_ok = all(table[base + i] == (2 if i == r else 1) for i in range(2, 9))
    if r == 1:
        ok = table[win] == 4 and table[base + 9] == 3 and all(table[base + i] == 1 for i in range(2, 9))
    elif r == 9:
        ok = table[win] == 4 and table[base + 1] == 3 and all(table[base + i] == 1 for i in range(2, 9))
    else:
        ok = table[base + 1] == 3 and table[base + 9] == 3 and middle_ok
    if not ok:
        return None
    f = [0] * SIZE
    f[NINE_GATES] = 1
    if r in (1, 9):
        f[PURE_STRAIGHT] = 1
        f[TILE_HOG] = 1
    elif r in (2, 8):
        f[TWO_CONCEALED_PUNGS] = 1
        f[SHORT_STRAIGHT] = 1
        f[PUNG_OF_TERMINALS_OR_HONORS] = 1
    elif r == 5:
        f[TWO_CONCEALED_PUNGS] = 1
        f[PUNG_OF_TERMINALS_OR_HONORS] = 1
    else:
        f[SHORT_STRAIGHT] = 1
    calc.win_flag_fans(p.flags, f)
    return Reading(f, "nine_gates", [])
