"""Cut labelled tiles out of YOLO-format sets into arrays for the crop classifier.

Why: the detector finds tiles class-agnostically; a small CNN names each crop. Crops are cut
with a margin (``CONTEXT``) around the box so training can jitter the crop window the way
detector boxes jitter, then resized (aspect not kept, as at inference) to ``STORE`` pixels.

    python -m datasets.crops data/real/train data/crops/real_train.npz
    python -m datasets.crops --tile-crops ../shared/data/tile-crops data/crops/tilecrops.npz
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

import numpy as np

from scoring.tiles import DETECTOR_CLASSES

STORE = 72  # stored crop side (pixels)
CONTEXT = 0.15  # margin added on each side, as a share of the box size
IMAGE_EXTS = (".jpg", ".jpeg", ".png", ".bmp", ".webp")

# tile-crops/labels.csv label-name -> contract code
TILE_CROP_CODES: dict[str, str] = {}
for _n in range(1, 10):
    TILE_CROP_CODES[f"dots-{_n}"] = f"{_n}p"
    TILE_CROP_CODES[f"bamboo-{_n}"] = f"{_n}s"
    TILE_CROP_CODES[f"characters-{_n}"] = f"{_n}m"
for _i, _w in enumerate(["east", "south", "west", "north", "white", "green", "red"]):
    TILE_CROP_CODES[f"honors-{_w}"] = f"{_i + 1}z"
for _i, _w in enumerate(
    ["spring", "summer", "autumn", "winter", "plum", "orchid", "chrysanthemum", "bamboo"]
):
    TILE_CROP_CODES[f"bonus-{_w}"] = f"{_i + 1}f"


def tile_crops_code(label_name: str) -> str:
    try:
        return TILE_CROP_CODES[label_name]
    except KeyError:
        raise ValueError(f"unknown tile-crops label {label_name!r}") from None


def cut(image: np.ndarray, box: tuple[float, float, float, float], context: float = CONTEXT,
        size: int = STORE) -> np.ndarray:
    """Crop box (x1, y1, x2, y2 pixels) plus `context` margin, padding with edge pixels."""
    import cv2

    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    x1, x2 = x1 - context * w, x2 + context * w
    y1, y2 = y1 - context * h, y2 + context * h
    # affine map of the window onto size x size (sub-pixel, border replicated)
    sx, sy = size / max(x2 - x1, 1e-6), size / max(y2 - y1, 1e-6)
    m = np.array([[sx, 0, -x1 * sx], [0, sy, -y1 * sy]], dtype=np.float32)
    return cv2.warpAffine(image, m, (size, size), flags=cv2.INTER_AREA if sx < 1 else
                          cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def crops_from_yolo(split_dir: str | Path, limit: int | None = None,
                    names: list[str] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(crops uint8 [N, STORE, STORE, 3] BGR, labels int64 [N]) from images/ + labels/;
    `names`, when given, receives each crop's image file name (for grouping by source)."""
    import cv2

    split_dir = Path(split_dir)
    xs, ys = [], []
    for img_path in sorted((split_dir / "images").iterdir()):
        if img_path.suffix.lower() not in IMAGE_EXTS:
            continue
        lab = split_dir / "labels" / (img_path.stem + ".txt")
        if not lab.exists():
            continue
        rows = [r.split() for r in lab.read_text().splitlines() if r.strip()]
        if not rows:
            continue
        im = cv2.imread(str(img_path), cv2.IMREAD_COLOR)
        if im is None:
            continue
        ih, iw = im.shape[:2]
        for r in rows:
            c, x, y, w, h = int(r[0]), *map(float, r[1:5])
            if w <= 0 or h <= 0:
                continue
            box = ((x - w / 2) * iw, (y - h / 2) * ih, (x + w / 2) * iw, (y + h / 2) * ih)
            xs.append(cut(im, box))
            ys.append(c)
            if names is not None:
                names.append(img_path.name)
        if limit and len(xs) >= limit:
            break
    return np.stack(xs), np.array(ys, dtype=np.int64)


def crops_from_tile_crops(root: str | Path) -> tuple[np.ndarray, np.ndarray]:
    """The single-tile photos of tile-crops/: the whole image is the tile (no context margin)."""
    import cv2

    root = Path(root)
    xs, ys = [], []
    with open(root / "labels.csv", newline="") as f:
        for row in csv.DictReader(f):
            im = cv2.imread(str(root / "images" / row["image-name"]), cv2.IMREAD_COLOR)
            if im is None:
                continue
            h, w = im.shape[:2]
            # pretend the tile fills the image and add the usual margin by edge padding
            xs.append(cut(im, (0, 0, w, h)))
            ys.append(DETECTOR_CLASSES.index(tile_crops_code(row["label-name"])))
    return np.stack(xs), np.array(ys, dtype=np.int64)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src", help="YOLO split folder (images/, labels/) or tile-crops folder")
    ap.add_argument("out", help="output .npz")
    ap.add_argument("--tile-crops", action="store_true")
    ap.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    names: list[str] = []
    if args.tile_crops:
        x, y = crops_from_tile_crops(args.src)
    else:
        x, y = crops_from_yolo(args.src, args.limit, names)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, x=x, y=y, **({"image": np.array(names)} if names else {}))
    counts = np.bincount(y, minlength=len(DETECTOR_CLASSES))
    print(f"{len(y)} crops -> {args.out}; per class min {counts[:-1].min()} max {counts.max()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
