"""Strohmandeln's sample partie (`Game.sample_partie`): an evening's mix of deals, valid under the default rules,
reproducible, for the tests' walk over every page and the benchmarks."""

from __future__ import annotations

import random

from .deals import Bonus, Deal
from .rules import RuleSet
from ...partie import Partie


def sample_deals(n: int, seed: int = 7) -> list[Deal]:
    """A realistic evening's mix of deals (valid under the default rules), reproducible."""
    rng = random.Random(seed)
    deals = []
    dealer = 0
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            deals.append(Deal("misdeal", dealer, offender=dealer))
            continue
        if r < 0.05:
            deals.append(Deal("redeal", dealer, reason="no-tarock"))
            continue
        thirds = rng.choice([44, 62, 77, 90, 100, 105, 106, 107, 110, 120, 134, 140, 150, 165])
        bonuses = ()
        if rng.random() < 0.15:
            bonuses = (Bonus(rng.choice(["pagat", "uhu", "kakadu", "pagat_captured"]), rng.randint(0, 1)),)
        kind = "renonce" if r < 0.07 else "game"
        offender = None
        if kind == "renonce":
            offender = 1 - bonuses[0].player if bonuses else rng.randint(0, 1)
        deals.append(Deal(kind, dealer, undertaker=rng.choice([None, None, 0, 1]), card_points=(thirds, None),
                          bonuses=bonuses, offender=offender))
        dealer = 1 - dealer
    return deals


def sample_partie(n: int, seed: int = 7) -> Partie:
    """A partie of Anna and Bernd with `n` sample deals."""
    return Partie(("Anna", "Bernd"), RuleSet.default(), tuple(sample_deals(n, seed)))
