"""A tournament through real HTTP round trips: created with its players and options, drawn (seeded, shown, drawn
again), started (one partie per table, the players in seating order), games recorded at the tables through the
ordinary deal form, refused past the round's games and after the organiser ended the round, the standings (the
organiser's page, the public page, the hall view, a player's own line, the CSV) exactly the engine's standings of the
exported tournament file, late entries and withdrawals between rounds, the passcode."""

import csv
import io
import json
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.tournament import file as tfile
from scorer.tournament import score

NINE = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"]


def create(client, players=NINE, **changes):
    data = {"name": "Hausruck-Cup 3", "rule_set": "koenigrufen/ooe", "players": "\n".join(players),
            "total": "schrift+rank", "tie_breaks": "table_ranks,best_round", "draw": "random", **changes}
    response = client.post("/t/new", data=data)
    assert response.status_code == 302, re.findall(r'<ul class="errors".*?</ul>', response.text, re.S)
    return response.headers["Location"]


def public(client, organiser):
    page = client.get(organiser).text
    return re.search(r'href="(/standings/[^"/]+)"', page).group(1)


def draw_and_start(client, organiser):
    assert client.post(organiser + "/draw").status_code == 302
    page = client.get(organiser).text
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    response = client.post(organiser + "/start", data={"version": version})
    assert response.status_code == 302, response.text
    return tables(client, organiser)


def tables(client, organiser):
    """The running round's tables: (board path, names in seating order)."""
    page = client.get(organiser).text
    section = page.split('id="round"', 1)[1].split("</section>", 1)[0]
    found = re.findall(r'<a href="(/p/[^"]+)"><strong>Table \d+</strong></a>\s*<span class="tnames">(.*?)</span>\s*'
                       r'<span class="games">', section, re.S)
    return [(board, [re.sub(r"\s+[+\u2212]?\d+$", "", n.strip()) for n in names.split(", ")]) for board, names in found]


def dreier(client, board, declarer, won=True, expect=302):
    page = client.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    response = client.post(board + "/deal", data={
        "type": "game", "action": "save", "key": secrets.token_urlsafe(16), "dealer": dealer,
        "contract": "dreier", "declarer": str(declarer), "result": "won" if won else "lost"})
    assert response.status_code == expect, response.text[:3000]
    return response


def engine_standings(client, organiser):
    text = client.get(organiser + "/tournament.json").data
    return tfile.read(text)


@pytest.mark.process
def test_create_draw_start_record_and_the_standings_are_the_engines(client, tmp_path, monkeypatch):
    from scorer.tournament import store as tstore
    seeds = iter([4711, 4711, 815])   # the redraw's first seed is the one drawn: it draws another
    monkeypatch.setattr(tstore, "new_seed", lambda: next(seeds))
    organiser = create(client)
    assert re.fullmatch(r"/t/[A-Za-z0-9_-]{20,}", organiser)
    page = client.get(organiser).text
    assert "9 players present: 1 × table of 5, 1 × table of 4." in page
    # the draw: seeded and shown; a redraw gives a new seed; the draw is the engine's for that seed
    assert client.post(organiser + "/draw").status_code == 302
    page = client.get(organiser).text
    seed = int(re.search(r"Drawn with seed (\d+)", page).group(1))
    assert client.post(organiser + "/draw").status_code == 302
    page = client.get(organiser).text
    seed2 = int(re.search(r"Drawn with seed (\d+)", page).group(1))
    from scorer import games
    from scorer.tournament import Tournament, random_draw
    from scorer.games.koenigrufen import RuleSet
    drawn = random_draw(Tournament(games.by_key("koenigrufen"), RuleSet.default("ooe"), tuple(NINE)), range(9), seed2)
    shown = re.findall(r'<li class="ttable"><strong>Table \d+</strong>\s*<span class="tnames">(.*?)</span></li>', page, re.S)
    assert [[re.sub(r"\s*<span.*?</span>", "", n).strip() for n in s.split(", ")] for s in shown] == \
        [[NINE[p] for p in t.players] for t in drawn.tables]
    assert (seed, seed2) == (4711, 815)   # a redraw draws with a new seed, never the one shown
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    assert client.post(organiser + "/start", data={"version": version}).status_code == 302
    found = tables(client, organiser)
    assert [names for _b, names in found] == [[NINE[p] for p in t.players] for t in drawn.tables]
    four = next((b, n) for b, n in found if len(n) == 4)
    five = next((b, n) for b, n in found if len(n) == 5)
    # the table's board: the ordinary board, which says which table and game it is; the first listed deals first
    board = client.get(four[0]).text
    assert "Round 1, table" in board and "game 1 of 16" in board
    assert f"<strong>{four[1][0]}</strong> deals" in board
    # a Dreier won by the table's second player: 12 / -4 / -4 / -4 (RULES-TOURNAMENT.md §7's table 1)
    dreier(client, four[0], 1)
    assert "game 2 of 16" in client.get(four[0]).text
    dreier(client, five[0], 2, won=False)
    sid = public(client, organiser)
    standings = engine_standings(client, organiser)
    first = standings.rounds[0]
    four_result = next(t for t in first if len(t.players) == 4)
    assert four_result.schrift == (-4, 12, -4, -4)
    assert [str(v) for v in four_result.rank_points] == ["20", "60", "20", "20"]
    # the public standings page: every player's place, Schrift, rank points, total exactly as the engine has them
    page = client.get(sid).text
    assert "Provisional" in page
    rows = re.findall(r'<tr id="player-(\d+)"[^>]*>\s*<td class="place">(\d+)\.</td>\s*<th scope="row"><a[^>]*>(.*?)'
                      r'</a>.*?</th>\s*<td class="total">(.*?)</td><td>(.*?)</td><td>(.*?)</td>', page, re.S)
    assert len(rows) == 9
    expected = [(str(s.player), str(s.place), NINE[s.player], tdec(s.total), signed(s.schrift), tdec(s.rank_points))
                for s in standings.standings]
    assert rows == expected
    # the command line replays the exported tournament file to the same standings
    exported = tmp_path / "tournament.json"
    exported.write_bytes(client.get(organiser + "/tournament.json").data)
    done = subprocess.run([sys.executable, "-m", "scorer", "replay", str(exported), "--json"], capture_output=True,
                          text=True, timeout=60, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    replayed = json.loads(done.stdout)["standings"]
    assert [(str(r["player"]), str(r["place"]), NINE[r["player"]], tdec_text(r["total"])) for r in replayed] == \
        [row[:4] for row in rows]
    # the CSV
    lines = list(csv.reader(io.StringIO(client.get(sid + "/standings.csv").text)))
    assert lines[0] == ["place", "player", "schrift", "rank_points", "total", "table_ranks", "withdrawn"]
    assert lines[1][:5] == [str(standings.standings[0].place), NINE[standings.standings[0].player],
                            str(standings.standings[0].schrift), tdec(standings.standings[0].rank_points),
                            tdec(standings.standings[0].total)]
    # the standings for Excel, in German: `;`, decimal commas, a byte order mark
    excel = client.get(sid + "/excel.csv", headers={"Accept-Language": "de"}).data.decode("utf-8")
    assert excel.startswith("\ufeffPlatz;Spieler;Summe;Schrift;Rangpunkte;Tischplätze")
    # every table's deals: the Dreier of the four-table, its points per player
    deals = list(csv.reader(io.StringIO(client.get(organiser + "/deals.csv").text)))
    at = deals.index(["round", "1", "table", str(found.index(four) + 1)])
    assert deals[at + 1][:4] == ["deal", "dealer", "type", "contract"]
    assert deals[at + 2][2:5] == ["game", "dreier", four[1][1]]
    # a player's own line
    declarer = NINE.index(four[1][1])
    own = client.get(f"{sid}/player/{declarer}").text
    assert "<dd>+12</dd>" in own and "<dd>60</dd>" in own and "<dd>72</dd>" in own
    # the hall view refreshes itself
    hall = client.get(sid + "/hall").text
    assert "http-equiv=\"refresh\"" in hall and four[1][1] in hall


def signed(n):
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def tdec_text(text):
    return text.replace("-", "\u2212")


def tdec(v):
    from scorer.tournament import decimal_text
    return decimal_text(v).replace("-", "\u2212")


def test_a_table_refuses_games_past_the_round_and_after_the_round_ended(client):
    organiser = create(client, NINE[:8], games_4="2")
    found = draw_and_start(client, organiser)
    board, names = found[0]
    dreier(client, board, 0)
    page = client.get(board).text
    assert "game 2 of 2" in page
    dreier(client, board, 1)
    page = client.get(board).text
    assert "All 2 games played: the round is complete at this table." in page
    refused = dreier(client, board, 2, expect=422)
    assert "This table has played the 2 games of round 1: the round is complete here, and this deal is not " \
           "recorded." in refused.text
    file = engine_standings(client, organiser)
    assert len(file.tournament.rounds[0].tables[0].deals) == 2
    # undo the second game, record another: a deal put back from the history would be a third game
    version = re.search(r'id="undo".*?name="version" value="(\d+)"', client.get(board).text, re.S).group(1)
    assert client.post(board + "/undo", data={"version": version}).status_code == 302
    dreier(client, board, 3)
    history = client.get(board + "/history").text
    action, version = re.search(r'<form method="post" action="([^"]+)" class="restore">.*?name="version" '
                                r'value="(\d+)"', history, re.S).groups()
    response = client.post(action, data={"version": version}, follow_redirects=True)
    assert "The deal cannot be put back: this table has played the 2 games of round 1" in response.text
    assert len(engine_standings(client, organiser).tournament.rounds[0].tables[0].deals) == 2
    # the organiser ends the round for every table: the other table's one game is its round
    other = found[1][0]
    dreier(client, other, 3)
    page = client.get(organiser).text
    assert "Round 1 is being played" in page and "Provisional" in page
    assert client.post(organiser + "/end/1").status_code == 302
    refused = dreier(client, other, 0, expect=422)
    assert "Round 1 has ended (the organiser ended it for every table): this deal is not recorded." in refused.text
    page = client.get(organiser).text
    assert "Round 1 is complete" in page and "Provisional" not in page and "Draw round 2" in page
    # the organiser corrects a table's game through the ordinary edit: recorded in its history
    page = client.get(other + "/deal/1/edit").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    fields = dict(re.findall(r'<input[^>]*name="(key|version|deal_id)"[^>]*value="([^"]*)"', page))
    response = client.post(other + "/deal/1/edit", data={
        **fields, "type": "game", "action": "save", "dealer": dealer, "contract": "dreier", "declarer": "3",
        "result": "lost"})
    assert response.status_code == 302, response.text[:2000]
    history = client.get(other + "/history").text
    assert "Deal 1 changed" in history or "deal 1" in history.lower()
    standings = engine_standings(client, organiser)
    table = standings.rounds[0][1]
    assert table.schrift[3] == -12


def test_late_entries_and_withdrawals_between_rounds(client):
    organiser = create(client, NINE[:8], games_4="1")
    found = draw_and_start(client, organiser)
    # while the round is played, no one joins or withdraws
    response = client.post(organiser + "/players", data={"players": "Zoe"})
    assert response.status_code == 422
    assert "Round 1 is being played: players join or withdraw between rounds." in response.text
    for board, _names in found:
        dreier(client, board, 0)
    page = client.get(organiser).text
    assert "Round 1 is complete" in page
    response = client.post(organiser + "/players", data={"players": "Zoe\nanna"})
    assert response.status_code == 422 and "Anna plays in this tournament already." in response.text
    assert client.post(organiser + "/players", data={"players": "Zoe"}).status_code == 302
    page = client.get(organiser).text
    assert "9 players present: 1 × table of 5, 1 × table of 4." in page
    assert client.post(organiser + "/players/0").status_code == 302   # Anna withdraws
    page = client.get(organiser).text
    assert "8 players present: 2 × table of 4." in page
    second = draw_and_start(client, organiser)
    seated = [n for _b, names in second for n in names]
    assert "Anna" not in seated and "Zoe" in seated and len(seated) == 8
    file = engine_standings(client, organiser)
    assert file.tournament.players[-1] == "Zoe"
    assert [s.table_ranks for s in file.standings if s.player == 0] == [(1,) if found[0][1][0] == "Anna" or
                                                                        found[1][1][0] == "Anna" else
                                                                        file.of(0).table_ranks]


def test_bad_input_is_said_beside_its_field_and_nothing_is_stored(app, client):
    response = client.post("/t/new", data={"name": "", "rule_set": "koenigrufen/ooe", "players": "Anna\nanna",
                                           "total": "schrift+rank", "tie_breaks": "table_ranks,best_round",
                                           "draw": "random", "games_4": "x", "rank_points_5": "60 45 30"})
    assert response.status_code == 422
    text = response.text
    assert "Enter a name for the tournament." in text
    assert "Each player needs a name of his own: Anna is listed twice." in text or "anna is listed twice" in text
    assert "Games at a table of 4: a whole number, like 16." in text
    response = client.post("/t/new", data={"name": " \u200b ", "rule_set": "koenigrufen/ooe", "players": "Anna",
                                           "total": "schrift+rank", "tie_breaks": "table_ranks,best_round",
                                           "draw": "random"})
    assert response.status_code == 422 and "Enter a name for the tournament." in response.text
    from scorer.db import connect
    db = connect(app.config["DATABASE"])
    assert db.conn.execute("select count(*) from tournaments").fetchone()[0] == 0
    db.conn.close()
    # too few players to seat: said on the organiser's page with what to do, no draw offered, nothing drawn
    organiser = create(client, NINE[:6])
    page = client.get(organiser).text
    assert "6 players cannot be seated at tables of 4 or 5. Add 2 players (8 can be seated), or let 1 withdraw (5 " \
           "can be seated)." in page
    assert "Draw round 1" not in page
    response = client.post(organiser + "/draw")
    assert response.status_code == 422 and "6 players cannot be seated" in response.text
    assert "Start round 1" not in response.text
    page = client.get(create(client, NINE[:1])).text
    assert "1 player cannot be seated at tables of 4 or 5. Add 3 players (4 can be seated)." in page


def test_the_passcode_guards_a_new_tournament(app, client):
    app.config["PASSCODE"] = "Tarock 21"
    data = {"name": "Cup", "rule_set": "koenigrufen/ooe", "players": "\n".join(NINE), "total": "schrift+rank",
            "tie_breaks": "table_ranks,best_round", "draw": "random"}
    response = client.post("/t/new", data={**data, "passcode": "wrong"})
    assert response.status_code == 422 and "The passcode is not right" in response.text
    response = client.post("/t/new", data={**data, "passcode": "Tarock 21"})
    assert response.status_code == 302
    organiser = response.headers["Location"]
    assert "Draw round 1" in client.get(organiser).text   # the browser that created it organises it
    assert f'<a href="{organiser}">Cup</a>' in client.get("/t/new").text   # and finds it again
    # another browser with the organiser's address: the passcode first, for the page and for every action
    other = app.test_client()
    page = other.get(organiser)
    assert page.status_code == 200 and "give it once on this device" in page.text and "Draw round 1" not in page.text
    assert other.post(organiser + "/draw").status_code == 403
    assert other.get(organiser + "/tournament.json").status_code == 403
    response = other.post(organiser + "/unlock", data={"passcode": "wrong"})
    assert response.status_code == 422 and "The passcode is not right" in response.text
    assert other.post(organiser + "/unlock", data={"passcode": "Tarock 21"}).status_code == 302
    assert other.post(organiser + "/draw").status_code == 302
    assert "Start round 1" in other.get(organiser).text
    # the standings need no passcode
    sid = re.search(r'href="(/standings/[^"/]+)"', other.get(organiser).text).group(1)
    assert app.test_client().get(sid).status_code == 200


def test_other_games_are_seated_at_their_table_sizes(client):
    organiser = create(client, NINE[:7], rule_set="haferltarock/haferl")
    page = client.get(organiser).text
    assert "7 players present: 1 × table of 4, 1 × table of 3." in page
    found = draw_and_start(client, organiser)
    assert sorted(len(n) for _b, n in found) == [3, 4]
    assert "game 1 of 12" in client.get(next(b for b, n in found if len(n) == 3)).text


@pytest.mark.parametrize("how", ["random", "standings"])
def test_round_two_is_drawn_as_the_engine_draws_it_from_round_one(client, how):
    organiser = create(client, NINE[:8], games_4="1", draw=how)
    for board, _names in draw_and_start(client, organiser):
        dreier(client, board, 1)
    assert client.post(organiser + "/draw").status_code == 302
    page = client.get(organiser).text
    seed = int(re.search(r"Drawn with seed (\d+)", page).group(1))
    shown = re.findall(r'<li class="ttable"><strong>Table \d+</strong>\s*<span class="tnames">(.*?)</span></li>', page,
                       re.S)
    shown = [[re.sub(r"\s*<span.*?</span>", "", n).strip() for n in s.split(", ")] for s in shown]
    from scorer.tournament import draw
    scored = engine_standings(client, organiser)
    expected = draw(scored.tournament, range(8), seed, scored)
    assert shown == [[NINE[p] for p in t.players] for t in expected.tables]
    if how == "standings":   # the first four of the standings at table 1, in their order
        assert shown[0] == [NINE[s.player] for s in scored.standings[:4]]
    else:   # by lot, with the fewest pairs who sat together in round 1
        from scorer.tournament.draw import pairs_met, repeated_pairs
        assert repeated_pairs([t.players for t in expected.tables], pairs_met(scored.tournament.rounds)) == 4


def test_strohmandeln_with_an_odd_number_seats_one_player_out(client):
    organiser = create(client, NINE[:5], rule_set="strohmandeln/tarockbuch-extended")
    assert "5 players present: 2 × table of 2, 1 sits out." in client.get(organiser).text
    found = draw_and_start(client, organiser)
    assert sorted(len(n) for _b, n in found) == [2, 2]
    page = client.get(organiser).text
    out = re.search(r"Sits this round out: (\w+)", page).group(1)
    assert out in NINE[:5] and all(out not in names for _b, names in found)
    assert "game 1 of 8" in client.get(found[0][0]).text
