"""16-tile hands end to end in scoring: the notation prints and reads them back, `mjlens score`
scores them from notation and from the contract JSON, and refuses a wrong count with exit 2."""

from __future__ import annotations

import io
import json

import pytest

from mjlens.cli import main
from scoring.hand import Hand
from scoring.notation import format_hand, parse_hand

SIXTEEN = ('123m 456m [789p<] {2222s} 567s 9m *1z 12f seat:S gold=9m '
           'dealer_history=["屁胡","自摸"] dealer=S')


def run(capsys, monkeypatch, stdin: str, *args: str) -> tuple[int, list[dict]]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(["score", "--json", *args])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines() if line.strip()]


def test_notation_round_trip():
    hand = parse_hand(SIXTEEN)
    hand.validate(sets=5)
    assert len(hand.all_tiles) == 18  # 17 and one for the kong
    assert parse_hand(format_hand(hand)) == hand
    assert Hand.from_json(hand.to_json()) == hand


def test_score_from_notation_and_json(capsys, monkeypatch):
    status, (from_text,) = run(capsys, monkeypatch, SIXTEEN, "--rules", "fujian")
    assert status == 0
    status, (from_json,) = run(capsys, monkeypatch, json.dumps(parse_hand(SIXTEEN).to_json()),
                               "--rules", "fujian")
    assert status == 0 and from_json == from_text
    # 游金 as dealer 30 + run 5 + 10, items: 2 flowers, 1 gold, 花牌暗杠 3 = 6, x3
    assert from_text["total"] == 30 + 15 + 6 * 3
    assert from_text["gold_stood_for"] == ["1z"]
    assert any("stood for 1z" in n for n in from_text["notes"])


@pytest.mark.parametrize("rules", ["fujian", "yuhuan"])
def test_wrong_count_is_exit_2(capsys, monkeypatch, rules):
    status, (out,) = run(capsys, monkeypatch, "123m 456m 789p 234s 5s 1z +1z", "--rules", rules)
    assert status == 2
    assert "has 15 tiles but needs 17" in out["error"]


def test_yuhuan_from_the_command_line(capsys, monkeypatch):
    status, (out,) = run(capsys, monkeypatch, "12334m567p456s11555z *1z seat:S",
                         "--rules", "yuhuan", "-o", "caishen=true")
    assert status == 0 and out["total"] == 38 and out["unit"] == "胡"
    assert sorted(out["wild_stood_for"]) == ["1m", "1m", "3m"]
    assert all(f["why_zh"] for f in out["fans"])
