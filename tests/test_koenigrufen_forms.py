"""Königrufen's deal form, issue 18k: the calculator of the declarer side's pile (through the shared count
endpoint and without JavaScript), the Kontra steppers' plain markup, random form posts (Hypothesis), and two
phones saving the next deal at once."""

import re
import secrets

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import create_app
from scorer.games.koenigrufen import PREMIUMS as ALL_PREMIUMS, replay
from scorer.games.koenigrufen.rules import CONTRACTS as ALL_CONTRACTS

from .helpers import refusal, stored


NEW = {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
       "first_dealer": "3", "preset": "ooe"}


def start(client, **changes):
    response = client.post("/new", data={**NEW, **changes})
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def board_balances(page, n):
    """The points (Schrift) the board shows, as numbers."""
    shown = [re.search(rf'id="balance-{i}"[^>]*>([^<]*)<', page).group(1) for i in range(n)]
    shown = [re.sub(r"(?<=[0-9])[,.\u202f\u00a0](?=[0-9]{3})", "", t) for t in shown]   # "−1,012": whole points
    return tuple(int(t.replace("\u2212", "-").replace("+", "").replace("±", "")) if re.fullmatch(r"[−+±]?[0-9]+", t)
                 else t for t in shown)


# -- the calculator ---------------------------------------------------------------------------------------------

def count(client, board, **counters):
    pid = board.rsplit("/", 1)[1]
    return client.get("/calculator/count", query_string={"pid": pid, **counters}).get_json()


def test_the_calculator_counts_the_declarer_sides_pile_in_threes(client):
    board = start(client)
    # Trull 3, Kings 2, a Queen, a Jack (31), 20 other cards: 27 cards = 6 tricks and 3 from the talon;
    # 51 - 2·27/3 = 33 (RULES.md §2)
    data = count(client, board, trull="3", kings="2", queens="1", jacks="1", tricks="6", talon="3")
    assert data["errors"] == [] and data["thirds"] == 99 and data["fill"] == {"card_points": "33", "card_blatt": "0", "result": "lost"}
    assert data["cards_text"] == "27 cards" and data["live_text"] == "= 33 (the other pile: 37)"
    # a Trull card and a King in 5 tricks: 28 - 40/3 = 14 2/3; the other side 55 1/3
    data = count(client, board, trull="1", kings="1", tricks="5")
    assert data["thirds"] == 44 and data["fill"] == {"card_points": "14", "card_blatt": "2", "result": "lost"}
    assert data["live_text"] == "= 14\u202f\u2154 (the other pile: 55\u202f\u2153)"
    # the whole pack: 70
    data = count(client, board, trull="3", kings="4", queens="4", knights="4", jacks="4", tricks="12", talon="6")
    assert data["thirds"] == 210 and data["fill"] == {"card_points": "70", "card_blatt": "0", "result": "won"}


def test_the_calculator_fills_the_chosen_players_points_in_a_trischaken(app, client):
    board = start(client)
    # the same pile (14 2/3) as Cilli's: her whole points and her Blatt; nobody chosen yet: counted, nothing filled
    data = count(client, board, trull="1", kings="1", tricks="5", pile_of="2")
    assert data["thirds"] == 44 and data["fill"] == {"tp2": "14", "tb2": "2"}
    data = count(client, board, trull="1", kings="1", tricks="5", pile_of="")
    assert data["thirds"] == 44 and data["fill"] == {} and "Choose whose pile" in data["live_text"]
    # without the script: the form's Count it button fills her row, and the deal is stored with her 14 2/3
    page = client.post(board + "/deal", data={"type": "game", "dealer": "3", "contract": "trischaken", "pile_of": "2",
                                              "trull": "1", "kings": "1", "tricks": "5", "action": "count",
                                              "key": "k" * 22}).text
    assert re.search(r'id="tp2" name="tp2"[^>]*value="14"', page) and 'name="tb2" value="2" checked' in page
    answer = client.post(board + "/deal", data={"type": "game", "dealer": "3", "contract": "trischaken", "tp0": "20",
                                                "tp1": "30", "tp2": "14", "tb2": "2", "action": "save",
                                                "key": "k" * 22})
    assert answer.status_code == 302
    assert stored(app, board).partie.deals[-1].card_points == (60, 90, 44, 16)   # Dora's: the rest


def test_the_calculator_refuses_impossible_piles_with_a_message(client):
    board = start(client)
    assert count(client, board, kings="5")["errors"] == ["Kings: enter a whole number from 0 to 4."]
    assert count(client, board, tricks="x", talon="7")["errors"] == [
        "Tricks (4 cards each): enter a whole number from 0 to 12.",
        "Cards from the talon: enter a whole number from 0 to 6."]
    # 12 counting cards do not fit in 2 tricks
    assert count(client, board, kings="4", queens="4", jacks="4", tricks="2")["errors"] == [
        "12 counting cards do not fit in a pile of 8 cards."]
    assert "thirds" not in count(client, board, tricks="12", talon="6")   # 54 cards without a counting card
    german = client.get("/calculator/count", query_string={"pid": board.rsplit("/", 1)[1], "kings": "9"},
                        headers={"Accept-Language": "de"}).get_json()
    assert german["errors"] == ["Könige: eine ganze Zahl von 0 bis 4 eingeben."]


def test_the_shared_count_still_counts_strohmandeln_and_refuses_bavarian_tarock(client):
    stroh = client.post("/new", data={"player0": "Anna", "player1": "Bernd", "first_dealer": "0",
                                      "preset": "tarockbuch-extended", "stake": "", "deck": "54",
                                      "counting": "threes", "nullrunde": "queue", "simple_games": "default",
                                      "valat": "replace"}).headers["Location"]
    data = client.get("/calculator/count", query_string={"pid": stroh.rsplit("/", 1)[1], "trull": "3",
                                                         "tricks": "2"}).get_json()
    # 3 Trull cards in 4 cards: 16 - 8/3 = 13 1/3: 13 + 1 Blatt
    assert data["thirds"] == 40 and data["fill"] == {"points": "13", "blatt": "1"}


def test_the_count_button_puts_the_points_into_the_form_without_javascript(app, client):
    board = start(client)
    page = client.get(board + "/deal").text
    assert 'name="action" value="count"' in page and 'data-count-url="/calculator/count?pid=' in page
    data = {"type": "game", "dealer": "3", "contract": "rufer", "partner": "2", "key": secrets.token_urlsafe(16),
            "trull": "3", "kings": "2", "queens": "1", "jacks": "1", "tricks": "6", "talon": "3", "action": "count"}
    response = client.post(board + "/deal", data=data)
    assert response.status_code == 200 and stored(app, board).partie.deals == ()
    page = response.text
    assert 'name="card_points" type="text" value="33"' in page or re.search(
        r'<input[^>]*name="card_points"[^>]*value="33"', page)
    assert "Counted: 33 card points." in page and '<details class="calc" id="calc" open>' in page
    assert 'name="result" value="lost" checked' in page      # the card points decide: 33 loses, Lost is chosen
    # the counted deal's result is shown at once, beside Save and in the preview (no JavaScript needed)
    said = re.search(r'id="save-result"[^>]*>(.*?)</', page, re.S)
    assert said and said.group(1).strip().startswith("Anna \u22121"), "no result beside Save after Count it"
    # the counters keep their values; Save records 33 : 37, lost (35 2/3 wins)
    assert re.search(r'<input id="talon" name="talon"[^>]*value="3"', page)
    response = client.post(board + "/deal", data={**data, "card_points": "33", "action": "save"})
    assert response.status_code == 302
    sp = stored(app, board)
    assert sp.partie.deals[0].card_points == 99
    assert replay(sp.partie).deals[0].won is False
    # an impossible pile: a message at the calculator, the card points untouched, nothing stored
    response = client.post(board + "/deal", data={**data, "trull": "0", "kings": "4", "queens": "4", "jacks": "4", "tricks": "2", "talon": "0",
                                                  "card_points": "40", "key": secrets.token_urlsafe(16)})
    assert response.status_code == 422 and "12 counting cards do not fit in a pile of 8 cards." in response.text
    assert re.search(r'<input[^>]*name="card_points"[^>]*value="40"', response.text)
    assert len(stored(app, board).partie.deals) == 1


def test_a_hidden_kontra_row_posted_with_a_level_is_no_kontra(app, client):
    """The declarer's row (and at five the sitting-out dealer's) is hidden on the form but still posted: what it
    says is not a Kontra, the deal is saved with the others' levels (the engine still refuses it in a file)."""
    board = start(client)   # Dora deals, Anna is Vorhand
    base = {"type": "game", "dealer": "3", "contract": "piccolo", "declarer": "1", "result": "won",
            "each0": "2", "each1": "4", "each2": "1", "each3": "1", "action": "save"}
    response = client.post(board + "/deal", data={**base, "key": secrets.token_urlsafe(16)})
    assert response.status_code == 302, refusal(response.text)
    deal = stored(app, board).partie.deals[0]
    assert deal.declarer == 1 and deal.kontra_each == (2, 1, 1, 1)
    # Piccolo won by Bernd, Kontra by Anna: each opponent pays 2, Anna's Kontra doubles hers in the money
    s = replay(stored(app, board).partie)
    assert s.deals[0].points == (-2, 6, -2, -2) and s.deals[0].money_points == (-4, 8, -2, -2)
    five = start(client, player4="Emil")   # Dora deals and sits out, Emil is Vorhand
    response = client.post(five + "/deal", data={**base, "each3": "2", "each4": "2", "key": secrets.token_urlsafe(16)})
    assert response.status_code == 302, refusal(response.text)
    assert stored(app, five).partie.deals[0].kontra_each == (2, 1, 1, 1, 2)
    # only hidden levels: no Kontra at all
    response = client.post(board + "/deal", data={**base, "dealer": "0", "each0": "1", "key": secrets.token_urlsafe(16)})
    assert response.status_code == 302 and stored(app, board).partie.deals[1].kontra_each is None


def test_the_declarer_as_his_own_partner_is_said_in_the_players_words(app, client):
    board = start(client)   # Dora deals, Anna is Vorhand and plays the Rufer
    data = {"type": "game", "dealer": "3", "contract": "rufer", "partner": "0", "result": "won", "action": "save",
            "key": secrets.token_urlsafe(16)}
    response = client.post(board + "/deal", data=data)
    assert response.status_code == 422 and stored(app, board).partie.deals == ()
    said = refusal(response.text)
    assert "The declarer cannot call his own King: choose who held it, or “King in the talon”." in said
    assert "null" not in said and "kontra_each" not in response.text.replace('id="fs-kontra_each"', "")
    german = client.post(board + "/deal", data=data, headers={"Accept-Language": "de"})
    assert "Der Spieler kann nicht seinen eigenen König rufen" in refusal(german.text)
    # the form says who plays a Rufer, and leaves the declarer out of the partners (with the script)
    page = client.get(board + "/deal", headers={"Accept-Language": "de"}).text
    assert re.search(r'<p class="who-plays" id="who-plays" hidden data-when="contract:[^"]*rufer[^"]*"[^>]*>'
                     r'Vorhand: Anna spielt.</p>', page)
    assert '<label data-when="declarer:!0"><input type="radio" name="partner" value="0"' in page


def test_the_kontra_levels_are_plain_choices_with_labels_without_javascript(client):
    board = start(client)
    page = client.get(board + "/deal").text
    # the game's Kontra: a fieldset of radios with its legend; each opponent's and each premium's: a labelled select
    assert re.search(r'<fieldset class="seg kontra" id="fs-kontra" data-stepper>'
                     r'<legend>Kontra on the game</legend>', page)
    for value, label in (("1", "–"), ("2", "Kontra"), ("4", "Re"), ("8", "Sub")):
        assert f'<input type="radio" name="kontra" value="{value}"' in page and f"<span>{label}</span>" in page
    assert re.search(r'<label class="row-name" for="each1">Bernd</label>\s*<select id="each1" name="each1" '
                     r'data-stepper', page)
    assert re.search(r'<div class="prem-how">.*?<select id="kon_pagat" name="kon_pagat" aria-label="Pagat: Kontra">', page)
    # a highest Kontra of Re: no Sub offered anywhere
    page = client.get(start(client, max_kontra="4") + "/deal").text
    assert 'name="kontra" value="4"' in page and 'name="kontra" value="8"' not in page
    assert '<option value="8"' not in page


# -- random form posts ------------------------------------------------------------------------------------------

JUNK = st.sampled_from(["", "x", "-1", "9", "99", "1e3", "\u0000", "ü" * 50, "2 2/3/3", "0x2", " 1 "])
CONTRACTS = list(ALL_CONTRACTS)
PREMIUMS = list(ALL_PREMIUMS)


@st.composite
def form_posts(draw, n):
    """A deal form as a phone might post it: mostly what the form offers, sometimes junk in any field."""
    junk = draw(st.integers(0, 3)) == 0

    def pick(values):
        return draw(st.one_of(st.sampled_from(values), JUNK) if junk else st.sampled_from(values))

    player = [str(i) for i in range(n)]
    level = ["1", "1", "1", "2", "4", "8"]
    points = [str(v) for v in (0, 20, 35, 36, 41, 70)] + ["35 2/3", "35⅓", "41 2/3", "", "", "71", "3,5"]
    data = {"type": pick(["game"] * 8 + ["renonce", "misdeal"]), "dealer": pick(player),
            "contract": pick(CONTRACTS), "declarer": pick(player), "partner": pick(player + ["talon"]),
            "result": pick(["won", "lost", "", "maybe"]), "card_points": pick(points), "kontra": pick(level),
            "offender": pick(player)}
    if draw(st.integers(0, 5)) == 0:
        data["conceded"] = "y"
    for i in range(n):
        if draw(st.integers(0, 3)) == 0:
            data[f"each{i}"] = pick(level)
        data[f"tp{i}"] = pick(points + ["13 1/3", "20 2/3"])
    for p in draw(st.lists(st.sampled_from(PREMIUMS), max_size=2, unique=True)):
        data[f"side_{p}"] = pick(["declarer", "opponents", ""])
        data[f"ann_{p}"] = pick(["yes", "no"])
        data[f"made_{p}"] = pick(["yes", "no"])
        data[f"kon_{p}"] = pick(level)
    return data


@pytest.mark.slow   # a long hostile-input run: left out of the quick run
def test_random_form_posts_store_the_engines_deal_or_say_why(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    boards = {4: start(client), 5: start(client, player4="Emil", max_kontra="4")}
    seen = {"stored": 0, "refused": 0}

    # its full count in the quick run too: the run must meet both a stored and a refused post several times
    @settings(max_examples=160, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.sampled_from([4, 5]).flatmap(lambda n: st.tuples(st.just(n), form_posts(n))))
    def post_one(drawn):
        n, post = drawn
        board = boards[n]
        before = stored(app, board).partie.deals
        response = client.post(board + "/deal", data={**post, "action": "save", "key": secrets.token_urlsafe(16)})
        assert response.status_code < 500
        after = stored(app, board).partie
        if response.status_code == 302:
            seen["stored"] += 1
            assert after.deals[:-1] == before and len(after.deals) == len(before) + 1
            settlement = replay(after)   # the engine's replay of the stored deals: every deal counts
            assert len(settlement.deals) == len(after.deals)
            assert board_balances(client.get(board).text, n) == settlement.balance
        else:
            seen["refused"] += 1
            assert response.status_code == 422, response.status_code
            assert refusal(response.text) or 'class="errors' in response.text
            assert after.deals == before

    post_one()
    assert seen["stored"] >= 5 and seen["refused"] >= 5, seen


# -- two phones -------------------------------------------------------------------------------------------------

def open_form(client, board):
    page = client.get(board + "/deal").text
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', page)) | dict(
        re.findall(r'<input id="(\w+)" name="\1" type="hidden" value="([^"]*)"', page))
    fields["dealer"] = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    return fields


def test_two_phones_save_the_next_deal_at_once(app):
    first, second = app.test_client(), app.test_client()
    board = start(first)
    mine, theirs = open_form(first, board), open_form(second, board)
    assert mine["version"] == theirs["version"] and mine["count"] == "0" and mine["key"] != theirs["key"]
    # the first phone: Anna (Vorhand) plays a Rufer with Cilli and wins
    assert first.post(board + "/deal", data={**mine, "type": "game", "contract": "rufer", "partner": "2",
                                             "result": "won", "action": "save"}).status_code == 302
    # the second phone typed a Solodreier of Bernd, 40 1/3, with Kontra and a Pagat announced and made
    typed = {**theirs, "type": "game", "contract": "solodreier", "declarer": "1", "card_points": "40 1/3",
             "kontra": "2", "side_pagat": "declarer", "ann_pagat": "yes", "made_pagat": "yes", "kon_pagat": "4",
             "action": "save"}
    response = second.post(board + "/deal", data=typed)
    assert response.status_code == 409
    page = response.text
    assert "Deal 1 was recorded on the other phone a moment ago" in page
    assert "Anna: Rufer with Cilli · won" in page
    assert "Record mine as deal 2 too" in page and "Discard mine" in page
    # what was typed is kept
    assert re.search(r'<input[^>]*name="card_points"[^>]*value="40 1/3"', page)
    assert 'name="contract" value="solodreier" checked' in page and 'name="kontra" value="2" checked' in page
    assert 'name="declarer" value="1" checked' in page
    assert re.search(r'<select id="kon_pagat"[^>]*>.*?<option value="4" selected>', page, re.S)
    assert 'name="side_pagat" value="declarer" checked' in page
    assert len(stored(app, board).partie.deals) == 1
    # Save again: the same question, nothing stored
    assert second.post(board + "/deal", data=typed).status_code == 409
    # "record mine as deal 2 too"
    seen = re.search(r'name="seen_version" value="(\d+)"', page).group(1)
    response = second.post(board + "/deal", data={**typed, "action": "record-anyway", "seen_version": seen})
    assert response.status_code == 302
    sp = stored(app, board)
    assert [d.contract for d in sp.partie.deals] == ["rufer", "solodreier"]
    assert sp.partie.deals[1].card_points == 121 and sp.partie.deals[1].kontra == 2
    settlement = replay(sp.partie)
    # Rufer won (1, 2 vs 2); Solodreier 40 1/3 won (8, 1 vs 3: +24 and −8 each), the Pagat announced and made,
    # doubled in a solo (2·2 = 4, 1 vs 3: +12 and −4 each); Kontra only in the money (RULES-KOENIGRUFEN §2–4)
    assert settlement.balance == (1 - 12, -1 + 36, 1 - 12, -1 - 12)
    for client in (first, second):
        assert board_balances(client.get(board).text, 4) == settlement.balance
    # a double tap of the same form records nothing more
    assert second.post(board + "/deal", data={**typed, "action": "record-anyway", "seen_version": seen}
                       ).status_code == 302
    assert len(stored(app, board).partie.deals) == 2


@pytest.mark.parametrize("lang, said", [
    ("en", "The card points typed add up to 90, more than the 70 of a Trischaken: correct them."),
    ("de", "Die eingetragenen Augen ergeben zusammen 90, mehr als die 70 eines Trischaken: bitte korrigieren.")])
def test_a_trischaken_typed_past_70_says_the_sum(app, client, lang, said):
    """Three players at 30 and the fourth left empty (his is the rest): the sum is said, not "one may stay empty"."""
    board = start(client)
    page = client.post(board + "/deal", headers={"Accept-Language": lang}, data={
        "type": "game", "dealer": "3", "contract": "trischaken", "tp0": "30", "tp1": "30", "tp2": "30",
        "action": "save", "key": secrets.token_urlsafe(16)})
    assert page.status_code == 422
    assert said in refusal(page.text).replace("\u202f", " ")
    assert "may be left empty" not in page.text and stored(app, board).partie.deals == ()
