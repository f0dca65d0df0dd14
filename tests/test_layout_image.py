"""The photo cue of the layout (vision/layout/image.py) and the claim alternatives
(vision/layout/claims.py), on small drawn scenes."""

from __future__ import annotations

import math

import cv2
import numpy as np

from scoring.messages import render
from vision.layout import read_layout
from vision.layout.boxes import parse_detections
from vision.layout.image import to_lab
from vision.layout.melds import meld_sideways
from vision.layout.scene import build_scene

ANGLE = math.radians(45)  # a row running at 45 degrees: the boxes are square whatever the tile
UNIT, DEPTH = 20.0, 26.0  # a face's width along the row and its depth across it, in pixels


def _draw_faces(shapes, code: str, print_face, size: int = 240):
    """Light faces on a dark table along a 45-degree row, lined up by their near edges, each
    (along, across) pixels as given, one pixel apart; `print_face(img, centre, long_axis,
    short_axis)` prints each (its long axis is the longer of its two sides, across the row when
    they are equal). Returns the BGR image and the true boxes of the faces."""
    img = np.full((size, size, 3), (40, 60, 30), np.uint8)
    a = np.array([math.cos(ANGLE), math.sin(ANGLE)])
    n = np.array([-a[1], a[0]])
    start = np.array([size * 0.3, size * 0.3])
    dets, u = [], 0.0
    for along, across in shapes:
        centre = start + (u + along / 2) * a + (across / 2) * n
        corners = np.array([centre + sa * along / 2 * a + sn * across / 2 * n
                            for sa, sn in ((-1, -1), (1, -1), (1, 1), (-1, 1))])
        cv2.fillConvexPoly(img, np.round(corners).astype(np.int32), (225, 235, 240))
        print_face(img, centre, *((a, n) if along > across else (n, a)))
        x1, y1 = corners.min(0)
        x2, y2 = corners.max(0)
        dets.append({"code": code, "box": [float(x1), float(y1), float(x2), float(y2)]})
        u += along + 1.0
    return img, dets


def _point(p) -> tuple[int, int]:
    return tuple(int(v) for v in np.round(p))


def _draw_meld(sideways: int | None, size: int = 240):
    """Three faces, the face `sideways` turned (its long side along the row), each with a
    round symbol in the middle."""
    shapes = [(DEPTH, UNIT) if i == sideways else (UNIT, DEPTH) for i in range(3)]
    return _draw_faces(shapes, "5s", lambda img, c, *_: cv2.circle(img, _point(c), 4,
                                                                    (40, 40, 160), -1), size)


def _slots(dets, img=None, scale=1.0):
    parsed, notes = parse_detections(dets)
    lab = to_lab(img) if img is not None else None
    scene = build_scene(parsed, notes, lab=lab, lab_scale=scale)
    assert len(scene.rows) == 1 and len(scene.rows[0]) == 3
    return scene.rows[0]


def test_face_depth_tells_the_sideways_tile_where_the_boxes_cannot():
    img, dets = _draw_meld(sideways=1)
    slots = _slots(dets, img)
    depths = [s.face_depth for s in slots]
    assert all(d is not None for d in depths)
    # the turned face reaches about 3/4 as far across the row as the others
    assert depths[1] < 0.85 * min(depths[0], depths[2]), depths
    with_photo = meld_sideways(slots)
    assert max(range(3), key=lambda i: with_photo[i]) == 1, with_photo
    # from the boxes alone (square at 45 degrees) the middle tile is far less clear
    boxes_only = meld_sideways(_slots(dets))
    assert with_photo[1] > boxes_only[1] + 0.2, (with_photo, boxes_only)


def test_face_depth_says_nothing_against_upright_tiles():
    img, dets = _draw_meld(sideways=None)
    depths = [s.face_depth for s in _slots(dets, img)]
    assert max(depths) < 1.1 * min(depths), depths
    assert max(meld_sideways(_slots(dets, img))) < 0.3


def test_face_depth_with_a_photo_of_another_size():
    img, dets = _draw_meld(sideways=1)
    big = cv2.resize(img, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
    same = [s.face_depth for s in _slots(dets, img)]
    scaled = [s.face_depth for s in _slots(dets, big, scale=2.0)]
    assert np.allclose(same, scaled, rtol=0.12), (same, scaled)


def _row(codes, x0, sizes=None, y=100, w=20, h=27):
    out, x = [], x0
    for i, c in enumerate(codes):
        ww, hh = (sizes or {}).get(i, (w, h))
        out.append({"code": c, "box": [x, y + h - hh, x + ww, y + h]})
        x += ww + 1
    return out, x


def _hand_with_pung(last_box):
    standing, x = _row(["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p"], 10)
    win, x = _row(["1p"], x + 10)
    pung, _ = _row(["5s", "5s", "5s"], x + 12, sizes={2: last_box})
    return read_layout(standing + win + pung, 400, 300)


def test_an_unclear_sideways_tile_lists_the_other_claim():
    clear = _hand_with_pung((27, 20))  # clearly turned: claimed from the right
    unclear = _hand_with_pung((23, 24))  # between an upright and a turned box
    assert clear.hand.melds[0].claimed_from == "right"
    for r in (clear, unclear):
        others = {a.hand.melds[0].claimed_from for a in r.alternatives
                  if a.hand.concealed == r.hand.concealed}
        if r is unclear:
            # the other claim (none turned) is listed, and the reading is less sure
            assert others - {r.hand.melds[0].claimed_from}, r.alternatives
    assert unclear.confidence < clear.confidence - 0.2
    alt = next(a for a in unclear.alternatives
               if a.hand.melds[0].claimed_from != unclear.hand.melds[0].claimed_from)
    assert alt.confidence < unclear.confidence
    assert "melds" in render(alt.why)


def _photo_of(dets, size=(400, 300)):
    """Light faces filling the boxes on a dark table, a dot in the middle of each."""
    img = np.full((size[1], size[0], 3), (40, 60, 30), np.uint8)
    for d in dets:
        x1, y1, x2, y2 = (int(v) for v in d["box"])
        cv2.rectangle(img, (x1, y1), (x2 - 1, y2 - 1), (225, 235, 240), -1)
        cv2.circle(img, ((x1 + x2) // 2, (y1 + y2) // 2), 3, (40, 40, 160), -1)
    return img


def test_a_lone_meld_reads_a_weaker_sideways_sign_with_the_photo():
    """A player's only exposed meld shows no convention to follow; with the photo's cues (its
    odds are sharper) the one tile that stands out of it is read as the claim from lower odds
    (LONE_MELD_PHOTO) than from the boxes alone (IN_MELD)."""
    import vision.layout.reader as layout
    from vision.layout.melds import IN_MELD, LONE_MELD_PHOTO

    def read(last_box, photo):
        standing, x = _row(["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p"], 10)
        win, x = _row(["1p"], x + 10)
        pung, _ = _row(["5s", "5s", "5s"], x + 12, sizes={2: last_box})
        dets = standing + win + pung
        seen, real = [], layout.claim_options
        layout.claim_options = lambda h, r: (seen.append(r), real(h, r))[1]
        try:
            r = read_layout(dets, 400, 300, image=_photo_of(dets) if photo else None)
        finally:
            layout.claim_options = real
        return r.hand.melds[0].claimed_from, max(meld_sideways(seen[0].melds[0][0]))

    claim, odds = read((23, 23), photo=True)  # a face a little wider than deep
    assert LONE_MELD_PHOTO < odds < IN_MELD and claim == "right", odds
    claim, odds = read((23, 24), photo=False)
    assert LONE_MELD_PHOTO < odds < IN_MELD and claim is None, odds


def _draw_printed_meld(sideways: int, size: int = 240):
    """Three square faces (neither the boxes nor the faces' depth can tell a turned one), each
    printed with three thin strokes along its long axis (like the bamboo suit), which runs
    across the row except for the face `sideways`."""
    faces = iter(range(3))

    def strokes(img, centre, long_axis, short_axis):
        if next(faces) == sideways:
            long_axis, short_axis = short_axis, long_axis
        for k in (-6, 0, 6):
            p, q = (centre + k * short_axis + s * 8 * long_axis for s in (-1, 1))
            cv2.line(img, _point(p), _point(q), (40, 120, 40), 2)

    return _draw_faces([(24.0, 24.0)] * 3, "5s", strokes, size)


def test_the_print_on_a_face_tells_the_sideways_tile_where_shapes_cannot():
    img, dets = _draw_printed_meld(sideways=2)
    slots = _slots(dets, img)
    grains = [s.face_grain for s in slots]
    assert all(g is not None for g in grains), grains
    # the turned face's strokes run along the row: its grain reads clearly below both others
    assert grains[2] < min(grains[:2]) - 0.3, grains
    assert abs(grains[0] - grains[1]) < 0.3, grains
    odds = meld_sideways(slots)
    assert max(range(3), key=lambda i: odds[i]) == 2, odds
    # printed the same way up, no face reads as turned, and the third is less likely turned
    img, dets = _draw_printed_meld(sideways=-1)
    upright = _slots(dets, img)
    grains = [s.face_grain for s in upright]
    assert max(grains) - min(grains) < 0.3, grains
    assert odds[2] > 2 * meld_sideways(upright)[2], (odds, meld_sideways(upright))


def _print_dots(img, centre, long_axis, short_axis):
    """One print of round dots (no stroke runs any way: no grain), lopsided."""
    for lo, sh, r in ((-8, -5, 3), (-8, 5, 3), (0, 0, 4), (8, 5, 3)):  # (long, short, radius)
        cv2.circle(img, _point(centre + lo * long_axis + sh * short_axis), r, (150, 60, 40), -1)


def _draw_dotted_pung(sideways: int | None, size: int = 240):
    """Three faces of one dotted print, the face `sideways` turned a quarter (faces 4:3 as on a
    tile: a turned one reaches less far across)."""
    shapes = [(DEPTH, UNIT) if i == sideways else (UNIT, DEPTH) for i in range(3)]
    return _draw_faces(shapes, "4p", _print_dots, size)


def test_a_turned_face_of_a_pung_matches_the_others_turned():
    from vision.layout.melds import _print_turned

    img, dets = _draw_dotted_pung(sideways=0)
    slots = _slots(dets, img)
    assert all(s.face_patch is not None for s in slots)
    turned = [_print_turned(s) for s in slots]
    # the turned face matches the upright ones turned a quarter; they match each other as
    # they lie
    assert turned[0] > 0.1 and max(turned[1:]) < -0.1, turned
    img, dets = _draw_dotted_pung(sideways=None)
    upright = [_print_turned(s) for s in _slots(dets, img)]
    assert max(upright) < 0.0, upright


def test_a_turned_chow_tile_matches_the_other_faces_of_its_tile_turned():
    """A chow's tiles differ, so its turned face is matched against the hand's other faces of
    the same tile (here two standing 4p); with only one other face the pair cannot say which of
    the two is turned, and the cue stays silent."""
    from vision.layout.melds import _print_turned

    shapes = [(UNIT, DEPTH)] * 2 + [(DEPTH, UNIT)] + [(UNIT, DEPTH)] * 2
    img, dets = _draw_faces(shapes, "4p", _print_dots, 300)

    def row(codes):
        parsed, notes = parse_detections([{**d, "code": c} for d, c in zip(dets, codes,
                                                                         strict=True)])
        rows = build_scene(parsed, notes, lab=to_lab(img)).rows
        assert len(rows) == 1 and len(rows[0]) == 5
        return rows[0]

    two_copies = row(["4p", "4p", "4p", "5p", "6p"])
    turned = [_print_turned(s) for s in two_copies]
    assert turned[2] > 0.1 and max(turned[:2]) < turned[2] - 0.1, turned
    assert turned[3:] == [0.0, 0.0]  # no other face of 5p, 6p
    chow = two_copies[2:]
    alone = row(["9s", "9s", "4p", "5p", "6p"])[2:]  # the standing faces are another tile
    # the match adds to the sideways odds the face depth already gives (in log-odds)
    logit = [math.log(p / (1 - p)) for p in (meld_sideways(chow)[0], meld_sideways(alone)[0])]
    assert logit[0] > logit[1] + 0.5, logit
    one_copy = row(["9s", "4p", "4p", "5p", "6p"])
    assert [_print_turned(s) for s in one_copy][1:3] == [0.0, 0.0]


def test_a_large_photo_is_read_shrunk_with_the_same_cues():
    from vision.layout.image import MAX_SIDE, photo_lab

    img, dets = _draw_meld(sideways=1)
    big = cv2.resize(img, None, fx=8, fy=8, interpolation=cv2.INTER_LINEAR)  # 1920 px
    lab, scale = photo_lab(big, 240)
    assert max(lab.shape[:2]) == MAX_SIDE and scale == MAX_SIDE / 240
    assert photo_lab(big, None)[1] == MAX_SIDE / 1920  # boxes in the big photo's pixels
    parsed, notes = parse_detections(dets)
    shrunk = build_scene(parsed, notes, lab=lab, lab_scale=scale).rows[0]
    same = [s.face_depth for s in _slots(dets, img)]
    assert np.allclose([s.face_depth for s in shrunk], same, rtol=0.12), same
    assert photo_lab(None, 240) == (None, 1.0)


def test_the_cues_percentiles_and_medians_are_numpys_to_the_bit():
    from vision.layout.image import _median_rows, percentile_sorted

    rng = np.random.default_rng(7)
    for n in (1, 2, 3, 4, 5, 17, 100, 333):
        for v in (rng.normal(0, 30, n).astype(np.float32),
                  rng.integers(0, 256, n).astype(np.float32)):
            for q in (4.0, 96.0, 60, 50, 0, 100):
                want = np.percentile(v, q)
                got = percentile_sorted(np.sort(v), q)
                assert type(got) is type(want) and got.tobytes() == want.tobytes()
            rows = rng.integers(0, 256, (n, 3)).astype(np.float32)
            want = np.median(rows, axis=0)
            got = _median_rows(rows)
            assert got.dtype == want.dtype and got.tobytes() == want.tobytes()
