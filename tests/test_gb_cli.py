"""`mjlens score --rules gb --json` with good and bad input: exit status 2 and a plain-words
error object for anything that cannot be scored, one result line per JSON Lines hand."""

from __future__ import annotations

import io
import json

import pytest

from mjlens.cli import main

GOOD = {
    "concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "5z", "5z", "5z", "9m"],
    "melds": [],
    "win_tile": "9m",
}


def run(capsys, monkeypatch, stdin: str, *extra: str) -> tuple[int, list[dict]]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(["score", "--rules", "gb", "--json", *extra])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines() if line.strip()]


def test_good_hand(capsys, monkeypatch):
    status, out = run(capsys, monkeypatch, json.dumps(GOOD))
    assert status == 0
    (result,) = out
    assert result["rules"] == "gb"
    assert result["total"] == sum(f["fan"] * f["count"] for f in result["fans"])
    assert {"花龙", "箭刻", "门前清", "单钓将"} == {f["name"] for f in result["fans"]}
    assert result["min_fan_reached"] is True
    assert len(result["payments"]) == 3


def _hand(**changes) -> str:
    return json.dumps({**GOOD, **changes})


@pytest.mark.parametrize(
    ("stdin", "words"),
    [
        ("123m [55s", "Cannot read"),
        (_hand(concealed=["0m"] + GOOD["concealed"][1:]), "Unknown tile code"),
        (_hand(concealed=["9m"] * 4 + GOOD["concealed"][4:]), "only four of each tile"),
        (_hand(concealed=GOOD["concealed"][:-1]), "Wrong number of tiles"),
        (_hand(win_tile="1z"), "This is not a winning hand"),
        (_hand(self_drawn=True, robbing_kong=True), "robbing a kong"),
        (_hand(last_copy=True, win_tile="5z", concealed=GOOD["concealed"][:11] + ["9m", "9m"]),
         "和绝张"),
        (_hand(robbing_kong=True, win_tile="9m", concealed=GOOD["concealed"][:12] + ["9m"]),
         "Robbing a kong"),
        (_hand(concealed=GOOD["concealed"][3:], melds=[
            {"kind": "chow", "tiles": ["1m", "2m", "3m"], "claimed_from": "right"}]),
         "only be claimed from the player on your left"),
        (_hand(discarder="X"), "discarder must be"),
        (_hand(self_drawn=True, discarder="S"), "self-drawn win has no discarder"),
        (_hand(dealer=True), "does not use"),
        ("{\"concealed\": [1m", "not valid JSON"),
    ],
)
def test_bad_input_gives_plain_error(capsys, monkeypatch, stdin, words):
    status, out = run(capsys, monkeypatch, stdin)
    assert status == 2
    (result,) = out
    assert set(result) == {"error", "error_zh", "error_zh_hant"}
    assert words.lower() in result["error"].lower()
    assert "Traceback" not in result["error"]


def test_bad_option(capsys, monkeypatch):
    status, out = run(capsys, monkeypatch, json.dumps(GOOD), "-o", "base=lots")
    assert status == 2
    assert "base" in out[0]["error"]


def test_json_lines_with_one_bad_hand(capsys, monkeypatch):
    lines = [json.dumps(GOOD), _hand(win_tile="1z"), json.dumps({**GOOD, "self_drawn": True})]
    status, out = run(capsys, monkeypatch, "\n".join(lines) + "\n")
    assert status == 2
    assert len(out) == 3
    assert "total" in out[0] and "total" in out[2]
    assert out[2]["total"] == out[0]["total"] - 2 + 4  # 门前清 becomes 不求人
    assert "not a winning hand" in out[1]["error"]


def test_below_minimum_is_shown_not_an_error(capsys, monkeypatch):
    hand = {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "6s", "7s", "8s", "2m", "2m", "7z", "7z"],
            "melds": [], "win_tile": "2m", "flowers": ["1f", "2f", "3f", "4f", "5f", "6f"]}
    status, out = run(capsys, monkeypatch, json.dumps(hand))
    assert status == 0
    (result,) = out
    assert result["is_win"] is False and result["min_fan_reached"] is False
    assert result["payments"] == []
    assert result["total"] == result["fan_without_flowers"] + 6
    assert result["fan_without_flowers"] < 8 <= result["total"]
    assert any("at least 8" in n for n in result["notes"])


def test_notation_starting_with_a_concealed_kong(capsys, monkeypatch):
    """Issue 20, fault 5: notation that opens with `{` is notation, not broken JSON."""
    status, out = run(capsys, monkeypatch, "{2222m} 345m 678m 456p 7p +7p\n")
    assert status == 0
    assert out[0]["arrangement"].startswith("{2222m}") and "暗杠" in {f["name"] for f in out[0]["fans"]}


def test_lines_of_json_and_brace_notation_mixed(capsys, monkeypatch):
    stdin = "\n".join([json.dumps(GOOD), "{2222m} 345m 678m 456p 7p +7p", "{2222m} 9x",
                       '{"concealed": 1'])
    status, out = run(capsys, monkeypatch, stdin)
    assert status == 2
    assert out[0]["total"] > 0 and out[1]["total"] == 8
    assert "Cannot read '9x'" in out[2]["error"]  # the notation's own error for a notation line
    assert "Line 4 is not valid JSON" in out[3]["error"]
