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
    assert len(pages) == 3                        # the standings, then two tables' sheets
    first = pages[0]
    assert "Kärntner Cup 3" in first
    standings = engine_standings(client, organiser).standings
    names = engine_standings(client, organiser).tournament.players
    for s in standings:   # every line as the standings page writes it, in the order of the places
        total = f"{s.total}".replace("-", "\u2212") if s.total.denominator == 1 else None
        assert names[s.player] in first
        if total is not None:
            assert re.search(rf"{s.place}\.\s*{re.escape(names[s.player])}\s*{re.escape(total)}", first), \
                (s, first)
    order = [first.index(names[s.player]) for s in standings]
    assert order == sorted(order)
    for page, table in zip(pages[1:], engine_standings(client, organiser).rounds[0]):
        assert f"Round 1, table {table.number}" in page
        assert "2 of 2 games" in page
        for seat, p in enumerate(table.players):
            schrift = f"{table.schrift[seat]:+d}".replace("-", "\u2212") if table.schrift[seat] else "0"
            assert f"{names[p]} {schrift}" in page
        assert "Rank points" in page and "Table rank" in page
        assert "dreier" in page.lower()


def test_the_results_pdf_speaks_the_pages_language(client):
    organiser = played(client)
    sid = public(client, organiser)
    pages, _reader = text_of(client.get(sid + "/results.pdf", headers={"Accept-Language": "de"}).data)
    assert "Platz" in pages[0] and "Runde 1, Tisch 1" in pages[1] and "Rangpunkte" in pages[1]


def test_every_tables_deals_for_excel(client):
    organiser = played(client)
    response = client.get(organiser + "/deals-excel.csv", headers={"Accept-Language": "de"})
    text = response.data.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0] == ["Runde 1, Tisch 1"]
    assert sum(1 for r in rows if r[:1] == ["Runde 1, Tisch 2"]) == 1
    assert any("Jürgen" in cell for r in rows for cell in r)
