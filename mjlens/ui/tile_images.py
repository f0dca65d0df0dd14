"""PNG pictures of every tile code, for the app and the shareable result image.

Suited tiles, winds and dragons use the public-domain faces of `pymdownx-mahjong` (SVG, rendered
with `resvg-py`); its white dragon is blank, so its blue frame is drawn here, as are the flowers,
seasons and the face-down tile. Chinese text (flower labels, the shareable picture) is drawn
with the bundled subset of Noto Sans CJK SC (mjlens/ui/fonts/, SIL OFL 1.1), so it renders on a
machine without CJK fonts.
Pictures are cached per (code, highlight, width).
"""

from __future__ import annotations

import io
import os
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from mjlens.ui.font_glyphs import FONT_FILE
from scoring import tiles as T

BASE_W, BASE_H = 120, 164  # picture size at width 120; the bottom EDGE px show the tile's back
EDGE = 14
FACE = (250, 246, 234)
OUTLINE = (120, 112, 96)
BACK_COLOUR = (38, 120, 88)
HIGHLIGHTS = {
    None: None,
    "warn": (236, 120, 0),  # uncertain: low confidence or flagged by the layout
    "selected": (30, 110, 230),  # the tile being edited
    "win": (200, 30, 60),  # the winning tile
}
JOKER_GOLD = (212, 160, 20)  # a joker's inner border and badge (mjlens.ui.jokers)
# Seasons (1f-4f) and flowers (5f-8f): colour and Latin initial of each.
_FLOWER_STYLE = {
    "1f": ((46, 160, 67), "Sp"),
    "2f": ((214, 40, 40), "Su"),
    "3f": ((220, 140, 0), "Au"),
    "4f": ((40, 90, 200), "Wi"),
    "5f": ((200, 60, 140), "Pl"),
    "6f": ((120, 70, 190), "Or"),
    "7f": ((225, 170, 0), "Ch"),
    "8f": ((30, 130, 60), "Ba"),
}


@lru_cache(maxsize=1)
def cjk_font_path() -> str | None:
    """The font that draws Chinese: the bundled subset (env MJLENS_CJK_FONT overrides it; an
    empty value forces the Latin fallback of the flower tiles, for tests)."""
    env = os.environ.get("MJLENS_CJK_FONT")
    if env is not None:
        return env if env and Path(env).is_file() else None
    return str(FONT_FILE) if FONT_FILE.is_file() else None


def latin_font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans Bold where present, else Pillow's built-in scalable font."""
    for path in (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf",
    ):
        if Path(path).is_file():
            return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)


def text_font(size: int, chinese: bool = False):
    """A font for labels: CJK when asked for and available, Latin otherwise."""
    if chinese and cjk_font_path():
        return ImageFont.truetype(cjk_font_path(), size)
    return latin_font(size)


def _svg_path(code: str) -> Path:
    import pymdownx_mahjong

    return Path(pymdownx_mahjong.__file__).resolve().parent / "assets" / "light" / f"{code}.svg"


def _body(back: bool = False) -> tuple[Image.Image, tuple[int, int, int, int]]:
    """An empty tile: rounded face over a darker edge. Returns the image and the face box."""
    img = Image.new("RGBA", (BASE_W, BASE_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    r = 14
    d.rounded_rectangle((1, 1, BASE_W - 2, BASE_H - 2), r, fill=BACK_COLOUR, outline=OUTLINE, width=2)
    face_box = (1, 1, BASE_W - 2, BASE_H - 2 - EDGE)
    if not back:
        d.rounded_rectangle(face_box, r, fill=FACE, outline=OUTLINE, width=2)
    else:
        d.rounded_rectangle(face_box, r, fill=(52, 150, 112), outline=OUTLINE, width=2)
        inset = (face_box[0] + 12, face_box[1] + 12, face_box[2] - 12, face_box[3] - 12)
        d.rounded_rectangle(inset, 8, outline=(160, 215, 190), width=3)
    return img, face_box


def _paste_svg(img: Image.Image, face_box, code: str) -> None:
    import resvg_py

    fx0, fy0, fx1, fy1 = face_box
    aw = int((fx1 - fx0) * 0.9)
    ah = aw * 4 // 3
    png = resvg_py.svg_to_bytes(svg_path=str(_svg_path(code)), width=aw, height=ah)
    art = Image.open(io.BytesIO(bytes(png))).convert("RGBA")
    x = fx0 + (fx1 - fx0 - art.width) // 2
    y = fy0 + (fy1 - fy0 - art.height) // 2
    img.alpha_composite(art, (x, y))


def _white_dragon(img: Image.Image, face_box) -> None:
    d = ImageDraw.Draw(img)
    fx0, fy0, fx1, fy1 = face_box
    blue = (40, 90, 170)
    m = 22
    d.rectangle((fx0 + m, fy0 + m, fx1 - m, fy1 - m), outline=blue, width=7)
    d.rectangle((fx0 + m + 12, fy0 + m + 12, fx1 - m - 12, fy1 - m - 12), outline=blue, width=3)


def _flower(img: Image.Image, face_box, code: str) -> None:
    d = ImageDraw.Draw(img)
    fx0, fy0, fx1, fy1 = face_box
    colour, initial = _FLOWER_STYLE[code]
    n = (int(code[0]) - 1) % 4 + 1
    cx, cy = (fx0 + fx1) // 2, fy0 + (fy1 - fy0) * 3 // 5
    # A five-petal flower (seasons get a leafy green centre, flowers a yellow one).
    import math

    pr = 13
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        px, py = cx + 17 * math.cos(a), cy + 17 * math.sin(a)
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=colour)
    centre = (60, 150, 60) if int(code[0]) <= 4 else (240, 200, 40)
    d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=centre)
    num_font = latin_font(24)
    d.text((fx1 - 10, fy0 + 8), str(n), font=num_font, fill=colour, anchor="ra")
    cjk = cjk_font_path()
    if cjk:
        d.text((fx0 + 10, fy0 + 6), T.CHINESE_NAMES[code], font=ImageFont.truetype(cjk, 34),
               fill=colour, anchor="la")
    else:
        d.text((fx0 + 10, fy0 + 10), initial, font=latin_font(22), fill=colour, anchor="la")


def _highlight(img: Image.Image, colour) -> None:
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((1, 1, BASE_W - 2, BASE_H - 2), 14, outline=colour, width=8)


def _joker_mark(img: Image.Image, badge: str) -> None:
    """A joker: a gold border inside the face's edge (a highlight still shows outside it) and a
    gold disc with the game's word for a joker (金, 财) in the top right corner."""
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((9, 9, BASE_W - 10, BASE_H - 10 - EDGE), 10, outline=JOKER_GOLD, width=6)
    cx, cy, r = BASE_W - 26, 26, 21
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=JOKER_GOLD, outline=(120, 80, 0), width=2)
    cjk = cjk_font_path()
    font = ImageFont.truetype(cjk, 30) if cjk else latin_font(24)
    d.text((cx, cy), badge if cjk else "J", font=font, fill=(150, 20, 20), anchor="mm")


@lru_cache(maxsize=512)
def tile_image(code: str, highlight: str | None = None, width: int = BASE_W,
               joker: str | None = None) -> Image.Image:
    """The picture of one tile (RGBA); `joker`: the badge of a joker (金, 财) to draw on it.
    Do not modify the returned (cached) image."""
    if highlight not in HIGHLIGHTS:
        raise ValueError(f"unknown highlight {highlight!r}")
    if code == T.BACK:
        img, _ = _body(back=True)
    elif T.is_tile(code) or T.is_flower(code):
        img, face = _body()
        if code == "5z":
            _white_dragon(img, face)
        elif T.is_flower(code):
            _flower(img, face, code)
        else:
            _paste_svg(img, face, code)
    else:
        raise ValueError(f"unknown tile code {code!r}")
    if joker:
        _joker_mark(img, joker)
    if HIGHLIGHTS[highlight]:
        _highlight(img, HIGHLIGHTS[highlight])
    if width != BASE_W:
        img = img.resize((width, round(BASE_H * width / BASE_W)), Image.LANCZOS)
    return img


@lru_cache(maxsize=512)
def tile_png(code: str, highlight: str | None = None, width: int = BASE_W,
             joker: str | None = None) -> bytes:
    """PNG bytes of `tile_image` (what the app sends to the browser)."""
    buf = io.BytesIO()
    tile_image(code, highlight, width, joker).save(buf, format="PNG", optimize=False)
    return buf.getvalue()


def strip_image(codes, width: int = 60, gap: int = 4, highlights=None,
                joker: tuple[str, str] | None = None) -> Image.Image:
    """Tiles side by side on a transparent background (for the share image); `joker`: (code,
    badge) of the hand's joker kind, whose copies are marked."""
    highlights = highlights or [None] * len(codes)
    h = round(BASE_H * width / BASE_W)
    out = Image.new("RGBA", (max(1, len(codes) * (width + gap) - gap), h), (0, 0, 0, 0))
    for i, (code, hl) in enumerate(zip(codes, highlights, strict=True)):
        badge = joker[1] if joker and code == joker[0] else None
        out.alpha_composite(tile_image(code, hl, width, badge), (i * (width + gap), 0))
    return out
