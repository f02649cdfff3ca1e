"""Parties already stored keep the rule set stored with them (RULES-KOENIGRUFEN.md §14.2): a `tirol` partie and a
`tirol` tournament begun before the 2020 cup's rules (a store made by main before the change,
tests/data/store-before-the-cups.sql) keep Besserrufer 3 and no Säcke, in the engine, on their pages and in the
files they export, which name that tariff and replay as played. A `tirol` partie begun now plays TTC20."""

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import create_app, store
from scorer.db import connect
from scorer.games.koenigrufen import RuleSet, replay
from scorer.games.koenigrufen import game as kgame
from scorer.games.koenigrufen.rules import TIROL_2019
from scorer.tournament import file as tfile
from scorer.tournament import store as tstore

ROOT = Path(__file__).resolve().parent.parent
DUMP = ROOT / "tests" / "data" / "store-before-the-cups.sql"
PARTIE = "EAK3j1WfpVbEKaDFJAfaUw"          # Besserrufer with a Quapil at 50 card points; a Dreier at 60
TOURNAMENT = "9XXe1sNYEVrnha187cFtug"      # round 1: a Besserrufer with a Quapil at its table
TABLE = "vudaSLgBSDo0hX-8q1HpWw"


@pytest.fixture
def old_store(tmp_path):
    path = tmp_path / "scorer.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript(DUMP.read_text())
    conn.close()
    return path


def test_a_tirol_partie_stored_before_keeps_besserrufer_3_and_no_saecke(old_store):
    db = connect(str(old_store))   # migrated as the app migrates it
    partie = store.load(db, PARTIE).partie
    assert partie.rules.value("besserrufer") == 3
    assert "sack1" not in partie.rules.premiums and "sack2" not in partie.rules.premiums
    assert partie.rules.tariff_dict() == TIROL_2019
    s = replay(partie)
    assert s.deals[0].points == (11, -11, 11, -11)     # 3 + Quapil 8, not 1 + 8
    assert s.deals[1].points == (-5, 15, -5, -5)       # 60 card points without a Sack entry: no Säcke then
    assert s.balance == (6, 4, 6, -16)


@pytest.mark.process
def test_its_file_names_that_tariff_and_replays_as_played(old_store, tmp_path):
    db = connect(str(old_store))
    partie = store.load(db, PARTIE).partie
    text = kgame.dumps(partie)
    assert json.loads(text)["rules"]["tariff"] == TIROL_2019
    again = kgame.loads(text)
    assert again == partie
    path = tmp_path / "old-tirol.json"
    path.write_text(text)
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), "--json"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["balance"] == [6, 4, 6, -16]
    # read as the preset says now, the same deals are not what was played: Säcke missing at 50 and 60
    data = json.loads(text)
    del data["rules"]["tariff"]
    with pytest.raises(kgame.KoenigrufenError) as caught:
        kgame.from_dict(data)
    assert "deal 1: the declarer's side have 50 card points, at least 45 2/3: they made the 1st Sack; enter it as " \
           "theirs, made" in [str(p) for p in caught.value.problems]


def test_a_tirol_tournament_stored_before_keeps_its_rules_at_every_table(old_store):
    db = connect(str(old_store))
    t = tstore.load(db, TOURNAMENT)
    assert t.rules.value("besserrufer") == 3 and "sack1" not in t.rules.premiums
    table = store.load(db, TABLE).partie
    assert table.rules == t.rules
    assert replay(table).deals[0].points == (-11, 11, 11, -11)
    exported = tfile.to_dict(t.engine(lambda pid: store.load(db, pid).partie.deals))
    assert exported["rules"]["tariff"] == TIROL_2019
    standings = tfile.standings_of(json.loads(json.dumps(exported)))
    assert [s.schrift for s in sorted(standings.standings, key=lambda s: s.player)] == [-11, 11, -11, 11]


def test_a_tirol_partie_begun_now_plays_the_2020_cup(old_store):
    db = connect(str(old_store))
    new = kgame.from_dict({"format": "koenigrufen-partie", "version": 1, "players": ["A", "B", "C", "D"],
                           "rules": {"preset": "tirol"}, "deals": []})
    pid = store.create_partie(db, new)
    stored = store.load(db, pid).partie.rules
    assert stored == RuleSet.from_dict({"preset": "tirol"}) and stored.value("besserrufer") == 1
    assert "sack1" in stored.premiums
    # stored with its whole tariff, so that it reads the same whatever the preset says later
    row = json.loads(db.conn.execute("select rules from parties where id = ?", [pid]).fetchone()[0])
    assert row["tariff"]["contracts"]["besserrufer"] == 1 and row["tariff"]["premiums"]["sack1"] == {
        "announced": 2, "silent": 1}
    assert store.load(db, PARTIE).partie.rules.value("besserrufer") == 3


def test_its_pages_show_the_tariff_it_was_played_under(old_store, tmp_path):
    database = tmp_path / "app.sqlite"
    shutil.copyfile(old_store, database)
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    rules_page = client.get(f"/p/{PARTIE}/rules").get_data(as_text=True)
    assert "Besserrufer 3" in rules_page and "Sack" not in rules_page and "Tiroler Tarockcup (Mair 2019)" in rules_page
    board = client.get(f"/p/{PARTIE}").get_data(as_text=True)
    assert board.count("+11") >= 1
    exported = client.get(f"/p/{PARTIE}/partie.json")
    assert exported.status_code == 200
    assert json.loads(exported.get_data(as_text=True))["rules"]["tariff"] == TIROL_2019
