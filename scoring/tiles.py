"""Tile codes of the project contract and the compact integer ids used by the engine.

Codes: 1m..9m, 1p..9p, 1s..9s, 1z..7z (E S W N, White Green Red), 1f..8f (seasons, flowers),
and `back` (a face-down tile; only the detector produces it).
"""

from __future__ import annotations

SUITS = ("m", "p", "s")

# The 34 playing tiles, in engine id order: 0-8 m, 9-17 p, 18-26 s, 27-33 z.
TILE_CODES: tuple[str, ...] = tuple(
    [f"{n}{s}" for s in SUITS for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
)
FLOWER_CODES: tuple[str, ...] = tuple(f"{n}f" for n in range(1, 9))
BACK = "back"

# Detector classes: exactly the order of the contract (index 0 is 1m, 42 is back).
DETECTOR_CLASSES: tuple[str, ...] = TILE_CODES + FLOWER_CODES + (BACK,)

TILE_ID: dict[str, int] = {c: i for i, c in enumerate(TILE_CODES)}

WIND_CODES = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}
DRAGON_CODES = ("5z", "6z", "7z")

CHINESE_NAMES: dict[str, str] = {}
_NUM_ZH = "一二三四五六七八九"
for _n in range(9):
    CHINESE_NAMES[f"{_n + 1}m"] = f"{_NUM_ZH[_n]}万"
    CHINESE_NAMES[f"{_n + 1}p"] = f"{_NUM_ZH[_n]}筒"
    CHINESE_NAMES[f"{_n + 1}s"] = f"{_NUM_ZH[_n]}条"
for _i, _zh in enumerate("东南西北白发中"):
    CHINESE_NAMES[f"{_i + 1}z"] = _zh
for _i, _zh in enumerate("春夏秋冬梅兰菊竹"):
    CHINESE_NAMES[f"{_i + 1}f"] = _zh
CHINESE_NAMES[BACK] = "背面"

ENGLISH_NAMES: dict[str, str] = {}
for _n in range(9):
    # "1 Character", "2 Characters": one tile of a suit is named in the singular
    ENGLISH_NAMES[f"{_n + 1}m"] = f"{_n + 1} Character" + ("s" if _n else "")
    ENGLISH_NAMES[f"{_n + 1}p"] = f"{_n + 1} Dot" + ("s" if _n else "")
    ENGLISH_NAMES[f"{_n + 1}s"] = f"{_n + 1} Bamboo"
for _i, _en in enumerate(["East", "South", "West", "North", "White", "Green", "Red"]):
    ENGLISH_NAMES[f"{_i + 1}z"] = _en
for _i, _en in enumerate(
    ["Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Chrysanthemum", "Bamboo flower"]
):
    ENGLISH_NAMES[f"{_i + 1}f"] = _en
ENGLISH_NAMES[BACK] = "Face-down tile"


def is_tile(code: str) -> bool:
    return code in TILE_ID


def is_flower(code: str) -> bool:
    return code in FLOWER_CODES


def copies_in_a_set(code: str) -> int:
    """How many of a tile one set holds: four of each playing tile, one of each flower."""
    return 1 if is_flower(code) else 4


def suit(code: str) -> str:
    return code[-1]


def rank(code: str) -> int:
    return int(code[0])


def is_honor(code: str) -> bool:
    return code[-1] == "z"


def is_suited(code: str) -> bool:
    return code[-1] in SUITS


def is_terminal(code: str) -> bool:
    return is_suited(code) and code[0] in "19"


def is_terminal_or_honor(code: str) -> bool:
    return is_honor(code) or is_terminal(code)


def next_in_suit(code: str, step: int = 1) -> str | None:
    """The tile `step` ranks higher in the same suit, or None past 9 (honours have none)."""
    if not is_suited(code):
        return None
    n = rank(code) + step
    return f"{n}{code[-1]}" if 1 <= n <= 9 else None


def sort_key(code: str) -> tuple[int, int]:
    order = {"m": 0, "p": 1, "s": 2, "z": 3, "f": 4}
    if code == BACK:
        return (5, 0)
    return (order[code[-1]], int(code[0]))


def sorted_codes(codes) -> list[str]:
    return sorted(codes, key=sort_key)
