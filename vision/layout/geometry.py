"""Geometry half of the layout: tile sites (vision/layout/boxes.py) -> fitted rows of ordered slots.

Only boxes are used (never pixels), so the same code reads the detector's output and the boxes of
a synthetic scene's sidecar. Nothing assumes the hand is horizontal: rows are found by a robust
line fit on box centres (RANSAC over neighbouring pairs), bent into a quadratic for slightly
curved rows, and every tile is then described in row coordinates (u along the row, v across).
Distances are measured in tile widths (the median spacing of neighbouring tiles), so nothing
depends on the image size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from scoring import tiles as T
from vision.layout.boxes import Site

# ---- rows -------------------------------------------------------------------------------------


@dataclass
class Row:
    """Sites along one fitted curve. `frame` = (origin, unit direction, unit normal); the curve
    is v = c0 + c1 u + c2 u^2 in that frame; `u`, `v` are per-site coordinates (v relative to
    the curve); `width` the tile width in pixels near each site."""

    sites: list[Site]
    origin: np.ndarray
    direction: np.ndarray
    normal: np.ndarray
    coef: np.ndarray
    u: np.ndarray = field(default_factory=lambda: np.zeros(0))
    v: np.ndarray = field(default_factory=lambda: np.zeros(0))

    def coords(self, pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rel = np.atleast_2d(pts) - self.origin
        u = rel @ self.direction
        v = rel @ self.normal - np.polyval(self.coef[::-1], u)
        return u, v

    def tangent_angle(self, u: float) -> float:
        """Angle (radians, image frame) of the row direction at `u`."""
        slope = self.coef[1] + 2 * self.coef[2] * u
        base = math.atan2(self.direction[1], self.direction[0])
        return base + math.atan(slope)


def tile_scale(points: np.ndarray) -> float:
    """Median distance to the nearest other centre: about one tile width for tiles in rows."""
    if len(points) < 2:
        return 0.0
    d = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)
    np.fill_diagonal(d, np.inf)
    return float(np.median(d.min(axis=1)))


def _vec_norm(v: np.ndarray) -> float:
    """np.linalg.norm of a 1-D float vector (the same dot product and square root), without its
    checks (a strided vector made contiguous first, as norm does)."""
    v = v.ravel(order="K")
    return math.sqrt(v.dot(v))


def _orient(direction: np.ndarray) -> np.ndarray:
    """Rows run left to right in the image (top to bottom when vertical)."""
    d = direction / _vec_norm(direction)
    if d[0] < -1e-9 or (abs(d[0]) <= 1e-9 and d[1] < 0):
        d = -d
    return d


def _chain(u: np.ndarray, idx: np.ndarray, max_step: float | np.ndarray) -> list[np.ndarray]:
    """Split points (sorted by u) wherever consecutive centres are more than `max_step` apart
    (a number, or one per point: the larger of the two neighbours' counts)."""
    order = idx[np.argsort(u[idx])].tolist()
    steps = np.broadcast_to(np.asarray(max_step, float), u.shape).tolist()
    uu = u.tolist()  # Python floats: the same float64 arithmetic as numpy's, faster one by one
    chains, cur = [], [order[0]]
    for a, b in zip(order[:-1], order[1:], strict=True):
        if uu[b] - uu[a] > max(steps[a], steps[b]):
            chains.append(np.array(cur))
            cur = []
        cur.append(b)
    chains.append(np.array(cur))
    return chains


def local_scale(points: np.ndarray, scale: float) -> np.ndarray:
    """Each centre's distance to its nearest neighbour, kept within [0.6, 2.5] x scale: the
    tile size near it (tiles nearer the camera look bigger)."""
    if len(points) < 2:
        return np.full(len(points), scale)
    d = np.linalg.norm(points[:, None, :] - points[None, :, :], axis=-1)
    np.fill_diagonal(d, np.inf)
    return np.clip(d.min(axis=1), 0.6 * scale, 2.5 * scale)


def fit_row(points: np.ndarray, candidates, scale: float, *, band: float = 0.45,
            max_step: float = 3.2, direction_hint: np.ndarray | None = None,
            min_size: int = 2, local: np.ndarray | None = None):
    """Find the best row among `candidates` (indices into points): returns (members, origin,
    direction, coef) or None. RANSAC over pairs of nearby centres, then a quadratic refit."""
    cand = np.asarray(candidates, int)
    if len(cand) < min_size or len(cand) == 0:
        return None
    pts = points[cand]
    loc = (np.full(len(points), scale) if local is None else local)[cand]
    best = _ransac(pts, loc, scale, band, max_step, direction_hint, min_size)
    if best is None:
        return None
    members, d = best
    coef = np.zeros(3)
    origin = pts[members].mean(axis=0)
    for _ in range(4):
        mp = pts[members]
        origin = mp.mean(axis=0)
        if len(members) >= 3:
            _, vecs = np.linalg.eigh(np.cov((mp - origin).T))
            d_new = _orient(vecs[:, 1])
            if direction_hint is None or abs(d_new @ _orient(direction_hint)) > 0.95:
                d = d_new
        n = np.array([-d[1], d[0]])
        u = (pts - origin) @ d
        v = (pts - origin) @ n
        um = u[members]
        span = float(um.max() - um.min())
        deg = 2 if len(members) >= 7 and span > 5 * scale else (1 if len(members) >= 3 else 0)
        coef = np.zeros(3)
        if deg:
            c = np.polyfit(um, v[members], deg)[::-1]
            coef[: len(c)] = c
            if deg == 2:
                # a slight curve only: the sagitta over the row stays below ~1.5 tile widths
                sag = abs(coef[2]) * (span / 2) ** 2
                if sag > 1.5 * scale:
                    coef[2] *= 1.5 * scale / sag
        else:
            coef[0] = float(np.median(v[members]))
        res = v - np.polyval(coef[::-1], u)
        inl = np.flatnonzero(np.abs(res) < band * loc)
        if not len(inl):
            break
        mset = set(members.tolist())
        chains = _chain(u, inl, max_step * loc)
        chains.sort(key=lambda ch: (len(mset & set(ch.tolist())), len(ch)), reverse=True)
        new = np.sort(chains[0])
        if np.array_equal(new, np.sort(members)):
            break
        members = new
    return cand[members], origin, d, coef


def _pair_tries(pts: np.ndarray, scale: float) -> list[tuple[np.ndarray, int]]:
    """The directions of pairs of centres about one or two tile widths apart, each with the
    index of its first centre. Pairs clearly outside the distances are passed over on a
    vectorised distance first (a margin of 1e-9 against its rounding); the rest are measured as
    before, one by one."""
    n = len(pts)
    close = np.hypot(*(pts[None, :, :] - pts[:, None, :]).transpose(2, 0, 1))
    maybe = (close > 0.4 * scale * (1 - 1e-9)) & (close < 2.6 * scale * (1 + 1e-9))
    tries: list[tuple[np.ndarray, int]] = []
    for a in range(n):
        for b in np.flatnonzero(maybe[a, a + 1:]).tolist():
            dv = pts[a + 1 + b] - pts[a]
            dist = _vec_norm(dv)
            if 0.4 * scale < dist < 2.6 * scale:
                tries.append((_orient(dv / dist), a))
    return tries


def _ransac(pts: np.ndarray, loc: np.ndarray, scale: float, band: float, max_step: float,
            direction_hint, min_size: int):
    """fit_row's search: the longest chain of centres within `band` of a line through a pair
    of nearby centres (or along the hint), the least mean offset among equals; (members,
    direction) or None."""
    tries = _pair_tries(pts, scale)
    if direction_hint is not None:
        hint = _orient(np.asarray(direction_hint, float))
        tries.extend((hint, a) for a in range(len(pts)))
    best = None
    best_key = None
    width, steps = band * loc, max_step * loc
    rel: dict[int, np.ndarray] = {}  # the centres from each first centre
    for d, a in tries:
        if a not in rel:
            rel[a] = pts - pts[a]
        n = np.array([-d[1], d[0]])
        off = rel[a] @ n
        inl = np.flatnonzero(np.abs(off) < width)
        if len(inl) < min_size:
            continue
        u = rel[a] @ d
        for ch in _chain(u, inl, steps):
            if len(ch) < min_size or (best_key is not None and len(ch) < best_key[0]):
                continue  # (a shorter chain loses whatever its offset)
            if a not in ch.tolist():
                continue
            resid = float(np.abs(off[ch]).mean())
            key = (len(ch), -resid)
            if best_key is None or key > best_key:
                best_key, best = key, (ch, d)
    return best


# ---- slots: the tiles of one row in order, described in row coordinates ---------------------


@dataclass
class Slot:
    """A site placed in a row. `u`, `v` in pixels (v relative to the row curve); `along` and
    `across` are the tile's extents along / across the row; `unit` the local tile width."""

    site: Site
    u: float
    v: float
    along: float
    across: float
    unit: float = 1.0
    pside: float = 0.0  # probability that the tile lies sideways (a claimed tile)
    raised: float = 0.0  # how far (in tile widths) it sits off the row, away from its neighbours
    normal: tuple[float, float] = (0.0, 1.0)  # image direction across the row at this tile
    features: tuple[float, ...] = ()  # sideways cues (see describe_row)
    face_depth: float | None = None  # face extent across the row from the photo (layout/image.py)
    face_grain: float | None = None  # how the face's strokes run against the row (layout/image.py)
    face_patch: Any = field(default=None, compare=False, repr=False)  # its middle (layout/image.py)
    print_mates: tuple = field(default=(), compare=False, repr=False)  # same print's patches

    @property
    def code(self) -> str:
        return self.site.code

    @property
    def is_back(self) -> bool:
        return self.site.code == T.BACK

    @property
    def is_flower(self) -> bool:
        return T.is_flower(self.site.code)

    def candidates(self, min_ratio: float = 0.08) -> list[tuple[str, float]]:
        """(code, cost) options for this tile: the detected code (cost 0) and alternatives
        the detector found plausible (cost = how much less likely, in nats)."""
        d = self.site.det
        out = [(d.code, 0.0)]
        top = max(d.confidence, 1e-3)
        for code, p in d.alternatives:
            if code == T.BACK or T.is_flower(code) != T.is_flower(d.code):
                continue
            if p >= min_ratio * top:
                out.append((code, float(np.log(top / max(p, 1e-6))) + 0.3))
        return out


def box_extents(w: float, h: float, phi: float) -> tuple[float, float, float]:
    """Estimate a tile's extents along and across a row at angle `phi` from its axis-aligned box
    (the box of a rectangle turned by phi); also returns how well that is determined (1 near
    0/90 degrees, 0 at 45 degrees, where box shapes say nothing)."""
    c, s = abs(math.cos(phi)), abs(math.sin(phi))
    eu = w * c + h * s
    ev = w * s + h * c
    k = abs(math.sin(2 * phi))
    det = 1 - k * k
    if det < 0.05:
        return eu / (1 + k), ev / (1 + k), 0.0
    a = (eu - k * ev) / det
    b = (ev - k * eu) / det
    floor = 0.25 * max(eu, ev) / (1 + k)
    return max(a, floor), max(b, floor), min(1.0, (det - 0.05) / 0.3)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def describe_row(row: Row) -> list[Slot]:
    """Row sites -> slots sorted along the row with extents, local tile width, sideways odds."""
    pts = np.array([s.centre for s in row.sites])
    u, v = row.coords(pts)
    order = np.argsort(u)
    slots: list[Slot] = []
    reliab = []
    for i in order:
        site = row.sites[i]
        phi = row.tangent_angle(float(u[i]))
        a, b, rel = box_extents(site.det.width, site.det.height, phi)
        slots.append(Slot(site, float(u[i]), float(v[i]), a, b,
                          normal=(-math.sin(phi), math.cos(phi))))
        reliab.append(rel)
    n = len(slots)
    if not n:
        return slots
    along = np.array([s.along for s in slots])
    across = np.array([s.across for s in slots])
    rel = np.array(reliab)
    us = np.array([s.u for s in slots])
    spacing = np.diff(us)
    short = np.minimum(along, across)
    # tile width: the spacing of touching tiles along the row's perspective trend, or for
    # short rows the smaller extent of the boxes
    trend = perspective_units(us, spacing)
    if trend is None and n >= 2:
        trend = short_row_units(slots, us, spacing)
    for i, s in enumerate(slots):
        lo, hi = max(0, i - 6), min(n - 1, i + 6)
        sp = spacing[lo:hi]
        w_shape = float(small_median(short[max(0, i - 4): i + 5].tolist()))
        if trend is not None:
            s.unit = float(trend[i])
        elif len(sp) >= 3:
            s.unit = float(np.percentile(sp, 20))
        elif len(sp):
            s.unit = float(min(sp.min(), 1.3 * w_shape))
        else:
            s.unit = w_shape
        s.unit = max(s.unit, 1e-6)
    # sideways cues: (1) shape: the along/across ratio against that of the neighbours, where
    # the box shape can tell; (2) spacing: a sideways tile pushes its touching neighbours
    # further away; (3) offset: rows are lined up by their near edges, so a sideways tile's
    # centre sits off the line of its neighbours' centres.
    ratio = np.log(np.maximum(along, 1e-6) / np.maximum(across, 1e-6))
    vs = np.array([s.v for s in slots])
    for i, s in enumerate(slots):
        lo, hi = max(0, i - 3), min(n, i + 4)
        neigh = np.delete(ratio[lo:hi], i - lo)
        shape = float(ratio[i] - small_median(neigh.tolist())) if len(neigh) else 0.0
        ext = []
        for j in (i - 1, i + 1):
            if 0 <= j < n:
                d = abs(us[j] - us[i]) / ((s.unit + slots[j].unit) / 2)
                if d < 1.45:
                    ext.append(d - 1.0)
        spread = min(ext) if ext else 0.0
        vn = np.delete(vs[lo:hi], i - lo)
        off = float(abs(s.v - small_median(vn.tolist())) / s.unit) if len(vn) else 0.0
        s.raised = off
        s.features = (float(rel[i]), shape, spread, off, float(len(ext)))
        s.pside = sideways_probability(*s.features)
    return slots


FACE_H = 4 / 3  # a tile face's height over its width


BOX_NOISE = 0.2  # squared misfit (tile widths) any box shows; chosen by the sideways odds' fit
# (melds.MELD_W) on seeds 1 and 2: log-loss from the boxes alone 0.0375 (0) -> 0.0259


def box_fit(slot: Slot, refs: list[Slot]) -> float:
    """How much better `slot`'s box fits a tile turned sideways than an upright one, judged
    against the upright tiles `refs` beside it (below 0: upright, above 0: sideways, 0: the box
    cannot tell; at most 1.5 either way). A face seen in perspective is a parallelogram: one
    edge along the row (one tile width, `unit`, upright; FACE_H of it sideways) and one edge
    across it, in an image direction the row's shear sets (not the row's normal: at a low,
    oblique camera the across edge slants far over). Its box is the sum of the two edges'
    absolute extents; the across edge of `refs` (box less the along edge) is what an upright
    tile adds to it, and a sideways tile adds 1/FACE_H of that. The misfits' difference is
    weighed against the predictions' own distance plus BOX_NOISE: where they nearly agree
    (rows near 45 degrees) the box tells little, however lopsided the misfits."""
    if not refs:
        return 0.0
    return box_fit_parts(box_parts(slot), [box_parts(r) for r in refs])


def box_fit_parts(parts, refs_parts) -> float:
    """box_fit from the slots' _box_parts (a meld's tiles are each judged against the others,
    so their parts are worked out once per meld)."""
    if not refs_parts:
        return 0.0
    # in plain floats, not numpy: a meld's two or three tiles, judged for every meld read
    # (the same arithmetic as numpy's on float64, so the same values to the last bit)
    b, a = parts
    rho = [small_median([rb[i] - ra[i] for rb, ra in refs_parts]) for i in (0, 1)]
    up = [a[i] + rho[i] for i in (0, 1)]
    side = [FACE_H * a[i] + rho[i] / FACE_H for i in (0, 1)]
    sep = _sum_squares(up[0] - side[0], up[1] - side[1])
    if sep < 1e-6:
        return 0.0
    e_up = _sum_squares(b[0] - up[0], b[1] - up[1])
    e_side = _sum_squares(b[0] - side[0], b[1] - side[1])
    return max(-1.5, min(1.5, (e_up - e_side) / (sep + BOX_NOISE)))


def box_parts(s: Slot) -> tuple[tuple[float, float], tuple[float, float]]:
    """A box's width and height in tile widths, and |row direction| (x, y extents of a unit
    step along the row)."""
    unit = max(s.unit, 1e-6)
    return ((s.site.det.width / unit, s.site.det.height / unit),
            (abs(s.normal[1]), abs(s.normal[0])))


def small_median(values: list[float]) -> float:
    """numpy.median of a few floats: the middle one, or the mean of the middle two."""
    xs = sorted(values)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def _sum_squares(x: float, y: float) -> float:
    return x * x + y * y


def short_row_units(slots: list[Slot], us: np.ndarray, spacing: np.ndarray) -> np.ndarray:
    """Tile widths along a row too short for a spacing trend (a row of one or two melds): the
    perspective trend from the boxes' areas (a face covers about the same area upright or
    sideways; along a receding row, lengths shrink as area^(2/3)), scaled to the closest
    spacing of neighbours."""
    area = np.array([max(s.site.det.width * s.site.det.height, 1e-6) for s in slots])
    la = np.log(area) / 3  # log of the relative length scale
    if len(us) >= 3 and float(np.ptp(us)) > 0:
        rel = np.exp(np.polyval(np.polyfit(us, la, 1), us))
    else:
        rel = np.exp(np.full(len(us), la.mean()))
    pair = (rel[:-1] + rel[1:]) / 2
    base = float(np.min(spacing / pair))
    return base * rel


THIN_ENVELOPE = 8  # rows with fewer spacings fall back to short_row_units without a clear envelope
# (seed 3 scene 251: boxes-only exact, seeds 3-6 818 -> 819/855; test seed, seed 7 the same)


def perspective_units(us: np.ndarray, spacing: np.ndarray) -> np.ndarray | None:
    """Tile width at each centre `us` from the spacings of touching neighbours. Equal steps
    along a straight line on the table project to image steps whose square root is linear in
    the image position (a projective map), so fit sqrt(spacing) = a + b u to the lower envelope
    of the spacings (gaps between groups and sideways tiles only ever add). None for rows too
    short to show a trend."""
    if len(spacing) < 4:
        return None
    mid = (us[:-1] + us[1:]) / 2
    root = np.sqrt(np.maximum(spacing, 1e-6))
    keep = np.ones(len(root), bool)
    coef = np.array([0.0, float(np.percentile(root, 30))])
    for _ in range(8):
        if keep.sum() < 3:
            break
        coef = np.polyfit(mid[keep], root[keep], 1)
        res = root - np.polyval(coef, mid)
        level = float(np.polyval(coef, mid).mean())
        # touching pairs: the lower envelope (within ~8% of spacing)
        new = res < 0.04 * level
        if new.sum() < max(3, 0.4 * len(root)):
            if len(root) < THIN_ENVELOPE:
                # a short row (a meld or two, flowers) with too few touching pairs: its
                # median spacing takes in sideways tiles and gaps, a tile width that hides
                # the sideways spacing cue; short_row_units takes the closest pair instead
                return None
            new = res <= np.percentile(res, 50)
        if np.array_equal(new, keep):
            break
        keep = new
    fit = np.polyval(coef, us)
    if not np.all(np.isfinite(fit)) or not keep.any():
        return None
    # stay within what the touching tiles show (a perspective trend, not an extrapolation)
    fit = np.clip(fit, 0.95 * float(root[keep].min()), 1.05 * float(root[keep].max()))
    return fit ** 2


SIDE_W = (-5.9, 8.35, 11.5, 24.3, 0.6)  # bias, shape (x reliability), spacing, offset, raised


def sideways_probability(rel: float, shape: float, spread: float, off: float, nn: float) -> float:
    """Logistic model of the three cues (weights fitted on synthetic scenes, see
    benchmarks/bench_layout.py)."""
    b, ws, wsp, wo, wo2 = SIDE_W
    off_c = min(off, 0.3)  # further off the line: a raised (stacked) tile, not a sideways one
    z = b + ws * min(1.0, 3 * rel) * shape + wsp * spread + wo * off_c - wo2 * max(0.0, off - 0.3)
    return _sigmoid(z)


def gaps_between(slots: list[Slot]) -> list[float]:
    """Edge-to-edge gap between consecutive slots, in tile widths: the centre spacing over the
    spacing of touching tiles, less the extra length of a tile turned sideways."""
    out = []
    for a, b in zip(slots[:-1], slots[1:], strict=True):
        unit = (a.unit + b.unit) / 2
        out.append((abs(b.u - a.u) - (_length(a) + _length(b)) / 2) / unit)
    return out


def _length(s: Slot) -> float:
    """Expected length of a tile along the row: a tile width, more when it is sideways (its
    measured length where the box shape tells it)."""
    rel = s.features[0] if s.features else 0.0
    side_len = s.unit * (1 + SIDE_EXTRA)
    if rel > 0.5:
        side_len = min(max(s.along, s.unit), 2.2 * s.unit)
    return (1 - s.pside) * s.unit + s.pside * side_len


SIDE_EXTRA = 0.35  # a sideways tile is about this much longer (in tile widths) than wide
