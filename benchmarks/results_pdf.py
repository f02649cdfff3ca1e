"""The tournament's results PDF (not a test): how long one build takes for a big tournament, the standings alone and
with every table's score sheet, in process (the Flask app's request context, the settlement cache warm).

    .venv/bin/python -m benchmarks.results_pdf [--players 400] [--rounds 6] [--games 16] [--runs 3]

The tournament is made straight in a fresh SQLite file: Königrufen at tables of four, every round drawn and started
as the app does (`scorer.tournament.store`), each table's games a varied sample of Rufer (`Game.sample_partie`)."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time


def build_tournament(db_path: str, players: int, rounds: int, games: int, seed: int = 5) -> str:
    """A finished-looking tournament of `players` at tables of four, `rounds` rounds of `games` games a table (the
    deals written in one transaction a round: no fsync per deal); returns its organiser's id."""
    from scorer import games as registry
    from scorer.db import connect
    from scorer.partie_file import deal_to_dict
    from scorer.store import now, writing
    from scorer.tournament import Scoring
    from scorer.tournament import store as tstore

    game = registry.by_key("koenigrufen")
    db = connect(db_path)
    names = [f"Player {n:03d}" for n in range(players)]
    tid = tstore.create_tournament(db, "Cup final", game, game.rules.default("ooe"), Scoring(), names)
    for r in range(rounds):
        tstore.draw_round(db, tid, seed=seed + r)
        t = tstore.load(db, tid)
        pids = tstore.start_round(db, t, tstore.the_draw(t))
        at = now()
        with writing(db):
            for k, pid in enumerate(pids):
                deals = game.sample_partie(games, seed=1000 * r + k).deals
                db.conn.executemany("insert into deals (partie_id, position, deal, created, updated) values "
                                    "(?, ?, ?, ?, ?)", [(pid, i, json.dumps(deal_to_dict(d)), at, at)
                                                        for i, d in enumerate(deals)])
                db.execute("update parties set version = version + 1 where id = ?", [pid])
    db.conn.close()
    return tid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from scorer import create_app
    from scorer.tournament import pdf, web

    with tempfile.TemporaryDirectory() as tmp:
        db_path = os.path.join(tmp, "results.sqlite")
        began = time.perf_counter()
        tid = build_tournament(db_path, args.players, args.rounds, args.games)
        made = time.perf_counter() - began
        app = create_app({"DATABASE": db_path, "SECRET_KEY": "bench"})
        load = os.getloadavg()
        figures: dict = {}
        with app.test_request_context(headers={"Accept-Language": "de"}):
            began = time.perf_counter()
            found = web.live(tid)
            scored = time.perf_counter() - began
            for what, sheets in (("standings and rounds", False), ("with every table's score sheet", True)):
                times, size, pages = [], 0, 0
                for _ in range(args.runs):
                    began = time.perf_counter()
                    data = pdf.results_pdf(found, web.lines(found), sheets=sheets)
                    times.append(time.perf_counter() - began)
                    size, pages = len(data), data.count(b"/Type /Page\n") or data.count(b"/Type /Page")
                figures[what] = (statistics.median(times), min(times), size, pages)
        print(f"Results PDF: {args.players} players, {args.rounds} rounds of {args.games} games a table "
              f"({args.players // 4 * args.rounds} tables); made in {made:.1f} s, scored (cold) in {scored:.2f} s; "
              f"load average {load[0]:.1f} / {load[1]:.1f}")
        print()
        print("| PDF | median | best | size | pages |")
        print("|---|---:|---:|---:|---:|")
        for what, (median, best, size, pages) in figures.items():
            print(f"| {what} | {median * 1000:.0f} ms | {best * 1000:.0f} ms | {size / 1024:.0f} KB | {pages} |")


if __name__ == "__main__":
    main()
