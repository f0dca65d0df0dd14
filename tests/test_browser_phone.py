"""The scoring page at phone width (390 px) in a real headless Chromium: each one-tap row of a
doubtful tile (mjlens/ui/views_quick.py) is one line (its crop, the other codes, the two icon
buttons), so three rows no longer fill half a phone's screen (also on a desktop, in English and
Chinese); the two columns, stacked, have no empty band between them."""

from __future__ import annotations

import pytest

from tests.test_browser import ARGS, CHROMIUM, FIXTURE, _idle, standin_server  # noqa: F401

pytestmark = pytest.mark.browser

# For each doubtful row: its height, whether every element in it crosses the row's middle
# line (an element wrapped onto a second line does not), and how far it reaches right.
ROWS_JS = """() => Array.from(document.querySelectorAll('div[class*="st-key-doubt-"]')).map(row => {
  const r = row.getBoundingClientRect(), mid = (r.top + r.bottom) / 2;
  const kids = Array.from(row.children).map(c => c.getBoundingClientRect());
  return {height: r.height, one_line: kids.every(k => k.top < mid && k.bottom > mid),
          right: Math.max(...kids.map(k => k.right)), n: kids.length};
})"""


def test_a_doubtful_tiles_row_is_one_line_on_a_phone_and_a_desktop(standin_server):  # noqa: F811
    from playwright.sync_api import sync_playwright

    found = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for locale, width in (("en-US", 390), ("zh-CN", 390), ("en-US", 1280)):
                ctx = browser.new_context(locale=locale, viewport={"width": width, "height": 844})
                page = ctx.new_page()
                page.goto(standin_server)
                page.locator(".st-key-notation").wait_for(timeout=60_000)
                _idle(page)
                page.locator("input[type=file]").set_input_files(str(FIXTURE))
                page.locator('div[class*="st-key-doubt-"]').first.wait_for(timeout=60_000)
                _idle(page)
                found[locale, width] = (page.evaluate(ROWS_JS), width)
                ctx.close()
        finally:
            browser.close()
    for key, (rows, width) in found.items():
        assert rows, key
        for row in rows:
            # the crop, its other codes (the stand-in gives one), It's right and Not a tile
            assert row["n"] >= 4 and row["one_line"], (key, row)
            assert row["right"] <= width and row["height"] < 100, (key, row)


def test_the_stacked_columns_have_no_empty_band_between_them(standin_server):  # noqa: F811
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(standin_server)
            page.locator(".st-key-notation").wait_for(timeout=60_000)
            _idle(page)
            page.locator("input[type=file]").set_input_files(str(FIXTURE))
            page.locator('[data-testid="stMetricValue"]').first.wait_for(timeout=60_000)
            _idle(page)
            cols = page.evaluate("""() => Array.from(document.querySelectorAll(
                '[data-testid=stColumn]')).filter(c => c.getBoundingClientRect().width > 300)
                .map(c => [c.getBoundingClientRect().top, c.getBoundingClientRect().bottom])""")
        finally:
            browser.close()
    (_, hand_bottom), (score_top, _) = cols[:2]
    assert 0 <= score_top - hand_bottom <= 20, cols  # the page's own gap between parts: 16 px
