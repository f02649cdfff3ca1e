"""Hostile request values answered politely: a version number beyond SQLite's integers, the language switch
only to a local path, a page number of 5,000 digits."""

import secrets

import pytest


from .conftest import record
from .helpers import edit_form, stored_points


EDIT = {"type": "game", "undertaker": "forehand", "pile_of": "0", "blatt": "0", "dealer": "0", "action": "save"}


@pytest.mark.parametrize("big", ["9" * 20, str(2 ** 63), "-1", "1e3", "0x10"])
def test_a_hostile_version_is_refused_politely(app, client, board, big):
    assert record(client, board, undertaker="forehand", points="40", dealer="0").status_code == 302
    app.testing = False                                                   # a 500 would be a page, not a raise
    app.config["PROPAGATE_EXCEPTIONS"] = False
    undo = client.post(board + "/undo", data={"version": big})
    delete = client.post(board + "/deal/1/delete", data={"version": big})
    assert undo.status_code == 303 and delete.status_code == 303          # "that button came from a page …"
    opened = edit_form(client, board, 1)
    edit = client.post(board + "/deal/1/edit", data={**EDIT, **opened, "version": big, "points": "45"})
    assert edit.status_code == 409
    new = client.post(board + "/deal", data={**EDIT, "dealer": "1", "points": "45", "version": big,
                                             "key": secrets.token_urlsafe(16), "count": "1"})
    assert new.status_code == 409
    assert stored_points(app, board) == [120]                                    # nothing changed


@pytest.mark.parametrize("target, expected", [
    ("/%09/example.com", "/"), ("/%0d%0a/example.com", "/"), ("/%0d%0aSet-Cookie:%20x=1", "/Set-Cookie:%20x=1"),
    ("//example.com", "/"), ("/%5Cexample.com", "/"), ("https://example.com/", "/"), ("javascript:alert(1)", "/"),
    ("/%E2%80%8B/example.com", "/"), ("/p/abc/deals?page=2", "/p/abc/deals?page=2"), ("/p/%C5%81", "/p/%C5%81"),
])
def test_the_language_switch_only_goes_to_a_local_path(client, target, expected):
    response = client.get(f"/lang/de?next={target}")
    assert response.status_code == 303
    assert response.headers["Location"] == expected


def test_a_page_number_of_5000_digits_shows_the_first_page(client, board):
    response = client.get(board + "/deals?page=" + "9" * 5000)
    assert response.status_code == 200
