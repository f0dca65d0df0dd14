"""Which tiles the app offers as doubtful: misreads caught against right tiles flagged.

    python benchmarks/bench_doubtful.py [--data /work/shared/data/photos/valid] [--limit N]
                                        [--rules gb] [--rows rows.csv] [--from-rows rows.csv]

The app asks about a tile (orange, and a one-tap row under the hand, mjlens/ui/views_quick.py)
when it is `uncertain` (mjlens/ui/state.py DraftTile): the layout wrote a note on it, or its
confidence is low. Each labelled photo is read as the app reads it (vision.pipeline.scan_photo
under `--rules`, mjlens/ui/vision_adapter.scan_to_draft); every hand tile read from a box is
matched to a labelled box (IoU >= 0.5): "misread" when its code differs from the label's, "no
label" when no labelled box lies there (a box off the tiles, or a tile the labels lack), "right"
otherwise. For each candidate rule the table gives the misreads it
flags (caught) and the right tiles it flags (false alarms). Features per tile: the layout's note,
the confidence (box score x class probability), p1 the class probability of the code shown, p2
the best other code's probability. Tiles the layout added without a box carry a note and are
left out (the rule cannot change them).
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

Row = dict[str, float | str | bool]


def _iou(a, b) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    inter = w * h
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def _probs(det, code: str) -> tuple[float, float]:
    """(probability of `code`, best other code's probability) from a Detection's 43 classes."""
    from scoring.tiles import DETECTOR_CLASSES

    probs = getattr(det, "probs", None)
    if probs is None or code not in DETECTOR_CLASSES:
        return float(det.confidence), 0.0
    k = DETECTOR_CLASSES.index(code)
    others = [float(p) for i, p in enumerate(probs) if i != k]
    return float(probs[k]), max(others, default=0.0)


def photo_rows(path: Path, detector, codes: list[str], rules: str) -> list[Row]:
    """One row per hand tile of the photo's first reading that stands on a box."""
    from mjlens.ui.vision_adapter import scan_to_draft
    from vision.detect.evaluate import read_labels
    from vision.pipeline import scan_photo

    scanned = scan_photo(path, detector, rules=rules)
    draft = scan_to_draft(scanned)
    label = path.parent.parent / "labels" / (path.stem + ".txt")
    boxes, truth = read_labels(label, codes, scanned.image.width, scanned.image.height)
    rows = []
    for tile in draft.tiles:
        if tile.detection is None or not 0 <= tile.detection < len(scanned.detections):
            continue
        det = scanned.detections[tile.detection]
        overlaps = [_iou(det.box, b) for b in boxes]
        best = max(range(len(overlaps)), key=overlaps.__getitem__, default=None)
        true = truth[best] if best is not None and overlaps[best] >= 0.5 else ""
        p1, p2 = _probs(det, tile.code)
        rows.append({"photo": path.name, "code": tile.code, "truth": true,
                     "wrong": tile.code != true, "note": bool(tile.note),
                     "confidence": float(tile.confidence or 0.0), "p1": p1, "p2": p2})
    return rows


def _before(r: Row) -> bool:
    return bool(r["note"]) or r["confidence"] < 0.6


RULES: dict[str, Callable[[Row], bool]] = {
    "note or confidence < 0.6 (the app's)": _before,
    "note or confidence < 0.5": lambda r: bool(r["note"]) or r["confidence"] < 0.5,
    "note or confidence < 0.65": lambda r: bool(r["note"]) or r["confidence"] < 0.65,
    "note or confidence < 0.7": lambda r: bool(r["note"]) or r["confidence"] < 0.7,
    "the app's, or p2 > 0.25": lambda r: _before(r) or r["p2"] > 0.25,
    "the app's, or p2 > 0.1": lambda r: _before(r) or r["p2"] > 0.1,
    "the app's, or p1 - p2 < 0.4": lambda r: _before(r) or r["p1"] - r["p2"] < 0.4,
    "the app's, or p1 - p2 < 0.8": lambda r: _before(r) or r["p1"] - r["p2"] < 0.8,
    "the app's, or p1 < 0.85": lambda r: _before(r) or r["p1"] < 0.85,
}


def table(rows: list[Row]) -> list[str]:
    """Per rule: misreads flagged (a labelled tile read as another code), boxes on no labelled
    tile flagged, right tiles flagged (false alarms)."""
    misread = [r for r in rows if r["wrong"] and r["truth"]]
    unlabelled = [r for r in rows if r["wrong"] and not r["truth"]]
    right = [r for r in rows if not r["wrong"]]
    out = [f"tiles {len(rows)}: misread {len(misread)}, on no labelled tile {len(unlabelled)}, "
           f"right {len(right)}",
           f"{'rule':38} {'misreads':>10} {'no label':>9} {'false alarms':>14}"]
    for name, rule in RULES.items():
        a, b, c = (sum(1 for r in group if rule(r)) for group in (misread, unlabelled, right))
        out.append(f"{name:38} {a:3} ({a / max(len(misread), 1):4.0%}) {b:4} ({b / max(len(unlabelled), 1):4.0%})"
                   f" {c:5} ({c / max(len(right), 1):5.1%})")
    return out


def read_rows(path: str) -> list[Row]:
    """Rows written by --rows, to try other rules without reading the photos again."""
    with open(path, encoding="utf-8") as f:
        rows: list[Row] = list(csv.DictReader(f))
    for r in rows:
        r["wrong"], r["note"] = r["wrong"] == "True", r["note"] == "True"
        for k in ("confidence", "p1", "p2"):
            r[k] = float(r[k])
    return rows


def main(argv: list[str] | None = None) -> int:
    from vision.detect import load_detector
    from vision.detect.evaluate import IMAGE_EXTS, resolve_split

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default="/work/shared/data/photos/valid")
    ap.add_argument("--rules", default="gb")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--rows", default=None, help="write every tile's features to this CSV")
    ap.add_argument("--from-rows", default=None, help="tabulate a --rows CSV instead")
    args = ap.parse_args(argv)
    if args.from_rows:
        print("\n".join(table(read_rows(args.from_rows))))
        return 0
    split, codes = resolve_split(args.data)
    detector = load_detector()
    photos = sorted(p for p in (split / "images").iterdir() if p.suffix.lower() in IMAGE_EXTS)
    rows: list[Row] = []
    for path in photos[:args.limit]:
        rows += photo_rows(path, detector, codes, args.rules)
    if args.rows:
        with open(args.rows, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    print(f"{len(photos[:args.limit])} photos, rules {args.rules}")
    print("\n".join(table(rows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
