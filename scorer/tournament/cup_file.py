"""The cup file (RULES-TOURNAMENT.md §8.2): the cup's options and its tournaments' files in the season's order, read
with one message per problem (a tournament's own problems said of it), written back, and the cup standings as
`replay --json` writes them."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..file_format import json_of
from ..problems import ScoringError
from ..words import Alternatives
from . import file as tournament_file
from .cup import CupLine, CupRules, cup, same_rules
from .problems import Problem, TournamentError
from .scoring import Standings

FORMAT = "tarock-cup"
VERSION = 1
FIELDS = ("format", "version", "cup", "tournaments")
MAX_TOURNAMENTS = 200
TOO_DEEP = Problem("file", "the file is nested too deeply to be a cup file")
TOO_LONG = Problem("file", "the file holds a number far too long to be a cup's")


@dataclass(frozen=True)
class CupStandings:
    """A cup scored: its options, each tournament's standings in the season's order, and the cup's lines by
    place."""

    rules: CupRules
    tournaments: tuple[Standings, ...]
    lines: tuple[CupLine, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Every player of the cup, in order of first appearance (as each line's `player` counts them)."""
        return tuple(line.name for line in sorted(self.lines, key=lambda line: line.player))


def cup_data(text: bytes) -> dict | None:
    """The parsed JSON of a cup file's text, in any encoding JSON allows; None for any other text (looked at cheaply
    first); TournamentError for a text that names the cup format and cannot be read, said of a cup file."""
    return tournament_file.marked_data(text, FORMAT, TOO_DEEP, TOO_LONG)


def read(text: str | bytes) -> CupStandings:
    """The cup standings of a cup file's text; TournamentError lists every problem."""
    data = json_of(text, TournamentError, TOO_DEEP, TOO_LONG)
    return standings_of(data)


def standings_of(data: object) -> CupStandings:
    """The cup standings of the parsed JSON of a cup file; TournamentError lists every problem at once."""
    if not isinstance(data, dict):
        raise TournamentError([Problem("file", "a cup file is a JSON object with format, version, cup and "
                                               "tournaments")])
    problems: list = []
    if data.get("format") != FORMAT:
        problems.append(Problem("format", "format must be {formats}", formats=Alternatives((FORMAT,))))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        problems.append(Problem("version", "version must be {version}; this scorer reads version {version} files",
                                version=VERSION))
    for key in data:
        if key not in FIELDS:
            problems.append(Problem(str(key)[:40], "unknown field '{key}'", key=str(key)[:40]))
    rules = None
    try:
        rules = CupRules.from_dict(data.get("cup", {}))
    except TournamentError as exc:
        problems.extend(Problem(p.field, "cup: {problem}", problem=p) for p in exc.problems)
    raw = data.get("tournaments", [])
    if not isinstance(raw, list) or len(raw) > MAX_TOURNAMENTS:
        problems.append(Problem("tournaments", "tournaments is a list of at most {max} tournament files, in the "
                                               "season's order", max=MAX_TOURNAMENTS))
        raw = []
    scored = []
    for number, one in enumerate(raw, start=1):
        try:
            scored.append(tournament_file.standings_of(one))
        except ScoringError as exc:
            problems.extend(Problem(p.field, "tournament {n}: {problem}", n=number, problem=p) for p in exc.problems)
    if rules is not None and rules.final is not None and rules.final > len(raw):
        problems.append(Problem("final", "cup: final {n} is no tournament's number: the cup has {count}",
                                n=rules.final, count=len(raw)))
    if not problems:
        try:
            same_rules(scored)
        except TournamentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise TournamentError(problems)
    return CupStandings(rules, tuple(scored), cup(scored, rules))


def to_dict(rules: CupRules, tournaments) -> dict:
    """The cup file's content: the options and each tournament's file (`tournaments`: the engine's Tournaments)."""
    return {"format": FORMAT, "version": VERSION, "cup": rules.to_dict(),
            "tournaments": [tournament_file.to_dict(t) for t in tournaments]}


def dumps(rules: CupRules, tournaments) -> str:
    """The cup file's text."""
    return json.dumps(to_dict(rules, tournaments), ensure_ascii=False, indent=1) + "\n"


def standings_to_dict(result: CupStandings) -> dict:
    """The cup standings as `replay --json` writes them (§8.2): the cup's players, per tournament whether it is the
    final and each player's place and cup points there, then every player once by place."""
    by_player = sorted(result.lines, key=lambda line: line.player)
    return {
        "players": [line.name for line in by_player],
        "tournaments": [{"number": i, "final": result.rules.final == i,
                         "places": [line.places[i - 1] for line in by_player],
                         "cup_points": [line.points[i - 1] for line in by_player]}
                        for i in range(1, len(result.tournaments) + 1)],
        "standings": [{"place": line.place, "player": line.player, "total": line.total,
                       "counted": list(line.results), "played": line.played} for line in result.lines],
    }


def table(result: CupStandings) -> str:
    """The cup standings as the command line prints them: place, player, total, the cup points of each tournament
    (in brackets: not counted; "–": not played)."""
    width = max([len(line.name) for line in result.lines] + [6])
    numbers = "  ".join(f"{i:>5}" for i in range(1, len(result.tournaments) + 1))
    lines = [f"{'Place':>5}  {'Player':<{width}}  {'Total':>6}  {numbers}".rstrip()]
    for line in result.lines:
        cells = "  ".join(f"{'–' if p is None else (str(p) if c else f'({p})'):>5}"
                          for p, c in zip(line.points, line.counted))
        lines.append(f"{line.place:>4}.  {line.name:<{width}}  {line.total:>6}  {cells}".rstrip())
    return "\n".join(lines) + "\n"
