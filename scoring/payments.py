"""Who pays a win: the one place every rule set asks (self-drawn: every other player still in;
on a discard: the discarder, given by the hand's `discarder` field or, when absent, the player
before the winner, 上家, or the nearest one before them still in the round; the payment's note
says which).

Rule sets decide how much each payer owes and why; this module decides who the payers are and
checks the seats the hand names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from scoring.hand import WINDS, Hand, HandError
from scoring.messages import SEAT_NAMES, Catalog, Msg, Seat, Text, as_input
from scoring.ruleset import Payment

M = Catalog("payments", {
    "bad_seat": ("{field} must be a seat wind: E, S, W or N, not {value}.",
                 "{field} 必须是座位风：E、S、W 或 N，而不是 {value}。"),
    "self_drawn_discarder": ("A self-drawn win has no discarder: remove 'discarder' or the "
                             "self-drawn mark.",
                             "自摸和牌没有放炮者：请去掉 discarder 或自摸标记。"),
    "own_discard": ("The winner ({seat}) cannot also be the player who discarded the winning tile: "
                    "nobody wins on their own discard.",
                    "和牌者（{seat}）不能同时是打出和牌张的人：不能和自己打出的牌。"),
    "assumed_discarder": ("No discarder given: assumed the player before the winner (上家), {seat}.",
                          "未给出放炮者：按和牌者的上家{seat}计算。"),
    "assumed_discarder_in": ("No discarder given: assumed the nearest player before the winner "
                             "still in the round, {seat} (those who have won no longer discard).",
                             "未给出放炮者：按和牌者之前最近的仍在局中的玩家{seat}计算（已和牌者"
                             "不再出牌）。"),
    "winner_out": ("The winner ({seat}) must be among the players still in the round.",
                   "和牌者（{seat}）必须是仍在局中的玩家。"),
    "discarder_out": ("The discarder ({seat}) is no longer in the round (already won).",
                      "放炮者（{seat}）已不在局中（已和牌）。"),
    "nobody_pays": ("Nobody is left to pay: only the winner is still in the round.",
                    "没有人付分：局中只剩和牌者。"),
})


def seat_code(seat: str) -> Text:
    """A seat as hands and rounds spell it (`E`) in English, by name (`东家`) in Chinese: for
    ledgers whose English readers know the seats by their codes."""
    pair = SEAT_NAMES.get(seat)
    return Text(seat, pair[1]) if pair else Text(str(seat), str(seat))


def player_before(seat: str) -> str:
    """The player on `seat`'s left, who plays just before them (E -> S -> W -> N -> E)."""
    return WINDS[(WINDS.index(seat) - 1) % 4]


def player_after(seat: str) -> str:
    return WINDS[(WINDS.index(seat) + 1) % 4]


def seat_across(seat: str) -> str:
    return WINDS[(WINDS.index(seat) + 2) % 4]


def claimed_from_seat(seat: str, claimed_from: str) -> str:
    """The seat a meld was claimed from: left is the player before (上家), right the player
    after (下家), across the one opposite (对家)."""
    return {"left": player_before, "right": player_after, "across": seat_across}[claimed_from](seat)


def discarder_of(hand: Hand) -> tuple[str | None, bool]:
    """(discarder, whether it was assumed); None for a self-drawn win."""
    ctx = hand.context
    given = ctx.extra.get("discarder")
    if given is None:
        return (None, False) if ctx.self_drawn else (player_before(ctx.seat_wind), True)
    if given not in WINDS:
        raise HandError(M("bad_seat", field="discarder", value=as_input(given)))
    if ctx.self_drawn:
        raise HandError(M("self_drawn_discarder"))
    if given == ctx.seat_wind:
        raise HandError(M("own_discard", seat=Seat(given)))
    return given, False


@dataclass(frozen=True)
class Payers:
    """Who pays a win: `payers` in seat order; `discarder` None when self-drawn."""

    winner: str
    payers: tuple[str, ...]
    discarder: str | None
    assumed: bool  # the discarder was not given and is the player before the winner
    skipped: bool = False  # assumed, and players who have won sat between them and the winner

    @property
    def notes(self) -> list[Msg]:
        if not self.assumed:
            return []
        return [M("assumed_discarder_in" if self.skipped else "assumed_discarder",
                  seat=Seat(self.discarder))]


def win_payers(hand: Hand, players: Sequence[str] = WINDS, *,
               discarder_alone: bool = True) -> Payers:
    """Self-drawn: every other player in `players`; on a discard: the discarder alone, or (with
    `discarder_alone=False`, as Guobiao) every other player, the discarder first among equals."""
    winner = hand.context.seat_wind
    if winner not in players:
        raise HandError(M("winner_out", seat=Seat(winner)))
    discarder, assumed = discarder_of(hand)
    skipped = False
    if assumed:
        # players who have won are out and discard no more (血战到底): the tile came from the
        # nearest player before the winner who is still in
        while discarder not in players and discarder != winner:
            discarder, skipped = player_before(discarder), True
        if discarder == winner:
            raise HandError(M("nobody_pays"))
    if discarder is not None and discarder not in players:
        raise HandError(M("discarder_out", seat=Seat(discarder)))
    if discarder is None or not discarder_alone:
        payers = tuple(s for s in WINDS if s in players and s != winner)
    else:
        payers = (discarder,)
    if not payers:
        raise HandError(M("nobody_pays"))
    return Payers(winner, payers, discarder, assumed, skipped)


def pay_each(who: Payers, amount: Callable[[str], float] | float,
             reason: Callable[[str], Msg] | Msg) -> list[Payment]:
    """One payment from each payer to the winner (amount and reason may depend on the payer)."""
    out = []
    for seat in who.payers:
        a = amount(seat) if callable(amount) else amount
        if a:
            out.append(Payment(seat, who.winner, a, reason(seat) if callable(reason) else reason))
    return out
