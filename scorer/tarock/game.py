"""`TarockGame`: the base of every Tarock game's `Game` (Strohmandeln, Bavarian Tarock, Königrufen, Zwanzigerrufen,
Tapp-Tarock): a `Game` whose engine reads a settlement's first k deals off its results and counts its games, whose
tables have their own figures for the Runde, whose settlement has the players' money, and whose samples module gives
its sample partie. A game that is not Tarock (the tests' coin toss) subclasses `Game` itself and keeps its defaults.

`RadlGame`: the base of the Tarock games played by sides round the table in Radls (Königrufen, Zwanzigerrufen,
Tapp-Tarock: `scorer.tarock.radl`), whose contracts agree on their partie file and their results.
"""

from __future__ import annotations

from decimal import Decimal
from types import ModuleType

from ..game import ZERO, Closing, Game


class TarockGame(Game):
    """A Tarock game: its engine has `upto(settlement, k)` and `games_counted(settlement)`, its tables
    `figures(settlement)`, its settlement `money` (and `doubled_pending` where it has `doubled_rounds`), its `samples`
    module `sample_partie(deals, seed)`."""

    samples: ModuleType

    def sample_partie(self, deals: int = 1, seed: int = 7):
        return self.samples.sample_partie(deals, seed)

    def upto(self, settlement, k: int):
        return settlement if k >= len(settlement.deals) else self.engine.upto(settlement, k)

    def games_counted(self, settlement) -> int:
        return self.engine.games_counted(settlement)

    def figures(self, settlement) -> list[tuple]:
        return self.tables.figures(settlement)

    def money(self, settlement) -> tuple:
        return tuple(settlement.money)

    def doubled_pending(self, settlement) -> int:
        return settlement.doubled_pending if self.doubled_rounds else 0

    def at_the_end(self, settlement, choice: str | None = None, carried: Decimal = ZERO) -> Closing | None:
        """Each player's money at the end of the evening: the settlement's money, closed by the game (`close`)."""
        return self.close(self.money(settlement), self.pot(settlement), choice, carried)


class RadlGame(TarockGame):
    """A Tarock game played by sides round the table in Radls: its partie file stores the full rule set (§9 of
    RULES-KOENIGRUFEN.md and RULES-ZWANZIGERRUFEN.md, §7 of RULES-TAPP.md) and holds at most 10,000 deals (§13 of
    each), and each result says who sat the deal out (None: nobody)."""

    rules_in_full = True
    max_deals = 10_000

    def sitting_out(self, result):
        return result.sitting_out
