"""Nothing lost, nobody else in: sharing, the passcode, once-only saves, a server killed mid-evening,
and hostile input that never gets a 500.

The kill test starts the real app under waitress on 127.0.0.1, posts deals from several threads,
kills the server with SIGKILL, restarts it, retries what got no answer (as a phone would, with the
same form) and checks that every deal is there exactly once. It is bounded in count and time.
"""

import io
import json
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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import create_app
from scorer.db import connect
from tests.conftest import NEW_PARTIE, examples, record, start

ROOT = Path(__file__).parent.parent
EXAMPLE = Path(__file__).parent / "data" / "format-example.json"


def rows(app, sql):
    return list(connect(app.config["DATABASE"]).query(sql))


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
    deadline = time.time() + 15
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


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


# -- hostile input -----------------------------------------------------------------------------

HOSTILE_TEXT = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", " ", "-1", "9" * 40, "1e309", "NaN", "35 2/3", "35 + 2 Blatt", "<script>x</script>",
                     "'; drop table deals; --", "=1+1", "\x00", "²", "٣٥", "0x10", "70", "71", "35 4/3"]),
    st.integers(min_value=-10**20, max_value=10**20).map(str),
)
FIELDS = ["type", "dealer", "undertaker", "pile_of", "points", "blatt", "bonuses", "offender", "reason", "kontra",
          "trull", "kings", "queens", "knights", "jacks", "tarocks", "tricks", "action", "key", "version"]
HOSTILE_SETTINGS = settings(max_examples=examples(600), deadline=None,
                            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(FIELDS), st.one_of(HOSTILE_TEXT, st.lists(HOSTILE_TEXT, max_size=3)),
                       max_size=12))
def test_hostile_deal_forms_never_500(hostile_app, data):
    app, client, board = hostile_app
    before = rows(app, "select count(*) as n from deals")[0]["n"]
    response = client.post(board + "/deal", data=data)
    assert response.status_code in (200, 302, 400, 409, 422), response.status_code
    after = rows(app, "select count(*) as n from deals")[0]["n"]
    if response.status_code != 302:
        assert after == before
    edit = client.post(board + "/deal/1/edit", data=data)
    assert edit.status_code in (200, 302, 400, 404, 409, 422)
    calc = client.get("/calculator", query_string={k: v for k, v in data.items() if isinstance(v, str)})
    assert calc.status_code == 200
    assert client.get(board).status_code == 200


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(list(NEW_PARTIE) + ["grammel_threshold", "bankroll", "kontra",
                                                          "undertaker_loses_draw", "tarock_ii_ultimo"]),
                       HOSTILE_TEXT, max_size=14))
def test_hostile_new_partie_forms_never_500(hostile_app, data):
    app, client, _ = hostile_app
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/new", data=data)
    assert response.status_code in (302, 400, 422)
    if response.status_code != 302:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
              st.sampled_from(["game", "renonce", "misdeal", "redeal", "35 2/3", "pagat", "no-tarock"])),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.sampled_from(["type", "dealer", "undertaker", "card_points",
                                                                "bonuses", "offender", "reason", "kontra", "bonus",
                                                                "player", "preset", "stake", "deck"]),
                                               children, max_size=6)),
    max_leaves=25)


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.one_of(
    json_values.map(lambda deals: {"format": "strohmandeln-partie", "version": 1, "players": ["A", "B"],
                                   "rules": {}, "deals": deals}),
    st.fixed_dictionaries({"format": st.just("strohmandeln-partie"), "version": json_values,
                           "players": json_values, "rules": json_values, "deals": json_values}),
    json_values,
).map(lambda v: json.dumps(v).encode()) | st.binary(max_size=200) |
    st.integers(1, len(EXAMPLE.read_bytes())).map(lambda n: EXAMPLE.read_bytes()[:n]))
def test_hostile_partie_files_never_500(hostile_app, content):
    app, client, _ = hostile_app
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/import", data={"file": (io.BytesIO(content), "p.json")},
                           content_type="multipart/form-data")
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before
        assert "nothing was created" in response.text


@pytest.fixture
def hostile_app(app, client, board):
    record(client, board, points="40")
    return app, client, board


# -- Bavarian Tarock: the same hostility ------------------------------------------------------------------

HAFERL_FIELDS = ["type", "dealer", "declarer", "contract", "target", "points", "schwarz", "action", "key", "version"]
HAFERL_NEW = ["game", "player0", "player1", "player2", "player3", "first_dealer", "preset", "ante", "stake",
              "draw_at_60", "schneider", "bankroll"]


@pytest.fixture
def hostile_haferl(app, client):
    response = client.post("/new", data={"game": "haferltarock", "player0": "A", "player1": "B", "player2": "C",
                                         "player3": "D", "first_dealer": "0", "preset": "haferl"})
    board = response.headers["Location"]
    assert client.post(board + "/deal", data={"type": "game", "dealer": "0", "declarer": "1", "contract": "pickup",
                                              "target": "61", "points": "70", "key": "hostile-first"}).status_code == 302
    return app, client, board


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(HAFERL_FIELDS),
                       st.one_of(HOSTILE_TEXT, st.sampled_from(["0", "1", "3", "4", "pickup", "hand", "solo", "66",
                                                                "121", "y", "redeal", "game"])), max_size=10))
def test_hostile_bavarian_deal_forms_never_500(hostile_haferl, data):
    app, client, board = hostile_haferl
    before = rows(app, "select count(*) as n from deals")[0]["n"]
    response = client.post(board + "/deal", data=data)
    assert response.status_code in (200, 302, 400, 409, 422), response.status_code
    if response.status_code != 302:
        assert rows(app, "select count(*) as n from deals")[0]["n"] == before
    assert client.post(board + "/deal/1/edit", data=data).status_code in (200, 302, 400, 404, 409, 422)
    assert client.get(board).status_code == 200


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(HAFERL_NEW), st.one_of(HOSTILE_TEXT, st.sampled_from(
    ["haferltarock", "haferl", "huber", "sharp", "0", "3", "y"])), max_size=12))
def test_hostile_bavarian_new_partie_forms_never_500(hostile_app, data):
    app, client, _ = hostile_app
    data = {"game": "haferltarock", **data}
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/new", data=data)
    assert response.status_code in (302, 400, 422)
    if response.status_code != 302:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before


haferl_json = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
              st.sampled_from(["game", "redeal", "pickup", "hand", "frage", "haferl", "sharp", "0.50"])),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.sampled_from(["type", "dealer", "declarer", "contract", "target",
                                                                "declarer_points", "schwarz", "preset", "ante",
                                                                "stake", "bankroll"]), children, max_size=7)),
    max_leaves=25)


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.one_of(
    haferl_json.map(lambda deals: {"format": "haferltarock-partie", "version": 1, "players": ["A", "B", "C"],
                                   "rules": {}, "deals": deals}),
    st.fixed_dictionaries({"format": st.just("haferltarock-partie"), "version": haferl_json,
                           "players": haferl_json, "rules": haferl_json, "deals": haferl_json}),
).map(lambda v: json.dumps(v).encode()))
def test_hostile_bavarian_partie_files_never_500(hostile_app, content):
    app, client, _ = hostile_app
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/import", data={"file": (io.BytesIO(content), "p.json")},
                           content_type="multipart/form-data")
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before
