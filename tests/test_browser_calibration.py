"""End to end in headless Chromium: the "My tiles" panel learns a calibration sheet photo with the
shipped models, and the profile lands in the user data folder. The screenshot goes to
docs/screenshot-calibration.png with MJLENS_UPDATE_SCREENSHOTS=1."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.test_browser import ARGS, CHROMIUM, ROOT, _model_shipped, _need_browser, _serve

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    _need_browser()
    if not _model_shipped():
        pytest.skip("calibration needs the shipped models")
    profiles = tmp_path_factory.mktemp("profiles")
    old = os.environ.get("MJLENS_PROFILE_DIR")
    os.environ["MJLENS_PROFILE_DIR"] = str(profiles)  # the server inherits it
    log = tmp_path_factory.mktemp("streamlit") / "server.log"
    try:
        for url in _serve(ROOT / "app.py", log):
            yield url, profiles
    finally:
        if old is None:
            os.environ.pop("MJLENS_PROFILE_DIR", None)
        else:
            os.environ["MJLENS_PROFILE_DIR"] = old


def test_my_tiles_learns_a_sheet_photo(server, tmp_path):
    from playwright.sync_api import sync_playwright

    from datasets.synth.sheet import render_sheet

    url, profiles = server
    sheet = tmp_path / "sheet.jpg"
    sheet.write_bytes(render_sheet(5, "drawn-b", style="held-out")[0])
    shot = tmp_path / "screenshot-calibration.png"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            page.goto(url)
            page.get_by_text("My tiles").first.click()
            page.get_by_text("Learn a tile set or import a profile").click()
            page.locator(".st-key-profile_photo input[type=file]").set_input_files(str(sheet))
            page.get_by_text("sheet.jpg").first.wait_for(timeout=30_000)
            page.get_by_role("button", name="Learn these tiles").click()
            page.get_by_text("Learnt 168 tile pictures of 42 kinds").wait_for(timeout=120_000)
            assert page.locator('[data-testid="stException"]').count() == 0
            page.locator(".st-key-profiles-exp").screenshot(path=str(shot))
        finally:
            browser.close()
    assert [f.suffix for f in profiles.iterdir() if f.suffix == ".mjprofile"] == [".mjprofile"]
    assert shot.stat().st_size > 10_000
    if os.environ.get("MJLENS_UPDATE_SCREENSHOTS") == "1":
        shutil.copy(shot, ROOT / "docs" / shot.name)
