"""Adapts `vision.detect.detector` and `vision.layout` results to the app's Draft.

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


def bgr_of(img: Image.Image) -> np.ndarray:
    """The decoded photo as OpenCV pixels (what the detector and the layout's photo cue read)."""
    return np.ascontiguousarray(np.asarray(img.convert("RGB"))[:, :, ::-1])


def run_detector(detector, pixels: np.ndarray) -> list:
    """Detections on the decoded (already small) photo (`bgr_of`); boxes in its pixels."""
    return list(detector.detect(pixels))


def _alternatives(det) -> tuple[str, ...]:
    return tuple(c for c, _ in _pairs(det) if c in T.DETECTOR_CLASSES)


def _slot(det, group: str, note: str = "") -> Slot:
    return Slot(code=det.code, group=FLOWERS if T.is_flower(det.code) else group,
                confidence=float(det.confidence), alternatives=_alternatives(det),
                box=tuple(float(v) for v in det.box), note=note)


def _overlap(a, b) -> float:
    """Intersection over the smaller of two boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / max(small, 1e-9)


def plain_draft(detections: list, note: str = "") -> Draft:
    """Every tile standing, boxes that mostly cover each other kept once (the surer one); used
    when no layout is available."""
    kept: list = []
    for det in sorted(detections, key=lambda d: -float(d.confidence)):
        if all(_overlap(det.box, k.box) < 0.7 for k in kept):
            kept.append(det)
    kept.sort(key=lambda d: (d.box[0], d.box[1]))
    tiles = tuple(_slot(d, CONCEALED) for d in kept)
    notes = [note] if note and tiles else []
    if len(kept) < len(detections):
        notes.append(f"{len(detections) - len(kept)} box(es) lying over another tile were "
                     "dropped as double readings.")
    return Draft(tiles=tiles, notes=tuple(notes))


def detections_to_draft(detections: list, size: tuple[int, int], rules: str | None = None,
                        context=None, image: np.ndarray | None = None) -> Draft:
    if not detections:
        return Draft()
    try:
        from vision import layout as VL
    except ImportError:
        return plain_draft(detections, "Groups were not worked out: move melds and the winning "
                                       "tile into place.")
    try:
        return _from_layout(VL, detections, size, rules, context, image)
    except Exception:  # the layout step must never break the page
        log.exception("layout failed")
        return plain_draft(detections, "The tiles could not be grouped automatically: move "
                                       "melds and the winning tile into place.")


def _as_dict(det) -> dict:
    return {"code": det.code, "box": list(det.box), "confidence": float(det.confidence),
            "alternatives": [{"code": c, "confidence": p} for c, p in _pairs(det)]}


def _pairs(det) -> list[tuple[str, float]]:
    """(code, probability) alternatives of a detection, best first, without its own code."""
    if hasattr(det, "top"):
        pairs = det.top(ALTERNATIVES + 1)
    else:
        pairs = getattr(det, "alternatives", ()) or ()
    return [(c, float(p)) for c, p in pairs if c != det.code][:ALTERNATIVES]


class _Pool:
    """Detections not yet given to a hand tile; hand tiles claim them by code, then by an
    alternative code, then a face-down tile, so each picture keeps its box and confidence."""

    def __init__(self, detections: list):
        self.free = list(detections)

    def take(self, code: str, group: str) -> Slot:
        for pick in (lambda d: d.code == code,
                     lambda d: code in _alternatives(d),
                     lambda d: d.code == T.BACK):
            for k, det in enumerate(self.free):
                if pick(det):
                    del self.free[k]
                    slot = _slot(det, group)
                    if det.code != code:
                        note = ("face down in the photo" if det.code == T.BACK else
                                f"the detector read {det.code}; {code} makes the hand fit")
                        slot = Slot(code, slot.group, slot.confidence,
                                    tuple(c for c in (det.code, *slot.alternatives)
                                          if c not in (code, T.BACK)),
                                    slot.box, note if det.code != T.BACK else "")
                    return slot
        return Slot(code, FLOWERS if T.is_flower(code) else group, None, (), None,
                    "added by the layout step (no box of its own)")


def _from_layout(VL, detections: list, size: tuple[int, int], rules, context,
                 image: np.ndarray | None = None) -> Draft:
    """The layout's best Hand on the detections (and the photo's pixels, `image`, for which
    tiles lie sideways), with its other readings kept for the app."""
    result = VL.read_layout([_as_dict(d) for d in detections], size[0], size[1],
                          context=context, rules=rules, image=image)
    notes = tuple(result.notes)
    if result.hand is None:
        return plain_draft(detections, result.error or (notes[0] if notes else ""))
    readings = [(reading_text(result.hand), "")]
    for alt in result.alternatives:
        text = reading_text(alt.hand)
        if all(text != r[0] for r in readings):
            readings.append((text, alt.why))
    return hand_to_draft(result.hand, detections, context if context is not None
                         else result.hand.context, notes, tuple(readings))


def reading_text(hand) -> str:
    """A hand's tiles and melds in notation, without its win context."""
    from dataclasses import replace

    from scoring.hand import WinContext
    from scoring.notation import format_hand

    return format_hand(replace(hand, context=WinContext(self_drawn=hand.context.self_drawn)))


def hand_to_draft(hand, detections: list, context, notes=(), readings=()) -> Draft:
    """Map a Hand back onto the detections (boxes, confidences, alternatives): each hand tile
    takes a detection of its code, else one that had its code as an alternative, else a
    face-down one."""
    pool = _Pool(detections)
    tiles: list[Slot] = []
    melds = []
    for k, m in enumerate(hand.melds):
        melds.append(MeldSpec(concealed=m.concealed, claimed_from=m.claimed_from))
        tiles.extend(pool.take(c, meld_group(k)) for c in m.tiles)
    tiles.extend(pool.take(c, CONCEALED) for c in hand.concealed)
    if hand.win_tile:
        tiles.append(pool.take(hand.win_tile, WIN))
    tiles.extend(pool.take(f, FLOWERS) for f in hand.flowers)
    return Draft(tiles=tuple(tiles), melds=tuple(melds), context=context, notes=tuple(notes),
                 readings=tuple(readings))


__all__ = ["bgr_of", "run_detector", "detections_to_draft", "plain_draft", "hand_to_draft"]
