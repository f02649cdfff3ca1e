"""Tapp-Tarock's sample partie (`Game.sample_partie`): Dreier to Solo by any of three players, the card points
varied within what each contract allows, reproducible, for the tests' walk over every page and the benchmarks."""

from __future__ import annotations

import random

from ...partie import Partie
from .deals import Deal
from .rules import CONTRACTS, RuleSet


def sample_partie(n: int, seed: int = 7) -> Partie:
    """A partie of three with `n` deals, every one valid."""
    rng = random.Random(seed)
    deals = tuple(Deal("game", i % 3, rng.choice(CONTRACTS), rng.randrange(3), card_points=rng.randint(20, 50))
                  for i in range(n))
    return Partie(("Anna", "Bernd", "Cilli"), RuleSet.default(), deals, 0)
