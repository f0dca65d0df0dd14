"""The reader on cluttered tables: synthetic scenes on held-out surfaces with held-out art.

    python benchmarks/bench_clutter.py [--n 40] [--tilesets /usr/share/kmahjongglib/tilesets]
        [--model DIR] [--table-profile K] [--json]

Scenes: `make_sample(i, seed, 640, style="clutter-held-out")` on the held-out clutter seeds
(datasets/synth/seeds.py CLUTTER_HELD_OUT; pooled rates only): the held-out face art drawn-b
(and the held-out KDE set `traditional` with --tilesets) on the held-out variants of the
keyboards, stone, wood, fabric, mats, paper and screens (datasets/synth/clutter.py), none of
which any training set contains; camera effects on. A second set of the same seeds (indices
from 10,000) draws hands of a game without flowers, for "flower codes on a set without flowers",
and a third (indices from 20,000) hands of the three suits alone (Sichuan's tiles). Those two
are also read over their game's tiles (vision/detect/game_tiles.py, as `scan --rules riichi` and
`--rules sichuan` read them), from the same detections: both readings are printed.

Every labelled tile counts, the loose ones beside the hand too (a tile on the table is a tile).
A detection is right when it is matched (greedy, IoU >= 0.5) to a labelled tile and its code is
that tile's label (its code, or `back` face down); a red five must be read as its five.
Detections on tiles too hidden to be labelled (under 40% of the face visible) count neither
way; every other detection is wrong ("on the surface" when it touches no tile at all).

- tile precision = right / counted detections; tile recall = right / labelled tiles;
- recall per kind: red fives, white dragons (5z face up), backs (face down or seen from
  behind), flowers, standing, flat (lying face up), tilted (the face's top edge 15-75 degrees
  from the image axes).

`--table-profile K` also reads the same scenes with the tile-set profile a player would make
(vision/detect/profile.py): one rendered calibration-sheet photo of the scene's art (as
benchmarks/bench_calibration.py), and as "not a tile" the boxes the detector put on the
surfaces (touching no tile) of the first K scenes of the development clutter seed
(CLUTTER_DEVELOPMENT, held-out surfaces, all families): the wrong boxes a player would have
marked on earlier photos at their tables. Both readings are printed, from the same run.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KINDS = ("red five", "white dragon", "back", "flower", "standing", "flat", "tilted")
NO_FLOWER_OFFSET = 10_000
SUITS_OFFSET = 20_000


def kinds_of(tile: dict) -> list[str]:
    """The kinds of a sidecar tile (datasets/synth/generate.py) that the benchmark counts."""
    import numpy as np

    out = []
    if (tile.get("face") or "").startswith("red-"):
        out.append("red five")
    if tile["label"] == "back":
        out.append("back")
    elif tile["code"] == "5z":
        out.append("white dragon")
    if tile["code"].endswith("f") and tile["label"] != "back":
        out.append("flower")
    if tile["standing"]:
        out.append("standing")
    elif not tile["face_down"]:
        out.append("flat")
    (x0, y0), (x1, y1) = tile["quad"][0], tile["quad"][1]
    angle = float(np.degrees(np.arctan2(y1 - y0, x1 - x0))) % 90
    if 15 <= angle <= 75:
        out.append("tilted")
    return out


def score_scene(sidecar: dict, boxes, codes) -> Counter:
    """Counts of one scene: labelled tiles, right readings (overall and per kind), counted
    detections, detections on the surface, flower codes read."""
    import numpy as np

    from benchmarks.bench_synth_detect import match
    from vision.detect.metrics import box_iou

    c = Counter()
    tiles = [t for t in sidecar["tiles"] if t["labelled"]]
    hidden = [t["box"] for t in sidecar["tiles"] if not t["labelled"] and t["box"]]
    anywhere = [t["box"] for t in sidecar["tiles"] if t["box"]]
    m = match([t["box"] for t in tiles], boxes)
    used = {j for j in m if j is not None}
    for t, j in zip(tiles, m, strict=True):
        ok = j is not None and codes[j] == t["label"]
        c["tiles"] += 1
        c["right"] += ok
        for k in kinds_of(t):
            c[f"{k}|n"] += 1
            c[f"{k}|right"] += ok
    b = np.asarray(boxes, float).reshape(-1, 4)
    for j in range(len(b)):
        c["flower codes"] += codes[j].endswith("f")
        if j in used:
            c["counted"] += 1
            continue
        if hidden and box_iou(b[j:j + 1], np.asarray(hidden, float)).max() >= 0.3:
            continue  # a box on a tile too hidden to be labelled: neither right nor wrong
        c["counted"] += 1
        if not anywhere or box_iou(b[j:j + 1], np.asarray(anywhere, float)).max() < 0.05:
            c["on surface"] += 1
    return c


def table_examples(det, k: int, tilesets=None):
    """(crops, embeddings) of the boxes the detector puts on no tile in the first `k` scenes of
    the development clutter seed."""
    import cv2
    import numpy as np

    from datasets.synth import make_sample
    from datasets.synth.seeds import CLUTTER_DEVELOPMENT
    from vision.detect.metrics import box_iou

    crops = []
    for i in range(k):
        s = make_sample(i, CLUTTER_DEVELOPMENT[0], 640, style="clutter-held-out",
                        tilesets=tilesets)
        img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
        boxes = np.array([d.box for d in det.detect(img)], float).reshape(-1, 4)
        tiles = np.array([t["box"] for t in s.sidecar["tiles"] if t["box"]], float)
        free = box_iou(boxes, tiles.reshape(-1, 4)).max(1) < 0.05 if len(tiles) else \
            np.ones(len(boxes), bool)
        crops.append(det.crops_of(img, boxes[free]))
    crops = np.concatenate(crops)
    return crops, det.embed_crops(crops)[1]


def table_profiles(det, k: int, tilesets=None, rows=None) -> dict:
    """A ProfileReader per held-out art (the scene's `face_source`): its sheet (`rows`: the
    standard sheet's unless given), and the table."""
    from benchmarks.bench_calibration import calibrate_sheet
    from vision.detect.profile import ProfileReader

    table = table_examples(det, k, tilesets)
    arts = [("drawn-b", "held-out")] + ([("kde-traditional", "held-out-set")] if tilesets else [])
    out = {}
    for source, style in arts:
        reader, note = calibrate_sheet(det, source, style, tilesets, rows)
        if reader is None:
            raise SystemExit(f"the {source} sheet does not calibrate: {note}")
        reader.profile.add_not_tiles(*table)
        out[source] = ProfileReader(reader.profile)
    return out


def run(seeds, n: int, model: str | None, tilesets=None, profiles=None) -> dict:
    """The benchmark's figures; with `profiles` (art -> ProfileReader) each scene is read with
    its art's profile."""
    import cv2
    import numpy as np

    from datasets.synth import make_sample
    from datasets.synth.hands import HandSpec
    from scoring import tiles as T
    from vision.detect import load_detector
    from vision.detect.game_tiles import keep_to_tiles

    det = load_detector(model)
    honours = tuple(c for c in T.TILE_CODES if T.is_honor(c))
    games = {  # name: (index offset, hands drawn, the game's tiles)
        "all": (0, None, None),
        "no flowers": (NO_FLOWER_OFFSET, HandSpec(flowers=False), T.TILE_CODES),
        "suits": (SUITS_OFFSET, HandSpec(flowers=False, leave_out=honours),
                  tuple(c for c in T.TILE_CODES if T.is_suited(c))),
    }
    counts = {name: (Counter(), Counter()) for name in games}  # (as read, over its tiles)
    t0 = time.perf_counter()
    for seed in seeds:
        for i in range(n):
            for name, (offset, hands, tiles) in games.items():
                if offset and i >= max(1, n // 2):
                    continue
                s = make_sample(i + offset, seed, 640, style="clutter-held-out", hands=hands,
                                tilesets=tilesets)
                img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
                art = s.sidecar["layout"]["face_source"]
                dets = det.detect(img, profiles[art] if profiles else None)
                readings = [dets] if tiles is None else \
                    [dets, keep_to_tiles(dets, tiles, img=img, min_score=det.conf)]
                for acc, got in zip(counts[name], readings, strict=False):
                    c = score_scene(s.sidecar, [d.box for d in got], [d.code for d in got])
                    c["scenes"] += 1
                    acc.update(c)
    return {"seeds": list(seeds), "n": n, "model": model or "models/",
            "tilesets": bool(tilesets), "profile": bool(profiles),
            "seconds": round(time.perf_counter() - t0),
            **summary(counts["all"][0], counts["no flowers"][0]),
            "games": {name: {"as read": summary(*[counts[name][0]] * 2),
                             "over the game's tiles": summary(*[counts[name][1]] * 2)}
                      for name in ("no flowers", "suits")}}


def summary(total: Counter, plain: Counter) -> dict:
    def rate(a, b):
        return round(a / b, 3) if b else None

    return {
        "scenes": total["scenes"], "tiles": total["tiles"],
        "precision": rate(total["right"], total["counted"]),
        "recall": rate(total["right"], total["tiles"]),
        "boxes on the surface per scene": rate(total["on surface"], total["scenes"]),
        "recall by kind": {k: {"recall": rate(total[f"{k}|right"], total[f"{k}|n"]),
                               "tiles": total[f"{k}|n"]} for k in KINDS},
        "no-flower scenes": plain["scenes"],
        "flower codes on them": plain["flower codes"],
    }


def held_out_seeds() -> list[int]:
    from datasets.synth import seeds

    return list(seeds.CLUTTER_HELD_OUT)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, nargs="+", default=None)
    ap.add_argument("--n", type=int, default=40, help="scenes per seed (and half as many "
                    "without flowers)")
    ap.add_argument("--tilesets", default=None, help="KDE tilesets folder: adds the held-out "
                    "KDE set to the held-out art")
    ap.add_argument("--model", default=None, help="folder with detector.onnx + classifier.onnx")
    ap.add_argument("--table-profile", type=int, default=0, metavar="K",
                    help="also read with a profile: the art's sheet, and as not a tile the "
                         "surface boxes of K development scenes")
    ap.add_argument("--sheet-backs", action="store_true",
                    help="with --table-profile: also read with a profile whose sheet has a row "
                         "of three face-down tiles after it (the set's backs)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    seeds = args.seeds or held_out_seeds()
    results = [run(seeds, args.n, args.model, args.tilesets)]
    if args.table_profile:
        from datasets.synth.sheet import BACKS_ROW, SHEET_ROWS
        from vision.detect import load_detector

        sheets = [SHEET_ROWS] + ([SHEET_ROWS + (BACKS_ROW,)] if args.sheet_backs else [])
        for rows in sheets:
            profiles = table_profiles(load_detector(args.model), args.table_profile,
                                      args.tilesets, rows)
            results.append(run(seeds, args.n, args.model, args.tilesets, profiles)
                           | {"sheet": " ".join(rows)})
    if args.json:
        print(json.dumps(results if args.table_profile else results[0]))
        return 0
    for r in results:
        report(r, args.table_profile)
    return 0


def report(r: dict, k: int) -> None:
    how = f"with a profile (sheet \"{r.get('sheet')}\" + {k} table scenes)" if r["profile"] \
        else "without a profile"
    print(f"clutter scenes {how}: seeds {r['seeds']} x {r['n']} (+ {r['no-flower scenes']} "
          f"without flowers), model {r['model']}, KDE held-out set "
          f"{'on' if r['tilesets'] else 'off'}: "
          f"{r['scenes']} scenes, {r['tiles']} labelled tiles, {r['seconds']} s")
    print(f"  tile precision {r['precision']}  recall {r['recall']}  boxes on the surface "
          f"per scene {r['boxes on the surface per scene']}")
    for k, v in r["recall by kind"].items():
        print(f"  {k:<13} recall {v['recall']} of {v['tiles']}")
    print(f"  flower codes on {r['no-flower scenes']} scenes without flowers: "
          f"{r['flower codes on them']}")
    for name, g in r.get("games", {}).items():
        for how, v in g.items():
            by = v["recall by kind"]
            print(f"  {name} scenes ({v['scenes']}) {how}: precision {v['precision']} recall "
                  f"{v['recall']} surface {v['boxes on the surface per scene']} flower codes "
                  f"{v['flower codes on them']} red fives {by['red five']['recall']} of "
                  f"{by['red five']['tiles']} white dragons {by['white dragon']['recall']} "
                  f"backs {by['back']['recall']}")


if __name__ == "__main__":
    raise SystemExit(main())
