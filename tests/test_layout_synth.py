"""The layout reader on synthetic scenes with true-hand sidecars (datasets.synth.make_sample).

The scenes are rendered inside the test run (small images, no camera effects, drawn faces: the
same on every machine) from the synthetic generator's API; the layout gets the true boxes of
the tiles the renderer labelled (a face-down tile as `back`, as the detector would name it),
and the rendered photo for its cues from the faces' pixels. What "exact" means and which scenes
count as fully visible: datasets/synth/truth.py. Which seed serves what:
datasets/synth/seeds.py.

- The development seed's 300 scenes: exact counts, a change detector (any change to the
  reader's readings shows here, to be stated with the new counts).
- The held-out seeds, pooled (slow): the lower end of the 95% Wilson interval of the exact
  rate with the photo against a stated bar; only the pooled counts are printed.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from datasets.synth import seeds
from datasets.synth.truth import layout_cases, mismatch, readable, scene_detections, wilson_interval
from scoring.messages import render
from vision.layout import read_layout

N_SCENES = seeds.SCENES_PER_SEED
SEED = seeds.DEVELOPMENT[0]
SIZE = seeds.SCENE_SIZE


def _cache(tmp_path_factory) -> Path:
    from datasets.synth.faces import DEFAULT_CACHE

    return DEFAULT_CACHE if Path(DEFAULT_CACHE).exists() else tmp_path_factory.mktemp("faces")


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> list:
    from datasets.synth import make_sample

    cache = _cache(tmp_path_factory)
    return [make_sample(i, SEED, size=SIZE, cache=cache, effects=False) for i in range(N_SCENES)]


@pytest.fixture(scope="module")
def scenes(samples) -> list[dict]:
    return [s.sidecar for s in samples]


def scene_image(sample) -> np.ndarray:
    """The rendered photo (what the cue from the faces' pixels may look at)."""
    import cv2

    return cv2.imdecode(np.frombuffer(sample.jpeg, np.uint8), cv2.IMREAD_COLOR)


@pytest.fixture(scope="module")
def results(samples):
    """Readings of the true boxes with the photo (vision/layout/image.py adds a cue from it)."""
    return [read_layout(scene_detections(s.sidecar), s.sidecar["width"], s.sidecar["height"],
                      image=scene_image(s)) for s in samples]


@pytest.fixture(scope="module")
def box_results(scenes):
    """Readings of the true boxes alone (no photo)."""
    return [read_layout(scene_detections(sc), sc["width"], sc["height"]) for sc in scenes]


def _tally(scenes, results) -> tuple[Counter, dict[str, Counter]]:
    outcome: Counter = Counter()
    by_case: dict[str, Counter] = {}
    for sc, r in zip(scenes, results, strict=True):
        why = mismatch(sc, r.hand)
        if not readable(sc):
            outcome["hidden tiles"] += 1
            outcome["hidden tiles, read exactly anyway"] += why is None
            continue
        outcome[why or "exact"] += 1
        outcome["listed"] += listed(sc, r)
        for case in layout_cases(sc):
            by_case.setdefault(case, Counter())[why is None] += 1
    return outcome, by_case


def listed(sc: dict, result) -> bool:
    """The scene's hand is the reading or one of the alternatives listed with it."""
    return mismatch(sc, result.hand) is None or any(mismatch(sc, a.hand) is None
                                                    for a in result.alternatives)


# The development seed's counts (generator version 6, drawn faces), of its 300 scenes: the
# fully visible ones, those read exactly with the photo and from the boxes alone, those whose
# true hand is the reading or a listed alternative (with the photo), and the scenes hiding a
# hand tile read exactly anyway. A change of the reader that changes any of them fails here:
# look at the scenes that changed (this seed may be looked at), then update the counts and
# say them, with the held-out figures, in the commit.
DEVELOPMENT_COUNTS = {"fully visible": 207, "exact with the photo": 203,
                      "exact from the boxes": 200, "read or listed": 205,
                      "hidden tiles, read exactly anyway": 2}


def test_development_seed_readings_are_unchanged(scenes, results, box_results):
    outcome, by_case = _tally(scenes, results)
    boxes, _ = _tally(scenes, box_results)
    n = sum(v for k, v in outcome.items() if k != "listed" and not k.startswith("hidden tiles"))
    counts = {"fully visible": n, "exact with the photo": outcome["exact"],
              "exact from the boxes": boxes["exact"], "read or listed": outcome["listed"],
              "hidden tiles, read exactly anyway": outcome["hidden tiles, read exactly anyway"]}
    report = ", ".join(f"{k}: {v[True]}/{v[True] + v[False]}" for k, v in sorted(by_case.items()))
    print(f"\nseed {SEED}: {counts}; misses with the photo: {dict(outcome)}\n{report}")
    # every layout case occurs among the scenes
    for case in ("two rows", "melds left", "melds right", "win apart", "win not apart",
                 "concealed kong", "sideways claim", "angle > 30", "upside-down", "distractors",
                 "flowers"):
        assert by_case.get(case), f"no scene shows {case}"
    assert counts == DEVELOPMENT_COUNTS, (
        f"the reader's readings of the development seed changed: {counts}, "
        f"were {DEVELOPMENT_COUNTS}")


# The held-out scenes must be read exactly (true boxes and the photo) in at least this share of
# the fully visible hands, at 95% confidence (the lower end of the Wilson interval). Stated
# before the held-out seeds were first read: 0.95, below the 0.98 aimed at on the development
# seed, as a held-out rate is expected to be lower and the interval's lower end lower still.
HELD_OUT_BAR = 0.95
CHUNK = 50  # scenes per job of the pool


def _read_held_out(job: tuple[int, int, int, str]) -> Counter:
    """Pooled outcome counts of scenes start..stop-1 of one held-out seed (nothing per scene
    leaves this function: these scenes are not to be looked at one by one)."""
    import cv2

    from datasets.synth import make_sample

    cv2.setNumThreads(1)  # a forked worker: no OpenCV thread pool inherited from the parent
    seed, start, stop, cache = job
    tally: Counter = Counter()
    for i in range(start, stop):
        s = make_sample(i, seed, size=SIZE, cache=cache, effects=False)
        sc = s.sidecar
        if not readable(sc):
            tally["hidden tiles"] += 1
            continue
        r = read_layout(scene_detections(sc), SIZE, SIZE, image=scene_image(s))
        tally[mismatch(sc, r.hand) or "exact"] += 1
        tally["listed"] += listed(sc, r)
    return tally


@pytest.mark.slow
def test_held_out_seeds_pooled(tmp_path_factory):
    """About 1,000 fully visible held-out scenes (5 seeds of 300 scenes), read with the photo
    in two processes (CI has two cores)."""
    import multiprocessing as mp
    import os

    from datasets.synth.faces import load_library

    cache = _cache(tmp_path_factory)
    load_library(None, cache)  # the face cache is written once, before the workers read it
    jobs = [(seed, a, min(a + CHUNK, N_SCENES), str(cache)) for seed in seeds.HELD_OUT
            for a in range(0, N_SCENES, CHUNK)]
    if os.name == "posix" and (os.cpu_count() or 1) > 1:
        with mp.get_context("fork").Pool(2) as pool:
            tallies = pool.map(_read_held_out, jobs)
    else:
        tallies = [_read_held_out(job) for job in jobs]
    total = sum(tallies, Counter())
    n = sum(v for k, v in total.items() if k not in ("listed", "hidden tiles"))
    lo, hi = wilson_interval(total["exact"], n)
    print(f"\nheld-out seeds {seeds.HELD_OUT}: exact {total['exact']}/{n} = "
          f"{total['exact'] / n:.3f} (95% Wilson {lo:.3f}-{hi:.3f}); read or listed "
          f"{total['listed']}/{n}; pooled outcomes {dict(total)}")
    assert n >= 900
    assert lo >= HELD_OUT_BAR, (
        f"exact {total['exact']}/{n}: the interval's lower end {lo:.3f} is below {HELD_OUT_BAR}")


def test_every_box_is_in_the_hand_or_reported(scenes, results):
    for sc, r in zip(scenes, results, strict=True):
        n = len(scene_detections(sc))
        if r.hand is None:
            assert r.error and r.notes
            continue
        shown = len(r.hand.all_tiles) + len(r.hand.flowers) - r.hidden
        assert shown + len(r.left_out) == n, (sc["layout"], r.notes)
        for d in r.left_out:
            notes = [render(note) for note in r.notes]
            assert any(d.code in note for note in notes) or any(
                "same tile" in note or "overlap" in note for note in notes)


def _transformed(sc: dict, fn) -> list[dict]:
    """The scene's tiles with each face corner moved by `fn(x, y)`, boxed again."""
    out = []
    for t in sc["tiles"]:
        if not t["labelled"]:
            continue
        pts = [fn(x, y) for x, y in t["quad"]]
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        out.append({"code": t["label"], "box": [min(xs), min(ys), max(xs), max(ys)]})
    return out


def _clean(scenes):
    """Readable one-row scenes without occluders, distractors or stacked tiles (the boxes of
    their faces are then the boxes of their quads)."""
    keep = []
    for sc in scenes:
        if not readable(sc) or sc["layout"].get("distractors") or sc["layout"]["occluders"]:
            continue
        if any(t["stacked"] for t in sc["tiles"]):
            continue
        keep.append(sc)
    return keep


def test_rotated_and_bent_versions_of_the_scenes(scenes):
    """Turn clean scenes by a large angle, or bend them along an arc, from their face corners:
    the reading must not change (beyond the synthetic generator's own angles)."""
    rng = np.random.default_rng(5)
    clean = [sc for sc in _clean(scenes) if mismatch(
        sc, read_layout(_transformed(sc, lambda x, y: (x, y)), SIZE, SIZE).hand) is None]
    assert len(clean) >= 25
    same = 0
    cx = cy = SIZE / 2
    for i, sc in enumerate(clean[:60]):
        if i % 2:
            a = math.radians(float(rng.uniform(25, 155)) * (1 if i % 4 == 1 else -1))

            def fn(x, y, a=a):
                return (cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
                        cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a))
        else:  # a slight curve: the row's ends bend by 0.4 to 1 tile width
            dets = scene_detections(sc)
            xs = [(d["box"][0] + d["box"][2]) / 2 for d in dets]
            w = float(np.median([d["box"][2] - d["box"][0] for d in dets]))
            mid, half = (min(xs) + max(xs)) / 2, max(1.0, (max(xs) - min(xs)) / 2)
            k = float(rng.uniform(0.4, 1.0)) * w * (1 if i % 4 else -1) / half ** 2

            def fn(x, y, k=k, mid=mid):
                return (x, y + k * (x - mid) ** 2)
        r = read_layout(_transformed(sc, fn), SIZE, SIZE)
        same += mismatch(sc, r.hand) is None
    print(f"\nturned or bent: {same} of {min(60, len(clean))} read the same")
    assert same >= 0.75 * min(60, len(clean)), f"{same} of {min(60, len(clean))}"


def test_stray_and_duplicate_boxes_added_to_the_scenes(scenes):
    rng = np.random.default_rng(9)
    clean = [sc for sc in _clean(scenes) if mismatch(
        sc, read_layout(scene_detections(sc), SIZE, SIZE).hand) is None][:60]
    ok = 0
    for i, sc in enumerate(clean):
        dets = scene_detections(sc)
        xs = [d["box"][0] for d in dets] + [d["box"][2] for d in dets]
        ys = [d["box"][1] for d in dets] + [d["box"][3] for d in dets]
        if i % 2:  # a stray tile well away from the hand
            w = float(np.median([d["box"][2] - d["box"][0] for d in dets]))
            far_y = max(ys) + 3 * w if max(ys) + 4 * w < 2 * SIZE else min(ys) - 4 * w
            x0 = float(rng.uniform(min(xs), max(xs)))
            dets.append({"code": "9p", "box": [x0, far_y, x0 + w, far_y + 1.3 * w]})
        else:  # a second box on one tile, slightly shifted, less confident
            j = int(rng.integers(len(dets)))
            d = dict(dets[j])
            d["box"] = [v + float(rng.normal(0, 0.8)) for v in d["box"]]
            d["confidence"] = 0.5
            dets.append(d)
        r = read_layout(dets, SIZE, SIZE)
        ok += mismatch(sc, r.hand) is None and len(r.left_out) >= 1
    print(f"\nwith a stray or doubled box: {ok} of {len(clean)} read the same")
    assert ok >= 0.9 * len(clean), f"{ok} of {len(clean)}"


def test_wilson_interval_and_seed_roles():
    # published values (z = 1.96): 8 of 10 -> 0.490-0.943; 0 of 10 -> 0-0.278
    lo, hi = wilson_interval(8, 10)
    assert abs(lo - 0.4902) < 5e-4 and abs(hi - 0.9433) < 5e-4
    lo, hi = wilson_interval(0, 10)
    assert abs(lo) < 1e-9 and abs(hi - 0.2775) < 5e-4
    # a seed serves one purpose only
    roles = [seeds.FITTING, seeds.DEVELOPMENT, seeds.HELD_OUT]
    assert sum(map(len, roles)) == len(set().union(*roles))
    assert seeds.role(seeds.HELD_OUT[0]) == "held out" and seeds.role(SEED) == "development"
