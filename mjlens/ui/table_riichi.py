"""Riichi sticks at the app's table (mjlens/ledger/sticks.py): under a rule set that keeps them,
the Table page's "Add a hand" form, its drawn-hand button and the scoring page's "Add to table"
box ask who declared riichi this hand, as the CLI's `table add --riichi "Bo,Cy"` does; each
declarer puts a 1,000-point stick on the table and the winner takes every stick there. The
winner's own riichi is read from the hand (riichi=true), as the ledger reads it, so a winner
ticked here whose hand does not say riichi is refused: the hand would miss riichi's han.
The standings say how many sticks lie on the table, and the next hand's honba (本场).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from mjlens.ledger import sticks
from mjlens.ledger.store import Entry, TableView
from mjlens.ledger.words import LedgerError
from scoring.messages import Catalog

M = Catalog("app_table_riichi", {
    "declared": ("Declared riichi this hand", "本局立直者"),
    "declared_help": ("Each player ticked puts a 1,000-point stick on the table; the winner of "
                      "this or a later hand takes every stick there. The winner's own riichi is "
                      "read from the hand.",
                      "勾选的每位玩家放一根 1000 点的立直棒到桌上；本局或之后的和牌者拿走桌上所有"
                      "立直棒。和牌者自己的立直按这手牌是否立直计算。"),
    "winner_unsaid": ("{name} won and is ticked as declaring riichi, but the hand does not say "
                      "riichi: mark the hand riichi (riichi=true) so its han count, or untick "
                      "{name}.",
                      "{name} 和牌并被勾选为立直，但这手牌没有标明立直：请把这手牌标为立直（这样"
                      "立直的番才会计入），或取消勾选 {name}。"),
})


def tracks(view: TableView) -> bool:
    """Whether the table's rule set keeps riichi sticks."""
    from scoring.ruleset import get_ruleset

    return sticks.tracks(get_ruleset(view.rules).field_names)


def declared_input(view: TableView, prefix: str, lang: str, seated: Callable[[int], str]) -> None:
    """The players who declared riichi this hand (a riichi table only)."""
    if tracks(view):
        st.multiselect(M("declared").render(lang), list(range(4)), key=f"{prefix}-riichi",
                       format_func=seated, help=M("declared_help").render(lang))


def declared(view: TableView, prefix: str) -> dict[str, Any]:
    """The entry's `riichi`: who the form ticks, in turn order (nothing off a riichi table)."""
    ticked = st.session_state.get(f"{prefix}-riichi") or []
    return {"riichi": sorted(ticked)} if tracks(view) and ticked else {}


def check_winner(view: TableView, entry: Entry) -> None:
    """Refuse a winner ticked as declaring riichi whose hand does not say riichi: the stick
    would go in and out again while the hand's score misses riichi's han."""
    hand = entry.hand or {}
    if entry.winner is not None and entry.winner in (entry.riichi or ()) and \
            not (hand.get("riichi") or hand.get("double_riichi")):
        raise LedgerError(M("winner_unsaid", name=view.players[entry.winner]))


def clear(prefix: str) -> None:
    """After a hand is added: the next hand's declarers are ticked afresh."""
    st.session_state[f"{prefix}-riichi"] = []


def on_table(view: TableView, lang: str) -> str | None:
    """'On the table: 2 riichi sticks (2,000); next hand: 1 honba (本场)', as `mjlens table show`
    says it, or None off a riichi table."""
    from mjlens.ledger.report import riichi_table

    line = riichi_table(view)
    return None if line is None else line.render(lang)
