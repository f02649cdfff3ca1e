"""Tapp-Tarock as the registry knows it (`scorer.games`): the engine, its partie file, its tables and its web part
(`web`, imported when the web app first asks)."""

from ...tarock.game import RadlGame
from ...words import N_
from .. import tapp
from . import file, samples, tables
from .problems import TappError


class Tapp(RadlGame):
    key = "tapp"
    name = N_("Tapp-Tarock")
    players = (3, 4)
    engine = tapp
    file = file
    tables = tables
    samples = samples
    error = TappError
    choice = N_("Tapp-Tarock (3 or 4)")
    web = "scorer.games.tapp.web"
    templates = "tapp"


GAME = Tapp()
