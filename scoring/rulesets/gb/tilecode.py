"""Engine tile numbers for the Guobiao scorer: suit * 16 + rank.

Suits are numbered characters 1, bamboo 2, dots 3, honours 4, and honours ranked E S W N Red Green
White (1..7), the order of the reference calculator (ChineseOfficialMahjong / pymahjonggb). The gaps
between suits make "t + 3 == u" a same-suit test, and keeping the reference order makes ties
between equal-scoring arrangements break the same way as the reference.
"""

from __future__ import annotations

from scoring import tiles as T

_SUIT_NO = {"m": 1, "s": 2, "p": 3}
_HONOUR_RANK = {"1z": 1, "2z": 2, "3z": 3, "4z": 4, "7z": 5, "6z": 6, "5z": 7}

CODE_TO_T: dict[str, int] = {}
for _c in T.TILE_CODES:
    if _c[-1] == "z":
        CODE_TO_T[_c] = 0x40 + _HONOUR_RANK[_c]
    else:
        CODE_TO_T[_c] = _SUIT_NO[_c[-1]] * 16 + int(_c[0])
T_TO_CODE: dict[int, str] = {v: k for k, v in CODE_TO_T.items()}
ALL_T: tuple[int, ...] = tuple(sorted(CODE_TO_T.values()))
TABLE_SIZE = 0x48

WINDS_T = (0x41, 0x42, 0x43, 0x44)
DRAGONS_T = (0x45, 0x46, 0x47)
WIND_OF_SEAT = {"E": 0x41, "S": 0x42, "W": 0x43, "N": 0x44}


def mask_of(tiles) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t
    return m


def _codes_mask(codes: str) -> int:
    return mask_of(CODE_TO_T[c] for c in codes.split())


SUIT_MASK = {s: mask_of(s * 16 + r for r in range(1, 10)) for s in (1, 2, 3)}
NUMBERED = SUIT_MASK[1] | SUIT_MASK[2] | SUIT_MASK[3]
HONOURS = mask_of(range(0x41, 0x48))
WINDS = mask_of(WINDS_T)
DRAGONS = mask_of(DRAGONS_T)
TERMINALS = mask_of(s * 16 + r for s in (1, 2, 3) for r in (1, 9))
TERMINALS_HONOURS = TERMINALS | HONOURS
GREEN = _codes_mask("2s 3s 4s 6s 8s 6z")
REVERSIBLE = _codes_mask("2s 4s 5s 6s 8s 9s 1p 2p 3p 4p 5p 8p 9p 5z")


def ranks_mask(ranks) -> int:
    return mask_of(s * 16 + r for s in (1, 2, 3) for r in ranks)


RANKS_1_4 = ranks_mask((1, 2, 3, 4))
RANKS_1_3 = ranks_mask((1, 2, 3))
RANKS_6_9 = ranks_mask((6, 7, 8, 9))
RANKS_7_9 = ranks_mask((7, 8, 9))
RANKS_4_6 = ranks_mask((4, 5, 6))
RANK_4 = ranks_mask((4,))
RANK_6 = ranks_mask((6,))

THIRTEEN_ORPHANS = TERMINALS_HONOURS
# The six knitted straights (组合龙): 147, 258, 369 in the three suits, one each.
KNITTED = tuple(
    tuple(s * 16 + r for s, start in zip((1, 2, 3), starts, strict=True) for r in (start, start + 3, start + 6))
    for starts in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1))
)
KNITTED_MASKS = tuple(mask_of(k) for k in KNITTED)


def label(t: int) -> str:
    """'5p' for the engine number of 5 dots."""
    return T_TO_CODE[t]
