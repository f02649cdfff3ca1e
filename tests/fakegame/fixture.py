"""The `fake_game` fixture: the fake game registered for one test by its registry line, taken out again after it."""

import pytest

from scorer import games


@pytest.fixture
def fake_game():
    game = games.load("tests.fakegame.game")   # the line a game of the scorer has in games.REGISTERED
    try:
        yield game
    finally:
        games.unregister(game)
