"""Pictures as the page shows them, each encoded once.

`st.image` given a picture wider than its integer `width` (tile pictures are made at twice
their shown width) decodes it, shrinks it to that width and encodes it again, on every run; given
a PIL image (the photo) it encodes it on every run. Here the bytes are made once, at the shown
width and in Streamlit's own way (bilinear, PNG; a photo as JPEG of quality 90 at most 1460 px
wide), and kept: Streamlit sends them as they are, and unchanged bytes keep their address, so the
browser does not fetch them again.

`photo_bytes` keeps one drawing of the photo per session (the page draws the current one);
`crop_bytes` the crops of the tile being corrected.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache

import streamlit as st
from PIL import Image

MAX_WIDTH = 2 * 730  # Streamlit's widest picture (image_utils.MAXIMUM_CONTENT_WIDTH)
PHOTO_QUALITY = 90  # the quality Streamlit gives a photo it shrinks


def _encode(img: Image.Image, fmt: str) -> bytes:
    buf = io.BytesIO()
    img.save(buf, format=fmt, quality=PHOTO_QUALITY)
    return buf.getvalue()


def _shrunk(img: Image.Image, width: int) -> Image.Image:
    """`img` at most `width` wide, as Streamlit shrinks a picture."""
    if img.width <= width:
        return img
    height = int(1.0 * img.height * width / img.width)
    return img.resize((width, height), resample=Image.BILINEAR)


@lru_cache(maxsize=2048)
def fit_png(png: bytes, width: int) -> bytes:
    """A PNG shrunk to `width` pixels (the same bytes when it is not wider)."""
    img = Image.open(io.BytesIO(png))
    return png if img.width <= width else _encode(_shrunk(img, width), "PNG")


def tile(png: bytes, width: int, **kwargs) -> None:
    """Show a tile picture (PNG bytes, e.g. tile_images.tile_png) `width` pixels wide."""
    st.image(fit_png(png, width), width=width, output_format="PNG", **kwargs)


@lru_cache(maxsize=2048)
def _data_uri(png: bytes, width: int) -> str:
    return "data:image/png;base64," + base64.b64encode(fit_png(png, width)).decode("ascii")


def button_pictures(pictures: dict[str, bytes], width: int) -> None:
    """Tile pictures drawn on their buttons: {a button's key: its PNG (made at any width)},
    shown `width` pixels wide (the same bytes `tile` sends). One style element for all of
    them, so a tile is one element on the page (its button) instead of three (a cell, its
    picture and its button): a hand or a palette is sent and drawn with a third of the
    messages. A style-only `st.html` goes to the page's event container, not into the layout."""
    keys: dict[bytes, list[str]] = {}  # each picture once, for all the buttons that show it
    for key, png in pictures.items():
        keys.setdefault(png, []).append(f".st-key-{key} button")
    if keys:
        st.html("<style>" + "".join(
            f"{','.join(k)}{{background-image:url({_data_uri(png, width)})}}"
            for png, k in keys.items()) + "</style>")


def jpeg(img: Image.Image, width: int = MAX_WIDTH) -> bytes:
    """A picture as the JPEG the page shows, at most `width` wide."""
    return _encode(_shrunk(img.convert("RGB"), width), "JPEG")


def photo_bytes(key: tuple, draw) -> bytes:
    """The JPEG of the photo as drawn by `draw()` (a PIL image), made again only when `key` (what
    the drawing depends on) changed since the last call of this session."""
    ss = st.session_state
    kept = ss.get("_photo_shown")
    if kept is not None and kept[0] == key:
        return kept[1]
    data = jpeg(draw())
    ss["_photo_shown"] = (key, data)
    return data


def crop_bytes(key: tuple, crop, width: int) -> bytes:
    """The JPEG of a tile's crop (`crop()`: a PIL image) shown `width` wide, kept per `key` for
    the photo being corrected (a new photo: `clear_crops`)."""
    ss = st.session_state
    kept = ss.setdefault("_crops_shown", {})
    key = (*key, width)  # the same tile is shown small in its doubtful row, large when selected
    if key not in kept:
        kept[key] = jpeg(crop(), width)
    return kept[key]


def clear_crops() -> None:
    st.session_state.pop("_crops_shown", None)
