"""Reading held-out tile sets with a profile calibrated from ONE photo of the calibration sheet.

    python benchmarks/bench_calibration.py --tilesets /usr/share/kmahjongglib/tilesets \\
        --gnome /usr/share/gnome-mahjongg/themes/smooth.png [--n 20] [--seeds 12 13 14 15 16]
    python benchmarks/bench_calibration.py --sweep [--n 20]    # the mixing weight, dev seeds
    python benchmarks/bench_calibration.py --true-boxes --tilesets TS --gnome PNG --n 15 \\
        [--model DIR]                                          # compare classifiers, dev seeds

For each set never trained on (KDE `traditional`; gnome-mahjongg `smooth`), a sheet photo (one
tile of each kind in rows, datasets/synth/sheet.py) is rendered and calibrated exactly as
`mjlens calibrate SHEET --tiles "<the sheet>"` does (the detector's boxes in reading order).
Then synthetic hands drawn with that set (datasets.synth.make_sample, held-out seeds) are read
without and with the profile, in the same run:

- "code accuracy": per labelled hand tile whose box the detector found (IoU >= 0.5), the code
  is right (as benchmarks/bench_synth_detect.py);
- "hands, true boxes": the layout reader on the labelled boxes named by the reader
  (TileDetector.read_boxes) gives the scene's hand, over the fully visible hands;
- "detect time": total of TileDetector.detect over the scenes, with the profile / without.

`--sweep` chooses the profile's mixing weight and temperature on other sets: the drawn-b held-out
art (style held-out) on the development seeds 3-4, printing code accuracy at the true boxes for
each pair.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_synth_detect import HAND_GROUPS, match  # noqa: E402

SHEET_SEED = 4001
GNOME_SOURCE = "gnome-smooth"


def add_gnome(png: str, tilesets: str | None) -> None:
    """Put the gnome theme's faces into the synthetic face library under GNOME_SOURCE."""
    from datasets.synth.faces import DEFAULT_CACHE, FACE_H, FACE_W
    from datasets.synth.generate import _state
    from datasets.synth.gnome import gnome_faces

    lib, _ = _state(None, DEFAULT_CACHE, tilesets)
    lib.faces[GNOME_SOURCE] = gnome_faces(png, FACE_W, FACE_H)


def calibrate_sheet(det, source: str, style: str, tilesets, rows=None) -> tuple[object, str]:
    """(ProfileReader, note) from one rendered sheet photo (the standard sheet's `rows` unless
    given), through the CLI's function."""
    from datasets.synth.sheet import SHEET_ROWS, render_sheet
    from vision.detect.calibrate import CalibrationError, from_photos
    from vision.detect.profile import ProfileReader

    rows = rows or SHEET_ROWS
    jpeg, _ = render_sheet(SHEET_SEED, source, tilesets=tilesets, style=style, rows=rows)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.jpg"
        path.write_bytes(jpeg)
        try:
            profile = from_photos(det, [path], [" ".join(rows)], source)
        except CalibrationError as e:
            return None, str(e)
    return ProfileReader(profile), f"{len(profile)} tiles"


def scenes(seeds, n, source, style, tilesets):
    import cv2
    import numpy as np

    from datasets.synth import make_sample

    for seed in seeds:
        for i in range(n):
            s = make_sample(i, seed, size=640, style=style, tilesets=tilesets, source=source)
            yield s.sidecar, cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)


def measure(det, reader, seeds, n, source, style, tilesets) -> dict:
    from tests.test_layout_synth import mismatch, readable
    from vision.layout import read_layout

    c = {k: 0 for k in ("tiles", "found", "right", "found_p", "right_p", "scenes", "exact",
                        "exact_p")}
    c.update(t_plain=0.0, t_profile=0.0)
    for sc, img in scenes(seeds, n, source, style, tilesets):
        t0 = time.perf_counter()
        plain = det.detect(img)
        t1 = time.perf_counter()
        mine = det.detect(img, reader)
        c["t_plain"] += t1 - t0
        c["t_profile"] += time.perf_counter() - t1
        tiles = [t for t in sc["tiles"] if t["labelled"] and t["group"] in HAND_GROUPS]
        c["tiles"] += len(tiles)
        for dets, f, r in ((plain, "found", "right"), (mine, "found_p", "right_p")):
            for t, j in zip(tiles, match([t["box"] for t in tiles], [d.box for d in dets]),
                            strict=True):
                if j is not None:
                    c[f] += 1
                    c[r] += dets[j].code == t["label"]
        if readable(sc):
            c["scenes"] += 1
            true = [t for t in sc["tiles"] if t["labelled"]]
            boxes = [t["box"] for t in true]
            for prof, key in ((None, "exact"), (reader, "exact_p")):
                dets = det.read_boxes(img, boxes, prof)
                hand = read_layout(dets, 640, 640, image=img).hand
                c[key] += mismatch(sc, hand) is None
    return c


def sweep(det, seeds, n) -> None:
    """Code accuracy at the true boxes for each (weight, temperature), drawn-b art."""
    import numpy as np

    from scoring.tiles import DETECTOR_CLASSES
    from vision.detect.detector import split_not_tile
    from vision.detect.profile import ProfileReader

    reader, note = calibrate_sheet(det, "drawn-b", "held-out", None)
    print(f"sweep: drawn-b sheet calibrated ({note}); seeds {seeds} x {n}")
    probs, embs, labels = [], [], []
    for sc, img in scenes(seeds, n, None, "held-out", None):
        tiles = [t for t in sc["tiles"] if t["labelled"] and t["group"] in HAND_GROUPS]
        if not tiles:
            continue
        p, e = det.classify(img, np.array([t["box"] for t in tiles], float), embed=True)
        probs.append(split_not_tile(p)[0])
        embs.append(e)
        labels += [DETECTOR_CLASSES.index(t["label"]) for t in tiles]
    p, e, y = np.concatenate(probs), np.concatenate(embs), np.array(labels)
    p = p / p.sum(axis=1, keepdims=True)
    print(f"  {len(y)} crops; classifier alone {np.mean(p.argmax(1) == y):.3f}")
    for t in (0.02, 0.05, 0.1):
        row = []
        for w in (0.3, 0.5, 0.7, 0.85, 1.0):
            r = ProfileReader(reader.profile, weight=w, temperature=t)
            mixed, _ = r.mix(p, e)
            row.append(f"w {w:.2f}: {np.mean(mixed.argmax(1) == y):.3f}")
        print(f"  T {t:.2f}  " + "  ".join(row))


def true_boxes(det, seeds, n, tilesets) -> None:
    """Code accuracy at the true boxes, the classifier alone and with a one-sheet profile, for
    the three unseen arts (drawn-b, KDE traditional, gnome smooth): to compare classifiers."""
    import numpy as np

    from scoring.tiles import DETECTOR_CLASSES
    from vision.detect.detector import split_not_tile

    print(f"true boxes, seeds {seeds} x {n}, classifier alone / with the profile")
    for label, source, style, ts in (("drawn-b", None, "held-out", None),
                                     ("KDE traditional", "kde-traditional", "held-out-set",
                                      tilesets),
                                     ("gnome smooth", GNOME_SOURCE, "held-out-set", tilesets)):
        reader, note = calibrate_sheet(det, source or "drawn-b", style, ts)
        if reader is None:
            print(f"  {label}: not calibrated: {note}")
            continue
        probs, embs, labels = [], [], []
        for sc, img in scenes(seeds, n, source, style, ts):
            tiles = [t for t in sc["tiles"] if t["labelled"] and t["group"] in HAND_GROUPS]
            if tiles:
                p, e = det.classify(img, np.array([t["box"] for t in tiles], float), embed=True)
                probs.append(split_not_tile(p)[0])
                embs.append(e)
                labels += [DETECTOR_CLASSES.index(t["label"]) for t in tiles]
        p, e, y = np.concatenate(probs), np.concatenate(embs), np.array(labels)
        p = p / p.sum(axis=1, keepdims=True)
        mixed, _ = reader.mix(p, e)
        print(f"  {label}: {len(y)} crops, {np.mean(p.argmax(1) == y):.3f} / "
              f"{np.mean(mixed.argmax(1) == y):.3f} ({note}, weight {reader.weight:.2f})",
              flush=True)


def main(argv: list[str] | None = None) -> int:
    from datasets.synth.seeds import DEVELOPMENT, HELD_OUT
    from vision.detect import load_detector

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tilesets", default=None, help="KDE tilesets folder (kde-traditional)")
    ap.add_argument("--gnome", default=None, help="a gnome-mahjongg theme strip (smooth.png)")
    ap.add_argument("--seeds", type=int, nargs="+", default=None)
    ap.add_argument("--n", type=int, default=20, help="scenes per seed")
    ap.add_argument("--sweep", action="store_true", help="choose the mix on drawn-b, dev seeds")
    ap.add_argument("--model", default=None)
    ap.add_argument("--true-boxes", action="store_true",
                    help="code accuracy at the true boxes, three unseen arts, dev seeds")
    args = ap.parse_args(argv)
    det = load_detector(args.model)
    if args.sweep:
        sweep(det, args.seeds or list(DEVELOPMENT[1:3]), args.n)
        return 0
    if args.true_boxes:
        if args.gnome:
            add_gnome(args.gnome, args.tilesets)
        true_boxes(det, args.seeds or list(DEVELOPMENT[1:3]), args.n, args.tilesets)
        return 0
    seeds = args.seeds or list(HELD_OUT)
    sets = []
    if args.tilesets:
        sets.append(("KDE traditional", "kde-traditional", "held-out-set"))
    if args.gnome:
        add_gnome(args.gnome, args.tilesets)
        sets.append(("gnome smooth", GNOME_SOURCE, "held-out-set"))
    if not sets:
        ap.error("give --tilesets and/or --gnome")
    print(f"held-out seeds {seeds} x {args.n}, model {args.model or 'models/'}")
    print("| set | sheet | code accuracy without / with | hands, true boxes, without / with "
          "| detect time with / without |")
    print("|---|---|---|---|---|")
    for label, source, style in sets:
        reader, note = calibrate_sheet(det, source, style, args.tilesets)
        if reader is None:
            print(f"| {label} | not calibrated: {note} | | | |")
            continue
        c = measure(det, reader, seeds, args.n, source, style, args.tilesets)
        f, fp, s = max(1, c["found"]), max(1, c["found_p"]), max(1, c["scenes"])
        print(f"| {label} | {note} | {c['right'] / f:.3f} / **{c['right_p'] / fp:.3f}** | "
              f"{c['exact'] / s:.3f} / **{c['exact_p'] / s:.3f}** ({c['exact']} / "
              f"{c['exact_p']} of {c['scenes']}) | {c['t_profile'] / max(c['t_plain'], 1e-9):.3f}"
              f" ({c['t_profile']:.1f} s / {c['t_plain']:.1f} s) |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
