"""Reading photos for the detector: EXIF orientation applied, huge JPEGs decoded at reduced size.

Why: phone photos carry their rotation in EXIF, and boxes must be in pixels of the image as a
person sees it. A 50-megapixel JPEG decoded in full needs ~150 MB; OpenCV's IMREAD_REDUCED_*
modes decode at 1/2, 1/4 or 1/8 size directly (DCT scaling) and keep memory low.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np


class ImageReadError(ValueError):
    """An input that is not a readable image (missing, empty, corrupt or another kind of file)."""


@dataclass
class LoadedImage:
    """`pixels` (BGR uint8, oriented) covers the whole photo at `scale` times its size."""

    pixels: np.ndarray
    width: int  # oriented width of the full-size photo
    height: int
    scale: float  # pixels.shape[1] / width


_REDUCED = {2: "IMREAD_REDUCED_COLOR_2", 4: "IMREAD_REDUCED_COLOR_4", 8: "IMREAD_REDUCED_COLOR_8"}


def _probe(data: bytes, name: str) -> tuple[int, int, int, str]:
    """(width, height, EXIF orientation, format) without decoding the pixels."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None  # size is handled by reduced decoding, not refused
    try:
        with Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            fmt = im.format or ""
            try:
                orient = int(im.getexif().get(0x0112, 1) or 1)
            except Exception:  # broken EXIF block: treat as upright
                orient = 1
    except UnidentifiedImageError:
        raise ImageReadError(f"{name} is not an image file (or its format is not supported)") from None
    except Exception as e:
        raise ImageReadError(f"{name} could not be read as an image: {e}") from None
    return w, h, orient, fmt


def _apply_orientation(img: np.ndarray, orient: int) -> np.ndarray:
    import cv2

    if orient == 2:
        return cv2.flip(img, 1)
    if orient == 3:
        return cv2.rotate(img, cv2.ROTATE_180)
    if orient == 4:
        return cv2.flip(img, 0)
    if orient == 5:
        return cv2.flip(cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE), 1)
    if orient == 6:
        return cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
    if orient == 7:
        return cv2.flip(cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE), 1)
    if orient == 8:
        return cv2.rotate(img, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return img


def reduction_for(width: int, height: int, max_side: int) -> int:
    """Largest JPEG reduction (1, 2, 4, 8) that keeps the long side at least `max_side`."""
    r = 1
    while r < 8 and max(width, height) / (r * 2) >= max_side:
        r *= 2
    return r


def load_image(source: str | Path | bytes, max_side: int = 1600) -> LoadedImage:
    """Read and orient a photo; decoded at most ~2x `max_side` on its long side."""
    import cv2

    name = "the image" if isinstance(source, bytes) else str(source)
    if isinstance(source, bytes):
        data = source
    else:
        p = Path(source)
        if not p.exists():
            raise ImageReadError(f"{name}: no such file")
        if p.is_dir():
            raise ImageReadError(f"{name} is a folder, not an image")
        try:
            data = p.read_bytes()
        except OSError as e:
            raise ImageReadError(f"{name} could not be opened: {e.strerror or e}") from None
    if not data:
        raise ImageReadError(f"{name} is an empty file")
    w, h, orient, fmt = _probe(data, name)
    if w <= 0 or h <= 0:
        raise ImageReadError(f"{name} has no pixels")
    buf = np.frombuffer(data, np.uint8)
    r = reduction_for(w, h, max_side) if fmt == "JPEG" else 1
    flags = getattr(cv2, _REDUCED[r]) if r > 1 else cv2.IMREAD_COLOR
    # Orientation is applied here explicitly (OpenCV's own handling differs between builds).
    img = cv2.imdecode(buf, flags | cv2.IMREAD_IGNORE_ORIENTATION)
    if img is None:
        img = _decode_with_pil(data, name)
    img = _apply_orientation(img, orient)
    if orient in (5, 6, 7, 8):
        w, h = h, w
    if max(img.shape[:2]) > 2 * max_side:  # non-JPEG giants: shrink after decoding
        f = 2 * max_side / max(img.shape[:2])
        img = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    return LoadedImage(pixels=np.ascontiguousarray(img), width=w, height=h,
                       scale=img.shape[1] / w)


def _decode_with_pil(data: bytes, name: str) -> np.ndarray:
    """Fallback for formats OpenCV lacks (and truncated files PIL can still show)."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            im.draft("RGB", (4096, 4096))
            arr = np.asarray(im.convert("RGB"))
    except Exception:
        raise ImageReadError(f"{name} is damaged and cannot be decoded") from None
    return np.ascontiguousarray(arr[:, :, ::-1])
