"""What the Tarock games of the scorer have alike, in one home: `TarockGame`, the base of Strohmandeln, Bavarian
Tarock and Königrufen (a `Game` whose engine reads a settlement's first k deals off its results and counts its
games, whose tables have their own figures for the Runde, and whose web module settles the evening and lays out
the end page). A game that is not Tarock (the tests' coin toss) subclasses `Game` itself and keeps its defaults.
"""

from __future__ import annotations

from .game import Game


class TarockGame(Game):
    """A Tarock game: its engine has `upto(settlement, k)` and `games_counted(settlement)`, its tables
    `figures(settlement)`, its web module `at_the_end(settlement, choice)` and `end_context(settlement)`."""

    def upto(self, settlement, k: int):
        return settlement if k >= len(settlement.deals) else self.engine.upto(settlement, k)

    def games_counted(self, settlement) -> int:
        return self.engine.games_counted(settlement)

    def figures(self, settlement) -> list[tuple]:
        return self.tables.figures(settlement)

    def at_the_end(self, settlement, choice: str | None = None):
        return self.web_module().at_the_end(settlement, choice)

    def end_context(self, settlement) -> dict | None:
        return self.web_module().end_context(settlement)
