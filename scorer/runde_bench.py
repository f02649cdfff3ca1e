"""A large Runde for the benchmark: five years of a weekly-ish Runde, 250 evenings of 80 deals (20,000 deals),
and a measurement of its standings page against a 1,000-deal board on the same real server.

`python -m scorer.runde_bench` prints the figures (medians, warm and cold: the first request of a server that
never showed the Runde replays every evening and stores their summaries; after a restart it reads them). `scorer.bench` calls
`build_runde(db)` to store the Runde and `measure(port, rid, board)` against its running server.
"""

from __future__ import annotations

import argparse
import datetime
import http.client
import os
import random
import statistics
import tempfile
import time

from .games.strohmandeln import Bonus, Deal, Partie, RuleSet

MEMBERS = ("Anna", "Bernd", "Clara", "Dieter")


def evening_deals(n: int, rng: random.Random) -> tuple[Deal, ...]:
    """An evening's mix of Strohmandeln deals, valid under the default rules."""
    deals = []
    dealer = 0
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            deals.append(Deal("misdeal", dealer, offender=dealer))
            continue
        thirds = rng.choice([44, 62, 77, 90, 100, 105, 106, 107, 110, 120, 134, 140, 150, 165])
        bonuses = ()
        if rng.random() < 0.15:
            bonuses = (Bonus(rng.choice(["pagat", "uhu", "kakadu", "pagat_captured"]), rng.randint(0, 1)),)
        deals.append(Deal("game", dealer, undertaker=rng.choice([None, None, 0, 1]), card_points=(thirds, None),
                          bonuses=bonuses))
        dealer = 1 - dealer
    return tuple(deals)


def build_runde(db, evenings: int = 250, deals: int = 80, seed: int = 17) -> str:
    """Store a Runde of four members with `evenings` Strohmandeln evenings of `deals` deals each, a week apart
    (each evening two of the four), the older half settled; its id. One transaction."""
    from .runde_store import import_runde

    rng = random.Random(seed)
    first = datetime.datetime(2020, 1, 9, 19, 30)
    rules = RuleSet.default()
    parties = []
    for i in range(evenings):
        pair = rng.sample(MEMBERS, 2)
        partie = Partie(tuple(pair), rules, evening_deals(deals, rng))
        day = first + datetime.timedelta(days=7 * i)
        settled = (day + datetime.timedelta(days=1)).isoformat() if i < evenings // 2 else None
        parties.append((partie, pair, settled, day.isoformat()))
    return import_runde(db, "Donnerstagsrunde", "strohmandeln", rules.preset, "month", list(MEMBERS), parties)


def timed_get(conn: http.client.HTTPConnection, path: str) -> tuple[float, int, int]:
    """One GET: (milliseconds, status, body bytes)."""
    start = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    return (time.perf_counter() - start) * 1000, response.status, len(body)


def measure(port: int, rid: str, board: str, runs: int = 15) -> dict:
    """Medians (ms) of the Runde's page (all time) and a board, warm, alternating on one kept-alive connection;
    the first request of the Runde's page (cold, if nothing was cached) is reported apart."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    page = f"/r/{rid}?period=all"
    cold, status, size = timed_get(conn, page)
    assert status == 200, status
    timed_get(conn, board)
    runde, boards = [], []
    for _ in range(runs):
        runde.append(timed_get(conn, page)[0])
        boards.append(timed_get(conn, board)[0])
    conn.close()
    return {"cold": cold, "runde": statistics.median(runde), "board": statistics.median(boards), "bytes": size}


def main() -> None:
    from . import store
    from .bench import free_port, sample_partie, start_server
    from .db import connect

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "runde.sqlite")
        db = connect(path)
        start = time.perf_counter()
        rid = build_runde(db)
        built = time.perf_counter() - start
        board = "/p/" + store.create_partie(db, sample_partie(1_000))
        db.conn.close()
        results = []
        for _ in range(2):   # a fresh server each: first the Runde never shown, then after a restart
            port = free_port()
            proc = start_server(path, port)
            try:
                results.append(measure(port, rid, board, args.runs))
            finally:
                proc.kill()
                proc.wait(timeout=10)
    print(f"Runde of 250 evenings, 20,000 deals (stored in {built:.1f} s); waitress, medians of {args.runs}:")
    for r, when in zip(results, ("first start", "restarted")):
        print(f"  {when}: standings page, first request: {r['cold']:.0f} ms; warm {r['runde']:.1f} ms; "
              f"{r['bytes'] / 1024:.1f} KB")
        print(f"  {when}: 1,000-deal board, warm: {r['board']:.1f} ms; ratio {r['runde'] / r['board']:.2f}")


if __name__ == "__main__":
    main()
