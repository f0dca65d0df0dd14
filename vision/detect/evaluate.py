"""Run the shipped detector over a YOLO-format labelled folder and score it (vision/detect/metrics.py).

Accepts a folder with images/ + labels/, a dataset YAML (its `val:` split), or a folder holding
data.yaml. Class names come from the nearest data.yaml and are mapped to contract codes, so
both converted sets (43 codes) and the original Roboflow export (sc1, bf2, ...) work.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np

from datasets.convert_real import NAME_TO_CODE, read_names
from scoring.messages import Catalog, Msg
from scoring.tiles import DETECTOR_CLASSES
from vision.detect.metrics import ImageResult, Report, evaluate

IMAGE_EXTS = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
# Where the real photos came from, told by their file names (Roboflow keeps the uploaded name
# before "_jpg.rf.<hash>"): phone photos IMG_*, social-media images <n>_<n>_<n>_n, one-row
# hands hand_*, and the rest. Used for per-source figures and the leave-one-source-out run.
SOURCES = ("IMG", "fb", "hand", "other")


def source_of(name: str) -> str:
    """The source group of a photo from its file name."""
    stem = re.split(r"_(?:jpe?g|png)\.rf\.|\.rf\.", name)[0]
    if stem.startswith("IMG_"):
        return "IMG"
    if stem.startswith("hand_"):
        return "hand"
    if re.match(r"^\d+_\d+_\d+_n$", stem):
        return "fb"
    return "other"


class EvalDataError(ValueError):
    """A labelled folder that cannot be measured; `.msg` in the reader's words, `str()` the
    English text."""

    def __init__(self, message: Msg):
        self.msg = message
        super().__init__(str(message))


M = Catalog("eval_data", {
    "no_folders": ("{split} has no images/ and labels/ folders",
                   "{split} 里没有 images/ 和 labels/ 两个文件夹"),
    "unknown_class": ("class name {name} has no tile code", "类别名 {name} 对应不到任何牌"),
    "no_images": ("no images in {folder}", "{folder} 里没有图片"),
})


def _yaml_value(text: str, key: str) -> str | None:
    m = re.search(rf"^{key}:\s*(.+?)\s*$", text, re.M)
    return m.group(1).strip("'\"") if m else None


def resolve_split(data: str | Path, names: str | Path | None = None) -> tuple[Path, list[str]]:
    """(split folder with images/ and labels/, class code per label index)."""
    data = Path(data)
    yaml_path = None
    if data.is_file():
        yaml_path = data
    elif (data / "data.yaml").exists() and not (data / "images").is_dir():
        yaml_path = data / "data.yaml"
    if yaml_path is not None:
        text = yaml_path.read_text(encoding="utf-8")
        root = Path(_yaml_value(text, "path") or yaml_path.parent)
        if not root.is_absolute() or not root.exists():
            root = yaml_path.parent
        val = _yaml_value(text, "val") or "valid/images"
        img_dir = (root / val).resolve()
        if not img_dir.is_dir():
            img_dir = (yaml_path.parent / val).resolve()
        if not img_dir.is_dir() and (yaml_path.parent / "valid" / "images").is_dir():
            img_dir = yaml_path.parent / "valid" / "images"
        split = img_dir.parent
    else:
        split = data
        yaml_path = next((p / "data.yaml" for p in (data, data.parent)
                          if (p / "data.yaml").exists()), None)
    if not (split / "images").is_dir() or not (split / "labels").is_dir():
        raise EvalDataError(M("no_folders", split=str(split)))
    if names:
        class_names = read_names(Path(names))
    elif yaml_path is not None:
        class_names = read_names(yaml_path)
    else:
        class_names = list(DETECTOR_CLASSES)
    try:
        codes = [NAME_TO_CODE[n] for n in class_names]
    except KeyError as e:
        raise EvalDataError(M("unknown_class", name=repr(e.args[0]))) from None
    return split, codes


def read_labels(path: Path, codes: list[str], w: int, h: int) -> tuple[np.ndarray, list[str]]:
    """Boxes (pixels) and codes of one YOLO label file; polygons become their bounding box."""
    from datasets.convert_real import parse_label_line

    boxes, out = [], []
    if path.exists():
        for line in path.read_text().splitlines():
            p = parse_label_line(line)
            if p is None:
                continue
            c, x, y, bw, bh = p
            boxes.append([(x - bw / 2) * w, (y - bh / 2) * h, (x + bw / 2) * w, (y + bh / 2) * h])
            out.append(codes[c])
    return np.array(boxes, float).reshape(-1, 4), out


def by_source(results: list[tuple[str, ImageResult]]) -> dict[str, Report]:
    """A report per source group (SOURCES order) of (image name, result) pairs."""
    groups: dict[str, list[ImageResult]] = {}
    for name, r in results:
        groups.setdefault(source_of(name), []).append(r)
    return {g: evaluate(groups[g]) for g in SOURCES if g in groups}


def detect_split(detector, data: str | Path, names: str | Path | None = None,
                 limit: int | None = None, progress: Callable[[int, int], None] | None = None,
                 profile=None) -> list[tuple[str, ImageResult]]:
    """(image name, its result) for every image of the split, for metrics.evaluate.

    The detector is run with a low box threshold so AP sees the whole ranking; precision,
    recall, F1 and hand exact-match count only boxes above the detector's own threshold.
    `profile` (a vision.detect.profile.ProfileReader) reads with a player's own tile set.
    """
    from vision.detect.imageio import load_image

    split, codes = resolve_split(data, names)
    images = sorted(p for p in (split / "images").iterdir() if p.suffix.lower() in IMAGE_EXTS)
    if limit:
        images = images[:limit]
    if not images:
        raise EvalDataError(M("no_images", folder=str(split / "images")))
    op_conf, keep_conf = detector.conf, detector.keep_conf
    detector.keep_conf = min(op_conf, 0.05)
    results = []
    try:
        for i, img_path in enumerate(images):
            im = load_image(img_path)
            dets = (detector.detect_loaded([im], profile) if profile is not None else
                    detector.detect_loaded([im]))[0]
            gt_boxes, gt_codes = read_labels(split / "labels" / (img_path.stem + ".txt"), codes,
                                             im.width, im.height)
            results.append((img_path.name, ImageResult(
                gt_boxes=gt_boxes, gt_codes=gt_codes,
                pred_boxes=np.array([d.box for d in dets], float).reshape(-1, 4),
                pred_codes=[d.code for d in dets],
                pred_conf=np.array([d.confidence for d in dets], float),
                pred_keep=np.array([d.box_score >= op_conf for d in dets], bool),
            )))
            if progress:
                progress(i + 1, len(images))
    finally:
        detector.keep_conf = keep_conf
    return results
