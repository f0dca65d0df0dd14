"""Crops of "not a tile" from cluttered synthetic tables: the boxes the box stage puts on keys,
stone grain, mat blocks and screens, plus tiles lying on their side.

Why: on real tables the box stage fires on tile-sized things that are not tiles (issue 28); a
box on the background must be dropped by the classifier's "not a tile" output, not named. In a
synthetic scene every tile's visible face is known (labels_json), so a box that touches no tile
is a negative without anyone looking at it, unlike the real photos (training/mine_negatives.py).

    mjlens synth --n 400 --out data/synth_clutter201 --seed 201 --style clutter --tilesets TS
    python -m training.mine_clutter data/synth_clutter201 data/crops/neg_clutter201.npz \
        --sides data/crops/sides201.npz

`--sides` also writes crops of tiles lying on their side (datasets/synth/clutter.py
`side_view`: the ivory layer beside a coloured back layer, on the scenes' own surfaces), which
show a plain white face that is not a white dragon.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from datasets.crops import STORE, cut

MAX_IOU = 0.05  # a negative box touches no tile's visible face


def mine(folder: Path, conf: float = 0.2, limit: int | None = None, model=None):
    """(crops uint8 [N, STORE, STORE, 3], per crop (image, box score, box)) of the detector's
    boxes that touch no tile in the scenes of `folder`."""
    import cv2

    from vision.detect.detector import TileDetector
    from vision.detect.metrics import box_iou

    det = TileDetector(model) if model else TileDetector()
    det.keep_conf = conf
    crops, info = [], []
    sidecars = sorted((folder / "labels_json").glob("*.json"))[:limit]
    for n, path in enumerate(sidecars):
        sc = json.loads(path.read_text())
        img = cv2.imread(str(folder / "images" / sc["image"]), cv2.IMREAD_COLOR)
        if img is None:
            continue
        (boxes, scores), = det._boxes([img])
        tiles = np.array([t["box"] for t in sc["tiles"] if t["box"]], float).reshape(-1, 4)
        free = np.ones(len(boxes), bool) if not len(tiles) else (
            box_iou(boxes, tiles).max(1) < MAX_IOU)
        for b, s in zip(boxes[free], scores[free], strict=True):
            crops.append(cut(img, b))
            info.append((sc["image"], float(s), tuple(float(v) for v in b)))
        if n % 100 == 0:
            print(f"{n}/{len(sidecars)} scenes, {len(crops)} negatives", flush=True)
    return np.array(crops, np.uint8).reshape(-1, STORE, STORE, 3), info


def side_crops(folder: Path, per_scene: int = 2, seed: int = 0,
               limit: int | None = None) -> np.ndarray:
    """Tiles lying on their side pasted on each scene's background, cut like a detector box."""
    import cv2

    from datasets.synth.clutter import side_view
    from datasets.synth.scene import IVORY_BGR, TRAIN_BACK_BGR

    rng = np.random.default_rng(seed)
    backs = [b for b in TRAIN_BACK_BGR if min(b) < 150]  # a white back shows no second layer
    out = []
    for path in sorted((folder / "labels_json").glob("*.json"))[:limit]:
        sc = json.loads(path.read_text())
        img = cv2.imread(str(folder / "images" / sc["image"]), cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        for _ in range(per_scene):
            tw = int(rng.uniform(24, 90))
            th = int(tw * rng.uniform(0.4, 0.8))
            if rng.random() < 0.5:
                tw, th = th, tw  # standing on its long edge across the view
            x, y = int(rng.integers(0, w - tw)), int(rng.integers(0, h - th))
            ivory = IVORY_BGR[int(rng.integers(len(IVORY_BGR)))]
            back = backs[int(rng.integers(len(backs)))]
            side = side_view(rng, ivory, back, max(tw, th), min(tw, th))
            if tw < th:
                side = np.ascontiguousarray(np.rot90(side))
            scene = img.copy()
            scene[y:y + th, x:x + tw] = side
            out.append(cut(scene, (x, y, x + tw, y + th)))
    return np.array(out, np.uint8).reshape(-1, STORE, STORE, 3)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", help="synthetic set (images/, labels_json/)")
    ap.add_argument("out", help="negatives .npz")
    ap.add_argument("--sides", default=None, help="also write side-view crops here")
    ap.add_argument("--conf", type=float, default=0.2, help="lowest box score mined")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--model", default=None, help="model folder (default: the shipped one)")
    args = ap.parse_args(argv)
    folder = Path(args.folder)
    x, info = mine(folder, args.conf, args.limit, args.model)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, x=x, y=np.full(len(x), -1, np.int64),
             image=np.array([i[0] for i in info]), score=np.array([i[1] for i in info]))
    print(f"{len(x)} negatives -> {args.out}")
    if args.sides:
        sides = side_crops(folder, limit=args.limit)
        np.savez(args.sides, x=sides, y=np.full(len(sides), -1, np.int64))
        print(f"{len(sides)} side views -> {args.sides}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
