"""Adapts `vision.detector` and `vision.layout` results to the app's Draft.

Kept separate so the app's own logic does not depend on the exact shape of the vision API.
When the layout step is missing or fails, every detected tile becomes a standing tile (sorted by
code) and a note says the groups must be checked.
"""

from __future__ import annotations

import logging

import numpy as np
from PIL import Image

from mjlens.ui.state import CONCEALED, FLOWERS, WIN, Draft, MeldSpec, Slot, meld_group
from scoring import tiles as T

log = logging.getLogger(__name__)
ALTERNATIVES = 4


def run_detector(detector, img: Image.Image) -> list:
    """Detections on the decoded (already small) photo; boxes in its pixels."""
    bgr = np.ascontiguousarray(np.asarray(img.convert("RGB"))[:, :, ::-1])
    return list(detector.detect(bgr))


def _alternatives(det) -> tuple[str, ...]:
    if hasattr(det, "top"):
        pairs = det.top(ALTERNATIVES + 1)
    else:
        pairs = getattr(det, "alternatives", ()) or ()
    out = []
    for item in pairs:
        code = item[0] if isinstance(item, tuple | list) else getattr(item, "code", item)
        if code != det.code and code in T.DETECTOR_CLASSES and code not in out:
            out.append(code)
    return tuple(out[:ALTERNATIVES])


def _slot(det, group: str, note: str = "") -> Slot:
    return Slot(code=det.code, group=FLOWERS if T.is_flower(det.code) else group,
                confidence=float(det.confidence), alternatives=_alternatives(det),
                box=tuple(float(v) for v in det.box), note=note)


def plain_draft(detections: list, note: str = "") -> Draft:
    """Every tile standing; used when no layout is available."""
    tiles = tuple(_slot(d, CONCEALED) for d in detections)
    return Draft(tiles=tiles, notes=(note,) if note and tiles else ())


def detections_to_draft(detections: list, size: tuple[int, int]) -> Draft:
    if not detections:
        return Draft()
    try:
        from vision import layout as VL
    except ImportError:
        return plain_draft(detections, "Groups were not worked out: move melds and the winning "
                                       "tile into place.")
    try:
        return _from_layout(VL, detections, size)
    except Exception:  # the layout step must never break the page
        log.exception("layout failed")
        return plain_draft(detections, "The tiles could not be grouped automatically: move "
                                       "melds and the winning tile into place.")


def _from_layout(VL, detections: list, size: tuple[int, int]) -> Draft:
    """Map a layout result onto slots. Filled in against vision.layout's real API."""
    raise NotImplementedError


__all__ = ["run_detector", "detections_to_draft", "plain_draft", "WIN", "MeldSpec", "meld_group"]
