"""A tournament hall at load (not a test): 200 players at 50 tables of Königrufen under waitress on 127.0.0.1, an open
loop, measured from when every phone has opened its page. Every table records games through the ordinary deal form (the form opened, then Save and the redirect to the
board followed); every player's phone polls the public standings every 10 s and loads the standings page when they
changed; a projector shows the hall view, turning its page every 15 s. Prints p50 / p95 / p99 / max of each kind of
request, the errors, and the deals lost (each table's stored deals against the saves it was told were recorded).

    .venv/bin/python -m benchmarks.tournament_bench [--seconds 60] [--tables 50] [--deal-every 30]

The default beat (a game every 30 s at each table) is six times a real hall's (a game every 3 minutes), so that a
minute's run sees as many saves as six minutes of a tournament."""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import secrets
import tempfile
import threading
import time
import urllib.parse

import subprocess
from collections import defaultdict

from .bench import Client, hidden_fields, pct
from .serving import free_port, launch, stop_server


def start_server(db_path: str, port: int, timing: str) -> subprocess.Popen:
    """The app under waitress (8 threads, as `python -m scorer serve`), timing each request inside the app."""
    return launch(["benchmarks.timed_server", str(port)], db_path, port, TIMING_FILE=timing)


def in_app(timing: str, since: float) -> dict:
    """Each kind of request's times inside the app (wall, CPU), and the full garbage collections, from `since` (the
    measured minute's start, as time.time())."""
    found: dict = defaultdict(lambda: ([], []))
    with open(timing) as fh:
        for line in fh:
            what, wall, cpu, at = line.rstrip("\n").split("\t")
            if float(at) < since:
                continue
            found[what][0].append(float(wall))
            found[what][1].append(float(cpu))
    return dict(found)


def build(db_path: str, tables: int) -> tuple[str, str, list[str]]:
    """A tournament of 4 × `tables` players, round 1 drawn and started: (organiser id, public id, table parties)."""
    from scorer import games
    from scorer.db import connect
    from scorer.tournament import Scoring
    from scorer.tournament import store as tstore

    game = games.by_key("koenigrufen")
    db = connect(db_path)
    names = [f"Player {n:03d}" for n in range(4 * tables)]
    tid = tstore.create_tournament(db, "Hall", game, game.rules.default("ooe"), Scoring(), names)
    tstore.draw_round(db, tid, seed=7)
    t = tstore.load(db, tid)
    pids = tstore.start_round(db, t, tstore.the_draw(t))
    sid = tstore.load(db, tid).public_id
    db.conn.close()
    return tid, sid, pids


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def run(seconds: float, tables: int, deal_every: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "hall.sqlite")
        tid, sid, pids = build(db_path, tables)
        port = free_port()
        timing = os.path.join(tmp, "timing.tsv")
        proc = start_server(db_path, port, timing)
        samples: dict[str, list[float]] = {k: [] for k in ("save", "form", "standings", "poll", "hall", "table poll")}
        errors: dict[str, int] = {}
        recorded = [0] * len(pids)
        lock = threading.Lock()
        rng = random.Random(11)
        n_workers = len(pids) + 4 * tables + 1
        clock: dict = {}

        def go() -> None:   # every phone has opened its page: the measured minute starts a second later
            clock["began"] = time.perf_counter() + 1.0
            clock["wall"] = time.time() + 1.0
            clock["end"] = clock["began"] + seconds

        ready = threading.Barrier(n_workers, action=go, timeout=300)

        def note(kind: str, due: float, ok: bool, mine: dict, bad: dict) -> None:
            mine.setdefault(kind, []).append(time.perf_counter() - due)   # from when it was due: a queue shows
            if not ok:
                bad[kind] = bad.get(kind, 0) + 1

        def merge(mine: dict, bad: dict) -> None:
            with lock:
                for k, v in mine.items():
                    samples[k].extend(v)
                for k, v in bad.items():
                    errors[k] = errors.get(k, 0) + v

        def table(n: int) -> None:
            """A table's phone: its board polled every 5 s; a game every `deal_every` s (the form opened 10 s
            before, a Dreier won by the declarer in turn)."""
            board = f"/p/{pids[n]}"
            client = Client(port)
            mine, bad = {}, {}
            client.page(board)
            ready.wait()
            began, end = clock["began"], clock["end"]
            save_at = began + rng.uniform(0, deal_every)
            poll_at = began + rng.uniform(0, 5)
            form = None
            etag = ""
            for _ in range(10_000):
                due = min(poll_at, save_at - 10 if form is None else save_at)
                if due >= end:
                    break
                time.sleep(max(0.0, due - time.perf_counter()))
                try:
                    if form is None and due == save_at - 10:
                        start = time.perf_counter()
                        _, form, _ = client.page(board + "/deal")
                        note("form", start, True, mine, bad)
                        continue
                    if due == save_at:
                        fields = hidden_fields(form)
                        dealer = re.search(r'name="dealer" value="(\d)" checked', form)
                        fields.update({"type": "game", "action": "save", "contract": "dreier",
                                       "declarer": str((recorded[n] + 1) % 4), "result": "won",
                                       "dealer": dealer.group(1) if dealer else "0"})
                        fields.setdefault("key", secrets.token_urlsafe(12))
                        reply, _ = client.request("POST", board + "/deal", body=urllib.parse.urlencode(fields))
                        status, _ = client.follow(reply)
                        ok = reply.status == 302 and status == 200
                        note("save", due, ok, mine, bad)
                        if ok:
                            recorded[n] += 1
                        form = None
                        save_at += deal_every
                        continue
                    reply, _ = client.request("GET", board + "/version", headers={"If-None-Match": etag})
                    note("table poll", due, reply.status in (200, 304), mine, bad)
                    if reply.status == 200:
                        etag = reply.getheader("ETag") or ""
                    poll_at += 5
                except (OSError, http.client.HTTPException):
                    bad["connection"] = bad.get("connection", 0) + 1
                    poll_at += 5
                    form = None
            merge(mine, bad)

        def player(n: int) -> None:
            """A player's phone on the standings: a poll every 10 s, the page loaded again when it changed."""
            client = Client(port)
            mine, bad = {}, {}
            page = f"/standings/{sid}"
            client.page(page)
            ready.wait()
            began, end = clock["began"], clock["end"]
            etag = ""
            poll_at = began + rng.uniform(0, 10)
            for _ in range(10_000):
                if poll_at >= end:
                    break
                time.sleep(max(0.0, poll_at - time.perf_counter()))
                due = poll_at
                poll_at += 10
                try:
                    reply, _ = client.request("GET", page + "/version", headers={"If-None-Match": etag})
                    note("poll", due, reply.status in (200, 304), mine, bad)
                    if reply.status == 200:
                        etag = reply.getheader("ETag") or ""
                        start = time.perf_counter()
                        status, _, _ = client.page(page)
                        note("standings", start, status == 200, mine, bad)
                except (OSError, http.client.HTTPException):
                    bad["connection"] = bad.get("connection", 0) + 1
            merge(mine, bad)

        def projector() -> None:
            client = Client(port)
            mine, bad = {}, {}
            ready.wait()
            began, end = clock["began"], clock["end"]
            at, page = began, 1
            for _ in range(10_000):
                if at >= end:
                    break
                time.sleep(max(0.0, at - time.perf_counter()))
                try:
                    status, _, _ = client.page(f"/standings/{sid}/hall?page={page}")
                    note("hall", at, status == 200, mine, bad)
                except (OSError, http.client.HTTPException):
                    bad["connection"] = bad.get("connection", 0) + 1
                page = page % 14 + 1
                at += 15
            merge(mine, bad)

        def cpu(pid: int) -> float:
            """The server's CPU seconds so far (user + system), from /proc."""
            try:
                fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
                return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
            except (OSError, IndexError, ValueError):
                return float("nan")

        server_before, client_before = cpu(proc.pid), os.times()
        try:
            workers = ([threading.Thread(target=table, args=(n,), daemon=True) for n in range(len(pids))]
                       + [threading.Thread(target=player, args=(n,), daemon=True) for n in range(4 * tables)]
                       + [threading.Thread(target=projector, daemon=True)])
            for w in workers:
                w.start()
            for w in workers:
                w.join(timeout=seconds + 120)
            server_cpu = cpu(proc.pid) - server_before
        finally:
            stop_server(proc)
        client_cpu = sum(os.times()[:2]) - sum(client_before[:2])
        from scorer.db import connect
        db = connect(db_path)
        stored = [db.conn.execute("select count(*) from deals where partie_id = ?", [pid]).fetchone()[0]
                  for pid in pids]
        db.conn.close()
        lost = sum(max(0, r - s) for r, s in zip(recorded, stored))
        return {"samples": samples, "errors": errors, "recorded": sum(recorded), "stored": sum(stored), "lost": lost,
                "server_cpu": server_cpu, "client_cpu": client_cpu, "in_app": in_app(timing, clock.get("wall", 0.0))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--deal-every", type=float, default=30.0)
    args = parser.parse_args()
    load = os.getloadavg()
    found = run(args.seconds, args.tables, args.deal_every)
    print(f"A tournament hall: {4 * args.tables} players at {args.tables} tables, open loop, {args.seconds:.0f} s; "
          f"a game every {args.deal_every:.0f} s a table; load average before {load[0]:.1f} / {load[1]:.1f}, after "
          f"{os.getloadavg()[0]:.1f} / {os.getloadavg()[1]:.1f}")
    print()
    print("| request | count | p50 | p95 | p99 | max |")
    print("|---|---:|---:|---:|---:|---:|")
    labels = {"save": "save a game (POST + the board)", "form": "open the deal form", "standings": "standings page",
              "poll": "standings poll", "hall": "hall view", "table poll": "board poll"}
    for key, label in labels.items():
        v = found["samples"][key]
        print(f"| {label} | {len(v)} | {ms(pct(v, 50))} | {ms(pct(v, 95))} | {ms(pct(v, 99))} | "
              f"{ms(max(v)) if v else 'nan'} |")
    print()
    print("Inside the app (the same run: from the request's arrival in a waitress thread to its answer):")
    print()
    print("| request | count | p50 | p99 | max | CPU p50 |")
    print("|---|---:|---:|---:|---:|---:|")
    kinds = ("POST /p/…/deal", "GET /p/…", "GET /p/…/deal", "GET /standings/…", "GET /standings/…/version",
             "GET /standings/…/hall", "GET /p/…/version", "GC (full)")
    for kind in kinds:
        wall, cpu = found["in_app"].get(kind, ([], []))
        print(f"| {kind} | {len(wall)} | {ms(pct(wall, 50))} | {ms(pct(wall, 99))} | "
              f"{ms(max(wall)) if wall else 'nan'} | {ms(pct(cpu, 50))} |")
    print()
    print(f"Errors: {sum(found['errors'].values())} {found['errors'] or ''}; games recorded {found['recorded']}, "
          f"stored {found['stored']}, lost {found['lost']}. CPU over the run: the server {found['server_cpu']:.1f} s, "
          f"the {4 * args.tables + args.tables + 1} simulated phones (this process) {found['client_cpu']:.1f} s.")


if __name__ == "__main__":
    main()
