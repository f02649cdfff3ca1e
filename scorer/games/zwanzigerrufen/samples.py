"""Zwanzigerrufen's sample partie (`Game.sample_partie`): the Vorhand's Normalspiel with a partner, now and then a
Solo, the card points varied, reproducible, for the tests' walk over every page and the benchmarks."""

from __future__ import annotations

import random

from ...partie import Partie
from .deals import Deal
from .rules import RuleSet


def sample_partie(n: int, seed: int = 7) -> Partie:
    """A partie of four with `n` deals, every one valid."""
    rng = random.Random(seed)
    deals = []
    for i in range(n):
        dealer = i % 4
        vorhand = (dealer + 1) % 4
        if rng.random() < 0.8:
            partner = (vorhand + rng.randint(1, 3)) % 4
            deals.append(Deal("game", dealer, "normalspiel", vorhand, card_points=rng.randint(33, 55), partner=partner))
        else:
            deals.append(Deal("game", dealer, rng.choice(("solo", "farbensolo")), rng.randrange(4),
                              card_points=rng.randint(33, 55)))
    return Partie(("Anna", "Bernd", "Cilli", "Dora"), RuleSet.default(), tuple(deals), 0)
