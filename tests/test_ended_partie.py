"""An ended partie is closed on the server: a new deal, an edit (also one opened before the other phone ended
the partie), a delete, an undo and a deal put back from the history are refused inside the write transaction,
whatever the page that sent them showed, with nothing changed, and the answer offers to reopen the partie."""

import json
import re
import secrets

import pytest

from scorer import store
from scorer.db import connect

from .conftest import record, start
from .helpers import hidden, version

SIMPLE = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0"}


def snapshot(app, board):
    """Everything a change could touch: the deals (ids, places, facts), the version, the history, the money."""
    pid = board.rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    try:
        deals = [tuple(r) for r in db.execute(
            "select id, position, deal, updated from deals where partie_id = ? order by position", [pid])]
        parties = tuple(db.execute("select version, ended, updated from parties where id = ?", [pid]).fetchone())
        history = db.execute("select count(*) from history where partie_id = ?", [pid]).fetchone()[0]
        submissions = db.execute("select count(*) from submissions where partie_id = ?", [pid]).fetchone()[0]
    finally:
        db.conn.close()
    return deals, parties, history, submissions


def without_tokens(page):
    """A page without its CSRF tokens (signed with the time: two requests a second apart differ)."""
    return re.sub(r'name="csrf_token" value="[^"]*"', "", page)


@pytest.fixture
def evening(app):
    """Phone A and phone B at one partie of three deals, deal 2 deleted and put back is in the history; phone A
    has the edit of deal 2 and a new deal's form open; then phone B ends the partie."""
    a, b = app.test_client(), app.test_client()
    board = start(b)
    for pts, dealer in (("40", "0"), ("41", "1"), ("42", "0"), ("43", "1")):
        assert record(b, board, points=pts, dealer=dealer).status_code == 302
    assert b.post(board + "/deal/4/delete", data={"version": str(version(app, board))}).status_code == 302
    db = connect(app.config["DATABASE"])
    entry = next(h["id"] for h in store.history(db, board.rsplit("/", 1)[1]) if h["action"] == "deleted")
    db.conn.close()
    edit_page = a.get(board + "/deal/2/edit").text
    edit = {**SIMPLE, "points": "60", "dealer": "1", "action": "save", "version": hidden(edit_page, "version"),
            "key": hidden(edit_page, "key"), "deal_id": hidden(edit_page, "deal_id")}
    new_page = a.get(board + "/deal").text
    new = {**SIMPLE, "points": "55", "dealer": "1", "action": "save", "version": hidden(new_page, "version"),
           "key": hidden(new_page, "key"), "count": hidden(new_page, "count")}
    assert b.post(board + "/end", data={}).status_code == 302                 # phone B ends the partie
    return {"a": a, "b": b, "board": board, "entry": entry, "edit": edit, "new": new}


def refused_with_reopen(response, board, status):
    assert response.status_code == status, response.text[:300]
    assert "This partie has ended" in response.text
    reopen = f"{board}/reopen"
    assert f'action="{reopen}"' in response.text or 'name="action" value="reopen"' in response.text


def test_an_edit_opened_before_the_other_phone_ended_the_partie_moves_no_money(app, evening):
    a, board = evening["a"], evening["board"]
    before = snapshot(app, board)
    money = without_tokens(a.get(board).text)
    r = a.post(board + "/deal/2/edit", data=evening["edit"])
    refused_with_reopen(r, board, 422)
    assert "Nothing was changed: deal 2 is as it was" in r.text
    assert 'value="60"' in r.text                                              # what was typed, kept on screen
    assert snapshot(app, board) == before
    assert without_tokens(a.get(board).text) == money                  # the same board, figure for figure
    # sent again with the partie's current version (as after a 409): still refused
    again = a.post(board + "/deal/2/edit", data={**evening["edit"], "version": str(version(app, board))})
    refused_with_reopen(again, board, 422)
    assert snapshot(app, board) == before


def test_an_edit_posted_without_any_page_is_refused(app, evening):
    a, board = evening["a"], evening["board"]
    before = snapshot(app, board)
    bare = {**SIMPLE, "points": "60", "dealer": "1", "action": "save", "key": secrets.token_urlsafe(16)}
    for data in (bare, {**bare, "version": str(version(app, board))}):
        r = a.post(board + "/deal/2/edit", data=data)
        assert r.status_code in (409, 422) and "This partie has ended" in r.text
    assert snapshot(app, board) == before


def test_a_new_deal_is_refused(app, evening):
    a, board = evening["a"], evening["board"]
    before = snapshot(app, board)
    r = a.post(board + "/deal", data=evening["new"])
    refused_with_reopen(r, board, 422)
    assert 'value="55"' in r.text
    outbox = a.post(board + "/deal", data={**evening["new"], "key": secrets.token_urlsafe(16)},
                    headers={"Accept": "application/json"})
    assert outbox.status_code == 422
    assert snapshot(app, board) == before


@pytest.mark.parametrize("route, words", [
    ("/deal/2/delete", "Nothing was deleted"),
    ("/deal/9/delete", "Nothing was deleted"),
    ("/undo", "Nothing was undone"),
    ("restore", "Nothing was put back"),
])
def test_a_button_posted_after_the_end_is_refused(app, evening, route, words):
    a, board = evening["a"], evening["board"]
    before = snapshot(app, board)
    path = f"{board}/history/{evening['entry']}/restore" if route == "restore" else board + route
    for sent in ("old", "current"):   # the version of the page it came from, or the partie's own
        v = evening["edit"]["version"] if sent == "old" else str(version(app, board))
        r = a.post(path, data={"version": v})
        refused_with_reopen(r, board, 409)
        assert words in r.text and 'type="submit"' in r.text               # "Reopen the partie", a real button
    assert snapshot(app, board) == before


def test_the_refusals_speak_german_and_reopening_opens_the_partie_again(app, evening):
    a, board = evening["a"], evening["board"]
    de = {"Accept-Language": "de"}
    undo = a.post(board + "/undo", data={"version": str(version(app, board))}, headers=de)
    assert undo.status_code == 409 and "Diese Partie ist beendet" in undo.text
    assert "Partie wieder öffnen" in undo.text
    edit = a.post(board + "/deal/2/edit", data=evening["edit"], headers=de)
    assert edit.status_code == 422 and "Partie wieder öffnen" in edit.text
    # "Reopen the partie" is a button of the refused form: reopened, the form comes back with what was typed
    reopened = a.post(board + "/deal/2/edit", data={**evening["edit"], "action": "reopen"}, headers=de)
    assert reopened.status_code == 200 and 'value="60"' in reopened.text
    assert "Partie ist wieder offen" in reopened.text
    assert store.load(connect(app.config["DATABASE"]), board.rsplit("/", 1)[1]).running
    # reopened, the edit the player chose to make is applied at once: ending and reopening changed no deal, so the
    # form's older version is no "change on another phone" (store.harmless_since)
    done = a.post(board + "/deal/2/edit", data=evening["edit"])
    assert done.status_code == 302
    rows = snapshot(app, board)[0]
    assert [json.loads(r[2])["card_points"][0] for r in rows] == ["40", "60", "42"]


def test_the_store_refuses_an_ended_partie_inside_the_transaction(app, evening):
    board = evening["board"]
    pid = board.rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    try:
        sp = store.load(db, pid)
        deal = sp.partie.deals[0]
        with pytest.raises(store.EndedError):
            store.update_deal(db, pid, 1, deal)
        with pytest.raises(store.EndedError):
            store.delete_deal(db, pid, 1)
        with pytest.raises(store.EndedError):
            store.restore_deal(db, pid, evening["entry"])
        with pytest.raises(store.EndedError):
            store.add_deal(db, pid, deal)
        assert store.load(db, pid).version == sp.version
    finally:
        db.conn.close()
