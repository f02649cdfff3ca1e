"""Players' names from anywhere: invisible characters removed and names normalised, the joiners that shape a
name kept (and never hiding a name or making two of one), names that must differ in each game and in a partie
file, and every export working for any name."""

import io
import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from .conftest import NEW_PARTIE, start
from .conftest import record, start
from .helpers import count, format_example, stored


@pytest.mark.parametrize("name", ["👩‍👩‍👧 Familie", "مه‌رو", "क्‍षमा", "Rosa 🏳️‍🌈"])
def test_names_keep_the_joiners_that_shape_them(app, client, name):
    board = start(client, player0=name)
    assert stored(app, board).partie.players == (name, "Bernd")
    assert name in client.get(board).text


@pytest.mark.parametrize("players, problem", [
    (("Anna\u200d", "Bernd"), None),                        # a joiner at a word's edge only hides: it goes
    (("An\u200dna", "Anna"), "The two players need different names."),
    (("\u200d\u200c", "Bernd"), "Enter the names of both players"),
])
def test_a_joiner_does_not_hide_a_name_or_make_two_of_one(app, client, players, problem):
    response = client.post("/new", data={**NEW_PARTIE, "player0": players[0], "player1": players[1]})
    if problem is None:
        assert response.status_code == 302
        assert stored(app, response.headers["Location"]).partie.players == ("Anna", "Bernd")
    else:
        assert response.status_code == 422 and problem in response.text


DATA = Path(__file__).parent / "data"


HAFERL_NEW = {"game": "haferltarock", "player0": "Łukasz", "player1": "Dvořák", "player2": "Иван",
              "player3": "", "first_dealer": "0", "preset": "haferl"}


@pytest.mark.parametrize("names", [("Łukasz", "Dvořák"), ("Ševčík", "Иван"), ("李", "محمد")])
def test_every_export_works_for_any_name(client, names):
    board = start(client, player0=names[0], player1=names[1])
    assert record(client, board, undertaker="vorhand", points="40", dealer="0").status_code == 302
    for path, ext in (("/export.csv", ".csv"), ("/excel.csv", "-excel.csv"), ("/partie.json", ".json")):
        response = client.get(board + path)
        assert response.status_code == 200
        header = response.headers["Content-Disposition"]
        header.encode("latin-1")                       # what waitress has to write
        assert header.isascii()
        fallback = re.search(r'filename="([^"]+)"', header).group(1)
        assert fallback.isascii() and fallback.endswith(ext)
        real = unquote(re.search(r"filename\*=UTF-8''(\S+)", header).group(1))
        assert names[0] in real and names[1] in real and real.endswith(ext)


def test_bavarian_exports_for_any_name(client):
    board = client.post("/new", data=HAFERL_NEW).headers["Location"]
    for path in ("/export.csv", "/excel.csv", "/partie.json"):
        response = client.get(board + path)
        assert response.status_code == 200
        assert "Dvo%C5%99%C3%A1k" in response.headers["Content-Disposition"]
        assert 'filename="haferltarock-Lukasz-Dvorak-' in response.headers["Content-Disposition"]


def test_invisible_characters_are_removed_and_names_normalised(app, client):
    board = start(client, player0="\u202eAnna\u200b", player1="Ze\u0301\x07")
    assert stored(app, board).partie.players == ("Anna", "Z\u00e9")


def test_bavarian_names_are_cleaned_and_must_differ(app, client):
    response = client.post("/new", data={**HAFERL_NEW, "player1": "\u0141ukasz\u200d"})
    assert response.status_code == 422 and count(app, "parties") == 0
    response = client.post("/new", data={**HAFERL_NEW, "player2": "\u200b"})
    assert response.status_code == 422 and count(app, "parties") == 0


def test_partie_file_names_are_cleaned_and_must_differ(app, client):
    data = format_example()
    data["players"] = ["Anna", "An\u200bna"]
    response = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "p.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422 and count(app, "parties") == 0
