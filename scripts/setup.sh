#!/usr/bin/env bash
# Sets up the project from its checkout: a venv in .venv with the package and its test
# extras installed (editable). With --browser it also installs Debian's Chromium for the
# real-browser tests. Safe to run again: it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
if ! .venv/bin/python -c 'import scorer, flask, flask_wtf, flask_babel, sqlite_utils, pytest, hypothesis, xdist, playwright' 2>/dev/null \
   || [ pyproject.toml -nt .venv/.installed ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
  touch .venv/.installed
fi
# the German and English catalogs: .po (in git) -> .mo (built here, and again by the app if stale)
.venv/bin/python -c 'from scorer.web.language import compile_catalogs; compile_catalogs()'

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
