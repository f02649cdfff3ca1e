"""Strohmandeln as the registry knows it (`scorer.games`): everything this game brings, in one class."""

from ...game import ZERO
from ...tarock.game import TarockGame
from ...words import N_
from .. import strohmandeln
from . import file, rules, samples, tables
from .problems import StrohmandelnError


class Strohmandeln(TarockGame):
    key = "strohmandeln"
    name = N_("Strohmandeln")
    players = (2,)
    engine = strohmandeln
    file = file
    tables = tables
    samples = samples
    error = StrohmandelnError
    choice = N_("Strohmandeln (2 players)")
    web = "scorer.games.strohmandeln.web"
    templates = "strohmandeln"
    choices_by_preset = rules.CHOICES_BY_PRESET
    doubled_rounds = True   # the Nullrunde

    def runde_points(self, settlement):
        return tables.runde_points(settlement)

    def bankrupt(self, settlement):
        return settlement.bankrupt

    def at_the_end(self, settlement, choice=None, carried=ZERO):
        """Played for money only with a stake."""
        return super().at_the_end(settlement, choice, carried) if settlement.partie.rules.stake else None


GAME = Strohmandeln()
