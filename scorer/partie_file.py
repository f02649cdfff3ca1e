"""The partie file of every game (FORMAT.md, RULES-BAVARIAN.md §4, RULES-KOENIGRUFEN.md §10): which game a file is
(its `format`, among the registered games), read, written, and the settlement as JSON. How a given game's file is
read and written is `scorer.file_format`'s (each game's file module reads its own players, rules and deals with its
pieces); this module stands above the registry and asks it.
"""

from __future__ import annotations

import json

from . import games
from .file_format import (FIELDS, MOST_PROBLEMS, TOO_DEEP, TOO_LONG, WEB_MAX_DEALS,  # noqa: F401
                          dumps_of, json_of, read, to_dict_of, written)
from .game import Game
from .partie import Partie
from .problems import Problem
from .words import Alternatives


def loads(text: str | bytes, game: Game | None = None, every: bool = False, most_problems: int | None = None,
          most_deals: int | None = None, also: tuple = ()) -> Partie:
    """A partie from the text of a partie file; the game's ScoringError lists every problem. `game`, `every`,
    `most_problems`, `most_deals` and `also` as in `from_dict`."""
    data = json_of(text, (game or games.default()).error, TOO_DEEP, TOO_LONG)
    return from_dict(data, game, every, most_problems, most_deals, also)


def from_dict(data: object, game: Game | None = None, every: bool = False, most_problems: int | None = None,
              most_deals: int | None = None, also: tuple = ()) -> Partie:
    """A partie from the parsed JSON of a partie file; every problem raised at once (`most_problems`: the
    reading stops at that many, so that a file of bad deals costs no more than 20 of them; `most_deals`: a
    file of more deals is refused at once, as a game's own `max_deals` refuses it everywhere).

    The file is read as `game`'s if one is given; else as the game its `format` names, among the games the
    web app offers (`every`: among every registered game, as the command line reads them). A file of no
    such format is read as the default game's, so that its other problems are said too; its message names the
    formats there are, and `also` (the formats of the other files the command line reads: a tournament's, a cup's).
    """
    offered = (game,) if game else games.registered() if every else games.offered()
    if game is None:
        fmt = data.get("format") if isinstance(data, dict) else None
        game = next((g for g in offered if g.format == fmt), None)
        if game is None and isinstance(data, dict):   # no game to read it as: one message, not a game's complaints
            formats = Alternatives([g.format for g in offered] + list(also))
            if "format" not in data:
                raise games.default().error([Problem("format", "format must be {formats}", formats=formats)])
            if every:
                raise games.default().error([Problem("format", "unknown format '{format}': a file's format is "
                                                     "{formats}", format=written(fmt), formats=formats)])
            raise games.default().error([Problem("format", "unknown format '{format}': a partie file's format is "
                                                 "{formats}", format=written(fmt), formats=formats)])
        game = game or games.default()
    return read(data, game, Alternatives(g.format for g in offered), most_problems, most_deals)


def to_dict(partie: Partie) -> dict:
    """The partie file's content."""
    return to_dict_of(partie, games.game_of(partie))


def deal_to_dict(deal) -> dict:
    """One deal as its game's partie file writes it (and the store keeps it)."""
    return games.game_of(deal).file.deal_to_dict(deal)


def dumps(partie: Partie) -> str:
    """The partie file's text."""
    return dumps_of(partie, games.game_of(partie))


compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode   # json.dumps(..., the same)


def settlement_json(settlement) -> str:
    """The settlement as `replay --json` writes it by default: `settlement_to_dict`'s compact JSON and a newline."""
    return compact(settlement_to_dict(settlement)) + "\n"


def settlement_to_dict(settlement) -> dict:
    """The settlement as `replay --json` writes it (FORMAT.md; RULES-BAVARIAN.md §4)."""
    return games.game_of(settlement).file.settlement_to_dict(settlement)
