"""Photo -> Draft for the app, through the one photo pipeline every caller uses
(vision.pipeline.scan_photo: the same decoding, detector, alternatives and rule-set options as
`mjlens scan`). No Streamlit here.

The app shows `picture(image)`: the decoded photo, at `image.scale` times the photo's size; the
draft's boxes are in its pixels (vision_adapter converts them).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

from mjlens.ui.i18n import t, text
from mjlens.ui.state import Draft


class DetectorUnavailable(RuntimeError):
    """No model or no vision package on this installation."""


def detail(value, lang: str) -> str:
    """The detail inside a photo message: a message in the reader's language; a technical
    reason (an exception's English text) only on the English page."""
    if isinstance(value, Exception):
        msg = getattr(value, "msg", None)
        if msg is not None:
            return text(msg, lang)
        if lang != "en":
            return t("technical_reason", lang)
        return str(value) if isinstance(value, ValueError | DetectorUnavailable) else (
            f"{type(value).__name__}: {value}")
    return text(value, lang)


@dataclass
class PhotoReading:
    draft: Draft
    seconds: float
    tile_count: int
    scan: object  # vision.pipeline.PhotoScan: the detections and the layout's readings


def load_photo(data: bytes):
    """Decode an uploaded photo upright under the one loading policy (vision.detect.load_image:
    EXIF orientation applied, a big JPEG decoded at reduced scale, bombs and oversized files
    refused). Raises vision.detect.ImageReadError, whose message is in the player's words."""
    from vision.detect import load_image

    return load_image(data)


def picture(image) -> Image.Image:
    """The decoded photo as the app shows it (RGB)."""
    return Image.fromarray(np.ascontiguousarray(image.pixels[:, :, ::-1]))


def load_detector(model_dir: str | None = None):
    """The shared detector (vision.detect.load_detector: loaded once, safe across the app's
    sessions); its models come from `model_dir`, else $MJLENS_MODEL_DIR, else models/."""
    try:
        from vision.detect import ModelError
        from vision.detect import load_detector as load
    except ImportError as exc:
        raise DetectorUnavailable(f"the detector (vision.detect) is missing: {exc}") from None
    try:
        return load(model_dir)
    except ModelError as exc:
        raise DetectorUnavailable(str(exc)) from None


def read_photo(image, detector, rules: str | None = None, context=None,
               options: dict | None = None, profile=None,
               detections: list | None = None) -> PhotoReading:
    """Detect and lay out the tiles of a decoded photo (`load_photo`), judging readings by
    `rules` with its `options` and keeping the win `context`; `profile` (a ProfileReader)
    reads them with the player's own tile set. `detections`: the photo's boxes from an earlier
    reading (`PhotoReading.scan.detected`), so that only the layout runs again."""
    from mjlens.ui.vision_adapter import scan_to_draft
    from vision.pipeline import scan_photo

    scanned = scan_photo(image, detector, context=context, rules=rules, options=options,
                         profile=profile, detections=detections)
    return PhotoReading(draft=scan_to_draft(scanned, context), seconds=scanned.seconds,
                        tile_count=len(scanned.detections), scan=scanned)


def read_with_tile(image, detector, detections: list, code: str, spots, rules: str | None = None,
                   context=None, options: dict | None = None,
                   profile=None) -> PhotoReading | None:
    """The photo read again with the tile the player says the detector missed, put in a gap of a
    row (`spots`: the layout's spots to check, in full-photo pixels): the surest legal reading
    over the gaps, so a hand one tile short keeps the melds the photo shows instead of falling
    back to loose tiles (benchmarks/bench_missing_tile.py). None when no gap gives a legal hand
    (the tile is then added standing)."""
    from scoring.tiles import DETECTOR_CLASSES
    from vision.detect import Detection
    from vision.layout.links import gap_box

    if not detections or code not in DETECTOR_CLASSES:
        return None
    probs = np.zeros(len(DETECTOR_CLASSES), np.float32)
    probs[DETECTOR_CLASSES.index(code)] = 1.0
    best = None
    for at in spots:
        added = Detection(code, gap_box(at, [d.box for d in detections]), 1.0, 1.0, probs)
        reading = read_photo(image, detector, rules, context, options, profile,
                             detections=[*detections, added])
        layout = reading.scan.layout
        if layout.hand is not None and layout.legal and (
                best is None or layout.confidence > best.scan.layout.confidence):
            best = reading
    return best
