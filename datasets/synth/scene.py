"""Render one synthetic photo of a revealed hand: 3D-looking tiles on a table, seen by a camera.

Each tile is a rounded slab: a coloured back layer under an ivory layer (face up) or the other
way round (face down), its visible sides shaded by one light, its face a warped sprite. Tiles are
drawn far to near (painter's order) while an id mask records which face owns each pixel; boxes
and occlusion fractions are read from that mask, so every box is the visible face of its tile.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

import cv2
import numpy as np

from datasets.synth import props
from datasets.synth.camera import Camera
from datasets.synth.faces import FACE_H, FACE_W, FaceLibrary, make_levels
from datasets.synth.layout import Layout, TileShape

BACK_BGR = [(60, 140, 40), (40, 110, 20), (170, 110, 30), (150, 80, 20), (40, 190, 230),
            (30, 140, 240), (150, 120, 230), (50, 50, 190), (120, 150, 40), (130, 70, 120),
            (200, 170, 90), (70, 70, 70)]
# Tile bodies of the styled scenes (generate.py `style`): the backs above plus a white body;
# the magenta back is the held-out body, drawn only in `style="held-out"` scenes.
TRAIN_BACK_BGR = BACK_BGR + [(222, 226, 228)]
HELD_OUT_BACK_BGR = [(170, 40, 200)]
IVORY_BGR = [(232, 240, 244), (222, 234, 240), (238, 242, 242), (205, 225, 235), (244, 246, 246)]
FLOWER_FACES = "drawn-a"  # flower faces where the scene's source has none and no crops are given
MIN_VISIBLE = 0.4  # a tile with less of its face visible is left out of the YOLO labels
SHIFT = 4  # sub-pixel bits for cv2 polygon drawing
NARC = 4


@dataclass
class RenderedTile:
    index: int  # into layout.tiles
    quad: np.ndarray  # 4x2 face corners TL, TR, BR, BL of the upright face
    box: tuple[float, float, float, float] | None
    visible: float
    labelled: bool
    shows_back: bool = False  # the camera sees the tile's back (YOLO class `back`)


def _outline(shape: TileShape) -> np.ndarray:
    """16 points of the rounded face outline, counter-clockwise, tile-local (x right, y up)."""
    w2, h2, r = 0.5, shape.h / 2, shape.radius
    pts = []
    for cx, cy, a0 in ((w2 - r, h2 - r, 0), (-w2 + r, h2 - r, 90), (-w2 + r, -h2 + r, 180),
                       (w2 - r, -h2 + r, 270)):
        for k in range(NARC):
            a = np.radians(a0 + 90 * k / (NARC - 1))
            pts.append((cx + r * np.cos(a), cy + r * np.sin(a)))
    return np.array(pts)


# side index pairs of the outline (top, left, bottom, right) and their local normals
SIDES = [((NARC - 1, NARC), (0, 1)), ((2 * NARC - 1, 2 * NARC), (-1, 0)),
         ((3 * NARC - 1, 3 * NARC), (0, -1)), ((4 * NARC - 1, 0), (1, 0))]


def _rot(theta_deg: float) -> np.ndarray:
    t = np.radians(theta_deg)
    return np.array([[np.cos(t), -np.sin(t), 0], [np.sin(t), np.cos(t), 0], [0, 0, 1.0]])


_STAND = np.array([[1.0, 0, 0], [0, 0, -1], [0, 1, 0]])  # face turned towards the player (-y)
_FLIP = np.diag([1.0, -1, -1])  # face on the table


def tile_pose(spec, shape: TileShape) -> tuple[np.ndarray, np.ndarray]:
    """Rotation (columns: face right, face up, face normal) and origin (centre of the back
    surface) of a tile in table coordinates."""
    rz = _rot(spec.theta)
    if spec.standing:
        pos = np.array([spec.x, spec.y, 0.0]) + rz @ np.array([0, shape.t / 2, 0])
        pos[2] = spec.z + shape.h / 2
        return rz @ _STAND, pos
    if spec.face_down:
        return rz @ _FLIP, np.array([spec.x, spec.y, spec.z + shape.t])
    return rz, np.array([spec.x, spec.y, spec.z])


def _fix(pts: np.ndarray) -> np.ndarray:
    return np.round(pts * (1 << SHIFT)).astype(np.int32)


def choose_camera(rng, layout: Layout, shape: TileShape, size: int
                  ) -> tuple[Camera, float, dict]:
    """Random viewpoint framing the hand; returns the camera, the tile width in pixels and
    facts for the sidecar."""
    elev = float(rng.uniform(20, 90)) if rng.random() < 0.7 else float(rng.uniform(55, 90))
    r = rng.random()
    if layout.info.get("standing"):  # standing tiles are photographed from the front
        r = min(r, 0.3) if rng.random() < 0.7 else 0.7
        elev = min(elev, float(rng.uniform(25, 75)))
    azim = float(rng.normal(0, 12)) if r < 0.5 else (
        float(rng.normal(180, 12)) if r < 0.62 else float(rng.uniform(0, 360)))
    if layout.info.get("standing") and r >= 0.62:
        azim = float(rng.uniform(-55, 55))
    roll = float(rng.normal(0, 6)) if rng.random() < 0.75 else float(rng.uniform(-180, 180))
    dist = float(rng.uniform(10, 45))
    target = np.array([rng.normal(0, 0.5), rng.normal(0, 0.5), 0.0])
    cam = Camera.looking_at(target, elev, azim, roll, dist)
    pts = []
    for t in layout.tiles:
        if t.group == "distractor":
            continue
        for dx in (-0.7, 0.7):
            for dy in (-0.7, 0.7):
                pts.append((t.x + dx, t.y + dy, t.z + (shape.h if t.standing else shape.t)))
    uv, _ = cam.project(np.array(pts))  # unit focal length, principal point at 0
    lo, hi = uv.min(0), uv.max(0)
    aniso = float(rng.uniform(0.8, 1.25)) if rng.random() < 0.2 else 1.0
    span = np.maximum(hi - lo, 1e-6) * np.array([1.0, aniso])
    tile_px = float(np.exp(rng.uniform(np.log(20), np.log(200))))
    f = tile_px * dist
    f_fit = 0.94 * size / span.max()
    zoomed = rng.random() < 0.18
    if not zoomed:
        f = min(f, f_fit)
    cam.fx, cam.fy = f, f * aniso
    lo_px, hi_px = lo * np.array([cam.fx, cam.fy]), hi * np.array([cam.fx, cam.fy])
    c = []
    for k in range(2):
        a, b = 4 - lo_px[k], size - 4 - hi_px[k]
        c.append(a + (b - a) * float(rng.beta(2.2, 2.2)) if a < b else (a + b) / 2 + float(rng.normal(0, size / 8)))
    cam.cx, cam.cy = c
    (p0, p1), _ = cam.project(np.array([[0.0, 0, 0], [1.0, 0, 0]]))
    facts = {"angle_deg": round(float(np.degrees(np.arctan2(p1[1] - p0[1], p1[0] - p0[0]))), 1),
             "elevation_deg": round(elev, 1), "azimuth_deg": round(azim % 360, 1),
             "roll_deg": round(roll, 1), "zoomed": bool(zoomed and f > f_fit),
             "stretch_y": round(aniso, 3)}
    return cam, f / dist, facts


def _warp_half(tex: np.ndarray, hmat: np.ndarray, size: int) -> np.ndarray:
    """Warp a table texture at half resolution and enlarge it (4x cheaper; the texture is
    smooth and sensor noise is added later)."""
    half = size // 2
    hs = np.diag([half / size, half / size, 1.0]) @ hmat
    img = cv2.warpPerspective(tex, hs, (half, half), flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_REFLECT)
    return cv2.resize(img, (size, size), interpolation=cv2.INTER_LINEAR)


def _ground_poly(cam: Camera, pts) -> np.ndarray:
    uv, _ = cam.project(np.c_[np.asarray(pts, float), np.zeros(len(pts))])
    return uv


def _background(rng, cam: Camera, size: int, layout: Layout, shape: TileShape,
                style: str | None = None) -> np.ndarray:
    if style in ("clutter", "clutter-held-out"):  # keys, stone, mats ... (datasets/synth/clutter.py)
        from datasets.synth.clutter import clutter_texture

        span = float(rng.uniform(6, 14))
        tex, family = clutter_texture(rng, 512, 512 / span, held_out=style == "clutter-held-out")
        layout.info["surface"] = family
        layout.info["surface_variant"] = "b" if style == "clutter-held-out" else "a"
    else:
        tex = props.table_texture(rng)
        span = float(rng.uniform(6, 18))  # table units covered by the texture (mirrored beyond)
    n = tex.shape[0]
    s = np.array([[span / n, 0, -span / 2], [0, span / n, -span / 2], [0, 0, 1]])
    img = _warp_half(tex, cam.ground_homography() @ s, size)
    hand = [t for t in layout.tiles if t.group != "distractor"]
    x0, x1 = min(t.x for t in hand) - 2, max(t.x for t in hand) + 2
    y0 = min(t.y for t in hand) - shape.h
    if rng.random() < 0.3:  # the table's wooden rail in front of the player
        wood = props.table_texture(rng, 128, kind=1)
        edge = y0 - float(rng.uniform(0.0, 2.5))
        width = float(rng.uniform(1.5, 4.0))
        s2 = np.array([[0.05, 0, 0], [0, 0.05, 0], [0, 0, 1]])
        rail = _warp_half(wood, cam.ground_homography() @ s2, size)
        quad = _ground_poly(cam, [(x0 - 60, edge), (x1 + 60, edge), (x1 + 60, edge - width),
                                  (x0 - 60, edge - width)])
        mask = np.zeros((size, size), np.uint8)
        layout.info["table_rail"] = True
        if np.isfinite(quad).all() and np.abs(quad).max() < 1e5:
            cv2.fillConvexPoly(mask, _fix(quad), 255, cv2.LINE_AA, SHIFT)
            img[mask > 127] = rail[mask > 127]
    tray = layout.info.get("tray")
    if tray:  # a shallow tray under a grid of tiles
        cx, cy, w, h, th = tray
        rm = _rot(th)[:2, :2]
        for grow, col in ((0.35, (30, 30, 32)), (0.12, (45, 45, 48))):
            pts = np.array([(-w / 2 - grow, h / 2 + grow), (w / 2 + grow, h / 2 + grow),
                            (w / 2 + grow, -h / 2 - grow), (-w / 2 - grow, -h / 2 - grow)])
            quad = _ground_poly(cam, pts @ rm.T + (cx, cy))
            if np.isfinite(quad).all() and np.abs(quad).max() < 1e5:
                cv2.fillConvexPoly(img, _fix(quad), col, cv2.LINE_AA, SHIFT)
    corners = cam.ray_z_at(np.array([[0, 0], [size, 0], [0, size], [size, size]], float))
    if corners.max() <= -0.02 * np.abs(corners).max():
        return img
    rz = cam.ray_z((size, size))
    sky = rz > -0.02 * np.abs(rz).max()
    if sky.any():  # beyond the table's far edge: a dim wall
        wall = np.array([rng.uniform(40, 200)] * 3, np.float32) * rng.uniform(0.8, 1.1, 3)
        img[sky] = wall.astype(np.uint8)
    return img


@dataclass
class Light:
    """One directional light plus ambient; `shade` is a side's brightness relative to a face
    lying flat (the sprites are drawn at that brightness)."""

    direction: np.ndarray
    ambient: float

    def shade(self, normal: np.ndarray) -> float:
        top = self.ambient + (1 - self.ambient) * self.direction[2]
        return (self.ambient + (1 - self.ambient) * max(0.0, float(normal @ self.direction))) / top


@dataclass
class TileSet:
    """The colours of this scene's tiles: back layer, ivory layer, the faces' tint, and the
    sprite of a tile's back."""

    back: np.ndarray
    ivory: np.ndarray
    tint: np.ndarray
    back_levels: list[np.ndarray]


@dataclass
class Projection:
    """Every tile's pose and its outline points on screen (see `_project`)."""

    poses: list[tuple[np.ndarray, np.ndarray]]
    world: np.ndarray  # n x (3 * outline + 8) x 3: outlines at back, seam, face; face, back corners
    uv: np.ndarray  # the same points on screen
    shadow_uv: np.ndarray  # the slab's outline cast on the table, on screen
    hidden: np.ndarray  # tiles reaching behind the camera
    centre_depth: np.ndarray  # along the optical axis
    n_outline: int


def render(rng: np.random.Generator, layout: Layout, shape: TileShape, lib: FaceLibrary,
           source: str, size: int, noise: props.NoiseBank, effects: bool = True,
           style: str | None = None, camera=None, occluders: bool = True
           ) -> tuple[np.ndarray, list[RenderedTile], np.ndarray, dict]:
    """Draw the scene; returns the image, per-tile results (same order as layout.tiles), the
    id mask (face pixel -> tile index + 1, 0 elsewhere) and camera facts for the sidecar.
    The random draws happen in a fixed order (camera, light, table, tile colours, shadow,
    faces, glare, occluders, camera effects): a seed gives the same picture. `camera` replaces
    choose_camera (same arguments and result), e.g. for the calibration sheet's view; without
    `occluders` no hand or object covers a tile."""
    cam, tile_px, facts = (camera or choose_camera)(rng, layout, shape, size)
    le, la = np.radians(rng.uniform(40, 85)), np.radians(rng.uniform(0, 360))
    light = Light(np.array([np.cos(le) * np.cos(la), np.cos(le) * np.sin(la), np.sin(le)]),
                  float(rng.uniform(0.35, 0.6)))
    img = _background(rng, cam, size, layout, shape, style)
    ids = np.zeros((size, size), np.uint8)
    tile_set = _tile_set(rng, source, style)
    proj = _project(layout, shape, cam, light)
    img = _cast_shadows(rng, img, proj, tile_px, size)
    used: list[str | None] = [None] * len(layout.tiles)
    quads, full_area, shows_back = _draw_tiles(rng, img, ids, layout, shape, cam, light,
                                               tile_set, proj, lib, source, style, used)
    img = _glare(rng, img, ids, size)
    occluders = _occlude(rng, img, ids, layout, quads, tile_px, facts["angle_deg"], size) \
        if occluders else []
    if effects:
        img = props.camera_effects(rng, img, noise)
    out = _label_tiles(ids, quads, full_area, shows_back, size)
    facts.update(tile_px=round(tile_px, 1), occluders=occluders)
    if style is not None:  # what a styled scene drew: its tiles' face sources and back colour
        facts.update(tile_faces=used, back_bgr=[round(float(v)) for v in tile_set.back])
    return img, out, ids, facts


def _tile_set(rng, source: str, style: str | None = None) -> TileSet:
    backs = BACK_BGR if style is None else (
        HELD_OUT_BACK_BGR if style == "held-out" else TRAIN_BACK_BGR)
    back_col = np.array(backs[rng.integers(len(backs))], np.float32) * rng.uniform(.85, 1.1)
    ivory = np.array(IVORY_BGR[rng.integers(len(IVORY_BGR))], np.float32)
    if source == "svg-dark":
        ivory = np.array((70, 64, 58), np.float32)
    # the tile set's own ivory: drawn faces take the colour of the sides, photos a slight tint
    if source == "svg-light":
        tint = (ivory / np.array((236, 244, 246), np.float32)).astype(np.float32)
    else:
        tint = rng.uniform(0.95, 1.04, 3).astype(np.float32)
    back_img = np.empty((FACE_H, FACE_W, 3), np.float32)
    grad = np.linspace(1.04, 0.94, FACE_H, dtype=np.float32)[:, None, None]
    back_img[:] = back_col
    back_levels = make_levels(np.clip(back_img * grad, 0, 255).astype(np.uint8))
    return TileSet(back_col, ivory, tint, back_levels)


def _project(layout: Layout, shape: TileShape, cam: Camera, light: Light) -> Projection:
    """Pose every tile on the table and project its slab (and the slab's shadow) to screen."""
    outline = _outline(shape)
    n = len(layout.tiles)
    no = len(outline)
    t = shape.t
    zb = shape.back_frac * t
    # tile-local points: outline at z = 0 (back), zb (layer seam), t (face); face corners TL TR
    # BR BL; back corners in the order that is clockwise when the back is seen
    w2, h2 = 0.5, shape.h / 2
    face_c = np.array([(-w2, h2, t), (w2, h2, t), (w2, -h2, t), (-w2, -h2, t)])
    back_c = np.array([(w2, h2, 0), (-w2, h2, 0), (-w2, -h2, 0), (w2, -h2, 0)])
    local = np.concatenate([np.c_[outline, np.full(no, z)] for z in (0.0, zb, t)] +
                           [face_c, back_c])
    poses = [tile_pose(tl, shape) for tl in layout.tiles]
    world = np.stack([local @ r.T + p for r, p in poses])  # n x (3*16 + 8) x 3
    lz = max(light.direction[2], 0.2)
    ground = world[:, [*range(no), *range(2 * no, 3 * no)]].copy()  # shadow: slab to the table
    ground[..., :2] -= light.direction[:2] / lz * ground[..., 2:3]
    ground[..., 2] = 0
    uv, depth = cam.project(np.concatenate([world, ground], 1).reshape(-1, 3))
    uv = uv.reshape(n, -1, 2)
    # a tile reaching behind the camera cannot be seen from here: leave it out
    hidden = depth.reshape(n, -1).min(1) < 0.3
    uv[hidden] = -1e4
    nw = world.shape[1]
    centre_depth = np.array([(p + r @ np.array([0, 0, t / 2]) - cam.center) @ cam.fwd
                             for r, p in poses])
    return Projection(poses, world, uv[:, :nw], uv[:, nw:], hidden, centre_depth, no)


def _cast_shadows(rng, img: np.ndarray, proj: Projection, tile_px: float,
                  size: int) -> np.ndarray:
    """Soft shadows of the slabs on the table, drawn at quarter resolution."""
    q = 4
    smask = np.zeros((size // q, size // q), np.uint8)
    for i in np.flatnonzero(~proj.hidden):
        hull = cv2.convexHull(proj.shadow_uv[i].astype(np.float32))
        cv2.fillConvexPoly(smask, _fix(hull[:, 0] / q), 255, cv2.LINE_AA, SHIFT)
    sig = max(0.5, 0.15 * tile_px / q)
    smask = cv2.GaussianBlur(smask, (0, 0), sig)
    smask = cv2.resize(smask, (size, size)).astype(np.float32) / 255
    strength = float(rng.uniform(0.2, 0.5))
    fac = cv2.merge([(255 - strength * 255 * smask).astype(np.uint8)] * 3)
    return cv2.multiply(img, fac, scale=1 / 255)


def _draw_tiles(rng, img: np.ndarray, ids: np.ndarray, layout: Layout, shape: TileShape,
                cam: Camera, light: Light, tile_set: TileSet, proj: Projection,
                lib: FaceLibrary, source: str, style: str | None = None,
                used: list | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Paint the tiles far to near: each slab's two layers and visible sides, then the face
    (or back) the camera sees, recording its pixels in `ids`. Returns each tile's shown quad
    (face or back corners), the pixel count of that face drawn alone, and whether it shows
    its back."""
    n, no, uv = len(layout.tiles), proj.n_outline, proj.uv
    order = paint_order(proj.poses, shape, cam.center, uv, proj.centre_depth, proj.hidden)
    full_area = np.zeros(n)
    shows_back = np.zeros(n, bool)
    quads = uv[:, 3 * no:3 * no + 4].copy()
    for i in order:
        if proj.hidden[i]:
            continue
        tl = layout.tiles[i]
        rm, _ = proj.poses[i]
        _draw_slab(img, ids, uv[i], proj.world[i], rm, no, cam, light, tile_set)
        normal = rm[:, 2]
        if normal @ (cam.center - proj.world[i, 2 * no]) > 0:  # the face is towards the camera
            out_poly, quad = uv[i, 2 * no:3 * no], uv[i, 3 * no:3 * no + 4]
            src = "crop" if tl.code.endswith("f") else source
            if style is not None and lib.has(source, tl.code):
                src = source  # drawn styles have their own flowers
            if not lib.has(src, tl.code):  # without the photo crops, flowers come from drawn-a
                src = "crop" if lib.has("crop", tl.code) else (
                    FLOWER_FACES if tl.code.endswith("f") else "svg-light")
            if style is not None and lib.has(f"red-{src}", tl.code):
                draw = rng.random()  # drawn also when the tile sets its colour: the same stream
                if (draw < 0.4) if tl.red is None else tl.red:
                    src = f"red-{src}"  # a riichi-style red five, still labelled as the five
            if used is not None:
                used[i] = src
            levels = lib.levels(src, tl.code, int(rng.integers(lib.count(src, tl.code))))
            gain = light.shade(normal)
        else:  # its back is (face-down tile, or a standing tile seen from behind)
            out_poly, quad = uv[i, :no], uv[i, 3 * no + 4:3 * no + 8]
            levels = tile_set.back_levels
            shows_back[i] = True
            gain = light.shade(-normal)
        quads[i] = quad
        full_area[i] = _raster_count(out_poly)
        _warp_face(img, levels, quad,
                   tile_set.tint * (min(gain, 1.12) * float(rng.uniform(0.93, 1.04))))
        cv2.fillConvexPoly(ids, _fix(out_poly), int(i + 1), cv2.LINE_8, SHIFT)
    return quads, full_area, shows_back


def _draw_slab(img: np.ndarray, ids: np.ndarray, uv: np.ndarray, world: np.ndarray,
               rm: np.ndarray, no: int, cam: Camera, light: Light, tile_set: TileSet) -> None:
    """One tile's back layer and ivory layer with their sides facing the camera; clears the
    tile's outline from `ids` (it hides what is behind)."""
    for z0, z1, col in ((0, 1, tile_set.back), (1, 2, tile_set.ivory)):
        a, b = uv[z0 * no:(z0 + 1) * no], uv[z1 * no:(z1 + 1) * no]
        hull = cv2.convexHull(np.concatenate([a, b]).astype(np.float32))[:, 0]
        cv2.fillConvexPoly(img, _fix(hull), (col * 0.75).tolist(), cv2.LINE_AA, SHIFT)
        for (p, q2), nrm in SIDES:
            n3 = rm @ np.array([nrm[0], nrm[1], 0.0])
            if n3 @ (cam.center - world[z1 * no + p]) <= 0:
                continue
            quad = np.array([a[p], a[q2], b[q2], b[p]])
            cv2.fillConvexPoly(img, _fix(quad), np.clip(col * light.shade(n3), 0, 255).tolist(),
                               cv2.LINE_AA, SHIFT)
        cv2.fillConvexPoly(ids, _fix(hull), 0, cv2.LINE_8, SHIFT)


def _glare(rng, img: np.ndarray, ids: np.ndarray, size: int) -> np.ndarray:
    """Now and then, specular glare on the glossy faces only."""
    if rng.random() >= 0.3:
        return img
    g = np.zeros((64, 64), np.float32)
    for _ in range(int(rng.integers(1, 4))):
        cv2.ellipse(g, (int(rng.integers(64)), int(rng.integers(64))),
                    (int(rng.integers(2, 9)), int(rng.integers(1, 4))),
                    float(rng.uniform(0, 180)), 0, 360, float(rng.uniform(60, 180)), -1)
    g = cv2.resize(cv2.GaussianBlur(g, (0, 0), 1.5), (size, size))
    g *= ids > 0
    return np.clip(img + g[..., None], 0, 255).astype(np.uint8)


def _occlude(rng, img: np.ndarray, ids: np.ndarray, layout: Layout, quads: np.ndarray,
             tile_px: float, angle_deg: float, size: int) -> list[str]:
    """Now and then a player's hand over a tile, or an object on the table; returns which."""
    hand_tiles = [i for i, tl in enumerate(layout.tiles) if tl.group != "distractor"]
    occluders = []
    if rng.random() < 0.22 and hand_tiles:
        j = hand_tiles[int(rng.integers(len(hand_tiles)))]
        props.draw_hand(rng, img, ids, quads[j].mean(0), tile_px, angle_deg)
        occluders.append("hand")
    if rng.random() < 0.25:
        if rng.random() < 0.5 and hand_tiles:
            j = hand_tiles[int(rng.integers(len(hand_tiles)))]
            at = quads[j].mean(0) + rng.normal(0, tile_px * 1.5, 2)
        else:
            at = rng.uniform(0, size, 2)
        props.draw_object(rng, img, ids, at, tile_px)
        occluders.append("object")
    return occluders


def _label_tiles(ids: np.ndarray, quads: np.ndarray, full_area: np.ndarray,
                 shows_back: np.ndarray, size: int) -> list[RenderedTile]:
    """Each tile's box and visible fraction from the id mask; labelled when enough shows."""
    out = []
    for i in range(len(quads)):
        quad = quads[i]
        x0, y0 = np.floor(quad.min(0)).astype(int) - 2
        x1, y1 = np.ceil(quad.max(0)).astype(int) + 3
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, size), min(y1, size)
        box, vis = None, 0.0
        if x1 > x0 and y1 > y0:
            ys, xs = np.nonzero(ids[y0:y1, x0:x1] == i + 1)
            if len(xs):
                box = (float(x0 + xs.min()), float(y0 + ys.min()),
                       float(x0 + xs.max() + 1), float(y0 + ys.max() + 1))
                vis = min(1.0, len(xs) / max(full_area[i], 1.0))
        labelled = bool(box is not None and vis >= MIN_VISIBLE and min(
            box[2] - box[0], box[3] - box[1]) >= 3)
        out.append(RenderedTile(i, quad, box, float(vis), labelled, bool(shows_back[i])))
    return out


def paint_order(poses, shape: TileShape, eye: np.ndarray, uv: np.ndarray,
                centre_depth: np.ndarray, hidden: np.ndarray) -> list[int]:
    """Far-to-near drawing order in which no tile is painted over one in front of it.

    Sorting by the centres' depth along the optical axis is wrong for neighbours lying side by
    side off the axis (the later one's side was drawn over the earlier one's face). Tiles are
    boxes that do not intersect, so for each pair whose outlines may meet on screen a plane
    separates them (one of their six face normals, a small overlap from jitter tolerated): the
    tile on the camera's side of it is drawn later. Ties and cycles fall back to the depth."""
    n = len(poses)
    rot = np.stack([r for r, _ in poses])  # n x 3 x 3, columns: right, up, normal
    half = np.array([0.5, shape.h / 2, shape.t / 2])
    centre = np.stack([p + r[:, 2] * shape.t / 2 for r, p in poses])
    lo, hi = uv.min(1), uv.max(1)
    after: list[set[int]] = [set() for _ in range(n)]  # after[i]: tiles drawn after i
    n_before = np.zeros(n, int)
    for i in range(n):
        for j in range(i + 1, n):
            if hidden[i] or hidden[j] or (lo[i] > hi[j]).any() or (lo[j] > hi[i]).any():
                continue
            axes = np.concatenate([rot[i].T, rot[j].T])  # 6 unit axes
            d = axes @ (centre[j] - centre[i])
            ri = np.abs(axes @ rot[i]) @ half
            rj = np.abs(axes @ rot[j]) @ half
            gap = np.abs(d) - ri - rj
            k = int(np.argmax(gap))
            if gap[k] < -0.1:
                continue  # no separating plane: leave them to the depth order
            sign = 1.0 if d[k] >= 0 else -1.0
            cam = sign * float(axes[k] @ (eye - centre[i]))
            front, back = (j, i) if cam > ri[k] + gap[k] / 2 else (i, j)
            after[back].add(front)
            n_before[front] += 1
    heap = [(-centre_depth[i], i) for i in range(n) if n_before[i] == 0]
    heapq.heapify(heap)
    done = np.zeros(n, bool)
    order: list[int] = []
    while len(order) < n:
        if not heap:  # a cycle: take the farthest tile left
            i = max((k for k in range(n) if not done[k]), key=lambda k: centre_depth[k])
            n_before[i] = 0
        else:
            i = heapq.heappop(heap)[1]
            if done[i]:
                continue
        done[i] = True
        order.append(i)
        for k in after[i]:
            n_before[k] -= 1
            if n_before[k] == 0 and not done[k]:
                heapq.heappush(heap, (-centre_depth[k], k))
    return order


def _raster_count(poly: np.ndarray) -> int:
    """Pixels the face polygon covers when drawn alone (no image border, nothing on top)."""
    lo = np.floor(poly.min(0)) - 1
    hi = np.ceil(poly.max(0)) + 2
    w, h = int(hi[0] - lo[0]), int(hi[1] - lo[1])
    if w * h > 4_000_000:
        return int(cv2.contourArea(poly.astype(np.float32)))
    buf = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(buf, _fix(poly - lo), 1, cv2.LINE_8, SHIFT)
    return int(buf.sum())


def _warp_face(img: np.ndarray, levels: list[np.ndarray], quad: np.ndarray,
               gain: np.ndarray) -> None:
    """Warp the mip level that best matches the face's size onto `quad` and blend it in."""
    h, w = img.shape[:2]
    x0, y0 = np.floor(quad.min(0)).astype(int) - 1
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 2
    x0c, y0c, x1c, y1c = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    if x1c <= x0c or y1c <= y0c:
        return
    width = max(np.linalg.norm(quad[1] - quad[0]), np.linalg.norm(quad[2] - quad[3]), 1.0)
    lv = levels[0]
    for cand in levels[1:]:
        if cand.shape[1] >= width * 1.1:
            lv = cand
    sh, sw = lv.shape[:2]
    src = np.float32([[0, 0], [sw, 0], [sw, sh], [0, sh]])
    dst = (quad - (x0c, y0c)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    warped = cv2.warpPerspective(lv, m, (x1c - x0c, y1c - y0c), flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0))
    a = warped[..., 3:4].astype(np.float32) / 255
    roi = img[y0c:y1c, x0c:x1c].astype(np.float32)
    img[y0c:y1c, x0c:x1c] = np.clip(roi * (1 - a) + warped[..., :3] * (gain * a), 0,
                                    255).astype(np.uint8)
