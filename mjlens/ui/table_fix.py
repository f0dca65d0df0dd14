"""The Table page's "Correct a hand" box: a hand entered wrong a few hands ago is put right
as `mjlens table fix N` does (Ledger.correct): pick the hand, change the hand, the winner or
the discarder (at a riichi table who declared riichi, and who was tenpai at a drawn hand),
and the ledger scores it and every later hand again at their new deals.

Like Undo, the box corrects the table as this phone shows it: the button carries the table's
revision, and the ledger refuses when another phone changed the table in between.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import streamlit as st

from mjlens.ledger import entries
from mjlens.ledger import report as LR
from mjlens.ledger.blood import corrected, win_of
from mjlens.ledger.game import seats_for
from mjlens.ledger.store import Entry, HandView, TableView
from mjlens.ledger.words import LedgerError
from mjlens.ledger.words import M as W
from mjlens.ui import table_msg as TM
from mjlens.ui import table_riichi as R
from mjlens.ui.table_page import _dealer, _refuse, _seated, _who, ledger, who_inputs
from scoring.messages import Catalog

PREFIX = "tb-fix"

M = Catalog("app_table_fix", {
    "box": ("Correct a hand", "更正某一局"),
    "help": ("The ledger scores the corrected hand and every later one again: a different winner "
             "can move the deal, and with it the later hands' dealers and seats.",
             "账本会把更正的这一局和之后的每一局重新计分：换了和牌者，坐庄以及之后各局的庄家和座位"
             "都可能随之改变。"),
    "which": ("Hand to correct", "要更正的局"),
    "notation": ("The hand in notation (leave empty to keep the hand as it was)",
                 "牌型记法（留空则牌不变）"),
    "button": ("Correct hand {n}", "更正第 {n} 局"),
    "draw": ("Make hand {n} a drawn hand", "把第 {n} 局改为流局"),
    "done": ("Hand {n} corrected; it and every later hand are scored again.",
             "第 {n} 局已更正，它和之后的各局都已重新计分。"),
    "which_win": ("Which win of the hand", "更正这一局的哪一家和牌"),
    "win_of": ("{name}'s win", "{name} 的和牌"),
    "need_hand": ("Hand {n} was not one won hand (a drawn hand, or a round): type the winning "
                  "hand in notation.",
                  "第 {n} 局原来不是一手和牌（流局或整局）：请用牌型记法输入和牌的那手牌。"),
})


def t(key: str, lang: str, **params) -> str:
    return M(key, **params).render(lang)


def before(view: TableView, seq: int) -> TableView:
    """The table as it stood before hand `seq`: the lists seat the players as they sat then."""
    return replace(view, hands=view.hands[:seq - 1])


def _follow(view: TableView, h: HandView) -> None:
    """The box starts from the chosen hand as recorded: its winner, its discarder (nobody:
    self-drawn), who declared riichi and who was tenpai; the hand itself stays unless typed."""
    ss = st.session_state
    k = _win_chosen(h)
    follows = (view.name, h.seq, view.revision, k)
    if ss.get(f"{PREFIX}-follows") == follows:
        return
    discarder = h.entry.get("_discarder")
    if k is not None:  # a round's win: its winner and discarder, at the hand's seats
        seats = seats_for(view.rules, before(view, h.seq).deal, view.first_dealer)
        _, _, came = win_of(view, h, k)
        discarder = seats.player(came) if came else None
    ss[f"{PREFIX}-winner"] = h.winners[k or 0] if h.winners else 0
    ss[f"{PREFIX}-from"] = discarder if isinstance(discarder, int) else "-"
    ss[f"{PREFIX}-riichi"] = list(h.entry.get("riichi") or [])
    ss[f"{PREFIX}-tenpai"] = list(h.entry.get("tenpai") or [])
    ss[f"{PREFIX}-hand"] = ""
    ss[f"{PREFIX}-follows"] = follows


def _win_chosen(h: HandView) -> int | None:
    """Which win of a round hand the box corrects (None: not a round with wins)."""
    if h.kind != "round" or not h.winners:
        return None
    k = st.session_state.get(f"{PREFIX}-win")
    return k if isinstance(k, int) and 0 <= k < len(h.winners) else 0


def _which_win(view: TableView, h: HandView, lang: str) -> None:
    """A round (血战到底: several winners in one hand) is corrected one win at a time."""
    if _win_chosen(h) is None:
        return
    st.selectbox(t("which_win", lang), list(range(len(h.winners))), key=f"{PREFIX}-win",
                 format_func=lambda k: t("win_of", lang, name=view.players[h.winners[k]]))


def fixed_entry(view: TableView, h: HandView, draw: bool = False) -> Entry:
    """Hand `h` as the box now has it: a drawn hand, the typed hand, or the recorded hand (its
    photo's reading kept) with the winner and discarder chosen here."""
    ss = st.session_state
    then = before(view, h.seq)
    kept: dict[str, Any] = {"round_wind": h.entry["round_wind"]} \
        if h.entry.get("round_wind") else {}
    if draw:
        return entries.drawn(**_dealer(then, PREFIX), **R.declared(then, PREFIX),
                             **R.tenpai_of(then, PREFIX), **kept)
    typed = (ss.get(f"{PREFIX}-hand") or "").strip()
    k = _win_chosen(h)
    if k is not None:  # one win of a round: the others stay (mjlens.ledger.blood.corrected)
        hand = entries.from_notation(typed).hand if typed else win_of(view, h, k)[0]
        return corrected(view, h, k, entries.from_json(hand, **_who(then, PREFIX)))
    if typed:
        entry = entries.from_notation(typed, **_who(then, PREFIX), **kept)
    elif h.kind == "hand" and h.entry.get("hand"):
        entry = entries.from_json(h.entry["hand"], **_who(then, PREFIX), **kept)
        entry.source, entry.reading = h.source, h.reading
    else:
        raise LedgerError(M("need_hand", n=h.seq))
    R.check_winner(then, entry)
    return entry


def _correct(lang: str, seq: int, revision: int, draw: bool = False) -> None:
    ss = st.session_state
    try:
        view = ledger().table(ss.table)
        if view.revision != revision:  # the ledger checks again, in its transaction
            raise LedgerError(W("fix_moved", name=view.name, seq=seq))
        entry = fixed_entry(view, view.hands[seq - 1], draw)
        ledger().correct(view.name, seq, entry, revision)
        ss.table_msg = ("success", t("done", lang, n=seq))
    except LedgerError as exc:
        _refuse(exc, lang)


def correct_view(view: TableView, lang: str) -> None:
    """The box, under Add a hand, where the table has hands."""
    if not view.hands:
        return
    by_seq = {h.seq: h for h in view.hands}
    with st.expander(t("box", lang), icon=":material/edit:", key=f"{PREFIX}-exp"):
        st.caption(t("help", lang))
        seq = st.selectbox(t("which", lang), list(reversed(by_seq)), key=f"{PREFIX}-seq",
                           format_func=lambda n: LR.hand_lines(view, by_seq[n], lang)[0])
        h = by_seq[seq]
        _which_win(view, h, lang)
        _follow(view, h)
        then = before(view, seq)
        st.text_input(t("notation", lang), key=f"{PREFIX}-hand")
        who_inputs(then, PREFIX, lang)
        R.tenpai_input(then, PREFIX, lang, _seated(then, PREFIX, lang))
        with st.container(horizontal=True):
            st.button(t("button", lang, n=seq), key=f"{PREFIX}-btn", type="primary",
                      on_click=TM.tapped(TM.FIX, _correct), args=(lang, seq, view.revision))
            st.button(t("draw", lang, n=seq), key=f"{PREFIX}-draw",
                      on_click=TM.tapped(TM.FIX, _correct),
                      args=(lang, seq, view.revision, True))
        TM.show(TM.FIX)
