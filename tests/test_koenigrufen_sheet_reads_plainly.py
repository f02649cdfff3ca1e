"""Königrufen's score sheet and a deal's page say what their figures are, through real HTTP round trips, in English
and German: a zero on the sheet is written 0 (a dot read as a missing entry), and a deal whose money differs from
its points (a Kontra) says its money in euros under the points, as the board does, never a bare bracket."""

import re

import pytest

from scorer.web.language import signed

from .test_koenigrufen_sheet import NEW, deal, settled, sheet, start

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_zero_on_the_sheet_is_written_0(app, client, language):
    if language == "de":
        client.environ_base.update(GERMAN)
    board = start(client)
    assert deal(client, board, type="misdeal", offender="1").status_code == 302   # costs nothing: 0 for everyone
    assert deal(client, board, contract="rufer", declarer="0", partner="2", card_points="40").status_code == 302
    page = client.get(board).text
    names, totals, money, deals = sheet(page)
    by_number = {d[0]: d[2] for d in deals}
    assert by_number[1] == [["0", "0"], ["0", "0"], ["0", "0"], ["0", "0"]]
    assert [c[0] for c in by_number[2]] == ["+1", "−1", "+1", "−1"]
    assert "·</span>" not in page


@pytest.mark.parametrize("language, game_cells, game_rows", [
    ("en", ["+1 +0.20 €", "−1 −0.20 €", "+1 +0.20 €", "−1 −0.20 €"],
     [["Game", "Anna, Cilli each", "+1", "+0.20 €"], ["Bernd, Dora each", "−1", "−0.20 €"]]),
    ("de", ["+1 +0,20 €", "−1 −0,20 €", "+1 +0,20 €", "−1 −0,20 €"],
     [["Spiel", "Anna, Cilli je", "+1", "+0,20 €"], ["Bernd, Dora je", "−1", "−0,20 €"]])])
def test_a_deal_with_kontra_says_its_money_in_euros(app, client, language, game_cells, game_rows):
    if language == "de":
        client.environ_base.update(GERMAN)
    board = start(client)
    assert deal(client, board, contract="rufer", declarer="0", partner="2", card_points="40", kontra="2").status_code == 302
    sp, s = settled(app, board)
    game = next(i for i in s.deals[0].items if i.item == "game")
    assert game.points == (1, -1, 1, -1) and game.money_points == (2, -2, 2, -2)   # Kontra: money only (stake 0.10)
    page = client.get(board + "/deal/1").text
    # what the game item is made of, in a row per amount: the players who got it each, their points, their money
    items = re.search(r'<table class="items by-item" id="items">.*?</table>', page, re.S).group(0)
    body = re.search(r"<tbody>(.*?)</tbody>", items, re.S).group(1)
    rows = [[re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", c)).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]
    assert rows == game_rows
    assert "(+2)" not in items and "(−2)" not in items
    # each player's money for the deal, in euros too (the stake 0.10 a money point)
    after = re.search(r'<table class="items players-after">.*?</table>', page, re.S).group(0)
    rows = re.findall(r'<tr><th scope="row">[^<]*</th><td>([^<]*)<br><span class="hint">([^<]*)</span></td>', after)
    assert [f"{p} {m}" for p, m in rows] == game_cells   # the deal's points over its money
    # the board says the same money for the deal
    cells = {d[0]: d[2] for d in sheet(client.get(board).text)[3]}[1]
    assert [" ".join(c[:3]) for c in cells] == game_cells
    assert [c[0] for c in cells] == [signed(x) for x in s.deals[0].points]


@pytest.mark.parametrize("language, said", [("en", "Running points of every player:"),
                                            ("de", "Verlauf der Punkte jedes Spielers:")])
def test_the_chart_says_it_shows_points(app, client, language, said):
    """The chart under the sheet says what its lines are (points, not money), in words on the page."""
    if language == "de":
        client.environ_base.update(GERMAN)
    board = start(client)
    for points in ("40", "30"):
        assert deal(client, board, contract="rufer", declarer="0", partner="2", card_points=points).status_code == 302
    caption = re.search(r"<figcaption>(.*?)</figcaption>", client.get(board).text, re.S).group(1)
    assert said in re.sub(r"<[^>]+>", "", caption)


@pytest.mark.parametrize("language, said", [("en", "Dora −6 · −0.80 €"), ("de", "Dora −6 · −0,80 €")])
def test_the_result_beside_save_says_a_kontras_money(app, client, language, said):
    """Dora's Piccolo lost with Anna's Kontra: −6 points and −8 money points (RULES-KOENIGRUFEN: the Kontra doubles
    the money only, and only Anna's share): beside Save "Dora −6 · −0.80 €", not the points alone."""
    import secrets
    if language == "de":
        client.environ_base.update(GERMAN)
    board = start(client)
    data = {"type": "game", "dealer": "0", "contract": "piccolo", "declarer": "3", "result": "lost", "each0": "2",
            "action": "preview", "key": secrets.token_urlsafe(16)}
    page = client.post(board + "/deal?fragment=1", data=data).text
    short = re.search(r'<span id="preview-short" hidden>([^<]*)</span>', page).group(1)
    assert short.replace("\u00a0", " ").replace("\u202f", " ") == said
    # a deal without Kontra: the points alone (money = points × the stake, as the sheet says)
    data.update(each0="1", key=secrets.token_urlsafe(16))
    page = client.post(board + "/deal?fragment=1", data=data).text
    assert re.search(r'<span id="preview-short" hidden>([^<]*)</span>', page).group(1) == "Dora −6"
