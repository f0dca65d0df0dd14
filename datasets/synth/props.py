"""Table surfaces, occluding objects (a hand, a phone, a cup, coins) and camera effects.

Everything is procedural and vectorised: textures are made small and warped onto the table
plane; lighting maps are made at low resolution and resized.
"""

from __future__ import annotations

import cv2
import numpy as np

CLOTH_BGR = [(60, 130, 40), (50, 105, 30), (90, 140, 60), (120, 80, 30), (140, 100, 40),
             (40, 40, 120), (50, 50, 150), (70, 70, 70), (40, 40, 40), (25, 25, 30),
             (160, 160, 160), (200, 200, 205), (110, 150, 170), (90, 60, 120), (40, 90, 110),
             (150, 130, 90), (30, 80, 20)]
WOOD_BGR = [(60, 110, 170), (40, 80, 130), (90, 150, 200), (30, 55, 90), (120, 170, 210),
            (70, 100, 120)]
SKIN_BGR = [(150, 180, 225), (120, 150, 200), (85, 115, 165), (170, 195, 235), (60, 85, 125)]


def _lowfreq(rng: np.random.Generator, size: int, cells: int) -> np.ndarray:
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC)


def table_texture(rng: np.random.Generator, n: int = 256, kind: int | None = None) -> np.ndarray:
    """An n x n BGR texture of a table surface: cloth (0), wood (1), stone (2) or a patterned
    cloth (3)."""
    if kind is None:
        kind = rng.choice(4, p=[0.5, 0.28, 0.1, 0.12])
    if kind == 1:  # wood: warped stripes along x
        base = np.array(WOOD_BGR[rng.integers(len(WOOD_BGR))], np.float32)
        ys = np.arange(n, dtype=np.float32)[:, None] * np.ones((1, n), np.float32)
        warp = _lowfreq(rng, n, 3) * rng.uniform(2, 9)
        freq = rng.uniform(0.05, 0.35)
        grain = np.sin((ys + warp) * freq) * 0.5 + 0.5
        fine = cv2.resize(rng.standard_normal((n, n // 16)).astype(np.float32), (n, n))
        fine2 = cv2.resize(rng.standard_normal((n * 2, n // 24)).astype(np.float32), (n, n))
        grain2 = np.sin((ys + warp * 1.7) * freq * 4.3) * 0.5 + 0.5
        v = 0.78 + 0.14 * grain + 0.06 * grain2 + 0.04 * fine + 0.04 * fine2
        if rng.random() < 0.5:  # planks
            v *= np.where((ys.astype(int) % int(rng.integers(60, 200))) < 2, 0.6, 1.0)
        tex = base[None, None, :] * v[..., None]
    elif kind == 2:  # stone / laminate speckle
        base = np.array(CLOTH_BGR[rng.integers(len(CLOTH_BGR))], np.float32) * rng.uniform(.6, 1.3)
        v = 1 + 0.12 * _lowfreq(rng, n, 12) + 0.08 * rng.standard_normal((n, n)).astype(np.float32)
        tex = base[None, None, :] * v[..., None]
    else:  # cloth (kind 0) or patterned cloth (kind 3)
        base = np.array(CLOTH_BGR[rng.integers(len(CLOTH_BGR))], np.float32) * rng.uniform(.8, 1.2)
        v = 1 + 0.04 * _lowfreq(rng, n, 4)
        v = v + rng.uniform(0.02, 0.08) * rng.standard_normal((n, n)).astype(np.float32)
        if rng.random() < 0.5:  # weave
            ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
            p = rng.uniform(2.5, 5)
            v = v + rng.uniform(0.03, 0.08) * np.sin(xs * 2 * np.pi / p) * np.sin(ys * 2 * np.pi / p)
        if kind == 3:
            ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
            p = rng.uniform(6, 30)
            if rng.random() < 0.5:
                pat = ((xs // p + ys // p) % 2) * 2 - 1
            else:
                pat = np.sin(xs * 2 * np.pi / p) * np.sin(ys * 2 * np.pi / p)
            v = v + rng.uniform(0.04, 0.15) * pat
        tex = base[None, None, :] * v[..., None]
    return np.clip(tex, 0, 255).astype(np.uint8)


def draw_hand(rng, img: np.ndarray, ids: np.ndarray, tip: np.ndarray, s: float,
              row_angle_deg: float = 0.0) -> None:
    """A hand reaching across the row towards `tip` (pixels); tile size `s` px sets its scale."""
    h, w = img.shape[:2]
    ang = np.radians(row_angle_deg + 90 + (180 if rng.random() < 0.5 else 0) + rng.normal(0, 25))
    d = np.array([np.cos(ang), np.sin(ang)])
    scale = s * rng.uniform(0.9, 1.5)
    palm = tip + d * scale * 2.6
    mask = np.zeros((h, w), np.uint8)
    cv2.ellipse(mask, tuple(int(v) for v in palm), (int(scale * 1.3), int(scale * 1.1)),
                float(np.degrees(ang)), 0, 360, 255, -1, cv2.LINE_AA)
    perp0 = np.array([-d[1], d[0]])
    arm_end = palm + d * scale * 9
    wa, wb = scale * 1.05, scale * 1.5  # the forearm widens away from the wrist
    arm = np.array([palm + perp0 * wa, palm - perp0 * wa, arm_end - perp0 * wb,
                    arm_end + perp0 * wb])
    cv2.fillConvexPoly(mask, np.round(arm).astype(np.int32), 255, cv2.LINE_AA)
    perp = np.array([-d[1], d[0]])
    for k, off in enumerate((-0.9, -0.3, 0.3, 0.9)):
        base = palm - d * scale * 0.8 + perp * off * scale * 0.7
        length = scale * rng.uniform(1.0, 1.8) * (0.8 if k in (0, 3) else 1.0)
        end = base - d * length + perp * off * scale * 0.15
        cv2.line(mask, tuple(int(v) for v in base), tuple(int(v) for v in end), 255,
                 max(int(scale * 0.42), 2), cv2.LINE_AA)
    if rng.random() < 0.7:  # thumb
        side = 1 if rng.random() < 0.5 else -1
        base = palm + perp * side * scale * 1.0
        end = base + perp * side * scale * 0.9 - d * scale * 0.9
        cv2.line(mask, tuple(int(v) for v in base), tuple(int(v) for v in end), 255,
                 max(int(scale * 0.5), 2), cv2.LINE_AA)
    _cast_shadow(img, mask, scale)
    _paint(rng, img, ids, mask, np.array(SKIN_BGR[rng.integers(len(SKIN_BGR))], np.float32))


def draw_object(rng, img: np.ndarray, ids: np.ndarray, at: np.ndarray, s: float) -> None:
    """A phone, cup, coin stack, pen, or a look-alike of a tile (playing card, die) at `at`
    (pixels); look-alikes teach the detector what is not a tile."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    kind = rng.integers(6)
    c = tuple(int(v) for v in at)
    if kind >= 4:
        _draw_lookalike(rng, img, ids, at, s, card=kind == 4)
        return
    if kind == 0:  # phone
        box = cv2.boxPoints(((float(at[0]), float(at[1])), (s * 2.6, s * 5.2),
                             float(rng.uniform(0, 180))))
        cv2.fillConvexPoly(mask, box.astype(np.int32), 255, cv2.LINE_AA)
        col = np.array([(30, 30, 30), (200, 200, 205), (60, 40, 30)][rng.integers(3)], np.float32)
    elif kind == 1:  # cup seen from above
        r = int(s * rng.uniform(1.5, 2.5))
        cv2.circle(mask, c, r, 255, -1, cv2.LINE_AA)
        col = np.array([(235, 235, 235), (40, 60, 150), (120, 60, 30)][rng.integers(3)], np.float32)
    elif kind == 2:  # coins / chips
        for _ in range(int(rng.integers(1, 5))):
            o = (at + rng.normal(0, s * 0.6, 2)).astype(int)
            cv2.circle(mask, tuple(int(v) for v in o), int(s * 0.55), 255, -1, cv2.LINE_AA)
        col = np.array([(60, 150, 200), (180, 180, 180), (40, 40, 200)][rng.integers(3)], np.float32)
    else:  # pen / stick
        a = rng.uniform(0, np.pi)
        d = np.array([np.cos(a), np.sin(a)]) * s * 3
        cv2.line(mask, tuple(int(v) for v in at - d), tuple(int(v) for v in at + d), 255,
                 max(int(s * 0.25), 2), cv2.LINE_AA)
        col = np.array([(20, 20, 20), (200, 80, 20), (230, 230, 230)][rng.integers(3)], np.float32)
    _paint(rng, img, ids, mask, col)


def _draw_lookalike(rng, img, ids, at, s: float, card: bool) -> None:
    """A white playing card with red or black pips, or a white die with dark dots."""
    size = (s * 1.9, s * 2.7) if card else (s * 0.9, s * 0.9)
    ang = float(rng.uniform(0, 180))
    box = cv2.boxPoints(((float(at[0]), float(at[1])), size, ang))
    col = (235, 238, 240) if card else (230, 232, 232)
    cv2.fillConvexPoly(img, np.round(box).astype(np.int32), col, cv2.LINE_AA)
    cv2.fillConvexPoly(ids, np.round(box).astype(np.int32), 0)
    ink = [(30, 30, 200), (30, 30, 30)][rng.integers(2)] if card else (40, 40, 40)
    r = np.radians(ang)
    ux, uy = np.array([np.cos(r), np.sin(r)]), np.array([-np.sin(r), np.cos(r)])
    for _ in range(int(rng.integers(1, 7))):
        fx, fy = rng.uniform(-0.3, 0.3, 2)
        p = np.asarray(at) + ux * fx * size[0] + uy * fy * size[1]
        cv2.circle(img, (int(p[0]), int(p[1])), max(int(s * (0.12 if card else 0.09)), 1), ink,
                   -1, cv2.LINE_AA)


def _cast_shadow(img: np.ndarray, mask: np.ndarray, scale: float) -> None:
    """A soft shadow of a raised object (a hand above the table), offset and blurred."""
    h, w = img.shape[:2]
    q = 4
    small = cv2.resize(mask, (w // q, h // q), interpolation=cv2.INTER_AREA)
    off = np.float32([[1, 0, scale * 0.5 / q], [0, 1, scale * 0.6 / q]])
    small = cv2.warpAffine(small, off, (w // q, h // q))
    small = cv2.GaussianBlur(small, (0, 0), max(scale * 0.35 / q, 0.8))
    sh = cv2.resize(small, (w, h)).astype(np.float32)[..., None] / 255
    img[:] = (img * (1 - 0.45 * sh)).astype(np.uint8)


def _paint(rng, img, ids, mask, col) -> None:
    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    m = mask[y0:y1, x0:x1].astype(np.float32)[..., None] / 255
    hh, ww = m.shape[:2]
    shade = 0.8 + 0.25 * cv2.resize(rng.random((3, 3)).astype(np.float32), (ww, hh))[..., None]
    # darker towards the outline, so the object looks rounded rather than cut out of paper
    soft = cv2.GaussianBlur(m[..., 0], (0, 0), max(2.0, 0.02 * max(hh, ww)))[..., None]
    shade = shade * (0.6 + 0.4 * np.clip(soft * 1.6 - 0.3, 0, 1))
    roi = img[y0:y1, x0:x1].astype(np.float32)
    img[y0:y1, x0:x1] = np.clip(roi * (1 - m) + col * shade * m, 0, 255).astype(np.uint8)
    ids[y0:y1, x0:x1][mask[y0:y1, x0:x1] > 127] = 0


class NoiseBank:
    """One big noise field per process; each image takes a random window (cheap, seeded)."""

    def __init__(self, n: int = 1024):
        r = np.random.default_rng(12345)
        self.field = r.standard_normal((n, n, 3)).astype(np.float32)

    def sample(self, rng, h: int, w: int) -> np.ndarray:
        n = self.field.shape[0]
        y, x = int(rng.integers(0, n - h + 1)), int(rng.integers(0, n - w + 1))
        return self.field[y:y + h, x:x + w]


def camera_effects(rng, img: np.ndarray, noise: NoiseBank) -> np.ndarray:
    """Blur or low resolution, uneven light with a colour cast, glare, sensor noise."""
    h, w = img.shape[:2]
    r = rng.random()
    if r < 0.25:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.6))
    elif r < 0.33:  # motion blur
        k = int(rng.integers(3, 9))
        ker = np.zeros((k, k), np.float32)
        ker[k // 2, :] = 1 / k
        rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1)
        ker = cv2.warpAffine(ker, rot, (k, k))
        img = cv2.filter2D(img, -1, ker / max(ker.sum(), 1e-6))
    if rng.random() < 0.15:
        sc = rng.uniform(0.35, 0.75)
        small = cv2.resize(img, (int(w * sc), int(h * sc)), interpolation=cv2.INTER_AREA)
        img = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    f = img.astype(np.float32)
    # smooth light falloff times a colour cast, as one 3-channel gain map
    gain = 1 + rng.uniform(0.02, 0.14) * rng.standard_normal((2, 2, 1))
    cast = rng.uniform(0.85, 1.12, 3) * rng.uniform(0.65, 1.2)
    g3 = cv2.resize((gain * cast[None, None, :]).astype(np.float32), (w, h),
                    interpolation=cv2.INTER_LINEAR)
    cv2.multiply(f, g3, dst=f)
    if rng.random() < 0.12:  # glare spots
        g = np.zeros((64, 64), np.float32)
        for _ in range(int(rng.integers(1, 3))):
            cv2.ellipse(g, (int(rng.integers(64)), int(rng.integers(64))),
                        (int(rng.integers(1, 5)), int(rng.integers(1, 3))),
                        float(rng.uniform(0, 180)), 0, 360, float(rng.uniform(60, 200)), -1)
        g = cv2.GaussianBlur(g, (0, 0), 1.2)
        f += cv2.resize(g, (w, h))[..., None]
    sigma = rng.uniform(0, 7) if rng.random() < 0.8 else rng.uniform(7, 14)
    f = cv2.scaleAdd(np.ascontiguousarray(noise.sample(rng, h, w)), float(sigma), f)
    np.clip(f, 0, 255, out=f)
    return f.astype(np.uint8)
