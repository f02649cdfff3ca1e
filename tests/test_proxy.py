"""Behind a reverse proxy (Caddy, `PROXY_HOPS=1`), through the real waitress server as `python -m scorer serve`
starts it: the client's address and scheme get through, cookies are `Secure` over HTTPS, and a form POSTed
over HTTPS with the Referer a browser sends under the app's Referrer-Policy is accepted."""

import re

import pytest

from scorer import create_app

from .conftest import NEW_PARTIE
from .live import Live

HOST = "scorer.example.org"


def caddy(device: str, spoofed: str = "") -> dict:
    """The headers Caddy adds: the device's address appended to X-Forwarded-For, the scheme, the host."""
    return {"X-Forwarded-For": f"{spoofed}, {device}" if spoofed else device, "X-Forwarded-Proto": "https",
            "X-Forwarded-Host": HOST, "Host": HOST}


def served(tmp_path, **config):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", **config})
    return Live(app)


@pytest.fixture
def proxied(tmp_path):
    server = served(tmp_path, PROXY_HOPS=1, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True,
                    RATELIMIT_CREATE="2 per minute")
    yield server
    server.close()


@pytest.mark.process
def test_the_scheme_and_host_get_through_to_the_share_page_and_the_cookie_is_secure(proxied):
    r = proxied.post("/new", NEW_PARTIE, headers=caddy("192.168.1.20"))
    assert r.status == 302
    board = r.headers["Location"]
    assert board.startswith(f"https://{HOST}/p/") or board.startswith("/p/")
    cookie = next(c for c in r.cookies() if c.startswith("session="))
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    path = board.split(HOST, 1)[-1]
    share = proxied.get(path + "/share", headers=caddy("192.168.1.20"))
    assert f"https://{HOST}{path}" in share.text
    lang = proxied.get("/lang/de?next=/", headers=caddy("192.168.1.20"))
    assert any(c.startswith("lang=") and "Secure" in c for c in lang.cookies())
    # the same server over plain HTTP (no proxy header): the address it came to, cookies without Secure
    plain = proxied.post("/new", NEW_PARTIE)
    assert plain.status == 302 and all("Secure" not in c for c in plain.cookies())


@pytest.mark.process
def test_each_device_behind_the_proxy_has_its_own_limit(proxied):
    def new(device, spoofed=""):
        return proxied.post("/new", NEW_PARTIE, headers=caddy(device, spoofed)).status
    assert [new("192.168.1.20"), new("192.168.1.20"), new("192.168.1.20")] == [302, 302, 429]
    assert new("192.168.1.21") == 302                         # another phone: its own limit
    assert new("192.168.1.20", spoofed="10.9.9.9") == 429     # a forged X-Forwarded-For entry does not help


@pytest.mark.process
@pytest.mark.parametrize("config", [{"PROXY_HOPS": 0}, {"PROXY_HOPS": 1, "PROXY_ADDRESS": "10.0.0.1"}],
                         ids=["no proxy set", "another proxy address"])
def test_forwarded_headers_from_anyone_but_the_proxy_are_dropped(tmp_path, config):
    server = served(tmp_path, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True, RATELIMIT_CREATE="2 per minute",
                    **config)
    try:
        statuses = [server.post("/new", NEW_PARTIE, headers=caddy(f"192.168.1.{i}")) for i in range(3)]
        assert [s.status for s in statuses] == [302, 302, 429]      # one client: the headers chose nothing
        assert all("Secure" not in c for s in statuses for c in s.cookies())
        board = statuses[0].headers["Location"]
        assert not board.startswith("https:")
    finally:
        server.close()


@pytest.mark.process
def test_a_form_posted_over_https_with_the_browser_s_referer_is_accepted(tmp_path):
    """Flask-WTF checks a POST over HTTPS for a Referer of the same site. The app's Referrer-Policy is
    `same-origin`, under which a browser sends the form page's address as the Referer of its own forms (under
    `no-referrer` it sent none, and every form over HTTPS answered "This form has expired")."""
    server = served(tmp_path, PROXY_HOPS=1)   # CSRF on, as in production
    try:
        page = server.get("/new", headers=caddy("192.168.1.20"))
        assert page.headers["Referrer-Policy"] == "same-origin"
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text).group(1)
        session = next(c for c in page.cookies() if c.startswith("session=")).split(";", 1)[0]
        assert "Secure" in next(c for c in page.cookies() if c.startswith("session="))
        form = {**NEW_PARTIE, "csrf_token": token}
        headers = {**caddy("192.168.1.20"), "Cookie": session, "Origin": f"https://{HOST}"}
        r = server.post("/new", form, headers={**headers, "Referer": f"https://{HOST}/new"})
        assert r.status == 302, r.text
        # what `no-referrer` made browsers do: no Referer, refused with the expired-form page
        r = server.post("/new", form, headers=headers)
        assert r.status == 400 and "This form has expired" in r.text
        # a Referer of another site is refused too
        r = server.post("/new", form, headers={**headers, "Referer": "https://evil.example/new"})
        assert r.status == 400
    finally:
        server.close()


@pytest.mark.process
def test_proxy_address_names_the_proxys_network(tmp_path):
    """A proxy elsewhere (another container): `PROXY_ADDRESS` names its network, and a proxy connecting from any
    address of it is trusted (waitress's own setting took one address or `*` only)."""
    server = served(tmp_path, PROXY_HOPS=1, PROXY_ADDRESS="10.0.0.0/8, 127.0.0.0/8", WTF_CSRF_ENABLED=False,
                    RATELIMIT_ENABLED=True, RATELIMIT_CREATE="2 per minute")
    try:
        def new(device):
            return server.post("/new", NEW_PARTIE, headers=caddy(device)).status
        assert [new("192.168.1.20"), new("192.168.1.20"), new("192.168.1.20")] == [302, 302, 429]
        assert new("192.168.1.21") == 302                         # another phone behind the proxy: its own limit
        r = server.post("/new", NEW_PARTIE, headers=caddy("192.168.1.22"))
        assert any("Secure" in c for c in r.cookies())            # the proxy's https got through
    finally:
        server.close()


@pytest.mark.process
@pytest.mark.parametrize("address", ["10.0.0.0/8", "172.18.0.0/16, 192.168.0.0/16", "fd00::/8"])
def test_a_client_outside_the_proxys_network_chooses_nothing(tmp_path, address):
    """A client that reaches waitress directly, not from the proxy's network, sends its own X-Forwarded-For: 50
    guesses, all one client to the limits (the test's connections come from 127.0.0.1)."""
    server = served(tmp_path, PROXY_HOPS=1, PROXY_ADDRESS=address, WTF_CSRF_ENABLED=False, RATELIMIT_ENABLED=True,
                    RATELIMIT_CREATE="2 per minute")
    try:
        statuses = [server.post("/new", NEW_PARTIE, headers=caddy(f"192.168.7.{i}")).status for i in range(50)]
        assert statuses[:2] == [302, 302] and set(statuses[2:]) == {429}
    finally:
        server.close()


def test_a_proxy_address_that_is_no_address_stops_the_start(tmp_path):
    from scorer.serving import ProxyAddressError, make_server
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "PROXY_HOPS": 1,
                      "PROXY_ADDRESS": "caddy.internal"})
    with pytest.raises(ProxyAddressError, match="PROXY_ADDRESS 'caddy.internal' is not an address or a network"):
        make_server(app, port=0)


@pytest.mark.process
def test_any_proxy_address_is_warned_about(tmp_path, caplog):
    server = served(tmp_path, PROXY_HOPS=1, PROXY_ADDRESS="*")
    try:
        assert "PROXY_ADDRESS is *" in caplog.text and "README" in caplog.text
    finally:
        server.close()


def test_an_ipv4_client_of_a_dual_stack_socket_is_matched_as_ipv4():
    from scorer.serving import FromProxy, proxy_networks
    check = FromProxy(None, proxy_networks("172.18.0.0/16"))
    assert check.trusted("172.18.0.5") and check.trusted("::ffff:172.18.0.5")
    assert not check.trusted("172.19.0.5") and not check.trusted("") and not check.trusted("unix")


def test_the_worker_processes_read_proxy_address_as_the_one_process_server_does():
    """`serve --workers N` (gunicorn) believes the forwarded headers on the same connections as waitress: a list of
    networks, an IPv4 client of a dual-stack socket, nobody else; without PROXY_HOPS nobody."""
    from scorer.workers import TrustedProxy

    seen = {}

    def app(environ, start_response):
        seen.update(addr=environ.get("REMOTE_ADDR"), xff=environ.get("HTTP_X_FORWARDED_FOR"))
        return [b""]

    def ask(wrapped, remote):
        seen.clear()
        wrapped({"REMOTE_ADDR": remote, "HTTP_X_FORWARDED_FOR": "203.0.113.9", "wsgi.url_scheme": "http",
                 "HTTP_HOST": "x", "SERVER_NAME": "x", "SERVER_PORT": "80"}, lambda *a: None)
        return seen["addr"], seen["xff"]

    behind = TrustedProxy(app, 1, "10.0.0.2, 172.18.0.0/16")
    assert ask(behind, "172.18.0.7")[0] == "203.0.113.9"
    assert ask(behind, "::ffff:10.0.0.2")[0] == "203.0.113.9"
    assert ask(behind, "192.168.1.5") == ("192.168.1.5", None)   # a client reaching the server itself: ignored
    assert ask(TrustedProxy(app, 0, "*"), "172.18.0.7") == ("172.18.0.7", None)
    assert ask(TrustedProxy(app, 1, "*"), "192.168.1.5")[0] == "203.0.113.9"
