"""The organiser's correction of a table's game is recorded with who made it: an edit (or a deletion) of a tournament
table's deal from a browser that organises the tournament says "corrected by the organiser" in the partie's history,
while the table's own edits read as any partie's do; the correction counts in the standings."""

import re
import secrets

from .test_tournament_web import NINE, create, draw_and_start, engine_standings


def record(browser, board, declarer):
    page = browser.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    response = browser.post(board + "/deal", data={
        "type": "game", "action": "save", "key": secrets.token_urlsafe(16), "dealer": dealer,
        "contract": "dreier", "declarer": str(declarer), "result": "won"})
    assert response.status_code == 302, response.text[:2000]


def edit(browser, board, number, declarer, result):
    page = browser.get(f"{board}/deal/{number}/edit").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    fields = dict(re.findall(r'<input[^>]*name="(key|version|deal_id)"[^>]*value="([^"]*)"', page))
    response = browser.post(f"{board}/deal/{number}/edit", data={
        **fields, "type": "game", "action": "save", "dealer": dealer, "contract": "dreier",
        "declarer": str(declarer), "result": result})
    assert response.status_code == 302, response.text[:2000]


def actions(browser, board):
    return [re.sub(r"\s+", " ", a).strip() for a in
            re.findall(r'<span class="action">(.*?)</span>', browser.get(board + "/history").text, re.S)]


def test_the_organisers_correction_is_recorded_with_who_made_it(app, client):
    organiser = create(client, NINE[:8], games_4="3")
    board, _names = draw_and_start(client, organiser)[0]
    table = app.test_client()          # the table's own phone: it opened the table card's address, nothing else
    record(table, board, 0)
    record(table, board, 1)
    edit(table, board, 2, 2, "won")     # the table corrects its own game
    edit(client, board, 1, 3, "lost")   # the organiser corrects the table's first game
    said = actions(table, board)
    assert said[:4] == ["Deal 1 corrected by the organiser", "Deal 2 edited", "Deal 2 recorded", "Deal 1 recorded"]
    # the history says it to everyone (the table's phone too), in German as well
    page = table.get(board + "/history", headers={"Accept-Language": "de"}).text
    assert "Spiel 1 vom Veranstalter korrigiert" in page
    # the correction counts: deal 1 is now a lost Dreier of the fourth seat
    # (lost: the declarer -12, the others +4 each), deal 2 the table's own edit (the third seat won: +12, -4 each)
    assert engine_standings(client, organiser).rounds[0][0].schrift == (4 - 4, 4 - 4, 4 + 12, -12 - 4)
    # the organiser deletes a game: said too
    version = re.search(r'id="undo".*?name="version" value="(\d+)"', client.get(board).text, re.S).group(1)
    assert client.post(board + "/undo", data={"version": version}).status_code == 302
    assert actions(table, board)[0] == "Deal 2 deleted by the organiser"


def test_an_ended_rounds_games_are_the_organisers_to_correct(app, client):
    """Once the organiser ended the round, the table's own edit, undo and delete are refused with nothing changed;
    the organiser's correction goes through; and no edit takes a table past the round's games."""
    organiser = create(client, NINE[:8], games_4="2")
    board, _names = draw_and_start(client, organiser)[0]
    table = app.test_client()
    record(table, board, 0)
    # a misdeal as the second deal: not a game, so the table may still play one more
    page = table.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    assert table.post(board + "/deal", data={"type": "misdeal", "action": "save", "key": secrets.token_urlsafe(16),
                                             "dealer": dealer, "offender": dealer}).status_code == 302
    record(table, board, 1)
    # the misdeal made a game: three games where the round has two; refused, nothing changed
    page = table.get(f"{board}/deal/2/edit").text
    fields = dict(re.findall(r'<input[^>]*name="(key|version|deal_id)"[^>]*value="([^"]*)"', page))
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    refused = table.post(f"{board}/deal/2/edit", data={**fields, "type": "game", "action": "save", "dealer": dealer,
                                                       "contract": "dreier", "declarer": "2", "result": "won"})
    assert refused.status_code == 422
    assert "This table would have more than the 2 games of round 1: nothing was changed." in refused.text
    before = engine_standings(client, organiser).rounds[0][0].schrift
    assert client.post(organiser + "/end/1").status_code == 302
    # the table's own edit after the round ended: refused, its game as it was
    page = table.get(f"{board}/deal/1/edit").text
    fields = dict(re.findall(r'<input[^>]*name="(key|version|deal_id)"[^>]*value="([^"]*)"', page))
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    refused = table.post(f"{board}/deal/1/edit", data={**fields, "type": "game", "action": "save", "dealer": dealer,
                                                       "contract": "dreier", "declarer": "3", "result": "won"})
    assert refused.status_code == 422
    assert "Round 1 has ended: only the organiser can correct this table&#39;s games now, and nothing was " \
           "changed." in refused.text
    # the table's undo: not offered on its board, and refused when sent all the same (an old page), said on the board
    assert 'id="undo"' not in table.get(board).text
    answer = table.post(board + "/undo", data={"version": fields["version"]}, follow_redirects=True).text
    assert "Deal 3 cannot be undone: round 1 has ended: only the organiser can correct" in answer
    assert engine_standings(client, organiser).rounds[0][0].schrift == before
    # the organiser's correction goes through and counts
    edit(client, board, 1, 3, "lost")
    assert actions(table, board)[0] == "Deal 1 corrected by the organiser"
    assert engine_standings(client, organiser).rounds[0][0].schrift != before
