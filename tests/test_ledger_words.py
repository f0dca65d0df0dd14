"""The ledger's words at a table follow its game: riichi players say 放铳者 (放銃者) for whoever
discarded the winning tile, Chinese games 放炮者."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjlens.ledger import entries
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError
from scoring.messages import render

RON = "234m 456p 3455s 678s +5s"


def _refusal(tmp_path: Path, rules: str) -> LedgerError:
    led = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    led.new_table("T", ["Ann", "Bo", "Cy", "Di"], rules)
    with pytest.raises(LedgerError) as caught:
        led.add("T", entries.from_notation(RON, winner=1, discarder=1))
    return caught.value


def test_a_riichi_table_names_the_discarder_as_riichi_players_do(tmp_path):
    msg = _refusal(tmp_path, "riichi").msg
    assert render(msg, "zh") == "和牌者不能同时是放铳者。"
    assert render(msg, "zh-Hant") == "和牌者不能同時是放銃者。"
    assert render(msg, "en") == "The winner cannot also be the discarder."


def test_a_chinese_game_keeps_its_word(tmp_path):
    msg = _refusal(tmp_path, "gb").msg
    assert render(msg, "zh") == "和牌者不能同时是放炮者。"
    assert render(msg, "zh-Hant") == "和牌者不能同時是放炮者。"
