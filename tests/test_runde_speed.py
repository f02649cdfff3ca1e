"""The Runde's page follows every change of the Runde and of its parties; each evening's summary kept in the
store by its partie's version, so that a restart replays nothing (real HTTP round trips through the Flask test
client)."""

import io
import re
import sqlite3
from decimal import Decimal

import pytest

from scorer import create_app, store
from scorer.db import connect
from scorer.runde import SUMMARY_MARK, dump_summary, load_summary, summarize
from scorer.web import loading
from scorer.web import runde as runde_web
from scorer.web.language import euros
from scorer.words import Message, Money, Plural, Term, Words, from_data, to_data

from .conftest import NEW_PARTIE, record
from .test_runde import end_money, new_runde, settlement, standings_csv, standings_row, stored, two_evenings

TOKEN = re.compile(r'value="[^"]{40,}"')


def same(a: str, b: str) -> bool:
    """Two pages alike but for their CSRF tokens."""
    return TOKEN.sub("", a) == TOKEN.sub("", b)


def forget_everything():
    """What a restart forgets: every cache in memory (the store keeps its summaries)."""
    runde_web.summaries.entries.clear()
    loading.cache.clear()


def test_the_runde_page_follows_every_kind_of_change(app, client):
    rid, ids, one, two = two_evenings(app, client)

    def show(**headers):
        return client.get(f"/r/{rid}", query_string={"period": "all"}, headers=headers).text

    def money_of(name, *pids):
        seat = {"Anna": 0, "Bernd": 1}[name]
        return euros(sum((end_money(settlement(app, p))[seat] for p in pids), Decimal(0)))

    show()   # the flash of the last deal
    first = show()
    assert same(show(), first)                                           # unchanged: the same page

    def flash_seen() -> None:   # the page with a change's flash
        show()

    def changed() -> str:
        return show()

    # a deal in one of its parties (the Runde itself is not written: the trigger raises its version)
    assert record(client, f"/p/{one}", undertaker="dealer", pile_of="0", points="40").status_code == 302
    page = changed()
    assert standings_row(page, "Anna")[:3] == [money_of("Anna", one, two), "2", "4"]   # deals played: she sits out one Bavarian deal
    # an edit of a deal after the fact
    r = client.post(f"/p/{one}/deal/1/edit", data={"type": "game", "dealer": "0", "undertaker": "nobody",
                                                   "pile_of": "1", "points": "20", "blatt": "0", "action": "save",
                                                   "key": "edit-1"})
    assert r.status_code == 302
    client.get(f"/p/{one}")   # its flash
    page = changed()
    assert standings_row(page, "Anna")[0] == money_of("Anna", one, two)
    # the last deal undone
    with app.app_context():
        db = connect(app.config["DATABASE"])
        version = store.version(db, one)
        db.conn.close()
    assert client.post(f"/p/{one}/undo", data={"version": version}).status_code == 302
    client.get(f"/p/{one}")
    page = changed()
    assert standings_row(page, "Anna")[1:3] == ["2", "3"]
    # a member renamed (in every evening)
    assert client.post(f"/r/{rid}/members/{ids['Anna']}", data={"name": "Annamirl"}).status_code == 302
    flash_seen()
    page = changed()
    assert standings_row(page, "Annamirl")[1:3] == ["2", "3"] and '<th scope="row">Anna</th>' not in page
    # marked settled, and open again
    value = re.search(r'form="settle" name="partie" value="([^"]+)"', page).group(1)
    assert client.post(f"/r/{rid}/settle", data={"partie": value}).status_code == 302
    flash_seen()
    assert "Everything is settled." in changed()
    assert client.post(f"/r/{rid}/settle", data={"partie": one, "settled": "no"}).status_code == 302
    flash_seen()
    assert "Everything is settled." not in changed()
    # a new member
    assert client.post(f"/r/{rid}/members", data={"name": "Erich"}).status_code == 302
    flash_seen()
    assert 'value="Erich"' in changed()
    # a partie moved in: it is in this phone's list of parties to move until it is in
    outside = client.post("/new", data={**NEW_PARTIE, "player0": "Erich"}).headers["Location"].rsplit("/", 1)[1]
    assert record(client, f"/p/{outside}", undertaker="dealer", pile_of="0", points="40").status_code == 302
    client.get(f"/p/{outside}")
    page = show()   # nothing of the Runde changed, but this phone's list is its own
    assert f'<option value="{outside}">' in page
    assert f'<option value="{outside}">' not in app.test_client().get(f"/r/{rid}?period=all").text
    members = {m.name: m.id for m in stored(app, rid).members}
    r = client.post(f"/r/{rid}/move", data={"partie": outside, "confirm": "yes", "seat0": members["Erich"],
                                            "seat1": members["Bernd"]})
    assert r.status_code == 302
    flash_seen()
    page = changed()
    assert "3 evenings" in page and f'<option value="{outside}">' not in page
    # the partie ended (its version): the Runde's page is rendered again
    assert client.post(f"/p/{outside}/end", data={}).status_code == 302
    client.get(f"/p/{outside}")
    assert same(changed(), page)
    # each language its own page
    german = show(**{"Accept-Language": "de"})
    assert "<h3>Gegeneinander</h3>" in german
    assert "<h3>Head to head</h3>" in show()
    # another period is another page
    assert "No evening in this period yet." in client.get(f"/r/{rid}?period=range&from=2001-01-01&to=2001-12-31").text


def test_each_phone_gets_its_own_token_on_the_runde_page(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": True})
    anna, bernd = app.test_client(), app.test_client()
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', anna.get("/r/new").text).group(1)
    r = anna.post("/r/new", data={"name": "Runde", "game": "strohmandeln", "settles": "evening",
                                  "members": "Anna\nBernd", "csrf_token": token})
    rid = r.headers["Location"].rsplit("/", 1)[1]
    anna.get(f"/r/{rid}")   # the Runde is in the home page's list of this phone from now on
    first = anna.get(f"/r/{rid}").text
    again = bernd.get(f"/r/{rid}").text   # with bernd's own token
    tokens = [re.search(r'name="csrf_token"[^>]*value="([^"]+)"', p).group(1) for p in (first, again)]
    assert tokens[0] != tokens[1] and same(first, again)
    r = bernd.post(f"/r/{rid}/members", data={"name": "Clara", "csrf_token": tokens[1]})
    assert r.status_code == 302
    assert "Clara is a member now." in bernd.get(f"/r/{rid}").text   # a flash
    assert 'value="Clara"' in anna.get(f"/r/{rid}").text
    assert f"/r/{rid}" in bernd.get("/r").text   # the page remembers the Runde on the phone


def test_a_restart_reads_each_evening_s_summary_from_the_store(app, client, monkeypatch):
    rid, ids, one, two = two_evenings(app, client)
    client.get(f"/r/{rid}?period=all")   # the flash of the last deal
    english = client.get(f"/r/{rid}?period=all").text
    german = client.get(f"/r/{rid}?period=all", headers={"Accept-Language": "de"}).text

    def rows():
        with app.app_context():
            db = connect(app.config["DATABASE"])
            out = {r[0]: (r[1], r[2]) for r in db.execute("select partie_id, version, made_by from runde_summaries")}
            db.conn.close()
        return out

    versions = {p.id: p.version for p in stored(app, rid).parties}
    assert rows() == {one: (versions[one], SUMMARY_MARK), two: (versions[two], SUMMARY_MARK)}
    made = []
    monkeypatch.setattr(runde_web, "summarize", lambda s: made.append(s) or summarize(s))
    forget_everything()
    assert same(client.get(f"/r/{rid}?period=all").text, english)
    assert same(client.get(f"/r/{rid}?period=all", headers={"Accept-Language": "de"}).text, german)
    assert made == []   # nothing replayed: the Bavarian figures' labels translated from their stored ids
    assert "Stockspiel" in german or "Pick-Up" in german
    # a deal more: that evening alone is replayed and stored for its new version
    assert record(client, f"/p/{one}", undertaker="dealer", pile_of="0", points="40").status_code == 302
    client.get(f"/p/{one}")   # its flash
    forget_everything()
    page = client.get(f"/r/{rid}?period=all").text
    assert len(made) == 1 and standings_row(page, "Anna")[1:3] == ["2", "4"]
    assert rows()[one][0] == versions[one] + 1 and rows()[two] == (versions[two], SUMMARY_MARK)
    # summaries made by other scoring code (an update) are made again
    with app.app_context():
        db = connect(app.config["DATABASE"])
        db.execute("update runde_summaries set made_by = 'older code'")
        db.conn.close()
    forget_everything()
    assert same(client.get(f"/r/{rid}?period=all").text, page) and len(made) == 3
    assert {v[1] for v in rows().values()} == {SUMMARY_MARK}


def test_an_unreadable_summary_is_made_again_and_a_busy_store_keeps_it_in_memory(tmp_path, monkeypatch):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False, "DATABASE_TIMEOUT": 0.2})
    client = app.test_client()
    rid, ids, one, two = two_evenings(app, client)
    client.get(f"/r/{rid}?period=all")   # the flash of the last deal
    page = client.get(f"/r/{rid}?period=all").text
    made = []
    monkeypatch.setattr(runde_web, "summarize", lambda s: made.append(s) or summarize(s))
    other = connect(app.config["DATABASE"])
    other.execute("update runde_summaries set summary = '{' where partie_id = ?", [one])
    forget_everything()
    assert same(client.get(f"/r/{rid}?period=all").text, page) and len(made) == 1   # read again from the deals
    assert load_summary(next(other.query("select summary from runde_summaries where partie_id = ?", [one]))["summary"])
    # the store busy (another writer holds the lock past the timeout): the page is still shown, nothing stored
    other.execute("delete from runde_summaries")
    forget_everything()
    other.conn.execute("BEGIN IMMEDIATE")
    try:
        response = client.get(f"/r/{rid}?period=all")
    finally:
        other.conn.execute("ROLLBACK")
    assert response.status_code == 200 and same(response.text, page) and len(made) == 3
    assert not list(other.query("select 1 from runde_summaries"))
    other.conn.close()


def test_a_summary_is_stored_as_message_ids_and_read_back_equal(app, client):
    rid, ids, one, two = two_evenings(app, client)
    for pid in (one, two):
        facts = summarize(settlement(app, pid))
        assert facts["figures"]   # both games have their own figures
        assert load_summary(dump_summary(facts, None)) == (facts, None)
        assert load_summary(dump_summary(facts, 3))[1] == 3
    bavarian = summarize(settlement(app, two))["figures"]
    assert any(isinstance(label, Message) for label, _ in bavarian)
    assert "Message" not in dump_summary(summarize(settlement(app, two)), None)   # ids, never a rendering
    for value in (Term("Grammel"), Message("{contract}: won", contract=Term("Solo")), Money("0.10"),
                  Plural("{n} credit", "{n} credits", n=3), Decimal("1.5"), "text", 7, None):
        back = from_data(to_data(value))
        assert back == value and type(back) is type(value)
    with pytest.raises(TypeError):
        to_data(Words([Term("Trull"), Term("Pagat")]))


def test_a_change_of_a_partie_raises_its_runde_s_version_in_the_same_transaction(app, client):
    rid = new_runde(client, members="Anna\nBernd")
    inside = client.post("/new", data={**NEW_PARTIE, "runde": rid}).headers["Location"].rsplit("/", 1)[1]
    outside = client.post("/new", data={**NEW_PARTIE}).headers["Location"].rsplit("/", 1)[1]
    before = stored(app, rid).version
    record(client, f"/p/{outside}", points="40")
    assert stored(app, rid).version == before      # a partie of no Runde changes no Runde
    record(client, f"/p/{inside}", points="40")
    assert stored(app, rid).version == before + 1


def kept_summaries(app) -> dict:
    with app.app_context():
        db = connect(app.config["DATABASE"])
        out = {r[0]: (r[1], r[2], r[3]) for r in db.execute("select partie_id, version, made_by, summary "
                                                             "from runde_summaries")}
        db.conn.close()
    return out


def test_an_imported_runde_and_a_partie_moved_in_are_kept_at_once(app, client, monkeypatch):
    """A Runde file imported, or a partie moved into a Runde, stores each evening's summary right away: the
    Runde's first page (after a restart, even) replays nothing, and shows what replaying them shows."""
    rid, ids, one, two = two_evenings(app, client)
    client.get(f"/r/{rid}?period=all")   # the flash of the last deal
    original = client.get(f"/r/{rid}?period=all").text
    text = client.get(f"/r/{rid}/runde.json").data
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "runde.json")}, content_type="multipart/form-data")
    assert r.status_code == 302
    new = r.headers["Location"].rsplit("/", 1)[1]
    parties = stored(app, new).parties
    kept = kept_summaries(app)
    assert {p.id for p in parties} <= set(kept)
    for p in parties:   # each at the version the page will ask for, by this code, equal to a replay's
        assert kept[p.id][:2] == (p.version, SUMMARY_MARK)
        assert load_summary(kept[p.id][2]) == (summarize(settlement(app, p.id)), None)
    made = []
    monkeypatch.setattr(runde_web, "summarize", lambda s: made.append(s) or summarize(s))
    forget_everything()
    page = client.get(f"/r/{new}?period=all").text
    assert made == []   # nothing replayed
    for name in ("Anna", "Bernd", "Clara", "Dieter"):
        assert standings_row(page, name) == standings_row(original, name)
    # a partie played outside, then moved in: stored as it is once in the Runde (its seats renamed: a new version)
    r = client.post("/new", data={**NEW_PARTIE, "player1": "Bernhard"})
    board = r.headers["Location"]
    pid = board.rsplit("/", 1)[1]
    assert record(client, board, undertaker="dealer", pile_of="0", points="40").status_code == 302
    client.get(board)   # the phone's own board: its settlement kept in memory, at the version before the move
    members = {m.name: m.id for m in stored(app, new).members}
    r = client.post(f"/r/{new}/move", data={"partie": pid, "confirm": "yes", "seat0": members["Anna"],
                                            "seat1": members["Bernd"]})
    assert r.status_code == 302
    version = next(p.version for p in stored(app, new).parties if p.id == pid)
    assert kept_summaries(app)[pid][:2] == (version, SUMMARY_MARK)
    made.clear()
    forget_everything()
    page = client.get(f"/r/{new}?period=all").text
    assert made == []
    assert standings_row(page, "Anna")[1:3] == [str(int(standings_row(original, "Anna")[1]) + 1),
                                               str(int(standings_row(original, "Anna")[2]) + 1)]


def test_an_import_whose_summaries_cannot_be_stored_is_still_imported(app, client, monkeypatch):
    rid, ids, one, two = two_evenings(app, client)
    text = client.get(f"/r/{rid}/runde.json").data

    def refused(db, rows):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(runde_web.runde_store, "keep_summaries", refused)
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "runde.json")}, content_type="multipart/form-data")
    assert r.status_code == 302
    new = r.headers["Location"].rsplit("/", 1)[1]
    assert len(stored(app, new).parties) == 2
    assert not set(kept_summaries(app)) & {p.id for p in stored(app, new).parties}
    monkeypatch.undo()
    forget_everything()
    assert standings_csv(client, rid) == standings_csv(client, new)   # replayed by its first page instead
