"""A cup (RULES-TOURNAMENT.md §5, §8.2): tournaments of one game and rule set adding up to the cup standings. Each
tournament brings a player cup points (by place from a list or the fixed points, Heine points from his Schrift, the
cubic formula from his place and the field; the systems and the named cups are data, cups.toml), minus days as the option says; his total is the sum of the results
that count (all, the best N, the best N and the final, the best half); ties broken by more wins, then more second
places (`places`), or by the counted results best first, then more tournaments played (`results`). Players are the
same person in two tournaments when their names are (case aside)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..partie import name_key
from ..words import Alternatives
from .problems import Problem, TournamentError
from .rules import NAMED
from .scoring import Standings, places

FIELDS = ("preset", "cup_points", "cup_total", "final", "minus_day_counts", "cup_ties")
# the systems of cup points by their names (cups.toml): what each computes, "places", "schrift" or "cubic"
SYSTEMS = dict(NAMED["cup_points"])
TIES = ("places", "results")
FIXPUNKTE = tuple(NAMED["fixpunkte"]["places"])   # the fixed points of places 1 to 50
PRESETS = dict(NAMED["cups"])                     # the named cups of §8.2: their options
MAX_POINTS = 100_000
_BEST = re.compile(r"best ([1-9][0-9]{0,5})(\+final)?")


def heine(schrift: int) -> int:
    """Heine points (ABAKUS `getHeinePunkte`) from a tournament's Schrift S: nothing for S ≤ 0, S up to 100, above
    it 100 and every second point, at most 200 (from S = 300 on)."""
    if schrift <= 0:
        return 0
    if schrift <= 100:
        return schrift
    return min(200, 100 + (schrift - 100) // 2)


def cubic(place: int, field: int) -> int:
    """The Tiroler cup points until 2019/20 (ABAKUS `getCupPunkte`): 200 · ((N − p) / (N − 1))³, N the players of
    the tournament's standings, rounded half up (computed exactly; no half occurs). A field of one gives 0."""
    if field <= 1:
        return 0
    exact = 200 * Fraction(field - place, field - 1) ** 3
    return math.floor(exact + Fraction(1, 2))


@dataclass(frozen=True)
class CupRules:
    """The cup's options: `cup_points` by place (1st, 2nd, ...; later places earn 0) or a system's name (SYSTEMS);
    `best` the N best count (None: all, "sum"), with `plus_final` the final on top always; `half` the best half count; `final` the number (from 1) of the season's final; `minus_day_counts` False
    (Kärnten): a tournament with a total below 0 earns nothing; `ties` "places" or "results"; `preset` the named
    cup the options come from."""

    cup_points: tuple[int, ...] | str = ()
    best: int | None = None
    minus_day_counts: bool = True
    plus_final: bool = False
    half: bool = False
    final: int | None = None
    ties: str = "places"
    preset: str | None = None

    @property
    def cup_total(self) -> str:
        """The option as written: "sum", "best N", "best N+final" or "best half"."""
        if self.half:
            return "best half"
        if self.best is None:
            return "sum"
        return f"best {self.best}" + ("+final" if self.plus_final else "")

    def points_for(self, place: int, schrift: int = 0, field: int = 0) -> int:
        """What a tournament brings the player at `place` with `schrift`, of a tournament of `field` players."""
        kind = SYSTEMS.get(self.cup_points) if isinstance(self.cup_points, str) else None
        if kind == "schrift":
            return heine(schrift)
        if kind == "cubic":
            return cubic(place, field)
        table = FIXPUNKTE if kind == "places" else self.cup_points
        return table[place - 1] if place <= len(table) else 0

    def counting(self, tournaments: int) -> int | None:
        """How many of his results count in a cup of `tournaments` (None: all of them)."""
        if self.half:
            return tournaments // 2 if tournaments > 10 else (tournaments + 1) // 2
        return self.best

    def to_dict(self) -> dict:
        out: dict = {}
        if self.preset:
            out["preset"] = self.preset
        out.update({"cup_points": self.cup_points if isinstance(self.cup_points, str) else list(self.cup_points),
                    "cup_total": self.cup_total, "minus_day_counts": self.minus_day_counts})
        if self.final is not None:
            out["final"] = self.final
        out["cup_ties"] = self.ties
        return out

    @classmethod
    def from_dict(cls, data: object) -> "CupRules":
        """The cup's options (a preset, and options that override it); TournamentError lists every problem."""
        if not isinstance(data, dict):
            raise TournamentError([Problem("cup", "a cup's options are an object with a preset, or cup_points, "
                                                  "cup_total and minus_day_counts")])
        problems = []
        for key in data:
            if key not in FIELDS:
                problems.append(Problem("cup", "unknown cup option '{key}'", key=str(key)[:40]))
        preset = data.get("preset")
        if preset is not None and (not isinstance(preset, str) or preset not in PRESETS):
            problems.append(Problem("preset", "the cup's preset must be {choices}", choices=Alternatives(PRESETS)))
            preset = None
        base = PRESETS.get(preset, {})
        if "cup_points" not in data and not base:
            problems.append(Problem("cup_points", "a cup without a preset needs its cup_points: a list by place, the "
                                                  "1st place's first, or {systems}", systems=Alternatives(SYSTEMS)))
        points = data.get("cup_points", base.get("cup_points", []))
        if isinstance(points, str) and points in SYSTEMS:
            pass
        elif (isinstance(points, list) and len(points) <= 1000
              and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_POINTS for v in points)):
            points = tuple(points)
        else:
            problems.append(Problem("cup_points", "cup_points is a list of whole numbers from 0, the cup points of "
                                                  "the 1st place first, or {systems}", systems=Alternatives(SYSTEMS)))
            points = ()
        total = data.get("cup_total", base.get("cup_total", "sum"))
        best, plus_final, half = None, False, False
        found = _BEST.fullmatch(total) if isinstance(total, str) else None
        if found:
            best, plus_final = int(found.group(1)), bool(found.group(2))
        elif total == "best half":
            half = True
        elif total != "sum":
            problems.append(Problem("cup_total", "cup_total is \"sum\", \"best N\", \"best N+final\" or \"best "
                                                 "half\", N the number of tournaments that count, like \"best 10\""))
        final = data.get("final")
        if final is not None and not (isinstance(final, int) and not isinstance(final, bool) and 1 <= final <= 10_000):
            problems.append(Problem("final", "final is the number of the tournament that is the season's final, "
                                             "counted from 1"))
            final = None
        minus = data.get("minus_day_counts", True)
        if not isinstance(minus, bool):
            problems.append(Problem("minus_day_counts", "minus_day_counts is true or false"))
            minus = True
        ties = data.get("cup_ties", base.get("cup_ties", "places"))
        if not isinstance(ties, str) or ties not in TIES:
            problems.append(Problem("cup_ties", "cup_ties must be {choices}", choices=Alternatives(TIES)))
            ties = "places"
        if problems:
            raise TournamentError(problems)
        return cls(points, best, minus, plus_final, half, final, ties, preset)


@dataclass(frozen=True)
class CupLine:
    """A player's line of the cup: his place (shared when tied), his cup total, and per tournament (in the order
    given) his place there and the cup points it brings (None: he did not play it; 0 on a minus day that does not
    count) and whether they count toward the total; `results` the counted cup points, highest first; `played` the
    tournaments in whose standings he stands; `player` his number among the cup's players (first met first)."""

    place: int
    name: str
    total: int
    places: tuple[int | None, ...]
    points: tuple[int | None, ...]
    counted: tuple[bool, ...]
    results: tuple[int, ...] = ()
    played: int = 0
    player: int = 0


def same_rules(tournaments) -> None:
    """TournamentError unless every tournament is of the first's game and rule set (§5, §8.2)."""
    if not tournaments:
        return
    first = tournaments[0].tournament
    for number, standings in enumerate(tournaments[1:], start=2):
        t = standings.tournament
        if t.game.key != first.game.key or t.rules != first.rules:
            raise TournamentError([Problem("cup", "the tournaments of a cup are of one game and one rule set: "
                                                  "tournament {n} is not", n=number)])


def cup(tournaments: Iterable[Standings], rules: CupRules) -> tuple[CupLine, ...]:
    """The cup standings of `tournaments` (each a tournament's Standings, in the season's order): every player in
    their standings, by place, those sharing a place in the order first met (tournament by tournament, each in its
    players' order).

    A player sharing a place earns that place's cup points. Ties of the cup total are broken as `rules.ties` says;
    players still tied share the place."""
    tournaments = list(tournaments)
    same_rules(tournaments)
    if rules.final is not None and rules.final > len(tournaments):
        raise TournamentError([Problem("final", "final {n} is no tournament's number: the cup has {count}",
                                       n=rules.final, count=len(tournaments))])
    names: dict[str, str] = {}
    rows: dict[str, list] = {}
    for i, standings in enumerate(tournaments):
        t = standings.tournament
        field = len(standings.standings)
        by_player = {s.player: s for s in standings.standings}
        for p, name in enumerate(t.players):
            s = by_player[p]
            key = name_key(name)
            names.setdefault(key, name)
            row = rows.setdefault(key, [None] * len(tournaments))
            earned = rules.points_for(s.place, s.schrift, field)
            if s.total < 0 and not rules.minus_day_counts:
                earned = 0
            row[i] = (s.place, earned)
    keys = list(rows)
    final = None if rules.final is None else rules.final - 1
    count = rules.counting(len(tournaments))
    lines = []
    for key in keys:
        row = rows[key]
        played = [i for i, e in enumerate(row) if e is not None]
        chosen = played
        if count is not None:   # the N best (of equal ones, the earlier tournament)
            if rules.plus_final and final is not None:
                others = [i for i in played if i != final]
                chosen = sorted(others, key=lambda i: (-row[i][1], i))[:count] + ([final] if final in played else [])
            else:
                chosen = sorted(played, key=lambda i: (-row[i][1], i))[:count]
        results = tuple(sorted((row[i][1] for i in chosen), reverse=True))
        lines.append((key, sum(results), row, set(chosen), results, len(played)))
    widest = max((s.place for st in tournaments for s in st.standings), default=1)
    longest = max((len(line[4]) for line in lines), default=0)

    def order_key(line) -> tuple:
        _, total, row, _, results, played = line
        if rules.ties == "results":
            return (total, results + (0,) * (longest - len(results)), played)
        count = Counter(e[0] for e in row if e is not None)
        return (total, tuple(count[k] for k in range(1, widest + 1)))

    placed = places([order_key(line) for line in lines])
    order = sorted(range(len(lines)), key=lambda i: (placed[i], i))
    return tuple(CupLine(placed[i], names[lines[i][0]], lines[i][1],
                         tuple(None if e is None else e[0] for e in lines[i][2]),
                         tuple(None if e is None else e[1] for e in lines[i][2]),
                         tuple(j in lines[i][3] for j in range(len(tournaments))), lines[i][4], lines[i][5], i)
                 for i in order)
