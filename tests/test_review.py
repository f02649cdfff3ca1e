"""Review 1's findings on the server, each as real HTTP round trips through the app: an edit finds its deal
by identity (1.1), an edit of a deal deleted on the other phone keeps what was typed (1.5), hostile version
numbers are refused politely (1.6), database errors are not "cannot be read" (1.7), a partie that cannot
be replayed has no end page (1.9), the limiter behind a reverse proxy (2.1), the 409's summary (3) and the
smaller duplications (4)."""

import re
import secrets

import pytest

from scorer import create_app, store
from scorer.db import connect

from .conftest import NEW_PARTIE, record, start


def stored(app, board):
    db = connect(app.config["DATABASE"])
    try:
        return store.load(db, board.rsplit("/", 1)[1])
    finally:
        db.conn.close()


def hidden(page, name):
    match = re.search(r'name="%s" type="hidden" value="([^"]*)"' % name, page) or re.search(
        r'type="hidden" name="%s" value="([^"]*)"' % name, page)
    return match.group(1)


def edit_form(client, board, number):
    page = client.get(f"{board}/deal/{number}/edit").text
    return {"version": hidden(page, "version"), "key": hidden(page, "key"), "deal_id": hidden(page, "deal_id")}


def points(app, board):
    return [d.card_points[0] for d in stored(app, board).partie.deals]


EDIT = {"type": "game", "undertaker": "forehand", "pile_of": "0", "blatt": "0", "dealer": "0", "action": "save"}


# -- 1.1: an edit is of the deal it was opened for, wherever that deal now stands -------------------------

def test_an_edit_follows_its_deal_when_the_other_phone_deletes_one_before_it(app, client, board):
    for pts in ("40", "41", "42", "43"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 3)                                  # deal 3 (42), changed to 50
    edit = {**EDIT, **opened, "points": "50"}
    version = str(stored(app, board).version)
    assert client.post(board + "/deal/2/delete", data={"version": version}).status_code == 302   # the other phone
    first = client.post(board + "/deal/3/edit", data=edit)
    assert first.status_code == 409
    assert "deal 3 is now deal 2" in first.text
    assert f'action="{board}/deal/2/edit"' in first.text                  # the form now points at deal 2
    assert hidden(first.text, "deal_id") == opened["deal_id"]
    again = {**edit, "version": hidden(first.text, "version")}
    second = client.post(board + "/deal/2/edit", data=again)             # "press Save again"
    assert second.status_code == 302
    assert points(app, board) == [120, 150, 129]                         # 42 became 50; 43 untouched


def test_save_again_on_the_old_address_still_edits_the_deal_it_was_opened_for(app, client, board):
    for pts in ("40", "41", "42", "43"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 3)
    version = str(stored(app, board).version)
    assert client.post(board + "/deal/1/delete", data={"version": version}).status_code == 302
    fresh = str(stored(app, board).version)
    # an old tab (or the outbox) sends it to /deal/3 with a current version: deal 3 is the 43 now
    r = client.post(board + "/deal/3/edit", data={**EDIT, **opened, "version": fresh, "points": "50"})
    assert r.status_code == 302
    assert points(app, board) == [123, 150, 129]


def test_a_double_tap_on_an_edit_of_a_moved_deal_is_no_conflict(app, client, board):
    for pts in ("40", "41", "42"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 3)
    edit = {**EDIT, **opened, "points": "50"}
    assert client.post(board + "/deal/3/edit", data=edit).status_code == 302
    version = str(stored(app, board).version)
    assert client.post(board + "/deal/1/delete", data={"version": version}).status_code == 302
    second = client.post(board + "/deal/3/edit", data=edit)              # the same tap, arriving late
    assert second.status_code == 302
    assert points(app, board) == [123, 150]


# -- 1.5: an edit of a deal deleted on the other phone ------------------------------------------------------

def test_an_edit_of_a_deleted_deal_keeps_what_was_typed(app, client, board):
    for pts in ("40", "41"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 2)
    assert client.post(board + "/undo", data={"version": opened["version"]}).status_code == 302
    r = client.post(board + "/deal/2/edit", data={**EDIT, **opened, "points": "50", "dealer": "1"})
    assert r.status_code == 409
    assert "Deal 2 was deleted on another phone in the meantime" in r.text
    assert 'id="deal-form"' in r.text and 'value="50"' in r.text              # the typed values are kept
    assert f'action="{board}/deal"' in r.text                                # now a new deal's form
    assert "Record mine as deal 2 too" in r.text
    seen = hidden(r.text, "seen_version")
    data = {**EDIT, "points": "50", "dealer": "1", "action": "record-anyway", "seen_version": seen,
            "version": hidden(r.text, "version"), "key": hidden(r.text, "key"), "count": hidden(r.text, "count")}
    assert client.post(board + "/deal", data=data).status_code == 302
    assert points(app, board) == [120, 150]


def test_an_edit_of_a_deleted_deal_in_german_and_in_bavarian_tarock(app, client):
    from .test_haferl_web import deal as haferl_deal, start as haferl_start
    bavarian = haferl_start(client)
    assert haferl_deal(client, bavarian, declarer="0", contract="pickup", points="67").status_code == 302
    data = {"type": "game", "target": "61", "action": "save", "declarer": "0", "contract": "pickup",
            "points": "70", "dealer": "0"}
    opened = edit_form(client, bavarian, 1)
    assert client.post(bavarian + "/undo", data={"version": opened["version"]}).status_code == 302
    r = client.post(bavarian + "/deal/1/edit", data={**data, **opened}, headers={"Accept-Language": "de"})
    assert r.status_code == 409
    assert "Spiel 1 wurde in der Zwischenzeit auf dem anderen Telefon gelöscht" in r.text


# -- 1.6: version numbers beyond SQLite's integers -----------------------------------------------------------

@pytest.mark.parametrize("big", ["9" * 20, str(2 ** 63), "-1", "1e3", "0x10"])
def test_a_hostile_version_is_refused_politely(app, client, board, big):
    assert record(client, board, undertaker="forehand", points="40", dealer="0").status_code == 302
    app.testing = False                                                   # a 500 would be a page, not a raise
    app.config["PROPAGATE_EXCEPTIONS"] = False
    undo = client.post(board + "/undo", data={"version": big})
    delete = client.post(board + "/deal/1/delete", data={"version": big})
    assert undo.status_code == 303 and delete.status_code == 303          # "that button came from a page …"
    opened = edit_form(client, board, 1)
    edit = client.post(board + "/deal/1/edit", data={**EDIT, **opened, "version": big, "points": "45"})
    assert edit.status_code == 409
    new = client.post(board + "/deal", data={**EDIT, "dealer": "1", "points": "45", "version": big,
                                             "key": secrets.token_urlsafe(16), "count": "1"})
    assert new.status_code == 409
    assert points(app, board) == [120]                                    # nothing changed


# -- 1.7: a database error is not "this partie cannot be read" -----------------------------------------------

def test_a_locked_database_is_a_busy_answer_not_an_unreadable_partie(tmp_path):
    import sqlite3
    from scorer.web.loading import cache
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "DATABASE_TIMEOUT": 0.2})
    client = app.test_client()
    board = start(client)
    cache.clear()
    from scorer.db import close_all
    close_all()   # the server thread's kept connection: an exclusive lock can only be had with none open
    holder = sqlite3.connect(str(tmp_path / "s.sqlite"), isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")   # no one else may even read
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("update parties set updated = updated")
    try:
        r = client.get(board)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert r.status_code == 503 and r.headers["Retry-After"] == "5"
    assert "cannot be read" not in r.text
    assert client.get(board).status_code == 200


def test_a_broken_database_is_the_error_page_not_an_unreadable_partie(app, client, board):
    from scorer.web.loading import cache
    db = connect(app.config["DATABASE"])
    db.execute("drop table history")          # a database error inside the load, as a disk error would be
    db.conn.close()
    cache.clear()
    app.testing = False
    app.config["PROPAGATE_EXCEPTIONS"] = False
    r = client.get(board)
    assert r.status_code == 500
    assert "cannot be read" not in r.text and "start a new partie" not in r.text
    assert "Look at the board before you send it again" in r.text


# -- 1.9: no end page for a partie that cannot be replayed ---------------------------------------------------

def test_a_partie_that_cannot_be_replayed_cannot_be_ended(app, client, board):
    from .test_table import break_deal
    for pts in ("40", "41"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    break_deal(app, board, 1, {"type": "game", "dealer": 0, "undertaker": None, "card_points": ["80", None]})
    page = client.get(board + "/end")
    assert page.status_code == 409 and "Deal 1 needs fixing first" in page.text
    assert client.post(board + "/end", data={"confirm": "yes"}).status_code == 409
    assert stored(app, board).ended is None


# -- 2.1: the limits behind a reverse proxy: tests/test_proxy.py (through waitress, as served) ------------


# -- 3: who gained, said by one helper on the board and in the 409 -------------------------------------------

def test_the_409_says_who_gained_as_the_board_does(app, client, board):
    page = client.get(board + "/deal").text
    # the other phone: Anna wins the simple game (+1), Bernd made Trull in tricks (+1): 1 : 1
    assert record(client, board, undertaker="nobody", pile_of="0", points="40", dealer="0",
                  bonuses="trull_tricks:1").status_code == 302
    assert stored(app, board).partie.deals[0].bonuses
    rows = client.get(board).text
    assert re.search(r'<span class="pts">1\u00a0:\u00a01</span>', rows)
    r = client.post(board + "/deal", data={**EDIT, "points": "40", "key": secrets.token_urlsafe(16),
                                           "version": hidden(page, "version"), "count": "0"})
    assert r.status_code == 409
    conflict = re.search(r'<div class="conflict" id="conflict".*?</div>', r.text, re.S).group(0)
    assert "Deal 1 was recorded on the other phone a moment ago" in conflict and "— 1\u00a0:\u00a01" in conflict


# -- 4: names keep their joiners; a long number in any game's file --------------------------------------------

@pytest.mark.parametrize("name", ["👩‍👩‍👧 Familie", "مه‌رو", "क्‍षमा", "Rosa 🏳️‍🌈"])
def test_names_keep_the_joiners_that_shape_them(app, client, name):
    board = start(client, player0=name)
    assert stored(app, board).partie.players == (name, "Bernd")
    assert name in client.get(board).text


@pytest.mark.parametrize("players, problem", [
    (("Anna\u200d", "Bernd"), None),                        # a joiner at a word's edge only hides: it goes
    (("An\u200dna", "Anna"), "The two players need different names."),
    (("\u200d\u200c", "Bernd"), "Enter the names of both players"),
])
def test_a_joiner_does_not_hide_a_name_or_make_two_of_one(app, client, players, problem):
    response = client.post("/new", data={**NEW_PARTIE, "player0": players[0], "player1": players[1]})
    if problem is None:
        assert response.status_code == 302
        assert stored(app, response.headers["Location"]).partie.players == ("Anna", "Bernd")
    else:
        assert response.status_code == 422 and problem in response.text


def test_a_koenigrufen_file_with_a_number_far_too_long_is_said(tmp_path):
    from scorer.games.koenigrufen import game as koenigrufen_game
    from scorer.games.koenigrufen.problems import KoenigrufenError
    with pytest.raises(KoenigrufenError) as caught:
        koenigrufen_game.loads('{"x": ' + "9" * 5000 + "}")
    assert "far too long" in str(caught.value.problems[0])
