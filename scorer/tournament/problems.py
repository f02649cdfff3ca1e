"""What is wrong with a tournament, said so that an organiser understands it: the shared Problem, this error, and
the problems of a table's partie said of their round, table and deal."""

from __future__ import annotations

from ..problems import Problem, ScoringError

__all__ = ["Problem", "TournamentError", "at_round", "at_table"]


class TournamentError(ScoringError):
    """A tournament, its scoring options, a draw or a cup that cannot be scored, with every reason why."""


def at_round(problem: Problem, round_number: int) -> Problem:
    """The problem, said of round `round_number` (1-based)."""
    return Problem(problem.field, "round {round}: {problem}", round=round_number, problem=problem)


def at_table(problem: Problem, round_number: int, table: int, deal: int | None = None) -> Problem:
    """A problem of a table's partie (its deal `deal`, 1-based, or the deal the problem names), said of its
    round, table and deal."""
    deal = deal or problem.deal
    if deal:
        return Problem(problem.field, "round {round}, table {table}, deal {number}: {problem}", round=round_number,
                       table=table, number=deal, problem=problem)
    return Problem(problem.field, "round {round}, table {table}: {problem}", round=round_number, table=table,
                   problem=problem)
