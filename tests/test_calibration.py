"""Tile-set profiles (issue 27): the classifier's embedding, the profile file, `mjlens calibrate`
and reading with `--profile`; without a profile every output is byte-identical to before."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from scoring.tiles import DETECTOR_CLASSES
from vision.detect.calibrate import CalibrationError, parse_tiles, reading_order
from vision.detect.profile import Profile, ProfileError, ProfileReader

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
GOLDEN = FIXTURES / "calibration"


def mjlens(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlens.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def det():
    from vision.detect import load_detector

    return load_detector()


@pytest.fixture(scope="module")
def sheet(tmp_path_factory) -> Path:
    """A rendered calibration sheet in the held-out drawn-b art (needs no tilesets)."""
    from datasets.synth.sheet import render_sheet

    jpeg, tiles = render_sheet(5, "drawn-b", style="held-out")
    path = tmp_path_factory.mktemp("sheet") / "sheet.jpg"
    path.write_bytes(jpeg)
    (path.parent / "tiles.json").write_text(json.dumps(tiles))
    return path


SHEET = "123456789m 123456789p 123456789s 1234567z 12345678f"


# -- the embedding -----------------------------------------------------------------------------
def test_the_shipped_classifier_has_a_unit_length_embedding_beside_its_probabilities(det):
    names = [o.name for o in det.cls.get_outputs()]
    assert names == ["logits", "embedding"]
    x = np.random.default_rng(1).random((5, 3, 64, 64), dtype=np.float32)
    logits, emb = det.cls.run(None, {det.cls_input: x})
    assert emb.shape == (5, det.embedding_size) and det.embedding_size > 0
    assert np.allclose(np.linalg.norm(emb, axis=1), 1.0, atol=1e-5)
    assert logits.shape == (5, len(DETECTOR_CLASSES) + 1)


def test_adding_the_embedding_leaves_the_probabilities_exactly_as_they_were(tmp_path):
    onnx = pytest.importorskip("onnx")
    import onnxruntime as ort

    from training.add_embedding import add_embedding

    model = onnx.load(str(ROOT / "models" / "classifier.onnx"))
    graph = model.graph  # the classifier as exported, without the surgery
    del graph.output[1:]
    graph.node.remove(next(n for n in graph.node if "embedding" in n.output))
    plain = tmp_path / "plain.onnx"
    onnx.save(model, str(plain))
    out = add_embedding(plain, tmp_path / "with.onnx")
    assert add_embedding(out, tmp_path / "again.onnx").read_bytes() == out.read_bytes()
    x = np.random.default_rng(2).random((4, 3, 64, 64), dtype=np.float32)
    before = ort.InferenceSession(str(plain)).run(None, {"crops": x})
    after = ort.InferenceSession(str(out)).run(None, {"crops": x})
    assert len(before) == 1 and len(after) == 2
    assert np.array_equal(before[0], after[0])


# -- without a profile nothing changes -----------------------------------------------------------
def test_detect_json_without_a_profile_is_byte_identical_to_before():
    """The golden files were written by the code and models without profiles: first at 1ec3b28,
    rewritten at d578e32 merged with the detector's `box_score` field (the --conf change of
    2026-12-01), the last code without profile support; the merged code gives the same bytes.
    The text table's headings moved one column right to stand over their figures (the CLI
    walk-through, 2026-12-02); the Traditional texts of the scan name tiles, not codes."""
    photos = ["tests/fixtures/detect/hand_a.jpg", "tests/fixtures/detect/hand_b.jpg",
              "tests/fixtures/app/hand_kong.jpg", "tests/fixtures/app/hand_melds.jpg"]
    r = mjlens("detect", "--json", "--alternatives", "3", *photos)
    assert r.returncode == 0, r.stderr
    assert r.stdout == (GOLDEN / "no_profile_detect.jsonl").read_text()
    r = mjlens("detect", "tests/fixtures/app/hand_melds.jpg", "--lang", "en")
    assert r.stdout == (GOLDEN / "no_profile_detect.txt").read_text()


def test_scan_json_without_a_profile_is_byte_identical_to_before():
    r = mjlens("scan", "--json", "tests/fixtures/app/hand_kong.jpg")
    assert r.stdout == (GOLDEN / "no_profile_scan.json").read_text()


# -- tile lists and reading order ----------------------------------------------------------------
def test_tile_lists_take_codes_and_notation_runs():
    assert parse_tiles("123m 7z, 5f back") == ["1m", "2m", "3m", "7z", "5f", "back"]
    assert parse_tiles("406p") == ["4p", "5p", "6p"]  # 0: a red five, read as the five
    assert len(parse_tiles(SHEET)) == 42


def test_runs_written_together_as_a_hand_is_are_read_as_if_spaced():
    """`123m456p` is how a hand is written everywhere else in mjlens (README "Hand
    notation"): a player listing a hand they just played writes it so."""
    assert parse_tiles("123m456p") == parse_tiles("123m 456p")
    assert parse_tiles("123456789m123456789p123456789s1234567z12345678f") == parse_tiles(SHEET)
    assert parse_tiles("406p11z") == ["4p", "5p", "6p", "1z", "1z"]


@pytest.mark.parametrize("text,bad", [("123x", "123x"), ("8z", "8z"), ("9f", "9f"),
                                      ("12389z", "8z"), ("red", "red"),
                                      ("123m8z", "8z"), ("12m3", "12m3"), ("m12", "m12")])
def test_an_unknown_code_is_named_in_both_languages(text, bad):
    with pytest.raises(CalibrationError) as e:
        parse_tiles(text)
    assert f"'{bad}'" in e.value.render("en") and f"“{bad}”" in e.value.render("zh")


def test_reading_order_is_rows_top_to_bottom_each_left_to_right():
    rng = np.random.default_rng(0)
    truth = []
    for r in range(3):
        for c in range(5):
            x, y = 10 + c * 50 + rng.normal(0, 2), 20 + r * 80 + rng.normal(0, 8)
            truth.append([x, y, x + 40, y + 55])
    truth = np.array(truth)
    shuffled = rng.permutation(len(truth))
    order, rows = reading_order(truth[shuffled])
    assert [len(r) for r in rows] == [5, 5, 5]
    assert list(shuffled[order]) == list(range(15))


# -- the profile file ----------------------------------------------------------------------------
def _profile(n_codes=3, per=2, dim=8, model="m1", crops=True, seed=0) -> Profile:
    rng = np.random.default_rng(seed)
    p = Profile(name="test", model=model)
    codes = [DETECTOR_CLASSES[k] for k in range(n_codes) for _ in range(per)]
    emb = rng.normal(size=(len(codes), 4, dim)).astype(np.float32)
    emb /= np.linalg.norm(emb, axis=-1, keepdims=True)
    p.add(codes, rng.integers(0, 255, (len(codes), 64, 64, 3), dtype=np.uint8), emb)
    if not crops:
        p.crops = None
    return p


def test_a_profile_round_trips_through_its_file(tmp_path):
    p = _profile()
    path = p.save(tmp_path / "a.mjprofile")
    q = Profile.load(path)
    assert (q.name, q.model, q.counts()) == ("test", "m1", {"1m": 2, "2m": 2, "3m": 2})
    assert np.array_equal(q.embeddings, p.embeddings) and np.array_equal(q.crops, p.crops)


def test_a_profile_keeps_the_newest_examples_of_each_code():
    from vision.detect.profile import MAX_PER_CODE

    p = _profile(n_codes=1, per=MAX_PER_CODE + 5)
    assert p.counts() == {"1m": MAX_PER_CODE}


def test_a_failed_write_leaves_the_old_profile_whole(tmp_path, monkeypatch):
    path = _profile(seed=1).save(tmp_path / "a.mjprofile")
    before = path.read_bytes()

    def broken(*_):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(ProfileError) as e:
        _profile(seed=2).save(path)
    assert "the disk is full" in e.value.render("en") and "写不了" in e.value.render("zh")
    assert "磁盘已满" in e.value.render("zh")  # the system's English reason, said in Chinese
    assert path.read_bytes() == before
    assert [f.name for f in tmp_path.iterdir()] == ["a.mjprofile"]  # no temporary file left


@pytest.mark.parametrize("content,key", [(b"", "foreign"), (b"\x89PNG\r\n garbage", "foreign"),
                                         ("npz", "foreign"), ("newer", "newer"),
                                         ("damaged", "damaged")])
def test_a_corrupt_or_foreign_profile_file_gets_a_clear_message(tmp_path, content, key):
    path = tmp_path / "x.mjprofile"
    if content == "npz":
        np.savez(path.open("wb"), a=np.zeros(3))
    elif content == "newer":
        header = json.dumps({"format": "mjlens-tile-profile", "version": 9})
        np.savez(path.open("wb"), header=np.array(header))
    elif content == "damaged":
        p = _profile()
        p.codes = p.codes[:-1]
        path.write_bytes(p.to_bytes())
    else:
        path.write_bytes(content)
    with pytest.raises(ProfileError) as e:
        Profile.load(path)
    assert e.value.msg.key == f"profile.{key}"
    assert str(path) in e.value.render("en") and str(path) in e.value.render("zh")


def test_a_profile_of_another_model_is_refused_without_crops_and_embedded_again_with_them(det):
    from vision.detect.profile import for_detector

    with pytest.raises(ProfileError) as e:
        for_detector(_profile(dim=det.embedding_size, model="0000", crops=False), det, "p")
    assert "another tile reader" in e.value.render("en")
    assert "另一个识牌模型" in e.value.render("zh")
    old = _profile(dim=det.embedding_size, model="0000")
    new = for_detector(old, det, "p")
    assert new.model == det.classifier_version
    assert np.allclose(new.embeddings, det.embed_crops(old.crops)[1])


# -- reading with a profile ----------------------------------------------------------------------
def test_a_crop_like_no_tile_of_the_profile_and_no_sure_class_is_uncertain():
    p = _profile(n_codes=3, per=4, dim=16)
    reader = ProfileReader(p)
    near = p.embeddings[0, 0]
    rng = np.random.default_rng(5)
    far = rng.normal(size=16).astype(np.float32)
    far -= far @ reader.prototypes.reshape(-1, 16).T @ np.linalg.pinv(
        reader.prototypes.reshape(-1, 16).T)  # orthogonal to every prototype
    far = far / np.linalg.norm(far) + reader.centre
    flat = np.full((2, len(DETECTOR_CLASSES)), 1 / len(DETECTOR_CLASSES))
    dets = reader.read(np.zeros((2, 4)), np.ones(2), flat, np.stack([near, far]))
    assert [d.uncertain for d in dets] == [False, True]
    assert dets[0].code == "1m"
    assert "uncertain" in dets[1].to_json() and "uncertain" not in dets[0].to_json()


def test_codes_the_profile_lacks_keep_the_classifiers_reading():
    reader = ProfileReader(_profile(n_codes=3, per=2, dim=16))
    probs = np.zeros((1, len(DETECTOR_CLASSES)))
    probs[0, DETECTOR_CLASSES.index("7z")] = 0.9
    probs[0, 0] = 0.1
    mixed, _ = reader.mix(probs, reader.profile.embeddings[:1, 0])
    assert mixed[0].argmax() == DETECTOR_CLASSES.index("7z")
    assert mixed[0].sum() == pytest.approx(1.0)


def test_a_calibrated_sheet_reads_its_tile_set_better(det, sheet):
    """Held-out drawn-b art: one sheet photo, then hands of the development seed 3."""
    import cv2

    from benchmarks.bench_synth_detect import HAND_GROUPS
    from datasets.synth import make_sample
    from vision.detect.calibrate import from_photos

    reader = ProfileReader(from_photos(det, [sheet], [SHEET], "drawn-b"))
    right = {None: 0, "profile": 0}
    n = 0
    for i in range(6):
        s = make_sample(i, 3, size=640, style="held-out")
        img = cv2.imdecode(np.frombuffer(s.jpeg, np.uint8), cv2.IMREAD_COLOR)
        tiles = [t for t in s.sidecar["tiles"] if t["labelled"] and t["group"] in HAND_GROUPS]
        boxes = [t["box"] for t in tiles]
        n += len(tiles)
        for key, prof in ((None, None), ("profile", reader)):
            by_box = {d.box: d.code for d in det.read_boxes(img, boxes, prof)}
            right[key] += sum(by_box[tuple(float(v) for v in t["box"])] == t["label"]
                              for t in tiles)
    assert right["profile"] >= right[None] + 0.15 * n, right


def test_a_profile_of_a_whole_set_without_flowers_reads_no_flower(det, sheet):
    """The sheet's 34 kinds without its flowers (a riichi set, a set sold without them): the
    flowers of the photo are then read as tiles of the set or dropped, never as flowers."""
    import cv2

    from scoring.tiles import FLOWER_CODES, TILE_CODES
    from vision.detect.calibrate import from_photos

    whole = from_photos(det, [sheet], [SHEET], "drawn-b")
    keep = np.array([DETECTOR_CLASSES[k] not in FLOWER_CODES for k in whole.codes])
    flowerless = Profile(name="no flowers", model=whole.model)
    flowerless.add([DETECTOR_CLASSES[k] for k in whole.codes[keep]], whole.crops[keep],
                   whole.embeddings[keep])
    assert ProfileReader(flowerless).game_tiles == TILE_CODES
    assert ProfileReader(whole).game_tiles is None
    img = cv2.imread(str(sheet))
    flowers = [t["box"] for t in json.loads((sheet.parent / "tiles.json").read_text())
               if t["code"] in FLOWER_CODES]
    as_whole = [d.code for d in det.read_boxes(img, flowers, ProfileReader(whole))]
    assert sum(c in FLOWER_CODES for c in as_whole) >= 6, as_whole
    as_flowerless = [d.code for d in det.read_boxes(img, flowers, ProfileReader(flowerless))]
    assert not any(c in FLOWER_CODES for c in as_flowerless), as_flowerless


# -- mjlens calibrate ----------------------------------------------------------------------------
def test_calibrate_writes_a_profile_that_detect_reads_with(sheet, tmp_path):
    out = tmp_path / "mine.mjprofile"
    r = mjlens("calibrate", str(sheet), "--tiles", SHEET, "--out", str(out), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    info = json.loads(r.stdout)
    assert len(info["examples"]) == 42 and info["name"] == "mine"
    assert "without flowers" not in info["message"]

    def right(*extra):
        r = mjlens("detect", "--json", *extra, str(sheet))
        assert r.returncode == 0, r.stderr
        boxes = [t["box"] for t in json.loads(r.stdout)["tiles"]]
        codes = [t["code"] for t in json.loads(r.stdout)["tiles"]]
        order, _ = reading_order(np.array(boxes))
        return sum(codes[i] == c for i, c in zip(order, parse_tiles(SHEET), strict=True))

    # its own sheet: the classifier alone reads about half of this art; with the profile
    # nearly all (two faces the embedding barely tells apart, 1m/2m, may still swap)
    plain, mine = right(), right("--profile", str(out))
    assert mine >= 40 and mine >= plain + 10, (plain, mine)
    r = mjlens("scan", "--json", "--profile", str(out), "tests/fixtures/app/hand_kong.jpg")
    assert "hand" in json.loads(r.stdout)


def test_calibrate_says_a_sheet_without_flowers_makes_a_profile_that_reads_none(tmp_path):
    from datasets.synth.sheet import RIICHI_SHEET_ROWS, RIICHI_SHEET_TILES, render_sheet

    jpeg, _ = render_sheet(5, "drawn-b", style="held-out", rows=RIICHI_SHEET_ROWS)
    photo = tmp_path / "riichi.jpg"
    photo.write_bytes(jpeg)
    out = tmp_path / "riichi.mjprofile"
    r = mjlens("calibrate", str(photo), "--tiles", RIICHI_SHEET_TILES, "--out", str(out),
               "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    info = json.loads(r.stdout)
    assert "without flowers" in info["message"] and "没有花牌" in info["message_zh"]
    assert "沒有花牌" in info["message_zh_hant"]  # every language, as the other commands give
    assert Profile.load(out).without_flowers


def test_calibrate_says_how_many_tiles_it_found_and_where(sheet, tmp_path):
    out = tmp_path / "mine.mjprofile"
    r = mjlens("calibrate", str(sheet), "--tiles", SHEET[:-2] + "f", "--out", str(out), "--lang", "en")
    assert r.returncode == 2
    assert "42 tiles found, but the list has 41" in r.stderr
    assert "row 1: 9 tiles" in r.stderr and "row 5: 8 tiles" in r.stderr
    assert not out.exists()
    r = mjlens("calibrate", str(sheet), "--tiles", SHEET[:-2] + "f", "--out", str(out), "--lang", "zh")
    assert "找到 42 张牌，但列表里有 41 张" in r.stderr
    assert "第 1 行 9 张（高度" in r.stderr and "像素）、第 2 行 9 张" in r.stderr


def test_a_dark_photo_whose_tiles_were_missed_is_said_to_be_dark(det, sheet, tmp_path):
    """Only how many were found was said: the reason, the light, was left to guess."""
    import cv2

    from vision.detect.calibrate import from_photos

    dark = tmp_path / "dark.jpg"
    cv2.imwrite(str(dark), (cv2.imread(str(sheet)) * 0.08).astype(np.uint8))
    with pytest.raises(CalibrationError) as e:
        from_photos(det, [str(dark)], [SHEET], "mine")
    assert "the photo is very dark, take it again in good light" in e.value.render("en")
    assert "照片太暗了，请在光线好的地方重拍" in e.value.render("zh")
    with pytest.raises(CalibrationError) as e:  # a photo in good light: no word of the light
        from_photos(det, [str(sheet)], ["123456789m"], "mine")
    assert "dark" not in e.value.render("en")


def test_calibrate_refuses_the_same_photo_twice_and_unknown_codes(sheet, tmp_path):
    out = tmp_path / "mine.mjprofile"
    r = mjlens("calibrate", str(sheet), str(sheet), "--tiles", SHEET, "--tiles", SHEET,
               "--out", str(out), "--json")
    assert r.returncode == 2 and "given twice" in json.loads(r.stdout)["error"]
    copy = tmp_path / "sheet (1).jpg"  # the same photo saved twice
    copy.write_bytes(sheet.read_bytes())
    r = mjlens("calibrate", str(sheet), str(copy), "--tiles", SHEET, "--tiles", SHEET,
               "--out", str(out))
    assert r.returncode == 2, r.stderr
    assert f"The photo {copy} is given twice (it is the same as {sheet})" in r.stderr
    r = mjlens("calibrate", str(sheet), "--tiles", "123456789m 8z", "--out", str(out))
    assert r.returncode == 2 and "'8z'" in r.stderr
    r = mjlens("calibrate", str(sheet), "--out", str(out))
    assert r.returncode == 2 and f"Give the tiles of {sheet} with --tiles, once per photo" \
        in r.stderr, r.stderr
    r = mjlens("calibrate", str(sheet), "--out", str(out), "--lang", "zh")
    assert f"请用 --tiles 给出 {sheet} 里的牌" in r.stderr, r.stderr
    assert not out.exists()


def test_calibrate_from_a_labelled_folder(sheet, tmp_path):
    from datasets.synth.generate import CLASS_INDEX

    tiles = json.loads((sheet.parent / "tiles.json").read_text())
    data = tmp_path / "labelled"
    (data / "images").mkdir(parents=True)
    (data / "labels").mkdir()
    (data / "images" / "sheet.jpg").write_bytes(sheet.read_bytes())
    import cv2

    h, w = cv2.imread(str(sheet)).shape[:2]
    (data / "labels" / "sheet.txt").write_text("".join(
        f"{CLASS_INDEX[t['code']]} {(t['box'][0] + t['box'][2]) / 2 / w} "
        f"{(t['box'][1] + t['box'][3]) / 2 / h} {(t['box'][2] - t['box'][0]) / w} "
        f"{(t['box'][3] - t['box'][1]) / h}\n" for t in tiles))
    out = tmp_path / "labels.mjprofile"
    r = mjlens("calibrate", "--labels", str(data), "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert len(Profile.load(out).counts()) == 42


def test_detect_eval_and_label_refuse_a_foreign_profile_clearly(tmp_path):
    bad = tmp_path / "bad.mjprofile"
    bad.write_text("not a profile")
    r = mjlens("detect", "--profile", str(bad), "tests/fixtures/detect/hand_a.jpg")
    assert r.returncode == 2 and "not an mjlens tile profile" in r.stderr
    r = mjlens("eval", "--data", str(tmp_path), "--profile", str(bad), "--lang", "zh")
    assert r.returncode == 2 and "不是 mjlens 的牌组档案" in r.stderr
    (tmp_path / "photos").mkdir()
    r = mjlens("label", str(tmp_path / "photos"), "--out", str(tmp_path / "o"), "--profile",
               str(bad), "--lang", "zh")
    assert r.returncode == 2 and "不是 mjlens 的牌组档案" in r.stderr


def test_adding_to_a_profile_of_another_reader_without_pictures_names_its_file(sheet,
                                                                              tmp_path):
    """It said "The tile profile profile was made with another tile reader"."""
    old = tmp_path / "grandma.mjprofile"
    _profile(model="an older reader", crops=False).save(old)
    before = old.read_bytes()
    for lang, said in [("en", f"The tile profile {old} was made with another tile reader"),
                       ("zh", f"牌组档案 {old} 是用另一个识牌模型制作的")]:
        r = mjlens("calibrate", str(sheet), "--tiles", SHEET, "--out", str(old), "--add",
                   "--lang", lang)
        assert r.returncode == 2 and said in r.stderr, r.stderr
    assert old.read_bytes() == before


def test_a_set_the_classifier_already_reads_right_gets_little_weight():
    from vision.detect.profile import TRUSTED_ERRORS, USUAL_ERRORS, WEIGHT, trusted_weight

    p = _profile(n_codes=3, per=10, dim=16)
    assert trusted_weight(p) == WEIGHT  # nothing known about the classifier on these
    p.read_as = p.codes.copy()
    assert trusted_weight(p) == 0.0
    wrong = p.codes.copy()
    wrong[:3] = (wrong[:3] + 1) % 3  # 3 of 30 misread
    p.read_as = wrong
    share = (0.1 - USUAL_ERRORS) / (TRUSTED_ERRORS - USUAL_ERRORS)
    assert trusted_weight(p) == pytest.approx(WEIGHT * min(1.0, share))
    p.read_as = p.codes.copy()
    p.read_as[:1] = (p.read_as[:1] + 1) % 3  # 1 of 30 (3.3%): about the usual rate
    assert trusted_weight(p) < 0.05 * WEIGHT
    p.read_as = p.codes.copy()
    probs = np.random.default_rng(3).dirichlet(np.ones(len(DETECTOR_CLASSES)), size=4)
    mixed, _ = ProfileReader(p).mix(probs, p.embeddings[:4, 0])
    assert np.allclose(mixed, probs)  # a set read right is read as without the profile


@pytest.mark.parametrize("turn,how,zh", [(1, "upside down", "上下颠倒了"),
                                         (0, "on its side", "横过来了"),
                                         (2, "on its side", "横过来了")])
def test_a_sheet_photographed_upside_down_or_on_its_side_is_refused(det, sheet, tmp_path,
                                                                    turn, how, zh):
    """Its tiles were all found, so it was learnt with each tile under another tile's code."""
    import cv2

    from vision.detect.calibrate import from_photos

    photo = tmp_path / "turned.jpg"
    # cv2.rotate: 0 a quarter turn clockwise, 1 half a turn, 2 a quarter turn anticlockwise
    cv2.imwrite(str(photo), cv2.rotate(cv2.imread(str(sheet)), turn))
    with pytest.raises(CalibrationError) as e:
        from_photos(det, [str(photo)], [SHEET], "mine")
    assert f"turned.jpg seems to be {how}" in e.value.render("en")
    assert f"turned.jpg 好像{zh}" in e.value.render("zh")
    assert e.value.boxes is not None and len(e.value.boxes) == 42  # drawn on it in the app
    assert len(from_photos(det, [str(sheet)], [SHEET], "mine").counts()) == 42


def test_a_turned_photo_is_told_by_where_the_reader_finds_the_listed_tiles():
    from vision.detect.calibrate import check_upright, turned

    # two rows of three, read as listed only in the order of the photo turned half a turn
    boxes = np.array([[x, y, x + 20, y + 30] for y in (0, 50) for x in (0, 30, 60)], float)
    listed = ["1m", "2m", "3m", "4m", "5m", "6m"]
    check_upright(boxes, listed, listed, "a.jpg")  # upright: accepted
    with pytest.raises(CalibrationError, match="upside down"):
        check_upright(boxes, listed[::-1], listed, "a.jpg")
    # one row: turned a quarter, its tiles stand in one column read top to bottom
    assert [list(b) for b in turned(boxes[:1], 1)] == [[-30.0, 0.0, 0.0, 20.0]]
    # a reader that agrees with no order (an unusual set) is no reason to refuse
    check_upright(boxes, ["9p"] * 6, listed, "a.jpg")


def test_a_correction_on_a_well_read_set_changes_the_next_reading_of_that_mistake():
    """A set the classifier reads well gets no profile weight (above), but a tile the player
    corrected (one example of code 2 the classifier read as 1) gives the profile its full say
    on the crops the classifier reads as 1; the other crops are read as without it."""
    from vision.detect.profile import trusted_weight

    p = _profile(n_codes=3, per=20, dim=16)
    p.read_as = p.codes.copy()
    assert trusted_weight(p) == 0.0
    rng = np.random.default_rng(5)
    like_2 = p.embeddings[p.codes == 2][:, 0].mean(axis=0) + 0.05 * rng.normal(size=16)
    like_0 = p.embeddings[p.codes == 0][:, 0].mean(axis=0)
    read_as_1 = np.full(len(DETECTOR_CLASSES), 0.002)
    read_as_1[1] = 1 - 0.002 * (len(DETECTOR_CLASSES) - 1)  # the classifier: surely a 1
    read_as_0 = np.roll(read_as_1, -1)
    crops = np.stack([like_2, like_0]).astype(np.float32)
    probs = np.stack([read_as_1, read_as_0])
    before, _ = ProfileReader(p).mix(probs, crops)
    assert before.argmax(axis=1).tolist() == [1, 0]  # weight 0: the classifier's reading
    p.add([DETECTOR_CLASSES[2]], np.zeros((1, 64, 64, 3), np.uint8),
          np.repeat(like_2[None, None], 4, axis=1).astype(np.float32), [1])  # the correction
    assert trusted_weight(p) == 0.0  # 1 of 61 misread: the set's trust is unchanged
    after, _ = ProfileReader(p).mix(probs, crops)
    assert after.argmax(axis=1).tolist() == [2, 0]
    assert np.allclose(after[1], before[1])  # a crop read as another code is left alone
