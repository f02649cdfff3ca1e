#!/usr/bin/env bash
# Sets everything up and starts the app on http://127.0.0.1:5000 (SQLite in instance/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/python -m scorer serve --host "${HOST:-127.0.0.1}" --port "${PORT:-5000}" "$@"
