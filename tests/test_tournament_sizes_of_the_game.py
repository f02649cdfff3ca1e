"""The new tournament's "Games per round and rank points" lists the table sizes of the game chosen, from the game's
own table sizes (`Game.players`), the size seated most first: Königrufen 4 then 5, Bavarian Tarock 4 then 3,
Strohmandeln 2; the other games' sizes come after, marked for the page's script to hide (without it they show and
do not count). Real HTTP round trips, English and German."""

import re

from scorer import games
from scorer.tournament.seating import sizes_in_order

DE = {"Accept-Language": "de"}


def fieldsets(page):
    """(size, of the chosen game) of each table size's fieldset, in page order."""
    return [(int(size), other == "") for size, other in
            re.findall(r'<fieldset class="by-size" data-size="(\d)"( data-other)?>', page)]


def test_the_sizes_follow_the_game_seam():
    by_key = {g.key: sizes_in_order(g.players) for g in games.offered()}
    assert by_key["koenigrufen"] == (4, 5)
    assert by_key["haferltarock"] == (4, 3)
    assert by_key["strohmandeln"] == (2,)


def test_the_chosen_games_sizes_come_first_and_alone(client):
    for headers, legend, said in (({}, "At a table of 4", "Königrufen at tables of 4 and 5"),
                                  (DE, "An einem Tisch zu 4", "Königrufen an Tischen zu 4 und 5")):
        page = client.get("/t/new", headers=headers).text
        assert said in page   # the hint under the game says the sizes in the same order
        # Königrufen is offered first: its tables of four, then five; the rest only for the script to hide
        assert fieldsets(page) == [(4, True), (5, True), (3, False), (2, False)]
        assert legend in page
        # every rule set says its game's sizes for the script
        for g in games.offered():
            for preset in g.engine.PRESETS:
                wanted = " ".join(map(str, sizes_in_order(g.players)))
                assert f'<option value="{g.key}/{preset}" data-sizes="{wanted}"' in page
        # a form sent back with a problem keeps the game chosen: its sizes first
        for rule_set, wanted in (("strohmandeln/beck", [(2, True), (5, False), (4, False), (3, False)]),
                                 ("haferltarock/haferl", [(4, True), (3, True), (5, False), (2, False)])):
            response = client.post("/t/new", headers=headers, data={
                "name": "", "rule_set": rule_set, "players": "Anna\nBernd", "total": "schrift+rank",
                "tie_breaks": "table_ranks,best_round", "draw": "random"})
            assert response.status_code == 422
            assert fieldsets(response.text) == wanted


def test_games_of_a_size_the_game_does_not_seat_do_not_count(app, client):
    # Königrufen chosen, a number typed in the (hidden) table of two: ignored, the defaults stand
    response = client.post("/t/new", data={
        "name": "Tag 1", "rule_set": "koenigrufen/ooe", "players": "\n".join("ABCDEFGH"), "total": "schrift+rank",
        "tie_breaks": "table_ranks,best_round", "draw": "random", "games_2": "99", "games_4": "12"})
    assert response.status_code == 302
    from scorer.db import connect
    from scorer.tournament import store as tstore
    db = connect(app.config["DATABASE"])
    t = tstore.load(db, response.headers["Location"].split("/")[-1])
    db.conn.close()
    assert (t.scoring.games_at(4), t.scoring.games_at(5)) == (12, 20)
