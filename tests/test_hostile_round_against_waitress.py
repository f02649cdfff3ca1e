"""A bounded hostile run against the real waitress server as shipped (loopback only), with the figures of
RELIABILITY.md: requests sent, 5xx, rows stored by refused requests, the longest a Save waited during a Runde
import, the guesses a device is allowed, what idle sockets and files of bad deals cost the phones.

Run with the figures: `.venv/bin/python -m pytest tests/test_hostile_round_against_waitress.py -m slow -s`."""

import io
import json
import secrets
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from scorer import create_app
from scorer.runde_store import MAX_MEMBERS

from .conftest import NEW_PARTIE
from .live import Live
from .test_file_limits import bad_strohmandeln
from .test_import_lock import MEMBERS, Prober, big_runde_file
from .test_no_500 import PARTIE_PLACES, RUNDE_PLACES, placed, runde_data
from .test_passcode_limits import runde_file
from .test_waitress_limits import half_sent

DATA = Path(__file__).parent / "data"
PASSCODE = "4711"
TABLES = ("parties", "deals", "history", "runden", "members", "runde_parties", "submissions")


class Run:
    """The server, every answer's status, and the rows of the store."""

    def __init__(self, server, app):
        self.server, self.app = server, app
        self.statuses: list[int] = []
        self.lock = threading.Lock()
        self.refused_rows = 0

    def send(self, method, path, data=None, files=None, headers=None, timeout=60):
        r = self.server.request(method, path, data=data, files=files, headers=headers, timeout=timeout)
        with self.lock:
            self.statuses.append(r.status)
        return r

    def rows(self) -> dict:
        conn = sqlite3.connect(self.app.config["DATABASE"])
        try:
            return {t: conn.execute(f"select count(*) from {t}").fetchone()[0] for t in TABLES}
        finally:
            conn.close()

    def refused(self, method, path, data=None, files=None, headers=None):
        """A request that must be refused (4xx) and store nothing."""
        before = self.rows()
        r = self.send(method, path, data, files, headers)
        after = self.rows()
        assert 400 <= r.status < 500, (path, r.status)
        self.refused_rows += sum(after[t] - before[t] for t in TABLES)
        return r


@pytest.mark.slow
def test_a_hostile_round_against_the_server_as_shipped(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "hostile.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "PASSCODE": PASSCODE, "RATELIMIT_ENABLED": True})   # the shipped limits, on
    server = Live(app, threads=8)
    run = Run(server, app)
    limiter = app.extensions["scorer_limiter"]
    figures = {}
    ok = {"passcode": PASSCODE}
    try:
        board = run.send("POST", "/new", {**NEW_PARTIE, **ok}).headers["Location"]
        rid = run.send("POST", "/r/new", {"name": "R", "game": "strohmandeln", "settles": "month",
                                          "members": "Anna\nBernd", **ok}).headers["Location"].rsplit("/", 1)[1]
        pid = board.rsplit("/", 1)[1]

        # 1. guessing the passcode over every route that asks for it, as fast as one device can
        routes = [("/new", {**NEW_PARTIE}, None), ("/import", {}, {"file": ("p.json", (DATA / "format-example.json").read_bytes())}),
                  ("/r/new", {"name": "X", "game": "strohmandeln", "settles": "month"}, None),
                  ("/r/import", {}, {"file": ("r.json", runde_file())}), (f"/r/{rid}/members", {"name": "Y"}, None),
                  (f"/r/{rid}/move", {"partie": pid, "confirm": "yes", "seat0": "new", "new0": "Q", "seat1": "new",
                                      "new1": "Z"}, None)]
        allowed = 0
        for guess in range(600):
            path, data, files = routes[guess % len(routes)]
            r = run.refused("POST", path, {**data, "passcode": f"{guess:04d}"[-4:] if guess != 4711 else "0"}, files)
            allowed += r.status != 429
        right = run.refused("POST", "/r/import", ok, {"file": ("r.json", runde_file())})
        figures["guesses"] = (600, allowed, right.status)
        limiter.reset()

        # 2. creating as fast as one device can, over every route that creates
        before = run.rows()
        created = 0
        for n in range(200):
            path, data, files = routes[n % 5]
            r = run.send("POST", path, {**data, **ok, **({"name": f"N{n}"} if "members" in path else {})}, files)
            created += r.status in (302, 303)
        figures["creations"] = (200, created)
        limiter.reset()

        # 3. the requests that were 500s, and the Runde that grew without bound
        hostile = 0
        for path in ("/deal/99999999999999999999/edit", "/history/99999999999999999999/restore",
                     "/deal/9223372036854775808/delete"):
            run.refused("POST", board + path)
            hostile += 1
        for name, data, where in PARTIE_PLACES:
            run.refused("POST", "/import", ok, {"file": ("p.json", placed(data, where))})
            hostile += 1
        for name, where in RUNDE_PLACES:
            data = runde_data()
            data["parties"][0]["settled"] = ""
            run.refused("POST", "/r/import", ok, {"file": ("r.json", placed(data, where))})
            hostile += 1
        limiter.reset()
        for query in ("?rid=x", "?_method=POST", "?endpoint=x&_external=1"):
            assert run.send("GET", f"/r/{rid}{query}").status == 200
            hostile += 1
        full = run.send("POST", "/r/new", {"name": "Full", "game": "strohmandeln", "settles": "month",
                                           "members": "\n".join(f"M{i}" for i in range(MAX_MEMBERS)), **ok})
        full_id = full.headers["Location"].rsplit("/", 1)[1]
        run.refused("POST", f"/r/{full_id}/members", {"name": "one more", **ok})
        run.refused("POST", "/new", {**NEW_PARTIE, "player1": "one more", "runde": full_id, **ok})
        run.refused("POST", "/r/import", ok, {"file": ("r.json", runde_file(tuple(f"M{i}" for i in range(MAX_MEMBERS + 1))))})
        hostile += 3
        limiter.reset()
        for i in range(300):
            assert run.send("GET", f"/r/{rid}?q{i}={secrets.token_hex(8)}").status == 200

        # 4. eight files of bad deals at once, while a phone opens its deal form
        bad = bad_strohmandeln(12_000)
        bad = bad[:bad.rfind(b"{", 0, 1_000_000)].rstrip(b", ") + b"]}"
        json.loads(bad)
        form_times: list = []

        def import_bad():
            r = run.send("POST", "/import", ok, {"file": ("bad.json", bad)})
            assert r.status == 422

        def phone():
            for _ in range(10):
                started = time.perf_counter()
                assert run.send("GET", board + "/deal").status == 200
                form_times.append(time.perf_counter() - started)

        threads = [threading.Thread(target=import_bad) for _ in range(8)] + [threading.Thread(target=phone)]
        before = run.rows()
        started = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        figures["bad"] = (len(bad), time.perf_counter() - started, max(form_times))
        run.refused_rows += sum(run.rows()[t] - before[t] for t in TABLES)
        limiter.reset()

        # 5. a Runde import of nearly 1 MB while six phones save deals
        boards = [run.send("POST", "/new", {**NEW_PARTIE, **ok}).headers["Location"] for _ in range(6)]
        saves: list = []
        prober = Prober(app.config["DATABASE"])

        def saver(b):
            for dealer in range(15):
                data = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "40", "blatt": "0",
                        "dealer": str(dealer % 2), "action": "save", "key": secrets.token_urlsafe(16)}
                t0 = time.perf_counter()
                r = run.send("POST", b + "/deal", data)
                saves.append((r.status, time.perf_counter() - t0))

        text = big_runde_file()
        savers = [threading.Thread(target=saver, args=(b,)) for b in boards]
        prober.start()
        for t in savers:
            t.start()
        imported = run.send("POST", "/r/import", ok, {"file": ("r.json", text)})
        for t in savers:
            t.join(120)
        prober.stop.set()
        prober.join(10)
        assert imported.status == 302 and [s for s, _ in saves] == [302] * 90
        figures["import"] = (len(text), prober.longest, max(t for _, t in saves), len(saves))

        # 6. 150 idle half-sent connections, then a phone
        held = half_sent(server.port, 150)
        try:
            t0 = time.perf_counter()
            assert run.send("GET", board, timeout=10).status == 200
            figures["idle"] = (150, time.perf_counter() - t0)
        finally:
            for s in held:
                s.close()
    finally:
        server.close()

    five = sum(1 for s in run.statuses if s >= 500)
    print(f"""
requests sent: {len(run.statuses)} (+150 idle sockets); 5xx: {five}; rows stored by refused requests: {run.refused_rows}
wrong passcodes: {figures['guesses'][0]} sent over 6 routes, {figures['guesses'][1]} compared, the rest 429 (the right one then: {figures['guesses'][2]})
creations: {figures['creations'][0]} sent over 5 routes, {figures['creations'][1]} allowed
hostile requests that were 500s: {hostile}, each 4xx or the page
300 query strings on a Runde page: answered
8 files of bad deals ({figures['bad'][0] / 1e6:.2f} MB each) at once: {figures['bad'][1]:.2f} s in all; a phone's deal form meanwhile at most {figures['bad'][2] * 1000:.0f} ms
Runde import of {figures['import'][0] / 1e6:.2f} MB ({len(MEMBERS)} members, 2000 evenings) with 6 phones saving {figures['import'][3]} deals: longest wait for the write lock {figures['import'][1] * 1000:.0f} ms, longest Save {figures['import'][2] * 1000:.0f} ms, every Save stored
150 idle half-sent connections: a phone's board in {figures['idle'][1] * 1000:.0f} ms""")
    assert five == 0 and run.refused_rows == 0
    assert figures["guesses"][1] == 10 and figures["guesses"][2] == 429
    assert figures["creations"][1] == 20
    # the import's hold of the write lock is held to well under a second by test_import_lock.py (a prober alone);
    # here six phones saving at once share the lock with it and with each other on two busy cores (730 ms quiet,
    # 1.2 s after the browser tests in one CI run): a Save waits, never seconds on end (the probe saw 25 s)
    assert figures["import"][1] < 3 and figures["idle"][1] < 3
