"""The "Excel" exports speak the page's language: on a German page every header is German and every word in a cell
is the players' own ("Solodreier", "Vergeben", "König im Talon"), never an internal id (`piccolo_ouvert`, `misdeal`)
or an English header (`deal;dealer;type`), for every game's partie, a Runde's standings and a tournament's standings
and deals; the CSV of FORMAT.md keeps its English words and ids, byte for byte. Real HTTP round trips."""

import csv
import io
import re

import pytest

from scorer.db import connect
from scorer.games.koenigrufen.rules import CONTRACTS, PREMIUMS

from .long_names import FIVE, build
from .test_runde import two_evenings
from .test_tournament_results import played
from .test_tournament_web import public

GERMAN = {"Accept-Language": "de"}
# what a German sheet must never say: the engines' ids and the English headers and words
IDS = set(CONTRACTS) | set(PREMIUMS) | {"game", "renonce", "misdeal", "redeal", "pickup", "hand", "declarer",
                                        "opponents", "talon"}
ENGLISH = {"Deal", "Dealer", "Type", "Contract", "Declarer", "Declared by", "Offender", "Multiplier",
           "Points", "Money", "Money points", "Total", "Game", "Misdeal", "Redeal", "King in the talon", "Player",
           "Evenings", "Deals", "Won", "From", "Place", "Rank points", "Table ranks", "Round", "Undertaker",
           "Bonuses", "Balance", "Pot", "yes", "no", "each", "money", "total", "deal", "dealer", "type", "contract"}


def excel(client, path, language="de"):
    """The rows of an Excel export as a German (`;`) or English (`,`) Excel reads them."""
    response = client.get(path, headers={"Accept-Language": language})
    assert response.status_code == 200 and response.data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig")), delimiter=";" if language == "de" else ","))


def english_in(rows) -> list[str]:
    """Every cell (and every word of a header) that is an id or an English word: what a German sheet must not say."""
    found = []
    for row in rows:
        for cell in row:
            words = [cell] + re.split(r"[ ,;()/:]+", cell)
            found += [cell for w in words if w in IDS or w in ENGLISH]
    return found


@pytest.fixture
def parties(app):
    """Each game's partie with long names, stored (Königrufen's five with every kind of deal)."""
    db = connect(app.config["DATABASE"])
    pids = build(db)
    db.conn.close()
    return pids


@pytest.mark.parametrize("game", ["strohmandeln", "haferl", "koenigrufen", "koenigrufen5"])
def test_a_partie_s_excel_file_says_it_in_german(client, parties, game):
    rows = excel(client, f"/p/{parties[game]}/excel.csv")
    assert rows[0][0] == "Spiel" and "Geber" in rows[0]
    assert english_in(rows) == []
    assert len(rows) > 12   # a header, twelve deals, the totals


def test_koenigrufens_excel_file_names_contracts_types_and_the_talon_as_the_players_do(client, parties):
    rows = excel(client, f"/p/{parties['koenigrufen5']}/excel.csv")
    assert rows[0] == ["Spiel", "Geber", "Art", "Spielart", "Spieler", "Partner", "Fehler von", "Ergebnis", "Augen",
                       "Kontra", "Prämien", "Faktor",
                       *(f"Spielpunkte {name}" for name in FIVE), *(f"Geldpunkte {name}" for name in FIVE)]
    deals = {int(r[0]): r for r in rows[1:] if r[0].isdigit()}
    assert deals[2][2:4] == ["Spiel", "Trischaken"]
    assert deals[3][2:5] == ["Spiel", "Solodreier", "Elisabeth"] and deals[3][11] == "2"   # the doubled Radl
    # what was played, to check a sheet against: the result, the card points, the Kontra, the premiums in words
    assert deals[3][7] in ("gewonnen", "verloren") and deals[3][8] != ""
    assert all(r[7] in ("", "gewonnen", "verloren", "geschleift") for r in deals.values())
    assert deals[4][2:7] == ["Renonce", "Dreier", "Bernadette", "", "Alexander"]
    assert deals[6][2:4] == ["Vergeben", ""]
    assert deals[7][3:6] == ["Solorufer", "Bernadette", "König im Talon"]
    assert rows[-2][0] == "Summe" and rows[-1][0] == "Geld (€)" and rows[-1][-1] == "21,40"
    # in English: the same columns in English words; the CSV keeps the format's ids
    english = excel(client, f"/p/{parties['koenigrufen5']}/excel.csv", "en")
    assert english[0][:12] == ["Deal", "Dealer", "Type", "Contract", "Declared by", "Partner", "Offender", "Result",
                               "Card points", "Kontra", "Premiums", "Multiplier"]
    assert english[7][3:6] == ["Solorufer", "Bernadette", "King in the talon"] and english[6][2] == "Misdeal"
    plain = list(csv.reader(io.StringIO(client.get(f"/p/{parties['koenigrufen5']}/export.csv").text)))
    assert plain[0][:12] == ["deal", "dealer", "type", "contract", "declarer", "partner", "offender", "result",
                             "card points", "kontra", "premiums", "multiplier"]
    assert plain[6][2] == "misdeal" and plain[7][3:6] == ["solorufer", "Bernadette", ""]
    assert plain[-1][0] == "money" and plain[-1][-1] == "21.40"


def test_a_runde_s_excel_file_says_it_in_german(app, client):
    rid, _ids, _one, _two = two_evenings(app, client)
    rows = excel(client, f"/r/{rid}/excel.csv?period=all")
    assert rows[0][:6] == ["Spieler", "Abende", "Spiele", "Punkte", "Geld", "Geld pro Abend"]
    assert english_in(rows) == []


def test_a_tournament_s_excel_files_say_it_in_german(client):
    organiser = played(client)   # Königrufen: each table two Dreier
    standings = excel(client, public(client, organiser) + "/excel.csv")
    assert standings[0] == ["Platz", "Spieler", "Summe", "Schrift", "Rangpunkte", "Tischplätze"]
    deals = excel(client, organiser + "/deals-excel.csv")
    assert deals[0] == ["Runde 1, Tisch 1"] and deals[1][:4] == ["Spiel", "Geber", "Art", "Spielart"]
    assert deals[2][2:4] == ["Spiel", "Dreier"]
    assert english_in(standings) == [] and english_in(deals) == []
