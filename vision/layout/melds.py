"""Reading one group of tiles on the table as a declared meld.

Table conventions used (the player's left to right; see vision/layout/reader.py for how the row's
direction is found):
- A claimed tile is turned sideways; its place in the meld, read from the player's left to
  right, says whom it came from: first = the player on the left (上家), last = the player on the
  right (下家), any middle place = the player across (对家). A chow can only be claimed from the
  left player, so a chow with a sideways tile is always `claimed_from = left`.
- A kong is shown as four tiles in a row, as three with the fourth lying on (or beside) one of
  them, or, when concealed, with two tiles face down (outer or middle pair) and two face up.
  Four face-up identical tiles are an exposed kong. A fourth tile lying on a sideways tile is an
  added kong (加杠: the tile was added to a claimed pung).
- No sideways tile: the meld is exposed but whom it was claimed from is unknown (None).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from scoring import tiles as T
from scoring.hand import Meld
from scoring.messages import Msg
from vision.layout.boxes import iou
from vision.layout.geometry import Slot, box_fit_parts, box_parts, small_median
from vision.layout.words import M

SIDEWAYS = 0.5  # pside above this reads as a tile turned sideways
IN_MELD = 0.3  # ... and inside a meld, where one sideways tile is expected
LONE_MELD_PHOTO = 0.15  # ... in a player's only exposed meld (no other meld shows the
# convention), with the photo's cues: the fewest claims missed or imagined on the lone melds
# read in seeds 1-9 of the synthetic scenes (7 -> 4-5 of 503 from 0.10 to 0.23, the middle
# taken; the layout test's seed held out). From the boxes alone (odds less sharp) IN_MELD stays
# (9 there at 0.3, 13 at 0.15)
DOUBLE_BOX = 0.88  # boxes overlapping more than this (IoU) are one tile boxed twice
RAISED = 0.3  # a tile this far (tile widths) off its neighbours' line may lie on a hidden one


@dataclass(frozen=True)
class MeldReading:
    meld: Meld
    cost: float
    note: Msg | None = None  # what a player should know about this reading of the meld
    hidden: int = 0  # tiles counted that the photo does not show (a kong's covered tile)


def _chow_place_cost(pos: int | None, k: int) -> float:
    """A claimed chow tile is shown first (it came from the left): elsewhere is unusual, and
    at the far end it says the row may run the other way for the player."""
    if pos is None or pos == 0:
        return 0.0
    return 1.5 if pos == k - 1 else 0.8


MELD_W = (-3.61, 4.74, 23.37, 12.57, 12.2, 18.02)  # bias, shape, offset, spacing, offset margin,
# box fit: logistic regression on the tiles of the exposed melds read (with the photo) in the
# fully visible scenes among the first 300 of seeds 1 and 2 (about 500 melds; the layout test's
# seed and seeds 3-9 held out)
MELD_W_PHOTO = (-5.66, 4.88, 20.12, 12.21, 6.64, 24.72, 10.68, 3.45, 10.0)  # the same refitted
# with the photo's cues (vision/layout/image.py: face depth, `_shallower`; grain, `_turned`) on
# the tiles of the melds read in the same seeds' scenes; then the weight of `_print_turned`
# alone, the others kept (refitting all of them too traded chows the print cannot see)


def meld_features(slots: list[Slot], memo: MeldOdds | None = None) -> list[tuple[float, ...]]:
    """Sideways cues of each tile of a meld against the other tiles of the same meld: shape
    (along/across ratio, where the box shape tells), offset off the meld's line, spacing to its
    neighbours, offset margin over the others, box fit (geometry.box_fit), the photo's
    cues (face depth, grain, and for one print the turned match), and how far it sits off the
    line beyond a sideways tile's offset (lying on another tile). `memo` keeps each tile's
    turned match for the scene's other melds."""
    turned = memo.print_turned if memo is not None else _print_turned
    ratios = [math.log(max(s.along, 1e-6) / max(s.across, 1e-6)) for s in slots]
    mid_v = small_median([x.v for x in slots])
    offs = [abs(s.v - mid_v) / s.unit for s in slots]
    depths = [math.log(max(s.face_depth, 1e-3)) if s.face_depth else None for s in slots]
    grains = [s.face_grain for s in slots]
    parts = [box_parts(s) for s in slots]
    out = []
    for j, s in enumerate(slots):
        others_r = [r for i, r in enumerate(ratios) if i != j]
        rel = s.features[0] if s.features else 0.0
        shape = (ratios[j] - small_median(others_r)) * min(1.0, 3 * rel)
        spread = s.features[2] if s.features else 0.0
        margin = min(0.25, offs[j] - max(o for i, o in enumerate(offs) if i != j))
        out.append((shape, min(offs[j], 0.35), spread, margin,
                    box_fit_parts(parts[j], [x for i, x in enumerate(parts) if i != j]),
                    _shallower(depths, j), _turned(grains, j), turned(s),
                    max(0.0, offs[j] - RAISED)))
    return out


def _shallower(depths: list[float | None], j: int) -> float:
    """How much less far across the row tile j's face reaches in the photo than the others'
    (log ratio; a sideways face: about log(4/3) = 0.29), from 0 to 0.3; 0 without the photo. A
    face that looks deeper than the others says nothing: its mask took in the tile's side, or
    theirs are cut short by what lies in front."""
    others = [d for i, d in enumerate(depths) if i != j and d is not None]
    if depths[j] is None or not others:
        return 0.0
    return max(0.0, min(0.3, small_median(others) - depths[j]))


def _turned(grains: list[float | None], j: int) -> float:
    """How much less of tile j's edge energy runs along the row than the other tiles' (its
    face turned a quarter: `Slot.face_grain`), from 0 to 2; 0 without the photo."""
    others = [g for i, g in enumerate(grains) if i != j and g is not None]
    if grains[j] is None or not others:
        return 0.0
    return max(0.0, min(2.0, small_median(others) - grains[j]))


def _print_turned(slot: Slot) -> float:
    """How much better the middle of the tile's face matches the other faces of the same print
    in the hand (`Slot.print_mates`: in a pung or kong, its own meld's) turned a quarter than
    as they lie (either way up), median over them; from -0.5 to 1, 0 without the photo or
    two other faces of the tile."""
    pj = slot.face_patch
    if pj is None or len(slot.print_mates) < 2:  # one other face: which of the two is turned?
        return 0.0
    out = []
    for mate in slot.print_mates:
        same = max(float(np.sum(pj * np.rot90(mate, k))) for k in (0, 2))
        turned = max(float(np.sum(pj * np.rot90(mate, k))) for k in (1, 3))
        out.append(turned - same)
    return max(-0.5, min(1.0, small_median(out))) if out else 0.0


class MeldOdds:
    """The sideways odds of meld tiles, and the readings of groups as melds, worked out once
    per photo: the same tiles are judged again for every reading, both reading directions and
    every fit of the rows that describes them alike, and a scene's slots do not change once it
    is built. Keyed by everything of the tiles these read (`_slot_key`), so two scenes' slots
    share an entry only when they would read alike. `store`: the entries, shared by the scenes
    of one read_layout call (never between threads)."""

    def __init__(self, store: dict | None = None):
        self._store = {} if store is None else store
        for name in ("odds", "melds", "turned", "alive"):
            self._store.setdefault(name, {} if name != "alive" else [])
        self._keys: dict[int, tuple[Slot, tuple]] = {}  # id(slot) -> (slot, its key)
        self._seen: dict[tuple, tuple[list[Slot], tuple]] = {}  # this scene's groups by id

    def _key(self, slot: Slot) -> tuple:
        got = self._keys.get(id(slot))
        if got is None:
            got = (slot, _slot_key(slot, self._store["alive"]))
            self._keys[id(slot)] = got
        return got[1]

    def _kept(self, slots: list[Slot]) -> bool:
        # slots built by hand, not from parsed detections, may change: not kept
        return min(s.site.det.index for s in slots) >= 0

    def of(self, slots: list[Slot]) -> list[float]:
        if not self._kept(slots):
            return _meld_sideways(slots)
        key = tuple(map(self._key, slots))
        odds = self._store["odds"]
        if key not in odds:
            back = key[::-1]
            # each tile is judged against the others of the meld, whatever their order
            odds[key] = odds[back][::-1] if back in odds else tuple(_meld_sideways(slots, self))
        return list(odds[key])

    def melds(self, slots: list[Slot], in_meld: float, ignore_tops: bool) -> list[MeldReading]:
        """read_meld's readings of `slots`, worked out once."""
        if not slots or not self._kept(slots):
            return _read_meld_group(slots, in_meld, ignore_tops, self)
        mine = (tuple(map(id, slots)), in_meld, ignore_tops)
        got = self._seen.get(mine)
        if got is None:
            key = (tuple(map(self._key, slots)), in_meld, ignore_tops)
            melds = self._store["melds"]
            if key not in melds:
                melds[key] = tuple(_read_meld_group(slots, in_meld, ignore_tops, self))
            got = self._seen[mine] = (list(slots), melds[key])  # the slots keep their ids
        return list(got[1])

    def parsers(self, scene) -> dict:
        """A place for the row parsers of `scene` (vision/layout/hypotheses.py), kept while
        the store lives (with the scene, so its id is not taken by another)."""
        kept = self._store.setdefault("parsers", {})
        if id(scene) not in kept:
            kept[id(scene)] = (scene, {})
        return kept[id(scene)][1]

    def print_turned(self, slot: Slot) -> float:
        """_print_turned of one slot (it does not depend on the meld the slot is judged in)."""
        if not self._kept([slot]):
            return _print_turned(slot)
        key = (id(slot.face_patch), tuple(map(id, slot.print_mates)))
        turned = self._store["turned"]
        if key not in turned:
            self._store["alive"].append((slot.face_patch, slot.print_mates))
            turned[key] = _print_turned(slot)
        return turned[key]


def _slot_key(s: Slot, alive: list) -> tuple:
    """Everything of a slot that its meld readings and sideways odds read: its box, codes and
    doubts, its place and extents on the row, its cues, the boxes on it. The photo's patches
    are arrays, named by identity (`alive` keeps them, so no other array takes their id)."""
    d, top, maybe = s.site.det, s.site.top, s.site.maybe_top
    alive.append((s.face_patch, s.print_mates))
    return (d.index, d.code, d.box, d.confidence, d.alternatives, s.v, s.along, s.across,
            s.unit, s.pside, s.raised, s.normal, s.features, s.face_depth, s.face_grain,
            id(s.face_patch), tuple(map(id, s.print_mates)),
            None if top is None else top.box, None if maybe is None else maybe.box)


def meld_sideways(slots: list[Slot], memo: MeldOdds | None = None) -> list[float]:
    """Odds that each tile of a meld lies sideways, judged against the other tiles of the same
    meld (more telling than the whole row's neighbours: one tile in a meld is the odd one);
    `memo` keeps them for the scene's next readings."""
    if len(slots) < 3:
        return [s.pside for s in slots]
    return memo.of(slots) if memo is not None else _meld_sideways(slots)


def _meld_sideways(slots: list[Slot], memo: MeldOdds | None = None) -> list[float]:
    out = []
    photo = any(s.face_depth for s in slots)
    b, *w = MELD_W_PHOTO if photo else MELD_W
    for f in meld_features(slots, memo):
        z = b + sum(wi * fi for wi, fi in zip(w, f[:len(w)], strict=True))
        z -= 40 * f[-1]  # that far off the line: lying on another tile
        out.append(1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))))
    return out


def _chow(codes: list[str]) -> bool:
    a, b, c = T.sorted_codes(codes)
    return T.is_suited(a) and T.next_in_suit(a) == b and T.next_in_suit(b) == c


def claim_source(position: int, size: int) -> str:
    """Whom a meld was claimed from, by where its sideways tile lies (the table convention: the
    claimed tile is turned on the side of the player it came from). The seat that player sits
    in is scoring.payments.claimed_from_seat's business, not the layout's."""
    if position == 0:
        return "left"
    if position == size - 1:
        return "right"
    return "across"


def read_meld(slots: list[Slot], in_meld: float = IN_MELD, ignore_tops: bool = False,
              memo: MeldOdds | None = None) -> list[MeldReading]:
    """Every plausible reading of `slots` (in the player's left-to-right order) as one meld;
    its likeliest tile reads as sideways when its odds exceed `in_meld`. A box lying on one
    of them counts as the meld's fourth tile, or (at a cost) as a stray tile on it. `memo`
    keeps the readings for the scene's next hypotheses."""
    if memo is not None:
        return memo.melds(slots, in_meld, ignore_tops)
    return _read_meld_group(slots, in_meld, ignore_tops, None)


def _read_meld_group(slots: list[Slot], in_meld: float, ignore_tops: bool,
                     memo: MeldOdds | None) -> list[MeldReading]:
    k = len(slots)
    if not 1 <= k <= 4 or any(s.is_flower for s in slots):
        return []
    backs = [i for i, s in enumerate(slots) if s.is_back]
    tops = [] if ignore_tops else [i for i, s in enumerate(slots) if s.site.top is not None]
    if tops:
        out = _read_meld(slots, in_meld, backs, tops, memo)
        return out + [MeldReading(r.meld, r.cost + STRAY_ON_MELD, r.note, r.hidden)
                      for r in read_meld(slots, in_meld, ignore_tops=True, memo=memo)
                      if not (r.meld.kind == "kong" and k == 3)]
    return _read_meld(slots, in_meld, backs, tops, memo)


def _may_meld(codes: list[str], run: bool) -> bool:
    """Whether tiles `codes` (the first of a meld's) may still make one: all one tile, or
    (`run`) distinct tiles of one suit within a chow's span."""
    first = codes[0]
    if all(c == first for c in codes):
        return True
    if not run or not all(T.is_suited(c) and c[-1] == first[-1] for c in codes):
        return False
    ranks = [T.rank(c) for c in codes]
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) <= 2


def _meld_combos(options: list[list[tuple[str, float]]], run: bool) -> list[tuple]:
    """The combinations of the tiles' (code, cost) options, in itertools.product's order,
    that may make a meld (see _may_meld): the others give no reading, and a group of four
    tiles with five options each has 625 combinations."""
    options = [[o for o in opts if T.is_tile(o[0])] for opts in options]
    out: list[tuple] = []

    def extend(prefix: list[tuple[str, float]]) -> None:
        if len(prefix) == len(options):
            out.append(tuple(prefix))
            return
        for opt in options[len(prefix)]:
            if _may_meld([c for c, _ in prefix] + [opt[0]], run):
                extend(prefix + [opt])

    extend([])
    return out


STRAY_ON_MELD = 2.5  # a box on a meld's tile that is not its fourth tile (a stray lying there)


def _read_meld(slots: list[Slot], in_meld: float, backs: list[int], tops: list[int],
               memo: MeldOdds | None) -> list[MeldReading]:
    k = len(slots)
    n_tiles = k + len(tops)
    out: list[MeldReading] = []
    if backs:
        faces = [s for s in slots if not s.is_back]
        if n_tiles != 4 or tops or not faces or len(backs) == 4:
            return []
        codes = {s.code for s in faces}
        if len(codes) != 1 or not T.is_tile(next(iter(codes))):
            # a misread face: allow the detector's alternatives to agree
            common = set.intersection(*[{c for c, _ in s.candidates()} for s in faces])
            if not common:
                return []
            code = sorted(common)[0]
            cost = 1.0
        else:
            code, cost = next(iter(codes)), 0.0
        if sorted(backs) not in ([0, 3], [1, 2]):
            cost += 1.0
        cost += sum(max(0.0, s.pside - SIDEWAYS) * 2 for s in slots)
        return [MeldReading(Meld("kong", (code,) * 4, concealed=True), cost)]
    side = meld_sideways(slots, memo)
    # inside a meld one sideways tile is expected: take the likeliest if it is likely enough
    best = max(range(k), key=lambda i: side[i])
    pos = best if side[best] > in_meld else None
    cost_side = 1.5 * sum(1 for i in range(k) if i != best and side[i] > SIDEWAYS)
    if n_tiles not in (3, 4) or (n_tiles == 3 and k != 3):
        return out  # no meld of these tiles (_read_meld's cases below)
    options = [s.candidates() for s in slots]
    for combo in _meld_combos(options, run=n_tiles == 3):
        codes = [c for c, _ in combo]
        cost = sum(x for _, x in combo) + cost_side
        tiles = list(codes) + [codes[i] for i in tops]
        if len(tiles) == 3 and len(set(tiles)) == 1 and k == 3:
            out.append(_pung_or_kong(slots, codes[0], pos, cost))
            maybe = [i for i in range(k) if slots[i].site.maybe_top is not None]
            raised = [i for i in range(k) if slots[i].raised > RAISED and i != pos]
            if maybe:
                # a tile lying on another shows shifted by the tile's thickness; two boxes on
                # almost the same pixels are more likely one tile boxed twice
                site = slots[maybe[0]].site
                twice = iou(site.det.box, site.maybe_top.box)[0] > DOUBLE_BOX
                out.append(MeldReading(
                    _kong(codes[0], pos, k, on=maybe[0], on_side=maybe[0] == pos),
                    cost + (1.5 if twice else 0.4), M("kong_doubled", code=codes[0])))
                if not twice:
                    out[-2] = MeldReading(out[-2].meld, out[-2].cost + 0.6, out[-2].note)
            elif raised:
                i = max(raised, key=lambda j: slots[j].raised)
                r = slots[i].raised
                out.append(MeldReading(
                    _kong(codes[0], pos, k, on=i, on_side=False), cost + max(0.2, 1.6 - 2 * r),
                    M("kong_hidden", code=codes[0]), hidden=1))
                out[-2] = MeldReading(out[-2].meld, out[-2].cost + min(2.0, 2.5 * r), None)
        elif len(tiles) == 3 and k == 3 and _chow(tiles):
            claimed = codes[pos] if pos is not None else None
            note = None
            if pos is not None and pos != 0:
                chow = "".join(c[0] for c in T.sorted_codes(tiles)) + tiles[0][-1]
                note = M("chow_side", chow=chow)
            out.append(MeldReading(
                Meld("chow", tuple(T.sorted_codes(tiles)), claimed_from="left" if pos is not None
                     else None, claimed_tile=claimed), cost + _chow_place_cost(pos, k), note))
        elif len(tiles) == 4 and len(set(tiles)) == 1:
            if tops:
                i = tops[0]
                top_side = slots[i].site.top is not None and side[i] > SIDEWAYS
                out.append(MeldReading(_kong(codes[0], pos, k, on=i, on_side=top_side), cost))
            else:
                out.append(_pung_or_kong(slots, codes[0], pos, cost, kong=True))
    return out


def claim_thresholds(odds: list[float], photo: bool = False) -> list[float]:
    """Players follow one table convention for all their melds: where another meld clearly
    shows a sideways tile, a weaker sign in this one is one too; where none of the others
    shows any, this one needs a clear sign; a lone meld shows no convention (LONE_MELD_PHOTO
    where the photo's cues sharpen its odds). `odds`: each meld's likeliest sideways tile."""
    out = []
    for j in range(len(odds)):
        others = max((o for i, o in enumerate(odds) if i != j), default=None)
        if others is None:
            out.append(LONE_MELD_PHOTO if photo else IN_MELD)
        elif others >= CLEAR_CLAIM:
            out.append(IN_MELD_SEEN)
        elif others < IN_MELD:
            out.append(IN_MELD_UNSEEN)
        else:
            out.append(IN_MELD)
    return out


CLEAR_CLAIM, IN_MELD_SEEN, IN_MELD_UNSEEN = 0.7, 0.15, 0.6  # chosen on synthetic scenes of
# another seed than the layout test's


def _pung_or_kong(slots, code, pos, cost, kong=False) -> MeldReading:
    k = len(slots)
    src = claim_source(pos, k) if pos is not None else None
    tiles = (code,) * (4 if kong else 3)
    return MeldReading(Meld("kong" if kong else "pung", tiles, claimed_from=src,
                            claimed_tile=code if pos is not None else None), cost)


def _kong(code: str, pos: int | None, k: int, on: int, on_side: bool) -> Meld:
    """A kong shown as three tiles with the fourth on (or beside) tile `on`."""
    src = claim_source(pos, k) if pos is not None else None
    return Meld("kong", (code,) * 4, claimed_from=src, added=bool(on_side and pos == on),
                claimed_tile=code if pos is not None else None)
