"""Shared test set-up: the command line picks its language from the locale (LC_ALL,
LC_MESSAGES, LANG), so tests that read its text see English whatever the machine's locale;
a test that wants Chinese passes --lang zh or sets the variable itself."""

import pytest


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(autouse=True)
def _whole_page_after_a_part(request, monkeypatch):
    """A tap that reruns only some parts of the page (mjlens.ui.parts) leaves AppTest holding
    those parts' elements alone, where the browser keeps the rest of the page: the app's tests
    look at the whole page after such a tap (one more run, which changes nothing). Not in
    tests/test_app_parts.py, which tests what the parts' own runs show."""
    if request.module.__name__.endswith("test_app_parts"):
        return
    from streamlit.testing.v1 import AppTest

    run = AppTest._run  # what AppTest.run and every widget's .run() call

    def whole(self, widget_state=None, timeout=None):
        before = self.session_state["_page_runs"] if "_page_runs" in self.session_state else 0
        out = run(self, widget_state, timeout)
        if "_page_runs" in self.session_state and self.session_state["_page_runs"] == before:
            out = run(self, None, timeout)
        return out

    monkeypatch.setattr(AppTest, "_run", whole)
