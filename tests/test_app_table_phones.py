"""The Table page as a game at a real table uses it: phones reloaded mid-game, a Sichuan hand
with several winners (血战到底), a hand undone by mistake from another phone (AppTest)."""

from __future__ import annotations

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
