"""Shared test set-up: the command line picks its language from the locale (LC_ALL,
LC_MESSAGES, LANG), so tests that read its text see English whatever the machine's locale;
a test that wants Chinese passes --lang zh or sets the variable itself."""

import pytest


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
