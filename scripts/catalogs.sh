#!/usr/bin/env bash
# Maintainers: re-extract the translatable strings and merge them into the catalogs.
#   bash scripts/catalogs.sh          # then translate the new entries in scorer/translations/*/LC_MESSAGES/messages.po
# (Compiling is automatic: scripts/setup.sh and the app's start compile the .po files into .mo files.)
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin
$PY/pybabel extract -F babel.cfg -k N_ -k Message -k Plural:1,2 -k Problem:2 -k _l \
    --no-location --sort-output --project scorer -o scorer/translations/messages.pot .
for lang in de en; do
    $PY/pybabel update -i scorer/translations/messages.pot -d scorer/translations -l "$lang" --no-fuzzy-matching --ignore-obsolete
done
