"""Teach it your table: "not a tile" examples in a tile-set profile (a photo of the bare table,
`mjlens calibrate --empty`), so boxes on that table's keys, stone or mats are dropped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.detect.profile import MAX_NOT_TILES, NOT_TILE, Profile, ProfileReader

ROOT = Path(__file__).resolve().parents[1]
DIM = 16
SHEET = "123456789m 123456789p 123456789s 1234567z 12345678f"


def _unit(x):
    return x / np.linalg.norm(x, axis=-1, keepdims=True)


def _profile(seed=0):
    """Two tiles and one "not a tile", each around its own direction."""
    rng = np.random.default_rng(seed)
    centres = _unit(rng.normal(size=(3, DIM))).astype(np.float32)
    p = Profile(name="t", model="m1")

    def around(k, n=3):
        return np.stack([np.repeat(_unit(centres[k] + 0.05 * rng.normal(size=DIM))[None], 4, 0)
                         for _ in range(n)]).astype(np.float32)

    p.add(["1m"] * 3 + ["2m"] * 3, np.zeros((6, 64, 64, 3), np.uint8),
          np.concatenate([around(0), around(1)]))
    p.add_not_tiles(np.zeros((3, 64, 64, 3), np.uint8), around(2))
    return p, centres


def test_not_a_tile_examples_round_trip_as_version_2_and_count_apart(tmp_path):
    p, _ = _profile()
    assert p.counts() == {"1m": 3, "2m": 3} and p.not_tiles == 3
    path = p.save(tmp_path / "t.mjprofile")
    with np.load(path) as z:
        assert json.loads(str(z["header"]))["version"] == 2
        assert list(z["codes"]).count(NOT_TILE) == 3
    q = Profile.load(path)
    assert q.not_tiles == 3 and q.counts() == p.counts()
    tiles_only = Profile(name="t", model="m1")
    tiles_only.add(["1m"], np.zeros((1, 64, 64, 3), np.uint8), np.ones((1, 4, DIM), np.float32))
    with np.load(tiles_only.save(tmp_path / "v1.mjprofile")) as z:
        assert json.loads(str(z["header"]))["version"] == 1  # as before: older readers take it


def test_only_the_newest_not_a_tile_examples_are_kept():
    p, _ = _profile()
    n = MAX_NOT_TILES + 10
    p.add_not_tiles(np.zeros((n, 64, 64, 3), np.uint8), np.ones((n, 4, DIM), np.float32))
    assert p.not_tiles == MAX_NOT_TILES and p.counts() == {"1m": 3, "2m": 3}


def test_a_box_like_the_table_is_dropped_and_tiles_are_kept():
    p, centres = _profile()
    reader = ProfileReader(p, weight=1.0)
    flat = np.full((3, 43), 1 / 43)
    dets = reader.read(np.arange(12, dtype=float).reshape(3, 4), np.ones(3), flat, centres)
    assert [d.code for d in dets] == ["1m", "2m"]  # the third, like the table, is gone
    without = Profile(name="t", model="m1", codes=p.codes[p.tiles],
                      embeddings=p.embeddings[p.tiles], crops=p.crops[p.tiles],
                      read_as=p.read_as[p.tiles], red=p.red[p.tiles])
    assert len(ProfileReader(without, weight=1.0).read(np.zeros((3, 4)), np.ones(3), flat,
                                                       centres)) == 3


def test_a_sure_reading_of_a_code_the_profile_never_saw_is_not_dropped_as_the_table():
    """A face-down tile when the sheet showed no back: the profile cannot judge it."""
    from scoring.tiles import DETECTOR_CLASSES

    p, centres = _profile()
    reader = ProfileReader(p, weight=1.0)
    sure_back = np.full((1, 43), 0.2 / 42)
    sure_back[0, DETECTOR_CLASSES.index("back")] = 0.8
    unsure = np.full((1, 43), 1 / 43)
    like_table = centres[2:3]
    assert [d.code for d in reader.read(np.zeros((1, 4)), np.ones(1), sure_back,
                                        like_table)] == ["back"]
    assert reader.read(np.zeros((1, 4)), np.ones(1), unsure, like_table) == []


def test_once_the_sheet_showed_the_sets_backs_a_sure_back_like_the_table_is_dropped():
    """The same box as above, once the profile holds the set's own backs (the sheet's row of
    face-down tiles): nearer the table than those backs, it is the table."""
    from scoring.tiles import DETECTOR_CLASSES

    p, centres = _profile()
    rng = np.random.default_rng(5)
    back_dir = _unit(rng.normal(size=DIM)).astype(np.float32)
    p.add(["back"], np.zeros((1, 64, 64, 3), np.uint8), np.repeat(back_dir[None, None], 4, 1))
    reader = ProfileReader(p, weight=1.0)
    sure_back = np.full((1, 43), 0.2 / 42)
    sure_back[0, DETECTOR_CLASSES.index("back")] = 0.8
    assert reader.read(np.zeros((1, 4)), np.ones(1), sure_back, centres[2:3]) == []
    # a crop like the set's backs is still read as one
    assert [d.code for d in reader.read(np.zeros((1, 4)), np.ones(1), sure_back,
                                        back_dir[None])] == ["back"]


def test_the_sheet_can_end_with_a_row_of_the_sets_backs():
    from datasets.synth.layout import TileShape
    from datasets.synth.sheet import BACKS_ROW, SHEET_ROWS, sheet_codes, sheet_layout
    from vision.detect.calibrate import parse_tiles

    rows = SHEET_ROWS + (BACKS_ROW,)
    assert sheet_codes(rows)[-1] == ["back"] * 3
    assert parse_tiles(" ".join(rows))[-3:] == ["back"] * 3
    specs = sheet_layout(np.random.default_rng(1), TileShape(), rows).tiles
    assert [t.face_down for t in specs] == [False] * 42 + [True] * 3
    assert [t.code for t in specs[:42]] == parse_tiles(" ".join(SHEET_ROWS))


def test_not_a_tile_examples_do_not_count_as_misread_tiles():
    from vision.detect.profile import trusted_weight

    p, _ = _profile()
    p.read_as[p.tiles] = p.codes[p.tiles]  # the classifier reads every tile right
    assert trusted_weight(p) == 0.0


def _mjlens(*args):
    return subprocess.run([sys.executable, "-m", "mjlens.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def _table(path: Path, seed: int) -> Path:
    from datasets.synth.clutter import clutter_texture

    img, _ = clutter_texture(np.random.default_rng(seed), 640, 60, family="keyboard")
    cv2.imwrite(str(path), img)
    return path


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> Path:
    from datasets.synth.sheet import render_sheet

    jpeg, _ = render_sheet(5, "drawn-b", style="held-out")
    path = tmp_path_factory.mktemp("sheet") / "sheet.jpg"
    path.write_bytes(jpeg)
    return path


def test_calibrate_learns_the_bare_table_and_detect_then_drops_its_keys(sheet, tmp_path):
    out = tmp_path / "mine.mjprofile"
    r = _mjlens("calibrate", str(sheet), "--tiles", SHEET, "--empty",
                str(_table(tmp_path / "table1.png", 1)), "--out", str(out), "--json")
    assert r.returncode == 0, r.stderr
    made = json.loads(r.stdout)
    assert made["not_tiles"] > 10 and "not tiles" in made["message"]
    other = _table(tmp_path / "table2.png", 2)  # the same kind of keyboard, another photo
    plain = json.loads(_mjlens("detect", str(other), "--json").stdout)
    mine = json.loads(_mjlens("detect", str(other), "--json", "--profile", str(out)).stdout)
    # (keys the reader alone is sure are face-down tiles stay: the sheet showed no back)
    assert len(plain["tiles"]) > 10 and len(mine["tiles"]) <= len(plain["tiles"]) // 2
    # the tiles themselves are still read: every one of the sheet's 42
    again = json.loads(_mjlens("detect", str(sheet), "--json", "--profile", str(out)).stdout)
    assert len(again["tiles"]) == 42


def test_a_table_photo_alone_asks_for_the_tiles_first(tmp_path):
    out = tmp_path / "t.mjprofile"
    r = _mjlens("calibrate", "--empty", str(_table(tmp_path / "t.png", 1)), "--out", str(out))
    assert r.returncode == 2 and not out.exists()
    assert "--tiles" in r.stderr and "Traceback" not in r.stderr
    zh = _mjlens("calibrate", "--empty", str(tmp_path / "t.png"), "--out", str(out),
                 "--lang", "zh")
    assert "空桌面" in zh.stderr


def test_a_photo_of_tiles_given_as_the_bare_table_is_refused(sheet, tmp_path):
    """The sheet itself (or a hand) given as --empty by mistake: learnt as the table, its tiles
    were left out of every photo after (a hand photo read with 0 of its 14 tiles)."""
    out = tmp_path / "mine.mjprofile"
    hand = ROOT / "tests" / "fixtures" / "app" / "hand_melds.jpg"
    for photo, lang, said in [(sheet, "en", "look like tiles"), (hand, "zh", "样像牌")]:
        r = _mjlens("calibrate", str(sheet), "--tiles", SHEET, "--empty",
                    str(_table(tmp_path / "table1.png", 1)), "--empty", str(photo),
                    "--out", str(out), "--lang", lang)
        assert r.returncode == 2 and said in r.stderr and str(photo) in r.stderr, r.stderr
        assert not out.exists()


def test_the_bare_tables_of_the_clutter_benchmark_do_not_look_like_tiles(sheet):
    from datasets.synth.clutter import clutter_texture
    from vision.detect import load_detector
    from vision.detect.calibrate import (
        TILE_LIKE_SHARE,
        _table_boxes,
        from_photos,
        tile_like,
    )
    from vision.detect.imageio import load_image

    det = load_detector()
    mine = from_photos(det, [sheet], [SHEET], "mine")
    for family in ("keyboard", "stone", "mat"):
        for seed in (1, 2):
            img, _ = clutter_texture(np.random.default_rng(seed), 640, 60, family=family)
            _, probs, emb = _table_boxes(det, load_image(cv2.imencode(".png", img)[1].tobytes()))
            assert tile_like(mine, probs, emb).mean() < TILE_LIKE_SHARE / 5, (family, seed)
