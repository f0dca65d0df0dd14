"""The photo pipeline's result (vision.pipeline.PhotoScan) as the app's Draft.

Every tile of a reading keeps the box the layout read it from (LayoutResult.links): nothing here
matches codes back to boxes, so a code repeated among the discards cannot take the hand tile's
box. Where the layout found no hand, every box becomes a standing tile and a note says the groups
must be checked. Boxes are converted to the pixels of the photo the app shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from mjlens.ui.state import CONCEALED, FLOWERS, WIN, Draft, DraftTile, ReadingChoice, meld_group
from scoring import tiles as T
from scoring.messages import Catalog, Msg, TileName

M = Catalog("app_photo", {
    "read_as": ("the detector read {read}; {code} makes the hand fit",
                "检测器读成 {read}；读作 {code} 才能凑成这手牌"),
    "no_box": ("no box shows this tile (hidden under another, or added to make the hand fit)",
               "照片中没有这张牌的框（被另一张压住，或为凑成这手牌而补上）"),
    "dropped": ("{n} box(es) lying over another tile were dropped as double readings.",
                "{n} 个压在另一张牌上的框被当作重复读数去掉了。"),
    "marked": ("{tile} (marked {k} on the photo)", "{tile}（照片上标 {k} 处）"),
    "missing": ("A tile may be missing where the photo shows a dashed box marked ?.",
                "照片上标着“?”的虚线框处可能少了一张牌。"),
})


def _overlap(a, b) -> float:
    """Intersection over the smaller of two boxes."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    small = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1]))
    return w * h / max(small, 1e-9)


def _scaled(box, scale: float) -> tuple[float, float, float, float]:
    return tuple(float(v) * scale for v in box)


def _tile(box, group: str, scale: float) -> DraftTile:
    """A tile as its box shows it (`box`: a vision.layout.TileBox)."""
    return DraftTile(code=box.code, group=FLOWERS if T.is_flower(box.code) else group,
                     confidence=float(box.confidence),
                     alternatives=tuple(c for c, _ in box.alternatives),
                     box=_scaled(box.box, scale), detection=box.index)


def plain_draft(boxes: list, note: Msg | str = "", scale: float = 1.0) -> Draft:
    """Every tile standing, boxes that mostly cover each other kept once (the surer one); used
    when the layout read no hand. `boxes`: vision.layout.TileBox."""
    kept: list = []
    for box in sorted(boxes, key=lambda d: -float(d.confidence)):
        if all(_overlap(box.box, k.box) < 0.7 for k in kept):
            kept.append(box)
    kept.sort(key=lambda d: (d.box[0], d.box[1]))
    tiles = tuple(_tile(d, CONCEALED, scale) for d in kept)
    notes = [note] if note and tiles else []
    if len(kept) < len(boxes):
        notes.append(M("dropped", n=len(boxes) - len(kept)))
    return Draft(tiles=tiles, notes=tuple(notes))


def _linked(code: str, group: str, link: int | None, boxes: dict, scale: float) -> DraftTile:
    """Hand tile `code` read from box `link` (None: no box shows it)."""
    if link is None:
        return DraftTile(code, FLOWERS if T.is_flower(code) else group, None, (), None,
                         M("no_box"))
    tile = _tile(boxes[link], group, scale)
    if tile.code == code:
        return tile
    note = "" if tile.code == T.BACK else M("read_as", read=tile.code, code=code)
    others = tuple(c for c in (tile.code, *tile.alternatives) if c not in (code, T.BACK))
    return replace(tile, code=code, alternatives=others, note=note)


def linked_tiles(hand, links, boxes: dict, scale: float) -> tuple[DraftTile, ...]:
    """The draft tiles of a Hand read from a photo, each on the box it was read from."""
    tiles = [_linked(c, meld_group(k), i, boxes, scale)
             for k, (m, ml) in enumerate(zip(hand.melds, links.melds, strict=True))
             for c, i in zip(m.tiles, ml, strict=True)]
    tiles += [_linked(c, CONCEALED, i, boxes, scale)
              for c, i in zip(hand.concealed, links.concealed, strict=True)]
    if hand.win_tile:
        tiles.append(_linked(hand.win_tile, WIN, links.win_tile, boxes, scale))
    tiles += [_linked(f, FLOWERS, i, boxes, scale)
              for f, i in zip(hand.flowers, links.flowers, strict=True)]
    return tuple(tiles)


def reading_text(hand) -> str:
    """A hand's tiles and melds in notation, without its win context."""
    from scoring.hand import WinContext
    from scoring.notation import format_hand

    return format_hand(replace(hand, context=WinContext(self_drawn=hand.context.self_drawn)))


def scan_to_draft(scanned, context=None) -> Draft:
    """The draft of one photo's scan (vision.pipeline.PhotoScan): the layout's best reading on
    its boxes, its other readings one tap away, its notes, and the spots to check."""
    result, scale = scanned.layout, scanned.image.scale
    marks: list[tuple[float, float, int]] = []
    if not scanned.detections:  # nothing to read, or only tiles the game is not played with
        notes = tuple(on_photo(n, scale, marks) for n in result.notes
                      if isinstance(n, Msg) and n.key == "layout.left_out")
        return Draft(notes=notes, marks=tuple(marks))
    notes = tuple(on_photo(n, scale, marks) for n in result.notes)
    if result.hand is None:
        why = result.failure.msg if result.failure is not None else ""
        return replace(plain_draft(result.detections, why, scale),
                       check_spots=_spots(result, scale))
    boxes = {b.index: b for b in result.detections}
    readings = [ReadingChoice(reading_text(result.hand), "",
                             linked_tiles(result.hand, result.links, boxes, scale),
                             tuple(result.hand.melds))]
    for alt in result.alternatives:
        text = reading_text(alt.hand)
        if all(text != r.text for r in readings):
            readings.append(ReadingChoice(text, alt.why,
                                         linked_tiles(alt.hand, alt.links, boxes, scale),
                                         tuple(alt.hand.melds)))
    readings = [replace(r, tiles=_red_marked(r.tiles, scanned.detections)) for r in readings]
    first = readings[0]
    read = result.hand.context
    if context is not None and "red_fives" in read.extra and "red_fives" not in context.extra:
        # the fives the photo shows printed red (riichi), kept beside the player's settings
        context = replace(context, extra={**context.extra, "red_fives": read.extra["red_fives"]})
    return Draft(tiles=first.tiles, melds=first.melds,
                 context=context if context is not None else read,
                 notes=notes, readings=tuple(readings), check_spots=_spots(result, scale),
                 marks=tuple(marks))


def _red_marked(tiles: tuple[DraftTile, ...], detections: list) -> tuple[DraftTile, ...]:
    """The tiles whose box the detector saw as a five printed red, marked so."""
    def red(t: DraftTile) -> bool:
        i = t.detection
        if i is None or not 0 <= i < len(detections):
            return False
        d = detections[i]  # a Detection, or a box read from JSON
        get = d.get if isinstance(d, Mapping) else lambda k, v=None: getattr(d, k, v)
        return t.code == get("code") and bool(get("red", False))

    return tuple(replace(t, red=True) if red(t) else t for t in tiles)


def on_photo(note, scale: float, marks: list) -> Msg | str:
    """A layout note as the app says it: a box named by its pixels ("7m at (329, 356)") becomes
    the tile's name and a number drawn on the photo (appended to `marks`, in the shown photo's
    pixels); a spot where a tile may be missing points at its dashed box."""
    if not isinstance(note, Msg):
        return note
    if note.key == "layout.box_at":
        p = dict(note.params)
        try:
            x, y = float(p["x"]) * scale, float(p["y"]) * scale
        except (KeyError, TypeError, ValueError):
            return note
        k = next((m[2] for m in marks if abs(m[0] - x) < 1 and abs(m[1] - y) < 1), None)
        if k is None:
            k = len(marks) + 1
            marks.append((x, y, k))
        return M("marked", tile=TileName(p.get("code", "")), k=k)
    if note.key == "layout.missing":
        return M("missing")
    params = tuple((name, on_photo(v, scale, marks)) for name, v in note.params)
    return Msg(note.key, params) if params != note.params else note


def _spots(result, scale: float) -> tuple[tuple[float, float], ...]:
    return tuple((m.at[0] * scale, m.at[1] * scale) for m in result.missing)


__all__ = ["linked_tiles", "plain_draft", "reading_text", "scan_to_draft"]
