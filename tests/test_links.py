"""Each tile of a reading keeps the box it was read from (LayoutResult.links), through the app's
draft and its export; where a row seems to lack a tile, the result says where."""

from __future__ import annotations

import json

import numpy as np

from mjlens.ui import engine as E
from mjlens.ui import photo as P
from mjlens.ui import state as S
from scoring.notation import format_hand, parse_hand
from tests.app_support import TOY, toy_rules  # noqa: F401
from tests.test_layout import TW, boxes
from vision.detect import Detection, LoadedImage

HAND = [(0, "1m 2m 3m 4p 5p 6p 7m 7m 7m 1z 1z 1z 2z"), (0.8, "2z")]
# discards lying about the table, well away from the hand and from each other
DISCARDS = [("7m", 120, 80), ("1z", 260, 150), ("7m", 820, 90), ("2z", 640, 200)]


class Boxes:
    """A detector that returns given boxes (vision.detect Detections), in the given order."""

    def __init__(self, dets: list[dict]):
        self.dets = dets

    def detect_loaded(self, images):
        return [[Detection(d["code"], tuple(d["box"]), d["confidence"]) for d in self.dets]
                for _ in images]


def _discard(code: str, x: float, y: float) -> dict:
    return {"code": code, "box": [x, y, x + TW, y + 40], "confidence": 0.95}


def _blank() -> LoadedImage:
    return LoadedImage(np.full((800, 1000, 3), 90, np.uint8), 1000, 800, 1.0)


def test_repeated_codes_among_the_discards_stay_on_the_hands_boxes():
    """The layout reads the row; the discards (listed first, as a detector may) are left out.
    Each draft tile is drawn on the box it was read from: a 7m of the hand never lands on a
    7m lying among the discards."""
    row = boxes(HAND)
    dets = [_discard(*d) for d in DISCARDS] + row
    reading = P.read_photo(_blank(), Boxes(dets))
    result = reading.scan.layout
    assert result.hand is not None and sorted(result.hand.all_tiles).count("7m") == 3
    row_boxes = {tuple(d["box"]) for d in row}
    drawn = [t for t in reading.draft.tiles if t.box is not None]
    assert len(drawn) == 14
    for tile in drawn:
        assert tile.box in row_boxes, f"{tile.code} drawn on a discard at {tile.box}"
        assert dets[tile.detection]["code"] == tile.code
        assert tuple(dets[tile.detection]["box"]) == tile.box
    assert len({t.detection for t in drawn}) == 14  # each box once


def test_scan_json_gives_each_tile_its_box(tmp_path, capsys):
    from mjlens.cli import main

    row = boxes(HAND)
    dets = [_discard(*d) for d in DISCARDS] + row
    f = tmp_path / "boxes.json"
    f.write_text(json.dumps({"width": 1000, "height": 800, "tiles": dets}))
    main(["scan", "photo.jpg", "--boxes", str(f), "--json"])
    out = json.loads(capsys.readouterr().out)
    links, hand = out["links"], out["hand"]
    assert len(links["concealed"]) == len(hand["concealed"])
    assert [len(m) for m in links["melds"]] == [len(m["tiles"]) for m in hand["melds"]]
    pairs = list(zip(hand["concealed"], links["concealed"], strict=True))
    pairs += [(hand["win_tile"], links["win_tile"])]
    for code, i in pairs:
        assert i >= len(DISCARDS) and dets[i]["code"] == code
    used = links["concealed"] + [links["win_tile"]]
    assert sorted(used) == list(range(len(DISCARDS), len(dets)))


def _scan_of(hand_text: str, links, dets: list[dict]):
    """A PhotoScan whose layout read `hand_text` from `dets` with `links`."""
    from vision.layout import LayoutResult
    from vision.layout.boxes import parse_detections
    from vision.pipeline import PhotoScan

    parsed, _ = parse_detections(dets)
    result = LayoutResult(parse_hand(hand_text), 0.9, [], [], parsed, True, True, links=links)
    return PhotoScan(_blank(), dets, result, 0.0)


def test_claimed_tile_and_added_kong_survive_the_app_and_its_export(toy_rules):  # noqa: F811
    """[7'777s^+]: a kong made by adding to a pung claimed from across keeps whom it was
    claimed from, its claimed tile and that it was added, from the photo's reading to the
    draft, back to a Hand and into the JSON export."""
    from mjlens.ui.vision_adapter import scan_to_draft
    from vision.layout.links import TileLinks

    text = "123m 456p 11z 22z [7'777s^+] *2z"
    hand = parse_hand(text)
    dets = [{"code": c, "box": [40.0 * k, 0, 40.0 * k + 30, 40], "confidence": 0.9}
            for k, c in enumerate(hand.concealed + hand.melds[0].tiles + (hand.win_tile,))]
    n = len(hand.concealed)
    links = TileLinks(tuple(range(n)), (tuple(range(n, n + 4)),), n + 4, ())
    draft = scan_to_draft(_scan_of(text, links, dets))
    meld = draft.melds[0]
    assert (meld.claimed_from, meld.claimed_tile, meld.added) == ("across", "7s", True)
    again = S.to_hand(draft)
    assert format_hand(again) == format_hand(hand)
    assert "[7'777s^+]" in format_hand(again)
    # the draft of a typed hand keeps them too, and the export says so
    typed = S.from_hand(hand)
    assert "[7'777s^+]" in format_hand(S.to_hand(typed))
    out = E.score_draft(typed, TOY.id)
    exported = json.loads(E.export_json(out.hand, out.result, TOY.id, {}))
    kong = exported["hand"]["melds"][0]
    assert kong["claimed_from"] == "across" and kong.get("added") is True


def test_the_app_keeps_whom_each_meld_was_claimed_from():
    """The meld settings the layout read reach the draft (a change that dropped claimed_from
    in the adapter would fail here)."""
    from mjlens.ui.vision_adapter import scan_to_draft
    from vision.layout.links import TileLinks

    text = "123m 456p 11z [555s<] [6'78p>] *2z"
    hand = parse_hand(text)
    tiles = hand.concealed + hand.melds[0].tiles + hand.melds[1].tiles + (hand.win_tile,)
    dets = [{"code": c, "box": [40.0 * k, 0, 40.0 * k + 30, 40], "confidence": 0.9}
            for k, c in enumerate(tiles)]
    n = len(hand.concealed)
    links = TileLinks(tuple(range(n)), (tuple(range(n, n + 3)), tuple(range(n + 3, n + 6))),
                      n + 6, ())
    draft = scan_to_draft(_scan_of(text, links, dets))
    assert [m.claimed_from for m in draft.melds] == [m.claimed_from for m in hand.melds]
    assert [m.claimed_from for m in S.to_hand(draft).melds] == ["left", "right"]
    # every tile on the box its link names
    for t in draft.tiles:
        assert tuple(dets[t.detection]["box"]) == t.box and dets[t.detection]["code"] == t.code


def test_a_row_short_of_a_tile_says_where():
    """13 tiles in a row with a hole a tile wide: no hand, and the result points at the hole
    (the app marks the spot for the player to check)."""
    full = boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z")])
    hole = 5
    dets = full[:hole] + full[hole + 1:]
    reading = P.read_photo(_blank(), Boxes(dets))
    result = reading.scan.layout
    assert result.hand is None and result.missing
    x1, y1, x2, y2 = full[hole]["box"]
    spot = ((x1 + x2) / 2, (y1 + y2) / 2)
    near = [m for m in result.missing if abs(m.at[0] - spot[0]) < TW / 2
            and abs(m.at[1] - spot[1]) < TW / 2]
    assert near, [m.to_json() for m in result.missing]
    assert near[0].between == (hole - 1, hole)
    assert any("A tile may be missing here" in n.render("en") for n in result.notes)
    assert any("这里可能少了一张牌" in n.render("zh") for n in result.notes)
    assert any(abs(x - spot[0]) < TW / 2 for x, _ in reading.draft.check_spots)


def test_a_full_row_has_no_missing_tile():
    result = P.read_photo(_blank(), Boxes(boxes(HAND))).scan.layout
    assert result.hand is not None and result.missing == []
