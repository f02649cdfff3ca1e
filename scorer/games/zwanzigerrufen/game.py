"""Zwanzigerrufen as the registry knows it (`scorer.games`): the engine, its partie file, its tables and its web part
(`web`, imported when the web app first asks)."""

from ...tarock.game import RadlGame
from ...words import N_
from .. import zwanzigerrufen
from . import file, samples, tables
from .problems import ZwanzigerrufenError


class Zwanzigerrufen(RadlGame):
    key = "zwanzigerrufen"
    name = N_("Zwanzigerrufen")
    players = (4,)
    engine = zwanzigerrufen
    file = file
    tables = tables
    samples = samples
    error = ZwanzigerrufenError
    choice = N_("Zwanzigerrufen (4)")
    web = "scorer.games.zwanzigerrufen.web"
    templates = "zwanzigerrufen"
    doubled_rounds = True   # the doubled Radl


GAME = Zwanzigerrufen()
