"""Königrufen as the registry knows it (`scorer.games`): the engine, its partie file and its tables.

Its web module is `scorer.games.koenigrufen.web`, its pages `templates/koenigrufen/`.
"""

from ...game import Game
from ...words import N_
from .. import koenigrufen
from . import file, tables
from .problems import KoenigrufenError

GAME = Game(key="koenigrufen", name=N_("Königrufen"), players=(4, 5), engine=koenigrufen, file=file, tables=tables,
            error=KoenigrufenError, choice=N_("Königrufen (4 or 5)"), web="scorer.games.koenigrufen.web",
            templates="koenigrufen")
