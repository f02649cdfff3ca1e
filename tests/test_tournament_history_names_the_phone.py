"""Who did what at a tournament's table: every change of a table's games is kept in its history with the phone
(browser) that made it, a short id of its own and its user agent; the organiser sees it there ("phone: 3FA9C1 (Pixel 7
· Chrome Mobile 120 · Android 14)"), a table's phone does not; the table's address stays its key."""

import re

from .test_tournament_web import NINE, create, dreier, draw_and_start

PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 " \
        "Mobile Safari/537.36"
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " \
         "Version/17.1 Mobile/15E148 Safari/604.1"


def test_the_organiser_sees_which_phone_recorded_and_undid_a_tables_game(app, client):
    organiser = create(client, NINE[:8], games_4="4")
    found = draw_and_start(client, organiser)
    board = found[0][0]
    table = app.test_client()
    table.environ_base["HTTP_USER_AGENT"] = PIXEL
    stranger = app.test_client()   # another table's phone that read this table's card
    stranger.environ_base["HTTP_USER_AGENT"] = IPHONE
    dreier(table, board, 1)
    dreier(stranger, board, 2)
    version = re.search(r'id="undo".*?name="version" value="(\d+)"', stranger.get(board).text, re.S).group(1)
    assert stranger.post(board + "/undo", data={"version": version}).status_code == 302
    page = client.get(board + "/history").text
    phones = re.findall(r"phone: ([0-9A-F]{6}) \(([^)]*)\)", page)
    assert len(phones) == 3 and len({p for p, _w in phones}) == 2
    deleted, recorded_2, recorded_1 = phones   # newest first
    assert deleted == recorded_2 and recorded_2[1] == "iPhone · Mobile Safari 17 · iOS 17"
    assert recorded_1[1] == "Pixel 7 · Chrome Mobile 120 · Android 14"
    assert "Deal 2 undone" in page and "Deal 1 recorded" in page   # the board's Undo, in its word
    # a table's phone sees the history without them
    assert "phone:" not in table.get(board + "/history").text
    # the organiser's page links each table's history
    assert f'href="{board}/history"' in client.get(organiser).text
