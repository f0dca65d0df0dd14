"""Random valid hands in the contract's hand JSON, plus how each meld is shown on the table.

Mostly winning hands (four sets and a pair, sometimes seven pairs or thirteen orphans), some
random non-winning 14-tile hands; never five copies of a tile; 14 tiles plus one per kong. With
`sets=5` (16-tile games: Yuhuan, Fujian) always five sets and a pair: 17 tiles plus one per kong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from scoring.tiles import FLOWER_CODES, SUITS, TILE_CODES, sorted_codes

WINDS = ("E", "S", "W", "N")
ORPHANS = [f"{n}{s}" for s in SUITS for n in (1, 9)] + [f"{n}z" for n in range(1, 8)]


@dataclass
class MeldPlan:
    """One declared meld: its JSON fields and how it lies on the table."""

    kind: str
    tiles: list[str]
    concealed: bool = False
    claimed_from: str | None = None
    added: bool = False
    claimed_index: int | None = None  # which displayed tile was claimed (shown sideways)

    def to_json(self) -> dict:
        out = {"kind": self.kind, "tiles": sorted_codes(self.tiles), "concealed": self.concealed,
               "claimed_from": self.claimed_from}
        if self.added:
            out["added"] = True
        if self.claimed_index is not None:
            out["claimed_tile"] = self.tiles[self.claimed_index]
        return out


@dataclass
class HandPlan:
    concealed: list[str]
    melds: list[MeldPlan]
    win_tile: str
    self_drawn: bool
    seat_wind: str
    round_wind: str
    flowers: list[str]
    kind: str  # standard | seven_pairs | thirteen_orphans | random
    remaining: Counter = field(default_factory=Counter)  # wall left for distractor tiles

    def to_json(self) -> dict:
        return {
            "concealed": sorted_codes(self.concealed),
            "melds": [m.to_json() for m in self.melds],
            "win_tile": self.win_tile,
            "self_drawn": self.self_drawn,
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
            "flowers": sorted_codes(self.flowers),
        }


def _take(avail: Counter, tiles: list[str]) -> bool:
    need = Counter(tiles)
    if any(avail[c] < n for c, n in need.items()):
        return False
    avail.subtract(need)
    return True


def _pick_set(rng: np.random.Generator, avail: Counter, kind: str) -> list[str] | None:
    for _ in range(30):
        if kind == "chow":
            s = SUITS[rng.integers(3)]
            a = int(rng.integers(1, 8))
            tiles = [f"{a}{s}", f"{a + 1}{s}", f"{a + 2}{s}"]
        else:
            code = TILE_CODES[rng.integers(len(TILE_CODES))]
            tiles = [code] * (4 if kind == "kong" else 3)
        if _take(avail, tiles):
            return tiles
    return None


def _claim(rng: np.random.Generator, kind: str) -> str:
    return "left" if kind == "chow" else ("left", "across", "right")[rng.integers(3)]


# how many of the sets are declared melds: four sets (as generator version 5 drew), five sets
EXPOSED_P = {4: [0.28, 0.3, 0.22, 0.12, 0.08], 5: [0.2, 0.25, 0.22, 0.15, 0.1, 0.08]}


def _standard(rng, avail, sets: int = 4) -> tuple[list[str], list[MeldPlan]] | None:
    groups = []
    for _ in range(sets):
        kind = ("chow", "pung", "kong")[rng.choice(3, p=[0.5, 0.37, 0.13])]
        tiles = _pick_set(rng, avail, kind)
        if tiles is None:
            return None
        groups.append((kind, tiles))
    pair = _pick_set(rng, avail, "pair")
    if pair is None:
        return None
    pair = pair[:2]
    avail[pair[0]] += 1  # _pick_set took three
    n_exposed = int(rng.choice(sets + 1, p=EXPOSED_P[sets]))
    order = rng.permutation(sets)
    melds, concealed = [], list(pair)
    for rank, i in enumerate(order):
        kind, tiles = groups[i]
        if kind == "kong" and (rank >= n_exposed or rng.random() < 0.35):
            melds.append(MeldPlan("kong", tiles, concealed=True))
        elif rank < n_exposed or kind == "kong":
            src = _claim(rng, kind)
            added = kind == "kong" and rng.random() < 0.3
            melds.append(MeldPlan(kind, tiles, claimed_from=src, added=added))
        else:
            concealed += tiles
    return concealed, melds


def _random_melds(rng, avail, n: int) -> list[MeldPlan]:
    melds = []
    for _ in range(n):
        kind = ("chow", "pung")[rng.integers(2)]
        tiles = _pick_set(rng, avail, kind)
        if tiles:
            melds.append(MeldPlan(kind, tiles, claimed_from=_claim(rng, kind)))
    return melds


@dataclass(frozen=True)
class HandSpec:
    """Which game's hands to draw: `sets` 4 (13 + 1 tiles) or 5 (16 + 1), whether the game has
    flowers, tile codes its hands never hold. YUHUAN: 16 tiles, no flowers, 白板 never held."""

    sets: int = 4
    flowers: bool = True
    leave_out: tuple[str, ...] = ()


YUHUAN = HandSpec(sets=5, flowers=False, leave_out=("5z",))


def generate_hand(rng: np.random.Generator, sets: int = 4, flowers: bool = True,
                  leave_out: tuple[str, ...] = ()) -> HandPlan:
    """A random valid hand; the closed part includes the winning tile until it is picked out.
    `sets=5`: a 16-tile game's hand (five sets and a pair, always standard); `flowers=False`
    for games without flowers; `leave_out`: tile codes the hand never holds (Yuhuan's 白板 is
    set aside as a bonus tile, never held)."""
    while True:
        avail = Counter({c: 0 if c in leave_out else 4 for c in TILE_CODES})
        if sets == 4:
            kind = ("standard", "seven_pairs", "thirteen_orphans", "random")[
                rng.choice(4, p=[0.78, 0.07, 0.03, 0.12])]
        else:
            kind = "standard"
        melds: list[MeldPlan] = []
        if kind == "standard":
            res = _standard(rng, avail, sets)
            if res is None:
                continue
            closed, melds = res
        elif kind == "seven_pairs":
            codes = rng.choice(len(TILE_CODES), 7, replace=False)
            closed = [TILE_CODES[i] for i in codes for _ in range(2)]
            _take(avail, closed)
        elif kind == "thirteen_orphans":
            closed = ORPHANS + [ORPHANS[rng.integers(len(ORPHANS))]]
            _take(avail, closed)
        else:
            melds = _random_melds(rng, avail, int(rng.choice(3, p=[0.6, 0.25, 0.15])))
            pool = [c for c, n in avail.items() for _ in range(n)]
            idx = rng.choice(len(pool), 14 - 3 * len(melds), replace=False)
            closed = [pool[i] for i in idx]
            _take(avail, closed)
        win = closed.pop(int(rng.integers(len(closed))))
        for m in melds:
            if m.claimed_from is not None and rng.random() < 0.85:
                m.claimed_index = int(rng.integers(len(m.tiles)))
        shown: list[str] = []
        if rng.random() < 0.45 and flowers:
            k = int(rng.choice([1, 2, 3, 4, 5, 8], p=[0.35, 0.28, 0.17, 0.12, 0.05, 0.03]))
            shown = [FLOWER_CODES[i] for i in sorted(rng.choice(8, k, replace=False))]
        self_drawn = bool(rng.random() < 0.35)
        rest = Counter({c: n for c, n in avail.items() if n > 0})
        for f in FLOWER_CODES if flowers else ():
            if f not in shown:
                rest[f] = 1
        return HandPlan(
            concealed=closed, melds=melds, win_tile=win, self_drawn=self_drawn,
            seat_wind=WINDS[rng.integers(4)], round_wind=WINDS[rng.integers(4)],
            flowers=shown, kind=kind, remaining=rest,
        )
