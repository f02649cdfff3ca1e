"""Tapp-Tarock as the registry knows it (`scorer.games`): the engine, its partie file, its tables and its web part
(`web`, imported when the web app first asks)."""

from ...tarock.game import TarockGame
from ...words import N_
from .. import tapp
from . import file, samples, tables
from .problems import TappError


class Tapp(TarockGame):
    key = "tapp"
    name = N_("Tapp-Tarock")
    players = (3, 4)
    engine = tapp
    file = file
    tables = tables
    error = TappError
    choice = N_("Tapp-Tarock (3 or 4)")
    web = "scorer.games.tapp.web"
    templates = "tapp"
    rules_in_full = file.RULES_IN_FULL
    max_deals = file.MAX_DEALS

    def sample_partie(self, deals: int = 1, seed: int = 7):
        return samples.sample_partie(deals, seed)

    def sitting_out(self, result):
        return result.sitting_out


GAME = Tapp()
