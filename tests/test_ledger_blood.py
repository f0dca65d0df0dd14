"""Another winner in the last hand (血战到底, mjlens.ledger.blood) and who deals after a round."""

from __future__ import annotations

import pytest

from mjlens.ledger import entries
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError


@pytest.fixture
def ledger(tmp_path):
    led = Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite'}")
    led.new_table("S", ["Ann", "Bo", "Cy", "Di"], "sichuan")
    return led


def test_a_self_drawn_win_then_a_discard_win_the_first_winner_deals(ledger):
    """Chengdu: the first winner deals next; only a discard won by several gives the deal to
    the discarder. A round whose discard wins all came from one player sent the deal to that
    player, though nobody won on one discard with another."""
    ledger.add("S", entries.from_notation("2224445557779m *9m", winner=1))
    hand = ledger.add_winner("S", entries.from_notation("111222333p 4477p +7p", winner=2,
                                                         discarder=3))
    assert hand.winners == [1, 2] and hand.dealer == 0
    view = ledger.table("S")
    assert view.deal.dealer == 1
    assert view.totals == [-8, 24, 0, -16]


def test_a_drawn_hand_takes_no_more_winners(ledger):
    ledger.add("S", entries.drawn())
    with pytest.raises(LedgerError, match="no won hand"):
        ledger.add_winner("S", entries.from_notation("2224445557779m *9m", winner=1))
    gb = Ledger(ledger.url)
    gb.new_table("G", ["Ann", "Bo", "Cy", "Di"], "gb")
    gb.add("G", entries.from_notation("123m 456p 789s 11z 55s *5s", winner=1))
    with pytest.raises(LedgerError, match="first win ends the hand"):
        gb.add_winner("G", entries.from_notation("123m 456p 789s 11z 55s *5s", winner=2))


def test_a_round_says_who_won_and_what_each_won(ledger):
    """Its heading said "a round of 2 wins", whoever won and whatever they won."""
    from mjlens.ledger.report import csv_rows, hand_lines

    ledger.add("S", entries.from_notation("2224445557779m *9m", winner=1))
    ledger.add_winner("S", entries.from_notation("111222333p 4477p +7p", winner=2, discarder=3))
    view = ledger.table("S")
    hand = view.hands[-1]
    assert hand_lines(view, hand, "en")[0] == \
        "1. Bo won 5 fan (+24), Cy won 4 fan (+8)  (dealer Ann, East round)"
    assert hand_lines(view, hand, "zh")[0] == "1. Bo 和牌 5番（赢 24）、Cy 和牌 4番（赢 8）（庄家 Ann，东风圈）"
    assert hand_lines(view, hand, "zh-Hant")[0].startswith("1. Bo 和牌 5番（贏 24）")
    assert csv_rows(view, "en")[1][4] == "Bo won 5 fan (+24), Cy won 4 fan (+8)"
