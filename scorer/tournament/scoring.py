"""A tournament and its standings (RULES-TOURNAMENT.md §1, §3, §4): each table's partie replayed by its game (the
registry's `Game`), each player's Schrift, table ranks and rank points with shared ties (exact fractions), the
totals, the tie-breaks and the places."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..game import Game
from ..partie import Partie, check_name, name_key
from ..problems import ScoringError
from ..words import Either
from .problems import Problem, TournamentError, at_round, at_table
from .rules import Scoring


@dataclass(frozen=True)
class Table:
    """A table of a round: its players (indices into the tournament's players) in seating order, the first
    dealing first, and its partie's deals, with seats counted at the table (0: the first player)."""

    players: tuple[int, ...]
    deals: tuple = ()


@dataclass(frozen=True)
class Round:
    """A round: its tables (numbered from 1 in this order), the seed of its draw, and who sat it out though
    present (a table of two with an odd number of players)."""

    tables: tuple[Table, ...]
    seed: int | None = None
    out: tuple[int, ...] = ()

    def with_deals(self, table: int, deals) -> "Round":
        """The round with table number `table` (1-based) playing `deals`."""
        tables = list(self.tables)
        tables[table - 1] = replace(tables[table - 1], deals=tuple(deals))
        return replace(self, tables=tuple(tables))


@dataclass(frozen=True)
class Tournament:
    """A tournament: its game and rule set (the same at every table), its scoring options, its players (late
    entries appended; a withdrawn player stays, with the rounds he played) and its rounds so far."""

    game: Game
    rules: object
    players: tuple[str, ...]
    rounds: tuple[Round, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)

    @property
    def sizes(self) -> tuple[int, ...]:
        """The table sizes its game seats."""
        return tuple(self.game.players)

    def partie(self, round_number: int, table: int) -> Partie:
        """The partie of table `table` in round `round_number` (both 1-based)."""
        t = self.rounds[round_number - 1].tables[table - 1]
        return Partie(tuple(self.players[p] for p in t.players), self.rules, tuple(t.deals),
                      t.deals[0].dealer if t.deals else 0)

    def with_round(self, new: Round) -> "Tournament":
        """The tournament with one more round."""
        return replace(self, rounds=self.rounds + (new,))

    def with_player(self, name: str) -> "Tournament":
        """The tournament with a late entry (between rounds); TournamentError if the name is empty, too long or
        taken."""
        problems: list = []
        clean = check_name(name, problems) if isinstance(name, str) else ""
        if not clean:
            problems.append(Problem("players", "each player needs a name"))
        elif any(name_key(clean) == name_key(p) for p in self.players):
            problems.append(Problem("players", "the players need different names"))
        if problems:
            raise TournamentError(problems)
        return replace(self, players=self.players + (clean,))


@dataclass(frozen=True)
class TableResult:
    """One table of a round, scored: per seat its Schrift, table rank and rank points (exact)."""

    number: int
    players: tuple[int, ...]
    settlement: object
    games: int
    schrift: tuple[int, ...]
    rank: tuple[int, ...]
    rank_points: tuple[Fraction, ...]


@dataclass(frozen=True)
class Standing:
    """A player's line of the standings: his place (shared when tied), Schrift, rank points and total over the
    rounds he played, his table rank and his round's value (for `best_round`) in each of them."""

    place: int
    player: int
    schrift: int
    rank_points: Fraction
    total: Fraction
    table_ranks: tuple[int, ...]
    rounds: tuple[int, ...]          # the rounds he played (1-based)
    round_values: tuple[Fraction, ...]

    @property
    def best_round(self) -> Fraction | None:
        return max(self.round_values) if self.round_values else None

    @property
    def second_best_round(self) -> Fraction | None:
        """The second of his rounds' values, highest first (§8.1); None with fewer than two rounds."""
        return sorted(self.round_values, reverse=True)[1] if len(self.round_values) > 1 else None


@dataclass(frozen=True)
class Standings:
    """A tournament scored: every round's tables and the standings, by place."""

    tournament: Tournament
    rounds: tuple[tuple[TableResult, ...], ...]
    standings: tuple[Standing, ...]

    def of(self, player: int) -> Standing:
        return next(s for s in self.standings if s.player == player)

    def lot(self, player: int) -> str:
        """The player's lot (§8.1): the SHA-256 digest, in hexadecimal, that `lot` compares (the smaller first)."""
        return lot_digest(lot_seed(self.tournament), self.tournament.players[player])


def lot_seed(tournament: Tournament) -> int:
    """The seed the lot is drawn with: round 1's (0 when there is none)."""
    seed = tournament.rounds[0].seed if tournament.rounds else None
    return 0 if seed is None else seed


def lot_digest(seed: int, name: str) -> str:
    """The SHA-256 digest of the UTF-8 text "<seed>:<name>" in 64 hexadecimal digits (§8.1): a lot every
    implementation draws alike and anyone can check ("11:Ida" gives b01c58b3…)."""
    import hashlib

    return hashlib.sha256(f"{seed}:{name}".encode("utf-8")).hexdigest()


def decimal_text(value: Fraction | int) -> str:
    """An exact value written rounded half up (away from zero: a negative mirrors its positive) to one decimal,
    without a trailing ".0": "60", "52.5", "26.7", "-20" (§6)."""
    value = Fraction(value)
    tenths, rest = divmod(abs(value.numerator) * 10, value.denominator)
    if 2 * rest >= value.denominator:
        tenths += 1
    whole, tenth = divmod(tenths, 10)
    sign = "-" if value < 0 and tenths else ""
    return f"{sign}{whole}" if not tenth else f"{sign}{whole}.{tenth}"


def place_text(place: int) -> str:
    """A place as the standings write it: "3."."""
    return f"{place}."


def table_ranks(schrift, points) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """Each seat's table rank and rank points (§4): ordered by Schrift, highest first; players tied share equally
    the rank points of the places they occupy, and their rank is the best of those places."""
    order = sorted(range(len(schrift)), key=lambda s: -schrift[s])
    ranks, shares = [0] * len(schrift), [Fraction(0)] * len(schrift)
    i = 0
    while i < len(order):
        j = i
        while j < len(order) and schrift[order[j]] == schrift[order[i]]:
            j += 1
        share = Fraction(sum(Fraction(points[k]) for k in range(i, j)), j - i)
        for k in range(i, j):
            ranks[order[k]], shares[order[k]] = i + 1, share
        i = j
    return tuple(ranks), tuple(shares)


def places(keys) -> tuple[int, ...]:
    """Each entry's place by its key (higher is better): tied keys share a place, and the next place skips as many
    ("3.", "3.", "5.")."""
    order = sorted(range(len(keys)), key=lambda i: keys[i], reverse=True)
    out = [0] * len(keys)
    for position, i in enumerate(order):
        same = position and keys[order[position - 1]] == keys[i]
        out[i] = out[order[position - 1]] if same else position + 1
    return tuple(out)


def check_tables(tournament: Tournament) -> list[Problem]:
    """Every problem of the rounds' tables, before any deal: players that are not the tournament's, a player at
    two tables of a round (or at one and sitting out), a table of a size the game does not seat."""
    problems = []
    n, sizes = len(tournament.players), tournament.sizes
    for r, rnd in enumerate(tournament.rounds, start=1):
        where: dict[int, int] = {}
        for t, table in enumerate(rnd.tables, start=1):
            if len(table.players) not in sizes:
                problems.append(at_table(Problem("players", "{game} is played at tables of {sizes}, not of {n}",
                                                 game=tournament.game.name, sizes=Either(sorted(set(sizes))),
                                                 n=len(table.players)), r, t))
            for p in table.players:
                if not (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n):
                    problems.append(at_table(Problem("players", "'{value}' is not a player's number: the "
                                                     "tournament's players are counted from 0 to {last}",
                                                     value=str(p)[:20], last=n - 1), r, t))
                elif where.get(p) == t:
                    problems.append(at_table(Problem("players", "{name} is listed twice at this table",
                                                     name=tournament.players[p]), r, t))
                elif p in where:
                    problems.append(at_round(Problem("players", "{name} sits at table {first} and at table "
                                                     "{second}", name=tournament.players[p], first=where[p],
                                                     second=t), r))
                else:
                    where[p] = t
        for p in rnd.out:
            if not (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n):
                problems.append(at_round(Problem("out", "'{value}' is not a player's number: the tournament's "
                                                 "players are counted from 0 to {last}", value=str(p)[:20],
                                                 last=n - 1), r))
            elif p in where:
                problems.append(at_round(Problem("out", "{name} sits at table {first} and sits the round out too",
                                                 name=tournament.players[p], first=where[p]), r))
    return problems


def score(tournament: Tournament, *, checked: bool = False) -> Standings:
    """The tournament's standings; TournamentError lists every problem, naming round, table and deal.

    `checked`: every deal already passed the game's `check` (a tournament file read did)."""
    problems: list = []
    standings = scored(tournament, problems, checked=checked)
    if problems:
        raise TournamentError(problems)
    return standings


def scored(tournament: Tournament, problems: list, *, checked: bool = False) -> Standings | None:
    """The standings, or None with every problem added to `problems` (a table holding a deal that could not be
    read, None, is left out: its problems are said already). A table with a problem of its own (its size, a player
    who is not the tournament's) is not replayed; every other table is, so that its deals' problems are said too."""
    found = check_tables(tournament)
    problems.extend(found)
    unseated = {(p.args.get("round"), p.args.get("table")) for p in found if "table" in p.args}
    game, scoring = tournament.game, tournament.scoring
    rounds, failed = [], bool(found)
    for r, rnd in enumerate(tournament.rounds, start=1):
        tables = []
        for t, table in enumerate(rnd.tables, start=1):
            if any(d is None for d in table.deals) or (r, t) in unseated:
                failed = True
                continue
            try:
                settlement = game.replay(tournament.partie(r, t), checked=checked)
            except ScoringError as exc:
                problems.extend(at_table(p, r, t) for p in exc.problems)
                failed = True
                continue
            size = len(table.players)
            games, allowed = game.games_counted(settlement), scoring.games_at(size)
            if games > allowed:
                problems.append(at_table(Problem("deals", "{games} games are more than the {max} of a round at a "
                                                          "table of {size}", games=games, max=allowed, size=size),
                                         r, t))
                failed = True
            schrift = game.schrift(settlement)
            ranks, shares = table_ranks(schrift, scoring.rank_points_at(size))
            tables.append(TableResult(t, tuple(table.players), settlement, games, schrift, ranks, shares))
        rounds.append(tuple(tables))
    if failed:
        return None
    return Standings(tournament, tuple(rounds), rank(tournament, rounds))


def round_value(total: str, schrift: int, rank_points: Fraction) -> Fraction:
    """What a round counts toward the total (and `best_round`) under option `total`."""
    if total == "schrift":
        return Fraction(schrift)
    if total == "rank":
        return rank_points
    return schrift + rank_points


def tie_value(name: str, standing: Standing, tournament: Tournament) -> tuple:
    """What tie-break `name` compares of a player's line (higher ranks first; §4, §8.1): his count of each table rank
    (the more first ranks, the better), his best or second-best round (none, with too few rounds, after any), his
    Schrift, or his lot (the smaller digest first)."""
    if name == "table_ranks":
        counts = Counter(standing.table_ranks)
        return tuple(counts[k] for k in range(1, max(tournament.sizes) + 1))
    if name == "best_round":
        return (1, standing.best_round) if standing.round_values else (0, 0)
    if name == "second_best_round":
        second = standing.second_best_round
        return (1, second) if second is not None else (0, 0)
    if name == "lot":
        return (-int(lot_digest(lot_seed(tournament), tournament.players[standing.player]), 16),)
    return (standing.schrift,)


def rank(tournament: Tournament, rounds) -> tuple[Standing, ...]:
    """The standings: every player once, by place; players sharing a place in the order of `players` (§4, §6)."""
    scoring = tournament.scoring
    n = len(tournament.players)
    lines: list[dict] = [{"schrift": 0, "rank_points": Fraction(0), "ranks": [], "rounds": [], "values": []}
                         for _ in range(n)]
    for r, tables in enumerate(rounds, start=1):
        for table in tables:
            for seat, p in enumerate(table.players):
                line = lines[p]
                line["schrift"] += table.schrift[seat]
                line["rank_points"] += table.rank_points[seat]
                line["ranks"].append(table.rank[seat])
                line["rounds"].append(r)
                line["values"].append(round_value(scoring.total, table.schrift[seat], table.rank_points[seat]))
    unplaced = [Standing(0, p, line["schrift"], line["rank_points"],
                         round_value(scoring.total, line["schrift"], line["rank_points"]), tuple(line["ranks"]),
                         tuple(line["rounds"]), tuple(line["values"])) for p, line in enumerate(lines)]
    keys = [(s.total,) + tuple(tie_value(name, s, tournament) for name in scoring.tie_breaks) for s in unplaced]
    placed = places(keys)
    order = sorted(range(n), key=lambda p: (placed[p], p))
    return tuple(replace(unplaced[p], place=placed[p]) for p in order)


def broken_by(standings: Standings, first: Standing, second: Standing) -> str | None:
    """The tie-break that put `first` before `second` when their totals are equal (the first of the tournament's
    tie-breaks on which they differ), None if their totals differ or they are still tied."""
    if first.total != second.total:
        return None
    t = standings.tournament
    for name in t.scoring.tie_breaks:
        if tie_value(name, first, t) != tie_value(name, second, t):
            return name
    return None
