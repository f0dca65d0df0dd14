"""Which parts of the page a tap reruns (mjlens.ui.parts, issue 34): what each run sends, as
AppTest holds it (a part's own run holds that part's elements alone, as the messages the browser
gets), and that what it shows is what the whole page shows after it. Real rule sets, a stand-in
detector; no times."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.app_support import FIXTURES, kong_detector  # noqa: F401

APP = str(Path(__file__).resolve().parents[1] / "app.py")


@pytest.fixture
def det(kong_detector):  # noqa: F811
    return kong_detector


def _upload(det) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.file_uploader(key="upload").set_value(
        ("hand_kong.jpg", (FIXTURES / "hand_kong.jpg").read_bytes(), "image/jpeg")).run()
    assert not at.exception, at.exception
    return at


def _keys(at, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def _shown(at) -> tuple:
    """What follows the hand: the notation, the total, the badge beside the hand (or why there
    is no score)."""
    badges = [m.value for m in at.markdown if "-badge[" in m.value]
    return (at.text_input(key="notation").value, [m.value for m in at.metric], badges,
            [w.value for w in at.warning if "Cannot score" in w.value])


def _page_runs(at) -> int:
    return at.session_state["_page_runs"]


def test_win_by_self_draw_reruns_the_score_and_badge_not_the_hand(det):
    at = _upload(det)
    runs, before = _page_runs(at), _shown(at)
    won_by = at.segmented_control(key="ctx-won_by")
    won_by.set_value("discard" if won_by.value == "self" else "self").run()
    assert not at.exception
    assert _page_runs(at) == runs, "no whole-page run"
    assert not _keys(at, "tile-") and not at.image, "the hand's pictures are not sent again"
    assert not _keys(at, "reading-"), "nor the photo's part"
    shown = _shown(at)
    assert shown != before and shown[0][-3] in "*+" and shown[0][-3] != before[0][-3]
    assert len(shown[2]) == 1, "the badge beside the hand is sent with the score"
    at.run()  # the whole page shows the same
    assert _page_runs(at) == runs + 1 and _shown(at) == shown


def test_a_palette_change_reruns_the_hand_parts_not_the_header(det):
    at = _upload(det)
    at.button(key="tile-3").click().run()  # (AppTest runs a fragment's own taps in full)
    code = at.session_state["draft"].tiles[3].code
    new = "9p" if code != "9p" else "8p"
    at.segmented_control(key="palette-suit").set_value("p").run()
    runs = _page_runs(at)
    at.button(key=f"pal-{new}").click().run()
    assert not at.exception
    assert _page_runs(at) == runs, "no whole-page run"
    assert not [s for s in at.selectbox if s.key == "rules"] and not at.file_uploader, (
        "the rule set and the uploader are not sent again")
    assert _keys(at, "tile-") and "Score" in [h.value for h in at.subheader], (
        "the hand and the score are")
    assert at.session_state["draft"].tiles[3].code == new
    shown = _shown(at)
    at.run()
    assert _shown(at) == shown, "what the parts showed is the whole page's"


def test_an_option_reruns_the_score_and_badge(det):
    at = _upload(det)
    runs = _page_runs(at)
    at.toggle(key="opt-gb-mixed_kongs").set_value(True).run()
    assert not at.exception
    assert _page_runs(at) == runs and not _keys(at, "tile-") and at.metric
    assert not at.text_input, "nor the notation, which no option changes"
    shown = [m.value for m in at.metric], [m.value for m in at.markdown if "-badge[" in m.value]
    assert len(shown[1]) == 1
    at.run()
    assert _shown(at)[1:3] == shown


def test_a_hand_change_no_part_was_told_of_reruns_the_whole_page(det):
    """A callback that changes the hand without asking for its parts (or code that changes it
    elsewhere) must not leave parts showing another hand: the part that runs asks for all."""
    from mjlens.ui import state as S

    at = _upload(det)
    runs = _page_runs(at)
    at.session_state["draft"] = S.delete(at.session_state["draft"], 0)
    at.button(key="tile-3").click().run()  # a tap of the photo and hand part alone
    assert not at.exception
    assert _page_runs(at) == runs + 1, "the whole page ran"
    assert at.selectbox(key="rules") and at.file_uploader and at.metric


def test_the_add_palette_under_a_photo_is_sent_only_when_opened(det):
    at = _upload(det)
    assert not _keys(at, "pal-"), "closed under the photo's reading: not sent"
    key = next(k for k in at.session_state if isinstance(k, str) and k.startswith("pal-exp-"))
    at.session_state[key] = True
    at.run()
    assert len(_keys(at, "pal-")) == 9, "open: the suit's tiles"


def test_manual_entry_keeps_the_palette_open():
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert len(_keys(at, "pal-")) == 9
    at.button(key="pal-1m").click().run()
    assert _keys(at, "pal-"), "no photo: the palette is there for the next tile"


def test_a_new_joker_reruns_the_whole_page():
    """Naming another gold (a field of how the hand was won) changes which of the hand's tiles
    are drawn as jokers: the score's part sees the joker differ from the hand's and asks for the
    whole page, so the hand's pictures follow."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.selectbox(key="rules").set_value("fujian").run()
    at.text_input(key="notation").set_value(
        "123m 456m 789p 234s 5s 1z 9m 9m +1z gold=9m").run()
    at.run()
    assert not at.exception
    from tests.test_app_zh import page_text

    assert page_text(at).count("9 Characters, joker (金)") == 2, "the two 9m are drawn as golds"
    runs = _page_runs(at)
    at.selectbox(key="extra-gold").set_value("1z").run()
    assert not at.exception
    assert _page_runs(at) == runs + 1, "the whole page ran"
    texts = page_text(at)
    assert "9 Characters, joker (金)" not in texts, "the 9m are plain tiles again"
    assert any(s.endswith("joker (金)") for s in texts), "the 1z are drawn as golds"


def test_a_rule_set_change_reruns_its_box_and_the_hand_parts_not_the_header(det):
    """The photo is read again under the new rule set (the upload's boxes kept) in the rule
    set's callback; its box and the parts that show the hand are rerun, not the header, the
    language switch and the uploader; what they show is the whole page's."""
    at = _upload(det)
    runs = _page_runs(at)
    at.selectbox(key="rules").set_value("yuhuan").run()  # 16-tile game: the photo read again
    assert not at.exception
    assert det.calls == 1 and _page_runs(at) == runs, "no whole-page run, no detector again"
    assert not at.file_uploader and not [g for g in at.button_group if g.key == "lang"], (
        "the uploader and the language switch are not sent again")
    assert at.selectbox(key="rules").value == "yuhuan" and _keys(at, "tile-") and at.subheader
    shown, reading = _shown(at), at.session_state["draft"]
    at.run()
    assert _page_runs(at) == runs + 1 and _shown(at) == shown
    assert at.session_state["draft"] is reading, "the whole page reads nothing again"
