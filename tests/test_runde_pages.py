"""The Runde's pages: the deals each played, the header naming the Runde's one game, the date fields that belong
to the range."""

import re

from .conftest import NEW_PARTIE
from .test_runde import new_runde, standings_csv


def test_deals_are_the_deals_each_played(app, client):
    from .test_koenigrufen_web import NEW as NEW_KOENIG
    from .test_koenigrufen_web import deal as koenig_deal

    rid = new_runde(client, members="Anna\nBernd\nCilli\nDora\nEmil", game="koenigrufen")
    board = client.post("/new", data={**NEW_KOENIG, "player4": "Emil", "first_dealer": "0",
                                      "runde": rid}).headers["Location"]
    # five at the table: Anna deals and sits out a Rufer; Bernd misdeals (he deals again); Bernd deals and sits
    # out a Dreier
    assert koenig_deal(client, board, contract="rufer", declarer="1", partner="2", result="won").status_code == 302
    assert koenig_deal(client, board, type="misdeal", offender="1").status_code == 302
    assert koenig_deal(client, board, contract="dreier", declarer="2", result="lost").status_code == 302
    rows = standings_csv(client, rid)
    table = {row[0]: row for row in rows[1:6]}
    assert rows[0][2] == "Deals"
    assert {n: table[n][2] for n in table} == {"Anna": "1", "Bernd": "1", "Cilli": "2", "Dora": "2", "Emil": "2"}
    page = client.get(f"/r/{rid}", query_string={"period": "all"}).text
    assert "3 deals" in page   # the evenings' list: every deal of the evening
    assert 'aria-describedby="deals-note"' in page and "is no deal played" in page


def test_the_header_names_the_runde_s_one_game(app, client):
    rid = new_runde(client, game="koenigrufen")
    brand = re.compile(r'<a class="brand"[^>]*>([^<]*)</a>')
    assert brand.search(client.get(f"/r/{rid}").text).group(1) == "Königrufen"
    client.post("/new", data={**NEW_PARTIE, "runde": rid})   # a Strohmandeln evening in it too
    assert brand.search(client.get(f"/r/{rid}").text).group(1) == "Tarock"


def test_the_date_fields_belong_to_the_range(app, client):
    rid = new_runde(client)
    page = client.get(f"/r/{rid}", headers={"Accept-Language": "de"}).text
    assert re.search(r'<fieldset class="dates">\s*<legend>Von … bis</legend>', page)
    assert '<label for="to">Bis</label>' in page
