"""The app under the Taiwanese 16-tile rule set, on the Traditional Chinese page: what a player
at such a table enters (flowers, a win by flowers, the dealer's run) reaches the score."""

from __future__ import annotations

from tests.test_app_sixteen import _messages, app  # noqa: F401

EIGHT_FLOWERS = "123456789m 23456p 99s 12345678f seat:S"  # 16 standing tiles, no winning tile


def _words(at) -> str:
    rows = [str(r) for tbl in at.table for r in tbl.value.to_dict("records")]
    return " | ".join([*(m.value for m in at.metric), *rows, *(m.value for m in at.markdown),
                       _messages(at)])


def test_a_win_by_eight_flowers_is_scored_without_a_winning_tile(app):  # noqa: F811
    """八仙過海 won at once by the flowers: the rule set scores it without a winning tile (its
    field 以花胡牌 says so), but the page asked for a 17th tile first ('這手牌有 16 張，應為
    17 張'), so the field it offers could never be used."""
    app.button_group(key="lang").set_value("zh-Hant").run()
    app.selectbox(key="rules").set_value("taiwan").run()
    app.text_input(key="notation").set_value(EIGHT_FLOWERS).run()
    app.run()
    app.segmented_control(key="ctx-won_by").set_value("self").run()
    app.run()
    app.selectbox(key="extra-flower_win").set_value("eight").run()
    assert not app.exception, app.exception
    words = _words(app)
    assert app.metric and app.metric[0].value == "8 台", words[:600]
    assert "八仙過海" in words and "應為 17 張" not in words, words[:600]
