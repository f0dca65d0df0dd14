"""`mjlens scan`: photo (or given boxes) -> layout -> score, exit statuses, JSON shape."""

from __future__ import annotations

import json
import re

from mjlens.cli import main
from tests.test_layout import BASIC, boxes


def _boxes_file(tmp_path, dets, name="boxes.json"):
    p = tmp_path / name
    p.write_text(json.dumps({"image": "x.jpg", "width": 1000, "height": 800, "tiles": dets}))
    return str(p)


def test_scan_json_from_boxes(tmp_path, capsys):
    f = _boxes_file(tmp_path, boxes([(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2z"), (0.8, "2z"),
                                      (0.9, "7s/ 7s 7s")]))
    status = main(["scan", "photo.jpg", "--boxes", f, "--json", "--rules", "gb",
                   "--self-drawn", "--seat", "S"])
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"image", "hand", "notation", "confidence", "uncertain", "alternatives",
                        "detections"}
    assert out["notation"].startswith("123m456p1112z [7'77s<] *2z")
    assert out["hand"]["self_drawn"] is True and out["hand"]["seat_wind"] == "S"
    assert len(out["detections"]) == 14
    # a legal hand with 4 fan (圈风刻 2, 单钓将 1, 自摸 1): scored, below Guobiao's 8, not a win
    assert status == 0, out.get("error")
    score = out["score"]
    assert score["rules"] == "gb" and score["total"] == 4 and score["is_win"] is False
    assert sorted(f["name"] for f in score["fans"]) == sorted(["圈风刻", "单钓将", "自摸"])


def test_scan_text_output(tmp_path, capsys):
    f = _boxes_file(tmp_path, boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 2z 2z")]))
    main(["scan", "photo.jpg", "--boxes", f, "--rules", "gb"])
    out = capsys.readouterr().out
    assert "Read from the photo:" in out
    assert "No tile is set apart" in out


def test_scan_wrong_tile_count_is_an_error_in_words(tmp_path, capsys):
    f = _boxes_file(tmp_path, boxes([(0, "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z"), (0.8, "2z")]))
    status = main(["scan", "photo.jpg", "--boxes", f, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 2
    assert "tiles" in out["error"]


def test_scan_without_tiles_or_photo(tmp_path, capsys):
    f = _boxes_file(tmp_path, [])
    assert main(["scan", "photo.jpg", "--boxes", f, "--json"]) == 1
    assert "No tiles" in json.loads(capsys.readouterr().out)["error"]
    assert main(["scan", str(tmp_path / "missing.jpg")]) == 1
    assert "Cannot read the photo" in capsys.readouterr().err
    bad = tmp_path / "bad.jpg"
    bad.write_bytes(b"not an image")
    assert main(["scan", str(bad), "--json"]) == 1
    assert "error" in json.loads(capsys.readouterr().out)


def test_scan_bad_option(tmp_path, capsys):
    f = _boxes_file(tmp_path, boxes(BASIC))
    assert main(["scan", "photo.jpg", "--boxes", f, "-o", "nosuchoption=1"]) == 2
    assert "option" in capsys.readouterr().err


def test_scan_gives_the_layout_the_photo(monkeypatch, capsys):
    """The layout's cue from the faces' pixels (which tiles lie sideways) gets the photo."""
    import vision.detect as VD
    import vision.pipeline as VP
    from tests.app_support import FIXTURES, FixtureDetector

    seen = {}
    real = VP.read_layout

    def spy(*args, **kwargs):
        seen["image"] = kwargs.get("image")
        return real(*args, **kwargs)

    monkeypatch.setattr(VD, "load_detector", lambda model=None: FixtureDetector("hand_melds"))
    monkeypatch.setattr(VP, "read_layout", spy)
    main(["scan", str(FIXTURES / "hand_melds.jpg"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert len(out["detections"]) == 14
    assert seen["image"] is not None and seen["image"].shape[1] == out["width"]  # not shrunk


def test_scan_text_explains_its_figures_and_names_the_rule_set(tmp_path, capsys):
    """The reading's figure says what it is (it printed a bare '(confidence 0.26)' beside a
    right reading), the other readings' figures too (a bare '(0.12, 45)'), and --lang zh names
    the rule set in Chinese (it printed 规则：gb)."""
    f = _boxes_file(tmp_path, boxes([(0, "1m 2m 3m 4p 5p 6p 1z 1z 1z 2z"), (0.8, "2z"),
                                     (0.8, "7s 8s 9s")]))
    main(["scan", "photo.jpg", "--boxes", f, "--rules", "gb", "--lang", "en"])
    out = capsys.readouterr().out
    assert "Rules: Guobiao" in out
    assert "(confidence" not in out and "certainty of every tile together" in out
    assert not re.search(r"\(\d\.\d\d[,)]", out), out
    main(["scan", "photo.jpg", "--boxes", f, "--rules", "gb", "--lang", "zh"])
    out = capsys.readouterr().out
    assert "规则：国标麻将" in out and "规则：gb" not in out
    assert "把握" in out
