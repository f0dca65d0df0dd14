"""Where a table's ledger counts the seat winds from (RuleSet.seats_from).

Taiwan (docs/taiwan.md, Seats): `seat:` is the seat counted from 開門, the first dealer's seat,
which does not move with the deal (ATAWMJ 風牌 "以開門為東風逆時針依序為東、南、西、北"); the dealer
may sit in any seat (hand field `dealer`), and 門風刻 and 正花 follow the seat, not the dealer.
Every other rule set here counts the seats from the dealer of each hand (the dealer is East)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjlens.ledger import entries, game
from mjlens.ledger.report import standings
from mjlens.ledger.store import Ledger
from scoring.ruleset import all_rulesets, get_ruleset

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Cy's hand at West: a claimed chow, a concealed pung of West (3z), West's own flowers 秋 (3f)
# and 竹 (8f, West's in the association's numbering), a two-sided wait on 4p / 7p.
WEST_HAND = "[123m<] 456m 789m 333z 56p 99s {win}7p 38f"
PLAIN = "[123m<] 456m 789m [555s<] 56p 99s +7p"


def ledger(tmp_path: Path) -> Ledger:
    return Ledger(f"sqlite:///{tmp_path / 'l.sqlite'}")


def moved_taiwan_table(tmp_path: Path) -> Ledger:
    """A Taiwanese table whose deal has passed from Ann to Bo: Cy won hand 1 on Di's discard,
    so Ann (the dealer) did not keep the deal (連莊 only on her own win or a drawn hand)."""
    lg = ledger(tmp_path)
    lg.new_table("T", PLAYERS, "taiwan")
    first = lg.add("T", entries.from_notation(PLAIN, winner=2, discarder=3))
    assert first.result["total"] == 0 and first.payments[0]["payer"] == 3
    assert lg.table("T").deal.dealer == 1
    return lg


def fans(result) -> dict[str, int]:
    out: dict[str, int] = {}
    for f in result["fans"]:
        out[f["name"]] = out.get(f["name"], 0) + f["fan"] * f["count"]
    return out


def test_only_taiwan_counts_seats_from_the_first_dealer():
    assert get_ruleset("taiwan").seats_from == "first_dealer"
    others = {r.seats_from for rid, r in all_rulesets().items() if rid != "taiwan"}
    assert others == {"dealer"}


def test_taiwan_seats_stay_with_the_players_when_the_deal_moves(tmp_path):
    """Bo deals (South by the fixed seats) and Cy self-draws: Cy is West, the dealer is South;
    門風刻 and 正花 are West's; only Bo pays the dealer's 莊家 台. The ledger had Cy at South
    (counted from Bo) with the dealer at East, so West's pung and flowers counted nothing."""
    lg = moved_taiwan_table(tmp_path)
    h = lg.add("T", entries.from_notation(WEST_HAND.format(win="*"), winner=2))
    assert h.dealer == 1
    assert h.result["dealer"] == "S" and h.result["dealer_tai"] == 1
    assert fans(h.result) == {"自摸": 1, "門風刻": 1, "正花": 2}
    assert {p["payer"]: p["payee"] for p in h.result["payments"]} == {"E": "W", "S": "W", "N": "W"}
    by = {(p["payer"], p["payee"]): p["amount"] for p in h.payments}
    # 底 1 + 4 台 from each; Bo, the dealer, adds the dealer's 1
    assert by == {(0, 2): 5, (1, 2): 6, (3, 2): 5}
    view = lg.table("T")
    assert view.totals == [-5, -6, 1 + 16, -1 - 5]
    assert [seat for _, seat, _ in standings(view)] == ["E", "S", "W", "N"]
    assert view.deal.dealer == 2 and view.seats.wind(2) == "W"  # Cy deals next, still West


def test_taiwan_the_dealers_tai_pass_only_between_the_dealer_and_the_winner(tmp_path):
    lg = moved_taiwan_table(tmp_path)
    h = lg.add("T", entries.from_notation(WEST_HAND.format(win="+"), winner=2, discarder=0))
    assert h.result["dealer"] == "S" and h.result["payments"][0]["payer"] == "E"
    assert [(p["payer"], p["payee"], p["amount"]) for p in h.payments] == [(0, 2, 1 + 3)]
    lg.undo("T")
    h = lg.add("T", entries.from_notation(WEST_HAND.format(win="+"), winner=2, discarder=1))
    assert h.result["payments"][0]["payer"] == "S"
    assert [(p["payer"], p["payee"], p["amount"]) for p in h.payments] == [(1, 2, 1 + 3 + 1)]
    assert lg.table("T").totals == [0, -5, 1 + 5, -1]


def test_taiwan_a_hand_without_names_is_seated_by_its_fixed_seats(tmp_path):
    """No --winner, no --from: the hand's own seat winds say who, counted from 開門."""
    lg = moved_taiwan_table(tmp_path)
    h = lg.add("T", entries.from_notation(WEST_HAND.format(win="+") + " seat:W discarder=N"))
    assert h.winners == [2] and h.entry["_discarder"] == 3
    assert [(p["payer"], p["payee"], p["amount"]) for p in h.payments] == [(3, 2, 4)]


def test_taiwan_the_dealer_keeps_the_deal_at_his_own_seat(tmp_path):
    """Bo, dealing at South, wins: he deals again (連莊), still at South, and his own streak
    counts 連莊 2 on top of 莊家 1 from every payer."""
    lg = moved_taiwan_table(tmp_path)
    lg.add("T", entries.from_notation(PLAIN.replace("+7p", "*7p"), winner=1))
    view = lg.table("T")
    assert (view.deal.dealer, view.deal.streak) == (1, 1)
    h = lg.add("T", entries.from_notation(PLAIN.replace("+7p", "*7p"), winner=1))
    assert h.result["dealer"] == "S" and h.result["payments"][0]["payee"] == "S"
    assert h.result["dealer_tai"] == 3 and fans(h.result)["連莊"] == 2
    assert {p["payer"] for p in h.payments} == {0, 2, 3}


def test_taiwan_a_round_is_settled_at_the_fixed_seats(tmp_path):
    """`--round`: the round's seats are the fixed ones and its dealer is Bo's seat, South."""
    lg = moved_taiwan_table(tmp_path)
    win = {"concealed": "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5p 6p 9s 9s".split(),
           "win_tile": "7p"}
    h = lg.add("T", entries.from_round({"events": [
        {"type": "win", "player": "W", "from": "S", "hand": win}]}))
    assert h.winners == [2] and h.entry["_discarder"] == 1
    # 門清 1 + 平胡 2, and South, the dealer who pays, adds 莊家 1
    assert [(p["payer"], p["payee"], p["amount"]) for p in h.payments] == [(1, 2, 1 + 4)]


def test_taiwan_seats_count_from_the_tables_first_dealer(tmp_path):
    """A table whose first hand Cy deals (--dealer Cy on `table new`): Cy's seat is East."""
    lg = ledger(tmp_path)
    lg.new_table("T", PLAYERS, "taiwan", dealer=2)
    assert [seat for _, seat, _ in standings(lg.table("T"))] == ["W", "N", "E", "S"]
    h = lg.add("T", entries.from_notation(WEST_HAND.format(win="*"), winner=0))
    assert h.result["dealer"] == "E" and fans(h.result)["門風刻"] == 1


def test_other_rule_sets_seat_the_dealer_at_east(tmp_path):
    """Sichuan, whose winner deals: after Bo's win Bo is East and his `dealer` field reads E;
    Ann is North. The seats turn with the deal, as before."""
    lg = ledger(tmp_path)
    lg.new_table("S", PLAYERS, "sichuan")
    lg.add("S", entries.from_notation("123m 456m 789m 11p 55p *5p", winner=1))
    view = lg.table("S")
    assert view.deal.dealer == 1
    assert [seat for _, seat, _ in standings(view)] == ["N", "E", "S", "W"]
    h = lg.add("S", entries.from_notation("123m 456m 789m 11p 55p +5p", winner=0, discarder=1))
    assert [(p["payer"], p["payee"]) for p in h.result["payments"]] == [("E", "N")]
    assert [(p["payer"], p["payee"]) for p in h.payments] == [(1, 0)]


@pytest.mark.parametrize("dealer", range(4))
def test_seats_from_the_dealer_or_the_first_dealer(dealer):
    deal = game.Deal(dealer)
    moving = game.seats_at(deal)
    fixed = game.seats_at(deal, "first_dealer", 0)
    for p in range(4):
        assert moving.wind(p) == game.wind_of(p, dealer)
        assert moving.player(moving.wind(p)) == p and fixed.player(fixed.wind(p)) == p
        assert fixed.wind(p) == "ESWN"[p]
