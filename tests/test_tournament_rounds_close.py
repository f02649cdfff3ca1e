"""A tournament's rounds close, through real HTTP round trips: once round 2 is drawn, round 1's tables are refused
(a new game, an undo, an edit, a game put back) with a word that says why and what to do, and nothing changes; only
the organiser reopens round 1 (told what it means for the draw already made), its tables may correct it then, and
it closes again; a round complete by its games can be ended; the tournament finished (final results, nothing
drawn, no table changes them) and reopened; a player who leaves mid-round ends his table's round and is not drawn
again; sizes that cannot be seated say what to do and offer no draw; Withdraws asks first."""

import re

from .test_tournament_web import NINE, create, dreier, draw_and_start, engine_standings, public


def version_of(client, board):
    """The partie's version the board was shown at (a closed round's board offers no Undo: one sent all the same
    comes from an old page)."""
    return re.search(r'<body[^>]*data-version="(\d+)"', client.get(board).text).group(1)


def round_section(client, organiser):
    return client.get(organiser).text.split('id="round"', 1)[1].split("</section>", 1)[0]


def test_a_round_closes_when_the_next_is_drawn_and_only_the_organiser_reopens_it(app, client):
    organiser = create(client, NINE[:8], games_4="1", draw="standings")
    first = draw_and_start(client, organiser)
    for board, _names in first:
        dreier(client, board, 1)
    board = first[0][0]
    before = engine_standings(client, organiser)
    section = round_section(client, organiser)
    assert "Round 1 is complete" in section and "Draw round 2" in section
    assert "End round 1" in section and "Finish the tournament" in section
    assert client.post(organiser + "/draw").status_code == 302

    # round 2 drawn: round 1's table refuses everything, and says why and whom to ask
    table = app.test_client()   # the table's own phone: it does not organise the tournament
    version = version_of(table, board)
    said = "Round 1 is over: round 2 has been drawn, and nothing was changed. Ask the organiser: only he can " \
           "reopen round 1."
    refused = table.post(board + "/undo", data={"version": version}, follow_redirects=True)
    assert "Deal 1 cannot be undone: round 1 is over: round 2 has been drawn" in refused.text
    assert "Round 1 is over: round 2 has been drawn. Ask the organiser." in refused.text   # the table's line
    page = table.get(board + "/deal/1/edit").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    fields = dict(re.findall(r'<input[^>]*name="(key|version|deal_id)"[^>]*value="([^"]*)"', page))
    refused = table.post(board + "/deal/1/edit", data={**fields, "type": "game", "action": "save", "dealer": dealer,
                                                        "contract": "dreier", "declarer": "0", "result": "lost"})
    assert refused.status_code == 422 and said in refused.text
    # the organiser too: he reopens the round first
    refused = client.post(board + "/deal/1/edit", data={**fields, "type": "game", "action": "save",
                                                         "dealer": dealer, "contract": "dreier", "declarer": "0",
                                                         "result": "lost"})
    assert refused.status_code == 422 and said in refused.text
    assert engine_standings(client, organiser).standings == before.standings
    section = round_section(client, organiser)
    assert "Round 1 is being played" not in section and "Round 2: the draw" in section
    page = client.get(organiser).text
    assert "The draw of round 2 follows the standings until it starts: a correction may move players between its " \
           "tables." in page   # said before the organiser reopens it (the button's confirmation)

    # reopened: told what it means for the draw; the table's phone may correct round 1 again
    response = client.post(organiser + "/end/1", data={"reopen": "1"}, follow_redirects=True)
    assert "Round 1 is open for corrections." in response.text
    assert "The draw of round 2 follows the standings until it starts" in response.text
    assert "Close round 1 again" in response.text
    assert table.post(board + "/undo", data={"version": version}).status_code == 302
    assert len(engine_standings(client, organiser).tournament.rounds[0].tables[0].deals) == 0
    dreier(table, board, 2)
    # closed again: refused again
    response = client.post(organiser + "/end/1", data={"close": "1"}, follow_redirects=True)
    assert "Round 1 is closed again" in response.text
    assert said in dreier(table, board, 0, expect=422).text

    # round 2 started: round 1 stays closed; reopening it now says round 2 stays as drawn
    page = client.get(organiser).text
    start_version = re.search(r'name="version" value="(\d+)"', page).group(1)
    assert client.post(organiser + "/start", data={"version": start_version}).status_code == 302
    section = round_section(client, organiser)
    assert "Round 2 is being played" in section and "Round 1 is being played" not in section
    response = client.post(organiser + "/end/1", data={"reopen": "1"}, follow_redirects=True)
    assert "Round 2 stays as it was drawn: a correction changes the standings, not its tables." in response.text
    # drawing round 3 closes round 1 again by itself
    for link in re.findall(r'<a href="(/p/[^"]+)"><strong>Table', round_section(client, organiser)):
        dreier(client, link, 1)
    assert client.post(organiser + "/draw").status_code == 302
    assert "Round 1 is over: round 3 has been drawn" in dreier(table, board, 0, expect=422).text


def test_end_a_complete_round_finish_the_tournament_and_reopen_it(app, client):
    organiser = create(client, NINE[:8], games_4="1")
    found = draw_and_start(client, organiser)
    assert "Finish the tournament" not in round_section(client, organiser)   # while round 1 is played
    response = client.post(organiser + "/finish", follow_redirects=True)
    assert response.status_code == 422 and "Round 1 is not complete yet" in response.text
    for board, _names in found:
        dreier(client, board, 0)
    table = app.test_client()
    board = found[0][0]
    # End round 1: its tables' phones can change its games no more
    response = client.post(organiser + "/end/1", follow_redirects=True)
    assert "Round 1 ended for every table." in response.text and "Reopen round 1" in response.text
    refused = table.post(board + "/undo", data={"version": version_of(table, board)}, follow_redirects=True)
    assert "only the organiser can correct this table" in refused.text
    # finished: the final results; nothing drawn, no player added, no table changes them
    response = client.post(organiser + "/finish", follow_redirects=True)
    assert "The tournament is finished: these are its final results." in response.text
    section = round_section(client, organiser)
    assert "Draw round 2" not in section and "Results (PDF)" in section and "Reopen the tournament" in section
    assert "Start a cup with this tournament" in section
    sid = public(client, organiser)
    standings = client.get(sid).text
    assert "Final results after 1 round" in standings and "Provisional" not in standings
    assert "Final results after 1 round" in client.get(sid + "/hall").text
    response = client.post(organiser + "/draw")
    assert response.status_code == 422 and "The tournament is finished: its results are final." in response.text
    assert client.post(organiser + "/players", data={"players": "Zoe"}).status_code == 422
    said = "The tournament is finished and its results are final: nothing was changed. Ask the organiser."
    assert said in dreier(client, board, 1, expect=422).text
    # reopened: a round can be drawn again
    response = client.post(organiser + "/finish", data={"reopen": "1"}, follow_redirects=True)
    assert "The tournament is open again" in response.text and "Draw round 2" in response.text


def test_a_player_who_leaves_mid_round_ends_his_tables_round(app, client):
    organiser = create(client, NINE, games_4="3", games_5="3")
    found = draw_and_start(client, organiser)
    four = next((b, n) for b, n in found if len(n) == 4)
    five = next((b, n) for b, n in found if len(n) == 5)
    dreier(client, four[0], 1)
    leaving = NINE.index(four[1][2])
    page = client.get(organiser).text
    # the organiser's page offers it for each seated player, with a confirmation; no Withdraws while playing
    assert f'aria-label="{four[1][2]} leaves mid-round"' in page and "Withdraws</button>" not in page
    assert "leaves table" in page and "Its round ends with the games recorded so far" in page
    response = client.post(f"{organiser}/gone/{leaving}", follow_redirects=True)
    assert f"{four[1][2]} left table" in response.text
    assert "ended early" in response.text
    refused = dreier(client, four[0], 2, expect=422)
    assert f"This table’s round has ended: {four[1][2]} left the table, so its games so far are its round, and this " \
           "deal is not recorded." in refused.text or "left the table" in refused.text
    # his table's round is its one game; the round is complete once the other table has its games
    for k in range(3):
        dreier(client, five[0], k + 1)
    section = round_section(client, organiser)
    assert "Round 1 is complete" in section
    scored = engine_standings(client, organiser)
    table = next(t for t in scored.rounds[0] if len(t.players) == 4)
    assert table.games == 1 and sum(table.schrift) == 0
    # he does not play the next round
    assert "8 players present: 2 × table of 4." in client.get(organiser).text
    second = draw_and_start(client, organiser)
    assert four[1][2] not in [n for _b, names in second for n in names]


def test_a_player_marked_gone_by_mistake_is_back_at_his_table(client):
    organiser = create(client, NINE[:8], games_4="2")
    found = draw_and_start(client, organiser)
    board, names = found[0]
    player = NINE.index(names[0])
    assert client.post(f"{organiser}/gone/{player}").status_code == 302
    dreier(client, board, 1, expect=422)
    response = client.post(f"{organiser}/gone/{player}", data={"back": "1"}, follow_redirects=True)
    assert f"{names[0]} is back at table 1 of round 1." in response.text
    dreier(client, board, 1)
    page = client.get(organiser).text
    assert 'class="withdrawn"' not in page and "left table" not in page


def test_withdraws_asks_first(client):
    organiser = create(client, NINE[:8])
    page = client.get(organiser).text
    form = re.search(r'<form[^>]*action="/t/[^"]+/players/0"[^>]*>', page).group(0)
    assert "confirm" in form and "Anna withdraws: not drawn from the next round on" in form
