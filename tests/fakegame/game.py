"""The fake game as the scorer knows it: `CoinToss`, a `Game` that sets only what it must (tests only)."""

from __future__ import annotations

from scorer.game import Game
from scorer.words import N_

from . import CoinError, engine, file, tables


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


GAME = CoinToss()
