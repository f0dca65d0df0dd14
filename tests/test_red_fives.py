"""Red fives read from the photo: the colour test on faces, the detector's optional `red` field,
and `scan` filling riichi's `red_fives` from it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from mjlens.cli import main
from tests.test_layout import boxes
from vision.detect.detector import Detection
from vision.detect.red_five import mark_red_fives, red_probability


def _scene_of_faces(faces: list[np.ndarray]) -> tuple[np.ndarray, list[list[float]]]:
    """The faces side by side on felt, each 60 x 80 px with a rim, and their boxes."""
    import cv2

    img = np.full((120, 80 * len(faces) + 20, 3), (40, 110, 40), np.uint8)
    out = []
    for k, face in enumerate(faces):
        x, y = 20 + 80 * k, 20
        img[y - 4:y + 84, x - 4:x + 64] = (230, 235, 240)
        img[y:y + 80, x:x + 60] = cv2.resize(face, (60, 80), interpolation=cv2.INTER_AREA)
        out.append([x - 4, y - 4, x + 64, y + 84])
    return img, out


@pytest.mark.parametrize("art", ["drawn-a", "drawn-b"])
def test_red_fives_of_the_drawn_art_are_told_from_plain_fives(art):
    from datasets.synth.drawn import render_drawn_faces

    faces = render_drawn_faces(150, 200)
    codes = ["5m", "5p", "5s"]
    img, bxs = _scene_of_faces([faces[art][c][0] for c in codes] +
                               [faces[f"red-{art}"][c][0] for c in codes])
    probs = [red_probability(img, b, c) for b, c in zip(bxs, codes * 2, strict=True)]
    assert all(p < 0.5 for p in probs[:3]), probs
    assert all(p >= 0.5 for p in probs[3:]), probs
    assert red_probability(img, bxs[3], "6m") == 0.0  # only fives are ever red


def test_detect_json_has_red_only_on_a_red_five():
    from datasets.synth.drawn import render_drawn_faces

    faces = render_drawn_faces(150, 200)
    img, bxs = _scene_of_faces([faces["drawn-a"]["5p"][0], faces["red-drawn-a"]["5p"][0]])
    dets = [Detection("5p", tuple(bxs[0]), 0.9), Detection("5p", tuple(bxs[1]), 0.9)]
    mark_red_fives(img, dets)
    plain, red = (d.to_json() for d in dets)
    assert "red" not in plain and red["red"] is True and red["code"] == "5p"
    assert set(plain) == {"code", "box", "confidence"}  # the contract's tile, unchanged


def _boxes_file(tmp_path, dets):
    p = tmp_path / "boxes.json"
    p.write_text(json.dumps({"image": "x.jpg", "width": 1000, "height": 800, "tiles": dets}))
    return str(p)


def test_scan_fills_red_fives_from_the_boxes_marked_red(tmp_path, capsys):
    dets = boxes([(0, "2m 3m 4m 4p 5p 6p 3s 4s 5s 7s 8s 9s 2p"), (0.8, "2p")])
    for d in dets:
        if d["code"] == "5p":
            d["red"] = True
    status = main(["scan", "photo.jpg", "--boxes", _boxes_file(tmp_path, dets), "--json",
                   "--rules", "riichi", "--seat", "S", "-f", "riichi=true",
                   "-f", 'dora_indicators=["1p"]'])
    out = json.loads(capsys.readouterr().out)
    assert status == 0, out.get("error")
    assert out["hand"]["red_fives"] == ["5p"] and out["hand"]["riichi"] is True
    score = out["score"]
    names = {y["name_en"]: y["han"] for y in score["yaku"]}
    assert names["Red fives (aka dora)"] == 1 and names["Dora"] == 2 and names["Riichi"] == 1


def test_scan_keeps_red_fives_the_player_gave(tmp_path, capsys):
    dets = boxes([(0, "2m 3m 4m 4p 5p 6p 3s 4s 5s 7s 8s 9s 2p"), (0.8, "2p")])
    for d in dets:
        d["red"] = d["code"] == "5p"
    main(["scan", "photo.jpg", "--boxes", _boxes_file(tmp_path, dets), "--json", "--rules",
          "riichi", "-f", "riichi=true", "-f", "red_fives=[]"])
    out = json.loads(capsys.readouterr().out)
    assert out["hand"]["red_fives"] == []
    assert "Red fives (aka dora)" not in {y["name_en"] for y in out["score"]["yaku"]}


def test_scan_refuses_a_field_without_a_value(tmp_path, capsys):
    dets = boxes([(0, "2m 3m 4m 4p 5p 6p 3s 4s 5s 7s 8s 9s 2p"), (0.8, "2p")])
    status = main(["scan", "photo.jpg", "--boxes", _boxes_file(tmp_path, dets), "--json",
                   "--rules", "riichi", "-f", "riichi"])
    assert status == 2 and "NAME=VALUE" in json.loads(capsys.readouterr().out)["error"]
