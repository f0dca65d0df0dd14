"""The app with the Guangxi rule set: horses typed as tiles (shown as tile pictures), the dealer
chosen as a seat and the dealer's streak as a number, each changing the score."""

from __future__ import annotations

from tests.app_support import toy_rules  # noqa: F401
from tests.test_app import app, enter  # noqa: F401


def test_guangxi_horses_dealer_and_streak_inputs(app):  # noqa: F811
    enter(app, "123m 456p 789s 11s 23s *4s seat:W")
    app.selectbox(key="rules").set_value("guangxi").run()
    assert not app.exception
    app.text_input(key="extra-horses").set_value("3m 7p 1s 2z").run()
    assert not app.exception
    assert 'horses=["3m","7p","1s","2z"]' in app.text_input(key="notation").value
    rows = [r for tbl in app.table for r in tbl.value.to_dict("records")]
    assert any("x3 for 2 horse hit" in str(r) for r in rows) or any(
        "x3 for 2 horse hit" in m.value for m in app.markdown)
    app.selectbox(key="extra-dealer").set_value("W").run()  # the winner deals: needs a drawer
    assert not app.exception
    said = " ".join(str(e.value) for e in [*app.warning, *app.error])
    assert "“Seat that drew the horses (摸码)”" in said, said  # the page's control
    assert "horse_drawer" not in said
    app.text_input(key="extra-horses").set_value("").run()
    app.number_input(key="extra-dealer_streak").set_value(2).run()
    assert not app.exception
    text = " ".join(m.value for m in app.markdown)
    assert "连庄" in text
