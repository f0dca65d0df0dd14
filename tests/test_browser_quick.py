"""The one-tap rows of doubtful tiles (mjlens/ui/views_quick.py) in a real headless Chromium:
at phone width each row is one line (its crop, the other codes, the two icon buttons), so three
rows no longer fill half a phone's screen; the same on a desktop, in English and Chinese."""

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
