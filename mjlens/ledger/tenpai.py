"""Tenpai (听牌, ready) at a drawn hand at a riichi table (game.Rotation `tenpai`): who was ready
decides whether the dealer keeps the deal (game.dealer_keeps), and the noten payments (不听罚符,
EMA Riichi Competition Rules 2016 and common Japanese rules): 3,000 points pass from the players
who were not tenpai to those who were, split evenly on both sides. One tenpai: 1,000 from each
of the three others; two: 1,500 from each noten player, 750 to each tenpai one; three: 3,000
from the noten one, 1,000 to each; nobody or all four: nothing.

The payments are written as the engine writes a hand's (seat winds, a message per row), so the
ledger turns them into players and names the players in their reasons as it does for a win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mjlens.ledger.words import LedgerError
from scoring.hand import WINDS
from scoring.messages import Catalog, Seat
from scoring.ruleset import Payment

POOL = 3000  # what the noten players pay the tenpai ones in all

M = Catalog("ledger_tenpai", {
    "pays_1": ("noten payment (不听罚符): {tenpai} alone was tenpai (ready) at the drawn hand and "
               "takes 3,000 in all, 1,000 from each noten player",
               "不听罚符：流局时只有{tenpai}听牌，共收 3000 点，每位未听牌者付 1000 点"),
    "pays_2": ("noten payment (不听罚符): {tenpai} were tenpai (ready) at the drawn hand; each noten "
               "player pays 1,500, 750 to each of them",
               "不听罚符：流局时{tenpai}听牌；每位未听牌者付 1500 点，给每位听牌者各 750 点"),
    "pays_3": ("noten payment (不听罚符): {noten} alone was not tenpai (ready) at the drawn hand and "
               "pays 3,000, 1,000 to each tenpai player",
               "不听罚符：流局时只有{noten}未听牌，付 3000 点，给每位听牌者各 1000 点"),
    "both": ("{first} and {last}", "{first}、{last}"),
    "not_here": ("This table's rules pay nothing for being tenpai at a drawn hand: leave out who "
                 "was tenpai.",
                 "本桌规则流局时不计听牌：请不要填写听牌者。"),
    "not_drawn": ("Who was tenpai is recorded for a drawn hand only.",
                  "只有流局才记录听牌者。"),
    "declarer_noten": ("{names} declared riichi, and riichi is declared on a ready hand, but "
                       "the drawn hand's tenpai players leave them out: add them (a riichi that "
                       "was not ready is a foul this ledger does not score).",
                       "{names} 立直了，立直必须是听牌的手牌，却不在流局时的听牌者里：请把他们加上"
                       "（立直却未听牌是犯规，本账目不计）。"),
})


def asks(rules: str) -> bool:
    """Whether a table playing `rules` records who was tenpai at a drawn hand."""
    from mjlens.ledger.game import rotation_of

    return rotation_of(rules).kind == "tenpai"


def check(rules: str, kind: str, tenpai: Sequence[int] | None) -> list[int] | None:
    """The tenpai players of an entry, in turn order; refused off a drawn hand or where the
    rule set does not ask."""
    if tenpai is None:
        return None
    if kind != "draw":
        raise LedgerError(M("not_drawn"))
    if not asks(rules):
        raise LedgerError(M("not_here"))
    return sorted(set(tenpai))


def check_declarers(tenpai: Sequence[int] | None, riichi: Sequence[int] | None,
                    players: Sequence[str]) -> None:
    """A player who declared riichi was tenpai: riichi is declared on a waiting hand (EMA Riichi
    Competition Rules 2016, 3.3.14: "A player with a concealed waiting hand can declare riichi"),
    so a declarer left out of the tenpai players of a drawn hand is refused (the noten payments
    would charge them)."""
    if tenpai is None or not riichi:
        return
    missing = [p for p in sorted(set(riichi)) if p not in tenpai]
    if missing:
        raise LedgerError(M("declarer_noten", names=[players[p] for p in missing]))


def _seats(winds: Iterable[str]):
    seats = [Seat(w) for w in winds]
    return seats[0] if len(seats) == 1 else M("both", first=seats[:-1], last=seats[-1])


def payments(tenpai: Sequence[str]) -> list[Payment]:
    """The noten payments of a drawn hand, `tenpai` the seat winds that were ready: each noten
    seat pays each tenpai seat its share of 3,000; none when nobody or everybody was tenpai."""
    ready = [w for w in WINDS if w in tenpai]
    noten = [w for w in WINDS if w not in tenpai]
    if not ready or not noten:
        return []
    each = POOL // (len(ready) * len(noten))
    reason = M(f"pays_{len(ready)}", tenpai=_seats(ready), noten=_seats(noten))
    return [Payment(payer, payee, each, reason) for payer in noten for payee in ready]
