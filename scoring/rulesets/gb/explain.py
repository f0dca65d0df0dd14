"""Words for a Guobiao score: why each fan counts, which fans the hand also shows but does not
count (不计, and the account-once principle), and the reading in notation."""

from __future__ import annotations

from itertools import combinations, compress
from operator import itemgetter

from scoring.messages import Msg, Suit, Text, Tile, TileName
from scoring.patterns import fan_label
from scoring.ruleset import Exclusion, Fan
from scoring.rulesets.gb import calc, combos
from scoring.rulesets.gb import fans as F
from scoring.rulesets.gb import tilecode as C
from scoring.rulesets.gb.calc import CHOW, KONG, PAIR, PUNG
from scoring.rulesets.gb.evaluate import fours_of
from scoring.rulesets.gb.words import W, forget_said, said
from scoring.tiles import CHINESE_NAMES

_SUIT = {1: Suit("m"), 2: Suit("s"), 3: Suit("p")}
# the principle that excludes a repeated chow pair: JSON `because_of` keeps the English text
# "套算一次 (account once)"; the Chinese breakdown reads 因套算一次不计
ACCOUNT_ONCE = W("account_once_rule")


def tile_text(t: int) -> str:
    return C.label(t)


_TILE = {t: Tile(C.label(t)) for t in C.ALL_T}  # a tile with its name, for the words


def pack_text(pack) -> str:
    return _PACK_TEXT[pack[0], pack[1]]


def _pack_text(kind: int, t: int) -> str:
    if kind == CHOW:
        r, s = t & 15, C.label(t)[-1]
        return f"{r - 1}{r}{r + 1}{s}"
    code = C.label(t)
    n = {PUNG: 3, KONG: 4, PAIR: 2}[kind]
    return code[0] * n + code[-1]


_PACK_TEXT = {(k, t): _pack_text(k, t) for t in C.ALL_T for k in (PUNG, KONG, PAIR)}
_PACK_TEXT.update({(CHOW, t): _pack_text(CHOW, t) for t in C.ALL_T if t < 0x40 and 2 <= (t & 15) <= 8})


def arrangement_text(reading, prep) -> str:
    """The reading in notation-like words: declared melds in brackets, concealed sets bare."""
    shape = reading.shape
    packs = reading.packs
    if shape == "standard" or shape == "knitted_straight":
        n_fixed = len(prep.fixed)
        parts = [_DECLARED_TEXT[p] for p in packs[:n_fixed]]
        formed = packs[n_fixed:]
        if formed:
            # the pair last, sets in m p s z order (a stable sort keeps the reading's order)
            parts += [_TEXT[p] for p in sorted(formed, key=_PAIR_LAST_KEY.__getitem__)]
        if shape == "standard":
            return " ".join(parts)
    else:
        parts = [_TEXT[p] for p in sorted(packs, key=_SUIT_KEY.__getitem__)]
    if shape == "honors_knitted":
        parts = _knitted_groups(reading.knitted, prep.standing_table) + [_standing_honours(prep)]
    elif reading.knitted:
        parts.insert(0, " ".join(_knitted_groups(reading.knitted)))
    if shape == "thirteen_orphans":  # the twelve single tiles, then the pair
        pair = C.label(packs[0][1])
        singles = [code for code in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z",
                                     "5z", "6z", "7z") if code != pair]
        parts = [_format_codes(singles), pack_text(packs[0])]
    if shape == "nine_gates":
        s = C.label(prep.win)[-1]
        parts = [f"1112345678999{s}", f"+{C.label(prep.win)}"]
    return " ".join(parts)


# Constant text and sort keys of every pack (kind, tile, melded), made once.
_TEXT = {(k, t, md): text for (k, t), text in _PACK_TEXT.items() for md in (False, True)}
_DECLARED_TEXT = {}
_PAIR_LAST_KEY = {}
_SUIT_KEY = {}
for (_k, _t), _text in _PACK_TEXT.items():
    _suit = "mpsz".index(_text[-1])
    for _md in (False, True):
        _DECLARED_TEXT[_k, _t, _md] = f"[{_text}]" if _md else "{" + _text + "}"
        _PAIR_LAST_KEY[_k, _t, _md] = (4 if _k == PAIR else 0) + _suit
        _SUIT_KEY[_k, _t, _md] = _suit


def _format_codes(codes: list[str]) -> str:
    """['1m', '9m', '1p'] -> '19m 1p': digits grouped by suit."""
    groups: dict[str, str] = {}
    for code in codes:
        groups[code[-1]] = groups.get(code[-1], "") + code[0]
    return " ".join(digits + suit for suit, digits in groups.items())


def _knitted_groups(seq, table=None) -> list[str]:
    """147m 258p 369s: the knitted tiles by suit (only those present in `table`, if given)."""
    out = []
    for i in (0, 3, 6):
        ranks = "".join(C.label(t)[0] for t in seq[i : i + 3] if table is None or table[t])
        if ranks:
            out.append(ranks + C.label(seq[i])[-1])
    return sorted(out, key=lambda g: "mps".index(g[-1]))


def _standing_honours(prep) -> str:
    honours = "".join(C.label(t)[0] for t in sorted(C.ALL_T, key=C.label) if t > 0x40 and prep.standing_table[t])
    return honours + "z" if honours else ""


class Facts:
    """What the chosen reading shows, for the explanations of that one reading."""

    __slots__ = ("reading", "prep", "packs", "chows", "pungs", "pair", "mask", "n_fixed", "_groups")

    def __init__(self, reading, prep) -> None:
        self.reading = reading
        self.prep = prep
        chows: list = []
        pungs: list = []
        pair = 0
        if reading.shape == "standard" or reading.shape == "knitted_straight":
            packs = reading.packs
            for p in packs:
                kind = p[0]
                if kind == CHOW:
                    chows.append(p)
                elif kind == PAIR:
                    if not pair:
                        pair = p[1]
                else:
                    pungs.append(p)
            if len(chows) > 1:
                chows.sort(key=_TILE_OF)  # stable: same order as sorting by tile alone
            if len(pungs) > 1:
                pungs.sort(key=_TILE_OF)
        else:
            packs = []
        self.packs = packs
        self.chows = chows
        self.pungs = pungs
        self.pair = pair
        self.mask = prep.mask
        self.n_fixed = len(prep.fixed)
        self._groups: dict = {}

    def _all_groups(self, chows: bool, size: int, fn) -> list[tuple[int, tuple]]:
        """(fan, group) for every combination of `size` chows (or pungs), in combination order;
        made once per reading and size, shared by the why texts and the 不计 checks."""
        key = (chows, size)
        got = self._groups.get(key)
        if got is None:
            sets = self.chows if chows else self.pungs
            if chows and size == 2:  # the common case, from a table
                got = []
                for x, a in enumerate(sets):
                    row = _TWO_CHOWS[a[1]]
                    for b in sets[x + 1 :]:
                        got.append((row[b[1]], (a, b)))
                self._groups[key] = got
            else:
                got = self._groups[key] = [(fn(*[p[1] for p in g]), g) for g in combinations(sets, size)]
        return got

    def chow_groups(self, size: int, fn, fan: int) -> list[tuple]:
        # self.chows and self.pungs are sorted by tile, so each combination is too
        return [g for f, g in self._all_groups(True, size, fn) if f == fan]

    def pung_groups(self, size: int, fn, fan: int) -> list[tuple]:
        return [g for f, g in self._all_groups(False, size, fn) if f == fan]

    def chow_pair_counts(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for fan, _ in self._all_groups(True, 2, combos.two_chows_fan):
            if fan:
                out[fan] = out.get(fan, 0) + 1
        return out


_CHOW_TILES = {t for t in C.ALL_T if t < 0x40 and 2 <= (t & 15) <= 8}  # chows by middle tile
_TWO_CHOWS = [[combos.two_chows_fan(a, b) if a in _CHOW_TILES and b in _CHOW_TILES else 0
               for b in range(C.TABLE_SIZE)] for a in range(C.TABLE_SIZE)]


_TILE_OF = itemgetter(1)  # a pack's tile


def _sets(groups) -> str:
    """The groups' tiles, each group once: two equal chows (123m 123m) beside a third make the
    same group twice (123m 123p), which names the same tiles and is listed once."""
    texts = [" ".join([_TEXT[p] for p in g]) for g in groups]
    return "; ".join(dict.fromkeys(texts)) if len(texts) > 1 else texts[0]


_M, _S, _P = C.SUIT_MASK[1], C.SUIT_MASK[2], C.SUIT_MASK[3]
_TERMINAL_OR_WIND = frozenset(t for t in C.ALL_T if calc._terminal(t) or calc._wind(t))


def _suits_present(mask: int) -> list[int]:
    return [s for s in (1, 2, 3) if mask & C.SUIT_MASK[s]]


_CHOW_FNS = {
    "QUADRUPLE_CHOW": (4, combos.four_chows_fan), "FOUR_PURE_SHIFTED_CHOWS": (4, combos.four_chows_fan),
    "PURE_STRAIGHT": (3, combos.three_chows_fan), "PURE_SHIFTED_CHOWS": (3, combos.three_chows_fan),
    "PURE_TRIPLE_CHOW": (3, combos.three_chows_fan), "MIXED_SHIFTED_CHOWS": (3, combos.three_chows_fan),
    "MIXED_TRIPLE_CHOW": (3, combos.three_chows_fan), "MIXED_STRAIGHT": (3, combos.three_chows_fan),
    "PURE_DOUBLE_CHOW": (2, combos.two_chows_fan), "MIXED_DOUBLE_CHOW": (2, combos.two_chows_fan),
    "SHORT_STRAIGHT": (2, combos.two_chows_fan), "TWO_TERMINAL_CHOWS": (2, combos.two_chows_fan),
}
_PUNG_FNS = {
    "FOUR_PURE_SHIFTED_PUNGS": (4, combos.four_pungs_fan), "BIG_FOUR_WINDS": (4, combos.four_pungs_fan),
    "PURE_SHIFTED_PUNGS": (3, combos.three_pungs_fan), "MIXED_SHIFTED_PUNGS": (3, combos.three_pungs_fan),
    "TRIPLE_PUNG": (3, combos.three_pungs_fan), "BIG_THREE_WINDS": (3, combos.three_pungs_fan),
    "BIG_THREE_DRAGONS": (3, combos.three_pungs_fan), "DOUBLE_PUNG": (2, combos.two_pungs_fan),
    "TWO_DRAGON_PUNGS": (2, combos.two_pungs_fan),
}

_NINE_GATES_EXTRA = {"PURE_STRAIGHT", "TILE_HOG", "TWO_CONCEALED_PUNGS", "SHORT_STRAIGHT",
                     "PUNG_OF_TERMINALS_OR_HONORS"}


def why(fan: int, fx: Facts) -> Msg | str:
    """The tiles that make `fan` in this reading, in words."""
    text = _WHY[fan]
    return text if text.__class__ is Msg or text == "" else text(fx)


def _fixed(text) -> bool:
    """A why that is the same for every hand (a sentence made once), not a function."""
    return text.__class__ is Msg or text == ""


def _tail_why(key: str):
    """The why text of a fan that is not made by a group of sets (or has no such group)."""
    if key == "NINE_GATES":
        return lambda fx: said("nine_gates", tile=_TILE[fx.prep.win])
    if key in ("LITTLE_THREE_DRAGONS", "LITTLE_FOUR_WINDS"):
        return lambda fx: said("pungs_and_pair", sets=" ".join([pack_text(q) for q in fx.pungs if q[1] > 0x40]),
                            pair=_PACK_TEXT[PAIR, fx.pair])
    text = _SIMPLE.get(key, "")
    if key in _NINE_GATES_EXTRA:
        fixed = _fixed(text)

        def nine_gates_or(fx: Facts, text=text) -> Msg | str:
            if fx.reading.shape == "nine_gates":
                return said("nine_gates_also", tile=_TILE[fx.prep.win])
            return text if fixed else text(fx)
        return nine_gates_or
    return text


def _make_why(fan: int, key: str):
    tail = _tail_why(key)
    if key in _CHOW_FNS or key in _PUNG_FNS:
        chows = key in _CHOW_FNS
        size, fn = _CHOW_FNS[key] if chows else _PUNG_FNS[key]
        words = "chows" if chows else "pungs_of"
        tail_fixed = _fixed(tail)

        def by_groups(fx: Facts) -> Msg | str:
            if fx.chows if chows else fx.pungs:
                groups = [g for f, g in fx._all_groups(chows, size, fn) if f == fan]
                if groups:
                    return said(words, sets=_sets(groups))
            return tail if tail_fixed else tail(fx)
        return by_groups
    return tail


def _terminal_pungs(fx: Facts) -> Msg | str:
    ps = [_TEXT[q] for q in fx.pungs if q[1] in _TERMINAL_OR_WIND]
    return said("pung_of", sets=tuple(ps)) if ps else ""


def _concealed_pungs(fx: Facts) -> Msg:
    ps = []
    for kind, t, melded in fx.pungs:
        if melded:
            continue
        if kind == PUNG and t == fx.prep.win and not fx.prep.flags & calc.SELF:
            continue
        ps.append(pack_text((kind, t, melded)))
    return said("concealed_pungs", sets=" ".join(ps))


def _kongs(fx: Facts, melded: bool | None) -> Msg:
    ks = [pack_text(q) for q in fx.pungs if q[0] == KONG and (melded is None or q[2] == melded)]
    return said("kongs" if len(ks) > 1 else "kong", sets=" ".join(ks))


def _hogs(fx: Facts) -> list[int]:
    """Tiles whose four copies are all in the hand, not as a kong (ascending)."""
    if not fx.prep.fours:
        return []
    kongs = [q[1] for q in fx.pungs if q[0] == KONG]
    return [t for t in fours_of(fx.prep) if t not in kongs]


def _hog(fx: Facts) -> Msg:
    # the code in English (as the tiles are labelled there), the tile's name in Chinese (四万)
    return said("hog", tiles=tuple(Text(C.T_TO_CODE[t], CHINESE_NAMES[C.T_TO_CODE[t]])
                                   for t in _hogs(fx)))


# Words that depend on one tile, or on which suits are present, made once.
_EDGE_TEXT = {t: W("edge_wait", tile=_TILE[t]) for t in C.ALL_T}
_CLOSED_TEXT = {t: W("closed_wait", tile=_TILE[t]) for t in C.ALL_T}
_SINGLE_TEXT = {t: W("single_wait", tile=_TILE[t]) for t in C.ALL_T}
_ALL_CHOWS_TEXT = {t: W("all_chows_pair", tile=_TILE[t]) for t in C.ALL_T}
_ROUND_WIND_TEXT = {w: W("round_wind", wind=TileName(C.label(w))) for w in C.WINDS_T}
_SEAT_WIND_TEXT = {w: W("seat_wind", wind=TileName(C.label(w))) for w in C.WINDS_T}
_LAST_COPY_IN_MELDS = {t: W("last_copy_in_melds", tile=_TILE[t]) for t in C.ALL_T}
_LAST_COPY = {t: W("last_copy", tile=_TILE[t]) for t in C.ALL_T}
_ROBBING = {t: W("robbing", tile=_TILE[t]) for t in C.ALL_T}


def _suit_bits(mask: int) -> int:
    return (mask & _M != 0) | (mask & _S != 0) << 1 | (mask & _P != 0) << 2


def _suits_of_bits(bits: int) -> list[int]:
    return [s for s in (1, 2, 3) if bits >> (s - 1) & 1]


_ONLY_SUIT = [W("only_suit", suit=_SUIT[_suits_of_bits(b)[0]]) if b else "" for b in range(8)]
_ONLY_SUIT_AND_HONOURS = [W("only_suit_and_honours", suit=_SUIT[_suits_of_bits(b)[0]]) if b else ""
                          for b in range(8)]
_NO_SUIT = [W("no_suit", suit=tuple(_SUIT[s] for s in (1, 2, 3) if s not in _suits_of_bits(b)))
            for b in range(8)]

_CHOWS_ONLY = W("chows_only")
_SIMPLE = {
    "ALL_GREEN": W("all_green"),
    "FOUR_KONGS": lambda fx: _kongs(fx, None),
    "THREE_KONGS": lambda fx: _kongs(fx, None),
    "SEVEN_SHIFTED_PAIRS": lambda fx: said("seven_shifted_pairs", sets=" ".join(
        pack_text(q) for q in fx.reading.packs)),
    "THIRTEEN_ORPHANS": lambda fx: said("thirteen_orphans", tile=_TILE[fx.reading.packs[0][1]]),
    "ALL_TERMINALS": W("all_terminals"),
    "ALL_HONORS": W("all_honors"),
    "FOUR_CONCEALED_PUNGS": _concealed_pungs,
    "THREE_CONCEALED_PUNGS": _concealed_pungs,
    "TWO_CONCEALED_PUNGS": _concealed_pungs,
    "PURE_TERMINAL_CHOWS": lambda fx: said("pure_terminal_chows", tile=_TILE[fx.pair]),
    "THREE_SUITED_TERMINAL_CHOWS": lambda fx: said("three_suited_terminal_chows", tile=_TILE[fx.pair]),
    "ALL_TERMINALS_AND_HONORS": W("all_terminals_and_honors"),
    "SEVEN_PAIRS": lambda fx: said("seven_pairs", sets=" ".join([_TEXT[q] for q in fx.reading.packs])),
    "GREATER_HONORS_AND_KNITTED": lambda fx: said("greater_knitted", knitted=" ".join(
        _knitted_groups(fx.reading.knitted, fx.prep.standing_table))),
    "LESSER_HONORS_AND_KNITTED": lambda fx: said(
        "lesser_knitted", knitted=" ".join(_knitted_groups(fx.reading.knitted, fx.prep.standing_table)),
        honours=_standing_honours(fx.prep)),
    "KNITTED_STRAIGHT": lambda fx: said("knitted_straight", knitted=" ".join(_knitted_groups(fx.reading.knitted))),
    "ALL_EVEN_PUNGS": W("all_even_pungs"),
    "FULL_FLUSH": lambda fx: _ONLY_SUIT[_suit_bits(fx.mask)],
    "HALF_FLUSH": lambda fx: _ONLY_SUIT_AND_HONOURS[_suit_bits(fx.mask)],
    "UPPER_TILES": W("upper_tiles"), "MIDDLE_TILES": W("middle_tiles"), "LOWER_TILES": W("lower_tiles"),
    "UPPER_FOUR": W("upper_four"), "LOWER_FOUR": W("lower_four"),
    "ALL_FIVE": W("all_five"),
    "REVERSIBLE_TILES": W("reversible"),
    "CHICKEN_HAND": W("chicken"),
    "LAST_TILE_DRAW": W("last_tile_draw"),
    "LAST_TILE_CLAIM": W("last_tile_claim"),
    "OUT_WITH_REPLACEMENT_TILE": W("replacement"),
    "ROBBING_THE_KONG": lambda fx: _ROBBING[fx.prep.win],
    "ALL_PUNGS": W("all_pungs"),
    "ALL_TYPES": W("all_types"),
    "MELDED_HAND": W("melded_hand"),
    "TWO_CONCEALED_KONGS": lambda fx: _kongs(fx, False),
    "TWO_MELDED_KONGS": lambda fx: _kongs(fx, True),
    "OUTSIDE_HAND": W("outside_hand"),
    "FULLY_CONCEALED_HAND": W("fully_concealed"),
    "LAST_TILE": lambda fx: (_LAST_COPY_IN_MELDS[fx.prep.win] if fx.prep.fixed_table[fx.prep.win] == 3
                             else _LAST_COPY[fx.prep.win]),
    "DRAGON_PUNG": lambda fx: said("pung_of", sets=tuple([_TEXT[q] for q in fx.pungs if q[1] > 0x44])),
    "PREVALENT_WIND": lambda fx: _ROUND_WIND_TEXT[fx.prep.prevalent],
    "SEAT_WIND": lambda fx: _SEAT_WIND_TEXT[fx.prep.seat],
    "CONCEALED_HAND": W("concealed_hand"),
    "ALL_CHOWS": lambda fx: _ALL_CHOWS_TEXT[fx.pair] if fx.pair else _CHOWS_ONLY,
    "TILE_HOG": _hog,
    "CONCEALED_KONG": lambda fx: _kongs(fx, False),
    "MELDED_KONG": lambda fx: _kongs(fx, True),
    "CONCEALED_KONG_AND_MELDED_KONG": lambda fx: _kongs(fx, None),
    "ALL_SIMPLES": W("all_simples"),
    "PUNG_OF_TERMINALS_OR_HONORS": _terminal_pungs,
    "ONE_VOIDED_SUIT": lambda fx: _NO_SUIT[_suit_bits(fx.mask)],
    "NO_HONORS": W("no_honors"),
    "EDGE_WAIT": lambda fx: _EDGE_TEXT[fx.prep.win],
    "CLOSED_WAIT": lambda fx: _CLOSED_TEXT[fx.prep.win],
    "SINGLE_WAIT": lambda fx: _SINGLE_TEXT[fx.prep.win],
    "SELF_DRAWN": W("self_drawn"),
}


# ---- what the hand shows but does not count ---------------------------------------------------

def _concealed_pung_count(fx: Facts) -> int:
    p = fx.prep
    return sum(1 for k, t, md in fx.pungs if not md and not (k == PUNG and t == p.win and not p.flags & calc.SELF))


def _kong_count(fx: Facts, melded: bool) -> int:
    return sum(1 for q in fx.pungs if q[0] == KONG and q[2] == melded)


def _chow_pair(fx: Facts, fan: int) -> bool:
    return bool(fx.chow_groups(2, combos.two_chows_fan, fan))


def _chow_triple(fx: Facts, fan: int) -> bool:
    return bool(fx.chow_groups(3, combos.three_chows_fan, fan))


def _suits(fx: Facts) -> int:
    mask = fx.mask
    return (mask & _M != 0) + (mask & _S != 0) + (mask & _P != 0)


def _has_hog(fx: Facts) -> bool:
    return bool(_hogs(fx))


def _outside(fx: Facts) -> bool:
    return bool(fx.packs) and all(
        (q[0] == CHOW and (q[1] & 15) in (2, 8)) or (q[0] != CHOW and (q[1] > 0x40 or (q[1] & 15) in (1, 9)))
        for q in fx.packs)


# Fans the reading shows on its face, before 不计 (only those that some counted fan excludes).
# Evaluated lazily, for the names in the 不计 lists of the fans actually counted.
_RAW = {
    "三风刻": lambda fx: sum(1 for q in fx.pungs if calc._wind(q[1])) >= 3,
    "碰碰和": lambda fx: len(fx.pungs) == 4,
    "圈风刻": lambda fx: any(q[1] == fx.prep.prevalent for q in fx.pungs),
    "门风刻": lambda fx: any(q[1] == fx.prep.seat for q in fx.pungs),
    "幺九刻": lambda fx: any([q[1] in _TERMINAL_OR_WIND for q in fx.pungs]),
    "双箭刻": lambda fx: sum(1 for q in fx.pungs if calc._dragon(q[1])) >= 2,
    "箭刻": lambda fx: any([q[1] > 0x44 for q in fx.pungs]),
    "混一色": lambda fx: _suits(fx) == 1 and bool(fx.mask & C.HONOURS),
    "清一色": lambda fx: _suits(fx) == 1 and not fx.mask & C.HONOURS,
    "缺一门": lambda fx: _suits(fx) == 2,
    "无字": lambda fx: not fx.mask & C.HONOURS,
    "门前清": lambda fx: fx.prep.melded_cnt == 0 and not fx.prep.flags & calc.SELF,
    "不求人": lambda fx: fx.prep.melded_cnt == 0 and bool(fx.prep.flags & calc.SELF),
    "自摸": lambda fx: bool(fx.prep.flags & calc.SELF),
    "三杠": lambda fx: _kong_count(fx, True) + _kong_count(fx, False) == 3,
    "双明杠": lambda fx: _kong_count(fx, True) >= 2,
    "双暗杠": lambda fx: _kong_count(fx, False) >= 2,
    "明杠": lambda fx: _kong_count(fx, True) >= 1,
    "暗杠": lambda fx: _kong_count(fx, False) >= 1,
    "单钓将": lambda fx: fx.reading.shape in ("seven_pairs", "seven_shifted_pairs")
    or (fx.pair == fx.prep.win and (fx.reading.unique_wait or (bool(fx.packs) and fx.prep.melded_cnt == 4))),
    "七对": lambda fx: fx.reading.shape == "seven_shifted_pairs"
    or (not fx.prep.fixed and 1 not in fx.prep.standing_table and 3 not in fx.prep.standing_table),
    "五门齐": lambda fx: _suits(fx) == 3 and bool(fx.mask & C.WINDS) and bool(fx.mask & C.DRAGONS),
    "混幺九": lambda fx: not fx.mask & ~C.TERMINALS_HONOURS and bool(fx.mask & C.HONOURS),
    "全带幺": _outside,
    "双同刻": lambda fx: any(combos.two_pungs_fan(a[1], b[1]) == F.DOUBLE_PUNG for a, b in combinations(fx.pungs, 2)),
    "三暗刻": lambda fx: _concealed_pung_count(fx) >= 3,
    "双暗刻": lambda fx: _concealed_pung_count(fx) >= 2,
    "平和": lambda fx: len(fx.chows) == 4 and 0 < fx.pair < 0x40,
    "一般高": lambda fx: _chow_pair(fx, F.PURE_DOUBLE_CHOW),
    "喜相逢": lambda fx: _chow_pair(fx, F.MIXED_DOUBLE_CHOW),
    "连六": lambda fx: _chow_pair(fx, F.SHORT_STRAIGHT),
    "老少副": lambda fx: _chow_pair(fx, F.TWO_TERMINAL_CHOWS),
    "一色三同顺": lambda fx: _chow_triple(fx, F.PURE_TRIPLE_CHOW),
    "一色三步高": lambda fx: _chow_triple(fx, F.PURE_SHIFTED_CHOWS),
    "一色三节高": lambda fx: bool(fx.pung_groups(3, combos.three_pungs_fan, F.PURE_SHIFTED_PUNGS)),
    "四归一": _has_hog,
    "断幺": lambda fx: not fx.mask & C.TERMINALS_HONOURS,
    "大于五": lambda fx: not fx.mask & ~C.RANKS_6_9,
    "小于五": lambda fx: not fx.mask & ~C.RANKS_1_4,
    "全不靠": lambda fx: fx.reading.shape == "honors_knitted",
    "和绝张": lambda fx: bool(fx.prep.flags & calc.LAST_COPY),
}


_EXCLUDE_IDS = {
    F.ID_OF_NAME[name]: tuple((F.ID_OF_NAME[g], g) for g in gs) for name, gs in F.EXCLUDES.items()
}
# per counted fan: (excluded id, excluded name, test, the finished entry) for each name it 不计
_EXCLUDE_ROWS = {
    fan: tuple(
        (gid, g, _RAW.get(g), Exclusion(g, F.NAME_EN[gid], F.NAME_ZH[fan],
                                        W("includes", fan=fan_label(F.NAME_ZH[fan], F.NAME_EN[fan]),
                                          excluded=fan_label(g, F.NAME_EN[gid]))))
        for gid, g in targets
    )
    for fan, targets in _EXCLUDE_IDS.items()
}
_NOT_COUNTED = W("not_counted")
_BIG_CHOW_FANS = (F.QUADRUPLE_CHOW, F.FOUR_PURE_SHIFTED_CHOWS, F.PURE_TERMINAL_CHOWS,
                  F.THREE_SUITED_TERMINAL_CHOWS)
_WHY = [_make_why(i, k) for i, k in enumerate(F.KEYS)]
_WHY_MADE = [None if _fixed(w) else w for w in _WHY]  # the function that words a why, if any


def exclusions(counts: list[int], fx: Facts, counted: list[int] | None = None) -> list[Exclusion]:
    """The fans the hand shows but does not count, with the fan (or principle) that excludes
    each. `counted`: the ids with a count above zero, in order, if already known."""
    if counted is None:
        counted = [i for i, n in enumerate(counts) if n > 0]
    out: list[Exclusion] = []
    seen: set[str] = set()
    for fan in counted:
        rows = _EXCLUDE_ROWS.get(fan)
        if rows is None:
            continue
        for gid, g, test, entry in rows:
            if counts[gid] or g in seen or test is None or not test(fx):
                continue
            seen.add(g)
            out.append(entry)
    if len(fx.chows) < 2:
        return out
    pair_counts = fx.chow_pair_counts()
    if not pair_counts or any(counts[x] for x in _BIG_CHOW_FANS):
        return out
    for fan, found in pair_counts.items():
        name = F.NAME_ZH[fan]
        if name in seen or found <= counts[fan]:
            continue
        seen.add(name)
        key = (fan, counts[fan], found)
        entry = _ACCOUNTED_ONCE.get(key)
        if entry is None:
            entry = _accounted_once(key)
        out.append(entry)
    return out


# 套算一次 entries, one per (fan, times counted, times found): immutable, so shared like the
# fans, and their words and JSON are made once
_ACCOUNTED_ONCE: dict[tuple[int, int, int], Exclusion] = {}


def _accounted_once(key: tuple[int, int, int]) -> Exclusion:
    fan, n, found = key
    counted = W("counted_of", n=n, found=found) if n else _NOT_COUNTED
    entry = _ACCOUNTED_ONCE[key] = Exclusion(F.NAME_ZH[fan], F.NAME_EN[fan], ACCOUNT_ONCE,
                                             W("account_once", counted=counted))
    return entry


def describe(reading, prep) -> tuple[tuple[Fan, ...], tuple[Exclusion, ...], str]:
    """(fans, exclusions, arrangement text) of the chosen reading."""
    counts = reading.fans
    fx = Facts(reading, prep)
    counted = [i for i in compress(_IDS, counts) if counts[i] > 0]
    fans = []
    for i in counted:
        n = counts[i]
        const = _CONST_FANS[i]
        if const is not None and n < 5:
            fans.append(const[n])
            continue
        make = _WHY_MADE[i]
        why = _WHY[i] if make is None else make(fx)
        obj = _SHARED_FANS.get((i, n, id(why)))
        if obj is None:
            obj = _shared_fan(i, n, why)
        fans.append(obj)
    return tuple(fans), tuple(exclusions(counts, fx, counted)), arrangement_text(reading, prep)


_IDS = range(F.SIZE)
# Fan objects are immutable: one is shared per (fan, count, why message), up to a bound. The
# key holds the message's id, not the message: a Msg hashes in Python, an id in C, and the why
# messages of a hand come from words.said, which returns the same object for the same words.
# The Fan in the entry holds its message, so no other object can take that id while the entry
# lives; an equal message that is another object only makes a second, equal Fan.
_SHARED_FANS: dict[tuple[int, int, int], Fan] = {}


def shared_fan(fan: int, count: int, why: Msg | str) -> Fan:
    """The Fan object for fan id `fan` counted `count` times, with its why text."""
    obj = _SHARED_FANS.get((fan, count, id(why)))
    return obj if obj is not None else _shared_fan(fan, count, why)


def _shared_fan(i: int, n: int, why: Msg | str) -> Fan:
    if len(_SHARED_FANS) > 1 << 14:
        _SHARED_FANS.clear()
    obj = _SHARED_FANS[i, n, id(why)] = Fan(F.NAME_ZH[i], F.NAME_EN[i], F.VALUE[i], n, why)
    return obj


# Fans whose why text never changes, as Fan objects for counts 0-4, made at import.
_CONST_FANS = [
    tuple(Fan(F.NAME_ZH[i], F.NAME_EN[i], F.VALUE[i], n, w) for n in range(5)) if _fixed(w) else None
    for i, w in enumerate(_WHY)
]


def clear_shared() -> None:
    _SHARED_FANS.clear()
    _ACCOUNTED_ONCE.clear()
    forget_said()
