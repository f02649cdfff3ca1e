"""A deal form's key makes a save happen once: a form without a proper key is refused, a key belongs to one
partie, the same key with other points offers the correction as an edit, a double tap on an edit applies it
once; undo and delete need the version they were shown."""

import re
import secrets

import pytest

from scorer import store

from .conftest import record, start
from .helpers import count, stored


@pytest.mark.parametrize("key", [None, "", "k" * 23, "bad key!"])
def test_a_deal_form_without_a_proper_key_is_refused(app, client, board, key):
    fields = {"undertaker": "vorhand", "points": "40", "dealer": "0"}
    data = {"type": "game", "pile_of": "0", "blatt": "0", "action": "save", **fields}
    if key is not None:
        data["key"] = key
    response = client.post(board + "/deal", data=data)
    assert response.status_code == 422
    assert "its key is missing or wrong" in response.text
    assert count(app, "deals") == 0 and count(app, "submissions") == 0


def test_a_key_belongs_to_one_partie(app, client, board):
    other = start(client, player0="Carla", player1="Dora")
    key = secrets.token_urlsafe(16)
    assert record(client, board, undertaker="vorhand", points="40", dealer="0", key=key).status_code == 302
    response = record(client, other, undertaker="vorhand", points="40", dealer="0", key=key)
    assert response.status_code == 422 and "belongs to another partie" in response.text
    assert len(stored(app, other).partie.deals) == 0 and count(app, "deals") == 1


def test_the_same_key_with_other_points_offers_the_correction_as_an_edit(app, client, board):
    key = secrets.token_urlsafe(16)
    assert record(client, board, undertaker="vorhand", points="40", dealer="0", key=key).status_code == 302
    response = record(client, board, undertaker="vorhand", points="30", dealer="0", key=key)
    assert response.status_code == 409
    assert "already saved as deal 1" in response.text and "correction of deal 1" in response.text
    assert "40" in re.search(r"already saved as deal 1 \(([^)]*)\)", response.text).group(1)
    assert 'action="' + board + '/deal/1/edit"' in response.text
    assert len(stored(app, board).partie.deals) == 1
    version = re.search(r'name="version" type="hidden" value="(\d+)"', response.text).group(1)
    edit_key = re.search(r'name="key" type="hidden" value="([^"]+)"', response.text).group(1)
    edit = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "30", "blatt": "0", "dealer": "0",
            "action": "save", "version": version, "key": edit_key}
    assert client.post(board + "/deal/1/edit", data=edit).status_code == 302
    deals = stored(app, board).partie.deals
    assert len(deals) == 1 and deals[0].card_points == (90, None)
    # the same key with the same deal again: nothing new, no complaint
    assert record(client, board, undertaker="vorhand", points="40", dealer="0", key=key).status_code in (302, 409)
    assert len(stored(app, board).partie.deals) == 1


def test_undo_and_delete_without_the_version_are_refused(app, client, board):
    record(client, board, undertaker="vorhand", points="40", dealer="0")
    for path in ("/undo", "/deal/1/delete"):
        response = client.post(board + path, data={})
        assert response.status_code == 303
        assert "without the partie" in client.get(board).text
        assert len(stored(app, board).partie.deals) == 1


def test_a_double_tap_on_an_edit_applies_it_once_without_a_conflict(app, client, board):
    record(client, board, undertaker="vorhand", points="40", dealer="0")
    form = client.get(board + "/deal/1/edit").text
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', form).group(1)
    edit = {"type": "game", "undertaker": "vorhand", "pile_of": "0", "points": "45", "blatt": "0", "dealer": "0",
            "action": "save", "version": version, "key": key}
    first = client.post(board + "/deal/1/edit", data=edit)
    second = client.post(board + "/deal/1/edit", data=edit)
    assert first.status_code == second.status_code == 302
    sp = stored(app, board)
    assert sp.partie.deals[0].card_points == (135, None)
    assert sp.version == int(version) + 1
    with app.app_context():
        from scorer.db import get_db
        assert [h["action"] for h in store.history(get_db(), sp.id)].count("edited") == 1
    # a real change on the other phone is still a conflict
    edit["points"] = "50"
    response = client.post(board + "/deal/1/edit", data={**edit, "key": secrets.token_urlsafe(16)})
    assert response.status_code == 409 and "another phone" in response.text
