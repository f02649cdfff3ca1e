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
