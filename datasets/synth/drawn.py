"""Procedurally drawn tile faces: two face-art styles made from a font and simple shapes, so the
detector can be trained on one art and measured on another it has never seen.

Why: the other face sources are one drawn set (``pymdownx-mahjong``, Japanese style) and one
photographed set (``tile-crops``); users photograph many other sets. A drawn style varies the
numerals' font, the inks, the dots' look and the bamboo sticks:

* ``drawn-a`` (used in training): the project's Noto Sans SC subset, dark-blue numerals, dots
  drawn as rings around a centre, striped bamboo sticks;
* ``drawn-b`` (held out: never in training, only in the held-out-style evaluation): a serif CJK
  font where the system has one (Noto Serif CJK; else the sans font drawn bolder), black
  numerals, filled dots with a highlight, plain sticks with knots, a flower name in green.

The font arts (``font-kai``, ``font-ming``, ``font-zenhei``, ``font-microhei``,
``font-notosans``; training only, used by ``style="clutter"``) draw the same pips with the CJK
faces Debian ships (fonts-arphic-ukai / -uming, fonts-wqy-zenhei / -microhei, fonts-noto-cjk;
Arphic Public License, GPL-2 with font exception, SIL OFL), each with its own inks: real tiles
mostly carry Kai-like strokes. An art whose font is not installed is left out.

All styles also draw riichi-style red fives (codes ``0m``, ``0p``, ``0s``: read as 5m, 5p, 5s)
and the white dragon blank and framed. Faces are ``FACE_W x FACE_H`` BGR arrays, as in faces.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO_ROOT = Path(__file__).resolve().parents[2]
SANS = REPO_ROOT / "mjlens" / "ui" / "fonts" / "NotoSansSC-mjlens-subset.otf"
SERIF_CANDIDATES = (Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"),
                    Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc"))
NUMERALS = "一二三四五六七八九"
WINDS = "東南西北"
FLOWERS = "春夏秋冬梅蘭菊竹"

# unit-square positions of the pips of 1..9 dots / bamboo sticks (x, y), as most sets lay them
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.27), (0.5, 0.73)],
    3: [(0.24, 0.2), (0.5, 0.5), (0.76, 0.8)],
    4: [(0.3, 0.27), (0.7, 0.27), (0.3, 0.73), (0.7, 0.73)],
    5: [(0.26, 0.22), (0.74, 0.22), (0.5, 0.5), (0.26, 0.78), (0.74, 0.78)],
    6: [(0.3, 0.2), (0.7, 0.2), (0.3, 0.5), (0.7, 0.5), (0.3, 0.8), (0.7, 0.8)],
    7: [(0.2, 0.13), (0.5, 0.24), (0.8, 0.35), (0.3, 0.6), (0.7, 0.6), (0.3, 0.86), (0.7, 0.86)],
    8: [(0.3, 0.13), (0.7, 0.13), (0.3, 0.38), (0.7, 0.38), (0.3, 0.62), (0.7, 0.62),
        (0.3, 0.87), (0.7, 0.87)],
    9: [(x, y) for y in (0.18, 0.5, 0.82) for x in (0.2, 0.5, 0.8)],
}
STICKS = {
    1: [(0.5, 0.5)],
    2: [(0.5, 0.27), (0.5, 0.73)],
    3: [(0.5, 0.27), (0.3, 0.73), (0.7, 0.73)],
    4: [(0.3, 0.27), (0.7, 0.27), (0.3, 0.73), (0.7, 0.73)],
    5: [(0.22, 0.27), (0.78, 0.27), (0.5, 0.5), (0.22, 0.73), (0.78, 0.73)],
    6: [(x, y) for y in (0.27, 0.73) for x in (0.2, 0.5, 0.8)],
    7: [(0.5, 0.14)] + [(x, y) for y in (0.47, 0.83) for x in (0.2, 0.5, 0.8)],
    8: [(x, y) for y in (0.27, 0.73) for x in (0.14, 0.38, 0.62, 0.86)],
    9: [(x, y) for y in (0.18, 0.5, 0.82) for x in (0.2, 0.5, 0.8)],
}


@dataclass(frozen=True)
class Art:
    name: str
    font: Path
    bold: int  # extra stroke width (pixels) for the numerals
    ink: tuple[int, int, int]  # BGR of numerals and winds
    red: tuple[int, int, int]
    green: tuple[int, int, int]
    blue: tuple[int, int, int]
    face: tuple[int, int, int]  # BGR background of the face
    rings: bool  # dots as rings (else filled discs with a highlight)
    striped: bool  # bamboo sticks with a lengthwise stripe (else knots only)
    index: int = 0  # face within a .ttc collection


def _serif() -> tuple[Path, int]:
    for p in SERIF_CANDIDATES:
        if p.exists():
            return p, 0
    return SANS, 2


def arts() -> dict[str, Art]:
    serif, extra = _serif()
    return {
        "drawn-a": Art("drawn-a", SANS, 0, (120, 50, 20), (40, 40, 205), (60, 135, 25),
                       (150, 80, 25), (236, 242, 245), True, True),
        "drawn-b": Art("drawn-b", serif, extra, (35, 30, 30), (30, 30, 165), (70, 120, 0),
                       (120, 60, 40), (225, 238, 246), False, False),
    }


FONTS = Path("/usr/share/fonts")
# name, font file, face index in the collection, extra stroke, ink, red, green, blue, face, rings,
# striped; Noto Sans CJK's face 2 is the Simplified Chinese one
FONT_ARTS = (
    ("font-kai", FONTS / "truetype/arphic/ukai.ttc", 0, 1, (30, 30, 30), (35, 35, 190),
     (50, 120, 20), (140, 70, 20), (225, 240, 245), True, False),
    ("font-ming", FONTS / "truetype/arphic/uming.ttc", 0, 1, (110, 45, 20), (30, 20, 170),
     (40, 110, 40), (160, 90, 30), (240, 244, 244), False, True),
    ("font-zenhei", FONTS / "truetype/wqy/wqy-zenhei.ttc", 0, 0, (60, 30, 20), (50, 50, 215),
     (70, 140, 30), (130, 60, 10), (215, 232, 240), True, True),
    ("font-microhei", FONTS / "truetype/wqy/wqy-microhei.ttc", 0, 2, (20, 20, 60), (40, 40, 150),
     (30, 100, 60), (110, 80, 40), (232, 236, 238), False, False),
    ("font-notosans", FONTS / "opentype/noto/NotoSansCJK-Bold.ttc", 2, 0, (40, 40, 40),
     (20, 30, 200), (60, 150, 60), (170, 100, 40), (238, 246, 250), True, False),
)


def font_arts() -> dict[str, Art]:
    """The training arts of the installed CJK fonts (FONT_ARTS)."""
    out = {}
    for name, font, index, bold, ink, red, green, blue, face, rings, striped in FONT_ARTS:
        if font.exists():
            out[name] = Art(name, font, bold, ink, red, green, blue, face, rings, striped, index)
    return out


def _text(img: np.ndarray, ch: str, art: Art, box: tuple[float, float, float, float],
          colour: tuple[int, int, int], index: int | None = None) -> np.ndarray:
    """Draw one character filling `box` (x0, y0, x1, y1 in pixels) with PIL; returns the image."""
    from PIL import Image, ImageDraw, ImageFont

    x0, y0, x1, y1 = box
    size = int(min(x1 - x0, y1 - y0) * 1.05)
    font = ImageFont.truetype(str(art.font), size, index=art.index if index is None else index)
    pil = Image.fromarray(img[..., ::-1].copy())
    draw = ImageDraw.Draw(pil)
    left, top, right, bottom = draw.textbbox((0, 0), ch, font=font, stroke_width=art.bold)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    draw.text((cx - (left + right) / 2, cy - (top + bottom) / 2), ch, font=font, fill=colour[::-1],
              stroke_width=art.bold, stroke_fill=colour[::-1])
    return np.asarray(pil)[..., ::-1].copy()


def _dot(img, x, y, r, colour, art: Art) -> None:
    import cv2

    c = (int(round(x * 16)), int(round(y * 16)))
    if art.rings:
        cv2.circle(img, c, int(r * 16), colour, max(2, int(r * 0.28)), cv2.LINE_AA, 4)
        cv2.circle(img, c, int(r * 0.55 * 16), colour, max(1, int(r * 0.12)), cv2.LINE_AA, 4)
        cv2.circle(img, c, int(r * 0.25 * 16), colour, -1, cv2.LINE_AA, 4)
    else:
        cv2.circle(img, c, int(r * 16), colour, -1, cv2.LINE_AA, 4)
        hl = (int((x - 0.3 * r) * 16), int((y - 0.3 * r) * 16))
        cv2.circle(img, hl, int(r * 0.3 * 16), (235, 235, 235), -1, cv2.LINE_AA, 4)


def _stick(img, x, y, w, h, colour, art: Art) -> None:
    import cv2

    x0, y0, x1, y1 = x - w / 2, y - h / 2, x + w / 2, y + h / 2
    cv2.rectangle(img, (int(x0), int(y0)), (int(x1), int(y1)), colour, -1, cv2.LINE_AA)
    dark = tuple(int(c * 0.55) for c in colour)
    for f in (0.0, 0.5, 1.0):  # knots
        yy = int(y0 + f * (y1 - y0))
        cv2.line(img, (int(x0 - 1), yy), (int(x1 + 1), yy), dark, max(1, int(w * 0.25)),
                 cv2.LINE_AA)
    if art.striped:
        cv2.line(img, (int(x), int(y0)), (int(x), int(y1)), (235, 240, 240), max(1, int(w * 0.15)),
                 cv2.LINE_AA)


def draw_face(code: str, art: Art, w: int, h: int) -> np.ndarray:
    """One face (BGR). `code` is a tile code, or 0m/0p/0s for a red five, or '5z-frame'."""
    import cv2

    img = np.empty((h, w, 3), np.uint8)
    img[:] = art.face
    mx, my = 0.12 * w, 0.1 * h
    inner = (mx, my, w - mx, h - my)
    iw, ih = w - 2 * mx, h - 2 * my
    red_five = code.startswith("0")
    num, suit = (5 if red_five else int(code[0]) if code[0].isdigit() else 0), code[1]
    if code == "5z-frame":
        m = int(0.2 * w)
        cv2.rectangle(img, (m, m), (w - m, h - m), art.blue, int(0.06 * w), cv2.LINE_AA)
        return img
    if suit == "m":
        top = (mx, my, w - mx, my + 0.48 * ih)
        img = _text(img, NUMERALS[num - 1], art, top, art.red if red_five else art.ink)
        return _text(img, "萬", art, (mx, my + 0.5 * ih, w - mx, h - my), art.red)
    if suit == "p":
        r = {1: 0.3, 2: 0.2, 3: 0.15, 4: 0.16}.get(num, 0.12) * iw
        cols = [art.blue, art.green, art.red]
        for k, (px, py) in enumerate(PIPS[num]):
            col = art.red if red_five or (num == 1) or (num == 5 and k == 2) else cols[k % 3]
            _dot(img, mx + px * iw, my + py * ih, r, col, art)
        return img
    if suit == "s":
        if num == 1:  # the bird: a body, a head, a tail of sticks
            cv2.ellipse(img, (w // 2, int(h * 0.58)), (int(iw * 0.3), int(ih * 0.22)), -20, 0,
                        360, art.green, -1, cv2.LINE_AA)
            cv2.circle(img, (int(w * 0.62), int(h * 0.3)), int(iw * 0.13), art.red, -1,
                       cv2.LINE_AA)
            for k in range(3):
                cv2.line(img, (int(w * 0.4), int(h * 0.62)),
                         (int(w * (0.15 + 0.1 * k)), int(h * 0.85)), art.blue, 4, cv2.LINE_AA)
            return img
        sw = {2: 0.16, 3: 0.15, 4: 0.15}.get(num, 0.11) * iw
        sh = (0.36 if num <= 6 or num == 8 else 0.26) * ih
        for k, (px, py) in enumerate(STICKS[num]):
            red = red_five or (num in (5, 7, 9) and (k == 2 if num == 5 else
                                                       k == 0 if num == 7 else k % 3 == 1))
            _stick(img, mx + px * iw, my + py * ih, sw, sh, art.red if red else art.green, art)
        return img
    if suit == "z":
        if num == 5:
            return img
        ch, col = (WINDS[num - 1], art.ink) if num <= 4 else (("發", art.green) if num == 6
                                                              else ("中", art.red))
        return _text(img, ch, art, inner, col)
    if suit == "f":
        img = _text(img, FLOWERS[num - 1], art, (mx, my + 0.1 * ih, w - mx, h - my),
                    art.green if num > 4 else art.red)
        return _text(img, str((num - 1) % 4 + 1), art, (mx, my, mx + 0.3 * iw, my + 0.25 * ih),
                     art.ink)
    raise ValueError(f"no drawn face for {code!r}")


def render_drawn_faces(w: int, h: int) -> dict[str, dict[str, list[np.ndarray]]]:
    """Both drawn styles and the installed font arts (every tile and flower; 5z blank and
    framed) and, as sources ``red-<art>``, their red fives filed under 5m, 5p, 5s."""
    from scoring.tiles import FLOWER_CODES, TILE_CODES

    out: dict[str, dict[str, list[np.ndarray]]] = {}
    for name, art in {**arts(), **font_arts()}.items():
        faces = {c: [draw_face(c, art, w, h)] for c in TILE_CODES + FLOWER_CODES if c != "5z"}
        faces["5z"] = [draw_face("5z", art, w, h), draw_face("5z-frame", art, w, h)]
        out[name] = faces
        out[f"red-{name}"] = {f"5{s}": [draw_face(f"0{s}", art, w, h)] for s in "mps"}
    return out
