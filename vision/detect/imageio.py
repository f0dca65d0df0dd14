"""Reading photos: one loading policy for the CLI, the app and the labelling tools.

Why: phone photos carry their rotation in EXIF, and boxes must be in pixels of the image as a
person sees it. A 50-megapixel JPEG decoded in full needs ~150 MB; OpenCV's IMREAD_REDUCED_*
modes decode at 1/2, 1/4 or 1/8 size directly (DCT scaling) and keep memory low. Formats that
cannot be decoded reduced are refused above a pixel limit before any pixel is decoded, so a small
file that claims a huge picture (a decompression bomb) costs nothing. Every refusal is a `Msg` in
the player's words (English and Chinese).
"""

from __future__ import annotations

import io
import struct
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from scoring.messages import Catalog, Msg


class ImageReadError(ValueError):
    """An input that is not a readable image (missing, empty, corrupt, too large or another kind
    of file). Carries a `Msg` in the player's words; `str()` is the English text."""

    def __init__(self, message: Msg):
        self.msg = message
        super().__init__(str(message))

    def render(self, lang: str = "en") -> str:
        return self.msg.render(lang)


M = Catalog("photo", {
    "this_file": ("This file", "这个文件"),
    "no_file": ("{name}: there is no such file.", "{name}：找不到这个文件。"),
    "folder": ("{name} is a folder, not a photo.", "{name}是文件夹，不是照片。"),
    "cannot_open": ("{name} could not be opened (check that it exists and may be read).",
                    "{name}无法打开（请确认文件存在且可读取）。"),
    "empty": ("{name} is an empty file, not a photo.", "{name}是空文件，不是照片。"),
    "not_image": ("{name} is not a photo, or is in a format that cannot be read. Use a JPEG, "
                  "PNG, WebP or HEIC photo.",
                  "{name}不是照片，或者格式无法读取。请使用手机相机拍的照片或常见格式的图片。"),
    "damaged": ("{name} is damaged and cannot be read. Try taking or exporting the photo again.",
                "{name}已损坏，无法读取。请重新拍摄或导出照片。"),
    "no_pixels": ("{name} has no pixels.", "{name}没有任何像素。"),
    "too_small": ("{name} is only {width} × {height} pixels: too small to show the tiles. Take "
                  "the photo again, or send it at full size.",
                  "{name}只有 {width} × {height} 像素，太小，看不清牌。请重新拍照，或发送原图。"),
    "too_many_pixels": ("{name} is {mp} megapixels; photos in this format can be read up to "
                        "{limit} megapixels. Save it smaller, or as a JPEG.",
                        "{name}有 {mp} 百万像素；这种格式的照片最多可读 {limit} 百万像素。"
                        "请缩小后保存，或另存为手机相机常用的照片格式。"),
    "too_many_pixels_jpeg": ("{name} is {mp} megapixels; photos can be read up to {limit} "
                             "megapixels.",
                             "{name}有 {mp} 百万像素；照片最多可读 {limit} 百万像素。"),
    "too_large_file": ("{name} is {mb} MB; files up to {limit} MB can be read.",
                       "{name}有 {mb} 兆字节；最多可读 {limit} 兆字节的文件。"),
})

# The loading policy shared by the CLI, the app and the labelling tools (README: "Photos").
MAX_FILE_MB = 64  # a 200-megapixel phone JPEG is 20-60 MB; the app's upload limit is the same
MAX_FULL_DECODE_MP = 64  # formats decoded in full (PNG, WebP, HEIC, ...): 48 MP phones fit
MAX_JPEG_MP = 4096  # JPEG is decoded at 1/8 scale at most: 4,096 MP -> 64 MP decoded
# A side shorter than this shows no tile; a 1 x 1 picture stopped the detector (its search for a
# squashed photo resized it to nothing) and the app's page with it.
MIN_SIDE_PX = 32
# Pillow's own bomb check (an error at twice this) would refuse a 200 MP JPEG that the policy
# reads reduced; the policy above judges every size before anything is decoded in full.
Image.MAX_IMAGE_PIXELS = MAX_JPEG_MP * 1_000_000 // 2


@dataclass
class LoadedImage:
    """`pixels` (BGR uint8, oriented) covers the whole photo at `scale` times its size."""

    pixels: np.ndarray
    width: int  # oriented width of the full-size photo
    height: int
    scale: float  # pixels.shape[1] / width


_REDUCED = {2: "IMREAD_REDUCED_COLOR_2", 4: "IMREAD_REDUCED_COLOR_4", 8: "IMREAD_REDUCED_COLOR_8"}


def _register_heif() -> bool:
    """HEIC/HEIF phone photos through pillow-heif, where it is installed."""
    try:
        from pillow_heif import register_heif_opener
    except ImportError:
        return False
    register_heif_opener()
    return True


HEIF = _register_heif()


def _probe(data: bytes, name: Any) -> tuple[int, int, int, str]:
    """(width, height, EXIF orientation, format) from the header, without decoding pixels."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            # the size is judged below against the policy, not by Pillow's bomb warning
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = Image.open(io.BytesIO(data))
        with im:
            w, h = im.size
            fmt = im.format or ""
            orient = _orientation(im)
    except UnidentifiedImageError:
        raise ImageReadError(M("not_image", name=name)) from None
    except Image.DecompressionBombError:  # Pillow refuses before we can: judged as too large
        raise ImageReadError(M("too_many_pixels", name=name, mp=">178",
                               limit=MAX_FULL_DECODE_MP)) from None
    except (OSError, SyntaxError, ValueError, EOFError):  # a header Pillow cannot parse
        raise ImageReadError(M("damaged", name=name)) from None
    return w, h, orient, fmt


def _orientation(im) -> int:
    if im.format == "PNG" and "exif" not in im.info:
        return 1  # Pillow would decode the whole picture looking for an eXIf chunk after the data
    try:
        value = int(im.getexif().get(0x0112, 1) or 1)
    except (OSError, ValueError, TypeError, SyntaxError, struct.error):  # broken EXIF: upright
        return 1
    return value if 1 <= value <= 8 else 1


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
    """Read and orient a photo under the loading policy; decoded at most ~2x `max_side` on its
    long side. JPEGs of any size are decoded reduced (1/2, 1/4, 1/8); other formats are decoded
    in full and so are refused above MAX_FULL_DECODE_MP; files above MAX_FILE_MB are refused."""
    name: Any = M("this_file") if isinstance(source, bytes) else str(source)
    data = _read_bytes(source, name)
    w, h, orient, fmt = _probe(data, name)
    if w <= 0 or h <= 0:
        raise ImageReadError(M("no_pixels", name=name))
    if min(w, h) < MIN_SIDE_PX:
        raise ImageReadError(M("too_small", name=name, width=w, height=h))
    mp = w * h / 1e6
    if fmt == "JPEG" and mp > MAX_JPEG_MP:
        raise ImageReadError(M("too_many_pixels_jpeg", name=name, mp=round(mp), limit=MAX_JPEG_MP))
    if fmt != "JPEG" and mp > MAX_FULL_DECODE_MP:
        raise ImageReadError(M("too_many_pixels", name=name, mp=round(mp),
                               limit=MAX_FULL_DECODE_MP))
    img = _decode(data, fmt, w, h, max_side, name)
    img = _apply_orientation(img, orient)
    if orient in (5, 6, 7, 8):
        w, h = h, w
    if max(img.shape[:2]) > 2 * max_side:  # shrink what was decoded larger than needed
        import cv2

        f = 2 * max_side / max(img.shape[:2])
        img = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    return LoadedImage(pixels=np.ascontiguousarray(img), width=w, height=h,
                       scale=img.shape[1] / w)


def _read_bytes(source: str | Path | bytes, name: Any) -> bytes:
    if isinstance(source, bytes):
        data = source
        _check_file_size(len(data), name)
    else:
        p = Path(source)
        try:
            if p.is_dir():
                raise ImageReadError(M("folder", name=name))
            size = p.stat().st_size
        except FileNotFoundError:
            raise ImageReadError(M("no_file", name=name)) from None
        except OSError:
            raise ImageReadError(M("cannot_open", name=name)) from None
        _check_file_size(size, name)
        try:
            data = p.read_bytes()
        except OSError:
            raise ImageReadError(M("cannot_open", name=name)) from None
    if not data:
        raise ImageReadError(M("empty", name=name))
    return data


def _check_file_size(size: int, name: Any) -> None:
    if size > MAX_FILE_MB * 1024 * 1024:
        raise ImageReadError(M("too_large_file", name=name, mb=round(size / 1048576),
                               limit=MAX_FILE_MB))


def _decode(data: bytes, fmt: str, w: int, h: int, max_side: int, name: Any) -> np.ndarray:
    import cv2

    buf = np.frombuffer(data, np.uint8)
    r = reduction_for(w, h, max_side) if fmt == "JPEG" else 1
    flags = getattr(cv2, _REDUCED[r]) if r > 1 else cv2.IMREAD_COLOR
    img = None
    if fmt in _OPENCV_FORMATS:
        # Orientation is applied by the caller (OpenCV's own handling differs between builds).
        img = cv2.imdecode(buf, flags | cv2.IMREAD_IGNORE_ORIENTATION)
    if img is None:
        img = _decode_with_pil(data, name, max_side)
    return img


_OPENCV_FORMATS = {"JPEG", "PNG", "WEBP", "BMP", "TIFF"}


def _decode_with_pil(data: bytes, name: Any, max_side: int) -> np.ndarray:
    """Formats OpenCV lacks (HEIC, GIF, ...) and files it gives up on (a truncated JPEG that
    Pillow can still show). The size was checked against the policy before."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            im.draft("RGB", (2 * max_side, 2 * max_side))
            arr = np.asarray(im.convert("RGB"))
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError):
        raise ImageReadError(M("damaged", name=name)) from None
    return np.ascontiguousarray(arr[:, :, ::-1])
