"""A deal keeps every fact typed for it, whichever way it reaches the store: a new deal saved, "Record mine as deal N
too" after the other phone's deal (the 409 page pressed as a browser without script sends it), an edit, and the
outbox's send with its key (sent twice: stored once). Real HTTP round trips for each game, with the persons, the
piles, the bonuses, the premiums and the Kontra of a full deal; the stored facts are compared whole."""

import json
import re

import pytest

from scorer.db import connect
from tests.conftest import NEW_PARTIE
from tests.formparse import press

GAMES = {
    "strohmandeln": (
        NEW_PARTIE,   # Anna deals first
        # Bernd (dealing) undertook, 38 and the Blatt 2 in his pile; Anna's four Kings in tricks, his Pagat
        {"type": "game", "dealer": "1", "undertaker": "1", "pile_of": "1", "blatt": "2", "points": "38",
         "bonuses": ["four_kings_tricks:0", "pagat:1"]},   # in the page's order, as a browser sends them
        {"type": "game", "dealer": 1, "undertaker": 1, "card_points": [None, "38 2/3"],
         "bonuses": [{"bonus": "four_kings_tricks", "player": 0}, {"bonus": "pagat", "player": 1}]},
        {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0", "points": "40"},
    ),
    "koenigrufen": (
        {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
         "first_dealer": "3", "preset": "ooe"},
        # Cilli dealt; Dora (Vorhand) called Bernd's King, Kontra; the Pagat announced and made, the Trull silent
        {"type": "game", "dealer": "2", "contract": "rufer", "declarer": "3", "partner": "1", "card_points": "41 2/3",
         "kontra": "2", "side_pagat": "declarer", "ann_pagat": "yes", "made_pagat": "yes", "side_trull": "opponents",
         "ann_trull": "no", "made_trull": "yes"},
        {"type": "game", "dealer": 2, "contract": "rufer", "declarer": 3, "partner": 1, "card_points": "41 2/3",
         "kontra": 2, "premiums": [{"premium": "trull", "side": "opponents", "announced": False, "made": True},
                                   {"premium": "pagat", "side": "declarer", "announced": True, "made": True}]},
        {"type": "game", "contract": "solodreier", "declarer": "1", "result": "won"},
    ),
    "haferltarock": (
        {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "Dieter",
         "first_dealer": "0", "preset": "haferl", "draw_at_60": "y"},
        # Bernd dealt (and sits out); Clara played a Hand raised to 66, and took 80
        {"type": "game", "dealer": "1", "declarer": "2", "contract": "hand", "target": "66", "points": "80"},
        {"type": "game", "dealer": 1, "declarer": 2, "contract": "hand", "target": 66, "declarer_points": 80,
         "schwarz": False},
        {"type": "game", "declarer": "3", "contract": "pickup", "target": "61", "points": "70"},
    ),
}


def hidden(page: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1)


def opened(client, url: str, *names: str) -> dict:
    """A form as a phone opened it: its hidden fields (key, version, count, deal_id)."""
    page = client.get(url).text
    return {name: hidden(page, name) for name in names}


def stored(app, pid: str) -> list[dict]:
    db = connect(app.config["DATABASE"])
    try:
        return [json.loads(d) for (d,) in db.execute("select deal from deals where partie_id = ? order by position",
                                                      [pid])]
    finally:
        db.conn.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_deal_keeps_its_typed_facts_on_every_path(app, game):
    new, typed, facts, other = GAMES[game]
    phone_a, phone_b = app.test_client(), app.test_client()
    board = phone_a.post("/new", data=new).headers["Location"]
    pid = board.rsplit("/", 1)[1]
    form_b = opened(phone_b, board + "/deal", "key", "version", "count")   # phone B opens its form, and waits

    # a new deal saved
    saved = phone_a.post(board + "/deal", data={**opened(phone_a, board + "/deal", "key", "version", "count"),
                                                **typed, "action": "save"})
    assert saved.status_code == 302, saved.text[:300]
    assert stored(app, pid) == [facts]

    # phone B's deal after it: the 409 with both deals, then "Record mine as deal 2 too" as the page sends it
    conflict = phone_b.post(board + "/deal", data={**form_b, **typed, "action": "save"})
    assert conflict.status_code == 409 and 'id="record-anyway"' in conflict.text
    assert press(phone_b, board + "/deal", conflict.text, "record-anyway").status_code == 302
    assert stored(app, pid) == [facts, facts]

    # an edit: deal 3 recorded as another deal, then corrected into this one
    third = {**other, "dealer": str(facts["dealer"])}
    assert phone_a.post(board + "/deal", data={**opened(phone_a, board + "/deal", "key", "version", "count"),
                                               **third, "action": "save"}).status_code == 302
    assert stored(app, pid)[2] != facts
    edit = opened(phone_b, board + "/deal/3/edit", "key", "version", "deal_id")
    assert phone_b.post(board + "/deal/3/edit", data={**edit, **typed, "action": "save"}).status_code == 302
    assert stored(app, pid) == [facts, facts, facts]

    # the outbox's send (JSON, with the form's key), and the same send again after a lost answer
    outbox = {**opened(phone_a, board + "/deal", "key", "version", "count"), **typed, "action": "save"}
    first = phone_a.post(board + "/deal", data=outbox, headers={"Accept": "application/json"})
    assert first.status_code == 200 and first.get_json()["recorded"] == 4 and not first.get_json()["again"]
    again = phone_a.post(board + "/deal", data=outbox, headers={"Accept": "application/json"})
    assert again.status_code == 200 and again.get_json()["recorded"] == 4 and again.get_json()["again"]
    assert stored(app, pid) == [facts] * 4
