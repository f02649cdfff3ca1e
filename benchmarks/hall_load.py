"""A tournament hall at load (not a test): every player's phone on the standings, every table's phone recording its
games, a static file asked for beside them as the floor; the server a real one on 127.0.0.1 (`python -m scorer
serve`, or gunicorn with several worker processes over the same SQLite file); the phones an asyncio client in this
process (one kept-alive connection each, as a browser keeps one), an open loop: each request is timed from when it
was due, so that a queue shows.

    .venv/bin/python -m benchmarks.hall_load [--players 500] [--pace 1] [--seconds 60] [--server gunicorn]
                                              [--workers 2] [--threads 8] [--own 0.5]

- **The players' phones** (`--players`, at tables of four): each has the public standings open (`--own`: the share
  that has its own line open instead), and polls it every 10 s / pace with the digest its page carries; when the
  answer is 200 (its rows changed) it loads its page again, as static/app.js does.
- **The tables' phones** (one a table): each records a game every 180 s / pace (a real hall's beat at pace 1: a game
  every 3 minutes), through the deal form as the phone's script does it: the form opened 10 s / pace before, then
  Save as one POST that answers with the new board (`X-Scorer-Show: board`); in between it polls its board every
  5 s / pace.
- **The floor**: a static file (`/static/app.<hash>.js`, precompressed, the app's own static route) asked for
  `--static-rate` times a second over its own connections, in the same run: "poll p99 ≤ 1.5× the static file's
  p99" compares two things the same server answered under the same load.

Prints p50 / p95 / p99 / max per kind of request, the errors, the games recorded and stored (none lost), the
server's and this process's CPU, and the machine's load average before and after (a shared machine's figures are
noisy: compare the ratios of one run)."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict

from .bench import hidden_fields, pct
from .serving import ROOT, free_port, stop_server

KINDS = ("poll", "page", "save", "form", "board poll", "static")
LABELS = {"poll": "standings poll (its digest)", "page": "standings page or own line, after a change",
          "save": "save a game (one POST, the board in its answer)", "form": "open the deal form",
          "board poll": "a table's board poll", "static": "static file (the floor)"}


def build(db_path: str, players: int, seed: int = 7) -> tuple[str, list[str]]:
    """A tournament of `players` at tables of Königrufen, round 1 drawn and started: (public id, table parties)."""
    from scorer import games
    from scorer.db import connect
    from scorer.tournament import Scoring
    from scorer.tournament import store as tstore

    game = games.by_key("koenigrufen")
    db = connect(db_path)
    names = [f"Player {n:03d}" for n in range(players)]
    tid = tstore.create_tournament(db, "Hall", game, game.rules.default("ooe"), Scoring(), names)
    tstore.draw_round(db, tid, seed=seed)
    t = tstore.load(db, tid)
    pids = tstore.start_round(db, t, tstore.the_draw(t))
    sid = tstore.load(db, tid).public_id
    db.conn.close()
    return sid, pids


def start(kind: str, db_path: str, port: int, workers: int, threads: int, timing: str = "") -> subprocess.Popen:
    """The app on `port`: `python -m scorer serve` (waitress, one process), or gunicorn's processes."""
    env = {**os.environ, "SCORER_DATABASE": db_path, "SCORER_SECRET_KEY": "bench", "TIMING_FILE": timing}
    if kind == "timed":   # waitress with each request's time inside the app written down (benchmarks/timed_server.py)
        command = [sys.executable, "-m", "benchmarks.timed_server", str(port)]
    elif kind == "gunicorn":
        command = [sys.executable, "-m", "scorer", "serve", "--port", str(port), "--threads", str(threads),
                   "--workers", str(workers)]
    else:
        command = [sys.executable, "-m", "scorer", "serve", "--port", str(port), "--threads", str(threads)]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    deadline = time.time() + 30
    import socket
    while time.time() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return proc
        except OSError:
            time.sleep(0.05)
    stop_server(proc)
    raise RuntimeError("the server did not start")


def cpu_of(pid: int) -> float:
    """A process's CPU seconds so far, and its children's (gunicorn's workers), from /proc."""
    total = 0.0
    pids = [pid]
    try:
        pids += [int(p) for p in open(f"/proc/{pid}/task/{pid}/children").read().split()]
    except OSError:
        pass
    for p in pids:
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, IndexError, ValueError):
            pass
    return total


class Phone:
    """One browser: a kept-alive connection (opened again when the server closed it, as a browser does), its
    cookies."""

    def __init__(self, port: int):
        self.port = port
        self.reader = self.writer = None
        self.cookies: dict = {}

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        """(status, headers, body): sent again once on a fresh connection when the kept one was closed."""
        for attempt in (0, 1):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                attempt = 1   # a fresh connection: no second try
            head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept-Encoding: gzip, br"]
            if self.cookies:
                head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
            for k, v in (headers or {}).items():
                head.append(f"{k}: {v}")
            if body:
                head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(body)}"]
            try:
                self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
                await self.writer.drain()
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError("closed")
                status = int(status_line.split()[1])
                found: dict = {}
                while True:
                    line = await self.reader.readline()
                    if line in (b"\r\n", b"\n", b""):
                        break
                    name, _, value = line.decode("latin-1").partition(":")
                    name, value = name.strip().lower(), value.strip()
                    if name == "set-cookie":
                        k, _, v = value.split(";", 1)[0].partition("=")
                        self.cookies[k] = v
                    found[name] = value
                length = int(found.get("content-length", "0"))
                data = await self.reader.readexactly(length) if length else b""
                if found.get("connection", "").lower() == "close":
                    self.close()
                return status, found, data
            except (ConnectionError, asyncio.IncompleteReadError, OSError, IndexError, ValueError):
                self.close()
                if attempt:
                    raise
        raise ConnectionResetError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def text_of(headers: dict, data: bytes) -> str:
    encoding = headers.get("content-encoding")
    if encoding == "br":
        import brotli
        data = brotli.decompress(data)
    elif encoding == "gzip":
        import gzip
        data = gzip.decompress(data)
    return data.decode("utf-8", "replace")


async def hall(port: int, sid: str, pids: list[str], players: int, pace: float, seconds: float, own: float,
               static_rate: float) -> dict:
    samples: dict = defaultdict(list)
    errors: dict = defaultdict(int)
    recorded = [0] * len(pids)
    rng = random.Random(11)
    loop = asyncio.get_running_loop()
    phones = [Phone(port) for _ in range(players)]
    tables = [Phone(port) for _ in pids]
    probes = [Phone(port) for _ in range(4)]

    # every phone opens its page first (not measured), as the hall fills before the first game
    pages, seen = [], []
    sem = asyncio.Semaphore(50)

    async def opening(n: int):
        async with sem:
            page = f"/standings/{sid}/player/{n}" if rng.random() < own else f"/standings/{sid}"
            status, headers, data = await phones[n].request("GET", page)
            body = text_of(headers, data)
            pages.append((n, page, re.search(r'data-poll-url="([^"]+)"', body).group(1).replace("&amp;", "&"),
                          re.search(r'data-version="([^"]+)"', body).group(1)))

    await asyncio.gather(*(opening(n) for n in range(players)))
    pages.sort()
    status, headers, data = await probes[0].request("GET", f"/p/{pids[0]}")
    static = re.search(r'src="(/static/app\.[0-9a-f]+\.js)"', text_of(headers, data)).group(1)
    for n, pid in enumerate(pids):
        await tables[n].request("GET", f"/p/{pid}")
    began = loop.time() + 1.0
    end = began + seconds
    wall_began = time.time() + 1.0

    def note(kind: str, due: float, ok: bool) -> None:
        samples[kind].append(loop.time() - due)
        if not ok:
            errors[kind] += 1

    async def at(due: float) -> None:
        await asyncio.sleep(max(0.0, due - loop.time()))

    async def player(n: int, page: str, poll: str, version: str) -> None:
        phone = phones[n]
        due = began + rng.uniform(0, 10 / pace)
        while due < end:
            await at(due)
            try:
                status, headers, data = await phone.request("GET", poll, headers={"If-None-Match": f'"{version}"'})
                note("poll", due, status in (200, 304))
                if status == 200:
                    version = headers.get("etag", "").strip('"') or version
                    asked = loop.time()
                    status, headers, data = await phone.request("GET", page)
                    note("page", asked, status == 200)
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                errors["connection"] += 1
            due += 10 / pace

    async def table(n: int) -> None:
        phone, board = tables[n], f"/p/{pids[n]}"
        every = 180 / pace
        save_at = began + rng.uniform(0, every)
        poll_at = began + rng.uniform(0, 5 / pace)
        form = None
        etag = ""
        while True:
            form_at = max(began, save_at - 10 / pace)   # a save due in the first 10 s: its form opened at the start
            due = min(poll_at, form_at if form is None else save_at)
            if due >= end:
                break
            await at(due)
            try:
                if form is None and due == form_at:
                    status, headers, data = await phone.request("GET", board + "/deal")
                    note("form", due, status == 200)
                    form = text_of(headers, data)
                    continue
                if form is not None and due == save_at:
                    fields = hidden_fields(form)
                    dealer = re.search(r'name="dealer" value="(\d)" checked', form)
                    fields.update({"type": "game", "action": "save", "contract": "dreier",
                                   "declarer": str((recorded[n] + 1) % 4), "result": "won",
                                   "dealer": dealer.group(1) if dealer else "0"})
                    fields.setdefault("key", secrets.token_urlsafe(12))
                    status, headers, data = await phone.request(
                        "POST", board + "/deal", urllib.parse.urlencode(fields).encode(),
                        {"Accept": "application/json", "X-Scorer-Show": "board"})
                    ok = status == 200 and b'"recorded"' in text_of(headers, data).encode()
                    note("save", due, ok)
                    recorded[n] += ok
                    form = None
                    save_at += every
                    continue
                status, headers, data = await phone.request("GET", board + "/version",
                                                            headers={"If-None-Match": etag})
                note("board poll", due, status in (200, 304))
                etag = headers.get("etag", etag)
                poll_at += 5 / pace
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                errors["connection"] += 1
                form = None if due == save_at else form
                save_at += every if due == save_at else 0
                poll_at += 5 / pace if due == poll_at else 0

    async def floor(k: int) -> None:
        phone = probes[k]
        due = began + k / static_rate
        while due < end:
            await at(due)
            try:
                status, headers, data = await phone.request("GET", static)
                note("static", due, status == 200)
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                errors["connection"] += 1
            due += len(probes) / static_rate

    cpu_before = time.process_time()
    await asyncio.gather(*(player(*p) for p in pages), *(table(n) for n in range(len(pids))),
                         *(floor(k) for k in range(len(probes))))
    for phone in phones + tables + probes:
        phone.close()
    return {"samples": samples, "errors": dict(errors), "recorded": sum(recorded), "recorded_each": recorded,
            "client_cpu": time.process_time() - cpu_before, "wall_began": wall_began}


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds == seconds else "–"


def run(args) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "hall.sqlite")
        sid, pids = build(db_path, args.players)
        port = free_port()
        timing = os.path.join(tmp, "timing.tsv")
        proc = start(args.server, db_path, port, args.workers, args.threads, timing)
        try:
            time.sleep(1.0)
            before = cpu_of(proc.pid)
            found = asyncio.run(hall(port, sid, pids, args.players, args.pace, args.seconds, args.own,
                                     args.static_rate))
            found["server_cpu"] = cpu_of(proc.pid) - before
        finally:
            stop_server(proc)
        from scorer.db import connect
        db = connect(db_path)
        stored = [db.conn.execute("select count(*) from deals where partie_id = ?", [pid]).fetchone()[0]
                  for pid in pids]
        db.conn.close()
        found["stored"] = sum(stored)
        if args.server == "timed":
            from .tournament_bench import in_app
            grouped: dict = defaultdict(lambda: ([], []))
            for kind, (wall, cpu) in in_app(timing, found["wall_began"]).items():
                key = re.sub(r"\.[0-9a-f]{10}\.", ".", re.sub(r"/\d+", "/N", kind))
                grouped[key][0].extend(wall)
                grouped[key][1].extend(cpu)
            found["in_app"] = dict(grouped)
        found["lost"] = sum(max(0, r - s) for r, s in zip(found["recorded_each"], stored))
        return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--pace", type=float, default=1.0, help="1: a real hall; 10: ten times its polls and games")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--own", type=float, default=0.5, help="the share of phones on their own line")
    parser.add_argument("--static-rate", type=float, default=10.0, help="static files a second (the floor)")
    parser.add_argument("--server", choices=("waitress", "gunicorn", "timed"), default="gunicorn",
                        help="timed: waitress, each request's time inside the app written down and summed up")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn's worker processes")
    parser.add_argument("--threads", type=int, default=8, help="threads of each process")
    args = parser.parse_args()
    if args.server == "gunicorn" and shutil.which("gunicorn", path=os.path.dirname(sys.executable)) is None:
        parser.error("gunicorn is not installed in this environment: bash scripts/setup.sh installs it")
    load = os.getloadavg()
    found = run(args)
    after = os.getloadavg()
    server = (f"gunicorn, {args.workers} worker processes of {args.threads} threads" if args.server == "gunicorn"
              else f"waitress, one process of {args.threads} threads")
    print(f"A hall of {args.players} phones at {args.players // 4} tables, pace {args.pace:g}× (a poll every "
          f"{10 / args.pace:g} s, a game every {180 / args.pace:g} s a table), {args.seconds:.0f} s, {server}; "
          f"{args.own:.0%} of the phones on their own line; load average before {load[0]:.1f} / {load[1]:.1f}, "
          f"after {after[0]:.1f} / {after[1]:.1f}")
    print()
    print("| request | count | p50 | p95 | p99 | max |")
    print("|---|---:|---:|---:|---:|---:|")
    s = found["samples"]
    for kind in KINDS:
        v = s.get(kind, [])
        print(f"| {LABELS[kind]} | {len(v)} | {ms(pct(v, 50))} | {ms(pct(v, 95))} | {ms(pct(v, 99))} | "
              f"{ms(max(v)) if v else '–'} |")
    floor = pct(s.get("static", []), 99)
    print()
    print(f"p99 over the static file's p99: poll {pct(s.get('poll', []), 99) / floor:.2f}×, save "
          f"{pct(s.get('save', []), 99) / floor:.2f}×, page {pct(s.get('page', []), 99) / floor:.2f}×.")
    print(f"Errors: {sum(found['errors'].values())} {found['errors'] or ''}; games recorded {found['recorded']}, "
          f"stored {found['stored']}, lost {found['lost']}. CPU over the run: the server {found['server_cpu']:.1f} s, "
          f"the phones (this process) {found['client_cpu']:.1f} s.")
    if "in_app" in found:
        print()
        print("Inside the app (the same run): | request | count | wall p50 | wall p99 | CPU p50 | CPU p99 | CPU sum |")
        for kind, (wall, cpu) in sorted(found["in_app"].items(), key=lambda kv: -sum(kv[1][1])):
            print(f"| {kind} | {len(wall)} | {ms(pct(wall, 50))} | {ms(pct(wall, 99))} | {ms(pct(cpu, 50))} | "
                  f"{ms(pct(cpu, 99))} | {sum(cpu):.2f} s |")


if __name__ == "__main__":
    main()
