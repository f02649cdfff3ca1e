"""Tapp-Tarock as the registry knows it (`scorer.games`): the engine, its partie file and its tables. Not yet
offered by the web app (`web` empty): the command line scores its files."""

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
    templates = "tapp"
    rules_in_full = file.RULES_IN_FULL
    max_deals = file.MAX_DEALS
    doubled_rounds = True   # the doubled Radl

    def sample_partie(self, deals: int = 1, seed: int = 7):
        return samples.sample_partie(deals, seed)

    def sitting_out(self, result):
        return result.sitting_out


GAME = Tapp()
