"""The fake game as the scorer knows it: `CoinToss`, a `Game` that sets only what it must (tests only)."""

from __future__ import annotations

from scorer.game import Game
from scorer.words import N_

from scorer.partie import Partie

from . import CoinError, Deal, RuleSet, engine, file, tables


class CoinToss(Game):
    """The fake game: only what it must set; every hook keeps the base's default."""
    key = "coin-toss"
    name = N_("Coin toss")
    players = (2, 3)
    engine = engine
    file = file
    tables = tables
    error = CoinError
    choice = N_("Coin toss (2 or 3)")
    web = "tests.fakegame.web"
    templates = "coin"

    def sample_partie(self, deals: int = 1, seed: int = 7):
        players = ("Anna", "Bernd", "Clara")
        return Partie(players, RuleSet.default(), tuple(Deal("game", i % 3, (i + seed) % 3) for i in range(deals)))


GAME = CoinToss()
