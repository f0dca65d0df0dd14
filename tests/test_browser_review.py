"""The "Review labels" page in a real headless Chromium: the app (app.py with pages/) serves it
at /review_labels; a folder labelled by `mjlens label` opens least sure first, the A key
accepts the photo (saved to the folder) and the progress moves. Saves a screenshot; with
MJLENS_UPDATE_SCREENSHOTS=1 it is also copied to docs/screenshot-review.png."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.test_browser import ARGS, CHROMIUM, _free_port, _full_page

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
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    port = _free_port()
    log = tmp_path_factory.mktemp("streamlit") / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"),
             "--server.headless", "true", "--server.port", str(port),
             "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
             "--server.fileWatcherType", "none", "--client.showErrorDetails", "full"],
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.time() > deadline:
                pytest.fail(f"streamlit did not start:\n{log.read_text()[-3000:]}")
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


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
