"""The cups' tariffs at the table, through real HTTP round trips (RULES-KOENIGRUFEN.md §14): the new partie form
offers `wien` and `tirol` of 2020 (and the Trischaken share); the Wiener worked example entered through the deal form
gives the contract's balance; a Zwiccolo and the Säcke are on the deal form as the other contracts and premiums are,
a Sack the card points reach and the form lacks is refused with a word beside the card points; the rules page lists
the whole tariff."""

import re

from .helpers import post_deal, settled

NEW = {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
       "first_dealer": "3", "preset": "wien"}


def start(client, **changes):
    response = client.post("/new", data={**NEW, **changes})
    assert response.status_code == 302, re.findall(r'<ul class="errors".*?</ul>', response.text, re.S)
    return response.headers["Location"]


def text(page):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))


def test_the_new_partie_form_offers_the_cups(client):
    page = client.get("/new?game=koenigrufen").get_data(as_text=True)
    for value, name in (("ooe", "Upper Austrian cup (OÖ 4/2023)"), ("tirol", "Tiroler Tarockcup 2020"),
                        ("wien", "Wiener Tarockcup")):
        assert f'value="{value}"' in page and name in page
    payout = re.search(r'<select[^>]*name="trischaken_payout".*?</select>', page, re.S).group(0)
    assert 'value="share"' in payout
    german = client.get("/new?game=koenigrufen", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Auch der Tarif des Steirischen und des Kärntner Tarockcups." in german


def test_the_wiener_worked_example_through_the_form(app, client):
    board = start(client)
    assert post_deal(client, board, contract="trischaken", tp0="20", tp1="25", tp2="25").status_code == 302
    assert post_deal(client, board, contract="zwiccolo", declarer="2", result="won", each3="2").status_code == 302
    assert post_deal(client, board, contract="dreier", declarer="3", result="won", kontra="2",
                     side_valat="declarer", ann_valat="no", made_valat="yes",
                     side_trull="declarer", ann_trull="no", made_trull="yes",
                     side_koenige="declarer", ann_koenige="yes", made_koenige="yes", kon_koenige="2",
                     side_pagat="declarer", ann_pagat="no", made_pagat="yes").status_code == 302
    assert post_deal(client, board, type="renonce", contract="trischaken", declarer="3",
                     offender="1").status_code == 302
    _, s = settled(app, board)
    assert [r.points for r in s.deals] == [(0, -3, -3, 6), (-2, -2, 6, -2), (-18, -18, -18, 54), (6, -18, 6, 6)]
    assert s.balance == (-14, -41, -9, 64) and s.money_balance == (-16, -43, -9, 68)
    assert [str(m) for m in s.money] == ["-1.60", "-4.30", "-0.90", "6.80"]
    page = client.get(board).get_data(as_text=True)
    assert "Cilli: Zwiccolo" in text(page)


def test_the_share_chosen_on_the_form_and_refused_with_an_odd_value(app, client):
    board = start(client, trischaken_payout="share", preset="tirol")
    assert post_deal(client, board, contract="trischaken", tp0="10", tp1="25", tp2="25").status_code == 302
    _, s = settled(app, board)
    assert s.partie.rules.trischaken_payout == "share" and s.deals[0].points == (3, -3, -3, 3)
    refused = client.post("/new", data={**NEW, "preset": "ooe", "trischaken_payout": "share"})
    assert refused.status_code == 422
    assert "needs an even Trischaken value" in text(refused.get_data(as_text=True))


def test_a_sack_the_card_points_reach_is_filled_in_and_one_they_do_not_reach_is_refused(app, client):
    """§14.2: the Säcke follow from the card points. A Sack the form left unticked is the side's, silent, made (the
    phone's script ticks it; without the script the player may not have looked), one ticked against the points is
    refused beside the premiums."""
    board = start(client, preset="tirol")
    form = client.get(board + "/deal").get_data(as_text=True)
    assert 'name="side_sack1"' in form and 'name="side_sack2"' in form and "1st Sack" in form
    assert 'data-sack="137"' in form and 'data-sack="167"' in form
    assert post_deal(client, board, contract="dreier", declarer="1", card_points="50").status_code == 302
    assert post_deal(client, board, contract="dreier", declarer="1", card_points="50", side_sack1="declarer",
                     ann_sack1="no", made_sack1="yes").status_code == 302
    wrong = post_deal(client, board, contract="dreier", declarer="1", card_points="40", side_sack1="declarer",
                      ann_sack1="no", made_sack1="yes")
    assert wrong.status_code == 422
    assert "made the 1st Sack with 40 card points: it needs at least 45" in text(wrong.get_data(as_text=True))
    _, s = settled(app, board)
    assert [d.points for d in s.deals] == [(-6, 18, -6, -6)] * 2
    assert [p.premium for p in s.deals[0].deal.premiums] == ["sack1"]


def test_the_rules_page_lists_the_whole_tariff(client):
    board = start(client)
    page = text(client.get(board + "/rules").get_data(as_text=True))
    assert "Wiener Tarockcup" in page and "Zwiccolo 2" in page and "Zwiccolo ouvert 6" in page
    assert "Premiums, announced/silent: Trull 2/1" in page and "Quapil 8/4" in page
    assert "Valat: 20 announced, 10 silent, added to the game." in page
    assert "Trischaken renonce: 3 times the value to each other player." in page
