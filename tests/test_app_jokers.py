"""Jokers in the app (issue 17, "Everywhere"): under a game with wild tiles (Fujian 金, Yuhuan
财神) every copy of the wild kind is drawn marked in the hand, a legend says what the mark means,
and the breakdown says what each joker stood for, in the page's language; a game without jokers
shows none of it."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from mjlens.ui import jokers as J
from mjlens.ui.render import share_image
from mjlens.ui.state import from_hand
from mjlens.ui.tile_images import JOKER_GOLD, tile_image, tile_png
from scoring.messages import render
from scoring.notation import parse_hand
from scoring.ruleset import all_rulesets, score_hand
from tests.test_app_zh import _app, english_in, no_detector, page_text  # noqa: F401

# 16 standing tiles and the winning 1z; the two 9m are golds that must stand in for other tiles
GOLD_HAND = "123m 456m 789p 234s 5s 1z 9m 9m +1z gold=9m"
GB_HAND = "123m 456m 789m 234p 9m +9m"  # two 9m again, in a game without jokers


def _stood_for() -> list[str]:
    """What the engine says the two golds stood for (the app must show exactly this)."""
    result = score_hand(parse_hand(GOLD_HAND), "fujian", {})
    assert len(result.extra["gold_stood_for"]) == 2
    return result.extra["gold_stood_for"]


def _fujian_page(lang: str):
    at = _app("zh-CN" if lang == "zh" else "en-US")
    at.selectbox(key="rules").set_value("fujian").run()
    at.text_input(key="notation").set_value(GOLD_HAND).run()
    assert not at.exception, at.exception
    assert at.metric, [e.value for e in at.warning]
    return at


@pytest.mark.usefixtures("no_detector")
def test_fujian_golds_are_marked_with_a_legend_and_stood_for_lines_in_english():
    at = _fujian_page("en")
    texts = page_text(at)
    # the two 9m of the hand are drawn as jokers (the picture's alt text says so), no other tile
    assert texts.count("9 Characters, joker (金)") == 2
    assert texts.count("9m, joker (金)") == 2  # in the breakdown, one per joker
    assert ("Gold border, 金 badge: the gold 9m (9 Characters), a joker that may stand for any "
            "tile.") in texts
    assert "What the jokers stood for" in " ".join(texts)
    for code in _stood_for():
        want = f"金 9m (9 Characters) → {code} ("
        assert any(s.startswith(want) for s in texts), (want, [s for s in texts if "→" in s])
    # the per-joker notes are shown once, as the jokers' lines, not again as notes
    assert not any("stood for" in i.value for i in at.info)


def _result():
    return score_hand(parse_hand(GOLD_HAND), "fujian", {})


@pytest.mark.usefixtures("no_detector")
def test_fujian_golds_are_marked_with_a_legend_and_stood_for_lines_in_chinese():
    at = _fujian_page("zh")
    texts = page_text(at)
    assert texts.count("九万，百搭（金）") == 2 + 2  # in the hand and in the breakdown
    assert "金框、带“金”字的牌：金 9m（九万），百搭，可当任何牌。" in texts
    assert "百搭牌当作" in " ".join(texts)
    names = {"2s": "二条", "1z": "东"}
    for code in _stood_for():
        want = f"金 9m（九万） 当作 {code}（{names.get(code, '')}"
        assert any(s.startswith(want) for s in texts), (want, [s for s in texts if "→" in s])
    assert english_in(texts) == []


@pytest.mark.usefixtures("no_detector")
def test_a_game_without_jokers_marks_nothing():
    at = _app("en-US")
    at.text_input(key="notation").set_value(GB_HAND).run()
    assert at.metric
    texts = page_text(at)
    assert not any("joker" in s or "金" in s or "stood for" in s for s in texts)
    # the Fujian hand, its gold field kept, under Guobiao: no marks either
    at = _fujian_page("en")
    at.selectbox(key="rules").set_value("gb").run()
    assert not any("joker" in s or "Gold border" in s for s in page_text(at))


def test_yuhuan_caishen_defaults_to_white_dragon_and_reads_the_result():
    yuhuan = all_rulesets()["yuhuan"]
    assert J.joker_of(yuhuan, {}, {}) is None  # caishen off by default: no joker
    assert J.joker_of(yuhuan, {"caishen": True}, {}) == J.Joker("5z", "wild")
    assert J.joker_of(yuhuan, {"caishen": True}, {"wild": "7z"}).code == "7z"
    assert J.joker_of(all_rulesets()["gb"], {}, {"gold": "9m"}) is None
    assert J.joker_of(all_rulesets()["fujian"], {}, {}, _result()) == J.Joker("9m", "gold")


def _near_gold(img: Image.Image) -> int:
    """Pixels of the jokers' gold (within a small tolerance, for resized pictures)."""
    px = np.asarray(img.convert("RGB"), dtype=int)
    return int((np.abs(px - np.array(JOKER_GOLD)).max(axis=2) < 12).sum())


def test_a_jokers_picture_has_the_gold_mark_and_the_shared_picture_too():
    plain, marked = tile_image("9m"), tile_image("9m", joker="金")
    assert tile_png("9m") != tile_png("9m", joker="金")
    assert _near_gold(plain) == 0 and _near_gold(marked) > 500
    draft = from_hand(parse_hand(GOLD_HAND))
    joker = J.Joker("9m", "gold")
    with_marks = Image.open(io.BytesIO(share_image(draft, _result(), "Fujian", "en", joker)))
    without = Image.open(io.BytesIO(share_image(draft, _result(), "Fujian", "en")))
    assert _near_gold(without) < 10 and _near_gold(with_marks) > 100  # two marked 9m
    assert with_marks.height > without.height  # the stood-for lines


@pytest.mark.parametrize("field", sorted(J.BADGES))
def test_every_joker_word_has_chinese(field):
    joker = J.Joker("9m", field)
    assert render(joker.legend(), "zh") != render(joker.legend(), "en")
