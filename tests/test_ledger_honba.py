"""Honba (本场) at a riichi table: a drawn hand or the dealer's win adds one, another player's win
takes them away (docs/riichi.md, EMA); each hand is scored with the table's count (300 a counter
on a ron, 100 from each on a tsumo) unless it gives its own, and `table show` says the count and
the sticks on the table. A ledger written before honba were kept still opens."""

from __future__ import annotations

import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from mjlens.ledger import entries
from mjlens.ledger.report import hand_lines, table_json
from mjlens.ledger.store import Ledger

ROOT = Path(__file__).resolve().parents[1]
RON = "234m 456p 3455s 678s +5s"  # tanyao, won on a discard
TSUMO = "234m 456p 3455s 678s *5s"  # the same hand self-drawn (menzen tsumo, tanyao)


def _table(tmp_path: Path, rules: str = "riichi") -> Ledger:
    led = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    led.new_table("T", ["Ann", "Bo", "Cy", "Di"], rules)
    return led


def _honba_paid(hand) -> float:
    return sum(p["amount"] for p in hand.payments if "honba" in p["reason"])


def test_a_draw_and_the_dealers_win_add_a_honba_and_another_players_win_clears_them(tmp_path):
    led = _table(tmp_path)  # Ann deals; a draw not saying who was tenpai leaves her the deal
    first = led.add("T", entries.drawn())
    assert first.honba == 0 and led.table("T").honba == 1
    dealer_win = led.add("T", entries.from_notation(RON, winner=0, discarder=2))
    assert dealer_win.honba == 1 and dealer_win.result["honba"] == 1
    assert _honba_paid(dealer_win) == 300  # all from the discarder
    assert all(p["payer"] == 2 for p in dealer_win.payments)
    assert led.table("T").honba == 2
    other_win = led.add("T", entries.from_notation(TSUMO, winner=1))
    assert other_win.honba == 2
    honba_rows = [p for p in other_win.payments if "honba" in p["reason"]]
    assert sorted(p["payer"] for p in honba_rows) == [0, 2, 3]
    assert all(p["amount"] == 200 for p in honba_rows)  # 100 a counter from each
    view = led.table("T")
    assert view.honba == 0 and table_json(view)["honba"] == 0
    assert [h["honba"] for h in table_json(view)["hands"]] == [0, 1, 2]


def test_the_honba_go_on_when_the_table_names_another_dealer(tmp_path):
    led = _table(tmp_path)
    led.add("T", entries.drawn())
    hand = led.add("T", entries.from_notation(RON, winner=2, discarder=3, dealer=1))
    assert hand.dealer == 1 and hand.honba == 1 and _honba_paid(hand) == 300


def test_a_hand_giving_its_own_honba_keeps_it_and_the_table_counts_on_from_it(tmp_path):
    led = _table(tmp_path)
    hand = led.add("T", entries.from_notation(RON + " honba=3", winner=0, discarder=1))
    assert hand.honba == 3 and _honba_paid(hand) == 900
    assert led.table("T").honba == 4


def test_a_correction_counts_the_later_hands_honba_again(tmp_path):
    led = _table(tmp_path)
    led.add("T", entries.drawn())
    led.add("T", entries.from_notation(RON, winner=1, discarder=2))
    assert led.table("T").hands[1].honba == 1
    view = led.correct("T", 1, entries.from_notation(RON, winner=3, discarder=2))
    assert view.hands[1].honba == 0 and _honba_paid(view.hands[1]) == 0


def test_other_rule_sets_count_no_honba(tmp_path):
    led = _table(tmp_path, "gb")
    led.add("T", entries.drawn())
    view = led.table("T")
    assert view.honba == 0 and view.hands[0].honba == 0 and "honba" not in table_json(view)
    assert "honba" not in hand_lines(view, view.hands[0], "en")[0]


def test_the_hands_and_table_show_say_the_honba_and_the_sticks_in_both_languages(tmp_path):
    db = f"sqlite:///{tmp_path / 'l.sqlite'}"
    led = _table(tmp_path)
    led.add("T", entries.drawn(riichi=[1]))
    view = led.table("T")
    assert hand_lines(view, view.hands[0], "en")[0].endswith("(dealer Ann, East round, 0 honba)")
    assert hand_lines(view, view.hands[0], "zh")[0].endswith("（庄家 Ann，东风圈，0 本场）")

    def show(lang: str) -> str:
        r = subprocess.run([sys.executable, "-m", "mjlens.cli", "table", "show", "T", "--db", db,
                            "--lang", lang], capture_output=True, text=True, cwd=ROOT,
                           timeout=300)
        assert r.returncode == 0, r.stderr
        return r.stdout

    assert "On the table: 1 riichi stick (1,000); next hand: 1 honba (本场)" in show("en")
    assert "桌上：1 根立直棒（1,000 点）；下一局：1 本场" in show("zh")
    assert "桌上：1 根立直棒（1,000 點）；下一局：1 本場" in show("zh-Hant")


def _old_ledger(path: Path) -> str:
    """A ledger at the first schema (no honba), with a riichi table and a drawn hand in it."""
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{path}"
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "mjlens" / "ledger" / "migrations"))
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0001")
        now = datetime.now(UTC)
        conn.execute(sa.text(
            "INSERT INTO game_table (id, name, code, rules, options, players, first_dealer, "
            "first_round_wind, revision, created) VALUES (1, 'Old', 'OLDOLD', 'riichi', '{}', "
            "'[\"Ann\", \"Bo\", \"Cy\", \"Di\"]', 0, 'E', 1, :now)"), {"now": now})
        conn.execute(sa.text(
            "INSERT INTO hand_record (table_id, seq, kind, source, entry, dealer, round_wind, "
            "streak, result, payments, winners, created) VALUES (1, 1, 'draw', 'draw', "
            "'{\"kind\": \"draw\", \"source\": \"draw\"}', 0, 'E', 0, "
            "'{\"rules\": \"riichi\", \"drawn\": true, \"payments\": []}', '[]', '[]', :now)"),
            {"now": now})
    engine.dispose()
    return url


def test_a_ledger_kept_before_honba_opens_and_counts_on(tmp_path):
    led = Ledger(_old_ledger(tmp_path / "old.sqlite"))
    view = led.table("Old")
    assert view.hands[0].honba == 0 and view.honba == 1
    hand = led.add("Old", entries.from_notation(RON, winner=1, discarder=2))
    assert hand.honba == 1 and _honba_paid(hand) == 300
