"""The table's ledger (mjlens/ledger): totals are the sum of the hands' payments and sum to
zero, undo and correction are the same as never having added / having added the right hand,
the deal moves as each rule text says, two processes adding at once lose nothing, and a process
killed mid-write leaves the ledger as it was."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjlens.ledger import entries, game
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Winning hands of each rule set, self-drawn (*) and on a discard (+); scored by the shared engine.
HANDS = {
    "gb": ["123m 456p 789s 11z 55s *5s", "123m 456p 789s 11z 55s +5s", "1122m3344p5566s7z +7z"],
    "sichuan": ["123m 456m 789m 11p 55p +5p", "123m 456m 789m 11p 55p *5p",
                "1122m3344m5566m7p +7p"],
    "nanning": ["111m 222p 333s 44z 55z +5z", "111m 222p 333s 44z 55z *5z"],
}


def ledger(tmp_path: Path, name: str = "l.sqlite") -> Ledger:
    return Ledger(f"sqlite:///{tmp_path / name}")


def test_a_hand_pays_between_the_players_by_name(tmp_path):
    lg = ledger(tmp_path)
    lg.new_table("Fri", PLAYERS, "gb")
    # Bo wins on Di's discard at the first deal (Ann deals: Bo is South, Di North)
    h = lg.add("Fri", entries.from_notation("123m 456p 789s 11z 55s +5s", winner=1, discarder=3))
    assert h.winners == [1]
    assert h.result["total"] == 10
    by = {(p["payer"], p["payee"]): p["amount"] for p in h.payments}
    # Guobiao: the discarder pays base + fan, the other two the base
    assert by == {(3, 1): 18, (0, 1): 8, (2, 1): 8}
    assert lg.table("Fri").totals == [-8, 34, -8, -18]


def test_the_hand_is_seated_at_its_deal(tmp_path):
    """The dealer is East: after the deal moves to Bo, Bo's self-drawn win is East's (dealer)
    win, which Sichuan's dealer field reads; Ann is then North."""
    lg = ledger(tmp_path)
    lg.new_table("T", PLAYERS, "gb")
    lg.add("T", entries.drawn())
    view = lg.table("T")
    assert view.deal.dealer == 1
    h = lg.add("T", entries.from_notation("123m 456p 789s 11z 55s *5s", winner=0))
    assert h.result["payments"][0]["payee"] == "N"  # Ann sits North when Bo deals
    assert lg.table("T").totals == [60, -20, -20, -20]


def test_guobiao_deal_passes_every_hand_and_the_wind_after_four():
    rot = game.rotation_of("gb")
    deal = game.Deal()
    for _ in range(3):
        deal = game.next_deal(deal, rot, [0], None)  # the dealer's own win still passes it
    assert (deal.dealer, deal.round_wind) == (3, "E")
    deal = game.next_deal(deal, rot, [], None)
    assert (deal.dealer, deal.round_wind) == (0, "S")


def test_nanning_winner_deals_draw_keeps_and_several_winners_give_it_to_the_discarder():
    """Nanning 【莊家規則】: “上局胡牌（含自摸胡牌）者為莊家，流局由原莊家連庄。一炮多響，
    則放炮者為莊家。”"""
    rot = game.rotation_of("nanning")
    deal = game.next_deal(game.Deal(), rot, [2], 1)
    assert deal.dealer == 2
    drawn = game.next_deal(deal, rot, [], None)
    assert (drawn.dealer, drawn.streak) == (2, 1)
    assert game.next_deal(drawn, rot, [0, 3], 1).dealer == 1


def test_a_rule_set_whose_text_is_silent_lets_the_table_set_the_dealer(tmp_path):
    assert game.rotation_of("wuhu").kind == "table"
    lg = ledger(tmp_path)
    lg.new_table("W", PLAYERS, "sichuan_mult")
    assert lg.table("W").rotation.kind == "table"
    lg.add("W", entries.from_notation("123m 456m 789m 11p 55p +5p", winner=2))
    assert lg.table("W").deal.dealer == 0  # stays until the table says
    h = lg.add("W", entries.from_notation("123m 456m 789m 11p 55p +5p", winner=2, dealer=3))
    assert h.dealer == 3 and lg.table("W").deal.dealer == 3


def test_dealer_streak_is_filled_for_rule_sets_that_read_it(tmp_path):
    """guangxi reads dealer_streak (连庄): the ledger counts the dealer's hands in a row."""
    lg = ledger(tmp_path)
    lg.new_table("G", PLAYERS, "guangxi")
    lg.add("G", entries.drawn())  # table rotation: the dealer stays, a streak of 1
    h = lg.add("G", entries.from_notation("111m 222p 333s 44z 55z *5z", winner=0))
    assert h.streak == 1
    assert any("连庄" in (f.get("name") or "") or "streak" in (f.get("why") or "")
               for f in h.result["fans"]), h.result["fans"]


def test_undo_is_as_if_the_hand_was_never_added(tmp_path):
    lg = ledger(tmp_path)
    lg.new_table("U", PLAYERS, "sichuan")
    lg.add("U", entries.from_notation("123m 456m 789m 11p 55p *5p", winner=1))
    before = lg.table("U")
    lg.add("U", entries.from_notation("1122m3344m5566m7p +7p", winner=2, discarder=0))
    undone = lg.undo("U")
    after = lg.table("U")
    assert undone.seq == 2
    assert after.totals == before.totals and after.deal == before.deal
    assert len(after.hands) == 1 and after.revision == before.revision + 2
    lg.undo("U")
    with pytest.raises(LedgerError, match="no hand to undo"):
        lg.undo("U")


def test_bad_entries_are_refused_and_nothing_is_stored(tmp_path):
    lg = ledger(tmp_path)
    lg.new_table("B", PLAYERS, "gb")
    with pytest.raises(LedgerError, match="table called B"):
        lg.new_table("B", PLAYERS, "gb")
    with pytest.raises(LedgerError, match="four players"):
        lg.new_table("C", ["Ann", "Bo", "Ann", "Di"], "gb")
    with pytest.raises(LedgerError, match="unknown|Unknown|no rule set|rule set"):
        lg.new_table("D", PLAYERS, "nosuchgame")
    with pytest.raises(LedgerError, match="only four of each tile"):
        lg.add("B", entries.from_notation("11111m 456p 789s 11z 5s +5s"))
    with pytest.raises(LedgerError, match="discarder"):
        lg.add("B", entries.from_notation("123m 456p 789s 11z 55s +5s", winner=1, discarder=1))
    with pytest.raises(LedgerError, match="Zed does not play"):
        lg.table("B").player_index("Zed")
    assert lg.table("B").hands == [] and lg.table("B").revision == 0


def _entry(rules: str, draw):
    kind, hand, winner, discarder = draw
    if kind == "draw":
        return entries.drawn()
    text = HANDS[rules][hand % len(HANDS[rules])]
    if text.split()[-1].startswith("*"):
        discarder = None
    elif discarder == winner:
        discarder = (winner + 1) % 4
    return entries.from_notation(text, winner=winner, discarder=discarder)


ENTRY = st.tuples(st.sampled_from(["hand", "hand", "hand", "draw"]), st.integers(0, 5),
                  st.integers(0, 3), st.integers(0, 3))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=st.sampled_from(sorted(HANDS)), plays=st.lists(ENTRY, min_size=1, max_size=6),
       fix=st.tuples(st.integers(0, 5), ENTRY))
def test_totals_sum_the_payments_to_zero_and_a_correction_equals_a_replay(tmp_path, rules,
                                                                          plays, fix):
    name = f"h{time.monotonic_ns()}.sqlite"
    lg = ledger(tmp_path, name)
    lg.new_table("P", PLAYERS, rules)
    for draw in plays:
        lg.add("P", _entry(rules, draw))
    view = lg.table("P")
    summed = [sum(h.net[i] for h in view.hands) for i in range(4)]
    assert view.totals == pytest.approx(summed)
    assert sum(view.totals) == pytest.approx(0)
    for h in view.hands:
        assert sum(p["amount"] for p in h.payments) == pytest.approx(
            sum(p["amount"] for p in h.result["payments"]) if h.kind == "hand" else 0)
    # correcting hand k gives what adding the corrected sequence from scratch gives
    k = fix[0] % len(plays) + 1
    corrected = lg.correct("P", k, _entry(rules, fix[1]))
    replay = ledger(tmp_path, "r" + name)
    replay.new_table("P", PLAYERS, rules)
    for i, draw in enumerate(plays, 1):
        replay.add("P", _entry(rules, fix[1] if i == k else draw))
    again = replay.table("P")
    assert corrected.totals == pytest.approx(again.totals)
    assert [(h.dealer, h.winners, h.payments) for h in corrected.hands] == \
        [(h.dealer, h.winners, h.payments) for h in again.hands]


def test_the_schema_of_the_migrations_is_the_schema_of_the_code(tmp_path):
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from mjlens.ledger.schema import metadata

    lg = ledger(tmp_path)
    with lg.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


_ADDER = textwrap.dedent("""
    import sys
    from mjlens.ledger import entries
    from mjlens.ledger.store import Ledger
    lg = Ledger(sys.argv[1])
    for i in range(int(sys.argv[2])):
        lg.add("C", entries.from_notation("123m 456m 789m 11p 55p *5p", winner=int(sys.argv[3])))
""")


def _env():
    return dict(os.environ, PYTHONPATH=str(ROOT))


def test_two_processes_adding_at_once_lose_nothing(tmp_path):
    url = f"sqlite:///{tmp_path / 'c.sqlite'}"
    Ledger(url).new_table("C", PLAYERS, "sichuan")
    procs = [subprocess.Popen([sys.executable, "-c", _ADDER, url, "8", str(winner)], env=_env(),
                              stderr=subprocess.PIPE, text=True) for winner in (0, 1)]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    view = Ledger(url).table("C")
    assert [h.seq for h in view.hands] == list(range(1, 17))
    assert view.revision == 16
    assert sum(view.totals) == pytest.approx(0)
    assert [len([h for h in view.hands if h.winners == [w]]) for w in range(4)] == [8, 8, 0, 0]
    assert view.totals[0] == view.totals[1] > 0 > view.totals[2]


_KILLED = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from mjlens.ledger import entries, store
    real = store._bump
    def stuck(conn, table_id):  # the hand row is written, the transaction not yet committed
        real(conn, table_id)
        Path(sys.argv[2]).write_text("in the write")
        time.sleep(600)
    store._bump = stuck
    store.Ledger(sys.argv[1]).add("K", entries.from_notation("123m 456m 789m 11p 55p *5p"))
""")


def test_a_process_killed_mid_write_leaves_the_ledger_as_it_was(tmp_path):
    url = f"sqlite:///{tmp_path / 'k.sqlite'}"
    lg = Ledger(url)
    lg.new_table("K", PLAYERS, "sichuan")
    lg.add("K", entries.from_notation("1122m3344m5566m7p +7p", winner=1, discarder=0))
    before = lg.table("K")
    marker = tmp_path / "marker"
    proc = subprocess.Popen([sys.executable, "-c", _KILLED, url, str(marker)], env=_env())
    deadline = time.monotonic() + 120
    while not marker.exists():
        assert proc.poll() is None and time.monotonic() < deadline, "the writer never got there"
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    after = Ledger(url).table("K")
    assert len(after.hands) == 1 and after.totals == before.totals
    assert after.revision == before.revision
    Ledger(url).add("K", entries.drawn())  # and the ledger takes the next write
    assert len(Ledger(url).table("K").hands) == 2
