"""At the table: nothing typed is lost or silently wrong (issue 13), through real HTTP round trips.

Enter saves; the pile follows the undertaker; two phones and one deal (409 with the choice); every check
of a deal against its partie inside the write transaction (a bankroll running out under two real clients at
once); a stored partie that cannot be replayed never breaks its pages; every page of every game answers.
"""

import secrets
import json
import re
import threading
import urllib.parse
import urllib.request
from urllib.error import HTTPError

import pytest
from werkzeug.serving import make_server

from scorer import create_app, store
from scorer.db import connect
from scorer.games import by_key, game_of, offered
from scorer.web.parties import cache

from .conftest import record
from .test_haferl_web import deal as haferl_deal, start as haferl_start
from .helpers import stored


def form_fields(page):
    """The hidden fields of a deal form page, as a dict."""
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page)) | dict(
        re.findall(r'<input id="(\w+)" name="\1" type="hidden" value="([^"]*)"', page))


def first_submit(page):
    """The name and value of the form's first submit button: what Enter in a field presses."""
    form = page[page.index('id="deal-form"'):]
    button = re.search(r'<button[^>]*type="submit"[^>]*>', form).group(0)
    return re.search(r'name="(\w+)"', button).group(1), re.search(r'value="([\w-]+)"', button).group(1)


# -- 1. Enter saves ----------------------------------------------------------------------------------------

def test_enter_in_a_field_saves_in_both_games(client, board):
    assert first_submit(client.get(board + "/deal").text) == ("action", "save")
    record(client, board, points="40", pile_of="0")
    assert first_submit(client.get(board + "/deal/1/edit").text) == ("action", "save")
    bavarian = haferl_start(client)
    assert first_submit(client.get(bavarian + "/deal").text) == ("action", "save")


# -- 2. the pile follows the undertaker --------------------------------------------------------------------

@pytest.mark.parametrize("dealer, undertaker, owner", [
    ("0", "geber", 0), ("0", "vorhand", 1), ("0", "nobody", 1), ("1", "geber", 1), ("1", "nobody", 0)])
def test_the_pile_is_the_undertakers_unless_chosen(app, client, board, dealer, undertaker, owner):
    data = {"type": "game", "dealer": dealer, "undertaker": undertaker, "points": "35", "blatt": "2",
            "action": "save", "key": secrets.token_urlsafe(16)}
    assert client.post(board + "/deal", data=data).status_code == 302
    deal = stored(app, board).partie.deals[-1]
    assert deal.card_points[owner] == 35 * 3 + 2 and deal.card_points[1 - owner] is None


def test_a_pile_ticked_by_the_script_is_not_the_players_choice(app, client, board):
    """The script ticks the undertaker's pile and says so (pile_auto=1): the server takes the undertaker's (in
    a simple game Vorhand's); a pile sent without pile_auto was chosen. The 409 of the other phone's deal fixes
    the pile to the person it was (the dealer moves on, the pile stays: "record mine too" records what was typed)."""
    page = client.get(board + "/deal").text
    version = re.search(r'name="version" type="hidden" value="(\d+)"', page).group(1)
    assert record(client, board, undertaker="forehand", points="40", dealer="0").status_code == 302
    data = {"type": "game", "dealer": "0", "undertaker": "nobody", "pile_of": "1", "pile_auto": "1",
            "points": "38", "blatt": "0", "action": "save", "key": secrets.token_urlsafe(16), "version": version,
            "count": "0"}
    r = client.post(board + "/deal", data=data)
    assert r.status_code == 409
    assert re.search(r'<fieldset class="seg pile-of" id="fs-pile_of" data-chosen="1">', r.text)   # Bernd's, fixed
    assert 'name="pile_of" value="1" checked' in r.text and 'name="dealer" value="1" checked' in r.text
    # the script's tick is sent along with a Bernd-undertakes deal: still the undertaker's pile
    data.update(undertaker="dealer", pile_of="1", version=str(stored(app, board).version), count="1",
                action="save", key=secrets.token_urlsafe(16))
    assert client.post(board + "/deal", data=data).status_code == 302
    assert stored(app, board).partie.deals[-1].card_points == (38 * 3, None)          # Anna's, the Geber
    # the player's tap (no pile_auto): that pile, whoever undertook
    data.update(pile_auto="", version=str(stored(app, board).version), count="2", key=secrets.token_urlsafe(16))
    assert client.post(board + "/deal", data=data).status_code == 302
    assert stored(app, board).partie.deals[-1].card_points == (None, 38 * 3)


def test_the_form_says_whose_points_are_typed(client, board):
    page = client.get(board + "/deal").text   # Anna deals: Bernd is Vorhand
    assert "Card points of Bernd" in page and 'name="pile_of" value="0" checked' not in page
    page = client.post(board + "/deal", data={"type": "game", "dealer": "0", "undertaker": "geber",
                                              "points": "", "action": "preview"}).text
    assert "Card points of Anna" in page
    page = client.get(board + "/deal?pile_of=1&points=24&blatt=2").text
    assert "Card points of Bernd" in page and 'name="pile_of" value="1" checked' in page


# -- 3. two phones, one deal -------------------------------------------------------------------------------

def open_form(client, board):
    page = client.get(board + "/deal").text
    fields = form_fields(page)
    fields["dealer"] = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    return fields


def test_a_deal_recorded_on_the_other_phone_is_not_recorded_twice(app, client, board):
    mine = open_form(client, board)
    theirs = open_form(client, board)
    assert mine["version"] == theirs["version"] and mine["count"] == "0" and mine["key"] != theirs["key"]
    # the other phone: Bernd (Vorhand) undertook, 40 : 30
    assert client.post(board + "/deal", data={**theirs, "type": "game", "undertaker": "vorhand", "points": "40",
                                              "action": "save"}).status_code == 302
    # mine: a simple game, Anna 38
    data = {**mine, "type": "game", "undertaker": "nobody", "pile_of": "0", "points": "38", "action": "save"}
    response = client.post(board + "/deal", data=data)
    assert response.status_code == 409
    page = response.text
    assert "Deal 1 was recorded on the other phone a moment ago: Bernd undertook" in page
    assert "Bernd undertook, Bernd\u00a040\u00a0: Anna\u00a030 — Anna −3, Bernd +3" in page
    assert "Record mine as deal 2 too" in page and "Discard mine" in page
    assert 'value="38"' in page and 'name="pile_of" value="0" checked' in page   # the form keeps its values
    # but not the dealer it proposed when it was opened: deal 1 was Anna's, so Bernd deals this one
    assert 'name="dealer" value="1" checked' in page and "So Bernd deals this one" in page
    assert len(stored(app, board).partie.deals) == 1                               # nothing stored
    # Enter (the default Save) again: still the same question, still nothing stored
    assert client.post(board + "/deal", data=data).status_code == 409
    assert len(stored(app, board).partie.deals) == 1
    # the player chooses to record it too
    seen = re.search(r'name="seen_version" value="(\d+)"', page).group(1)
    data["dealer"] = "1"   # as the page now shows it
    response = client.post(board + "/deal", data={**data, "action": "record-anyway", "seen_version": seen})
    assert response.status_code == 302
    sp = stored(app, board)
    assert len(sp.partie.deals) == 2 and sp.partie.deals[1].card_points == (38 * 3, None)
    assert [d.dealer for d in sp.partie.deals] == [0, 1]
    assert "Deal 2 recorded." in client.get(board).text
    # a double tap of the same form is not a conflict, and records nothing more
    assert client.post(board + "/deal", data={**data, "action": "record-anyway", "seen_version": seen}
                       ).status_code == 302
    assert len(stored(app, board).partie.deals) == 2


def test_a_conflict_in_german_and_in_bavarian_tarock(app, client):
    board = haferl_start(client)
    page = client.get(board + "/deal").text
    mine = form_fields(page)
    assert haferl_deal(client, board, declarer="0", contract="pickup", points="70").status_code == 302
    response = client.post(board + "/deal", data={**mine, "type": "game", "dealer": "3", "declarer": "1",
                                                  "contract": "pickup", "target": "61", "points": "50",
                                                  "action": "save"}, headers={"Accept-Language": "de"})
    assert response.status_code == 409
    assert "Spiel 1 wurde gerade auf dem anderen Handy eingetragen" in response.text
    assert "Meins auch als Spiel 2 eintragen" in response.text
    assert len(stored(app, board).partie.deals) == 1


def test_an_ended_partie_takes_no_deal_even_from_an_open_form(app, client, board):
    mine = open_form(client, board)
    client.post(board + "/end", data={})
    response = client.post(board + "/deal", data={**mine, "type": "game", "undertaker": "nobody",
                                                  "points": "38", "action": "save"})
    assert response.status_code in (409, 422) and "This partie has ended" in response.text
    assert "reopen the partie first" in response.text
    assert stored(app, board).partie.deals == ()


# -- 4. decided inside the transaction: two real clients at once -------------------------------------------

@pytest.fixture
def live(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "scorer.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield app, f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()


def post(url, data):
    request = urllib.request.Request(url, data=urllib.parse.urlencode(data).encode(), method="POST")
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=20) as r:
            return r.status, r.read().decode()
    except HTTPError as e:
        return e.code, e.read().decode()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def get(url):
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status, r.read().decode()
    except HTTPError as e:
        return e.code, e.read().decode()


def race(url, bodies):
    """Post every body at the same moment, each from its own client; the (status, text) of each."""
    barrier = threading.Barrier(len(bodies))
    out = [None] * len(bodies)

    def go(i):
        barrier.wait()
        out[i] = post(url, bodies[i])
    threads = [threading.Thread(target=go, args=(i,)) for i in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def pages_answer(base, board, app):
    sp = stored(app, board)
    paths = [board, board + "/deals", board + "/history", board + "/rules", board + "/share",
             board + "/export.csv", board + "/excel.csv", board + "/partie.json", board + "/deal"]
    paths += [f"{board}/deal/{n}" for n in range(1, len(sp.partie.deals) + 1)]
    for path in paths:
        status, _text = get(base + path)
        assert status == 200, path


@pytest.mark.process
@pytest.mark.parametrize("with_version", [True, False], ids=["forms-with-version", "no-version"])
def test_two_saves_as_the_bankroll_runs_out(live, with_version):
    app, base = live
    status, _ = post(base + "/new", {"player0": "Anna", "player1": "Bernd", "first_dealer": "0", "preset": "strawman",
                                     "counting": "threes", "bankroll": "1", "stake": "", "simple_games": "default"})
    board = next(b for b in [None] if b is None) or None
    with app.app_context():
        db = connect(app.config["DATABASE"])
        pid = next(db.query("select id from parties"))["id"]
        version = store.version(db, pid)
        db.conn.close()
    board = f"/p/{pid}"
    bodies = []
    for i, points in enumerate(("40", "45")):   # each is a won simple game: either one ends the partie
        body = {"type": "game", "dealer": "0", "undertaker": "nobody", "pile_of": "0", "points": points,
                "blatt": "0", "action": "save", "key": f"key-{i}"}
        if with_version:
            body.update(version=str(version), count="0")
        bodies.append(body)
    results = race(base + board + "/deal", bodies)
    statuses = sorted(s for s, _ in results)
    assert statuses[0] == 302 and statuses[1] in (409, 422), statuses
    refused = next(text for s, text in results if s != 302)
    assert "ran out of credits" in refused
    sp = stored(app, board)
    assert len(sp.partie.deals) == 1
    pages_answer(base, board, app)


@pytest.mark.process
def test_two_saves_as_a_bavarian_bankroll_runs_out(live):
    app, base = live
    status, _ = post(base + "/new", {"game": "haferltarock", "player0": "Anna", "player1": "Bernd",
                                     "player2": "Clara", "first_dealer": "0", "preset": "sharp", "bankroll": "0.20"})
    assert status == 302
    db = connect(app.config["DATABASE"])
    pid = next(db.query("select id from parties"))["id"]
    db.conn.close()
    board = f"/p/{pid}"
    bodies = [{"type": "game", "dealer": "0", "declarer": "1", "contract": c, "target": "61", "points": "90",
               "action": "save", "key": f"k{c}"} for c in ("frage", "solo")]
    results = race(base + board + "/deal", bodies)
    sp = stored(app, board)
    settlement = game_of(sp.partie).replay(sp.partie)       # the stored partie replays
    accepted = [s for s, _ in results if s == 302]
    assert len(accepted) == len(sp.partie.deals) >= 1
    if len(accepted) == 1:
        assert settlement.bankrupt is not None
        refused = next(text for s, text in results if s != 302)
        assert "ran out" in refused, re.findall(r'<li>.*?</li>|<p>[^<]*</p>', refused)
    pages_answer(base, board, app)


# -- 4. a stored partie that cannot be replayed ------------------------------------------------------------

def break_deal(app, board, number, raw):
    """Write deal `number` by hand, as an older version or an editor might have."""
    db = connect(app.config["DATABASE"])
    pid = board.rsplit("/", 1)[1]
    row = list(db.query("select id from deals where partie_id = ? order by position limit 1 offset ?",
                        [pid, number - 1]))[0]
    with db.conn:
        db.execute("update deals set deal = ? where id = ?", [json.dumps(raw), row["id"]])
        db.execute("update parties set version = version + 1 where id = ?", [pid])
    db.conn.close()
    cache.clear()   # written while the app runs: as if it had been started afresh


OVER_70 = {"type": "game", "dealer": 0, "undertaker": None, "card_points": ["80", None]}   # read, but not scored


def test_a_partie_that_cannot_be_replayed_shows_what_to_fix(app, client, board):
    for points in ("40", "38", "45"):
        assert record(client, board, points=points, pile_of="0").status_code == 302
    break_deal(app, board, 2, OVER_70)
    page = client.get(board)
    assert page.status_code == 200
    assert "Deal 2 cannot be scored" in page.text and "Deal 2: card points are between 0 and 70, not 80." in page.text
    assert page.text.count('<li id="deal-') == 1 and "Edit deal 2" in page.text and "Delete deal 2" in page.text
    assert client.get(board + "/deal/3").status_code == 409
    assert client.get(board + "/export.csv").status_code == 409
    # a new deal is refused with the reason, nothing stored
    response = record(client, board, points="40", pile_of="0", dealer="0")
    assert response.status_code == 422 and "deal 2: card points are between 0 and 70" in response.text.lower()
    # fixing it by its edit makes the partie whole again
    edit = client.get(board + "/deal/2/edit").text
    fields = form_fields(edit)
    response = client.post(board + "/deal/2/edit", data={**fields, "type": "game", "dealer": "1", "undertaker": "nobody",
                                                          "pile_of": "0", "points": "30", "action": "save"})
    assert response.status_code == 302
    page = client.get(board).text
    assert "cannot be scored" not in page and page.count('<li id="deal-') == 3


def test_a_broken_deal_can_be_deleted(app, client, board):
    for points in ("40", "38"):
        record(client, board, points=points, pile_of="0")
    break_deal(app, board, 1, {"type": "nonsense"})
    page = client.get(board).text
    assert "Deal 1 cannot be scored" in page
    version = re.search(r'name="version" value="(\d+)"', page[page.index('id="broken"'):]).group(1)
    assert client.post(board + "/deal/1/delete", data={"version": version}).status_code == 302
    assert len(stored(app, board).partie.deals) == 1
    assert "cannot be scored" not in client.get(board).text


# -- 7. every route of every game answers ------------------------------------------------------------------

def make_partie(app, key):
    """A stored partie of the game with one deal: the game's own sample (`Game.sample_partie`), whatever the game."""
    db = connect(app.config["DATABASE"])
    pid = store.create_partie(db, by_key(key).sample_partie(1))
    db.conn.close()
    return f"/p/{pid}"


def partie_pages(app, board):
    """Every GET route that belongs to a partie, filled in for this one (deal 1 for a deal's pages)."""
    pid = board.rsplit("/", 1)[1]
    paths = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint == "static":
            continue
        args = {}
        if "pid" in rule.arguments:
            args["pid"] = pid
        if "number" in rule.arguments:
            args["number"] = 1
        if set(rule.arguments) - set(args):
            continue
        with app.test_request_context():
            from flask import url_for
            paths.append(url_for(rule.endpoint, **args))
    paths += [f"/calculator/count?pid={pid}&trull=1&tricks=2", f"/p/{pid}/calculator?trull=1&tricks=2",
              f"/p/{pid}/deals?page=2"]
    return paths


@pytest.mark.parametrize("key", sorted(g.key for g in offered()))   # the games the web app offers
@pytest.mark.parametrize("broken", [False, True], ids=["whole", "cannot-be-replayed"])
def test_every_page_of_every_game_answers(app, client, key, broken):
    board = make_partie(app, key)
    if broken:   # a deal no game reads: the partie is shown up to it, with what to fix
        break_deal(app, board, 1, {"type": "nonsense"})
        assert "Deal 1 cannot be scored" in client.get(board).text
    paths = partie_pages(app, board)
    assert any(p.endswith("/calculator") for p in paths) and any("/deal/1/edit" in p for p in paths)
    for path in paths:
        response = client.get(path)
        assert response.status_code < 500, (path, response.status_code)
    if not broken:
        for path in paths:
            if "/p/" in path:
                assert client.get(path).status_code in (200, 304), path


# -- 5. the script's background save and the service worker ------------------------------------------------

def test_the_script_saves_in_the_background_and_learns_the_deals_number(app, client, board):
    fields = open_form(client, board)
    data = {**fields, "type": "game", "undertaker": "nobody", "pile_of": "0", "points": "40", "action": "save"}
    response = client.post(board + "/deal", data=data, headers={"Accept": "application/json"})
    assert response.status_code == 200
    assert response.json["recorded"] == 1 and response.json["board"] == board and response.json["again"] is False
    assert response.json["version"] == stored(app, board).version
    # sent again from the outbox (the answer was lost in a dead spot): recorded once, and its number said
    again = client.post(board + "/deal", data=data, headers={"Accept": "application/json"})
    assert again.status_code == 200 and again.json["recorded"] == 1 and again.json["again"] is True
    assert len(stored(app, board).partie.deals) == 1
    # a refusal stays the page with the form, for the phone to show
    bad = client.post(board + "/deal", data={**open_form(client, board), "type": "game", "points": "99",
                                             "action": "save"}, headers={"Accept": "application/json"})
    assert bad.status_code == 422 and bad.mimetype == "text/html"


def test_the_service_worker_is_served_from_the_root(client):
    page = client.get("/").text
    url = re.search(r'data-sw="([^"]+)"', page).group(1)
    assert re.fullmatch(r"/sw\.js\?v=[0-9a-f]{12}", url)
    response = client.get(url)
    assert response.status_code == 200 and "javascript" in response.mimetype
    assert response.headers["Service-Worker-Allowed"] == "/" and response.headers["Cache-Control"] == "no-cache"
    assert 'request.method !== "GET"' in response.text    # never a POST from the cache
