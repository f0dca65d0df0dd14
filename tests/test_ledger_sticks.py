"""Riichi sticks at a table: each declarer puts 1,000 on the table when the hand is recorded,
the winner of a later hand takes every stick there (the hand's riichi_sticks), a drawn hand
leaves them; the players' totals and the sticks on the table sum to zero."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjlens.ledger import entries
from mjlens.ledger.report import hand_lines, table_json
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError

RON = "234m 456p 3455s 678s +5s"  # tanyao, won on a discard


def _table(tmp_path: Path) -> tuple[Ledger, str]:
    led = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    led.new_table("T", ["Ann", "Bo", "Cy", "Di"], "riichi")
    return led, "T"


def test_a_drawn_hand_keeps_the_sticks_and_the_next_winner_takes_them(tmp_path):
    led, t = _table(tmp_path)
    led.add(t, entries.drawn(riichi=[1, 2]))
    view = led.table(t)
    assert view.riichi_sticks == 2 and view.totals == [0, -1000, -1000, 0]
    # the heading says whose sticks stay (it said "nobody pays")
    assert hand_lines(view, view.hands[0], "en")[0].startswith(
        "1. drawn hand: Bo's and Cy's riichi sticks stay on the table")
    assert hand_lines(view, view.hands[0], "zh")[0].startswith("1. 流局：Bo、Cy 的立直棒留在桌上")
    hand = led.add(t, entries.from_notation(RON + " riichi=true", winner=3, discarder=0,
                                            riichi=[1]))
    assert hand.result["riichi_sticks"] == 4  # two left, Bo's and the winner's own
    assert hand.result["from_table"] == 4000
    view = led.table(t)
    assert view.riichi_sticks == 0
    paid = hand.result["payments"][0]["amount"] + 300  # the hand, and the drawn hand's honba
    assert hand.honba == 1 and hand.result["payments"][1]["amount"] == 300
    assert view.totals == [-paid, -2000, -1000, paid + 4000 - 1000]
    assert sum(view.totals) == 0
    lines = hand_lines(view, view.hands[1], "en")
    assert any("the table pays Di 4000" in line for line in lines), lines
    assert any("Bo pays the table 1000" in line for line in lines), lines
    assert table_json(view)["riichi_sticks"] == 0


def test_the_sticks_on_the_table_and_the_totals_sum_to_zero(tmp_path):
    led, t = _table(tmp_path)
    led.add(t, entries.drawn(riichi=[0]))
    led.add(t, entries.drawn(riichi=[0, 3]))
    view = led.table(t)
    assert view.riichi_sticks == 3 and sum(view.totals) + 3000 == 0
    assert table_json(view)["riichi_sticks"] == 3
    assert "桌上" in " ".join(hand_lines(view, view.hands[0], "zh"))


def test_a_hand_giving_other_sticks_than_the_table_is_refused(tmp_path):
    led, t = _table(tmp_path)
    led.add(t, entries.drawn(riichi=[1]))
    with pytest.raises(LedgerError) as err:
        led.add(t, entries.from_notation(RON + " riichi_sticks=3", winner=3, discarder=0))
    assert "1" in str(err.value) and "3" in str(err.value)
    hand = led.add(t, entries.from_notation(RON + " riichi_sticks=1", winner=3, discarder=0))
    assert hand.result["riichi_sticks"] == 1


def test_a_correction_moves_the_sticks_with_it(tmp_path):
    led, t = _table(tmp_path)
    led.add(t, entries.drawn(riichi=[1]))
    led.add(t, entries.from_notation(RON, winner=3, discarder=0))
    assert led.table(t).riichi_sticks == 0
    view = led.correct(t, 1, entries.drawn())  # nobody had declared after all
    assert view.riichi_sticks == 0 and view.hands[1].result["riichi_sticks"] == 0
    assert sum(view.totals) == 0


def test_other_rule_sets_have_no_sticks(tmp_path):
    led = Ledger(f"sqlite:///{tmp_path / 'g.sqlite'}")
    led.new_table("G", ["Ann", "Bo", "Cy", "Di"], "gb")
    led.add("G", entries.drawn(riichi=[1]))
    view = led.table("G")
    assert view.totals == [0, 0, 0, 0] and "riichi_sticks" not in table_json(view)


def test_a_winner_named_as_a_declarer_scores_riichi(tmp_path):
    """Bo won, named among the players who declared riichi (table add --riichi Bo, the app's
    ticks) but the hand's riichi switch left off: Bo's stick went on the table and the hand was
    scored without riichi (tanyao alone); a declarer's hand has the yaku."""
    led, t = _table(tmp_path)
    hand = led.add(t, entries.from_notation(RON, winner=1, discarder=2, riichi=[1]))
    names = [y["name_en"] for y in hand.result["yaku"]]
    assert "Riichi" in names, names
    plain = led.add(t, entries.from_notation(RON, winner=1, discarder=2))
    assert hand.result["total"] > plain.result["total"]
    assert "Riichi" not in [y["name_en"] for y in plain.result["yaku"]]


def test_a_winner_declaring_with_an_open_hand_is_refused(tmp_path):
    led, t = _table(tmp_path)
    with pytest.raises(LedgerError) as exc:
        led.add(t, entries.from_notation("[234m<] 456p 3455s 678s +5s", winner=1, discarder=2,
                                         riichi=[1]))
    assert "concealed" in str(exc.value)
