"""Hardened edges (issue 14): names from anywhere, hostile files and URLs, the passcode and its limit, the
instance folder, a busy database, idempotency keys, the cache's size, small things. Real HTTP round trips
through the app; a real waitress server for the lock and the rate limit."""

import io
import json
import os
import shlex
import re
import secrets
import sqlite3
import stat
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from urllib.parse import unquote

import pytest

from scorer import create_app, store
from scorer.web import loading

from .conftest import NEW_PARTIE, record, start
from .live import stop

DATA = Path(__file__).parent / "data"
HAFERL_NEW = {"game": "haferltarock", "player0": "Łukasz", "player1": "Dvořák", "player2": "Иван",
              "player3": "", "first_dealer": "0", "preset": "haferl"}


def count(app, table):
    with app.app_context():
        from scorer.db import get_db
        return next(get_db().query(f"select count(*) as n from {table}"))["n"]


def stored(app, board):
    with app.app_context():
        from scorer.db import get_db
        return store.load(get_db(), board.rsplit("/", 1)[1])


# 1. exports for any name --------------------------------------------------------------------------------------

@pytest.mark.parametrize("names", [("Łukasz", "Dvořák"), ("Ševčík", "Иван"), ("李", "محمد")])
def test_every_export_works_for_any_name(client, names):
    board = start(client, player0=names[0], player1=names[1])
    assert record(client, board, undertaker="vorhand", points="40", dealer="0").status_code == 302
    for path, ext in (("/export.csv", ".csv"), ("/excel.csv", "-excel.csv"), ("/partie.json", ".json")):
        response = client.get(board + path)
        assert response.status_code == 200
        header = response.headers["Content-Disposition"]
        header.encode("latin-1")                       # what waitress has to write
        assert header.isascii()
        fallback = re.search(r'filename="([^"]+)"', header).group(1)
        assert fallback.isascii() and fallback.endswith(ext)
        real = unquote(re.search(r"filename\*=UTF-8''(\S+)", header).group(1))
        assert names[0] in real and names[1] in real and real.endswith(ext)


def test_bavarian_exports_for_any_name(client):
    board = client.post("/new", data=HAFERL_NEW).headers["Location"]
    for path in ("/export.csv", "/excel.csv", "/partie.json"):
        response = client.get(board + path)
        assert response.status_code == 200
        assert "Dvo%C5%99%C3%A1k" in response.headers["Content-Disposition"]
        assert 'filename="haferltarock-Lukasz-Dvorak-' in response.headers["Content-Disposition"]


# 2. the language switch ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("target, expected", [
    ("/%09/example.com", "/"), ("/%0d%0a/example.com", "/"), ("/%0d%0aSet-Cookie:%20x=1", "/Set-Cookie:%20x=1"),
    ("//example.com", "/"), ("/%5Cexample.com", "/"), ("https://example.com/", "/"), ("javascript:alert(1)", "/"),
    ("/%E2%80%8B/example.com", "/"), ("/p/abc/deals?page=2", "/p/abc/deals?page=2"), ("/p/%C5%81", "/p/%C5%81"),
])
def test_the_language_switch_only_goes_to_a_local_path(client, target, expected):
    response = client.get(f"/lang/de?next={target}")
    assert response.status_code == 303
    assert response.headers["Location"] == expected


# 3. hostile partie files and URLs ----------------------------------------------------------------------------

def _strohmandeln_file():
    return json.loads((DATA / "format-example.json").read_text())


def _haferl_file():
    return json.loads((DATA / "haferl-example.json").read_text())


def hostile_files():
    big = '{"format": "strohmandeln-partie", "version": 1, "players": ["A", "B"], "rules": {"preset": "beck"}, ' \
          '"deals": [{"type": "misdeal", "dealer": ' + "9" * 5000 + ', "offender": 0}]}'
    yield "5000 digits", big, "far too long"
    for contract in ([], {}):
        data = _haferl_file()
        data["deals"][0]["contract"] = contract
        yield f"contract {contract!r}", json.dumps(data), "contract is pickup"
    data = _strohmandeln_file()
    data["deals"][0]["card_points"] = [-10 ** 30, None]
    yield "card points -10**30", json.dumps(data), "deal 1"
    data = _haferl_file()
    data["deals"][0]["declarer_points"] = -10 ** 30
    yield "Bavarian points -10**30", json.dumps(data), "deal 1"


@pytest.mark.parametrize("name, text, message", list(hostile_files()), ids=[c[0] for c in hostile_files()])
def test_hostile_partie_files_are_refused_by_the_app(app, client, name, text, message):
    response = client.post("/import", data={"file": (io.BytesIO(text.encode()), "partie.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert message.casefold() in response.text.casefold()
    assert count(app, "parties") == 0 and count(app, "deals") == 0


@pytest.mark.parametrize("name, text, message", list(hostile_files()), ids=[c[0] for c in hostile_files()])
def test_hostile_partie_files_are_refused_by_replay(tmp_path, name, text, message):
    path = tmp_path / "hostile.json"
    path.write_text(text)
    result = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                            cwd=Path(__file__).parent.parent, timeout=60)
    assert result.returncode == 1
    assert result.stdout == ""
    assert message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_page_number_of_5000_digits_shows_the_first_page(client, board):
    response = client.get(board + "/deals?page=" + "9" * 5000)
    assert response.status_code == 200


# 4. the passcode --------------------------------------------------------------------------------------------

def test_a_numeric_passcode_from_the_environment_is_text(tmp_path, monkeypatch):
    monkeypatch.setenv("SCORER_PASSCODE", "1234")
    monkeypatch.setenv("SCORER_DATABASE", str(tmp_path / "env.sqlite"))
    monkeypatch.setenv("SCORER_SECRET_KEY", "0123")
    app = create_app()
    assert app.config["PASSCODE"] == "1234" and app.config["SECRET_KEY"] == "0123"
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    assert client.post("/new", data={**NEW_PARTIE, "passcode": "4321"}).status_code == 422
    assert count(app, "parties") == 0
    assert client.post("/new", data={**NEW_PARTIE, "passcode": "1234"}).status_code == 302
    assert count(app, "parties") == 1


def test_the_passcode_is_compared_in_constant_time():
    source = (Path(__file__).parent.parent / "scorer" / "web" / "limits.py").read_text()
    assert "hmac.compare_digest" in source


class Server:
    """The app under waitress on a free port, in this process."""

    def __init__(self, app):
        from waitress.server import create_server
        # poll(), not select(): a socket closed by close() from this thread is then seen as closed by the
        # server's loop, not a "Bad file descriptor" in its thread; port 0: the system's free port, bound at once
        self.server = create_server(app, host="127.0.0.1", port=0, threads=4, asyncore_use_poll=True)
        self.port = self.server.effective_port
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        self.base = f"http://127.0.0.1:{self.port}"

    def request(self, path, data=None, files=None, headers=None):
        body, head = None, dict(headers or {})
        if files is not None:
            boundary = secrets.token_hex(8)
            parts = []
            for k, v in (data or {}).items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode())
            for k, (name, content) in files.items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"; filename="{name}"\r\n'
                             f"Content-Type: application/json\r\n\r\n".encode() + content + b"\r\n")
            body = b"".join(parts) + f"--{boundary}--\r\n".encode()
            head["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
        req = urllib.request.Request(self.base + path, data=body, headers=head)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(req, timeout=30) as r:
                return r.status, dict(r.headers), r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read().decode()

    def close(self):
        stop(self.server, self.thread)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@pytest.fixture
def limited(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "limited.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "PASSCODE": "open sesame", "RATELIMIT_ENABLED": True, "RATELIMIT_PASSCODE": "3 per minute",
                      "RATELIMIT_CREATE": "5 per minute"})
    server = Server(app)
    yield app, server
    server.close()


def test_wrong_passcodes_are_limited_with_a_429_page(limited):
    app, server = limited
    for _ in range(3):
        status, _h, text = server.request("/new", {**NEW_PARTIE, "passcode": "guess"})
        assert status == 422 and "passcode is not right" in text
    status, headers, text = server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"})
    assert status == 429
    assert 1 <= int(headers["Retry-After"]) <= 60
    assert "Too many wrong passcodes" in text and "Try again in 1 minute" in text
    status, headers, text = server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"},
                                           headers={"Accept-Language": "de"})
    assert status == 429 and "Retry-After" in headers and "Versuch" in text
    status, _h, _t = server.request("/import", {"passcode": "open sesame"},
                                    files={"file": ("p.json", (DATA / "format-example.json").read_bytes())})
    assert status == 429
    assert count(app, "parties") == 0


def test_new_parties_and_imports_are_limited(limited):
    app, server = limited
    content = (DATA / "format-example.json").read_bytes()
    for i in range(5):
        if i % 2:
            status, _h, _t = server.request("/import", {"passcode": "open sesame"}, files={"file": ("p.json", content)})
        else:
            status, _h, _t = server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"})
        assert status == 302
    assert server.request("/new", {**NEW_PARTIE, "passcode": "open sesame"})[0] == 429
    status, headers, text = server.request("/import", {"passcode": "open sesame"}, files={"file": ("p.json", content)})
    assert status == 429 and int(headers["Retry-After"]) >= 1 and "Too many new parties" in text
    assert server.request("/new")[0] == 200          # looking at the form is not limited
    assert count(app, "parties") == 5


# 5. the instance folder -------------------------------------------------------------------------------------

@pytest.mark.parametrize("content", ["", "   \n", "not a key", "\x00\x01garbage"])
def test_an_empty_or_damaged_secret_key_is_replaced(tmp_path, caplog, content):
    from scorer.app import _secret_key
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "secret_key").write_text(content)
    key = _secret_key(tmp_path / "instance")
    assert (tmp_path / "instance" / "secret_key").read_text() == key
    assert re.fullmatch(r"[0-9a-f]{64}", key) and _secret_key(tmp_path / "instance") == key
    assert stat.S_IMODE((tmp_path / "instance" / "secret_key").stat().st_mode) == 0o600
    assert "damaged" in caplog.text
    app = create_app({"DATABASE": str(tmp_path / "db.sqlite"), "WTF_CSRF_ENABLED": False, "SECRET_KEY": key})
    client = app.test_client()
    board = start(client)
    assert client.get(board).status_code == 200 and client.get("/").status_code == 200
    assert not list((tmp_path / "instance").glob("*.tmp"))


def _start(tmp_path, env, code, read_only: Path | None = None):
    code = f"import scorer.app as a, pathlib; a.ROOT = pathlib.Path({str(tmp_path)!r}); " + code
    command = [sys.executable, "-c", code]
    if read_only is not None and os.geteuid() == 0:
        # root writes through a folder's mode bits: make the folder a read-only mount in a namespace of its own
        folder = shlex.quote(str(read_only))
        command = ["unshare", "-m", "sh", "-c", f"mount --bind {folder} {folder} && "
                   f"mount -o remount,bind,ro {folder} && exec \"$@\"", "sh", *command]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=60,
                          cwd=Path(__file__).parent.parent)


def _can_mount_read_only() -> bool:
    if os.geteuid() != 0:
        return True      # the mode bits are enough
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount --bind / /mnt 2>/dev/null || mount --bind /tmp /tmp"],
                           capture_output=True)
    return probe.returncode == 0


@pytest.mark.parametrize("how", ["read-only", "a file"])
def test_an_unwritable_instance_folder_stops_the_start_with_one_line(tmp_path, how):
    if how == "read-only" and not _can_mount_read_only():
        pytest.skip("root writes into read-only folders, and no mount namespace is allowed here")
    instance = tmp_path / "instance"
    if how == "a file":
        instance.write_text("not a folder")
    else:
        instance.mkdir()
        instance.chmod(0o500)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCORER_")}
    try:
        result = _start(tmp_path, env, "from scorer.__main__ import main; main(['serve', '--port', '0'])",
                        read_only=instance if how == "read-only" else None)
        assert result.returncode == 1
        assert "Traceback" not in result.stderr
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and "SCORER_SECRET_KEY" in lines[0] and "SCORER_DATABASE" in lines[0]
        if how == "read-only":   # with both set elsewhere, the same read-only folder is no obstacle
            env.update(SCORER_SECRET_KEY="k" * 64, SCORER_DATABASE=str(tmp_path / "elsewhere.sqlite"))
            result = _start(tmp_path, env, "app = a.create_app(); print(app.config['DATABASE'])", read_only=instance)
            assert result.returncode == 0, result.stderr
            assert result.stdout.strip() == str(tmp_path / "elsewhere.sqlite")
    finally:
        if instance.is_dir():
            instance.chmod(0o700)


def test_the_database_and_its_wal_files_are_for_the_owner_only(app, client, tmp_path):
    start(client)
    path = Path(app.config["DATABASE"])
    other = sqlite3.connect(path)      # the -wal and -shm files exist while a connection is open
    try:
        other.execute("select count(*) from parties").fetchone()
        for name in (path, Path(str(path) + "-wal"), Path(str(path) + "-shm")):
            assert name.exists(), name
            assert stat.S_IMODE(name.stat().st_mode) == 0o600, name
    finally:
        other.close()


def test_an_existing_database_is_narrowed_to_the_owner(tmp_path):
    path = tmp_path / "old.sqlite"
    sqlite3.connect(path).close()
    path.chmod(0o644)
    create_app({"DATABASE": str(path), "SECRET_KEY": "t"})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


# 6. a busy database -----------------------------------------------------------------------------------------

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


# 7. idempotency keys ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", [None, "", "k" * 23, "bad key!"])
def test_a_deal_form_without_a_proper_key_is_refused(app, client, board, key):
    fields = {"undertaker": "vorhand", "points": "40", "dealer": "0"}
    data = {"type": "game", "pile_of": "0", "blatt": "0", "action": "save", **fields}
    if key is not None:
        data["key"] = key
    response = client.post(board + "/deal", data=data)
    assert response.status_code == 422
    assert "its key is missing or wrong" in response.text
    assert count(app, "deals") == 0 and count(app, "submissions") == 0


def test_a_key_belongs_to_one_partie(app, client, board):
    other = start(client, player0="Carla", player1="Dora")
    key = secrets.token_urlsafe(16)
    assert record(client, board, undertaker="vorhand", points="40", dealer="0", key=key).status_code == 302
    response = record(client, other, undertaker="vorhand", points="40", dealer="0", key=key)
    assert response.status_code == 422 and "belongs to another partie" in response.text
    assert len(stored(app, other).partie.deals) == 0 and count(app, "deals") == 1


def test_the_same_key_with_other_points_offers_the_correction_as_an_edit(app, client, board):
    key = secrets.token_urlsafe(16)
    assert record(client, board, undertaker="vorhand", points="40", dealer="0", key=key).status_code == 302
    response = record(client, board, undertaker="vorhand", points="30", dealer="0", key=key)
    assert response.status_code == 409
    assert "already saved as deal 1" in response.text and "correction of deal 1" in response.text
    assert "40" in re.search(r"already saved as deal 1 \(([^)]*)\)", response.text).group(1)
    assert 'action="' + board + '/deal/1/edit"' in response.text
    assert len(stored(app, board).partie.deals) == 1
    version = re.search(r'name="version" type="hidden" value="(\d+)"', response.text).group(1)
    edit_key = re.search(r'name="key" type="hidden" value="([^"]+)"', response.text).group(1)
    edit = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "30", "blatt": "0", "dealer": "0",
            "action": "save", "version": version, "key": edit_key}
    assert client.post(board + "/deal/1/edit", data=edit).status_code == 302
    deals = stored(app, board).partie.deals
    assert len(deals) == 1 and deals[0].card_points == (90, None)
    # the same key with the same deal again: nothing new, no complaint
    assert record(client, board, undertaker="vorhand", points="40", dealer="0", key=key).status_code in (302, 409)
    assert len(stored(app, board).partie.deals) == 1


def test_undo_and_delete_without_the_version_are_refused(app, client, board):
    record(client, board, undertaker="vorhand", points="40", dealer="0")
    for path in ("/undo", "/deal/1/delete"):
        response = client.post(board + path, data={})
        assert response.status_code == 303
        assert "without the partie" in client.get(board).text
        assert len(stored(app, board).partie.deals) == 1


def test_a_double_tap_on_an_edit_applies_it_once_without_a_conflict(app, client, board):
    record(client, board, undertaker="vorhand", points="40", dealer="0")
    form = client.get(board + "/deal/1/edit").text
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', form).group(1)
    edit = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "45", "blatt": "0", "dealer": "0",
            "action": "save", "version": version, "key": key}
    first = client.post(board + "/deal/1/edit", data=edit)
    second = client.post(board + "/deal/1/edit", data=edit)
    assert first.status_code == second.status_code == 302
    sp = stored(app, board)
    assert sp.partie.deals[0].card_points == (135, None)
    assert sp.version == int(version) + 1
    with app.app_context():
        from scorer.db import get_db
        assert [h["action"] for h in store.history(get_db(), sp.id)].count("edited") == 1
    # a real change on the other phone is still a conflict
    edit["points"] = "50"
    response = client.post(board + "/deal/1/edit", data={**edit, "key": secrets.token_urlsafe(16)})
    assert response.status_code == 409 and "another phone" in response.text


# 8. the cache's size ----------------------------------------------------------------------------------------

def test_the_settlement_cache_is_bounded_by_deals(app, client):
    app.config["SETTLEMENT_CACHE_DEALS"] = 12
    cache = loading.SettlementCache()
    boards = []
    for i in range(3):
        board = start(client, player0=f"A{i}", player1=f"B{i}")
        for _ in range(4):
            record(client, board, undertaker="vorhand", points="40")
        boards.append(board)
    with app.test_request_context():
        from scorer.db import get_db
        for board in boards:
            sp = store.load(get_db(), board.rsplit("/", 1)[1])
            from scorer.games import game_of
            cache.put(sp.id, (sp, game_of(sp.partie).replay(sp.partie)), 64, 12)
    assert cache.deals <= 12 and len(cache.entries) == 2      # 5 + 5: the oldest partie went
    assert list(cache.entries) == [b.rsplit("/", 1)[1] for b in boards[1:]]
    assert client.get(boards[0]).status_code == 200            # and comes back when asked for
    assert loading.cache.deals <= 12


# 9. names -----------------------------------------------------------------------------------------------------

def test_invisible_characters_are_removed_and_names_normalised(app, client):
    board = start(client, player0="\u202eAnna\u200b", player1="Ze\u0301\x07")
    assert stored(app, board).partie.players == ("Anna", "Z\u00e9")


def test_bavarian_names_are_cleaned_and_must_differ(app, client):
    response = client.post("/new", data={**HAFERL_NEW, "player1": "\u0141ukasz\u200d"})
    assert response.status_code == 422 and count(app, "parties") == 0
    response = client.post("/new", data={**HAFERL_NEW, "player2": "\u200b"})
    assert response.status_code == 422 and count(app, "parties") == 0


def test_partie_file_names_are_cleaned_and_must_differ(app, client):
    data = _strohmandeln_file()
    data["players"] = ["Anna", "An\u200bna"]
    response = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "p.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and count(app, "parties") == 0


# 10. small things ---------------------------------------------------------------------------------------------

def test_partie_pages_are_private_and_not_cached(client, board):
    for path in ("", "/deals", "/deal", "/history", "/rules", "/share"):
        assert client.get(board + path).headers["Cache-Control"] == "private, no-cache"


def test_the_error_page_does_not_claim_nothing_was_saved(app, client):
    @app.route("/boom")
    def boom():
        raise RuntimeError("boom")
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.get("/boom")
    assert response.status_code == 500
    assert "Nothing was saved" not in response.text and "Look at the board" in response.text


def test_the_share_page_uses_the_public_address(app, client, board):
    assert "http://localhost" + board in client.get(board + "/share").text
    app.config["PUBLIC_URL"] = "https://scorer.example.org/"
    page = client.get(board + "/share").text
    assert "https://scorer.example.org" + board in page
    assert client.get(board + "/qr.svg").status_code == 200
