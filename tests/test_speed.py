"""What keeps the server fast without giving anything up: one connection per server thread (one fsync a
write), compression, content-hashed static files, the rendered board kept while the partie is unchanged."""

import threading

from scorer.db import close_all, get_db


def test_a_thread_keeps_its_connection_and_another_thread_has_its_own(app):
    with app.app_context():
        first = get_db()
    with app.app_context():
        assert get_db() is first                         # the next request of this thread: the same one
        assert next(first.query("pragma synchronous"))["synchronous"] == 2   # FULL, still
    other = []

    def elsewhere():
        with app.app_context():
            other.append(get_db())

    thread = threading.Thread(target=elsewhere)
    thread.start()
    thread.join()
    assert other[0] is not first
    close_all()
    with app.app_context():
        assert get_db() is not first                     # closed at shutdown; a new one after


def test_a_failed_request_leaves_no_transaction_for_the_next(app, client, board):
    with app.app_context():
        db = get_db()
        db.conn.execute("BEGIN")
        db.conn.execute("update parties set version = version + 100")
    # the application context ended with the transaction open: it was rolled back, not committed
    with app.app_context():
        db = get_db()
        assert not db.conn.in_transaction
        assert next(db.query("select max(version) as v from parties"))["v"] < 100
    assert client.get(board).status_code == 200


import gzip
import os
import re
from pathlib import Path

import brotli

from scorer import games

STATIC = Path(__file__).parent.parent / "static"


def assets(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_static_files_have_content_hashed_names_kept_a_year(client, board):
    page = client.get(board).text
    named = assets(page)
    assert {re.sub(r"\.[0-9a-f]{10}\.", ".", a) for a in named} >= {"/static/app.js", "/static/icon.svg"}
    for url in named:
        plain_name = re.sub(r"\.[0-9a-f]{10}\.", ".", url).rsplit("/", 1)[1]
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.data == (STATIC / plain_name).read_bytes()
        again = client.get(url, headers={"If-None-Match": response.headers["ETag"]})
        assert again.status_code == 304
    # the plain name and a name from before a deploy still answer, but are asked again each time
    for url in ("/static/app.css", "/static/app.0123456789.css"):
        response = client.get(url)
        assert response.status_code == 200 and response.headers["Cache-Control"] == "no-cache"
        assert response.data == (STATIC / "app.css").read_bytes()
    assert client.get("/static/none.css").status_code == 404
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_the_service_worker_keeps_the_hashed_names_the_pages_use(client, board):
    page = client.get(board).text
    form = client.get(board + "/deal").text   # the deal form also loads its own script, form.js
    sw = client.get(re.search(r'data-sw="([^"]+)"', page).group(1)).text
    precache = re.search(r"const PRECACHE = (\[[^\]]*\]);", sw).group(1)
    kept = set(re.findall(r'"([^"]+)"', precache))
    # every game's own files (its deal form's script, scorer/games/<game>/static/; its stylesheet is written into
    # the pages): any game's form works offline
    own = {url for url in kept if re.match(r"/static/\w+/", url)}
    scripted = {bp.name for game in games.offered() for bp in game.web_part().blueprints()
                if any(not name.endswith(".css") for name in os.listdir(bp.static_folder))}
    assert {url.split("/")[2] for url in own} == scripted and len(scripted) >= 3
    for url in own:
        answer = client.get(url)
        assert answer.status_code == 200 and answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert kept and kept - own <= set(assets(page)) | set(assets(form))
    assert all(re.search(r"\.[0-9a-f]{10}\.", url) for url in kept)
    # both pages work offline: every script they name is kept (their stylesheets are in them)
    assert {a for a in assets(page) + assets(form) if a.endswith((".js", ".css"))} <= kept
    assert not any("form." in a for a in assets(page))   # the board does not load the deal form's script


def test_pages_and_static_files_are_sent_compressed_when_the_browser_asks(client, board):
    plain = client.get(board, headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    br = client.get(board, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br.headers["Content-Encoding"] == "br" and "Accept-Encoding" in br.headers["Vary"]
    assert brotli.decompress(br.data).count(b"<li") == plain.data.count(b"<li")   # the same page
    zipped = client.get(board, headers={"Accept-Encoding": "gzip, deflate"})   # plain HTTP: no br
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert len(zipped.data) < len(plain.data) / 2
    script = next(a for a in assets(plain.text) if a.endswith(".js"))
    for encoding, decode in (("br", brotli.decompress), ("gzip", gzip.decompress)):
        response = client.get(script, headers={"Accept-Encoding": encoding})
        assert response.headers["Content-Encoding"] == encoding
        assert decode(response.data) == (STATIC / "app.js").read_bytes()


def test_the_manifest_is_kept_a_day(client):
    response = client.get("/manifest.webmanifest")
    assert response.headers["Cache-Control"] == "private, max-age=86400"


# -- the board, never older than the partie ---------------------------------------------------------------------------

from scorer import create_app   # noqa: E402
from tests.conftest import NEW_PARTIE, record, start   # noqa: E402

HIDDEN = re.compile(r'<input[^>]*name="(csrf_token|version)"[^>]*value="([^"]*)"|'
                    r'<input[^>]*value="([^"]*)"[^>]*name="(csrf_token|version)"')


def undo_fields(page: str) -> dict:
    """The fields the undo form sends: its own and those tied to it with form="undo" (the token, last in the page)."""
    form = re.search(r'<form[^>]*class="confirm undo".*?</form>', page, re.S).group(0)
    tied = re.findall(r'<input[^>]*form="undo"[^>]*>', page)
    fields = {}
    for m in HIDDEN.finditer(form + "".join(tied)):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        fields[name] = value
    return fields


def rows(page: str) -> int:
    return len(re.findall(r'<li id="deal-', page))


def test_the_board_is_never_older_than_the_partie_and_each_phone_gets_its_own_token(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True})
    anna, bernd = app.test_client(), app.test_client()
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', anna.get("/new").text).group(1)
    response = anna.post("/new", data={**NEW_PARTIE, "csrf_token": token})
    board = response.headers["Location"]
    app.config["WTF_CSRF_ENABLED"] = False   # the deals below through the test helper
    for points in ("40", "38"):
        assert record(anna, board, points=points).status_code == 302
    anna.get(board)   # the flash of the last deal shown once
    app.config["WTF_CSRF_ENABLED"] = True
    first = anna.get(board).text
    again = bernd.get(board).text                        # the other phone: with its own token
    assert undo_fields(again)["csrf_token"] != undo_fields(first)["csrf_token"]
    assert re.sub(r'value="[^"]{40,}"', "", again) == re.sub(r'value="[^"]{40,}"', "", first)
    # the other phone undoes the last deal with its token: accepted
    response = bernd.post(board + "/undo", data=undo_fields(again))
    assert response.status_code == 302
    after = anna.get(board).text
    assert undo_fields(after)["version"] != undo_fields(first)["version"]   # never the old board
    assert "Deal 2 undone" not in after                  # the flash went to the phone that undid it
    assert "Deal 2 undone" in bernd.get(board).text      # the box with Put it back...
    assert "Deal 2 undone" in bernd.get(board).text      # ...stays while nothing changed
    german = anna.get("/lang/de?next=" + board, follow_redirects=True).text
    assert "Spiel eintragen" in german and "Record deal" not in german   # each phone its language
    assert "Record deal" in bernd.get(board).text       # the other phone still reads English


def test_the_board_follows_every_kind_of_change(app, client, board):
    counts = []
    for _ in range(3):
        record(client, board, points="40")
        client.get(board)   # the flash
        counts.append(rows(client.get(board).text))
    client.post(board + "/deal/1/edit", data={"type": "game", "dealer": "0", "undertaker": "nobody", "pile_of": "0",
                                                "points": "20", "blatt": "0", "action": "save", "key": "edit-1"})
    client.get(board)
    assert "20" in client.get(board + "/deal/1").text
    page = client.get(board).text
    assert counts == [1, 2, 3] and rows(page) == 3
    client.post(board + "/end", data={})
    client.get(board)
    assert 'id="record"' not in client.get(board).text   # ended: the running board is not sent


def test_wtforms_messages_are_translated_from_a_catalog_read_once(app, client, monkeypatch):
    from babel import support

    from scorer.web.forms import wtforms_translations

    wtforms_translations.cache_clear()
    reads = []
    load = support.Translations.load
    monkeypatch.setattr(support.Translations, "load", lambda *a, **k: reads.append(a) or load(*a, **k))
    for _ in range(3):
        client.get("/new")
        client.get("/new", headers={"Accept-Language": "de"})
    assert len(reads) <= 2   # once per language, not once per request
    from wtforms import RadioField

    from scorer.web.forms import Form

    class Pick(Form):
        choice = RadioField(choices=[("a", "A")])

    with app.test_request_context("/", method="POST", data={"choice": "z"}, headers={"Accept-Language": "de"}):
        form = Pick(meta={"csrf": False})
        assert not form.validate()
        assert form.choice.errors == ["Keine gültige Auswahl."]


def test_the_history_comes_a_page_at_a_time(app, client, board):
    for points in ["40", "38", "50"] * 20:      # 60 deals recorded: 61 changes with the start
        assert record(client, board, points=points).status_code == 302
    first = client.get(board + "/history").text
    assert first.count('<li id="entry-') == 50 and "Deal 60 recorded" in first and "Partie started" not in first
    assert 'href="' + board + '/history?page=2"' in first and "?page=0" not in first
    second = client.get(board + "/history?page=2").text
    assert second.count('<li id="entry-') == 11 and "Deal 10 recorded" in second and "Partie started" in second
    assert "Deal 11 recorded" not in second and 'href="' + board + '/history?page=1"' in second
    assert 'reversed start="61"' in first and 'reversed start="11"' in second   # numbered by time across pages
    assert client.get(board + "/history?page=" + "9" * 50).text.count('<li id="entry-') == 50   # no such page: the first


# -- a change replays the partie from the changed deal on -------------------------------------------------------

import pytest   # noqa: E402

from scorer import store   # noqa: E402
from benchmarks.samples import sample_partie   # noqa: E402
from scorer.db import connect   # noqa: E402
from scorer.games import game_of   # noqa: E402
from scorer.web import loading   # noqa: E402

SAMPLES = {game.key: game.sample_partie for game in games.offered()}   # each game's own (Game.sample_partie)
DEALS = 40


def full_replay(db, pid):
    sp = store.load(db, pid)
    return sp, game_of(sp.partie).replay(sp.partie)


@pytest.mark.parametrize("where", [1, DEALS // 2, DEALS], ids=["start", "middle", "end"])
@pytest.mark.parametrize("change", ["edit", "delete", "put back"])
@pytest.mark.parametrize("key", list(SAMPLES))
def test_a_change_replays_from_the_changed_deal_on_and_equals_a_full_replay(app, client, key, change, where):
    db = connect(app.config["DATABASE"])
    pid = store.create_partie(db, SAMPLES[key](DEALS))
    board = f"/p/{pid}"
    assert client.get(board).status_code == 200
    if change == "put back":   # the delete is read first: the put-back is the change replayed from
        store.delete_deal(db, pid, where)
        assert client.get(board).status_code == 200
    before = loading.cache.get(pid)[1]
    if change == "edit":
        store.update_deal(db, pid, where, SAMPLES[key](DEALS, seed=8).deals[where - 1])
    elif change == "delete":   # at the end: the board's Undo
        store.delete_deal(db, pid, where)
    else:
        entry = next(h["id"] for h in store.history(db, pid) if h["action"] == "deleted")
        store.restore_deal(db, pid, entry)
    page = client.get(board)
    assert page.status_code == 200
    sp, after = loading.cache.get(pid)
    expected_sp, expected = full_replay(db, pid)
    assert after.deals != before.deals
    assert after == expected and sp == expected_sp and sp.positions == expected_sp.positions
    assert sp.history_id == expected_sp.history_id and sp.version == expected_sp.version
    # the deals before the changed one were not scored again: the very results of the settlement before
    assert all(a is b for a, b in zip(after.deals[:where - 1], before.deals))
    assert f'id="deal-{len(after.deals)}"' in page.text or not after.deals


def test_several_changes_replay_from_the_first_deal_any_of_them_touched(app, client):
    db = connect(app.config["DATABASE"])
    pid = store.create_partie(db, sample_partie(30))
    board = f"/p/{pid}"
    client.get(board)
    before = loading.cache.get(pid)[1]
    store.update_deal(db, pid, 20, sample_partie(30).deals[3])
    store.delete_deal(db, pid, 8)
    store.set_ended(db, pid, True)
    store.set_ended(db, pid, False)
    store.add_deal(db, pid, sample_partie(31).deals[30])
    client.get(board)
    sp, after = loading.cache.get(pid)
    assert (sp, after) == full_replay(db, pid)
    assert all(a is b for a, b in zip(after.deals[:7], before.deals)) and after.deals[7] is not before.deals[7]


def test_a_renamed_player_loads_the_partie_whole(app, client):
    from scorer import runde_store
    db = connect(app.config["DATABASE"])
    pid = store.create_partie(db, sample_partie(10))
    client.get(f"/p/{pid}")
    with store.writing(db):
        runde_store._seat_names(db, pid, {0: "Anni"})
    assert store.changed_since(db, loading.cache.get(pid)[0]) is None
    assert "Anni" in client.get(f"/p/{pid}").text
    assert loading.cache.get(pid) == full_replay(db, pid)


def deals_by_number_query(statements: list[str]) -> list[str]:
    return [s for s in statements if "from deals" in s.lower() and "offset" in s.lower()]


@pytest.mark.parametrize("where", [1, DEALS // 2, DEALS], ids=["start", "middle", "end"])
def test_an_edit_or_a_delete_finds_its_deal_by_its_stored_position(app, client, where):
    """Deal k of a partie read before is found at its stored position, not counted off with OFFSET; a
    partie read before a change elsewhere is not trusted (counted off then): either way it is deal k now."""
    db = connect(app.config["DATABASE"])
    partie = sample_partie(DEALS)
    pid = store.create_partie(db, partie)
    store.delete_deal(db, pid, 2)   # positions with a gap: a position is no longer a number
    store.add_deal(db, pid, partie.deals[1])
    sp = store.load(db, pid)
    statements: list[str] = []
    db.conn.set_trace_callback(statements.append)
    ident = store.deal_id(db, pid, where, known=sp)
    other = sample_partie(DEALS + 1).deals[DEALS]
    assert store.update_deal(db, pid, where, other, store.Guard(expected=sp.version, seen=sp)) == where
    assert not deals_by_number_query(statements)
    now = store.load(db, pid)
    assert now.partie.deals[where - 1] == other and now.partie.deals[:where - 1] == sp.partie.deals[:where - 1]
    assert store.deal_id(db, pid, where, known=now) == ident
    store.delete_deal(db, pid, where, store.Guard(expected=now.version, seen=now))
    assert not deals_by_number_query(statements)
    db.conn.set_trace_callback(None)
    after = store.load(db, pid)
    assert after.partie.deals == now.partie.deals[:where - 1] + now.partie.deals[where:]
    assert store.deal_number(db, pid, ident) is None
    # `now` is stale (deal `where` is gone): deal `where` is the one that followed it, counted off
    if where < DEALS:
        assert store.deal_id(db, pid, where, known=now) == store.deal_id(db, pid, where)
        assert store.deal_number(db, pid, store.deal_id(db, pid, where, known=now)) == where
    else:
        with pytest.raises(store.NotFoundError):
            store.deal_id(db, pid, where, known=now)


def test_the_delete_button_and_the_edit_form_read_no_deal_by_offset(app, client):
    db = connect(app.config["DATABASE"])
    pid = store.create_partie(db, sample_partie(DEALS))
    board = f"/p/{pid}"
    assert client.get(board).status_code == 200   # the partie read and kept, with its deals' positions
    sp = loading.cache.get(pid)[0]
    statements: list[str] = []
    with app.app_context():
        get_db().conn.set_trace_callback(statements.append)
    try:
        page = client.get(board + "/deal/7/edit")
        assert page.status_code == 200
        assert f'name="deal_id" value="{store.deal_id(db, pid, 7)}"' in page.text
        response = client.post(board + "/deal/7/delete", data={"version": sp.version})
        assert response.status_code == 302
    finally:
        with app.app_context():
            get_db().conn.set_trace_callback(None)
    assert any("delete from deals" in s.lower() for s in statements)
    assert not deals_by_number_query(statements)
    assert store.load(db, pid).partie.deals == sp.partie.deals[:6] + sp.partie.deals[7:]
