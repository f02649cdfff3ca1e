"""The speed a player feels, beside its floor in the same run: `python -m benchmarks.feel [--runs N]`.

Chromium (/usr/bin/chromium) on a phone context (390x844, touch), CPU 4x slower and a 3G-like link (150 ms
latency, 1.6 Mbit/s both ways), through the Chrome DevTools Protocol (`Emulation.setCPUThrottlingRate`,
`Network.emulateNetworkConditions`). Each run is a new browser context (an empty cache), service workers
blocked (their own fetches would escape the throttling). The app runs under waitress on 127.0.0.1 (its real
server, gzip as Chromium asks for over plain HTTP) with a partie of 40 deals (an evening).

(a) The cold board's first contentful paint, against the floor: the same page made static (the board's HTML
    with its stylesheets written into it and no script, gzip-compressed, served by a bare HTTP server in this
    process) and its own first paint, and one `fetch` of those same bytes from that page.
(b) Save on the deal form (a simple deal) until the board shows it (the board's `data-version` is the new
    one, then the next animation frame), against one tiny POST's round trip (`fetch`, 1 byte, a 204, from the static page: the app's
    Content-Security-Policy lets no page of it post elsewhere).

Every figure is a median over the runs; the ratios are each run's own, then their median.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import os
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from .serving import free_port, start_server, stop_server

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
LINK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 1_600_000 / 8}
CPU = 4


def static_copy(base: str, board: str) -> bytes:
    """The board made a static page: its stylesheets written in (as one <style>), its scripts left out."""
    html = urllib.request.urlopen(base + board).read().decode()
    css = []
    for href in re.findall(r'<link rel="stylesheet" href="([^"]+)"', html):
        css.append(urllib.request.urlopen(base + href).read().decode())
    html = re.sub(r'<link rel="stylesheet"[^>]*>', "", html)
    html = re.sub(r"<script\b[^>]*>.*?</script>", "", html, flags=re.S)
    html = html.replace("</head>", "<style>" + "\n".join(css) + "</style></head>", 1)
    return html.encode()


class Floor(http.server.BaseHTTPRequestHandler):
    """The floor's server: GET / is the static page (gzip), POST answers 204 at once."""
    page = b""
    protocol_version = "HTTP/1.1"

    def do_GET(self):   # noqa: N802
        body = gzip.compress(self.page, 6)
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Cache-Control", "no-store")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):   # noqa: N802
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(204)
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


FCP = """() => new Promise(done => {
    const seen = performance.getEntriesByName('first-contentful-paint');
    if (seen.length) return done(seen[0].startTime);
    new PerformanceObserver(list => done(list.getEntries()[0].startTime)).observe({type: 'paint', buffered: true});
    setTimeout(() => done(NaN), 30000);
})"""

# On every document: the time of a tap on Save, and when the board shows the wanted version (the frame after)
WATCH = """(() => {
    document.addEventListener('click', e => {
        if (e.target.closest && e.target.closest('#save')) sessionStorage.t0 = Date.now();
    }, true);
    function look() {
        const want = sessionStorage.want;
        if (want && document.body && document.body.dataset.version === want && !sessionStorage.t1)
            return requestAnimationFrame(() => { sessionStorage.t1 = Date.now(); });
        requestAnimationFrame(look);
    }
    requestAnimationFrame(look);
})();"""


def throttled(browser):
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(60_000)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", LINK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU})
    return context, page


def session_value(page, name: str, seconds: float = 60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            value = page.evaluate(f"sessionStorage.{name} || null")
            if value:
                return value
        except Exception:   # a navigation under way
            pass
        time.sleep(0.02)
    raise RuntimeError(f"{name} never came")


def measure(runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from benchmarks.samples import sample_partie
    from scorer import store
    from scorer.db import connect

    figures: dict[str, list[float]] = {}

    def note(name, value):
        figures.setdefault(name, []).append(value)

    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "feel.sqlite")
        db = connect(db_path)
        pid = store.create_partie(db, sample_partie(40))
        db.conn.close()
        port = free_port()
        proc = start_server(db_path, port)
        base = f"http://127.0.0.1:{port}"
        board = f"/p/{pid}"
        floor = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Floor)
        threading.Thread(target=floor.serve_forever, daemon=True).start()
        floor_url = f"http://127.0.0.1:{floor.server_address[1]}/"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"])
                for _ in range(runs):
                    Floor.page = static_copy(base, board)
                    note("static bytes", len(Floor.page))
                    # (a) the floor: a static page's own paint, one fetch of its bytes
                    context, page = throttled(browser)
                    page.goto(floor_url, wait_until="load")
                    static_paint = page.evaluate(FCP)
                    fetch = page.evaluate("""url => { const t = performance.now();
                        return fetch(url, {cache: 'no-store'}).then(r => r.arrayBuffer())
                            .then(() => performance.now() - t); }""", floor_url)
                    post = page.evaluate("""url => { const t = performance.now();
                        return fetch(url, {method: 'POST', body: 'x', mode: 'no-cors'})
                            .then(() => performance.now() - t); }""", floor_url)
                    context.close()
                    # (a) the cold board
                    context, page = throttled(browser)
                    page.goto(base + board, wait_until="load")
                    board_paint = page.evaluate(FCP)
                    context.close()
                    note("static paint", static_paint)
                    note("fetch", fetch)
                    note("board paint", board_paint)
                    note("board / static paint", board_paint / static_paint)
                    note("board / fetch", board_paint / fetch)
                    # (b) Save until the board shows the deal, the form opened from the board
                    context, page = throttled(browser)
                    context.add_init_script(WATCH)
                    page.goto(base + board, wait_until="load")
                    version = int(page.evaluate("document.body.dataset.version"))
                    page.goto(base + board + "/deal", wait_until="load")
                    page.evaluate("want => { sessionStorage.want = want; delete sessionStorage.t1; }",
                                  str(version + 1))
                    page.wait_for_timeout(300)   # the form's script has run
                    page.locator("#points").fill("60")
                    page.locator("#save").tap()
                    t0 = float(session_value(page, "t0"))
                    t1 = float(session_value(page, "t1"))
                    save = t1 - t0
                    context.close()
                    note("post", post)
                    note("save to board", save)
                    note("save / post", save / post)
                browser.close()
        finally:
            floor.shutdown()
            stop_server(proc)
    return figures


def report(figures: dict) -> str:
    rows = [("cold board, first contentful paint", "board paint", "ms"),
            ("static page (the same board, CSS inline, no script), its own first paint", "static paint", "ms"),
            ("one fetch of the static page's bytes", "fetch", "ms"),
            ("board paint / static page's paint", "board / static paint", "x"),
            ("board paint / one fetch", "board / fetch", "x"),
            ("Save until the board shows the deal", "save to board", "ms"),
            ("a tiny POST's round trip", "post", "ms"),
            ("Save / tiny POST", "save / post", "x"),
            ("static page, bytes uncompressed", "static bytes", "B")]
    runs = len(figures.get("board paint", []))
    out = [f"| figure (median of {runs} runs) | value | runs |", "|---|---:|---|"]
    for label, key, unit in rows:
        values = figures.get(key, [])
        if not values:
            continue
        m = statistics.median(values)
        shown = f"{m:.2f}x" if unit == "x" else f"{m:.0f} ms" if unit == "ms" else f"{m:,.0f} B"
        each = ", ".join(f"{v:.2f}" if unit == "x" else f"{v:.0f}" for v in values)
        out.append(f"| {label} | {shown} | {each} |")
    return "\n".join(out)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    print(report(measure(args.runs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
