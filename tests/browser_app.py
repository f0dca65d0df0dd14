"""The app with a stand-in detector (the fixture photos' true boxes), for tests/test_browser.py
when no trained model is shipped in models/. Run: streamlit run tests/browser_app.py"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mjlens.ui import photo  # noqa: E402
from tests.app_support import FixtureDetector  # noqa: E402

_detector = FixtureDetector("hand_kong", doubtful=2)
photo.load_detector = lambda *a, **k: _detector

from mjlens.ui.views import main  # noqa: E402

main()
