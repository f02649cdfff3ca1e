"""A cup through real HTTP round trips: two tournaments played at their tables, a cup created with one of them
(ticked: this browser organises it) and the other added by its organiser's address, the public cup page and its CSV
ranking the players exactly as RULES-TOURNAMENT.md §5 says (cup points by place, best N, minus days), names matched
across tournaments case aside; bad input said beside its field with nothing stored; the passcode."""

import csv
import io
import re

from scorer.db import connect
from scorer.tournament import CupRules, cup

from .test_tournament_web import NINE, create, draw_and_start, dreier, engine_standings


def played(client, players, declarers, name="Tag", **changes):
    """A tournament of one round of one game per table (the declarer of each table's Dreier given): its organiser's
    address and its standings as the engine scores its exported file."""
    organiser = create(client, players, name=name, games_4="1", games_5="1", **changes)
    for (board, _names), declarer in zip(draw_and_start(client, organiser), declarers):
        dreier(client, board, declarer)
    return organiser, engine_standings(client, organiser)


def rows_of(page):
    body = page.split('class="standings tstandings cupstandings"', 1)[1].split("</table>", 1)[0]
    out = []
    for row in re.findall(r"<tr>(.*?)</tr>", body.split("<tbody>", 1)[1], re.S):
        place = re.search(r'<td class="place">(\d+)\.</td>', row).group(1)
        name = re.search(r'<th scope="row">(.*?)</th>', row).group(1)
        total = re.search(r'<td class="total">(\d+)</td>', row).group(1)
        out.append((int(place), name, int(total)))
    return out


def test_a_cup_adds_up_its_tournaments_by_cup_points_per_place(app, client):
    first, one = played(client, NINE[:8], [0, 1], name="Tag 1")
    # the second tournament writes two names in another case: the same players
    second, two = played(client, ["anna", "BERND"] + NINE[2:8], [2, 0], name="Tag 2")
    response = client.post("/c/new", data={"name": "Hausruck-Cup", "cup_points": "10 8 6 4 2",
                                           "cup_total": "sum", "minus_days": "count", "tournament": [first.split("/")[-1]],
                                           "address": "http://localhost" + second})
    assert response.status_code == 302, response.text[:3000]
    organiser = response.headers["Location"]
    assert re.fullmatch(r"/c/[A-Za-z0-9_-]{20,}", organiser)
    page = client.get(organiser).text
    public = re.search(r'href="(/cup/[^"/]+)"', page).group(1)
    shown = rows_of(client.get(public).text)
    expected = cup([one, two], CupRules((10, 8, 6, 4, 2)))
    assert shown == [(c.place, c.name, c.total) for c in expected]
    # by hand from the two tournaments' places: cup points of each place, summed per player (case aside)
    points = (10, 8, 6, 4, 2)
    by_name: dict = {}
    for standings in (one, two):
        for s in standings.standings:
            name = standings.tournament.players[s.player].lower()
            by_name[name] = by_name.get(name, 0) + (points[s.place - 1] if s.place <= 5 else 0)
    assert {name.lower(): total for _p, name, total in shown} == by_name
    assert len(shown) == 8   # Anna and anna are one player
    # the CSV: the same lines, with each tournament's place and cup points
    table = list(csv.reader(io.StringIO(client.get(public + "/cup.csv").text)))
    assert table[0][:3] == ["place", "player", "cup_total"] and len(table[0]) == 7
    assert [(int(r[0]), r[1], int(r[2])) for r in table[1:]] == shown


def test_best_n_and_minus_days_as_the_options_say(app, client):
    # Schrift only: the losers of a Dreier end the day below 0
    first, one = played(client, NINE[:8], [0, 1], name="Tag 1", total="schrift")
    second, two = played(client, NINE[:8], [2, 3], name="Tag 2", total="schrift")
    third, three = played(client, NINE[:8], [1, 2], name="Tag 3", total="schrift")
    tids = [t.split("/")[-1] for t in (first, second, third)]
    response = client.post("/c/new", data={"name": "Kärntner Cup", "cup_points": "10 8 6 4 2 1 1 1",
                                           "cup_total": "best", "best": "2", "minus_days": "nothing",
                                           "tournament": tids})
    assert response.status_code == 302, response.text[:3000]
    page = client.get(response.headers["Location"]).text
    rules = CupRules((10, 8, 6, 4, 2, 1, 1, 1), 2, False)
    expected = cup([one, two, three], rules)
    assert rows_of(page) == [(c.place, c.name, c.total) for c in expected]
    # by hand: a tournament below 0 brings nothing, and only the best two count
    for line in expected:
        earned = []
        for standings in (one, two, three):
            s = next(s for s in standings.standings if standings.tournament.players[s.player] == line.name)
            earned.append(0 if s.total < 0 else rules.cup_points[s.place - 1])
        assert line.total == sum(sorted(earned, reverse=True)[:2])
    assert any(t < 0 for s in (one, two, three) for t in (x.total for x in s.standings))
    assert "the best 2 tournaments" in page and "a tournament with a total below 0 brings nothing" in page


def test_tournaments_are_added_afterwards_and_another_rule_set_is_refused(app, client):
    first, one = played(client, NINE[:8], [0, 1], name="Tag 1")
    response = client.post("/c/new", data={"name": "Cup", "cup_points": "3 2 1", "cup_total": "sum",
                                           "minus_days": "count"})
    organiser = response.headers["Location"]
    assert "No tournament in the cup yet." in client.get(organiser).text
    assert client.post(organiser + "/add", data={"tournament": first.split("/")[-1]}).status_code == 302
    assert "After 1 tournaments" in client.get(organiser).text or "Tag 1" in client.get(organiser).text
    other = create(client, NINE[:8], name="Salzburg", rule_set="koenigrufen/" + other_preset())
    response = client.post(organiser + "/add", data={"address": other})
    assert response.status_code == 422
    assert "Salzburg is not of this cup’s game and rule set" in response.text
    response = client.post(organiser + "/add", data={"address": first})
    assert response.status_code == 422 and "This tournament is in the cup already." in response.text
    response = client.post(organiser + "/add", data={"address": "/t/nothing-here-at-all-xyz"})
    assert response.status_code == 422 and "There is no tournament at this address" in response.text
    db = connect(app.config["DATABASE"])
    assert db.conn.execute("select count(*) from cup_tournaments").fetchone()[0] == 1
    db.conn.close()


def other_preset():
    from scorer import games
    return next(p for p in games.by_key("koenigrufen").engine.PRESETS if p != "ooe")


def test_bad_input_is_said_beside_its_field_and_nothing_is_stored(app, client):
    response = client.post("/c/new", data={"name": "", "cup_points": "10 x", "cup_total": "best", "best": "0",
                                           "minus_days": "count", "address": "no address"})
    assert response.status_code == 422
    for said in ("Enter a name for the cup.", "Cup points: whole numbers from 0",
                 "The number of tournaments that count: a whole number from 1", "This is not a tournament’s address"):
        assert said in response.text
    assert 'id="cup_points" name="cup_points"' in response.text and 'value="10 x"' in response.text
    db = connect(app.config["DATABASE"])
    assert db.conn.execute("select count(*) from cups").fetchone()[0] == 0
    db.conn.close()


def test_the_passcode_guards_a_cup(app, client):
    app.config["PASSCODE"] = "Tarock 21"
    data = {"name": "Cup", "cup_points": "3 2 1", "cup_total": "sum", "minus_days": "count"}
    response = client.post("/c/new", data={**data, "passcode": "wrong"})
    assert response.status_code == 422 and "The passcode is not right" in response.text
    response = client.post("/c/new", data={**data, "passcode": "Tarock 21"})
    assert response.status_code == 302
    organiser = response.headers["Location"]
    public = re.search(r'href="(/cup/[^"/]+)"', client.get(organiser).text).group(1)
    other = app.test_client()
    page = other.get(organiser)
    assert "give it once on this device" in page.text and "Add to the cup" not in page.text
    assert other.post(organiser + "/add", data={"address": "/t/x"}).status_code == 403
    assert other.post(organiser + "/unlock", data={"passcode": "Tarock 21"}).status_code == 302
    assert "Add to the cup" in other.get(organiser).text
    assert app.test_client().get(public).status_code == 200   # the cup standings need no passcode


def test_a_new_tournament_joins_a_cup_at_its_creation(app, client):
    response = client.post("/c/new", data={"name": "Tiroler Cup", "cup_points": "3 2 1", "cup_total": "sum",
                                           "minus_days": "count"})
    cid = response.headers["Location"].split("/")[-1]
    page = client.get("/t/new").text
    assert f'<option value="{cid}">Tiroler Cup</option>' in page
    first = create(client, NINE[:8], name="Tag 1", cup=cid)
    assert "Tag 1" in client.get(f"/c/{cid}").text
    # another rule set: said beside the field, nothing created
    response = client.post("/t/new", data={"name": "Tag 2", "rule_set": "koenigrufen/" + other_preset(),
                                           "players": "\n".join(NINE[:8]), "total": "schrift+rank",
                                           "tie_breaks": "table_ranks,best_round", "draw": "random", "cup": cid})
    assert response.status_code == 422
    assert "The tournaments of Tiroler Cup are played at Königrufen" in response.text
    # a cup this browser does not organise is not offered, nor taken
    other = app.test_client()
    response = other.post("/t/new", data={"name": "Tag 3", "rule_set": "koenigrufen/ooe",
                                          "players": "\n".join(NINE[:8]), "total": "schrift+rank",
                                          "tie_breaks": "table_ranks,best_round", "draw": "random", "cup": cid})
    assert response.status_code == 422 and "Choose one of your cups, or none." in response.text
    db = connect(app.config["DATABASE"])
    assert db.conn.execute("select count(*) from tournaments").fetchone()[0] == 1
    assert db.conn.execute("select tournament_id from cup_tournaments").fetchall() == [(first.split("/")[-1],)]
    db.conn.close()
