"""What belongs to a tournament stays its own: no page that someone other than its organiser can load carries the
organiser's id (the key of `/t/<id>`), and a table's partie, whose phone writes its own table and nothing else, is
never moved into a Runde (its players would become the Runde's members, its money the Runde's). Real HTTP round
trips; the store read before and after."""

import re
import sqlite3

import pytest

from .test_runde import new_runde
from .test_runde import stored as stored_runde
from .test_tournament_web import create, draw_and_start, dreier, public


def rows(app) -> dict:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return {t: conn.execute(f"select count(*) from {t}").fetchone()[0]
                for t in ("parties", "deals", "runden", "members", "runde_parties", "cup_tournaments")}
    finally:
        conn.close()


@pytest.fixture
def evening(app, client):
    """A tournament of nine players, round 1 started (a table of four, one of five), a game recorded at a table, and
    a cup with the tournament in it: (organiser's address, tables, cup's organiser address)."""
    organiser = create(client)
    tables = draw_and_start(client, organiser)
    dreier(client, tables[0][0], 1)
    tid = organiser.rsplit("/", 1)[1]
    r = client.post("/c/new", data={"name": "Hausruck-Cup", "cup_points": "10 8 6", "cup_total": "sum",
                                    "minus_days": "count", "tournament": tid})
    assert r.status_code == 302
    return organiser, tables, r.headers["Location"]


def test_no_page_a_non_organiser_can_load_carries_the_organisers_id(app, client, evening):
    organiser, tables, cup = evening
    tid = organiser.rsplit("/", 1)[1]
    standings = public(client, organiser)
    cup_page = client.get(cup).text
    cup_public = re.search(r'href="(/cup/[^"/]+)"', cup_page).group(1)
    stranger = app.test_client()   # a phone that never organised anything: a player, a table, whoever sees the cup
    board = tables[0][0]
    pages = [cup, cup_public, cup_public + "/cup.csv", standings, standings + "/hall", standings + "/print",
             standings + "/player/0", standings + "/standings.csv", standings + "/excel.csv", board,
             board + "/deal", board + "/deals", board + "/history", board + "/share", board + "/export.csv",
             board + "/partie.json", board + "/deal/1"]
    for path in pages:
        r = stranger.get(path)
        assert r.status_code == 200, path
        assert tid not in r.get_data(as_text=True), path
    # the cup's page still takes a tournament out (by its public id), and the tournament itself stays
    assert 'value="' + tid not in cup_page
    sid = standings.rsplit("/", 1)[1]
    assert f'name="tournament" value="{sid}"' in cup_page
    assert stranger.post(cup + "/remove", data={"tournament": sid}).status_code == 302
    assert rows(app)["cup_tournaments"] == 0 and client.get(organiser).status_code == 200
    assert stranger.post(cup + "/remove", data={"tournament": sid}).status_code == 404   # not in the cup any more


def test_a_tables_partie_is_never_moved_into_a_runde(app, client, evening):
    _organiser, tables, _cup = evening
    rid = new_runde(client, members="Anna\nBernd\nCilli\nDora\nEmil")
    board, names = next((b, n) for b, n in tables if len(n) == 4)
    pid = board.rsplit("/", 1)[1]
    ids = {m.name: m.id for m in stored_runde(app, rid).members}
    before = rows(app)
    # what the table's phone sends: the move's confirmed form, each seat a member of the Runde (or a new one)
    data = {"partie": pid, "confirm": "yes"}
    for seat, name in enumerate(names):
        data[f"seat{seat}"] = str(ids[name]) if name in ids else "new"
        data[f"new{seat}"] = name
    for path in (f"/r/{rid}/move", f"/r/{rid}/move?partie={pid}"):
        r = client.post(path, data=data)
        assert r.status_code == 422 and "table of a tournament" in r.text, r.text[:2000]
    r = client.get(f"/r/{rid}/move?partie={pid}")
    assert r.status_code == 422 and "table of a tournament" in r.text
    r = client.post(f"/r/{rid}/move", data=data, headers={"Accept-Language": "de"})
    assert r.status_code == 422 and "Turnier" in r.text
    assert rows(app) == before
    # the table's page keeps its players' names, the Runde's page offers no table to move in
    assert all(name in client.get(board).text for name in names)
    page = client.get(f"/r/{rid}/move").text
    assert pid not in page and pid not in client.get(f"/r/{rid}").text


def test_a_table_is_refused_by_the_store_too(app, evening):
    """Inside the write transaction: whatever page sent it."""
    from scorer import runde_store
    from scorer.db import connect
    _organiser, tables, _cup = evening
    pid = tables[0][0].rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    try:
        rid = runde_store.create_runde(db, "R", "koenigrufen", "ooe", "month")
        with pytest.raises(runde_store.HeldElsewhereError):
            runde_store.attach(db, rid, pid, list(tables[0][1]))
        assert runde_store.runde_of(db, pid) is None
        assert db.conn.execute("select count(*) from members").fetchone()[0] == 0
    finally:
        db.conn.close()


def test_a_seat_number_of_thousands_of_digits_is_a_message(app, client):
    from .conftest import start
    rid = new_runde(client)
    board = start(client)
    pid = board.rsplit("/", 1)[1]
    before = rows(app)
    for language, said in (("en", "Choose the member who is"), ("de", "Wähle")):
        r = client.post(f"/r/{rid}/move", data={"partie": pid, "confirm": "yes", "seat0": "9" * 5000,
                                                "seat1": "9" * 19}, headers={"Accept-Language": language})
        assert r.status_code == 422 and said in r.text, r.text[:1000]
    assert rows(app) == before


@pytest.mark.process
def test_a_program_that_never_imports_the_tournament_still_meets_its_guard(app, evening):
    """The table's guard is found through the partie's own row: a program using only the store (no tournament module
    imported) is refused a deal at a table whose round the organiser ended, and nothing is stored."""
    import subprocess
    import sys
    from pathlib import Path

    organiser, tables, _cup = evening
    tid = organiser.rsplit("/", 1)[1]
    from scorer.db import connect
    from scorer.tournament import store as tstore
    db = connect(app.config["DATABASE"])
    try:
        tstore.end_round(db, tid, 1)
    finally:
        db.conn.close()
    pid = tables[0][0].rsplit("/", 1)[1]
    before = rows(app)["deals"]
    script = (
        "import sys\n"
        "from scorer import store\n"
        "from scorer.db import connect\n"
        "from scorer.problems import ScoringError\n"
        f"db = connect({app.config['DATABASE']!r})\n"
        f"sp = store.load(db, {pid!r})\n"
        "print('imported before' if any(m.startswith('scorer.tournament') for m in sys.modules) else 'not imported')\n"
        "try:\n"
        f"    store.add_deal(db, {pid!r}, sp.partie.deals[0])\n"
        "    print('stored')\n"
        "except ScoringError as e:\n"
        "    print('refused')\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parent.parent)
    assert out.stdout.split() == ["not", "imported", "refused"], out.stderr
    assert rows(app)["deals"] == before
