"""Benchmarks that print figures: `python -m benchmarks.bench [--quick] [--only ...] [--markdown BENCHMARKS.md]`.

1. engine: replay in process at 10, 1,000 and 100,000 deals; `replay --json` against the bare JSON work of
   reading its input and writing its output, for the three games' partie files (Strohmandeln also with
   deals as varied as the rules allow, the worst case for remembering repeated deals).
2. board: one board request in process at 1,000 and 10,000 deals, the settlement cache off and on.
3. server: the real app under waitress on 127.0.0.1 with a partie of 1,000 deals: a static file, the board,
   the poll and recording a deal (POST and the redirect followed, as a browser does), 1 and 20 closed-loop
   clients; the first board after a restart and the board right after an undo (cold cache).
4. club: an evening at a club, 30 tables with two phones each, open loop: every phone polls every 5 s
   (and reloads the board when it changed) and records a deal every 90 s.
5. weight: every page of the three games (a partie of 1,000 deals and 1,000 changes each) and of the Runde
   (250 evenings): bytes of the HTML document alone and of the document with every file it loads, uncompressed,
   and on the wire (as sent to a browser asking for br and gzip, headers included), requests on a first visit
   and on a revisit (what the response headers let a browser keep).
   runde: the standings page of a Runde of 20,000 deals against a warm 1,000-deal board, same server.
6. paint: first contentful paint of the board and the deal form in Chromium on a phone (CPU x4, 2 s round
   trip, 50 KB/s), cold (empty cache) and warm (the same page again).
7. taps: taps and keystrokes from the board for common deals, in Chromium on a phone; a field is tapped
   before typing unless the page itself put the focus there.

Every figure is a median (with p95 and p99 where there are enough samples) over a stated number of runs:
never the best of N. Every load goes to 127.0.0.1 only, and every loop is bounded in count and time.
`--markdown FILE` writes each section's tables, with the date, the machine and its load, into FILE between
`<!-- bench:SECTION -->` and `<!-- bench:SECTION end -->`, so that they cannot go stale beside the text
around them.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import gzip
import http.client
import io
import json
import math
import os
import platform
import random
import re
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from scorer.games.strohmandeln import Partie, RuleSet, replay

from .samples import sample_partie, sample_varied

ROOT = Path(__file__).resolve().parent.parent


# -- what the figures are made of -------------------------------------------------------------------------

def pct(values, p: float) -> float:
    """The p-th percentile (nearest rank) of `values`."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def timed(fn, runs: int) -> list[float]:
    """Seconds of each of `runs` runs of `fn`."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.2f} ms" if seconds < 0.1 else f"{seconds * 1000:,.0f} ms"


class Table:
    """One table of figures: printed as it fills, and kept for `--markdown`."""

    def __init__(self, title: str, header: list[str], note: str = ""):
        self.title, self.header, self.rows, self.notes = title, header, [], [note] if note else []
        print(f"\n== {title} ==")
        print("  ".join(f"{h:>12}" for h in header))

    def add(self, *cells) -> None:
        cells = [str(c) for c in cells]
        self.rows.append(cells)
        print("  ".join(f"{c:>12}" for c in cells), flush=True)

    def note(self, text: str) -> None:
        self.notes.append(text)
        print(f"({text})")

    def markdown(self) -> str:
        align = ["---" if i == 0 else "---:" for i in range(len(self.header))]
        lines = [f"### {self.title}", "", "| " + " | ".join(self.header) + " |", "|" + "|".join(align) + "|"]
        lines += ["| " + " | ".join(r) + " |" for r in self.rows]
        lines += [""] + [f"{n}" for n in self.notes if n]
        return "\n".join(lines).rstrip() + "\n"


TABLES: list[Table] = []


def table(title, header, note="") -> Table:
    t = Table(title, header, note)
    TABLES.append(t)
    return t


# -- 1. the engine ----------------------------------------------------------------------------------------

def engine(quick: bool) -> None:
    """Replay throughput, and `replay --json` against the bare JSON work."""
    replay(sample_partie(10))  # warm the pack's tables once
    t = table("Engine: replay in process", ["deals", "runs", "median", "p95", "deals/s", "µs/deal"],
              "The collector runs as in any program: replay does not pause it (the command line does).")
    for n, runs in ((10, 100 if quick else 300), (1_000, 20 if quick else 50), (100_000, 3 if quick else 7)):
        partie = sample_partie(n)
        times = timed(lambda: replay(partie), runs)
        med = statistics.median(times)
        t.add(f"{n:,}", runs, ms(med), ms(pct(times, 95)), f"{n / med:,.0f}", f"{med / n * 1e6:.2f}")

    from scorer import partie_file
    from scorer.__main__ import main as cli
    t = table("Engine: `replay --json` over the bare JSON work",
              ["partie", "deals", "repeated", "runs", "replay --json", "bare JSON", "ratio (median)", "µs/deal"],
              "Bare JSON: `json.loads` of the same file and compact `json.dumps` of the same settlement, in the "
              "same process, the collector as a plain program has it; both sides' leftovers frozen out of the "
              "collector's way between runs. The ratio is taken run by run, then its median. Goal: at most 2, "
              "and the same per deal at 10,000 and 100,000. Repeated: the deals whose JSON is that of an earlier "
              "deal, which the command reads, checks, scores and encodes once. Strohmandeln: the evening's mix "
              "of `sample_deals`; varied: deals as unlike each other as the rules allow (any pile, undertaker, "
              "up to three bonuses), the worst case for remembering; Bavarian and Königrufen: their bench "
              "samples, at the most deals their partie files hold.")
    parties = [("Strohmandeln", n, lambda n: sample_partie(n)) for n in (10_000, 100_000)]
    parties += [("Strohmandeln, varied", n, lambda n: Partie(("Anna", "Bernd"), RuleSet.default(),
                                                             tuple(sample_varied(n)))) for n in (10_000, 100_000)]
    parties += [("Bavarian", 10_000, lambda n: sample_partie(n, game="haferltarock")), ("Königrufen", 10_000, lambda n: sample_partie(n, game="koenigrufen"))]   # their files' most
    with tempfile.TemporaryDirectory() as tmp:
        for name, n, make in parties:
            runs = (5 if quick else 9) if n <= 10_000 else (2 if quick else 7)
            path = os.path.join(tmp, "partie.json")
            Path(path).write_text(partie_file.dumps(make(n)), encoding="utf-8")
            text = Path(path).read_bytes()
            raw = json.loads(text)["deals"]
            repeated = 1 - len({repr(d) for d in raw}) / len(raw)
            del raw

            def command():
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    cli(["replay", path, "--json"])
                return out.getvalue()

            result = json.loads(command())
            gc.collect()
            gc.freeze()
            ratios, full, bare = [], [], []
            for _ in range(runs):
                start = time.perf_counter()
                command()
                middle = time.perf_counter()
                json.loads(text)
                json.dumps(result, ensure_ascii=False, separators=(",", ":"))
                end = time.perf_counter()
                full.append(middle - start)
                bare.append(end - middle)
                ratios.append((middle - start) / (end - middle))
            gc.unfreeze()
            del result
            t.add(name, f"{n:,}", f"{repeated:.0%}", runs, ms(statistics.median(full)), ms(statistics.median(bare)),
                  f"{statistics.median(ratios):.2f}×", f"{statistics.median(full) / n * 1e6:.2f}")


# -- 2. the board in process ------------------------------------------------------------------------------

def board_cost(quick: bool) -> None:
    """What a board request costs at 1,000 and 10,000 deals: replayed every time, and from the settlement cache
    (rendered every time)."""
    from scorer import create_app, store
    from scorer.db import connect
    runs_cold, runs_warm = (5, 30) if quick else (9, 100)
    t = table("Board: one request in process (Flask test client)",
              ["deals", "replay", "no cache", "settlement cached", "runs"],
              f"Medians: replay and no cache over {runs_cold} runs, the others over {runs_warm}. No cache: replayed "
              "and rendered. Settlement cached: rendered from the cached settlement (what a phone gets right "
              "after a new deal).")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "b.sqlite"), "SECRET_KEY": "bench", "TESTING": True})
        for n in (1_000, 10_000):
            partie = sample_partie(n)
            with app.app_context():
                pid = store.create_partie(connect(app.config["DATABASE"]), partie)
            client = app.test_client()
            replay_s = statistics.median(timed(lambda: replay(partie), runs_cold))
            app.config.update(SETTLEMENT_CACHE=0)
            cold = statistics.median(timed(lambda: client.get(f"/p/{pid}"), runs_cold))
            app.config.update(SETTLEMENT_CACHE=16)
            client.get(f"/p/{pid}")
            settled = statistics.median(timed(lambda: client.get(f"/p/{pid}"), runs_warm))
            t.add(f"{n:,}", ms(replay_s), ms(cold), ms(settled), f"{runs_cold}/{runs_warm}")


# -- the real server ---------------------------------------------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db_path: str, port: int, threads: int = 8) -> subprocess.Popen:
    """The app under waitress, on 127.0.0.1 only; returns once it answers."""
    env = {**os.environ, "SCORER_DATABASE": db_path, "SCORER_SECRET_KEY": "bench"}
    proc = subprocess.Popen([sys.executable, "-m", "scorer", "serve", "--port", str(port), "--threads", str(threads)],
                            cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server did not start")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


HIDDEN = re.compile(r'<input(?=[^>]*type="hidden")[^>]*>')
ATTR = re.compile(r'(name|value)="([^"]*)"')


def hidden_fields(page: str) -> dict:
    """The hidden inputs of a page's forms (the last wins): CSRF token, idempotency key, version, count."""
    fields = {}
    for tag in HIDDEN.findall(page):
        attrs = dict(ATTR.findall(tag))
        if "name" in attrs:
            fields[attrs["name"]] = attrs.get("value", "")
    return fields


class Client:
    """One phone: a kept-alive connection, its cookies, and what its browser would keep of the static files."""

    def __init__(self, port: int):
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}
        self.kept: dict[str, dict] = {}   # asset path -> its validators and whether it is still fresh

    def request(self, method, path, body=None, headers=None):
        headers = {"Accept-Encoding": "gzip, deflate, br", **(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (0, 1):
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt:
                    raise
        for cookie in response.headers.get_all("Set-Cookie") or ():
            name, _, value = cookie.split(";", 1)[0].partition("=")
            self.cookies[name] = value
        return response, data

    def page(self, path: str) -> tuple[int, str, int]:
        """A page as a browser loads it: the page, then each asset it names that the cache cannot answer
        alone. Returns the page's status, its text and how many requests it took."""
        response, data = self.request("GET", path)
        text = decoded(response, data).decode("utf-8", "replace")
        requests = 1
        for asset in assets_of(text):
            kept = self.kept.get(asset)
            if kept and kept["fresh"]:
                continue
            headers = {}
            if kept and kept.get("etag"):
                headers["If-None-Match"] = kept["etag"]
            if kept and kept.get("modified"):
                headers["If-Modified-Since"] = kept["modified"]
            reply, _ = self.request("GET", asset, headers=headers)
            requests += 1
            self.kept[asset] = {"fresh": fresh(reply.getheader("Cache-Control", "")), "etag": reply.getheader("ETag"),
                                "modified": reply.getheader("Last-Modified")}
        return response.status, text, requests

    def follow(self, response) -> tuple[int, str]:
        """The redirect of a POST, followed with a GET as a browser does."""
        location = response.getheader("Location")
        if response.status not in (301, 302, 303) or not location:
            return response.status, ""
        status, text, _ = self.page(urllib.parse.urlsplit(location).path or "/")
        return status, text

    def record(self, board: str, form_page: str | None = None, dealer: int | None = None) -> bool:
        """Open the deal form (unless given), save a simple game and follow the redirect to the board."""
        if form_page is None:
            _, form_page, _ = self.page(board + "/deal")
        fields = hidden_fields(form_page)
        if dealer is None:
            m = re.search(r'name="dealer" value="(\d)" checked', form_page)
            dealer = int(m.group(1)) if m else 0
        fields.update({"type": "game", "dealer": str(dealer), "undertaker": "nobody", "pile_of": "0", "points": "40",
                       "blatt": "0", "action": "save"})
        fields.setdefault("key", secrets.token_urlsafe(12))
        response, _ = self.request("POST", board + "/deal", urllib.parse.urlencode(fields))
        status, text = self.follow(response)
        return status == 200 and "<html" in text


def decoded(response, data: bytes) -> bytes:
    """The body as the page is, whatever the server compressed it with."""
    encoding = (response.getheader("Content-Encoding") or "").lower()
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        import brotli
        return brotli.decompress(data)
    if encoding == "deflate":
        import zlib
        return zlib.decompress(data)
    return data


def fresh(cache_control: str) -> bool:
    """Whether a browser may use its copy without asking again (a max-age over a day, or immutable)."""
    cc = cache_control.lower()
    if "no-cache" in cc or "no-store" in cc:
        return False
    m = re.search(r"max-age=(\d+)", cc)
    return "immutable" in cc or bool(m and int(m.group(1)) >= 86400)


ASSET = re.compile(r'<(?:link|script)\b[^>]*?(?:href|src)="(/[^"]+)"[^>]*>')


def assets_of(html: str) -> list[str]:
    """The files a page makes the browser fetch: stylesheets, scripts, icons and the manifest."""
    found = []
    for tag_match in ASSET.finditer(html):
        tag = tag_match.group(0)
        if tag.startswith("<link") and not re.search(r'rel="(stylesheet|icon|apple-touch-icon|manifest)"', tag):
            continue
        found.append(tag_match.group(1))
    return list(dict.fromkeys(found))


def closed_loop(port: int, clients: int, seconds: float, action, prepare=None) -> dict:
    """`clients` phones each repeating `action(client) -> ok` as fast as they can for `seconds`."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds

    def phone(n: int) -> None:
        client = Client(port)
        state = prepare(client) if prepare else None
        mine, bad = [], 0
        for _ in range(200_000):  # bounded
            if time.perf_counter() >= stop_at:
                break
            start = time.perf_counter()
            try:
                ok = action(client, state)
            except (OSError, http.client.HTTPException):
                ok = False
            took = time.perf_counter() - start
            if isinstance(ok, tuple):   # the action timed its own part
                ok, took = ok
            mine.append(took)
            bad += not ok
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    threads = [threading.Thread(target=phone, args=(n,), daemon=True) for n in range(clients)]
    began = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=seconds + 60)
    elapsed = time.perf_counter() - began
    return {"n": len(latencies), "rps": len(latencies) / elapsed, "p50": pct(latencies, 50),
            "p95": pct(latencies, 95), "p99": pct(latencies, 99), "errors": errors[0]}


def stylesheet_of(html: str) -> str:
    """The stylesheet a page names: the static file the server rows compare with."""
    return next(a for a in assets_of(html) if ".css" in a)


def server(quick: bool) -> None:
    """Latency and throughput of the real server with a partie of 1,000 deals, against a static file."""
    from scorer import store
    from scorer.db import connect
    seconds = 2.0 if quick else 10.0
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "bench.sqlite")
        db = connect(db_path)
        pid = store.create_partie(db, sample_partie(1_000))
        # each recording client its own partie of 1,000 deals: one partie's two phones do not race each other
        pids = [store.create_partie(db, sample_partie(1_000)) for _ in range(21)]
        db.conn.close()
        port = free_port()
        proc = start_server(db_path, port)
        board = f"/p/{pid}"
        try:
            probe = Client(port)
            _, page, _ = probe.page(board)
            css = stylesheet_of(page)
            reply, _ = probe.request("GET", board + "/version")
            etag = reply.getheader("ETag")

            def get(path, expect=200, headers=None):
                def action(client, state):
                    response, _ = client.request("GET", path, headers=headers)
                    return response.status == expect
                return action

            own = iter(pids)

            def record(client, state):
                """Open the form (not timed), then save: the POST and its redirect followed, timed."""
                _, form, _ = client.page(state + "/deal")
                start = time.perf_counter()
                ok = client.record(state, form)
                return ok, time.perf_counter() - start

            rows = (("static file (GET)", get(css), None), ("board (GET)", get(board), None),
                    ("poll (GET, 304)", get(board + "/version", 304, {"If-None-Match": etag}), None),
                    ("record deal (POST + redirect)", record, lambda client: f"/p/{next(own)}"))
            t = table(f"Server: waitress (8 threads) on 127.0.0.1, a partie of 1,000 deals, {seconds:.0f} s a row",
                      ["request", "clients", "requests", "req/s", "p50", "p95", "p99", "errors",
                       "p50 / static p50", "req/s / static req/s"],
                      "Closed loop: each client sends its next request when the last one is answered. The ratios "
                      "compare with the static file's row of the same client count, measured minutes apart on the "
                      "same server.")
            static = {}
            for label, action, prepare in rows:
                for clients in (1, 20):
                    r = closed_loop(port, clients, seconds, action, prepare)
                    if label.startswith("static"):
                        static[clients] = r
                    base = static[clients]
                    t.add(label, clients, f"{r['n']:,}", f"{r['rps']:,.0f}", ms(r["p50"]), ms(r["p95"]), ms(r["p99"]),
                          r["errors"], f"{r['p50'] / base['p50']:.1f}×", f"{r['rps'] / base['rps']:.2f}")
            db = connect(db_path)
            total = next(db.query("select count(*) as n from deals"))["n"]
            db.conn.close()
            t.note(f"Recording: each client on its own partie of 1,000 deals (two phones of one partie take turns; "
                   f"twenty racing on one would be refused as stale, rightly); {total - 22_000:,} deals recorded.")

            # right after an undo: the settlement cache no longer holds the partie
            runs = 5 if quick else 30
            after_undo, after_record = [], []
            client = Client(port)
            for _ in range(runs):
                _, page, _ = client.page(board)
                fields = hidden_fields(page)
                response, _ = client.request("POST", board + "/undo", urllib.parse.urlencode(
                    {"csrf_token": fields.get("csrf_token", ""), "version": fields.get("version", "")}))
                start = time.perf_counter()
                status, _ = client.follow(response)
                after_undo.append(time.perf_counter() - start)
                client.record(board)
                start = time.perf_counter()
                client.request("GET", board)
                after_record.append(time.perf_counter() - start)
        finally:
            stop_server(proc)

        # the first request after a restart
        restarts = 2 if quick else 7
        first = []
        for _ in range(restarts):
            proc = start_server(db_path, port)
            try:
                client = Client(port)
                start = time.perf_counter()
                response, _ = client.request("GET", board)
                first.append(time.perf_counter() - start)
            finally:
                stop_server(proc)
        t = table("Server: cold boards (one client)", ["request", "runs", "p50", "p95", "max"],
                  "After a restart: the first board, the server just started (the OS file cache is warm). After an "
                  "undo: the board the undo redirects to, the settlement no longer cached. After a new deal: the "
                  "next board, the cached settlement extended by one deal.")
        for label, values in (("first board after a restart", first), ("board right after an undo", after_undo),
                              ("board right after a new deal", after_record)):
            t.add(label, len(values), ms(statistics.median(values)), ms(pct(values, 95)), ms(max(values)))


# -- 4. a club evening -------------------------------------------------------------------------------------

def club(quick: bool) -> None:
    """60 phones at 30 tables, open loop: a poll every 5 s each, a deal every 90 s each, for 60 s."""
    from scorer import store
    from scorer.db import connect
    seconds = 15.0 if quick else 60.0
    tables, poll_every, deal_every = 30, 5.0, 90.0
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "club.sqlite")
        db = connect(db_path)
        pids = [store.create_partie(db, sample_partie(40 + 3 * i)) for i in range(tables)]
        db.conn.close()
        port = free_port()
        proc = start_server(db_path, port)
        samples: dict[str, list[float]] = {"board": [], "save": [], "poll": []}
        errors = [0]
        lock = threading.Lock()
        rng = random.Random(3)
        began = time.perf_counter() + 2.0   # every phone has opened its board by then

        def phone(n: int) -> None:
            board = f"/p/{pids[n // 2]}"
            client = Client(port)
            status, page, _ = client.page(board)
            version = hidden_fields(page).get("version")
            etag = f'"{version}"' if version else None
            poll_at = began + rng.uniform(0, poll_every)
            # the two phones of a table record half an evening's beat apart, the form opened 15 s before
            save_at = began + (n % 2) * deal_every / 2 + rng.uniform(0, deal_every / 2)
            form_at = save_at - 15.0
            form = None
            mine = {"board": [], "save": [], "poll": []}
            bad = 0
            for _ in range(10_000):  # bounded
                due = min(poll_at, form_at if form is None else save_at)
                if due >= began + seconds:
                    break
                time.sleep(max(0.0, due - time.perf_counter()))
                try:
                    if form is None and due == form_at:
                        _, form, _ = client.page(board + "/deal")
                        continue
                    if due == save_at:
                        ok = client.record(board, form)
                        mine["save"].append(time.perf_counter() - due)   # from when it was due: open loop
                        bad += not ok
                        form = None
                        save_at += deal_every
                        form_at = save_at - 15.0
                        continue
                    reply, _ = client.request("GET", board + "/version", headers={"If-None-Match": etag or ""})
                    mine["poll"].append(time.perf_counter() - due)
                    poll_at += poll_every
                    if reply.status == 200:
                        etag = reply.getheader("ETag")
                        start = time.perf_counter()
                        status, _, _ = client.page(board)   # the script reloads the board
                        mine["board"].append(time.perf_counter() - start)
                        bad += status != 200
                    elif reply.status != 304:
                        bad += 1
                except (OSError, http.client.HTTPException):
                    bad += 1
                    poll_at += poll_every
            with lock:
                for k, v in mine.items():
                    samples[k].extend(v)
                errors[0] += bad

        try:
            threads = [threading.Thread(target=phone, args=(n,), daemon=True) for n in range(2 * tables)]
            for th in threads:
                th.start()
            for th in threads:
                th.join(timeout=seconds + 90)
        finally:
            stop_server(proc)
    t = table(f"A club evening: 60 phones at 30 tables, open loop, {seconds:.0f} s",
              ["request", "count", "p50", "p95", "p99", "max"],
              "Each phone polls every 5 s and reloads the board when the other phone of its table recorded a deal "
              "(the page and what its cache cannot answer); each records a deal every 90 s (form opened 15 s "
              "before; the save is the POST and its redirect followed). Latency counts from when the request was "
              f"due, so a queue shows. Errors: {errors[0]}.")
    for name, label in (("board", "board (reload)"), ("save", "save deal"), ("poll", "poll")):
        v = samples[name]
        t.add(label, len(v), ms(pct(v, 50)), ms(pct(v, 95)), ms(pct(v, 99)), ms(max(v) if v else float("nan")))


# -- 5. page weight ----------------------------------------------------------------------------------------

def weight(quick: bool) -> None:
    """Bytes of every page of the three games and the Runde, uncompressed and on the wire, and the requests each
    page makes."""
    from scorer import create_app, store
    from scorer.db import connect
    n = 200 if quick else 1_000
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "w.sqlite")
        app = create_app({"DATABASE": db_path, "SECRET_KEY": "bench", "TESTING": True})
        db = connect(db_path)
        pids = {}
        for game, partie in (("Strohmandeln", sample_partie(n)), ("Bavarian", sample_partie(n, game="haferltarock")),
                             ("Königrufen", sample_partie(n, game="koenigrufen"))):
            pid = store.create_partie(db, partie.with_deals(()))
            for deal in partie.deals:   # one change each: the history has n entries
                store.add_deal(db, pid, deal)
            pids[game] = pid
        from .runde_bench import build_runde
        rid = build_runde(db, evenings=25 if quick else 250)
        db.conn.close()
        client = app.test_client()
        for pid in pids.values():   # the browser has opened them: the home page lists them
            client.get(f"/p/{pid}")
        pages = [("home", "/"), ("new partie", "/new"), ("new partie, Bavarian", "/new?game=haferltarock"),
                 ("new partie, Königrufen", "/new?game=koenigrufen"), ("calculator", "/calculator"),
                 ("Runden", "/r"), ("new Runde", "/r/new"), ("Runde: standings, all time", f"/r/{rid}?period=all"),
                 ("Runde: this month", f"/r/{rid}"),
                 ("Runde: move a partie in", f"/r/{rid}/move?partie={pids['Strohmandeln']}"),
                 ("Runde: import", "/r/import")]
        for game, pid in pids.items():
            for name, path in (("board", ""), ("deal form", "/deal"), ("a deal", f"/deal/{n // 2}"),
                               ("edit a deal", f"/deal/{n // 2}/edit"), ("all deals", "/deals"),
                               ("history", "/history"), ("rules", "/rules"), ("share", "/share"), ("end", "/end"),
                               ("calculator", "/calculator")):
                pages.append((f"{game}: {name}", f"/p/{pid}{path}"))
        t = table(f"Page weight: every page, a partie of {n:,} deals and {n:,} changes",
                  ["page", "HTML", "CSS", "JS", "icon", "HTML + files", "wire (br)", "wire (gzip)", "requests",
                   "again"],
                  "Bytes. The Runde: four members, " + ("25" if quick else "250") + " weekly evenings of 80 deals "
                  "(benchmarks/samples.py). HTML: the page's document alone, uncompressed (goal: at most 30,000 bytes, "
                  "tests/test_page_weight.py). HTML + files: the document and every stylesheet, script and icon it "
                  "loads, uncompressed (the manifest aside: a browser reads it to install the app). "
                  "On the wire: the same as "
                  "sent to a browser that accepts br (Chromium over HTTPS), or only gzip (Chromium over plain HTTP), "
                  "response headers included. Requests: the page and "
                  "every file it names (icons, manifest); again: on a revisit, what the cache headers do not let a "
                  "browser keep.")
        wire = {}

        def fetch(path, **headers):
            response = client.get(path, headers={"Accept-Encoding": "identity", **headers})
            return response

        for name, path in pages:
            plain = client.get(path, headers={"Accept-Encoding": "identity"})
            if plain.status_code != 200:   # a page this game does not have
                continue
            html = plain.data
            wire_bytes = on_wire(client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"}))
            gzip_bytes = on_wire(client.get(path, headers={"Accept-Encoding": "gzip, deflate"}))
            sizes = {"css": 0, "js": 0, "icon": 0}
            again = 1
            assets = assets_of(html.decode("utf-8", "replace"))
            for asset in assets:
                kind = ("css" if ".css" in asset else "js" if ".js" in asset else
                        "icon" if re.search(r"icon[^/]*\.svg", asset) else None)
                reply = fetch(asset)
                if asset not in wire:
                    wire[asset] = (on_wire(client.get(asset, headers={"Accept-Encoding": "gzip, deflate, br"})),
                                   on_wire(client.get(asset, headers={"Accept-Encoding": "gzip, deflate"})))
                if kind:
                    sizes[kind] += len(reply.data)
                    wire_bytes += wire[asset][0]
                    gzip_bytes += wire[asset][1]
                if not fresh(reply.headers.get("Cache-Control", "")):
                    again += 1
            total = len(html) + sizes["css"] + sizes["js"] + sizes["icon"]
            t.add(name, f"{len(html):,}", f"{sizes['css']:,}", f"{sizes['js']:,}", f"{sizes['icon']:,}",
                  f"{total:,}", f"{wire_bytes:,}", f"{gzip_bytes:,}", 1 + len(assets), again)


# -- 5b. die Runde -------------------------------------------------------------------------------------------

def runde(quick: bool) -> None:
    """The standings page of a Runde of 20,000 deals against a warm 1,000-deal board, on the same server."""
    from scorer import store
    from scorer.db import connect
    from .runde_bench import build_runde, measure
    evenings, runs, repeats = (50, 5, 2) if quick else (250, 15, 3)
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "runde.sqlite")
        db = connect(db_path)
        start = time.perf_counter()
        rid = build_runde(db, evenings=evenings)
        built = time.perf_counter() - start
        board = "/p/" + store.create_partie(db, sample_partie(1_000))
        db.conn.close()
        results = []
        for _ in range(repeats):   # each a fresh server: its first request of the Runde's page is cold
            port = free_port()
            proc = start_server(db_path, port)
            try:
                results.append(measure(port, rid, board, runs))
            finally:
                stop_server(proc)
    t = table(f"Die Runde: four members, {evenings} evenings of 80 deals ({evenings * 80:,} deals)",
              ["server", "Runde page (warm)", "1,000-deal board (warm)", "ratio", "Runde page (first)", "page size"],
              f"Waitress on 127.0.0.1 (benchmarks/samples.py), one kept-alive connection, the Runde's standings "
              f"(all time) and a board alternating; medians of {runs} each. First: the Runde's page right after "
              f"the server started: in run 1 every partie replayed (and its summary stored), in the later runs "
              f"(restarts) the summaries read from the store. Stored in {built:.1f} s (one transaction).")
    for i, r in enumerate(results, 1):
        t.add(f"run {i}", ms(r["runde"] / 1000), ms(r["board"] / 1000), f"{r['runde'] / r['board']:.2f}×",
              ms(r["cold"] / 1000), f"{r['bytes']:,}")


def on_wire(response) -> int:
    """Bytes of a response as sent: the status line, the headers and the (perhaps compressed) body."""
    head = len(f"HTTP/1.1 {response.status}\r\n") + 2
    head += sum(len(k) + len(v) + 4 for k, v in response.headers.items())
    return head + len(response.get_data())


# -- 6. first paint on a slow phone ------------------------------------------------------------------------

def chromium(p):
    return p.chromium.launch(executable_path="/usr/bin/chromium", args=[
        "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"])


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def paint(quick: bool) -> None:
    """First contentful paint of the board and the deal form: CPU x4 slower, 2 s round trip, 50 KB/s."""
    from playwright.sync_api import sync_playwright

    from scorer import store
    from scorer.db import connect
    runs = 1 if quick else 5
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "paint.sqlite")
        db = connect(db_path)
        pid = store.create_partie(db, sample_partie(40))
        db.conn.close()
        port = free_port()
        proc = start_server(db_path, port)
        base = f"http://127.0.0.1:{port}"
        results: dict[tuple[str, str], list[float]] = {}
        try:
            with sync_playwright() as p:
                browser = chromium(p)
                for _ in range(runs):
                    for name, path in (("board", f"/p/{pid}"), ("deal form", f"/p/{pid}/deal")):
                        # no service worker: its own fetches escape the page's throttling (and over plain
                        # HTTP on a home network a phone runs none); warm is the HTTP cache alone
                        context = browser.new_context(**PHONE, service_workers="block")
                        page = context.new_page()
                        cdp = context.new_cdp_session(page)
                        cdp.send("Network.enable")
                        cdp.send("Network.emulateNetworkConditions", {
                            "offline": False, "latency": 2000, "downloadThroughput": 50 * 1024,
                            "uploadThroughput": 50 * 1024})
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
                        for visit in ("cold", "warm"):
                            page.goto(base + path, wait_until="load", timeout=120_000)
                            fcp = page.evaluate("""() => new Promise(done => {
                                const seen = performance.getEntriesByName('first-contentful-paint');
                                if (seen.length) return done(seen[0].startTime);
                                new PerformanceObserver(list => done(list.getEntries()[0].startTime))
                                    .observe({type: 'paint', buffered: true});
                                setTimeout(() => done(NaN), 20000);
                            })""")
                            results.setdefault((name, visit), []).append(fcp / 1000)
                        context.close()
                browser.close()
        finally:
            stop_server(proc)
    t = table("First paint on a slow phone (Chromium, 390×844, CPU ×4, 2 s round trip, 50 KB/s)",
              ["page", "visit", "runs", "median", "max"],
              "First contentful paint from the navigation's start, service workers blocked (the worker's own "
              "fetches are not throttled, which would flatter the warm figure; over plain HTTP a phone runs none). "
              "Cold: a new browser profile (empty cache). Warm: the same page opened again in that profile.")
    for (name, visit), values in results.items():
        t.add(name, visit, len(values), f"{statistics.median(values):.2f} s", f"{max(values):.2f} s")


# -- 7. taps -----------------------------------------------------------------------------------------------

def taps(quick: bool) -> None:
    """Taps and keystrokes, from the board, for common deals, counted in a real browser on a phone."""
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_request(self, *args, **kwargs):
            pass

    from scorer import create_app
    t = table("Taps and keystrokes from the board (Chromium, 390×844, touch)", ["deal", "taps", "keys", "total"],
              "A field is tapped before typing into it unless the page itself put the focus there; nothing is "
              "focused from the benchmark's code.")
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "t.sqlite"), "SECRET_KEY": "bench"})
        httpd = make_server("127.0.0.1", 0, app, threaded=True, request_handler=Quiet)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{httpd.server_port}"
        try:
            with sync_playwright() as p:
                browser = chromium(p)
                page = browser.new_context(**PHONE).new_page()
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
                    if not page.locator(selector).evaluate("el => el === document.activeElement"):
                        tap(selector)   # a phone needs a tap to put the caret into a field
                    for ch in text:
                        page.keyboard.press(ch)
                        counts["keys"] += 1

                def run(name, steps):
                    counts.update(taps=0, keys=0)
                    page.wait_for_load_state("load")
                    before = page.locator("ol.deals > li").count()
                    steps()
                    page.wait_for_selector("#record")
                    assert page.locator("ol.deals > li").count() == before + 1, name
                    t.add(name, counts["taps"], counts["keys"], counts["taps"] + counts["keys"])

                run("simple game, one pile typed (38)", lambda: (
                    tap("#record"), page.wait_for_selector("#points"), type_("#points", "38"), tap("#save")))
                run("undertaken game (Vorhand), pile typed (40 + 2 Blatt)", lambda: (
                    tap("#record"), page.wait_for_selector("#points"),
                    tap("#fs-undertaker label:has-text('(Vorhand)') span"), type_("#points", "40"),
                    tap("input[name=blatt][value='2'] + span"), tap("#save")))

                def keys(text):   # typed into the field that has the focus (the start focused the points)
                    page.wait_for_selector("#deal-form")
                    for ch in text:
                        page.keyboard.press(ch)
                        counts["keys"] += 1

                run("undertaken game from the board's start (40)", lambda: (
                    tap(".starts a[href*='undertaker=1']"), keys("40"), tap("#save")))
                run("undertaken game from the board's start (40 + 2 Blatt)", lambda: (
                    tap(".starts a[href*='undertaker=1']"), keys("40"),
                    tap("input[name=blatt][value='2'] + span"), tap("#save")))
                run("simple game from the board's start (38)", lambda: (
                    tap(".starts a[href*='undertaker=nobody']"), keys("38"), tap("#save")))

                def counted(tricks_typed):
                    def steps():
                        tap("#record")
                        page.wait_for_selector("#points")
                        tap("#fs-undertaker label:has-text('(Vorhand)') span")
                        tap("details.calc > summary")
                        for label, times in (("Trull cards", 2), ("Kings", 2), ("Queens", 2)):
                            for _ in range(times):
                                tap(f"button[aria-label='One more: {label}']")
                        if tricks_typed:
                            tap("#tricks")
                            page.keyboard.press("Control+A")   # select what the field holds: one more key
                            counts["keys"] += 1
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
                    tap("#record"), page.wait_for_selector("#points"),
                    tap("input[name=type][value=misdeal] + span"),
                    tap("input[name=offender][value='0'] + span"), tap("#save")))
                # Königrufen (issue 18): a four-player partie; the Rufer is the Vorhand's (Bernd, then Cilli)
                page.goto(base + "/new?game=koenigrufen")
                for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora")):
                    page.fill(f"#player{i}", name)
                page.click("text=Start the partie")
                page.wait_for_selector("#record")
                run("Königrufen: Rufer won with the partner, no premiums", lambda: (
                    tap("#record"), page.wait_for_selector("#deal-form"),
                    tap("input[name=partner][value='2'] + span"), tap("input[name=result][value=won] + span"),
                    tap("#save")))
                run("Königrufen: Rufer by card points (41 2/3), Kontra with the stepper", lambda: (
                    tap("#record"), page.wait_for_selector("#deal-form"),
                    tap("input[name=partner][value='0'] + span"), type_("#card_points", "41 2/3"),
                    tap("#fs-kontra .choice-stepper button.step >> nth=1"), tap("#save")))
                browser.close()
        finally:
            httpd.shutdown()


# -- the report --------------------------------------------------------------------------------------------

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


def load_average() -> str:
    try:
        one, five, fifteen = os.getloadavg()
        return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"
    except OSError:
        return "unknown"


def write_markdown(path: str, runs: list[dict], quick: bool) -> None:
    """Each section's tables into `path`, between its own markers (`<!-- bench:NAME -->` and
    `<!-- bench:NAME end -->`), with the date, the machine and the load it ran at; a section not yet in the
    file is appended at its end. Sections not run keep their tables."""
    target = Path(path)
    text = target.read_text(encoding="utf-8") if target.exists() else ""
    for run in runs:
        begin, end = f"<!-- bench:{run['section']} -->", f"<!-- bench:{run['section']} end -->"
        block = [begin, "",
                 f"*`python -m benchmarks.bench{' --quick' if quick else ''} --only {run['section']}` on {run['started']}; "
                 f"{machine()}; load average (1 / 5 / 15 min) {run['load_before']} before, {run['load_after']} after.*",
                 ""]
        block += [t.markdown() for t in run["tables"]]
        block += [end]
        new = "\n".join(block)
        if begin in text and end in text:
            head, rest = text.split(begin, 1)
            text = head + new + rest.split(end, 1)[1]
        else:
            text = text.rstrip("\n") + ("\n\n" if text else "") + new + "\n"
    target.write_text(text, encoding="utf-8")
    print(f"\nwrote the tables into {path}")


SECTIONS = {"engine": engine, "board": board_cost, "server": server, "club": club, "weight": weight,
            "runde": runde, "paint": paint, "taps": taps}


def main(argv=None) -> int:
    """Run the chosen benchmarks and print their figures."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and shorter loads (about a minute)")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated: " + ", ".join(SECTIONS))
    parser.add_argument("--markdown", metavar="FILE", help="write the tables into FILE (e.g. BENCHMARKS.md)")
    args = parser.parse_args(argv)
    sections = [s.strip() for s in args.only.split(",") if s.strip()]
    for name in sections:
        if name not in SECTIONS:
            print(f"unknown section '{name}': choose from {', '.join(SECTIONS)}", file=sys.stderr)
            return 2
    print(f"Scorer benchmarks · {time.strftime('%Y-%m-%d %H:%M %Z')} · {machine()} · load {load_average()}")
    runs = []
    for name in sections:
        TABLES.clear()
        run = {"section": name, "started": time.strftime("%Y-%m-%d %H:%M %Z"), "load_before": load_average()}
        SECTIONS[name](args.quick)
        run.update(load_after=load_average(), tables=list(TABLES))
        runs.append(run)
    if args.markdown:
        write_markdown(args.markdown, runs, args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
