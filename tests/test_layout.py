"""Named cases of the layout reader on hand-built scenes (boxes only, as the detector gives them).

A scene is written as groups of tiles with the gap before each group (in tile widths); a tile is
`5p` (upright), `5p/` (turned sideways: a claimed tile), `5p^` (lying on the tile before it),
`back` (face down). `boxes()` lays the groups out left to right along the player's row, lines
tiles up by their near edges, then turns / bends / moves the whole scene and returns the
axis-aligned boxes of the rotated tile faces.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.hand import Hand
from scoring.messages import render
from scoring.notation import parse_hand
from scoring.tiles import DETECTOR_CLASSES
from vision.layout import hand_key, read_layout

TW, TH = 30.0, 40.0  # tile face in pixels: width along the row, height across


def boxes(groups, *, angle=0.0, bend=0.0, row2=None, row2_gap=0.6, centre=(500.0, 400.0),
          conf=0.95):
    tiles = _row(groups, 0.0)
    if row2:
        tiles += _row(row2, -(TH + row2_gap * TW))
    xs = [t[1] for t in tiles]
    mid = (min(xs) + max(xs)) / 2
    half = max(1.0, (max(xs) - min(xs)) / 2)
    out = []
    a = math.radians(angle)
    for code, x, y, w, h in tiles:
        x -= mid
        y += bend * TW * (x / half) ** 2  # a slight curve: the ends bend away by `bend` tiles
        corners = [(x + dx, y + dy) for dx in (-w / 2, w / 2) for dy in (-h / 2, h / 2)]
        rc = [(centre[0] + cx * math.cos(a) - cy * math.sin(a),
               centre[1] + cx * math.sin(a) + cy * math.cos(a)) for cx, cy in corners]
        bx = [p[0] for p in rc]
        by = [p[1] for p in rc]
        out.append({"code": code, "box": [min(bx), min(by), max(bx), max(by)],
                    "confidence": conf})
    return out


def _row(groups, y0):
    tiles = []
    x = 0.0
    for gap, spec in groups:
        x += gap * TW
        prev = None
        for tok in spec.split():
            code = tok.rstrip("/^")
            if tok.endswith("^"):  # lies on the previous tile: seen shifted away from the camera
                _, px, py, pw, ph = prev
                tiles.append((code, px, py - 0.45 * TH, pw, ph))
                continue
            side = tok.endswith("/")
            w, h = (TH, TW) if side else (TW, TH)
            item = (code, x + w / 2, y0 - h / 2, w, h)
            tiles.append(item)
            prev = item
            x += w + 0.03 * TW
    return tiles


def english(notes) -> list[str]:
    """The layout's notes (Msgs) in English."""
    return [render(n) for n in notes]


def key(text: str):
    return hand_key(parse_hand(text))


def read(dets, **kw):
    return read_layout(dets, 1000, 800, **kw)


BASIC = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z")]


def test_horizontal_hand_with_winning_tile_apart():
    r = read(boxes(BASIC))
    assert hand_key(r.hand) == key("123m456p789s1112z +2z")
    assert r.legal and r.winning
    assert 0.5 < r.confidence <= 1.0
    assert not any("set apart" in n for n in english(r.notes))


@pytest.mark.parametrize("angle", [-35, 12, 30, 60, 90, 125, 180, 230])
def test_hand_at_any_angle(angle):
    groups = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z"), (0.8, "2z"), (0.9, "5p 5p/ 5p")]
    r = read(boxes(groups, angle=angle))
    assert hand_key(r.hand) == key("123m456p789s2z [55'5p^] +2z"), r.notes


@pytest.mark.parametrize("bend", [-0.8, 0.6])
def test_hand_along_a_slight_curve(bend):
    groups = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 2z"), (0.8, "2z"), (1.0, "7z/ 7z 7z")]
    r = read(boxes(groups, bend=bend, angle=8))
    assert hand_key(r.hand) == key("123m456p789s2z [7'77z<] +2z"), r.notes


def test_melds_in_a_row_of_their_own():
    main = [(0, "1m 2m 3m 7s 8s 9s 2z"), (0.8, "2z")]
    melds = [(0, "4p/ 5p 6p"), (0.7, "9m 9m 9m/")]
    r = read(boxes(main, row2=melds, angle=-10))
    assert hand_key(r.hand) == key("123m789s2z [4'56p<] [99'9m>] +2z"), r.notes


def test_melds_to_the_left_of_the_standing_tiles():
    groups = [(0, "4p/ 5p 6p"), (0.6, "3z 3z/ 3z"), (0.9, "1m 2m 3m 7s 8s 9s 2z"), (0.8, "2z")]
    r = read(boxes(groups))
    assert hand_key(r.hand) == key("123m789s2z [4'56p<] [33'3z^] +2z"), r.notes


@pytest.mark.parametrize("spec,source", [("6s/ 6s 6s", "left"), ("6s 6s/ 6s", "across"),
                                         ("6s 6s 6s/", "right")])
def test_sideways_tile_position_says_whom_it_was_claimed_from(spec, source):
    groups = [(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2z"), (0.8, "2z"), (0.9, spec)]
    r = read(boxes(groups))
    (meld,) = r.hand.melds
    assert (meld.kind, meld.claimed_from, meld.claimed_tile) == ("pung", source, "6s")


def test_chow_claimed_tile_and_source():
    groups = [(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2z"), (0.8, "2z"), (0.9, "8s/ 7s 9s")]
    (meld,) = read(boxes(groups)).hand.melds
    assert (meld.kind, meld.tiles, meld.claimed_from, meld.claimed_tile) == (
        "chow", ("7s", "8s", "9s"), "left", "8s")


STAND = [(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2z"), (0.8, "2z")]


@pytest.mark.parametrize("spec,want", [
    ("7s 7s 7s 7s/", "[777'7s>]"),  # four in a row, the last one sideways
    ("7s 7s/ 7s 7s", "[777'7s^]"),  # a middle one sideways: claimed from across
    ("7s 7s 7s", None),  # three: a pung
    ("7s 7s 7s^ 7s", "[7777s]"),  # three plus one lying on the middle tile
    ("back 7s 7s back", "{7777s}"),  # concealed: outer tiles face down
    ("7s back back 7s", "{7777s}"),  # concealed: middle tiles face down
])
def test_kong_variants(spec, want):
    r = read(boxes(STAND + [(0.9, spec)]))
    want = want or "[777s]"
    assert hand_key(r.hand) == key(f"123m456p1112z {want} +2z"), r.notes
    shown = sum(1 for d in boxes(STAND + [(0.9, spec)]))
    assert len(r.hand.all_tiles) + len(r.left_out) - r.hidden == shown


def test_added_kong_lies_on_the_sideways_tile():
    r = read(boxes(STAND + [(0.9, "7s 7s/ 7s^ 7s")]))
    (meld,) = r.hand.melds
    assert (meld.kind, meld.claimed_from, meld.added) == ("kong", "across", True)


def test_winning_tile_without_a_gap_is_chosen_to_complete_the_hand():
    groups = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z")]
    r = read(boxes(groups))
    assert sorted(r.hand.closed_tiles) == sorted(parse_hand("123m456p789s11122z").concealed)
    assert r.winning
    assert any("No tile is set apart" in n for n in english(r.notes))
    # sorted hand with the last tile out of order: that is the drawn tile
    groups = [(0, "1m 2m 3m 4p 6p 7s 8s 9s 1z 1z 1z 2z 2z 5p")]
    r = read(boxes(groups))
    assert r.hand.win_tile == "5p"


def test_flowers_anywhere_in_the_rows():
    groups = [(0, "3f"), (0.7, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z"),
              (0.9, "6f 8f")]
    r = read(boxes(groups, angle=20))
    assert hand_key(r.hand) == key("123m456p789s1112z +2z 368f")
    main = [(0, "1m 2m 3m 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z")]
    r = read(boxes(main, row2=[(0, "4p/ 5p 6p"), (0.8, "1f 2f")]))
    assert hand_key(r.hand) == key("123m789s1112z [4'56p<] +2z 12f"), r.notes


def test_duplicate_boxes_are_merged_and_reported():
    dets = boxes(BASIC)
    dup = dict(dets[4])
    dup["box"] = [v + 1.5 for v in dup["box"]]
    dup["confidence"] = 0.6
    other = dict(dets[7])
    other["box"] = [v - 1.0 for v in other["box"]]
    other["code"] = "8m"
    other["confidence"] = 0.3
    r = read(dets + [dup, other])
    assert hand_key(r.hand) == key("123m456p789s1112z +2z")
    assert len(r.left_out) == 2
    assert any("overlap" in n or "same tile" in n for n in english(r.notes))


def test_stray_tile_far_from_the_hand_is_left_out_and_reported():
    dets = boxes(BASIC)
    dets.append({"code": "9p", "box": [100, 80, 130, 120], "confidence": 0.9})
    dets.append({"code": "back", "box": [850, 700, 890, 730], "confidence": 0.9})
    r = read(dets)
    assert hand_key(r.hand) == key("123m456p789s1112z +2z")
    assert {d.code for d in r.left_out} == {"9p", "back"}
    assert sum("Left out 9p" in n for n in english(r.notes)) == 1


def test_too_few_tiles_in_the_hand_says_how_many_more_were_left_out():
    dets = boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s")])
    dets.append({"code": "9p", "box": [100, 80, 130, 120], "confidence": 0.9})
    dets.append({"code": "9s", "box": [850, 700, 890, 740], "confidence": 0.9})
    r = read(dets)
    assert r.hand is None
    assert r.error.startswith("8 tiles found in the hand (2 more in the photo were left out of it)")
    assert sum(n.startswith(("Left out 9p", "Left out 9s")) for n in english(r.notes)) == 2


def test_too_few_tiles_counts_as_left_out_only_what_the_notes_leave_out():
    """A second box on a hand tile is a duplicate, not a tile left out of the hand."""
    dets = boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s")])
    dup = dict(dets[2], code="8m", confidence=0.3)
    dup["box"] = [v - 1.0 for v in dup["box"]]
    dets += [dup, {"code": "9p", "box": [100, 80, 130, 120], "confidence": 0.9}]
    r = read(dets)
    assert r.error.startswith("8 tiles found in the hand (1 more in the photo was left out of it)")
    assert sum(n.startswith("Left out") for n in english(r.notes)) == 1


def test_stray_tile_in_line_beyond_the_row_end():
    dets = boxes(BASIC + [(2.2, "9p")])
    r = read(dets)
    assert hand_key(r.hand) == key("123m456p789s1112z +2z")
    assert [d.code for d in r.left_out] == ["9p"]


def test_upside_down_tiles_read_by_their_codes():
    # the detector names an upside-down tile by its face; boxes look the same
    r = read(boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z")], angle=180))
    assert hand_key(r.hand) == key("123m456p789s1112z +2z")


def test_detector_alternatives_can_complete_a_meld():
    dets = boxes(STAND + [(0.9, "4s/ 5s 6s")])
    dets[-1]["code"] = "6p"  # misread, but the detector also considered 6s
    dets[-1]["confidence"] = 0.5
    dets[-1]["alternatives"] = [{"code": "6s", "confidence": 0.4}]
    r = read(dets)
    assert hand_key(r.hand) == key("123m456p1112z [4'56s<] +2z"), r.notes


def test_wrong_tile_count_is_said_in_words():
    r = read(boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z"), (0.8, "2z")]))
    text = " ".join(english(r.notes) + [r.error or ""])
    assert "tiles" in text and ("14" in text or "needs" in text)
    assert not r.legal


def test_no_tiles_and_a_single_tile():
    r = read([])
    assert r.hand is None and r.error
    r = read([{"code": "5p", "box": [10, 10, 40, 50], "confidence": 0.9}])
    assert r.hand is None and r.error


def test_bad_detections_are_reported_not_crashed():
    dets = boxes(BASIC) + [{"code": "zz", "box": [0, 0, 5, 5]}, {"code": "5p", "box": None}]
    r = read(dets)
    assert hand_key(r.hand) == key("123m456p789s1112z +2z")
    assert sum("ignored" in n for n in english(r.notes)) == 2


def test_alternatives_and_json():
    groups = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z")]
    r = read(boxes(groups), context=Hand((), ()).context)
    data = r.to_json()
    assert set(data) >= {"hand", "notation", "confidence", "uncertain", "alternatives",
                         "detections"}
    assert len(data["detections"]) == 14
    assert all(0 <= a["confidence"] <= 1 for a in data["alternatives"])
    assert Counter(Hand.from_json(data["hand"]).all_tiles) == Counter(r.hand.all_tiles)


def test_detector_objects_with_their_top_codes():
    np = pytest.importorskip("numpy")
    from vision.detect.detector import Detection as DetectorBox

    objs = []
    for d in boxes(STAND + [(0.9, "4s/ 5s 6s")]):
        probs = np.zeros(len(DETECTOR_CLASSES))
        probs[DETECTOR_CLASSES.index(d["code"])] = 0.9
        objs.append(DetectorBox(d["code"], tuple(d["box"]), 0.9, probs=probs))
    probs = np.zeros(len(DETECTOR_CLASSES))
    probs[DETECTOR_CLASSES.index("6p")], probs[DETECTOR_CLASSES.index("6s")] = 0.5, 0.4
    objs[-1] = DetectorBox("6p", objs[-1].box, 0.5, probs=probs)
    r = read(objs)
    assert hand_key(r.hand) == key("123m456p1112z [4'56s<] +2z"), r.notes


def test_a_row_of_other_tiles_behind_the_hand_is_not_its_second_row():
    main = [(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z")]
    tray = [(0, "3m 7p 1s 5z 9m 2f 4s 6z 8p")]
    r = read(boxes(main, row2=tray, row2_gap=1.2))
    assert hand_key(r.hand) == key("123m456p789s1112z +2z"), r.notes
    assert len(r.left_out) == 9


def test_a_standing_pair_beside_a_tray_and_a_wall_is_still_the_hand():
    """Four melds leave two standing tiles; a tray of other tiles and a piece of the wall lie
    beyond the melds: every row is fitted (not only the largest few), so the pair is found."""
    melds = [(0, "1m 1m/ 1m"), (0.6, "2p 2p 2p/"), (0.6, "3s/ 3s 3s"), (0.6, "4s/ 5s 6s")]
    dets = boxes(melds, row2=[(0, "7z 7z")], row2_gap=-2.6)  # the pair in front, at the left
    for k, tray in enumerate(["2m 3m 5p 6p 8s 9s 1z", "2z 3z 4z 5z 6z 8m 9m",
                              "1p 3p 4p 7p 8p 9p 2s", "back " * 10]):
        dets += boxes([(0, tray)], centre=(420.0, 400.0 - (k + 1.6) * 1.3 * TH))
    r = read(dets)
    assert r.hand is not None, r.notes
    assert sorted(r.hand.closed_tiles) == ["7z", "7z"], r.notes
    assert sorted((m.kind, m.tiles) for m in r.hand.melds) == [
        ("chow", ("4s", "5s", "6s")), ("pung", ("1m",) * 3), ("pung", ("2p",) * 3),
        ("pung", ("3s",) * 3)], r.notes
    assert len(r.left_out) == 31 and r.winning


def test_kong_whose_lower_tile_is_hidden_under_the_top_one():
    dets = boxes(STAND + [(0.9, "7s 7s 7s^ 7s")])
    sevens = [i for i, d in enumerate(dets) if d["code"] == "7s"]
    del dets[sevens[1]]  # the camera sees only the tile lying on top
    r = read(dets)
    assert hand_key(r.hand) == key("123m456p1112z [7777s] +2z"), r.notes
    assert r.hidden == 1
    assert any("hidden" in n for n in english(r.notes))


def test_unsure_extra_tile_at_the_row_end_is_left_out():
    dets = boxes(BASIC + [(0.05, "9p")])
    dets[-1]["confidence"] = 0.3
    r = read(dets)
    assert hand_key(r.hand) == key("123m456p789s1112z +2z"), r.notes
    assert [d.code for d in r.left_out] == ["9p"]


_box = st.tuples(st.floats(0, 900), st.floats(0, 700), st.floats(8, 60), st.floats(8, 60)).map(
    lambda t: [t[0], t[1], t[0] + t[2], t[1] + t[3]])
_det = st.fixed_dictionaries({"code": st.sampled_from(DETECTOR_CLASSES), "box": _box,
                              "confidence": st.floats(0.05, 1.0)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_det, max_size=30), st.integers(0, 3))
def test_any_boxes_give_a_reading_or_a_reason(dets, extra_rows):
    r = read(dets)
    if r.hand is None:
        assert r.error
    else:
        shown = len(r.hand.all_tiles) + len(r.hand.flowers) - r.hidden
        assert shown + len(r.left_out) == len(dets)
        assert 0.0 <= r.confidence <= 1.0


@settings(max_examples=30, deadline=None)
@given(st.floats(-180, 180), st.floats(-0.6, 0.6), st.integers(0, 2**16))
def test_a_hand_turned_and_bent_any_way_is_read_with_every_box_accounted(angle, bend, seed):
    import random

    rnd = random.Random(seed)
    dets = boxes([(0, "1m 2m 3m 4p 5p 6p 2z"), (0.8, "2z"), (0.9, "7s/ 8s 9s"),
                  (0.7, "5z 5z/ 5z")], angle=angle, bend=bend)
    for d in dets:  # a little detector noise on every box
        d["box"] = [v + rnd.uniform(-1.0, 1.0) for v in d["box"]]
    r = read(dets)
    assert r.hand is not None, r.notes
    assert Counter(r.hand.all_tiles) == Counter(parse_hand("123m456p2z [789s] [555z] +2z")
                                                .all_tiles)
    assert len(r.hand.all_tiles) + len(r.left_out) - r.hidden == len(dets)


def test_a_tile_lying_on_a_chow_tile_is_a_stray_not_a_fourth_tile():
    groups = [(0, "1m 2m 3m 7s 8s 9s 1z 1z 1z 2z"), (0.8, "2z"), (0.9, "4p/ 5p 5p^ 6p")]
    r = read(boxes(groups))
    assert hand_key(r.hand) == key("123m789s1112z [4'56p<] +2z"), r.notes
    assert [d.code for d in r.left_out] == ["5p"]


def test_a_pung_tile_boxed_twice_is_a_pung_not_a_kong():
    groups = [(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2z"), (0.8, "2z"), (0.9, "6s 6s/ 6s")]
    dets = boxes(groups)
    dup = dict(dets[-1])
    dup["box"] = [v + 0.7 for v in dup["box"]]
    dup["confidence"] = 0.5
    r = read(dets + [dup])
    assert hand_key(r.hand) == key("123m456p1112z [66'6s^] +2z"), r.notes
    assert len(r.left_out) == 1


def test_a_flower_boxed_twice_counts_once_and_is_reported():
    dets = boxes(BASIC + [(0.9, "6f")])
    dup = dict(dets[-1])
    dup["box"] = [v + 0.8 for v in dup["box"]]
    r = read(dets + [dup])
    assert hand_key(r.hand) == key("123m456p789s1112z +2z 6f"), r.notes
    assert len(r.left_out) == 1 and any("same tile" in n for n in english(r.notes))


def test_standing_tiles_that_end_in_a_set_are_not_split_off_as_a_meld():
    """A pung at the far end of the standing tiles, a little apart and its end tile looking
    sideways, is not a second group of melds on the other side of the standing tiles."""
    groups = [(0, "6m/ 6m 6m"), (0.32, "1p 3p 3s 4s 5s 9s 9s"), (0.7, "2p"), (0.8, "4p/ 3p 5p")]
    r = read(boxes(groups))
    assert hand_key(r.hand) == key("666m13p345s99s [4'35p<] +2p"), r.notes


def test_tile_width_follows_the_perspective_of_a_receding_row():
    """Equal tiles along a row seen in perspective (each step shorter by a projective map),
    with gaps between groups: the width found near each tile is that of touching tiles there."""
    import numpy as np

    from vision.layout.geometry import perspective_units

    t, pos = 0.0, []
    for k in range(16):
        t += 1.0 + (0.6 if k in (5, 9, 12) else 0.0)  # three gaps of 0.6 tile widths
        pos.append(t)
    t_arr = np.array(pos)
    u = 600 * t_arr / (1 + 0.08 * t_arr)  # a projective map: steps shrink from 35 to 9 px
    units = perspective_units(u, np.diff(u))
    true = 600 / (1 + 0.08 * t_arr) ** 2  # du/dt at each tile
    assert units is not None
    assert np.all(np.abs(units / true - 1) < 0.12), np.round(units / true, 2)
    # the old fixed percentile of a window of spacings was off by far more at the near end
    assert true[0] / true[-1] > 3


def test_a_sideways_tile_at_a_low_oblique_camera_is_found_in_its_meld():
    """At a low camera seen from the side, a face's box slants far over (a parallelogram): the
    box fit still tells the sideways tile from its upright neighbours."""
    from vision.layout.boxes import Site, TileBox
    from vision.layout.geometry import Slot, box_fit

    def slot(length):  # along the row: `length` units; across: a slanted edge (12, 4) px
        w, h = length * 20 + 12 * (1.0 if length == 1 else 0.75), 4 * (
            1.0 if length == 1 else 0.75) + 1
        det = TileBox("5p", (0.0, 0.0, w, h))
        return Slot(Site(det), 0.0, 0.0, w, h, unit=20.0, normal=(0.0, 1.0))

    up, side = slot(1), slot(4 / 3)
    # an exact box scores sep / (sep + BOX_NOISE) either way, sep the squared distance between
    # the upright and the sideways prediction (here about 0.035 tile widths squared: 0.15)
    assert box_fit(side, [slot(1), slot(1)]) > 0.1
    assert box_fit(up, [slot(1), slot(1)]) < -0.1
