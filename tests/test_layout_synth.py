"""The layout reader on synthetic scenes with true-hand sidecars (datasets.synth.make_sample).

The scenes are rendered inside the test run (small images, no camera effects) from the synthetic
generator's API; the layout gets the true boxes of the tiles the renderer labelled (a face-down
tile as `back`, as the detector would name it), never the image.

What "exact" means (what a photo can show): the standing tiles, the melds (kind, tiles, concealed,
claimed_from), the winning tile and the flowers. claimed_from is compared only where the scene
shows the claimed tile sideways (otherwise it is unknowable and must be None): per meld, where
the player turns claimed tiles and the sidecar names the meld's claimed_tile (the generator
leaves about one claimed meld in seven unturned; it then has none); the winning tile
only where it is set apart by a gap (otherwise any tile that completes the hand is a fair
reading, so the standing tiles plus the winning tile are compared as one multiset). Scenes in
which a hand tile is hidden (by an occluder, or too little of it shows to be labelled) cannot be
read exactly and are counted apart, except a kong's tile hidden under the one lying on it: the
rate asserted is that of the fully visible hands (a person could read them); the share of all
scenes is printed too.
"""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from scoring.hand import Hand
from scoring.messages import render
from vision.layout import read_layout

N_SCENES = 300
LISTED_BAR = 0.97  # the true hand read or listed as an alternative (measured: see the test)
SEED = 20261129
SIZE = 320


def scene_detections(sc: dict, quads: bool = False) -> list[dict]:
    out = []
    for t in sc["tiles"]:
        if not t["labelled"]:
            continue
        out.append({"code": t["label"], "box": t["box"], "confidence": 1.0,
                    **({"quad": t["quad"]} if quads else {})})
    return out


def readable(sc: dict) -> bool:
    for t in sc["tiles"]:
        if t["group"] == "distractor" or t["labelled"] or t["stacked"]:
            continue
        covered = any(u["stacked"] and u["labelled"] and u["table_xy"] == t["table_xy"]
                      for u in sc["tiles"])
        if not covered:
            return False
    return True


def mismatch(sc: dict, hand: Hand | None) -> str | None:
    """None when `hand` is the scene's hand as far as the photo shows it, else what differs."""
    if hand is None:
        return "no hand"
    true = Hand.from_json(sc["hand"])
    shown = sc["layout"].get("claimed_sideways")
    want = sorted((m.kind, m.tiles, m.concealed,
                   (m.claimed_from if shown and m.claimed_tile is not None else None) or "")
                  for m in true.melds)
    got = sorted((m.kind, m.tiles, m.concealed, m.claimed_from or "") for m in hand.melds)
    if got != want:
        return "melds"
    if sorted(hand.flowers) != sorted(true.flowers):
        return "flowers"
    if sc["layout"]["win_gap"]:
        if sorted(hand.concealed) != sorted(true.concealed):
            return "standing tiles"
        if hand.win_tile != true.win_tile:
            return "winning tile"
    elif sorted(hand.closed_tiles) != sorted(true.closed_tiles):
        return "standing tiles"
    return None


def _have_photo_crops() -> bool:
    from datasets.synth.faces import DEFAULT_CROPS

    return (Path(DEFAULT_CROPS) / "labels.csv").exists()


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> list:
    from datasets.synth import make_sample
    from datasets.synth.faces import DEFAULT_CACHE, DEFAULT_CROPS

    crops = DEFAULT_CROPS if _have_photo_crops() else None
    cache = DEFAULT_CACHE if Path(DEFAULT_CACHE).exists() else tmp_path_factory.mktemp("faces")
    return [make_sample(i, SEED, size=SIZE, crops=crops, cache=cache, effects=False)
            for i in range(N_SCENES)]


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
        # the scene's hand is the reading or one of the alternatives listed with it
        outcome["listed"] += why is None or any(mismatch(sc, a.hand) is None
                                               for a in r.alternatives)
        for case in _cases(sc):
            by_case.setdefault(case, Counter())[why is None] += 1
    return outcome, by_case


def test_reads_the_exact_hand_structure_of_synthetic_scenes(scenes, results, box_results):
    outcome, by_case = _tally(scenes, results)
    boxes, _ = _tally(scenes, box_results)
    n = sum(v for k, v in outcome.items() if k != "listed" and not k.startswith("hidden tiles"))
    rate = outcome["exact"] / n
    rate_boxes = boxes["exact"] / n
    listed = outcome["listed"] / n
    n_all = outcome["exact"] + outcome["hidden tiles, read exactly anyway"]
    report = ", ".join(f"{k}: {v[True]}/{v[True] + v[False]}" for k, v in sorted(by_case.items()))
    print(f"\nexact {outcome['exact']}/{n} = {rate:.3f} of the fully visible hands with the photo "
          f"({n_all}/{len(scenes)} of all scenes), {boxes['exact']}/{n} = {rate_boxes:.3f} from "
          f"the boxes alone; the true hand read or listed as an alternative: "
          f"{outcome['listed']}/{n} = {listed:.3f}; {dict(outcome)}\n{report}")
    assert n >= 150
    # every layout case occurs among the scenes
    for case in ("two rows", "melds left", "melds right", "win apart", "win not apart",
                 "concealed kong", "sideways claim", "angle > 30", "upside-down", "distractors"):
        assert by_case.get(case), f"no scene shows {case}"
    # measured with this seed and generator version 5 (target 0.98), of the fully visible hands
    # (102 of the 300 scenes hide a hand tile):
    # - with the photo crops: 195/198 = 0.985 with the photo, 191/198 = 0.965 from the boxes
    #   alone; the true hand read or listed as an alternative 196/198 = 0.990. Seeds 3 to 9
    #   (held out from all fitting and choosing): 1,456/1,501 = 0.970 with the photo,
    #   1,448/1,501 = 0.965 from the boxes, 1,472/1,501 read or listed; seeds 1-2 (fitting):
    #   426/447 with the photo, 426/447, 434/447.
    # - without ../shared (no photo crops: drawn faces, other scenes; session 7): 213/216 = 0.986
    #   with the photo, 207/216 = 0.958 from the boxes, 214/216 = 0.991 read or listed.
    # Misses from the boxes, seeds 1-7 and this one (76 of 1,715 in session 5): whom a
    # meld was claimed from 49 (a sideways tile missed or imagined, mostly rows near 45
    # degrees, low cameras or a face partly covered by a hand; a row read the wrong way round
    # where the standing tiles show no sort order), flowers 12 (a flower row beyond standing
    # tiles farther than a distractor flower can lie: box positions cannot part them), no hand
    # 9 (two rows that line up in a low oblique view, trays), a winning tile set apart not
    # seen 3, meld structure 3. The other claim is mostly listed. With the photo, held-out
    # seeds 3-9: 1,437 (session 5) -> 1,452 (session 6: the print's grain, a turned print
    # matched within a pung, a box fit that trusts a box less where upright and sideways boxes
    # nearly agree) -> 1,456 (session 7: up to 8 rows fitted, so a standing pair beside a tray
    # is found; a chow's turned tile matched against the hand's other faces of its tile; a
    # lone meld's claim read from lower odds with the photo); here 190 -> 194 -> 195.
    bar = 0.94 if _have_photo_crops() else 0.92
    # with the photo: the target, either way (195/198 = 0.985 with the crops; 193 with
    # session 6's grain and turned-print cues zeroed: those are guarded by
    # tests/test_layout_image.py)
    photo_bar = 0.98
    assert rate >= photo_bar, f"exact structure in {rate:.1%} of scenes; {dict(outcome)}; {report}"
    assert rate_boxes >= bar, f"exact structure from the boxes alone in {rate_boxes:.1%}"
    assert listed >= LISTED_BAR, f"true hand read or listed in {listed:.1%}"


def _cases(sc: dict) -> list[str]:
    lay = sc["layout"]
    hand = sc["hand"]
    out = ["two rows" if lay["rows"] == 2 else "one row"]
    if hand["melds"]:
        out.append(f"melds {lay['melds_side']}")
    out.append("win apart" if lay["win_gap"] else "win not apart")
    if any(m["concealed"] for m in hand["melds"]):
        out.append("concealed kong")
    if any(m["kind"] == "kong" and not m["concealed"] for m in hand["melds"]):
        out.append("exposed kong")
    if any(t["sideways"] for t in sc["tiles"]):
        out.append("sideways claim")
    if hand["flowers"]:
        out.append("flowers")
    ang = abs(((lay["angle_deg"] + 90) % 180) - 90)
    if ang > 30:
        out.append("angle > 30")
    if any(t["upside_down"] for t in sc["tiles"] if t["labelled"]):
        out.append("upside-down")
    if lay.get("distractors"):
        out.append("distractors")
    return out


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
