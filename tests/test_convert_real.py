"""datasets.convert_real on a tiny hand-written export (no /work/shared needed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasets.convert_real import (
    NAME_TO_CODE,
    ROBOFLOW_NAMES,
    convert_real,
    parse_label_line,
    read_names,
)
from scoring.tiles import DETECTOR_CLASSES

NAMES_YAML = (
    "nc: 42\nnames: ['bs1', 'sc1', 'sd1', 'sb1', 'hwe', 'bs2', 'sc2', 'sd2', 'sb2','hws','bs3',"
    "'sc3','sd3', 'sb3', 'hww', 'bs4', 'sc4', 'sd4', 'sb4', 'hwn', 'bf1', 'sc5', 'sd5', 'sb5', "
    "'hdw','bf2', 'sc6', 'sd6', 'sb6', 'hdg','bf3', 'sc7', 'sd7', 'sb7', 'hdr','bf4', 'sc8', "
    "'sd8', 'sb8','sc9', 'sd9', 'sb9']\n"
)


def _export(root: Path, split: str, files: dict[str, str]) -> None:
    (root / split / "images").mkdir(parents=True, exist_ok=True)
    (root / split / "labels").mkdir(parents=True, exist_ok=True)
    for stem, text in files.items():
        (root / split / "images" / f"{stem}.jpg").write_bytes(b"\xff\xd8 not really a jpeg")
        (root / split / "labels" / f"{stem}.txt").write_text(text)


def _labels(path: Path) -> list[list[str]]:
    return [line.split() for line in path.read_text().splitlines()]


def test_mapping_table():
    assert NAME_TO_CODE["sc1"] == "1m" and NAME_TO_CODE["sd9"] == "9p"
    assert NAME_TO_CODE["sb5"] == "5s" and NAME_TO_CODE["hwe"] == "1z"
    assert NAME_TO_CODE["hdw"] == "5z" and NAME_TO_CODE["hdg"] == "6z"
    assert NAME_TO_CODE["hdr"] == "7z" and NAME_TO_CODE["hwn"] == "4z"
    assert NAME_TO_CODE["bs1"] == "1f" and NAME_TO_CODE["bs4"] == "4f"
    assert NAME_TO_CODE["bf1"] == "5f" and NAME_TO_CODE["bf4"] == "8f"
    assert len({NAME_TO_CODE[n] for n in ROBOFLOW_NAMES}) == 42


def test_read_names_list_and_block(tmp_path):
    (tmp_path / "a.yaml").write_text(NAMES_YAML)
    assert read_names(tmp_path / "a.yaml") == list(ROBOFLOW_NAMES)
    (tmp_path / "b.yaml").write_text("names:\n  0: sc1\n  1: 'hdr'\n")
    assert read_names(tmp_path / "b.yaml") == ["sc1", "hdr"]


def test_polygon_becomes_box():
    c, x, y, w, h = parse_label_line("3 0.1 0.2 0.3 0.2 0.3 0.6 0.1 0.6")
    assert c == 3
    assert (x, y, w, h) == pytest.approx((0.2, 0.4, 0.2, 0.4))
    assert parse_label_line("   ") is None
    with pytest.raises(ValueError):
        parse_label_line("1 0.5 0.5 0.1")


def test_convert(tmp_path):
    src, dst = tmp_path / "src", tmp_path / "dst"
    (src).mkdir()
    (src / "data.yaml").write_text(NAMES_YAML)
    _export(src, "train", {
        # sc1 box, bf2 polygon, hdr box
        "hand": "1 0.5 0.5 0.1 0.15\n25 0.2 0.2 0.3 0.2 0.3 0.35 0.2 0.35\n34 0.8 0.5 0.1 0.14\n",
        "empty": "",
        # tiles 12 times taller than wide: a wide photo squashed into a square
        "squashed": "2 0.5 0.1 0.05 0.6\n3 0.5 0.5 0.05 0.6\n4 0.5 0.9 0.05 0.6\n",
        # a rotated hand (tiles lying, 4:3) is kept
        "rotated": "0 0.5 0.5 0.2 0.15\n20 0.2 0.5 0.2 0.15\n",
    })
    _export(src, "valid", {"v": "39 0.5 0.5 0.1 0.13\n"})
    stats = convert_real(src, dst)

    assert stats["train"].images == 4
    assert stats["train"].kept == 2
    assert stats["train"].empty == 1
    assert stats["train"].squashed == 1
    assert stats["train"].polygons == 1
    kept = sorted(p.name for p in (dst / "train" / "labels").iterdir())
    assert kept == ["hand.txt", "rotated.txt"]
    img = dst / "train" / "images" / "hand.jpg"
    assert img.is_symlink() and img.resolve() == (src / "train" / "images" / "hand.jpg").resolve()

    rows = _labels(dst / "train" / "labels" / "hand.txt")
    assert [DETECTOR_CLASSES[int(r[0])] for r in rows] == ["1m", "6f", "7z"]
    assert [float(v) for v in rows[1][1:]] == pytest.approx([0.25, 0.275, 0.1, 0.15])
    rows = _labels(dst / "train" / "labels" / "rotated.txt")
    assert [DETECTOR_CLASSES[int(r[0])] for r in rows] == ["1f", "5f"]
    assert [DETECTOR_CLASSES[int(r[0])] for r in _labels(dst / "valid" / "labels" / "v.txt")] \
        == ["9m"]

    yaml = (dst / "data.yaml").read_text()
    assert "val: valid/images" in yaml and "nc: 43" in yaml
    assert read_names(dst / "data.yaml") == list(DETECTOR_CLASSES)

    # running again over an existing output replaces the links instead of failing
    convert_real(src, dst)
    assert len(list((dst / "train" / "images").iterdir())) == 2


def test_missing_splits(tmp_path):
    with pytest.raises(FileNotFoundError):
        convert_real(tmp_path, tmp_path / "out")


def test_max_copies_drops_impossible_labels(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "data.yaml").write_text(NAMES_YAML)
    nine = "".join(f"2 {0.05 + 0.1 * i:.2f} 0.5 0.08 0.1\n" for i in range(9))  # nine 1p
    _export(src, "valid", {"lazy": nine, "ok": "2 0.5 0.5 0.08 0.1\n2 0.6 0.5 0.08 0.1\n"})
    kept_all = convert_real(src, tmp_path / "a")["valid"]
    assert kept_all.kept == 2 and kept_all.mislabelled == 0
    st = convert_real(src, tmp_path / "b", max_copies=8)["valid"]
    assert st.kept == 1 and st.mislabelled == 1 and st.dropped_names == ["lazy.jpg"]
