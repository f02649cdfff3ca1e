"""A tournament table's board: the round's end is the organiser's, so the board offers no "End partie" and the end
page refuses (the partie stays running, its deals as they were); an ordinary partie's board still offers it."""

from scorer.db import connect

from .conftest import start
from .test_tournament_web import NINE, create, draw_and_start, dreier


def test_a_tournament_table_has_no_end_of_its_own(app, client):
    organiser = create(client, NINE[:8], games_4="3")
    board, _names = draw_and_start(client, organiser)[0]
    dreier(client, board, 0)
    page = client.get(board).text
    assert "game 2 of 3" in page
    assert "End partie" not in page and f'href="{board}/end"' not in page
    for response in (client.get(board + "/end"), client.post(board + "/end", data={"confirm": "yes"})):
        assert response.status_code == 302 and response.headers["Location"].endswith(board)
    page = client.get(board).text
    assert "This is table 1 of round 1 of Hausruck-Cup 3: the round ends when its games are played, or when the " \
           "organiser ends it for every table." in page
    db = connect(app.config["DATABASE"])
    assert db.conn.execute("select ended from parties where id = ?", [board.split("/")[-1]]).fetchone()[0] is None
    db.conn.close()
    dreier(client, board, 1)   # the table plays on
    assert "game 3 of 3" in client.get(board).text


def test_an_ordinary_partie_still_ends_from_its_board(client):
    board = start(client)
    assert f'href="{board}/end">End partie</a>' in client.get(board).text
    assert client.get(board + "/end").status_code == 200
