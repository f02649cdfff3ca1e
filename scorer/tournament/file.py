"""The tournament file (RULES-TOURNAMENT.md §6): read with one message per problem (naming round, table and deal),
written back (`from_dict(to_dict(t)) == t`), and the standings as `replay --json` writes them."""

from __future__ import annotations

import json

from .. import games
from ..file_format import different_names, json_of, names_of
from ..problems import ScoringError
from ..words import Alternatives
from .problems import Problem, TournamentError, at_round, at_table
from .rules import Scoring
from .scoring import Round, Standings, Table, Tournament, decimal_text, scored

FORMAT = "tarock-tournament"
VERSION = 1
FIELDS = ("format", "version", "game", "rules", "scoring", "players", "rounds")
ROUND_FIELDS = ("seed", "tables", "out")
TABLE_FIELDS = ("players", "deals")
MAX_PLAYERS = 1000
MAX_ROUNDS = 50
MAX_TABLE_DEALS = 1000
TOO_DEEP = Problem("file", "the file is nested too deeply to be a tournament file")
TOO_LONG = Problem("file", "the file holds a number far too long to be a tournament's")


def tournament_data(text: bytes) -> dict | None:
    """The parsed JSON of a tournament file's text, in UTF-8 or in the UTF-16 or UTF-32 that JSON allows (as a partie
    file is read); None for any other text (looked at cheaply first, so that a partie file is not parsed twice).
    TournamentError for a text that names the tournament format and cannot be read: nested too deeply, a number of
    thousands of digits, a lone surrogate (`\\ud800`), not JSON; said of a tournament file."""
    return marked_data(text, FORMAT, TOO_DEEP, TOO_LONG)


def marked_data(text: bytes, format: str, too_deep: Problem, too_long: Problem) -> dict | None:
    """The parsed JSON of a file of this `format` (a tournament's, a cup's) in any encoding JSON allows; None for a
    text that does not name the format; TournamentError (`too_deep`, `too_long`, ...) for one that names it and
    cannot be read."""
    mark = f'"{format}"'
    encoding = json.detect_encoding(text)
    if encoding.startswith("utf-8"):
        if mark.encode() not in text:
            return None
        source: str | bytes = text
    else:
        try:
            source = text.decode(encoding, "surrogatepass")   # as json.loads reads bytes
        except UnicodeDecodeError:
            return None   # not text: said as for any file
        if mark not in source:
            return None
    data = json_of(source, TournamentError, too_deep, too_long)
    return data if isinstance(data, dict) and data.get("format") == format else None


def loads(text: str | bytes) -> Tournament:
    """A tournament from the text of a tournament file; TournamentError lists every problem."""
    return read(text).tournament


def read(text: str | bytes) -> Standings:
    """The standings of a tournament file's text (the tournament is its `tournament`); TournamentError lists every
    problem."""
    return standings_of(json_of(text, TournamentError, TOO_DEEP, TOO_LONG))


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_dict(data: object) -> Tournament:
    """A tournament from the parsed JSON of a tournament file, every deal checked by its game and every table
    replayed; TournamentError lists every problem at once."""
    return standings_of(data).tournament


def standings_of(data: object) -> Standings:
    """The standings of the parsed JSON of a tournament file (read as `from_dict` reads it)."""
    if not isinstance(data, dict):
        raise TournamentError([Problem("file", "a tournament file is a JSON object with format, version, game, "
                                               "rules, scoring, players and rounds")])
    problems: list = []
    if data.get("format") != FORMAT:
        problems.append(Problem("format", "format must be {formats}", formats=Alternatives((FORMAT,))))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        problems.append(Problem("version", "version must be {version}; this scorer reads version {version} files",
                                version=VERSION))
    for key in data:
        if key not in FIELDS:
            problems.append(Problem(str(key)[:40], "unknown field '{key}'", key=str(key)[:40]))
    game = games.by_key(data.get("game"))
    if game is None:
        problems.append(Problem("game", "game must be {games}",
                                games=Alternatives(g.key for g in games.registered())))
        raise TournamentError(problems)
    rules = scoring = None
    try:
        rules = game.rules.from_dict(data.get("rules", {}))
    except ScoringError as exc:
        problems.extend(Problem(p.field, "rules: {problem}", problem=p) for p in exc.problems)
    try:
        scoring = Scoring.from_dict(data.get("scoring"), tuple(game.players))
    except TournamentError as exc:
        problems.extend(Problem(p.field, "scoring: {problem}", problem=p) for p in exc.problems)
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not raw_players or len(raw_players) > MAX_PLAYERS:
        problems.append(Problem("players", "players is a list of the players' names, at most {max}", max=MAX_PLAYERS))
        raw_players = []
    players = different_names(names_of(raw_players, problems), problems)
    raw_rounds = data.get("rounds", [])
    if not isinstance(raw_rounds, list) or len(raw_rounds) > MAX_ROUNDS:
        problems.append(Problem("rounds", "rounds is a list of at most {max} rounds", max=MAX_ROUNDS))
        raw_rounds = []
    rounds = tuple(_round(raw, r, game, problems) for r, raw in enumerate(raw_rounds, start=1))
    if rules is None or not players:
        raise TournamentError(sorted(problems, key=_where))   # no rule set (or players) to check the deals by
    # the tables, every deal checked by its game and replayed: the problems of every round, all at once (with a
    # scoring option refused, the deals are still replayed, counted against the default games of a round)
    standings = scored(Tournament(game, rules, players, rounds, scoring or Scoring()), problems)
    if problems:
        raise TournamentError(sorted(problems, key=_where))
    return standings


def _where(problem: Problem) -> tuple:
    """Where a problem is, to say the problems in order: the file's frame, then by round, table and deal."""
    args = problem.args
    return (args.get("round", 0), args.get("table", 0), args.get("number", 0)) if "round" in args else (0, 0, 0)


def _round(raw: object, r: int, game, problems: list) -> Round:
    if not isinstance(raw, dict):
        problems.append(at_round(Problem("round", "a round is an object with its seed and its tables"), r))
        return Round(())
    for key in raw:
        if key not in ROUND_FIELDS:
            problems.append(at_round(Problem(str(key)[:40], "unknown field '{key}'", key=str(key)[:40]), r))
    seed = raw.get("seed")
    if seed is not None and not _int(seed):
        problems.append(at_round(Problem("seed", "the seed is a whole number"), r))
    out = raw.get("out", [])
    if not isinstance(out, list) or not all(_int(p) for p in out):
        problems.append(at_round(Problem("out", "out is a list of the numbers of the players sitting the round "
                                                "out"), r))
        out = []
    raw_tables = raw.get("tables")
    if not isinstance(raw_tables, list) or not raw_tables:
        problems.append(at_round(Problem("tables", "tables is a list of the round's tables"), r))
        raw_tables = []
    tables = tuple(_table(t_raw, r, t, game, problems) for t, t_raw in enumerate(raw_tables, start=1))
    return Round(tables, seed if _int(seed) else None, tuple(out))


def _table(raw: object, r: int, t: int, game, problems: list) -> Table:
    if not isinstance(raw, dict):
        problems.append(at_table(Problem("table", "a table is an object with its players and its deals"), r, t))
        return Table(())
    for key in raw:
        if key not in TABLE_FIELDS:
            problems.append(at_table(Problem(str(key)[:40], "unknown field '{key}'", key=str(key)[:40]), r, t))
    seats = raw.get("players")
    if not isinstance(seats, list) or not all(_int(p) for p in seats):
        problems.append(at_table(Problem("players", "a table's players are the numbers of the tournament's players "
                                                    "in seating order, counted from 0"), r, t))
        seats = []
    raw_deals = raw.get("deals", [])
    if not isinstance(raw_deals, list) or len(raw_deals) > MAX_TABLE_DEALS:
        problems.append(at_table(Problem("deals", "deals is a list of at most {max} deals", max=MAX_TABLE_DEALS),
                                 r, t))
        raw_deals = []
    deals = []
    for d, raw_deal in enumerate(raw_deals, start=1):
        found: list = []
        deal = game.file.parse_deal(raw_deal, found)
        problems.extend(at_table(p, r, t, d) for p in found)
        deals.append(deal)
    return Table(tuple(seats), tuple(deals))


def to_dict(tournament: Tournament) -> dict:
    """The tournament file's content."""
    game = tournament.game
    rounds = []
    for rnd in tournament.rounds:
        out: dict = {}
        if rnd.seed is not None:
            out["seed"] = rnd.seed
        out["tables"] = [{"players": list(t.players), "deals": [game.file.deal_to_dict(d) for d in t.deals]}
                         for t in rnd.tables]
        if rnd.out:
            out["out"] = list(rnd.out)
        rounds.append(out)
    return {"format": FORMAT, "version": VERSION, "game": game.key,
            "rules": tournament.rules.to_dict(full=game.rules_in_full),
            "scoring": tournament.scoring.to_dict(), "players": list(tournament.players), "rounds": rounds}


def dumps(tournament: Tournament) -> str:
    """The tournament file's text."""
    return json.dumps(to_dict(tournament), ensure_ascii=False, indent=1) + "\n"


def standings_to_dict(standings: Standings) -> dict:
    """The standings as `replay --json` writes them (§6): per round its tables (number, players, Schrift, table
    ranks, rank points), then every player once by place."""
    return {
        "players": list(standings.tournament.players),
        "rounds": [{"tables": [{"table": t.number, "players": list(t.players), "schrift": list(t.schrift),
                                "rank": list(t.rank), "rank_points": [decimal_text(v) for v in t.rank_points]}
                               for t in tables]} for tables in standings.rounds],
        "standings": [{"place": s.place, "player": s.player, "schrift": s.schrift,
                       "rank_points": decimal_text(s.rank_points), "total": decimal_text(s.total),
                       "table_ranks": list(s.table_ranks)} for s in standings.standings],
    }
