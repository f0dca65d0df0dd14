"""The app's "My tiles" panel (AppTest, the real shipped detector): make a profile from a photo
of the calibration sheet, read with it, learn from a correction, rename, delete, import."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

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
    assert f"this tile is {target}" in beside_the_hand(app)


def test_a_wrong_tile_list_says_how_many_were_found_and_shows_them(app, sheet_jpeg):
    from mjlens.ui import profiles as PR

    images = len(app.image)
    make_profile(app, sheet_jpeg, tiles="123456789m 123456789p")
    assert "42 tiles found, but the list has 18" in messages(app)
    assert len(app.image) == images + 1  # the boxes drawn on the photo
    assert PR.names() == []


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
    assert "is not an mjlens tile profile" in messages(app)
    exported = (PR.profile_dir() / file).read_bytes()
    app.button(key=f"delete-{file}").click().run()
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
