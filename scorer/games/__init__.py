"""The registry of games: every game the scorer keeps, each registered once with all it brings (`Game`).

The store, the partie file, the exports, the command line and the web app find a partie's game here and
ask it; none of them names a game. A new game is its own folders (see docs/ARCHITECTURE.md) and one line
in `REGISTERED`.
"""

from __future__ import annotations

from importlib import import_module

from ..game import Game
from ..partie import Partie
from ..settlement import Settlement

# one line per game: the module that defines its GAME (the first is the default of a new partie)
REGISTERED = (
    "scorer.games.strohmandeln.game",
    "scorer.games.haferl.game",
    "scorer.games.koenigrufen.game",
    "scorer.games.zwanzigerrufen.game",
    "scorer.games.tapp.game",
)

GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (the games above at import, a test's own game in its fixture)."""
    if game.key in GAMES or any(g.format == game.format for g in GAMES.values()):
        raise ValueError(f"a game with the key {game.key!r} or the format {game.format!r} is registered already")
    GAMES[game.key] = game
    return game


def unregister(game: Game) -> None:
    """Take a game out of the registry again."""
    if GAMES.get(game.key) is game:
        del GAMES[game.key]


def default() -> Game:
    """The game a new partie has unless another is chosen."""
    return next(iter(GAMES.values()))


class UnknownGame(LookupError):
    """No registered game has this key (as python-chess's `find_variant` refuses an unknown variant)."""


def by_key(key: object) -> Game | None:
    """The game with this key (or one of its older keys); None if there is none."""
    for game in GAMES.values():
        if key == game.key or key in game.aliases:
            return game
    return None


def find(key: object) -> Game:
    """The game with this key (or one of its older keys); UnknownGame if there is none: never another game
    instead."""
    game = by_key(key)
    if game is None:
        raise UnknownGame(f"no registered game has the key {str(key)[:40]!r}")
    return game


def by_format(format: object) -> Game | None:
    """The game whose partie file has this `format`; None if there is none."""
    return next((g for g in GAMES.values() if g.format == format), None)


def registered() -> tuple[Game, ...]:
    """Every game: the command line scores each."""
    return tuple(GAMES.values())


def offered() -> tuple[Game, ...]:
    """The games the web app offers: those with a web module (a game may have only its engine yet)."""
    return tuple(g for g in GAMES.values() if g.offered)


def game_of(thing) -> Game:
    """The game of a partie, a settlement, a rule set or a deal."""
    if isinstance(thing, Settlement):
        thing = thing.partie
    if isinstance(thing, Partie):
        thing = thing.rules
    for game in GAMES.values():
        if isinstance(thing, (game.rules, game.engine.Deal)):
            return game
    raise UnknownGame(f"no registered game has a {type(thing).__name__}")


def load(path: str) -> Game:
    """Register the game of a `REGISTERED` line: the module that defines its `GAME` (a test registers its own
    game by its line the same way)."""
    return register(import_module(path).GAME)


for _path in REGISTERED:
    load(_path)
