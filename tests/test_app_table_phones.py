"""The Table page as a game at a real table uses it: phones reloaded mid-game, a Sichuan hand
with several winners (血战到底), a mistyped code (AppTest)."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from mjlens.ledger.store import Ledger
from tests.test_app_table import PAGE, PLAYERS, add, page, shown, start, totals, url  # noqa: F401


def test_a_reloaded_phone_is_still_at_the_table(url):  # noqa: F811
    """A reload (or a phone woken from sleep) starts a new session: the page went back to Join
    and the player had to type the code again mid-game. The address keeps the table's code."""
    at = start(page())
    add(at, "123m 456p 789s 11z 55s +5s", 1, 3)
    code = Ledger(url).table("Friday").code
    assert at.query_params.get("table") == code
    reloaded = AppTest.from_file(PAGE, default_timeout=60)
    reloaded.session_state["lang"] = "en"
    reloaded.query_params["table"] = code
    reloaded.run()
    assert not reloaded.exception, reloaded.exception
    assert totals(reloaded) == ["-8", "34", "-8", "-18"]
    reloaded.button(key="tb-leave").click().run()
    assert "table" not in reloaded.query_params
    assert reloaded.text_input(key="tb-join")  # left: asked to join or start again


def test_a_sichuan_hand_with_two_winners_is_one_hand(url):  # noqa: F811
    """血战到底: Bo draws his win, the hand goes on, Cy draws hers. Added as two hands, the deal
    moved after Bo's win (Cy's win was scored at Bo's deal, her seat South), Bo, already out,
    paid for Cy's self-drawn win, and Cy dealt next. As another winner in hand 1: Ann and Di
    pay Cy, Bo does not; Bo, the first winner, deals next (docs/table.md, Who deals next)."""
    at = start(page(), rules="sichuan")
    add(at, "2224445557779m *9m", 1, "-")
    at.checkbox(key="tb-more").check()
    add(at, "111222333p 4477p *7p", 2, "-")
    assert "Hand 1: another winner added." in shown(at)
    view = Ledger(url).table("Friday")
    assert len(view.hands) == 1 and view.hands[0].winners == [1, 2]
    assert view.totals == [-16, 24, 8, -16]
    assert "Bo pays Cy" not in shown(at) and "Di pays Cy 8" in shown(at)
    assert "**Bo** deals" in shown(at)
    assert at.checkbox(key="tb-more").value  # two have won: the hand still goes on
    # a gb table has no such box: the first win ends the hand
    assert not [c for c in start(page(), name="Saturday").checkbox if c.key == "tb-more"]


def test_one_discard_won_by_two_gives_the_deal_to_the_discarder(url):  # noqa: F811
    """一炮双响: Di's 9m wins for Ann and Cy. The Chengdu rule: the discarder deals next."""
    at = start(page("zh"), rules="sichuan")
    add(at, "2224445557779m +9m", 0, 3)
    at.checkbox(key="tb-more").check()
    add(at, "111222333p 78m 77p +9m", 2, 3)
    view = Ledger(url).table("Friday")
    assert view.totals == [8, 0, 1, -9] and view.deal.dealer == 3
    assert "**Di** 坐庄" in shown(at)


def test_a_wrong_code_is_refused_in_the_players_words(url):  # noqa: F811
    """A mistyped code answered with the command line's sentence, which sends the player to
    `mjlens table list`: Latin letters and a command on the Chinese page."""
    at = page("zh")
    at.text_input(key="tb-join").set_value("7RGCAB")
    at.button(key="tb-join-btn").click().run()
    refusal = at.error[0].value
    assert "7RGCAB" in refusal and "mjlens" not in refusal
    assert not re.search("[A-Za-z]", refusal.replace("7RGCAB", "")), refusal
