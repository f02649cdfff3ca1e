#!/usr/bin/env bash
# Sets everything up (venv, packages, Debian's Chromium) and runs the whole test suite, in two runs of pytest:
# every test but the browser and the slow ones on both cores (pytest-xdist, the full Hypothesis counts), then the
# browser and the slow (hostile) tests in one process of their own, so that no real browser or hostile round
# shares the cores with the rest. Arguments go to both runs.
# pytest's exit 5 (no tests collected) counts as a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
# the test modules' rewritten bytecode kept between the two runs (and the next): about 10 s of collecting each run
unset PYTHONDONTWRITEBYTECODE
bash scripts/setup.sh --browser || exit 1
status=0
for run in quick whole; do
  if [ "$run" = quick ]; then
    SCORER_HYPOTHESIS=full .venv/bin/python -m pytest -m "not browser and not slow" -n 2 "$@"
  else
    .venv/bin/python -m pytest -m "browser or slow" "$@"
  fi
  code=$?
  if [ "$code" -eq 5 ]; then
    echo "pytest collected no tests: that is a failure" >&2
    code=1
  fi
  [ "$code" -ne 0 ] && status=$code
done
exit "$status"
