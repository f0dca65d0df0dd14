"""A table's rule-set options in the app (mjlens/ui/table_options.py): the Start form takes the
stake and cap set on the scoring page, the page says which the table plays, and Add to table
warns where the scoring page scores otherwise (AppTest)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from mjlens.ledger.store import Ledger
from tests.test_app_table import APP, PAGE, PLAYERS, add, start, totals, url  # noqa: F401
from tests.test_ledger_wall_end import BO


def test_a_table_started_after_choosing_cap_4_plays_cap_4(url):  # noqa: F811
    """Chengdu Ⅵ-6: "部分牌局約定4番封頂". The Start form asked only the options that move the
    deal, so the table played cap 3 whatever the scoring page said: Bo's 5-fan self-draw paid
    8 each instead of 16 (2^4, within cap 4)."""
    at = AppTest.from_file(PAGE, default_timeout=60)
    at.session_state["lang"] = "en"
    at.session_state["rules"] = "sichuan"
    at.session_state["opt-sichuan-cap"] = 4
    at.run()
    assert "Options from the scoring page: Cap, in fan above a plain win (封顶): 4" in \
        [c.value for c in at.caption]
    start(at, rules="sichuan")
    assert Ledger(url).table("Friday").options == {"cap": 4}
    assert "Sichuan blood battle (Chengdu) · Cap, in fan above a plain win (封顶): 4" in \
        [c.value for c in at.caption]
    add(at, BO, 1, "-")
    assert totals(at) == ["-16", "48", "-16", "-16"]


def test_add_to_table_warns_where_the_scoring_page_plays_another_stake(url):  # noqa: F811
    Ledger(url).new_table("Friday", PLAYERS, "sichuan")
    at = AppTest.from_file(APP, default_timeout=60)
    at.session_state["table"] = "Friday"
    at.session_state["lang"] = "zh"
    at.run()
    at.selectbox(key="rules").set_value("sichuan").run()
    at.text_input(key="notation").set_value(BO).run()
    assert not at.warning
    at.number_input(key="opt-sichuan-base").set_value(5).run()
    assert not at.exception, at.exception
    warning = at.warning[0].value
    assert "本桌的选项是规则的默认选项" in warning and "5" in warning, warning
