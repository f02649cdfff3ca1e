"""Königrufen as the registry knows it (`scorer.games`): the engine, its partie file and its tables.

It has no web module yet: the command line scores it, the web app does not offer it (`games.offered`).
"""

from ..game import Game
from ..words import N_
from .. import koenigrufen
from . import file, tables
from .problems import KoenigrufenError

GAME = Game(key="koenigrufen", name=N_("Königrufen"), players=(4, 5), engine=koenigrufen, file=file, tables=tables,
            error=KoenigrufenError)
