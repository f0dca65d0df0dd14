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
from dataclasses import dataclass, field
from typing import Any

from scoring import tiles as T
from scoring.decompose import all_arrangements
from scoring.hand import Hand, HandError, WinContext
from scoring.notation import format_hand
from vision.layout.claims import (
    claim_options,
    describe_change,
    meld_text,
    same_tiles,
    settle_claims,
)
from vision.layout.geometry import Slot, TileBox, gaps_between, parse_detections
from vision.layout.image import photo_lab
from vision.layout.links import MissingTile, TileLinks, hand_links, missing_tiles
from vision.layout.melds import MeldOdds, MeldReading, meld_sideways, read_meld
from vision.layout.order import is_sorted, order_cost, sortedness
from vision.layout.scene import Scene, build_scene, far_side

# gap costs, in tile widths
IN_GAP = 0.22  # gaps inside a group stay below this
OUT_GAP = 0.30  # gaps between groups are at least this
IN_SLOPE, OUT_SLOPE = 8.0, 12.0
ILLEGAL = 30.0
NOT_WINNING = 6.0
STRAY = 5.0
SPLIT = 4.0  # melds on both sides of the standing tiles, or in both rows
FAR_ROW = 2.5  # melds in a row on the player's side of the standing tiles (they lie beyond)
SIDE_IN_BLOCK = 4.0  # a standing tile that looks sideways (per unit of odds over 0.3)


@dataclass
class Alternative:
    hand: Hand
    confidence: float
    score: float | None = None
    why: str = ""
    links: TileLinks | None = None  # the box of each tile of `hand`

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand.to_json(), "notation": format_hand(self.hand),
                "confidence": round(self.confidence, 4), "score": self.score, "why": self.why,
                "links": self.links.to_json() if self.links else None}


class LayoutFailure(ValueError):
    """Why no hand was read (LayoutResult.failure): its kind says what the photo showed."""


class NoTiles(LayoutFailure):
    """No usable tile box at all."""


class NoRow(LayoutFailure):
    """Tiles, but no row of them that could be a hand."""


class NoHandShape(LayoutFailure):
    """A row of tiles that cannot be split into standing tiles, a winning tile and melds."""


@dataclass
class LayoutResult:
    """The reading of one photo. `hand` is None when no hand could be made of the tiles;
    `legal` says whether it passed Hand.validate; `notes` lists everything uncertain."""

    hand: Hand | None
    confidence: float
    alternatives: list[Alternative] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    detections: list[TileBox] = field(default_factory=list)
    legal: bool = False
    winning: bool = False
    failure: LayoutFailure | None = None
    left_out: list[TileBox] = field(default_factory=list)  # boxes not in the hand (see notes)
    hidden: int = 0  # tiles in the hand that no box shows (a kong's covered tile)
    links: TileLinks | None = None  # the box (index in `detections`) of each tile of `hand`
    missing: list[MissingTile] = field(default_factory=list)  # gaps where a tile may be missing

    @property
    def error(self) -> str | None:
        return str(self.failure) if self.failure is not None else None

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.hand.to_json() if self.hand else None,
            "notation": format_hand(self.hand) if self.hand else None,
            "confidence": round(self.confidence, 4),
            "legal": self.legal,
            "winning": self.winning,
            "uncertain": list(self.notes),
            "alternatives": [a.to_json() for a in self.alternatives],
            "detections": [d.to_json() for d in self.detections],
            "links": self.links.to_json() if self.links else None,
            "missing": [m.to_json() for m in self.missing],
            **({"error": self.error} if self.error else {}),
        }


# ---- hypotheses -------------------------------------------------------------------------------


@dataclass
class Reading:
    cost: float
    concealed: list[Slot]
    win: Slot | None  # set apart; None: chosen among the concealed tiles
    melds: list[tuple[list[Slot], MeldReading]]
    dropped: list[Slot]
    orient: int
    notes: list[str]
    odds: MeldOdds | None = None  # the scene's memo of meld tiles' sideways odds


def _gaps(slots: list[Slot]) -> list[float]:
    return gaps_between(slots)


def _seq_gaps(row: list[Slot]) -> tuple[list[Slot], list[float], list[Slot]]:
    """Non-flower slots of a row with the gap between each and the next (a flower in between
    counts by the largest gap along the way), and the flowers."""
    g = _gaps(row)
    idx = [i for i, s in enumerate(row) if not s.is_flower]
    seq = [row[i] for i in idx]
    gaps = [max(g[i:j]) for i, j in zip(idx[:-1], idx[1:], strict=True)]
    return seq, gaps, [s for s in row if s.is_flower]


def c_in(g: float) -> float:
    return max(0.0, g - IN_GAP) * IN_SLOPE


def c_out(g: float) -> float:
    return max(0.0, OUT_GAP - g) * OUT_SLOPE


class _RowParser:
    """Best ways to read a stretch of a row as declared melds only (cached by stretch)."""

    def __init__(self, seq: list[Slot], gaps: list[float], odds: MeldOdds):
        self.seq, self.gaps, self.odds = seq, gaps, odds
        self.cache: dict[tuple[int, int], list[tuple[float, list]]] = {}

    def melds(self, a: int, b: int, keep: int = 3) -> list[tuple[float, list]]:
        """Readings of seq[a:b] as consecutive melds: [(cost, [(slots, MeldReading)])]."""
        key = (a, b)
        if key in self.cache:
            return self.cache[key]
        if a == b:
            res = [(0.0, [])]
        else:
            cands: list[tuple[float, list]] = []
            for k in (2, 3, 4):
                if a + k > b:
                    break
                group = self.seq[a:a + k]
                readings = read_meld(group, memo=self.odds)
                if not readings:
                    continue
                inner = sum(c_in(g) for g in self.gaps[a:a + k - 1])
                edge = c_out(self.gaps[a + k - 1]) if a + k < b else 0.0
                rest = self.melds(a + k, b, keep)
                for r in readings:
                    for rc, rm in rest:
                        cands.append((r.cost + inner + edge + rc, [(group, r)] + rm))
            cands.sort(key=lambda x: x[0])
            res = cands[:keep]
        self.cache[key] = res
        return res


def _windowed_sideways(seq: list[Slot], odds: MeldOdds) -> list[float]:
    """Each tile's odds of lying sideways, judged as in a meld against its neighbours (the
    most telling three-tile window around it): a claimed tile among the standing tiles is
    most likely a meld that touches them."""
    out = [s.pside for s in seq]
    for a in range(len(seq) - 2):
        win = seq[a:a + 3]
        if any(s.is_back or s.is_flower for s in win):
            continue
        for k, p in enumerate(meld_sideways(win, odds)):
            out[a + k] = max(out[a + k], p)
    return out


class LayoutReader:
    def __init__(self, scene: Scene, context: WinContext, rules: str | None,
                 options: Mapping[str, Any] | None, loose_ends: bool = False):
        self.scene = scene
        self.loose_ends = loose_ends  # any row's end tile may be left out (a last resort)
        self.context = context
        self.rules = rules
        self.options = options
        self._win_cache: dict[tuple, bool] = {}
        self.odds = MeldOdds()  # the scene's meld tiles' sideways odds, worked out once

    # -- winning check --------------------------------------------------------------------------
    def is_winning(self, hand: Hand) -> bool:
        key = (tuple(sorted(hand.closed_tiles)), tuple(m.kind for m in hand.melds),
               tuple(m.tiles for m in hand.melds))
        if key in self._win_cache:
            return self._win_cache[key]
        ok = bool(all_arrangements(hand))
        if not ok and self.rules:
            from scoring.ruleset import score_hand

            try:
                ok = bool(score_hand(hand, self.rules, self.options).is_win)
            except HandError:  # the rule set refuses this hand: not a win (a bug surfaces)
                ok = False
        self._win_cache[key] = ok
        return ok

    # -- enumerate readings ---------------------------------------------------------------------
    def readings(self) -> list[tuple[float, Hand, Reading, list[str]]]:
        rows = self.scene.rows
        out: list[tuple[float, Hand, Reading, list[str]]] = []
        for orient in (1, -1):
            prepared = []
            for row in rows:
                r = row if orient == 1 else row[::-1]
                seq, gaps, flowers = _seq_gaps(r)
                prepared.append((seq, gaps, flowers))
            for main in range(len(rows)):
                out.extend(self._read_main(prepared, main, orient))
        return out

    def _trims(self, seq, gaps):
        """Which end slots may be left out as strays: (left, right, cost)."""
        n = len(seq)
        opts = [(0, 0, 0.0)]
        if n >= 2:
            # an unsure detection set apart at the end of a row is the likeliest stray
            doubt = [3.0 * (1.0 - min(1.0, s.site.det.confidence)) for s in (seq[0], seq[-1])]
            # ... and so is a tile well off the row's line (a loose tile beside its end)
            off = [min(2.0, 2 * max(0.0, s.raised - 0.25)) for s in (seq[0], seq[-1])]
            left_ok = (gaps[0] > OUT_GAP or seq[0].is_back or doubt[0] > 1.5 or off[0] > 0.4
                       or self.loose_ends)
            right_ok = (gaps[-1] > OUT_GAP or seq[-1].is_back or doubt[1] > 1.5 or off[1] > 0.4
                        or self.loose_ends)
            if left_ok:
                opts.append((1, 0, STRAY - min(3.0, gaps[0]) - doubt[0] - off[0]))
            if right_ok:
                opts.append((0, 1, STRAY - min(3.0, gaps[-1]) - doubt[1] - off[1]))
        return opts

    def _read_main(self, prepared, main: int, orient: int):
        other_rows = [i for i in range(len(prepared)) if i != main]
        # other rows: melds only
        other_parses: list[tuple[float, list, list[Slot]]] = [(0.0, [], [])]
        for i in other_rows:
            seq, gaps, _ = prepared[i]
            far = far_side(self.scene.frames, main, i) * orient  # > 0: on the player's side
            other_parses = [(c + FAR_ROW * (far > 0 and bool(seq)), m, d)
                            for c, m, d in other_parses]
            parser = _RowParser(seq, gaps, self.odds)
            row_opts = []
            for tl, tr, tc in self._trims(seq, gaps):
                for c, m in parser.melds(tl, len(seq) - tr, keep=2):
                    dropped = seq[:tl] + seq[len(seq) - tr:]
                    row_opts.append((c + tc, m, dropped))
            if not seq:
                row_opts = [(0.0, [], [])]
            if not row_opts:
                row_opts = [(STRAY * len(seq), [], list(seq))]
            other_parses = [(a + c, ma + m, da + d) for a, ma, da in other_parses
                            for c, m, d in row_opts]
        seq, gaps, _ = prepared[main]
        n = len(seq)
        parser = _RowParser(seq, gaps, self.odds)
        side_odds = _windowed_sideways(seq, self.odds)
        results = []
        melds_other_min = min(len(m) for _, m, _ in other_parses)
        for tl, tr, tcost in self._trims(seq, gaps):
            lo, hi = tl, n - tr
            for i0 in range(lo, hi):
                for i1 in range(i0 + 1, hi + 1):
                    block_n = i1 - i0
                    for mode in ("inside", "after", "before"):
                        if mode == "after" and i1 >= hi:
                            continue
                        if mode == "before" and i0 <= lo:
                            continue
                        closed = block_n + (0 if mode == "inside" else 1)
                        if closed < 2 or closed > 14 or (14 - closed) % 3:
                            continue
                        need_melds = (14 - closed) // 3
                        if need_melds < melds_other_min:
                            continue
                        left_end = i0 - 1 if mode == "before" else i0
                        right_start = i1 + 1 if mode == "after" else i1
                        left = parser.melds(lo, left_end)
                        right = parser.melds(right_start, hi)
                        if not left or not right:
                            continue
                        cost = tcost
                        cost += sum(c_in(g) for g in gaps[i0:i1 - 1])
                        if mode == "after":
                            cost += c_out(gaps[i1 - 1])
                            win = seq[i1]
                        elif mode == "before":
                            cost += c_out(gaps[i0 - 1]) + 1.5
                            win = seq[i0 - 1]
                        else:
                            win = None
                            cost += 1.0
                        if left_end > lo:
                            cost += c_out(gaps[left_end - 1]) + 0.3
                        if right_start < hi:
                            cost += c_out(gaps[right_start - 1])
                        block = seq[i0:i1]
                        cost += sum(SIDE_IN_BLOCK * max(0.0, side_odds[j] - 0.3) for j in range(i0, i1))
                        cost += sum(8.0 for s in block if s.is_back)
                        if win is not None:
                            cost += 2 * max(0.0, win.pside - 0.5) + (8.0 if win.is_back else 0.0)
                        dropped_main = seq[:lo] + seq[hi:]
                        for lc, lm in left[:2]:
                            for rc, rm in right[:2]:
                                for oc, om, od in other_parses:
                                    melds = lm + rm + om
                                    if len(melds) != need_melds:
                                        continue
                                    # players keep their melds together, on one side
                                    split = SPLIT if sum(map(bool, (lm, rm, om))) > 1 else 0.0
                                    results.append(Reading(
                                        cost + lc + rc + oc + split, block, win, melds,
                                        dropped_main + od, orient, [], self.odds))
        return [h for r in results for h in self._hands(r)]

    def _hands(self, r: Reading):
        """Hands from one reading (several when the winning tile must be chosen)."""
        codes = [s.code for s in r.concealed]
        melds = tuple(m.meld for _, m in r.melds)
        flowers = self._flowers(r)
        base_cost = r.cost
        # which way the row runs for the player: a sorted hand reads left to right
        srt = sortedness(codes)
        base_cost += 0.6 * max(0, -srt) + order_cost(codes if r.win is not None else [])
        out = []
        if r.win is not None:
            hand = self._make(codes, melds, r.win.code, flowers)
            c, notes = self._judge(hand, base_cost)
            out.append((c, hand, r, notes))
            return out
        seen = set()
        last = codes[-1] if codes else None
        for pos in range(len(codes) - 1, -1, -1):
            code = codes[pos]
            if code in seen or not T.is_tile(code):
                continue
            seen.add(code)
            rest = codes[:pos] + codes[pos + 1:]
            hand = self._make(rest, melds, code, flowers)
            extra = 0.0 if code == last else 0.8
            if is_sorted(rest) and not is_sorted(codes):
                extra -= 0.6
            c, notes = self._judge(hand, base_cost + extra + order_cost(rest))
            out.append((c, hand, r, notes))
        return out

    def _flowers(self, r: Reading) -> tuple[str, ...]:
        fl = [s.code for row in self.scene.rows for s in row if s.is_flower]
        fl += [s.code for s in self.scene.loose_flowers]
        return tuple(T.sorted_codes(fl))

    def _make(self, concealed, melds, win, flowers) -> Hand:
        return Hand(tuple(T.sorted_codes(concealed)), tuple(melds), win, flowers, self.context)

    def _judge(self, hand: Hand, cost: float) -> tuple[float, list[str]]:
        try:
            hand.validate()
        except HandError as exc:
            return cost + ILLEGAL, [str(exc)]
        if not self.is_winning(hand):
            return cost + NOT_WINNING, []
        return cost, []


# ---- public API -------------------------------------------------------------------------------


def hand_key(hand: Hand) -> tuple:
    """What the photo decides: standing tiles, melds (kind, tiles, concealed, claimed_from),
    winning tile, flowers."""
    return (
        tuple(sorted(hand.concealed)),
        tuple(sorted((m.kind, m.tiles, m.concealed, m.claimed_from or "") for m in hand.melds)),
        hand.win_tile,
        tuple(sorted(hand.flowers)),
    )


def read_layout(detections: Iterable[Any], width: float | None = None,
              height: float | None = None, *, context: WinContext | None = None,
              rules: str | None = None, options: Mapping[str, Any] | None = None,
              max_alternatives: int = 4, image: Any = None) -> LayoutResult:
    """Read the hand shown by `detections` (dicts or TileBox: code, box, confidence,
    alternatives) in a photo of `width` x `height` pixels. `image` (optional, the photo as a
    BGR array, at any size when `width` is given) adds a cue from the faces' pixels for which
    tiles lie sideways."""
    dets, notes = parse_detections(detections)
    lab, lab_scale = photo_lab(image, width)
    context = context or WinContext()
    if not dets:
        return LayoutResult(None, 0.0, [], notes + ["No tiles were found in the photo."], [],
                            failure=NoTiles("No tiles were found in the photo."))
    scene, reader, found, notes = _best_rows(dets, notes, context, rules, options, lab, lab_scale)
    tiles_in_rows = sum(1 for row in scene.rows for s in row if not s.is_flower)
    if not scene.rows or tiles_in_rows < 2:
        msg = "No row of tiles that could be a hand was found."
        return LayoutResult(None, 0.0, [], notes + [msg], dets, failure=NoRow(msg))
    if not found:
        n = tiles_in_rows + sum(1 for row in scene.rows for s in row if s.site.top is not None)
        others, verb = len(scene.strays), "was" if len(scene.strays) == 1 else "were"
        away = f" ({others} more in the photo {verb} left out of it)" if others > 0 else ""
        msg = (f"{n} tiles found in the hand{away}, but they cannot be split into standing tiles, "
               "a winning tile and melds (a hand has 14 tiles plus one per kong).")
        gaps = missing_tiles([[s for s in row if not s.is_flower] for row in scene.rows],
                             gaps_between)
        return LayoutResult(None, 0.0, [], notes + [msg] + [g.describe() for g in gaps], dets,
                            failure=NoHandShape(msg), missing=gaps)
    # best cost per distinct hand
    best: dict[tuple, tuple[float, Hand, Reading, list[str]]] = {}
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


def _bookkeeping(scene: Scene, reading: Reading, notes: list[str]) -> tuple[list[TileBox], int]:
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
                    notes.append(f"Two boxes of {site.code} cover the same tile; counted once.")
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
                notes.append(f"Left out {site.top.describe()}: it lies on another tile but "
                             "does not make a kong there.")
            if site.maybe_top is not None:
                kong_uses = used_extra and not any(
                    x.site.top is not None for x in slots if x is not s)
                if not kong_uses:
                    left.append(site.maybe_top)
                    notes.append(f"Two boxes of {site.code} cover the same tile; counted once.")
    return left, hidden


UNUSED_ROW_TILE = 1.0  # cost of leaving a tile of a fitted row near the hand unexplained
# how far off a row's line a tile may lie (tile widths) when fitting rows, and whether any end
# tile of a row may be left out: the usual band, and a narrower one (two rows that nearly line
# up in a low view, or flat melds beside standing tiles, fit as one mixed row with the usual
# band); then, only where neither reads as a hand, loose ends (a loose tile touching a row's
# end, in line with it)
ROW_FITS = ((0.45, False), (0.3, False), (0.45, True), (0.3, True))


def _best_rows(dets, notes, context, rules, options, lab=None, lab_scale=1.0):
    """Which fitted row holds the standing tiles and which (if any) the rest of the hand: the
    choice whose best reading explains the most (a tray or another player's row nearby does
    not parse as melds, a row of melds does). The rows fitted with a narrower band win where
    they read better and keep as many flowers (leaving a flower out costs nothing)."""
    best = None
    read: dict[tuple, tuple] = {}  # the same rows fitted again are read once
    memo: dict = {}  # and the rows of a band fitted once, a face on a line measured once
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
                reader = LayoutReader(scene, context, rules, options, loose_ends)
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
        out_notes.append(f"Left out {site.det.describe()}: {why}.")
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


def _explain(hand, reading: Reading, ranked, weights, total, legal, winning, scene) -> list[str]:
    notes = []
    for s in reading.dropped:
        notes.append(f"Left out {s.site.det.describe()}: it does not fit the hand at the end "
                     "of its row.")
    if reading.win is None and hand.win_tile:
        others = sorted({h.win_tile for c, h, *_ in ranked[1:6]
                         if h.win_tile != hand.win_tile and same_tiles(h, hand)})
        msg = (f"No tile is set apart as the winning tile; chose {hand.win_tile} because it "
               "completes the hand" if winning else
               f"No tile is set apart as the winning tile; took {hand.win_tile}")
        if others:
            msg += f" (also possible: {', '.join(others)})"
        notes.append(msg + ".")
    for _slots, mr in reading.melds:
        m = mr.meld
        if mr.note:
            notes.append(mr.note[0].upper() + mr.note[1:] + ".")
        if not m.concealed and m.claimed_from is None:
            notes.append(f"No tile of the meld {meld_text(m)} is turned sideways: whom it "
                         "was claimed from is unknown.")
    if reading.orient == -1:
        notes.append("The hand reads right to left in the photo (its sort order says so); "
                     "left and right are the player's.")
    if legal and not winning:
        notes.append("These tiles do not form a winning hand.")
    if len(ranked) > 1 and weights[1] / total > 0.2:
        notes.append(f"Another reading is almost as likely: {describe_change(hand, ranked[1][1])}.")
    return notes


__all__ = ["Alternative", "LayoutFailure", "LayoutResult", "NoHandShape", "NoRow", "NoTiles",
           "hand_key", "read_layout"]
