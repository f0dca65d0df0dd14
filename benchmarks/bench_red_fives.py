"""Red-five flag (vision/detect/red_five.py) precision and recall on synthetic riichi art.

Scenes come from the synthetic generator with a `style`: "train" draws the training art (the
pymdownx-mahjong SVG faces and drawn-a, each with its red fives), "held-out" only the held-out
art drawn-b and its red fives, on a body colour no training set has. The truth of each five is
its face source (`red-...`) in the scene's sidecar.

    python benchmarks/bench_red_fives.py                  # held-out art, the true boxes
    python benchmarks/bench_red_fives.py --detector       # also through the shipped detector
    python benchmarks/bench_red_fives.py --fit            # refit the weights on training art
    python benchmarks/bench_red_fives.py --detector --profile   # also with a riichi-set profile
    python benchmarks/bench_red_fives.py --detector --rules riichi  # also over riichi's tiles

`--profile` calibrates a tile-set profile from ONE rendered photo of the riichi calibration
sheet (datasets/synth/sheet.py RIICHI_SHEET_ROWS: the 34 kinds and the three red fives, listed
as 0m 0p 0s) in the held-out art, as `mjlens calibrate SHEET --tiles "..."` does, and reads the
same scenes through the detector with it: the profile names the fives and says which are red.
`--rules riichi` also reads every detection over the tiles riichi is played with (no flowers:
vision/detect/game_tiles.py, as `scan --rules riichi` does), from the same detections.

Seeds (datasets/synth/seeds.py): RED_FIVE_FITTING fit the weights (and chose the features);
RED_FIVE_DEVELOPMENT is held-out art that was looked at while choosing the features; the
figures quoted are on RED_FIVE_HELD_OUT only.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from datasets.synth.generate import make_sample  # noqa: E402
from datasets.synth.seeds import (  # noqa: E402
    RED_FIVE_DEVELOPMENT,
    RED_FIVE_FITTING,
    RED_FIVE_HELD_OUT,
)
from vision.detect.red_five import FIVES, THRESHOLD, features, red_probability  # noqa: E402

SHEET_SEED = 4001  # the calibration sheet's photo, as benchmarks/bench_calibration.py


def scenes(seed: int, style: str, n: int):
    import cv2

    for i in range(n):
        s = make_sample(i, seed, 640, None, style=style)
        img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
        fives = [t for t in s.sidecar["tiles"] if t["code"] in FIVES and t["labelled"]
                 and not t["face_down"] and t["box"]]
        yield img, [(t["code"], t["box"], str(t.get("face", "")).startswith("red-")) for t in fives]


def rates(pairs) -> tuple[float, float, int, int]:
    pred = np.array([p for p, _ in pairs], bool)
    true = np.array([t for _, t in pairs], bool)
    tp, fp, fn = int((pred & true).sum()), int((pred & ~true).sum()), int((~pred & true).sum())
    return tp / max(tp + fp, 1), tp / max(tp + fn, 1), len(pairs), int(true.sum())


def fit(n: int) -> None:
    rows = [(code, features(img, box), red) for seed in RED_FIVE_FITTING
            for img, fives in scenes(seed, "train", n) for code, box, red in fives]
    for code in FIVES:
        X = np.array([f for c, f, _ in rows if c == code])
        y = np.array([r for c, _, r in rows if c == code], float)
        w = np.zeros(X.shape[1])
        for _ in range(30):  # Newton steps of an L2-regularised logistic regression
            p = 1 / (1 + np.exp(-X @ w))
            hess = (X * (p * (1 - p))[:, None]).T @ X + 0.1 * np.eye(len(w))
            w -= np.linalg.solve(hess, X.T @ (p - y) + 0.1 * w)
        print(f'    "{code}": {tuple(round(float(v), 3) for v in w)},')


def _iou(a, b) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def riichi_profile(detector, source: str = "drawn-b", style: str = "held-out"):
    """A ProfileReader calibrated from one rendered riichi sheet photo of `source`'s art."""
    import tempfile

    from datasets.synth.sheet import RIICHI_SHEET_ROWS, RIICHI_SHEET_TILES, render_sheet
    from vision.detect.calibrate import from_photos
    from vision.detect.profile import ProfileReader

    jpeg, _ = render_sheet(SHEET_SEED, source, style=style, rows=RIICHI_SHEET_ROWS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sheet.jpg"
        path.write_bytes(jpeg)
        return ProfileReader(from_photos(detector, [path], [RIICHI_SHEET_TILES], source))


def measure(seeds, style: str, n: int, detector, profile=None, tiles=None) -> None:
    from vision.detect.game_tiles import keep_to_tiles

    truth = []
    readings = {"": ([], []), " over the game's tiles": ([], [])}
    for seed in seeds:
        for img, fives in scenes(seed, style, n):
            truth += [(red_probability(img, box, code) >= THRESHOLD, red)
                      for code, box, red in fives]
            if detector is None:
                continue
            dets = detector.detect(img, profile)
            both = {"": dets}
            if tiles is not None:
                both[" over the game's tiles"] = keep_to_tiles(dets, tiles, img=img,
                                                               min_score=detector.conf)
            for how, got in both.items():
                through, whole = readings[how]
                for code, box, red in fives:
                    hit = max(got, key=lambda d: _iou(d.box, box), default=None)
                    named = hit is not None and _iou(hit.box, box) > 0.5 and hit.code == code
                    if named:
                        through.append((hit.red, red))
                    # every five of the scene: flagged only when found, named and marked red
                    whole.append((named and hit.red, red))
    p, r, n_fives, n_red = rates(truth)
    print(f"{style} seeds {list(seeds)}, true boxes: precision {p:.3f} recall {r:.3f} "
          f"({n_fives} fives, {n_red} red)")
    if profile is not None:
        print(f"  with the profile of one riichi sheet ({len(profile.profile)} pictures):")
    for how, (through, whole) in readings.items():
        if not whole:
            continue
        p, r, n_fives, n_red = rates(through)
        print(f"  through the detector{how} (fives found and named right): precision {p:.3f} "
              f"recall {r:.3f} ({n_fives} fives, {n_red} red)")
        p, r, n_fives, n_red = rates(whole)
        print(f"  end to end{how} (every five of the scenes): precision {p:.3f} recall {r:.3f} "
              f"({n_fives} fives, {n_red} red)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", type=int, default=200, help="scenes per seed")
    ap.add_argument("--fit", action="store_true", help="refit the weights on the training art")
    ap.add_argument("--detector", action="store_true", help="also run the shipped detector")
    ap.add_argument("--development", action="store_true",
                    help="measure on the development seeds instead of the held-out ones")
    ap.add_argument("--held-out-only", action="store_true", help="skip the training-art figures")
    ap.add_argument("--profile", action="store_true",
                    help="with --detector: also read with a profile of one riichi sheet photo")
    ap.add_argument("--rules", default=None,
                    help="with --detector: also read over the tiles of this game (riichi)")
    args = ap.parse_args()
    if args.fit:
        fit(args.scenes)
        return
    detector = None
    if args.detector:
        from vision.detect import load_detector

        detector = load_detector()
    if not args.held_out_only:
        measure(RED_FIVE_FITTING, "train", args.scenes, None)
    seeds = RED_FIVE_DEVELOPMENT if args.development else RED_FIVE_HELD_OUT
    tiles = None
    if args.rules:
        from scoring.ruleset import get_ruleset

        tiles = get_ruleset(args.rules).tiles_for()
    measure(seeds, "held-out", args.scenes, detector, tiles=tiles)
    if args.profile and detector is not None:
        measure(seeds, "held-out", args.scenes, detector, riichi_profile(detector), tiles)


if __name__ == "__main__":
    main()
