"""Synthetic variety of issue 28: cluttered surfaces in a training and a held-out variant, the
CJK font arts, red fives and face-down tiles on them, and the tile lying on its side."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from datasets.synth import clutter as C  # noqa: E402
from datasets.synth.drawn import FONT_ARTS, draw_face, font_arts  # noqa: E402
from datasets.synth.generate import (  # noqa: E402
    FONT_SOURCES,
    HELD_OUT_SET,
    HELD_OUT_SOURCE,
    TRAIN_SOURCES,
    make_sample,
)

TRAINING_FACES = {n for n, _ in TRAIN_SOURCES + FONT_SOURCES}


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("faces")


@pytest.fixture(scope="module")
def scenes(cache):
    return {st: [make_sample(i, 2800, 256, crops=None, cache=cache, style=st) for i in range(14)]
            for st in ("clutter", "clutter-held-out")}


@pytest.mark.parametrize("family", C.FAMILIES)
def test_each_surface_is_seeded_and_its_held_out_variant_differs(family):
    def draw(seed, held_out):
        tex, fam = C.clutter_texture(np.random.default_rng(seed), 128, 20.0, held_out, family)
        assert fam == family and tex.shape == (128, 128, 3) and tex.dtype == np.uint8
        return tex

    assert np.array_equal(draw(3, False), draw(3, False))
    a, b = draw(3, False), draw(3, True)
    assert a.std() > 3 and b.std() > 3  # a surface with structure, not a flat colour
    # the variants are other pictures, not the same one a little apart
    assert np.abs(a.astype(np.float32) - b).mean() > 20, family


def test_keyboard_keys_and_mat_blocks_are_tile_sized():
    """Keys and blocks are what the box stage mistakes for tiles: their pitch follows the
    texture's pixels per tile width (0.6-1.3 tiles), so they come out tile-sized in a scene."""
    for family in ("keyboard", "mat"):
        tex, _ = C.clutter_texture(np.random.default_rng(5), 256, 32.0, False, family)
        grey = tex.astype(np.float32).mean(2)
        row = grey[grey.shape[0] // 2 + 5]
        edges = np.flatnonzero(np.abs(np.diff(row)) > 25)
        runs = np.diff(edges)
        runs = runs[runs > 4]
        assert len(runs), family
        assert 0.3 * 32 < np.median(runs) < 1.6 * 32, (family, np.median(runs))


def test_font_arts_draw_their_own_glyphs():
    arts = font_arts()
    installed = [name for name, font, *_ in FONT_ARTS if font.exists()]
    if not installed:
        pytest.skip("no CJK fonts installed (fonts-arphic-*, fonts-wqy-*, fonts-noto-cjk)")
    assert sorted(arts) == sorted(installed)
    east = {name: draw_face("1z", art, 150, 200).astype(np.int16) for name, art in arts.items()}
    for name, face in east.items():
        ink = (np.abs(face - face[2, 2]).max(2) > 60).mean()
        assert 0.03 < ink < 0.5, (name, ink)  # a glyph, not an empty or a filled face
    names = sorted(east)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert np.abs(east[a] - east[b]).mean() > 5, (a, b)


def test_clutter_scenes_draw_training_faces_on_training_surfaces(scenes):
    surfaces = Counter()
    for s in scenes["clutter"]:
        info = s.sidecar["layout"]
        assert info["surface"] in C.FAMILIES and info["surface_variant"] == "a"
        surfaces[info["surface"]] += 1
        for t in s.sidecar["tiles"]:
            face = t["face"]
            if face is None:
                assert t["label"] == "back"
                continue
            assert face.removeprefix("red-") in TRAINING_FACES | {"drawn-a"}, face
            assert HELD_OUT_SOURCE not in face and HELD_OUT_SET not in face
    assert len(surfaces) >= 4  # many families over 14 scenes


def test_held_out_clutter_scenes_draw_only_held_out_art(scenes):
    for s in scenes["clutter-held-out"]:
        assert s.sidecar["layout"]["surface_variant"] == "b"
        faces = {t["face"] for t in s.sidecar["tiles"] if t["face"] is not None}
        assert faces <= {HELD_OUT_SOURCE, f"red-{HELD_OUT_SOURCE}"}, faces  # no tilesets here


def test_red_fives_are_labelled_as_their_five_and_backs_as_back(scenes):
    red = backs = 0
    for s in scenes["clutter"] + scenes["clutter-held-out"]:
        yolo = s.yolo.splitlines()
        for t in s.sidecar["tiles"]:
            if t["face"] and t["face"].startswith("red-"):
                red += 1
                assert t["label"] == t["code"] and t["code"] in ("5m", "5p", "5s")
            if t["face"] is None:
                backs += 1
        assert len(yolo) == sum(t["labelled"] for t in s.sidecar["tiles"])
    assert red and backs


def test_a_tile_on_its_side_shows_both_layers():
    side = C.side_view(np.random.default_rng(1), (232, 240, 244), (60, 140, 40))
    top, bottom = side[:20].reshape(-1, 3).mean(0), side[-15:].reshape(-1, 3).mean(0)
    assert top.min() > 180  # the ivory layer
    assert bottom[1] > bottom[2] + 40  # the green back layer


def test_clutter_seeds_serve_one_purpose_each():
    from datasets.synth import seeds

    roles = [seeds.CLUTTER_DEVELOPMENT, seeds.CLUTTER_HELD_OUT, seeds.CLUTTER_TRAINING,
             seeds.FITTING, seeds.DEVELOPMENT, seeds.HELD_OUT]
    assert sum(map(len, roles)) == len(set().union(*roles))
    assert seeds.role(seeds.CLUTTER_HELD_OUT[0]) == "held out"
    assert seeds.role(2800) == "development" and seeds.role(201) == "training"
