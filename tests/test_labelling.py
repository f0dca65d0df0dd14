"""`mjlens label` and the dataset formats on a small folder made from the fixture photos: the
labels in every format agree, a rerun skips what is done, a corrupt photo is reported and the
others are labelled, and YOLO -> COCO -> YOLO (and VOC) give the boxes back."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from datasets import exchange
from datasets.formats import CLASS_INDEX, read_yolo_folder
from datasets.labelling import MANIFEST, read_manifest
from mjlens.cli import main
from scoring.tiles import DETECTOR_CLASSES

FIXTURES = Path(__file__).parent / "fixtures"
PHOTOS = [FIXTURES / "detect" / "hand_a.jpg", FIXTURES / "detect" / "hand_b.jpg",
          FIXTURES / "app" / "hand_melds.jpg"]


def make_folder(root: Path) -> Path:
    """Two photos at the top, one in a subfolder, one corrupt (a cut-off JPEG)."""
    (root / "sub").mkdir(parents=True)
    shutil.copy(PHOTOS[0], root / "a.jpg")
    shutil.copy(PHOTOS[1], root / "b.jpg")
    shutil.copy(PHOTOS[2], root / "sub" / "c.jpg")
    (root / "sub" / "broken.jpg").write_bytes(PHOTOS[1].read_bytes()[:2000])
    return root


@pytest.fixture(scope="module")
def labelled(tmp_path_factory):
    """(source folder, labelled folder, exit status, printed text) of one run."""
    import contextlib
    import io

    tmp = tmp_path_factory.mktemp("label")
    src, out = make_folder(tmp / "src"), tmp / "out"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = main(["label", str(src), "--out", str(out), "--workers", "1", "--lang", "en"])
    return src, out, status, buf.getvalue()


def test_corrupt_photo_reported_and_the_rest_labelled(labelled):
    _, out, status, text = labelled
    assert status == 1
    assert "Labelled 3 photos" in text and "1 photos failed" in text
    assert "sub/broken.jpg" in text and "damaged" in text
    recs = read_manifest(out)
    assert sorted(r.source for r in recs.values()) == ["a.jpg", "b.jpg", "sub/c.jpg"]
    assert sorted(p.name for p in (out / "labels").iterdir()) == \
        ["a.txt", "b.txt", "sub__c.txt"]
    assert all(len(r.boxes) >= 10 for r in recs.values())  # hands of 13+ tiles


def test_labels_are_the_detectors_boxes(labelled):
    """The YOLO file of each photo holds exactly the detector's boxes of that photo."""
    from vision.detect import TileDetector

    src, out, _, _ = labelled
    det = TileDetector()
    for rec in read_manifest(out).values():
        dets = det.detect(src / rec.source)
        lines = (out / "labels" / f"{rec.stem}.txt").read_text().splitlines()
        assert len(lines) == len(dets)
        got = sorted((int(s.split()[0]), float(s.split()[1])) for s in lines)
        want = sorted((CLASS_INDEX[d.code], (d.box[0] + d.box[2]) / 2 / rec.width) for d in dets)
        for (gc, gx), (wc, wx) in zip(got, want, strict=True):
            assert gc == wc and gx == pytest.approx(wx, abs=0.02 / rec.width)  # 0.01 px kept


def test_rerun_skips_finished_photos(labelled, capsys):
    src, out, _, _ = labelled
    before = (out / MANIFEST).read_text()
    status = main(["label", str(src), "--out", str(out), "--workers", "1", "--lang", "en"])
    err = capsys.readouterr()
    assert status == 1  # the corrupt photo is tried again and still fails
    assert "4 photos under" in err.err and "3 already labelled" in err.err
    assert "Labelled 0 photos" in err.out
    assert (out / MANIFEST).read_text() == before


def test_rerun_in_chinese(labelled, capsys):
    src, out, _, _ = labelled
    main(["label", str(src), "--out", str(out), "--workers", "1", "--lang", "zh"])
    err = capsys.readouterr()
    assert "已标注 0 张照片" in err.out and "已损坏" in err.out


def test_coco_loads_with_pycocotools_and_matches_yolo(labelled):
    from pycocotools.coco import COCO

    _, out, _, _ = labelled
    coco = COCO(str(out / "annotations.coco.json"))
    assert [c["name"] for c in coco.loadCats(coco.getCatIds())] == list(DETECTOR_CLASSES)
    yolo = {r.image: r for r in read_yolo_folder(out)}
    assert len(coco.getImgIds()) == len(yolo) == 3
    for img in coco.loadImgs(coco.getImgIds()):
        anns = coco.loadAnns(coco.getAnnIds(imgIds=img["id"]))
        rec = yolo[img["file_name"]]
        got = sorted((DETECTOR_CLASSES[a["category_id"] - 1], *a["bbox"]) for a in anns)
        want = sorted((b.code, b.x1, b.y1, b.x2 - b.x1, b.y2 - b.y1) for b in rec.boxes)
        assert len(got) == len(want)
        for g, w in zip(got, want, strict=True):
            assert g[0] == w[0] and g[1:] == pytest.approx(w[1:], abs=0.01)
        assert all(0 < a["score"] <= 1 for a in anns)


def test_label_studio_file_follows_the_documented_predictions_format(labelled):
    """Label Studio's "Import pre-annotated data" guide: tasks with `data` and `predictions`
    (each a `result` list and a `score`); a rectangle result has `type` rectanglelabels,
    `from_name`/`to_name` naming the config's tags, `original_width`/`original_height`, and a
    `value` with x, y, width, height in percent and `rectanglelabels`."""
    import xml.etree.ElementTree as ET

    _, out, _, _ = labelled
    tasks = json.loads((out / "label_studio.json").read_text())
    config = ET.fromstring((out / "label_studio_config.xml").read_text())
    rect = config.find("RectangleLabels")
    names = {lab.get("value") for lab in rect.iter("Label")}
    assert names == set(DETECTOR_CLASSES)
    manifest = {r.image: r for r in read_manifest(out).values()}
    assert len(tasks) == 3
    for task in tasks:
        assert set(task) == {"data", "predictions"}
        image = task["data"][config.find("Image").get("name")]
        rec = manifest[image.rsplit("/", 1)[1]]
        (pred,) = task["predictions"]
        assert {"model_version", "score", "result"} <= set(pred)
        assert len(pred["result"]) == len(rec.boxes)
        for r, b in zip(pred["result"], rec.boxes, strict=True):
            assert r["type"] == "rectanglelabels"
            assert r["from_name"] == rect.get("name") and r["to_name"] == rect.get("toName")
            assert (r["original_width"], r["original_height"]) == (rec.width, rec.height)
            v = r["value"]
            assert v["rectanglelabels"] == [b.code]
            assert v["x"] == pytest.approx(100 * b.x1 / rec.width)
            assert v["width"] == pytest.approx(100 * (b.x2 - b.x1) / rec.width)
            assert 0 <= v["y"] and v["y"] + v["height"] <= 100.001
            assert r["score"] == b.score
        assert pred["score"] == min(b.score for b in rec.boxes)


def test_yolo_coco_yolo_round_trips_exactly(labelled, tmp_path):
    _, out, _, _ = labelled
    assert main(["dataset", "convert", str(out), "--to", "coco", "--out", str(tmp_path / "c")]) == 0
    assert main(["dataset", "convert", str(tmp_path / "c"), "--to", "yolo",
                 "--out", str(tmp_path / "y")]) == 0
    for lab in (out / "labels").iterdir():
        assert (tmp_path / "y" / "labels" / lab.name).read_text() == lab.read_text()
    assert sorted(p.name for p in (tmp_path / "y" / "images").iterdir()) == \
        sorted(p.name for p in (out / "images").iterdir())


def test_yolo_voc_yolo_keeps_boxes_to_the_pixel(labelled, tmp_path):
    _, out, _, _ = labelled
    exchange.convert(out, tmp_path / "v", "voc")
    assert len(list((tmp_path / "v" / "Annotations").glob("*.xml"))) == 3
    exchange.convert(tmp_path / "v", tmp_path / "y", "yolo")
    back = {r.image: r for r in read_yolo_folder(tmp_path / "y")}
    for rec in read_yolo_folder(out):
        other = back[rec.image]
        assert [b.code for b in other.boxes] == [b.code for b in rec.boxes]
        for a, b in zip(rec.boxes, other.boxes, strict=True):
            assert (b.x1, b.y1, b.x2, b.y2) == pytest.approx((a.x1, a.y1, a.x2, a.y2), abs=0.51)


def test_merge_adds_reviewed_photos_once(labelled, tmp_path):
    from datasets.labelling import write_manifest

    _, out, _, _ = labelled
    work = tmp_path / "labelled"
    shutil.copytree(out, work)
    recs = list(read_manifest(work).values())
    recs[0].reviewed = recs[1].reviewed = True
    write_manifest(work, recs)
    train = tmp_path / "train"
    assert exchange.merge([work], train) == (2, 0, 1)
    assert exchange.merge([work], train, reviewed_only=False) == (1, 2, 0)  # same content: skipped
    assert len(list((train / "reviewed" / "labels").iterdir())) == 3
    assert "train: [reviewed/images]" in (train / "data.yaml").read_text()
    merged = {r.image: r for r in read_yolo_folder(train / "reviewed")}
    assert [b.code for b in merged[recs[0].image].boxes] == [b.code for b in recs[0].boxes]


def test_merge_of_nothing_reviewed_into_a_new_folder_adds_nothing(labelled, tmp_path, capsys):
    """A new folder is a training set too (docs/labelling.md): with no photo reviewed yet the
    merge says it added none, where it failed with '[Errno 2] No such file or directory'."""
    _, out, _, _ = labelled
    train = tmp_path / "new_set"
    status = main(["dataset", "merge", str(out), "--into", str(train), "--lang", "en"])
    assert status == 0
    printed = capsys.readouterr().out
    assert printed.startswith("0 photos added")
    # and why: "0 photos added" alone left a person wondering where the photos went
    assert "3 photos not yet reviewed were left out: accept them on the app's Review labels " \
           "page, or add --all." in printed
    assert not (train / "data.yaml").exists()  # no set listing a folder that is not there


def test_eval_measures_the_detector_on_reviewed_photos_only(labelled, tmp_path, capsys):
    """Nothing reviewed: refused. Two photos accepted as the detector proposed them: the
    detector's own boxes are matched one for one (precision and recall 1) on those two."""
    from datasets.labelling import write_manifest

    _, out, _, _ = labelled
    work = tmp_path / "labelled"
    shutil.copytree(out, work)
    assert main(["eval", "--data", str(work), "--json"]) == 2
    assert "none of the 3 photos" in capsys.readouterr().err
    recs = sorted(read_manifest(work).values(), key=lambda r: r.image)
    recs[0].reviewed = recs[1].reviewed = True
    write_manifest(work, recs)
    assert main(["eval", "--data", str(work), "--json"]) == 0
    out_err = capsys.readouterr()
    assert "the 2 reviewed photos of 3" in out_err.err
    rep = json.loads(out_err.out)
    assert rep["images"] == 2
    assert rep["tiles_labelled"] == len(recs[0].boxes) + len(recs[1].boxes)
    assert rep["recall"] == pytest.approx(1.0) and rep["precision"] == pytest.approx(1.0)


def test_heic_phone_photo_is_labelled_and_stored_as_jpeg(tmp_path):
    """An iPhone-style HEIC photo goes through the same loader (pillow-heif) and comes out as a
    JPEG beside its labels, boxes like those of the same picture as JPEG."""
    pillow_heif = pytest.importorskip("pillow_heif")
    from PIL import Image

    from datasets.labelling import label_folder, run_local

    pillow_heif.register_heif_opener()
    (tmp_path / "src").mkdir()
    Image.open(PHOTOS[0]).save(tmp_path / "src" / "IMG_1.HEIC", quality=95)
    s = label_folder(tmp_path / "src", tmp_path / "out",
                     lambda paths: run_local(paths, None, None, 1), progress=False)
    assert (s.images, s.failures) == (1, [])
    (rec,) = read_manifest(tmp_path / "out").values()
    assert rec.image == "IMG_1.jpg" and rec.source == "IMG_1.HEIC"
    with Image.open(tmp_path / "out" / "images" / "IMG_1.jpg") as im:
        assert im.format == "JPEG" and im.size == (rec.width, rec.height) == (640, 640)
    from vision.detect import TileDetector

    jpeg_codes = sorted(d.code for d in TileDetector().detect(PHOTOS[0]))
    assert abs(len(rec.boxes) - len(jpeg_codes)) <= 1
    assert len(set(b.code for b in rec.boxes) & set(jpeg_codes)) >= len(set(jpeg_codes)) - 2


def test_review_while_labelling_keeps_both(tmp_path):
    """A person corrects and accepts a photo on the review page while `mjlens label` still runs
    on the rest of the folder: the page rewrote labelling.jsonl from its own copy, so the
    photos the run labelled after that were missing from it (the run's appends went to the
    replaced file), and the run's last export wrote the uncorrected boxes back into labels/
    and the COCO file."""
    from datasets.labelling import COCO_FILE, label_folder, run_local
    from datasets.review import ReviewSet

    src, out = tmp_path / "src", tmp_path / "out"
    src.mkdir()
    shutil.copy(PHOTOS[0], src / "a.jpg")
    label_folder(src, out, lambda paths: run_local(paths, None, None, 1), progress=False)
    shutil.copy(PHOTOS[1], src / "b.jpg")
    shutil.copy(PHOTOS[2], src / "c.jpg")

    def runner_with_a_reviewer(paths):
        for k, res in enumerate(run_local(paths, None, None, 1)):
            yield res
            if k == 0:  # one new photo done: the page opens the folder, corrects a.jpg
                page = ReviewSet.open(out)
                i = next(i for i, r in enumerate(page.records) if r.image == "a.jpg")
                page.set_code(i, 0, "back")
                page.accept(i)

    s = label_folder(src, out, runner_with_a_reviewer, progress=False)
    assert s.images == 2
    recs = {r.image: r for r in read_manifest(out).values()}
    assert sorted(recs) == ["a.jpg", "b.jpg", "c.jpg"]
    assert recs["a.jpg"].reviewed and recs["a.jpg"].boxes[0].code == "back"
    first_label = (out / "labels" / "a.txt").read_text().splitlines()[0]
    assert first_label.split()[0] == str(CLASS_INDEX["back"])
    coco = json.loads((out / COCO_FILE).read_text())
    a_id = next(im["id"] for im in coco["images"] if im["file_name"] == "a.jpg")
    first = min((a for a in coco["annotations"] if a["image_id"] == a_id), key=lambda a: a["id"])
    assert first["category_id"] == CLASS_INDEX["back"] + 1
    # the next run compacts the file to one line per photo, the correction kept
    label_folder(src, out, lambda paths: run_local(paths, None, None, 1), progress=False)
    lines = (out / MANIFEST).read_text().splitlines()
    assert len(lines) == 3
    assert read_manifest(out) == {r.sha256: r for r in recs.values()}


def test_a_pool_worker_leaves_ctrl_c_to_the_main_process():
    """Ctrl+C reaches every process of the terminal: each pool worker printed a
    KeyboardInterrupt traceback; now only the main process stops (and stops the pool)."""
    import multiprocessing as mp
    import signal

    from datasets.labelling import _init_pool_worker

    with mp.get_context("spawn").Pool(1, _init_pool_worker, (None, None, 1)) as pool:
        assert pool.apply(signal.getsignal, (signal.SIGINT,)) == signal.SIG_IGN


def test_ctrl_c_says_what_is_kept_and_how_to_go_on(tmp_path, monkeypatch, capsys):
    """Stopped with Ctrl+C after one photo: exit status 130 and a line saying the photo is
    kept and that the same command goes on (it said nothing); the rerun labels the rest."""
    import datasets.labelling as L

    real_run_local = L.run_local

    def stopped_after_one(paths, *args):
        for res in real_run_local(paths, *args):
            yield res
            raise KeyboardInterrupt

    src, out = make_folder(tmp_path / "src"), tmp_path / "out"
    monkeypatch.setattr(L, "run_local", stopped_after_one)
    assert main(["label", str(src), "--out", str(out), "--workers", "1", "--lang", "en"]) == 130
    err = capsys.readouterr().err
    assert f"Stopped. The 1 photos labelled so far are kept in {out}: run the same command " \
           "again to go on." in err
    assert len(read_manifest(out)) == 1
    monkeypatch.setattr(L, "run_local", real_run_local)
    assert main(["label", str(src), "--out", str(out), "--workers", "1", "--lang", "zh"]) == 1
    assert "1 张已经标注过" in capsys.readouterr().err
    assert len(read_manifest(out)) == 3


# -- a record file cut off by a kill -------------------------------------------------------------
def cut_last_line(folder: Path, keep: int) -> str:
    """The record file as a kill (SIGKILL, power loss) leaves it: the last line cut after
    `keep` bytes, no newline. Returns the image name of the photo whose record was cut."""
    data = (folder / MANIFEST).read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1
    (folder / MANIFEST).write_bytes(data[:start + keep])
    return json.loads(data[start:])["image"]


def test_a_cut_off_last_line_is_skipped_said_once_and_labelled_again(labelled, tmp_path, capsys):
    """The last line cut half way: the next run failed with a JSONDecodeError traceback. Now it
    says so once, labels that photo again and leaves one whole line per photo."""
    src, out, _, _ = labelled
    work = tmp_path / "out"
    shutil.copytree(out, work)
    before = {r.image: r for r in read_manifest(out).values()}
    cut = cut_last_line(work, 60)
    status = main(["label", str(src), "--out", str(work), "--workers", "1", "--lang", "en"])
    printed = capsys.readouterr()
    assert status == 1  # the corrupt photo again, nothing else
    assert printed.err.count("is incomplete") == 1
    assert f"{work / MANIFEST}: its last line (line 3) is incomplete" in printed.err
    assert "4 photos under" in printed.err and "2 already labelled" in printed.err
    assert "Labelled 1 photos" in printed.out
    after = {r.image: r for r in read_manifest(work).values()}
    assert after == before and cut in after
    lines = (work / MANIFEST).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 3 and all(json.loads(line) for line in lines)


def test_a_line_cut_inside_a_chinese_character_is_skipped(labelled, tmp_path, capsys):
    """A photo's path in Chinese: the cut fell inside a character's bytes, and the whole file
    failed to decode as UTF-8."""
    from datasets.labelling import write_manifest

    _, out, _, _ = labelled
    recs = sorted(read_manifest(out).values(), key=lambda r: r.image)
    recs[-1].source = "麻将/东风.jpg"
    write_manifest(tmp_path, recs)
    data = (tmp_path / MANIFEST).read_bytes()
    inside = data.rindex("东".encode()) + 1  # between the character's first and second byte
    (tmp_path / MANIFEST).write_bytes(data[:inside])
    notes = []
    assert sorted(read_manifest(tmp_path, notes.append)) == sorted(r.sha256 for r in recs[:-1])
    assert [n.render("zh") for n in notes] == [
        f"{tmp_path / MANIFEST}：最后一行（第 3 行）不完整，是写入时程序被中断留下的，已跳过。"
        "它记录的照片会在下次执行 mjlens label 时重新标注（或保留之前的记录）。"]


def test_a_damaged_line_amid_the_file_is_a_clear_error(labelled, tmp_path, capsys):
    """Only the last line can be a write cut off: a damaged one before others is an error in
    words naming the file and the line (it was a traceback), for label, merge and the review
    set alike."""
    from datasets.formats import FormatError
    from datasets.review import ReviewSet

    src, out, _, _ = labelled
    work = tmp_path / "out"
    shutil.copytree(out, work)
    lines = (work / MANIFEST).read_text(encoding="utf-8").splitlines(keepends=True)
    lines[1] = lines[1][:40] + "\n"
    (work / MANIFEST).write_text("".join(lines), encoding="utf-8")
    want = f"{work / MANIFEST}: line 2 is damaged (not a photo's record)."
    assert main(["label", str(src), "--out", str(work), "--workers", "1", "--lang", "en"]) == 2
    assert want in capsys.readouterr().err
    assert main(["dataset", "merge", str(work), "--into", str(tmp_path / "t"), "--all"]) == 2
    assert want in capsys.readouterr().err
    with pytest.raises(FormatError, match="line 2 is damaged"):
        ReviewSet.open(work)


def test_merge_skips_a_cut_off_last_line_and_says_so(labelled, tmp_path, capsys):
    _, out, _, _ = labelled
    work = tmp_path / "out"
    shutil.copytree(out, work)
    cut_last_line(work, 30)
    status = main(["dataset", "merge", str(work), "--into", str(tmp_path / "t"), "--all",
                   "--lang", "zh"])
    printed = capsys.readouterr()
    assert status == 0 and printed.out.startswith("已向")
    assert "加入 2 张照片" in printed.out
    assert printed.err.count("最后一行（第 3 行）不完整") == 1


def test_an_append_after_a_cut_off_line_starts_a_line_of_its_own(labelled, tmp_path):
    """The review page appends a correction after a kill cut the last line: the new record ran
    into the fragment (one damaged line, the correction lost). A whole last line that only
    lost its newline is kept."""
    from datasets.labelling import append_record

    _, out, _, _ = labelled
    shutil.copytree(out, tmp_path / "a")
    recs = sorted(read_manifest(out).values(), key=lambda r: r.image)
    cut_last_line(tmp_path / "a", 50)
    recs[0].reviewed = True
    append_record(tmp_path / "a", recs[0])
    assert read_manifest(tmp_path / "a", lambda m: pytest.fail(str(m)))[recs[0].sha256].reviewed
    assert len(read_manifest(tmp_path / "a")) == 2
    shutil.copytree(out, tmp_path / "b")
    whole = (tmp_path / "b" / MANIFEST).read_bytes().rstrip(b"\n")
    (tmp_path / "b" / MANIFEST).write_bytes(whole)
    append_record(tmp_path / "b", recs[0])
    got = read_manifest(tmp_path / "b", lambda m: pytest.fail(str(m)))
    assert len(got) == 3 and got[recs[0].sha256].reviewed


def test_eval_skips_a_cut_off_last_line_and_says_so(labelled, tmp_path, capsys):
    """`mjlens eval` reads the record file too: the cut-off line is said once and skipped, a
    damaged line amid the file refused in words (both were a JSONDecodeError traceback)."""
    _, out, _, _ = labelled
    work = tmp_path / "out"
    shutil.copytree(out, work)
    cut_last_line(work, 45)
    assert main(["eval", "--data", str(work), "--json", "--lang", "en"]) == 2  # none reviewed
    err = capsys.readouterr().err
    assert err.count("its last line (line 3) is incomplete") == 1
    assert "none of the 2 photos" in err
    (work / MANIFEST).write_bytes((work / MANIFEST).read_bytes() + b"\n{}\n")
    assert main(["eval", "--data", str(work), "--json", "--lang", "en"]) == 2
    assert "line 3 is damaged" in capsys.readouterr().err


def test_calibrate_learns_only_the_reviewed_photos_of_a_labelled_folder(labelled, tmp_path,
                                                                        capsys):
    """The others hold the reader's own guesses: a profile took them, its misreadings too, as
    the player's tiles."""
    from datasets.labelling import write_manifest
    from vision.detect.profile import Profile

    _, out, _, _ = labelled
    work = tmp_path / "labelled"
    shutil.copytree(out, work)
    mine = tmp_path / "mine.mjprofile"
    assert main(["calibrate", "--labels", str(work), "--out", str(mine), "--lang", "en"]) == 2
    assert "None of the 3 photos in" in capsys.readouterr().err and not mine.exists()
    assert main(["calibrate", "--labels", str(work), "--out", str(mine), "--lang", "zh"]) == 2
    assert "的 3 张照片还没有一张复核过" in capsys.readouterr().err
    recs = sorted(read_manifest(work).values(), key=lambda r: r.image)
    recs[0].reviewed = True
    write_manifest(work, recs)
    assert main(["calibrate", "--labels", str(work), "--out", str(mine), "--lang", "en"]) == 0
    assert "the 1 reviewed photos of 3" in capsys.readouterr().err
    learnt = Profile.load(mine)
    assert len(learnt) == 4 * len(recs[0].boxes)  # each tile as photographed and 3 jittered
