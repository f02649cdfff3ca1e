"""The draw of a round's tables (RULES-TOURNAMENT.md §2): a seeded random draw that keeps repeated pairs few, and
a draw by the standings. Pure: the seed is given (and stored with the round), so the same seed and the same players
give the same draw."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from .problems import Problem, TournamentError
from .scoring import Round, Table, Tournament
from .seating import Seating, seat

TRIES = 200   # seeded shuffles a random draw looks at (§2: a bounded search, not an optimum)


def _present(tournament: Tournament, present) -> list[int]:
    """The present players, as sorted indices; TournamentError for one the tournament does not have."""
    given = set(present)
    wrong = [p for p in given if not (isinstance(p, int) and not isinstance(p, bool)
                                      and 0 <= p < len(tournament.players))]
    if wrong:
        raise TournamentError([Problem("players", "'{value}' is not a player's number: the tournament's players are "
                                                  "counted from 0 to {last}", value=str(wrong[0])[:20],
                                       last=len(tournament.players) - 1)])
    return sorted(given)


def pairs_met(rounds) -> set[frozenset]:
    """Every pair of players who sat at one table in `rounds`."""
    return {frozenset(pair) for rnd in rounds for t in rnd.tables for pair in combinations(t.players, 2)}


def times_out(rounds) -> Counter:
    """How often each player sat a round out."""
    return Counter(p for rnd in rounds for p in rnd.out)


def repeated_pairs(tables, met: set[frozenset]) -> int:
    """How many pairs at these tables sat together before."""
    return sum(1 for t in tables for pair in combinations(t, 2) if frozenset(pair) in met)


def _split(order: list[int], seating: Seating, outs: Counter) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The tables of `order` in turn (sizes in seating order), after taking out those who sit out: of those who sat
    out least so far, the last in `order` (each player at most once while he can)."""
    out: tuple[int, ...] = ()
    if seating.out:
        by_turn = sorted(range(len(order)), key=lambda i: (outs[order[i]], -i))
        out = tuple(order[i] for i in sorted(by_turn[:seating.out]))
        gone = set(out)
        order = [p for p in order if p not in gone]
    tables, start = [], 0
    for size in seating.sizes:
        tables.append(tuple(order[start:start + size]))
        start += size
    return tuple(tables), out


def random_draw(tournament: Tournament, present, seed: int) -> Round:
    """The next round's tables by lot: of `TRIES` shuffles of the present players drawn from `seed`, the first
    with the fewest repeated pairs of the rounds so far (in round 1 the first shuffle). Seats follow the shuffle,
    so the first listed deals first."""
    players = _present(tournament, present)
    seating = seat(tournament.sizes, len(players))
    met, outs = pairs_met(tournament.rounds), times_out(tournament.rounds)
    rng = random.Random(seed)
    best = None
    for _ in range(TRIES):
        order = list(players)
        rng.shuffle(order)
        tables, out = _split(order, seating, outs)
        found = (sum(outs[p] for p in out), repeated_pairs(tables, met))
        if best is None or found < best[0]:
            best = (found, tables, out)
        if found == (0, 0):
            break
    _, tables, out = best
    return Round(tuple(Table(t) for t in tables), seed, out)


def standings_draw(tournament: Tournament, present, order, seed: int | None = None) -> Round:
    """The next round's tables by the standings (option `draw: "standings"`): `order` is the players by place
    (players it lacks, late entries, come after it in the order of `players`); the first four (or five) at table
    1 and so on, the tables of the main size first; seats follow the order. At tables of two with an odd number, of
    those who sat out least the lowest placed sits out."""
    players = _present(tournament, present)
    seating = seat(tournament.sizes, len(players))
    here = set(players)
    ranked = [p for p in order if p in here]
    ranked += [p for p in players if p not in set(ranked)]
    tables, out = _split(ranked, seating, times_out(tournament.rounds))
    return Round(tuple(Table(t) for t in tables), seed, out)


def draw(tournament: Tournament, present, seed: int, standings=None) -> Round:
    """The next round's draw as the tournament's scoring says (§2): round 1 and option `draw: "random"` by lot,
    later rounds under `draw: "standings"` by `standings` (the Standings after the previous round)."""
    if tournament.rounds and tournament.scoring.draw == "standings":
        if standings is None:
            raise TournamentError([Problem("draw", "a draw by the standings needs the standings of the rounds so far")])
        return standings_draw(tournament, present, [s.player for s in standings.standings], seed)
    return random_draw(tournament, present, seed)
