"""Training helpers that run without torch: the detector's training list (training/mix_list.py)
and the file of held-out measures the shipping rule compares (training/measure.py)."""

from __future__ import annotations

import json
import types
from pathlib import Path

from training import measure, mix_list


def _synth(folder: Path) -> None:
    (folder / "labels_json").mkdir(parents=True)
    for name, group in (("a", "concealed"), ("b", "distractor")):
        tiles = [{"group": "concealed"}, {"group": group}]
        (folder / "labels_json" / f"{name}.json").write_text(
            json.dumps({"image": f"{name}.jpg", "tiles": tiles}))


def test_clutter_scenes_keep_their_loose_tiles_only_when_asked(tmp_path):
    real, synth = tmp_path / "real", tmp_path / "synth"
    (real / "train" / "images").mkdir(parents=True)
    (real / "train" / "images" / "r.jpg").write_bytes(b"")
    (real / "data.yaml").write_text("train: train/images\nval: valid/images\n")
    _synth(synth)
    for flag, names in (([], {"r.jpg", "a.jpg"}), (["--keep-distractors"], {"r.jpg", "a.jpg", "b.jpg"})):
        out = tmp_path / f"mix{len(flag)}"
        mix_list.main(["--real", str(real), "--synth", str(synth), "--n", "5", "--out", str(out),
                       *flag])
        listed = (out / "train.txt").read_text().split()
        assert {Path(p).name for p in listed} == names
        assert str((out / "train.txt").resolve()) in (out / "data.yaml").read_text()


def test_the_measures_file_has_the_shipping_rules_names(tmp_path, monkeypatch):
    """The file written for a model names its measures as the shipped model's file does, so
    ship_rule compares like with like (a name missing on one side blocks shipping)."""
    source = {"f1": 0.9, "hand_exact_match": 0.5}
    evaluated = {**source, "by_source": {s: source for s in measure.SOURCES}}
    monkeypatch.setattr(measure.subprocess, "run", lambda *a, **k: types.SimpleNamespace(
        stdout=json.dumps(evaluated)))

    class Synthetic:
        @staticmethod
        def held_out_seeds():
            return [12]

        @staticmethod
        def run(*a):
            return {"tiles": 10, "found": 9, "right": 8, "scenes": 2, "exact": 1}

    kinds = ("red five", "white dragon", "back", "flower", "standing", "flat", "tilted")

    class Clutter(Synthetic):
        @staticmethod
        def run(*a):
            return {"precision": 0.3, "recall": 0.4, "boxes on the surface per scene": 9.0,
                    "flower codes on them": 3,
                    "recall by kind": {k: {"recall": 0.1, "tiles": 5} for k in kinds}}

    monkeypatch.setattr(measure, "_bench", lambda name: Synthetic if "synth" in name else Clutter)
    out = tmp_path / "m.json"
    measure.main(["--tilesets", "TS", "--out", str(out)])
    written = json.loads(out.read_text())
    shipped = json.loads((Path(__file__).parents[1] / "docs/measures/soup30.json").read_text())
    assert set(written) == set(shipped)
    assert written["held-out art code accuracy"] == round(8 / 9, 3)
    assert written["clutter recall back"] == 0.1 and written["fb hands"] == 0.5
