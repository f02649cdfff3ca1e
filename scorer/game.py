"""What a game brings to the scorer: the `Game`, one value per game that carries everything that is its own.

Nothing outside a game's own folders asks which game a partie is; it asks the partie's `Game` (found in the
registry, `scorer.games`) and the game answers. Modelled on python-chess's variants.

A game's pieces, all pure except `web`:
- `engine`: its rules package, with the same names in every game: `RuleSet` (`from_dict`, `from_stored`,
  `default`, `describe`, `to_dict`), `PRESETS`, `PRESET_NAMES`, `Deal`, `check(rules, deal, players)`,
  `replay(partie)`, `extend(settlement, deals)`, optionally `upto(settlement, k)` (the settlement after its
  first k deals, without scoring again), optionally `schrift(settlement)` (each player's written points, for a
  tournament: RULES-TOURNAMENT.md §1; without it the balance) and `games_counted(settlement)` (the deals that
  count as games of a tournament's round, misdeals and redeals aside; without it every deal);
- `file`: its partie file module: `FORMAT`, `VERSION`, `parse_players(raw, problems)`,
  `parse_deal(raw, problems)`, `deal_to_dict(deal)`, `settlement_to_dict(settlement)`;
- `tables`: its tables module: `rows(settlement, sheet)` for the CSV and Excel exports, `table(settlement)`
  for the command line;
- `web`: the dotted path of its web module, imported only when the web app asks (the engines and the
  command line never import Flask); `templates`: its templates folder.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from types import ModuleType


@dataclass(frozen=True)
class Game:
    key: str                    # stored in the database, in addresses and export names
    name: object                # a Term: the game's name as people read it
    players: tuple[int, ...]    # how many players a partie may have
    engine: ModuleType
    file: ModuleType
    tables: ModuleType
    error: type                 # the game's ScoringError
    choice: object = None       # a Term: the game as the new-partie page's game switch offers it
    web: str = ""               # dotted path of the web module
    templates: str = ""         # the templates folder of its own pages
    aliases: tuple[str, ...] = field(default=())   # older keys still found in stored parties

    @property
    def format(self) -> str:
        """The `format` of its partie file."""
        return self.file.FORMAT

    @property
    def rules(self) -> type:
        """Its RuleSet class."""
        return self.engine.RuleSet

    def check(self, rules, deal, players) -> list:
        return self.engine.check(rules, deal, players)

    def replay(self, partie, *, checked: bool = False):
        """The partie's settlement. `checked`: every deal already passed the game's `check` (a partie file
        read by `partie_file` did), so the engine may skip checking it again."""
        return self.engine.replay(partie, checked=checked)

    def extend(self, settlement, deals):
        return self.engine.extend(settlement, deals)

    def upto(self, settlement, k: int):
        """The settlement after the first `k` of `settlement`'s deals, as replaying only those would give: the
        engine's `upto` (read off the results), or a replay of those deals for an engine without one."""
        if k >= len(settlement.deals):
            return settlement
        upto = getattr(self.engine, "upto", None)
        if upto is not None:
            return upto(settlement, k)
        return self.replay(settlement.partie.with_deals(settlement.partie.deals[:k]))

    def schrift(self, settlement) -> tuple[int, ...]:
        """Each player's Schrift (the written points of a tournament, RULES-TOURNAMENT.md §1) of a settlement: the
        engine's `schrift`, or the settlement's balance (a game whose Kontra counts only in the money keeps it out
        of its balance). A table's Schrift sums to 0."""
        own = getattr(self.engine, "schrift", None)
        return tuple(own(settlement)) if own is not None else tuple(settlement.balance)

    def games_counted(self, settlement) -> int:
        """How many of a settlement's deals count as games of a tournament's round (RULES-TOURNAMENT.md §3: misdeals
        and redeals do not): the engine's `games_counted`, or every deal."""
        own = getattr(self.engine, "games_counted", None)
        return own(settlement) if own is not None else len(settlement.deals)

    def preview(self, partie, deal, index: int | None = None, settlement=None):
        """The result `deal` would have if recorded at `index` (0-based; default: as the next deal).

        With the partie's `settlement` at hand, the next deal is scored from it without replaying.
        Raises the game's error with the deal's own problems (not numbered).
        """
        found = self.check(partie.rules, deal, partie.players)
        if found:
            raise self.error(found)
        if settlement is not None and index is None:
            return self.extend(settlement, (deal,)).deals[-1]
        deals = list(partie.deals)
        index = len(deals) if index is None else index
        deals[index:index + 1] = [deal]
        return self.replay(partie.with_deals(deals[:index + 1])).deals[index]

    def web_module(self) -> ModuleType:
        """Its web module (forms and views), imported on first use."""
        return import_module(self.web)

    def __repr__(self) -> str:
        return f"Game({self.key!r})"
