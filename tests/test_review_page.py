"""The "Review labels" page (app_pages/review_labels.py), driven with AppTest on a small labelled
folder written here (a fixture photo, boxes with known scores): least sure photo first, change a
box's code from the palette, delete a box, add one, accept, export; all saved to the folder."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from datasets.formats import CLASS_INDEX, Box, LabelledImage
from datasets.labelling import MANIFEST, read_manifest, write_manifest
from tests.app_support import open_scoring_page

ROOT = Path(__file__).resolve().parent.parent
PAGE = str(ROOT / "app_pages" / "review_labels.py")
PHOTO = ROOT / "tests" / "fixtures" / "detect" / "hand_a.jpg"  # 640 x 640


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "images").mkdir()
    for name in ("sure.jpg", "unsure.jpg"):
        shutil.copy(PHOTO, tmp_path / "images" / name)
    write_manifest(tmp_path, [
        LabelledImage("sure.jpg", 640, 640, [Box("1m", 10, 10, 50, 60, 0.9),
                                             Box("2m", 60, 10, 100, 60, 0.8)], "a", "sure.jpg"),
        LabelledImage("unsure.jpg", 640, 640, [Box("3p", 10, 10, 50, 60, 0.95),
                                               Box("4p", 60, 10, 100, 60, 0.2),
                                               Box("5p", 110, 10, 150, 60, 0.7)], "b",
                      "unsure.jpg"),
    ])
    return tmp_path


def start(folder: Path, lang: str = "en") -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["lang"] = lang
    at.session_state["rv-folder"] = str(folder)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def labels(folder: Path, stem: str) -> list[list[str]]:
    return [line.split() for line in (folder / "labels" / f"{stem}.txt").read_text().splitlines()]


def test_least_sure_photo_first_with_progress(folder):
    at = start(folder)
    assert "Photo 1 of 2: unsure.jpg" in at.markdown[1].value
    assert "Reviewed 0 / 2" in str(at.get("progress")[0].proto)
    assert at.selectbox(key="rv-box").options == ["#0 3p · 0.95", "#1 4p · 0.20", "#2 5p · 0.70"]
    at.button(key="rv-next").click().run()
    assert "Photo 2 of 2: sure.jpg" in at.markdown[1].value
    at.button(key="rv-prev").click().run()
    assert "unsure.jpg" in at.markdown[1].value


def test_change_a_code_from_the_palette_is_saved(folder):
    at = start(folder)
    at.selectbox(key="rv-box").set_value(1).run()
    at.button(key="pal-6p").click().run()
    assert [row[0] for row in labels(folder, "unsure")] == \
        [str(CLASS_INDEX[c]) for c in ("3p", "6p", "5p")]
    rec = next(r for r in read_manifest(folder).values() if r.image == "unsure.jpg")
    assert rec.boxes[1].code == "6p" and rec.boxes[1].score is None  # set by a person now
    assert at.selectbox(key="rv-box").options[1] == "#1 6p · by hand"


def test_delete_and_add_a_box(folder):
    at = start(folder)
    at.selectbox(key="rv-box").set_value(0).run()
    at.button(key="rv-delete").click().run()
    assert [row[0] for row in labels(folder, "unsure")] == \
        [str(CLASS_INDEX[c]) for c in ("4p", "5p")]
    at.selectbox(key="rv-add-code").set_value("7z").run()
    for name, v in (("x1", 200.0), ("y1", 20.0), ("x2", 232.0), ("y2", 64.0)):
        at.number_input(key=f"rv-{name}").set_value(v).run()
    at.button(key="rv-add-btn").click().run()
    rows = labels(folder, "unsure")
    assert len(rows) == 3 and rows[-1][0] == str(CLASS_INDEX["7z"])
    assert [float(v) for v in rows[-1][1:]] == pytest.approx([216 / 640, 42 / 640, 32 / 640,
                                                              44 / 640], abs=1e-6)


def test_accept_marks_reviewed_moves_on_and_export_writes_coco(folder):
    at = start(folder)
    at.button(key="rv-accept").click().run()
    assert "Reviewed 1 / 2" in str(at.get("progress")[0].proto)
    assert "sure.jpg" in at.markdown[1].value and "unsure" not in at.markdown[1].value
    assert [r.reviewed for r in sorted(read_manifest(folder).values(), key=lambda r: r.image)] \
        == [False, True]
    # Export is a download (a zip of the files), not a write into the server's folder only
    from mjlens.ui.review import export_zip

    button = at.get("download_button")
    assert [b.proto.label for b in button] == ["Export COCO + Label Studio"]
    with zipfile.ZipFile(io.BytesIO(export_zip(at.session_state["rv-set"]))) as z:
        names = set(z.namelist())
        coco = json.loads(z.read("annotations.coco.json"))
    assert {"annotations.coco.json", "label_studio.json", "data.yaml",
            "labels/unsure.txt"} <= names
    assert len(coco["annotations"]) == 5
    assert (folder / "label_studio.json").exists() and (folder / MANIFEST).exists()


def test_page_in_chinese(folder):
    at = start(folder, "zh")
    assert at.markdown[0].value == "### 复核标注"
    assert "第 1 / 2 张" in at.markdown[1].value
    assert at.button(key="rv-accept").label == "确认"
    assert at.button(key="pal-3p").label == "三筒"  # the palette opens on the box's suit


def test_a_folder_not_labelled_says_so(tmp_path):
    at = start(tmp_path)
    assert "has no labelling.jsonl" in at.error[0].value


def test_a_box_added_left_of_the_selected_one_is_selected(folder):
    """Boxes are numbered left to right: a box added left of the selected #2 made #2 name the
    box that was #1, and the next palette tap changed that box instead of the new one."""
    at = start(folder)
    at.selectbox(key="rv-box").set_value(2).run()  # 5p
    at.selectbox(key="rv-add-code").set_value("7z").run()
    for name, v in (("x1", 0), ("y1", 10), ("x2", 8), ("y2", 60)):
        at.number_input(key=f"rv-{name}").set_value(v).run()
    at.button(key="rv-add-btn").click().run()
    assert at.selectbox(key="rv-box").value == 0
    assert at.selectbox(key="rv-box").options[0] == "#0 7z · by hand"
    at.button(key="pal-6z").click().run()  # the palette opened on the new box's suit
    rec = next(r for r in read_manifest(folder).values() if r.image == "unsure.jpg")
    assert [b.code for b in rec.boxes] == ["6z", "3p", "4p", "5p"]


def test_new_box_corners_are_whole_pixels(folder):
    """The corner fields showed two decimals ("533.00"), cut off in their narrow columns."""
    at = start(folder)
    fields = [at.number_input(key=f"rv-{n}") for n in ("x1", "y1", "x2", "y2")]
    assert all(type(f.value) is int for f in fields), [f.value for f in fields]
    assert all(f.proto.data_type == f.proto.INT for f in fields)


def add_photo(folder: Path, rec: LabelledImage) -> None:
    shutil.copy(PHOTO, folder / "images" / rec.image)
    write_manifest(folder, [*read_manifest(folder).values(), rec])


def test_a_photo_where_nothing_was_found_comes_first(folder):
    """The detector found no tile at all: every tile may have been missed, so it is the least
    sure photo (it came last, as if it were sure of everything)."""
    add_photo(folder, LabelledImage("nothing.jpg", 640, 640, [], "c", "nothing.jpg"))
    at = start(folder)
    assert "Photo 1 of 3: nothing.jpg" in at.markdown[1].value
    # a photo of no tile is a right answer too (it said only "add the missing tiles")
    assert at.info[0].value == "No boxes in this photo: add the tiles it shows below, or " \
                               "accept it if it shows none."
    assert "Photo 2 of 3: unsure.jpg" in at.button(key="rv-next").click().run().markdown[1].value


def test_accept_opens_the_next_photo_still_to_review(folder):
    """Back on an earlier photo, Accept opened the next photo in order, already accepted."""
    add_photo(folder, LabelledImage("third.jpg", 640, 640, [Box("1s", 10, 10, 50, 60, 0.99)],
                                    "c", "third.jpg"))
    at = start(folder)  # unsure, sure, third
    at.button(key="rv-accept").click().run()
    at.button(key="rv-accept").click().run()
    assert "Photo 3 of 3: third.jpg" in at.markdown[1].value
    at.button(key="rv-prev").click().run()
    at.button(key="rv-prev").click().run()
    assert "Photo 1 of 3: unsure.jpg" in at.markdown[1].value
    at.button(key="rv-accept").click().run()
    assert "Photo 3 of 3: third.jpg · to review" in at.markdown[1].value
    at.button(key="rv-accept").click().run()  # none left: simply the next one
    assert "Photo 1 of 3: unsure.jpg" in at.markdown[1].value
    assert "Reviewed 3 / 3" in str(at.get("progress")[0].proto)


def test_a_cut_off_last_line_is_said_and_the_rest_reviewed(folder):
    """A kill cut the record file's last line: the page stopped on a JSONDecodeError traceback.
    Now it says so in words, opens the other photos, and the next save starts a whole line."""
    data = (folder / MANIFEST).read_bytes()
    (folder / MANIFEST).write_bytes(data[:data.rstrip(b"\n").rfind(b"\n") + 1 + 70])
    at = start(folder, "zh")
    assert "最后一行（第 2 行）不完整" in at.warning[0].value
    assert "第 1 / 1 张：sure.jpg" in at.markdown[1].value
    at.button(key="rv-accept").click().run()
    assert not at.exception
    (rec,) = read_manifest(folder, lambda m: pytest.fail(m.render("en"))).values()
    assert rec.image == "sure.jpg" and rec.reviewed


def test_a_damaged_line_amid_the_file_is_said_in_words(folder):
    lines = (folder / MANIFEST).read_text(encoding="utf-8").splitlines(keepends=True)
    (folder / MANIFEST).write_text(lines[0][:30] + "\n" + lines[1], encoding="utf-8")
    at = start(folder)
    assert at.error[0].value.startswith(f"{folder / MANIFEST}: line 1 is damaged")


def manifest_boxes(folder: Path, image: str) -> list[tuple[str, float | None]]:
    rec = next(r for r in read_manifest(folder).values() if r.image == image)
    return [(b.code, b.score) for b in rec.boxes]


def test_undo_takes_back_a_code_change_a_deletion_and_an_added_box(folder):
    """None of these could be taken back: a wrong palette tap lost the detector's code (and
    its score), a wrong Delete the box."""
    at = start(folder)
    first = manifest_boxes(folder, "unsure.jpg")
    assert at.button(key="rv-undo").disabled  # nothing to undo yet
    at.selectbox(key="rv-box").set_value(1).run()
    at.button(key="pal-6p").click().run()
    at.selectbox(key="rv-box").set_value(0).run()
    at.button(key="rv-delete").click().run()
    for name, v in (("x1", 200), ("y1", 20), ("x2", 232), ("y2", 64)):
        at.number_input(key=f"rv-{name}").set_value(v).run()
    at.button(key="rv-add-btn").click().run()
    assert [c for c, _ in manifest_boxes(folder, "unsure.jpg")] == ["6p", "5p", "1m"]
    at.button(key="rv-undo").click().run()  # the added box
    assert [c for c, _ in manifest_boxes(folder, "unsure.jpg")] == ["6p", "5p"]
    at.button(key="rv-undo").click().run()  # the deletion, and box #0 selected again
    assert [c for c, _ in manifest_boxes(folder, "unsure.jpg")] == ["3p", "6p", "5p"]
    assert at.selectbox(key="rv-box").value == 0
    at.button(key="rv-undo").click().run()  # the code change, with the detector's score
    assert manifest_boxes(folder, "unsure.jpg") == first
    assert labels(folder, "unsure")[1][0] == str(CLASS_INDEX["4p"])
    assert at.selectbox(key="rv-box").options[1] == "#1 4p · 0.20"
    assert at.button(key="rv-undo").disabled
    assert not at.exception


def test_undo_is_per_photo_and_takes_back_an_acceptance(folder):
    """Accept opens the next photo; going back, Undo (or Review again) marks it to review."""
    at = start(folder)
    at.button(key="rv-accept").click().run()
    assert "Photo 2 of 2: sure.jpg" in at.markdown[1].value
    assert at.button(key="rv-undo").disabled  # sure.jpg has no change of its own
    at.button(key="rv-prev").click().run()
    assert "unsure.jpg · accepted" in at.markdown[1].value
    at.button(key="rv-undo").click().run()
    assert "unsure.jpg · to review" in at.markdown[1].value
    assert "Reviewed 0 / 2" in str(at.get("progress")[0].proto)
    assert not any(r.reviewed for r in read_manifest(folder).values())


def test_review_again_marks_an_accepted_photo_to_review(folder):
    at = start(folder, "zh")
    assert not [b for b in at.button if b.key == "rv-unaccept"]  # only on an accepted photo
    at.button(key="rv-accept").click().run()
    at.button(key="rv-prev").click().run()
    assert at.button(key="rv-undo").label == "撤销"
    assert at.button(key="rv-unaccept").label == "重新复核"
    at.button(key="rv-unaccept").click().run()
    assert "待复核" in at.markdown[1].value
    assert not any(r.reviewed for r in read_manifest(folder).values())
    assert not [b for b in at.button if b.key == "rv-unaccept"]
    at.button(key="rv-undo").click().run()  # and Undo takes that back too
    assert "已确认" in at.markdown[1].value


def test_each_code_label_lies_inside_its_own_box_in_a_crowded_photo():
    """Tiles packed edge to edge: the code of every other box was drawn below it, on the tile
    underneath, and read as that tile's code. Each label is now inside its own box's top."""
    import numpy as np
    from PIL import Image

    from mjlens.ui.review_picture import COLOURS, draw_boxes

    grid = [[60 + 80 * c, 40 + 100 * r, 140 + 80 * c, 140 + 100 * r] for r in range(4)
            for c in range(5)]
    for selected in (7, 12):  # an odd box and an even one, mid grid
        img = Image.new("RGB", (520, 500), (255, 255, 255))
        draw_boxes(img, [((str(k), "back" if k == selected else "4p"), box,
                          "selected" if k == selected else "sure")
                         for k, box in enumerate(grid)])
        red = np.argwhere((np.asarray(img) == COLOURS["selected"]).all(axis=2))
        (y1, x1), (y2, x2) = red.min(axis=0), red.max(axis=0)
        bx1, by1, bx2, by2 = grid[selected]
        assert (bx1, by1, bx2, by2) == (x1, y1, x2, y2)  # the outline, tag and all, in the box
        tag_rows = [y for y in range(by1 + 5, by2 - 5) if (red[:, 0] == y).sum() > 10]
        assert tag_rows and max(tag_rows) < by1 + (by2 - by1) / 2  # a filled tag, at the top


def test_a_tag_goes_on_top_of_its_box_where_that_space_is_free():
    """A row of tiles (a hand): the tags on top of the boxes leave the faces in sight; with a
    box above, inside; a box too small for its tag has it under the box, or on top when both
    are taken."""
    from mjlens.ui.review_picture import TAG_SMALLEST, fit_tag, tag_size

    box = [100, 100, 180, 200]
    h = tag_size(("3", "7p"), 16)[1]
    assert fit_tag(("3", "7p"), box, 16) == (16, 100, 100 - h)
    assert fit_tag(("3", "7p"), box, 16, [[100, 0, 180, 99]]) == (16, 100, 100)
    tiny = [100, 100, 120, 118]
    size, x, y = fit_tag(("12", "back"), tiny, 16, [[100, 0, 120, 99]])
    assert size == TAG_SMALLEST and (x, y) == (100, 118)  # under it, the space above taken
    size, x, y = fit_tag(("12", "back"), tiny, 16, [[100, 0, 120, 99], [100, 119, 120, 200]])
    assert y + tag_size(("12", "back"), size)[1] == 100  # its lower edge on the box's top edge


def test_the_language_chosen_on_this_page_stays_on_the_other_pages(folder):
    """Chosen here, 简体中文 was forgotten on the next page (its run draws no switch of this
    page's): the scoring page and the side bar's page names went back to English."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.session_state["rv-folder"] = str(folder)
    at.run()
    at.switch_page(PAGE).run()
    at.button_group(key="lang").set_value("zh").run()
    assert at.markdown[0].value == "### 复核标注"
    assert [p["page_name"] for p in at._registered_pages.values()] == ["算番", "复核标注", "牌桌"]
    open_scoring_page(at)
    at.run()
    assert not at.exception, at.exception
    assert at.session_state["lang"] == "zh"
    assert at.button_group(key="lang").value == "zh"


def test_the_pages_are_not_in_a_folder_named_pages():
    """Streamlit runs a fresh server's first visit to /review_labels the old way when a folder
    named pages/ lies beside app.py: app.py is not run, and the side bar names the pages by
    their files (app, review labels, table), in English on the Chinese page too (the browser
    test tests/test_browser_review.py sees it in the side bar)."""
    from streamlit.runtime.pages_manager import PagesManager

    assert not (ROOT / "pages").exists()
    PagesManager.uses_pages_directory = None
    PagesManager(str(ROOT / "app.py"))
    assert PagesManager.uses_pages_directory is False
