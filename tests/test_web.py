"""The web app through the Flask test client: every route, its errors, and what is stored."""

import io
import json
import re
from pathlib import Path

import pytest

from scorer import create_app, store
from scorer.db import connect
from scorer.export import csv_text
from scorer.partie_file import dumps, loads
from scorer.games.strohmandeln import replay
from tests.conftest import NEW_PARTIE, record, start

EXAMPLE = Path(__file__).parent / "data" / "format-example.json"


def stored(app, board):
    """The stored partie behind a board path, and its settlement from the engine."""
    db = connect(app.config["DATABASE"])
    sp = store.load(db, board.rsplit("/", 1)[1])
    return sp, replay(sp.partie)


def count_rows(app, table):
    return next(connect(app.config["DATABASE"]).query(f"select count(*) as n from {table}"))["n"]


def test_home_lists_only_this_browsers_parties(app, client):
    assert "No partie on this phone yet" in client.get("/").text
    board = start(client)
    assert board.split("/")[-1] in client.get("/").text
    other = app.test_client()
    assert board.split("/")[-1] not in other.get("/").text


def test_new_partie_has_an_unguessable_address(client):
    board = start(client)
    pid = board.rsplit("/", 1)[1]
    assert board.startswith("/p/") and len(pid) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", pid)


def test_new_partie_stores_the_full_rule_set(app, client):
    board = start(client, preset="strawman", counting="simple", bankroll="50", stake="0.02")
    sp, _ = stored(app, board)
    assert sp.partie.rules.to_dict(full=True) == {"preset": "strawman", "deck": 54, "counting": "simple",
                                                  "stake": "0.02", "bankroll": 50}
    page = client.get(board).text
    assert "50 credits" in page


@pytest.mark.parametrize("changes, message", [
    pytest.param({"player0": ""}, "Enter the first player", id="missing-name"),
    pytest.param({"player1": "anna"}, "The two players need different names.", id="same-names"),
    pytest.param({"player0": "x" * 41}, "A name has at most 40 characters.", id="long-name"),
    pytest.param({"stake": "lots"}, "The stake must be an amount of money like 0.10.", id="stake"),
    pytest.param({"preset": "strawman", "bankroll": "0"}, "from 1 to 1,000,000", id="bankroll"),
    pytest.param({"preset": "tirol"}, "Not a valid choice", id="preset"),
    pytest.param({"deck": "40", "grammel_threshold": "abc"}, "whole number from 1 to 88", id="grammel"),
    pytest.param({"preset": "beck", "simple_games": "play"}, "must be one of redeal, half", id="beck-simple"),
    pytest.param({"player0": "\u200b\x07\u202e"}, "Enter the names of both players", id="invisible-only"),
    pytest.param({"player0": "Ana", "player1": "A\u200bna"}, "The two players need different names.",
                 id="same-after-invisible"),
    pytest.param({"player0": "Ze\u0301", "player1": "Z\u00e9"}, "The two players need different names.",
                 id="same-after-nfc"),
])
def test_new_partie_errors_say_what_is_wrong_and_store_nothing(app, client, changes, message):
    response = client.post("/new", data={**NEW_PARTIE, **changes})
    assert response.status_code == 422
    assert message in response.text
    assert count_rows(app, "parties") == 0


def test_names_are_escaped(client):
    board = start(client, player0="<script>alert(1)</script>", player1="Bernd & Co")
    page = client.get(board).text
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "Bernd &amp; Co" in page


def test_record_a_simple_game(app, client, board):
    response = record(client, board, points="38")
    assert response.status_code == 302 and response.headers["Location"] == board
    page = client.get(board).text
    assert 'id="balance-0">+1<' in page and "+0.10 €" in page
    assert "Bernd</strong> deals" in page
    sp, s = stored(app, board)
    assert s.balance == (1, -1)


def test_undertaker_is_vorhand_or_geber_by_the_dealer(app, client, board):
    record(client, board, points="30", undertaker="vorhand", dealer="0")   # Bernd undertook and won
    record(client, board, points="30", undertaker="geber", dealer="1")     # Bernd undertook and won
    sp, s = stored(app, board)
    assert [d.undertaker for d in sp.partie.deals] == [1, 1]
    assert s.balance == (-6, 6)


def test_blatt_and_the_other_pile(app, client, board):
    record(client, board, points="35", blatt="2", pile_of="1")  # Bernd 35 2/3 wins
    sp, s = stored(app, board)
    assert sp.partie.deals[0].card_points == (None, 107)
    assert s.balance == (-1, 1)


@pytest.mark.parametrize("fields, message", [
    pytest.param({"points": ""}, "Enter the card points of one player&#39;s pile.", id="missing-points"),
    pytest.param({"points": "71"}, "Card points are between 0 and 70, not 71.", id="too-many"),
    pytest.param({"points": "abc"}, "is not a number of card points", id="not-a-number"),
    pytest.param({"points": "60", "bonuses": "four_kings_tricks:1"},
                 "Four Kings needs at least 17\u202f⅓ card points; Bernd has 10.", id="kings"),
    pytest.param({"points": "60", "bonuses": ["pagat:0", "pagat_captured:1"]}, "exclude each other",
                 id="exclusive"),
    pytest.param({"points": "60", "bonuses": "mondfang:0"}, "have no bonus Mondfang", id="foreign-bonus"),
    pytest.param({"type": "misdeal"}, "Say who misdealt.", id="misdeal-offender"),
    pytest.param({"type": "redeal", "reason": "passed"}, "a simple game is played", id="passed"),
    pytest.param({"type": "renonce"}, "Say who committed the renonce.", id="renonce-offender"),
    pytest.param({"type": "solo"}, "Not a valid choice", id="type"),
    pytest.param({"dealer": "7"}, "Not a valid choice", id="dealer"),
    pytest.param({"points": "35 2/3", "blatt": "1"}, "Give the Blatt once", id="blatt-twice"),
])
def test_deal_errors_are_shown_and_nothing_is_stored(app, client, board, fields, message):
    response = record(client, board, **fields)
    assert response.status_code == 422
    assert message in response.text
    assert count_rows(app, "deals") == 0


def test_preview_shows_the_points_and_stores_nothing(app, client, board):
    response = record(client, board, points="25", undertaker="geber", action="preview")   # Anna undertook
    assert response.status_code == 200
    assert "Game: Bernd 4" in response.text and "Grammel-Punkt: Bernd 1" in response.text
    assert "Card points: Anna 25, Bernd 45" in response.text
    assert count_rows(app, "deals") == 0


def test_live_preview_fragment(client, board):
    response = client.post(board + "/deal?fragment=1", data={"type": "game", "dealer": "0", "undertaker": "nobody",
                                                              "pile_of": "0", "points": "35", "action": "preview"})
    assert response.status_code == 200
    assert "<html" not in response.text and "Starts a Nullrunde" in response.text


def test_count_the_pile_in_the_form(client, board):
    response = record(client, board, action="count", trull="3", kings="0", queens="0", knights="0", jacks="0",
                      tricks="2")
    assert response.status_code == 200
    assert 'value="13"' in response.text and 'name="blatt" value="1" checked' in response.text
    assert 'value="trull_tricks:0" checked' in response.text
    bad = record(client, board, action="count", trull="4", tricks="2")
    assert bad.status_code == 422 and "There are 3 Trull cards in the pack, not 4." in bad.text


def test_a_corrected_count_takes_back_the_bonus_an_earlier_count_ticked(app, client, board):
    # Gina's pile with four Kings ticks Four Kings; counted again with three, the box goes and the deal scores
    # without it (the server accepted 21 1/3 with Four Kings: enough points for it)
    first = record(client, board, action="count", dealer="0", undertaker="dealer", pile_of="0", trull="0", kings="4", queens="0",
                   knights="0", jacks="0", tricks="14")
    assert first.status_code == 200, re.findall(r"<li[^>]*>([^<]*)", first.text)
    assert 'value="four_kings_tricks:0" checked' in first.text
    again = record(client, board, action="count", dealer="0", undertaker="dealer", pile_of="0", trull="0", kings="3", queens="0",
                   knights="0", jacks="0", tricks="14", bonuses="four_kings_tricks:0")
    assert again.status_code == 200 and 'name="blatt" value="1" checked' in again.text
    assert 'value="four_kings_tricks:0" checked' not in again.text and 'value="four_kings_tricks:0"' in again.text
    # a bonus the count does not decide (the other player's, or Pagat) stays as ticked
    kept = record(client, board, action="count", dealer="0", undertaker="dealer", pile_of="0", trull="0", kings="3", queens="0",
                  knights="0", jacks="0", tricks="14", bonuses=["four_kings_tricks:1", "pagat:0"])
    assert 'value="four_kings_tricks:1" checked' in kept.text and 'value="pagat:0" checked' in kept.text
    assert count_rows(app, "deals") == 0


def test_the_same_form_twice_records_once(app, client, board):
    page = client.get(board + "/deal").text
    key = re.search(r'name="key" type="hidden" value="([^"]+)"', page).group(1)
    for _ in range(3):
        response = record(client, board, points="40", key=key, dealer="0")
        assert response.status_code == 302
    assert count_rows(app, "deals") == 1


def test_nullrunde_on_the_board(client, board):
    record(client, board, points="35")
    page = client.get(board).text
    assert "×2 · Nullrunde · 2 games left" in page
    record(client, board, points="40")
    assert "×2 · Nullrunde · 1 game left" in client.get(board).text


def test_edit_an_earlier_deal_recomputes_everything_after(app, client, board):
    record(client, board, points="35")   # draw: Nullrunde
    record(client, board, points="40")   # doubled: Anna 2
    form = client.get(board + "/deal/1/edit").text
    assert 'value="35"' in form
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    response = client.post(board + "/deal/1/edit", data={"type": "game", "dealer": "0", "undertaker": "nobody",
                                                     "pile_of": "0", "points": "40", "blatt": "0",
                                                     "version": version, "action": "save"})
    assert response.status_code == 302
    sp, s = stored(app, board)
    assert [r.multiplier for r in s.deals] == [1, 1]
    assert s.balance == (2, -2)


def test_edit_conflict_with_the_other_phone_is_explained(app, client, board):
    record(client, board, points="40")
    form = client.get(board + "/deal/1/edit").text
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    record(client, board, points="30")   # the other phone records a deal meanwhile
    data = {"type": "game", "dealer": "0", "undertaker": "nobody", "pile_of": "0", "points": "50", "blatt": "0",
            "version": version, "action": "save"}
    response = client.post(board + "/deal/1/edit", data=data)
    assert response.status_code == 409 and "changed on another phone" in response.text
    sp, _ = stored(app, board)
    assert sp.partie.deals[0].card_points == (120, None)   # not overwritten
    fresh = re.search(r'name="version" type="hidden" value="(\d+)"', response.text).group(1)
    assert client.post(board + "/deal/1/edit", data={**data, "version": fresh}).status_code == 302
    assert stored(app, board)[0].partie.deals[0].card_points == (150, None)


def test_delete_and_undo(app, client, board):
    record(client, board, points="35")
    record(client, board, points="40")
    record(client, board, points="50")
    version = stored(app, board)[0].version
    assert client.post(board + "/deal/1/delete", data={"version": version}).status_code == 302
    sp, s = stored(app, board)
    assert len(sp.partie.deals) == 2 and [r.multiplier for r in s.deals] == [1, 1]
    assert client.post(board + "/undo", data={"version": sp.version}).status_code == 302
    assert len(stored(app, board)[0].partie.deals) == 1
    # a stale version deletes nothing
    assert client.post(board + "/undo", data={"version": "1"}).status_code == 302
    assert len(stored(app, board)[0].partie.deals) == 1
    assert "changed on another phone" in client.get(board).text


def test_end_with_doubled_games_warns_then_ends_and_reopens(app, client, board):
    record(client, board, points="35")
    warning = client.post(board + "/end")
    assert warning.status_code == 200 and "2 doubled games still pending" in warning.text
    assert stored(app, board)[0].ended is None
    assert client.post(board + "/end", data={"confirm": "yes"}).status_code == 302
    assert stored(app, board)[0].ended is not None
    assert "Reopen the partie" in client.get(board).text
    response = record(client, board, points="40", dealer="1")
    assert response.status_code == 422 and "This partie has ended" in response.text
    client.post(board + "/reopen")
    assert stored(app, board)[0].ended is None


def test_csv_export_is_the_engines(app, client, board):
    record(client, board, points="40 2/3", undertaker="geber", dealer="0")
    response = client.get(board + "/export.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    _, s = stored(app, board)
    assert response.data.decode() == csv_text(s)


def test_partie_file_export_and_import_round_trip(app, client):
    response = client.post("/import", data={"file": (io.BytesIO(EXAMPLE.read_bytes()), "partie.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 302
    board = response.headers["Location"]
    sp, s = stored(app, board)
    assert s.balance == (5, -5) and s.doubled_pending == 1
    exported = client.get(board + "/partie.json")
    data, example = json.loads(exported.data), json.loads(EXAMPLE.read_text())
    assert data["deals"] == example["deals"] and data["players"] == example["players"]
    assert data["rules"]["stake"] == "0.10" and data["rules"]["nullrunde"] == "queue"   # the full, frozen rule set
    assert loads(exported.data) == sp.partie


@pytest.mark.parametrize("content, message", [
    pytest.param(b"{oops", "The file is not valid JSON", id="not-json"),
    pytest.param(EXAMPLE.read_bytes().replace(b'"35", null', b'"36", "35"'),
                 "Deal 2: card points 36 + 35 do not add up to 70", id="bad-deal"),
    pytest.param(b"\x89PNG\r\n", "The file is not", id="binary"),
])
def test_a_bad_partie_file_is_explained_and_creates_nothing(app, client, content, message):
    response = client.post("/import", data={"file": (io.BytesIO(content), "partie.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert message in response.text and "nothing was created" in response.text
    assert count_rows(app, "parties") == 0


def test_import_without_a_file(client):
    response = client.post("/import", data={}, content_type="multipart/form-data")
    assert response.status_code == 422 and "Choose a partie file" in response.text


def test_unknown_addresses_are_404_pages(client, board):
    for path in ("/p/nope", "/p/nope/deal", board + "/deal/5", board + "/deal/5/edit", "/p/nope/export.csv", "/p/nope/version"):
        response = client.get(path)
        assert response.status_code == 404 and "There is nothing at this address" in response.text


def test_a_post_without_its_csrf_token_is_refused(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "db.sqlite"), "SECRET_KEY": "t"})
    client = app.test_client()
    response = client.post("/new", data=NEW_PARTIE)
    assert response.status_code == 400 and "This form has expired" in response.text
    assert count_rows(app, "parties") == 0
    page = client.get("/new").text
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    assert client.post("/new", data={**NEW_PARTIE, "csrf_token": token}).status_code == 302


def test_security_headers(client):
    response = client.get("/")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp and "unsafe-inline" not in csp
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"   # a POST over HTTPS needs its Referer


def test_version_poll_answers_304_while_nothing_changes(client, board):
    first = client.get(board + "/version")
    etag = first.headers["ETag"]
    assert client.get(board + "/version", headers={"If-None-Match": etag}).status_code == 304
    record(client, board, points="40")
    again = client.get(board + "/version", headers={"If-None-Match": etag})
    assert again.status_code == 200 and again.headers["ETag"] != etag


def test_calculator(client, board):
    page = client.get("/calculator?trull=2&kings=2&queens=2&knights=0&jacks=0&tricks=3").text
    assert "= <strong>24</strong>" in page and "the other pile: 46" in page
    data = client.get("/calculator/count?trull=2&kings=1&queens=2&tricks=10").get_json()
    assert data["blatt_text"] == "24 + 2 Blatt" and data["exact"] == "24\u202f⅔" and data["other"] == "45\u202f⅓"
    bad = client.get("/calculator/count?trull=3&kings=4&tricks=3").get_json()
    assert "do not fit" in bad["errors"][0]
    assert client.get("/calculator/count?trull=x").get_json()["errors"] == ["Trull cards: enter a whole number."]
    page = client.get(board + "/calculator?trull=3&tricks=2").text
    assert "Use for Anna" in page and "bonus=trull_tricks:0" in page
    forty = client.get("/calculator/count?deck=40&trull=1&tricks=1").get_json()
    assert forty["exact"] == "5"


def test_use_for_fills_the_deal_form(client, board):
    page = client.get(board + "/deal?pile_of=1&points=24&blatt=2&bonus=trull_tricks:1").text
    assert 'value="24"' in page and 'name="pile_of" value="1" checked' in page
    assert 'value="trull_tricks:1" checked' in page


def test_history_rules_and_manifest(client, board):
    record(client, board, points="40")
    history = client.get(board + "/history").text
    assert "Deal 1 recorded" in history and "Partie started" in history and "Anna dealt" in history
    assert "Tarockbuch, extended variant" in client.get(board + "/rules").text
    manifest = client.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json" and manifest.get_json()["short_name"]


def test_strawman_bankroll_end_is_refused_with_reason(app, client):
    board = start(client, preset="strawman", bankroll="30")
    record(client, board, points="32", undertaker="vorhand", dealer="0")   # Bernd undertook, Anna 40... wins
    sp, s = stored(app, board)
    assert s.bankrupt is not None
    response = record(client, board, points="40", dealer="0")
    assert response.status_code == 422 and "ran out of credits" in response.text


def test_too_large_a_request(client):
    response = client.post("/import", data={"file": (io.BytesIO(b"x" * (2 * 1024 * 1024)), "big.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 413 and "larger than 1 MB" in response.text


def test_export_round_trip_of_a_played_partie(app, client, board):
    record(client, board, points="35")
    record(client, board, type="misdeal", offender="1")
    record(client, board, type="renonce", offender="1", points="")
    sp, s = stored(app, board)
    assert loads(dumps(sp.partie)) == sp.partie
    assert [r.points for r in s.deals] == [(0, 0), (2, 0), (2, 0)]


def test_board_shows_the_newest_deals_and_all_are_a_tap_away(app, client):
    from benchmarks.samples import sample_partie
    db = connect(app.config["DATABASE"])
    pid = store.create_partie(db, sample_partie(250))
    client.get(f"/p/{pid}")
    page = client.get(f"/p/{pid}").text
    assert page.count('<li id="deal-') == 20 and 'id="deal-250"' in page and 'id="deal-230"' not in page
    assert "All 250 deals" in page
    first = client.get(f"/p/{pid}/deals").text
    assert "Deals 226–250 of 250" in first and first.count('<li id="deal-') == 25   # 25 a page: light on a phone
    last = client.get(f"/p/{pid}/deals?page=10").text
    assert "Deals 1–25 of 250" in last and 'id="deal-1"' in last
    assert "Deals 226–250 of 250" in client.get(f"/p/{pid}/deals?page=11").text   # no such page: the first
    assert client.get(f"/p/{pid}/deals?page=x").status_code == 200


def test_the_cache_returns_what_a_full_replay_returns(app, client, board):
    from scorer.web.parties import cache
    pid = board.rsplit("/", 1)[1]

    def check():
        client.get(board)
        sp, fresh = stored(app, board)
        cached = cache.get(pid)
        assert cached is not None and cached[1] == fresh and cached[0] == sp

    for points in ("35", "40", "25", "50"):   # only added: the cached settlement is extended
        record(client, board, points=points)
        check()
    record(client, board, points="40")
    record(client, board, type="misdeal", offender="1")   # two at once, unseen in between
    check()
    client.post(board + "/deal/2/delete", data={"version": stored(app, board)[0].version})   # a full reload
    check()
    client.post(board + "/deal/1/edit", data={"type": "game", "dealer": "0", "undertaker": "nobody", "pile_of": "0",
                                              "points": "20", "blatt": "0", "action": "save"})
    check()
    client.post(board + "/end", data={"confirm": "yes"})
    check()


def test_a_deal_shows_what_its_points_are_made_of(client, board):
    record(client, board, points="25 1/3", undertaker="geber", bonuses="pagat:0")
    page = client.get(board + "/deal/1").text
    assert "Anna undertook, Anna\u00a025\u202f⅓\u00a0: Bernd\u00a044\u202f⅔" in page
    assert "<td>Game</td><td></td><td>4</td>" in page and "<td>Grammel-Punkt</td><td></td><td>1</td>" in page
    assert "<td>Pagat</td><td>1</td><td></td>" in page
    assert "Edit deal 1" in page and "Delete" in page


def test_the_undertaker_values_are_persons_and_the_old_roles_still_read(client, board):
    page = client.get(board + "/deal").text
    assert 'name="undertaker" value="0"' in page and 'name="undertaker" value="1"' in page
    assert 'value="forehand"' not in page and 'value="vorhand"' not in page
    assert record(client, board, undertaker="forehand", points="40", pile_of="0", dealer="0").status_code == 302
    assert record(client, board, undertaker="geber", points="40", pile_of="0", dealer="1").status_code == 302
    assert "Bernd undertook" in client.get(board + "/deal/1").text      # Anna dealt: Bernd was Vorhand
    assert "Bernd undertook" in client.get(board + "/deal/2").text      # Bernd dealt and undertook (an old form)
