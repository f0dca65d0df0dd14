"""A digest of the layout's readings, to show that a refactoring changed no reading.

    python benchmarks/layout_digest.py [--seeds 20261129 5] [--scenes 100] [--store DIR] [--crops DIR]
                                      [--no-notes]

Renders synthetic scenes (datasets.synth.make_sample, 320 px, no camera effects), reads each from
its true boxes, alone and with the rendered photo (the faces' sideways cue), and prints the md5
of the readings' JSON (hand, notation, confidence, legal, winning, notes, alternatives) per seed.
The scenes are kept in `--store` (default /tmp/mjlens_layout_scenes) and read back from there,
so a later change to the generator does not change the input of a before/after comparison.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KEYS = ("hand", "notation", "confidence", "legal", "winning", "uncertain", "alternatives")


def _reading(js: dict, notes: bool) -> dict:
    """The parts of a reading's JSON the digest covers (the alternatives without their box
    links and Chinese, which came later; the notes unless `notes` is False)."""
    out = {k: js.get(k) for k in KEYS if notes or k != "uncertain"}
    out["alternatives"] = [{k: v for k, v in a.items() if k not in ("links", "why_zh")}
                           for a in out["alternatives"]]
    return out


def scenes(seed: int, count: int, store: Path, crops: Path | None) -> list[tuple[dict, bytes]]:
    path = store / f"seed{seed}_n{count}.pkl"
    if path.exists():
        return pickle.loads(path.read_bytes())
    from datasets.synth import make_sample

    out = []
    for i in range(count):
        kw = {"crops": crops} if crops else {}
        s = make_sample(i, seed, size=320, effects=False, **kw)
        out.append((s.sidecar, s.jpeg))
    store.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(out))
    return out


def boxes(sidecar: dict) -> list[dict]:
    return [{"code": t["label"], "box": t["box"], "confidence": 1.0}
            for t in sidecar["tiles"] if t["labelled"]]


def digest(seed: int, count: int, store: Path, crops: Path | None,
           notes: bool = True) -> tuple[str, int, float]:
    import cv2
    import numpy as np

    from vision.layout import read_layout

    md5 = hashlib.md5()
    n, t0 = 0, time.perf_counter()
    for sidecar, jpeg in scenes(seed, count, store, crops):
        img = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
        for image in (None, img):
            out = read_layout(boxes(sidecar), sidecar["width"], sidecar["height"], image=image)
            md5.update(json.dumps(_reading(out.to_json(), notes), sort_keys=True,
                                  ensure_ascii=False).encode())
            n += 1
    return md5.hexdigest(), n, (time.perf_counter() - t0) / max(n, 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=[20261129, 5])
    ap.add_argument("--scenes", type=int, default=100)
    ap.add_argument("--store", type=Path, default=Path("/tmp/mjlens_layout_scenes"))
    ap.add_argument("--crops", type=Path, default=None,
                    help="tile crops for the renderer (default: ../shared/data/tile-crops)")
    ap.add_argument("--no-notes", action="store_true", help="leave the notes out of the digest")
    args = ap.parse_args()
    for seed in args.seeds:
        h, n, per = digest(seed, args.scenes, args.store, args.crops, not args.no_notes)
        print(f"seed {seed}: {n} readings, md5 {h}, {per * 1000:.0f} ms per reading")


if __name__ == "__main__":
    main()
