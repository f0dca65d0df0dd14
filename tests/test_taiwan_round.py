"""Taiwanese mahjong beyond one hand's 台: payments always sum to zero and follow 底 + 台 x 台錢
with the dealer's 台 only between the dealer and another (property test), `mjlens settle
--rules taiwan` (one win ends the hand; 一炮多響 by option), and a 16-tile photo with flowers
read by the layout and scored under taiwan."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.hand import Hand, HandError
from scoring.ruleset import get_ruleset, net_of, score_hand
from scoring.settle import settle_round
from tests.test_app_zh import no_detector  # noqa: F401  (a fixture)
from tests.test_layout import boxes
from vision.layout import read_layout

SEATS = ("E", "S", "W", "N")


def _hand(seed: int) -> Hand:
    from datasets.synth.hands import generate_hand

    plan = generate_hand(np.random.default_rng(seed), 5)
    return Hand.from_json(plan.to_json())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), seat=st.sampled_from(SEATS), dealer=st.sampled_from(SEATS),
       streak=st.integers(0, 5), drawn=st.booleans(), discarder=st.integers(1, 3),
       base=st.integers(0, 200), per=st.integers(1, 50))
def test_payments_sum_to_zero_and_add_the_dealer_tai_only_with_the_dealer(
        seed, seat, dealer, streak, drawn, discarder, base, per):
    hand = _hand(seed)
    extra = {"dealer": dealer, "dealer_streak": streak}
    if not drawn:
        extra["discarder"] = SEATS[(SEATS.index(seat) + discarder) % 4]
    ctx = hand.context
    hand = hand.with_context(seat_wind=seat, self_drawn=drawn, extra=extra,
                             robbing_kong=ctx.robbing_kong and not drawn,
                             kong_replacement=ctx.kong_replacement and drawn)
    r = score_hand(hand, "taiwan", {"base": base, "per_tai": per})
    assert sum(net_of(r.payments).values()) == 0
    payers = {p.payer for p in r.payments}
    assert seat not in payers
    assert len(r.payments) == (3 if drawn else 1) or base + r.extra["hand_tai"] * per == 0
    dealer_tai = 1 + 2 * streak
    assert r.extra["dealer_tai"] == dealer_tai
    for p in r.payments:
        with_dealer = dealer in (p.payer, p.payee)
        tai = r.extra["hand_tai"] + (dealer_tai if with_dealer else 0)
        assert p.amount == base + tai * per
    assert r.total == r.extra["hand_tai"] + (dealer_tai if seat == dealer else 0)


# ---- a round -----------------------------------------------------------------------------------
WIN = {"concealed": "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 6p 9s 9s".split(), "win_tile": "7p"}


def test_settle_one_win_ends_the_hand():
    result = settle_round({"rules": "taiwan", "dealer": "E", "events": [
        {"type": "kong", "player": "W", "kind": "concealed", "tile": "1z"},
        {"type": "win", "player": "S", "from": "E", "hand": WIN}]})
    # 門清 1 + 平胡 2 for South, and East the dealer adds its 莊家 1 when it pays
    assert [(p.payer, p.payee, p.amount) for p in result.ledger] == [("E", "S", 1 + 4)]
    assert result.net["S"] == 5 and sum(result.net.values()) == 0
    with pytest.raises(HandError):  # nothing after the win
        settle_round({"rules": "taiwan", "events": [
            {"type": "win", "player": "S", "from": "E", "hand": WIN}, {"type": "wall_end"}]})


def test_one_discard_wins_only_the_first_after_the_discarder_unless_one_pao_duo_xiang():
    event = {"type": "win", "from": "N", "winners": [
        {"player": "S", "hand": WIN}, {"player": "E", "hand": WIN}]}
    first = settle_round({"rules": "taiwan", "events": [event]})
    assert [p.payee for p in first.ledger] == ["E"]  # East plays right after North
    both = settle_round({"rules": "taiwan", "options": {"multiple_winners": True},
                         "events": [event]})
    assert sorted(p.payee for p in both.ledger) == ["E", "S"]
    assert all(p.payer == "N" for p in both.ledger)


def test_settle_lists_taiwan(capsys):
    from mjlens.cli import main

    path_rules = get_ruleset("taiwan").settlement
    assert path_rules is not None
    with pytest.raises(SystemExit):
        main(["settle", "--help"])
    assert "taiwan" in capsys.readouterr().out


# ---- the photo ---------------------------------------------------------------------------------
# standing 1-6m 5p 5p (pair) 7s 8s (wait), winning 9s; a pung of 2z claimed across, a
# concealed kong of 4s; flowers 2f (South's own) and 6f apart
STANDING = "1m 2m 3m 4m 5m 6m 5p 5p 7s 8s"
SIXTEEN = [(0, "2f 6f"), (0.8, STANDING), (0.8, "9s"), (0.9, "2z 2z/ 2z"),
           (0.5, "back 4s 4s back")]


def test_layout_reads_a_sixteen_tile_hand_with_flowers_under_taiwan():
    res = read_layout(boxes(SIXTEEN), 2000, 800, rules="taiwan")
    hand = res.hand
    assert hand is not None and res.legal and res.winning, [str(n) for n in res.notes]
    assert hand.win_tile == "9s" and hand.flowers == ("2f", "6f")
    hand = hand.with_context(seat_wind="S")
    r = score_hand(hand, "taiwan")
    assert r.is_win and r.extra["hand_tai"] >= 2  # 門風刻 2z, 正花 2f, 6f


def test_scan_reads_a_rendered_sixteen_tile_photo_with_flowers(tmp_path, capsys):
    """`mjlens scan --rules taiwan` on a rendered 16-tile scene with flowers (its true boxes as
    the `--boxes` file): the hand read is the scene's, scored as a win."""
    from datasets.synth import make_sample, seeds
    from datasets.synth.hands import HandSpec
    from datasets.synth.truth import mismatch, readable, scene_detections
    from mjlens.cli import main

    spec = HandSpec(sets=5)
    for index in range(12):
        sample = make_sample(index, seeds.SIXTEEN_DEVELOPMENT[0], size=640, hands=spec,
                             effects=False)
        sc = sample.sidecar
        if readable(sc) and sc["hand"]["flowers"]:
            break
    else:
        pytest.fail("no readable scene with flowers among the first 12")
    photo = tmp_path / sc["image"]
    photo.write_bytes(sample.jpeg)
    box_file = tmp_path / "boxes.json"
    box_file.write_text(json.dumps({"image": sc["image"], "width": 640, "height": 640,
                                    "tiles": scene_detections(sc)}))
    status = main(["scan", str(photo), "--boxes", str(box_file), "--rules", "taiwan", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0, out.get("error")
    hand = Hand.from_json(out["hand"])
    assert mismatch(sc, hand) is None
    assert hand.flowers and out["score"]["rules"] == "taiwan" and out["score"]["is_win"]


# ---- the app -----------------------------------------------------------------------------------
@pytest.mark.parametrize("hand,paid", [
    # South's self-draw with the dealer's streak: 門清自摸 3 + 正花 2; East adds its 5
    ("123m 456m 789m 234p 56p 99s *7p seat:S dealer_streak=2 26f", ["= 11", "= 6", "= 6"]),
    # exclusions (三元牌 within 大三元) and a discard by the dealer: 12 + 1
    ("[555z<] [666z<] [777z<] 123m 456m 7m +7m seat:S discarder=E", ["= 14"]),
])
def test_a_scored_taiwanese_hand_reads_wholly_in_chinese(no_detector, hand, paid):  # noqa: F811
    """The strict page test of tests/test_app_zh.py on a hand taiwan scores: every fan, exclusion,
    payment and note of the page in Chinese."""
    from tests.test_app_zh import _app, english_in, page_text

    at = _app()
    at.selectbox(key="rules").set_value("taiwan").run()
    at.text_input(key="notation").set_value(hand).run()
    assert not at.exception
    texts = page_text(at)
    assert any("台" in t for t in texts)
    assert not any("还不能计分" in t for t in texts), texts
    # each payment a line, its reason in small print under it ("底1 + 5台 × 1 = 6")
    sums = [m for t in texts for m in re.findall(r"<small>底[^<：]*?(= \d+)", t)]
    assert sorted(sums) == sorted(paid)
    assert english_in(texts) == []


# ---- the command line --------------------------------------------------------------------------
EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "taiwan_round.json"


@pytest.mark.parametrize("extra,net", [
    ([], {"E": 200, "S": 0, "W": 0, "N": -200}),  # 截胡: East plays first after North
    (["-o", "multiple_winners=true"], {"E": 200, "S": 160, "W": 0, "N": -360}),
])
def test_settle_the_documented_round(capsys, extra, net):
    from mjlens.cli import main

    assert main(["settle", "--rules", "taiwan", "--json", str(EXAMPLE), *extra]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["net"] == net
    # East: 莊家 1 + 連莊 2 + 門清 1 + 正花 1 (春) = 5 台, at 底 100 and 台錢 20
    assert out["wins"][0]["total"] == 5 and out["ledger"][0]["amount"] == 200


def test_score_reads_json_lines_and_notation(capsys, monkeypatch):
    import io

    from mjlens.cli import main

    lines = [json.dumps({**WIN, "seat_wind": "S", "discarder": "E"}),
             json.dumps({**WIN, "self_drawn": True, "dealer_streak": 1})]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--rules", "taiwan", "--json"]) == 0
    got = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [g["total"] for g in got] == [3, 6]  # 門清 1 + 平胡 2; 莊家 1 + 連莊 2 + 門清自摸 3
    assert got[0]["net"] == {"E": -5, "S": 5, "W": 0, "N": 0}  # East, the dealer, adds its 1
    assert got[1]["net"]["E"] == 21
    monkeypatch.setattr("sys.stdin", io.StringIO("123m 456m 789m 234p 56p 99s +7p seat:S\n"))
    assert main(["score", "--rules", "taiwan", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 3


def test_rules_lists_taiwan_with_its_options_and_fields(capsys):
    from mjlens.cli import main

    assert main(["rules", "--json"]) == 0
    taiwan = next(r for r in json.loads(capsys.readouterr().out) if r["id"] == "taiwan")
    names = {o["name"] for o in taiwan["options"]}
    assert {"base", "per_tai", "heavenly", "human", "all_claimed", "flower_kong", "ligu",
            "pinghu_flowers", "pinghu_pair_wait", "little_winds_wind_pungs",
            "streak_includes_dealer", "multiple_winners"} <= names
    assert {f["name"] for f in taiwan["fields"]} >= {"dealer", "dealer_streak", "discarder"}


def test_the_app_reads_and_scores_a_photo_of_a_sixteen_tile_hand_with_flowers(monkeypatch):
    """A rendered 16-tile scene with flowers and melds (development seed, scene 2: three melds,
    one flower) uploaded with taiwan chosen, read from its true boxes: the app's hand is the
    scene's, flowers included, and it is scored in 台."""
    from streamlit.testing.v1 import AppTest

    from datasets.synth import make_sample, seeds
    from datasets.synth.hands import HandSpec
    from datasets.synth.truth import mismatch
    from mjlens.ui import photo as P
    from mjlens.ui import state as S
    from mjlens.ui.views import _detector
    from tests.app_support import FixtureDetector
    from tests.test_app_sixteen import APP

    sample = make_sample(2, seeds.SIXTEEN_DEVELOPMENT[0], size=640, hands=HandSpec(sets=5),
                         effects=False)
    assert sample.sidecar["hand"]["flowers"] and len(sample.sidecar["hand"]["melds"]) == 3
    det = FixtureDetector.__new__(FixtureDetector)
    det.truth = {"width": 640, "height": 640,
                 "tiles": [t for t in sample.sidecar["tiles"] if t["labelled"]]}
    det.doubtful, det.wrong, det.calls = None, None, 0
    monkeypatch.setattr(P, "load_detector", lambda *a, **k: det)
    _detector.clear()
    try:
        at = AppTest.from_file(APP, default_timeout=90)
        at.run()
        at.selectbox(key="rules").set_value("taiwan").run()
        at.file_uploader(key="upload").set_value(("hand.jpg", sample.jpeg, "image/jpeg")).run()
        assert not at.exception, at.exception
        hand = S.to_hand(at.session_state["draft"], sets=5)
        assert mismatch(sample.sidecar, hand) is None and hand.flowers
        assert at.metric and at.metric[0].value.split()[-1] == "tai", at.metric
    finally:
        _detector.clear()
