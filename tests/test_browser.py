"""End to end in a real headless Chromium: start the app with `streamlit run`, upload a fixture
photo, read the total from the page, save phone-width and desktop screenshots.

Uses the shipped model when models/ has one; otherwise (or with MJLENS_BROWSER_STANDIN=1)
tests/browser_app.py, the same app with a stand-in detector that replays the fixture's true
boxes. Screenshots go to pytest's tmp folder; with MJLENS_UPDATE_SCREENSHOTS=1 they are also
copied to docs/ (docs/screenshot-phone.png, docs/screenshot-wide.png).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from mjlens.ui.views import EXAMPLE

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
FIXTURE = ROOT / "tests" / "fixtures" / "app" / "hand_kong.jpg"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def _model_shipped() -> bool:
    return (ROOT / "models" / "detector.onnx").exists() and (ROOT / "models" / "classifier.onnx").exists()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not CHROMIUM.exists():
        pytest.skip("Chromium is not installed at /usr/bin/chromium (scripts/test.sh installs it "
                    "with apt-get when run as root)")
    pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    real = _model_shipped() and os.environ.get("MJLENS_BROWSER_STANDIN") != "1"
    script = ROOT / "app.py" if real else ROOT / "tests" / "browser_app.py"
    port = _free_port()
    log = tmp_path_factory.mktemp("streamlit") / "server.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless", "true",
             "--server.port", str(port), "--server.address", "127.0.0.1",
             "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none",
             "--client.showErrorDetails", "full"],  # so that a traceback would fail the test
            cwd=ROOT, stdout=out, stderr=subprocess.STDOUT,
        )
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
        yield url, real
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def _expected_total(notation: str | None = None) -> str:
    """What the page should show: for the fixture when every box is read right (its true hand
    with the app's default win context), or for a hand in notation; default rule set."""
    from scoring.hand import Hand, WinContext
    from scoring.notation import parse_hand
    from scoring.ruleset import all_rulesets, score_hand

    if notation:
        hand = parse_hand(notation)
    else:
        truth = json.loads(FIXTURE.with_suffix(".json").read_text())["hand"]
        hand = replace(Hand.from_json(truth), context=WinContext())
    rules = "gb" if "gb" in all_rulesets() else next(iter(all_rulesets()))
    r = score_hand(hand, rules)
    return f"{int(r.total) if float(r.total).is_integer() else r.total} {r.unit}"


def _full_page(page, path: Path, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_timeout(800)
    height = page.evaluate(
        "() => (document.querySelector('[data-testid=stMain]') || document.body).scrollHeight")
    page.set_viewport_size({"width": width, "height": min(int(height) + 40, 8000)})
    page.wait_for_timeout(1200)
    page.screenshot(path=str(path), full_page=True)


def test_upload_photo_and_read_total(server, tmp_path):
    from playwright.sync_api import sync_playwright

    url, real = server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url)
            page.get_by_text("Hand in notation").wait_for(timeout=60_000)
            page.locator("input[type=file]").set_input_files(str(FIXTURE))
            # the real model may read a synthetic photo badly (its accuracy is measured
            # elsewhere); what must hold is that the photo went through it to the page
            read = re.compile(r"Found \d+ tiles" if not real else
                              r"Found \d+ tiles|No tiles were found")
            page.get_by_text(read).first.wait_for(timeout=60_000)
            metric = page.locator('[data-testid="stMetricValue"]')
            problem = page.get_by_text("Cannot score this hand yet")
            metric.or_(problem).first.wait_for(timeout=30_000)
            assert page.locator('[data-testid="stException"]').count() == 0
            if not real:  # true boxes: the page must show the true hand's score
                assert metric.inner_text().strip() == _expected_total()
            elif metric.count():
                assert re.fullmatch(r"\d+(\.\d+)? \S+", metric.inner_text().strip())
            wide, phone = tmp_path / "screenshot-wide.png", tmp_path / "screenshot-phone.png"
            _full_page(page, wide, 1280)
            _full_page(page, phone, 390)
            assert wide.stat().st_size > 10_000 and phone.stat().st_size > 10_000
            # entering a hand by hand: the example hand's score replaces the photo's
            page.get_by_text("Enter by hand").click()
            page.get_by_text("Example hand").click()
            want = _expected_total(EXAMPLE)
            page.wait_for_function(
                "w => [...document.querySelectorAll('[data-testid=stMetricValue]')]"
                ".some(e => e.innerText.trim() === w)", arg=want, timeout=30_000)
            assert page.locator('[data-testid="stException"]').count() == 0
        finally:
            browser.close()
    if os.environ.get("MJLENS_UPDATE_SCREENSHOTS") == "1":
        for shot in (wide, phone):
            shutil.copy(shot, ROOT / "docs" / shot.name)
