"""The passcode and the limits on every route that creates or imports (a partie, a Runde, a member), and the
Runde's members limit on every path: real HTTP round trips through waitress where the limits are counted."""

import io
import json
import sqlite3
from pathlib import Path

import pytest

from scorer import create_app
from scorer.runde_store import MAX_MEMBERS

from .conftest import NEW_PARTIE
from .live import Live
from .test_runde import stored

DATA = Path(__file__).parent / "data"
PASSCODE = "4711"


def count(app, table):
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return conn.execute(f"select count(*) from {table}").fetchone()[0]
    finally:
        conn.close()


def rows(app):
    return {t: count(app, t) for t in ("parties", "deals", "runden", "members", "runde_parties")}


def runde_file(members=("Anna", "Bernd"), parties=1) -> bytes:
    partie = json.loads((DATA / "format-example.json").read_text())
    partie["players"] = list(members[:2])
    return json.dumps({"format": "tarock-runde", "version": 1, "name": "Runde", "game": "strohmandeln",
                       "preset": "tarockbuch-extended", "settles": "month", "members": list(members),
                       "parties": [{"members": list(members[:2]), "created": "2025-01-02T20:00:00",
                                    "settled": None, "partie": partie}] * parties}).encode()


RUNDE = {"name": "Stammtisch", "game": "strohmandeln", "settles": "month", "members": "Anna\nBernd"}


@pytest.fixture
def guarded(tmp_path):
    """The app with a passcode, its limits on, under waitress."""
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "PASSCODE": PASSCODE, "RATELIMIT_ENABLED": True, "RATELIMIT_PASSCODE": "3 per minute",
                      "RATELIMIT_CREATE": "6 per minute"})
    server = Live(app)
    yield app, server
    server.close()


def a_runde(server) -> str:
    r = server.post("/r/new", {**RUNDE, "passcode": PASSCODE})
    assert r.status == 302, r.text
    return r.headers["Location"].rsplit("/", 1)[1]


@pytest.mark.process
def test_every_route_that_creates_asks_for_the_passcode(guarded):
    app, server = guarded
    rid = a_runde(server)
    before = rows(app)
    wrong = {"passcode": "1234"}
    r = server.post("/r/new", {**RUNDE, **wrong})
    assert r.status == 422 and "The passcode is not right" in r.text
    assert 'name="passcode"' in server.get("/r/new").text
    r = server.post("/r/import", wrong, files={"file": ("r.json", runde_file())})
    assert r.status == 422 and "The passcode is not right" in r.text
    r = server.post(f"/r/{rid}/members", {"name": "Clara", **wrong})
    assert r.status == 422 and "The passcode is not right" in r.text
    assert 'id="member-passcode"' in server.get(f"/r/{rid}").text
    assert rows(app) == before                                   # nothing stored by any of them
    app.extensions["scorer_limiter"].reset()                     # three wrong guesses: the limit (next test)
    assert server.post(f"/r/{rid}/members", {"name": "Clara", "passcode": PASSCODE}).status == 302
    assert [m.name for m in stored(app, rid).members] == ["Anna", "Bernd", "Clara"]


@pytest.mark.process
def test_moving_a_partie_in_with_a_new_member_asks_for_the_passcode(guarded):
    app, server = guarded
    rid = a_runde(server)
    pid = server.post("/new", {**NEW_PARTIE, "player1": "Zora", "passcode": PASSCODE}).headers["Location"].rsplit("/", 1)[1]
    ids = {m.name: m.id for m in stored(app, rid).members}
    move = {"partie": pid, "confirm": "yes", "seat0": str(ids["Anna"]), "seat1": "new", "new1": "Zora"}
    r = server.post(f"/r/{rid}/move", {**move, "passcode": "nope"})
    assert r.status == 422 and "A new member needs the passcode" in r.text
    assert count(app, "runde_parties") == 0 and len(stored(app, rid).members) == 2
    assert server.post(f"/r/{rid}/move", {**move, "passcode": PASSCODE}).status == 302
    assert [m.name for m in stored(app, rid).members] == ["Anna", "Bernd", "Zora"]


@pytest.mark.process
def test_wrong_guesses_are_one_limit_over_every_route(guarded):
    app, server = guarded
    rid = a_runde(server)
    before = rows(app)
    for path in ("/new", "/r/new", "/r/import"):   # three wrong guesses, one on each
        data = {**NEW_PARTIE} if path == "/new" else {**RUNDE} if path == "/r/new" else {}
        files = {"file": ("r.json", runde_file())} if path == "/r/import" else None
        assert server.post(path, {**data, "passcode": "0000"}, files=files).status == 422
    # the fourth try, right or wrong, on any route: refused before the passcode is even compared
    r = server.post("/r/import", {"passcode": PASSCODE}, files={"file": ("r.json", runde_file())})
    assert r.status == 429 and "Too many wrong passcodes" in r.text and int(r.headers["Retry-After"]) >= 1
    assert server.post(f"/r/{rid}/members", {"name": "Clara", "passcode": PASSCODE}).status == 429
    assert server.post("/r/new", {**RUNDE, "passcode": PASSCODE}).status == 429
    assert server.post("/import", {"passcode": PASSCODE},
                       files={"file": ("p.json", (DATA / "format-example.json").read_bytes())}).status == 429
    r = server.post("/new", {**NEW_PARTIE, "passcode": PASSCODE}, headers={"Accept-Language": "de"})
    assert r.status == 429 and "Versuch" in r.text
    assert rows(app) == before


@pytest.mark.process
def test_creations_are_one_limit_over_every_route(guarded):
    app, server = guarded
    rid = a_runde(server)                                              # 1
    ok = {"passcode": PASSCODE}
    assert server.post("/new", {**NEW_PARTIE, **ok}).status == 302    # 2
    assert server.post("/import", ok, files={"file": ("p.json", (DATA / "format-example.json").read_bytes())}).status == 302
    assert server.post("/r/import", ok, files={"file": ("r.json", runde_file(parties=3))}).status == 302
    assert server.post(f"/r/{rid}/members", {"name": "Clara", **ok}).status == 302      # 5
    assert server.post("/r/new", {**RUNDE, **ok}).status == 302                        # 6
    before = rows(app)
    r = server.post("/r/import", ok, files={"file": ("r.json", runde_file(parties=3))})
    assert r.status == 429 and "Too many new parties and imports" in r.text
    for path, data in (("/new", NEW_PARTIE), ("/r/new", RUNDE), (f"/r/{rid}/members", {"name": "Dora"})):
        assert server.post(path, {**data, **ok}).status == 429
    assert rows(app) == before
    assert server.get("/r/new").status == 200 and server.get(f"/r/{rid}").status == 200   # looking is not limited


# the members limit on every path ------------------------------------------------------------------------------

def full_runde(client) -> str:
    members = "\n".join(f"Member {i}" for i in range(MAX_MEMBERS))
    r = client.post("/r/new", data={**RUNDE, "members": members})
    assert r.status_code == 302
    return r.headers["Location"].rsplit("/", 1)[1]


def test_a_runde_is_made_with_at_most_the_limit(app, client):
    members = "\n".join(f"Member {i}" for i in range(MAX_MEMBERS + 1))
    r = client.post("/r/new", data={**RUNDE, "members": members})
    assert r.status_code == 422 and f"A Runde has at most {MAX_MEMBERS} members" in r.text
    assert count(app, "runden") == 0


def test_no_member_past_the_limit_by_any_path(app, client):
    rid = full_runde(client)
    page = client.get(f"/r/{rid}").text
    assert 'id="add-member"' not in page and f"A Runde has at most {MAX_MEMBERS} members" in page
    before = rows(app)
    r = client.post(f"/r/{rid}/members", data={"name": "One more"})
    assert r.status_code == 422 and f"at most {MAX_MEMBERS} members" in r.text
    # a new partie in the Runde with a new name
    r = client.post("/new", data={**NEW_PARTIE, "player0": "Member 1", "player1": "Stranger", "runde": rid})
    assert r.status_code == 422 and f"A Runde has at most {MAX_MEMBERS} members" in r.text
    assert rows(app) == before
    # a partie moved in, with a new member
    pid = client.post("/new", data={**NEW_PARTIE, "player1": "Stranger"}).headers["Location"].rsplit("/", 1)[1]
    before = rows(app)
    ids = {m.name: m.id for m in stored(app, rid).members}
    r = client.post(f"/r/{rid}/move", data={"partie": pid, "confirm": "yes", "seat0": str(ids["Member 0"]),
                                            "seat1": "new", "new1": "Stranger"})
    assert r.status_code == 422 and f"at most {MAX_MEMBERS} members" in r.text
    assert rows(app) == before and len(stored(app, rid).members) == MAX_MEMBERS
    # members of the Runde only: still fine
    r = client.post("/new", data={**NEW_PARTIE, "player0": "Member 1", "player1": "member 2", "runde": rid})
    assert r.status_code == 302


def test_a_runde_file_of_too_many_members_is_refused(app, client):
    names = tuple(f"Member {i}" for i in range(MAX_MEMBERS + 1))
    r = client.post("/r/import", data={"file": (io.BytesIO(runde_file(names)), "r.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and f"A Runde has at most {MAX_MEMBERS} members" in r.text
    assert rows(app) == {"parties": 0, "deals": 0, "runden": 0, "members": 0, "runde_parties": 0}
    r = client.post("/r/import", data={"file": (io.BytesIO(runde_file(names[:MAX_MEMBERS])), "r.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 302 and count(app, "members") == MAX_MEMBERS


def test_a_runde_filled_on_another_phone_meanwhile_leaves_the_new_partie_on_its_own(app, client, monkeypatch):
    from scorer.web import creating
    rid = full_runde(client)
    monkeypatch.setattr(creating, "too_many_members", lambda runde, players: False)   # the check passed before
    r = client.post("/new", data={**NEW_PARTIE, "player0": "Member 1", "player1": "Stranger", "runde": rid})
    assert r.status_code == 302
    assert "started on its own" in client.get(r.headers["Location"]).text
    assert len(stored(app, rid).members) == MAX_MEMBERS and stored(app, rid).parties == ()


@pytest.mark.process
def test_the_limited_views_are_the_apps_own_and_each_app_counts_its_own(guarded, tmp_path):
    """No view is replaced at start-up: the app's views are those their modules define (the limits are their
    decorators); and each app's limiter keeps its own counts."""
    from scorer.web import parties, runde
    app, _server = guarded
    assert app.view_functions["partie.create"] is parties.create and app.view_functions["runde.move"] is runde.move
    assert app.view_functions["partie.import_file"] is parties.import_file
    other = create_app({"DATABASE": str(tmp_path / "o.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                        "PASSCODE": PASSCODE, "RATELIMIT_ENABLED": True, "RATELIMIT_PASSCODE": "3 per minute",
                        "RATELIMIT_CREATE": "6 per minute"})
    here, there = app.test_client(), other.test_client()
    for _ in range(6):
        assert here.post("/new", data={**NEW_PARTIE, "passcode": PASSCODE}).status_code == 302
    assert here.post("/new", data={**NEW_PARTIE, "passcode": PASSCODE}).status_code == 429
    assert there.post("/new", data={**NEW_PARTIE, "passcode": PASSCODE}).status_code == 302
