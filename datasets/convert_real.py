"""Convert the Roboflow "chinese-mahjong-detection" export into a YOLO set in the contract's classes.

Why: the export uses its own 42 class names in a scrambled order, ~5,000 label lines are
polygons, some label files are empty, and some images are wide photos or screenshots squashed
into a 640x640 square (tiles stretched to 6-15 times taller than wide). The detector and the
classifier train on the 43 contract classes (``scoring.tiles.DETECTOR_CLASSES``), on boxes only.

Squash heuristic: a mahjong tile is about 3:4, and even seen at a slant or rotated 45 degrees its
box stays below ~2:1 (long side over short side). An image whose *median* box elongation is
above ``max_elongation`` (3.0) has been stretched anisotropically and is dropped.

Impossible labels (optional, ``max_copies``): a set has 4 copies of each tile, so an image
whose labels name one tile far more often (7 valid images label all 13-42 tiles `sd1`) is
mislabelled; with ``max_copies=8`` such images are dropped (used for a second, cleaned eval).

Images are symlinked, never copied. Usable as a function (``convert_real(src, dst)``) or as
``python -m datasets.convert_real SRC DST``.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from datasets.crops import IMAGE_EXTS
from scoring.tiles import DETECTOR_CLASSES

# Dataset class name -> contract tile code (bonus mapping checked on image crops:
# bs1..bs4 show 春夏秋冬 with numbers 1-4, bf1..bf4 show 梅兰菊竹).
NAME_TO_CODE: dict[str, str] = {}
for _n in range(1, 10):
    NAME_TO_CODE[f"sc{_n}"] = f"{_n}m"
    NAME_TO_CODE[f"sd{_n}"] = f"{_n}p"
    NAME_TO_CODE[f"sb{_n}"] = f"{_n}s"
for _i, _name in enumerate(["hwe", "hws", "hww", "hwn", "hdw", "hdg", "hdr"]):
    NAME_TO_CODE[_name] = f"{_i + 1}z"
for _n in range(1, 5):
    NAME_TO_CODE[f"bs{_n}"] = f"{_n}f"
    NAME_TO_CODE[f"bf{_n}"] = f"{_n + 4}f"
NAME_TO_CODE.update({c: c for c in DETECTOR_CLASSES})  # already-converted sets map to themselves

# Class names of the Roboflow export, in its index order (as in its data.yaml).
ROBOFLOW_NAMES: tuple[str, ...] = tuple(
    "bs1 sc1 sd1 sb1 hwe bs2 sc2 sd2 sb2 hws bs3 sc3 sd3 sb3 hww bs4 sc4 sd4 sb4 hwn bf1 sc5 "
    "sd5 sb5 hdw bf2 sc6 sd6 sb6 hdg bf3 sc7 sd7 sb7 hdr bf4 sc8 sd8 sb8 sc9 sd9 sb9".split()
)


@dataclass
class SplitStats:
    images: int = 0
    kept: int = 0
    empty: int = 0
    squashed: int = 0
    mislabelled: int = 0
    missing_label: int = 0
    boxes: int = 0
    polygons: int = 0
    dropped_names: list[str] = field(default_factory=list)


def read_names(data_yaml: Path) -> list[str]:
    """The `names:` list of a YOLO data.yaml (list or dict form) without needing PyYAML."""
    text = Path(data_yaml).read_text(encoding="utf-8")
    m = re.search(r"^names:\s*(\[.*?\])", text, re.M | re.S)
    if m:
        return [str(n) for n in ast.literal_eval(m.group(1))]
    m = re.search(r"^names:\s*\n((?:[ \t]+.*\n?)+)", text, re.M)
    if not m:
        raise ValueError(f"no class names found in {data_yaml}")
    names = {}
    for line in m.group(1).splitlines():
        line = line.strip()
        if line.startswith("- "):
            names[len(names)] = line[2:].strip().strip("'\"")
        elif ":" in line:
            k, v = line.split(":", 1)
            names[int(k)] = v.strip().strip("'\"")
    return [names[i] for i in sorted(names)]


def class_map(names: list[str]) -> list[int]:
    """Index in the source names -> index in DETECTOR_CLASSES."""
    try:
        return [DETECTOR_CLASSES.index(NAME_TO_CODE[n]) for n in names]
    except KeyError as e:
        raise ValueError(f"unknown class name {e.args[0]!r}; known: {sorted(NAME_TO_CODE)}") from None


def parse_label_line(line: str) -> tuple[int, float, float, float, float] | None:
    """One YOLO line (box `c x y w h` or polygon `c x1 y1 x2 y2 ...`) -> (c, x, y, w, h)."""
    parts = line.split()
    if not parts:
        return None
    cls = int(float(parts[0]))
    vals = [float(v) for v in parts[1:]]
    if len(vals) == 4:
        x, y, w, h = vals
    elif len(vals) >= 6 and len(vals) % 2 == 0:
        xs, ys = vals[0::2], vals[1::2]
        x0, x1 = max(0.0, min(xs)), min(1.0, max(xs))
        y0, y1 = max(0.0, min(ys)), min(1.0, max(ys))
        x, y, w, h = (x0 + x1) / 2, (y0 + y1) / 2, x1 - x0, y1 - y0
    else:
        raise ValueError(f"malformed label line: {line.strip()!r}")
    return cls, x, y, w, h


def elongation(w: float, h: float, img_w: int = 1, img_h: int = 1) -> float:
    """Long side over short side of a box, in pixels."""
    pw, ph = w * img_w, h * img_h
    return max(pw, ph) / max(min(pw, ph), 1e-9)


def is_squashed(boxes: list[tuple[int, float, float, float, float]], max_elongation: float) -> bool:
    if not boxes:
        return False
    return statistics.median(elongation(b[3], b[4]) for b in boxes) > max_elongation


def convert_split(
    src: Path, dst: Path, cmap: list[int], max_elongation: float = 3.0,
    max_copies: int | None = None,
) -> SplitStats:
    """Convert one split folder (images/ + labels/) into dst (images/ symlinks + labels/)."""
    st = SplitStats()
    (dst / "images").mkdir(parents=True, exist_ok=True)
    (dst / "labels").mkdir(parents=True, exist_ok=True)
    for img in sorted((src / "images").iterdir()):
        if img.suffix.lower() not in IMAGE_EXTS:
            continue
        st.images += 1
        lab = src / "labels" / (img.stem + ".txt")
        if not lab.exists():
            st.missing_label += 1
            continue
        boxes, polys = [], 0
        for line in lab.read_text().splitlines():
            parsed = parse_label_line(line)
            if parsed is None:
                continue
            polys += len(line.split()) != 5
            boxes.append(parsed)
        if not boxes:
            st.empty += 1
            continue
        if is_squashed(boxes, max_elongation):
            st.squashed += 1
            st.dropped_names.append(img.name)
            continue
        if max_copies is not None:
            counts: dict[int, int] = {}
            for b in boxes:
                counts[b[0]] = counts.get(b[0], 0) + 1
            if max(counts.values()) > max_copies:
                st.mislabelled += 1
                st.dropped_names.append(img.name)
                continue
        st.kept += 1
        st.boxes += len(boxes)
        st.polygons += polys
        lines = [
            f"{cmap[c]} {x:.6f} {y:.6f} {w:.6f} {h:.6f}"
            for c, x, y, w, h in boxes
            if w > 0 and h > 0
        ]
        (dst / "labels" / lab.name).write_text("\n".join(lines) + "\n")
        link = dst / "images" / img.name
        if link.is_symlink() or link.exists():
            link.unlink()
        os.symlink(img.resolve(), link)
    return st


def write_data_yaml(dst: Path, splits: list[str]) -> Path:
    lines = [f"path: {dst.resolve()}"]
    for s in splits:
        key = "val" if s == "valid" else s
        lines.append(f"{key}: {s}/images")
    lines.append(f"nc: {len(DETECTOR_CLASSES)}")
    lines.append("names: [" + ", ".join(f"'{c}'" for c in DETECTOR_CLASSES) + "]")
    out = dst / "data.yaml"
    out.write_text("\n".join(lines) + "\n")
    return out


def convert_real(
    src: str | Path, dst: str | Path, splits: tuple[str, ...] = ("train", "valid"),
    max_elongation: float = 3.0, max_copies: int | None = None,
) -> dict[str, SplitStats]:
    """Convert the export at `src` into `dst`; returns per-split statistics."""
    src, dst = Path(src), Path(dst)
    yaml_path = src / "data.yaml"
    names = read_names(yaml_path) if yaml_path.exists() else list(ROBOFLOW_NAMES)
    cmap = class_map(names)
    stats = {}
    done = []
    for s in splits:
        if (src / s / "images").is_dir():
            stats[s] = convert_split(src / s, dst / s, cmap, max_elongation, max_copies)
            done.append(s)
    if not done:
        raise FileNotFoundError(f"no split folders ({', '.join(splits)}) with images/ in {src}")
    write_data_yaml(dst, done)
    return stats


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", nargs="?", default="../shared/data/photos")
    ap.add_argument("dst", nargs="?", default="data/real")
    ap.add_argument("--max-elongation", type=float, default=3.0)
    ap.add_argument("--max-copies", type=int, default=None,
                    help="drop images labelling one tile more often than this (label errors)")
    args = ap.parse_args(argv)
    for split, st in convert_real(args.src, args.dst, max_elongation=args.max_elongation,
                                  max_copies=args.max_copies).items():
        print(
            f"{split}: {st.images} images, kept {st.kept} ({st.boxes} boxes, {st.polygons} from "
            f"polygons), dropped {st.empty} empty, {st.squashed} squashed, "
            f"{st.missing_label} without labels, {st.mislabelled} mislabelled"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
