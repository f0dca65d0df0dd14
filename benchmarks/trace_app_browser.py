"""One upload's and the hand-changing taps' timeline in a real browser: every websocket frame the
page receives (its time, size and what it carries), the script's start and end as the page saw
them, and the media the page fetched.

    python benchmarks/trace_app_browser.py [--photo tests/fixtures/detect/hand_a.jpg]

Starts `streamlit run app.py` like bench_app_browser.py, uploads the photo once to warm the
server (the model loads), then in a fresh page uploads it again and taps (palette, win by
self-draw, house option, rule set), and prints for each: the time from the action to the first
frame, to the script's end message and to the page's end of run, the number of element
messages (deltas) and their bytes, the fetches of media, and the kinds of elements sent.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_app_browser import (  # noqa: E402
    START,
    WATCH,
    _click,
    _last_run_end,
    _open,
)
from benchmarks.bench_app_load import ARGS, CHROMIUM, streamlit_server  # noqa: E402

CLOCKS = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration", "TaskDuration")


class Trace:
    """Frames and fetches with their time (performance-clock free: time.perf_counter here)."""

    def __init__(self, page):
        self.events: list[tuple[float, str, int, str]] = []
        page.on("websocket", self._ws)
        page.on("requestfinished", self._req)
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")

    def _ws(self, ws) -> None:
        ws.on("framereceived", lambda data: self._frame(data))

    def _frame(self, data) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        raw = data if isinstance(data, bytes) else data.encode()
        msg = ForwardMsg()
        try:
            msg.ParseFromString(raw)
        except Exception:  # noqa: BLE001 - a frame of something else
            return
        kind = msg.WhichOneof("type") or "?"
        if kind == "delta":
            d = msg.delta
            sub = d.WhichOneof("type")
            if sub == "new_element":
                kind = "el:" + (d.new_element.WhichOneof("type") or "?")
            elif sub == "add_block":
                kind = "block"
            else:
                kind = sub or "delta"
        elif kind == "script_finished":
            kind = f"script_finished:{msg.script_finished}"
        self.events.append((time.perf_counter(), "ws", len(raw), kind))

    def _req(self, req) -> None:
        if "/media/" in req.url or "upload_file" in req.url:
            self.events.append((time.perf_counter(), "http", 0, req.url.rsplit("/", 1)[-1][:12]))

    def metrics(self) -> dict[str, float]:
        """The renderer's own clocks (Chrome's Performance domain): seconds spent in scripts,
        style, layout and all tasks since the page opened."""
        got = self.cdp.send("Performance.getMetrics")["metrics"]
        return {m["name"]: m["value"] for m in got if m["name"] in CLOCKS}

    def since(self, t0: float) -> list:
        return [e for e in self.events if e[0] >= t0]


def report(name: str, t0: float, end: float, events: list, before: dict, after: dict) -> None:
    frames = [e for e in events if e[1] == "ws"]
    deltas = [e for e in frames if e[3].startswith(("el:", "block"))]
    fetches = [e for e in events if e[1] == "http"]
    starts = [e[0] for e in frames if e[3] == "session_status_changed" or e[3] == "new_session"]
    fin = [e[0] for e in frames if e[3].startswith("script_finished")]
    kinds = collections.Counter(e[3] for e in deltas)
    ms = lambda t: f"{1000 * (t - t0):.0f}"  # noqa: E731
    print(f"== {name}: page's end of run {ms(end)} ms; first frame "
          f"{ms(frames[0][0]) if frames else '-'} ms; new_session {ms(starts[0]) if starts else '-'}"
          f" ms; script_finished {', '.join(ms(f) for f in fin)} ms")
    print(f"   {len(deltas)} element messages, {sum(e[2] for e in deltas) // 1024} KiB; "
          f"first {ms(deltas[0][0]) if deltas else '-'} ms, last "
          f"{ms(deltas[-1][0]) if deltas else '-'} ms; {len(fetches)} media fetches"
          + (f", last {ms(fetches[-1][0])} ms" if fetches else ""))
    print("   renderer: " + ", ".join(f"{k[:-8]} {1000 * (after[k] - before[k]):.0f} ms"
                                      for k in CLOCKS))
    print("   " + ", ".join(f"{k[3:] if k.startswith('el:') else k} {n}"
                            for k, n in kinds.most_common()))


def _timed(page, trace: Trace, name: str, action: str) -> None:
    page.evaluate(START)
    t0 = time.perf_counter()
    before = trace.metrics()
    page.evaluate(action)
    end = t0 + _last_run_end(page)
    report(name, t0, end, trace.since(t0), before, trace.metrics())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--photo", type=Path, default=ROOT / "tests/fixtures/detect/hand_a.jpg")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with streamlit_server(ROOT / "app.py") as (url, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.add_init_script(f"({WATCH})()")
        trace = Trace(page)
        for run in range(2):
            _open(page, url)
            page.evaluate(START)
            t0 = time.perf_counter()
            before = trace.metrics()
            page.locator("input[type=file]").first.set_input_files(str(args.photo))
            page.locator('[data-testid="stMetric"]').first.wait_for(timeout=180_000)
            end = t0 + _last_run_end(page)
            if run:
                report("upload", t0, end, trace.since(t0), before, trace.metrics())
        _timed(page, trace, "select a tile", _click("tile-3"))
        _timed(page, trace, "palette: change the tile", _click("pal-3m"))
        page.locator(".st-key-ctx-exp summary").first.click()
        page.wait_for_timeout(300)
        _timed(page, trace, "win by self-draw",
               "() => [...document.querySelectorAll('.st-key-ctx-won_by button')][0].click()")
        page.locator(".st-key-opt-exp summary").first.click()
        page.wait_for_timeout(300)
        _timed(page, trace, "house option toggle", _click("opt-gb-mixed_kongs"))
        page.locator(".st-key-rules [data-testid=stSelectbox]").first.click()
        page.locator('[role="option"]').filter(has_text="Riichi").first.wait_for()
        _timed(page, trace, "rule set", """() => [...document.querySelectorAll(
            '[role=option]')].find(o => o.textContent.includes('Riichi')).click()""")
        browser.close()


if __name__ == "__main__":
    main()
