"""A Runde import of any size holds the write lock briefly: everything is read, checked and made into rows
before the lock, then written with one statement a table. A Save on another phone meanwhile waits for it (a
fraction of a second) and is stored; it never fails. Through a real waitress server."""

import io
import json
import random
import secrets
import sqlite3
import threading
import time

import pytest

from scorer import create_app

from .conftest import NEW_PARTIE
from .live import Live

MEMBERS = [f"Spieler {i}" for i in range(60)]


def big_runde_file(parties=2000, deals=2, seed=7) -> bytes:
    """Nearly 1 MB: many short evenings of 60 members (what costs the most rows per byte)."""
    rnd = random.Random(seed)
    entries = []
    for p in range(parties):
        a, b = rnd.sample(MEMBERS, 2)
        entries.append({"members": [a, b], "created": f"2025-{1 + p % 12:02d}-{1 + p % 28:02d}T20:00:00",
                        "settled": None,
                        "partie": {"format": "strohmandeln-partie", "version": 1, "players": [a, b],
                                   "rules": {"preset": "tarockbuch-extended", "stake": "0.10"},
                                   "deals": [{"type": "game", "dealer": d % 2, "undertaker": None,
                                              "card_points": [str(rnd.choice([20, 30, 40, 50])), None]}
                                             for d in range(deals)]}})
    return json.dumps({"format": "tarock-runde", "version": 1, "name": "Gross", "game": "strohmandeln",
                       "preset": "tarockbuch-extended", "settles": "month", "members": MEMBERS,
                       "parties": entries}).encode()


class Prober(threading.Thread):
    """Takes the write lock again and again on its own connection, as a Save does: the longest wait."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path, self.stop, self.longest, self.tries = path, threading.Event(), 0.0, 0

    def run(self):
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        while not self.stop.is_set():
            started = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            self.longest = max(self.longest, time.perf_counter() - started)
            conn.execute("ROLLBACK")
            self.tries += 1
            time.sleep(0.002)
        conn.close()


@pytest.mark.process
def test_a_big_runde_import_holds_the_lock_briefly_and_a_save_waits_for_it(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "DATABASE_TIMEOUT": 10})
    server = Live(app)
    try:
        board = server.post("/new", NEW_PARTIE).headers["Location"]
        text = big_runde_file()
        assert 800_000 < len(text) < 1024 * 1024
        prober = Prober(app.config["DATABASE"])
        saves: list = []

        def save_again_and_again():
            for dealer in range(40):
                data = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "40", "blatt": "0",
                        "dealer": str(dealer % 2), "action": "save", "key": secrets.token_urlsafe(16)}
                started = time.perf_counter()
                status = server.post(board + "/deal", data).status
                saves.append((status, time.perf_counter() - started))

        saver = threading.Thread(target=save_again_and_again)
        prober.start()
        saver.start()
        r = server.post("/r/import", {}, files={"file": ("r.json", text)}, timeout=60)
        saver.join(60)
        prober.stop.set()
        prober.join(10)
        assert r.status == 302, r.text[-500:]
        assert prober.tries > 0                            # it took the lock while the import ran
        # well under a second on a quiet machine (the figure is printed below and in RELIABILITY.md); the bound
        # catches a lock held for seconds (25 s in the probe of a 500-member file before), not a loaded CI machine
        assert prober.longest < 3, f"the write lock was held {prober.longest:.2f} s"
        assert [s for s, _ in saves] == [302] * 40        # every Save stored, none failed
        conn = sqlite3.connect(app.config["DATABASE"])
        assert conn.execute("select count(*) from parties").fetchone()[0] == 2001
        assert conn.execute("select count(*) from deals").fetchone()[0] == 4000 + 40
        conn.close()
        print(f"\nlongest wait for the write lock during the import: {prober.longest * 1000:.0f} ms; "
              f"longest Save: {max(t for _, t in saves) * 1000:.0f} ms")
    finally:
        server.close()


def test_every_partie_is_read_before_the_write_lock_is_taken(app, client, monkeypatch):
    """Without a clock: the file's parties are all parsed and checked before the import takes the write lock, and
    none while it holds it (what made the lock last seconds before: 25 s for a 500-member file)."""
    from contextlib import contextmanager

    from scorer import partie_file, runde_store
    events = []
    real_parse, real_writing = partie_file.from_dict, runde_store.writing

    def parse(*args, **kwargs):
        events.append("parse")
        return real_parse(*args, **kwargs)

    @contextmanager
    def writing(db):
        events.append("lock")
        with real_writing(db):
            yield
        events.append("unlock")

    monkeypatch.setattr(partie_file, "from_dict", parse)
    monkeypatch.setattr(runde_store, "writing", writing)
    text = big_runde_file(parties=50)
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "r.json")}, content_type="multipart/form-data")
    assert r.status_code == 302, r.text[-500:]
    # every partie read first; then the rows written (and the evenings' summaries kept), no reading under a lock
    assert events[:50] == ["parse"] * 50 and "parse" not in events[50:]
    assert events[50:] == ["lock", "unlock"] * (len(events[50:]) // 2) and events[50:]
