"""What the first photo of a server would wait for, done in the background while its first
page is shown: the imports of the photo pipeline, the detector's models, a first run of the
detector and the layout (onnxruntime's first inference is the slowest), and pandas (imported by
Streamlit's first `st.table`, the payments). Once per process; never under AppTest, whose tests
put a stand-in detector in place and count its calls."""

from __future__ import annotations

import logging
import threading

log = logging.getLogger(__name__)
_STARTED = threading.Event()


def served() -> bool:
    """Whether the page runs in a real Streamlit server (not AppTest's stand-in runtime)."""
    from streamlit.runtime import Runtime

    return Runtime.exists() and type(Runtime.instance()) is Runtime


def start() -> bool:
    """Start the warm-up once per process; True if this call started it."""
    if _STARTED.is_set():
        return False
    _STARTED.set()
    threading.Thread(target=run, name="mjlens-warm-up", daemon=True).start()
    return True


def run() -> None:
    """The warm-up itself; any failure is only logged (the first photo then pays for it)."""
    try:
        import pandas  # noqa: F401
    except ImportError:
        pass
    try:
        import cv2
        import numpy as np

        from mjlens.ui.photo import load_detector
        from vision.pipeline import scan_photo

        detector = load_detector()
        blank = np.full((480, 640, 3), 128, np.uint8)
        scan_photo(cv2.imencode(".jpg", blank)[1].tobytes(), detector, rules="gb")
    except Exception:  # no model here, or no vision package: the page says so when used
        log.debug("warm-up stopped", exc_info=True)
