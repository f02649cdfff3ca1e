"""Bavarian Tarock (Haferltarock) as the registry knows it (`scorer.games`): everything this game brings.

Its key is "haferltarock", as parties stored so far and the new-partie address (`/new?game=haferltarock`)
say it; in code the game is `haferl` (this folder: its engine, `web.py`, `templates/haferl/`).
"""

from ...game import ZERO
from ...tarock.game import TarockGame
from ...words import N_
from .. import haferl
from . import file, samples, scoring, tables
from .problems import HaferlError


KEEP = "keep"   # the choice at the end of the evening that keeps the pot for the next one (its web part's words)


class Haferl(TarockGame):
    key = "haferltarock"
    name = N_("Bavarian Tarock")
    players = (3, 4)
    engine = haferl
    file = file
    tables = tables
    samples = samples
    error = HaferlError
    choice = N_("Bavarian Tarock (3 or 4)")
    web = "scorer.games.haferl.web"
    templates = "haferl"
    has_pot = True

    def schrift(self, settlement):
        return tuple(scoring.schrift(settlement))

    def sitting_out(self, result):
        return result.sitting_out

    def sheet(self, settlement):
        return [(tuple(r.net), tuple(r.balance)) for r in settlement.deals]

    def pot(self, settlement):
        return settlement.pot

    def bankrupt(self, settlement):
        return settlement.bankrupt

    def close(self, money, pot, choice, carried=ZERO):
        return scoring.close(money, pot, choice == KEEP, carried)


GAME = Haferl()
