"""Königrufen as the registry knows it (`scorer.games`): the engine, its partie file and its tables.

Its web module is `scorer.games.koenigrufen.web`, its pages `templates/koenigrufen/` in this folder.
"""

from ... import file_format
from ...tarock.game import TarockGame
from ...partie import Partie
from ...words import N_
from .. import koenigrufen
from . import file, samples, tables
from .problems import KoenigrufenError


class Koenigrufen(TarockGame):
    key = "koenigrufen"
    name = N_("Königrufen")
    players = (4, 5)
    tournament_first = True   # the game of the Austrian cups (RULES-TOURNAMENT.md)
    engine = koenigrufen
    file = file
    tables = tables
    error = KoenigrufenError
    choice = N_("Königrufen (4 or 5)")
    web = "scorer.games.koenigrufen.web"
    templates = "koenigrufen"
    rules_in_full = file.RULES_IN_FULL
    max_deals = file.MAX_DEALS
    doubled_rounds = True   # the doubled Radl

    def sample_partie(self, deals: int = 1, seed: int = 7):
        return samples.sample_partie(deals, seed)

    def sitting_out(self, result):
        return result.sitting_out


GAME = Koenigrufen()


def loads(text: str | bytes) -> Partie:
    """A partie from the text of a Königrufen partie file; KoenigrufenError lists every problem."""
    return file_format.loads_as(text, GAME)


def from_dict(data: object) -> Partie:
    """A partie from the parsed JSON of a Königrufen partie file; every problem raised at once."""
    return file_format.from_dict_as(data, GAME)


def dumps(partie: Partie) -> str:
    """The partie file's text (the full rule set, §9: `rules_in_full`)."""
    return file_format.dumps_of(partie, GAME)
