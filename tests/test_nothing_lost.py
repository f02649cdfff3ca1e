"""Nothing lost, nobody else in: sharing, the passcode, once-only saves, a server killed mid-evening.

The kill test starts the real app under waitress on 127.0.0.1, posts deals from several threads,
kills the server with SIGKILL, restarts it, retries what got no answer (as a phone would, with the
same form) and checks that every deal is there exactly once. It is bounded in count and time.
"""

import io
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from scorer import create_app
from scorer.db import connect
from tests.conftest import NEW_PARTIE, record, start

from .helpers import rows

ROOT = Path(__file__).parent.parent
EXAMPLE = Path(__file__).parent / "data" / "format-example.json"


# -- sharing and access ----------------------------------------------------------------------

def test_share_page_and_qr_code(client, board):
    page = client.get(board + "/share").text
    assert "http://localhost" + board in page and "qr.svg" in page
    qr = client.get(board + "/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and qr.data.startswith(b"<svg")
    assert client.get("/p/unknown/qr.svg").status_code == 404


def test_a_passcode_guards_creating_and_importing(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "PASSCODE": "tarock"})
    client = app.test_client()
    assert 'id="passcode"' in client.get("/new").text
    wrong = client.post("/new", data={**NEW_PARTIE, "passcode": "nope"})
    assert wrong.status_code == 422 and "The passcode is not right" in wrong.text
    upload = {"file": (io.BytesIO(EXAMPLE.read_bytes()), "p.json"), "passcode": "nope"}
    assert client.post("/import", data=upload, content_type="multipart/form-data").status_code == 422
    assert rows(app, "select count(*) as n from parties")[0]["n"] == 0
    assert client.post("/new", data={**NEW_PARTIE, "passcode": "tarock"}).status_code == 302


def test_secret_key_is_generated_into_the_instance_folder(tmp_path, monkeypatch):
    import scorer.app as appmodule
    monkeypatch.setattr(appmodule, "ROOT", tmp_path)
    first = create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    second = create_app({"DATABASE": str(tmp_path / "db.sqlite")})
    key = (tmp_path / "instance" / "secret_key").read_text().strip()
    assert len(key) == 64 and first.secret_key == second.secret_key == key
    assert oct((tmp_path / "instance" / "secret_key").stat().st_mode & 0o777) == "0o600"


def test_session_cookie_flags(client):
    client.get("/new")
    start(client)
    cookie = client.get_cookie("session")
    assert cookie.http_only and cookie.same_site == "Lax"


def test_a_retried_form_maps_to_one_deal(app, client, board):
    page = client.get(board + "/deal").text
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', page).group(1)
    for _ in range(2):
        record(client, board, points="40", key=key, dealer="0")
    subs = rows(app, "select * from submissions")
    deals = rows(app, "select * from deals")
    assert len(subs) == 1 and len(deals) == 1 and subs[0]["deal_id"] == deals[0]["id"]


def test_wal_and_foreign_keys(app, client, board):
    db = connect(app.config["DATABASE"])
    assert next(db.query("pragma journal_mode"))["journal_mode"] == "wal"
    assert next(db.query("pragma foreign_keys"))["foreign_keys"] == 1
    with pytest.raises(Exception):
        db.execute("insert into deals (partie_id, position, deal, created, updated) values ('nope', 0, '{}', '', '')")


# -- a server killed mid-evening ---------------------------------------------------------------

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Phone:
    """A browser session against the real server: cookies, CSRF token, no redirects followed."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()), NoRedirect)
        self.token = None

    def get(self, path):
        with self.opener.open(self.base + path, timeout=5) as r:
            text = r.read().decode()
        m = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', text)
        if m:
            self.token = m.group(1)
        return text

    def post(self, path, data):
        body = urllib.parse.urlencode({**data, "csrf_token": self.token}, doseq=True).encode()
        try:
            with self.opener.open(self.base + path, data=body, timeout=5) as r:
                return r.status, r.headers
        except urllib.error.HTTPError as e:
            return e.code, e.headers


def serve(port, db_path):
    env = {**os.environ, "SCORER_DATABASE": str(db_path), "SCORER_SECRET_KEY": "kill-test"}
    proc = subprocess.Popen([sys.executable, "-m", "scorer", "serve", "--port", str(port), "--threads", "4"],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60   # a start, not a speed: a loaded machine may take long
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


@pytest.mark.process
def test_deals_survive_a_sigkill_exactly_once(tmp_path):
    port = free_port()
    db_path = tmp_path / "scorer.sqlite"
    base = f"http://127.0.0.1:{port}"
    server = serve(port, db_path)
    try:
        setup = Phone(base)
        setup.get("/new")
        status, headers = setup.post("/new", NEW_PARTIE)
        assert status == 302
        board = urllib.parse.urlparse(headers["Location"]).path

        acked, unacked, lock = [], [], threading.Lock()
        kill_at = 40
        stop = threading.Event()

        def player(n):
            phone = Phone(base)
            phone.get(board + "/deal")
            for i in range(30):
                if stop.is_set():
                    return
                key = f"t{n}-{i}"
                data = {"type": "game", "dealer": str(i % 2), "undertaker": "nobody", "pile_of": "0",
                        "points": str(36 + (i % 30)), "blatt": "0", "action": "save", "key": key}
                try:
                    status, _ = phone.post(board + "/deal", data)
                    ok = status == 302
                except (OSError, urllib.error.URLError):
                    ok = False
                with lock:
                    (acked if ok else unacked).append((key, data))
                    if len(acked) >= kill_at and not stop.is_set():
                        stop.set()
                        server.send_signal(signal.SIGKILL)
                if not ok:
                    return

        threads = [threading.Thread(target=player, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        server.wait(timeout=10)
        assert server.returncode == -signal.SIGKILL
        assert len(acked) >= kill_at

        server = serve(port, db_path)
        phone = Phone(base)
        phone.get(board + "/deal")
        # a phone retries what got no answer, and someone double-taps a few that did
        for key, data in unacked + acked[:5]:
            status, _ = phone.post(board + "/deal", data)
            assert status == 302, (key, status)

        db = connect(str(db_path))
        keys = {k for k, _ in acked + unacked}
        subs = list(db.query("select key, deal_id from submissions"))
        deals = list(db.query("select id from deals"))
        assert {s["key"] for s in subs} == keys
        assert len(subs) == len(keys) == len(deals)
        assert {s["deal_id"] for s in subs} == {d["id"] for d in deals}
        print(f"\nkill test: {len(acked)} acknowledged before SIGKILL, {len(unacked)} unanswered and retried, "
              f"{len(deals)} deals stored, 0 lost, 0 duplicated")
    finally:
        server.kill()
        server.wait(timeout=10)
