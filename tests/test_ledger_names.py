"""Payments' reasons at a table say the players with their seats ("Bo (South) wins on Cy
(West)'s discard"), as the seats stood in that hand; the engine's own result stays seat-based."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from mjlens.ledger import entries
from mjlens.ledger.report import hand_lines
from mjlens.ledger.store import Ledger

ROOT = Path(__file__).resolve().parents[1]
RON = "234m 456p 3455s 678s +5s"


def _ledger(tmp_path: Path, rules: str) -> Ledger:
    led = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    led.new_table("T", ["Ann", "Bo", "Cy", "Di"], rules)
    return led


def test_a_hands_reasons_name_the_players_at_their_seats(tmp_path):
    led = _ledger(tmp_path, "nanning")  # the winner deals next: the seats move with the deal
    hand = led.add("T", entries.from_notation(RON, winner=1, discarder=2))
    reason = hand.payments[0]
    assert reason["reason"].startswith("Bo (South) wins on Cy (West)'s discard (点炮)")
    assert reason["reason_zh"].startswith("Bo（南家）和Cy（西家）打出的牌（点炮）")
    assert reason["reason_zh_hant"].startswith("Bo（南家）和Cy（西家）打出的牌（點炮）")
    assert hand.result["payments"][0]["reason"].startswith("South wins on West's discard")
    later = led.add("T", entries.from_notation(RON, winner=2, discarder=3))  # Bo deals: East
    assert later.payments[0]["reason"].startswith("Cy (South) wins on Di (West)'s discard")
    view = led.table("T")
    assert "Cy pays Bo 1: Bo (South) wins on Cy (West)'s discard" in \
        "\n".join(hand_lines(view, view.hands[0], "en"))
    r = subprocess.run([sys.executable, "-m", "mjlens.cli", "table", "show", "T", "--db", led.url,
                        "--lang", "zh"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Di 付给 Cy 1：Cy（南家）和Di（西家）打出的牌（点炮）" in r.stdout


def test_a_rounds_reasons_name_the_players_too(tmp_path):
    """Sichuan writes seats as codes in English (S, W): the names go beside them."""
    led = _ledger(tmp_path, "sichuan")
    led.add("T", entries.from_notation("2224445557779m *9m", winner=1))
    hand = led.add_winner("T", entries.from_notation("111222333p 4477p +7p", winner=2,
                                                      discarder=3))
    reasons = [p["reason"] for p in hand.payments]
    assert reasons[0].startswith("Bo (S) self-draws (自摸)")
    assert reasons[-1].startswith("Cy (W) wins on Di (N)'s discard (点炮)")
    assert hand.payments[-1]["reason_zh"].startswith("Cy（西家）和Di（北家）打出的牌（点炮）")


DRAGONS = "[555z<] [666z^] [777z>] 23m 99p +1m"  # big three dragons, all claimed, won on 1m


def test_riichis_pao_notes_name_the_liable_player(tmp_path):
    """The pao notes said "West pays the whole hand" at a table where West is Cy: the ledger
    keeps them with the players' names (`named_notes`), the result's own notes keep the seat."""
    led = _ledger(tmp_path, "riichi")  # Ann deals: Bo sits South, Cy West
    hand = led.add("T", entries.from_notation(DRAGONS + " pao=W", winner=1, discarder=2))
    assert "so West pays the whole hand" in hand.result["notes"][-1]
    assert hand.result["named_notes"][-1] == (
        "The liable player (pao) Cy (West) also discarded the winning tile, so Cy (West) pays "
        "the whole hand, as on any ron.")
    assert "Cy（西家）" in hand.result["named_notes_zh"][-1]
    assert "Cy（西家）" in hand.result["named_notes_zh_hant"][-1]
    assert hand.result["named_notes"][1].startswith("Pao (包): Cy (West) discarded the tile")
