"""A tile the photo missed, put back with one tap: how often the hand comes back whole.

    python benchmarks/bench_missing_tile.py [--seeds 12 13 14 15 16] [--n 300]

The app's one-tap fix of a hand one tile short (mjlens/ui/views_quick.py) reads the photo again
with the tapped tile in a gap the layout saw (vision.layout.links.gap_box, as
mjlens/ui/photo.py read_with_tile does), so the melds the photo shows are kept. Here, on the
layout's synthetic scenes (datasets.synth, the held-out seeds by default, 320 px, no camera
effects, as tests/test_layout_synth.py reads them) whose true boxes read exactly, one tile of
the hand (neither a flower nor face down; chosen at random, seeded) is taken away and the
scene read again:

- "no hand, a gap": the layout gives no hand and names a gap (the fix can run);
- "whole again": the true tile put in each gap in turn, the surest legal reading (the layout's
  confidence) is the scene's hand exactly (datasets/synth/truth.py `mismatch`); "another
  hand" a legal reading that is not; "no legal hand": the app adds the tile standing instead;
- "melds": of those, the hands with at least one meld, which the tile added standing (the fix
  before 2026-12-02) could not have given back.

Only pooled counts are printed (the held-out seeds are not looked at one by one).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HAND_GROUPS = ("concealed", "win", "meld")


def _tally(seed: int, start: int, stop: int) -> Counter:
    import cv2
    import numpy as np

    from datasets.synth import make_sample, seeds
    from datasets.synth.truth import mismatch, readable, scene_detections
    from vision.layout import read_layout

    size = seeds.SCENE_SIZE
    c: Counter = Counter()
    for i in range(start, stop):
        s = make_sample(i, seed, size=size, effects=False)
        sc = s.sidecar
        if not readable(sc):
            continue
        img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
        dets = scene_detections(sc)
        if mismatch(sc, read_layout(dets, size, size, image=img).hand) is not None:
            continue
        c["scenes"] += 1
        hand_tiles = [k for k, d in enumerate(dets)
                      if d["code"] != "back" and not d["code"].endswith("f")]
        if not hand_tiles:
            continue
        k = random.Random(seed * 100_003 + i).choice(hand_tiles)
        rest = dets[:k] + dets[k + 1:]
        short = read_layout(rest, size, size, image=img)
        if short.hand is not None:
            c["a hand without it"] += 1
            continue
        if not short.missing:
            c["no hand, no gap"] += 1
            continue
        c["no hand, a gap"] += 1
        spots = [g.at for g in short.missing]
        again = best_reading(rest, dets[k]["code"], spots, size, img)
        if again is None:
            c["no legal hand"] += 1
        elif mismatch(sc, again.hand) is None:
            c["whole again"] += 1
            c["melds"] += bool(again.hand.melds)
        else:
            c["another hand"] += 1
    return c


def best_reading(rest: list[dict], code: str, spots, size: int, img):
    """As mjlens/ui/photo.py read_with_tile: the tile in each gap, the surest legal reading."""
    from vision.layout import read_layout
    from vision.layout.links import gap_box

    best = None
    for at in spots:
        box = gap_box(at, [d["box"] for d in rest])
        r = read_layout([*rest, {"code": code, "box": list(box), "confidence": 1.0}], size, size,
                        image=img)
        if r.hand is not None and r.legal and (best is None or r.confidence > best.confidence):
            best = r
    return best


def main() -> None:
    from datasets.synth import seeds

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=list(seeds.HELD_OUT))
    ap.add_argument("--n", type=int, default=seeds.SCENES_PER_SEED, help="scenes per seed")
    args = ap.parse_args()
    total: Counter = Counter()
    for seed in args.seeds:
        total += _tally(seed, 0, args.n)
    gap = total["no hand, a gap"]
    print(f"seeds {args.seeds} x {args.n}: {total['scenes']} scenes read exactly from their true "
          f"boxes; one hand tile taken away:")
    print(f"  a hand read without it {total['a hand without it']}, no hand and no gap "
          f"{total['no hand, no gap']}, no hand and a gap {gap}")
    if gap:
        print(f"  the tile put in a gap (the surest legal reading): whole again "
              f"{total['whole again']}/{gap} = {total['whole again'] / gap:.3f} "
              f"({total['melds']} of them with melds), another hand {total['another hand']}, "
              f"no legal hand {total['no legal hand']} (the tile is then added standing)")


if __name__ == "__main__":
    main()
