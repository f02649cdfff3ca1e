"""A store in trouble is said as it is: a locked database is a busy answer (503, the deal can be sent again), a
broken one the error page, never "this partie cannot be read"; a partie that cannot be replayed cannot be
ended."""

import secrets
import sqlite3

import pytest

from scorer import create_app
from scorer.db import connect

from .conftest import NEW_PARTIE
from .conftest import record, start
from .live import Server
from .helpers import count, stored


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


def test_a_partie_that_cannot_be_replayed_cannot_be_ended(app, client, board):
    from .test_table import break_deal
    for pts in ("40", "41"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    break_deal(app, board, 1, {"type": "game", "dealer": 0, "undertaker": None, "card_points": ["80", None]})
    page = client.get(board + "/end")
    assert page.status_code == 409 and "Deal 1 needs fixing first" in page.text
    assert client.post(board + "/end", data={"confirm": "yes"}).status_code == 409
    assert stored(app, board).ended is None


@pytest.mark.process
def test_a_locked_database_answers_503_and_the_deal_can_be_sent_again(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "busy.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE_TIMEOUT": 0.2})
    server = Server(app)
    try:
        status, headers, _t = server.request("/new", NEW_PARTIE)
        board = headers["Location"]
        data = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "40", "blatt": "0",
                "dealer": "0", "action": "save", "key": secrets.token_urlsafe(16)}
        holder = sqlite3.connect(tmp_path / "busy.sqlite", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")            # someone else holds the write lock
        try:
            status, headers, text = server.request(board + "/deal", data)
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert status == 503
        assert headers["Retry-After"] == "5"
        assert "was not saved" in text and "Send it again" in text
        assert count(app, "deals") == 0
        assert server.request(board + "/deal", data)[0] == 302
        assert server.request(board + "/deal", data)[0] == 302     # and again: still one deal
        assert count(app, "deals") == 1
    finally:
        server.close()
