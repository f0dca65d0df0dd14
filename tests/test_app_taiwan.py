"""The app under the Taiwanese 16-tile rule set, on the Traditional Chinese page: what a player
at such a table enters (flowers, a win by flowers, the dealer's run) reaches the score."""

from __future__ import annotations

import re

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


def _shown(at) -> list[str]:
    """What the page says, less the markup: HTML tags, icon names, bold marks."""
    rows = [v for tbl in at.table for r in tbl.value.to_dict("records") for v in r.values()]
    texts = [*(m.value for m in at.metric), *(c.value for c in at.caption), *map(str, rows),
             *(m.value for m in at.markdown), *(str(e.value) for e in [*at.info, *at.warning])]
    out = []
    for text in texts:
        text = re.sub(r"<[^>]*>|:material/[a-z_]+:|:[a-z]+-badge\[|\*\*", "", str(text))
        out.append(text)
    return out


def test_the_traditional_page_of_a_scored_hand_has_no_latin_letters(app):  # noqa: F811
    """A Taiwanese hand on the 繁體中文 page: its reading read '拆解：`123m 456m ...`', its own
    flower '正花 ... ：2f（夏）', every payment '底1 + 4台 x 1 = 5' and the rule set's description
    '連莊2N+1'; a Taiwanese table writes none of these codes and letters."""
    app.button_group(key="lang").set_value("zh-Hant").run()
    app.selectbox(key="rules").set_value("taiwan").run()
    app.text_input(key="notation").set_value(
        "123m 456m 789m 234p 56p 99s +7p 25f seat:S dealer_streak=1 discarder=E").run()
    assert not app.exception, app.exception
    shown = _shown(app)
    said = " | ".join(shown)
    assert "九九條" in said and "：夏" in said and "台 × 1" in said, said[:800]
    latin = [s for s in shown if re.search("[A-Za-z]", s) and "mjlens" not in s]
    assert latin == [], latin


def test_the_traditional_page_names_a_selected_tile_and_the_discarder_in_its_own_script(app):  # noqa: F811
    """Selecting a tile said '已選：一萬 (1m)' (the code, Latin, in half-width brackets) and the
    closed win details '點和 (東)'; the Traditional page writes '已選：一萬' and '點和（東）'. The
    Simplified page keeps the code, as the notation writes it, in full-width brackets."""
    app.button_group(key="lang").set_value("zh-Hant").run()
    app.selectbox(key="rules").set_value("taiwan").run()
    app.text_input(key="notation").set_value(
        "123m 456m 789m 234p 56p 99s +7p 25f seat:S discarder=E").run()
    app.button(key="tile-0").click().run()
    assert not app.exception, app.exception
    said = " | ".join(m.value for m in app.markdown)
    assert "已選：一萬" in said and "1m" not in said, said[:600]
    summaries = [e.label for e in app.expander if "和牌方式" in e.label]
    assert summaries and "點和（東）" in summaries[0], summaries
    app.button_group(key="lang").set_value("zh").run()
    said = " | ".join(m.value for m in app.markdown)
    assert "已选：一万（1m）" in said, said[:600]
