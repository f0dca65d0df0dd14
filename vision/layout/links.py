"""Which box each tile of a reading was read from, and where a row seems to lack a tile.

Why: the app draws each tile of the hand on its box and lets a tap correct that tile; matching
codes back to boxes afterwards puts a repeated code on the wrong box (a 7m among the discards
for the row's own 7m). The reading knows its slots, so the link is taken from them here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Any

from scoring.hand import Hand, Meld
from scoring.messages import Msg
from vision.layout.words import M

MISSING_GAP = (0.7, 1.6)  # a gap inside a row this wide (tile widths) may be a missing tile


@dataclass(frozen=True)
class TileLinks:
    """For each tile of a hand, in the order of the Hand's fields (concealed, each meld's
    tiles, win_tile, flowers), the index in the input detections of the box it was read from;
    None where no box shows it (a kong's tile hidden under another). A face-down tile links to
    its `back` box."""

    concealed: tuple[int | None, ...]
    melds: tuple[tuple[int | None, ...], ...]
    win_tile: int | None
    flowers: tuple[int | None, ...]

    def to_json(self) -> dict[str, Any]:
        return {"concealed": list(self.concealed), "melds": [list(m) for m in self.melds],
                "win_tile": self.win_tile, "flowers": list(self.flowers)}


@dataclass(frozen=True)
class MissingTile:
    """A gap in a row about a tile wide: a tile may be missing there (or hidden, or not
    found). `at` is the gap's middle in the photo's pixels, `between` the two boxes beside it."""

    at: tuple[float, float]
    between: tuple[int, int]
    width: float  # in tile widths

    def to_json(self) -> dict[str, Any]:
        return {"at": [round(self.at[0], 1), round(self.at[1], 1)], "between": list(self.between),
                "width": round(self.width, 2)}

    def describe(self) -> Msg:
        return M("missing", x=f"{self.at[0]:.0f}", y=f"{self.at[1]:.0f}", a=self.between[0],
                 b=self.between[1], w=f"{self.width:.1f}")


def _index(det) -> int | None:
    return det.index if det is not None and det.index >= 0 else None


def _take(slots: list, code: str, last: bool = False):
    found = [k for k, s in enumerate(slots) if s.code == code]
    return slots.pop(found[-1] if last else found[0]) if found else None


def meld_links(slots: list, meld: Meld) -> tuple[int | None, ...]:
    """The boxes of a meld's tiles, in the order of `meld.tiles`."""
    if meld.kind == "chow":
        return _chow_links(slots, meld)
    own = [_index(s.site.det) for s in slots]
    extra = len(meld.tiles) - len(own)
    if extra > 0:  # a kong shown with a tile on another (or one hidden under it)
        on = [s.site.top for s in slots if s.site.top is not None]
        on = on or [s.site.maybe_top for s in slots if s.site.maybe_top is not None]
        own += [_index(d) for d in on[:extra]]
        own += [None] * (len(meld.tiles) - len(own))
    return tuple(own[:len(meld.tiles)])


def _chow_links(slots: list, meld: Meld) -> tuple[int | None, ...]:
    """A chow's tiles are sorted; its slots may have been read by an alternative code: the
    cheapest assignment of tiles to slots the slots' candidates allow (the one the reader
    chose)."""
    best, best_cost = None, float("inf")
    for order in permutations(range(len(slots))):
        cost = 0.0
        for tile, k in zip(meld.tiles, order, strict=False):
            costs = dict(slots[k].candidates())
            if tile not in costs:
                break
            cost += costs[tile]
        else:
            if cost < best_cost:
                best, best_cost = order, cost
    order = best if best is not None else tuple(range(len(slots)))
    return tuple(_index(slots[k].site.det) for k in order[:len(meld.tiles)])


def hand_links(hand: Hand, reading, flower_sites: list) -> TileLinks:
    """The box of every tile of `hand`, read as `reading` (its slots), with the photo's
    flowers (`flower_sites`, in the order the reader lists them)."""
    standing = list(reading.concealed)
    if reading.win is not None:
        win = _index(reading.win.site.det)
    else:  # the reader takes the winning tile as the rightmost standing tile of its code
        slot = _take(standing, hand.win_tile, last=True) if hand.win_tile else None
        win = _index(slot.site.det) if slot is not None else None
    concealed = []
    for code in hand.concealed:
        slot = _take(standing, code)
        concealed.append(_index(slot.site.det) if slot is not None else None)
    melds = tuple(meld_links(slots, m) for (slots, _), m in
                  zip(reading.melds, hand.melds, strict=False))
    sites = list(flower_sites)
    flowers = []
    for code in hand.flowers:
        found = next((k for k, s in enumerate(sites) if s.code == code), None)
        flowers.append(_index(sites.pop(found).det) if found is not None else None)
    return TileLinks(tuple(concealed), melds, win, tuple(flowers))


def gap_box(at: tuple[float, float], boxes) -> tuple[float, float, float, float]:
    """The box of a tile put in a gap (a MissingTile's `at`): the photo's median tile size
    (`boxes`: x1, y1, x2, y2), centred there. A tile the player says the photo missed goes
    there, so the layout reads the row with it (mjlens/ui/photo.py read_with_tile)."""
    import numpy as np

    sizes = np.array([(b[2] - b[0], b[3] - b[1]) for b in boxes], float).reshape(-1, 2)
    w, h = (float(v) for v in np.median(sizes, axis=0))
    return (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)


def missing_tiles(rows: list[list], gaps_between) -> list[MissingTile]:
    """Gaps inside the given rows of slots (each in its order) about a tile wide."""
    out = []
    for row in rows:
        for a, b, g in zip(row[:-1], row[1:], gaps_between(row), strict=True):
            if MISSING_GAP[0] <= g <= MISSING_GAP[1]:
                (ax, ay), (bx, by) = a.site.det.centre, b.site.det.centre
                out.append(MissingTile(((ax + bx) / 2, (ay + by) / 2),
                                       (a.site.det.index, b.site.det.index), float(g)))
    return out
