"""`mjlens detect IMAGE... [--json] [--model PATH]`: find and name the tiles in photos.

One JSON object per image and line, in input order (see CONTRACT.md); an unreadable image gets
an `{"image", "error"}` line, the others are still processed, and the exit status is then 1.
"""

from __future__ import annotations

import json
import sys


def register(sub) -> None:
    p = sub.add_parser("detect", help="detect the tiles in one or more photos")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.add_argument("--json", action="store_true", help="one JSON object per image and line")
    p.add_argument("--model", default=None,
                   help="model folder (detector.onnx + classifier.onnx) or a detector .onnx "
                        "with classifier.onnx beside it (default: the shipped models/)")
    p.add_argument("--conf", type=float, default=None, help="box score threshold (default 0.3)")
    p.add_argument("--alternatives", type=int, default=0, metavar="K",
                   help="also list the K most likely codes of each tile")
    p.set_defaults(func=run)


def load_detector(model: str | None, conf: float | None = None):
    """TileDetector from a folder, a detector .onnx path, or the shipped models."""
    from pathlib import Path

    from vision.detect import TileDetector

    kw = {} if conf is None else {"conf": conf}
    if model is None:
        return TileDetector(**kw)
    p = Path(model)
    if p.is_dir():
        return TileDetector(p, **kw)
    return TileDetector(detector=p, classifier=p.parent / "classifier.onnx", **kw)


def run(args) -> int:
    from vision.detect import ImageReadError, ModelError

    try:
        det = load_detector(args.model, args.conf)
    except ModelError as e:
        print(json.dumps({"error": str(e)}) if args.json else f"error: {e}", file=sys.stderr)
        return 2
    status = 0
    for src, im, res in det.detect_many(args.images):
        if isinstance(res, ImageReadError):
            status = 1
            if args.json:
                print(json.dumps({"image": src, "error": str(res)}, ensure_ascii=False), flush=True)
            else:
                print(f"error: {res}\n", flush=True)
            continue
        if args.json:
            print(json.dumps({
                "image": src, "width": im.width, "height": im.height,
                "tiles": [d.to_json(args.alternatives) for d in res],
            }, ensure_ascii=False), flush=True)
        else:
            _print_table(src, im, res, args.alternatives)
    return status


def _print_table(src, im, dets, alternatives: int) -> None:
    from scoring.tiles import CHINESE_NAMES, sorted_codes

    print(f"{src} ({im.width}x{im.height}): {len(dets)} tiles")
    print(f"  {'code':<5} {'name':<4} {'conf':>5}  box")
    for d in dets:
        x1, y1, x2, y2 = (round(v) for v in d.box)
        line = f"  {d.code:<5} {CHINESE_NAMES.get(d.code, ''):<4} {d.confidence:5.2f}  " \
               f"[{x1}, {y1}, {x2}, {y2}]"
        if alternatives:
            line += "  " + ", ".join(f"{c} {p:.2f}" for c, p in d.top(alternatives)[1:])
        print(line)
    if dets:
        print("  tiles: " + " ".join(sorted_codes(d.code for d in dets)))
    print(flush=True)
