"""Photo -> hand, the one path every caller takes: `mjlens scan`, the app and labelling tools.

Why one function: the same photo must read the same everywhere, so the decoding (one
`load_image`), the detector (one shared `load_detector`), the alternatives per box (the layout's
`ALTERNATIVES`) and the rule set's options given to the layout are decided here once.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scoring.hand import HandError, WinContext
from scoring.messages import Msg
from scoring.ruleset import get_ruleset, hand_tiles
from vision.detect import LoadedImage, load_image
from vision.detect.game_tiles import keep_to_tiles, outside_game
from vision.layout import LayoutResult, read_layout

RED_FIVES = ("5m", "5p", "5s")


@dataclass
class PhotoScan:
    """What one photo showed. `detections` are the detector's, in its order: the layout's
    links (`layout.links`) and `layout.gaps` index into them. Boxes are in pixels of the full
    photo (`image.width` x `image.height`); `image.pixels` is the decoded photo at
    `image.scale` times that size."""

    image: LoadedImage
    detections: list
    layout: LayoutResult
    seconds: float
    # the detector's own boxes, before they were read over the game's tiles (`detections`
    # differ only under a rule set played without some tiles): what a later scan under
    # another rule set starts from (`scan_photo(detections=...)`)
    detected: list | None = None
    # boxes of `detected` left out because the game is not played with what they show (a 7z
    # on a Sichuan table): the app says so and marks them on the photo
    left_out: list = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.detected is None:
            self.detected = self.detections


def scan_photo(photo: LoadedImage | str | Path | bytes, detector, *,
               context: WinContext | None = None, rules: str | None = None,
               options: Mapping[str, Any] | None = None, profile=None,
               detections: list | None = None) -> PhotoScan:
    """Decode `photo` (a path, the file's bytes, or an already loaded image), detect its tiles
    with `detector` (a TileDetector, see vision.detect.load_detector) and read them as a hand
    judged by `rules` with `options`, keeping `context`; with `profile` (a
    vision.detect.profile.ProfileReader) the tiles are read with the player's own set. A photo that cannot be decoded raises
    vision.detect.ImageReadError; a photo without a hand gives a result whose layout says why
    (`layout.failure`).

    Under a rule set played without some tiles (Sichuan's suits alone, riichi without flowers)
    the boxes are read over the game's tiles alone (vision.detect.game_tiles).

    `detections`: this photo's boxes from an earlier scan with the same detector and profile
    (its `detected`): the detector is not run again, only the layout (another rule set reads
    the same boxes)."""
    t0 = time.perf_counter()
    image = photo if isinstance(photo, LoadedImage) else load_image(photo)
    if detections is None:
        # a detector stand-in (tests, tools) need not take a profile when none is given
        found = detector.detect_loaded([image], profile) if profile is not None else \
            detector.detect_loaded([image])
        detections = list(found[0])
    else:
        detections = list(detections)
    detected = detections
    tiles = hand_tiles(rules, options)
    detections = keep_to_tiles(detected, tiles, img=image.pixels,
                               scale=image.scale, min_score=getattr(detector, "conf", 0.0))
    layout = read_layout(detections, image.width, image.height, context=context, rules=rules,
                         options=options, image=image.pixels)
    fill_red_fives(layout, detections, rules)
    left_out = outside_game(detected, tiles)
    layout.notes = [*layout.notes, *(_not_in_game(d) for d in left_out)]
    return PhotoScan(image, detections, layout, time.perf_counter() - t0, detected, left_out)


def _not_in_game(d) -> Msg:
    """The note on a box left out as a tile the game is not played with, naming its tile and
    place as the layout's notes on left-out boxes do (the app numbers it on the photo)."""
    from vision.layout.words import M

    x, y = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
    return M("left_out", box=M("box_at", code=d.code, x=f"{x:.0f}", y=f"{y:.0f}"),
             why=M("why_not_in_game"))


def fill_red_fives(layout: LayoutResult, detections: list, rules: str | None) -> None:
    """Give the hand's `red_fives` (for a rule set that reads them: riichi) from the boxes the
    detector marked red (`red`: a Detection's attribute, or a key of a box read from JSON),
    unless the player already gave them."""
    hand, links = layout.hand, layout.links
    if hand is None or links is None or not rules:
        return
    try:
        reads = "red_fives" in get_ruleset(rules).field_names
    except HandError:
        return
    if not reads or "red_fives" in hand.context.extra:
        return

    def red(i: int | None) -> bool:
        if i is None or not 0 <= i < len(detections):
            return False
        d = detections[i]
        return bool(d.get("red") if isinstance(d, Mapping) else getattr(d, "red", False))

    shown = [*zip(hand.concealed, links.concealed, strict=False),
             *((t, i) for m, li in zip(hand.melds, links.melds, strict=False)
               for t, i in zip(m.tiles, li, strict=False)),
             (hand.win_tile, links.win_tile)]
    found = sorted({code for code, i in shown if code in RED_FIVES and red(i)})
    if found:
        layout.hand = hand.with_context(extra={**hand.context.extra, "red_fives": found})


__all__ = ["PhotoScan", "fill_red_fives", "scan_photo"]
