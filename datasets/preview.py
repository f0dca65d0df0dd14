"""Contact sheet of a labelled folder (YOLO, or COCO / Pascal VOC as `dataset convert` writes
them) with boxes and tile codes drawn, to check labels by eye."""

from __future__ import annotations

import errno
import math
from pathlib import Path

import numpy as np

from datasets.crops import IMAGE_EXTS
from datasets.formats import CLASS_INDEX, FormatError
from datasets.formats import M as FM
from scoring.tiles import DETECTOR_CLASSES

# BGR colour per suit, so a wrong suit stands out
SUIT_COLOURS = {"m": (40, 40, 230), "p": (230, 120, 30), "s": (40, 170, 40), "z": (200, 40, 200),
                "f": (0, 170, 230), "k": (120, 120, 120)}


def find_image_dirs(root: Path) -> list[Path]:
    """`root/images`, the splits named in `root/data.yaml`, or every `images` folder below."""
    if (root / "images").is_dir():
        return [root / "images"]
    dirs = sorted(p for p in root.rglob("images") if p.is_dir())
    if root.name == "images" and root.is_dir():
        dirs.insert(0, root)
    return dirs


def read_labels(path: Path) -> list[tuple[int, float, float, float, float]]:
    out = []
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        cls = int(float(parts[0]))
        vals = [float(v) for v in parts[1:]]
        if len(vals) == 4:
            out.append((cls, *vals))
        else:  # polygon: use its bounding box
            xs, ys = vals[0::2], vals[1::2]
            out.append((cls, (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2,
                        max(xs) - min(xs), max(ys) - min(ys)))
    return out


def draw_labels(img: np.ndarray, labels) -> np.ndarray:
    import cv2

    h, w = img.shape[:2]
    fs = max(0.35, min(w, h) / 1400)
    for cls, xc, yc, bw, bh in labels:
        code = DETECTOR_CLASSES[cls] if 0 <= cls < len(DETECTOR_CLASSES) else f"?{cls}"
        col = SUIT_COLOURS.get(code[-1], (0, 0, 255))
        x1, y1 = int((xc - bw / 2) * w), int((yc - bh / 2) * h)
        x2, y2 = int((xc + bw / 2) * w), int((yc + bh / 2) * h)
        cv2.rectangle(img, (x1, y1), (x2, y2), col, 1, cv2.LINE_AA)
        org = (x1, max(y1 - 2, 10))
        cv2.putText(img, code, org, cv2.FONT_HERSHEY_SIMPLEX, fs, (0, 0, 0), 3, cv2.LINE_AA)
        cv2.putText(img, code, org, cv2.FONT_HERSHEY_SIMPLEX, fs, (255, 255, 255), 1, cv2.LINE_AA)
    return img


def exchange_labels(root: Path) -> tuple[Path, dict[str, list]] | None:
    """A COCO or Pascal VOC folder (as `dataset convert` writes them): its images folder and
    each image's boxes as YOLO rows; None for a YOLO folder (labels/ beside images/)."""
    from datasets.exchange import detect_format, read_dataset

    if not root.is_dir() or detect_format(root) == "yolo":
        return None
    records, image_dir = read_dataset(root)
    return image_dir, {rec.image: [(CLASS_INDEX.get(b.code, -1), (b.x1 + b.x2) / 2 / rec.width,
                                    (b.y1 + b.y2) / 2 / rec.height, (b.x2 - b.x1) / rec.width,
                                    (b.y2 - b.y1) / rec.height) for b in rec.boxes]
                       for rec in records}


def contact_sheet(root: str | Path, n: int = 16, cell: int = 400, seed: int | None = None,
                  cols: int | None = None) -> np.ndarray:
    """A grid of `n` labelled images from `root` (evenly spread, or random with `seed`)."""
    import cv2

    root = Path(root)
    images = []
    exchange = exchange_labels(root)
    for d in find_image_dirs(root) if exchange is None else [exchange[0]]:
        images += sorted(p for p in d.iterdir() if p.suffix.lower() in IMAGE_EXTS)
    if not images:
        raise FormatError(FM("no_images", root=str(root)))
    if seed is not None:
        rng = np.random.default_rng(seed)
        pick = sorted(rng.choice(len(images), min(n, len(images)), replace=False))
    else:
        pick = np.linspace(0, len(images) - 1, min(n, len(images))).round().astype(int)
    cols = cols or math.ceil(math.sqrt(len(pick)))
    rows = math.ceil(len(pick) / cols)
    sheet = np.full((rows * cell, cols * cell, 3), 32, np.uint8)
    for k, i in enumerate(pick):
        p = images[i]
        img = cv2.imread(str(p), cv2.IMREAD_COLOR)
        if img is None:
            continue
        lab = p.parent.parent / "labels" / (p.stem + ".txt")
        s = cell / max(img.shape[:2])
        img = cv2.resize(img, (int(img.shape[1] * s), int(img.shape[0] * s)),
                         interpolation=cv2.INTER_AREA)
        draw_labels(img, read_labels(lab) if exchange is None else exchange[1].get(p.name, []))
        r, c = divmod(k, cols)
        sheet[r * cell:r * cell + img.shape[0], c * cell:c * cell + img.shape[1]] = img
    return sheet


def write_sheet(root, out, n: int = 16, cell: int = 400, seed: int | None = None,
                quality: int = 85) -> Path:
    import cv2

    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    sheet = contact_sheet(root, n, cell, seed)
    ok = cv2.imwrite(str(out), sheet, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise OSError(errno.EIO, "could not write", str(out))
    return out
