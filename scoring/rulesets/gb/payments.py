"""Competition settlement (国标比赛计分): the winner takes base + total from whoever pays the fan.

Win on a discard: the discarder pays base + total, the other two pay the base.
Self-drawn: each of the other three pays base + total.
"""

from __future__ import annotations

from scoring.hand import WINDS, Hand, HandError
from scoring.ruleset import Payment


def player_before(seat: str) -> str:
    """The player on `seat`'s left, who plays just before them (E -> S -> W -> N -> E)."""
    return WINDS[(WINDS.index(seat) - 1) % 4]


def discarder_of(hand: Hand) -> tuple[str | None, bool]:
    """(discarder, whether it was assumed). Checks the optional `discarder` field."""
    ctx = hand.context
    given = ctx.extra.get("discarder")
    if given is None:
        return (None, False) if ctx.self_drawn else (player_before(ctx.seat_wind), True)
    if given not in WINDS:
        raise HandError(f"discarder must be a seat wind E, S, W or N, not {given!r}.")
    if ctx.self_drawn:
        raise HandError("A self-drawn win has no discarder: remove 'discarder' or the self-drawn mark.")
    if given == ctx.seat_wind:
        raise HandError(f"The winner ({given}) cannot also be the player who discarded the winning tile.")
    return given, False


_PAYMENTS: dict[tuple, Payment] = {}


def _payment(payer: str, payee: str, amount: int, reason: str) -> Payment:
    """Payments are immutable: share one object per distinct (payer, payee, amount, reason)."""
    key = (payer, payee, amount, reason)
    obj = _PAYMENTS.get(key)
    if obj is None:
        if len(_PAYMENTS) > 1 << 14:
            _PAYMENTS.clear()
        obj = _PAYMENTS[key] = Payment(payer, payee, amount, reason)
    return obj


_SETTLEMENTS: dict[tuple, tuple[Payment, ...]] = {}


def clear_shared() -> None:
    _PAYMENTS.clear()
    _SETTLEMENTS.clear()


def settle(hand: Hand, total: int, base: int,
           discarder: tuple[str | None, bool] | None = None) -> list[Payment]:
    """Who pays the winner what. `discarder`: discarder_of(hand), if already known.

    The payments depend only on the winner's seat, the discarder, robbing a kong, the total
    and the base, so each distinct settlement is made once and shared (Payments are immutable;
    the list is new every time)."""
    ctx = hand.context
    if discarder is None:
        discarder = discarder_of(hand)
    key = (ctx.seat_wind, discarder, ctx.robbing_kong, total, base)
    got = _SETTLEMENTS.get(key)
    if got is None:
        if len(_SETTLEMENTS) > 1 << 14:
            _SETTLEMENTS.clear()
        got = _SETTLEMENTS[key] = tuple(_settle(ctx.seat_wind, *discarder, ctx.robbing_kong, total, base))
    return list(got)


def _settle(winner: str, discarder: str | None, assumed: bool, robbing: bool, total: int,
            base: int) -> list[Payment]:
    out = []
    if discarder is None:
        reason = f"self-drawn win: base {base} + {total} fan"
        for seat in WINDS:
            if seat != winner:
                out.append(_payment(seat, winner, base + total, reason))
        return out
    what = "robbed kong" if robbing else "winning discard"
    reason = f"gave the {what}: base {base} + {total} fan"
    if assumed:
        reason += " (discarder not given: assumed the player on the winner's left, who plays just before)"
    others = f"base {base} (every other player pays the base)"
    for seat in WINDS:
        if seat == winner:
            continue
        if seat == discarder:
            out.append(_payment(seat, winner, base + total, reason))
        else:
            out.append(_payment(seat, winner, base, others))
    return out
