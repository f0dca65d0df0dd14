"""The app's Table page (牌桌), driven headlessly (AppTest): start a table, add hands, read the
totals and why each hand paid, undo, join from a second phone by the code, both languages;
and the scoring page's "Add to table"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from mjlens.ledger.store import URL_ENV, Ledger
from tests.app_support import open_scoring_page

ROOT = Path(__file__).resolve().parents[1]
PAGE = str(ROOT / "app_pages" / "table.py")
APP = str(ROOT / "app.py")
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def url(tmp_path, monkeypatch):
    value = f"sqlite:///{tmp_path / 'ledger.sqlite'}"
    monkeypatch.setenv(URL_ENV, value)
    return value


def page(lang: str = "en") -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["lang"] = lang
    at.run()
    assert not at.exception, at.exception
    return at


def shown(at) -> str:
    parts = [m.value for m in at.markdown] + [e.label for e in at.expander] + \
        [str(d.value) for d in at.dataframe] + [c.value for c in at.caption] + \
        [s.value for s in at.success] + [e.value for e in at.error]
    return "\n".join(parts)


def start(at, name: str = "Friday", rules: str = "gb") -> AppTest:
    at.text_input(key="tb-name").set_value(name)
    for i, p in enumerate(PLAYERS):
        at.text_input(key=f"tb-p{i}").set_value(p)
    at.selectbox(key="tb-rules").set_value(rules)
    at.button(key="tb-start-btn").click().run()
    assert not at.exception, at.exception
    return at


def add(at, notation: str, winner: int, discarder) -> AppTest:
    at.text_input(key="tb-hand").set_value(notation)
    at.selectbox(key="tb-winner").set_value(winner)
    at.selectbox(key="tb-from").set_value(discarder)
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    return at


def totals(at) -> list[str]:
    frame = at.dataframe[0].value
    return [str(v) for v in frame["Total"]]


def test_a_game_on_the_table_page(url):
    at = start(page())
    code = Ledger(url).table("Friday").code
    assert code in shown(at) and "Ann" in shown(at)
    add(at, "123m 456p 789s 11z 55s +5s", 1, 3)
    assert "Hand 1 added." in shown(at)
    assert totals(at) == ["-8", "34", "-8", "-18"]
    assert "Di pays Bo 18" in shown(at)
    add(at, "123m 456p 789s 11z 55s *5s", 2, "-")
    assert totals(at) == ["-28", "14", "52", "-38"]
    # a second phone joins by the code and sees the same ledger
    other = page()
    other.text_input(key="tb-join").set_value(code.lower())
    other.button(key="tb-join-btn").click().run()
    assert totals(other) == ["-28", "14", "52", "-38"]
    at.button(key="tb-undo").click().run()
    assert "Hand 2 undone." in shown(at) and totals(at) == ["-8", "34", "-8", "-18"]
    assert len(Ledger(url).table("Friday").hands) == 1
    csv_button = at.get("download_button")
    assert csv_button, "the CSV download is offered"


def test_refusals_are_shown_in_words_and_nothing_is_stored(url):
    at = start(page())
    add(at, "11111m 456p 789s 11z 5s +5s", 0, 1)
    assert "only four of each tile" in shown(at)
    assert Ledger(url).table("Friday").hands == []
    at = page()
    at.text_input(key="tb-join").set_value("NOPE").run()
    at.button(key="tb-join-btn").click().run()
    assert "There is no table called NOPE" in shown(at)


def test_the_players_are_asked_for_in_turn_order(url):
    """On a phone the columns stack: the page, read top to bottom, asks for player 1, 2, 3, 4
    (it asked 1, 3, 2, 4 when each column held every other player)."""
    keys = [w.key for w in page().text_input if w.key.startswith("tb-p")]
    assert keys == ["tb-p0", "tb-p1", "tb-p2", "tb-p3"]


def test_the_chinese_page(url):
    at = start(page("zh"), "周五")
    add(at, "123m 456p 789s 11z 55s +5s", 1, 3)
    text = shown(at)
    assert "已记第 1 局" in text and "Di 付给 Bo 18" in text and "坐庄" in text
    assert at.dataframe[0].value.columns.tolist() == ["玩家", "座位", "累计"]
    labels = [b.label for b in at.get("download_button")] + [b.label for b in at.button]
    assert not [w for w in labels if re.search("[A-Za-z]", w)], labels  # 下载 CSV


def test_the_traditional_page_names_the_rule_set_in_traditional(url):
    at = page("zh-Hant")
    assert "國標麻將" in at.selectbox(key="tb-rules").options  # it offered the Simplified 国标麻将
    start(at, "週五")
    assert "國標麻將" in [c.value for c in at.caption]


def test_add_to_table_from_the_scoring_page(url, monkeypatch):
    Ledger(url).new_table("Friday", PLAYERS, "gb")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.run()
    at.selectbox(key="rules").set_value("gb").run()
    at.text_input(key="notation").set_value("123m 456p 789s 11z 55s +5s").run()
    assert not at.exception, at.exception
    at.selectbox(key="tb-score-winner").set_value(2)
    at.selectbox(key="tb-score-from").set_value(0)
    at.button(key="tb-score-add").click().run()
    assert not at.exception, at.exception
    view = Ledger(url).table("Friday")
    assert [h.winners for h in view.hands] == [[2]]
    assert view.totals == [-18, -8, 34, -8]


def test_where_the_rule_text_leaves_the_deal_to_the_table_the_page_asks_who_dealt(url):
    """Guangxi's rule text does not say who deals next: the page offers the players (the
    dealer so far first) and the ledger keeps the one chosen; Guobiao's deal passes by rule."""
    at = start(page(), rules="guangxi")
    assert at.selectbox(key="tb-dealer").value == 0
    at.selectbox(key="tb-dealer").set_value(2)
    at.button(key="tb-draw").click().run()
    assert not at.exception, at.exception
    hands = Ledger(url).table("Friday").hands
    assert len(hands) == 1 and hands[0].dealer == 2
    assert "**Cy** deals" in shown(at)
    assert "Who dealt this hand on the Table page" in shown(at)
    other = start(page(), name="Saturday", rules="gb")
    assert not [s for s in other.selectbox if s.key == "tb-dealer"]


def test_add_to_table_starts_from_the_scored_hands_seats(url):
    """The scoring page's Add to table box said Player 1 won and 'nobody (self-drawn)' whatever
    the hand: a discard win went in under a label that said self-drawn, and a winner at South
    under player 1's seat. The winner and discarder start as the scored hand has them."""
    Ledger(url).new_table("Friday", PLAYERS, "gb")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.run()
    at.selectbox(key="rules").set_value("gb").run()
    at.text_input(key="notation").set_value("123m 456p 789s 11z 55s +5s seat:S discarder=W").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="tb-score-winner").value == 1  # Bo sits South while Ann deals
    assert at.selectbox(key="tb-score-from").value == 2  # Cy sits West
    at.text_input(key="notation").set_value("123m 456p 789s 11z 55s +5s").run()
    assert at.selectbox(key="tb-score-winner").value == 0
    assert at.selectbox(key="tb-score-from").value == 3  # none given: the seat before East's
    at.selectbox(key="tb-score-from").set_value(1).run()  # a choice stands while the hand does
    assert at.selectbox(key="tb-score-from").value == 1
    at.text_input(key="notation").set_value("123m 456p 789s 11z 55s *5s").run()
    assert at.selectbox(key="tb-score-from").value == "-"  # self-drawn
    at.button(key="tb-score-add").click().run()
    assert not at.exception, at.exception
    view = Ledger(url).table("Friday")
    assert [h.winners for h in view.hands] == [[0]] and view.totals[0] > 0


def test_the_add_a_hand_form_starts_from_the_typed_hands_seats(url):
    """The Table page's own Add a hand form said 'nobody (self-drawn)' whatever hand was typed,
    a discard win (+5s) among them: the winner and discarder start as the typed hand has them,
    as the scoring page's Add to table box does."""
    at = start(page())
    at.text_input(key="tb-hand").set_value("123m 456p 789s 11z 55s +5s seat:S discarder=W").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="tb-winner").value == 1  # Bo sits South while Ann deals
    assert at.selectbox(key="tb-from").value == 2  # Cy sits West
    at.text_input(key="tb-hand").set_value("123m 456p 789s 11z 55s +5s").run()
    assert at.selectbox(key="tb-winner").value == 0
    assert at.selectbox(key="tb-from").value == 3  # none given: the seat before East's
    at.selectbox(key="tb-from").set_value(1).run()  # a choice stands while the hand does
    assert at.selectbox(key="tb-from").value == 1
    at.text_input(key="tb-hand").set_value("123m 456p 789s 11z 55s +5s seat:").run()
    assert at.selectbox(key="tb-from").value == 1  # a hand that does not read changes nothing
    at.text_input(key="tb-hand").set_value("123m 456p 789s 11z 55s *5s").run()
    assert at.selectbox(key="tb-from").value == "-"  # self-drawn
    at.text_input(key="tb-hand").set_value("123m 456p 789s 11z 55s +5s seat:S discarder=W").run()
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    view = Ledger(url).table("Friday")
    assert [h.winners for h in view.hands] == [[1]], shown(at)
    assert "Cy pays Bo" in shown(at), shown(at)


def test_a_taiwanese_table_keeps_each_players_seat_as_the_deal_moves(url):
    """Taiwan counts seats from 開門 (docs/taiwan.md, Seats): after Cy's win passes the deal from
    Ann to Bo, the Seat column still reads East, South, West, North, and a typed hand at West
    starts with Cy as the winner and, on North's discard, Di as the discarder (counted from
    the dealer they were Di and Ann). Guobiao's seats turn with the deal, as before."""
    at = start(page(), rules="taiwan")
    add(at, "[123m<] 456m 789m [555s<] 56p 99s +7p", 2, 3)
    assert Ledger(url).table("Friday").deal.dealer == 1
    assert at.dataframe[0].value["Seat"].tolist() == ["East", "South", "West", "North"]
    at.text_input(key="tb-hand").set_value(
        "[123m<] 456m 789m 333z 56p 99s +7p 38f seat:W discarder=N").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="tb-winner").value == 2
    assert at.selectbox(key="tb-from").value == 3
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    hand = Ledger(url).table("Friday").hands[-1]
    assert hand.result["dealer"] == "S" and hand.winners == [2]
    assert "Di pays Cy 4" in shown(at), shown(at)  # 底 1 + 門風刻 1 + 正花 2 (秋, 竹)
    gb = start(page(), name="Saturday", rules="gb")
    add(gb, "123m 456p 789s 11z 55s +5s", 1, 3)
    assert gb.dataframe[0].value["Seat"].tolist() == ["North", "East", "South", "West"]


@pytest.mark.parametrize("rules,tiles", [("gb", 14), ("taiwan", 17), ("yuhuan", 17)])
def test_the_add_a_hand_forms_example_has_the_tables_hand_size(url, rules, tiles):
    """The form's grey example was a 14-tile hand at a 16-tile game's table too."""
    from scoring.notation import parse_hand

    at = start(page(), rules=rules)
    example = at.text_input(key="tb-hand").proto.placeholder
    assert len(parse_hand(example).concealed) + 1 == tiles, example


def test_a_visit_to_the_table_page_keeps_the_language_rule_set_and_hand(url):
    """Streamlit forgets a widget's value on a run that does not draw it: a player who chose
    简体中文 and Sichuan, typed a hand and opened the Table page saw it turn English at their
    next tap, the new table offered Guobiao, and back on the scoring page the rule set was
    Guobiao again, every option at its default and the notation box empty."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.button_group(key="lang").set_value("zh").run()
    at.selectbox(key="rules").set_value("sichuan").run()
    at.text_input(key="notation").set_value("123456789m2345p *5p").run()
    at.number_input(key="opt-sichuan-base").set_value(5).run()
    at.switch_page(PAGE).run()
    at.text_input(key="tb-name").set_value("Friday").run()  # a tap on the Table page
    assert not at.exception, at.exception
    assert at.markdown[0].value == "### 牌桌"
    assert at.selectbox(key="tb-rules").value == "sichuan"
    open_scoring_page(at)
    at.run()
    assert not at.exception, at.exception
    assert at.selectbox(key="rules").value == "sichuan"
    assert at.number_input(key="opt-sichuan-base").value == 5
    assert at.text_input(key="notation").value == "123456789m2345p *5p"
    assert at.session_state["lang"] == "zh"


def test_the_scoring_page_links_to_the_table_page_until_a_table_is_joined(url):
    """Under a scored hand the page said 'Join a table on the Table page' as plain text; on a
    phone the pages hide behind the side bar's button. It is a link to the page."""
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.text_input(key="notation").set_value("123m 456p 789s 11z 55s +5s").run()
    assert not at.exception, at.exception
    links = at.get("page_link")
    assert len(links) == 1 and "Table page" in links[0].proto.label, links
    assert links[0].proto.page.endswith("table"), links[0].proto


def test_the_winner_and_discarder_lists_name_each_players_seat(url):
    """The lists named the players only, while a typed hand says seats (seat:S discarder=W):
    each name now carries the seat wind it sits at in this hand, which turns with the deal in
    Guobiao and stays with the player in Taiwan."""
    at = start(page())
    assert at.selectbox(key="tb-winner").options == [
        "Ann (East)", "Bo (South)", "Cy (West)", "Di (North)"]
    add(at, "123m 456p 789s 11z 55s +5s", 1, 3)  # Bo wins: the deal passes to Bo
    assert at.selectbox(key="tb-winner").options[1] == "Bo (East)"
    assert at.selectbox(key="tb-from").options[1:] == [
        "Ann (North)", "Bo (East)", "Cy (South)", "Di (West)"]
    tw = start(page("zh"), name="Sunday", rules="taiwan")
    add(tw, "[123m<] 456m 789m [555s<] 56p 99s +7p", 2, 3)  # the deal passes to Bo
    assert tw.selectbox(key="tb-winner").options == ["Ann（东）", "Bo（南）", "Cy（西）", "Di（北）"]


def test_an_added_hand_leaves_the_box_so_a_second_tap_adds_nothing(url):
    """The typed hand stayed in the box after Add hand: a second tap (a slow phone, a tap that
    seemed lost) recorded the same hand twice."""
    at = start(page())
    add(at, "123m 456p 789s 11z 55s +5s", 1, 3)
    assert at.text_input(key="tb-hand").value == ""
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    assert len(Ledger(url).table("Friday").hands) == 1


def test_undo_removes_only_the_hand_this_phone_shows_as_last(url):
    """Any phone could undo the newest hand, one another phone had added a moment before and
    this one had not shown yet: Undo names the hand it removes and refuses when another was
    added since."""
    at = start(page())
    add(at, "123m 456p 789s 11z 55s +5s", 1, 3)
    assert at.button(key="tb-undo").label == "Undo hand 1"
    other = Ledger(url)  # another phone adds hand 2 before this page refreshes
    from mjlens.ledger import entries
    other.add("Friday", entries.from_notation("123m 456p 789s 11z 55s *5s", winner=2))
    at.button(key="tb-undo").click().run()
    assert not at.exception, at.exception
    assert "hand 2 was added meanwhile. Nothing was undone" in shown(at), shown(at)
    assert len(Ledger(url).table("Friday").hands) == 2
    assert at.button(key="tb-undo").label == "Undo hand 2"
    at.button(key="tb-undo").click().run()
    assert "Hand 2 undone." in shown(at) and len(Ledger(url).table("Friday").hands) == 1


def test_a_winner_that_is_no_players_number_is_left_to_the_hands_seat(tmp_path, monkeypatch):
    """A browser may send back an option's label drawn before the deal moved ("Ann (East)")
    for the winner box; it reached the ledger as the winner and broke the Add (TypeError in the
    seat arithmetic). Only a player's number passes; otherwise the hand's seat says who won."""
    import types

    from mjlens.ui import table_page as TP
    from mjlens.ui import table_riichi as TR

    view = Ledger(f"sqlite:///{tmp_path / 'l.db'}").new_table("T", ["Ann", "Bo", "Cy", "Di"], "gb")
    for module in (TP, TR):
        monkeypatch.setattr(module, "st", types.SimpleNamespace(session_state={}))
    TP.st.session_state.update({"tb-winner": "Ann (East)", "tb-from": "-"})
    assert TP._who(view, "tb")["winner"] is None
    TP.st.session_state["tb-winner"] = 2
    assert TP._who(view, "tb")["winner"] == 2
