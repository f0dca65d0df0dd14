"""Scene half of the layout geometry: boxes -> merged sites -> the hand's rows, loose flowers
and strays (vision/layout/geometry.py fits the rows and describes their tiles)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from scoring import tiles as T
from scoring.messages import Msg
from vision.layout.boxes import Site, TileBox, overlap_groups
from vision.layout.geometry import (
    Row,
    Slot,
    describe_row,
    fit_row,
    local_scale,
    small_median,
    tile_scale,
)
from vision.layout.image import add_face_depths
from vision.layout.words import M

# ---- the scene: sites -> rows of the hand, loose flowers and strays --------------------------


@dataclass
class Scene:
    rows: list[list[Slot]]  # the hand's rows (one or two), each sorted along the row
    frames: list[Row]
    loose_flowers: list[Site]
    strays: list[tuple[Site, Msg]]  # left out, with the reason in words
    notes: list[Msg]
    scale: float  # tile width in pixels (median neighbour spacing)
    options: list[tuple[int, int | None]] = field(default_factory=list)  # other row choices
    unused: int = 0  # tiles in fitted rows that this choice leaves out
    choice: tuple[int, int | None] | None = None


def make_sites(dets: list[TileBox], notes: list[Msg], memo: dict | None = None) -> list[Site]:
    """Merge boxes that cover the same place: duplicates (kept: the most confident, the others'
    codes become alternatives) and same-code overlaps that may be a tile stacked on another.
    `memo`: the same photo's earlier scenes (which boxes overlap is found once)."""
    sites: list[Site] = []
    if memo is None:
        groups = overlap_groups(dets)
    else:
        key = ("overlaps", tuple((d.index, d.code, d.box) for d in dets))
        if key not in memo:
            memo[key] = overlap_groups(dets)
        groups = memo[key]
    for group in groups:
        group = sorted(group, key=lambda i: -dets[i].confidence)
        base = dets[group[0]]
        site = Site(base)
        for i in group[1:]:
            d = dets[i]
            if d.code == base.code and site.maybe_top is None:
                site.maybe_top = d
                continue
            site.merged.append(d)
            if d.code != base.code and d.code not in {c for c, _ in base.alternatives}:
                base.alternatives = base.alternatives + ((d.code, d.confidence),)
            notes.append(M("overlap", box=base.describe(), c1=f"{base.confidence:.2f}",
                           code=d.code, c2=f"{d.confidence:.2f}"))
        sites.append(site)
    return sites


def _is_wall(slots_codes: list[str]) -> bool:
    """Mostly face-down tiles: a piece of the wall (concealed kongs show two faces per two
    face-down tiles, so a row of them is not taken for a wall)."""
    backs = sum(c == T.BACK for c in slots_codes)
    return backs >= 3 and backs > len(slots_codes) - backs


def _second_rows(rows_ok: list[tuple[np.ndarray, Row]], main_i: int, scale: float) -> list[int]:
    """Rows that may hold the rest of the hand beside row `main_i`: about parallel (rows
    converge a little in perspective), near, and overlapping it along its length."""
    main = rows_ok[main_i][1]
    u_main, _ = main.coords(np.array([s.centre for s in main.sites]))
    found = []
    for j, (_m, r) in enumerate(rows_ok):
        if j == main_i:
            continue
        cosang = abs(float(r.direction @ main.direction))
        uu, vv = main.coords(np.array([s.centre for s in r.sites]))
        off = float(np.median(np.abs(vv))) / scale
        overlap = uu.max() > u_main.min() - 3 * scale and uu.min() < u_main.max() + 3 * scale
        short = min(len(r.sites), len(main.sites)) <= 3  # its direction is only roughly known
        if cosang > (0.6 if short else 0.85) and 0.45 < off < 6.5 and overlap:
            found.append((-len(r.sites), off, j))
    return [j for *_, j in sorted(found)]


def build_scene(dets: list[TileBox], notes: list[Msg],
                choice: tuple[int, int | None] | None = None, lab: np.ndarray | None = None,
                lab_scale: float = 1.0, band: float = 0.45, memo: dict | None = None) -> Scene:
    """Sites, rows and strays. `choice` = (main row, second row or None) among the fitted rows
    (Scene.options lists them); by default the largest row and its likeliest companion. `lab`:
    the photo (image.to_lab, `lab_scale` of its pixels per box unit), for the faces' depth
    across the row where given. `band`: how far off a row's line (in tile widths) a tile may
    lie and still be fitted to it. `memo`: what was worked out for the same photo so far (kept
    across its row choices and bands: the rows of a band are fitted once, the same face on the
    same line is read once, a scene of the same rows built once)."""
    sites = make_sites(dets, notes, memo)
    pts = np.array([s.centre for s in sites]) if sites else np.zeros((0, 2))
    scale = tile_scale(pts) if len(sites) > 1 else (
        min(sites[0].det.width, sites[0].det.height) if sites else 1.0)
    scale = max(scale, 1e-6)
    fits, remaining = _fit_rows(pts, scale, band, memo)
    if memo is None:
        return _scene_of_fits(sites, notes, fits, remaining, scale, choice, lab, lab_scale, memo)
    # another band that fits the same rows gives the same scene (nothing after the fit reads
    # the band); a scene is not changed once built, so one photo's is built once
    key = ("scene", _fits_key(fits, remaining), choice)
    if key not in memo:
        memo[key] = _scene_of_fits(sites, notes, fits, remaining, scale, choice, lab, lab_scale,
                                   memo)
    return memo[key]


def _fits_key(fits, remaining) -> tuple:
    return (tuple((m.tobytes(), o.tobytes(), d.tobytes(), c.tobytes()) for m, o, d, c in fits),
            tuple(remaining))


def _scene_of_fits(sites: list[Site], notes: list[Msg], fits, remaining, scale: float,
                   choice, lab, lab_scale: float, memo: dict | None) -> Scene:
    """The scene from the fitted rows (build_scene's second half)."""
    fitted: list[tuple[np.ndarray, Row]] = [
        (members, Row([sites[i] for i in members], origin, d, np.array([-d[1], d[0]]), coef))
        for members, origin, d, coef in fits]
    strays: list[tuple[Site, Msg]] = []
    rows_ok: list[tuple[np.ndarray, Row]] = []
    for m, r in fitted:
        if _is_wall([s.code for s in r.sites]):
            strays.extend((s, M("why_wall"))
                          for s in r.sites)
        else:
            rows_ok.append((m, r))
    picked = _RowChoice([], list(remaining), [], 0, set(), choice)
    if rows_ok:
        picked = _choose_rows(rows_ok, picked, scale)
    elif len(sites) == 1:
        notes.append(M("one_tile"))
    _take_row_ends(picked.rows, sites, picked.loose, scale)
    # describe the hand's rows
    frames = picked.rows
    rows = [_describe(r, memo) for r in frames]
    add_face_depths(rows, lab, lab_scale, memo)
    # resolve same-code overlaps: a tile offset across the row is stacked on the other
    for slots in rows:
        for s in slots:
            _resolve_overlap(s)
    loose_flowers = _place_loose(sites, picked, rows, frames, strays)
    # rows again: slot features change once tops are attached
    return Scene(rows, frames, loose_flowers, strays, notes, scale, picked.options,
                 picked.unused, picked.choice)


def _describe(row: Row, memo: dict | None) -> list[Slot]:
    """describe_row, worked out once per photo for a row of the same boxes on the same curve
    (its slots are made anew: the scene's sites and the photo's cues are its own)."""
    if memo is None:
        return describe_row(row)
    key = ("described", tuple(s.det.index for s in row.sites), row.origin.tobytes(),
           row.direction.tobytes(), row.normal.tobytes(), row.coef.tobytes())
    if key not in memo:
        index = {id(site): i for i, site in enumerate(row.sites)}
        memo[key] = [(index[id(s.site)], s.u, s.v, s.along, s.across, s.unit, s.pside,
                      s.raised, s.normal, s.features) for s in describe_row(row)]
    return [Slot(row.sites[i], u, v, along, across, unit, pside, raised, normal, features)
            for i, u, v, along, across, unit, pside, raised, normal, features in memo[key]]


@dataclass
class _RowChoice:
    rows: list[Row]  # the hand's rows: the main row, and the second row if any
    loose: list[int]  # sites in no chosen row
    options: list[tuple[int, int | None]]  # every (main, second) choice
    unused: int  # tiles in fitted rows not chosen
    elsewhere: set[int]  # sites in a row of other tiles, not the hand's
    choice: tuple[int, int | None] | None


def _choose_rows(rows_ok: list[tuple[np.ndarray, Row]], picked: _RowChoice,
                 scale: float) -> _RowChoice:
    """The hand's rows among the fitted ones (`picked.choice`, by default the largest row and
    its likeliest companion), the other choices, and what the chosen ones leave out."""
    rows_ok.sort(key=lambda mr: -sum(not T.is_flower(s.code) for s in mr[1].sites))
    for mi in range(min(3, len(rows_ok))):
        if mi and sum(not T.is_flower(x.code) for x in rows_ok[mi][1].sites) < 2:
            break
        seconds = _second_rows(rows_ok, mi, scale)
        picked.options.extend((mi, j) for j in [None] + seconds[:6])
    if picked.choice is None:
        seconds = _second_rows(rows_ok, 0, scale)
        picked.choice = (0, seconds[0] if seconds else None)
    picked.rows.append(rows_ok[picked.choice[0]][1])
    if picked.choice[1] is not None:
        picked.rows.append(rows_ok[picked.choice[1]][1])
    for m, r in rows_ok:
        if all(r is not x for x in picked.rows):
            picked.loose.extend(m.tolist())
            n_tiles = sum(1 for x in r.sites if not T.is_flower(x.code))
            picked.unused += n_tiles
            if n_tiles >= 2:  # a flower lined up with other tiles (a tray, a wall)
                picked.elsewhere.update(int(i) for i in m)
    return picked


def _take_row_ends(rows_sel: list[Row], sites: list[Site], loose_idx: list[int],
                   scale: float) -> None:
    """A tile just beyond a row's end, a little off its line (a winning tile lying flat beside
    standing tiles, say) belongs to the row; the reading may still leave it out."""
    for r in rows_sel:
        u_r, _ = r.coords(np.array([x.centre for x in r.sites]))
        lo, hi = float(u_r.min()), float(u_r.max())
        for i in list(loose_idx):
            if T.is_flower(sites[i].code) or sites[i].code == T.BACK:
                continue
            u, v = r.coords(np.array([sites[i].centre]))
            beyond = max(lo - float(u[0]), float(u[0]) - hi)
            hole = beyond < 0 and float(np.min(np.abs(u_r - float(u[0])))) > 0.6 * scale
            if (0.5 * scale < beyond < 2.3 * scale and abs(float(v[0])) < 1.0 * scale) or (
                    hole and abs(float(v[0])) < 1.3 * scale):  # raised: on a hidden tile
                r.sites.append(sites[i])
                loose_idx.remove(i)


def _place_loose(sites: list[Site], picked: _RowChoice, rows: list[list[Slot]],
                 frames: list[Row], strays: list[tuple[Site, Msg]]) -> list[Site]:
    """Loose sites: a tile on top of / beside a row tile of the same code, a flower of the
    hand (returned), or a stray (added to `strays` with the reason)."""
    loose_flowers: list[Site] = []
    for i in picked.loose:
        site = sites[i]
        if i not in picked.elsewhere and _attach_top(site, rows, frames):
            continue
        if T.is_flower(site.code) and rows and i not in picked.elsewhere and _near_hand(
                site, rows, frames):
            loose_flowers.append(site)
            continue
        if site.code == T.BACK:
            why = M("why_back")
        elif rows:
            why = M("why_far")
        else:
            why = M("why_no_row")
        strays.append((site, why))
    return loose_flowers


MAX_ROWS = 8  # rows fitted per photo: the hand's (one or two, and a pair of standing tiles
# beside four melds is a row too) among trays, walls and other players' rows


def _fit_rows(pts: np.ndarray, scale: float, band: float, memo: dict | None):
    """The rows fitted to the sites' centres, largest first, and the sites left over; the
    same for every row choice of one photo, so kept in `memo` by band."""
    key = ("rows", band, pts.tobytes())
    if memo is not None and key in memo:
        return memo[key]
    remaining = list(range(len(pts)))
    fits = []
    local = local_scale(pts, scale)
    while len(remaining) >= 2 and len(fits) < MAX_ROWS:
        res = fit_row(pts, np.array(remaining), scale, band=band, local=local)
        if res is None:
            break
        fits.append(res)
        mset = set(res[0].tolist())
        remaining = [i for i in remaining if i not in mset]
    if memo is not None:
        memo[key] = (fits, remaining)
    return fits, remaining


def _resolve_overlap(slot: Slot) -> None:
    site = slot.site
    other = site.maybe_top
    if other is None:
        return
    # which of the two lies on the row? the other is on top of it if clearly offset across
    dx = np.array(other.centre) - np.array(site.det.centre)
    across = abs(float(dx @ _row_normal_at(slot)))
    if across > 0.12 * slot.unit:
        site.top = other
        site.maybe_top = None


def _row_normal_at(slot: Slot) -> np.ndarray:
    return np.array(slot.normal)


def _attach_top(site: Site, rows: list[list[Slot]], frames: list[Row]) -> bool:
    best = None
    for slots, frame in zip(rows, frames, strict=True):
        u, v = frame.coords(np.array([site.centre]))
        for s in slots:
            if s.code != site.code or s.site.top is not None or s.is_flower or s.is_back:
                continue
            du = abs(float(u[0]) - s.u) / s.unit
            dv = abs(float(v[0]) - s.v) / s.unit
            if du < 0.6 and dv < 2.2:
                key = du + dv
                if best is None or key < best[0]:
                    best = (key, s)
    if best is None:
        return False
    slot = best[1]
    slot.site.top = site.det
    slot.site.flat_top = best[0] > 1.0
    return True


def _near_hand(site: Site, rows: list[list[Slot]], frames: list[Row]) -> bool:
    """A flower set out with the hand: just off the end of a row, or beside a row (a second row
    of its own) within its length."""
    for slots, frame in zip(rows, frames, strict=True):
        if not slots:
            continue
        u, v = frame.coords(np.array([site.centre]))
        unit = float(small_median([s.unit for s in slots]))
        # across the row, distances shrink with the camera's angle: count them in the rows'
        # face depths (a second row lies at about 1.1 to 1.7 of them)
        depth = max(float(small_median([s.across for s in slots])), 0.3 * unit)
        du = max(slots[0].u - float(u[0]), float(u[0]) - slots[-1].u, 0.0) / unit
        dv = abs(float(v[0])) / depth
        if (dv < 0.6 and du < 1.6) or (0.6 <= dv <= 1.75 and du < 0.5):
            return True
    return False


def far_side(frames: list[Row], main: int, other: int) -> float:
    """Where row `other` lies across row `main`, in image terms: the cross product of main's
    direction (left to right in the image; taken from the longer row, which a fit knows better)
    with the step to `other`'s centre. A rotation keeps its sign, so with the player's left to
    right along main's direction (the other way round: negate it) a row beyond the standing
    tiles, away from the player, gives a negative value."""
    m, o = frames[main], frames[other]
    step = np.mean([s.centre for s in o.sites], axis=0) - np.mean([s.centre for s in m.sites],
                                                                  axis=0)
    d = m.direction if len(m.sites) >= len(o.sites) else o.direction  # the better known one
    d = d if float(d @ m.direction) >= 0 else -d
    return float(d[0] * step[1] - d[1] * step[0])
