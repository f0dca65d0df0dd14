"""The app's hand editor sizes the hand from the chosen rule set: 16-tile games (yuhuan,
fujian) take five sets and a pair plus the winning tile, the others 14 tiles."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from mjlens.ui import state as S
from scoring.hant import HANT
from scoring.messages import render
from scoring.notation import format_hand, parse_hand

APP = str(Path(__file__).resolve().parents[1] / "app.py")
STANDING = "123m456m789m234p678p5s"  # 16 standing tiles: five sets and a lone 5s


def _messages(at) -> str:
    return " | ".join(str(e.value) for e in [*at.warning, *at.error, *at.info, *at.success])


@pytest.fixture
def app(monkeypatch):
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector

    def no_detector(*a, **k):
        raise P.DetectorUnavailable("no model in this test")

    monkeypatch.setattr(P, "load_detector", no_detector)
    _detector.clear()
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    assert not at.exception
    yield at
    _detector.clear()


def _enter_standing_then_tap_5s(at, rules: str):
    at.selectbox(key="rules").set_value(rules).run()
    at.text_input(key="notation").set_value(STANDING).run()
    assert not at.exception, at.exception
    at.segmented_control(key="palette-suit").set_value("s").run()
    at.button(key="pal-5s").click().run()
    assert not at.exception, at.exception


@pytest.mark.parametrize("rules", ["yuhuan", "taiwan"])
def test_palette_completes_a_sixteen_tile_hand(app, rules):
    _enter_standing_then_tap_5s(app, rules)
    # the 17th tile completes the hand and becomes the winning tile; the hand is scored
    assert app.text_input(key="notation").value.startswith("123456789m234678p5s +5s")
    assert app.metric and app.metric[0].value.split()[0].isdigit(), _messages(app)  # "22 hu"


def test_the_same_taps_are_one_tile_too_many_under_guobiao(app):
    _enter_standing_then_tap_5s(app, "gb")
    assert "+5s" not in app.text_input(key="notation").value
    assert "needs 14" in _messages(app)
    # the refusal names the 16-tile games, from the registry
    assert all(f"({rules})" in _messages(app) for rules in ("yuhuan", "fujian", "taiwan"))


def _placeholder(at) -> str:
    box = at.text_input(key="notation")
    assert box.value == "", box.value  # the grey example stands in an empty box only
    return box.proto.placeholder


@pytest.mark.parametrize("rules,tiles", [("yuhuan", 17), ("fujian", 17), ("taiwan", 17),
                                         ("gb", 14), ("sichuan", 14)])
def test_the_empty_boxs_example_has_the_games_hand_size(app, rules, tiles):
    """The notation box's grey example was a 14-tile hand under the 16-tile games too, a hand
    they refuse ('needs 17'): it is now a winning hand of the chosen game's size."""
    app.selectbox(key="rules").set_value(rules).run()
    assert not app.exception, app.exception
    example = _placeholder(app)
    hand = parse_hand(example)
    assert len(hand.concealed) + 1 == tiles, example  # the standing tiles and the winning tile
    # and it is what the Example button enters, a hand the game scores
    app.button(key="example").click().run()
    assert format_hand(parse_hand(app.text_input(key="notation").value)) == format_hand(hand)
    assert app.metric and app.metric[0].value.split()[0].isdigit(), _messages(app)


def test_draft_asks_for_the_rule_sets_hand_size():
    d = S.from_hand(parse_hand(STANDING))
    with pytest.raises(ValueError) as err:  # HandError: 16 tiles, no winning tile marked
        S.to_hand(d, sets=4)
    said = render(err.value.msg, "en")  # the size once, not 'needs 14 (14 plus one for ...)'
    assert "needs 14 (a kong counts one more)" in said and "(14 " not in said, said
    zh = render(err.value.msg, HANT)
    assert "應為 14 張（有槓時每個槓多 1 張）" in zh and "（14 張" not in zh, zh
    d = S.from_hand(parse_hand(STANDING + " [7777z]"))
    with pytest.raises(ValueError) as err:
        S.to_hand(d, sets=5)
    assert "needs 18 (17 plus one for each kong)" in render(err.value.msg, "en")
    d = S.add_entered(S.from_hand(parse_hand(STANDING)), "5s", sets=5)
    assert format_hand(S.to_hand(d, sets=5)) == "123456789m234678p5s +5s"


def test_photo_of_a_sixteen_tile_hand_is_read_and_scored_under_yuhuan(app, monkeypatch):
    """A rendered 16-tile scene (development seed, scene 4: three claimed melds) uploaded with
    yuhuan chosen: the photo's reading is the scene's hand and it is scored."""
    from datasets.synth import make_sample, seeds
    from datasets.synth.hands import YUHUAN
    from datasets.synth.truth import mismatch
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector
    from tests.app_support import FixtureDetector

    sample = make_sample(4, seeds.SIXTEEN_DEVELOPMENT[0], size=640, hands=YUHUAN, effects=False)
    det = FixtureDetector.__new__(FixtureDetector)
    det.truth = {"width": 640, "height": 640,
                 "tiles": [t for t in sample.sidecar["tiles"] if t["labelled"]]}
    det.doubtful, det.wrong, det.calls = None, None, 0
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: det)
    _detector.clear()
    app.selectbox(key="rules").set_value("yuhuan").run()
    app.file_uploader(key="upload").set_value(("hand.jpg", sample.jpeg, "image/jpeg")).run()
    assert not app.exception, app.exception
    assert det.calls == 1
    hand = S.to_hand(app.session_state["draft"], sets=5)
    assert mismatch(sample.sidecar, hand) is None
    assert app.metric and app.metric[0].value.split()[0].isdigit(), _messages(app)  # "22 hu"


def test_a_new_rule_set_reads_the_photo_again(app, monkeypatch):
    """The 16-tile photo uploaded under Guobiao (14 tiles: no legal reading), then Yuhuan
    chosen: the photo is read again for 17 tiles and scored (it kept the old reading: 17
    standing tiles and 'Mark the winning tile'). Back under Guobiao it is read for 14 again;
    a corrected reading survives a change to a rule set of the same hand size. The upload's
    boxes are kept: reading again is the layout's alone, the detector runs once."""
    import vision.pipeline as VP
    from datasets.synth import make_sample, seeds
    from datasets.synth.hands import YUHUAN
    from datasets.synth.truth import mismatch
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector
    from tests.app_support import FixtureDetector

    sample = make_sample(4, seeds.SIXTEEN_DEVELOPMENT[0], size=640, hands=YUHUAN, effects=False)
    det = FixtureDetector.__new__(FixtureDetector)
    det.truth = {"width": 640, "height": 640,
                 "tiles": [t for t in sample.sidecar["tiles"] if t["labelled"]]}
    det.doubtful, det.wrong, det.calls = None, None, 0
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: det)
    layouts, read_layout = [], VP.read_layout
    monkeypatch.setattr(VP, "read_layout",
                        lambda *a, **k: layouts.append(k["rules"]) or read_layout(*a, **k))
    _detector.clear()
    app.selectbox(key="rules").set_value("gb").run()
    app.file_uploader(key="upload").set_value(("hand.jpg", sample.jpeg, "image/jpeg")).run()
    assert det.calls == 1 and not app.metric
    app.selectbox(key="rules").set_value("yuhuan").run()
    assert not app.exception, app.exception
    assert layouts == ["gb", "yuhuan"] and det.calls == 1
    assert mismatch(sample.sidecar, S.to_hand(app.session_state["draft"], sets=5)) is None
    assert app.metric and app.metric[0].value.split()[0].isdigit(), _messages(app)
    # a correction is kept when the new rule set has the same hand size (fujian: 16 tiles)
    app.button(key="tile-0").click().run()
    app.button(key="delete").click().run()
    n = len(app.session_state["draft"].tiles)
    app.selectbox(key="rules").set_value("fujian").run()
    assert len(layouts) == 2 and len(app.session_state["draft"].tiles) == n
    app.selectbox(key="rules").set_value("gb").run()
    assert layouts == ["gb", "yuhuan", "gb"]  # 14 tiles again: read again
    assert det.calls == 1


def test_seventeen_tiles_under_a_fourteen_tile_game_suggest_the_games_of_that_size(app):
    """Guobiao refused 17 tiles ('needs 14') with no hint that 16-tile games exist: the page
    offers every registered rule set whose hand size fits (from the registry, so a 16-tile rule
    set added later is offered too), one tap away."""
    from scoring.ruleset import all_rulesets, hand_sets

    app.selectbox(key="rules").set_value("gb").run()
    app.text_input(key="notation").set_value(STANDING + " +5s").run()
    assert "needs 14" in _messages(app)
    want = sorted(r for r in all_rulesets() if hand_sets(r) == 5)
    assert {"yuhuan", "fujian"} <= set(want)
    offered = sorted(b.key[len("fits-"):] for b in app.button if b.key.startswith("fits-"))
    assert offered == want
    app.button(key="fits-yuhuan").click().run()
    assert app.session_state["rules"] == "yuhuan"
    assert app.metric and app.metric[0].value.split()[0].isdigit(), _messages(app)
    assert not [b for b in app.button if b.key.startswith("fits-")]


def test_a_correction_comes_back_after_a_rule_set_of_another_hand_size(app, monkeypatch):
    """A photo read under Guobiao, one tile corrected, then Taiwanese chosen (17 tiles: the
    photo is read again) and Guobiao again: the correction was lost, the photo read afresh.
    It is kept aside, said so, and comes back with the rule sets of its size."""
    from mjlens.ui import photo as P
    from mjlens.ui.views import _detector
    from tests.app_support import FIXTURES, FixtureDetector

    det = FixtureDetector("hand_melds", doubtful=None)
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: det)
    _detector.clear()
    app.selectbox(key="rules").set_value("gb").run()
    jpeg = (FIXTURES / "hand_melds.jpg").read_bytes()
    app.file_uploader(key="upload").set_value(("hand.jpg", jpeg, "image/jpeg")).run()
    read = app.session_state["draft"]
    i = next(i for i, s in enumerate(read.tiles) if s.code == "8s")
    app.button(key=f"tile-{i}").click().run()
    app.segmented_control(key="palette-suit").set_value("s").run()
    app.button(key="pal-9s").click().run()  # the 8s is a 9s
    fixed = app.session_state["draft"]
    assert fixed.tiles[i].code == "9s"
    app.selectbox(key="rules").set_value("taiwan").run()
    assert not app.exception, app.exception
    assert "corrections are kept" in _messages(app) and "17-tile" in _messages(app)
    app.selectbox(key="rules").set_value("gb").run()
    assert not app.exception, app.exception
    assert app.session_state["draft"].tiles == fixed.tiles
    assert "corrections to this photo are back" in _messages(app)
    app.selectbox(key="rules").set_value("sichuan").run()  # the same size: the hand stays
    assert app.session_state["draft"].tiles == fixed.tiles
    app.segmented_control(key="lang").set_value("zh").run()
    app.selectbox(key="rules").set_value("taiwan").run()
    assert "你的修改已保留" in _messages(app)
    assert det.calls == 1


def test_the_example_hand_is_a_win_under_every_rule_set(app):
    """Example hand gave Guobiao's 14-tile hand under every rule set: refused under half of
    them ('needs 17' in the 16-tile games, 'must miss a suit' in Sichuan, 'needs a pung' in
    Northeast). It is a hand the chosen rule set scores as a win."""
    from scoring.ruleset import all_rulesets

    refused = {}
    for rules in sorted(all_rulesets()):
        app.selectbox(key="rules").set_value(rules).run()
        app.button(key="example").click().run()
        assert not app.exception, (rules, app.exception)
        if not (app.metric and app.success):
            refused[rules] = _messages(app)
    assert refused == {}


def test_fujians_dealers_run_for_a_winner_not_dealing_names_the_seats_in_chinese(app):
    """The Fujian dealer's-run field given for a winner who is not the dealer: the Chinese
    page said 和牌者E不是庄家（S）, the seats as their letters."""
    app.button_group(key="lang").set_value("zh").run()
    app.selectbox(key="rules").set_value("fujian").run()
    app.text_input(key="notation").set_value("123456789m234678p 5s +5s").run()
    app.selectbox(key="extra-dealer").set_value("S").run()
    app.text_input(key="extra-dealer_history").set_value("屁胡").run()
    assert not app.exception, app.exception
    said = _messages(app)
    assert "和牌者东家不是庄家（南家）" in said, said


def test_a_word_the_dealers_run_does_not_know_is_named_plainly(app):
    """A typo in Fujian's dealer's-run box was answered with the Python list it became:
    "... each, not ['pihu', 'chicken']"."""
    app.selectbox(key="rules").set_value("fujian").run()
    app.text_input(key="notation").set_value("123456789m234678p 5s +5s").run()
    app.text_input(key="extra-dealer_history").set_value("pihu chicken").run()
    assert not app.exception, app.exception
    said = _messages(app)
    assert "not “chicken”." in said and "['" not in said, said
