"""The app under load: several browsers at once each upload a photo and change the rule set.

    python benchmarks/bench_app_load.py [--clients 4] [--photos fixtures|largest]

Starts `streamlit run app.py` (the shipped model) on a free local port and drives headless
Chromium (Playwright), one process per browser. First each photo is read by one browser alone
(the reference, after one warm-up upload that loads the model), then all browsers at once. Prints, for each phase, the median time from the
upload to the score on the page and from a rule-set change to the new score, whether every
browser saw its own photo's reading (the "Found N tiles" line equals its solo run's: sessions do
not leak into each other), and the server's peak memory (VmHWM) against its memory at rest.

--photos largest uploads the largest photos the loading policy accepts to every browser: a
200-megapixel JPEG (decoded reduced) and a 64-megapixel PNG (decoded in full).
Needs Chromium at /usr/bin/chromium and the playwright package (the test extra).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
FIXTURE_PHOTOS = [ROOT / "tests/fixtures/detect/hand_a.jpg", ROOT / "tests/fixtures/detect/hand_b.jpg",
                  ROOT / "tests/fixtures/detect/hand_c.jpg", ROOT / "tests/fixtures/app/hand_kong.jpg"]
READ = re.compile(r"Found \d+ tiles|No tiles were found|找到 \d+ 张牌|照片里没有找到牌")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def streamlit_server(app: Path = ROOT / "app.py"):
    """Serve `app` headless on a free local port; yields (its URL, the server process) once
    it answers its health check, and stops it after."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(app), "--server.headless", "true",
         "--server.port", str(port), "--server.address", "127.0.0.1",
         "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(180):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.5)
        yield url, server
    finally:
        server.terminate()
        server.wait(30)


def _memory_kb(pid: int) -> tuple[int, int]:
    """(current RSS, peak RSS) of a process, KiB."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines()
                  if ":" in line)
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def _settle(page, timeout: float = 120.0) -> None:
    """Wait until the script has stopped running for half a second."""
    page.wait_for_timeout(300)
    quiet_since, end = None, time.monotonic() + timeout
    while time.monotonic() < end:
        running = page.locator('[data-testid="stStatusWidget"]').count() > 0
        now = time.monotonic()
        if running:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = now
        elif now - quiet_since > 0.5:
            return
        page.wait_for_timeout(100)


def client(url: str, photo: str, start_at: float, out) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url)
            page.locator("input[type=file]").first.wait_for(state="attached", timeout=120_000)
            _settle(page)
            time.sleep(max(0.0, start_at - time.time()))  # every browser uploads at once
            t0 = time.monotonic()
            page.locator("input[type=file]").first.set_input_files(photo)
            page.get_by_text(READ).first.wait_for(timeout=180_000)
            _settle(page)
            upload_s = time.monotonic() - t0
            found = page.get_by_text(READ).first.inner_text().split(" in ")[0]
            t1 = time.monotonic()
            page.locator('[data-testid="stSelectbox"]').filter(
                has_text=re.compile("Rule set|规则")).first.click()
            page.locator('[role="option"]').nth(1).click()
            _settle(page)
            rules_s = time.monotonic() - t1
            errors = page.locator('[data-testid="stException"]').count()
            out.put({"photo": photo, "found": found, "upload_s": upload_s, "rules_s": rules_s,
                     "exceptions": errors})
        finally:
            browser.close()


def _run_clients(url: str, photos: list[str]) -> list[dict]:
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    start_at = time.time() + 25  # time for every browser to open the page
    procs = [ctx.Process(target=client, args=(url, ph, start_at, q)) for ph in photos]
    for pr in procs:
        pr.start()
    results = [q.get(timeout=600) for _ in procs]
    for pr in procs:
        pr.join(60)
    return results


def _largest_photos(folder: Path) -> list[str]:
    import cv2
    import numpy as np

    from vision.detect.imageio import MAX_FULL_DECODE_MP

    big = folder / "largest.jpg"
    arr = np.full((12_250, 16_330, 3), 120, np.uint8)
    arr[::60] = 40
    cv2.imwrite(str(big), arr, [cv2.IMWRITE_JPEG_QUALITY, 85])
    side = int((MAX_FULL_DECODE_MP * 1e6) ** 0.5) - 8
    png = folder / "largest.png"
    cv2.imwrite(str(png), np.full((side, side, 3), 120, np.uint8))
    return [str(big), str(png)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--clients", type=int, default=4)
    ap.add_argument("--photos", choices=("fixtures", "largest"), default="fixtures")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench_app_load_"))
    pool = _largest_photos(tmp) if args.photos == "largest" else [str(p) for p in FIXTURE_PHOTOS]
    photos = [pool[i % len(pool)] for i in range(args.clients)]
    with streamlit_server() as (url, server):
        _run_clients(url, photos[:1])  # warm-up: the model is loaded on the first photo
        solo = {}
        for ph in dict.fromkeys(photos):  # each photo alone first: the reference
            solo[ph] = _run_clients(url, [ph])[0]
        rest_kb, _ = _memory_kb(server.pid)
        together = _run_clients(url, photos)
        now_kb, peak_kb = _memory_kb(server.pid)

    def med(rows, key):
        return statistics.median(r[key] for r in rows)

    solo_rows = list(solo.values())
    print(f"{args.clients} browsers, photos: {args.photos}")
    print(f"alone:    upload->score median {med(solo_rows, 'upload_s'):.2f} s, "
          f"rule change->score {med(solo_rows, 'rules_s'):.2f} s")
    print(f"together: upload->score median {med(together, 'upload_s'):.2f} s "
          f"(x{med(together, 'upload_s') / med(solo_rows, 'upload_s'):.2f} of alone), rule change "
          f"{med(together, 'rules_s'):.2f} s (x{med(together, 'rules_s') / med(solo_rows, 'rules_s'):.2f})")
    own = all(r["found"] == solo[r["photo"]]["found"] for r in together)
    print(f"every browser saw its own photo's reading: {own} "
          f"({', '.join(r['found'] for r in together)})")
    print(f"exceptions on the pages: {sum(r['exceptions'] for r in together)}")
    print(f"server memory: {rest_kb / 1024:.0f} MB at rest after the solo runs, peak "
          f"{peak_kb / 1024:.0f} MB, {now_kb / 1024:.0f} MB after")


if __name__ == "__main__":
    main()
