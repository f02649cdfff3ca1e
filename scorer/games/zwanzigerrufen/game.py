"""Zwanzigerrufen as the registry knows it (`scorer.games`): the engine, its partie file, its tables and its web part
(`web`, imported when the web app first asks)."""

from ...tarock.game import TarockGame
from ...words import N_
from .. import zwanzigerrufen
from . import file, samples, tables
from .problems import ZwanzigerrufenError


class Zwanzigerrufen(TarockGame):
    key = "zwanzigerrufen"
    name = N_("Zwanzigerrufen")
    players = (4,)
    engine = zwanzigerrufen
    file = file
    tables = tables
    error = ZwanzigerrufenError
    choice = N_("Zwanzigerrufen (4)")
    web = "scorer.games.zwanzigerrufen.web"
    templates = "zwanzigerrufen"
    rules_in_full = file.RULES_IN_FULL
    max_deals = file.MAX_DEALS
    doubled_rounds = True   # the doubled Radl

    def sample_partie(self, deals: int = 1, seed: int = 7):
        return samples.sample_partie(deals, seed)


GAME = Zwanzigerrufen()
