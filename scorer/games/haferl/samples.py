"""Bavarian Tarock's sample partie (`Game.sample_partie`): pickups and Hand games, now and then a redeal,
reproducible, for the tests' walk over every page and the benchmarks."""

from __future__ import annotations

import random

from .deals import Deal
from .rules import RuleSet
from ...partie import Partie


def sample_partie(n: int, seed: int = 7) -> Partie:
    """A partie of four with `n` deals."""
    rng = random.Random(seed)
    deals = []
    dealer = 3
    for _ in range(n):
        if rng.random() < 0.05:
            deals.append(Deal("redeal", dealer))
        else:
            deals.append(Deal("game", dealer, declarer=(dealer + 1 + rng.randint(0, 2)) % 4,
                              contract=rng.choice(["pickup", "pickup", "hand"]),
                              declarer_points=rng.choice([40, 55, 61, 67, 72, 80, 90])))
        dealer = (dealer + 1) % 4
    rules = RuleSet.from_dict({"preset": "haferl", "ante": "0.50"})
    return Partie(("Anna", "Bernd", "Clara", "Dieter"), rules, tuple(deals), 3)
