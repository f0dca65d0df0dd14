#!/usr/bin/env bash
# Set up and run the whole test suite on a fresh machine: venv, pinned deps, headless Chromium
# for the browser test, ruff, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
# the ray extra too: tests/test_label_ray.py runs `mjlens label --ray` on a local Ray instance
.venv/bin/pip install -q --disable-pip-version-check -e '.[test,ray]'
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing headless Chromium for the browser test..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "Could not install Chromium; the browser test will be skipped."
fi
if ! fc-list :lang=zh 2>/dev/null | grep -q . && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Chinese fonts (Noto CJK) for the browser test of the Chinese page..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq fonts-noto-cjk >/dev/null) \
    || echo "Could not install fonts-noto-cjk; the Chinese browser test will be skipped."
fi
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing PostgreSQL for the ledger's PostgreSQL test (a throw-away cluster it starts)..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null) \
    || echo "Could not install postgresql; tests/test_ledger_pg.py will fail under CI."
fi
.venv/bin/ruff check .
# one worker per core: the suite takes ~8.5 min on 2 idle cores this way (2,505 tests, 2026-12-02)
.venv/bin/python -m pytest -q -n auto "$@"
