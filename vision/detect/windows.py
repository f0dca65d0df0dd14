"""Reading a big photo in overlapping windows when its tiles are too small for one pass.

The box stage sees the whole photo shrunk to its input size (512 px). Tiles under about 10 px
tall there (a hand far away in a phone photo, the whole table in one shot) are missed, or a row
comes out as a few boxes each spanning several tiles; zooming into the region of the sure boxes
(TileDetector._refine) cannot help when there are none, or when the boxes it would zoom to are
those wrong ones. Each window of a FINER_GRIDS grid is read at the full input size instead, so
the tiles look 1.75 or 2.5 times larger; a box cut by a window's inner edge is dropped there (the
overlap shows that tile whole in the next window), and the windows' boxes are merged as one
pass's are (models/MODEL_CARD.md, "Small tiles in big photos").
"""

from __future__ import annotations

import numpy as np

FINER_ABOVE = 2.0  # only photos whose long side is over this many times the input size
FINER_BELOW = 8  # ... whose pass finds fewer sure tiles than this (a hand shows 13 or more)
FINER_CLOSE_UP = 2.0  # ... unless those are at least this many `small_tile`s: a close-up
FINER_FEW = 4  # a first pass this short is tried in windows whatever the zoom found
FINER_MERGED = 1.45  # boxes longer than this for their width (a tile is 4:3) span two or more
FINER_GRIDS = (2, 3)  # windows across and down, tried in turn while each finds more
FINER_GAIN = 1.05  # "more": this many times the sure tiles of the reading before
FINER_OVERLAP = 0.25  # of a window's size, shared with its neighbour
EDGE = 0.01  # a box within this share of a window's size of its inner edge is cut by it


def needs_finer(shape, boxes: np.ndarray, scores: np.ndarray, imgsz: int, conf: float,
                small_tile: float) -> bool:
    """Is the photo big enough for windows to show more, and its reading weak enough to try?"""
    h, w = shape[:2]
    if max(h, w) < FINER_ABOVE * imgsz:
        return False
    sure = scores >= conf
    if sure.sum() >= FINER_BELOW:
        return False
    if not sure.any():
        return True
    b = boxes[sure]
    side = float(np.median(np.minimum(b[:, 2] - b[:, 0], b[:, 3] - b[:, 1])))
    return side * imgsz / max(h, w) < FINER_CLOSE_UP * small_tile


def still_weak(first: tuple[np.ndarray, np.ndarray], now: tuple[np.ndarray, np.ndarray],
               conf: float) -> bool:
    """After the zoom into the tiles' region, is a weak first pass (`needs_finer`) still worth
    the windows? Yes when it found next to nothing (FINER_FEW), when its boxes looked like
    several tiles each (the zoom then saw only their part of the row), or when the zoom still
    reads too few."""
    from vision.detect.boxes import median_shape

    sure = first[1] >= conf
    return (int(sure.sum()) < FINER_FEW or median_shape(first[0][sure]) > FINER_MERGED
            or int((now[1] >= conf).sum()) < FINER_BELOW)


def starts(length: int, n: int) -> tuple[int, list[int]]:
    """(window size, start of each window) for `n` windows covering `length` pixels."""
    size = int(np.ceil(length / (n - (n - 1) * FINER_OVERLAP)))
    if n == 1 or size >= length:
        return length, [0]
    step = (length - size) / (n - 1)
    return size, [int(round(k * step)) for k in range(n)]


def windows(shape, n: int) -> list[tuple[int, int, int, int]]:
    """The (x1, y1, x2, y2) windows of an n x n grid over a photo of `shape`."""
    h, w = shape[:2]
    ww, xs = starts(w, n)
    wh, ys = starts(h, n)
    return [(x, y, x + ww, y + wh) for y in ys for x in xs]


def inside(boxes: np.ndarray, window, shape) -> np.ndarray:
    """Which boxes (in the window's pixels) keep clear of the window's inner edges (those that
    are not the photo's own edges)."""
    h, w = shape[:2]
    x1, y1, x2, y2 = window
    mx, my = EDGE * (x2 - x1), EDGE * (y2 - y1)
    keep = np.ones(len(boxes), bool)
    if x1 > 0:
        keep &= boxes[:, 0] > mx
    if y1 > 0:
        keep &= boxes[:, 1] > my
    if x2 < w:
        keep &= boxes[:, 2] < (x2 - x1) - mx
    if y2 < h:
        keep &= boxes[:, 3] < (y2 - y1) - my
    return keep


def merge(shape, wins, readings) -> tuple[np.ndarray, np.ndarray]:
    """The windows' (boxes, scores) in the photo's pixels, cut boxes left out, not yet NMS'd."""
    all_boxes, all_scores = [np.zeros((0, 4))], [np.zeros(0)]
    for win, (b, s) in zip(wins, readings, strict=True):
        keep = inside(b, win, shape)
        all_boxes.append(b[keep] + [win[0], win[1], win[0], win[1]])
        all_scores.append(s[keep])
    return np.concatenate(all_boxes), np.concatenate(all_scores)
