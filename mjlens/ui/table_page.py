"""The Table page (牌桌): start or join a table by its name or code, add hands, read the
running totals and why each hand paid what, undo, download CSV. Every phone on the same server
opens the same ledger (mjlens/ledger), and the standings refresh as hands are added.

`add_to_table_view` is the scoring page's "Add to table" box: the hand on that page, with its
photo's boxes, goes into the joined table's ledger.
"""

from __future__ import annotations

import csv
import io
import os
from typing import Any

import streamlit as st

from mjlens.ledger import entries
from mjlens.ledger import report as LR
from mjlens.ledger.game import localized
from mjlens.ledger.report import rules_name
from mjlens.ledger.store import URL_ENV, Ledger, TableView
from mjlens.ledger.words import LedgerError
from mjlens.ui import table_blood as B
from mjlens.ui import table_msg as TM
from mjlens.ui import table_options as O
from mjlens.ui import table_riichi as R
from mjlens.ui.engine import placeholder_for
from mjlens.ui.i18n import lang_of_locale, text
from scoring.messages import Catalog

M = Catalog("app_table", {
    "page": ("Table", "牌桌"),
    "caption": ("Keep a whole game: every hand, who paid whom, the running totals. Everyone who "
                "joins with the code sees the same ledger.",
                "记录整场牌局：每一局、谁付给谁、累计输赢。用代码加入的每个人都看到同一本账。"),
    "join": ("Join a table", "加入牌桌"),
    "join_label": ("Table name or code", "牌桌名称或代码"),
    "join_button": ("Join", "加入"),
    "no_table": ("There is no table called {name}, nor with that code: check it on the phone "
                 "that started the table.",
                 "没有名为 {name} 的牌桌，也没有这个代码：请在开桌的手机上核对。"),
    "start": ("Start a table", "新开牌桌"),
    "name": ("Table name", "牌桌名称"),
    "player": ("Player {n}", "玩家 {n}"),
    "players_help": ("In turn order: player 1 deals first.", "按出牌顺序填写：玩家1先坐庄。"),
    "rules": ("Rule set", "规则"),
    "start_button": ("Start", "开桌"),
    "code": ("Table {name} · code **{code}**: others join with it.",
             "牌桌 {name} · 代码 **{code}**：其他人用它加入。"),
    "next": ("Next hand: **{dealer}** deals, {wind} round. Who deals next: {rule}.",
             "下一局：**{dealer}** 坐庄，{wind}风圈。坐庄规则：{rule}。"),
    "col_player": ("Player", "玩家"),
    "col_seat": ("Seat", "座位"),
    "col_total": ("Total", "累计"),
    "hands": ("Hands", "各局"),
    "no_hands": ("No hands yet: add one below, or from the scoring page.",
                 "还没有记录：在下面添加，或在算番页点“记入牌桌”。"),
    "add": ("Add a hand", "记一局"),
    "notation": ("Hand in notation", "牌型记法"),
    "dealt": ("Who dealt this hand (the rule text leaves it to the table)",
              "这一局的庄家（规则原文没有说明，由牌桌决定）"),
    "winner": ("Winner", "和牌者"),
    "player_seat": ("{name} ({seat})", "{name}（{seat}）"),
    "discarder": ("Discarded the winning tile", "放炮者"),
    "self_drawn": ("nobody (self-drawn)", "无（自摸）"),
    "add_button": ("Add hand", "记入"),
    "draw_button": ("Drawn hand", "流局"),
    "more": ("Hand {n} goes on (血战到底): another winner, a kong, or the end of the wall",
             "第 {n} 局继续（血战到底）：又有人和牌、开杠，或荒牌"),
    "more_added": ("Hand {n}: another winner added.", "第 {n} 局已添一位和牌者。"),
    "undo": ("Undo hand {n}", "撤销第 {n} 局"),
    "undo_none": ("Undo", "撤销"),
    "csv": ("Download CSV", "下载表格文件"),
    "leave": ("Leave table", "离开牌桌"),
    "added": ("Hand {n} added.", "已记第 {n} 局。"),
    "undone": ("Hand {n} undone.", "已撤销第 {n} 局。"),
    "to_table": ("Add to table {name}", "记入牌桌 {name}"),
    "to_table_help": ("The hand above, scored as shown, goes into the table's ledger.",
                      "上面这手牌按所示得分记入牌桌账本。"),
    "to_table_none": ("Join a table on the Table page to keep this hand in a game's ledger.",
                      "在“牌桌”页加入牌桌后，可把这手牌记入整场账本。"),
})


def t(key: str, lang: str, **params) -> str:
    return M(key, **params).render(lang)


def ledger() -> Ledger:
    """One ledger per server and database (MJLENS_LEDGER_URL, else the user's data directory)."""
    return _ledger(os.environ.get(URL_ENV, ""))


@st.cache_resource(show_spinner=False)
def _ledger(url: str) -> Ledger:
    return Ledger(url or None)


def _lang() -> str:
    ss = st.session_state
    if "lang" not in ss:
        ss.lang = lang_of_locale(st.context.locale)
    return ss.lang


def _refuse(exc: LedgerError, lang: str) -> None:
    st.session_state.table_msg = ("error", text(exc.msg, lang))


def _seat_at(view: TableView) -> None:
    """Join `view`, and keep its code in the address (?table=CODE): a phone that reloads the
    page, or is locked and woken, is still at the table instead of back at Join."""
    st.session_state.table = view.name
    st.query_params["table"] = view.code


def _rejoin() -> None:
    """A reloaded page has lost its session: the address still names the table."""
    code = st.query_params.get("table")
    if code and not st.session_state.get("table"):
        try:
            _seat_at(ledger().table(code))
        except LedgerError:  # deleted, or another ledger: the page asks as usual
            st.query_params.pop("table", None)


def _leave() -> None:
    st.session_state.table = None
    st.query_params.pop("table", None)


def _join(lang: str) -> None:
    ss = st.session_state
    try:
        _seat_at(ledger().table(ss.get("tb-join", "")))
        ss.table_msg = None
    except LedgerError:  # the ledger's sentence sends a player to `mjlens table list`
        ss.table_msg = ("error", t("no_table", lang, name=ss.get("tb-join", "").strip()))


def _deal_options(rules: str) -> list:
    """The rule set's options the ledger reads to move the deal or end a game (Taiwan's
    drawn_deal, 流局過莊; riichi's game_length), asked when a table starts."""
    from mjlens.ledger.game import DEAL_OPTIONS
    from scoring.ruleset import get_ruleset

    return [o for o in get_ruleset(rules).options if o.name in DEAL_OPTIONS]


def _start(lang: str) -> None:
    ss = st.session_state
    players = [ss.get(f"tb-p{i}", "") for i in range(4)]
    rules = ss.get("tb-rules", "gb")
    options = {**O.page_options(rules),  # the stake and the rest, as on the scoring page
               **{o.name: ss[f"tb-opt-{o.name}"] for o in _deal_options(rules)
                  if ss.get(f"tb-opt-{o.name}", o.default) != o.default}}
    try:
        _seat_at(ledger().new_table(ss.get("tb-name", ""), players, rules, options or None))
        ss.table_msg = None
    except LedgerError as exc:
        _refuse(exc, lang)


def choose_table(lang: str) -> None:
    from scoring.ruleset import all_rulesets

    join, start = st.columns(2, gap="large")
    with join:
        st.subheader(t("join", lang))
        st.text_input(t("join_label", lang), key="tb-join")
        st.button(t("join_button", lang), key="tb-join-btn",
                  on_click=TM.tapped(TM.TOP, _join), args=(lang,))
    with start:
        st.subheader(t("start", lang))
        st.text_input(t("name", lang), key="tb-name")
        for row in (0, 2):  # a row of two each: a phone stacks them 1, 2, 3, 4 (turn order)
            cols = st.columns(2)
            for i in (row, row + 1):
                cols[i - row].text_input(t("player", lang, n=i + 1), key=f"tb-p{i}",
                                         help=t("players_help", lang) if i == 0 else None)
        ids = sorted(all_rulesets())
        chosen = st.session_state.get("rules")  # the scoring page's game, else Guobiao
        default = chosen if chosen in ids else "gb"
        st.selectbox(t("rules", lang), ids, index=ids.index(default), key="tb-rules",
                     format_func=lambda r: rules_name(r, lang))
        _deal_option_inputs(st.session_state.get("tb-rules") or default, lang)
        O.start_caption(st.session_state.get("tb-rules") or default, lang)
        st.button(t("start_button", lang), key="tb-start-btn",
                  on_click=TM.tapped(TM.TOP, _start), args=(lang,), type="primary")


def _deal_option_inputs(rules: str, lang: str) -> None:
    """A choice for each option of the rule set that the ledger reads (who deals after a drawn
    hand, how long a game is), its default first."""
    from mjlens.ui.i18n import choice_label, option_help, option_label

    for o in _deal_options(rules):
        st.selectbox(option_label(o, lang, rules), list(o.choices), key=f"tb-opt-{o.name}",
                     format_func=lambda v, o=o: choice_label(v, lang, o),
                     help=option_help(o, lang))


def _add(lang: str, draw: bool = False) -> None:
    ss = st.session_state
    view = ledger().table(ss.table)
    who = _who(view, "tb")
    try:
        if draw and B.ends_wall(view, bool(ss.get("tb-more"))):  # 血战到底: 查叫, 查花猪
            ss.table_msg = ("success", B.end_wall(ledger(), view, bool(ss.get("tb-more")), lang))
            ss["tb-more"] = False
            return
        entry = entries.drawn(**_dealer(view, "tb"), **R.declared(view, "tb"),
                              **R.tenpai_of(view, "tb")) if draw else \
            entries.from_notation(ss.get("tb-hand", ""), **who)
        R.check_winner(view, entry)
        if ss.get("tb-more") and not draw:  # 血战到底: the last hand goes on
            hand = ledger().add_winner(view.name, entry)
            ss.table_msg = ("success", t("more_added", lang, n=hand.seq))
            ss["tb-more"] = _still_going(view, hand)
            ss["tb-hand"] = ""  # added: a second tap must not add it again
            return
        hand = ledger().add(view.name, entry)
        ss.table_msg = ("success", t("added", lang, n=hand.seq))
        ss["tb-more"] = _still_going(view, hand)
        R.clear("tb")
        if not draw:
            ss["tb-hand"] = ""
    except LedgerError as exc:
        _refuse(exc, lang)


def _still_going(view: TableView, hand) -> bool:
    """Whether Hand N goes on starts ticked after a win: where winners leave (血战到底) a won
    hand goes on until three have won or the wall runs out, so the next win, kong or end of
    the wall is this hand's. The box unticked itself after every win: each later step took a
    tap more, and a second winner added without it went in as a new hand at the wrong deal."""
    from mjlens.ledger.blood import goes_on, winners_leave

    return winners_leave(view.rules) and goes_on(hand)


def _undo(lang: str, seq: int) -> None:
    ss = st.session_state
    try:
        ss.table_msg = ("success", t("undone", lang, n=ledger().undo(ss.table, seq).seq))
        view = ledger().table(ss.table)  # the hand before it may go on again (血战到底)
        ss["tb-more"] = bool(view.hands) and _still_going(view, view.hands[-1])
    except LedgerError as exc:
        _refuse(exc, lang)


def _who(view: TableView, prefix: str) -> dict[str, Any]:
    ss = st.session_state
    winner = ss.get(f"{prefix}-winner")
    discarder = ss.get(f"{prefix}-from")
    # a player's number; a browser may send back the label of an option the last run drew
    # ("Ann (East)" before the deal moved), which is no player: the hand's seat decides then
    return {"winner": winner if isinstance(winner, int) and 0 <= winner < 4 else None,
            "discarder": discarder if isinstance(discarder, int) else None,
            **_dealer(view, prefix), **R.declared(view, prefix)}


def _dealer(view: TableView, prefix: str) -> dict[str, Any]:
    """The dealer the player chose, where the rule text leaves the deal to the table."""
    dealer = st.session_state.get(f"{prefix}-dealer")
    return {"dealer": dealer} if view.rotation.kind == "table" and isinstance(dealer, int) else {}


def _seated(view: TableView, prefix: str, lang: str):
    """A player as the winner and discarder lists name them: with the seat wind they sit at in
    this hand (the rule set's seats; the dealer the form names, where the table chooses it)."""
    from dataclasses import replace

    from mjlens.ledger.game import seats_for

    dealer = _dealer(view, prefix).get("dealer")
    deal = view.deal if dealer is None else replace(view.deal, dealer=dealer)
    seats = seats_for(view.rules, deal, view.first_dealer)
    return lambda i: t("player_seat", lang, name=view.players[i],
                       seat=LR.wind_name(seats.wind(i), lang))


def who_inputs(view: TableView, prefix: str, lang: str) -> None:
    """Who won, on whose discard (the rule set's own word for it: riichi's 放铳者), who dealt
    where the table says, and under riichi who declared riichi this hand."""
    from mjlens.ui.option_words import rule_set_label

    players = list(range(4))
    seated = _seated(view, prefix, lang)
    a, b = st.columns(2)
    a.selectbox(t("winner", lang), players, key=f"{prefix}-winner", format_func=seated)
    b.selectbox(rule_set_label(view.rules, "field_discarder", lang) or t("discarder", lang),
                ["-", *players], key=f"{prefix}-from",
                format_func=lambda i: t("self_drawn", lang) if i == "-" else seated(i))
    if view.rotation.kind == "table":  # the ledger keeps the dealer until the table names one
        st.selectbox(t("dealt", lang), players, index=view.deal.dealer, key=f"{prefix}-dealer",
                     format_func=lambda i: view.players[i])
    R.declared_input(view, prefix, lang, seated)


def standings_view(view: TableView, lang: str) -> None:
    deal = view.deal
    st.markdown(t("code", lang, name=view.name, code=view.code))
    st.markdown(t("next", lang, dealer=LR.next_dealer_words(view),
                  wind=LR.wind_name(deal.round_wind, lang), rule=text(view.rotation.rule, lang)))
    if view.rotation.source is not None:
        st.caption(text(view.rotation.source, lang))
    ended = LR.game_over(view)  # the game (一將, a hanchan) is over; the table may go on
    if ended is not None:
        st.info(ended.render(lang), icon=":material/flag:")
    rows = [{t("col_player", lang): name, t("col_seat", lang): LR.wind_name(seat, lang),
             t("col_total", lang): LR.amount(total)} for name, seat, total in LR.standings(view)]
    st.dataframe(rows, hide_index=True, key="tb-standings")
    pot = R.on_table(view, lang)
    if pot:
        st.markdown(pot)


def hands_view(view: TableView, lang: str) -> None:
    st.subheader(t("hands", lang))
    if not view.hands:
        st.caption(t("no_hands", lang))
    for h in reversed(view.hands):
        lines = LR.hand_lines(view, h, lang)
        with st.expander(lines[0], expanded=h is view.hands[-1]):
            for line in lines[1:]:
                st.markdown(f"- {line.strip()}")
            # the notes naming the players (mjlens/ledger/names.py); older hands: the seats
            for note in localized(h.result, "named_notes", lang) or \
                    localized(h.result, "notes", lang) or []:
                st.caption(note)


def _csv(view: TableView, lang: str) -> str:
    """The sheet as downloaded, behind a byte order mark: Excel reads a CSV without one in the
    system's code page (Big5 on a Taiwanese Windows, GBK on a mainland one), so every name,
    台 and 流局 came out garbled."""
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out, lineterminator="\n").writerows(LR.csv_rows(view, lang))
    return out.getvalue()


DRAWN = "tb-drawn-revision"  # the table's revision the whole page was last drawn at


def _redraw_if_changed(view: TableView) -> None:
    """A change to the table seen by the live part alone (its Undo button, or another phone's
    hand) redraws the whole page: Undo reran only this part, so its message never showed and
    the form below still offered what the table had before (no Hand N goes on after the end
    of the wall was undone)."""
    ss = st.session_state
    if ss.get(DRAWN) != view.revision:
        ss[DRAWN] = view.revision
        st.rerun()


@st.fragment(run_every=3)
def live_view(lang: str) -> None:
    """Re-read every few seconds, so a hand added from another phone shows up here."""
    ss = st.session_state
    try:
        view = ledger().table(ss.table)
    except LedgerError as exc:  # deleted under us, or another ledger
        _refuse(exc, lang)
        ss.table = None
        return
    _redraw_if_changed(view)
    standings_view(view, lang)
    hands_view(view, lang)
    with st.container(horizontal=True):
        last = view.hands[-1].seq if view.hands else 0  # the hand this phone shows as last
        step = B.undo_words(view, lang)  # 血战到底: a hand's last win or end of the wall
        st.button(step or (t("undo", lang, n=last) if last else t("undo_none", lang)),
                  key="tb-undo", on_click=TM.tapped(TM.TOP, B.undo_step if step else _undo),
                  args=(ledger(), lang, last, view.revision) if step else (lang, last),
                  icon=":material/undo:", disabled=not view.hands)
        st.download_button(t("csv", lang), _csv(view, lang), file_name=f"{view.name}.csv",
                           mime="text/csv", key="tb-csv", on_click="ignore",
                           icon=":material/download:")


def main() -> None:
    from mjlens.ui.views import CSS

    st.set_page_config(page_title="mjlens · table", page_icon="🀄", layout="wide")
    st.html(CSS)
    lang = _lang()
    st.markdown(f"### {t('page', lang)}")
    st.caption(t("caption", lang))
    ss = st.session_state
    TM.show(TM.TOP)
    _rejoin()
    if not ss.get("table"):
        choose_table(lang)
        return
    playing = ledger().table(ss.table)
    ss[DRAWN] = playing.revision
    st.caption(O.plays(playing, rules_name(playing.rules, lang), lang))
    live_view(lang)
    view = ledger().table(ss.table)
    with st.expander(t("add", lang), icon=":material/add:", key="tb-add-exp"):
        # the table's game's example hand, of its size (five sets and a pair in 16-tile games)
        st.text_input(t("notation", lang), key="tb-hand",
                      placeholder=placeholder_for(view.rules, view.options))
        whole = view
        view = _more_winners(view, lang)
        _follow_typed(view)
        who_inputs(view, "tb", lang)
        R.tenpai_input(view, "tb", lang, _seated(view, "tb", lang))
        B.kong_inputs(whole, view is not whole, lang, _seated(view, "tb", lang))
        B.end_inputs(whole, view is not whole, lang, _seated(view, "tb", lang))
        with st.container(horizontal=True):
            st.button(t("add_button", lang), key="tb-add",
                      on_click=TM.tapped(TM.ADD, _add), args=(lang,), type="primary")
            st.button(t("draw_button", lang), key="tb-draw", on_click=TM.tapped(TM.ADD, _add),
                      args=(lang, True))
        TM.show(TM.ADD)
    from mjlens.ui.table_fix import correct_view

    correct_view(ledger().table(ss.table), lang)  # the whole table, whatever the form shows
    st.button(t("leave", lang), key="tb-leave", on_click=_leave)


def _more_winners(view: TableView, lang: str, prefix: str = "tb") -> TableView:
    """Where winners leave and play goes on (血战到底), the form can add another winner to the
    last won hand; while ticked, the winner and discarder lists seat the players as they sat in
    that hand (the table as it was before it)."""
    from dataclasses import replace

    from mjlens.ledger.blood import goes_on, winners_leave

    last = view.hands[-1] if view.hands else None
    if not goes_on(last) or not winners_leave(view.rules):
        return view
    if st.checkbox(t("more", lang, n=last.seq), key=f"{prefix}-more"):
        return replace(view, hands=view.hands[:-1])
    return view


def _outcome_entry(view: TableView, hand_json: dict, reading: dict | None):
    """The scoring page's hand as the box's choices make it an entry."""
    entry = entries.from_json(hand_json, **_who(view, "tb-score"))
    entry.source, entry.reading = ("photo", reading) if reading else ("json", None)
    return entry


def _add_outcome(hand_json: dict, reading: dict | None, lang: str) -> None:
    ss = st.session_state
    view = ledger().table(ss.table)
    try:
        entry = _outcome_entry(view, hand_json, reading)
        R.check_winner(view, entry)
        if ss.get("tb-score-more"):  # 血战到底: the last hand goes on
            hand = ledger().add_winner(view.name, entry)
            ss.table_msg = ("success", t("more_added", lang, n=hand.seq))
            ss["tb-score-more"] = _still_going(view, hand)
            return
        hand = ledger().add(view.name, entry)
        ss.table_msg = ("success", t("added", lang, n=hand.seq))
        ss["tb-score-more"] = _still_going(view, hand)
        R.clear("tb-score")
    except LedgerError as exc:
        _refuse(exc, lang)


def _follow_hand(view: TableView, hand: dict[str, Any], prefix: str = "tb-score") -> None:
    """The winner and the discarder start as the scored hand has them: the player sitting at
    its seat wind at this deal (as the rule set counts seats: Taiwan's stay with the players
    whoever deals, `TableView.seats`); for a discard, the player at its discarder's seat (the seat
    before the winner's where none is given, as the score assumed), else nobody (self-drawn).
    They said Player 1 and 'nobody (self-drawn)' whatever the hand, so a discard win went in
    under a label that said self-drawn. A choice made here stands until the hand changes."""
    from mjlens.ledger.game import WINDS

    ss = st.session_state
    seats, seat = view.seats, hand.get("seat_wind") or "E"
    if hand.get("self_drawn"):
        source: Any = "-"
    else:
        given = hand.get("discarder")
        source = seats.player(given if given in WINDS else WINDS[(WINDS.index(seat) - 1) % 4])
    follows = (view.name, len(view.hands), seat, source)
    if ss.get(f"{prefix}-follows") != follows:
        ss[f"{prefix}-winner"] = seats.player(seat)
        ss[f"{prefix}-from"] = source
        ss[f"{prefix}-follows"] = follows


def _follow_typed(view: TableView) -> None:
    """The Add a hand form's winner and discarder start as the typed hand has them, as the
    scoring page's box does (`_follow_hand`): they said 'nobody (self-drawn)' whatever hand
    was typed, a discard win (+5s) among them. A hand that does not read yet changes nothing."""
    from scoring.hand import HandError
    from scoring.notation import parse_hand

    typed = st.session_state.get("tb-hand") or ""
    try:
        hand = parse_hand(typed) if typed.strip() else None
    except HandError:
        hand = None
    if hand is not None:
        _follow_hand(view, hand.to_json(), "tb")


def _table_adds(view: TableView, outcome, reading: dict | None, lang: str) -> None:
    """The hand as the ledger will record it, where the table's honba or sticks change it."""
    try:
        entry = _outcome_entry(view, outcome.hand.to_json(), reading)
    except LedgerError:
        return
    R.table_adds(ledger(), view, entry, outcome.result.to_json(), lang)


def add_to_table_view(outcome, lang: str) -> None:
    """Under the score: put this hand into the joined table's ledger (who won, who paid)."""
    ss = st.session_state
    if outcome.result is None or outcome.hand is None:
        return
    if not ss.get("table"):  # a link: on a phone the pages hide behind the side bar's button
        page = ss.get("_table_page")  # set by app.py's navigation; a page run alone has none
        if page is None:
            st.caption(t("to_table_none", lang))
        else:
            st.page_link(page, label=t("to_table_none", lang), icon=":material/groups:")
        return
    try:
        view = ledger().table(ss.table)
    except LedgerError:
        return
    draft = ss.get("draft")
    tiles = [{"code": d.code, "group": d.group, "box": list(d.box), "detection": d.detection}
             for d in getattr(draft, "tiles", ()) if d.box is not None]
    reading = {"tiles": tiles} if tiles else None
    with st.expander(t("to_table", lang, name=view.name), icon=":material/groups:",
                     key="tb-score-exp"):
        st.caption(t("to_table_help", lang))
        view = _more_winners(view, lang, "tb-score")  # 血战到底: a win in the hand going on
        _follow_hand(view, outcome.hand.to_json())
        who_inputs(view, "tb-score", lang)
        _table_adds(view, outcome, reading, lang)
        O.differ_warning(view, lang)
        st.button(t("to_table", lang, name=view.name), key="tb-score-add", type="primary",
                  on_click=TM.tapped(TM.TOP, _add_outcome),
                  args=(outcome.hand.to_json(), reading, lang))
        msg = ss.get("table_msg")
        if msg:
            getattr(st, msg[0])(msg[1])
