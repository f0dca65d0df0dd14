"""The deal at a riichi table (EMA 2016, common rules): the dealer keeps it on a win or when
tenpai at a drawn hand, else it passes to the next player, and four passes move the prevailing
wind on; a drawn hand records who was tenpai and the noten players pay the tenpai ones 3,000
(mjlens/ledger/tenpai.py). The ledger kept the first dealer for the whole game."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
import sqlalchemy as sa

from mjlens.ledger import entries, game, tenpai
from mjlens.ledger.report import hand_lines, table_json
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError

ROOT = Path(__file__).resolve().parents[1]
RON = "234m 456p 3455s 678s +5s"  # tanyao, won on a discard
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def _table(tmp_path: Path, rules: str = "riichi") -> Ledger:
    led = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    led.new_table("T", PLAYERS, rules)
    return led


def test_the_deal_passes_on_a_non_dealers_win_and_stays_on_the_dealers(tmp_path):
    led = _table(tmp_path)
    led.add("T", entries.from_notation(RON, winner=1, discarder=2))
    assert led.table("T").deal.dealer == 1  # Bo deals: the deal passed
    hand = led.add("T", entries.from_notation(RON, winner=1, discarder=3))
    assert hand.dealer == 1 and hand.result["dealer"] is True  # Bo sits East, scored as dealer
    view = led.table("T")
    assert view.deal.dealer == 1 and view.deal.streak == 1  # renchan
    assert view.rotation.kind == "tenpai" and "tenpai" in view.rotation.rule.render("en")
    assert "EMA" in view.rotation.source.render("en")


@pytest.mark.parametrize(("ready", "dealer"), [([0], 0), ([0, 2], 0), ([1], 1), ([], 1)])
def test_a_drawn_hand_keeps_the_dealer_only_if_tenpai(tmp_path, ready, dealer):
    led = _table(tmp_path)
    led.add("T", entries.drawn(tenpai=ready))
    view = led.table("T")
    assert view.deal.dealer == dealer and view.honba == 1  # a draw adds a honba either way


@pytest.mark.parametrize(("ready", "nets"), [
    ([1], [-1000, 3000, -1000, -1000]),
    ([1, 3], [-1500, 1500, -1500, 1500]),
    ([0, 1, 2], [1000, 1000, 1000, -3000]),
    ([], [0, 0, 0, 0]),
    ([0, 1, 2, 3], [0, 0, 0, 0]),
])
def test_the_noten_players_pay_the_tenpai_ones_3000(tmp_path, ready, nets):
    led = _table(tmp_path)
    hand = led.add("T", entries.drawn(tenpai=ready))
    assert hand.net == nets and sum(hand.net) == 0
    assert led.table("T").totals == nets


def test_the_noten_payments_say_why_with_the_players_names(tmp_path):
    led = _table(tmp_path)
    led.add("T", entries.drawn(tenpai=[1]))
    view = led.table("T")
    en, zh = hand_lines(view, view.hands[0], "en"), hand_lines(view, view.hands[0], "zh")
    assert en[0] == "1. drawn hand: Bo tenpai (ready)  (dealer Ann, East round, 0 honba)"
    assert zh[0] == "1. 流局：Bo 听牌（庄家 Ann，东风圈，0 本场）"
    assert "     Cy pays Bo 1000: noten payment (不听罚符): Bo (South) alone was tenpai (ready) " \
           "at the drawn hand and takes 3,000 in all, 1,000 from each noten player" in en
    assert any(line.startswith("     Cy 付给 Bo 1000：不听罚符：流局时只有Bo（南家）听牌")
               for line in zh)
    assert hand_lines(view, view.hands[0], "zh-Hant")[1].startswith("     Ann 付給 Bo 1000：不聽罰符")
    two = led.add("T", entries.drawn(tenpai=[0, 2], riichi=[2]))  # Bo deals now: Cy is South
    view = led.table("T")
    lines = hand_lines(view, two, "en")
    assert lines[0].startswith("2. drawn hand: Ann and Cy tenpai (ready); Cy's riichi stick stays")
    assert "Cy (South) and Ann (North) were tenpai (ready)" in lines[1]
    assert hand_lines(view, led.add("T", entries.drawn(tenpai=[])), "en")[0].startswith(
        "3. drawn hand: nobody tenpai (ready), nobody pays")
    assert table_json(view)["hands"][1]["entry"]["tenpai"] == [0, 2]
    assert two.result["tenpai"] == ["N", "S"]  # the engine's seats: Ann sits North, Cy South


def test_four_passes_move_the_prevailing_wind_to_south(tmp_path):
    led = _table(tmp_path)
    for winner in (1, 2, 3):  # each non-dealer win passes the deal
        led.add("T", entries.from_notation(RON, winner=winner, discarder=(winner + 1) % 4))
    led.add("T", entries.drawn(tenpai=[0]))  # Di deals and is noten: the fourth pass
    view = led.table("T")
    assert (view.deal.dealer, view.deal.round_wind) == (0, "S")
    hand = led.add("T", entries.from_notation(RON, winner=2, discarder=1))
    assert hand.round_wind == "S" and hand.dealer == 0


def test_a_dealer_the_table_names_still_overrides(tmp_path):
    led = _table(tmp_path)
    led.add("T", entries.from_notation(RON, winner=1, discarder=2))
    hand = led.add("T", entries.from_notation(RON, winner=3, discarder=2, dealer=2))
    assert hand.dealer == 2


def test_a_correction_moves_the_later_deals(tmp_path):
    led = _table(tmp_path)
    led.add("T", entries.drawn(tenpai=[0]))  # Ann keeps the deal
    led.add("T", entries.from_notation(RON, winner=2, discarder=3))
    view = led.correct("T", 1, entries.drawn(tenpai=[1]))  # Ann was noten after all
    assert [h.dealer for h in view.hands] == [0, 1] and view.deal.dealer == 2
    assert view.totals[1] > 0


def test_tenpai_is_refused_off_a_drawn_hand_and_off_riichi(tmp_path):
    led = _table(tmp_path)
    with pytest.raises(LedgerError) as exc:
        led.add("T", entries.from_notation(RON, winner=1, discarder=2, tenpai=[1]))
    assert "drawn hand only" in str(exc.value)
    gb = Ledger(led.url)
    gb.new_table("G", PLAYERS, "gb")
    with pytest.raises(LedgerError) as exc:
        gb.add("G", entries.drawn(tenpai=[1]))
    assert "pay nothing for being tenpai" in str(exc.value)
    assert not tenpai.asks("gb") and tenpai.asks("riichi")
    assert led.table("T").hands == [] and gb.table("G").hands == []


def test_the_noten_split_is_3000_whatever_the_count():
    for ready in (["E"], ["E", "S"], ["E", "S", "W"]):
        rows = tenpai.payments(ready)
        assert sum(p.amount for p in rows) == 3000
        assert {p.payee for p in rows} == set(ready)
    assert tenpai.payments([]) == [] and tenpai.payments(list("ESWN")) == []


def test_an_unsaid_tenpai_keeps_the_dealer_as_before():
    deal = game.Deal(2)
    assert game.dealer_keeps(deal, [], None)
    assert not game.dealer_keeps(deal, [], [1])
    assert game.dealer_keeps(deal, [2], None) and not game.dealer_keeps(deal, [1], None)


def _cli(db: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlens.cli", "table", *args, "--db", db],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_table_add_draw_asks_who_was_tenpai_at_a_riichi_table(tmp_path):
    db = f"sqlite:///{tmp_path / 'l.sqlite'}"
    assert _cli(db, "new", "T", "--players", ",".join(PLAYERS), "--rules", "riichi").returncode == 0
    r = _cli(db, "add", "T", "--draw")
    assert r.returncode == 2 and "--tenpai" in r.stderr, r.stderr
    r = _cli(db, "add", "T", "--draw", "--lang", "zh")
    assert r.returncode == 2 and "要写明谁听牌" in r.stderr, r.stderr
    r = _cli(db, "add", "T", "--draw", "--tenpai", "Bo")
    assert r.returncode == 0, r.stderr
    assert "drawn hand: Bo tenpai (ready)" in r.stdout and "Next hand: Bo deals" in r.stdout
    assert _cli(db, "add", "T", "--draw", "--tenpai", "-").returncode == 0  # nobody: Cy deals
    shown = json.loads(_cli(db, "show", "T", "--json").stdout)
    assert shown["next_dealer"] == "Cy" and shown["honba"] == 2
    assert [p["total"] for p in shown["players"]] == [-1000, 3000, -1000, -1000]
    r = _cli(db, "add", "T", "--hand", RON, "--winner", "Bo", "--from", "Cy", "--tenpai", "Bo")
    assert r.returncode == 2 and "drawn hand only" in r.stderr


def _old_ledger(path: Path) -> str:
    """A ledger at revision 0002 with a riichi table: Ann dealt three hands, the table naming
    no other dealer (Bo won the first; then a drawn hand; Cy won the third)."""
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{path}"
    cfg = Config()
    cfg.set_main_option("script_location", str(ROOT / "mjlens" / "ledger" / "migrations"))
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "0002")
        conn.execute(sa.text(
            "INSERT INTO game_table (id, name, code, rules, options, players, first_dealer, "
            "first_round_wind, revision, created) VALUES (1, 'Old', 'OLDOLD', 'riichi', '{}', "
            "'[\"Ann\", \"Bo\", \"Cy\", \"Di\"]', 0, 'E', 3, :now)"), {"now": datetime.now(UTC)})
    engine.dispose()
    led = Ledger.__new__(Ledger)  # the hands as the old ledger scored them: Ann dealt them all
    led.url, led.engine = url, sa.create_engine(url)
    from mjlens.ledger.store import _scored

    view = led.table("Old")
    kept = game.Deal(0, "E")
    rows = [_scored(view, entries.from_notation(RON, winner=1, discarder=2), kept, 1),
            _scored(view, entries.drawn(), game.Deal(0, "E", 1, 0, 0), 2),
            _scored(view, entries.from_notation(RON, winner=2, discarder=3),
                    game.Deal(0, "E", 2, 0, 1), 3)]
    from mjlens.ledger.schema import hand_record

    with led.engine.begin() as conn:
        for row in rows:
            conn.execute(sa.insert(hand_record).values(table_id=1, **row))
    led.engine.dispose()
    return url


def test_an_old_riichi_ledger_opens_and_its_hands_keep_their_dealer_when_corrected(tmp_path):
    led = Ledger(_old_ledger(tmp_path / "old.sqlite"))  # migrates to 0003
    view = led.table("Old")
    assert [h.dealer for h in view.hands] == [0, 0, 0]
    assert [h.entry["dealer"] for h in view.hands] == [0, 0, 0]  # pinned as played
    assert view.deal.dealer == 1  # Cy's win passes Ann's deal on, as the rules say now
    before = [h.payments for h in view.hands[1:]]
    view = led.correct("Old", 1, entries.from_notation(RON, winner=3, discarder=2))
    assert [h.dealer for h in view.hands] == [0, 0, 0]  # not moved by the correction
    assert [h.round_wind for h in view.hands] == ["E", "E", "E"]
    assert [h.payments for h in view.hands[1:]] == before


@pytest.mark.parametrize("length, ended", [(None, [8]), ("tonpuu", [4, 8]), ("full", [])])
def test_a_hanchan_ends_after_south_4_unless_the_table_plays_another_length(tmp_path, length,
                                                                           ended):
    """Riichi's game is a hanchan (半荘: East and South rounds) unless the table's option
    game_length says tonpuusen (East round) or a full game (four rounds); eight drawn hands
    with nobody tenpai pass the deal eight times."""
    from mjlens.ledger.report import game_over
    from scoring.messages import render

    lg = Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")
    lg.new_table("T", ["Ann", "Bo", "Cy", "Di"], "riichi",
                 options={"game_length": length} if length else None)
    for _ in range(8):
        lg.add("T", entries.drawn(tenpai=[]))
    view = lg.table("T")
    assert view.games_ended == ended and view.deal.round_wind == "W"
    if length is None:
        assert render(game_over(view), "zh").startswith("这一场（半庄：东、南两圈）在第 8 局后打完")


def test_a_riichi_declarer_left_out_of_the_tenpai_players_is_refused(tmp_path):
    """Riichi is declared on a waiting hand (EMA 2016, 3.3.14), but a drawn hand whose tenpai
    players left out a declarer charged that declarer the noten payment; it is refused, naming
    the player, in both languages. Without a word on tenpai the hand is recorded as before."""
    led = _table(tmp_path)
    with pytest.raises(LedgerError) as exc:
        led.add("T", entries.drawn(tenpai=[0], riichi=[1]))
    assert "Bo declared riichi" in str(exc.value)
    assert "Bo 立直了" in exc.value.msg.render("zh")
    assert led.table("T").hands == []
    led.add("T", entries.drawn(tenpai=[0, 1], riichi=[1]))
    led.add("T", entries.drawn(riichi=[2]))
    assert len(led.table("T").hands) == 2
