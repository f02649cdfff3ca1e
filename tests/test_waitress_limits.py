"""The real waitress server as `python -m scorer serve` starts it (`scorer.serving`): idle and half-sent
connections cannot lock the phones out, waitress's own error answers carry the security headers, and the
pages with a CSRF token or this browser's parties are not kept by a cache."""

import socket
import time

import pytest

from scorer import create_app
from scorer.serving import CONNECTIONS, settings

from .live import Live


@pytest.fixture
def live(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
    server = Live(app)
    yield server
    server.close()


def half_sent(port: int, n: int) -> list[socket.socket]:
    """`n` connections that each send half a request and then nothing."""
    out = []
    for _ in range(n):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"POST /new HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nplayer0=")
        out.append(s)
    return out


@pytest.mark.process
def test_the_shipped_settings(live):
    adj = settings(live.app)
    # waitress as shipped: 100 connections, idle ones closed after 120 s, looked for every 30 s
    assert adj["connection_limit"] == CONNECTIONS and adj["channel_timeout"] <= 10 and adj["cleanup_interval"] <= 2
    assert adj["max_request_body_size"] < 2 * 1024 * 1024 and adj["max_request_header_size"] <= 64 * 1024


@pytest.mark.process
def test_150_idle_half_sent_connections_do_not_lock_a_phone_out(live):
    held = half_sent(live.port, 150)   # more than waitress's shipped limit of 100
    try:
        started = time.monotonic()
        r = live.get("/", timeout=10)
        assert r.status == 200 and time.monotonic() - started < 3
    finally:
        for s in held:
            s.close()


@pytest.mark.process
def test_idle_connections_are_closed_after_the_idle_time(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "SERVER_IDLE_SECONDS": 1,
                      "SERVER_CONNECTIONS": 20})
    server = Live(app)
    try:
        held = half_sent(server.port, 20)   # the whole limit
        started = time.monotonic()
        for s in held:   # each is closed by the server (an empty read) within the idle time and one sweep
            s.settimeout(8)
            assert s.recv(100) == b""
            s.close()
        assert time.monotonic() - started < 6
        assert server.get("/", timeout=5).status == 200   # and a phone gets in
    finally:
        server.close()


def raw(port: int, request: bytes) -> tuple[int, dict, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        try:   # the server may answer (and close) before it has read all of a request too large
            s.sendall(request)
            s.shutdown(socket.SHUT_WR)
        except OSError:   # broken pipe, or not connected any more: its answer is in the socket's buffer
            pass
        data = b""
        try:
            while chunk := s.recv(65536):
                data += chunk
        except ConnectionResetError:   # closed by the server with some of what was sent unread: its answer came
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body


@pytest.mark.parametrize("request_, status", [
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n", 431),
    (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n", 400),
    (b"POST /new HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n", 413),
], ids=["431 headers too large", "400 unreadable", "413 body too large"])
@pytest.mark.process
def test_waitress_s_own_answers_carry_the_security_headers(live, request_, status):
    code, headers, _body = raw(live.port, request_)
    assert code == status
    assert headers["x-content-type-options"] == "nosniff" and headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "same-origin"


@pytest.mark.process
@pytest.mark.parametrize("path", ["/", "/r", "/new", "/r/new", "/r/import"])
def test_pages_with_a_token_or_this_browser_s_list_are_not_kept_by_a_cache(live, path):
    r = live.get(path)
    assert r.status == 200 and r.headers["Cache-Control"] == "private, no-cache"


def test_the_open_files_limit_is_raised_to_fit_the_connections():
    """Debian's soft limit of open files (1,024) is below the 2,000 connections a hall of phones may keep: serving
    raises it as far as the hard limit lets, and never allows more connections than then fit."""
    import resource

    from scorer.serving import CONNECTIONS, room_for
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))
        fits = room_for(CONNECTIONS)
        now = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if hard == resource.RLIM_INFINITY or hard >= CONNECTIONS + 100:
            assert fits == CONNECTIONS and now >= CONNECTIONS + 100
        else:   # a machine whose hard limit is lower: as many as fit, said by the number returned
            assert now == hard and fits == hard - 100
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
