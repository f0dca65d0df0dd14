"""`mjlens dataset build|preview` on tiny sets: a usable data.yaml, reuse, a readable sheet."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from datasets.build import build  # noqa: E402
from datasets.preview import contact_sheet, read_labels  # noqa: E402
from datasets.synth.faces import DEFAULT_CROPS  # noqa: E402
from mjlens.cli import main  # noqa: E402
from scoring.tiles import DETECTOR_CLASSES  # noqa: E402

# the photo crops live outside the repository; without them the drawn faces are used
CROPS = DEFAULT_CROPS if (DEFAULT_CROPS / "labels.csv").exists() else None


def _yaml(path):
    out = {}
    for line in path.read_text().splitlines():
        k, v = line.split(":", 1)
        out[k.strip()] = v.strip()
    return out


def _fake_export(root):
    """A two-image Roboflow-style export: class 1 is `sc1` (1m), class 2 is `sd1` (1p)."""
    names = ("bs1 sc1 sd1 sb1 hwe bs2 sc2 sd2 sb2 hws bs3 sc3 sd3 sb3 hww bs4 sc4 sd4 sb4 hwn "
             "bf1 sc5 sd5 sb5 hdw bf2 sc6 sd6 sb6 hdg bf3 sc7 sd7 sb7 hdr bf4 sc8 sd8 sb8 sc9 sd9 "
             "sb9").split()
    root.mkdir(parents=True)
    (root / "data.yaml").write_text(f"nc: {len(names)}\nnames: {names!r}\n")
    for split in ("train", "valid"):
        (root / split / "images").mkdir(parents=True)
        (root / split / "labels").mkdir(parents=True)
        cv2.imwrite(str(root / split / "images" / "a.jpg"), np.zeros((64, 64, 3), np.uint8))
        (root / split / "labels" / "a.txt").write_text("1 0.5 0.5 0.1 0.14\n2 0.2 0.5 0.1 0.14\n")


def test_build_real_and_synthetic(tmp_path):
    real = tmp_path / "export"
    _fake_export(real)
    out = tmp_path / "set"
    y = build(out, real, synth_train=2, synth_valid=1, size=160, workers=1, crops=CROPS,
              log=lambda m: None)
    data = _yaml(y)
    assert data["train"] == "[real/train/images, synth_train/images]"
    assert data["val"] == "[real/valid/images, synth_valid/images]"
    assert data["nc"] == str(len(DETECTOR_CLASSES))
    assert data["names"].count("'") == 2 * 43 and "'back'" in data["names"]
    # the real labels now use the contract's class indices (1m is 0, 1p is 9)
    lab = read_labels(out / "real" / "train" / "labels" / "a.txt")
    assert [DETECTOR_CLASSES[c] for c, *_ in lab] == ["1m", "1p"]
    assert len(list((out / "synth_train" / "images").glob("*.jpg"))) == 2
    assert len(list((out / "synth_valid" / "labels_json").glob("*.json"))) == 1
    # a second build with the same parameters reuses the synthetic images
    before = (out / "synth_train" / "images" / "000000.jpg").stat().st_mtime_ns
    msgs = []
    build(out, real, synth_train=2, synth_valid=1, size=160, workers=1, crops=CROPS,
          log=msgs.append)
    assert (out / "synth_train" / "images" / "000000.jpg").stat().st_mtime_ns == before
    assert any("reusing" in m for m in msgs)


def test_build_synthetic_only_and_preview(tmp_path, capsys):
    out = tmp_path / "set"
    rc = main(["dataset", "build", "--out", str(out), "--real", "none", "--synth-train", "3",
               "--synth-valid", "1", "--size", "160", "--workers", "1",
               "--crops", str(CROPS) if CROPS else "none"])
    assert rc == 0
    data = _yaml(out / "data.yaml")
    assert data["train"] == "[synth_train/images]" and data["val"] == "[synth_valid/images]"
    sheet = contact_sheet(out / "synth_train", n=3, cell=100)
    assert sheet.shape == (200, 200, 3)
    assert sheet[:100, :100].std() > 5  # an image was drawn in the first cell
    rc = main(["dataset", "preview", str(out / "synth_train"), "--out",
               str(tmp_path / "sheet.jpg"), "--n", "3"])
    assert rc == 0 and cv2.imread(str(tmp_path / "sheet.jpg")) is not None


def test_preview_of_an_empty_folder_is_a_clear_error(tmp_path, capsys):
    rc = main(["dataset", "preview", str(tmp_path), "--out", str(tmp_path / "x.jpg")])
    assert rc == 2
    assert "no images" in capsys.readouterr().err


def test_build_can_use_existing_synthetic_folders(tmp_path):
    from datasets.synth import write_set

    write_set(tmp_path / "syn", 2, 1, 128, workers=1, crops=CROPS)
    y = build(tmp_path / "set", None, synth_valid=0, size=128, workers=1, crops=CROPS,
              synth_train_from=tmp_path / "syn", log=lambda m: None)
    data = _yaml(y)
    assert data["train"] == f"[{(tmp_path / 'syn' / 'images').resolve()}]"
    assert not (tmp_path / "set" / "synth_train").exists()
    with pytest.raises(FileNotFoundError):
        build(tmp_path / "set", None, synth_train_from=tmp_path / "nothing", log=lambda m: None)


def test_preview_of_a_converted_coco_or_voc_folder_draws_its_boxes(tmp_path):
    """`dataset convert --to coco|voc` writes images/ and annotations.coco.json or Annotations/:
    their preview drew the photos without a single box (it read only labels/*.txt)."""
    from pathlib import Path

    from datasets.exchange import convert

    photo = Path(__file__).parent / "fixtures" / "detect" / "hand_a.jpg"
    yolo = tmp_path / "yolo"
    (yolo / "images").mkdir(parents=True)
    (yolo / "labels").mkdir()
    (yolo / "images" / "a.jpg").write_bytes(photo.read_bytes())
    bare = contact_sheet(yolo, n=1, cell=320).astype(int)
    (yolo / "labels" / "a.txt").write_text("0 0.30 0.50 0.10 0.14\n33 0.60 0.50 0.10 0.14\n")
    drawn = contact_sheet(yolo, n=1, cell=320).astype(int)
    assert np.abs(drawn - bare).mean() > 0.5
    for fmt in ("coco", "voc"):
        convert(yolo, tmp_path / fmt, fmt)
        sheet = contact_sheet(tmp_path / fmt, n=1, cell=320).astype(int)
        # the same boxes drawn (VOC's whole pixels may move a line by one pixel)
        assert np.abs(sheet - drawn).mean() < 0.2 * np.abs(drawn - bare).mean(), fmt
