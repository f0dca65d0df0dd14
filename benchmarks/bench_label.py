"""`mjlens label` throughput: photos per second on a folder of phone-size photos (4032x3024
JPEGs made from the test fixtures, each slightly different so every one is labelled), for a
process pool (one single-threaded detector per core) against one detector on onnxruntime's own
threads, in the same run.

    python benchmarks/bench_label.py            # 200 photos
    python benchmarks/bench_label.py --n 40     # quicker
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FIXTURES = [ROOT / "tests/fixtures/detect" / f"hand_{c}.jpg" for c in "abc"] + \
    [ROOT / "tests/fixtures/app" / f"hand_{n}.jpg" for n in ("kong", "melds")]
PHONE = (4032, 3024)


def make_photos(folder: Path, n: int) -> None:
    """n phone-size JPEGs: a fixture hand on a grey table, placed and lit a little differently."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(0)
    hands = [Image.open(p).convert("RGB") for p in FIXTURES]
    for i in range(n):
        hand = hands[i % len(hands)]
        side = int(rng.uniform(0.55, 0.8) * PHONE[1])
        hand = hand.resize((side, side * hand.height // hand.width))
        canvas = Image.new("RGB", PHONE, tuple(int(v) for v in rng.integers(90, 140, 3)))
        x = int(rng.integers(0, PHONE[0] - hand.width))
        y = int(rng.integers(0, PHONE[1] - hand.height))
        canvas.paste(hand, (x, y))
        canvas.save(folder / f"IMG_{i:04d}.jpg", quality=90)


def run(src: Path, out: Path, workers: int) -> float:
    """Photos per second of one full labelling run (fresh output)."""
    from datasets.labelling import label_folder, run_local

    t = time.perf_counter()
    s = label_folder(src, out, lambda paths: run_local(paths, None, None, workers),
                     progress=False)
    dt = time.perf_counter() - t
    assert s.images == s.found and not s.failures
    return s.images / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200)
    args = ap.parse_args()
    cores = len(os.sched_getaffinity(0))
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "photos"
        src.mkdir()
        make_photos(src, args.n)
        threads = run(src, Path(tmp) / "out1", 1)
        print(f"{args.n} photos {PHONE[0]}x{PHONE[1]}, {cores} cores")
        print(f"one detector, onnxruntime threads: {threads:.2f} photos/s")
        pool = run(src, Path(tmp) / "out2", cores)
        print(f"process pool, {cores} single-threaded detectors: {pool:.2f} photos/s "
              f"({pool / threads:.2f}x)")


if __name__ == "__main__":
    main()
