"""Riichi's red fives written 0m / 0p / 0s (Tenhou's notation, the photo's box labels) in the
hand notation that `mjlens score --hand`, the JSON Lines on standard input and the table read:
only the app's notation box read them, the command line refused 'There is no tile 0p'."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.hand import HandError
from scoring.notation import format_hand, parse_hand
from scoring.ruleset import get_ruleset, score_hand

ROOT = Path(__file__).resolve().parents[1]
RIICHI_KEYS = get_ruleset("riichi").field_names
HAND = "234m 067p 456s 33p 67s +8s seat:S riichi=true discarder=W"


def test_a_zero_is_the_five_listed_red():
    hand = parse_hand(HAND, RIICHI_KEYS)
    assert hand.concealed.count("5p") == 1 and "0p" not in hand.concealed
    assert hand.context.extra["red_fives"] == ["5p"]
    assert parse_hand(format_hand(hand), RIICHI_KEYS) == hand


def test_red_fives_in_a_meld_and_as_the_winning_tile():
    hand = parse_hand("[4'06m<] 567p 456s 33p 46s +0s seat:S discarder=W", RIICHI_KEYS)
    assert hand.melds[0].tiles == ("4m", "5m", "6m") and hand.melds[0].claimed_tile == "4m"
    assert hand.win_tile == "5s"
    assert sorted(hand.context.extra["red_fives"]) == ["5m", "5s"]


def test_scored_as_the_same_hand_with_red_fives_listed():
    written = score_hand(parse_hand(HAND, RIICHI_KEYS), "riichi").to_json()
    listed = score_hand(parse_hand(HAND.replace("067p", "567p") + ' red_fives=["5p"]',
                                   RIICHI_KEYS), "riichi").to_json()
    assert written["total"] == listed["total"] == 7700  # riichi, pinfu, tanyao, red five
    assert [y["name_en"] for y in written["yaku"]] == [y["name_en"] for y in listed["yaku"]]


@pytest.mark.parametrize("text, words", [
    (HAND + ' red_fives=["5p"]', "given twice"),   # both ways
    ("234m 567p 456s 33p 67s +8s 0z", "no tile '0z'"),  # no red honour
])
def test_refused_in_words(text, words):
    with pytest.raises(HandError) as exc:
        parse_hand(text, RIICHI_KEYS)
    assert words in str(exc.value)
    assert exc.value.render("zh") != str(exc.value)


def test_a_game_without_red_fives_refuses_a_zero():
    with pytest.raises(HandError) as exc:
        parse_hand("234m 067p 456s 33p 67s +8s seat:S", get_ruleset("gb").field_names)
    assert "'0p' writes a red five" in str(exc.value) and "write 5p" in str(exc.value)
    assert "赤五" in exc.value.render("zh")


def test_the_command_line_reads_a_red_five_written_zero():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "riichi",
                          "--json", "--hand", HAND], capture_output=True, text=True, env=env,
                         cwd=ROOT, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr
    out = json.loads(run.stdout)
    assert out["total"] == 7700 and out["red_fives"] == ["5p"]


def test_indicators_and_red_fives_written_as_tiles():
    """`dora_indicators=2p` (as a player types it, and as the app's indicator box takes "3m 5z")
    was refused as not a list; tiles written as in the hand are read, a non-tile still refused."""
    plain = HAND.replace("067p", "567p")
    hand = parse_hand(plain + " dora_indicators=2p1m ura_dora_indicators=7s red_fives=5p",
                      RIICHI_KEYS)
    listed = parse_hand(plain + ' dora_indicators=["2p","1m"] ura_dora_indicators=["7s"] '
                        'red_fives=["5p"]', RIICHI_KEYS)
    written, as_list = (score_hand(h, "riichi").to_json() for h in (hand, listed))
    assert written["dora_indicators"] == ["2p", "1m"] and written["red_fives"] == ["5p"]
    assert written["total"] == as_list["total"] and written["han"] == as_list["han"] == 8
    with pytest.raises(HandError) as exc:
        score_hand(parse_hand(HAND + " dora_indicators=x", RIICHI_KEYS), "riichi")
    assert "'dora_indicators' must be tiles" in str(exc.value)
