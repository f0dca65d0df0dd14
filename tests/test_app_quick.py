# ruff: noqa: F811 (the fixtures imported from tests.test_app are the tests' arguments)
"""One-tap fixes of a photo's reading (mjlens/ui/views_quick.py): what the reader already
weighed is a tap beside the hand, without selecting the tile first; each under Guobiao and
another rule set (Sichuan, or Taiwan's 16-tile hands entered in the notation)."""

from __future__ import annotations

import pytest

from tests.app_support import FixtureDetector, HoleDetector, toy_rules  # noqa: F401
from tests.test_app import app, enter, upload, with_detector  # noqa: F401


def _rules(at, rid: str):
    at.selectbox(key="rules").set_value(rid).run()
    assert not at.exception, at.exception
    return at


def _doubtful(at) -> int:
    d = at.session_state["draft"]
    return next(i for i, s in enumerate(d.tiles) if s.uncertain)


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_a_doubtful_tiles_other_code_is_one_tap_without_selecting_it(app, with_detector, rid):
    # the detector reads a 3p as 6p (3p its second guess); the layout makes it 3p, doubtful
    with_detector(FixtureDetector("hand_melds", doubtful=3, wrong="6p"))
    upload(_rules(app, rid), "hand_melds.jpg")
    i = _doubtful(app)
    assert app.session_state["selected"] is None
    assert app.button(key=f"qtile-alt-{i}-6p").help == "6 Dots"
    app.button(key=f"qtile-alt-{i}-6p").click().run()  # one tap: the detector was right
    d = app.session_state["draft"]
    assert d.tiles[i].code == "6p" and not d.tiles[i].uncertain
    assert not [b for b in app.button if b.key.startswith(f"qtile-alt-{i}-")]


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_a_doubtful_tile_read_right_is_one_tap(app, with_detector, rid):
    with_detector(FixtureDetector("hand_melds", doubtful=3, wrong="6p"))
    upload(_rules(app, rid), "hand_melds.jpg")
    app.button(key=f"qok-{_doubtful(app)}").click().run()
    assert app.session_state["draft"].uncertain_count == 0
    assert not [b for b in app.button if b.key.startswith("qok-")]


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_its_right_and_not_a_tile_are_icons_their_words_said_once_above_the_rows(
        app, with_detector, lang):
    # a doubtful row fits one line on a phone: the two buttons show their icons alone, so
    # their words are in the legend above the rows and in each button's tooltip
    from mjlens.ui.i18n import t, tile_name
    from mjlens.ui.views_quick import NOT_TILE_ICON, OK_ICON

    with_detector(FixtureDetector("hand_melds", doubtful=3, wrong="6p"))
    app.segmented_control(key="lang").set_value(lang).run()
    upload(app, "hand_melds.jpg")
    i = _doubtful(app)
    ok, no = app.button(key=f"qok-{i}"), app.button(key=f"qnot-{i}")
    assert (ok.icon, no.icon) == (OK_ICON, NOT_TILE_ICON)
    assert tile_name(app.session_state["draft"].tiles[i].code, lang) in ok.help
    assert no.help == t("not_a_tile_box", lang)
    legend = [c.value for c in app.caption if OK_ICON in c.value]
    assert len(legend) == 1, legend
    assert t("looks_right", lang) in legend[0] and t("not_a_tile", lang) in legend[0]
    assert NOT_TILE_ICON in legend[0] and t("quick_fix", lang) in legend[0]


def test_a_doubtful_tiles_crop_is_no_taller_than_the_tiles_beside_it():
    from mjlens.ui.views_hand import TILE_PX
    from mjlens.ui.views_quick import PICTURE_H, crop_width

    tall = crop_width((100, 100, 130, 160))  # a standing tile seen 30 x 60
    assert tall == round(PICTURE_H * 30 / 60) and tall * 60 / 30 <= PICTURE_H + 1
    assert crop_width((0, 0, 80, 40)) == TILE_PX  # a lying tile: a tile picture wide
    assert crop_width((0, 0, 2, 200)) >= 20  # a sliver is still seen


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_a_box_that_is_not_a_tile_goes_with_one_tap(app, with_detector, rid):
    with_detector(FixtureDetector("hand_melds", doubtful=3, wrong="6p"))
    upload(_rules(app, rid), "hand_melds.jpg")
    d = app.session_state["draft"]
    i = _doubtful(app)
    box = d.tiles[i].box
    app.button(key=f"qnot-{i}").click().run()
    after = app.session_state["draft"]
    assert len(after.tiles) == len(d.tiles) - 1 and box not in [s.box for s in after.tiles]


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_another_winning_tile_the_reader_weighed_is_one_tap(app, with_detector, rid):
    with_detector(FixtureDetector("hand_kong", doubtful=None))
    upload(_rules(app, rid), "hand_kong.jpg")
    assert app.text_input(key="notation").value.endswith("+6p")
    assert app.button(key="qtile-win-3s").help == "3 Bamboo"
    app.button(key="qtile-win-3s").click().run()
    notation = app.text_input(key="notation").value
    assert notation.endswith("+3s") and "6p" in notation.split("+")[0]
    assert app.session_state["draft"].tiles[app.session_state["draft"].win_index].box


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_the_tile_a_photo_missed_is_one_tap(app, with_detector, rid):
    with_detector(HoleDetector("hand_melds", hole=9))  # a 5m the detector did not find
    upload(_rules(app, rid), "hand_melds.jpg")
    assert "qtile-add-5m" in [b.key for b in app.button]
    app.button(key="qtile-add-5m").click().run()
    d = app.session_state["draft"]
    assert len(d.tiles) == 14 and d.win_index is not None
    assert not [b for b in app.button if b.key.startswith("qtile-add-")]


def test_the_tile_missed_in_a_sixteen_tile_hand_is_one_tap(app):
    _rules(app, "taiwan")
    enter(app, "123456789m123456p5s")  # 16 tiles, one short of 17
    assert "qtile-add-5s" in [b.key for b in app.button]
    app.button(key="qtile-add-5s").click().run()
    assert app.text_input(key="notation").value.endswith("+5s")


@pytest.mark.parametrize("rid, hand", [
    ("gb", "123m 456p 789s 234s 5z +5z"),
    ("taiwan", "123m 456m 789m 456p 234s 5z +5z"),
])
def test_a_chow_read_as_loose_tiles_is_a_meld_in_two_taps(app, rid, hand):
    _rules(app, rid)
    enter(app, hand)
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.code == "1m")
    app.button(key=f"tile-{i}").click().run()
    meld = [b for b in app.button if b.key.startswith("mkmeld-") and "1m 2m 3m" in b.label]
    assert meld
    meld[0].click().run()
    assert "[123m]" in app.text_input(key="notation").value
    assert app.session_state["selected"] is None


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_whom_a_meld_was_claimed_from_is_one_tap_in_its_menu(app, rid):
    _rules(app, rid)
    enter(app, "111m 789m 55s [222p] [333s] +5s")
    app.segmented_control(key="meld-from-0").set_value("across").run()
    assert "[222p^]" in app.text_input(key="notation").value


@pytest.mark.parametrize("rid", ["gb", "sichuan"])
def test_the_tile_a_photo_missed_goes_into_its_gap_and_the_melds_stay(app, with_detector, rid):
    # the photo with its 5m not found reads as loose tiles; one tap on the 5m the hand lacks
    # reads the photo again with it in the gap: the melds the photo shows are back
    import json

    from mjlens.ui import state as S
    from tests.app_support import FIXTURES

    truth = json.loads((FIXTURES / "hand_melds.json").read_text())["hand"]
    with_detector(HoleDetector("hand_melds", hole=9))
    upload(_rules(app, rid), "hand_melds.jpg")
    short = app.session_state["draft"]
    assert not short.melds and short.check_spots
    app.button(key="qtile-add-5m").click().run()
    assert not app.exception, app.exception
    d = app.session_state["draft"]
    hand = S.to_hand(d)
    assert sorted(m.tiles for m in hand.melds) == sorted(tuple(m["tiles"]) for m in truth["melds"])
    assert sorted(hand.concealed + (hand.win_tile,)) == sorted(truth["concealed"] + [truth["win_tile"]])
    added = [s for s in d.tiles if s.code == "5m" and s.box not in [t.box for t in short.tiles]]
    assert len(added) == 1 and added[0].box  # the tile is linked to its place in the photo
