"""A rendered photo of the calibration sheet: one tile of each kind laid flat in rows (characters,
dots, bamboo, honours, flowers), photographed roughly from above, as docs/calibration.md asks a
player to lay their set. Used to calibrate a profile on a held-out synthetic tile set
(benchmarks/bench_calibration.py).

The scene goes through the same renderer as the synthetic hands (datasets/synth/scene.py), so
lighting, camera effects and JPEG match them; the camera looks like a player's photo of it,
from above with the rows level within a few degrees (`sheet_camera`), and nothing covers a
tile.
"""

from __future__ import annotations

import numpy as np

from datasets.synth.layout import Layout, TileShape, TileSpec
from scoring.tiles import BACK

SHEET_ROWS = ("123456789m", "123456789p", "123456789s", "1234567z", "12345678f")
SHEET_TILES = " ".join(SHEET_ROWS)
# a riichi set's sheet: no flowers, and its three red fives (0 in a tile list) in the last row
RIICHI_SHEET_ROWS = ("123456789m", "123456789p", "123456789s", "1234567z", "0m 0p 0s")
RIICHI_SHEET_TILES = " ".join(RIICHI_SHEET_ROWS)
# either sheet with a row of face-down tiles after it, so the profile knows the set's backs
BACKS_ROW = "back back back"


def sheet_codes(rows=SHEET_ROWS) -> list[list[str]]:
    """Each row's codes; a red five is written 0m / 0p / 0s, a face-down tile `back`."""
    return [[code for run in row.split() for code in
             ([run] if run == BACK else [d + run[-1] for d in run[:-1]])] for row in rows]


def sheet_layout(rng, shape: TileShape, rows=SHEET_ROWS) -> Layout:
    """The rows, the first farthest from the camera's side (the top of the photo). With red
    fives in `rows` each five's colour is set (the red ones red, the others plain); otherwise
    it is left to the renderer as in any scene."""
    rows = sheet_codes(rows)
    riichi = any(c.startswith("0") for row in rows for c in row)
    tiles = []
    pitch = shape.h + float(rng.uniform(0.25, 0.5))
    for r, codes in enumerate(rows):
        y = (len(rows) - 1 - r) * pitch
        x = -4.5
        for code in codes:
            red = code.startswith("0") if riichi and code[1] in "mps" and code[0] in "05" else None
            face = "5" + code[1] if code.startswith("0") else code
            tiles.append(TileSpec("1m" if code == BACK else face, "concealed", x,
                                  y - 2 * pitch + float(rng.normal(0, 0.02)),
                                  float(rng.normal(0, 1.0)), face_down=code == BACK, red=red))
            x += 1.0 + float(rng.uniform(0.08, 0.2))
    return Layout(tiles, {"rows": len(rows), "standing": False})


def sheet_camera(rng, layout: Layout, shape: TileShape, size: int):
    """A player's photo of the sheet: from above (elevation 55-85 degrees), rows level within a
    few degrees, the sheet filling most of the frame (scene.choose_camera's result)."""
    from datasets.synth.camera import Camera

    elev = float(rng.uniform(55, 85))
    azim, roll = float(rng.normal(0, 3)), float(rng.normal(0, 2))
    dist = float(rng.uniform(15, 40))
    cam = Camera.looking_at(np.array([0.0, 0.0, 0.0]), elev, azim, roll, dist)
    pts = np.array([(t.x + dx, t.y + dy, t.z + shape.t) for t in layout.tiles
                    for dx in (-0.7, 0.7) for dy in (-0.7, 0.7)])
    uv, _ = cam.project(pts)
    lo, hi = uv.min(0), uv.max(0)
    f = float(rng.uniform(0.8, 0.92)) * size / float((hi - lo).max())
    cam.fx = cam.fy = f
    cam.cx, cam.cy = size / 2 - f * (lo + hi)[0] / 2, size / 2 - f * (lo + hi)[1] / 2
    (p0, p1), _ = cam.project(np.array([[0.0, 0, 0], [1.0, 0, 0]]))
    facts = {"angle_deg": round(float(np.degrees(np.arctan2(p1[1] - p0[1], p1[0] - p0[0]))), 1),
             "elevation_deg": round(elev, 1), "azimuth_deg": round(azim % 360, 1),
             "roll_deg": round(roll, 1), "zoomed": False, "stretch_y": 1.0}
    return cam, f / dist, facts


def render_sheet(seed: int, source: str, size: int = 1024, tilesets=None, style: str | None =
                 "held-out-set", tries: int = 20, rows=SHEET_ROWS) -> tuple[bytes, list[dict]]:
    """(JPEG of the sheet, its tiles: code, box and whether it is a red five, in reading order)
    drawn with the faces of `source` (e.g. kde-traditional)."""
    import cv2

    from datasets.synth.faces import DEFAULT_CACHE
    from datasets.synth.generate import _state
    from datasets.synth.scene import render

    lib, noise = _state(None, DEFAULT_CACHE, tilesets)
    for k in range(tries):
        rng = np.random.default_rng(np.random.SeedSequence([int(seed), 7919, k]))
        shape = TileShape(h=float(rng.uniform(1.3, 1.42)), t=float(rng.uniform(0.55, 0.85)),
                          back_frac=float(rng.uniform(0.3, 0.6)),
                          radius=float(rng.uniform(0.06, 0.14)))
        layout = sheet_layout(rng, shape, rows)
        img, rendered, _, facts = render(rng, layout, shape, lib, source, size, noise, True,
                                         style, camera=sheet_camera, occluders=False)
        if not all(r.labelled and r.visible > 0.97 for r in rendered):
            continue  # a tile hidden (glare, the frame)
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        tiles = [{"code": BACK if t.face_down else t.code, "box": [round(float(v), 1) for v in r.box], "red": bool(t.red)}
                 for t, r in zip(layout.tiles, rendered, strict=True)]
        return buf.tobytes(), tiles
    raise RuntimeError(f"no clear sheet photo in {tries} camera draws")
