"""Königrufen's board as a score sheet (Wertungszettel), through real HTTP round trips: the players' names as
column heads, each one's running total and money in the head, a line per deal with each one's points for the deal
over his running total, all equal to the engine's; the quick starts; the deal form's thirds typed on a number pad,
Enter (the form's implicit submit) storing nothing, a misdeal's offender, the declarer never proposed."""

import re
import secrets
from decimal import Decimal

from scorer.web.language import signed

from .helpers import post_deal, settled, text

NEW = {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
       "first_dealer": "3", "preset": "ooe"}
FIVE = {**NEW, "player4": "Emil", "first_dealer": "0"}


def start(client, **data):
    response = client.post("/new", data=data or NEW)
    assert response.status_code == 302, response.text
    return response.headers["Location"]


deal = post_deal


def sheet(page):
    """The sheet as read off the page: the column heads, the head's totals and money, and per deal (newest
    first) its number, its words and each player's cell as [points for the deal, (money,) running total]."""
    table = re.search(r'<table class="sheet[^"]*" id="sheet">.*?</table>', page, re.S).group(0)
    head = re.search(r"<thead>.*?</thead>", table, re.S).group(0)
    names = [text(h) for h in re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", head, re.S)][1:]
    totals = [text(t) for t in re.findall(r'<td id="balance-\d"[^>]*>(.*?)</td>', head, re.S)]
    money = [text(t) for t in re.findall(r'<td id="money-\d"[^>]*>(.*?)</td>', head, re.S)]
    deals = []
    for number, body in re.findall(r'<tbody class="deal" id="deal-(\d+)">(.*?)</tbody>', table, re.S):
        what = text(re.search(r'<tr class="what">(.*?)</tr>', body, re.S).group(1))
        nums = re.search(r'<tr class="nums">(.*?)</tr>', body, re.S).group(1)
        cells = [text(c).split(" ") for c in re.findall(r"<td[^>]*>(.*?)</td>", nums, re.S)]
        deals.append((int(number), what, cells))
    return names, totals, money, deals


def test_the_worked_example_on_the_sheet_equals_the_engine(app, client):
    """RULES-KOENIGRUFEN.md §10's evening, entered through the form: the sheet's figures, exactly."""
    board = start(client)
    assert deal(client, board, contract="rufer", declarer="0", partner="2", card_points="41,67", kontra="2",
                side_pagat="declarer", ann_pagat="yes", made_pagat="yes",
                side_trull="opponents", ann_trull="no", made_trull="yes").status_code == 302
    assert deal(client, board, contract="piccolo", declarer="2", result="won", each1="2").status_code == 302
    assert deal(client, board, type="misdeal", offender="1").status_code == 302
    assert deal(client, board, contract="trischaken", tp0="13,33", tp1="36", tp2="20⅔", tp3="").status_code == 302
    sp, s = settled(app, board)
    assert sp.partie.deals[0].card_points == 125   # 41,67 typed on a number pad: 41 2/3
    names, totals, money, deals = sheet(client.get(board).text)
    assert names == ["Anna", "Bernd", "Cilli", "Dora"]
    assert totals == ["0", "−10", "+8", "+2"] == [signed(b) for b in s.balance]
    assert money == ["+0.10", "−1.30", "+1.10", "+0.10"]
    assert s.money == (Decimal("0.10"), Decimal("-1.30"), Decimal("1.10"), Decimal("0.10"))
    assert [d[0] for d in deals] == [4, 3, 2, 1]   # newest first, under the head
    by_number = {d[0]: d for d in deals}
    # the Rufer with Kontra: +2 each for the deal in points, its money (Kontra: money only) said in the cell
    assert by_number[1][2] == [["+2", "+0.30", "€", "+2"], ["−2", "−0.30", "€", "−2"], ["+2", "+0.30", "€", "+2"],
                               ["−2", "−0.30", "€", "−2"]]
    assert by_number[1][1].startswith("#1 Anna: Rufer with Cilli") and by_number[1][1].endswith("Dora dealt")
    assert by_number[2][2] == [["−2", "−0.20", "€", "0"], ["−2", "−0.40", "€", "−4"], ["+6", "+0.80", "€", "+8"],
                               ["−2", "−0.20", "€", "−4"]]
    assert by_number[3][2] == [["0", "0"], ["0", "−4"], ["0", "+8"], ["0", "−4"]]   # a misdeal costs nothing here
    assert by_number[4][2] == [["0", "0"], ["−6", "−10"], ["0", "+8"], ["+6", "+2"]]
    # every cell equals the engine's figures for that deal
    for r in s.deals:
        cells = by_number[r.number][2]
        assert [c[0] for c in cells] == [signed(x) for x in r.points]
        assert [c[-1] for c in cells] == [signed(b) for b in r.balance]
    # a tap on a line opens its breakdown
    assert re.search(r'<tbody class="deal" id="deal-1">\s*<tr class="what"><td colspan="5"><a href="[^"]*/deal/1"',
                     client.get(board).text)


def test_a_table_of_five_sits_the_dealer_out_on_the_sheet(app, client):
    board = start(client, **FIVE)
    # Anna deals and sits out, Bernd is Vorhand: his Rufer with Dora, won
    assert deal(client, board, contract="rufer", partner="3", result="won").status_code == 302
    assert deal(client, board, contract="dreier", declarer="0", result="lost", card_points="30").status_code == 302
    sp, s = settled(app, board)
    page = client.get(board).text
    names, totals, money, deals = sheet(page)
    assert names == ["Anna", "Bernd", "Cilli", "Dora", "Emil"]
    assert totals == [signed(b) for b in s.balance] and len(money) == 5
    assert [d[0] for d in deals] == [2, 1]
    first = dict((d[0], d[2]) for d in deals)[1]
    assert [c[0] for c in first] == [signed(x) for x in s.deals[0].points]
    assert s.deals[0].points[0] == 0 and re.search(r'<td class="sat">', page)   # the dealer sat out: greyed
    # the deals page has the same sheet, with the names as heads and no totals
    listed = client.get(board + "/deals").text
    assert 'id="sheet"' in listed and 'id="balance-0"' not in listed
    assert sheet(listed)[0] == names and [d[0] for d in sheet(listed)[3]] == [2, 1]


def test_the_board_offers_the_contracts_most_played_as_quick_starts(client):
    board = start(client)
    page = client.get(board).text
    starts = re.findall(r'<a class="button start" href="[^"]*contract=([a-z_]+)[^"]*"><span class="start-label">([^<]*)<',
                        page)
    assert starts == [("rufer", "Rufer"), ("trischaken", "Trischaken"), ("dreier", "Dreier"), ("piccolo", "Piccolo"),
                      ("bettel", "Bettel"), ("solorufer", "Solorufer")]
    form = client.get(board + "/deal?start=1&contract=piccolo").text
    assert 'name="contract" value="piccolo" checked' in form
    assert not re.search(r'name="declarer" value="\d" checked', form)   # a Piccolo's declarer is chosen, never proposed
    # a Rufer's declarer is the Vorhand (Dora deals first: Anna)
    form = client.get(board + "/deal?start=1&contract=rufer").text
    assert 'name="declarer" value="0" checked' in form
    # Trischaken: the Vorhand's card points field has the focus
    form = client.get(board + "/deal?start=1&contract=trischaken").text
    assert re.search(r'<input id="tp0"[^>]*autofocus', form)


def test_enter_in_a_field_previews_and_stores_nothing(app, client):
    """The form's first submit button is what Enter (Android's Done) presses: in Königrufen it previews."""
    board = start(client)
    form = client.get(board + "/deal").text
    first = re.search(r'<button type="submit" name="action" value="(\w+)"', form).group(1)
    assert first == "preview"
    page = client.get(board + "/deal").text
    dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    response = client.post(board + "/deal", data={"type": "game", "dealer": dealer, "contract": "rufer", "partner": "2",
                                                  "card_points": "35,67", "action": first,
                                                  "key": secrets.token_urlsafe(16)})
    assert response.status_code == 200 and "Preview" in response.text
    assert settled(app, board)[0].partie.deals == ()


def test_card_points_typed_on_any_keyboard(app, client):
    board = start(client)
    def partner():   # the one across from the Vorhand (the dealer's partner at four): never the declarer
        page = client.get(board + "/deal").text
        return str((int(re.search(r'name="dealer" value="(\d)" checked', page).group(1)) + 3) % 4)

    for typed, thirds in (("35,67", 107), ("35.33", 106), ("35 2/3", 107), ("35⅔", 107), ("35,2/3", 107),
                          ("36", 108), ("35,7", 107)):
        assert deal(client, board, contract="rufer", partner=partner(), card_points=typed).status_code == 302, typed
        assert settled(app, board)[0].partie.deals[-1].card_points == thirds, typed
    # a decimal that is no third: refused beside the field, with what is accepted; nothing stored
    response = deal(client, board, contract="rufer", partner=partner(), card_points="35,5")
    assert response.status_code == 422
    box = re.search(r'id="f-card_points".*?id="card_points-hint".*?</div>', response.text, re.S).group(0)
    assert "35.67" in text(box) and 'aria-invalid="true"' in box and 'aria-describedby="card_points-hint"' in box
    assert len(settled(app, board)[0].partie.deals) == 7
    # the whole number from the numeric keypad and its Blatt from the buttons: 35 + 2 Blatt is 35 2/3
    assert 'id="card_points" name="card_points" type="text" inputmode="numeric"' in client.get(board + "/deal").text
    assert deal(client, board, contract="rufer", partner=partner(), card_points="35",
                card_blatt="2").status_code == 302
    assert settled(app, board)[0].partie.deals[-1].card_points == 107
    # a third given twice, a Blatt without points, 70 + 1: refused beside the field, nothing stored
    for typed, blatt, says in (("35 2/3", "1", "Give the third once"), ("", "1", "Type the whole card points too"),
                               ("70", "1", "a whole number from 0 to 70")):
        response = deal(client, board, contract="rufer", partner=partner(), card_points=typed, card_blatt=blatt,
                        result="won")
        assert response.status_code == 422, typed
        box = re.search(r'id="f-card_points".*?id="card_points-hint".*?</div>', response.text, re.S).group(0)
        assert says in text(box), text(box)
    assert len(settled(app, board)[0].partie.deals) == 8
    # Trischaken's fields too, typed or with the Blatt buttons of each row
    assert deal(client, board, contract="trischaken", tp0="20,33", tp1="30,67", tp2="19", tp3="").status_code == 302
    assert settled(app, board)[0].partie.deals[-1].card_points == (61, 92, 57, 0)
    assert deal(client, board, contract="trischaken", tp0="20", tb0="1", tp1="30", tb1="2", tp2="19",
                tp3="").status_code == 302
    assert settled(app, board)[0].partie.deals[-1].card_points == (61, 92, 57, 0)
    form = client.get(board + "/deal").text
    assert re.search(r'<input id="tp0" name="tp0" type="text" inputmode="numeric"', form)
    assert all(f'name="tb{i}" value="2"' in form for i in range(4))


def test_a_misdeal_is_the_dealers_unless_chosen(app, client):
    board = start(client)
    form = client.get(board + "/deal").text
    # Dora deals first: a misdeal's offender is proposed as her, and follows the dealer (data-follow)
    assert 'name="offender" value="3" checked' in form
    assert re.search(r'<fieldset class="seg offender" id="fs-offender" data-follow="dealer"', form)
    # the contracts are not asked for a misdeal
    assert re.search(r'<div data-when="type:game,renonce">\s*<fieldset class="seg contract wrap"', form)
    assert deal(client, board, type="misdeal", offender="3").status_code == 302
    assert settled(app, board)[0].partie.deals[0].offender == 3


def test_trischakens_result_beside_save_says_who_pays_and_who_is_paid(client):
    """The players of one amount together, those who pay first (Trischaken has no declarer to name)."""
    board = start(client, **{**NEW, "trischaken_payout": "pairs"})

    def short(*tps):
        data = {"type": "game", "dealer": "3", "contract": "trischaken", "action": "preview",
                "key": secrets.token_urlsafe(16), **{f"tp{i}": v for i, v in enumerate(tps)}}
        page = client.post(board + "/deal?fragment=1", data=data).text
        return re.search(r'<span id="preview-short" hidden>([^<]*)</span>', page).group(1)

    assert short("20", "30", "20", "") == "Anna, Bernd, Cilli each −1 · Dora +3"   # each who has a trick pays her
    assert short("25", "25", "10", "10") == "Anna −3 · Bernd, Cilli, Dora each +1"  # the Vorhand alone, with the most
    assert short("35", "35", "0", "") == "Anna, Bernd each −2 · Cilli, Dora each +2"
