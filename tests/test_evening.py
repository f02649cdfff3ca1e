"""The score sheet at the table (issue 19), through real HTTP round trips: the board's common starts, the
result beside Save, the rows' parts and running total, and who pays whom at the end of the evening."""

import re
import secrets

from tests.conftest import record, start

from .helpers import haferl_deal, shown

HAFERL = {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "",
          "first_dealer": "0", "preset": "haferl", "draw_at_60": "y"}


def settle_lines(page: str) -> list[str]:
    box = re.search(r'<section class="settle".*?</section>', shown(page), re.S)
    assert box, "no settlement on the page"
    return [re.sub(r"\s+", " ", li).strip() for li in re.findall(r"<li>(.*?)</li>", box.group(0), re.S)]


def end(client, board):
    response = client.post(board + "/end")
    assert response.status_code == 302


def test_two_players_who_pays_whom(client):
    board = start(client, stake="0.10")
    # Anna deals and undertakes, 40 : 30: undertaken game won, 3 game points at 0.10
    assert record(client, board, dealer="0", undertaker="dealer", points="40").status_code == 302
    assert settle_lines(client.get(board + "/end").text) == ["Bernd pays Anna 0.30 €"]
    end(client, board)
    assert settle_lines(client.get(board).text) == ["Bernd pays Anna 0.30 €"]


def test_three_players_the_pot_shared_or_kept(client):
    board = start(client, **HAFERL)
    # antes 3 x 0.50 in the pot; Bernd's Hand made with 70: a = 5 + 5 = 10 units, x2 from each loser
    haferl_deal(client, board, dealer="0", declarer="1", contract="hand", points="70")
    page = client.get(board + "/end").text
    # balances Anna -0.70, Bernd -0.10, Clara -0.70; the pot's 1.50 shared: 0.50 each
    assert settle_lines(page) == ["Anna pays Bernd 0.20 €", "Clara pays Bernd 0.20 €"]
    assert "The pot (1.50 €) is shared equally." in page
    # the choice is stored with the partie: a form on the end page
    assert 'name="at_the_end" value="share" checked' in page
    response = client.post(board + "/at-the-end", data={"at_the_end": "keep"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/end")
    kept = client.get(board + "/end").text
    assert settle_lines(kept) == ["Anna leaves 0.70 € in the pot for the next evening",
                                  "Bernd leaves 0.10 € in the pot for the next evening",
                                  "Clara leaves 0.70 € in the pot for the next evening"]
    assert "The pot (1.50 €) is kept for the next evening." in kept
    assert 'name="at_the_end" value="keep" checked' in kept
    end(client, board)
    ended = client.get(board).text
    assert settle_lines(ended)[:1] == ["Anna leaves 0.70 € in the pot for the next evening"]
    # changed back on the ended board: shared again, back to the board
    response = client.post(board + "/at-the-end", data={"at_the_end": "share"})
    assert response.status_code == 302 and response.headers["Location"].endswith(board)
    assert settle_lines(client.get(board).text) == ["Anna pays Bernd 0.20 €", "Clara pays Bernd 0.20 €"]
    assert "Choice for the end of the evening changed" in client.get(board + "/history").text


def test_four_players_the_fewest_transfers(client):
    board = start(client, **{**HAFERL, "player3": "Dieter", "first_dealer": "3"})
    # antes 4 x 0.50; Dieter deals and sits out; Anna's Pick-Up made with 68: a = 8 units from the pot
    haferl_deal(client, board, dealer="3", declarer="0", contract="pickup", points="68")
    # then Bernd's Hand lost with 50 (Anna deals, sits out): a = 5 + 6 = 11, x2 to Clara and to Dieter
    haferl_deal(client, board, dealer="0", declarer="1", contract="hand", points="50")
    # Anna -0.42, Bernd -0.94, Clara -0.28, Dieter -0.28; the pot's 1.92 shared, 0.48 each:
    # Anna +0.06, Bernd -0.46, Clara +0.20, Dieter +0.20: three transfers, all from Bernd
    assert settle_lines(client.get(board + "/end").text) == [
        "Bernd pays Anna 0.06 €", "Bernd pays Clara 0.20 €", "Bernd pays Dieter 0.20 €"]


def row(page: str, number: int) -> str:
    li = re.search(rf'<li id="deal-{number}">(.*?)</li>', page, re.S).group(1)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", li)).strip()


def test_a_row_says_what_its_points_are_made_of_with_the_running_total(client):
    board = start(client)
    # 1: Anna deals and undertakes, 40 : 30, Bernd's Pagat: game 3 for Anna, Pagat 1 for Bernd
    record(client, board, dealer="0", undertaker="dealer", points="40", bonuses="pagat:1")
    # 2: Bernd deals, a simple game, Anna (Vorhand) counts 30: Bernd wins the simple game, 1
    record(client, board, dealer="1", undertaker="nobody", points="30", pile_of="0")
    page = client.get(board).text
    assert row(page, 1) == "#1 Anna undertook, Anna 40 : Bernd 30 Game 3 · Pagat 1 (Bernd) Anna +2 Balance of Anna after this deal: Anna +2"   # the running total under its name
    assert row(page, 2) == "#2 Simple game, Anna 30 : Bernd 40 Game 1 Bernd +1 Balance of Anna after this deal: Anna +1"


def test_home_lists_each_partie_with_its_date_game_and_money(client):
    first = start(client, stake="0.10")
    record(client, first, dealer="0", undertaker="dealer", points="40")
    start(client, stake="0.10")                                  # the same names, later: told apart by time
    haferl = start(client, **HAFERL)
    haferl_deal(client, haferl, dealer="0", declarer="1", contract="hand", points="70")
    items = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", li)).strip()
             for li in re.findall(r"<li>(.*?)</li>", client.get("/").text.split('class="parties"')[1], re.S)][:3]
    assert any("Strohmandeln" in i and "1 deal" in i and "Anna +0.30 € · Bernd −0.30 €" in i for i in items)
    assert any("Bavarian Tarock" in i and "Anna −0.70 € · Bernd −0.10 € · Clara −0.70 €" in i for i in items)
    times = [re.search(r"– Bernd (.*?) · Strohmandeln", i).group(1) for i in items if "Strohmandeln" in i]
    assert len(times) == 2 and all(re.search(r"\d{4}", t) for t in times)


def stored_deals(app, board):
    from scorer import store
    from scorer.db import connect
    db = connect(app.config["DATABASE"])
    try:
        return store.load(db, board.rsplit("/", 1)[1]).partie.deals
    finally:
        db.conn.close()


def restore_buttons(client, board):
    page = client.get(board + "/history").text
    return re.findall(r'action="([^"]+/restore)"', page), re.search(r'name="version" value="(\d+)"',
                                                                     client.get(board).text)


def test_a_deleted_deal_is_put_back_from_its_history_entry_and_an_undo_undone(app, client):
    board = start(client)
    for points in ("40", "30", "50"):
        record(client, board, undertaker="nobody", points=points)
    deals = stored_deals(app, board)
    version = re.search(r'name="version" value="(\d+)"', client.get(board).text).group(1)
    assert client.post(board + "/deal/2/delete", data={"version": version}).status_code == 302
    assert stored_deals(app, board) == (deals[0], deals[2])
    (action,), version = restore_buttons(client, board)
    response = client.post(action, data={"version": version.group(1)})
    assert response.status_code == 302 and response.headers["Location"].endswith(board)
    assert stored_deals(app, board) == deals                      # back in its place, the later one after it
    assert "Deal 2 restored" in client.get(board + "/history").text
    assert client.post(action, data={"version": restore_buttons(client, board)[1].group(1)}).status_code == 302
    assert stored_deals(app, board) == deals                      # twice: refused, nothing doubled
    # an undo undone, after another deal was recorded in its place
    version = re.search(r'name="version" value="(\d+)"', client.get(board).text).group(1)
    client.post(board + "/undo", data={"version": version})
    record(client, board, undertaker="nobody", points="35")
    newer = stored_deals(app, board)[2]
    (action,), version = restore_buttons(client, board)
    asked = client.post(action, data={"version": version.group(1)})            # it asks first: a deal moves on
    assert asked.status_code == 200 and "Deal 3 becomes deal 4" in asked.text
    assert stored_deals(app, board) == (deals[0], deals[1], newer)
    client.post(action, data={"version": version.group(1), "confirm": "1"})    # the second tap puts it back
    assert stored_deals(app, board) == (deals[0], deals[1], deals[2], newer)
    page = client.get(board + "/history").text
    numbered = re.search(r'<ol class="history" reversed start="(\d+)">', page)
    assert numbered and int(numbered.group(1)) == page.count('<li id="entry-')   # numbered by time, newest highest


def test_the_pot_shared_to_the_cent_or_kept():
    from decimal import Decimal

    from scorer.games.haferl import Deal, RuleSet, replay
    from scorer.games.haferl.scoring import at_the_end
    from scorer.partie import Partie
    # four players, 4 x 0.50 in the pot; Anna's Pick-Up made with 70 takes a = 10 units: the pot holds 1.90
    s = replay(Partie(("Anna", "Bernd", "Clara", "Dieter"), RuleSet.default("haferl"),
                      (Deal("game", 3, 0, "pickup", 61, 70, False),), 3))
    assert s.pot == Decimal("1.90")
    shared, left = at_the_end(s)
    # 190 cents in four: 48, 48, 47, 47 (the odd cents to the first players in seating order)
    assert shared == (Decimal("0.08"), Decimal("-0.02"), Decimal("-0.03"), Decimal("-0.03")) and left == 0
    assert sum(shared) == 0
    kept, pot = at_the_end(s, keep_pot=True)
    assert kept == s.balance and pot == Decimal("1.90") and sum(kept) + pot == 0


def test_use_for_carries_the_undertaker_into_the_form(client):
    board = start(client)                  # Anna deals first: Bernd is Vorhand
    page = client.get(board + "/calculator?trull=3&tricks=2").text
    uses = dict(re.findall(r'href="([^"]*)" data-player="(\d)"', page.replace("&amp;", "&")))
    by_player = {player: url for url, player in uses.items()}
    assert "undertaker=0" in by_player["0"] and "undertaker=1" in by_player["1"]   # the person, not a role
    form = client.get(by_player["1"]).text
    assert 'name="undertaker" value="1" checked' in form and "Bernd (Vorhand)" in form and 'name="pile_of" value="1" checked' in form
    assert 'value="trull_tricks:1" checked' in form


def counter(page: str, name: str) -> str:
    found = re.search(rf'<input id="{name}"[^>]*>', page)
    assert found, f"no counter {name}"
    return found.group(0)


def test_the_calculator_types_the_tricks_and_taps_each_counting_card(client):
    board = start(client)
    page = client.get(board + "/calculator").text
    # the tricks: typed, nothing to clear first (empty, 0 as its placeholder), − / + up to the whole pack's 27
    tricks = counter(page, "tricks")
    assert 'value=""' in tricks and 'placeholder="0"' in tricks and 'data-max="27"' in tricks
    # each counting card one tap on +, never past what the 54-card pack holds
    assert 'value="0"' in counter(page, "trull") and 'data-max="3"' in counter(page, "trull")
    assert all('data-max="4"' in counter(page, n) for n in ("kings", "queens", "knights", "jacks"))
    # the 40-card pack: 17 other Tarocks, 20 tricks
    forty = client.get("/calculator?deck=40").text
    assert 'data-max="17"' in counter(forty, "tarocks") and 'data-max="20"' in counter(forty, "tricks")
    # typed tricks count as they are: Sküs and Pagat, 2 Kings, 2 Queens in 10 tricks (20 cards):
    # 3 × (2×5 + 2×5 + 2×4 + 14×1) − 2 × 20 = 86 thirds = 28 ⅔
    page = client.get(board + "/calculator?trull=2&kings=2&queens=2&tricks=10").text
    assert 'value="10"' in counter(page, "tricks")
    uses = dict(re.findall(r'href="([^"]*)" data-player="(\d)"', page.replace("&amp;", "&")))
    anna = next(url for url, player in uses.items() if player == "0")
    assert "points=28" in anna and "blatt=2" in anna and "undertaker=0" in anna   # Anna undertook
    form = client.get(anna).text
    # opened with its points, the form shows the preview at once (without JavaScript too), the result on Save:
    # Anna undertook and has 28 ⅔ (29 rounded), under 36 but not under 26: 4 to Bernd (RULES.md's table)
    assert 'name="undertaker" value="0" checked' in form and 'id="preview-short"' in form
    assert re.search(r'id="save-result">Bernd \+4<', form)
    # inside the deal form: the tricks typed, the pile counted into the points
    data = {"type": "game", "dealer": "0", "undertaker": "dealer", "pile_of": "0", "blatt": "0", "points": "",
            "trull": "2", "kings": "2", "queens": "2", "knights": "0", "jacks": "0", "tricks": "10",
            "action": "count", "key": secrets.token_urlsafe(16)}
    counted = client.post(board + "/deal", data=data).text
    assert re.search(r'id="points"[^>]*value="28"', counted) and 'value="10"' in counter(counted, "tricks")
    # no tricks typed: an empty field is 0 tricks, and 2 Trull cards cannot lie in no trick
    empty = client.post(board + "/deal", data={**data, "tricks": ""}).text
    assert 'value=""' in counter(empty, "tricks") and 'class="errors' in empty


def runs(page: str, number: int) -> list[str]:
    """A line of Bavarian Tarock's score sheet: each player's money after the deal, under his column's name."""
    names = re.findall(r'<th scope="col" class="[^"]*"><span class="nm"><span class="seat-dot[^>]*></span>([^<]*)</span></th>',
                       page)
    body = re.search(rf'<tbody class="deal" id="deal-{number}">(.*?)</tbody>', page, re.S).group(1)
    return [f"{name} {amount} €" for name, amount in zip(names, re.findall(r'<b class="run">([^<]*)</b>', body))]


def test_bavarian_rows_show_each_players_money_after_the_deal(client):
    board = start(client, **{**HAFERL, "player3": "Dieter", "first_dealer": "3"})
    # antes 4 x 0.50: everybody -0.50; Anna's Pick-Up made with 68: 8 units (0.08) from the pot
    haferl_deal(client, board, dealer="3", declarer="0", contract="pickup", points="68")
    # Bernd's Hand lost with 50: 11 units, 0.22 to Clara and to Dieter
    haferl_deal(client, board, dealer="0", declarer="1", contract="hand", points="50")
    page = client.get(board).text
    assert runs(page, 1) == ["Anna −0.42 €", "Bernd −0.50 €", "Clara −0.50 €", "Dieter −0.50 €"]
    assert runs(page, 2) == ["Anna −0.42 €", "Bernd −0.94 €", "Clara −0.28 €", "Dieter −0.28 €"]
    # the pot's column: 2.00 - 0.08 after the first deal
    assert re.findall(r'<b class="run">([^<]*)</b>', re.search(r'id="deal-1">.*?</tbody>', page, re.S).group(0))[-1] == "1.92"
    # the deals list shows the same rows
    assert runs(client.get(board + "/deals").text, 1) == runs(page, 1)


def test_a_bad_choice_for_the_end_stores_nothing(client):
    board = start(client, **HAFERL)
    haferl_deal(client, board, dealer="0", declarer="1", contract="hand", points="70")
    client.post(board + "/at-the-end", data={"at_the_end": "keep"})
    version = client.get(board + "/version").json["version"]
    for bad in ("burn", "", "KEEP"):
        response = client.post(board + "/at-the-end", data={"at_the_end": bad}, follow_redirects=True)
        assert response.status_code == 200
        assert ("Pick one of the choices for the end of the evening: Share the pot as the rules say, "
                "Keep the pot for the next evening.") in response.text
    assert client.get(board + "/version").json["version"] == version
    assert settle_lines(client.get(board + "/end").text)[0] == "Anna leaves 0.70 € in the pot for the next evening"
    # in German
    german = client.post(board + "/at-the-end", data={"at_the_end": "burn"}, follow_redirects=True,
                         headers={"Accept-Language": "de-AT,de;q=0.9"}).text
    assert ("Wähle eine der Möglichkeiten fürs Ende des Abends: Das Haferl nach den Regeln aufteilen, "
            "Das Haferl bleibt fürs nächste Mal.") in german
    assert "Am Ende des Abends" in german


def test_a_game_without_a_pot_offers_no_choice_and_stores_none(client):
    board = start(client, stake="0.10")
    record(client, board, dealer="0", undertaker="dealer", points="40")
    page = client.get(board + "/end").text
    assert settle_lines(page) == ["Bernd pays Anna 0.30 €"]
    assert 'name="at_the_end"' not in page
    version = client.get(board + "/version").json["version"]
    response = client.post(board + "/at-the-end", data={"at_the_end": "keep"}, follow_redirects=True)
    assert "Pick one of the choices for the end of the evening" in response.text
    assert client.get(board + "/version").json["version"] == version


def tied_fields(page: str, form_id: str) -> dict:
    """The hidden fields a browser sends with form `form_id`, without JavaScript: those inside it and those tied
    to it with form="..." (the board's CSRF tokens come last in the page)."""
    form = re.search(rf'<form[^>]*id="{form_id}".*?</form>', page, re.S).group(0)
    inputs = re.findall(r'<input[^>]*type="hidden"[^>]*>', form)
    inputs += re.findall(rf'<input[^>]*form="{form_id}"[^>]*>', page)
    return {re.search(r'name="([^"]+)"', i).group(1): re.search(r'value="([^"]*)"', i).group(1) for i in inputs}


def test_the_ended_boards_forms_carry_their_tokens_from_the_end_of_the_page(app, client):
    board = start(client, **HAFERL)
    haferl_deal(client, board, dealer="0", declarer="1", contract="hand", points="70")
    end(client, board)
    client.get(board)   # the flash
    app.config["WTF_CSRF_ENABLED"] = True
    page = client.get(board).text
    assert client.get(board).text.count('form="at-the-end"') == 1   # the kept page, again with its token
    choice = tied_fields(page, "at-the-end")
    assert set(choice) == {"csrf_token"}
    assert client.post(board + "/at-the-end", data={"at_the_end": "keep"}).status_code == 400   # no token: refused
    response = client.post(board + "/at-the-end", data={**choice, "at_the_end": "keep"})
    assert response.status_code == 302
    page = client.get(board).text
    assert "The pot (1.50 €) is kept for the next evening." in page
    page = client.get(board).text   # after the flash: kept
    reopen = tied_fields(page, "reopen")
    assert client.post(board + "/reopen", data={}).status_code == 400
    assert client.post(board + "/reopen", data=reopen).status_code == 302
    assert 'id="record"' in client.get(board).text
