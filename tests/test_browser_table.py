"""The Table page in a real headless Chromium at phone width (390 px): one phone starts a table
and adds a hand, a second phone joins by the code, and sees the next hand appear without a tap
(the page re-reads the ledger every few seconds). Saves a screenshot; with
MJLENS_UPDATE_SCREENSHOTS=1 it is also copied to docs/screenshot-table.png."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mjlens.ledger.store import URL_ENV, Ledger
from tests.test_browser import ARGS, CHROMIUM, _need_browser, _serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    _need_browser()
    tmp = tmp_path_factory.mktemp("table")
    url = f"sqlite:///{tmp / 'ledger.sqlite'}"
    before = os.environ.get(URL_ENV)
    os.environ[URL_ENV] = url  # the server started below inherits it
    try:
        for server in _serve(ROOT / "app.py", tmp / "server.log"):
            yield server, url
    finally:
        if before is None:
            os.environ.pop(URL_ENV, None)
        else:
            os.environ[URL_ENV] = before


def _fill(page, label: str, value: str) -> None:
    box = page.get_by_label(label, exact=True)
    box.fill(value)
    box.press("Enter")
    page.wait_for_timeout(300)


def _total_cells(page) -> str:
    return page.locator('[data-testid="stDataFrame"]').first.inner_text()


def test_two_phones_share_one_table(served, tmp_path):
    from playwright.sync_api import expect, sync_playwright

    server, url = served
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            one = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
            one.goto(f"{server}/table")
            _fill(one, "Table name", "Friday")
            for i, name in enumerate(["Ann", "Bo", "Cy", "Di"], 1):
                _fill(one, f"Player {i}", name)
            one.get_by_role("button", name="Start").click()
            expect(one.get_by_text("others join with it", exact=False)).to_be_visible(timeout=30_000)
            code = Ledger(url).table("Friday").code
            one.get_by_text("Add a hand").click()
            _fill(one, "Hand in notation", "123m 456p 789s 11z 55s *5s")
            one.get_by_role("button", name="Add hand").click()
            expect(one.get_by_text("Hand 1 added.")).to_be_visible(timeout=30_000)
            two = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
            two.goto(f"{server}/table")
            _fill(two, "Table name or code", code)
            two.get_by_role("button", name="Join").click()
            expect(two.get_by_text("Ann won: 12 fan", exact=False)).to_be_visible(timeout=30_000)
            # the first phone adds a hand: the second shows it without being touched
            # Bo deals the second hand (the deal moves on every hand): Ann sits North
            _fill(one, "Hand in notation", "123m 456p 789s 11z 55s +5s seat:N")
            one.get_by_role("button", name="Add hand").click()
            expect(one.get_by_text("Hand 2 added.")).to_be_visible(timeout=30_000)
            expect(two.get_by_text("Ann won: 10 fan", exact=False)).to_be_visible(timeout=30_000)
            assert Ledger(url).table("Friday").totals == [94, -28, -28, -38]
            for page in (one, two):
                assert page.locator('[data-testid="stException"]').count() == 0
            shot = tmp_path / "screenshot-table.png"
            two.screenshot(path=str(shot), full_page=True)
            assert shot.stat().st_size > 10_000
            if os.environ.get("MJLENS_UPDATE_SCREENSHOTS") == "1":
                shutil.copy(shot, ROOT / "docs" / "screenshot-table.png")
        finally:
            browser.close()


def test_undo_redraws_the_whole_page_not_only_the_standings(served):
    """Undo sits in the part of the page that re-reads the ledger every few seconds, and a tap
    there reran that part alone (AppTest runs the whole page, so only a browser shows it): the
    message saying what was undone never appeared, and after undoing hand 1's end of the wall
    the form below still had no Hand 1 goes on, the hand's going on again notwithstanding."""
    from playwright.sync_api import expect, sync_playwright

    from mjlens.ledger import entries
    from tests.test_ledger_wall_end import ANN, BO, CY, DI

    server, url = served
    ledger = Ledger(url)
    code = ledger.new_table("Chengdu", ["Ann", "Bo", "Cy", "Di"], "sichuan").code
    ledger.add("Chengdu", entries.from_notation(BO, winner=1))
    ledger.end_wall("Chengdu", {0: _hand(ANN), 2: _hand(CY), 3: _hand(DI)}, join=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_context(viewport=PHONE, locale="en-GB").new_page()
            page.goto(f"{server}/table?table={code}")
            page.locator(".st-key-tb-add-exp summary").first.click(timeout=60_000)
            expect(page.locator(".st-key-tb-hand")).to_be_visible(timeout=30_000)
            assert page.locator(".st-key-tb-more").count() == 0  # the hand is over
            page.get_by_role("button", name="Undo hand 1's end of the wall").click()
            expect(page.get_by_text("Hand 1: the end of the wall undone.")).to_be_visible(
                timeout=30_000)
            expect(page.locator(".st-key-tb-more")).to_contain_text("Hand 1 goes on",
                                                                    timeout=30_000)
            assert page.locator('[data-testid="stException"]').count() == 0
        finally:
            browser.close()


def _hand(notation: str) -> dict:
    from scoring.notation import parse_hand

    return parse_hand(notation).to_json()
