"""What the scorer says after a change, once and in the words the board uses, through real HTTP round trips, in
English and German: a refused Save says each sentence once, beside its field, under a summary that links to it; an
edit saved with nothing changed says so (not "everything after it recomputed"); the history says "undone" for the
board's Undo and "deleted" for a delete; a Bavarian refill's ante is said apart on the deal's page, the winner's game
money as won."""

import re

import pytest

from .conftest import record, start
from .helpers import edit_form, refusal, stored
from .test_board_words import HAFERL, haferl_deal, text
from .test_koenigrufen_sheet import deal as koenigrufen_deal, start as koenigrufen_start

WORDS = {
    "en": {"points": "Card points are a whole number from 0 to 70", "fix": "Not saved yet. Fix:",
           "label": "Card points of the declarer's side (optional)", "unchanged": "Deal 1 saved as it was: nothing changed.",
           "changed": "Deal 1 changed; everything after it recomputed.", "undone": "Deal 3 undone",
           "deleted": "Deal 1 deleted", "ante": "0.05 € into the refilled pot"},
    "de": {"points": "Augen sind eine ganze Zahl von 0 bis 70", "fix": "Noch nicht gespeichert. Bitte richtigstellen:",
           "label": "Augen der Spielerseite (falls gezählt)",
           "unchanged": "Spiel 1 gespeichert, wie es war: nichts geändert.",
           "changed": "Spiel 1 geändert; alles danach neu berechnet.", "undone": "Spiel 3 zurückgenommen",
           "deleted": "Spiel 1 gelöscht", "ante": "0,05 € ins nachgefüllte Haferl"},
}


@pytest.fixture(params=["en", "de"])
def language(request, client):
    if request.param == "de":
        client.environ_base.update({"HTTP_ACCEPT_LANGUAGE": "de"})
    return request.param


def test_a_refused_save_says_its_sentence_once_beside_its_field(app, client, language):
    board = koenigrufen_start(client)
    response = koenigrufen_deal(client, board, dealer="3", contract="rufer", declarer="0", partner="2",
                                card_points="35,5")
    assert response.status_code == 422
    page = response.text
    words = WORDS[language]
    assert text(page).count(words["points"]) == 1   # once: beside the field, not in the summary nor the preview
    field = re.search(r'<div role="alert" id="error-card_points">(.*?)</div>', page, re.S).group(1)
    assert words["points"] in text(field)
    summary = re.search(r'<div class="errors summary"[^>]*>(.*?)</div>', page, re.S).group(1)
    assert text(summary) == f"{words['fix']} {words['label']}"
    assert re.search(r'<a href="#error-card_points">', summary)   # the summary links to the sentence
    assert words["points"] in refusal(page) and stored(app, board).partie.deals == ()


def test_an_edit_saved_unchanged_says_nothing_changed(app, client, language):
    board = start(client)
    assert record(client, board, undertaker="forehand", points="40", dealer="0").status_code == 302
    assert record(client, board, undertaker="forehand", points="41", dealer="1").status_code == 302
    edit = {"type": "game", "undertaker": "forehand", "pile_of": "0", "blatt": "0", "dealer": "0", "action": "save",
            "points": "40", **edit_form(client, board, 1)}
    assert client.post(board + "/deal/1/edit", data=edit).status_code == 302
    assert WORDS[language]["unchanged"] in client.get(board).text
    edit = {**edit, **edit_form(client, board, 1), "points": "45"}
    assert client.post(board + "/deal/1/edit", data=edit).status_code == 302
    assert WORDS[language]["changed"] in client.get(board).text
    assert stored(app, board).partie.deals[0].card_points == (135, None)


def test_the_history_says_undone_for_the_boards_undo(app, client, language):
    board = start(client)
    for points in ("35", "40", "50"):
        assert record(client, board, points=points).status_code == 302
    assert client.post(board + "/undo", data={"version": stored(app, board).version}).status_code == 302
    assert client.post(board + "/deal/1/delete", data={"version": stored(app, board).version}).status_code == 302
    history = text(client.get(board + "/history").text)
    words = WORDS[language]
    assert words["undone"] in history and words["deleted"] in history
    assert words["deleted"].replace("1", "3") not in history   # the Undo of deal 3 is not called a delete


def test_a_refills_ante_is_said_apart_on_the_deals_page(client, language):
    board = start(client, **HAFERL)
    # Clara deals, Anna's Pick-Up with all 120: the pot pays its 0.15 and everybody puts 0.05 into it again
    haferl_deal(client, board, dealer="2", declarer="0", contract="pickup", points="120")
    page = client.get(board + "/deal/1").text
    table = re.findall(r'<table class="items">(.*?)</table>', page, re.S)[-1]
    rows = {text(r[0]): text(r[1]) for r in re.findall(r"<tr><td>([^<]*)</td><td>(.*?)</td>", table, re.S)}
    won = {"en": "+0.15 €", "de": "+0,15 €"}[language]
    zero = {"en": "0.00 €", "de": "0,00 €"}[language]
    assert rows["Anna"] == f"{won} {WORDS[language]['ante']}"   # her game money, the ante apart: never "−0.05"
    assert rows["Bernd"] == f"{zero} {WORDS[language]['ante']}" == rows["Clara"].replace("Clara", "")
