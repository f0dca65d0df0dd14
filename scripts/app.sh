#!/usr/bin/env bash
# Set up and run the app with the shipped model on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install -q --disable-pip-version-check -e .
exec .venv/bin/streamlit run app.py --server.headless true --browser.gatherUsageStats false "$@"
