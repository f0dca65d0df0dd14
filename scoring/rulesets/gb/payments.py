"""Competition settlement (国标比赛计分): the winner takes base + total from whoever pays the fan.

Win on a discard: the discarder pays base + total, the other two pay the base.
Self-drawn: each of the other three pays base + total.

Who the discarder is and who pays come from `scoring.payments` (the one place every rule set
asks); this module says how much each pays and why, and shares each distinct settlement, which
depends only on the winner's seat, the discarder, robbing a kong, the total and the base.
"""

from __future__ import annotations

from scoring.hand import WINDS, Hand
from scoring.messages import Catalog, Msg
from scoring.payments import Payers, discarder_of, pay_each
from scoring.ruleset import Payment

__all__ = ["clear_shared", "discarder_of", "settle"]

M = Catalog("gb_payments", {
    "self_drawn": ("self-drawn win: base {base} + {total} fan", "自摸：底分{base} + {total}番"),
    "discard": ("gave the winning discard: base {base} + {total} fan",
                "点炮：底分{base} + {total}番"),
    "robbed": ("gave the robbed kong: base {base} + {total} fan", "被抢杠：底分{base} + {total}番"),
    "assumed": ("{reason} (discarder not given: assumed the player on the winner's left, who "
                "plays just before)", "{reason}（未给出放炮者：按和牌者的上家计算）"),
    "base_only": ("base {base} (every other player pays the base)", "底分{base}（其他每家都付底分）"),
})

_SETTLEMENTS: dict[tuple, tuple[Payment, ...]] = {}


def clear_shared() -> None:
    _SETTLEMENTS.clear()


def settle(hand: Hand, total: int, base: int,
           discarder: tuple[str | None, bool] | None = None) -> list[Payment]:
    """Who pays the winner what. `discarder`: discarder_of(hand), if already known.

    Each distinct settlement is made once and shared (Payments are immutable; the list is new
    every time)."""
    ctx = hand.context
    if discarder is None:
        discarder = discarder_of(hand)
    key = (ctx.seat_wind, discarder, ctx.robbing_kong, total, base)
    got = _SETTLEMENTS.get(key)
    if got is None:
        if len(_SETTLEMENTS) > 1 << 14:
            _SETTLEMENTS.clear()
        got = _SETTLEMENTS[key] = tuple(_settle(ctx.seat_wind, *discarder, ctx.robbing_kong, total,
                                                base))
    return list(got)


def _settle(winner: str, discarder: str | None, assumed: bool, robbing: bool, total: int,
            base: int) -> list[Payment]:
    """Every other player pays (Guobiao: the discarder first among equals)."""
    who = Payers(winner, tuple(s for s in WINDS if s != winner), discarder, assumed)
    if discarder is None:
        return pay_each(who, base + total, M("self_drawn", base=base, total=total))
    reason: Msg = M("robbed" if robbing else "discard", base=base, total=total)
    if assumed:
        reason = M("assumed", reason=reason)
    others = M("base_only", base=base)
    return pay_each(who, lambda s: base + total if s == discarder else base,
                    lambda s: reason if s == discarder else others)
