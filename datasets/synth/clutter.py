"""Cluttered table surfaces for the synthetic scenes: keyboards, stone, wood grain, fabric,
bamboo-block mats, paper and screens, each in a training variant and a held-out one.

Why: real photos are taken on ordinary tables, where keys, stone grain and mat blocks are
tile-sized, tile-shaped and light, and the box stage puts boxes on them (issue 28: 62 boxes for
9 tiles on a bamboo-block mat). Scenes drawn on these surfaces give the classifier "not a tile"
examples of them (training/mine_clutter.py) and the clutter benchmark (benchmarks/bench_clutter.py)
surfaces it never saw. Every family has two variants whose parameters do not overlap: variant
"a" is drawn into training scenes (``style="clutter"``), variant "b" only into held-out scenes
(``style="clutter-held-out"``): a silver laptop keyboard instead of a dark desktop one, dark
granite with veins instead of light speckled stone, and so on. All procedural (OpenCV and
numpy; nothing is read from disk), so a seed gives the same surface on every machine.

Also: `side_view`, a tile lying on its side (a strip of the ivory layer and the back layer),
which shows a plain white face that is not a tile's face and must never be read as 5z.
"""

from __future__ import annotations

import cv2
import numpy as np

FAMILIES = ("keyboard", "stone", "wood", "fabric", "mat", "paper", "screen")
LETTERS = "QWERTYUIOPASDFGHJKLZXCVBNM1234567890"


def _noise(rng, n: int, cells: int) -> np.ndarray:
    small = rng.standard_normal((cells, cells)).astype(np.float32)
    return cv2.resize(small, (n, n), interpolation=cv2.INTER_CUBIC)


def _keyboard(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    """Rows of rounded keys with printed letters; a key is 0.7-1.3 tile widths."""
    if held_out:  # silver laptop keys on grey, dark legends
        base, key, ink = rng.uniform(120, 160), rng.uniform(185, 230), rng.uniform(30, 70)
    else:  # dark desktop keys on black, light legends
        base, key, ink = rng.uniform(5, 25), rng.uniform(30, 70), rng.uniform(190, 240)
    img = np.full((n, n, 3), base, np.float32)
    pitch = unit * float(rng.uniform(0.7, 1.3))
    gap = pitch * float(rng.uniform(0.1, 0.22))
    y, row = 0.0, 0
    while y < n:
        x = -pitch * (row * 0.25 % 1)
        while x < n:
            w = pitch * (1 if rng.random() < 0.85 else float(rng.choice([1.5, 2.0, 6.0])))
            p0 = (int(x + gap / 2), int(y + gap / 2))
            p1 = (int(x + w - gap / 2), int(y + pitch - gap / 2))
            shade = key * float(rng.uniform(0.92, 1.06))
            cv2.rectangle(img, p0, p1, (shade, shade, shade * float(rng.uniform(0.97, 1.03))), -1,
                          cv2.LINE_AA)
            if rng.random() < 0.8:
                scale = pitch / 60
                cv2.putText(img, LETTERS[int(rng.integers(len(LETTERS)))],
                            (p0[0] + int(pitch * 0.15), p0[1] + int(pitch * 0.4)),
                            cv2.FONT_HERSHEY_SIMPLEX, scale, (ink, ink, ink),
                            max(1, int(scale * 2)), cv2.LINE_AA)
            x += w
        y += pitch
        row += 1
    return img


def _stone(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    if held_out:  # dark granite with white and gold grains and pale veins
        base = np.array([30, 30, 35], np.float32) * rng.uniform(0.7, 1.5)
        grains = [(220, 220, 220), (60, 170, 210), (90, 90, 100)]
    else:  # light speckled stone / terrazzo
        base = np.array([175, 185, 195], np.float32) * rng.uniform(0.85, 1.15)
        grains = [(90, 95, 100), (140, 150, 160), (60, 70, 110)]
    img = base[None, None, :] * (1 + 0.1 * _noise(rng, n, 8)[..., None])
    k = int(n * n / (unit * unit) * rng.uniform(8, 30))
    pts = rng.uniform(0, n, (k, 2)).astype(int)
    rad = rng.uniform(0.02, 0.12 if held_out else 0.06, k) * unit
    cols = rng.integers(len(grains), size=k)
    for (x, y), r, c in zip(pts, rad, cols, strict=True):
        cv2.circle(img, (int(x), int(y)), max(1, int(r)), grains[c], -1, cv2.LINE_AA)
    if held_out:
        v = _noise(rng, n, 5)
        vein = np.exp(-np.abs(v) * 30)[..., None]
        img = img * (1 - 0.6 * vein) + 200 * 0.6 * vein
    return img


def _wood(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    if held_out:  # dark, reddish stained planks with knots
        base = np.array([30, 45, 95], np.float32) * rng.uniform(0.8, 1.3)
    else:
        base = np.array([80, 140, 195], np.float32) * rng.uniform(0.75, 1.15)
    ys = np.arange(n, dtype=np.float32)[:, None] * np.ones((1, n), np.float32)
    warp = _noise(rng, n, 4) * unit * 0.3
    freq = 2 * np.pi / (unit * rng.uniform(0.15, 0.5))
    v = 0.8 + 0.12 * np.sin((ys + warp) * freq) + 0.05 * _noise(rng, n, 64)
    plank = unit * rng.uniform(2.0, 4.0) if held_out else unit * rng.uniform(1.0, 2.5)
    v = v * np.where((ys % plank) < max(1.5, unit * 0.03), 0.55, 1.0)
    img = base[None, None, :] * v[..., None]
    if held_out:
        for _ in range(int(rng.integers(1, 5))):
            c = tuple(int(t) for t in rng.uniform(0, n, 2))
            ax = (int(unit * rng.uniform(0.2, 0.5)), int(unit * rng.uniform(0.1, 0.2)))
            cv2.ellipse(img, c, ax, 0, 0, 360, (base * 0.5).tolist(), -1, cv2.LINE_AA)
    return img


def _fabric(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    if held_out:  # herringbone twill in denim blue or grey
        col = np.array([150, 90, 50] if rng.random() < 0.5 else [120, 120, 125], np.float32)
        col = col * rng.uniform(0.7, 1.3)
        p = unit * rng.uniform(0.15, 0.3)
        band = ((xs // (2 * p)) % 2) * 2 - 1
        v = 1 + 0.15 * np.sin((xs + band * ys) * 2 * np.pi / p)
    else:  # plaid: crossing coloured bands on a weave
        col = rng.uniform(40, 220, 3).astype(np.float32)
        p = unit * rng.uniform(0.8, 2.5)
        v = 1 + 0.2 * (np.sin(xs * 2 * np.pi / p) > 0.6) - 0.2 * (np.sin(ys * 2 * np.pi / p) > 0.6)
        v = v + 0.06 * np.sin(xs * 2 * np.pi * 4 / unit) * np.sin(ys * 2 * np.pi * 4 / unit)
    return col[None, None, :] * v[..., None]


def _mat(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    """Bamboo-block mat: light blocks about a tile in size with dark seams."""
    if held_out:  # long, narrow green-brown slats with cross seams
        bw, bh = unit * rng.uniform(1.5, 3.0), unit * rng.uniform(0.35, 0.6)
        col = np.array([60, 120, 130], np.float32) * rng.uniform(0.8, 1.2)
    else:  # square-ish pale yellow blocks
        bw, bh = unit * rng.uniform(0.6, 1.2), unit * rng.uniform(0.6, 1.2)
        col = np.array([150, 205, 225], np.float32) * rng.uniform(0.85, 1.1)
    seam = col * 0.35
    img = np.empty((n, n, 3), np.float32)
    img[:] = seam
    y, row = 0.0, 0
    while y < n:
        x = -bw * (0.5 * (row % 2))
        while x < n:
            shade = col * float(rng.uniform(0.85, 1.1))
            g = max(1, int(unit * 0.05))
            cv2.rectangle(img, (int(x) + g, int(y) + g), (int(x + bw) - g, int(y + bh) - g),
                          shade.tolist(), -1, cv2.LINE_AA)
            x += bw
        y += bh
        row += 1
    fibre = _noise(rng, n, max(8, int(n / unit * 6)))
    return img * (1 + 0.05 * fibre[..., None])


def _paper(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    if held_out:  # newsprint grey or kraft brown, printed columns
        col = np.array([170, 180, 185] if rng.random() < 0.5 else [110, 150, 180], np.float32)
    else:  # white paper with lines of text
        col = np.array([235, 240, 242], np.float32) * rng.uniform(0.9, 1.02)
    img = col[None, None, :] * (1 + 0.03 * _noise(rng, n, 32)[..., None])
    line = unit * rng.uniform(0.25, 0.5)
    ink = (40, 40, 40) if rng.random() < 0.8 else (140, 60, 20)
    cols = 3 if held_out else 1
    cw = n / cols
    for c in range(cols):
        y = line
        while y < n:
            x = c * cw + line * 0.5
            while x < (c + 1) * cw - line:
                w = line * rng.uniform(0.8, 4)
                cv2.line(img, (int(x), int(y)), (int(x + w), int(y)), ink,
                         max(1, int(line * 0.3)), cv2.LINE_AA)
                x += w + line * 0.5
            y += line * 1.6
    return img


def _screen(rng, n: int, unit: float, held_out: bool) -> np.ndarray:
    """A lit screen: windows and text (training) or a dark grid of app icons (held out)."""
    if held_out:
        img = np.full((n, n, 3), rng.uniform(10, 40), np.float32)
        pitch = unit * rng.uniform(1.0, 1.8)
        for y in np.arange(pitch * 0.2, n, pitch):
            for x in np.arange(pitch * 0.2, n, pitch):
                c = rng.uniform(60, 255, 3)
                s = pitch * 0.7
                cv2.rectangle(img, (int(x), int(y)), (int(x + s), int(y + s)), c.tolist(), -1,
                              cv2.LINE_AA)
        return img
    img = np.full((n, n, 3), rng.uniform(200, 250), np.float32)
    for _ in range(int(rng.integers(2, 6))):
        x0, y0 = rng.uniform(0, n, 2)
        w, h = rng.uniform(2, 6, 2) * unit
        cv2.rectangle(img, (int(x0), int(y0)), (int(x0 + w), int(y0 + h)),
                      rng.uniform(150, 255, 3).tolist(), -1)
        cv2.rectangle(img, (int(x0), int(y0)), (int(x0 + w), int(y0 + unit * 0.3)),
                      rng.uniform(60, 200, 3).tolist(), -1)
        for ty in np.arange(y0 + unit * 0.5, y0 + h, unit * 0.25):
            cv2.line(img, (int(x0 + unit * 0.2), int(ty)),
                     (int(x0 + w * rng.uniform(0.3, 0.95)), int(ty)), (60, 60, 60), 1)
    return img


_DRAW = {"keyboard": _keyboard, "stone": _stone, "wood": _wood, "fabric": _fabric,
         "mat": _mat, "paper": _paper, "screen": _screen}


def clutter_texture(rng, n: int, px_per_unit: float, held_out: bool = False,
                    family: str | None = None) -> tuple[np.ndarray, str]:
    """(an n x n BGR surface, its family); `px_per_unit` is the texture's pixels per tile width,
    so keys and mat blocks come out tile-sized on the table. `held_out` draws variant "b"."""
    if family is None:
        family = FAMILIES[int(rng.integers(len(FAMILIES)))]
    img = _DRAW[family](rng, n, float(px_per_unit), held_out)
    return np.clip(img, 0, 255).astype(np.uint8), family


def side_view(rng, ivory, back, w: int = 120, h: int = 60) -> np.ndarray:
    """A tile lying on its side seen from above (BGR, w x h): the ivory layer beside the back
    layer, shaded, with rounded ends. Not a face: "not a tile" for the classifier."""
    img = np.empty((h, w, 3), np.float32)
    split = int(h * float(rng.uniform(0.4, 0.7)))
    img[:split] = np.asarray(ivory, np.float32)
    img[split:] = np.asarray(back, np.float32)
    shade = np.linspace(float(rng.uniform(0.85, 1.05)), float(rng.uniform(0.8, 1.0)), h,
                        dtype=np.float32)
    img *= shade[:, None, None]
    return np.clip(img, 0, 255).astype(np.uint8)
