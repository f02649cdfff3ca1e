"""Benchmarks that print figures: `python -m scorer.bench [--quick] [--only engine,server,weight,taps]`.

1. Engine: replay throughput for parties of 10, 1 000 and 100 000 deals.
2. Board cost: replaying and rendering the board at 1 000 and 10 000 deals, with and without the cache.
3. Server: the real app under waitress on 127.0.0.1 with a partie of 1 000 deals; 1 and 20 clients;
   latency p50/p95/p99 and requests per second for the board and for recording a deal.
4. Page weight: bytes of HTML, CSS and JavaScript per page, plain and gzipped; requests per page.
5. Taps: taps and keystrokes to record common deals from the board, counted by Playwright on a phone.

Every load goes to 127.0.0.1 only, and every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import platform
import random
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from .strohmandeln import Bonus, Deal, Partie, RuleSet, replay

ROOT = Path(__file__).resolve().parent.parent


def sample_deals(n: int, seed: int = 7) -> list[Deal]:
    """A realistic evening's mix of deals (valid under the default rules), reproducible."""
    rng = random.Random(seed)
    deals = []
    dealer = 0
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            deals.append(Deal("misdeal", dealer, offender=dealer))
            continue
        if r < 0.05:
            deals.append(Deal("redeal", dealer, reason="no-tarock"))
            continue
        thirds = rng.choice([44, 62, 77, 90, 100, 105, 106, 107, 110, 120, 134, 140, 150, 165])
        bonuses = ()
        if rng.random() < 0.15:
            bonuses = (Bonus(rng.choice(["pagat", "uhu", "kakadu", "pagat_captured"]), rng.randint(0, 1)),)
        kind = "renonce" if r < 0.07 else "game"
        offender = None
        if kind == "renonce":
            offender = 1 - bonuses[0].player if bonuses else rng.randint(0, 1)
        deals.append(Deal(kind, dealer, undertaker=rng.choice([None, None, 0, 1]), card_points=(thirds, None),
                          bonuses=bonuses, offender=offender))
        dealer = 1 - dealer
    return deals


def sample_partie(n: int) -> Partie:
    """A partie of Anna and Bernd with `n` sample deals."""
    return Partie(("Anna", "Bernd"), RuleSet.default(), tuple(sample_deals(n)))


def best_of(fn, repeat: int) -> float:
    """The fastest of `repeat` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def engine(quick: bool) -> None:
    """Replay throughput, and how it grows."""
    print("\n== Engine: replay throughput (best of several runs) ==")
    replay(sample_partie(10))  # warm the pack's tables once
    print(f"{'deals':>8} {'time':>10} {'deals/s':>12} {'µs/deal':>9}")
    for n in (10, 1_000, 100_000):
        partie = sample_partie(n)
        seconds = best_of(lambda: replay(partie), 1 if n >= 100_000 else (20 if quick else 50))
        print(f"{n:>8,} {seconds * 1000:>8.2f}ms {n / seconds:>12,.0f} {seconds / n * 1e6:>9.2f}")


def board_cost(quick: bool) -> None:
    """What a board request costs at 1 000 and 10 000 deals, replaying every time or from the cache."""
    from . import create_app, store
    from .db import connect
    print("\n== Board: cost of one request, in process (best of several) ==")
    print(f"{'deals':>8} {'replay':>10} {'board, cold':>12} {'board, cached':>14}")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "b.sqlite"), "SECRET_KEY": "bench", "TESTING": True})
        for n in (1_000, 10_000):
            partie = sample_partie(n)
            with app.app_context():
                pid = store.create_partie(connect(app.config["DATABASE"]), partie)
            client = app.test_client()
            replay_s = best_of(lambda: replay(partie), 5)
            app.config["SETTLEMENT_CACHE"] = 0
            cold = best_of(lambda: client.get(f"/p/{pid}"), 3 if quick else 5)
            app.config["SETTLEMENT_CACHE"] = 16
            client.get(f"/p/{pid}")
            warm = best_of(lambda: client.get(f"/p/{pid}"), 10 if quick else 30)
            print(f"{n:>8,} {replay_s * 1000:>8.2f}ms {cold * 1000:>10.2f}ms {warm * 1000:>12.2f}ms")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db_path: str, port: int, threads: int = 8) -> subprocess.Popen:
    """The app under waitress, on 127.0.0.1 only."""
    env = {**os.environ, "SCORER_DATABASE": db_path, "SCORER_SECRET_KEY": "bench"}
    proc = subprocess.Popen([sys.executable, "-m", "scorer", "serve", "--port", str(port), "--threads", str(threads)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("the server did not start")


class Client:
    """One phone: a kept-alive connection, its session cookie and CSRF token."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""
        self.token = ""
        self.serial = 0

    def request(self, method, path, body=None, headers=None):
        headers = dict(headers or {})
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        return response.status, data

    def prepare(self, board: str) -> None:
        _, page = self.request("GET", board + "/deal")
        self.token = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1).decode()

    def record(self, board: str, name: str) -> int:
        self.serial += 1
        body = urllib.parse.urlencode({
            "csrf_token": self.token, "type": "game", "dealer": str(self.serial % 2), "undertaker": "nobody",
            "pile_of": "0", "points": "40", "blatt": "0", "action": "save", "key": f"{name}-{self.serial}"})
        status, _ = self.request("POST", board + "/deal", body)
        return status


def load(port: int, board: str, clients: int, seconds: float, what: str) -> dict:
    """`clients` phones doing `what` as fast as they can for `seconds`; latencies in ms."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds
    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    probe.request("GET", board + "/version")
    reply = probe.getresponse()
    reply.read()
    etag = [reply.getheader("ETag")]
    probe.close()

    def phone(n: int) -> None:
        client = Client(port)
        client.prepare(board)
        mine = []
        for _ in range(100_000):  # bounded
            if time.perf_counter() >= stop_at:
                break
            start = time.perf_counter()
            if what == "board":
                status, _ = client.request("GET", board)
                ok = status == 200
            elif what == "poll":
                status, _ = client.request("GET", board + "/version", headers={"If-None-Match": etag[0]})
                ok = status == 304
            else:
                ok = client.record(board, f"{what}-{clients}-{n}") == 302
            mine.append((time.perf_counter() - start) * 1000)
            if not ok:
                with lock:
                    errors[0] += 1
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=seconds + 30)
    elapsed = time.perf_counter() - began
    latencies.sort()

    def pct(p):
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] if latencies else float("nan")

    return {"n": len(latencies), "rps": len(latencies) / elapsed, "p50": pct(50), "p95": pct(95), "p99": pct(99),
            "errors": errors[0]}


def server(quick: bool) -> None:
    """Latency and throughput of the real server with a partie of 1 000 deals."""
    from . import store
    from .db import connect
    seconds = 3.0 if quick else 10.0
    print(f"\n== Server: waitress on 127.0.0.1, a partie of 1,000 deals, {seconds:.0f} s per row ==")
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "bench.sqlite")
        db = connect(db_path)
        pid = store.create_partie(db, sample_partie(1_000))
        db.conn.close()
        port = free_port()
        proc = start_server(db_path, port)
        try:
            board = f"/p/{pid}"
            print(f"{'request':<22} {'clients':>7} {'requests':>9} {'req/s':>8} {'p50':>8} {'p95':>8} {'p99':>8} {'errors':>6}")
            for what, label in (("board", "board (GET)"), ("poll", "poll (GET, 304)"),
                                ("record", "record deal (POST)")):
                for clients in (1, 20):
                    r = load(port, board, clients, seconds, what)
                    print(f"{label:<22} {clients:>7} {r['n']:>9,} {r['rps']:>8.0f} {r['p50']:>6.1f}ms "
                          f"{r['p95']:>6.1f}ms {r['p99']:>6.1f}ms {r['errors']:>6}")
            db = connect(db_path)
            total = next(db.query("select count(*) as n from deals"))["n"]
            print(f"(the partie grew to {total:,} deals while deals were recorded)")
        finally:
            proc.kill()
            proc.wait(timeout=10)


PAGES = {
    "home": "/",
    "new partie": "/new",
    "board": "/p/{pid}",
    "deal form": "/p/{pid}/deal",
    "calculator": "/p/{pid}/calculator",
}


def weight(quick: bool) -> None:
    """Bytes per page (HTML, CSS, JS), plain and gzipped, and the requests each page makes."""
    from . import create_app, store
    from .db import connect
    print("\n== Page weight (board of a 20-deal partie) ==")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "w.sqlite"), "SECRET_KEY": "bench", "TESTING": True})
        with app.app_context():
            pid = store.create_partie(connect(app.config["DATABASE"]), sample_partie(20))
        client = app.test_client()
        print(f"{'page':<12} {'HTML':>7} {'CSS':>7} {'JS':>7} {'total':>8} {'gzipped':>8} {'requests':>9} {'3rd party':>9}")
        for name, path in PAGES.items():
            html = client.get(path.format(pid=pid)).data
            assets = re.findall(rb'(?:href|src)="(/static/[^"]+|/manifest.webmanifest)"', html)
            third = re.findall(rb'(?:href|src)="(https?://[^"]+)"', html)
            sizes = {"css": [], "js": [], "other": []}
            for asset in dict.fromkeys(assets):
                data = client.get(asset.decode()).data
                kind = "css" if asset.endswith(b".css") else "js" if asset.endswith(b".js") else "other"
                sizes[kind].append(data)
            css = b"".join(sizes["css"])
            js = b"".join(sizes["js"])
            total = len(html) + len(css) + len(js)
            zipped = sum(len(gzip.compress(b, 9)) for b in (html, css, js) if b)
            requests = 1 + len(set(assets))
            print(f"{name:<12} {len(html):>7,} {len(css):>7,} {len(js):>7,} {total:>8,} {zipped:>8,} {requests:>9} "
                  f"{len(third):>9}")
        print("(requests: the page and every asset it names, icon and manifest included; all from this server)")


def taps(quick: bool) -> None:
    """Taps and keystrokes, from the board, for three common deals, counted in a real browser on a phone."""
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args, **kwargs):
            pass

    from . import create_app
    print("\n== Taps and keystrokes from the board (Playwright, Chromium, 390x844 touch) ==")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "t.sqlite"), "SECRET_KEY": "bench"})
        httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_port}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run"])
                page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                           has_touch=True).new_page()
                page.goto(base + "/new")
                page.fill("#player0", "Anna")
                page.fill("#player1", "Bernd")
                page.click("text=Start the partie")
                page.wait_for_selector("#record")
                counts = {"taps": 0, "keys": 0}

                def tap(selector):
                    page.locator(selector).first.tap()
                    counts["taps"] += 1

                def type_(selector, text):
                    page.locator(selector).focus()
                    for ch in text:
                        page.keyboard.press(ch)
                        counts["keys"] += 1

                def run(name, steps):
                    counts.update(taps=0, keys=0)
                    before = page.locator("ol.deals > li").count()
                    steps()
                    page.wait_for_selector("#record")
                    assert page.locator("ol.deals > li").count() == before + 1
                    total = counts["taps"] + counts["keys"]
                    print(f"{name:<56} {counts['taps']:>2} taps + {counts['keys']:>2} keys = {total:>2}")

                run("simple game, one pile typed (38)", lambda: (
                    tap("#record"), type_("#points", "38"), tap("#save")))
                run("undertaken game (Vorhand), pile typed (40 + 2 Blatt)", lambda: (
                    tap("#record"), tap("input[name=undertaker][value=forehand] + span"), type_("#points", "40"),
                    tap("input[name=blatt][value='2'] + span"), tap("#save")))

                def keys(text):   # typed into the field that has the focus (the start focused the points)
                    page.wait_for_selector("#deal-form")
                    for ch in text:
                        page.keyboard.press(ch)
                        counts["keys"] += 1

                run("undertaken game from the board's start (40)", lambda: (
                    tap(".starts a[href*='undertaker=forehand']"), keys("40"), tap("#save")))
                run("undertaken game from the board's start (40 + 2 Blatt)", lambda: (
                    tap(".starts a[href*='undertaker=forehand']"), keys("40"),
                    tap("input[name=blatt][value='2'] + span"), tap("#save")))
                run("simple game from the board's start (38)", lambda: (
                    tap(".starts a[href*='undertaker=nobody']"), keys("38"), tap("#save")))

                def counted(tricks_typed):
                    def steps():
                        tap("#record")
                        tap("input[name=undertaker][value=forehand] + span")
                        tap("details.calc > summary")
                        for label, times in (("Trull cards", 2), ("Kings", 2), ("Queens", 2)):
                            for _ in range(times):
                                tap(f"button[aria-label='One more: {label}']")
                        if tricks_typed:
                            tap("#tricks")
                            page.locator("#tricks").fill("")
                            type_("#tricks", "10")
                        else:
                            for _ in range(10):
                                tap("button[aria-label='One more: Tricks']")
                        deadline = time.time() + 5   # the count arrives from the server
                        while page.locator("#points").input_value() != "28" and time.time() < deadline:
                            time.sleep(0.05)
                        tap("#save")
                    return steps

                run("undertaken game counted, 10 tricks typed", counted(True))
                run("undertaken game counted, 10 tricks tapped with +", counted(False))
                run("misdeal", lambda: (
                    tap("#record"), tap("input[name=type][value=misdeal] + span"),
                    tap("input[name=offender][value='0'] + span"), tap("#save")))
                browser.close()
        finally:
            httpd.shutdown()


def machine() -> str:
    """What the figures ran on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{platform.system()} {platform.machine()}, {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}"


SECTIONS = {"engine": engine, "board": board_cost, "server": server, "weight": weight, "taps": taps}


def main(argv=None) -> int:
    """Run the chosen benchmarks and print their figures."""
    parser = argparse.ArgumentParser(prog="python -m scorer.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs (3 s per server row)")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated: " + ", ".join(SECTIONS))
    args = parser.parse_args(argv)
    print(f"Strohmandeln scorer benchmarks · {time.strftime('%Y-%m-%d %H:%M')} · {machine()}")
    for name in args.only.split(","):
        if name.strip() not in SECTIONS:
            print(f"unknown section '{name}': choose from {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
        SECTIONS[name.strip()](args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
