"""The boards' small confusions, through real HTTP round trips: a Bavarian refill's ante is said and never shown
as a loss, the evening's first ante is no red loss, the pot's choice and wording; Strohmandeln's running total
says whose it is and a doubled result says the doubling is included; Königrufen's doubled Radl in words."""

import re
import secrets

from tests.conftest import record, start

from .helpers import haferl_deal, text

HAFERL = {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "",
          "first_dealer": "2", "preset": "haferl", "ante": "0.05"}


def test_a_bavarian_evening_opens_without_red_and_a_refill_is_said(client):
    board = start(client, **HAFERL)
    page = client.get(board).text
    # everyone has put 0.05 into the pot of 0.15: no loss, no red
    for i in range(3):
        assert re.search(rf'<td id="balance-{i}" class="zero">−0.05</td>', page), i
    assert "The balances count what each one paid into the pot" in page
    assert '<table class="sheet money-sheet n4" id="sheet">' in page   # the score sheet: three players and the pot
    # Clara deals, Anna's Pick-Up with all 120: 60 units are 0.60 due, the pot pays its 0.15 and is refilled
    haferl_deal(client, board, dealer="2", declarer="0", contract="pickup", points="120")
    page = client.get(board).text
    row = text(re.search(r'<tbody class="deal" id="deal-1">.*?</tbody>', page, re.S).group(0))
    assert "Anna, Bernd, Clara: 0.05 € each into the refilled pot" in row
    nets = re.findall(r'<span class="d net (\w+)">([^<]*)<', page)
    assert nets == [("pos", "+0.10"), ("zero", "−0.05"), ("zero", "−0.05")]   # the refill is no loss
    # the end page: money before the pot, "At the end" after it; the choice as big buttons
    end = client.get(board + "/end").text
    assert "The money above is before the pot is shared out or kept" in end
    assert re.search(r'<label class="seg-option"><input type="radio" form="end-form" name="at_the_end" value="share"',
                     end)


def test_strohmandeln_says_whose_running_total_and_that_the_doubling_is_included(client):
    board = start(client)
    # a simple game drawn 35 : 35 starts a Nullrunde: the next two games count double
    assert record(client, board, points="35").status_code == 302
    page = client.get(board).text
    assert re.search(r'<span class="run"><span class="visually-hidden">Balance of Anna after this deal: </span>'
                     r'<span class="run-name" aria-hidden="true">Anna</span>0</span>', page)
    form = client.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', form).group(1)
    data = {"type": "game", "dealer": dealer, "undertaker": "0", "pile_of": "0", "blatt": "0", "points": "40",
            "action": "preview", "key": secrets.token_urlsafe(16)}
    preview = client.post(board + "/deal?fragment=1", data=data).text
    short = re.search(r'<span id="preview-short" hidden>([^<]*)</span>', preview).group(1)
    assert short == "Anna +6 (×2 included)"   # an undertaken game won: 3, doubled in the Nullrunde


def test_koenigrufen_says_one_doubled_deal_in_the_singular(client):
    board = start(client, game="koenigrufen", player0="Anna", player1="Bernd", player2="Cilli", player3="Dora",
                  first_dealer="0", preset="ooe", radl_trischaken="y")
    page = client.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    response = client.post(board + "/deal", data={"type": "game", "dealer": dealer, "contract": "trischaken",
                                                  "tp0": "10", "tp1": "20", "tp2": "30", "tp3": "",
                                                  "action": "save", "key": secrets.token_urlsafe(16)})
    assert response.status_code == 302
    assert "Doubled Radl: the next 4 deals count twice." in client.get(board).text
    for _ in range(3):   # three Rufers won (each with the player across from the Vorhand): one doubled deal left
        page = client.get(board + "/deal").text
        dealer = int(re.search(r'name="dealer" value="(\d)" checked', page).group(1))
        assert client.post(board + "/deal", data={"type": "game", "dealer": str(dealer), "contract": "rufer",
                                                  "partner": str((dealer + 3) % 4), "result": "won", "action": "save",
                                                  "key": secrets.token_urlsafe(16)}).status_code == 302
    assert "Doubled Radl: the next deal counts twice." in client.get(board).text


def test_names_typed_before_switching_the_game_are_kept(client):
    page = client.get("/new?game=koenigrufen&player0=Anna&player1=Bernd").text
    assert re.search(r'<input[^>]*id="player0"[^>]*value="Anna"', page)
    assert re.search(r'<input[^>]*id="player1"[^>]*value="Bernd"', page)
    assert not re.search(r'<input[^>]*id="player2"[^>]*value="[^"]', page)


def test_a_bankroll_run_out_offers_ending_not_another_deal(client):
    board = start(client, preset="strawman", bankroll="30")
    assert record(client, board, points="32", undertaker="vorhand", dealer="0").status_code == 302
    page = client.get(board).text
    assert "has run out" in page or "ran out" in page
    assert re.search(r'<a class="button primary wide" id="record" href="[^"]*/end">End the partie</a>', page)
    assert 'class="starts' not in page   # no quick start into a deal that Save would refuse


def test_a_rundes_evenings_of_one_day_are_told_apart(client):
    from tests.conftest import NEW_PARTIE
    from tests.test_runde import new_runde

    rid = new_runde(client, settles="evening")
    pairs = (("Anna", "Bernd"), ("Clara", "Dieter"), ("Anna", "Clara"))
    for k, (a, b) in enumerate(pairs):
        board = client.post("/new", data={**NEW_PARTIE, "player0": a, "player1": b, "stake": "0.10",
                                          "runde": rid}).headers["Location"]
        for _ in range(k + 1):
            assert record(client, board, undertaker="dealer", points="40").status_code == 302
    page = client.get(f"/r/{rid}").text
    headings = [text(h) for h in re.findall(r'<div class="open-group">\s*(?:\{#.*?#\})?\s*<h3>(.*?)</h3>', page, re.S)]
    assert len(headings) == 3 and len(set(headings)) == 3, headings   # each evening by its players and deals
    assert any(h.endswith("Anna – Bernd · 1 deal") for h in headings)
    assert any(h.endswith("Clara – Dieter · 2 deals") for h in headings)
    # this phone's parties in no Runde, offered to move in: the same players on the same day told apart
    for k in range(2):
        board = client.post("/new", data={**NEW_PARTIE, "player0": "Emil", "player1": "Fritz"}).headers["Location"]
        for _ in range(k):
            assert record(client, board, points="40").status_code == 302
    options = re.findall(r"<option value=\"[^\"]+\">(Emil – Fritz[^<]*)</option>", client.get(f"/r/{rid}").text)
    assert len(options) == 2 and len(set(options)) == 2 and any("· 0 deals ·" in o for o in options), options
