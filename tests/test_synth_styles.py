"""Styled synthetic scenes (issue 21): the training style's variety (drawn face art, red fives,
tile bodies) and the held-out style that no training set may contain."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from datasets.synth import faces as F  # noqa: E402
from datasets.synth.drawn import arts, draw_face  # noqa: E402
from datasets.synth.generate import HELD_OUT_SOURCE, make_sample  # noqa: E402
from datasets.synth.scene import BACK_BGR, HELD_OUT_BACK_BGR  # noqa: E402
from scoring.tiles import FLOWER_CODES, TILE_CODES  # noqa: E402

CROPS = F.DEFAULT_CROPS if (F.DEFAULT_CROPS / "labels.csv").exists() else None


def _near(col, palette, tol=0.2) -> bool:
    """`col` is one of `palette` scaled by the renderer's 0.85-1.1 brightness jitter."""
    c = np.array(col, float)
    for p in palette:
        p = np.array(p, float)
        k = (c @ p) / (p @ p)
        if 0.8 <= k <= 1.15 and np.abs(c - k * p).max() <= tol * 255:
            return True
    return False


@pytest.fixture(scope="module")
def styled():
    return {st: [make_sample(i, 4711, 256, crops=CROPS, style=st) for i in range(12)]
            for st in ("train", "held-out")}


def test_every_drawn_face_is_distinct_and_the_two_arts_differ():
    for art in arts().values():
        faces = {c: draw_face(c, art, 60, 80).astype(np.float32)
                 for c in TILE_CODES + FLOWER_CODES if c != "5z"}
        codes = sorted(faces)
        for i, a in enumerate(codes):
            for b in codes[i + 1:]:
                assert np.abs(faces[a] - faces[b]).mean() > 2, (art.name, a, b)
    a, b = (draw_face("3p", art, 60, 80).astype(np.float32) for art in arts().values())
    assert np.abs(a - b).mean() > 5


def test_red_fives_are_red_and_filed_as_fives():
    lib = F.load_library(CROPS)
    for src in ("svg-light", "drawn-a", "drawn-b"):
        for code in ("5m", "5p", "5s"):
            red = lib.faces[f"red-{src}"][code][0].astype(int)
            plain = lib.faces[src][code][0].astype(int)
            redness = lambda im: ((im[..., 2] - im[..., :2].max(2)) > 60).mean()  # noqa: E731
            assert redness(red) > redness(plain) + 0.005, (src, code)


def test_held_out_style_uses_only_the_held_out_art_and_body(styled):
    for s in styled["held-out"]:
        lay = s.sidecar["layout"]
        assert lay["face_source"] == HELD_OUT_SOURCE
        assert _near(lay["back_bgr"], HELD_OUT_BACK_BGR)
        faces = {t["face"] for t in s.sidecar["tiles"] if t["face"]}
        assert faces <= {HELD_OUT_SOURCE, f"red-{HELD_OUT_SOURCE}"}, faces


def test_training_style_never_draws_the_held_out_art_or_body(styled):
    seen = Counter()
    for s in styled["train"]:
        lay = s.sidecar["layout"]
        assert not _near(lay["back_bgr"], HELD_OUT_BACK_BGR, tol=0.05)
        for t in s.sidecar["tiles"]:
            if t["face"]:
                assert "drawn-b" not in t["face"], t
                seen[t["face"]] += 1
                if t["face"].startswith("red-"):
                    assert t["label"] in ("5m", "5p", "5s"), t  # a red five is the five
    assert seen["drawn-a"] > 0
    assert any(k.startswith("red-") for k in seen), seen


def test_unstyled_scenes_are_unchanged_by_the_styles():
    """style=None draws as generator version 5 did: no face sources in the sidecar, the v5
    backs only."""
    s = make_sample(3, 4711, 256, crops=CROPS)
    assert "back_bgr" not in s.sidecar["layout"]
    assert all("face" not in t for t in s.sidecar["tiles"])
    assert s.sidecar["layout"]["face_source"] in ("crop", "svg-light", "svg-dark")
    assert not _near(HELD_OUT_BACK_BGR[0], BACK_BGR, tol=0.05)
