"""Königrufen as the registry knows it (`scorer.games`): the engine, its partie file and its tables.

Its web module is `scorer.games.koenigrufen.web`, its pages `templates/koenigrufen/` in this folder.
"""

from ... import file_format
from ...tarock.game import RadlGame
from ...partie import Partie
from ...words import N_
from .. import koenigrufen
from . import file, samples, tables
from .problems import KoenigrufenError


class Koenigrufen(RadlGame):
    key = "koenigrufen"
    name = N_("Königrufen")
    players = (4, 5)
    tournament_first = True   # the game of the Austrian cups (RULES-TOURNAMENT.md)
    engine = koenigrufen
    file = file
    tables = tables
    samples = samples
    error = KoenigrufenError
    choice = N_("Königrufen (4 or 5)")
    web = "scorer.games.koenigrufen.web"
    templates = "koenigrufen"
    doubled_rounds = True   # the doubled Radl


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
