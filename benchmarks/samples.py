"""Sample parties for the benchmarks (and the tests that need a big partie): each game's own sample partie (through
the seam, `Game.sample_partie`), Strohmandeln deals as unlike each other as the rules allow, and a Runde of five
years, reproducible."""

from __future__ import annotations

import datetime
import random

from scorer import games
from scorer.games.strohmandeln import Bonus, Deal, Partie, RuleSet


def sample_partie(n: int, seed: int = 7, game: str = "strohmandeln") -> Partie:
    """A partie of `game` (a key of the registry) with `n` sample deals: the game's own (`Game.sample_partie`)."""
    return games.by_key(game).sample_partie(n, seed)


def sample_deals(n: int, seed: int = 7) -> list[Deal]:
    """A realistic evening's mix of Strohmandeln deals (valid under the default rules), reproducible."""
    return list(sample_partie(n, seed).deals)


def sample_varied(n: int, seed: int = 7) -> list[Deal]:
    """Deals as unlike each other as the rules allow (the worst case for remembering repeated deals):
    any pile of whole tricks for either player, any undertaker, up to three bonuses each to either player,
    Kontra; each one checked valid under the default rules. Reproducible."""
    from scorer.games.strohmandeln.deals import check
    rules = RuleSet.default()
    piles = sorted(rules.pack.reachable)
    names = sorted(rules.bonuses)
    rng = random.Random(seed)
    deals: list[Deal] = []
    dealer = 0
    while len(deals) < n:
        value = rng.choice(piles)
        undertaker = rng.choice([None, 0, 1])
        bonuses = tuple(Bonus(name, rng.randint(0, 1)) for name in rng.sample(names, rng.randint(0, 3)))
        kind = "renonce" if rng.random() < 0.05 else "game"
        deal = Deal(kind, dealer, undertaker=undertaker, card_points=(value, None) if rng.random() < 0.5 else
                    (None, value), bonuses=bonuses, kontra=rules.kontra and undertaker is not None and rng.random() < 0.2,
                    offender=rng.randint(0, 1) if kind == "renonce" else None)
        if check(rules, deal, ("Anna", "Bernd")):
            deal = Deal("game", dealer, undertaker=undertaker, card_points=deal.card_points)
            if check(rules, deal, ("Anna", "Bernd")):
                continue
        deals.append(deal)
        dealer = 1 - dealer
    return deals


MEMBERS = ("Anna", "Bernd", "Clara", "Dieter")


def evening_deals(n: int, rng: random.Random) -> tuple[Deal, ...]:
    """An evening's mix of Strohmandeln deals, valid under the default rules."""
    deals = []
    dealer = 0
    for _ in range(n):
        r = rng.random()
        if r < 0.03:
            deals.append(Deal("misdeal", dealer, offender=dealer))
            continue
        thirds = rng.choice([44, 62, 77, 90, 100, 105, 106, 107, 110, 120, 134, 140, 150, 165])
        bonuses = ()
        if rng.random() < 0.15:
            bonuses = (Bonus(rng.choice(["pagat", "uhu", "kakadu", "pagat_captured"]), rng.randint(0, 1)),)
        deals.append(Deal("game", dealer, undertaker=rng.choice([None, None, 0, 1]), card_points=(thirds, None),
                          bonuses=bonuses))
        dealer = 1 - dealer
    return tuple(deals)


def build_runde(db, evenings: int = 250, deals: int = 80, seed: int = 17) -> str:
    """Store a Runde of four members with `evenings` Strohmandeln evenings of `deals` deals each, a week apart
    (each evening two of the four), the older half settled; its id. One transaction."""
    from scorer.runde_store import import_runde

    rng = random.Random(seed)
    first = datetime.datetime(2020, 1, 9, 19, 30)
    rules = RuleSet.default()
    parties = []
    for i in range(evenings):
        pair = rng.sample(MEMBERS, 2)
        partie = Partie(tuple(pair), rules, evening_deals(deals, rng))
        day = first + datetime.timedelta(days=7 * i)
        settled = (day + datetime.timedelta(days=1)).isoformat() if i < evenings // 2 else None
        parties.append((partie, pair, settled, day.isoformat()))
    return import_runde(db, "Donnerstagsrunde", "strohmandeln", rules.preset, "month", list(MEMBERS), parties)
