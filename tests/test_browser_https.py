"""Every form over HTTPS in a real browser: Chromium on a phone-sized screen, through a small local TLS proxy
that does what Caddy does (ends TLS, adds X-Forwarded-For, -Proto, -Host), to the real waitress server with
`PROXY_HOPS=1`. Flask-WTF's strict check wants a Referer of the same site on a POST over HTTPS, which the
browser sends under the app's `Referrer-Policy: same-origin` (under `no-referrer` it sent none)."""

import http.client
import http.server
import re
import sqlite3
import ssl
import subprocess
import threading

import pytest
from playwright.sync_api import expect

from scorer import create_app

from .live import Live
from .test_browser import close, PHONE, browser  # noqa: F401  (the fixture)

pytestmark = pytest.mark.browser

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade", "proxy-connection"}


def tls_proxy(backend_port: int, cert: str, key: str):
    """An HTTPS server on a free port of 127.0.0.1 that forwards every request to the backend as Caddy does."""

    class Forward(http.server.BaseHTTPRequestHandler):
        def forward(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else None
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            headers.update({"X-Forwarded-For": self.client_address[0], "X-Forwarded-Proto": "https",
                            "X-Forwarded-Host": self.headers.get("Host", "")})
            backend = http.client.HTTPConnection("127.0.0.1", backend_port, timeout=30)
            try:
                backend.request(self.command, self.path, body=body, headers=headers)
                answer = backend.getresponse()
                data = answer.read()
                self.send_response_only(answer.status, answer.reason)
                for k, v in answer.getheaders():
                    if k.lower() not in HOP_BY_HOP and k.lower() != "content-length":
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.send_header("Connection", "close")
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)
            finally:
                backend.close()

        do_GET = do_POST = do_HEAD = forward

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Forward)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    httpd.socket = context.wrap_socket(httpd.socket, server_side=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    return httpd


@pytest.fixture
def https(tmp_path):
    cert, key = str(tmp_path / "cert.pem"), str(tmp_path / "key.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                   check=True, capture_output=True)
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "https-tests", "PROXY_HOPS": 1,
                      "PASSCODE": "4711"})   # CSRF on, as served
    server = Live(app)
    proxy = tls_proxy(server.port, cert, key)
    yield f"https://127.0.0.1:{proxy.server_port}", app.config["DATABASE"]
    proxy.shutdown()
    proxy.server_close()
    server.close()


def test_forms_posted_over_https_in_a_real_browser(browser, https):  # noqa: F811
    https, database = https
    context = browser.new_context(ignore_https_errors=True, **PHONE)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        page.goto(https + "/new")
        page.fill("#player0", "Anna")
        page.fill("#player1", "Bernd")
        page.fill("#passcode", "4711")
        page.get_by_role("button", name="Start the partie").click()
        expect(page).to_have_url(re.compile(re.escape(https) + r"/p/[\w-]+$"))
        assert "This form has expired" not in page.content()
        board = page.url
        cookies = {c["name"]: c for c in context.cookies()}
        assert cookies["session"]["secure"] and cookies["session"]["httpOnly"]
        # a deal saved by the deal form's script (a fetch POST: its Referer is the form's page too)
        page.locator("#record").click()
        page.wait_for_selector("#deal-form")
        page.locator("input[name=pile_of][value='0'] + span").click()
        page.locator("#points").fill("40")
        page.locator("#save").click()
        page.wait_for_selector("#record")
        expect(page.locator("ol.deals > li")).to_have_count(1)
        conn = sqlite3.connect(database)
        assert conn.execute("select count(*) from deals").fetchone()[0] == 1
        conn.close()
        page.goto(board + "/share")
        expect(page.locator("#share-url")).to_have_text(board)       # the share page says https://
        page.goto(https + "/r/new")                                   # a Runde's form too
        page.fill("#name", "Stammtisch")
        page.fill("#members", "Anna\nBernd")
        page.fill("#passcode", "4711")
        page.get_by_role("button", name="Start the Runde").click()
        expect(page).to_have_url(re.compile(re.escape(https) + r"/r/[\w-]+$"))
        expect(page.locator("h1")).to_have_text("Stammtisch")
    finally:
        close(context)
