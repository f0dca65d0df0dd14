"""Riichi sticks at a table (a rule set with the hand field `riichi_sticks`): a player who
declares riichi puts a 1,000-point stick on the table, and the winner of a later hand takes
every stick on it (docs/riichi.md, `riichi_sticks`); a drawn hand leaves them there.

In the ledger a stick is a payment between a player and the table: `payer` (a declarer) or
`payee` (the winner taking the sticks) is None, the table. So the players' totals and the sticks
on the table sum to zero, and the sticks on the table are what the hands put in and took out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mjlens.ledger.words import LedgerError
from scoring.messages import Catalog

STICK = 1000
FIELD = "riichi_sticks"

M = Catalog("ledger_sticks", {
    "put": ("declared riichi: a 1000-point stick on the table", "立直：放一根 1000 点的立直棒到桌上"),
    "take": ("takes the riichi sticks on the table ({n} x 1000)", "拿走桌上的 {n} 根立直棒（每根 1000 点）"),
    "mismatch": ("The hand says {given} riichi sticks on the table, but the table's hands put "
                 "{pot} there: give the riichi declarations with the hands (or leave the count "
                 "out, the table fills it).",
                 "这手牌写桌上有 {given} 根立直棒，但本桌各局放上的是 {pot} 根：请在记牌时写明谁"
                 "立直（或不写根数，由牌桌填写）。"),
    "table": ("the table", "桌上"),
})


def tracks(fields: Sequence[str]) -> bool:
    """Whether a rule set reading these hand fields plays riichi sticks."""
    return FIELD in fields


def on_table(payments_of_hands: Iterable[Sequence[Mapping[str, Any]]], before: int = 0) -> int:
    """The sticks on the table after these hands (each hand's payments by player), `before`
    sticks lying there first."""
    points = before * STICK
    for payments in payments_of_hands:
        for p in payments:
            points += p["amount"] if p["payee"] is None else 0
            points -= p["amount"] if p["payer"] is None else 0
    return round(points) // STICK


def declarers(given: Iterable[int] | None, hand: Mapping[str, Any] | None,
              winner: int | None) -> list[int]:
    """Who declared riichi this hand: the players named, and the winner whose hand says riichi
    (or double riichi)."""
    out = set(given or ())
    if hand and winner is not None and (hand.get("riichi") or hand.get("double_riichi")):
        out.add(winner)
    return sorted(out)


def winner_declared(hand: dict[str, Any], given: Iterable[int] | None,
                    winner: int | None) -> None:
    """A winner named among the declarers declared riichi, so the hand has the riichi yaku
    (`riichi`, unless it says double riichi): the stick was paid, the han was not counted."""
    if winner is not None and winner in (given or ()) and not (
            hand.get("riichi") or hand.get("double_riichi")):
        hand["riichi"] = True


def fill(hand: dict[str, Any], pot: int) -> None:
    """The hand's `riichi_sticks` from the table: `pot` sticks (this hand's declarations
    included); a hand giving another count is refused."""
    given = hand.get(FIELD)
    if given not in (None, 0, pot):
        raise LedgerError(M("mismatch", given=given, pot=pot))
    hand[FIELD] = pot


def _row(payer: int | None, payee: int | None, amount: int, reason) -> dict[str, Any]:
    return {"payer": payer, "payee": payee, "amount": amount, "reason": reason.render("en"),
            "reason_zh": reason.render("zh"), "reason_zh_hant": reason.render("zh-Hant"),
            "stick": True}


def rows(put_in: Sequence[int], taken_by: int | None, pot: int) -> list[dict[str, Any]]:
    """The sticks' payments: each declarer's stick to the table, and the winner (None: a drawn
    hand) taking `pot` sticks from it."""
    out = [_row(p, None, STICK, M("put")) for p in put_in]
    if taken_by is not None and pot:
        out.append(_row(None, taken_by, STICK * pot, M("take", n=pot)))
    return out


def name(player: int | None, players: Sequence[str], lang: str) -> str:
    """A payment's side by name: a player, or the table."""
    return M("table").render(lang) if player is None else players[player]
