"""A riichi set's red fives in a tile-set profile: listed as 0m / 0p / 0s when calibrating, kept
as their own prototypes beside the plain five's, and the profile then says which fives are red."""

from __future__ import annotations

import numpy as np
import pytest

from scoring.tiles import DETECTOR_CLASSES
from vision.detect.calibrate import parse_listed, parse_tiles
from vision.detect.detector import Detection
from vision.detect.profile import MAX_PER_CODE, Profile, ProfileReader
from vision.detect.red_five import mark_red_fives

DIM = 16


def _unit(x):
    return x / np.linalg.norm(x, axis=-1, keepdims=True)


def _riichi_profile(per=3, seed=0):
    """Examples of 4p, a plain 5p and a red 5p, each around its own direction."""
    rng = np.random.default_rng(seed)
    centres = _unit(rng.normal(size=(3, DIM)))
    codes, red, emb = [], [], []
    for k, (code, is_red) in enumerate((("4p", False), ("5p", False), ("5p", True))):
        for _ in range(per):
            codes.append(code)
            red.append(is_red)
            emb.append(np.repeat(_unit(centres[k] + 0.05 * rng.normal(size=DIM))[None], 4, 0))
    p = Profile(name="riichi", model="m1")
    p.add(codes, np.zeros((len(codes), 64, 64, 3), np.uint8), np.array(emb, np.float32),
          red=red)
    return p, centres


def test_a_zero_in_a_tile_list_is_a_red_five():
    assert parse_listed("0m 0p 0s 55m") == [("5m", True), ("5p", True), ("5s", True),
                                            ("5m", False), ("5m", False)]
    assert parse_listed("406p") == [("4p", False), ("5p", True), ("6p", False)]
    assert parse_tiles("0m 0p 0s") == ["5m", "5p", "5s"]
    assert not any(red for _, red in parse_listed("123456789m 1234567z 12345678f"))


def test_red_fives_round_trip_and_a_profile_without_them_writes_no_red_array(tmp_path):
    p, _ = _riichi_profile()
    q = Profile.load(p.save(tmp_path / "r.mjprofile"))
    assert list(q.red) == list(p.red) and q.red.sum() == 3
    plain = Profile(name="plain", model="m1")
    plain.add(["1m"], np.zeros((1, 64, 64, 3), np.uint8), np.ones((1, 4, DIM), np.float32))
    with np.load(plain.save(tmp_path / "p.mjprofile")) as z:
        assert "red" not in z.files
    assert not Profile.load(tmp_path / "p.mjprofile").red.any()


def test_red_and_plain_fives_are_kept_apart_up_to_the_limit_each():
    p = Profile(name="x", model="m1")
    n = MAX_PER_CODE + 4
    codes = ["5s"] * (2 * n)
    red = [False] * n + [True] * n
    p.add(codes, np.zeros((2 * n, 64, 64, 3), np.uint8), np.ones((2 * n, 4, DIM), np.float32),
          red=red)
    assert p.counts() == {"5s": 2 * MAX_PER_CODE}
    assert int(p.red.sum()) == MAX_PER_CODE


def test_a_crop_near_the_red_prototypes_is_read_as_the_five_and_marked_red():
    p, centres = _riichi_profile()
    reader = ProfileReader(p, weight=1.0)
    assert reader.red_fives == ("5p",)
    crops = np.stack([centres[2], centres[1], centres[0]]).astype(np.float32)
    flat = np.full((3, len(DETECTOR_CLASSES)), 1 / len(DETECTOR_CLASSES))
    dets = reader.read(np.zeros((3, 4)), np.ones(3), flat, crops)
    assert [(d.code, d.red) for d in dets] == [("5p", True), ("5p", False), ("4p", False)]
    # red 5p alone (no plain 5p to tell it from): the colour test keeps judging 5p
    only_red = Profile(name="r", model="m1", codes=p.codes[p.red], embeddings=p.embeddings[p.red],
                       crops=p.crops[p.red], read_as=p.read_as[p.red], red=p.red[p.red])
    assert ProfileReader(only_red).red_fives == ()
    # a code's similarity is that of its nearest prototype group, red or plain
    sim = reader.similarity(crops)
    five = list(reader.present).index(DETECTOR_CLASSES.index("5p"))
    assert sim[0, five] == pytest.approx(reader.group_similarity(crops)[0].max())


def test_without_red_examples_the_reading_is_as_before():
    """One prototype group per code: the similarities are the plain nearest-centroid ones."""
    p, centres = _riichi_profile()
    keep = ~p.red
    plain = Profile(name="plain", model="m1", codes=p.codes[keep], embeddings=p.embeddings[keep],
                    crops=p.crops[keep], read_as=p.read_as[keep], red=p.red[keep])
    reader = ProfileReader(plain)
    crops = centres.astype(np.float32)
    z = crops - reader.centre
    z = z / np.maximum(np.linalg.norm(z, axis=-1, keepdims=True), 1e-9)
    by_code = np.einsum("nd,kod->nko", z, reader.prototypes).max(axis=2)
    assert np.array_equal(reader.similarity(crops), by_code)
    assert reader.red_fives == ()


def test_the_colour_test_leaves_the_fives_a_profile_has_judged(monkeypatch):
    import vision.detect.red_five as red_five

    monkeypatch.setattr(red_five, "red_probability", lambda img, box, code: 1.0)
    img = np.full((100, 100, 3), 230, np.uint8)
    judged = Detection("5p", (20, 20, 80, 80), 0.9)
    colour = Detection("5p", (20, 20, 80, 80), 0.9)
    mark_red_fives(img, [colour])
    mark_red_fives(img, [judged], judged=("5p",))
    assert colour.red and not judged.red


def test_the_riichi_sheet_marks_its_red_fives_and_the_plain_sheet_is_unchanged():
    from datasets.synth.layout import TileShape
    from datasets.synth.sheet import RIICHI_SHEET_ROWS, SHEET_ROWS, sheet_codes, sheet_layout

    assert sheet_codes(RIICHI_SHEET_ROWS)[-1] == ["0m", "0p", "0s"]
    shape = TileShape(h=1.35, t=0.7, back_frac=0.4, radius=0.1)
    riichi = sheet_layout(np.random.default_rng(1), shape, RIICHI_SHEET_ROWS)
    fives = [(t.code, t.red) for t in riichi.tiles if t.code in ("5m", "5p", "5s")]
    assert fives == [("5m", False), ("5p", False), ("5s", False),
                     ("5m", True), ("5p", True), ("5s", True)]
    plain = sheet_layout(np.random.default_rng(1), shape, SHEET_ROWS)
    assert all(t.red is None for t in plain.tiles) and len(plain.tiles) == 42
