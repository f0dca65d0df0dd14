"""One synthetic sample (image, YOLO label lines, sidecar JSON) and a parallel writer.

Every image has its own seed derived from (seed, index), so a set is byte-identical whatever
the number of workers or chunking. The real photo crops of tile faces are used only when a
caller passes their folder (`crops=`): by default the faces are drawn (SVG art and drawn
flowers), so a seed gives the same scenes on every machine, with or without ../shared.

A set folder holds ``images/NAME.jpg``, ``labels/NAME.txt`` (YOLO: class index of
``scoring.tiles.DETECTOR_CLASSES``, box centre and size in [0, 1]) and
``labels_json/NAME.json``::

    {"image": "000001.jpg", "width": W, "height": H,
     "hand": <the contract's hand JSON: concealed without the winning tile, melds, win_tile, ...>,
     "tiles": [{"code": true tile (also when face down), "label": code or "back" as in the
                YOLO file, "box": [x1, y1, x2, y2] of the visible face pixels or null,
                "quad": 4 face corners clockwise from the top-left of the upright face (for a
                tile showing its back: the back's corners, clockwise as seen),
                "group": concealed|meld|win|flower|distractor, "meld_index": index into
                hand.melds or null, "sideways", "face_down", "upside_down", "stacked",
                "standing": bools, "occluded": hidden fraction of the face (other tiles,
                objects, image border), "labelled": whether it has a YOLO line,
                "table_xy", "table_z", "theta_deg": pose on the table (tile widths, degrees)}],
     "layout": {"rows", "angle_deg" (row direction in the image), "win_gap", "win_position",
                "elevation_deg", "azimuth_deg", "tile_px", "face_source", ...}}

Boxes cover the visible face of each tile (the printed face, or the back of a face-down tile),
as the real photo labels do; tiles with less than 40% of the face visible get no YOLO line.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from datasets.synth.faces import DEFAULT_CACHE, FaceLibrary, load_library
from datasets.synth.hands import HandSpec, generate_hand
from datasets.synth.layout import TileShape, add_distractors, layout_hand
from scoring.tiles import BACK, DETECTOR_CLASSES

CLASS_INDEX = {c: i for i, c in enumerate(DETECTOR_CLASSES)}
# bump when the same seed starts giving different images (6: drawn flower faces, so hands
# rendered without the photo crops hold flowers too)
GENERATOR_VERSION = 6


@dataclass
class Sample:
    name: str
    jpeg: bytes
    yolo: str
    sidecar: dict
    ids: np.ndarray | None = None  # face id mask (debug)
    image: np.ndarray | None = None  # decoded-before-JPEG image (debug)


_STATE: dict = {}


def _state(crops, cache, tilesets=None) -> tuple[FaceLibrary, object]:
    key = (str(crops), str(cache), str(tilesets))
    if _STATE.get("key") != key:
        from datasets.synth.props import NoiseBank

        _STATE.update(key=key, lib=load_library(crops, cache, tilesets), noise=NoiseBank())
    return _STATE["lib"], _STATE["noise"]


def make_sample(index: int, seed: int, size: int = 640, crops=None,
                cache=DEFAULT_CACHE, debug: bool = False, source: str | None = None,
                effects: bool = True, style: str | None = None,
                hands: HandSpec | None = None, tilesets=None) -> Sample:
    """Render sample `index` of the set with master seed `seed` (with the photo crops of
    tile faces in folder `crops` when given).

    `style` None draws as generator version 6 (version 5's scenes, with drawn flowers where no
    crops are given). "train" adds the variety of issue 21: the drawn face art `drawn-a`, riichi
    red fives (labelled as the fives), a white tile body; "held-out" draws only the held-out art
    `drawn-b` on the held-out (magenta) body, which no training set contains. `hands` draws
    another game's hands (16-tile ones: HandSpec(sets=5)); None draws the 14-tile hands.
    `tilesets` (the KDE tilesets folder) adds their art to "train" and enables "held-out-set",
    which draws only the held-out KDE set `kde-traditional` on the training bodies."""
    import cv2

    from datasets.synth.scene import render

    lib, noise = _state(crops, cache, tilesets)
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), int(index)]))
    hand = generate_hand(rng) if hands is None else generate_hand(
        rng, hands.sets, hands.flowers, hands.leave_out)
    shape = TileShape(h=float(rng.uniform(1.3, 1.42)), t=float(rng.uniform(0.55, 0.85)),
                      back_frac=float(rng.uniform(0.3, 0.6)), radius=float(rng.uniform(0.06, 0.14)))
    layout = layout_hand(rng, hand, shape)
    add_distractors(rng, layout, hand, shape)
    if source is None and style is not None:
        source = _styled_source(rng, style, lib)
    if source is None:
        r = rng.random()
        source = "crop" if r < 0.5 else ("svg-light" if r < 0.93 else "svg-dark")
        if source == "crop" and not lib.has("crop", "1m"):
            source = "svg-light"
    img, rendered, ids, facts = render(rng, layout, shape, lib, source, size, noise, effects,
                                       style)
    quality = int(rng.integers(40, 96))
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    name = f"{index:06d}"
    lines, tiles_json = [], []
    for spec, r in zip(layout.tiles, rendered, strict=True):
        if r.labelled:
            x1, y1, x2, y2 = r.box
            cls = CLASS_INDEX[BACK if r.shows_back else spec.code]
            lines.append(f"{cls} {(x1 + x2) / 2 / size:.6f} {(y1 + y2) / 2 / size:.6f} "
                         f"{(x2 - x1) / size:.6f} {(y2 - y1) / size:.6f}")
        tiles_json.append({
            "code": spec.code, "label": BACK if r.shows_back else spec.code,
            "box": [round(v, 1) for v in r.box] if r.box else None,
            "quad": [[round(float(x), 1), round(float(y), 1)] for x, y in r.quad],
            "group": spec.group, "meld_index": spec.meld_index, "sideways": spec.sideways,
            "face_down": spec.face_down, "upside_down": spec.upside_down,
            "stacked": spec.stacked, "standing": spec.standing, "occluded": round(1 - r.visible, 3),
            "labelled": r.labelled,
            "table_xy": [round(spec.x, 3), round(spec.y, 3)], "table_z": round(spec.z, 3), "theta_deg": round(spec.theta, 1),
        })
    info = dict(layout.info)
    faces = facts.pop("tile_faces", None)
    if faces is not None:  # styled scenes: each tile's face source (None: its back shows)
        for t, src in zip(tiles_json, faces, strict=True):
            t["face"] = src
    info.update(facts)
    # every tile of the hand has a YOLO line (nothing cut off by the border or hidden)
    info["hand_fully_visible"] = all(
        t["labelled"] for t in tiles_json if t["group"] != "distractor")
    info.update(face_source=source, style=style, jpeg_quality=quality,
                tile_shape={"h": round(shape.h, 3), "t": round(shape.t, 3)})
    sidecar = {"image": name + ".jpg", "width": size, "height": size, "hand": hand.to_json(),
               "tiles": tiles_json, "layout": info}
    return Sample(name, buf.tobytes(), "\n".join(lines) + ("\n" if lines else ""), sidecar,
                  ids if debug else None, img if debug else None)


STYLES = ("train", "held-out", "held-out-set", "clutter", "clutter-held-out")
# issue 28: "clutter" draws the training faces and the font arts on the training variants of the
# cluttered surfaces (datasets/synth/clutter.py); "clutter-held-out" the held-out art (drawn-b,
# and the held-out KDE set when the tilesets are loaded) on the held-out surfaces
CLUTTER_STYLES = ("clutter", "clutter-held-out")
# the kde-* weights count only when the tilesets are loaded (the weights are renormalised over
# the sources present), so "train" scenes made without them are unchanged
TRAIN_SOURCES = (("crop", 0.35), ("svg-light", 0.2), ("svg-dark", 0.1), ("drawn-a", 0.35),
                 ("kde-default", 0.2), ("kde-classic", 0.1))
# the font arts (datasets/synth/drawn.py FONT_ARTS), drawn in "clutter" scenes only
FONT_SOURCES = (("font-kai", 0.15), ("font-ming", 0.08), ("font-zenhei", 0.06),
                ("font-microhei", 0.06), ("font-notosans", 0.06))
HELD_OUT_SOURCE = "drawn-b"
HELD_OUT_SET = "kde-traditional"


def _held_out_set(lib: FaceLibrary) -> str:
    if not lib.has(HELD_OUT_SET, "1m"):
        raise FileNotFoundError("style held-out-set needs the KDE tilesets: pass --tilesets "
                                "DIR (Debian kdegames-mahjongg-data-kf5)")
    return HELD_OUT_SET


def _styled_source(rng, style: str, lib: FaceLibrary) -> str:
    if style == "held-out":
        return HELD_OUT_SOURCE
    if style == "held-out-set":
        return _held_out_set(lib)
    if style == "clutter-held-out":
        names = [n for n in (HELD_OUT_SOURCE, HELD_OUT_SET) if lib.has(n, "1m")]
        return names[int(rng.integers(len(names)))]
    if style not in ("train", "clutter"):
        raise ValueError(f"unknown style {style!r}: one of {STYLES}")
    sources = TRAIN_SOURCES + (FONT_SOURCES if style == "clutter" else ())
    names = [n for n, _ in sources if lib.has(n, "1m")]
    p = np.array([w for n, w in sources if n in names])
    return names[int(rng.choice(len(names), p=p / p.sum()))]


def _plain(obj):
    """numpy scalars -> Python, for json.dumps."""
    if isinstance(obj, np.generic):
        return obj.item()
    raise TypeError(f"not JSON serializable: {type(obj).__name__}")


def _work(args) -> tuple[int, float]:
    start, stop, seed, size, out, crops, cache, style, hands, tilesets = args
    import cv2

    cv2.setNumThreads(1)
    t0 = time.perf_counter()
    out = Path(out)
    for i in range(start, stop):
        s = make_sample(i, seed, size, crops, cache, style=style, hands=hands, tilesets=tilesets)
        (out / "images" / f"{s.name}.jpg").write_bytes(s.jpeg)
        (out / "labels" / f"{s.name}.txt").write_text(s.yolo)
        (out / "labels_json" / f"{s.name}.json").write_text(
            json.dumps(s.sidecar, default=_plain))
    return stop - start, time.perf_counter() - t0


def write_set(out: str | Path, n: int, seed: int, size: int = 640, workers: int = 2,
              crops=None, cache=DEFAULT_CACHE, start: int = 0,
              progress=None, style: str | None = None, hands: HandSpec | None = None,
              tilesets=None) -> dict:
    """Write images/, labels/ and labels_json/ for indices start..start+n-1 under `out`."""
    out = Path(out)
    for sub in ("images", "labels", "labels_json"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    lib = load_library(crops, cache, tilesets)  # build the face cache once, before workers
    if style == "held-out-set":
        _held_out_set(lib)  # refuses before any work
    chunk = 25
    jobs = [(a, min(a + chunk, start + n), seed, size, str(out), crops, cache, style, hands,
             tilesets) for a in range(start, start + n, chunk)]
    t0 = time.perf_counter()
    done = 0
    if workers <= 1:
        results = map(_work, jobs)
        for k, _ in results:
            done += k
            if progress:
                progress(done, n)
    else:
        import multiprocessing as mp

        ctx = mp.get_context("fork" if os.name == "posix" else "spawn")
        with ctx.Pool(workers) as pool:
            for k, _ in pool.imap_unordered(_work, jobs):
                done += k
                if progress:
                    progress(done, n)
    dt = time.perf_counter() - t0
    manifest = {"generator": GENERATOR_VERSION, "seed": seed, "style": style, "size": size,
                "hands": None if hands is None else {"sets": hands.sets, "flowers": hands.flowers,
                                                     "leave_out": list(hands.leave_out)},
                "start": start,
                "n": n, "crops": str(crops) if crops else None,
                "tilesets": str(tilesets) if tilesets else None}
    (out / "synth.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return {"images": n, "seconds": round(dt, 2), "images_per_s": round(n / max(dt, 1e-9), 2)}


def read_manifest(out: str | Path) -> dict | None:
    """The parameters a synthetic folder was written with (None if it has none)."""
    path = Path(out) / "synth.json"
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None
