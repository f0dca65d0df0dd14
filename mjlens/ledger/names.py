"""Payments' reasons with the players' names: the engine's reasons name seats ("South wins on
West's discard"), which a table has to turn into people in their heads as the seats move with
the deal. The ledger knows who sat where, so it renders each reason again with every seat
named as the player sitting there, "Bo (South) wins on Cy (West)'s discard". The engine's
messages and its result JSON stay seat-based; only the ledger's payments by player read so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.hand import WINDS
from scoring.hant import pick
from scoring.messages import SEAT_NAMES, Catalog, Msg, Seat, Text, render

M = Catalog("ledger_names", {
    "player_seat": ("{name} ({seat})", "{name}（{seat}）"),
})


@dataclass(frozen=True)
class PlayerSeat(Seat):
    """A seat with the player sitting there: `Bo (South)` / `Bo（南家）`, the seat as the
    engine's message wrote it (`shown`: a Seat, or a seat code, `Bo (S)`); the name as given."""

    name: str = ""
    shown: Any = None

    def render(self, lang: str) -> str:
        template = pick(*M.entries["player_seat"], lang)
        return template.format(name=self.name, seat=render(self.shown, lang))


def _seat_of(value: Any) -> str | None:
    """The seat wind a message parameter names: a `Seat`, or a seat code (payments.seat_code:
    `S` in English, 南家 in Chinese); else None."""
    if isinstance(value, PlayerSeat):
        return None
    if isinstance(value, Seat):
        return value.wind
    if isinstance(value, Text) and value.en in SEAT_NAMES and value.zh == SEAT_NAMES[value.en][1]:
        return value.en
    return None


def named(value: Any, seat_of: Mapping[str, str]) -> Any:
    """`value` (a message, or a parameter of one) with each seat in it naming its player
    (`seat_of`: seat wind -> player name)."""
    wind = _seat_of(value)
    if wind in seat_of:
        return PlayerSeat(wind, seat_of[wind], value)
    if isinstance(value, Msg):
        return Msg(value.key, tuple((k, named(v, seat_of)) for k, v in value.params))
    if isinstance(value, list | tuple):
        return type(value)(named(v, seat_of) for v in value)
    return value


def names_at(seats, players: Sequence[str]) -> dict[str, str]:
    """Seat wind -> the name of the player sitting there (`seats`: game.Seats of the hand)."""
    return {w: players[seats.player(w)] for w in WINDS}


def named_notes(notes: Sequence[Any], seats, players: Sequence[str]) -> dict[str, list[str]]:
    """A result's notes with each seat naming its player ("Pao (包): Cy (West) discarded ...,
    so Cy (West) pays the whole hand"), as `named_notes`, `named_notes_zh` and
    `named_notes_zh_hant`: the ledger shows these, the result's own `notes` stay seat-based.
    Notes given as plain text (one language) give none: the ledger shows the result's."""
    if not all(isinstance(n, Msg) for n in notes):
        return {}
    seat_of = names_at(seats, players)
    msgs = [named(n, seat_of) for n in notes]
    return {"named_notes": [render(m, "en") for m in msgs],
            "named_notes_zh": [render(m, "zh") for m in msgs],
            "named_notes_zh_hant": [render(m, "zh-Hant") for m in msgs]}


def name_reasons(rows: list[dict[str, Any]], payments: Sequence[Any], seats,
                 players: Sequence[str]) -> None:
    """Each row's reason (`reason`, `reason_zh`, `reason_zh_hant`) from its engine payment's
    message, the seats naming the players sitting at them (`seats`: game.Seats of the hand).
    A reason given as plain text stays as it was."""
    seat_of = names_at(seats, players)
    for row, payment in zip(rows, payments, strict=True):
        reason = getattr(payment, "reason", None)
        if isinstance(reason, Msg):
            msg = named(reason, seat_of)
            row.update(reason=render(msg, "en"), reason_zh=render(msg, "zh"),
                       reason_zh_hant=render(msg, "zh-Hant"))
