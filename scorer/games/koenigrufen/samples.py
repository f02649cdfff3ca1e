"""Königrufen's sample partie (`Game.sample_partie`): the Vorhand's Rufer, the partner and the card points varied,
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
    for i in range(n):
        dealer = i % 4
        declarer = (dealer + 1) % 4   # only Vorhand may play a Rufer
        partner = (declarer + 1 + rng.randint(0, 2)) % 4
        deals.append(Deal("game", dealer, contract="rufer", declarer=declarer, partner=partner,
                          card_points=3 * rng.randint(20, 60)))
    return Partie(("Anna", "Bernd", "Clara", "Dieter"), RuleSet.default(), tuple(deals), 0)
