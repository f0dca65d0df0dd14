"""Detector speed on a 4000x3000 JPEG and tile F1 on a labelled split, beside `mahjong-detector`.

Reference: the PyPI package `mahjong-detector` (MIT; a YOLO11n for the 34 riichi tiles, needs
PIL; `pip install mahjong-detector`). Its F1 is scored on the 34 playing tiles only (flowers
and seasons left out of the labels), ours both on all 42 labelled kinds and on the same 34.

    python benchmarks/bench_detect.py [--data ../shared/data/photos/valid] [--runs 7]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.tiles import TILE_CODES  # noqa: E402
from vision.detect.evaluate import read_labels, resolve_split  # noqa: E402
from vision.detect.metrics import match  # noqa: E402

MD_NAMES = {"chun": "7z", "haku": "5z", "hatsu": "6z", "nan": "2z", "pe": "4z", "sha": "3z",
            "tou": "1z"}


def make_big_jpeg(path: Path, src: Path | None) -> Path:
    import cv2

    if src is not None:
        img = cv2.imread(str(src))
    else:
        img = np.full((480, 640, 3), 200, np.uint8)
    big = cv2.resize(img, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    noise = np.random.default_rng(0).normal(0, 4, big.shape)  # photo-like grain
    cv2.imwrite(str(path), np.clip(big + noise, 0, 255).astype(np.uint8),
                [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def time_it(fn, runs: int) -> float:
    fn()  # warm-up (model load, first-run allocations)
    ts = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return statistics.median(ts)


def md_detections(path: Path):
    """mahjong-detector's boxes and codes (its internal predict(), detect_tiles drops boxes)."""
    from mahjong_detector.predict import CLASS_NAMES, predict
    from mahjong_detector.preprocess import preprocess_image
    from PIL import Image

    img, pad = preprocess_image(Image.open(path))
    dets = predict(img, pad)
    boxes = np.array([[d.x1, d.y1, d.x2, d.y2] for d in dets], float).reshape(-1, 4)
    codes = [MD_NAMES.get(CLASS_NAMES[d.class_id], CLASS_NAMES[d.class_id]) for d in dets]
    return boxes, codes, np.array([d.confidence for d in dets])


def f1_on(split_data, predict_fn, only34: bool, limit: int | None):
    split, codes = resolve_split(split_data)
    images = sorted(p for p in (split / "images").iterdir() if p.suffix.lower() in (".jpg", ".png"))
    images = images[:limit] if limit else images
    tp = n_pred = n_gt = 0
    for p in images:
        from PIL import Image

        w, h = Image.open(p).size
        gt_boxes, gt_codes = read_labels(split / "labels" / (p.stem + ".txt"), codes, w, h)
        boxes, pcodes, conf = predict_fn(p)
        if only34:
            keep = [c in TILE_CODES for c in gt_codes]
            gt_boxes, gt_codes = gt_boxes[keep], [c for c, k in zip(gt_codes, keep, strict=True) if k]
            pk = [c in TILE_CODES for c in pcodes]
            boxes, conf = boxes[pk], conf[pk]
            pcodes = [c for c, k in zip(pcodes, pk, strict=True) if k]
        tp += int(match(boxes, pcodes, conf, gt_boxes, gt_codes, 0.5).sum())
        n_pred += len(pcodes)
        n_gt += len(gt_codes)
    prec, rec = tp / max(n_pred, 1), tp / max(n_gt, 1)
    return prec, rec, 2 * prec * rec / max(prec + rec, 1e-9), len(images)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="../shared/data/photos/valid")
    ap.add_argument("--image", default=None, help="photo to upscale to 4000x3000")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--limit", type=int, default=None, help="only the first N labelled images")
    ap.add_argument("--model", default=None)
    args = ap.parse_args(argv)

    from vision.detect import load_detector

    det = load_detector(args.model)
    try:
        import mahjong_detector
    except ImportError:
        mahjong_detector = None
        print("mahjong-detector not installed: reference columns left empty")

    src = Path(args.image) if args.image else None
    if src is None:
        data_imgs = Path(args.data) / "images"
        src = next(iter(sorted(data_imgs.glob("*.jpg"))), None) if data_imgs.is_dir() else None
    with tempfile.TemporaryDirectory() as tmp:
        big = make_big_jpeg(Path(tmp) / "big.jpg", src)
        ours = time_it(lambda: det.detect(big), args.runs)
        ref = time_it(lambda: mahjong_detector.detect_tiles(str(big)), args.runs) \
            if mahjong_detector else float("nan")

    def our_pred(p):
        ds = det.detect(p)
        return (np.array([d.box for d in ds], float).reshape(-1, 4), [d.code for d in ds],
                np.array([d.confidence for d in ds]))

    rows = [("median detect, 4000x3000 JPEG (ms)", ours * 1000, ref * 1000)]
    if Path(args.data).exists():
        p42 = f1_on(args.data, our_pred, False, args.limit)
        p34 = f1_on(args.data, our_pred, True, args.limit)
        r34 = f1_on(args.data, md_detections, True, args.limit) if mahjong_detector else None
        n = p34[3]
        rows += [
            (f"tile F1, 34 playing tiles ({n} images)", p34[2], r34[2] if r34 else float("nan")),
            ("  precision / recall (34)", f"{p34[0]:.3f} / {p34[1]:.3f}",
             f"{r34[0]:.3f} / {r34[1]:.3f}" if r34 else "-"),
            ("tile F1, all 42 labelled kinds", p42[2], "n/a (no flowers)"),
        ]
    print("| measure | mjlens | mahjong-detector | ratio |\n|---|---|---|---|")
    for name, a, b in rows:
        ratio = f"{a / b:.2f}" if isinstance(a, float) and isinstance(b, float) and b == b and b \
            else ""
        fa = f"{a:.3f}" if isinstance(a, float) else a
        fb = f"{b:.3f}" if isinstance(b, float) else b
        print(f"| {name} | {fa} | {fb} | {ratio} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
