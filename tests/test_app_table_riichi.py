"""Riichi sticks at the app's table (mjlens/ui/table_riichi.py): the Table page's Add a hand form,
its drawn-hand button and the scoring page's Add to table box ask who declared riichi, as the
CLI's `table add --riichi` does; the standings say what lies on the table, a drawn hand's
heading whose sticks stay there, and the discarder box uses riichi's own word (放铳者)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from mjlens.ledger import entries
from mjlens.ledger.store import Ledger
from tests.test_app_table import APP, PLAYERS, page, shown, start, url  # noqa: F401

RON = "234m 456p 3455s 678s +5s"  # tanyao, won on a discard: 5800 to the dealer (Ann)

WORDS = {
    "en": {"drawn": "1. drawn hand: Bo's and Cy's riichi sticks stay on the table",
           "pot": "On the table: 2 riichi sticks (2,000)", "added": "Hand 2 added.",
           "honba": "; next hand: 1 honba (本场)", "honba_after": "; next hand: 2 honba (本场)",
           "heading": "(dealer Ann, East round, 1 honba)"},
    "zh": {"drawn": "1. 流局：Bo、Cy 的立直棒留在桌上",
           "pot": "桌上：2 根立直棒（2,000 点）", "added": "已记第 2 局。",
           "honba": "；下一局：1 本场", "honba_after": "；下一局：2 本场",
           "heading": "（庄家 Ann，东圈，1 本场）"},
}


def _totals(at) -> list[float]:
    return [float(v) for v in at.dataframe[0].value.iloc[:, 2]]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_declarers_sticks_stay_on_a_drawn_hand_and_the_winner_takes_them(url, lang):  # noqa: F811
    """Bo and Cy declare riichi in a drawn hand: 1,000 each goes onto the table, the heading says
    so (it said 'nobody pays'), the standings show the two sticks. Ann then wins with her own
    riichi (read from the hand) and takes all three. The form had no way to name a declarer."""
    at = start(page(lang), rules="riichi")
    at.multiselect(key="tb-riichi").set_value([1, 2])
    at.button(key="tb-draw").click().run()
    assert not at.exception, at.exception
    words = WORDS[lang]
    assert words["drawn"] in shown(at), shown(at)
    assert words["pot"] + words["honba"] in shown(at)  # the drawn hand adds a honba (本场)
    assert _totals(at) == [0, -1000, -1000, 0]
    assert at.multiselect(key="tb-riichi").value == []  # the next hand is ticked afresh
    at.text_input(key="tb-hand").set_value(RON + " riichi=true").run()
    at.selectbox(key="tb-winner").set_value(0)
    at.selectbox(key="tb-from").set_value(3)
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    assert words["added"] in shown(at), shown(at)
    hand = Ledger(url).table("Friday").hands[-1]
    assert hand.result["riichi_sticks"] == 3 and hand.result["from_table"] == 3000
    # the drawn hand left a honba (本场): 300 more from the discarder
    assert hand.honba == 1
    assert _totals(at) == [5800 + 300 + 3000 - 1000, -1000, -1000, -5800 - 300]
    assert words["pot"] not in shown(at) and Ledger(url).table("Friday").riichi_sticks == 0
    assert words["honba_after"] in shown(at) and words["heading"] in shown(at)  # Ann dealt


def test_the_discarder_box_uses_riichis_word_and_only_riichi_asks_for_declarers(url):  # noqa: F811
    """The Table page's discarder box said 放炮者 at a riichi table, whose words elsewhere (the
    scoring page, the reasons) say 放铳者; other rule sets keep 放炮者 and have no sticks."""
    at = start(page("zh"), rules="riichi")
    assert at.selectbox(key="tb-from").label == "放铳者"
    assert at.multiselect(key="tb-riichi").label == "本局立直者"
    gb = start(page("zh"), name="Saturday", rules="gb")
    assert gb.selectbox(key="tb-from").label == "放炮者"
    assert not [m for m in gb.multiselect if m.key == "tb-riichi"]


def test_a_ticked_winner_whose_hand_does_not_say_riichi_is_refused(url):  # noqa: F811
    """The winner's riichi is read from the hand: ticked here while the hand says no riichi,
    the stick would go in and out while the score missed riichi's han."""
    at = start(page(), rules="riichi")
    at.text_input(key="tb-hand").set_value(RON).run()
    at.selectbox(key="tb-winner").set_value(0)
    at.selectbox(key="tb-from").set_value(3)
    at.multiselect(key="tb-riichi").set_value([0, 1])
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    assert "Ann won and is ticked as declaring riichi" in shown(at), shown(at)
    assert Ledger(url).table("Friday").hands == []
    assert at.multiselect(key="tb-riichi").value == [0, 1]  # kept, to correct
    at.text_input(key="tb-hand").set_value(RON + " riichi=true").run()
    at.button(key="tb-add").click().run()
    hand = Ledger(url).table("Friday").hands[-1]
    assert hand.result["from_table"] == 2000 and hand.entry["riichi"] == [0, 1]


def test_add_to_table_from_the_scoring_page_names_the_declarers(url):  # noqa: F811
    """The scoring page's Add to table box counted the winner's own riichi only: Bo declares
    again in the hand Ann wins, and she takes the two sticks left by a drawn hand, hers and his."""
    led = Ledger(url)
    led.new_table("Friday", PLAYERS, "riichi")
    led.add("Friday", entries.drawn(riichi=[1, 2]))
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.run()
    at.selectbox(key="rules").set_value("riichi").run()
    at.text_input(key="notation").set_value(RON + " riichi=true").run()
    assert not at.exception, at.exception
    assert at.selectbox(key="tb-score-winner").value == 0
    assert at.selectbox(key="tb-score-from").value == 3
    at.multiselect(key="tb-score-riichi").set_value([1])
    at.button(key="tb-score-add").click().run()
    assert not at.exception, at.exception
    view = Ledger(url).table("Friday")
    hand = view.hands[-1]
    assert hand.result["riichi_sticks"] == 4 and hand.result["from_table"] == 4000
    paid = hand.payments[0]["amount"] + hand.payments[1]["amount"]  # the hand, 1 honba (本场)
    assert hand.honba == 1 and hand.payments[1]["amount"] == 300
    assert view.totals == [paid + 4000 - 1000, -2000, -1000, -paid]
    assert view.riichi_sticks == 0 and sum(view.totals) == 0
    assert at.multiselect(key="tb-score-riichi").value == []
