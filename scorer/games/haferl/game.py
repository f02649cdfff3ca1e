"""Bavarian Tarock (Haferltarock) as the registry knows it (`scorer.games`): everything this game brings.

Its key is "haferltarock", as parties stored so far and the new-partie address (`/new?game=haferltarock`)
say it; in code the game is `haferl` (this folder, `scorer/web/haferl.py`, `templates/haferl/`).
"""

from ...game import Game
from ...words import N_
from .. import haferl
from . import file, tables
from .problems import HaferlError

GAME = Game(key="haferltarock", name=N_("Bavarian Tarock"), players=(3, 4), engine=haferl, file=file, tables=tables,
            error=HaferlError, choice=N_("Bavarian Tarock (3 or 4)"), web="scorer.games.haferl.web", templates="haferl")
