"""A tournament's table plays for Schrift, not money (RULES-TOURNAMENT.md §1: Kontra counts in the money only, and the
tournament counts no money): its board has no € row and no € beside a deal with a Kontra, and it counts the round's
games ("game 2 of 16", in the line above the board) instead of the Radl, in English and German; a deal's own page
says no money either. An ordinary Königrufen partie keeps both."""

import re
import secrets

from .test_koenigrufen_web import start as start_koenigrufen
from .test_tournament_web import NINE, create, draw_and_start

DE = {"Accept-Language": "de"}


def dreier_with_kontra(client, board, declarer):
    page = client.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    response = client.post(board + "/deal", data={
        "type": "game", "action": "save", "key": secrets.token_urlsafe(16), "dealer": dealer,
        "contract": "dreier", "declarer": str(declarer), "result": "won", "kontra": "2"})
    assert response.status_code == 302, response.text[:2000]


def test_a_tournament_table_shows_no_money_and_counts_games(client):
    organiser = create(client, NINE[:8])   # the default 16 games at a table of four; ooe plays for 0.10 a point
    board, _names = draw_and_start(client, organiser)[0]
    dreier_with_kontra(client, board, 0)
    english, german = client.get(board).text, client.get(board, headers=DE).text
    for page in (english, german):
        assert 'id="money-0"' not in page and 'class="cash"' not in page
        assert "€" not in page   # neither the row nor the Kontra's money beside the deal
        assert 'id="radl"' not in page
    assert "game 2 of 16" in english and "Radl: deal" not in english
    assert "Spiel 2 von 16" in german and "Radl: Spiel" not in german
    # the deal's own page: its points and money points, but no euros
    assert "€" not in client.get(board + "/deal/1").text
    # nor the result beside Save of a deal with a Kontra (elsewhere it says the Kontra's money in euros)
    page = client.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    preview = client.post(board + "/deal?fragment=1", data={
        "type": "game", "action": "preview", "key": secrets.token_urlsafe(16), "dealer": dealer,
        "contract": "dreier", "declarer": "1", "result": "won", "kontra": "2"}).text
    short = re.search(r'<span id="preview-short" hidden>([^<]*)</span>', preview).group(1)
    assert short and "€" not in short


def test_an_ordinary_partie_keeps_its_money_and_its_radl(client):
    board = start_koenigrufen(client)
    dreier_with_kontra(client, board, 0)
    english, german = client.get(board).text, client.get(board, headers=DE).text
    for page in (english, german):
        assert 'id="money-0"' in page and "€" in page and 'id="radl"' in page
    assert "Radl: deal 2 of 4" in english
    assert "Radl: Spiel 2 von 4" in german
    assert "€" in client.get(board + "/deal/1").text
