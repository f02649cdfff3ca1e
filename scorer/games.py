"""The games the scorer keeps, side by side: which engine, file format and words belong to a partie.

Each game is its own pure engine (`scorer.strohmandeln`, `scorer.haferl`); what they share is the
`Partie` (players, rule set, deals in order, first dealer), the `Problem`/`ScoringError` of a bad entry,
the translatable words, and this registry, through which the command line and the web app reach the
right engine for a partie.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import haferl, strohmandeln
from .haferl import file as haferl_file
from .words import N_, Term


@dataclass(frozen=True)
class Game:
    key: str
    name: Term
    format: str
    engine: object          # the module: RuleSet, Deal, check, replay, extend, preview, PRESETS, PRESET_NAMES
    rules: type
    players: tuple[int, ...]

    def replay(self, partie):
        return self.engine.replay(partie)

    def extend(self, settlement, deals):
        return self.engine.extend(settlement, deals)


STROHMANDELN = Game("strohmandeln", N_("Strohmandeln"), "strohmandeln-partie", strohmandeln, strohmandeln.RuleSet, (2,))
HAFERL = Game("haferltarock", N_("Bavarian Tarock"), haferl_file.FORMAT, haferl, haferl.RuleSet, (3, 4))
GAMES = {g.key: g for g in (STROHMANDELN, HAFERL)}


def game_of(thing) -> Game:
    """The game of a partie, a settlement or a rule set."""
    rules = getattr(getattr(thing, "partie", thing), "rules", thing)
    return HAFERL if isinstance(rules, haferl.RuleSet) else STROHMANDELN
