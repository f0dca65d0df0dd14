"""End-to-end rate of the layout reader: true boxes (reference) vs the detector's own boxes.

    python benchmarks/bench_layout.py [--synth N] [--seed S] [--real DIR] [--model PATH] [--sets 5]
    python benchmarks/bench_layout.py --held-out

Synthetic scenes (datasets.synth.make_sample, 640 px, camera effects, drawn faces): the layout is
run on the true boxes (alone, and with the rendered image for the photo's cues) and, when a
model is available, on the detector's boxes of the rendered image; "exact" compares the hand
structure the photo shows (datasets/synth/truth.py `mismatch`), "tiles" the multiset of tiles
(hand tiles + flowers).

--held-out: the pooled rates of the held-out seeds (datasets/synth/seeds.py; the scenes of the
layout test's slow held-out test: 320 px, no camera effects), true boxes alone and with the
photo, with 95% Wilson intervals; nothing per scene is printed.

`--sets 5`: 16-tile hands (datasets.synth.hands.YUHUAN: five sets and a pair, no flowers, no 白板)
read under rule set yuhuan (the layout sizes the hand from it); the real photos are skipped.

Real photos (default ../shared/data/photos/valid): a photo counts as "one hand in a row" when it
has 13 to 18 labelled tiles and one fitted row (vision.layout.scene.build_scene) holds all of
them, with no tile left over. Its true structure is unknown, so the layout on the labelled boxes
is the reference: "tiles" compares the predicted tile multiset (detector boxes) with the
labelled one, "same reading" the whole reading with the reference's.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scoring.tiles import DETECTOR_CLASSES  # noqa: E402
from vision.layout import hand_key, read_layout  # noqa: E402
from vision.layout.boxes import parse_detections  # noqa: E402
from vision.layout.scene import build_scene  # noqa: E402


def tiles_of(result) -> Counter:
    if result.hand is None:
        return Counter()
    return Counter(result.hand.all_tiles) + Counter(result.hand.flowers)


def overlap(got: Counter, want: Counter) -> float:
    """Share of the true tiles found (multiset intersection over the true count)."""
    return sum((got & want).values()) / max(1, sum(want.values()))


def load_detector(model):
    try:
        from vision.detect import ModelError
        from vision.detect import load_detector as load

        return load(model)
    except ModelError as exc:  # no model: the reference rows only
        print(f"(no detector: {exc})")
        return None


def bench_synth(n: int, seed: int, det, hands=None, rules: str | None = None,
                start: int = 0) -> None:
    import cv2
    import numpy as np

    from datasets.synth import make_sample
    from datasets.synth.truth import layout_cases, mismatch, readable, scene_detections

    stats = Counter()
    by_case: dict[str, Counter] = {}
    t0 = time.perf_counter()
    for i in range(start, start + n):
        s = make_sample(i, seed, size=640, hands=hands)
        sc = s.sidecar
        if not readable(sc):
            stats["hidden tiles"] += 1
            continue
        stats["scenes"] += 1
        ref = read_layout(scene_detections(sc), 640, 640, rules=rules)
        true_tiles = Counter(a for t in sc["tiles"] if t["group"] in ("concealed", "meld", "win",
                                                                         "flower")
                             for a in [t["code"]])
        exact = mismatch(sc, ref.hand) is None
        stats["ref exact"] += exact
        for case in layout_cases(sc):
            by_case.setdefault(case, Counter())[exact] += 1
        stats["ref tiles"] += tiles_of(ref) == true_tiles
        img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
        photo = read_layout(scene_detections(sc), 640, 640, image=img, rules=rules)
        stats["photo exact"] += mismatch(sc, photo.hand) is None
        stats["photo listed"] += mismatch(sc, photo.hand) is None or any(
            mismatch(sc, a.hand) is None for a in photo.alternatives)
        if det is not None:
            boxes = det.detect(img)
            got = read_layout(boxes, 640, 640, rules=rules)
            stats["det exact"] += mismatch(sc, got.hand) is None
            stats["det photo exact"] += mismatch(sc, read_layout(
                boxes, 640, 640, image=img, rules=rules).hand) is None
            stats["det tiles"] += tiles_of(got) == true_tiles
            stats["det overlap"] += overlap(tiles_of(got), true_tiles)
            stats["det hand"] += got.hand is not None
    k = max(1, stats["scenes"])
    print(f"synthetic{' 16-tile (' + rules + ')' if hands else ''}: "
          f"{stats['scenes']} readable scenes of {n} (seed {seed}, from index {start}), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"  true boxes:     exact {stats['ref exact'] / k:.3f}  tiles {stats['ref tiles'] / k:.3f}")
    print(f"  true boxes + photo (vision/layout/image.py): exact {stats['photo exact'] / k:.3f}  "
          f"true hand read or listed {stats['photo listed'] / k:.3f}")
    print("  exact per case (true boxes): " + ", ".join(
        f"{c}: {v[True]}/{v[True] + v[False]}" for c, v in sorted(by_case.items())))
    if det is not None:
        print(f"  detector boxes: exact {stats['det exact'] / k:.3f} (with the photo "
              f"{stats['det photo exact'] / k:.3f})  "
              f"tiles {stats['det tiles'] / k:.3f}  hand read {stats['det hand'] / k:.3f}  "
              f"true tiles found {stats['det overlap'] / k:.3f}")


def bench_held_out() -> None:
    """Pooled rates of the held-out seeds, from the boxes alone and with the photo."""
    import cv2
    import numpy as np

    from datasets.synth import make_sample, seeds
    from datasets.synth.truth import mismatch, readable, scene_detections, wilson_interval

    stats = Counter()
    size = seeds.SCENE_SIZE
    t0 = time.perf_counter()
    for seed in seeds.HELD_OUT:
        for i in range(seeds.SCENES_PER_SEED):
            s = make_sample(i, seed, size=size, effects=False)
            sc = s.sidecar
            if not readable(sc):
                continue
            stats["scenes"] += 1
            dets = scene_detections(sc)
            stats["boxes exact"] += mismatch(sc, read_layout(dets, size, size).hand) is None
            img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
            photo = read_layout(dets, size, size, image=img)
            stats["photo exact"] += mismatch(sc, photo.hand) is None
            stats["photo listed"] += mismatch(sc, photo.hand) is None or any(
                mismatch(sc, a.hand) is None for a in photo.alternatives)
    n = stats["scenes"]
    print(f"held-out seeds {seeds.HELD_OUT}: {n} fully visible scenes of "
          f"{len(seeds.HELD_OUT) * seeds.SCENES_PER_SEED}, {time.perf_counter() - t0:.0f} s")
    for key, label in (("boxes exact", "true boxes alone: exact"),
                       ("photo exact", "true boxes + photo: exact"),
                       ("photo listed", "true boxes + photo: read or listed")):
        lo, hi = wilson_interval(stats[key], n)
        print(f"  {label} {stats[key]}/{n} = {stats[key] / max(n, 1):.3f} "
              f"(95% Wilson {lo:.3f}-{hi:.3f})")


def yolo_boxes(label: Path, w: int, h: int) -> list[dict]:
    from datasets.convert_real import NAME_TO_CODE, ROBOFLOW_NAMES

    out = []
    for line in label.read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        cls = int(parts[0])
        vals = [float(v) for v in parts[1:]]
        if len(vals) == 4:
            cx, cy, bw, bh = vals
            box = [(cx - bw / 2) * w, (cy - bh / 2) * h, (cx + bw / 2) * w, (cy + bh / 2) * h]
        else:  # polygon
            xs, ys = vals[0::2], vals[1::2]
            box = [min(xs) * w, min(ys) * h, max(xs) * w, max(ys) * h]
        code = NAME_TO_CODE.get(ROBOFLOW_NAMES[cls]) if cls < len(ROBOFLOW_NAMES) else None
        if code in DETECTOR_CLASSES:
            out.append({"code": code, "box": box, "confidence": 1.0})
    return out


def one_row(dets: list[dict]) -> bool:
    if not 13 <= len(dets) <= 18:
        return False
    parsed, notes = parse_detections(dets)
    scene = build_scene(parsed, notes)
    return len(scene.frames) == 1 and not scene.strays and not scene.loose_flowers and sum(
        len(r) for r in scene.rows) == len(dets)


def bench_real(folder: Path, det) -> None:
    import cv2

    images = sorted((folder / "images").glob("*"))
    stats = Counter()
    for img in images:
        label = folder / "labels" / (img.stem + ".txt")
        if not label.exists():
            continue
        dets = yolo_boxes(label, 640, 640)
        if not one_row(dets):
            continue
        stats["photos"] += 1
        ref = read_layout(dets, 640, 640)
        stats["ref legal"] += ref.legal
        if det is not None:
            boxes = det.detect(str(img))
            pixels = cv2.imread(str(img), cv2.IMREAD_COLOR)
            got = read_layout(boxes, 640, 640)
            want = Counter(d["code"] for d in dets)
            stats["tiles"] += tiles_of(got) == want
            stats["overlap"] += overlap(tiles_of(got), want)
            stats["same"] += (got.hand is not None and ref.hand is not None
                              and hand_key(got.hand) == hand_key(ref.hand))
            photo = read_layout(boxes, 640, 640, image=pixels)
            stats["same photo"] += (photo.hand is not None and ref.hand is not None
                                    and hand_key(photo.hand) == hand_key(ref.hand))
    k = max(1, stats["photos"])
    print(f"real: {stats['photos']} one-row photos of {len(images)} in {folder}")
    print(f"  labelled boxes: legal hand {stats['ref legal'] / k:.3f}")
    if det is not None:
        print(f"  detector boxes: tiles {stats['tiles'] / k:.3f}  same reading as labels "
              f"{stats['same'] / k:.3f} (with the photo {stats['same photo'] / k:.3f})  "
              f"labelled tiles found {stats['overlap'] / k:.3f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--synth", type=int, default=200)
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--real", default=str(ROOT.parent / "shared" / "data" / "photos" / "valid"))
    ap.add_argument("--model", default=None)
    ap.add_argument("--held-out", action="store_true",
                    help="only the pooled rates of the held-out seeds (true boxes)")
    ap.add_argument("--start", type=int, default=0, help="first synthetic scene index")
    ap.add_argument("--sets", type=int, choices=(4, 5), default=4,
                    help="5: 16-tile synthetic hands read under yuhuan (no real photos)")
    ap.add_argument("--rules", choices=("yuhuan", "taiwan"), default="yuhuan",
                    help="with --sets 5: yuhuan (no flowers, no 白板) or taiwan (flowers)")
    args = ap.parse_args()
    if args.held_out:
        bench_held_out()
        return
    det = load_detector(args.model)
    if args.synth:
        if args.sets == 5:
            from datasets.synth.hands import YUHUAN, HandSpec

            spec = YUHUAN if args.rules == "yuhuan" else HandSpec(sets=5)
            bench_synth(args.synth, args.seed, det, spec, args.rules, args.start)
        else:
            bench_synth(args.synth, args.seed, det, start=args.start)
    if args.sets == 4 and args.real and Path(args.real).exists():
        bench_real(Path(args.real), det)


if __name__ == "__main__":
    main()
