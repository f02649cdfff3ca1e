"""How many tables of which size `n` players make (RULES-TOURNAMENT.md §2), from the table sizes the game seats
(`Game.players`): as many tables of four as possible, the rest at tables of the other size (Königrufen: five,
Bavarian Tarock: three); a game of one table size (Strohmandeln: two) seats as many tables as it can and the rest
sit the round out."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..words import Either, Plural
from .problems import Problem, TournamentError

MAIN = 4   # the table size a tournament seats as often as it can, when the game has it


@dataclass(frozen=True)
class Seating:
    """The tables of a round: their sizes in table order (the main size first), and how many sit out."""

    sizes: tuple[int, ...]
    out: int = 0

    @property
    def players(self) -> int:
        return sum(self.sizes) + self.out


def main_size(sizes: tuple[int, ...]) -> int:
    """The size a tournament fills first: four, or the game's largest."""
    return MAIN if MAIN in sizes else max(sizes)


def sizes_in_order(sizes) -> tuple[int, ...]:
    """A game's table sizes as a tournament's pages list them: the main size (the one seated most) first, then the
    others from the largest (Königrufen: 4, 5; Bavarian Tarock: 4, 3)."""
    sizes = tuple(sizes)
    main = main_size(sizes)
    return (main,) + tuple(sorted((s for s in set(sizes) if s != main), reverse=True))


@lru_cache(maxsize=1024)
def seating(sizes: tuple[int, ...], n: int) -> Seating | None:
    """The tables of `n` players for a game seated at tables of `sizes`; None when they cannot be seated.

    With several sizes: the most tables of the main size whose remaining players make whole tables of the other
    sizes (the fewest of them), no one sitting out: Königrufen's n mod 4 tables of five, Bavarian Tarock's
    (-n) mod 4 tables of three. With one size: n // size tables, the rest sitting out (at most one at
    Strohmandeln's tables of two). At least one table."""
    main = main_size(sizes)
    others = sorted((s for s in set(sizes) if s != main), reverse=True)
    if not others:
        tables = n // main
        return Seating((main,) * tables, n - tables * main) if tables else None
    for k in range(n // main, -1, -1):
        rest = _fewest(tuple(others), n - k * main)
        if rest is not None and k + len(rest) > 0:
            return Seating((main,) * k + rest)
    return None


@lru_cache(maxsize=4096)
def _fewest(sizes: tuple[int, ...], n: int) -> tuple[int, ...] | None:
    """The fewest tables of `sizes` (largest first) seating exactly `n`; None if none do."""
    if n == 0:
        return ()
    best = None
    for s in sizes:
        if s <= n:
            rest = _fewest(sizes, n - s)
            if rest is not None and (best is None or len(rest) + 1 < len(best)):
                best = tuple(sorted((s,) + rest, reverse=True))
    return best


def seat(sizes: tuple[int, ...], n: int) -> Seating:
    """The tables of `n` players, or TournamentError saying they cannot be seated and what to do (§2)."""
    found = seating(tuple(sizes), n)
    if found is None:
        said = Either(sorted(set(sizes)))
        raise TournamentError([Problem("players", "{problem}", problem=Plural(
            "{n} player cannot be seated at tables of {sizes}: let another player join, or one withdraw",
            "{n} players cannot be seated at tables of {sizes}: let another player join, or one withdraw",
            n=n, sizes=said))])
    return found
