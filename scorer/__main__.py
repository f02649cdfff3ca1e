"""The command line: `python -m scorer replay PARTIE.json [--json|--csv]` (a tournament file or a cup file too)."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from contextlib import contextmanager

from .export import csv_text
from .games import game_of, registered
from .partie_file import loads, settlement_json, settlement_to_dict
from .problems import ScoringError
from .tournament import cup_file
from .tournament import file as tournament_file


@contextmanager
def collector_paused():
    """The cyclic garbage collector off while a partie is read, replayed and written: a replay makes no
    cycles, and at 100,000 deals the collector's walks over the growing heap cost more than the scoring.
    What was made inside must be freed before the end: the first collection after it walks every object
    made while the collector was off and still alive."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def to_json(data, pretty: bool) -> str:
    """JSON text: compact (the C encoder's fast path) unless `pretty` asks for indentation."""
    if pretty:
        return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def replay_command(args) -> int:
    """Score a partie file and print it; problems go to standard error with status 1."""
    try:
        with open(args.file, "rb") as fh:
            text = fh.read()
    except OSError as exc:
        print(f"{args.file}: cannot read the file: {exc.strerror}", file=sys.stderr)
        return 1
    with collector_paused():
        return _replay_text(text, args)   # everything it made is freed before the collector is back on


def _replay_text(text: bytes, args) -> int:
    """Read, replay and print the partie file's `text` as `args` ask."""
    try:
        season = cup_file.cup_data(text)
        tournament = None if season is not None else tournament_file.tournament_data(text)
    except ScoringError as exc:   # a cup or tournament file that cannot be read: said as one
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1
    if season is not None:
        return _replay_cup(season, args)
    if tournament is not None:
        return _replay_tournament(tournament, args)
    try:
        partie = loads(text, every=True, also=(tournament_file.FORMAT, cup_file.FORMAT))   # named if none fits
        game = game_of(partie)
        settlement = game.replay(partie, checked=True)   # loads() checked every deal
    except ScoringError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1
    if args.json:
        sys.stdout.write(to_json(settlement_to_dict(settlement), True) if args.pretty else settlement_json(settlement))
    elif args.csv:
        sys.stdout.write(csv_text(settlement))
    else:
        sys.stdout.write(game.tables.table(settlement))
    return 0


def _replay_tournament(data: dict, args) -> int:
    """Score a tournament file's parsed JSON (RULES-TOURNAMENT.md §6) and print its standings."""
    from .tournament.tables import table

    if args.csv:
        print("a tournament file has no CSV export here: use --json, or no option for a table", file=sys.stderr)
        return 1
    try:
        standings = tournament_file.standings_of(data)
    except ScoringError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1
    if args.json:
        sys.stdout.write(to_json(tournament_file.standings_to_dict(standings), args.pretty))
    else:
        sys.stdout.write(table(standings))
    return 0


def _replay_cup(data: dict, args) -> int:
    """Score a cup file's parsed JSON (RULES-TOURNAMENT.md §8.2) and print the cup standings."""
    if args.csv:
        print("a cup file has no CSV export here: use --json, or no option for a table", file=sys.stderr)
        return 1
    try:
        result = cup_file.standings_of(data)
    except ScoringError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return 1
    if args.json:
        sys.stdout.write(to_json(cup_file.standings_to_dict(result), args.pretty))
    else:
        sys.stdout.write(cup_file.table(result))
    return 0


def serve_command(args) -> int:
    """Serve the app with waitress, a production WSGI server, with the limits and proxy settings of
    `scorer.serving`; with `--workers N` (N > 1), as N processes under gunicorn (`scorer.workers`)."""
    import signal

    from . import create_app
    from .db import close_all
    from .serving import make_server

    def stop(signum, frame):
        raise KeyboardInterrupt   # SIGTERM ends the server as Ctrl+C does: the connections are closed cleanly

    if args.workers > 1:   # several processes over the same SQLite file (scorer/workers.py: gunicorn)
        from .workers import run

        print(f"Tarock scorer on http://{args.host}:{args.port}, {args.workers} processes  (stop with Ctrl+C)",
              flush=True)
        run(create_app, args.host, args.port, args.workers, args.threads)
        return 0
    from .workers import warmed

    app = warmed(create_app())
    signal.signal(signal.SIGTERM, stop)
    server = make_server(app, host=args.host, port=args.port, threads=args.threads)
    port = getattr(server, "effective_port", args.port)   # the one the system gave for --port 0
    print(f"Tarock scorer on http://{args.host}:{port}  ({server.adj.connection_limit} connections at once, "
          f"{server.adj.threads} threads; stop with Ctrl+C)", flush=True)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        close_all()
    return 0


def main(argv=None) -> int:
    """Parse the command line and run the command."""
    names = [str(g.name) for g in registered()]
    parser = argparse.ArgumentParser(prog="python -m scorer", description=f"The Tarock scorer: {', '.join(names)}.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help=f"score a partie file ({', '.join(names[:-1])} or {names[-1]})")
    rp.add_argument("file", help="the partie file, tournament file or cup file (JSON)")
    fmt = rp.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print the settlement as JSON")
    fmt.add_argument("--csv", action="store_true", help="print the CSV export")
    rp.add_argument("--pretty", action="store_true", help="with --json: indented JSON (slower; compact is the default)")
    sv = sub.add_parser("serve", help="serve the web app (waitress)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the other phones on the Wi-Fi)")
    sv.add_argument("--port", type=int, default=5000)
    sv.add_argument("--threads", type=int, default=8, help="threads of each process")
    sv.add_argument("--workers", type=int, default=1,
                    help="processes over the same database (gunicorn); 1: one waitress process")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_command(args)
    return serve_command(args)


if __name__ == "__main__":
    sys.exit(main())
