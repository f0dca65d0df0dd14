"""Photo -> Draft: decode (EXIF orientation applied, big photos shrunk while decoding), detect
the tiles, arrange them into a hand with what is doubtful marked. No Streamlit here.

The detector and the layout step live in `vision/`; this module only adapts their results to the
app's Draft, so it is the one place to change if their interfaces move.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass

from PIL import Image, ImageOps

from mjlens.ui.state import Draft

MAX_SIDE = 1600  # the longest side the app keeps; the detector works at a smaller size anyway


class PhotoError(ValueError):
    """The upload is not a readable image."""


class DetectorUnavailable(RuntimeError):
    """No model or no vision package on this installation."""


@dataclass
class PhotoReading:
    draft: Draft
    seconds: float
    tile_count: int
    detections: list  # kept so another reading of the same photo can be mapped onto them


def load_photo(data: bytes, max_side: int = MAX_SIDE) -> Image.Image:
    """Decode an uploaded photo upright and no larger than `max_side` (a 12-megapixel JPEG is
    decoded at reduced scale directly, which is several times faster than full decoding)."""
    if not data:
        raise PhotoError("the file is empty")
    try:
        img = Image.open(io.BytesIO(data))
        if img.format == "JPEG":
            # DCT scaling (1/2, 1/4, 1/8) while decoding, keeping the long side >= max_side
            f = max_side / max(img.size)
            img.draft("RGB", (int(img.size[0] * f), int(img.size[1] * f)))
        img = ImageOps.exif_transpose(img)
        img = img.convert("RGB")
    except Exception as exc:  # PIL raises many kinds for bad files
        raise PhotoError(f"{type(exc).__name__}: {exc}") from None
    if max(img.size) > max_side:
        img.thumbnail((max_side, max_side), Image.BILINEAR, reducing_gap=2.0)
    return img


def to_jpeg(img: Image.Image, quality: int = 90) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format="JPEG", quality=quality)
    return buf.getvalue()


class LockedDetector:
    """One detector shared by every browser session (st.cache_resource): the ONNX sessions are
    not meant for concurrent runs, so detections are taken one at a time."""

    def __init__(self, detector):
        import threading

        self.detector = detector
        self._lock = threading.Lock()

    def detect(self, image):
        with self._lock:
            return self.detector.detect(image)


def load_detector(model_dir: str | None = None):
    """The detector, loaded once (the app caches this with st.cache_resource). The models come
    from `model_dir`, else the folder in the environment variable MJLENS_MODEL_DIR, else the
    repository's models/."""
    import os

    model_dir = model_dir or os.environ.get("MJLENS_MODEL_DIR") or None
    try:
        from vision import detect as vd
    except ImportError as exc:
        raise DetectorUnavailable(f"the detector (vision.detect) is missing: {exc}") from None
    try:
        return _construct_detector(vd, model_dir)
    except (FileNotFoundError, OSError) as exc:
        raise DetectorUnavailable(str(exc)) from None


def _construct_detector(vd, model_dir):
    try:
        return LockedDetector(vd.TileDetector(model_dir) if model_dir else vd.TileDetector())
    except vd.ModelError as exc:
        raise DetectorUnavailable(str(exc)) from None


def read_photo(img: Image.Image, detector, rules: str | None = None, context=None) -> PhotoReading:
    """Detect and lay out the tiles of a decoded photo (`rules`: judge readings by this rule
    set; `context`: the win context to keep)."""
    from mjlens.ui.vision_adapter import bgr_of, detections_to_draft, run_detector

    t0 = time.perf_counter()
    pixels = bgr_of(img)
    detections = run_detector(detector, pixels)
    draft = detections_to_draft(detections, img.size, rules, context, image=pixels)
    return PhotoReading(draft=draft, seconds=time.perf_counter() - t0, tile_count=len(detections),
                        detections=detections)
