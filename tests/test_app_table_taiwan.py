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
