"""The command line: `python -m scorer replay PARTIE.json [--json|--csv]`."""

from __future__ import annotations

import argparse
import gc
import json
import sys
from contextlib import contextmanager

from .export import csv_text, haferl_csv_text
from .games import ENGINE_ONLY, HAFERL, KOENIGRUFEN, game_of
from .koenigrufen import report as koenigrufen_report
from .partie_file import from_dict, loads, settlement_to_dict
from .problems import ScoringError
from .strohmandeln import ITEM_LABELS, format_card_points


def table(settlement) -> str:
    """A readable table of the partie: one line a deal, then the balance."""
    partie = settlement.partie
    rules = partie.rules
    names = partie.players
    lines = [f"{names[0]} vs {names[1]} · {rules.preset}", ""]
    width = max(len(n) for n in names)
    for r in settlement.deals:
        deal = r.deal
        what = deal.type
        if deal.type in ("game", "renonce"):
            who = names[deal.undertaker] + " undertook" if deal.undertaker is not None else "simple"
            what = f"{deal.type}, {who}"
            if r.piles:
                what += f", {format_card_points(r.piles[0])} : {format_card_points(r.piles[1])}"
            if deal.type == "renonce":
                what += f", renonce by {names[deal.offender]}"
        elif deal.type == "misdeal":
            what = f"misdeal by {names[deal.offender]}"
        else:
            what = f"redeal ({deal.reason})"
        items = ", ".join(f"{rules.bonus_label(i.item) if i.item in rules.bonuses else ITEM_LABELS[i.item]} "
                          f"{names[i.player]} {i.points}" for i in r.items)
        mult = f" x{r.multiplier}" if r.multiplier > 1 else ""
        lines.append(f"{r.number:>4}  {names[deal.dealer]:<{width}} deals  {what}{mult}")
        lines.append(f"      {r.points[0]:>+4} {r.points[1]:>+4}   balance {r.balance[0]:>+5}   {items}")
    lines.append("")
    for i in (0, 1):
        lines.append(f"{names[i]:<{width}}  {settlement.balance[i]:>+6}  {settlement.money[i]:>8}")
    if settlement.credits:
        lines.append(f"credits: {names[0]} {settlement.credits[0]}, {names[1]} {settlement.credits[1]}")
    if settlement.doubled_pending:
        lines.append(f"doubled games pending: {settlement.doubled_pending}")
    lines.append(f"next dealer: {names[settlement.next_dealer]}")
    return "\n".join(lines) + "\n"


def haferl_table(settlement) -> str:
    """A readable table of a Bavarian Tarock partie: one line a deal, then the money."""
    from .haferl import CONTRACT_LABELS

    partie = settlement.partie
    names = partie.players
    width = max(len(n) for n in names)
    lines = [" · ".join(names) + f" · {partie.rules.preset}", ""]
    for r in settlement.deals:
        d = r.deal
        if d.type == "redeal":
            what = "redeal"
        else:
            result = "draw" if r.won is None else "won" if r.won else "lost"
            target = f" to {d.target}" if d.target != 61 else ""
            what = (f"{names[d.declarer]} {CONTRACT_LABELS[d.contract]}{target}, {d.declarer_points} : "
                    f"{d.defenders_points} {result}" + (", Schwarz" if d.schwarz else ""))
        out = f" ({names[r.sitting_out]} sits out)" if r.sitting_out is not None else ""
        lines.append(f"{r.number:>4}  {names[d.dealer]:<{width}} deals{out}  {what}")
        lines.append("      " + "  ".join(f"{names[i]} {x:+.2f}" for i, x in enumerate(r.net))
                     + (f"   pot {r.pot}" if r.pot is not None else ""))
    lines.append("")
    for i, name in enumerate(names):
        credit = f"  credits {settlement.credits[i]}" if settlement.credits else ""
        lines.append(f"{name:<{width}}  {settlement.balance[i]:>+8.2f}{credit}")
    if settlement.pot is not None:
        lines.append(f"pot: {settlement.pot}")
    lines.append(f"next dealer: {names[settlement.next_dealer]}")
    return "\n".join(lines) + "\n"


def read(text: bytes):
    """A partie file of any game the command line scores: the web app's (`partie_file.loads`), or an
    engine-only game's (Königrufen), told apart by its format."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return loads(text)   # words the problem
    fmt = data.get("format") if isinstance(data, dict) else None
    for game in ENGINE_ONLY.values():
        if fmt == game.format:
            return game.engine.file.from_dict(data)
    return from_dict(data)   # the text is parsed once


@contextmanager
def collector_paused():
    """The cyclic garbage collector off while a partie is read, replayed and written: a replay makes no
    cycles, and at 100,000 deals the collector's walks over the growing heap cost more than the scoring."""
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
        try:
            partie = read(text)
            game = game_of(partie)
            settlement = game.engine.replay(partie, checked=True)   # read() checked every deal
        except ScoringError as exc:
            for problem in exc.problems:
                print(str(problem), file=sys.stderr)
            return 1
        return write(args, game, settlement)


def write(args, game, settlement) -> int:
    """Print the settlement as the command line asked: JSON, CSV or the readable table."""
    if game is KOENIGRUFEN:
        sys.stdout.write(to_json(game.engine.file.settlement_to_dict(settlement), args.pretty) if args.json
                         else koenigrufen_report.csv_text(settlement) if args.csv
                         else koenigrufen_report.table(settlement))
    elif args.json:
        sys.stdout.write(to_json(settlement_to_dict(settlement), args.pretty))
    elif args.csv:
        sys.stdout.write(haferl_csv_text(settlement) if game is HAFERL else csv_text(settlement))
    else:
        sys.stdout.write(haferl_table(settlement) if game is HAFERL else table(settlement))
    return 0


def serve_command(args) -> int:
    """Serve the app with waitress, a production WSGI server."""
    import signal

    from waitress import serve

    from . import create_app
    from .db import close_all

    def stop(signum, frame):
        raise KeyboardInterrupt   # SIGTERM ends the server as Ctrl+C does: the connections are closed cleanly

    app = create_app()
    signal.signal(signal.SIGTERM, stop)
    print(f"Strohmandeln scorer on http://{args.host}:{args.port}  (stop with Ctrl+C)", flush=True)
    try:
        serve(app, host=args.host, port=args.port, threads=args.threads, ident="scorer")
    except KeyboardInterrupt:
        pass
    finally:
        close_all()
    return 0


def main(argv=None) -> int:
    """Parse the command line and run the command."""
    parser = argparse.ArgumentParser(prog="python -m scorer", description="The Strohmandeln (and Bavarian Tarock) scorer.")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="score a partie file (Strohmandeln, Bavarian Tarock or Königrufen)")
    rp.add_argument("file", help="the partie file (JSON)")
    fmt = rp.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print the settlement as JSON")
    fmt.add_argument("--csv", action="store_true", help="print the CSV export")
    rp.add_argument("--pretty", action="store_true", help="with --json: indented JSON (slower; compact is the default)")
    sv = sub.add_parser("serve", help="serve the web app (waitress)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: the other phones on the Wi-Fi)")
    sv.add_argument("--port", type=int, default=5000)
    sv.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_command(args)
    return serve_command(args)


if __name__ == "__main__":
    sys.exit(main())
