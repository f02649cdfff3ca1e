"""Bavarian Tarock in the web app, through real HTTP round trips: new partie, deals, board, edit, delete,
undo, exports, import, history, rules, German; the Strohmandeln side untouched beside it."""

import csv
import io
import json
import re

import pytest

from scorer.db import connect
from scorer.web.language import MINUS

from .helpers import post_deal, settled

NEW = {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "Dieter",
       "first_dealer": "3", "preset": "haferl", "draw_at_60": "y"}


def start(client, **changes):
    response = client.post("/new", data={**NEW, **changes})
    assert response.status_code == 302, re.findall(r'<ul class="errors".*?</ul>', response.text, re.S)
    return response.headers["Location"]


def deal(client, board, **fields):
    return post_deal(client, board, {"target": "61"}, **fields)


def money(amount):
    text = f"{abs(amount):.2f} €"
    return text if amount == 0 else ("+" if amount > 0 else MINUS) + text


def test_new_partie_asks_which_game(client):
    page = client.get("/new").text
    assert 'href="/new?game=haferltarock"' in page and 'aria-current="page">Strohmandeln (2 players)' in page
    page = client.get("/new?game=haferltarock").text
    assert 'aria-current="page">Bavarian Tarock (3 or 4)' in page and 'href="/new?game=strohmandeln"' in page
    assert "Third player" in page and "Fourth player (optional)" in page and 'value="huber"' in page
    assert "Every player puts 0.50 € into the pot" in page


@pytest.mark.parametrize("changes, words", [
    ({"player2": ""}, "Enter the names of at least three players."),
    ({"player2": "anna"}, "The players need different names."),
    ({"player0": "x" * 41}, "A name has at most 40 characters."),
    ({"ante": "viel"}, "The ante must be an amount between 0.01 € and 100.00 €"),
    ({"preset": "sharp", "bankroll": "-3"}, "The bankroll must be an amount"),
    ({"player3": "", "first_dealer": "3"}, "The first dealer must be one of the players."),
    ({"preset": "skat"}, "Not a valid choice"),
])
def test_new_partie_errors_store_nothing(app, client, changes, words):
    response = client.post("/new", data={**NEW, **changes})
    assert response.status_code == 422 and words in response.text.replace("&#39;", "'")
    assert "Third player" in response.text                 # still the Bavarian form
    with app.app_context():
        assert connect(app.config["DATABASE"])["parties"].count == 0


def test_a_four_player_haferl_evening(app, client):
    board = start(client)
    page = client.get(board).text
    # the score sheet's head: each one's money (the € in the row's head) and the pot in a column of its own
    assert "<strong>Dieter</strong> deals and sits out" in page and re.search(r'id="pot" class="pot-col">2.00<', page)
    assert [money(-0.5)[:-2]] * 4 == [re.search(rf'id="balance-{i}"[^>]*>([^<]*)<', page).group(1) for i in range(4)]
    assert deal(client, board, declarer="0", contract="pickup", points="67").status_code == 302
    assert deal(client, board, declarer="1", contract="hand", target="66", points="80").status_code == 302
    assert deal(client, board, type="redeal").status_code == 302
    assert deal(client, board, declarer="3", contract="pickup", points="40").status_code == 302
    sp, s = settled(app, board)
    page = client.get(board).text
    for i in range(4):
        assert re.search(rf'id="balance-{i}"[^>]*>([^<]*)<', page).group(1) == money(s.balance[i])[:-2]
    assert f'id="pot" class="pot-col">{s.pot:.2f}<' in page and str(s.pot) == "1.72"
    # a line per deal: each one's money for it over his money after it, the pot's change over the pot after it
    for r in s.deals:
        body = re.search(rf'<tbody class="deal" id="deal-{r.number}">.*?</tbody>', page, re.S).group(0)
        runs = re.findall(r'<b class="run">([^<]*)</b>', body)
        assert runs == [money(b)[:-2] for b in r.balance] + [f"{r.pot:.2f}"], (r.number, runs)
    assert [str(x) for x in s.balance] == ["-0.22", "0.51", "-0.90", "-1.11"]   # the raised Hand: 20 units
    assert "<strong>Dieter</strong> deals and sits out" in page
    assert "Dieter: Pick-Up (Stockspiel), 40\u00a0:\u00a080 · lost" in page
    # the deal's page: who paid whom
    detail = client.get(board + "/deal/4").text
    assert "Clara sat out" in detail and "Dieter" in detail and "The pot" in detail
    # preview without saving
    preview = client.post(board + "/deal?fragment=1", data={"type": "game", "dealer": "3", "declarer": "0",
                                                           "contract": "hand", "target": "61", "points": "91",
                                                           "action": "preview"})
    assert preview.status_code == 200 and "<html" not in preview.text and "Anna pays" not in preview.text
    assert "Bernd pays Anna 0.62 €" in preview.text
    assert len(settled(app, board)[0].partie.deals) == 4


@pytest.mark.parametrize("fields, words", [
    ({"declarer": "3", "contract": "pickup"}, "Dieter deals and sits this deal out"),
    ({"declarer": "0", "contract": "solo"}, "Choose the contract."),
    ({"declarer": "0", "contract": "hand", "target": "64"}, "raised in steps of five"),
    ({"declarer": "0", "contract": "hand", "points": "121"}, "between 0 and 120, not 121"),
    ({"declarer": "0", "contract": "hand", "points": "1"}, "No set of cards is worth 1"),
    ({"declarer": "0", "contract": "hand", "points": "abc"}, "Card points are a whole number from 0 to 120."),
    ({"declarer": "0", "contract": "hand", "points": ""}, "Enter the card points of the declarer"),
    ({"declarer": "0", "contract": "hand", "points": "80", "schwarz": "y"}, "Schwarz means one side took no trick"),
    ({"contract": "hand", "points": "80"}, "Choose who declared."),
])
def test_impossible_deals_are_explained_and_not_stored(app, client, fields, words):
    board = start(client)
    data = {"points": "70", **fields}
    response = deal(client, board, dealer="3", **data)
    assert response.status_code == 422 and words in response.text, re.findall(r'class="errors.*?</ul>',
                                                                               response.text, re.S)
    assert settled(app, board)[0].partie.deals == ()


def test_a_hidden_target_never_decides_the_deal(app, client):
    """A Hand raised to 66, then switched to Pick-Up: the target is not on the screen, so it is not sent into
    the deal (issue 19): the Pick-Up is saved to 61, and no message names the target."""
    board = start(client)
    response = deal(client, board, dealer="3", declarer="0", contract="pickup", target="66", points="62")
    assert response.status_code == 302, re.findall(r'class="errors.*?</ul>', response.text, re.S)
    (only,) = settled(app, board)[0].partie.deals
    assert (only.contract, only.target, only.declarer_points) == ("pickup", 61, 62)
    shown = deal(client, board, declarer="0", contract="hand", target="64", points="70")   # on the screen: checked
    assert shown.status_code == 422 and "raised in steps of five" in shown.text


def test_edit_delete_undo_and_everything_after_is_recomputed(app, client):
    board = start(client, player3="", first_dealer="0", preset="huber")
    deal(client, board, declarer="1", contract="solo", points="70")
    deal(client, board, declarer="0", contract="frage", points="50")
    assert [str(x) for x in settled(app, board)[1].balance] == ["-0.40", "0.50", "-0.10"]
    form = client.get(board + "/deal/1/edit").text
    assert 'value="70"' in form and 'value="solo" checked' in form
    version = re.search(r'name="version" type="hidden" value="(\d+)"', form).group(1)
    response = client.post(board + "/deal/1/edit", data={"type": "game", "dealer": "0", "declarer": "1",
                                                         "contract": "herzsolo", "target": "61", "points": "70",
                                                         "version": version, "action": "save"})
    assert response.status_code == 302
    assert [str(x) for x in settled(app, board)[1].balance] == ["-0.60", "0.90", "-0.30"]
    assert client.post(board + "/deal/1/delete", data={"version": settled(app, board)[0].version}).status_code == 302
    assert [str(x) for x in settled(app, board)[1].balance] == ["-0.20", "0.10", "0.10"]
    assert client.post(board + "/undo", data={"version": settled(app, board)[0].version}).status_code == 302
    assert settled(app, board)[0].partie.deals == ()
    history = client.get(board + "/history").text
    assert "Deal 1 edited" in history and "Bernd: Herzsolo" in history and "Deal 1 deleted" in history


def test_exports_and_import_round_trip(app, client):
    board = start(client, preset="sharp", player3="", first_dealer="0")
    deal(client, board, declarer="1", contract="solo", points="95")
    deal(client, board, declarer="2", contract="frage", points="61")
    sp, s = settled(app, board)
    rows = list(csv.reader(io.StringIO(client.get(board + "/export.csv").data.decode())))
    assert rows[0][:4] == ["Deal", "Dealer", "Sitting out", "Declarer"] and rows[-1][0] == "Total"
    assert rows[1][10:13] == ["-0.30", "0.60", "-0.30"]          # 0.20 + Schneider 0.10 from each
    assert rows[0][-3:] == ["Credits Anna", "Credits Bernd", "Credits Clara"]
    excel = client.get(board + "/excel.csv", headers={"Accept-Language": "de"}).data
    assert excel.startswith(b"\xef\xbb\xbf")
    german = list(csv.reader(io.StringIO(excel.decode("utf-8-sig")), delimiter=";"))
    assert german[0][:4] == ["Spiel", "Geber", "Setzt aus", "Spieler"] and german[1][10] == "-0,30"
    file = client.get(board + "/partie.json")
    assert "haferltarock-" in file.headers["Content-Disposition"]
    doc = json.loads(file.data)
    assert doc["format"] == "haferltarock-partie" and len(doc["players"]) == 3
    imported = client.post("/import", data={"file": (io.BytesIO(file.data), "p.json")},
                           content_type="multipart/form-data")
    assert imported.status_code == 302
    sp2, s2 = settled(app, imported.headers["Location"])
    assert sp2.partie == sp.partie and s2.credits == s.credits
    doc["deals"][0]["declarer_points"] = 119
    bad = client.post("/import", data={"file": (io.BytesIO(json.dumps(doc).encode()), "p.json")},
                      content_type="multipart/form-data")
    assert bad.status_code == 422 and "Deal 1: no set of cards is worth 119" in bad.text


def test_rules_end_and_reopen(app, client):
    board = start(client, preset="huber", schneider="y", player3="", first_dealer="0")
    assert "Schneider (the losers have 30 or less)" in client.get(board + "/rules").text
    end = client.get(board + "/end").text
    assert re.search(r'<tr id="end-0"><th scope="row">Anna</th><td class="num">0.00 €</td></tr>', end)
    assert client.post(board + "/end", data={}).status_code == 302
    assert "This partie has ended." in client.get(board).text
    assert deal(client, board, dealer="0", declarer="1", contract="solo", points="70").status_code == 422
    assert client.post(board + "/reopen", data={}).status_code == 302


def test_a_german_bavarian_board(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    board = start(client)
    deal(client, board, declarer="0", contract="pickup", points="67")
    page = client.get(board).text
    assert "<strong>Anna</strong> gibt und setzt aus" in page and 'id="pot" class="pot-col">1,93<' in page
    assert "Anna: Stockspiel, 67\u00a0:\u00a053 · gewonnen" in page
    form = client.get(board + "/deal").text
    assert "Alleinspieler" in form and "Handspiel" in form and "Schwarz" in form
    assert "Regeln" in client.get(board + "/rules").text and "Haferl" in client.get(board + "/rules").text


def test_strohmandeln_is_untouched_beside_it(client):
    from .conftest import NEW_PARTIE
    response = client.post("/new", data=NEW_PARTIE)
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).text
    assert "Anna</strong> deals" in page and "Pot" not in page


def test_the_passcode_guards_bavarian_parties_too(tmp_path):
    from scorer import create_app
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False, "PASSCODE": "geheim"})
    client = app.test_client()
    data = {**NEW, "player3": "", "first_dealer": "0"}
    refused = client.post("/new", data=data)
    assert refused.status_code == 422 and "The passcode is not right" in refused.text
    assert client.post("/new", data={**data, "passcode": "geheim"}).status_code == 302


@pytest.mark.parametrize("language, said", [
    ("en", "Bernd +0.20 € · 0.50 € into the pot"), ("de", "Bernd +0,20 € · 0,50 € ins Haferl")])
def test_a_game_won_that_refills_the_pot_is_a_gain_on_save(app, client, language, said):
    """A Pick-Up won takes what the pot holds, then everyone refills it: the declarer's net can be below zero
    (+0.20 won, 0.50 into the pot). The result on Save says the game's money and the refill apart, as the sheet
    does, never a won game as a loss."""
    board = start(client, stake="0.05")
    assert deal(client, board, dealer="3", declarer="0", contract="pickup", points="96").status_code == 302
    s = settled(app, board)[1]
    assert str(s.pot) == "0.20"                                 # 36 units of 0.05 taken from the 2.00
    fields = {"type": "game", "dealer": "0", "declarer": "1", "contract": "pickup", "target": "61", "points": "100",
              "action": "preview"}
    preview = client.post(board + "/deal?fragment=1", data=fields, headers={"Accept-Language": language})
    short = re.search(r'<span id="preview-short" hidden>([^<]*)</span>', preview.text).group(1)
    assert short == said.replace(" €", "\u00a0€") or short == said, short
    net = settled(app, board)[1]
    assert net.deals[-1].number == 1                            # a preview stores nothing
