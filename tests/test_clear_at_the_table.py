"""What a fresh pair of eyes at a real table read wrongly, through real HTTP round trips, in English and German:
a Strohmandeln deal's card points each say whose they are (board, deals list, deal page, history, the 409); the deal
form's role words are the page's language while the value sent stays the person; the Grammel-Punkt is explained
beside its field; "Who deals first" labels each seat once; an Undo says what it did with "Put it back" where the
Undo was (without JavaScript), and the deal comes back as it was; the other phone's deal in a 409 shows every
player's change, and the dealer kept for my deal is said plainly."""

import re

import pytest

from tests.conftest import record, start
from tests.helpers import stored
from tests.test_persons_not_roles import BAV, bav_deal, kr_409, kr_deal, kr_start, opened

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-AT,de;q=0.9"}
NBSP = "\u00a0"


def client_in(app, lang):
    client = app.test_client()
    if lang == "de":
        client.environ_base.update(GERMAN)
    return client


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace(NBSP, " ").strip()


def history_text(client, board):
    return text(client.get(board + "/history").text)


# -- 1. whose card points --------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, undertook", [("en", "Bernd undertook"), ("de", "Bernd hat aufgenommen")])
def test_an_undertaken_games_card_points_name_their_owner_the_undertakers_first(app, lang, undertook):
    client = client_in(app, lang)
    board = start(client)
    # Anna deals, Bernd undertakes; Anna's pile is counted: 50, so Bernd has 20 (and loses)
    assert record(client, board, dealer="0", undertaker="1", pile_of="0", points="50").status_code == 302
    line = f"{undertook}, Bernd 20 : Anna 50"
    assert line in text(client.get(board).text)                       # the board
    assert line in text(client.get(board + "/deals").text)            # every deal
    assert line in text(client.get(board + "/deal/1").text)           # the deal's own page
    assert line in history_text(client, board)                        # the history
    assert "50 : 20" not in text(client.get(board).text)              # never two bare numbers
    sp = stored(app, board)
    assert sp.partie.deals[0].card_points == (150, None)             # what was typed: Anna's pile, in thirds


@pytest.mark.parametrize("lang, simple", [("en", "Simple game"), ("de", "Einfaches Spiel")])
def test_a_simple_games_piles_are_named_in_seat_order(app, lang, simple):
    client = client_in(app, lang)
    board = start(client)
    assert record(client, board, dealer="0", pile_of="1", points="40").status_code == 302   # Bernd's pile: 40
    assert f"{simple}, Anna 30 : Bernd 40" in text(client.get(board).text)


# -- 2. the form's role words ------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, dealer, forehand", [("en", "dealer", "Vorhand"), ("de", "Geber", "Vorhand")])
def test_the_undertaker_choices_say_the_role_in_the_pages_language_and_send_the_person(app, lang, dealer, forehand):
    client = client_in(app, lang)
    board = start(client)
    form = client.get(board + "/deal").text                           # Anna deals deal 1
    field = re.search(r'id="fs-undertaker".*?</fieldset>', form, re.S).group(0)
    assert re.search(rf'value="0">\s*<span>Anna \({dealer}\)</span>', field)
    assert re.search(rf'value="1">\s*<span>Bernd \({forehand}\)</span>', field)
    other = "Geber" if lang == "en" else "dealer"
    assert other not in field                                          # no word of the other language
    labels = re.search(r'data-undertaker-labels="([^"]*)"', form).group(1).replace("&#34;", '"')
    assert f"Anna ({dealer})" in labels and f"Anna ({forehand})" in labels   # the script's labels for either dealer
    # the value sent is the person: Bernd, whoever deals
    assert record(client, board, dealer="1", undertaker="1", pile_of="1", points="40").status_code == 302
    assert stored(app, board).partie.deals[0].undertaker == 1


# -- 3. the Grammel-Punkt explained ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, words", [("en", "The Grammel-Punkt is one game point more for a winner"),
                                         ("de", "Der Grammel-Punkt ist ein Spielpunkt mehr für den Gewinner")])
def test_the_grammel_field_is_described_by_a_plain_hint(app, lang, words):
    page = client_in(app, lang).get("/new?game=strohmandeln").text
    field = re.search(r'<input[^>]*name="grammel_threshold"[^>]*>', page).group(0)
    described = re.search(r'aria-describedby="([^"]+)"', field).group(1)
    hint = re.search(rf'<p class="hint" id="{described}">(.*?)</p>', page, re.S).group(1)
    assert words in hint and "45" in hint


# -- 4. who deals first: one label each --------------------------------------------------------------------------

@pytest.mark.parametrize("lang, seats, name_label", [("en", ("First", "Second"), "First player"),
                                                     ("de", ("Erster", "Zweiter"), "Erster Spieler")])
def test_who_deals_first_labels_each_seat_once(app, lang, seats, name_label):
    page = client_in(app, lang).get("/new?game=strohmandeln").text
    radios = re.search(r'id="fs-first_dealer".*?</fieldset>', page, re.S).group(0)
    assert re.findall(r'<span>([^<]*)</span>', radios) == list(seats)
    assert len(re.findall(rf">{name_label}<", page)) == 1              # the name field's label only


# -- 5. Undo, then Put it back ----------------------------------------------------------------------------------

def put_back_form(page):
    box = re.search(r'<div class="flash deals-head undone" id="undone">.*?</form></div>', page, re.S)
    assert box, "no Put it back after the undo"
    action = re.search(r'action="([^"]+)"', box.group(0)).group(1)
    version = re.search(r'name="version" value="(\d+)"', box.group(0)).group(1)
    return box.group(0), action, version


@pytest.mark.parametrize("lang, undone, put_back, undo_1", [
    ("en", "Deal 2 undone.", "Put it back", "Undo deal 1"),
    ("de", "Spiel 2 zurückgenommen.", "Zurückholen", "Spiel 1 zurücknehmen")])
def test_an_undo_offers_put_it_back_where_the_undo_was_and_it_comes_back(app, lang, undone, put_back, undo_1):
    client = client_in(app, lang)
    board = start(client)
    assert record(client, board, dealer="0", undertaker="0", pile_of="0", points="40").status_code == 302
    assert record(client, board, dealer="1", undertaker="1", pile_of="1", points="45",
                  bonuses="pagat:1").status_code == 302
    before = stored(app, board).partie.deals
    version = re.search(r'id="undo".*?name="version" value="(\d+)"', client.get(board).text, re.S).group(1)
    response = client.post(board + "/undo", data={"version": version})
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).text
    box, action, sent = put_back_form(page)
    assert undone in text(box) and f">{put_back}</button>" in box
    # the box stands under the deals' head, where the Undo was; the Undo of deal 1 waits below the deals
    assert page.index('<h2>') < page.index('id="undone"') < page.index('id="deal-1"') < page.index('id="undo"')
    assert undo_1 in text(page[page.index('id="undo"'):])
    assert f'form="put-back"' in page                                 # its CSRF token, as the board's other forms
    assert len(stored(app, board).partie.deals) == 1
    # the Undo pressed twice (the same form sent again): deal 1 stays, and the answer is the same box
    again = client.post(board + "/undo", data={"version": version})
    assert again.status_code == 302 and len(stored(app, board).partie.deals) == 1
    page = client.get(again.headers["Location"]).text
    assert undone in text(put_back_form(page)[0]) and "changed on another phone" not in page
    # a reload still says it (nothing changed since)
    assert 'id="undone"' in client.get(board).text
    # Put it back (a plain POST: no script needed): deal 2 is back exactly as it was
    response = client.post(action, data={"version": sent})
    assert response.status_code == 302 and response.headers["Location"].endswith(board)
    assert stored(app, board).partie.deals == before
    # Put it back pressed twice (the same form sent again): nothing changes, and the board is where it ends
    again = client.post(action, data={"version": sent, "back": "board"})
    assert again.status_code == 302 and again.headers["Location"].endswith(board)
    assert stored(app, board).partie.deals == before


def test_put_it_back_is_offered_after_an_undo_in_every_game(app, client):
    board = kr_start(client)
    assert kr_deal(client, board, dealer="0", contract="rufer", declarer="1", partner="2",
                   result="won").status_code == 302
    version = re.search(r'id="undo".*?name="version" value="(\d+)"', client.get(board).text, re.S).group(1)
    page = client.get(client.post(board + "/undo", data={"version": version}).headers["Location"]).text
    _box, action, sent = put_back_form(page)
    assert 'id="undo"' not in page                                    # no deal left to undo
    assert client.post(action, data={"version": sent}).status_code == 302
    assert len(stored(app, board).partie.deals) == 1


def test_no_put_it_back_once_the_partie_changed_after_the_undo(app, client, board):
    assert record(client, board, points="40").status_code == 302
    assert record(client, board, points="38").status_code == 302
    version = re.search(r'id="undo".*?name="version" value="(\d+)"', client.get(board).text, re.S).group(1)
    client.post(board + "/undo", data={"version": version})
    other = app.test_client()                                         # the other phone records a deal meanwhile
    assert record(other, board, points="50").status_code == 302
    assert 'id="undone"' not in client.get(board).text


# -- 6. the 409: every player's change, the dealer kept in plain words ------------------------------------------

@pytest.mark.parametrize("lang, changes", [("en", "Anna −1, Bernd +1, Cilli +1, Dora −1"),
                                           ("de", "Anna −1, Bernd +1, Cilli +1, Dora −1")])
def test_the_other_phones_deal_shows_every_players_change(app, lang, changes):
    client = client_in(app, lang)
    answer = kr_409(client, kr_start(client), dict(contract="rufer", declarer="1", partner="2", result="won"),
                    dict(contract="rufer", declarer="1", partner="3", result="lost"))
    theirs = text(re.search(r'<section class="theirs">.*?</section>', answer.text, re.S).group(0))
    assert theirs.endswith(changes)                                   # losers and all, to compare with mine
    mine = text(re.search(r'<section class="mine">.*?</section>', answer.text, re.S).group(0))
    assert re.search(r"Anna [−+]\d, Bernd [−+]\d, Cilli [−+]\d, Dora [−+]\d", mine)


@pytest.mark.parametrize("lang, words", [("en", "Your deal keeps Anna as its dealer"),
                                         ("de", "Dein Spiel behält Anna als Geber")])
def test_the_dealer_kept_for_my_deal_is_said_plainly(app, lang, words):
    client = client_in(app, lang)
    answer = kr_409(client, kr_start(client), dict(contract="solorufer", declarer="2", partner="3", result="won"),
                    dict(contract="rufer", declarer="1", partner="3", result="won"))
    conflict = text(re.search(r'<div class="conflict".*?</div>\s*</div>', answer.text, re.S).group(0))
    assert words in conflict and "stays the dealer of yours" not in conflict


def test_strohmandeln_409_names_both_players_change(app, client, board):
    phone_b = opened(client, board)
    assert record(client, board, dealer="0", undertaker="1", pile_of="1", points="40").status_code == 302
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "undertaker": "nobody",
                                                 "pile_of": "0", "points": "38", "blatt": "0", "action": "save"})
    assert answer.status_code == 409
    theirs = text(re.search(r'<section class="theirs">.*?</section>', answer.text, re.S).group(0))
    assert theirs.endswith("Bernd undertook, Bernd 40 : Anna 30 — Anna −3, Bernd +3")


@pytest.mark.parametrize("lang, changes", [("en", "Anna 0.00 €, Bernd 0.00 €, Clara +0.10 €, Dieter 0.00 €"),
                                           ("de", "Anna 0,00 €, Bernd 0,00 €, Clara +0,10 €, Dieter 0,00 €")])
def test_a_bavarian_409_shows_every_players_money_the_zeros_too(app, lang, changes):
    client = client_in(app, lang)
    board = client.post("/new", data=BAV).headers["Location"]
    phone_b = opened(client, board)
    assert bav_deal(client, board, dealer="0", declarer="2", contract="pickup", points="70").status_code == 302
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "declarer": "1",
                                                 "contract": "pickup", "target": "61", "points": "80",
                                                 "action": "save"})
    assert answer.status_code == 409
    theirs = text(re.search(r'<section class="theirs">.*?</section>', answer.text, re.S).group(0))
    # Clara's Pick-Up won: the pot pays her; everyone else's 0.00 € is said too (Anna deals and sits out)
    assert theirs.endswith(f"— {changes}"), theirs
