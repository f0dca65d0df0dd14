"""`mjlens dataset convert` (YOLO, COCO, Pascal VOC, both ways) and `mjlens dataset merge`
(reviewed labelled folders into a training set, each photo once by content hash).

Folder layouts read and written:
    yolo   images/, labels/*.txt, data.yaml (the 43 contract codes; Roboflow names are mapped)
    coco   images/, annotations.coco.json (or a single .json file beside its images)
    voc    images/ (or JPEGImages/), Annotations/*.xml
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from datasets.formats import (
    FormatError,
    LabelledImage,
    list_images,
    read_coco,
    read_voc,
    read_yolo_folder,
    voc_xml,
    write_coco,
    write_data_yaml,
    write_yolo_labels,
)
from datasets.formats import M as FM

FORMATS = ("yolo", "coco", "voc")
COCO_NAMES = ("annotations.coco.json", "_annotations.coco.json")
MERGED = "reviewed"  # the training set's folder for merged photos


def detect_format(src: Path) -> str:
    if src.is_file() and src.suffix == ".json":
        return "coco"
    if not src.is_dir():
        raise FormatError(FM("not_labelled", path=str(src)))
    if any((src / n).exists() for n in COCO_NAMES) and not (src / "labels").is_dir():
        return "coco"
    if (src / "Annotations").is_dir():
        return "voc"
    return "yolo"


def read_dataset(src: Path, fmt: str | None = None) -> tuple[list[LabelledImage], Path]:
    """(records, folder holding their images)."""
    src = Path(src)
    fmt = fmt or detect_format(src)
    if fmt == "coco":
        path = src if src.is_file() else next(src / n for n in COCO_NAMES if (src / n).exists())
        base = path.parent
        return read_coco(path), base / "images" if (base / "images").is_dir() else base
    if fmt == "voc":
        images = src / "JPEGImages" if (src / "JPEGImages").is_dir() else src / "images"
        return [read_voc(p) for p in sorted((src / "Annotations").glob("*.xml"))], images
    from vision.detect.evaluate import resolve_split

    recs = read_yolo_folder(src)
    return recs, resolve_split(src)[0] / "images"


def write_dataset(records: list[LabelledImage], image_dir: Path | None, out: Path,
                  fmt: str) -> None:
    """The records in `fmt` under `out`, with their images copied to out/images."""
    out = Path(out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    if image_dir is not None and image_dir.resolve() != (out / "images").resolve():
        for rec in records:
            if (image_dir / rec.image).exists():
                shutil.copyfile(image_dir / rec.image, out / "images" / rec.image)
    if fmt == "yolo":
        write_data_yaml(out)
        for rec in records:
            write_yolo_labels(rec, out / "labels")
    elif fmt == "coco":
        write_coco(records, out / COCO_NAMES[0])
    elif fmt == "voc":
        (out / "Annotations").mkdir(exist_ok=True)
        for rec in records:
            (out / "Annotations" / f"{rec.stem}.xml").write_text(voc_xml(rec), encoding="utf-8")
    else:
        raise FormatError(FM("unknown_format", fmt=repr(fmt), formats=", ".join(FORMATS)))


def convert(src: Path, out: Path, to: str, src_format: str | None = None) -> int:
    """Number of images converted."""
    records, image_dir = read_dataset(Path(src), src_format)
    write_dataset(records, image_dir, Path(out), to)
    return len(records)


def merge(folders: list[Path], into: Path, reviewed_only: bool = True,
          say=None) -> tuple[int, int, int]:
    """Copy the (reviewed) photos of labelled folders into `into`/reviewed/ (images/, labels/)
    unless a photo with the same content is already anywhere in the training set; list that
    folder in the set's data.yaml. Returns (added, duplicates skipped, left out as not yet
    reviewed); `say` hears of a record file's cut-off last line (skipped)."""
    from datasets.labelling import file_sha256, read_manifest

    into = Path(into)
    dest = into / MERGED
    seen = {file_sha256(p) for p in _all_images(into)}
    added = dupes = unreviewed = 0
    for folder in folders:
        folder = Path(folder)
        records = list(read_manifest(folder, say).values())
        if not records:  # a plain YOLO folder: every photo counts as reviewed
            records = read_yolo_folder(folder)
            for r in records:
                r.reviewed = True
        for rec in records:
            if reviewed_only and not rec.reviewed:
                unreviewed += 1
                continue
            src = folder / "images" / rec.image
            sha = rec.sha256 or file_sha256(src)
            if sha in seen:
                dupes += 1
                continue
            seen.add(sha)
            name = rec.image if not (dest / "images" / rec.image).exists() else \
                f"{rec.stem}-{sha[:8]}{Path(rec.image).suffix}"
            (dest / "images").mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dest / "images" / name)
            rec.image = name
            write_yolo_labels(rec, dest / "labels")
            added += 1
    if (dest / "images").is_dir():  # nothing merged, ever: no set to list it in
        _list_in_yaml(into)
    return added, dupes, unreviewed


def _all_images(root: Path) -> list[Path]:
    return [p for d in root.rglob("images") if d.is_dir() for p in list_images(d)] \
        if root.exists() else []


def _list_in_yaml(into: Path) -> None:
    """Add reviewed/images to the `train:` entry of the set's data.yaml (made if missing)."""
    path = into / "data.yaml"
    entry = f"{MERGED}/images"
    if not path.exists():
        write_data_yaml(into)
        text = path.read_text(encoding="utf-8")
        path.write_text(re.sub(r"^train: .*$", f"train: [{entry}]", text, flags=re.M)
                        .replace("val: images", f"val: {entry}"), encoding="utf-8")
        return
    text = path.read_text(encoding="utf-8")
    m = re.search(r"^train:\s*(.*)$", text, re.M)
    if m is None or entry in m.group(1):
        return
    items = [s.strip().strip("'\"") for s in m.group(1).strip("[]").split(",") if s.strip()]
    line = "train: [" + ", ".join(items + [entry]) + "]"
    path.write_text(text[:m.start()] + line + text[m.end():], encoding="utf-8")
