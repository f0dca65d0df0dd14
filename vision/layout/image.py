"""An optional image cue for the layout: how deep each tile's face reaches across its row.

Boxes alone cannot tell a sideways tile in a row that runs near 45 degrees across the photo (the
box of a turned rectangle is then about square whatever its shape), and they are cut short where
a tile in front hides part of a face. The photo still shows the face: its background colour is
read from the lightest pixels of the middle of the box, and the face-coloured pixels on a band
through the box centre, perpendicular to the row, give the face's extent across the row. A
sideways tile reaches about 3/4 as far across the row as its upright neighbours (its short side
lies across; vision/layout/melds.py compares each tile of a meld with the others). Only the across
extent is used: along the row, the neighbours' faces touch and share the colour. Constants were
chosen on synthetic scenes of seeds 1 and 2 (the layout test's seeds held out).

A second cue is the grain of the printed symbols: the strokes of a face turned sideways run
the other way, so the share of its edge energy across the row differs from its upright
neighbours' (`face_grain`; vision/layout/melds.py compares it within a meld). It tells most
where the depth cue and the boxes tell least, in rows near 45 degrees. Where a meld's faces
carry one print (a pung, a kong), the middle of each face is also sampled square on the table
(`face_patch`): the turned face matches the others turned a quarter better than as they lie,
even for prints whose strokes have no grain (the circles of the dots suit). A chow's tile is
matched so against the other faces of the same tile in the hand (a standing copy, an identical
chow), where there are any.

Needs only numpy and OpenCV (for the colour conversion); the layout works without it.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from vision.layout.geometry import FACE_H, small_median

FACE_COLOUR_DIST = 30.0  # Lab distance to the face's background colour that still counts as face
BAND = 0.4  # half-width of the band through the centre, in tile widths
LIGHTEST = 60  # percentile of lightness above which a box's middle pixels are face background
TRIM = 4.0  # percent of face pixels ignored at each end of the band (noise, neighbours' corners)


MAX_SIDE = 1024  # a larger photo is shrunk first (its tiles keep tens of pixels; Lab of a
# 12-megapixel photo would take ~150 MB)


def to_lab(image: Any) -> np.ndarray | None:
    """A BGR (OpenCV) uint8 image as float Lab, at most MAX_SIDE pixels on its long side, or
    None when it is not one (callers scale boxes by its width against the photo's)."""
    import cv2

    arr = np.asarray(image)
    if arr.ndim == 2:
        arr = cv2.cvtColor(arr, cv2.COLOR_GRAY2BGR)
    if arr.ndim != 3 or arr.shape[2] not in (3, 4) or arr.dtype != np.uint8:
        return None
    if arr.shape[2] == 4:
        arr = arr[:, :, :3]
    if max(arr.shape[:2]) > MAX_SIDE:
        f = MAX_SIDE / max(arr.shape[:2])
        arr = cv2.resize(arr, (max(1, round(arr.shape[1] * f)), max(1, round(arr.shape[0] * f))),
                         interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(np.ascontiguousarray(arr), cv2.COLOR_BGR2LAB).astype(np.float32)


def photo_lab(image: Any, width: float | None) -> tuple[np.ndarray | None, float]:
    """The photo as Lab (to_lab) and its pixels per box unit, boxes being in a photo `width`
    wide (None: in the image's own pixels); (None, 1.0) without a usable photo."""
    if image is None:
        return None, 1.0
    lab = to_lab(image)
    if lab is None:
        return None, 1.0
    return lab, lab.shape[1] / (width or np.asarray(image).shape[1])


def _window(lab: np.ndarray, box) -> tuple[int, int, int, int] | None:
    h_img, w_img = lab.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in box)
    xa, ya = max(0, int(math.floor(x1))), max(0, int(math.floor(y1)))
    xb, yb = min(w_img, int(math.ceil(x2))), min(h_img, int(math.ceil(y2)))
    if yb - ya < 4 or xb - xa < 4:
        return None
    return xa, ya, xb, yb


def percentile_sorted(ordered: np.ndarray, q: float):
    """np.percentile(v, q) of a 1-D float array `v` given sorted (`ordered`), q a Python number:
    numpy's linear interpolation step by step, so the same value to the last bit (one sort
    serves several percentiles, without numpy's per-call overhead; tests/test_layout_image.py
    compares the two)."""
    n = len(ordered)
    vi = (n - 1) * (q / 100)
    if vi >= n - 1:
        return ordered[-1]
    prev = math.floor(vi)
    a, b = ordered[prev], ordered[prev + 1]
    t = float(vi - prev)
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def _median_rows(arr: np.ndarray) -> np.ndarray:
    """np.median(arr, axis=0) of a 2-D float32 array without NaNs, to the last bit."""
    s = np.sort(arr, axis=0)
    k = len(s) // 2
    return s[k].copy() if len(s) % 2 else (s[k - 1] + s[k]) / 2


def face_colour(lab: np.ndarray, box) -> np.ndarray | None:
    """The face's background colour in one box: the lightest pixels of its middle (the printed
    symbols are darker; the table and the tile's sides show at the box's corners)."""
    win = _window(lab, box)
    if win is None:
        return None
    xa, ya, xb, yb = win
    h, w = yb - ya, xb - xa
    mid = lab[ya + int(h * 0.2):yb - int(h * 0.2), xa + int(w * 0.2):xb - int(w * 0.2)]
    mid = mid.reshape(-1, 3)
    if len(mid) < 4:
        return None
    light = mid[:, 0]
    return _median_rows(mid[light >= percentile_sorted(np.sort(light), LIGHTEST)])


def _offsets(win: tuple[int, int, int, int], box) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel centre of the window from the box centre: dx as a row, dy as a column
    (float32; they broadcast to the window)."""
    xa, ya, xb, yb = win
    x1, y1, x2, y2 = (float(v) for v in box)
    xx = np.arange(xa, xb, dtype=np.float32)[None, :]
    yy = np.arange(ya, yb, dtype=np.float32)[:, None]
    return xx + 0.5 - (x1 + x2) / 2, yy + 0.5 - (y1 + y2) / 2


def across_extent(lab: np.ndarray, box, phi: float, unit: float,
                  face: np.ndarray) -> float | None:
    """Extent (pixels) of the pixels of colour `face` in `box` across a row at angle `phi`
    (radians), on a band through the box centre; None when the box is too small to tell."""
    win = _window(lab, box)
    if win is None or unit <= 0:
        return None
    xa, ya, xb, yb = win
    is_face = np.linalg.norm(lab[ya:yb, xa:xb] - face, axis=2) < FACE_COLOUR_DIST
    dx, dy = _offsets(win, box)
    c, s = math.cos(phi), math.sin(phi)
    sel = is_face & (np.abs(dx * c + dy * s) < BAND * unit)
    if np.count_nonzero(sel) < 4:
        return None
    v = np.sort((-dx * s + dy * c)[sel])
    return float(percentile_sorted(v, 100 - TRIM) - percentile_sorted(v, TRIM)) + 1.0


GRAIN_ALONG, GRAIN_ACROSS = 0.35, 0.45  # half-extents (tile widths) of the middle of a face
# where the grain is read: clear of the neighbours along the row and of the tile's sides


def face_grain(lab: np.ndarray, box, phi: float, unit: float) -> float | None:
    """log(edge energy along the row / edge energy across it) of the lightness in the middle
    of `box` (row at angle `phi`, radians); None when too few pixels show."""
    import cv2

    win = _window(lab, box)
    if win is None or unit <= 0:
        return None
    xa, ya, xb, yb = win
    dx, dy = _offsets(win, box)
    c, s = math.cos(phi), math.sin(phi)
    sel = (np.abs(dx * c + dy * s) < GRAIN_ALONG * unit) & (np.abs(-dx * s + dy * c)
                                                            < GRAIN_ACROSS * unit)
    if np.count_nonzero(sel) < 6:
        return None
    light = np.ascontiguousarray(lab[ya:yb, xa:xb, 0])
    gx = cv2.Sobel(light, cv2.CV_32F, 1, 0, ksize=3)[sel]
    gy = cv2.Sobel(light, cv2.CV_32F, 0, 1, ksize=3)[sel]
    along, across = gx * c + gy * s, -gx * s + gy * c
    return math.log((float(np.sum(along * along)) + 1.0) / (float(np.sum(across * across)) + 1.0))


PATCH_HALF, PATCH_N = 0.4, 12  # a face's middle: half-side (tile widths) and samples per side


def face_patch(lab: np.ndarray, box, phi: float, unit: float,
               depth: float | None, light: np.ndarray | None = None) -> np.ndarray | None:
    """The lightness of the middle of `box` sampled on a PATCH_N square grid, square on the
    table: along the row in tile widths, across it in face depths (`depth`, tile widths an
    upright face reaches across, which takes in the camera's foreshortening); zero mean, unit
    norm, rows across the row. None when the face is flat grey or no depth is known.
    `light`: the photo's lightness channel as one array (made here when not given)."""
    import cv2

    if not depth or unit <= 0:
        return None
    x1, y1, x2, y2 = (float(v) for v in box)
    a = np.array([math.cos(phi), math.sin(phi)])
    n = np.array([-a[1], a[0]])
    t = ((np.arange(PATCH_N) + 0.5) / PATCH_N * 2 - 1) * PATCH_HALF * unit
    ga, gn = np.meshgrid(t, t * depth / FACE_H)
    pts = np.array([(x1 + x2) / 2, (y1 + y2) / 2]) + ga[..., None] * a + gn[..., None] * n
    if light is None:
        light = np.ascontiguousarray(lab[:, :, 0])
    patch = cv2.remap(light, pts[..., 0].astype(np.float32),
                      pts[..., 1].astype(np.float32), cv2.INTER_LINEAR)
    patch = patch - patch.mean()
    norm = float(np.linalg.norm(patch))
    return patch / norm if norm > 1e-6 else None


def add_face_depths(rows: list, lab: np.ndarray | None, scale: float = 1.0,
                    memo: dict | None = None) -> None:
    """Set each slot's `face_depth` (across extent in tile widths), `face_grain`, `face_patch`
    and `print_mates` (the patches of the other faces of the same tile in the rows) from the
    photo, each face against its own background colour (the light varies along a row); the
    median of the hand's faces where a box has none. A patch is sampled with
    the median depth of the faces around it (two each side: mostly upright ones, which a turned
    face's own depth is not). `scale`: the photo's pixels per box unit; `memo`: readings of
    earlier calls on the same photo (the same box on the same line reads alike)."""
    if lab is None:
        return
    memo = {} if memo is None else memo

    def once(read, *args, **given):  # `given`: what the reading needs that its key omits
        key = (read.__name__, *(tuple(a) if isinstance(a, np.ndarray) else a for a in args))
        if key not in memo:
            memo[key] = read(lab, *args, **given)
        return memo[key]

    def light() -> np.ndarray:  # the lightness channel face_patch samples, made once
        if "light" not in memo:
            memo["light"] = np.ascontiguousarray(lab[:, :, 0])
        return memo["light"]

    slots = [s for row in rows for s in row if not s.is_back]
    # each face's box in the photo's pixels, its row's angle and its tile width there
    lines = {id(s): (tuple(scale * float(v) for v in s.site.det.box),
                     math.atan2(-s.normal[0], s.normal[1]), scale * s.unit) for s in slots}
    own = [once(face_colour, lines[id(s)][0]) for s in slots]
    colours = [c for c in own if c is not None]
    if not colours:
        return
    face = np.median(np.array(colours), axis=0)
    for s, c in zip(slots, own, strict=True):
        box, phi, unit = lines[id(s)]
        ext = once(across_extent, box, phi, unit, c if c is not None else face)
        s.face_depth = ext / unit if ext is not None else None
        s.face_grain = once(face_grain, box, phi, unit)
    for row in rows:
        for i, s in enumerate(row):
            if s.is_back:
                continue
            near = [x.face_depth for x in row[max(0, i - 2):i + 3] if x.face_depth]
            depth = float(small_median(near)) if near else None
            s.face_patch = once(face_patch, *lines[id(s)], depth, light=light())
    for s in slots:
        s.print_mates = tuple(x.face_patch for x in slots
                              if x is not s and x.code == s.code and x.face_patch is not None)
