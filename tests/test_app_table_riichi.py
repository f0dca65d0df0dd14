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
    "en": {"drawn": "1. drawn hand: Ann, Bo and Cy tenpai (ready); Bo's and Cy's riichi sticks "
                    "stay on the table",
           "pot": "On the table: 2 riichi sticks (2,000)", "added": "Hand 2 added.",
           "honba": "; next hand: 1 honba (本场)", "honba_after": "; next hand: 2 honba (本场)",
           "heading": "(dealer Ann, East round, 1 honba)"},
    "zh": {"drawn": "1. 流局：Ann、Bo、Cy 听牌；Bo、Cy 的立直棒留在桌上",
           "pot": "桌上：2 根立直棒（2,000 点）", "added": "已记第 2 局。",
           "honba": "；下一局：1 本场", "honba_after": "；下一局：2 本场",
           "heading": "（庄家 Ann，东风圈，1 本场）"},
}


def _totals(at) -> list[float]:
    return [float(v) for v in at.dataframe[0].value.iloc[:, 2]]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_declarers_sticks_stay_on_a_drawn_hand_and_the_winner_takes_them(url, lang):  # noqa: F811
    """Bo and Cy declare riichi in a drawn hand: 1,000 each goes onto the table, the heading says
    so (it said 'nobody pays'), the standings show the two sticks. Ann, the dealer, was tenpai
    with them (a declarer was, EMA 2016 3.3.14): she keeps the deal, and Di, noten, pays the
    three 1,000 each. She then wins with her own riichi (read from the hand) and takes all
    three sticks. The form had no way to name a declarer."""
    at = start(page(lang), rules="riichi")
    at.multiselect(key="tb-riichi").set_value([1, 2])
    at.multiselect(key="tb-tenpai").set_value([0, 1, 2])
    at.button(key="tb-draw").click().run()
    assert not at.exception, at.exception
    words = WORDS[lang]
    assert words["drawn"] in shown(at), shown(at)
    assert words["pot"] + words["honba"] in shown(at)  # the drawn hand adds a honba (本场)
    assert _totals(at) == [1000, 0, 0, -3000]  # sticks, and the noten payments
    assert at.multiselect(key="tb-riichi").value == []  # the next hand is ticked afresh
    assert at.multiselect(key="tb-tenpai").value == []
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
    assert _totals(at) == [5800 + 300 + 3000 - 1000 + 1000, 0, 0, -5800 - 300 - 3000]
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


TENPAI = {"en": ("Tenpai (ready) at a drawn hand", "**Bo** deals, East round",
                 "1. drawn hand: nobody tenpai (ready), nobody pays"),
          "zh": ("流局时听牌者", "**Bo** 坐庄，东风圈", "1. 流局：无人听牌，无人支付")}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_drawn_hand_says_who_was_tenpai_and_a_noten_dealer_passes_the_deal(url, lang):  # noqa: F811
    """The deal never passed at a riichi table: a drawn hand with the dealer noten (nobody ticked)
    passes it to Bo; the form asks who was tenpai, in the page's language."""
    at = start(page(lang), rules="riichi")
    label, deals, heading = TENPAI[lang]
    assert at.multiselect(key="tb-tenpai").label == label
    at.button(key="tb-draw").click().run()
    assert not at.exception, at.exception
    assert deals in shown(at) and heading in shown(at), shown(at)
    assert Ledger(url).table("Friday").hands[0].entry["tenpai"] == []
    at.multiselect(key="tb-tenpai").set_value([2])  # Cy tenpai; Bo (the dealer) noten
    at.button(key="tb-draw").click().run()
    view = Ledger(url).table("Friday")
    assert view.deal.dealer == 2 and view.totals == [-1000, -1000, 3000, -1000]
    gb = start(page(lang), name="Saturday", rules="gb")
    assert not [m for m in gb.multiselect if m.key == "tb-tenpai"]


def test_the_table_page_names_the_liable_player_in_the_pao_notes(url):  # noqa: F811
    """Riichi's pao note said "West pays the whole hand" on the Table page, where West is Cy."""
    at = start(page(), rules="riichi")
    at.text_input(key="tb-hand").set_value("[555z<] [666z^] [777z>] 23m 99p +1m pao=W").run()
    at.selectbox(key="tb-winner").set_value(1)
    at.selectbox(key="tb-from").set_value(2)
    at.button(key="tb-add").click().run()
    assert not at.exception, at.exception
    assert "so Cy (West) pays the whole hand" in shown(at), shown(at)
    assert "so West pays the whole hand" not in shown(at)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_add_to_table_shows_the_hand_with_the_tables_honba_as_it_is_recorded(url, lang):  # noqa: F811
    """The scoring page's box showed the hand without the table's honba (本场) and sticks, which
    the ledger adds: it now shows what will be recorded, and that is what is recorded."""
    led = Ledger(url)
    led.new_table("Friday", PLAYERS, "riichi")
    led.add("Friday", entries.drawn(tenpai=[0, 1], riichi=[1]))  # Ann keeps the deal, 1 honba
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.session_state["lang"] = lang
    at.run()
    at.selectbox(key="rules").set_value("riichi").run()
    at.text_input(key="notation").set_value(RON).run()
    assert not at.exception, at.exception
    told = [i.value for i in at.info]
    words = {"en": ("the table's 1 honba (本场) and the riichi stick on the table",
                    "Ann gets 4,200 in all", "Di pays Ann 300: 1 honba"),
             "zh": ("本桌的 1 本场和桌上的 1 根立直棒", "Ann 共得 4,200 点", "Di 付给 Ann 300：1本场")}[lang]
    assert any(words[0] in m and words[1] in m for m in told), told
    assert words[2] in shown(at), shown(at)
    at.button(key="tb-score-add").click().run()
    hand = Ledger(url).table("Friday").hands[-1]
    assert hand.result["winner_gets"] == 4200 and hand.honba == 1  # 2,900 + 300 + 1,000


def test_add_to_table_says_nothing_more_where_the_table_adds_nothing(url):  # noqa: F811
    Ledger(url).new_table("Friday", PLAYERS, "riichi")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.run()
    at.selectbox(key="rules").set_value("riichi").run()
    at.text_input(key="notation").set_value(RON).run()
    assert not at.exception, at.exception
    assert not [i for i in at.info if "At this table" in i.value]
