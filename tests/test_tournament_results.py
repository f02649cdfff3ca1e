"""The printable results as a PDF (fpdf2, its font embedded): the standings exactly as the standings page gives them,
umlauts and the minus sign as typed, and every table's score sheet (its deals, each player's points, the table's
rank points), in the page's language; every table's deals for Excel in the page's language."""

import csv
import io
import re

from pypdf import PdfReader

from .test_tournament_web import create, draw_and_start, dreier, engine_standings, public

PLAYERS = ["Jürgen", "Grüß Gott", "Öttl", "Maß", "Anna", "Bernd", "Cilli", "Dora"]


def played(client):
    organiser = create(client, PLAYERS, name="Kärntner Cup 3", games_4="2")
    for board, _names in draw_and_start(client, organiser):
        dreier(client, board, 0)
        dreier(client, board, 2, won=False)
    return organiser


def text_of(data):
    reader = PdfReader(io.BytesIO(data))
    return [page.extract_text() for page in reader.pages], reader


def test_the_results_pdf_has_the_standings_and_every_tables_score_sheet(client):
    organiser = played(client)
    sid = public(client, organiser)
    response = client.get(sid + "/results.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.data.startswith(b"%PDF-")
    pages, reader = text_of(response.data)
    fonts = {str(f["/BaseFont"]) for p in reader.pages for f in p["/Resources"]["/Font"].values()}
    assert all("DejaVu" in f for f in fonts)   # embedded (a subset), not a core font
    assert len(pages) == 2                        # the standings and the round, then both tables' sheets
    first = pages[0]
    assert "Kärntner Cup 3" in first and "After round 1" in first
    standings = engine_standings(client, organiser).standings
    names = engine_standings(client, organiser).tournament.players
    for s in standings:   # every line as the standings page writes it, in the order of the places
        total = f"{s.total}".replace("-", "\u2212") if s.total.denominator == 1 else None
        assert names[s.player] in first
        if total is not None:
            assert re.search(rf"{s.place}\.\s*{re.escape(names[s.player])}\s*{re.escape(total)}", first), \
                (s, first)
    order = [first.index(names[s.player]) for s in standings]
    assert order[:len(standings)] == sorted(order)[:len(standings)]
    sheets = pages[1]
    for table in engine_standings(client, organiser).rounds[0]:
        assert f"Round 1, table {table.number} · 2 of 2 games" in sheets
        seats = [names[p] for p in table.players]
        assert "# Dealer Game " + " ".join(seats) in sheets   # the names as column heads, over Game and Total
        schrift = " ".join(f"{x:+d}".replace("-", "\u2212") if x else "0" for x in table.schrift)
        assert f"Schrift {schrift}" in sheets
    assert "Table rank" in sheets and "Rank points" in sheets
    assert "deal, dealer" not in sheets.lower() and "money points" not in sheets   # no raw keys


def wertungszettel(app, client, language="en"):
    """A table whose games say everything a Wertungszettel says: card points and result, premiums, Kontra, a
    Trischaken's card points: recorded at the table as the deal form would."""
    from scorer import games, store
    from scorer.db import connect

    organiser = create(client, PLAYERS, name="Kärntner Cup 3", games_4="4")
    found = draw_and_start(client, organiser)
    game = games.by_key("koenigrufen")
    db = connect(app.config["DATABASE"])
    for board, _names in found:
        for raw in ({"type": "game", "dealer": 3, "contract": "rufer", "declarer": 0, "partner": 2,
                     "card_points": "41 2/3", "kontra": 2,
                     "premiums": [{"premium": "pagat", "side": "declarer", "announced": True, "made": True}]},
                    {"type": "game", "dealer": 0, "contract": "trischaken", "declarer": 1,
                     "card_points": ["13 1/3", "36", "20 2/3", "0"]}):
            problems: list = []
            store.add_deal(db, board.rsplit("/", 1)[1], game.file.parse_deal(raw, problems))
            assert not problems
    db.conn.close()
    return public(client, organiser), found


def test_the_score_sheets_are_the_wertungszettel_a_table_keeps(app, client):
    sid, found = wertungszettel(app, client)
    pages, _reader = text_of(client.get(sid + "/results.pdf").data)
    sheets = "\n".join(pages[1:])
    first = found[0][1]
    # the Rufer: card points, won, Kontra, the Pagat announced and made; each one's points over his running total
    assert f"1 {first[3]} {first[0]}: Rufer with {first[2]}, 41⅔ : 28⅓ · won · Kontra · Pagat announced and made" in \
        sheets.replace("\u202f", "").replace("\xa0", " ")
    # the Trischaken: each one's card points
    assert "Trischaken" in sheets and "13⅓" in sheets.replace("\u202f", "")


def test_the_results_pdf_speaks_the_pages_language(app, client):
    sid, found = wertungszettel(app, client)
    pages, _reader = text_of(client.get(sid + "/results.pdf", headers={"Accept-Language": "de"}).data)
    assert "Platz" in pages[0] and "Runde 1, Tisch 1" in pages[1] and "Rangpunkte" in pages[1]
    sheets = "\n".join(pages[1:]).replace("\u202f", "").replace("\xa0", " ")
    assert "# Geber Spiel" in sheets and "gewonnen" in sheets and "Kontra" in sheets
    assert "Pagat ultimo angesagt und gemacht" in sheets and "Trischaken · " in sheets


def test_every_tables_deals_for_excel(client):
    organiser = played(client)
    response = client.get(organiser + "/deals-excel.csv", headers={"Accept-Language": "de"})
    text = response.data.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0] == ["Runde 1, Tisch 1"]
    assert sum(1 for r in rows if r[:1] == ["Runde 1, Tisch 2"]) == 1
    assert any("Jürgen" in cell for r in rows for cell in r)
