"""Editing a deal, as real HTTP round trips through the app: the edit is of the deal it was opened for, wherever
that deal now stands (the other phone deleted one before it, Save again on the old address, a double tap); an
edit of a deal deleted on the other phone keeps what was typed (in German and in Bavarian Tarock too); the 409
says who gained, as the board does."""

import re
import secrets


from .conftest import record
from .helpers import edit_form, hidden, stored, stored_points


EDIT = {"type": "game", "undertaker": "forehand", "pile_of": "0", "blatt": "0", "dealer": "0", "action": "save"}


def test_an_edit_follows_its_deal_when_the_other_phone_deletes_one_before_it(app, client, board):
    for pts in ("40", "41", "42", "43"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 3)                                  # deal 3 (42), changed to 50
    edit = {**EDIT, **opened, "points": "50"}
    version = str(stored(app, board).version)
    assert client.post(board + "/deal/2/delete", data={"version": version}).status_code == 302   # the other phone
    first = client.post(board + "/deal/3/edit", data=edit)
    assert first.status_code == 409
    assert "deal 3 is now deal 2" in first.text
    assert f'action="{board}/deal/2/edit"' in first.text                  # the form now points at deal 2
    assert hidden(first.text, "deal_id") == opened["deal_id"]
    again = {**edit, "version": hidden(first.text, "version")}
    second = client.post(board + "/deal/2/edit", data=again)             # "press Save again"
    assert second.status_code == 302
    assert stored_points(app, board) == [120, 150, 129]                         # 42 became 50; 43 untouched


def test_save_again_on_the_old_address_still_edits_the_deal_it_was_opened_for(app, client, board):
    for pts in ("40", "41", "42", "43"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 3)
    version = str(stored(app, board).version)
    assert client.post(board + "/deal/1/delete", data={"version": version}).status_code == 302
    fresh = str(stored(app, board).version)
    # an old tab (or the outbox) sends it to /deal/3 with a current version: deal 3 is the 43 now
    r = client.post(board + "/deal/3/edit", data={**EDIT, **opened, "version": fresh, "points": "50"})
    assert r.status_code == 302
    assert stored_points(app, board) == [123, 150, 129]


def test_a_double_tap_on_an_edit_of_a_moved_deal_is_no_conflict(app, client, board):
    for pts in ("40", "41", "42"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 3)
    edit = {**EDIT, **opened, "points": "50"}
    assert client.post(board + "/deal/3/edit", data=edit).status_code == 302
    version = str(stored(app, board).version)
    assert client.post(board + "/deal/1/delete", data={"version": version}).status_code == 302
    second = client.post(board + "/deal/3/edit", data=edit)              # the same tap, arriving late
    assert second.status_code == 302
    assert stored_points(app, board) == [123, 150]


def deal_2_opened_then_undone(client, board):
    """Two deals; deal 2's edit form opened on this phone, then deal 2 undone on the other: the form's fields."""
    for pts in ("40", "41"):
        assert record(client, board, undertaker="forehand", points=pts, dealer="0").status_code == 302
    opened = edit_form(client, board, 2)
    assert client.post(board + "/undo", data={"version": opened["version"]}).status_code == 302
    return opened


def test_an_edit_of_a_deleted_deal_keeps_what_was_typed(app, client, board):
    opened = deal_2_opened_then_undone(client, board)
    r = client.post(board + "/deal/2/edit", data={**EDIT, **opened, "points": "50", "dealer": "1"})
    assert r.status_code == 409
    assert "Deal 2 was deleted on another phone in the meantime" in r.text
    assert 'id="deal-form"' in r.text and 'value="50"' in r.text              # the typed values are kept
    assert f'action="{board}/deal"' in r.text                                # now a new deal's form
    assert "Record mine as deal 2 too" in r.text
    seen = hidden(r.text, "seen_version")
    data = {**EDIT, "points": "50", "dealer": "1", "action": "record-anyway", "seen_version": seen,
            "version": hidden(r.text, "version"), "key": hidden(r.text, "key"), "count": hidden(r.text, "count")}
    assert client.post(board + "/deal", data=data).status_code == 302
    assert stored_points(app, board) == [120, 150]


def test_an_edit_of_a_deleted_deal_in_german_and_in_bavarian_tarock(app, client):
    from .test_haferl_web import deal as haferl_deal, start as haferl_start
    bavarian = haferl_start(client)
    assert haferl_deal(client, bavarian, declarer="0", contract="pickup", points="67").status_code == 302
    data = {"type": "game", "target": "61", "action": "save", "declarer": "0", "contract": "pickup",
            "points": "70", "dealer": "0"}
    opened = edit_form(client, bavarian, 1)
    assert client.post(bavarian + "/undo", data={"version": opened["version"]}).status_code == 302
    r = client.post(bavarian + "/deal/1/edit", data={**data, **opened}, headers={"Accept-Language": "de"})
    assert r.status_code == 409
    assert "Spiel 1 wurde in der Zwischenzeit auf dem anderen Handy gelöscht" in r.text


def test_the_409_says_who_gained_as_the_board_does(app, client, board):
    page = client.get(board + "/deal").text
    # the other phone: Anna wins the simple game (+1), Bernd made Trull in tricks (+1): 1 : 1
    assert record(client, board, undertaker="nobody", pile_of="0", points="40", dealer="0",
                  bonuses="trull_tricks:1").status_code == 302
    assert stored(app, board).partie.deals[0].bonuses
    rows = client.get(board).text
    assert re.search(r'<span class="pts">1\u00a0:\u00a01</span>', rows)
    r = client.post(board + "/deal", data={**EDIT, "points": "40", "key": secrets.token_urlsafe(16),
                                           "version": hidden(page, "version"), "count": "0"})
    assert r.status_code == 409
    conflict = re.search(r'<div class="conflict" id="conflict".*?</div>', r.text, re.S).group(0)
    assert "Deal 1 was recorded on the other phone a moment ago" in conflict and "— Anna 0, Bernd 0 (1\u00a0:\u00a01)" in conflict


def test_a_preview_of_an_edit_of_a_deleted_deal_says_why_where_the_page_comes_back(app, client, board):
    """Without the script Preview comes back scrolled to the preview's box (its formaction's #preview): a conflict
    that stops the deal is said there too, a link to the whole of it over the form, never only "fix what is
    marked" with nothing marked."""
    opened = deal_2_opened_then_undone(client, board)
    r = client.post(board + "/deal/2/edit", data={**EDIT, **opened, "points": "50", "action": "preview"})
    assert r.status_code == 409
    box = re.search(r'<section id="preview".*?</section>', r.text, re.S).group(0)
    assert '<a href="#conflict">Deal 2 was deleted on another phone in the meantime.' in box
    assert "Fix what is marked" not in box and 'id="conflict"' in r.text
    assert f'formaction="{board}/deal#preview"' in r.text                    # now a new deal's form, and its preview
