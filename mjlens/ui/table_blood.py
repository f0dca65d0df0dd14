"""The Table page at a table where winners leave and play goes on (血战到底: `sichuan`, `yushan`,
`sichuan_mult`): when the wall runs out, the players still in type the tiles they hold and the
Drawn hand button settles 查花猪 and 查叫 (Chengdu Ⅵ-2, Ⅵ-5: "流局時需要查花豬，查大叫";
mjlens.ledger.blood.wall_end). It recorded a drawn hand where nobody paid, and a hand that had
winners could not be taken to the end of the wall at all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from mjlens.ledger.blood import KONG_KINDS, goes_on, last_step, winners_leave
from mjlens.ledger.store import TableView
from mjlens.ledger.words import LedgerError
from mjlens.ui import table_msg as TM
from mjlens.ui.i18n import text
from scoring.messages import Catalog

PREFIX = "tb-end"

M = Catalog("app_table_blood", {
    "box": ("At the end of the wall: the tiles each player still in holds (查叫, 查花猪)",
            "荒牌时仍在局中各家手里的牌（查叫、查花猪）"),
    "help": ("When the wall runs out, type the 13 tiles of every player who has not won (a kong "
             "as a meld) and tap Drawn hand: a player still holding three suits (花猪) pays "
             "those who do not, and a player not ready pays each ready player the most that "
             "player's hand could win. Left empty, Drawn hand records a hand where nobody pays.",
             "牌墙摸完时，写下每位还没和牌的玩家手里的 13 张牌（杠写成副露），再点“流局”："
             "手里还有三门牌的（花猪）赔给不是花猪的玩家，没听牌的按每位听牌者可能和到的最大番数"
             "赔付。都不写，“流局”就记为无人支付。"),
    "tiles": ("{player}: tiles held", "{player}：手里的牌"),
    "bad": ("{name}'s tiles: {why}", "{name} 的牌：{why}"),
    "undo_win": ("Undo {name}'s win in hand {n}", "撤销第 {n} 局 {name} 的和牌"),
    "undo_wall": ("Undo hand {n}'s end of the wall", "撤销第 {n} 局的荒牌结算"),
    "win_undone": ("Hand {n}: {name}'s win undone.", "已撤销第 {n} 局 {name} 的和牌。"),
    "wall_undone": ("Hand {n}: the end of the wall undone.", "已撤销第 {n} 局的荒牌结算。"),
    "undo_kong": ("Undo {name}'s kong in hand {n}", "撤销第 {n} 局 {name} 的杠"),
    "kong_undone": ("Hand {n}: {name}'s kong undone.", "已撤销第 {n} 局 {name} 的杠。"),
    "kong_box": ("Kong (杠): its rain money (刮风下雨)", "杠：刮风下雨"),
    "kong_help": ("When a player makes a kong, add it here: the players still in pay its rain money "
                  "at once (an added kong 1 base each, a concealed kong 2 each, an exposed kong 2 "
                  "from the discarder). The winner's hand then shows the kong as a meld.",
                  "有人开杠时在这里记下：仍在局中的玩家当场付刮风下雨（补杠每家 1 底，暗杠每家 2 底，"
                  "直杠由放杠者付 2 底）。之后和牌的那手牌要把这个杠写成副露。"),
    "two": ("{first} {second}", "{first}{second}"),  # two sentences (no space in Chinese)
    "kong_into": ("The kong goes into hand {n}, the hand being played.",
                  "这个杠记进正在打的第 {n} 局。"),
    "kong_starts": ("The kong starts hand {n}, which then goes on.",
                    "这个杠开始第 {n} 局，这一局随后继续。"),
    "kong_tick": ("The kong starts hand {next}; to add it to hand {n}, tick Hand {n} goes on above.",
                  "这个杠开始第 {next} 局；要记进第 {n} 局，请勾选上面的“第 {n} 局继续”。"),
    "kong_player": ("Who made the kong", "开杠者"),
    "kong_kind": ("Kind of kong", "杠的种类"),
    "kind_concealed": ("concealed kong (暗杠, 下雨)", "暗杠（下雨）"),
    "kind_exposed": ("exposed kong on a discard (直杠, 刮风)", "直杠（刮风）"),
    "kind_added": ("added kong (补杠, 刮风)", "补杠（刮风）"),
    "kong_tile": ("Tile (e.g. 5m)", "哪张牌（如 5m）"),
    "kong_from": ("Discarded the tile (exposed kong)", "放杠者（直杠）"),
    "kong_nobody": ("nobody (not an exposed kong)", "无（不是直杠）"),
    "kong_button": ("Add kong", "记杠"),
    "kong_added": ("Hand {n}: {name}'s kong added.", "第 {n} 局已记 {name} 的杠。"),
    "one_tile": ("Type one tile, e.g. 5m.", "请写一张牌，如 5m。"),
    "ended": ("Hand {n}: the wall ran out; 查花猪 and 查叫 are settled.",
              "第 {n} 局荒牌：已查花猪、查叫。"),
})


def _still_in(view: TableView, more: bool) -> list[int]:
    """The players who play to the end of the wall: those who have not won in the last hand
    when it goes on (`more`), else all four (a new hand)."""
    last = view.hands[-1] if view.hands else None
    if more and last is not None:
        return [p for p in range(4) if p not in last.winners]
    return list(range(4))


def end_inputs(view: TableView, more: bool, lang: str, seated: Callable[[int], str]) -> None:
    """A box of one text field per player still in, at a table where winners leave."""
    if not winners_leave(view.rules):
        return
    with st.expander(M("box").render(lang), icon=":material/grid_view:", key=f"{PREFIX}-exp"):
        st.caption(M("help").render(lang))
        for p in _still_in(view, more):
            st.text_input(M("tiles", player=seated(p)).render(lang), key=f"{PREFIX}-{p}")


def typed(view: TableView, more: bool) -> dict[int, dict[str, Any]]:
    """The tiles typed for each player still in, as hand JSON; refused in the player's words
    (whose tiles, and what is wrong with them)."""
    from scoring.hand import HandError
    from scoring.notation import parse_hand

    out = {}
    for p in _still_in(view, more):
        text = (st.session_state.get(f"{PREFIX}-{p}") or "").strip()
        if not text:
            continue
        try:
            out[p] = parse_hand(text).to_json()
        except HandError as exc:
            raise LedgerError(M("bad", name=view.players[p], why=exc.msg)) from None
    return out


def ends_wall(view: TableView, more: bool) -> bool:
    """Whether Drawn hand ends the wall with 查叫: the last hand goes on to its end, or tiles
    were typed."""
    if not winners_leave(view.rules):
        return False
    return more or any((st.session_state.get(f"{PREFIX}-{p}") or "").strip() for p in range(4))


def end_wall(ledger, view: TableView, more: bool, lang: str) -> str:
    """Record the end of the wall; the sentence that says it was."""
    hand = ledger.end_wall(view.name, typed(view, more), join=more)
    for p in range(4):
        st.session_state[f"{PREFIX}-{p}"] = ""
    return M("ended", n=hand.seq).render(lang)


def undo_words(view: TableView, lang: str) -> str | None:
    """The Undo button's words where it takes the last step off a hand that grew on the table
    (its last win, its end of the wall) instead of the whole hand: Undo hand 1 after a second
    winner was added took away the first winner's win too."""
    last = view.hands[-1] if view.hands else None
    step = last_step(last) if last is not None else None
    if step == "wall":
        return M("undo_wall", n=last.seq).render(lang)
    if step in ("win", "kong"):
        return M(f"undo_{step}", n=last.seq, name=_last_name(view, last)).render(lang)
    return None


def _last_name(view: TableView, h) -> str:
    """Who made the hand's last step: the last winner, or the player of the last kong."""
    from mjlens.ledger.blood import hand_seats, round_at

    seats = hand_seats(view, h)
    event = round_at(h, seats)["events"][-1]
    if event.get("type") != "kong":
        return view.players[h.winners[-1]]
    return view.players[seats.player(event["player"])]


def undo_step(ledger, lang: str, seq: int, revision: int) -> None:
    ss = st.session_state
    try:
        view = ledger.table(ss.table)
        step = last_step(view.hands[-1]) if view.hands else None
        name = _last_name(view, view.hands[-1]) if step in ("win", "kong") else ""
        hand = ledger.undo_step(ss.table, seq, revision)
        ss.table_msg = ("success", M(f"{step}_undone", n=hand.seq, name=name).render(lang))
        ss["tb-more"] = goes_on(hand)  # the hand goes on again: its next step needs no tap
    except LedgerError as exc:
        ss.table_msg = ("error", text(exc.msg, lang))


def kong_inputs(view: TableView, more: bool, lang: str, seated: Callable[[int], str]) -> None:
    """Who made a kong, which kind, of which tile, on whose discard: its rain money is paid as
    it is made (Chengdu Ⅵ-4), so the page records it then."""
    if not winners_leave(view.rules):
        return
    with st.expander(M("kong_box").render(lang), icon=":material/view_week:",
                     key="tb-kong-exp"):
        st.caption(M("two", first=M("kong_help"), second=_kong_goes(view, more)).render(lang))
        a, b = st.columns(2)
        a.selectbox(M("kong_player").render(lang), _still_in(view, more), key="tb-kong-player",
                    format_func=seated)
        b.selectbox(M("kong_kind").render(lang), list(KONG_KINDS), key="tb-kong-kind",
                    format_func=lambda k: M(f"kind_{k}").render(lang))
        c, d = st.columns(2)
        c.text_input(M("kong_tile").render(lang), key="tb-kong-tile")
        d.selectbox(M("kong_from").render(lang), ["-", *_still_in(view, more)], key="tb-kong-from",
                    format_func=lambda i: M("kong_nobody").render(lang) if i == "-" else seated(i))
        st.button(M("kong_button").render(lang), key="tb-kong-btn",
                  on_click=TM.tapped(TM.ADD, add_kong), args=(lang,))


def _kong_goes(view: TableView, more: bool):
    """Which hand the kong goes into, by number: the help said "tick Hand N goes on", a
    letter on the Chinese page and a box that is not there when no hand goes on."""
    last = view.hands[-1] if view.hands else None
    if last is None:
        return M("kong_starts", n=1)
    if more:
        return M("kong_into", n=last.seq)
    if goes_on(last):
        return M("kong_tick", n=last.seq, next=last.seq + 1)
    return M("kong_starts", n=last.seq + 1)


def _kong_tile() -> str:
    from scoring.hand import HandError
    from scoring.notation import parse_tiles

    try:
        tiles = parse_tiles((st.session_state.get("tb-kong-tile") or "").strip())
    except HandError as exc:
        raise LedgerError(exc.msg) from None
    if len(tiles) != 1:
        raise LedgerError(M("one_tile"))
    return tiles[0]


def add_kong(lang: str) -> None:
    from mjlens.ui.table_page import ledger

    ss = st.session_state
    try:
        view = ledger().table(ss.table)
        kind = ss.get("tb-kong-kind") or "concealed"
        given = ss.get("tb-kong-from")
        kong = {"player": ss.get("tb-kong-player") or 0, "kind": kind, "tile": _kong_tile(),
                "from": given if isinstance(given, int) and kind == "exposed" else None}
        hand = ledger().add_kong(view.name, kong, join=bool(ss.get("tb-more")))
        ss.table_msg = ("success", M("kong_added", n=hand.seq,
                                     name=view.players[kong["player"]]).render(lang))
        ss["tb-more"] = True  # the hand goes on after a kong
        ss["tb-kong-tile"] = ""
    except LedgerError as exc:
        ss.table_msg = ("error", text(exc.msg, lang))
