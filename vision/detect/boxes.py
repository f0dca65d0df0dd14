"""Box geometry of the box stage: the letterboxed input, non-maximum suppression, box shape."""

from __future__ import annotations

import numpy as np


def letterbox(img: np.ndarray, size: int) -> tuple[np.ndarray, float, float, float]:
    """Resize keeping aspect onto a size x size grey canvas; returns (canvas, r, dx, dy)."""
    import cv2

    h, w = img.shape[:2]
    r = min(size / w, size / h)
    nw, nh = max(1, round(w * r)), max(1, round(h * r))
    resized = cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA if r < 1 else cv2.INTER_LINEAR)
    canvas = np.full((size, size, 3), 114, np.uint8)
    dx, dy = (size - nw) // 2, (size - nh) // 2
    canvas[dy:dy + nh, dx:dx + nw] = resized
    return canvas, r, dx, dy


def nms(boxes: np.ndarray, scores: np.ndarray, iou: float) -> np.ndarray:
    """Greedy non-maximum suppression; returns kept indices, best first."""
    order = np.argsort(-scores)
    keep = []
    x1, y1, x2, y2 = boxes.T
    areas = np.maximum(0, x2 - x1) * np.maximum(0, y2 - y1)
    while order.size:
        i = order[0]
        keep.append(i)
        rest = order[1:]
        xx1 = np.maximum(x1[i], x1[rest])
        yy1 = np.maximum(y1[i], y1[rest])
        xx2 = np.minimum(x2[i], x2[rest])
        yy2 = np.minimum(y2[i], y2[rest])
        inter = np.maximum(0, xx2 - xx1) * np.maximum(0, yy2 - yy1)
        ov = inter / np.maximum(areas[i] + areas[rest] - inter, 1e-9)
        order = rest[ov <= iou]
    return np.array(keep, dtype=np.int64)


def median_shape(boxes: np.ndarray) -> float:
    """Median long side / short side of the boxes (a tile face is about 4:3)."""
    if not len(boxes):
        return 1.0
    side = np.sort(np.stack([boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]]), 0)
    return float(np.median(side[1] / np.maximum(side[0], 1e-6)))
