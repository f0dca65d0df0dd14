"""The Streamlit app, driven headlessly with streamlit.testing (AppTest): each flow a player uses.

The toy rule set (tests/app_support.py) makes the expected totals exact; tests with the real
rule sets check that whatever the registry holds is offered and scored. Photos go through the
real file uploader with a stand-in detector that returns the fixture's true boxes, so these
tests do not depend on the trained model (tests/test_browser.py uses the real one when shipped).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import FIXTURES, FixtureDetector, toy_rules  # noqa: F401

APP = str(Path(__file__).resolve().parents[1] / "app.py")


def total(at) -> str | None:
    return at.metric[0].value if len(at.metric) else None


def payment_lines(at) -> list[str]:
    """The payments' lines (who pays whom how much), less the reason in small print under each."""
    return [line.split("  \n")[0].removeprefix("- ") for m in at.markdown
            for line in m.value.split("\n- ") if " pays " in line or "付给" in line
            or "付給" in line]


def messages(at) -> str:
    return " | ".join(str(e.value) for e in [*at.warning, *at.error, *at.info, *at.success])


@pytest.fixture
def app(toy_rules, monkeypatch):  # noqa: F811
    """The app on the toy rule set, with no detector unless a test sets one."""
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector

    def no_detector(*a, **k):
        raise P.DetectorUnavailable("no model in this test")

    monkeypatch.setattr(P, "load_detector", no_detector)
    _detector.clear()
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not at.exception
    at.selectbox(key="rules").set_value("toy").run()
    yield at
    _detector.clear()


def enter(at, text: str):
    at.text_input(key="notation").set_value(text).run()
    assert not at.exception, at.exception
    return at


def test_first_page_has_inputs_and_no_errors(app):
    assert app.file_uploader(key="upload") is not None
    assert "No tiles yet" in messages(app)
    assert [w.key for w in app.button if w.key.startswith("pal-")], "the tile palette is shown"


def test_manual_notation_is_shown_as_tiles_and_scored(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    keys = [b.key for b in app.button if b.key.startswith("tile-")]
    assert len(keys) == 14
    # 2 pungs (1 point each) + self-drawn 2
    assert total(app) == "4 pt"
    assert any(m.value.startswith(":green-badge[") and "4 pt" in m.value for m in app.markdown)
    text = " ".join(m.value for m in app.markdown)
    assert "Pungs" in text and "Self-drawn" in text
    assert "Legal win" in messages(app)


def test_correct_a_tile_with_palette_changes_total(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.code == "4m")
    app.button(key=f"tile-{i}").click().run()
    assert app.session_state["selected"] == i
    assert app.button(key="delete") is not None  # the correction panel is open
    # make 456m into 666m: change 4m and 5m to 6m -> a third pung
    app.button(key="pal-6m").click().run()
    d = app.session_state["draft"]
    j = next(j for j, s in enumerate(d.tiles) if s.code == "5m")
    app.button(key=f"tile-{j}").click().run()
    app.button(key="pal-6m").click().run()
    assert total(app) == "5 pt"
    assert app.text_input(key="notation").value == "111666789m5s [222p] *5s"


def test_the_palette_opens_on_the_selected_tiles_suit(app):
    """A misread bamboo tile is fixed with one tap on the right one: the palette under the
    selected tile showed the characters whatever the tile, so a bamboo or dot tile took a tap
    on its suit first."""
    enter(app, "111m 456m 789m 5s [222p] *5s")
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.code == "5s" and s.group != "win")
    app.button(key=f"tile-{i}").click().run()
    assert app.segmented_control(key="palette-suit").value == "s"
    app.button(key="pal-6s").click().run()  # one tap: the standing 5s is a 6s
    assert not app.exception
    assert app.text_input(key="notation").value == "111456789m6s [222p] *5s"
    d = app.session_state["draft"]
    j = next(j for j, s in enumerate(d.tiles) if s.code == "2p")
    app.button(key=f"tile-{j}").click().run()  # a tile of a meld: its suit too
    assert app.segmented_control(key="palette-suit").value == "p"


def test_delete_and_add_back_a_tile(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.code == "9m")
    app.button(key=f"tile-{i}").click().run()
    app.button(key="delete").click().run()
    assert total(app) is None
    assert "Wrong number of tiles" in messages(app)
    app.button(key="pal-9m").click().run()  # nothing selected: the palette adds
    assert total(app) == "4 pt"


def test_move_a_tile_to_another_group_and_mark_the_winning_tile(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.code == "7m")
    app.button(key=f"tile-{i}").click().run()
    app.segmented_control(key="move-target").set_value("new-meld").run()
    assert "[7m]" not in app.text_input(key="notation").value  # a one-tile meld is not a meld
    assert "has 1 tiles" in messages(app)
    d = app.session_state["draft"]
    for code in ("8m", "9m"):
        j = next(j for j, s in enumerate(d.tiles) if s.code == code)
        app.button(key=f"tile-{j}").click().run()
        app.segmented_control(key="move-target").set_value("meld-1").run()
        d = app.session_state["draft"]
    assert "[789m]" in app.text_input(key="notation").value
    # the 5s pair: mark the standing 5s as the winning tile instead (same hand, still scores)
    j = next(j for j, s in enumerate(d.tiles) if s.code == "1m")
    app.button(key=f"tile-{j}").click().run()
    app.segmented_control(key="move-target").set_value("win").run()
    assert app.text_input(key="notation").value.endswith("*1m")
    assert total(app) == "4 pt"


def test_palette_entry_from_empty_with_a_meld_and_winning_tile(app):
    enter(app, "")
    for code in ("1m", "1m", "1m", "4m", "5m", "6m", "7m", "8m", "9m"):
        app.button(key=f"pal-{code}").click().run()
    app.segmented_control(key="palette-suit").set_value("s").run()
    app.button(key="pal-5s").click().run()
    app.segmented_control(key="add-target").set_value("new-meld").run()
    app.segmented_control(key="palette-suit").set_value("p").run()
    for _ in range(3):
        app.button(key="pal-2p").click().run()
    app.segmented_control(key="add-target").set_value("win").run()
    app.segmented_control(key="palette-suit").set_value("s").run()
    app.button(key="pal-5s").click().run()
    assert app.text_input(key="notation").value == "111456789m5s [222p] +5s"
    assert total(app) == "2 pt"
    # set the meld as claimed from the left, and win self-drawn
    app.segmented_control(key="meld-from-0").set_value("left").run()
    app.segmented_control(key="ctx-won_by").set_value("self").run()
    assert "[222p<]" in app.text_input(key="notation").value
    assert total(app) == "4 pt"
    app.segmented_control(key="meld-from-0").set_value(None).run()
    assert "[222p]" in app.text_input(key="notation").value


def test_a_melds_menu_shows_its_own_settings_after_one_before_it_goes(app):
    """The first meld claimed from across, then back to the standing tiles: the next meld,
    now first, showed 'across' in its menu (the menu's value was kept by its place), while the
    hand had it from nobody."""
    enter(app, "111m 789m 5s [222p^] [333s] +5s")
    assert app.segmented_control(key="meld-from-0").value == "across"
    app.button(key="unmeld-0").click().run()
    assert not app.exception
    assert app.session_state["draft"].melds[0].claimed_from is None
    assert app.segmented_control(key="meld-from-0").value is None
    assert "[333s]" in app.text_input(key="notation").value


def test_invalid_hand_gives_the_players_message(app):
    enter(app, "11111m 456m 789m 5s *5s")
    assert total(app) is None
    assert "only four" in messages(app)
    assert any(m.value.startswith(":gray-badge[") for m in app.markdown)
    enter(app, "123m 456q")
    assert "Cannot read" in messages(app)
    assert not app.exception


def test_rule_set_rejecting_a_tile_is_explained(app):
    enter(app, "111z 456m 789m 5s [222p] *5s")
    assert total(app) is not None
    app.toggle(key="opt-toy-no_honours").set_value(True).run()
    assert total(app) is None
    assert "not used in this rule set" in messages(app)


def test_options_and_stake_change_result(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    app.toggle(key="opt-toy-double").set_value(True).run()
    assert total(app) == "8 pt"
    app.number_input(key="opt-toy-base").set_value(3).run()
    assert all(line.endswith("**24**") for line in payment_lines(app))  # 8 pt x base 3, each
    rows = [r for tbl in app.table for r in tbl.value.to_dict("records")]
    nets = [r["Net"] for r in rows if "Net" in r]
    assert "+72" in nets


def test_discarder_and_winds(app):
    enter(app, "111m 456m 789m 5s [222p] +5s seat:S")
    app.selectbox(key="extra-discarder").set_value("W").run()
    payers = {line.split(" pays ")[0] for line in payment_lines(app)}
    assert payers == {"West"}
    assert "discarder=W" in app.text_input(key="notation").value


def _engine_says(text: str, rid: str) -> tuple[str | None, str | None]:
    """(the total as the app prints it, None) or (None, the English error) of score_hand."""
    from mjlens.ui.engine import fmt_num
    from mjlens.ui.i18n import unit
    from scoring.hand import HandError
    from scoring.notation import parse_hand
    from scoring.ruleset import score_hand

    try:
        r = score_hand(parse_hand(text), rid)
    except HandError as exc:
        return None, str(exc)
    return f"{fmt_num(r.total)} {unit(r.unit, 'en')}", None


def test_switching_rule_sets_offers_every_registered_one(app):
    from scoring.ruleset import all_rulesets

    ids = set(all_rulesets())
    assert set(app.selectbox(key="rules").options) >= {"Toy rules"}
    assert len(app.selectbox(key="rules").options) == len(ids)
    hand = "111m 456m 789m 5s [222p] *5s"
    enter(app, hand)
    for rid in ids - {"toy"}:
        app.selectbox(key="rules").set_value(rid).run()
        assert not app.exception, rid
        rs = all_rulesets()[rid]
        # what the scoring engine itself says of the hand: the app shows that total, or that
        # error in words
        shown, error = _engine_says(hand, rid)
        if error is None:
            assert total(app) == shown, rid
        else:
            assert total(app) is None and error in messages(app), (rid, error)
        for opt in rs.options:
            shown = "none" if opt.default is None else opt.default  # None is offered as a word
            assert app.session_state[f"opt-{rid}-{opt.name}"] == shown
    app.selectbox(key="rules").set_value("toy").run()
    assert total(app) == "4 pt"


def test_real_rule_sets_reject_honours_in_sichuan():
    from scoring.ruleset import all_rulesets

    if "sichuan" not in all_rulesets():
        pytest.skip("the sichuan rule set is not installed")
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.selectbox(key="rules").set_value("sichuan").run()
    enter(at, "111z 456m 789m 5m [222m] *5m")
    assert total(at) is None
    assert messages(at)


def test_language_switch(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    app.segmented_control(key="lang").set_value("zh").run()
    assert any("麻将" in m.value for m in app.markdown)
    assert app.metric[0].label == "合计"
    assert any(b.label == "一万" for b in app.button)
    app.segmented_control(key="lang").set_value("en").run()
    assert app.metric[0].label == "Total"


def test_the_language_switch_keeps_options_without_streamlits_warning(app, caplog):
    """Each switch logged Streamlit's 'created with a default value but also had its value set
    via the Session State API' with a stack trace for every option (the switch writes the
    choices back, and the option widgets had their defaults as well)."""
    enter(app, "111m 456m 789m 5s [222p] *5s")
    app.number_input(key="opt-toy-base").set_value(3).run()
    app.toggle(key="opt-toy-double").set_value(True).run()
    caplog.clear()
    app.segmented_control(key="lang").set_value("zh").run()
    app.segmented_control(key="lang").set_value("en").run()
    assert not app.exception
    assert app.number_input(key="opt-toy-base").value == 3 and app.toggle(key="opt-toy-double").value
    assert total(app) == "8 pt"  # doubled (the base is the stake)
    assert "default value but also had its value set" not in caplog.text


def test_exports_are_offered_when_scored(app):
    enter(app, "111m 456m 789m 5s [222p] *5s")
    keys = {b.key for b in app.get("download_button")}
    assert {"dl-json", "dl-png"} <= keys


# ---- photo flow ------------------------------------------------------------------------------
def upload(at, name: str, data: bytes | None = None):
    data = data if data is not None else (FIXTURES / name).read_bytes()
    at.file_uploader(key="upload").set_value((name, data, "image/jpeg")).run()
    assert not at.exception, at.exception
    return at


@pytest.fixture
def with_detector(monkeypatch):
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector

    def use(det):
        monkeypatch.setattr(P, "load_detector", lambda *a, **k: det)
        _detector.clear()
        return det

    return use


def test_photo_upload_shows_hand_highlights_doubt_and_scores_after_fix(app, with_detector):
    det = with_detector(FixtureDetector("hand_melds", doubtful=3, wrong="6p"))
    upload(app, "hand_melds.jpg")
    assert det.calls == 1
    assert "Found 14 tiles" in messages(app)
    assert "uncertain" in messages(app)
    captions = [c for img in app.image for c in img.captions]
    assert "Detected tiles" in captions, "the photo with boxes is shown"
    d = app.session_state["draft"]
    doubtful = [i for i, s in enumerate(d.tiles) if s.uncertain]
    assert len(doubtful) == 1
    assert app.button(key=f"tile-{doubtful[0]}").label.endswith("?")
    app.button(key=f"tile-{doubtful[0]}").click().run()
    app.button(key="confirm").click().run()
    assert app.session_state["draft"].uncertain_count == 0
    assert total(app) is not None
    # a rerun with the same photo keeps the corrections and does not detect again
    app.run()
    assert det.calls == 1
    assert app.session_state["draft"].uncertain_count == 0


def test_typing_a_hand_after_a_photo_keeps_the_typed_hand(app, with_detector):
    det = with_detector(FixtureDetector("hand_melds", doubtful=None))
    upload(app, "hand_melds.jpg")
    enter(app, "111m 456m 789m 5s [222p] *5s")
    app.run()
    assert det.calls == 1  # the photo still in the uploader is not read again
    assert app.text_input(key="notation").value == "111456789m5s [222p] *5s"
    assert "Found" not in messages(app)
    assert total(app) == "4 pt"


def test_camera_photo_goes_through_the_same_reading(app, with_detector):
    det = with_detector(FixtureDetector("hand_melds", doubtful=None))
    app.segmented_control(key="mode").set_value("camera").run()
    assert len(app.file_uploader) == 0
    shot = (FIXTURES / "hand_melds.jpg").read_bytes()
    app.camera_input(key="camera").set_value(("shot.jpg", shot, "image/jpeg")).run()
    assert not app.exception
    assert det.calls == 1
    assert "Found 14 tiles" in messages(app)
    assert app.text_input(key="notation").value.endswith("+8s")
    app.segmented_control(key="lang").set_value("zh").run()  # messages follow the language
    assert "找到 14 张牌" in messages(app)


def test_doubtful_tile_fixed_with_one_tap_on_an_alternative(app, with_detector):
    # the detector reads a 3p as 6p (3p its second guess); the layout makes the hand fit with 3p
    with_detector(FixtureDetector("hand_melds", doubtful=3, wrong="6p"))
    upload(app, "hand_melds.jpg")
    d = app.session_state["draft"]
    i = next(i for i, s in enumerate(d.tiles) if s.uncertain)
    assert d.tiles[i].code == "3p" and d.tiles[i].alternatives[0] == "6p"
    before = total(app)
    app.button(key=f"tile-{i}").click().run()
    captions = [c for img in app.image for c in img.captions]
    assert "photo" in captions  # the photo's view of the tile is shown beside its reading
    # the detector's other codes for the box are pictures with the tile's name: one tap fixes it
    assert app.button(key="alt-6p").help == "6 Dots"
    pictures = [str(img.proto) for img in app.image]
    assert any("6 Dots" in p for p in pictures), "the alternative is shown as a picture"
    app.button(key="alt-6p").click().run()  # what the detector said
    d = app.session_state["draft"]
    assert d.tiles[i].code == "6p" and not d.tiles[i].uncertain
    assert app.session_state["selected"] is None
    assert total(app) is None and "not a chow" in messages(app)
    app.button(key=f"tile-{i}").click().run()
    app.segmented_control(key="palette-suit").set_value("p").run()
    app.button(key="pal-3p").click().run()
    assert total(app) == before


def test_photo_with_face_down_kong(app, with_detector):
    with_detector(FixtureDetector("hand_kong", doubtful=None))
    upload(app, "hand_kong.jpg")
    hand_text = app.text_input(key="notation").value
    assert "{5555m}" in hand_text
    assert total(app) is not None


def test_other_readings_of_the_photo_are_one_tap_away(app, with_detector):
    with_detector(FixtureDetector("hand_kong", doubtful=None))
    upload(app, "hand_kong.jpg")
    first = app.text_input(key="notation").value
    readings = app.session_state["draft"].readings
    assert len(readings) >= 2 and readings[0].text == first
    keys = [b.key for b in app.button if b.key.startswith("reading-")]
    assert len(keys) == len(readings) - 1
    app.button(key=keys[0]).click().run()
    assert app.text_input(key="notation").value == readings[1].text
    # the tiles keep their boxes from the photo, and the first reading is offered back
    assert all(s.box is not None for s in app.session_state["draft"].tiles)
    back = [b for b in app.button if b.key.startswith("reading-") and first in b.label]
    assert back


def test_photo_without_tiles(app, with_detector):
    class Empty:
        def detect_loaded(self, images):
            return [[] for _ in images]

    with_detector(Empty())
    upload(app, "hand_melds.jpg")
    assert "No tiles were found" in messages(app)


def test_a_photo_of_tiles_the_game_is_not_played_with_says_so(app, with_detector):
    """Under Sichuan (the three suits alone) a photo of honours is not "no tiles found"."""
    import numpy as np

    from scoring.tiles import DETECTOR_CLASSES
    from vision.detect import Detection

    class Honours:
        def detect_loaded(self, images):
            out = []
            for i, code in enumerate(("5z", "6z", "7z")):
                p = np.full(len(DETECTOR_CLASSES), 1e-4)
                p[DETECTOR_CLASSES.index(code)] = 0.97
                out.append(Detection(code, (10.0 + 50 * i, 10.0, 50.0 + 50 * i, 60.0), 0.97, 1.0, p))
            return [out for _ in images]

    with_detector(Honours())
    app.selectbox(key="rules").set_value("sichuan").run()
    upload(app, "hand_melds.jpg")
    said = messages(app)
    assert "none that this game is played with" in said and "No tiles were found" not in said
    assert len(app.session_state["draft"].notes) == 3
    shown = " ".join(str(m.value) for m in app.markdown)
    assert shown.count("Left out") == 3 and "marked 3 on the photo" in shown


def test_model_added_while_running_is_found(app, monkeypatch):
    from mjlens.ui import photo as P

    upload(app, "hand_melds.jpg")
    assert "not available" in messages(app)
    det = FixtureDetector("hand_kong", doubtful=None)
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: det)  # the model appears
    upload(app, "hand_kong.jpg")  # no restart, no cache clearing
    assert "Found 15 tiles" in messages(app)


def test_unreadable_upload_and_missing_detector(app):
    upload(app, "broken.jpg", b"\x00not a photo")
    assert "is not a photo" in messages(app)
    upload(app, "hand_melds.jpg")
    assert "not available" in messages(app)
    captions = [c for img in app.image for c in img.captions]
    assert "Your photo" in captions  # shown to help entering the hand by hand
    assert not app.exception


def test_described_tile_field_is_a_tile_choice(app):
    """Northeast's treasure tile (bao, described as a tile by RuleSet.fields) is chosen from the
    tiles, not switched on and off, and scores 对宝."""
    enter(app, "13m 456p 789s 99m [111z<] *2m seat:S")
    app.selectbox(key="rules").set_value("northeast").run()
    assert not app.exception
    app.selectbox(key="extra-bao").set_value("2m").run()
    assert not app.exception
    assert "bao=2m" in app.text_input(key="notation").value
    text = " ".join(m.value for m in app.markdown)
    assert "对宝" in text


def _png(side: int, mode: str = "1") -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new(mode, (side, side)).save(buf, "PNG")
    return buf.getvalue()


# Each way an upload can fail, and words its message must hold in each language (the loading
# policy's, vision/detect/imageio.py): never an exception's name, a repr or a path.
UPLOAD_FAILURES = {
    "empty": (b"", "empty file", "空文件"),
    "noise": (bytes(range(256)) * 20, "not a photo", "不是照片"),
    "truncated": ((FIXTURES / "hand_melds.jpg").read_bytes()[:1500], "damaged", "已损坏"),
    "bomb": (_png(13_000), "169 megapixels", "169 百万像素"),
}


@pytest.mark.parametrize("kind", sorted(UPLOAD_FAILURES))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_upload_failure_is_told_in_the_players_words(app, kind, lang):
    data, en, zh = UPLOAD_FAILURES[kind]
    if lang == "zh":
        app.session_state["lang"] = "zh"
        app.run()
    upload(app, f"{kind}.png", data)
    shown = " | ".join(str(e.value) for e in app.error)
    assert (zh if lang == "zh" else en) in shown, shown
    for internal in ("Error", "Exception", "<_io", "0x", "site-packages", "PIL", "Traceback"):
        assert internal not in shown, shown
    if lang == "zh":  # nothing English but the names of file formats
        formats = {"JPEG", "PNG", "WebP", "HEIC"}
        words = re.findall(r"[A-Za-z]{3,}", shown)
        assert set(words) <= formats, shown


def test_a_rule_set_bug_is_not_shown_as_a_refusal(app, monkeypatch):
    """A rule set that raises something other than HandError is a bug: the page shows
    Streamlit's own error (no details for players, .streamlit/config.toml), never the ordinary
    'Cannot score this hand yet' of a refused hand."""
    import tomllib
    from dataclasses import replace

    import scoring.ruleset as R_
    from tests.app_support import TOY

    def broken(hand, options):
        raise ZeroDivisionError("boom")

    real = dict(R_.all_rulesets())
    monkeypatch.setattr(R_, "all_rulesets", lambda: {**real, "toy": replace(TOY, score=broken)})
    app.text_input(key="notation").set_value("111m 456m 789m 5s [222p] *5s").run()
    assert app.exception, "the bug surfaces as Streamlit's error"
    assert "Cannot score" not in messages(app)
    config = tomllib.loads((Path(APP).parent / ".streamlit" / "config.toml").read_text())
    assert config["client"]["showErrorDetails"] == "none"
    shown = str(app.exception[0].value) + " ".join(app.exception[0].stack_trace)
    assert "ZeroDivisionError" not in shown and "boom" not in shown  # redacted for players


def test_a_spot_where_a_tile_may_be_missing_is_pointed_out(app, with_detector):
    """A row short of a tile (one box not found): the page says where to look, in the
    page's language, next to the photo that marks each spot."""
    from tests.app_support import HoleDetector

    with_detector(HoleDetector("hand_melds", hole=9))
    upload(app, "hand_melds.jpg")
    spots = len(app.session_state["draft"].check_spots)
    assert spots >= 1
    shown = messages(app)
    if spots == 1:
        assert "A tile may be missing here (the dashed box marked ?): check this spot." in shown
    else:
        assert f"A tile may be missing at each of the {spots} dashed boxes marked ?" in shown
    app.segmented_control(key="lang").set_value("zh").run()
    assert "可能" in messages(app) and "虚线框" in messages(app)


def test_no_spot_to_check_on_a_full_row(app, with_detector):
    with_detector(FixtureDetector("hand_melds", doubtful=None))
    upload(app, "hand_melds.jpg")
    assert app.session_state["draft"].check_spots == ()
    assert "dashed box" not in messages(app)


def test_a_hand_short_of_the_minimum_says_nobody_pays_not_that_the_rules_have_no_table(app):
    enter(app, "123333444m78p99s +9p")  # 7 fan: Guobiao needs 8
    app.selectbox(key="rules").set_value("gb").run()
    assert not app.exception
    captions = [c.value for c in app.caption]
    assert "Not a legal win: nobody pays." in captions, captions
    assert "This rule set gives no payment table." not in captions


def test_a_hand_the_notation_cannot_write_shows_no_example_in_its_box(app):
    from mjlens.ui.engine import example_for

    example = example_for(app.session_state["rules"])  # the chosen game's example
    assert app.text_input(key="notation").placeholder == example  # no hand yet: an example
    enter(app, "123m 456m 789m 5s {5555p} +5s")
    kong = next(i for i, s in enumerate(app.session_state["draft"].tiles) if s.code == "5p")
    app.button(key=f"tile-{kong}").click().run()
    app.segmented_control(key="palette-suit").set_value("p").run()
    app.button(key="pal-9p").click().run()  # the kong is 5p 5p 5p 9p now: no notation
    assert not app.exception
    box = app.text_input(key="notation")
    assert box.value == "" and "kong is four of one tile" in messages(app)
    assert not box.placeholder, box.placeholder  # not a grey hand that is not this one


def test_the_chinese_payment_table_marks_you_in_full_width_brackets(app):
    enter(app, "111m 456m 789m 5s [222p] +5s discarder=W")
    for lang, you in (("zh", "东（你）"), ("zh-Hant", "東（你）")):
        app.segmented_control(key="lang").set_value(lang).run()
        assert not app.exception
        cells = [str(v) for tbl in app.table for row in tbl.value.to_dict("records")
                 for v in row.values()] + payment_lines(app)
        assert you in cells and not any(" (" in c for c in cells), (lang, cells)


def test_the_traditional_page_writes_what_a_fan_excludes_once_in_traditional(app):
    enter(app, "222m 444p 666s 345m 8s +8s")  # 断幺 leaves out 无字
    app.selectbox(key="rules").set_value("gb").run()
    app.segmented_control(key="lang").set_value("zh-Hant").run()
    assert not app.exception
    lines = " ".join(m.value for m in app.markdown)
    assert "無字：因斷么不計。" in lines, lines  # not 斷麼: the Traditional name converted again


def test_the_payments_are_lines_a_phone_can_read(app):
    """A self-drawn win: one line per payer ('North pays East (you) **4**') with its reason in
    small print under it, the net per player in a table of two columns. The payments were a
    table of four columns (payer, payee, amount, reason), squeezed on a phone's 390 px until
    the names and the column headings broke in two (數額 on two lines)."""
    enter(app, "111m 456m 789m 5s [222p] *5s")
    lines = payment_lines(app)
    assert sorted(lines) == ["North pays East (you) **4**", "South pays East (you) **4**",
                             "West pays East (you) **4**"], lines
    listed = next(m.value for m in app.markdown if "North pays" in m.value)
    assert listed.count("<small>") == 3, listed
    assert all(len(tbl.value.columns) <= 2 for tbl in app.table)
    app.segmented_control(key="lang").set_value("zh-Hant").run()
    assert "北 付給 東（你） **4**" in payment_lines(app), payment_lines(app)
