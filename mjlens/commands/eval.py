"""`mjlens eval --data DIR`: score the detector on a YOLO-format labelled folder.

Prints mAP50, mAP50-95, tile precision/recall/F1 at IoU 0.5 with matching code, the five
classes with the worst recall, and the hand exact-match rate (predicted multiset of codes equal
to the labelled one). DIR is images/ + labels/, a dataset YAML, or a folder with data.yaml;
original Roboflow class names (sc1, bf2, ...) are mapped to tile codes.
"""

from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("eval", help="measure the detector on a labelled YOLO folder")
    p.add_argument("--data", required=True, help="images/+labels/ folder, data.yaml, or its folder")
    p.add_argument("--names", default=None, help="data.yaml whose names: the label indices use")
    p.add_argument("--model", default=None, help="model folder or detector .onnx")
    p.add_argument("--conf", type=float, default=None, help="box score threshold")
    p.add_argument("--limit", type=int, default=None, help="only the first N images")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args) -> int:
    from vision.detect import ModelError, load_detector
    from vision.detect.evaluate import EvalDataError, run_eval

    try:
        det = load_detector(args.model, args.conf)
        rep = run_eval(det, args.data, names=args.names, limit=args.limit,
                       progress=None if args.json else _progress)
    except (ModelError, EvalDataError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(rep.to_json()))
        return 0
    print(f"\rimages {rep.images}, tiles labelled {rep.n_gt}, predicted {rep.n_pred}     ")
    print(f"mAP50     {rep.map50:.4f}")
    print(f"mAP50-95  {rep.map50_95:.4f}")
    print(f"tiles (IoU 0.5, same code): precision {rep.precision:.4f}  recall {rep.recall:.4f}"
          f"  F1 {rep.f1:.4f}")
    print(f"hand exact-match {rep.hand_exact:.4f}")
    print("worst recall: " + ", ".join(f"{c} {r:.3f} ({n})" for c, r, n in rep.worst_recall))
    return 0


def _progress(i: int, n: int) -> None:
    if sys.stderr.isatty():
        print(f"\r{i}/{n}", end="", file=sys.stderr, flush=True)
