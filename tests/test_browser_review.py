"""The "Review labels" page in a real headless Chromium: the app (app.py with pages/) serves it
at /review_labels; a folder labelled by `mjlens label` opens least sure first, the A key
accepts the photo (saved to the folder) and the progress moves. Saves a screenshot; with
MJLENS_UPDATE_SCREENSHOTS=1 it is also copied to docs/screenshot-review.png."""

from __future__ import annotations

import os
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
