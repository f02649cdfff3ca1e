"""A tournament's scoring options (RULES-TOURNAMENT.md §2-§4, §8.1) as a value: a named format, games per round,
rank points, the total, the tie-breaks and the draw, read from and written to the tournament file's `scoring`."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..words import Alternatives, Either
from .problems import Problem, TournamentError

TOTALS = ("schrift+rank", "schrift", "rank")
TIE_BREAKS = ("table_ranks", "best_round", "second_best_round", "schrift", "lot")
DRAWS = ("random", "standings")
GAMES_PER_PLAYER = 4          # games per round at a table of n: 4 n (16 at four, 20 at five, 8 at two, 12 at three)
MAX_GAMES = 1000
TOP_RANK_POINTS = 60          # the default rank points: 60 down to 0 in equal steps
FIELDS = ("format", "total", "games", "rank_points", "tie_breaks", "draw")
DEFAULT_TIE_BREAKS = ("table_ranks", "best_round")


@dataclass(frozen=True)
class Format:
    """A named format of §8.1: games per player at a table (20 at four, 25 at five: 5 each), the total, the
    tie-breaks. An option given beside the format overrides it."""

    games_per_player: int
    total: str
    tie_breaks: tuple[str, ...]


def _named() -> dict:
    """The named formats and cups of §8 (cups.toml beside this module: data named as the contract names it)."""
    import tomllib
    from pathlib import Path

    with open(Path(__file__).with_name("cups.toml"), "rb") as fh:
        return tomllib.load(fh)


NAMED = _named()
FORMATS = {name: Format(v["games_per_player"], v["total"], tuple(v["tie_breaks"]))
           for name, v in NAMED["formats"].items()}


def default_rank_points(size: int) -> tuple[Fraction, ...]:
    """60 down to 0 in equal steps: [60, 40, 20, 0] at four, [60, 45, 30, 15, 0] at five, [60, 0] at two."""
    if size == 1:
        return (Fraction(TOP_RANK_POINTS),)
    return tuple(Fraction(TOP_RANK_POINTS * (size - 1 - k), size - 1) for k in range(size))


@dataclass(frozen=True)
class Scoring:
    """The options of §2-§4 and the format of §8.1. `games` and `rank_points` hold the table sizes given (size,
    value) in the order given; a size not given has the format's, or the default (`games_at`, `rank_points_at`).
    `total` and `tie_breaks` are the ones that count: given, or the format's, or the defaults."""

    total: str = "schrift+rank"
    games: tuple[tuple[int, int], ...] = ()
    rank_points: tuple[tuple[int, tuple[int, ...]], ...] = ()
    tie_breaks: tuple[str, ...] = DEFAULT_TIE_BREAKS
    draw: str = "random"
    format: str | None = None

    @property
    def games_per_player(self) -> int:
        return FORMATS[self.format].games_per_player if self.format else GAMES_PER_PLAYER

    def games_at(self, size: int) -> int:
        """The games of a round at a table of `size` (§3, §8.1)."""
        return dict(self.games).get(size, self.games_per_player * size)

    def rank_points_at(self, size: int) -> tuple[Fraction, ...]:
        """What the table ranks 1, 2, ... earn at a table of `size` (§4)."""
        given = dict(self.rank_points).get(size)
        return tuple(Fraction(v) for v in given) if given is not None else default_rank_points(size)

    def to_dict(self) -> dict:
        """The file's `scoring`: the format, the total, and every other option that is given or not the
        format's (or the default)."""
        out: dict = {}
        if self.format:
            out["format"] = self.format
        out["total"] = self.total
        if self.games:
            out["games"] = {str(size): n for size, n in self.games}
        if self.rank_points:
            out["rank_points"] = {str(size): list(points) for size, points in self.rank_points}
        if self.tie_breaks != (FORMATS[self.format].tie_breaks if self.format else DEFAULT_TIE_BREAKS):
            out["tie_breaks"] = list(self.tie_breaks)
        if self.draw != Scoring.draw:
            out["draw"] = self.draw
        return out

    @classmethod
    def from_dict(cls, data: object, sizes: tuple[int, ...]) -> "Scoring":
        """The options of a file's `scoring` (absent ones: the format's, or the defaults) for a game seated at
        tables of `sizes`; TournamentError lists every problem."""
        problems = []
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise TournamentError([Problem("scoring", "scoring is an object with the tournament's options, like "
                                                      "{{\"total\": \"schrift+rank\"}}")])
        for key in data:
            if key not in FIELDS:
                problems.append(Problem("scoring", "unknown scoring option '{key}'", key=str(key)[:40]))
        name = data.get("format")
        if name is not None and (not isinstance(name, str) or name not in FORMATS):
            problems.append(Problem("format", "format must be {choices}", choices=Alternatives(FORMATS)))
            name = None
        fmt = FORMATS[name] if name else None
        total = data.get("total", fmt.total if fmt else cls.total)
        if not isinstance(total, str) or total not in TOTALS:
            problems.append(Problem("total", "total must be {choices}", choices=Alternatives(TOTALS)))
        draw = data.get("draw", cls.draw)
        if not isinstance(draw, str) or draw not in DRAWS:
            problems.append(Problem("draw", "draw must be {choices}", choices=Alternatives(DRAWS)))
        breaks = data.get("tie_breaks", list(fmt.tie_breaks if fmt else DEFAULT_TIE_BREAKS))
        if (not isinstance(breaks, list) or any(not isinstance(b, str) or b not in TIE_BREAKS for b in breaks)
                or len(set(breaks)) != len(breaks)):
            problems.append(Problem("tie_breaks", "tie_breaks is a list of {choices}, each at most once",
                                    choices=Alternatives(TIE_BREAKS)))
            breaks = []
        games = _by_size(data.get("games", {}), "games", sizes, problems, _games)
        rank_points = _by_size(data.get("rank_points", {}), "rank_points", sizes, problems, _rank_points)
        if problems:
            raise TournamentError(problems)
        return cls(total, games, rank_points, tuple(breaks), draw, name)


def _by_size(raw: object, field: str, sizes: tuple[int, ...], problems: list, parse) -> tuple:
    """A {"4": value, "5": value} option: (size, value) pairs of the sizes the game seats."""
    if not isinstance(raw, dict):
        problems.append(Problem(field, "{option} is an object with a value per table size, like {{\"4\": …, "
                                       "\"5\": …}}", option=field))
        return ()
    out = []
    for key, value in raw.items():
        size = int(key) if isinstance(key, str) and key.isdigit() and key.isascii() else None
        if size not in sizes:
            problems.append(Problem(field, "{option}: '{key}' is not a table size of this game: {sizes}",
                                    option=field, key=str(key)[:10], sizes=Either(sizes)))
            continue
        parsed = parse(value, size, problems)
        if parsed is not None:
            out.append((size, parsed))
    return tuple(out)


def _games(value: object, size: int, problems: list) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_GAMES:
        return value
    problems.append(Problem("games", "games at a table of {size} are a whole number from 1 to {max}", size=size,
                            max=MAX_GAMES))
    return None


def _rank_points(value: object, size: int, problems: list) -> tuple[int, ...] | None:
    if (isinstance(value, list) and len(value) == size
            and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100_000 for v in value)
            and all(a >= b for a, b in zip(value, value[1:]))):
        return tuple(value)
    problems.append(Problem("rank_points", "rank points at a table of {size} are {size} whole numbers from 0, the "
                                           "first place's first and none above the one before", size=size))
    return None
