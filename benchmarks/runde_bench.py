"""A large Runde for the benchmark: five years of a weekly-ish Runde, 250 evenings of 80 deals (20,000 deals),
and a measurement of its standings page against a 1,000-deal board on the same real server.

`python -m benchmarks.runde_bench` prints the figures (medians, warm and cold: the first request of a server that
never showed the Runde replays every evening and stores their summaries; after a restart it reads them). `benchmarks.bench` calls
`build_runde(db)` to store the Runde and `measure(port, rid, board)` against its running server.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import tempfile
import time

from .samples import build_runde   # noqa: F401  (the bench's `build_runde` is the sample's)

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
    from scorer import store
    from scorer.db import connect

    from .serving import free_port, start_server
    from .samples import sample_partie

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
