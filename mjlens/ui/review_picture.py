"""The review page's picture: the photo with every box, its number and code.

Each box's label is a tag in the box's colour joined to the box's top-left corner: on top of
the box where nothing else is (a row of tiles: the faces stay in sight), else inside the box's
top. Drawn above the boxes and, every other one, below them, a label sat on the tile
underneath in a crowded photo and read as that tile's code."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from datasets.formats import Box
from datasets.review import ReviewSet

UNSURE = 0.5
COLOURS = {"selected": (230, 30, 30), "hand": (20, 170, 60), "unsure": (245, 150, 0),
           "sure": (40, 110, 230)}
TAG_SMALLEST = 11  # px: the tag's font shrinks to fit its box, never below this
TAG_PAD = 2  # px around the tag's text


def box_kind(box: Box, k: int, selected: int | None) -> str:
    if k == selected:
        return "selected"
    return "hand" if box.score is None else "unsure" if box.score < UNSURE else "sure"


@lru_cache(maxsize=32)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


def _parts(label: tuple[str, str], size: int) -> tuple[list[float], int, int]:
    """Widths of the tag's two parts (the box's number, its code), the tag's height and the
    text's top offset, at font size `size`."""
    font = _font(size)
    _, top, _, bottom = font.getbbox("0bp")  # digits, ascenders and descenders: one height
    return [font.getlength(text) + 2 * TAG_PAD for text in label], bottom - top + 2 * TAG_PAD, top


def tag_size(label: tuple[str, str], size: int) -> tuple[int, int]:
    """Width and height of the tag (number and code, each with its padding)."""
    widths, height, _ = _parts(label, size)
    return round(sum(widths)), height


def _overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def fit_tag(label: tuple[str, str], box: list[float], size: int,
            taken: list[list[float]] = ()) -> tuple[int, float, float]:
    """(font size, x, y) of the tag, its font made smaller until it fits across the box. On
    top of the box, its lower edge on the box's top edge, where that space is free (`taken`:
    the other boxes and tags placed so far), so the tile's face stays in sight; else inside the
    box's top-left corner, so it cannot be read as the code of a tile beside it; a box too
    small for that (tiny tiles in a row) has it under the box where that is free, else on
    top all the same."""
    width, height = box[2] - box[0], box[3] - box[1]
    while size > TAG_SMALLEST and tag_size(label, size)[0] > width:
        size -= 1
    w, h = tag_size(label, size)

    def free(y: float) -> bool:
        return y >= 0 and not any(_overlaps([box[0], y, box[0] + w, y + h], r) for r in taken)

    if free(box[1] - h) or not (w <= width and 2 * h <= height) and not free(box[3]):
        return size, box[0], box[1] - h
    return size, box[0], box[1] if w <= width and 2 * h <= height else box[3]


def base_tag_size(boxes: list[list[float]], width: int) -> int:
    """The tags' font size: 0.22 of the middle box's width, within 13 px .. width/24. About
    9 px on a phone, where the picture is shown at under half its size, and 13 at 1280 px."""
    if not boxes:
        return 13
    middle = sorted(b[2] - b[0] for b in boxes)[len(boxes) // 2]
    return int(min(max(13, 0.22 * middle), width / 24))


def _darker(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(round(c * 0.55) for c in colour)


def draw_tag(draw: ImageDraw.ImageDraw, label: tuple[str, str], size: int, x: float, y: float,
             colour: tuple[int, int, int]) -> None:
    """The box's number on a darker shade of its colour, then its code on the colour: "3" and
    "7p" side by side read as two things, where "3 7p" in one run read as 37p."""
    widths, height, top = _parts(label, size)
    for text, w, fill in zip(label, widths, (_darker(colour), colour), strict=True):
        draw.rectangle([x, y, x + w - 1, y + height - 1], fill=fill)
        draw.text((x + TAG_PAD, y + TAG_PAD - top), text, fill=(255, 255, 255), font=_font(size))
        x += w


def draw_boxes(img: Image.Image, boxes: list[tuple[tuple[str, str], list[float], str]]) -> None:
    """((number, code), box in drawn pixels, kind) each: its outline, then its tag in the same
    colour; the selected box last, so no neighbour's outline crosses it."""
    draw = ImageDraw.Draw(img)
    base = base_tag_size([b for _, b, _ in boxes], img.width)
    tags: list[list[float]] = []
    for label, box, kind in sorted(boxes, key=lambda e: e[2] == "selected"):
        draw.rectangle(box, outline=COLOURS[kind], width=4 if kind == "selected" else 2)
        others = [b for _, b, _ in boxes if b is not box]
        size, x, y = fit_tag(label, box, base, others + tags)
        w, h = tag_size(label, size)
        tags.append([x, y, x + w, y + h])
        draw_tag(draw, label, size, x, y, COLOURS[kind])


def drawn(rs: ReviewSet, i: int, selected: int | None, zoom: bool = True,
          width: int = 720) -> Image.Image:
    """The photo with every box and its code; the selected box red, boxes set by hand green,
    unsure ones orange. With `zoom`, cut to the tiles with two tile heights around them. Drawn
    at `width` pixels so the codes stay readable."""
    from vision.detect import load_image

    rec = rs.records[i]
    im = load_image(rs.image_path(i), max_side=width)
    x0, y0, x1, y1 = 0.0, 0.0, float(rec.width), float(rec.height)
    if zoom and rec.boxes:
        pad = 2 * sorted(b.y2 - b.y1 for b in rec.boxes)[len(rec.boxes) // 2]
        x0, y0 = (max(0.0, min(v) - pad) for v in ([b.x1 for b in rec.boxes],
                                                    [b.y1 for b in rec.boxes]))
        x1 = min(x1, max(b.x2 for b in rec.boxes) + pad)
        y1 = min(y1, max(b.y2 for b in rec.boxes) + pad)
    crop = im.pixels[int(y0 * im.scale):int(y1 * im.scale) + 1,
                     int(x0 * im.scale):int(x1 * im.scale) + 1, ::-1]
    f = width / (x1 - x0)  # photo pixels -> drawn pixels
    img = Image.fromarray(crop).resize((width, max(1, round((y1 - y0) * f))))
    draw_boxes(img, [((str(k), b.code),
                      [(b.x1 - x0) * f, (b.y1 - y0) * f, (b.x2 - x0) * f, (b.y2 - y0) * f],
                      box_kind(b, k, selected)) for k, b in enumerate(rec.boxes)])
    return img
