"""The detector on synthetic revealed hands: box recall, code accuracy, photo-to-hand exact.

    python benchmarks/bench_synth_detect.py [--seeds 12 13] [--n 100] [--style held-out]
        [--style held-out-set --tilesets /usr/share/kmahjongglib/tilesets]
        [--model DIR]

Scenes: `datasets.synth.make_sample(i, seed, 640)` (camera effects on), by default on the
generator's held-out seeds (datasets/synth/seeds.py; pooled rates only, never looked at one by
one). `--style held-out` draws them with the held-out face art and tile body, which no training
set contains (datasets/synth/generate.py); `--style held-out-set` with a whole KDE tile set
never used in training (datasets/synth/tilesets.py); `--style train` with the training variety.

Per labelled tile of the hand (concealed, melds, winning tile, flowers; not the loose
distractor tiles): "box recall" = a detection overlaps its box at IoU >= 0.5 (greedy, best IoU
first); "code accuracy" = of those, the detection's code is the tile's label (its code, or
`back` for a face-down tile); "code recall" = both. "photo-to-hand exact" = the layout reader
(with the photo) on the detector's boxes gives the scene's hand (tests/test_layout_synth.py
`mismatch`), over the scenes whose hand is fully visible; "true boxes" = the same with the
labelled boxes, the layout's own ceiling.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HAND_GROUPS = ("concealed", "meld", "win", "flower")


def match(true_boxes, det_boxes, min_iou: float = 0.5) -> list[int | None]:
    """Greedy one-to-one matching, best IoU first: for each true box the detection index."""
    import numpy as np

    from vision.detect.metrics import box_iou

    out: list[int | None] = [None] * len(true_boxes)
    if not len(true_boxes) or not len(det_boxes):
        return out
    iou = box_iou(np.asarray(true_boxes, float), np.asarray(det_boxes, float))
    rows, cols = np.nonzero(iou >= min_iou)
    pairs = sorted(((iou[i, j], i, j) for i, j in zip(rows, cols, strict=True)), reverse=True)
    used: set[int] = set()
    for _, i, j in pairs:
        if out[i] is None and j not in used:
            out[i] = int(j)
            used.add(j)
    return out


def run(seeds, n: int, style: str | None, model: str | None, tilesets=None) -> dict:
    import cv2
    import numpy as np

    from datasets.synth import make_sample
    from tests.test_layout_synth import mismatch, readable, scene_detections
    from vision.detect import load_detector
    from vision.layout import read_layout

    det = load_detector(model)
    c = dict(tiles=0, found=0, right=0, scenes=0, exact=0, ref_exact=0, images=0)
    t0 = time.perf_counter()
    for seed in seeds:
        for i in range(n):
            s = make_sample(i, seed, size=640, style=style, tilesets=tilesets)
            sc = s.sidecar
            img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
            dets = det.detect(img)  # as benchmarks/bench_layout.py passes them
            c["images"] += 1
            tiles = [t for t in sc["tiles"] if t["labelled"] and t["group"] in HAND_GROUPS]
            m = match([t["box"] for t in tiles], [d.box for d in dets])
            for t, j in zip(tiles, m, strict=True):
                c["tiles"] += 1
                if j is not None:
                    c["found"] += 1
                    c["right"] += dets[j].code == t["label"]
            if readable(sc):
                c["scenes"] += 1
                c["exact"] += mismatch(sc, read_layout(dets, 640, 640, image=img).hand) is None
                c["ref_exact"] += mismatch(sc, read_layout(scene_detections(sc), 640, 640,
                                                           image=img).hand) is None
    c["seconds"] = round(time.perf_counter() - t0)
    return c


def held_out_seeds() -> list[int]:
    try:
        from datasets.synth import seeds as roles
    except ImportError:  # before datasets/synth/seeds.py: its HELD_OUT as first written
        return [12, 13, 14, 15, 16]
    return list(roles.HELD_OUT)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=held_out_seeds())
    ap.add_argument("--n", type=int, default=60, help="scenes per seed")
    ap.add_argument("--style", choices=("train", "held-out", "held-out-set"), default=None)
    ap.add_argument("--tilesets", default=None,
                    help="KDE tilesets folder (needed by --style held-out-set)")
    ap.add_argument("--model", default=None, help="folder with detector.onnx + classifier.onnx")
    args = ap.parse_args(argv)
    c = run(args.seeds, args.n, args.style, args.model, args.tilesets)
    k, f, s = max(1, c["tiles"]), max(1, c["found"]), max(1, c["scenes"])
    print(f"synthetic scenes: seeds {args.seeds} x {args.n}, style {args.style or 'v5'}, "
          f"model {args.model or 'models/'}: {c['images']} images, {c['tiles']} hand tiles, "
          f"{c['seconds']} s")
    print(f"  box recall {c['found'] / k:.3f}  code accuracy {c['right'] / f:.3f}  "
          f"code recall {c['right'] / k:.3f}")
    print(f"  photo-to-hand exact {c['exact'] / s:.3f} ({c['exact']}/{c['scenes']} fully visible "
          f"hands; true boxes {c['ref_exact'] / s:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
