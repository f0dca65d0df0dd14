"""The Table page at a Taiwanese table (台灣麻將), read as a Taiwanese player reads it: the
discarder box says 放槍者 (the rule set's own word: 放枪的人一家付), and the next hand's line says
the dealer's streak (連N, NH48 "連1拉1為3台") and the wind round (東風圈)."""

from __future__ import annotations

from mjlens.ledger.store import Ledger
from tests.app_support import toy_rules  # noqa: F401
from tests.test_app import app, enter  # noqa: F401
from tests.test_app_table import page, start, url  # noqa: F401


def test_a_taiwanese_table_says_fangqiang_and_the_dealers_streak(url):  # noqa: F811
    at = start(page("zh-Hant"), name="週五", rules="taiwan")
    assert at.selectbox(key="tb-from").label == "放槍者"
    at.button(key="tb-draw").click().run()  # 流局: the dealer keeps the deal, 連1
    assert not at.exception, at.exception
    assert Ledger(url).table("週五").deal.streak == 1
    lines = [m.value for m in at.markdown]
    assert any("下一局：**Ann 連1** 坐莊，東風圈。" in line for line in lines), lines
    gb = start(page("zh-Hant"), name="週六", rules="gb")
    assert gb.selectbox(key="tb-from").label == "放炮者"


def test_the_scoring_pages_discarder_box_says_fangqiang_too(app):  # noqa: F811
    """The scoring page's discarder box read 點炮者 under taiwan, whose reasons say 放槍."""
    enter(app, "123m 456m 789m 234p 56p 99s +7p seat:S")
    app.segmented_control(key="lang").set_value("zh-Hant").run()
    app.selectbox(key="rules").set_value("taiwan").run()
    assert app.selectbox(key="extra-discarder").label == "放槍者"


def test_the_downloaded_sheet_opens_in_excel_in_chinese(url):  # noqa: F811
    """Download CSV gave UTF-8 without a byte order mark, which Excel on a Taiwanese Windows
    reads as Big5: 阿明, 台數 and 流局 came out garbled."""
    from mjlens.ui.table_page import _csv

    start(page("zh-Hant"), name="週五", rules="taiwan").button(key="tb-draw").click().run()
    sheet = _csv(Ledger(url).table("週五"), "zh-Hant")
    assert sheet.startswith("\ufeff局,類型,和牌者,莊家,台數,Ann,")
    assert sheet.encode("utf-8")[:3] == b"\xef\xbb\xbf"


def test_a_table_started_with_liuju_guozhuang_passes_the_deal_and_says_the_jiang_ended(url):  # noqa: F811
    """The Start form asks who deals after a drawn hand (流局連莊, the default, or 流局過莊, a
    house rule) where the rule set has the choice; sixteen drawn hands at a 流局過莊 table go
    round the table four times, and the page says the game (一將) ended, as it went silently
    back to the East round before."""
    from mjlens.ledger import entries

    at = page("zh-Hant")
    at.selectbox(key="tb-rules").set_value("taiwan").run()
    box = at.selectbox(key="tb-opt-drawn_deal")
    assert box.label == "牌桌：流局後坐莊" and box.value == "keep"
    assert box.format_func("pass") == "流局過莊"
    box.set_value("pass")
    start(at, name="週五", rules="taiwan")
    assert Ledger(url).table("週五").options == {"drawn_deal": "pass"}
    at.button(key="tb-draw").click().run()
    assert Ledger(url).table("週五").deal.dealer == 1  # 流局過莊: 小美 deals
    for _ in range(15):
        Ledger(url).add("週五", entries.drawn())
    at.run()
    said = [i.value for i in at.info]
    assert any(s.startswith("這一場（一將：東南西北四圈）在第 16 局後打完") for s in said), said
