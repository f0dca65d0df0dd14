"""Turn the detector's boxes for one photo into the shared hand model.

`read_layout(detections, width, height)` does not need the image: it fits the row(s) of the hand on
the box centres (any angle, a slight curve, one or two rows; vision/layout/geometry.py), then
weighs every way to cut the rows into the standing tiles, the winning tile and declared melds
(vision/layout/melds.py) and keeps the reading the photo supports best:

* gaps: a gap of about a third of a tile width or more separates groups; tiles inside a group
  touch. Gaps are measured in local tile widths, so nothing depends on the photo's size.
* the scorer: a reading must have the right number of tiles (14 plus one per kong, Hand.validate)
  and should be a winning hand (standard, seven pairs, thirteen orphans, or whatever the chosen
  rule set accepts);
* the detector: where it was unsure, its alternative codes may complete a meld, at a cost;
* habits: players sort their standing tiles left to right, set the winning tile apart on their
  right, and place melds to the right. These only break ties: they also decide which way the
  row runs for the player when the photo was taken from across the table or rotated (the row
  is read left to right in the photo unless the sort order says otherwise).

Table conventions (claimed tiles turned sideways, kongs, concealed kongs) are in
vision/layout/melds.py, whom the melds were claimed from in vision/layout/claims.py. Given the
photo (`image=`), the faces' pixels add a cue for which tiles lie sideways (vision/layout/image.py).
Nothing is dropped or invented silently: merged boxes, stray tiles, hidden kong tiles and
undecidable choices (no winning tile set apart, whom a meld was claimed from) are all listed in
`LayoutResult.notes`, with the other readings (other claims too) in `alternatives`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from scoring import tiles as T
from scoring.hand import Hand, HandError, WinContext
from scoring.messages import Msg
from scoring.ruleset import hand_sets
from vision.layout.boxes import TileBox, parse_detections
from vision.layout.claims import (
    claim_options,
    describe_change,
    meld_text,
    same_tiles,
    settle_claims,
)
from vision.layout.geometry import gaps_between
from vision.layout.hypotheses import LayoutReader, Reading
from vision.layout.image import photo_lab
from vision.layout.links import hand_links, missing_tiles
from vision.layout.result import (
    Alternative,
    LayoutResult,
    NoHandShape,
    NoRow,
    NoTiles,
    hand_key,
)
from vision.layout.scene import Scene, build_scene
from vision.layout.words import M


def read_layout(detections: Iterable[Any], width: float | None = None,
              height: float | None = None, *, context: WinContext | None = None,
              rules: str | None = None, options: Mapping[str, Any] | None = None,
              max_alternatives: int = 4, image: Any = None,
              sets: int | None = None) -> LayoutResult:
    """Read the hand shown by `detections` (dicts or TileBox: code, box, confidence,
    alternatives) in a photo of `width` x `height` pixels. `image` (optional, the photo as a
    BGR array, at any size when `width` is given) adds a cue from the faces' pixels for which
    tiles lie sideways. `sets`: the sets of a complete hand besides its pair (by default the
    rule set's RuleSet.sets: 4, or 5 in 16-tile games; 4 without a rule set)."""
    if sets is None:
        sets = hand_sets(rules, options)  # the rule set's, under these options
    dets, notes = parse_detections(detections)
    lab, lab_scale = photo_lab(image, width)
    context = context or WinContext()
    if not dets:
        return LayoutResult(None, 0.0, [], notes + [M("no_tiles")], [],
                            failure=NoTiles(M("no_tiles")))
    scene, reader, found, notes = _best_rows(dets, notes, context, rules, options, lab, lab_scale,
                                             sets)
    tiles_in_rows = sum(1 for row in scene.rows for s in row if not s.is_flower)
    if not scene.rows or tiles_in_rows < 2:
        msg = M("no_row")
        return LayoutResult(None, 0.0, [], notes + [msg], dets, failure=NoRow(msg))
    if not found:
        n = tiles_in_rows + sum(1 for row in scene.rows for s in row if s.site.top is not None)
        others = len(scene.strays)
        key = {0: "no_hand_shape", 1: "no_hand_shape_one_away"}.get(others, "no_hand_shape_away")
        msg = M(key, n=n, size=3 * sets + 2, **({"others": others} if others > 1 else {}))
        gaps = missing_tiles([[s for s in row if not s.is_flower] for row in scene.rows],
                             gaps_between)
        return LayoutResult(None, 0.0, [], notes + [msg] + [g.describe() for g in gaps], dets,
                            failure=NoHandShape(msg), missing=gaps)
    # best cost per distinct hand
    best: dict[tuple, tuple[float, Hand, Reading, list[Msg]]] = {}
    for item in found:
        k = hand_key(item[1])
        if k not in best or item[0] < best[k][0]:
            best[k] = item
    ranked = sorted(best.values(), key=lambda x: x[0])
    c0 = ranked[0][0]
    weights = [math.exp(-(c - c0)) for c, *_ in ranked]
    total = sum(weights)
    cost, hand, reading, judge_notes = ranked[0]
    hand, reading = settle_claims(hand, reading)
    legal = not judge_notes
    winning = legal and reader.is_winning(hand)
    notes.extend(_explain(hand, reading, ranked, weights, total, legal, winning, scene))
    notes.extend(judge_notes)
    used = [s for s in reading.concealed] + ([reading.win] if reading.win else [])
    used += [s for slots, _ in reading.melds for s in slots]
    left_out, hidden = _bookkeeping(scene, reading, notes)
    confs = [s.site.det.confidence for s in used]
    mean_conf = sum(confs) / len(confs) if confs else 0.0
    # whom the melds were claimed from: the chosen claims' share, and the other claims
    share, claim_alts = claim_options(hand, reading)
    base = (weights[0] / total) * mean_conf * share
    conf = base * (1.0 if legal else 0.2) * (1.0 if winning else 0.7)
    cands = [(w / total * mean_conf, h, r) for (_c, h, r, _jn), w in zip(ranked[1:], weights[1:],
                                                                          strict=False)]
    cands += [(base * rel, h, reading) for rel, h in claim_alts]
    cands.sort(key=lambda x: -x[0])
    alts, seen = [], {hand_key(hand)}
    flower_sites = _flower_sites(scene)
    for c, h, r in cands:
        if len(alts) >= max_alternatives or hand_key(h) in seen:
            continue
        seen.add(hand_key(h))
        score = _score(h, rules, options) if rules else None
        alts.append(Alternative(h, c, score, describe_change(hand, h),
                                hand_links(h, r, flower_sites)))
    gaps = missing_tiles([reading.concealed], gaps_between)
    notes.extend(g.describe() for g in gaps)
    return LayoutResult(hand, float(min(1.0, max(0.0, conf))), alts, notes, dets, legal,
                        winning, left_out=left_out, hidden=hidden,
                        links=hand_links(hand, reading, flower_sites), missing=gaps)


def _flower_sites(scene: Scene) -> list:
    """The photo's flowers, in the order LayoutReader lists them in a hand."""
    return [s.site for row in scene.rows for s in row if s.is_flower] + list(scene.loose_flowers)


def _bookkeeping(scene: Scene, reading: Reading, notes: list[Msg]) -> tuple[list[TileBox], int]:
    """Every box is in the hand or listed here (and in the notes): strays, boxes merged as
    duplicates, tiles left out at a row's end, stacked boxes that did not make a kong."""
    left: list[TileBox] = [site.det for site, _ in scene.strays]
    hidden = 0
    rows_sites = [s.site for row in scene.rows for s in row] + list(scene.loose_flowers)
    for site in rows_sites:
        left.extend(site.merged)
        if T.is_flower(site.code):  # a flower counts once, however many boxes it has
            for extra in (site.top, site.maybe_top):
                if extra is not None:
                    left.append(extra)
                    notes.append(M("double_box", code=site.code))
    for s in reading.dropped:
        left.append(s.site.det)
        for extra in (s.site.top, s.site.maybe_top):
            if extra is not None:
                left.append(extra)
    in_kong: set[int] = set()
    for slots, mr in reading.melds:
        if mr.meld.kind == "kong" and len(slots) == 3:
            hidden += mr.hidden
            for s in slots:
                in_kong.add(id(s))
    for slots in [reading.concealed, [reading.win] if reading.win else []] + [
            sl for sl, _ in reading.melds]:
        for s in slots:
            site = s.site
            used_extra = id(s) in in_kong
            if site.top is not None and not (used_extra and site.top is not None):
                left.append(site.top)
                notes.append(M("left_out", box=site.top.describe(), why=M("why_on_top")))
            if site.maybe_top is not None:
                kong_uses = used_extra and not any(
                    x.site.top is not None for x in slots if x is not s)
                if not kong_uses:
                    left.append(site.maybe_top)
                    notes.append(M("double_box", code=site.code))
    return left, hidden


UNUSED_ROW_TILE = 1.0  # cost of leaving a tile of a fitted row near the hand unexplained
# how far off a row's line a tile may lie (tile widths) when fitting rows, and whether any end
# tile of a row may be left out: the usual band, and a narrower one (two rows that nearly line
# up in a low view, or flat melds beside standing tiles, fit as one mixed row with the usual
# band); then, only where neither reads as a hand, loose ends (a loose tile touching a row's
# end, in line with it)
ROW_FITS = ((0.45, False), (0.3, False), (0.45, True), (0.3, True))


def _best_rows(dets, notes, context, rules, options, lab=None, lab_scale=1.0, sets=4):
    """Which fitted row holds the standing tiles and which (if any) the rest of the hand: the
    choice whose best reading explains the most (a tray or another player's row nearby does
    not parse as melds, a row of melds does). The rows fitted with a narrower band win where
    they read better and keep as many flowers (leaving a flower out costs nothing)."""
    best = None
    read: dict[tuple, tuple] = {}  # the same rows fitted again are read once
    memo: dict = {}  # and the rows of a band fitted once, a face on a line measured once
    odds: dict = {}  # and a meld read once, whichever scene shows its tiles alike
    for band, loose_ends in ROW_FITS:
        here = None
        scene = build_scene(dets, list(notes), lab=lab, lab_scale=lab_scale, band=band,
                            memo=memo)
        choices = [scene.choice] + [c for c in scene.options if c != scene.choice]
        for i, choice in enumerate(choices):
            if i:
                scene = build_scene(dets, list(notes), choice, lab, lab_scale, band, memo)
            key = (loose_ends, _fingerprint(scene))
            if key not in read:
                reader = LayoutReader(scene, context, rules, options, loose_ends, sets, odds)
                read[key] = (scene, reader, reader.readings() if scene.rows else [])
            scene, reader, found = read[key]
            cost = min((f[0] for f in found), default=math.inf) + UNUSED_ROW_TILE * scene.unused
            if here is None or cost < here[0]:
                here = (cost, scene, reader, found, _flowers_kept(scene))
        if best is None or (here[0] < best[0] and (here[4] >= best[4] or best[0] == math.inf)):
            best = here
        if best[0] < math.inf and band < ROW_FITS[0][0]:
            break
    _, scene, reader, found, _ = best
    out_notes = list(scene.notes)
    for site, why in scene.strays:
        out_notes.append(M("left_out", box=site.det.describe(), why=why))
    return scene, reader, found, out_notes


def _fingerprint(scene: Scene) -> tuple:
    """Everything a reader reads off a scene (two fits that agree on it read alike); a box
    stands for its detection."""
    def box(det):
        return None if det is None else tuple(det.box)

    rows = tuple(tuple((box(s.site.det), s.u, s.v, s.along, s.across, s.unit, s.pside, s.raised,
                        tuple(s.normal), s.features, s.face_depth, s.face_grain,
                        box(s.site.top), box(s.site.maybe_top), s.site.flat_top)
                       for s in row) for row in scene.rows)
    frames = tuple((tuple(f.origin), tuple(f.direction), tuple(f.coef)) for f in scene.frames)
    return (rows, frames, tuple(box(f.det) for f in scene.loose_flowers), scene.unused,
            tuple((box(x.det), why) for x, why in scene.strays), tuple(scene.notes))


def _flowers_kept(scene: Scene) -> int:
    return sum(s.is_flower for row in scene.rows for s in row) + len(scene.loose_flowers)


def _score(hand: Hand, rules: str, options) -> float | None:
    from scoring.ruleset import score_hand

    try:
        return float(score_hand(hand, rules, options).total)
    except HandError:  # an alternative the rule set refuses has no score
        return None


def _explain(hand, reading: Reading, ranked, weights, total, legal, winning, scene) -> list[Msg]:
    notes = []
    for s in reading.dropped:
        notes.append(M("left_out", box=s.site.det.describe(), why=M("why_row_end")))
    if reading.win is None and hand.win_tile:
        others = sorted({h.win_tile for c, h, *_ in ranked[1:6]
                         if h.win_tile != hand.win_tile and same_tiles(h, hand)})
        also = M("also_possible", tiles=others) if others else ""
        notes.append(M("win_chosen" if winning else "win_taken", tile=hand.win_tile, also=also))
    for _slots, mr in reading.melds:
        m = mr.meld
        if mr.note:
            notes.append(mr.note)
        if not m.concealed and m.claimed_from is None:
            notes.append(M("claim_unknown", meld=meld_text(m)))
    if reading.orient == -1:
        notes.append(M("right_to_left"))
    if legal and not winning:
        notes.append(M("not_winning"))
    if len(ranked) > 1 and weights[1] / total > 0.2:
        notes.append(M("almost", change=describe_change(hand, ranked[1][1])))
    return notes


__all__ = ["read_layout"]
