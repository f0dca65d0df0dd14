"""Face art of a gnome-mahjongg theme (Debian `gnome-mahjongg`, GPL-2.0-or-later), for a second
tile set held out of all training: `smooth.png` (/usr/share/gnome-mahjongg/themes). Read at run
time only (benchmarks/bench_calibration.py); nothing of it is committed.

A theme is one strip of 43 tile sprites 96 px apart (the top half; the bottom half is the
highlighted copy), in this order, read from the art (2026-12-01, gnome-mahjongg 3.38): dots 1-9,
North West South East, red and green dragon, characters 1-9, bamboo 1-9, orchid chrysanthemum
plum bamboo (6f 7f 5f 8f), the white dragon, spring summer autumn winter, a blank.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

ORDER = ([f"{n}p" for n in range(1, 10)] + ["4z", "3z", "2z", "1z", "7z", "6z"]
         + [f"{n}m" for n in range(1, 10)] + [f"{n}s" for n in range(1, 10)]
         + ["6f", "7f", "5f", "8f", "5z", "1f", "2f", "3f", "4f"])
SPRITE_W = 96
# the printed face inside a sprite (its lower and right edges are the tile's drawn side)
FACE_BOX = (6, 6, 84, 112)  # x1, y1, x2, y2


def gnome_faces(png: str | Path, w: int, h: int) -> dict[str, list[np.ndarray]]:
    """code -> [face as an h x w BGR array] of one theme strip."""
    import cv2

    im = cv2.imread(str(png), cv2.IMREAD_UNCHANGED)
    if im is None:
        raise FileNotFoundError(f"{png} is not a readable theme image")
    if im.shape[2] == 4:  # over the face's own ivory, taken from the blank sprite
        alpha = im[..., 3:4].astype(np.float32) / 255
        im = (im[..., :3] * alpha + 230 * (1 - alpha)).astype(np.uint8)
    x1, y1, x2, y2 = FACE_BOX
    out = {}
    for i, code in enumerate(ORDER):
        face = im[y1:y2, i * SPRITE_W + x1:i * SPRITE_W + x2]
        out[code] = [cv2.resize(face, (w, h), interpolation=cv2.INTER_AREA)]
    return out
