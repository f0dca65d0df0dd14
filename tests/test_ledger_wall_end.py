"""The end of the wall at a 血战到底 table (mjlens.ledger.blood.wall_end): the players still in
give their tiles and 查花猪 and 查叫 are paid (Chengdu Ⅵ-2, Ⅵ-5: "流局時需要查花豬，查大叫");
a hand that is over takes no more winners, and refusals name the players, not the round JSON's
events and seats."""

from __future__ import annotations

import re

import pytest

from mjlens.ledger import entries
from mjlens.ledger.store import Ledger
from mjlens.ledger.words import LedgerError
from scoring.notation import parse_hand

# Bo's self-drawn 清对 (5 fan with 自摸, capped at 8x): 8 from each of the others
BO = "2224445557779m *9m"
ANN = "111p 222p 333p 55s 68s"  # ready on 7s: 平胡, 1 fan
CY = "123m 456p 789s 66m 99s"  # three suits: a flower pig (花猪)
DI = "567p 567p 89p 1s 3s 5s 7s 9s"  # two suits, not ready


def tiles(text: str) -> dict:
    return parse_hand(text).to_json()


@pytest.fixture
def ledger(tmp_path):
    led = Ledger(f"sqlite:///{tmp_path / 'ledger.sqlite'}")
    led.new_table("S", ["Ann", "Bo", "Cy", "Di"], "sichuan")
    return led


def test_the_wall_runs_out_on_a_hand_with_a_winner_and_the_pig_and_the_not_ready_pay(ledger):
    """Worked by hand: Bo won and is out. Cy holds three suits, so pays 8 bases (flower_pig) to
    each player still in who is no pig, Ann and Di; Di is not ready, so pays ready Ann the most
    her hand could win on a discard, 平胡 1 fan = 1. It stays one hand; Bo, who won, deals next."""
    ledger.add("S", entries.from_notation(BO, winner=1))
    hand = ledger.end_wall("S", {0: tiles(ANN), 2: tiles(CY), 3: tiles(DI)}, join=True)
    view = ledger.table("S")
    assert len(view.hands) == 1 and hand.winners == [1]
    end = [(p["payer"], p["payee"], p["amount"]) for p in hand.payments[3:]]
    assert end == [(2, 0, 8), (2, 3, 8), (3, 0, 1)]
    assert view.totals == [1, 24, -24, -1] and sum(view.totals) == 0
    assert view.deal.dealer == 1
    reasons = [p["reason"] for p in hand.payments[3:]]
    assert reasons[0].startswith("查花猪: Cy (W) still holds three suits")
    assert reasons[2].startswith("查叫: Di (N) is not ready; Ann (E) is ready for 1 fan")


def test_a_new_hand_nobody_won_ends_at_the_wall_with_every_players_tiles(ledger):
    hand = ledger.end_wall("S", {0: tiles(ANN), 1: tiles("1112223334445m"), 2: tiles(CY),
                                 3: tiles(DI)}, join=False)
    assert hand.kind == "round" and hand.winners == []
    # Cy the pig pays the three others 8; Di, not ready, pays each ready player its best
    assert ledger.table("S").totals[2] == -24 and sum(ledger.table("S").totals) == 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tiles_missing_at_the_end_of_the_wall_are_asked_for_by_name(ledger, lang):
    ledger.add("S", entries.from_notation(BO, winner=1))
    with pytest.raises(LedgerError) as err:
        ledger.end_wall("S", {0: tiles(ANN)}, join=True)
    text = err.value.msg.render(lang)
    assert "Cy" in text and "Di" in text and "Bo" not in text and "hands" not in text
    assert len(ledger.table("S").hands[0].payments) == 3  # nothing stored


def test_a_hand_that_is_over_or_a_winner_who_is_out_takes_no_more_wins(ledger):
    """They were refused in the round JSON's words: "Event 4: the round is already over",
    "Event 2: S already won at event 1"."""
    ledger.add("S", entries.from_notation(BO, winner=1))
    with pytest.raises(LedgerError, match="Bo has already won in hand 1"):
        ledger.add_winner("S", entries.from_notation("111222333p 4477p *7p", winner=1))
    with pytest.raises(LedgerError, match="Bo has already won in hand 1"):
        ledger.add_winner("S", entries.from_notation("111222333p 4477p +7p", winner=2,
                                                     discarder=1))
    ledger.end_wall("S", {0: tiles(ANN), 2: tiles(CY), 3: tiles(DI)}, join=True)
    with pytest.raises(LedgerError, match="Hand 1 is over") as err:
        ledger.add_winner("S", entries.from_notation("111222333p 4477p *7p", winner=2))
    assert "Event" not in str(err.value)


def test_a_refusal_of_the_round_names_the_player(ledger):
    ledger.add("S", entries.from_notation(BO, winner=1))
    with pytest.raises(LedgerError) as err:
        ledger.end_wall("S", {0: tiles(ANN), 2: tiles(CY), 3: tiles("567p 567p 89p 1s 3s 5s 7s")},
                        join=True)
    assert "Di (N)'s final hand" in err.value.msg.render("en")
    assert "Di（北家）" in err.value.msg.render("zh")


def test_a_hand_going_on_says_so_in_the_players_words(ledger):
    """The note spoke of the round JSON's `wall_end`, in the Chinese text too."""
    ledger.add("S", entries.from_notation(BO, winner=1))
    hand = ledger.add_winner("S", entries.from_notation("111222333p 4477p +7p", winner=2,
                                                        discarder=3))
    assert hand.result["named_notes"][0].startswith("Settled so far")
    zh = hand.result["named_notes_zh"][0]
    assert "查叫" in zh and not re.search("[A-Za-z]", zh), zh


def test_a_discard_won_by_two_is_corrected_for_both_winners(ledger):
    """一炮多响: Di's 9m won for Ann and Cy; it was Bo's. Corrected from Cy's win, the one
    discard keeps one discarder: Bo pays both, and Bo deals next (the Chengdu rule)."""
    from mjlens.ledger.blood import corrected

    ledger.add("S", entries.from_notation("2224445557779m +9m", winner=0, discarder=3))
    ledger.add_winner("S", entries.from_notation("111222333p 78m 77p +9m", winner=2,
                                                 discarder=3))
    view = ledger.table("S")
    fixed = corrected(view, view.hands[0], 1,
                      entries.from_notation("111222333p 78m 77p +9m", winner=2, discarder=1))
    view = ledger.correct("S", 1, fixed)
    assert view.totals == [8, -9, 1, 0] and view.deal.dealer == 1
    with pytest.raises(LedgerError, match="several on one discard"):
        corrected(view, view.hands[0], 1,
                  entries.from_notation("111222333p 78m 77p *9m", winner=2))


def test_a_correction_that_moves_the_deal_keeps_each_win_of_a_later_round_with_its_player(ledger):
    """Hand 1 was Di's, not Bo's: the correction moves hand 2's deal from Bo to Di, and with it
    who sits at each seat wind. Hand 2's round (Cy's self-drawn win, Ann's on Di's discard) is
    written in seat winds, so it was read at the new seats: Ann won Cy's hand and Cy won on
    Bo's discard. Each win stays with its player; the round then goes on at the new seats."""
    from mjlens.ledger.blood import hand_seats, win_of

    ledger.add("S", entries.from_notation(BO, winner=1))
    ledger.add("S", entries.from_notation("111222333p 4477p *7p", winner=2))
    ledger.add_winner("S", entries.from_notation("123456789s 55s 88p +8p", winner=0, discarder=3))
    view = ledger.correct("S", 1, entries.from_notation(BO, winner=3))
    hand = view.hands[1]
    assert hand.dealer == 3 and hand.winners == [2, 0]
    assert [(p["payer"], p["payee"], p["amount"]) for p in hand.payments] == \
        [(3, 2, 8), (0, 2, 8), (1, 2, 8), (3, 0, 1)]
    seats = hand_seats(view, hand)
    assert seats.player(win_of(view, hand, 1)[2]) == 3  # Ann's win: on Di's discard
    # going on after the correction: Bo wins on Di's discard, at hand 2's seats now
    hand = ledger.add_winner("S", entries.from_notation("2224445557779m +9m", winner=1,
                                                        discarder=3))
    assert hand.winners == [2, 0, 1]
    assert hand.payments[-1]["payer"] == 3 and hand.payments[-1]["payee"] == 1
    view = ledger.table("S")
    assert ledger.undo_step("S", 2, view.revision).winners == [2, 0]


def test_a_hand_whose_seat_named_its_winner_keeps_its_players_when_the_deal_moves(ledger):
    """`table add --hand "... seat:W discarder=N"` names the winner and the discarder by their
    seats at that deal. A correction of an earlier hand that moved the deal scored it again at
    the new seats: Di's win on Ann's discard became Bo's on Cy's."""
    ledger.add("S", entries.from_notation(BO + " seat:S"))
    hand = ledger.add("S", entries.from_notation("111222333p 4477p +7p seat:W discarder=N"))
    assert (hand.winners, hand.payments[0]["payer"]) == ([3], 0)
    view = ledger.correct("S", 1, entries.from_notation(BO, winner=3))
    assert view.hands[1].dealer == 3
    assert (view.hands[1].winners, view.hands[1].payments[0]["payer"]) == ([3], 0)


def test_a_win_on_the_discard_right_after_a_kong_takes_its_rain_money(ledger):
    """杠上炮: Cy's 直杠 of 7p on Di's discard (Di pays 2), then Cy's next discard wins for Ann
    (`discard_after_kong=true`). The hand counted the fan alone; the round hands the kong's
    rain money to the winner too (docs/sichuan.md, kong_discard=transfer): Cy pays Ann 2 + 2."""
    ledger.add_kong("S", {"player": 2, "kind": "exposed", "tile": "7p", "from": 3}, join=False)
    hand = ledger.add_winner("S", entries.from_notation(
        "123456789s 55s 88p +8p discard_after_kong=true", winner=0, discarder=2))
    assert ledger.table("S").totals == [4, 0, -2, -2]
    assert hand.payments[-1]["reason"].startswith("杠上炮: Cy (W)'s rain money for the kong")
    # corrected without a hand typed, the win keeps its 杠上炮
    from mjlens.ledger.blood import corrected, win_of

    view = ledger.table("S")
    kept = win_of(view, view.hands[0], 0)[0]
    fixed = corrected(view, view.hands[0], 0, entries.from_json(kept, winner=0, discarder=2))
    assert ledger.correct("S", 1, fixed).totals == [4, 0, -2, -2]
