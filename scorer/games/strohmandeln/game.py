"""Strohmandeln as the registry knows it (`scorer.games`): everything this game brings, in one value."""

from ...game import Game
from ...words import N_
from .. import strohmandeln
from . import file, tables
from .problems import StrohmandelnError

GAME = Game(key="strohmandeln", name=N_("Strohmandeln"), players=(2,), engine=strohmandeln,
            file=file, tables=tables, error=StrohmandelnError, choice=N_("Strohmandeln (2 players)"),
            web="scorer.games.strohmandeln.web", templates="strohmandeln")
