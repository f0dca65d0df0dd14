"""Is this five printed red (riichi's aka dora)? A colour test on the five's box.

The face colour is taken as the median of the box's calmest pixels (the least chromatic 40%, their
lighter half); "ink" is what differs from it by more than an adaptive step. The features say how
red the ink is relative to the face (so a colour cast or dim light moves both): the shares of red,
green, blue, dark and light ink, how much of the box is ink, and the spread of the ink's
redness. One logistic model per suit (a normal 5m has a red 萬, a normal 5p / 5s a red centre)
weighs them; fitted by `python benchmarks/bench_red_fives.py --fit` on synthetic scenes of the
training art (seeds in datasets/synth/seeds.py RED_FIVE_FITTING), measured by the same script
on held-out art (README, "Red fives").
"""

from __future__ import annotations

import numpy as np

FIVES = ("5m", "5p", "5s")
INNER = 0.2  # the margin of the box left out on each side (the tile's body and edge)
THRESHOLD = 0.5
# logistic weights per suit over `features` (last: the bias), from --fit (2026-12-01)
WEIGHTS = {
    "5m": (3.843, 5.389, -7.602, -1.528, -1.478, 0.633, -1.904, 3.226, 4.197, -3.62, 1.964,
           -3.837, -1.848),
    "5p": (1.133, 0.358, -6.765, 1.282, 2.49, -2.392, -0.498, 3.804, 4.801, -3.149, 0.872,
           1.637, -1.516),
    "5s": (0.748, -2.912, -1.111, 1.994, -2.117, 1.873, -0.112, 5.036, 2.808, -5.0, -0.766,
           2.65, -3.407),
}
N_FEATURES = 13


def features(img: np.ndarray, box) -> np.ndarray:
    """The colour features of the inner part of `box` (x1, y1, x2, y2 in pixels of `img`, BGR)."""
    import cv2

    x1, y1, x2, y2 = (float(v) for v in box)
    w, h = x2 - x1, y2 - y1
    xa, xb = int(max(0, x1 + INNER * w)), int(max(0, x2 - INNER * w))
    ya, yb = int(max(0, y1 + INNER * h)), int(max(0, y2 - INNER * h))
    crop = img[ya:yb, xa:xb]
    if crop.size < 27:
        return np.zeros(N_FEATURES)
    lab = cv2.cvtColor(np.ascontiguousarray(crop), cv2.COLOR_BGR2LAB).reshape(-1, 3)
    lab = lab.astype(np.float32)
    chroma = np.hypot(lab[:, 1] - 128, lab[:, 2] - 128)
    calm = lab[chroma <= np.percentile(chroma, 40)]
    calm = calm[calm[:, 0] >= np.median(calm[:, 0])]
    dL, da, db = (lab - np.median(calm, axis=0)).T
    d = np.sqrt(dL ** 2 + da ** 2 + db ** 2)
    t = max(8.0, 0.4 * float(np.percentile(d, 95)))
    ink = d > t
    n = max(int(ink.sum()), 1)
    red = ink & (da > 0.4 * t) & (db > -da)
    green = ink & ~red & (da < -0.25 * t)
    blue = ink & ~red & ~green & (db < -0.25 * t)
    rest = ink & ~red & ~green & ~blue
    dark, light = rest & (dL < -0.4 * t), rest & (dL > 0.4 * t)
    redness, yellowness = da[ink] / t, db[ink] / t
    if not len(redness):
        redness = yellowness = np.zeros(1)
    return np.array([red.sum() / n, green.sum() / n, blue.sum() / n, dark.sum() / n,
                     light.sum() / n, n / len(d), float(redness.mean()), float(yellowness.mean()),
                     float((redness > 0.15).mean()), float((redness < 0.05).mean()),
                     float(np.percentile(redness, 25)), float(np.percentile(redness, 75)), 1.0])


def red_probability(img: np.ndarray, box, code: str) -> float:
    """How likely the five `code` in `box` is a red one (0 for any other tile)."""
    if code not in FIVES:
        return 0.0
    z = float(features(img, box) @ np.asarray(WEIGHTS[code]))
    return float(1.0 / (1.0 + np.exp(-z)))


def mark_red_fives(img: np.ndarray, detections, scale: float = 1.0, judged=()) -> None:
    """Set `red` on each detected five printed red; boxes are in full-photo pixels, `img` the
    decoded photo at `scale` times that size. Fives in `judged` are left as they are (a tile-set
    profile that knows the set's red fives has said which are red)."""
    for d in detections:
        if d.code in FIVES and d.code not in judged:
            box = [v * scale for v in d.box]
            d.red = red_probability(img, box, d.code) >= THRESHOLD
