"""What a riichi player reads: a yakuman yaku is 役満 (double: 二倍役満), not the library's
"13 han" / "26 han", in the terminal's breakdown as in the summary; the JSON keeps the han."""

from __future__ import annotations

import json
import subprocess
import sys

from scoring.notation import parse_hand
from scoring.report import _display_width, format_result
from scoring.ruleset import score_hand

DAISANGEN = "555z 666z 777z 11m 23p *1p"  # big three dragons, the dealer's self-draw
WINDS_HAND = "111z 222z 333z 44z 55z *4z"  # four concealed pungs, all honours, big four winds


def _rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("  ") and " pays " not in line]


def test_a_yakuman_line_says_yakuman_not_13_han():
    result = score_hand(parse_hand(DAISANGEN), "riichi")
    en, zh = format_result(result), format_result(result, lang="zh")
    [row] = [r for r in _rows(en) if "Daisangen" in r]
    assert "yakuman (役満)" in row and " 13 " not in row, row
    [row] = [r for r in _rows(zh) if "大三元" in r]
    assert "役满" in row and "13" not in row, row
    assert "Note: yakuman (役満): 48000 points" in en  # the summary's word


def test_a_double_yakuman_line_says_double_yakuman():
    result = score_hand(parse_hand(WINDS_HAND), "riichi")
    en, zh = format_result(result), format_result(result, lang="zh")
    [row] = [r for r in _rows(en) if "Daisuushii" in r]
    assert "double yakuman (二倍役満)" in row and "26" not in row, row
    [row] = [r for r in _rows(zh) if "大四喜" in r]
    assert "双倍役满" in row and "26" not in row, row
    assert not any(" 13 " in r for r in _rows(en))
    hant = format_result(result, lang="zh-Hant")
    assert "雙倍役滿" in hant and "役滿" in hant


def test_the_yakuman_values_line_up():
    rows = _rows(format_result(score_hand(parse_hand(WINDS_HAND), "riichi")))
    yaku = [r for r in rows if "yakuman" in r]
    assert len(yaku) == 3
    assert len({_display_width(r[:r.index("満)") + 2]) for r in yaku}) == 1, yaku


def test_ordinary_yaku_still_read_their_han():
    result = score_hand(parse_hand("123m 456m 789m 234p 5s *5s"), "riichi")
    rows = _rows(format_result(result))
    assert any("Ittsu" in r and "   2   " in r for r in rows), rows


def test_the_json_keeps_the_libraries_han():
    out = subprocess.run([sys.executable, "-m", "mjlens.cli", "score", "--rules", "riichi",
                          "--json", "--hand", WINDS_HAND], capture_output=True, text=True,
                         check=True)
    got = json.loads(out.stdout)
    assert sorted(f["fan"] for f in got["fans"]) == [13, 13, 26]
    assert sorted(y["han"] for y in got["yaku"]) == [13, 13, 26]
    assert all(set(f) == {"name", "name_en", "fan", "count", "why", "why_zh", "name_zh_hant",
                          "why_zh_hant"} for f in got["fans"])
    assert got["limit"] == "四倍役満"


def test_a_pung_completed_on_a_discard_is_not_called_claimed():
    """The library counts a pung completed by ron as open (its `open_pon`, 2 fu), and three
    pungs with one so completed are no san ankou; the reason said 'claimed pung of simples'
    (中张明刻) in a riichi hand with nothing claimed, and san ankou 'made without claiming'."""
    out = score_hand(parse_hand("234m 567p 678s 55s 99m +5s seat:S discarder=W riichi=true"),
                     "riichi").to_json()
    pung = next(d for d in out["fu_details"] if d["reason"] == "open_pon")
    assert "completed on a discard" in pung["why"] and "荣和" in pung["why_zh"]
    ron = score_hand(parse_hand("222m 444p 777s 55s 99m +5s seat:S discarder=W"),
                     "riichi").to_json()
    [ankou] = [y for y in ron["yaku"] if y["name_en"].startswith("San ankou")]  # 2, 4, 7
    assert "completed on a discard" in ankou["why"] and "荣和" in ankou["why_zh"]


def test_indicators_fewer_than_the_table_shows_are_said():
    """A hand with a kong shows a kan dora indicator beside the first (riichi.wiki's EMA
    summary: "After declaring any type of kantsu, the next dora indicator is flipped
    immediately"), and a riichi win an ura indicator under each: giving fewer scored the hand
    lower without a word. The score is the library's; a note says an indicator looks missing."""
    kong = "{2222m} 567p 456s 678s 3p *3p seat:S riichi=true"
    one = score_hand(parse_hand(kong + ' dora_indicators=["1m"]'), "riichi").to_json()
    assert any("at least 2 are shown, but 1 given" in n for n in one["notes"]), one["notes"]
    assert any("至少翻开 2 张" in n for n in one["notes_zh"])
    two = score_hand(parse_hand(kong + ' dora_indicators=["1m","4p"] ura_dora_indicators=["1s"]'),
                     "riichi").to_json()
    assert not any("kan dora" in n for n in two["notes"])
    assert any("2 dora indicators, but 1 ura given" in n for n in two["notes"]), two["notes"]
    plain = score_hand(parse_hand('234m 567p 456s 678s 3p *3p seat:S riichi=true '
                                  'dora_indicators=["1m"] ura_dora_indicators=["1s"]'), "riichi")
    assert not any("indicator" in n for n in plain.to_json()["notes"][1:])


def test_the_discarder_is_fangchong_in_riichis_notes_and_refusals():
    """Riichi's payments, options and the app call the player who dealt in 放铳者, but the
    assumed-discarder note and the self-drawn refusal came from the shared messages, a Chinese
    game's 放炮者, in the same breakdown."""
    import pytest

    from scoring.hand import HandError

    ron = score_hand(parse_hand("234m 567p 456s 33p 67s +8s seat:S riichi=true"), "riichi")
    zh = ron.to_json()["notes_zh"]
    assert any("未给出放铳者" in n for n in zh) and not any("放炮" in n for n in zh), zh
    assert any("assumed the player before the winner" in n for n in ron.to_json()["notes"])
    with pytest.raises(HandError) as exc:
        score_hand(parse_hand("234m 567p 456s 33p 67s *8s seat:S riichi=true discarder=W"),
                   "riichi")
    assert "放铳者" in exc.value.render("zh") and "no discarder" in str(exc.value)
    from scoring.messages import Seat
    from scoring.payments import M as SHARED

    assert "放炮者" in SHARED("assumed_discarder", seat=Seat("E")).render("zh")  # Chinese games'
