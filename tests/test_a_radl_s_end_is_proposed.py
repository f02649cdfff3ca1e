"""At a Radl's end the board proposes stopping (RULES-KOENIGRUFEN.md §1: "The app proposes stopping at a Radl's end
and warns if a Radl or doubled games are unfinished"): a line with the way to the end page, shown exactly when the
engine says no deal of the Radl and none of a doubled Radl is left; never at a tournament's table, which counts
games instead."""

import re

import pytest

from scorer import games

from .helpers import stored_partie as stored

RADL_GAMES = ["koenigrufen", "zwanzigerrufen", "tapp"]


@pytest.mark.parametrize("key", RADL_GAMES)
def test_the_board_proposes_stopping_exactly_at_a_radl_s_end(app, client, key):
    game = games.by_key(key)
    shown = 0
    for deals in range(0, 11):
        for seed in (3, 7):
            partie = game.sample_partie(deals, seed)
            settlement = game.replayed(partie)
            at_end = bool(settlement.counted) and settlement.radl_left == 0 and settlement.doubled_pending == 0
            board = stored(app, partie)
            page = client.get(board).text
            line = re.search(r'<p class="status" id="radl-end">(.*?)</p>', page, re.S)
            assert bool(line) == at_end, (key, deals, seed, settlement.counted, settlement.radl_left)
            status = re.search(r'<p class="status" id="status">(.*?)</p>', page, re.S).group(1)
            # the line above says the next deal starts a new Radl, never "deal 1 of 4" over "the Radl is complete"
            assert ("a new Radl begins" in status) == at_end and ("Radl: deal" in status) != at_end, status
            if line:
                shown += 1
                assert "The Radl is complete: a good moment to stop." in line.group(1)
                assert f'href="{board}/end"' in line.group(1)
                german = client.get(board, headers={"Accept-Language": "de"}).text
                assert "Das Radl ist fertig: ein guter Moment zum Aufhören. <a" in german and "Partie beenden" in german
                assert "ein neues Radl beginnt" in german and "Radl: Spiel" not in german
    assert shown >= 2   # the samples reach a Radl's end more than once


def test_an_ended_partie_proposes_nothing(app, client):
    game = games.by_key("koenigrufen")
    partie = game.sample_partie(4, 3)
    board = stored(app, partie)
    assert 'id="radl-end"' in client.get(board).text   # four deals at four: one Radl
    assert client.post(board + "/end", data={"confirm": "1"}).status_code in (302, 303)
    page = client.get(board).text
    assert 'id="radl-end"' not in page and "This partie has ended." in page


def test_a_tournament_s_table_counts_games_and_proposes_no_end(client):
    from .test_tournament_table_plays_no_money import dreier_with_kontra
    from .test_tournament_web import NINE, create, draw_and_start

    organiser = create(client, NINE[:8])
    board, _names = draw_and_start(client, organiser)[0]
    for declarer in range(4):   # a whole round of the table's dealers: a Radl's end anywhere else
        dreier_with_kontra(client, board, declarer)
    page = client.get(board).text
    assert "game 5 of 16" in page and 'id="radl-end"' not in page and "a good moment to stop" not in page
