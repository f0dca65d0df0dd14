"""The "Review labels" page in a real headless Chromium: the app (app.py with app_pages/) serves it
at /review_labels; a folder labelled by `mjlens label` opens least sure first, the A key
accepts the photo (saved to the folder) and the progress moves. Saves a screenshot; with
MJLENS_UPDATE_SCREENSHOTS=1 it is also copied to docs/screenshot-review.png."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.test_browser import ARGS, CHROMIUM, _full_page, _need_browser, _serve

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = [ROOT / "tests/fixtures/detect/hand_b.jpg", ROOT / "tests/fixtures/app/hand_melds.jpg"]


@pytest.fixture(scope="module")
def labelled(tmp_path_factory):
    from mjlens.cli import main

    tmp = tmp_path_factory.mktemp("review")
    (tmp / "photos").mkdir()
    for p in PHOTOS:
        shutil.copy(p, tmp / "photos" / p.name)
    assert main(["label", str(tmp / "photos"), "--out", str(tmp / "out"), "--workers", "1"]) == 0
    return tmp / "out"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    _need_browser()
    yield from _serve(ROOT / "app.py", tmp_path_factory.mktemp("streamlit") / "server.log")


def test_review_page_accepts_with_the_keyboard(server, labelled, tmp_path):
    from playwright.sync_api import sync_playwright

    from datasets.labelling import read_manifest

    recs = sorted(read_manifest(labelled).values(), key=lambda r: r.least_sure())
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server}/review_labels?folder={labelled}")
            page.get_by_text("Reviewed 0 / 2").wait_for(timeout=60_000)
            page.get_by_text(f"Photo 1 of 2: {recs[0].image}").wait_for(timeout=30_000)
            assert page.locator('[data-testid="stException"]').count() == 0
            # the fresh server's first visit: with a pages/ folder beside app.py it ran this
            # page alone and the side bar named the pages by their files, in English
            assert nav_names(page) == ["Score a hand", "Review labels", "Table"]
            shot = tmp_path / "screenshot-review.png"
            _full_page(page, shot, 1280)
            if os.environ.get("MJLENS_UPDATE_SCREENSHOTS") == "1":
                shutil.copy(shot, ROOT / "docs" / "screenshot-review.png")
            page.keyboard.press("a")
            page.get_by_text("Reviewed 1 / 2").wait_for(timeout=30_000)
            page.get_by_text(f"Photo 2 of 2: {recs[1].image}").wait_for(timeout=30_000)
        finally:
            browser.close()
    reviewed = {r.image: r.reviewed for r in read_manifest(labelled).values()}
    assert reviewed == {recs[0].image: True, recs[1].image: False}


def nav_names(page) -> list[str]:
    return [t.split("\n")[-1] for t in
            page.locator("[data-testid=stSidebarNav] a").all_inner_texts()]


# every button of a row of choices lies inside the row (none scrolled out of sight)
CHOICES_SHOWN_JS = """(sel) => {
  const g = document.querySelector(sel + ' [role=radiogroup]');
  const r = g.getBoundingClientRect();
  return [...g.querySelectorAll('button')].filter(b => {
    const x = b.getBoundingClientRect();
    return !(x.left >= r.left - 1 && x.right <= r.right + 1 && x.width > 10);
  }).map(b => b.innerText);
}"""


def test_review_page_changes_a_box_twice_and_shows_every_suit(server, labelled):
    """Changing the same box twice from the palette worked once, then crashed (the browser sent
    the box's old label back, a TypeError in review._change), and the box list still named the
    old code; the suit tabs ran out of their column, so Flowers and Face down were hidden."""
    from playwright.sync_api import sync_playwright

    from datasets.labelling import read_manifest
    from mjlens.ui.i18n import tile_label
    from tests.test_browser import _idle

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            reviewed = re.compile(r"Reviewed \d / 2")  # the test before accepts one photo
            for width in (1280, 390):
                page = browser.new_page(viewport={"width": width, "height": 900})
                page.goto(f"{server}/review_labels?folder={labelled}")
                page.get_by_text(reviewed).wait_for(timeout=60_000)
                _idle(page)
                assert page.evaluate(CHOICES_SHOWN_JS, ".st-key-rv-suit") == [], width
                assert page.evaluate(CHOICES_SHOWN_JS, ".st-key-lang") == [], width
                page.close()
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server}/review_labels?folder={labelled}")
            page.get_by_text(reviewed).wait_for(timeout=60_000)
            _idle(page)
            shown = page.locator(".st-key-rv-box input[role=combobox]")
            page.locator(".st-key-rv-box button[aria-haspopup=listbox]").click()
            page.get_by_role("option").nth(1).click()  # box #1
            _idle(page)
            for suit, code in (("Honours", "7z"), ("Flowers", "5f")):
                page.locator(".st-key-rv-suit button", has_text=suit).click()
                _idle(page)
                page.locator(f".st-key-pal-{code} button").first.click()
                _idle(page)
                assert page.locator('[data-testid="stException"]').count() == 0, code
                assert shown.input_value().strip().startswith(f"#1 {code} ·"), shown.input_value()
            page.locator(".st-key-lang button", has_text="简体中文").click()
            _idle(page)
            assert shown.input_value().strip().startswith(f"第 1 号 {tile_label('5f', 'zh')}"), shown.input_value()
            page.locator(".st-key-rv-suit button", has_text="背面").click()
            _idle(page)
            page.locator(".st-key-pal-back button").first.click()
            _idle(page)
            assert page.locator('[data-testid="stException"]').count() == 0
            assert shown.input_value().strip().startswith(f"第 1 号 {tile_label('back', 'zh')}"), shown.input_value()
        finally:
            browser.close()
    images = {r.image: r for r in read_manifest(labelled).values()}
    assert any(r.boxes[1].code == "back" and r.boxes[1].score is None for r in images.values()
               if len(r.boxes) > 1)


def test_z_undoes_a_deletion_and_the_language_stays_on_the_next_page(server, labelled):
    """Delete removed a box for good; chosen here, 简体中文 was forgotten on the scoring page."""
    from playwright.sync_api import sync_playwright

    from tests.test_browser import _idle

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server}/review_labels?folder={labelled}")
            page.get_by_text(re.compile(r"Reviewed \d / 2")).wait_for(timeout=60_000)
            _idle(page)
            page.locator(".st-key-lang button", has_text="简体中文").click()
            _idle(page)
            assert nav_names(page) == ["算番", "复核标注", "牌桌"]
            counts = page.get_by_text(re.compile(r"^\d+ 个框"))
            before = counts.inner_text()
            page.keyboard.press("Delete")
            _idle(page)
            assert counts.inner_text() != before
            page.keyboard.press("z")
            _idle(page)
            assert counts.inner_text() == before
            page.locator("[data-testid=stSidebarNav] a").first.click()
            page.locator(".st-key-notation input").wait_for(timeout=60_000)
            _idle(page)
            assert nav_names(page) == ["算番", "复核标注", "牌桌"]
            page.get_by_text("mjlens 麻将算番").wait_for(timeout=30_000)  # the page in Chinese
        finally:
            browser.close()
