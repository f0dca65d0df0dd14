"""Small tiles in big photos: the detector with and without its window pass, in the same run.

A phone photo of the whole table, or of a hand from far away, shows tiles 40-100 px tall in a
4000 x 3000 picture: the box stage, which sees the photo shrunk to 512 px, then finds few of
them or boxes spanning several (vision/detect/windows.py). Each synthetic scene (held-out seeds,
datasets/synth/seeds.py HELD_OUT) is shrunk so that its tiles are TILE_PX tall and set into a
4000 x 3000 JPEG on a plain table (the scene's own median colour, a little noise: cluttered
surfaces are bench_clutter.py's); with
`--table` a second scene is set in a far corner too (other players' tiles). Every labelled tile
of both counts; each scene is also read as rendered (640 px), the ceiling. Read through `TileDetector.detect` as the CLI reads a file (decoded at half
size), once with the window pass (as shipped) and once without it.

    python benchmarks/bench_small_tiles.py [--n 10] [--sizes 40 60 100 160] [--table]

Prints, per tile height: tiles found in the scenes as rendered, tiles found (IoU 0.5) and named right, boxes reported, boxes on no
tile, and the time of each reading, with the ratio of the two.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_synth_detect import match  # noqa: E402
from datasets.synth.seeds import HELD_OUT  # noqa: E402

PHOTO = (4000, 3000)
DEVELOPMENT_SEED = 3  # looked at while writing the window pass; figures quote HELD_OUT


def _scene(i: int, seed: int):
    import cv2

    from datasets.synth import make_sample

    s = make_sample(i, seed, size=640)
    img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
    tiles = [t for t in s.sidecar["tiles"] if t["labelled"] and t["box"]]
    return img, [t["box"] for t in tiles], [t["label"] for t in tiles]


def photo(i: int, seed: int, tile_px: int, table: bool):
    """(JPEG bytes of a 4000 x 3000 photo, true boxes, labels, the scenes as rendered)."""
    import cv2

    rng = np.random.default_rng([seed, i, tile_px])
    w, h = PHOTO
    first, _, _ = _scene(i, seed)
    colour = np.median(first.reshape(-1, 3), axis=0)
    canvas = np.clip(colour + rng.normal(0, 6, (h, w, 3)), 0, 255).astype(np.uint8)
    places = [(0.3, 0.35)] + ([(0.02, 0.03)] if table else [])
    boxes, labels, rendered = [], [], []
    for k, (fx, fy) in enumerate(places):
        img, bxs, lab = _scene(i + 1000 * k, seed)
        if not bxs:
            continue
        kept = []
        f = tile_px / float(np.median([b[3] - b[1] for b in bxs]))
        small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        x0, y0 = int(fx * w), int(fy * h)
        sh, sw = min(small.shape[0], h - y0), min(small.shape[1], w - x0)
        canvas[y0:y0 + sh, x0:x0 + sw] = small[:sh, :sw]
        for b, c in zip(bxs, lab, strict=True):
            bb = [x0 + b[0] * f, y0 + b[1] * f, x0 + b[2] * f, y0 + b[3] * f]
            if bb[2] <= x0 + sw and bb[3] <= y0 + sh:
                boxes.append(bb)
                labels.append(c)
                kept.append(b)
        rendered.append((img, kept))
    ok, jpeg = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 90])
    return jpeg.tobytes(), boxes, labels, rendered


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=10, help="scenes per seed")
    ap.add_argument("--sizes", type=int, nargs="+", default=[40, 60, 100, 160])
    ap.add_argument("--table", action="store_true", help="a second scene in a far corner")
    ap.add_argument("--development", action="store_true", help=f"seed {DEVELOPMENT_SEED} only")
    args = ap.parse_args(argv)
    from vision.detect import load_detector

    det = load_detector()
    seeds = (DEVELOPMENT_SEED,) if args.development else HELD_OUT
    print(f"seeds {list(seeds)}, {args.n} scenes each, {PHOTO[0]} x {PHOTO[1]} photos"
          f"{', a second scene far away' if args.table else ''}")
    print("| tile height | tiles | found in the scene as rendered (640 px) | found: without / with | "
          "named right: without / with | "
          "boxes on no tile: without / with | time: without / with (ratio) |")
    print("|---|---|---|---|---|---|---|")
    for px in args.sizes:
        c = {k: 0 for k in ("tiles", "native", "f0", "f1", "r0", "r1", "x0", "x1")}
        t = [0.0, 0.0]
        for seed in seeds:
            for i in range(args.n):
                jpeg, boxes, labels, rendered = photo(i, seed, px, args.table)
                c["tiles"] += len(boxes)
                for img, kept in rendered:  # the ceiling: each scene as rendered, 640 px
                    c["native"] += sum(j is not None for j in
                                       match(kept, [d.box for d in det.detect(img)]))
                for k, finer in enumerate((False, True)):
                    det.finer = finer
                    t0 = time.perf_counter()
                    dets = det.detect(jpeg)
                    t[k] += time.perf_counter() - t0
                    m = match(boxes, [d.box for d in dets])
                    c[f"f{k}"] += sum(j is not None for j in m)
                    c[f"r{k}"] += sum(j is not None and dets[j].code == lab
                                      for j, lab in zip(m, labels, strict=True))
                    c[f"x{k}"] += len(dets) - sum(j is not None for j in m)
        n = max(c["tiles"], 1)
        print(f"| {px} px | {c['tiles']} | {c['native'] / n:.3f} | {c['f0'] / n:.3f} / **{c['f1'] / n:.3f}** | "
              f"{c['r0'] / n:.3f} / **{c['r1'] / n:.3f}** | {c['x0']} / {c['x1']} | "
              f"{t[0]:.1f} s / {t[1]:.1f} s ({t[1] / max(t[0], 1e-9):.2f}) |")
    det.finer = True
    return 0


if __name__ == "__main__":
    sys.exit(main())
