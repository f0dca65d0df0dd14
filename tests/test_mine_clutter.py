"""training/mine_clutter.py: boxes on the table become negatives, boxes on tiles never do;
side views show the ivory layer beside the back layer."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

MODELS = Path(__file__).resolve().parent.parent / "models"
pytestmark = pytest.mark.skipif(not (MODELS / "detector.onnx").exists(), reason="no model")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    from datasets.synth.generate import write_set

    out = tmp_path_factory.mktemp("clutter")
    write_set(out, 3, 2800, size=320, workers=1, crops=None, cache=out / "cache",
              style="clutter")
    return out


def test_negatives_touch_no_tile_and_tiles_would_be_mined_without_the_truth(folder, tmp_path):
    from training.mine_clutter import mine
    from vision.detect.metrics import box_iou

    x, info = mine(folder)
    assert x.shape[1:] == (72, 72, 3) and len(x) == len(info)
    for image, _, box in info:
        sc = json.loads((folder / "labels_json" / image.replace(".jpg", ".json")).read_text())
        tiles = np.array([t["box"] for t in sc["tiles"] if t["box"]], float)
        assert box_iou(np.array([box]), tiles).max() < 0.05
    # the same scenes with their tiles left out of the sidecars: the boxes on the tiles are
    # then mined too, so it is the truth that keeps them out
    blind = tmp_path / "blind"
    (blind / "labels_json").mkdir(parents=True)
    (blind / "images").symlink_to(folder / "images")
    for p in (folder / "labels_json").glob("*.json"):
        sc = json.loads(p.read_text())
        sc["tiles"] = []
        (blind / "labels_json" / p.name).write_text(json.dumps(sc))
    x2, _ = mine(blind)
    assert len(x2) >= len(x) + 10


def test_side_views_are_cut_from_the_scenes(folder):
    from training.mine_clutter import side_crops

    sides = side_crops(folder, per_scene=4)
    assert sides.shape == (12, 72, 72, 3)
    centre = sides[:, 20:52, 20:52].astype(np.float32)
    bright = (centre.min(3) > 170).mean((1, 2))  # the ivory layer
    coloured = ((centre.max(3) - centre.min(3)) > 50).mean((1, 2))  # the back layer
    assert (bright > 0.15).mean() > 0.8 and (coloured > 0.15).mean() > 0.8
