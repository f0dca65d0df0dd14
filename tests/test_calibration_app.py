"""The app's "My tiles" panel (AppTest, the real shipped detector): make a profile from a photo
of the calibration sheet, read with it, learn from a correction, rename, delete, import."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from scoring.messages import TileName
from tests.app_support import FIXTURES, toy_rules  # noqa: F401

APP = str(Path(__file__).resolve().parents[1] / "app.py")
SHEET = "123456789m 123456789p 123456789s 1234567z 12345678f"


def messages(at) -> str:
    return " | ".join(str(e.value) for e in [*at.warning, *at.error, *at.info, *at.success])


@pytest.fixture(scope="module")
def sheet_jpeg() -> bytes:
    from datasets.synth.sheet import render_sheet

    return render_sheet(5, "drawn-b", style="held-out")[0]


@pytest.fixture
def app(toy_rules, monkeypatch, tmp_path):  # noqa: F811
    monkeypatch.setenv("MJLENS_PROFILE_DIR", str(tmp_path / "profiles"))
    at = AppTest.from_file(APP, default_timeout=120)
    at.run()
    assert not at.exception
    at.selectbox(key="rules").set_value("toy").run()
    return at


def beside_the_hand(at) -> str:
    """The messages outside the folded "My tiles" panel: what a tile fix taught the profile is
    said there, by the hand the fix reran (the panel is not rerun by a tap)."""
    panel = next(e for e in at.expander if e.key == "profiles-exp")
    inside = {str(e.value) for kind in ("success", "error") for e in getattr(panel, kind)}
    return " | ".join(str(e.value) for e in [*at.success, *at.error] if str(e.value) not in inside)


def make_profile(at, jpeg: bytes, tiles: str = SHEET, name: str = "Grandma's set"):
    at.toggle(key="profile_new").set_value(True).run()
    at.file_uploader(key="profile_photo").set_value(("sheet.jpg", jpeg, "image/jpeg")).run()
    at.text_input(key="profile_tiles").set_value(tiles).run()
    at.text_input(key="profile_name").set_value(name).run()
    at.button(key="profile_make").click().run()
    assert not at.exception, at.exception
    return at


def test_a_sheet_photo_makes_the_active_profile_and_a_correction_is_learnt(app, sheet_jpeg,
                                                                           tmp_path):
    from mjlens.ui import profiles as PR

    make_profile(app, sheet_jpeg)
    assert "Learnt 168 tile pictures of 42 kinds into 'Grandma's set'" in messages(app)
    file = PR.active()
    assert file and (tmp_path / "profiles" / file).exists()
    before = PR.load(file).counts()
    # a photo read with the profile, then one tile corrected
    data = (FIXTURES / "hand_melds.jpg").read_bytes()
    app.file_uploader(key="upload").set_value(("hand_melds.jpg", data, "image/jpeg")).run()
    assert not app.exception, app.exception
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.box is not None and s.code[-1] in "mps")
    app.button(key=f"tile-{i}").click().run()
    code = d.tiles[i].code
    target = ("9" if code[0] != "9" else "8") + code[-1]
    app.segmented_control(key="palette-suit").set_value(code[-1]).run()
    app.button(key=f"pal-{target}").click().run()
    assert not app.exception, app.exception
    after = PR.load(file).counts()
    assert after[target] == before[target] + 1  # kept on disk at once
    assert f"this tile is {TileName(target).render('en')} in" in beside_the_hand(app)


def test_a_wrong_tile_list_says_how_many_were_found_and_shows_them(app, sheet_jpeg):
    from mjlens.ui import profiles as PR

    images = len(app.image)
    make_profile(app, sheet_jpeg, tiles="123456789m 123456789p")
    # the photo named as the player chose it, not as a temporary file of the app's
    assert "sheet.jpg: 42 tiles found, but the list has 18" in messages(app)
    assert "tmp" not in messages(app)
    assert len(app.image) == images + 1  # the boxes drawn on the photo
    assert PR.names() == []
    app.text_input(key="profile_tiles").set_value(" ").run()
    app.button(key="profile_make").click().run()
    assert "The tile list for sheet.jpg is empty." in messages(app)


def test_learn_without_a_photo_says_what_is_missing(app):
    from mjlens.ui import profiles as PR

    app.toggle(key="profile_new").set_value(True).run()
    app.button(key="profile_make").click().run()
    assert not app.exception, app.exception
    assert "Add the photo of your tiles first." in messages(app)
    assert PR.names() == []


def test_rename_delete_and_a_foreign_import(app, sheet_jpeg):
    from mjlens.ui import profiles as PR

    make_profile(app, sheet_jpeg, name="set one")
    file = PR.active()
    app.text_input(key=f"rename-{file}").set_value("kitchen set").run()
    assert PR.load(file).name == "kitchen set"
    app.file_uploader(key="profile_import").set_value(
        ("other.mjprofile", b"hello", "application/octet-stream")).run()
    assert "other.mjprofile is not a tile profile: choose a file exported from My tiles." \
        in messages(app)
    exported = (PR.profile_dir() / file).read_bytes()
    app.button(key=f"delete-{file}").click().run()
    assert PR.names() == [file], "one tap only asks"
    assert any("cannot be brought back" in w.value for w in app.warning)
    app.button(key=f"delete-no-{file}").click().run()
    assert PR.names() == [file] and PR.active() == file
    assert not any("cannot be brought back" in w.value for w in app.warning)
    app.button(key=f"delete-{file}").click().run()
    app.button(key=f"delete-yes-{file}").click().run()
    assert PR.names() == [] and PR.active() is None
    app.file_uploader(key="profile_import").set_value(
        ("kitchen.mjprofile", exported, "application/octet-stream")).run()
    assert "Imported 'kitchen set'" in messages(app)
    assert len(PR.names()) == 1


def test_the_panel_speaks_chinese(app):
    app.segmented_control(key="lang").set_value("zh").run()
    assert any(e.label == "我的牌" for e in app.expander)


def test_not_a_tile_removes_the_box_and_the_profile_learns_the_spot(app, sheet_jpeg):
    from mjlens.ui import profiles as PR

    data = (FIXTURES / "hand_melds.jpg").read_bytes()
    app.file_uploader(key="upload").set_value(("hand_melds.jpg", data, "image/jpeg")).run()
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.box is not None)
    app.button(key=f"tile-{i}").click().run()
    # no profile in use: nothing could learn the spot, so the button is not offered
    assert not [b for b in app.button if b.key == "not-a-tile"]
    make_profile(app, sheet_jpeg)
    file = PR.active()
    app.file_uploader(key="upload").set_value(("hand_melds.jpg", data, "image/jpeg")).run()
    d = app.session_state["draft"]
    n, box = len(d.tiles), next(s.box for s in d.tiles if s.box is not None)
    i = next(i for i, s in enumerate(d.tiles) if s.box == box)
    app.button(key=f"tile-{i}").click().run()
    app.button(key="not-a-tile").click().run()
    assert not app.exception, app.exception
    d = app.session_state["draft"]
    assert len(d.tiles) == n - 1 and box not in [s.box for s in d.tiles]
    assert PR.load(file).not_tiles == 1, messages(app)  # kept on disk at once
    assert "leaves out spots like this one" in beside_the_hand(app)


def test_a_photo_of_the_bare_table_teaches_the_profile_in_use(app, sheet_jpeg, tmp_path):
    import cv2
    import numpy as np

    from datasets.synth.clutter import clutter_texture
    from mjlens.ui import profiles as PR

    make_profile(app, sheet_jpeg)
    table, _ = clutter_texture(np.random.default_rng(1), 640, 60, family="keyboard")
    ok, png = cv2.imencode(".png", table)
    app.file_uploader(key="profile_table").set_value(("table.png", png.tobytes(),
                                                      "image/png")).run()
    assert not app.exception, app.exception
    n = PR.load(PR.active()).not_tiles
    assert n > 10 and f"Learnt {n} spots of your table" in messages(app)


def fake_profile(name: str):
    """A profile of one made-up tile picture, made with another reader (so any use embeds it
    again with the shipped one): enough to choose, rename, export and learn into."""
    import numpy as np

    from vision.detect.profile import Profile

    return Profile(name=name, model="another reader", codes=np.zeros(1, np.int16),
                   embeddings=np.zeros((1, 4, 8), np.float32),
                   crops=np.full((1, 64, 64, 3), 200, np.uint8),
                   read_as=np.zeros(1, np.int16), red=np.zeros(1, bool))


def test_two_profiles_of_one_name_can_each_be_chosen(app):
    """The chooser names profiles, and the browser sends a choice back as its label: of two
    named alike, choosing the second chose the first."""
    from mjlens.ui import profiles as PR

    fake_profile("Set").save(PR.profile_dir() / "Set.mjprofile")
    fake_profile("Set").save(PR.profile_dir() / "Set-old.mjprofile")  # kept by an older app
    assert PR.load(PR.save_new(fake_profile("Set"))).name == "Set (2)"
    app.run()
    labels = app.selectbox(key="profile_choice").options
    assert len(set(labels)) == len(labels) == 4, labels
    for file in PR.names():
        app.selectbox(key="profile_choice").set_value(file).run()
        app.run()
        assert app.session_state["profile_choice"] == file and PR.active() == file


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_rename_to_no_name_or_a_taken_one_keeps_the_name_and_says_why(app, lang):
    from mjlens.ui import profiles as PR

    app.segmented_control(key="lang").set_value(lang).run()
    other = PR.save_new(fake_profile("kitchen set"))
    file = PR.save_new(fake_profile("set one"))
    app.run()
    app.selectbox(key="profile_choice").set_value(file).run()
    for bad in ("  ", "kitchen set"):
        app.text_input(key=f"rename-{file}").set_value(bad).run()
        assert not app.exception, app.exception
        assert PR.load(file).name == "set one" and PR.load(other).name == "kitchen set"
        assert app.text_input(key=f"rename-{file}").value == "set one"  # the box says so too
        said = " ".join(str(e.value) for e in app.error)
        assert "set one" in said, said
        if lang == "zh":
            assert not re.search("[A-Za-z]", said.replace("set one", "").replace(
                "kitchen set", "")), said
    app.text_input(key=f"rename-{file}").set_value("  garden set ").run()
    assert PR.load(file).name == "garden set" and not app.error


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_file_that_is_no_profile_is_refused_in_the_players_words(app, lang):
    """Not the command line's words (`mjlens calibrate`) nor the file's fields ("codes or
    embeddings missing"), and no Latin letter on the Chinese page but the file's own name."""
    import io
    import json

    import numpy as np

    from mjlens.ui import profiles as PR

    app.segmented_control(key="lang").set_value(lang).run()
    app.toggle(key="profile_new").set_value(True).run()
    header = {"format": "mjlens-tile-profile", "version": 1, "name": "x"}
    damaged = io.BytesIO()
    np.savez(damaged, header=np.array(json.dumps(header)), codes=np.zeros(3, np.int16))
    newer = io.BytesIO()
    np.savez(newer, header=np.array(json.dumps({**header, "version": 9})))
    for name, data in [("hello.mjprofile", b"hello"), ("damaged.mjprofile", damaged.getvalue()),
                       ("newer.mjprofile", newer.getvalue())]:
        app.file_uploader(key="profile_import").set_value(
            (name, data, "application/octet-stream")).run()
        assert not app.exception, app.exception
        said = " ".join(str(e.value) for e in app.error)
        assert name in said, said
        assert not re.search("mjlens|`|codes|embeddings|format", said), said
        if lang == "zh":
            assert not re.search("[A-Za-z]", said.replace(name, "")), said
    assert PR.names() == []


def test_an_imported_profile_named_as_one_kept_gets_a_name_of_its_own(app):
    from mjlens.ui import profiles as PR

    PR.save_new(fake_profile("Set"))
    data = (PR.profile_dir() / "Set.mjprofile").read_bytes()
    app.toggle(key="profile_new").set_value(True).run()
    app.file_uploader(key="profile_import").set_value(
        ("Set.mjprofile", data, "application/octet-stream")).run()
    assert "Imported 'Set (2)' (a profile named 'Set' was here already)" in messages(app)
    assert sorted(PR.load(f).name for f in PR.names()) == ["Set", "Set (2)"]


def test_a_sheet_that_is_not_a_photo_is_said_so(app):
    from mjlens.ui import profiles as PR

    app.toggle(key="profile_new").set_value(True).run()
    app.file_uploader(key="profile_photo").set_value(("sheet.jpg", b"not a photo",
                                                      "image/jpeg")).run()
    app.button(key="profile_make").click().run()
    assert not app.exception, app.exception
    assert "This file is not a photo" in messages(app) and "tmp" not in messages(app)
    assert PR.names() == []


def test_a_photo_read_with_a_profile_names_it_and_a_fix_is_said_in_chinese(app):
    """The photo's message says which profile read it; what a fix taught it is said by tile
    name, without a Latin letter on the Chinese page."""
    from mjlens.ui import profiles as PR

    app.segmented_control(key="lang").set_value("zh").run()
    file = PR.save_new(fake_profile("Set"))
    app.run()
    app.selectbox(key="profile_choice").set_value(file).run()
    data = (FIXTURES / "hand_melds.jpg").read_bytes()
    app.file_uploader(key="upload").set_value(("hand_melds.jpg", data, "image/jpeg")).run()
    assert not app.exception, app.exception
    assert "按你的牌“Set”识读" in " ".join(str(e.value) for e in app.success)
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.box is not None and s.code[-1] in "mps")
    app.button(key=f"tile-{i}").click().run()
    target = ("9" if d.tiles[i].code[0] != "9" else "8") + d.tiles[i].code[-1]
    app.segmented_control(key="palette-suit").set_value(target[-1]).run()
    app.button(key=f"pal-{target}").click().run()
    said = beside_the_hand(app)
    assert f"这张牌是{TileName(target).render('zh')}" in said or \
        f"这张牌是 {TileName(target).render('zh')}" in said, said
    assert not re.search("[A-Za-z]", said.replace("Set", "")), said


def test_the_default_name_follows_the_page_and_a_typed_one_stays(app):
    app.toggle(key="profile_new").set_value(True).run()
    assert app.text_input(key="profile_name").value == "My tiles"
    app.segmented_control(key="lang").set_value("zh").run()
    assert app.text_input(key="profile_name").value == "我的牌"
    app.text_input(key="profile_name").set_value("Kitchen").run()
    app.segmented_control(key="lang").set_value("en").run()
    assert app.text_input(key="profile_name").value == "Kitchen"
    assert not app.warning or "Session State" not in str(app.warning[0].value)


def test_the_boxes_on_a_sheet_photo_are_numbered_as_the_list_is_read():
    """A wrong count draws the boxes found, numbered: numbered as the detector listed them,
    the numbers said nothing about which tile of the list was missed."""
    from mjlens.ui.views_profiles import reading_numbers

    # two rows of three, given in shuffled order
    row = [[x, y, x + 20, y + 30] for y in (0, 50) for x in (0, 30, 60)]
    shuffled = [row[i] for i in (4, 0, 5, 2, 3, 1)]
    assert [list(b) for _, b in reading_numbers(shuffled)] == row
    assert [n for n, _ in reading_numbers(shuffled)] == [1, 2, 3, 4, 5, 6]


def test_a_turned_sheet_and_tiles_given_as_the_bare_table_are_refused_in_chinese(app,
                                                                                 sheet_jpeg):
    """Upside down, the sheet was learnt with each tile under another's code; given as the
    table, the player's tiles were left out of every photo after."""
    import cv2
    import numpy as np

    from mjlens.ui import profiles as PR

    app.segmented_control(key="lang").set_value("zh").run()
    turned = cv2.imencode(".jpg", cv2.rotate(cv2.imdecode(np.frombuffer(sheet_jpeg, np.uint8), 1),
                                             cv2.ROTATE_180))[1].tobytes()
    make_profile(app, turned)
    assert "sheet.jpg 好像上下颠倒了" in messages(app) and PR.names() == []
    make_profile(app, sheet_jpeg)
    file = PR.active()
    before = PR.path_of(file).read_bytes()
    app.file_uploader(key="profile_table").set_value(("table.jpg", sheet_jpeg,
                                                      "image/jpeg")).run()
    assert not app.exception, app.exception
    assert "table.jpg 应该是空桌面的照片" in messages(app), messages(app)
    assert PR.path_of(file).read_bytes() == before


@pytest.mark.parametrize("lang,said", [
    ("en", "Your profile 'Set.mjprofile' is damaged and cannot be used: delete it and import"),
    ("zh", "你的档案“Set.mjprofile”已损坏，不能使用")])
def test_a_kept_profile_damaged_on_disk_is_said_so_not_as_a_file_to_choose(app, lang, said):
    """It said "Set.mjprofile is not a tile profile: choose a file exported from My tiles",
    the importer's words, of the player's own profile."""
    from mjlens.ui import profiles as PR

    app.segmented_control(key="lang").set_value(lang).run()
    file = PR.save_new(fake_profile("Set"))
    PR.set_active(file)
    PR.path_of(file).write_bytes(PR.path_of(file).read_bytes()[:300])  # cut off by a crash
    data = (FIXTURES / "hand_melds.jpg").read_bytes()
    app.file_uploader(key="upload").set_value(("hand_melds.jpg", data, "image/jpeg")).run()
    assert not app.exception, app.exception
    assert said in messages(app), messages(app)
    assert "exported from" not in messages(app) and "导出的文件" not in messages(app)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_profile_this_reader_cannot_use_is_refused_when_imported(app, lang):
    """It was "Imported", then every photo after said the profile in use could not be read."""
    import numpy as np

    from mjlens.ui import profiles as PR

    app.segmented_control(key="lang").set_value(lang).run()
    app.toggle(key="profile_new").set_value(True).run()
    old = fake_profile("Old set")
    old.crops = None  # an older reader's, without the pictures to learn it again from
    empty = fake_profile("Empty set")
    empty.codes, empty.embeddings = np.zeros(0, np.int16), np.zeros((0, 4, 8), np.float32)
    empty.crops, empty.read_as, empty.red = None, np.zeros(0, np.int16), np.zeros(0, bool)
    said = {"en": ["old.mjprofile was made for another version of the tile reader",
                   "empty.mjprofile holds no tiles yet"],
            "zh": ["“old.mjprofile”是给另一版本的识牌程序做的", "“empty.mjprofile”里还没有牌"]}[lang]
    for (name, profile), words in zip([("old.mjprofile", old), ("empty.mjprofile", empty)], said,
                                      strict=True):
        app.file_uploader(key="profile_import").set_value(
            (name, profile.to_bytes(), "application/octet-stream")).run()
        assert not app.exception, app.exception
        assert words in messages(app) and "Imported" not in messages(app), messages(app)
    assert PR.names() == []
