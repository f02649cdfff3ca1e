"""The games the scorer keeps, side by side: which engine, file format and words belong to a partie.

Each game is its own pure engine (`scorer.strohmandeln`, `scorer.haferl`); what they share is the
`Partie` (players, rule set, deals in order, first dealer), the `Problem`/`ScoringError` of a bad entry,
the translatable words, and this registry, through which the command line and the web app reach the
right engine for a partie.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import haferl, koenigrufen, strohmandeln
from .haferl import file as haferl_file
from .koenigrufen import file as koenigrufen_file
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
# Scored by the engine and the command line, not yet offered by the web app (which reads only GAMES):
# Königrufen has no form, board or store yet.
KOENIGRUFEN = Game("koenigrufen", N_("Königrufen"), koenigrufen_file.FORMAT, koenigrufen, koenigrufen.RuleSet, (4, 5))
ENGINE_ONLY = {KOENIGRUFEN.key: KOENIGRUFEN}


def game_of(thing) -> Game:
    """The game of a partie, a settlement or a rule set."""
    rules = getattr(getattr(thing, "partie", thing), "rules", thing)
    if isinstance(rules, koenigrufen.RuleSet):
        return KOENIGRUFEN
    return HAFERL if isinstance(rules, haferl.RuleSet) else STROHMANDELN
