"""The photo reader reads only the tiles a game is played with (vision/detect/game_tiles.py):
Sichuan's three suits, riichi and the Guangxi games without flowers."""

from __future__ import annotations

import json

import numpy as np
import pytest

from scoring import tiles as T
from scoring.hand import Hand, HandError, WinContext
from scoring.ruleset import all_rulesets, get_ruleset, hand_tiles, score_hand
from scoring.tiles import DETECTOR_CLASSES
from tests.app_support import FIXTURES, FixtureDetector
from vision.detect import Detection
from vision.detect.game_tiles import LITTLE, keep_to_tiles


def detection(probs: dict[str, float], box=(0, 0, 10, 14), score: float = 0.9) -> Detection:
    p = np.full(len(DETECTOR_CLASSES), 1e-6)
    for code, v in probs.items():
        p[DETECTOR_CLASSES.index(code)] = v
    p /= p.sum()
    k = int(p.argmax())
    return Detection(DETECTOR_CLASSES[k], box, score * float(p[k]), score, p)


def test_a_flower_on_a_riichi_table_is_read_as_its_next_best_tile():
    d = detection({"2f": 0.7, "5s": 0.25, "7z": 0.05})
    (got,) = keep_to_tiles([d], get_ruleset("riichi").tiles_for())
    assert got.code == "5s"
    assert got.probs[[T.is_flower(c) for c in DETECTOR_CLASSES]].sum() == 0
    assert got.probs.sum() == pytest.approx(1.0)
    assert got.probs[DETECTOR_CLASSES.index("5s")] == pytest.approx(0.25 / 0.30, rel=1e-3)
    # box score x the classifier's own probability of the code, as for every box
    assert got.confidence == pytest.approx(0.9 * d.probs[DETECTOR_CLASSES.index("5s")])
    assert d.code == "2f"  # the detector's own reading is left as it was


def test_a_box_that_gives_the_game_almost_nothing_is_dropped():
    sure_flower = detection({"3f": 1 - LITTLE / 2, "3s": LITTLE / 2})
    doubtful = detection({"3f": 0.6, "3s": 0.4}, box=(20, 0, 30, 14))
    got = keep_to_tiles([sure_flower, doubtful], hand_tiles("riichi"))
    assert [d.code for d in got] == ["3s"]
    assert got[0].box == doubtful.box


def test_honours_on_a_sichuan_table_and_face_down_tiles_kept():
    dets = [detection({"7z": 0.6, "7p": 0.4}), detection({"back": 0.99, "5z": 0.01}, (20, 0, 30, 14))]
    got = keep_to_tiles(dets, hand_tiles("sichuan"))
    assert [d.code for d in got] == ["7p", "back"]


def test_every_code_or_no_rule_set_leaves_the_reading_alone():
    dets = [detection({"2f": 0.9, "5s": 0.1}), detection({"7z": 0.9, "7p": 0.1}, (20, 0, 30, 14))]
    assert keep_to_tiles(dets, None) is dets
    assert keep_to_tiles(dets, DETECTOR_CLASSES) is dets
    assert hand_tiles("gb") is None and hand_tiles(None) is None
    assert hand_tiles("no such game") is None  # the scorer says what is wrong, not the reader


def test_one_set_after_the_game_tiles():
    """Five boxes that become 5s cannot all be 5s: the one-set step runs again."""
    dets = [detection({"1f": 0.6, "5s": 0.3, "6s": 0.1}, (20 * i, 0, 20 * i + 10, 14))
            for i in range(5)]
    codes = [d.code for d in keep_to_tiles(dets, hand_tiles("riichi"))]
    assert codes.count("5s") == 4 and codes.count("6s") == 1


def test_guangshui_tiles_follow_its_option():
    assert "1m" in hand_tiles("guangshui")
    kawuxing = hand_tiles("guangshui", {"tile_set": "kawuxing"})
    assert "1m" not in kawuxing and "1p" in kawuxing and "5z" in kawuxing


BASES = ("123m 456m 789m 123p", "123p 456p 789p 123s", "123m 456m 789p 123s", "123m 456p 789s 111m",
         "123m 456m 789m 123p 456p")


def _hand(base: str, pair: str, flowers=()) -> Hand:
    from scoring.notation import parse_tiles

    return Hand(tuple(T.sorted_codes(parse_tiles(base.replace(" ", "")) + [pair])), (), pair,
                tuple(flowers), WinContext(self_drawn=True))


@pytest.mark.parametrize("rules", sorted(r for r, rs in all_rulesets().items()
                                         if rs.tiles is not None))
def test_a_rule_sets_tiles_are_the_ones_its_scorer_takes(rules):
    """Each code the rule set says its game lacks is refused by its scorer in a hand it
    otherwise scores, so the reader never keeps from a player a tile the game has."""
    rs = get_ruleset(rules)
    tiles = rs.tiles_for()
    inside = next(c for c in ("2p", "5s", "8p") if c in tiles)
    base = None
    for b in BASES:
        try:
            score_hand(_hand(b, inside), rules)
        except HandError:
            continue
        base = b
        break
    assert base is not None, f"no plain hand scores under {rules}"
    for code in T.TILE_CODES:
        if code not in tiles:
            with pytest.raises(HandError):
                score_hand(_hand(base, code), rules)
    if not any(T.is_flower(c) for c in tiles):
        with pytest.raises(HandError):
            score_hand(_hand(base, inside, ("1f",)), rules)


@pytest.mark.parametrize("rules, wrong", [("riichi", "2f"), ("gb", "2f"), ("sichuan", "6z")])
def test_scan_reads_the_game_tiles_and_keeps_the_detectors_own(rules, wrong):
    from vision.pipeline import scan_photo

    det = FixtureDetector("hand_kong", doubtful=1, wrong=wrong)
    scan = scan_photo(FIXTURES / "hand_kong.jpg", det, rules=rules)
    assert scan.detected[1].code == wrong
    hand = scan.layout.hand
    if rules == "gb":  # a game with flowers reads the flower the detector saw
        assert scan.detections is scan.detected
    else:
        assert hand is not None
        assert scan.detections[1].code == "3m" and not hand.flowers
        assert wrong not in hand.all_tiles
        # another rule set starts again from the detector's own boxes
        again = scan_photo(FIXTURES / "hand_kong.jpg", det, rules="gb",
                           detections=scan.detected)
        assert again.detections[1].code == wrong


def test_detect_cli_reads_a_games_tiles(capsys):
    from mjlens.cli import main

    photo = str(FIXTURES / "hand_kong.jpg")
    assert main(["detect", photo, "--json", "--rules", "nosuch"]) == 2
    assert "nosuch" in capsys.readouterr().err
    assert main(["detect", photo, "--json", "--rules", "guangshui", "-o", "tile_set=kawuxing"]) == 0
    codes = [t["code"] for t in json.loads(capsys.readouterr().out)["tiles"]]
    assert codes and not any(c.endswith("m") for c in codes)  # hand_kong shows 3m 5m 6m 7m 8m
    for rules in ("sichuan", "riichi"):
        assert main(["detect", photo, "--json", "--rules", rules]) == 0
        codes = [t["code"] for t in json.loads(capsys.readouterr().out)["tiles"]]
        assert codes and all(c in hand_tiles(rules) or c == "back" for c in codes)


def test_a_red_five_is_marked_red_on_the_photo():
    """What the detector saw printed red shows on the photo's box, labelled as riichi writes a
    red five (0m); the other fives keep their green box."""
    from PIL import Image

    from mjlens.ui.render import BOX_OK, RED_FIVE, draw_detections
    from mjlens.ui.vision_adapter import scan_to_draft
    from vision.pipeline import scan_photo

    class RedFive(FixtureDetector):
        def _detect(self, w, h):
            out = super()._detect(w, h)
            next(d for d in out if d.code == "5m").red = True
            return out

    scan = scan_photo(FIXTURES / "hand_kong.jpg", RedFive("hand_kong"), rules="riichi")
    draft = scan_to_draft(scan)
    fives = [t for t in draft.tiles if t.code == "5m"]
    assert [t.red for t in fives].count(True) == 1 and len(fives) == 4
    photo = Image.open(FIXTURES / "hand_kong.jpg")
    drawn = draw_detections(photo, draft, crop=False)
    for t in fives:
        x1, y1 = int(t.box[0]), int(t.box[1])
        colour = drawn.getpixel((x1 + 1, y1 + 1))  # on the box's outline
        assert colour == (RED_FIVE if t.red else BOX_OK)


class _WithADragon(FixtureDetector):
    """hand_kong's true boxes plus a sure red dragon beside the hand."""

    def _detect(self, w, h):
        out = super()._detect(w, h)
        p = np.full(len(DETECTOR_CLASSES), 1e-4)
        p[DETECTOR_CLASSES.index("7z")] = 0.97
        return [*out, Detection("7z", (5.0, 5.0, 45.0, 60.0), 0.97, 1.0, p)]


def test_what_the_game_is_not_played_with_is_named_and_marked_on_the_photo():
    from mjlens.ui.vision_adapter import scan_to_draft
    from vision.pipeline import scan_photo

    det = _WithADragon("hand_kong", doubtful=None)
    scan = scan_photo(FIXTURES / "hand_kong.jpg", det, rules="sichuan")
    assert [d.code for d in scan.left_out] == ["7z"]
    assert "7z" not in [d.code for d in scan.detections]
    # the layout's notes say so, for the CLI and JSON alike
    said = [n.render("en") for n in scan.layout.notes]
    assert sum(s.startswith("Left out 7z at (25, 32)") and "not played with" in s
               for s in said) == 1
    # and the app numbers the box on the photo
    draft = scan_to_draft(scan)
    said = [n.render("en") for n in draft.notes if not isinstance(n, str)]
    left = [s for s in said if "not played with" in s]
    assert len(left) == 1 and left[0].startswith("Left out Red (marked 1 on the photo)")
    assert "未计入" in [n for n in draft.notes if not isinstance(n, str)][-1].render("zh")
    assert len(draft.marks) >= 1
    # a game played with the dragons leaves nothing out
    assert scan_photo(FIXTURES / "hand_kong.jpg", det, rules="gb").left_out == []


def test_scan_cli_says_what_the_game_is_not_played_with(capsys, monkeypatch):
    import vision.detect as D
    from mjlens.cli import main

    monkeypatch.setattr(D, "load_detector", lambda *a, **k: _WithADragon("hand_kong", None))
    assert main(["scan", str(FIXTURES / "hand_kong.jpg"), "--rules", "sichuan", "--json"]) in (0, 2)
    out = json.loads(capsys.readouterr().out)
    assert any("not played with" in n for n in out["uncertain"])
    assert any("这个玩法不用这种牌" in n for n in out["uncertain_zh"])
