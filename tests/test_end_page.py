"""The end page of every game, over HTTP: every player's row with points and money (a Königrufen table of five:
all five, the one who sat out included), and each game's own words on what is unfinished (its web module's
`end_context`): Strohmandeln's Nullrunde, Königrufen's Radl and doubled Radl (RULES-KOENIGRUFEN.md §1: it
proposes stopping at a Radl's end and warns, without refusing, while a Radl or doubled games are unfinished),
Bavarian Tarock's pot and no warning."""

import re

from .conftest import record, start as stroh_start
from .helpers import shown
from .test_haferl_web import deal as haferl_deal, settled as haferl_settled, start as haferl_start
from .test_koenigrufen_web import deal as kr_deal, settled as kr_settled, start as kr_start


def rows(page: str) -> list[list[str]]:
    """The end table's rows: [name, cells...]."""
    table = re.search(r'<table class="items end-table">(.*?)</table>', page, re.S).group(1)
    body = table.split("<tbody>")[1]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr, re.S)]
            for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def warning(page: str) -> str:
    found = re.search(r'<div class="warning" role="alert">(.*?)</div>', page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", found.group(1))).strip() if found else ""


def five_table(client):
    """The five-table of test_koenigrufen_web (worked by hand there): Schrift −1, +3, −13, +9, +2; money points
    −3, +3, −13, +11, +2 at 0.10 €; 3 counted deals of the Radl's 5."""
    board = kr_start(client, player4="Emil", first_dealer="4")
    assert kr_deal(client, board, contract="rufer", declarer="0", partner="2", card_points="40").status_code == 302
    assert kr_deal(client, board, contract="dreier", declarer="2", card_points="30").status_code == 302
    assert kr_deal(client, board, contract="piccolo", declarer="3", result="won", each0="2").status_code == 302
    return board


def test_koenigrufen_five_every_player_and_the_unfinished_radl(app, client):
    board = five_table(client)
    page = client.get(board + "/end").text
    assert rows(page) == [["Anna", "−1", "−0.30 €"], ["Bernd", "+3", "+0.30 €"], ["Cilli", "−13", "−1.30 €"],
                          ["Dora", "+9", "+1.10 €"], ["Emil", "+2", "+0.20 €"]]
    assert warning(page) == "The Radl is not finished: 2 more deals until everybody has dealt once. End it anyway?"
    assert "Nullrunde" not in page
    # playing on is the big button under the thumb; ending anyway the plain one
    assert re.search(r'<a class="button primary grow" href="[^"]+">Keep playing</a>', page)
    assert re.search(r'<button class="button" type="submit">End it anyway</button>', page)
    # the warning does not refuse: the first Post shows it again, the confirmed one ends
    again = client.post(board + "/end", data={})
    assert again.status_code == 200 and "The Radl is not finished" in again.text
    assert kr_settled(app, board)[0].ended is None
    assert client.post(board + "/end", data={"confirm": "yes"}).status_code == 302
    assert kr_settled(app, board)[0].ended is not None


def test_koenigrufen_radl_complete_proposes_stopping(app, client):
    """Two more deals finish the Radl: 4. Cilli deals and sits out; Dora's Rufer with Anna, 50 card points, won,
    value 1: Dora, Anna +1, Bernd, Emil −1. 5. Dora deals and sits out; Emil's Rufer with Bernd, 20 card points,
    lost: Emil, Bernd −1, Anna, Cilli +1. Schrift: Anna −1 +1 +1 = +1, Bernd +3 −1 −1 = +1, Cilli −13 +1 = −12,
    Dora +9 +1 = +10, Emil +2 −1 −1 = 0; money points the same changes: −1, +1, −12, +12, 0."""
    board = five_table(client)
    assert kr_deal(client, board, contract="rufer", declarer="3", partner="0", card_points="50").status_code == 302
    assert kr_deal(client, board, contract="rufer", declarer="4", partner="1", card_points="20").status_code == 302
    page = client.get(board + "/end").text
    assert rows(page) == [["Anna", "+1", "−0.10 €"], ["Bernd", "+1", "+0.10 €"], ["Cilli", "−12", "−1.20 €"],
                          ["Dora", "+10", "+1.20 €"], ["Emil", "0", "0.00 €"]]
    assert warning(page) == "" and "The Radl is complete: a good moment to stop." in page
    assert client.post(board + "/end", data={}).status_code == 302          # nothing to confirm
    assert kr_settled(app, board)[0].ended is not None
    # opened again once ended: the figures and the way back, no second "End the partie?"
    ended = client.get(board + "/end").text
    assert "This partie has ended" in ended and "End the partie?" not in ended and 'type="submit"' not in ended
    assert rows(ended) == rows(page)


def test_koenigrufen_doubled_radl_unfinished_warns_in_german(app, client):
    """A Bettel starts a doubled Radl (RULES-KOENIGRUFEN.md §8): at four the trigger, scored at the multiplier in
    force (1), adds 4 pending deals, and is the first counted deal of the Radl. Anna's Bettel won (ooe value 2,
    1 vs 3, §3): Anna +6, the others −2; at 0.10 €: +0.60 €, −0.20 €."""
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    board = kr_start(client, radl_bettel="y")
    assert kr_deal(client, board, contract="bettel", declarer="0", result="won").status_code == 302
    s = kr_settled(app, board)[1]
    assert s.doubled_pending == 4 and s.radl_left == 3
    page = client.get(board + "/end").text
    assert warning(page) == ("Das Radl ist nicht fertig: noch 3 Spiele, bis jeder einmal gegeben hat. "
                             "Das doppelte Radl ist nicht fertig: noch 4 doppelte Spiele. Trotzdem beenden?")
    assert rows(page) == [["Anna", "+6", "+0,60 €"], ["Bernd", "−2", "−0,20 €"], ["Cilli", "−2", "−0,20 €"],
                          ["Dora", "−2", "−0,20 €"]]
    assert "Nullrunde" not in page


def test_strohmandeln_points_money_and_its_nullrunde(app, client):
    """A stake of 0.10 €; a draw at 35 starts a Nullrunde of two doubled games (test_web's end test): both
    players 0 points, 0.00 €, and Strohmandeln's own word for the pending games."""
    board = stroh_start(client, stake="0.10")
    record(client, board, points="35")
    page = client.get(board + "/end").text
    assert rows(page) == [["Anna", "0", "0.00 €"], ["Bernd", "0", "0.00 €"]]
    assert warning(page) == ("2 doubled games still pending. Usually a partie ends after its Nullrunde. "
                             "End it anyway?")


def test_bavarian_money_and_pot_without_a_warning(app, client):
    """Huber, three players: Bernd's Solo with 70, then Anna's Frage with 50 (test_haferl_web's figures):
    −0.40 €, +0.50 €, −0.10 €; no points column, no pot, nothing unfinished."""
    board = haferl_start(client, player3="", first_dealer="0", preset="huber")
    haferl_deal(client, board, declarer="1", contract="solo", points="70")
    haferl_deal(client, board, declarer="0", contract="frage", points="50")
    assert [str(x) for x in haferl_settled(app, board)[1].balance] == ["-0.40", "0.50", "-0.10"]
    page = client.get(board + "/end").text
    assert rows(page) == [["Anna", "−0.40 €"], ["Bernd", "+0.50 €"], ["Clara", "−0.10 €"]]
    assert warning(page) == "" and "Nullrunde" not in page and "Radl" not in page
    assert client.post(board + "/end", data={}).status_code == 302


def test_bavarian_haferl_shows_the_pot(app, client):
    """Haferl, four players: each puts 0.50 € into the pot at the start (RULES-BAVARIAN.md §2): the pot 2.00 €,
    every balance −0.50 €."""
    board = haferl_start(client)
    page = client.get(board + "/end").text
    assert rows(page) == [[n, "−0.50 €"] for n in ("Anna", "Bernd", "Clara", "Dieter")]
    assert "Pot: 2.00 €" in page and warning(page) == ""


# -- the history says what the deal was, won or lost included, in every game ------------------------------

def history_lines(client, board) -> list[str]:
    page = client.get(board + "/history").text
    return [re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", "", d)).strip()
            for d in re.findall(r'<span class="detail">(.*?)</span>', page, re.S)]


def test_the_history_says_won_or_lost_in_koenigrufen(client):
    """A Rufer decided by its card points (40 of 70: 35 ⅔ wins) and a Dreier with 30: lost."""
    board = five_table(client)
    lines = history_lines(client, board)
    assert "entered: Anna: Rufer with Cilli, 40\u00a0:\u00a030 · won · Emil dealt" in lines
    assert "entered: Cilli: Dreier, 30\u00a0:\u00a040 · lost · Anna dealt" in lines
    assert any(line.startswith("entered: Dora: Piccolo · won") for line in lines)


def test_the_history_says_won_or_lost_in_bavarian_tarock(client):
    board = haferl_start(client, player3="", first_dealer="0", preset="huber")
    haferl_deal(client, board, declarer="1", contract="solo", points="70")
    haferl_deal(client, board, declarer="0", contract="frage", points="50")
    lines = history_lines(client, board)
    assert "entered: Bernd: Solo, 70\u00a0:\u00a050 · won · Anna dealt" in lines
    assert "entered: Anna: Frage, 50\u00a0:\u00a070 · lost · Bernd dealt" in lines


def test_the_history_says_who_won_in_strohmandeln(client):
    """40 of 70 card points win (35 2/3 is the least that wins), a tie at 35 is a draw."""
    board = stroh_start(client)
    record(client, board, points="40", pile_of="0", dealer="0")
    record(client, board, points="35", pile_of="0")
    lines = history_lines(client, board)
    assert "entered: Simple game, Anna\u00a040\u00a0: Bernd\u00a030 · Anna won · Anna dealt" in lines
    assert "entered: Simple game, Anna\u00a035\u00a0: Bernd\u00a035 · draw · Bernd dealt" in lines


# -- the calculator of a partie: each game's own ----------------------------------------------------------------

def test_the_calculator_of_a_koenigrufen_partie_counts_in_threes(client):
    """The declarer side's pile (RULES.md §2, in threes): Sküs and Mond and a King, 5 tricks of four and 3 cards
    from the talon = 23 cards. Each counting card is worth 5 − ⅔, each other card ⅓: 3 × 4 ⅓ + 20 × ⅓ = 13 + 6 ⅔
    = 19 ⅔; the other pile 70 − 19 ⅔ = 50 ⅓."""
    board = kr_start(client)
    page = client.get(board + "/calculator?trull=2&kings=1&tricks=5&talon=3")
    assert page.status_code == 200
    main = page.text.split("<main", 1)[1]
    assert "Bavarian" not in main and "Strohmandeln" not in main
    assert "The declarer side's pile" in main and 'name="talon"' in main and "23 cards" in main
    shown = re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", re.search(r'id="calc-result">(.*?)</div>', main,
                                                                       re.S).group(1))).strip()
    assert shown == "= 19\u202f⅔ The other pile: 50\u202f⅓"
    live = client.get(f"/calculator/count?pid={board.rsplit('/', 1)[1]}&trull=2&kings=1&tricks=5&talon=3").json
    assert live["blatt_text"] == "19\u202f⅔" and live["fill"] == {"card_points": "19", "card_blatt": "2", "result": "lost"}


def test_the_calculator_of_a_bavarian_partie_says_why_not(client):
    board = haferl_start(client)
    page = client.get(board + "/calculator").text
    assert "Bavarian Tarock is counted card by card" in page


def test_the_german_fifth_seat(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "de"
    page = client.get("/new?game=koenigrufen").text
    assert "Fünfter Spieler (falls fünf spielen)" in page and "freiwillig" not in page


def test_the_pot_choice_shown_beside_end_the_partie_is_ended_with_it(app, client):
    """A player taps "Keep the pot for the next evening" and then "End the partie" (not "Save the choice"): the
    partie ends with the pot kept, as chosen. The radios belong to the end form; "Save the choice" sends the same
    form to the choice's own address; a choice not offered ends nothing and says which there are."""
    from scorer import store
    from scorer.db import connect

    board = haferl_start(client)
    haferl_deal(client, board, declarer="1", contract="pickup", points="70")
    pid = board.rsplit("/", 1)[1]
    page = client.get(board + "/end").text
    assert re.search(r'<input type="radio" form="end-form" name="at_the_end" value="keep"', page)
    assert re.search(r'<button type="submit" class="button" form="end-form" formaction="[^"]*/at-the-end"', page)
    db = connect(app.config["DATABASE"])
    r = client.post(board + "/end", data={"at_the_end": "nonsense"})
    assert r.status_code == 302 and r.headers["Location"].endswith("/end")
    assert store.load(db, pid).running and store.at_the_end(db, pid) is None   # nothing ended, nothing stored
    assert "Pick one of the choices" in client.get(board + "/end").text
    r = client.post(board + "/end", data={"at_the_end": "keep"})
    assert r.status_code == 302 and r.headers["Location"] == board
    assert store.at_the_end(db, pid) == "keep"
    ended = shown(client.get(board).text)
    assert not store.load(db, pid).running
    assert "is kept for the next evening" in ended and "is shared equally" not in ended
