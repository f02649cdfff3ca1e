"""What a player typed is what is stored: every choice of a person in a deal form is that person's seat, never a
role a later change could read again. Real HTTP round trips for each game: the dealer corrected after the choice,
"Record mine as deal N too" after the other phone's deal (the 409 page pressed as a player would), and forms
queued in a phone's outbox with the old role values ("forehand", "dealer"), read against the dealer of that same
form."""

import re
import secrets

from tests.conftest import record, start
from tests.formparse import press
from scorer import store
from scorer.db import connect
from scorer.games import game_of


def stored(app, board):
    with app.app_context():
        db = connect(app.config["DATABASE"])
        sp = store.load(db, board.rsplit("/", 1)[1])
        db.conn.close()
    return sp, game_of(sp.partie).replay(sp.partie)


def opened(client, board):
    """A new deal's form as a phone opened it: its key, version and count (the deals it knew)."""
    page = client.get(board + "/deal").text
    return {name: re.search(rf'name="{name}"[^>]*value="([^"]*)"', page).group(1) for name in ("key", "version",
                                                                                                   "count")}


def text(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# -- Strohmandeln ------------------------------------------------------------------------------------------------

def test_strohmandeln_correcting_the_dealer_keeps_who_undertook(app, client, board):
    page = client.get(board + "/deal").text   # Anna deals deal 1: Bernd is Vorhand
    assert 'name="dealer" value="0" checked' in page
    assert re.search(r'value="1"[^>]*>\s*<span>Bernd \(Vorhand\)</span>', page)
    # Bernd undertook, 40 typed for him (the script ticked his pile: pile_auto); then the dealer corrected to Bernd
    response = record(client, board, dealer="1", undertaker="1", pile_of="1", pile_auto="1", points="40")
    assert response.status_code == 302
    sp, s = stored(app, board)
    deal = sp.partie.deals[0]
    assert (deal.dealer, deal.undertaker, deal.card_points) == (1, 1, (None, 120))
    assert s.balance == (-3, 3)                                      # Bernd +3, never Anna
    # the form of deal 2 labels the person with the role of that deal: Anna deals, Bernd is Vorhand
    page = client.get(board + "/deal").text
    assert re.search(r'value="0"[^>]*>\s*<span>Anna \(dealer\)</span>', page)
    # the edit shows the person who undertook, whatever the dealer
    edit = client.get(board + "/deal/1/edit").text
    assert 'name="undertaker" value="1" checked' in edit and "Bernd (dealer)" in edit


def test_strohmandeln_a_simple_games_pile_is_vorhands_unless_chosen(app, client, board):
    assert record(client, board, dealer="1", undertaker="nobody", points="40", pile_of="1", pile_auto="1").status_code == 302
    sp, _s = stored(app, board)
    assert sp.partie.deals[0].card_points == (120, None)              # Bernd dealt: Anna is Vorhand, her pile


def test_strohmandeln_record_mine_too_records_exactly_what_was_typed(app, client, board):
    phone_b = opened(client, board)
    # phone A: Bernd undertook deal 1, 40 for him
    assert record(client, board, dealer="0", undertaker="1", points="40", pile_auto="1").status_code == 302
    # phone B, opened before: "Anna undertook, 38 for Anna", Anna dealing (the dealer its form proposed)
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "undertaker": "0",
                                                 "pile_of": "0", "pile_auto": "1", "points": "38", "blatt": "0",
                                                 "bonuses": "pagat:0", "action": "save"})
    assert answer.status_code == 409
    page = answer.text
    words = text(page)
    # both deals side by side before the choice: the other phone's, and mine as it will be recorded
    assert "The other phone’s Deal 1 Bernd undertook, Bernd 40 : Anna 30 — Anna −3, Bernd +3" in words.replace("\u00a0", " ")
    assert "Yours, as it will be recorded Deal 2 Anna undertook, Anna 38 : Bernd 32 — Anna +4, Bernd −4 Bernd dealt" in words.replace(
        "\u00a0", " ")
    assert "Record mine as deal 2 too" in page
    assert 'name="undertaker" value="0" checked' in page and 'name="dealer" value="1" checked' in page
    assert 'name="pile_of" value="0" checked' in page and 'value="pagat:0" checked' in page
    again = press(client, board + "/deal", page, "record-anyway")
    assert again.status_code == 302, text(again.text)[:600]
    sp, s = stored(app, board)
    mine = sp.partie.deals[1]
    assert (mine.dealer, mine.undertaker, mine.card_points) == (1, 0, (114, None))   # Anna, her 38; Bernd dealt
    assert [(b.bonus, b.player) for b in mine.bonuses] == [("pagat", 0)]
    assert s.deals[1].winner == 0 and s.deals[1].points[0] > s.deals[1].points[1]


def test_strohmandeln_old_role_values_are_read_against_the_dealer_of_the_same_entry(app, client, board):
    # queued on a phone when the values were roles: "forehand" under dealer 0 meant Bernd, "dealer" under
    # dealer 1 meant Bernd, "geber" under 0 Anna; each read against the dealer posted with it
    assert record(client, board, dealer="0", undertaker="forehand", points="40", pile_auto="1").status_code == 302
    assert record(client, board, dealer="1", undertaker="dealer", points="41", pile_auto="1").status_code == 302
    assert record(client, board, dealer="0", undertaker="geber", points="42", pile_auto="1").status_code == 302
    sp, _s = stored(app, board)
    assert [(d.dealer, d.undertaker, d.card_points) for d in sp.partie.deals] == [
        (0, 1, (None, 120)), (1, 1, (None, 123)), (0, 0, (126, None))]


def test_strohmandeln_an_old_role_in_a_queued_form_keeps_its_person_through_record_mine_too(app, client, board):
    phone_b = opened(client, board)
    assert record(client, board, dealer="0", undertaker="1", points="40", pile_auto="1").status_code == 302
    # the old outbox entry: "dealer" (Anna dealt, Anna undertook), 45 for her
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "undertaker": "dealer",
                                                 "pile_of": "0", "pile_auto": "1", "points": "45", "blatt": "0",
                                                 "action": "save"})
    assert answer.status_code == 409
    assert 'name="undertaker" value="0" checked' in answer.text       # the person it meant: Anna
    assert press(client, board + "/deal", answer.text, "record-anyway").status_code == 302
    sp, _s = stored(app, board)
    assert (sp.partie.deals[1].dealer, sp.partie.deals[1].undertaker, sp.partie.deals[1].card_points) == (1, 0, (135, None))


def test_strohmandeln_the_boards_starts_name_the_person(client, board):
    page = client.get(board).text.replace("&amp;", "&")
    assert "undertaker=0" in page and "undertaker=1" in page and "forehand" not in page
    form = client.get(board + "/deal?undertaker=1&start=1").text
    assert 'name="undertaker" value="1" checked' in form


# -- Königrufen ------------------------------------------------------------------------------------------------

KR = {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
      "first_dealer": "0", "preset": "ooe"}


def kr_start(client, five=False):
    response = client.post("/new", data={**KR, **({"player4": "Emil"} if five else {})})
    assert response.status_code == 302
    return response.headers["Location"]


def kr_deal(client, board, **fields):
    return client.post(board + "/deal", data={"type": "game", "action": "save", "key": secrets.token_urlsafe(16),
                                              **fields})


def kr_409(client, board, first, mine):
    """Two phones at a Königrufen table, Anna dealing: this phone opens the form, the other records `first`, then
    this one saves `mine` on its old form: the 409 page."""
    phone_b = opened(client, board)
    assert kr_deal(client, board, dealer="0", **first).status_code == 302
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "action": "save", **mine})
    assert answer.status_code == 409
    return answer


def test_koenigrufen_correcting_the_dealer_keeps_the_declarer_and_partner(app, client):
    board = kr_start(client)
    page = client.get(board + "/deal").text
    assert 'name="dealer" value="0" checked' in page and 'name="declarer" value="1" checked' in page   # Vorhand
    # Cilli declared a Solorufer with Dora, won; then the dealer corrected to Bernd
    assert kr_deal(client, board, dealer="1", contract="solorufer", declarer="2", partner="3",
                   result="won").status_code == 302
    sp, s = stored(app, board)
    deal = sp.partie.deals[0]
    assert (deal.dealer, deal.declarer, deal.partner) == (1, 2, 3)
    assert s.deals[0].points[2] > 0 and s.deals[0].points[3] > 0 and s.deals[0].points[0] < 0


def test_koenigrufen_a_form_sent_back_marks_the_declarer_as_chosen(client):
    board = kr_start(client)
    answer = kr_deal(client, board, dealer="0", contract="solorufer", declarer="3", partner="", result="won")
    assert answer.status_code == 422
    fieldset = re.search(r'<fieldset class="seg declarer"[^>]*>', answer.text).group(0)
    assert 'data-chosen="1"' in fieldset                       # the script never moves it with the dealer
    assert 'name="declarer" value="3" checked' in answer.text


def test_koenigrufen_five_the_declarer_who_now_deals_sits_out_and_nothing_is_saved(app, client):
    board = kr_start(client, five=True)
    # Cilli declared; then the dealer corrected to Cilli, who sits out at five
    answer = kr_deal(client, board, dealer="2", contract="solorufer", declarer="2", partner="3", result="won")
    assert answer.status_code == 422
    field = re.search(r'id="fs-declarer".*?</fieldset>', answer.text, re.S).group(0)
    assert "Cilli deals and sits this deal out" in text(field)   # beside the field
    sp, _s = stored(app, board)
    assert sp.partie.deals == ()


def test_koenigrufen_record_mine_too_keeps_the_persons(app, client):
    board = kr_start(client)
    phone_b = opened(client, board)
    assert kr_deal(client, board, dealer="0", contract="rufer", declarer="1", partner="2",
                   result="won").status_code == 302
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "contract": "solorufer",
                                                 "declarer": "3", "partner": "1", "result": "lost", "kontra": "2",
                                                 "action": "save"})
    assert answer.status_code == 409
    words = text(answer.text)
    assert "The other phone’s Deal 1" in words and "Yours, as it will be recorded Deal 2" in words
    assert "Bernd dealt" in words                              # the dealer moved on, nothing else
    assert press(client, board + "/deal", answer.text, "record-anyway").status_code == 302
    sp, _s = stored(app, board)
    mine = sp.partie.deals[1]
    assert (mine.dealer, mine.contract, mine.declarer, mine.partner, mine.won, mine.kontra) == (
        1, "solorufer", 3, 1, False, 2)


def test_koenigrufen_record_mine_too_keeps_the_dealer_when_it_decides_the_declarer(app, client):
    board = kr_start(client)
    # a Rufer is the Vorhand's: Bernd under dealer Anna; moving the dealer on would make it Cilli's game
    answer = kr_409(client, board, dict(contract="solorufer", declarer="2", partner="3", result="won"),
                    dict(contract="rufer", declarer="1", partner="3", result="won"))
    assert "Your deal keeps Anna as its dealer" in text(answer.text)
    assert press(client, board + "/deal", answer.text, "record-anyway").status_code == 302
    sp, _s = stored(app, board)
    assert (sp.partie.deals[1].dealer, sp.partie.deals[1].declarer, sp.partie.deals[1].partner) == (0, 1, 3)


# -- Bavarian Tarock ---------------------------------------------------------------------------------------------

BAV = {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "Dieter",
       "first_dealer": "0", "preset": "haferl", "draw_at_60": "y"}


def bav_deal(client, board, **fields):
    return client.post(board + "/deal", data={"type": "game", "target": "61", "action": "save",
                                              "key": secrets.token_urlsafe(16), **fields})


def test_bavarian_the_declarer_is_a_person_and_the_dealer_who_sits_out_cannot_be_one(app, client):
    board = client.post("/new", data=BAV).headers["Location"]
    # Bernd declared; the dealer corrected to Clara: still Bernd's game
    assert bav_deal(client, board, dealer="2", declarer="1", contract="pickup", points="70").status_code == 302
    # the dealer corrected to the declarer: he sits out at four; said beside the field, nothing stored
    answer = bav_deal(client, board, dealer="3", declarer="3", contract="pickup", points="70")
    assert answer.status_code == 422
    field = re.search(r'id="fs-declarer".*?</fieldset>', answer.text, re.S).group(0)
    assert "Dieter deals and sits this deal out" in text(field)
    sp, _s = stored(app, board)
    assert [(d.dealer, d.declarer) for d in sp.partie.deals] == [(2, 1)]


def test_bavarian_record_mine_too_keeps_the_declarer_and_the_dealer_who_would_sit_out(app, client):
    board = client.post("/new", data=BAV).headers["Location"]
    phone_b = opened(client, board)
    assert bav_deal(client, board, dealer="0", declarer="2", contract="pickup", points="70").status_code == 302
    # Bernd declared under dealer Anna; the next dealer is Bernd, who would sit out: the dealer stays
    answer = client.post(board + "/deal", data={**phone_b, "type": "game", "dealer": "0", "declarer": "1",
                                                 "contract": "pickup", "target": "61", "points": "80",
                                                 "action": "save"})
    assert answer.status_code == 409
    assert "Your deal keeps Anna as its dealer" in text(answer.text)
    assert press(client, board + "/deal", answer.text, "record-anyway").status_code == 302
    sp, _s = stored(app, board)
    assert [(d.dealer, d.declarer, d.declarer_points) for d in sp.partie.deals] == [(0, 2, 70), (0, 1, 80)]


def test_koenigrufen_five_trischaken_points_typed_for_the_new_dealer_are_never_dropped_unsaid(app, client):
    board = kr_start(client, five=True)
    # Emil's 20 typed; then the dealer corrected to Emil, who sits out: refused beside the points, nothing stored
    answer = kr_deal(client, board, dealer="4", contract="trischaken", tp0="10", tp1="20", tp2="20", tp3="0",
                     tp4="20")
    assert answer.status_code == 422
    assert "Emil deals this one and sits out, yet card points are typed for Emil" in text(answer.text)
    assert stored(app, board)[0].partie.deals == ()
    assert kr_deal(client, board, dealer="4", contract="trischaken", tp0="10", tp1="20", tp2="20",
                   tp3="20").status_code == 302
    assert stored(app, board)[0].partie.deals[0].card_points == (30, 60, 60, 60, None)
