"""Fixtures: an app with a throwaway database per test, its client, and a partie to play in."""

import re
import secrets

import pytest

from scorer import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "scorer.sqlite"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False})
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


NEW_PARTIE = {"player0": "Anna", "player1": "Bernd", "first_dealer": "0", "preset": "tarockbuch-extended",
              "stake": "", "deck": "54", "counting": "threes", "nullrunde": "queue", "simple_games": "default",
              "valat": "replace"}


def start(client, **changes):
    """Create a partie through the form; return its board's path."""
    response = client.post("/new", data={**NEW_PARTIE, **changes})
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def record(client, board, **fields):
    """Post a deal through the form (a simple game by default); return the response."""
    data = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0", "action": "save",
            "key": secrets.token_urlsafe(16), **fields}
    if "dealer" not in data:
        page = client.get(board + "/deal").text
        data["dealer"] = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    return client.post(board + "/deal", data=data)


@pytest.fixture
def board(client):
    return start(client)
