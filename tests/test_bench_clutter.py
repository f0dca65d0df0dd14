"""benchmarks/bench_clutter.py's counting on hand-made scenes: what a box on the table, a misread
red five, a box on a hidden tile and a flower code each do to the figures."""

from __future__ import annotations

from collections import Counter

from benchmarks.bench_clutter import kinds_of, score_scene, summary


def _tile(code, box, label=None, face="drawn-b", labelled=True, standing=False,
          face_down=False, quad=None):
    x0, y0, x1, y1 = box
    return {"code": code, "label": label or code, "box": list(box), "face": face,
            "labelled": labelled, "standing": standing, "face_down": face_down,
            "quad": quad or [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


def _scene():
    return {"tiles": [
        _tile("5p", (0, 0, 30, 40), face="red-drawn-b"),
        _tile("5z", (40, 0, 70, 40)),
        _tile("3m", (80, 0, 110, 40), label="back", face=None, face_down=True),
        _tile("2f", (120, 0, 150, 40), standing=True),
        _tile("7s", (160, 0, 190, 40), labelled=False),  # mostly hidden: no YOLO line
        _tile("9s", (200, 0, 230, 40), quad=[[200, 20], [220, 0], [240, 20], [220, 40]]),
    ]}


def test_kinds():
    t = _scene()["tiles"]
    assert kinds_of(t[0]) == ["red five", "flat"]
    assert kinds_of(t[1]) == ["white dragon", "flat"]
    assert kinds_of(t[2]) == ["back"]
    assert kinds_of(t[3]) == ["flower", "standing"]
    assert kinds_of(t[5]) == ["flat", "tilted"]


def test_a_perfect_reading_scores_one():
    sc = _scene()
    tiles = [t for t in sc["tiles"] if t["labelled"]]
    c = score_scene(sc, [t["box"] for t in tiles], [t["label"] for t in tiles])
    c["scenes"] = 1
    r = summary(c, Counter())
    assert r["precision"] == r["recall"] == 1.0
    assert all(v["recall"] == 1.0 for k, v in r["recall by kind"].items() if v["tiles"])


def test_surface_boxes_misreadings_and_hidden_tiles():
    sc = _scene()
    boxes = [(0, 0, 30, 40), (40, 0, 70, 40), (80, 0, 110, 40), (120, 0, 150, 40),
             (160, 0, 190, 40), (500, 500, 530, 540)]
    codes = ["7p", "5z", "back", "2f", "7s", "back"]  # red 5p read as 7p; a box on the table
    c = score_scene(sc, boxes, codes)
    assert c["tiles"] == 5 and c["right"] == 3
    assert c["counted"] == 5  # the box on the hidden 7s counts neither way
    assert c["on surface"] == 1
    assert c["red five|n"] == 1 and c["red five|right"] == 0
    assert c["flower codes"] == 1
