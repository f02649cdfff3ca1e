"""The `fake_game` fixture: the fake game registered for one test, taken out again after it."""

import pytest

from scorer import games

from . import GAME


@pytest.fixture
def fake_game():
    games.register(GAME)
    try:
        yield GAME
    finally:
        games.unregister(GAME)
