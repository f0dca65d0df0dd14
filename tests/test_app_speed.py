"""What keeps a tap fast (issue 34), as counts, never as times: a rerun that changes nothing
encodes no picture and draws no photo, the photo is drawn again only when its boxes change, the
score's picture only when the hand does. The photo's decoding and detection are kept per upload
(tests of the rule-set change in this file too). Real rule sets, a stand-in detector."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from streamlit.testing.v1 import AppTest

from tests.app_support import FIXTURES, FixtureDetector, kong_detector  # noqa: F401

APP = str(Path(__file__).resolve().parents[1] / "app.py")


@pytest.fixture
def det(kong_detector):  # noqa: F811
    return kong_detector


def _upload(det, name: str = "hand_kong.jpg", rules: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    if rules:
        at.selectbox(key="rules").set_value(rules).run()
    at.file_uploader(key="upload").set_value(
        (name, (FIXTURES / name).read_bytes(), "image/jpeg")).run()
    assert not at.exception, at.exception
    return at


class Counts:
    """Calls of PIL's encoder, of the photo's drawing and of the score's picture."""

    def __init__(self, monkeypatch):
        from mjlens.ui import render as R

        self.saves = self.draws = self.shares = 0
        save, draw, share = Image.Image.save, R.draw_detections, R.share_image

        def counted_save(img, *a, **k):
            self.saves += 1
            return save(img, *a, **k)

        def counted_draw(*a, **k):
            self.draws += 1
            return draw(*a, **k)

        def counted_share(*a, **k):
            self.shares += 1
            return share(*a, **k)

        monkeypatch.setattr(Image.Image, "save", counted_save)
        monkeypatch.setattr(R, "draw_detections", counted_draw)
        monkeypatch.setattr(R, "share_image", counted_share)

    def reset(self) -> None:
        self.saves = self.draws = self.shares = 0


def test_a_rerun_that_changes_nothing_encodes_no_picture(det, monkeypatch):
    at = _upload(det)
    assert at.metric, "the photo's hand is scored"
    counts = Counts(monkeypatch)
    at.run()
    assert not at.exception
    assert (counts.saves, counts.draws, counts.shares) == (0, 0, 0)
    # the photo as sent is a JPEG no wider than Streamlit shows, so Streamlit sends it as it is
    photo = next(img for img in at.image if "Detected tiles" in img.captions)
    assert photo.proto.imgs[0].url


def test_the_photo_is_drawn_again_only_when_its_boxes_change(det, monkeypatch):
    at = _upload(det)
    counts = Counts(monkeypatch)
    at.button(key="tile-3").click().run()  # the selected tile's box turns blue
    assert counts.draws == 1
    assert counts.shares == 0, "selecting a tile changes no score"
    counts.reset()
    at.run()
    assert (counts.draws, counts.shares) == (0, 0)
    counts.reset()
    at.button(key="tile-3").click().run()  # the selection ends
    assert counts.draws == 1
    counts.reset()
    won_by = at.segmented_control(key="ctx-won_by")
    won_by.set_value("discard" if won_by.value == "self" else "self").run()
    assert at.metric, "still a hand with a score"
    assert counts.draws == 0, "the boxes are the same"
    assert counts.shares == 0, "the score's picture is made when downloaded, not shown"


def test_the_score_picture_is_made_on_download_only(det, monkeypatch):
    """The download buttons carry a maker (Streamlit calls it on the click): no run makes the
    picture, and the maker makes the picture of the score shown when it was offered."""
    import io

    from mjlens.ui import render as R
    from mjlens.ui.views import share_png_maker

    counts = Counts(monkeypatch)
    at = _upload(det)
    won_by = at.segmented_control(key="ctx-won_by")
    won_by.set_value("discard" if won_by.value == "self" else "self").run()
    assert counts.shares == 0
    png = next(b for b in at.get("download_button") if b.proto.id.endswith("dl-png")).proto
    assert png.deferred_file_id and not png.url, "no bytes sent with the page"
    from mjlens.ui import engine as E

    draft = at.session_state["draft"]
    outcome = E.score_draft(draft, "gb", {})
    rs = E.rulesets()["gb"]
    made = share_png_maker(draft, outcome, rs, "en", None)
    assert counts.shares == 0, "made on the call only"
    assert Image.open(io.BytesIO(made())).format == "PNG" and counts.shares == 1
    assert made() == R.share_image(draft, outcome.result, rs.name, "en", None)


def test_tile_pictures_are_sent_at_their_shown_width():
    import io

    from mjlens.ui.pictures import fit_png
    from mjlens.ui.tile_images import tile_png

    big = tile_png("5p", None, 76)
    small = fit_png(big, 38)
    assert Image.open(io.BytesIO(small)).width == 38
    assert fit_png(big, 38) is small, "made once"
    assert fit_png(small, 38) is small, "a picture not wider is sent as it is"


def _layouts(monkeypatch) -> list:
    import vision.pipeline as VP

    calls, read = [], VP.read_layout

    def counted(*a, **k):
        calls.append(k.get("rules"))
        return read(*a, **k)

    monkeypatch.setattr(VP, "read_layout", counted)
    return calls


def _reading(at) -> tuple:
    from mjlens.ui import state as S

    d = at.session_state["draft"]
    return S.hand_notation(d), [(s.code, s.group, s.box) for s in d.tiles], d.readings


def test_a_rule_set_change_lays_out_the_same_boxes_again_without_the_detector(det, monkeypatch):
    layouts = _layouts(monkeypatch)
    at = _upload(det)
    assert det.calls == 1 and layouts == ["gb"]
    at.selectbox(key="rules").set_value("yuhuan").run()  # 16-tile game: its own reading
    assert not at.exception
    assert det.calls == 1, "the upload's boxes are kept, the detector is not run again"
    assert layouts == ["gb", "yuhuan"]
    # the same reading as a photo read under that rule set from the start
    fresh = _upload(det, rules="yuhuan")
    assert det.calls == 2
    assert _reading(at) == _reading(fresh)


def test_an_option_change_reads_nothing_again(det, monkeypatch):
    layouts = _layouts(monkeypatch)
    at = _upload(det)
    before = at.metric[0].value
    at.number_input(key="opt-gb-base").set_value(16).run()  # the stake: the payments double
    assert not at.exception
    assert (det.calls, layouts) == (1, ["gb"])
    assert at.metric[0].value == before, "the stake changes the payments, not the total"


def test_the_warm_up_loads_the_detector_and_runs_it_once(monkeypatch):
    """Started by a real server's first page (never under AppTest: this test's own page run
    does not start it), it loads the detector the first photo would load and runs it once."""
    from mjlens.ui import photo as P
    from mjlens.ui import warm as W

    found = FixtureDetector("hand_kong")
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: found)
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    assert not W._STARTED.is_set() and found.calls == 0
    W.run()
    assert found.calls == 1


def test_the_other_readings_tiles_are_sent_only_while_their_box_is_open(det):
    at = _upload(det)
    readings = at.session_state["draft"].readings
    assert len(readings) >= 2
    shown = [b.key for b in at.button if b.key.startswith("reading-")]
    assert len(shown) == len(readings) - 1, "the other readings are one tap away, box closed"
    closed = len(at.image)
    at.session_state["readings-exp"] = True
    at.run()
    assert not at.exception
    others = [r for r in readings[1:]]
    tiles = sum(len(r.tiles) for r in others)
    assert len(at.image) - closed >= tiles - len(others), "open: each reading's tiles shown"


def test_a_tile_is_one_button_with_its_picture_drawn_on_it(det, monkeypatch):
    """The hand's tiles are sent as buttons alone (no picture element, no cell), their pictures
    in one style element, each distinct picture once; selecting a tile changes its picture."""
    import base64
    import re

    import streamlit

    from mjlens.ui.pictures import fit_png
    from mjlens.ui.tile_images import tile_png

    styles = []
    html = streamlit.html
    monkeypatch.setattr(streamlit, "html", lambda body, **k: (styles.append(body),
                                                              html(body, **k))[1])
    at = _upload(det)
    d = at.session_state["draft"]
    keys = [b.key for b in at.button if b.key.startswith("tile-")]
    assert len(keys) == len(d.tiles) and not [i for i in at.image if not i.captions], (
        "no picture element for a tile")
    tiles = [s for s in styles if ".st-key-tile-" in s][-1]
    rules = dict((uri, sel) for sel, uri in re.findall(
        r"([^{}]*)\{background-image:url\(data:image/png;base64,([^)]*)\)\}",
        tiles.removeprefix("<style>")))
    drawn = {k: base64.b64decode(uri) for uri, sel in rules.items()
             for k in re.findall(r"\.st-key-(tile-\d+) button", sel)}
    assert sorted(drawn) == sorted(keys), "every tile has its picture, once"
    assert len(rules) == len(set(drawn.values())), "each distinct picture sent once"
    plain = next(i for i, s in enumerate(d.tiles) if not s.uncertain and s.group == "concealed")
    assert drawn[f"tile-{plain}"] == fit_png(tile_png(d.tiles[plain].code, None, 76), 38)
    at.button(key=f"tile-{plain}").click().run()
    tiles = [s for s in styles if ".st-key-tile-" in s][-1]
    selected = fit_png(tile_png(d.tiles[plain].code, "selected", 76), 38)
    assert base64.b64encode(selected).decode() in tiles, "the selected tile's picture"
