"""A cup (RULES-TOURNAMENT.md §5): tournaments of one game and rule set adding up to the cup standings, by cup points
per place, their sum or the best N, minus days as the option says, ties broken by more wins, then more second
places, and so on. Players are the same person in two tournaments when their names are (case aside)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..partie import name_key
from .problems import Problem, TournamentError
from .scoring import Standings, places

FIELDS = ("cup_points", "cup_total", "minus_day_counts")


@dataclass(frozen=True)
class CupRules:
    """`cup_points` by place (1st, 2nd, ...; places beyond the list earn 0), `best`: the N best tournaments count
    (None: all of them, `cup_total: "sum"`), `minus_day_counts`: False (Kärnten) when a tournament with a total
    below 0 adds nothing."""

    cup_points: tuple[int, ...] = ()
    best: int | None = None
    minus_day_counts: bool = True

    def points_for(self, place: int) -> int:
        return self.cup_points[place - 1] if place <= len(self.cup_points) else 0

    def to_dict(self) -> dict:
        return {"cup_points": list(self.cup_points), "cup_total": "sum" if self.best is None else f"best {self.best}",
                "minus_day_counts": self.minus_day_counts}

    @classmethod
    def from_dict(cls, data: object) -> "CupRules":
        """The cup's options; TournamentError lists every problem."""
        if not isinstance(data, dict):
            raise TournamentError([Problem("cup", "a cup's options are an object with cup_points, cup_total and "
                                                  "minus_day_counts")])
        problems = []
        for key in data:
            if key not in FIELDS:
                problems.append(Problem("cup", "unknown cup option '{key}'", key=str(key)[:40]))
        points = data.get("cup_points", [])
        if not (isinstance(points, list) and len(points) <= 1000
                and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 100_000 for v in points)):
            problems.append(Problem("cup_points", "cup_points is a list of whole numbers from 0, the cup points of "
                                                  "the 1st place first"))
            points = []
        total = data.get("cup_total", "sum")
        best = None
        if isinstance(total, str) and total.startswith("best ") and total[5:].isdigit() and total[5:].isascii() \
                and int(total[5:]) >= 1:
            best = int(total[5:])
        elif total != "sum":
            problems.append(Problem("cup_total", "cup_total is \"sum\" or \"best N\", N the number of tournaments "
                                                 "that count, like \"best 10\""))
        minus = data.get("minus_day_counts", True)
        if not isinstance(minus, bool):
            problems.append(Problem("minus_day_counts", "minus_day_counts is true or false"))
            minus = True
        if problems:
            raise TournamentError(problems)
        return cls(tuple(points), best, minus)


@dataclass(frozen=True)
class CupLine:
    """A player's line of the cup: his place (shared when tied), his cup total, and per tournament (in the order
    given) his place there and the cup points it brings (None: he did not play it; 0 on a minus day that does not
    count) and whether they count toward the total (the best N)."""

    place: int
    name: str
    total: int
    places: tuple[int | None, ...]
    points: tuple[int | None, ...]
    counted: tuple[bool, ...]


def cup(tournaments: Iterable[Standings], rules: CupRules) -> tuple[CupLine, ...]:
    """The cup standings of `tournaments` (each a tournament's Standings, in the order played): every player who
    played one, by place, those sharing a place in the order first met.

    A player sharing a place earns that place's cup points (decision: the place is his, as the results list says).
    Ties of the cup total are broken by more tournament wins, then more second places, and so on over every
    tournament played; players still tied share the place."""
    tournaments = list(tournaments)
    if tournaments:
        first = tournaments[0].tournament
        for number, standings in enumerate(tournaments[1:], start=2):
            t = standings.tournament
            if t.game.key != first.game.key or t.rules != first.rules:
                raise TournamentError([Problem("cup", "the tournaments of a cup are of one game and one rule set: "
                                                      "tournament {n} is not", n=number)])
    names: dict[str, str] = {}
    rows: dict[str, list] = {}
    for i, standings in enumerate(tournaments):
        t = standings.tournament
        for s in standings.standings:
            if not s.rounds:
                continue   # entered, never played
            key = name_key(t.players[s.player])
            names.setdefault(key, t.players[s.player])
            row = rows.setdefault(key, [None] * len(tournaments))
            earned = rules.points_for(s.place)
            if s.total < 0 and not rules.minus_day_counts:
                earned = 0
            row[i] = (s.place, earned)
    keys = list(rows)
    lines = []
    for key in keys:
        row = rows[key]
        played = [i for i, e in enumerate(row) if e is not None]
        if rules.best is not None:   # the N best (of equal ones, the earlier tournament)
            played = sorted(played, key=lambda i: (-row[i][1], i))[:rules.best]
        lines.append((key, sum(row[i][1] for i in played), row, set(played)))
    widest = max((s.place for st in tournaments for s in st.standings), default=1)

    def order_key(line) -> tuple:
        _, total, row, _ = line
        count = Counter(e[0] for e in row if e is not None)
        return (total, tuple(count[k] for k in range(1, widest + 1)))

    placed = places([order_key(line) for line in lines])
    order = sorted(range(len(lines)), key=lambda i: (placed[i], i))
    return tuple(CupLine(placed[i], names[lines[i][0]], lines[i][1],
                         tuple(None if e is None else e[0] for e in lines[i][2]),
                         tuple(None if e is None else e[1] for e in lines[i][2]),
                         tuple(j in lines[i][3] for j in range(len(tournaments)))) for i in order)
