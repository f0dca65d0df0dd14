"""Real photos, leave-one-source-out: a profile from 3 labelled photos of a source, the source's
other photos read without and with it.

    python benchmarks/bench_calibration_real.py [--data ../shared/data/photos/valid] [--k 3]

Sources are told by file names (vision.detect.evaluate.SOURCES: IMG phone photos, fb
social-media images, hand one-row hands, other). For each, the first K photos by name make the
profile (their labelled boxes and codes, as `mjlens calibrate --labels` reads them); the rest
are detected with and without it in the same run and scored as `mjlens eval` scores them
(tile F1 at IoU 0.5 with the code, hand exact-match).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    from vision.detect import load_detector
    from vision.detect.calibrate import box_examples, new_profile
    from vision.detect.evaluate import IMAGE_EXTS, SOURCES, read_labels, resolve_split, source_of
    from vision.detect.imageio import load_image
    from vision.detect.metrics import ImageResult, evaluate
    from vision.detect.profile import ProfileReader

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "photos" / "valid"))
    ap.add_argument("--k", type=int, default=3, help="photos of a source that make its profile")
    ap.add_argument("--sources", nargs="+", default=list(SOURCES), choices=SOURCES)
    ap.add_argument("--model", default=None)
    args = ap.parse_args(argv)
    det = load_detector(args.model)
    split, codes_of = resolve_split(args.data)
    images = sorted(p for p in (split / "images").iterdir() if p.suffix.lower() in IMAGE_EXTS)
    print("| source | calibration photos | test photos | F1 without / with | hands without / "
          "with |")
    print("|---|---|---|---|---|")
    for group in args.sources:
        mine = [p for p in images if source_of(p.name) == group]
        if len(mine) <= args.k:
            continue
        profile = new_profile(det, group)
        for p in mine[:args.k]:
            im = load_image(p)
            boxes, codes = read_labels(split / "labels" / (p.stem + ".txt"), codes_of,
                                       im.width, im.height)
            if codes:
                profile.add(*box_examples(det, im, boxes, codes))
        reader = ProfileReader(profile)
        print(f"  {group}: profile weight {reader.weight:.3f}", file=sys.stderr)
        results = {None: [], "profile": []}
        for p in mine[args.k:]:
            im = load_image(p)
            gt_boxes, gt_codes = read_labels(split / "labels" / (p.stem + ".txt"), codes_of,
                                             im.width, im.height)
            for key, prof in ((None, None), ("profile", reader)):
                dets = det.detect_loaded([im], prof)[0]
                results[key].append(ImageResult(
                    gt_boxes=gt_boxes, gt_codes=gt_codes,
                    pred_boxes=np.array([d.box for d in dets], float).reshape(-1, 4),
                    pred_codes=[d.code for d in dets],
                    pred_conf=np.array([d.confidence for d in dets], float),
                    pred_keep=np.array([d.box_score >= det.conf for d in dets], bool)))
        a, b = evaluate(results[None]), evaluate(results["profile"])
        print(f"| {group} | {args.k} ({len(profile.counts())} kinds) | {len(mine) - args.k} | "
              f"{a.f1:.4f} / {b.f1:.4f} | {a.hand_exact:.4f} / {b.hand_exact:.4f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
