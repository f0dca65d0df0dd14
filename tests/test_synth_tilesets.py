"""The KDE tileset faces (datasets/synth/tilesets.py) on a small SVG built like the KDE files:
a face inside a hidden Inkscape layer, partly off the page, beside other faces; and the
held-out-set style refusing to run without the tilesets."""

from __future__ import annotations

import gzip

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")
pytest.importorskip("resvg_py")

from datasets.synth import tilesets as T  # noqa: E402
from datasets.synth.generate import HELD_OUT_SET, TRAIN_SOURCES, make_sample, write_set  # noqa: E402
from scoring.tiles import FLOWER_CODES, TILE_CODES  # noqa: E402

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
 <defs><linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient></defs>
 <g id="layer5"><rect id="TILE_1" x="10" y="10" width="40" height="50" fill="#f0f0e0"/></g>
 <g id="layer1" style="display:none" transform="translate(150,0)">
  <rect id="CHARACTER_1" x="20" y="20" width="30" height="10" fill="#f00"/>
  <rect id="ROD_1" x="20" y="40" width="10" height="30" fill="url(#g)"/>
 </g>
 <rect x="0" y="0" width="5" height="5" fill="#0f0"/>
</svg>"""


def _ink(img: np.ndarray) -> np.ndarray:
    """Mean BGR of the opaque pixels."""
    return img[img[..., 3] > 200][:, :3].mean(axis=0)


def test_an_element_renders_alone_even_in_a_hidden_layer_off_the_page():
    raw = SVG.encode()
    red = T.render_element(raw, "CHARACTER_1", zoom=1)  # x 170..200 sits on the page's edge
    assert red.shape[:2] == (10, 30)
    assert np.allclose(_ink(red), (0, 0, 255), atol=2)  # only the red bar: no sibling, no layer
    blue = T.render_element(raw, "ROD_1", zoom=1)  # its gradient lives in <defs>
    assert blue.shape[:2] == (30, 10)
    assert np.allclose(_ink(blue), (255, 0, 0), atol=2)


def test_a_face_sits_on_its_sets_face_colour(tmp_path, monkeypatch):
    (tmp_path / "default.svgz").write_bytes(gzip.compress(SVG.encode()))
    monkeypatch.setattr(T, "element_codes", lambda name: {"CHARACTER_1": "1m", "ROD_1": "1p"})
    faces = T.render_tileset_faces(tmp_path, 60, 80)
    face = faces["kde-default"]["1m"][0]
    assert face.shape == (80, 60, 3)
    assert np.allclose(face[2, 2], (224, 240, 240), atol=2)  # TILE_1's #f0f0e0, as BGR
    assert np.allclose(face[40, 30], (0, 0, 255), atol=2)  # the art, centred


def test_every_code_is_named_once_and_classic_keeps_no_flowers():
    for name in T.SETS:
        got = list(T.element_codes(name).values())
        assert len(got) == len(set(got))
        want = set(TILE_CODES) | (set() if name == "classic" else set(FLOWER_CODES))
        assert set(got) == want


def test_the_held_out_set_is_never_a_training_source():
    assert HELD_OUT_SET in T.SETS.values()
    assert HELD_OUT_SET not in {name for name, _ in TRAIN_SOURCES}


def test_held_out_set_needs_the_tilesets(tmp_path):
    with pytest.raises(FileNotFoundError, match="tilesets"):
        make_sample(0, 4711, 128, style="held-out-set")
    with pytest.raises(FileNotFoundError, match="tilesets"):
        write_set(tmp_path / "out", 1, 4711, 128, workers=1, style="held-out-set")
    assert not list((tmp_path / "out" / "images").glob("*.jpg"))
