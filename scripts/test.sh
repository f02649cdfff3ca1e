#!/usr/bin/env bash
# Sets everything up (venv, packages, Debian's Chromium) and runs the whole test suite.
# pytest's exit 5 (no tests collected) counts as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser || exit 1
.venv/bin/python -m pytest "$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure" >&2
  exit 1
fi
exit "$status"
