"""Riichi sticks at the app's table (mjlens/ledger/sticks.py): under a rule set that keeps them,
the Table page's "Add a hand" form, its drawn-hand button and the scoring page's "Add to table"
box ask who declared riichi this hand, as the CLI's `table add --riichi "Bo,Cy"` does; each
declarer puts a 1,000-point stick on the table and the winner takes every stick there. The
winner's own riichi is read from the hand (riichi=true), as the ledger reads it, so a winner
ticked here whose hand does not say riichi is refused: the hand would miss riichi's han.
The standings say how many sticks lie on the table, and the next hand's honba (本场).

The Table page's form also asks who was tenpai (ready) for its Drawn hand button, as `table add
--draw --tenpai "Bo"` does (mjlens/ledger/tenpai.py): the dealer keeps the deal only if tenpai,
and the noten players pay the tenpai ones 3,000 in all. The scoring page's box adds wins only.
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
    # the scoring page's Add to table box, where the table's honba or sticks change the score
    "recorded": ("At this table the ledger scores the hand with {what}: {winner} gets {points} in "
                 "all, not what the score above says. It will be recorded so:",
                 "在本桌，账本按{what}计算这手牌：{winner} 共得 {points} 点，与上面的得分不同。"
                 "将这样记入："),
    "honba_part": ("the table's {n} honba (本场)", "本桌的 {n} 本场"),
    "sticks_part": ("the {n} riichi sticks on the table", "桌上的 {n} 根立直棒"),
    "sticks_part_one": ("the riichi stick on the table", "桌上的 1 根立直棒"),
    "parts": ("{first} and {last}", "{first}和{last}"),
    "tenpai": ("Tenpai (ready) at a drawn hand", "流局时听牌者"),
    "tenpai_help": ("For Drawn hand: the dealer keeps the deal only if ticked here, and the "
                    "players not ticked (noten) pay those ticked 3,000 in all: one tenpai takes "
                    "1,000 from each other player; two take 1,500 from each noten player; three "
                    "take 3,000 from the noten one. Nobody or everybody tenpai: nothing is paid.",
                    "用于“流局”：庄家在此勾选（听牌）才连庄；未勾选（未听牌）者共付给勾选者 3000 点："
                    "一家听牌，其余三家各付 1000 点；两家听牌，两位未听牌者各付 1500 点；三家听牌，"
                    "未听牌者付 3000 点。无人听牌或四家都听牌：不付。"),
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


def tenpai_input(view: TableView, prefix: str, lang: str, seated: Callable[[int], str]) -> None:
    """Who was tenpai, for the drawn-hand button (a table whose deal follows it only)."""
    from mjlens.ledger import tenpai

    if tenpai.asks(view.rules):
        st.multiselect(M("tenpai").render(lang), list(range(4)), key=f"{prefix}-tenpai",
                       format_func=seated, help=M("tenpai_help").render(lang))


def tenpai_of(view: TableView, prefix: str) -> dict[str, Any]:
    """A drawn hand's `tenpai`: who the form ticks (nobody ticked: nobody was tenpai); nothing
    at a table that does not ask."""
    from mjlens.ledger import tenpai

    if not tenpai.asks(view.rules):
        return {}
    return {"tenpai": sorted(st.session_state.get(f"{prefix}-tenpai") or [])}


def check_winner(view: TableView, entry: Entry) -> None:
    """Refuse a winner ticked as declaring riichi whose hand does not say riichi: the stick
    would go in and out again while the hand's score misses riichi's han."""
    hand = entry.hand or {}
    if entry.winner is not None and entry.winner in (entry.riichi or ()) and \
            not (hand.get("riichi") or hand.get("double_riichi")):
        raise LedgerError(M("winner_unsaid", name=view.players[entry.winner]))


def clear(prefix: str) -> None:
    """After a hand is added: the next hand's declarers and tenpai players are ticked afresh."""
    st.session_state[f"{prefix}-riichi"] = []
    st.session_state[f"{prefix}-tenpai"] = []


def table_adds(ledger, view: TableView, entry: Entry, shown: dict[str, Any], lang: str) -> None:
    """Under the scoring page's Add to table box at a riichi table: where the table's honba or
    riichi sticks make the hand worth more than the score on the page (`shown`, its JSON), the
    hand as the ledger will record it, with every payment. A hand the ledger would refuse shows
    nothing here: the button says why."""
    from mjlens.ledger.report import payment_lines
    from mjlens.ledger.store import counts_honba

    if not counts_honba(view.rules):
        return
    try:
        hand = ledger.preview(view.name, entry)
    except LedgerError:
        return
    added = _added(hand.result, shown)
    if added is None:
        return
    st.info(M("recorded", what=added, winner=view.players[hand.winners[0]],
              points=f"{hand.result.get('winner_gets', 0):,}").render(lang))
    for line in payment_lines(hand.payments, view.players, lang):
        st.markdown(f"- {line.strip()}")


def _added(recorded: dict[str, Any], shown: dict[str, Any]):
    """What the table adds to the page's score: its honba, its riichi sticks, both, or None."""
    parts = []
    if recorded.get("honba", 0) != shown.get("honba", 0):
        parts.append(M("honba_part", n=recorded.get("honba", 0)))
    if recorded.get("riichi_sticks", 0) != shown.get("riichi_sticks", 0):
        n = recorded.get("riichi_sticks", 0)
        parts.append(M("sticks_part_one") if n == 1 else M("sticks_part", n=n))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else M("parts", first=parts[0], last=parts[1])


def on_table(view: TableView, lang: str) -> str | None:
    """'On the table: 2 riichi sticks (2,000); next hand: 1 honba (本场)', as `mjlens table show`
    says it, or None off a riichi table."""
    from mjlens.ledger.report import riichi_table

    line = riichi_table(view)
    return None if line is None else line.render(lang)
