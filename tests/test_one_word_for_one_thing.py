"""The pages say one thing in one word, in the players' words, through real HTTP round trips: German says "Haferl"
for Bavarian Tarock's pot (never Pott, Topf or Stock), "Augen" for card points in every game, "Spieler" for the
one who plays a Königrufen game (he may have a partner); an amount typed in German shows German decimals in its
placeholder whichever language the page was first shown in; the way back from a form keeps its words apart; the
home page names a rule set without brackets in brackets; the share page does not speak of "the scorer"; English
says "announced and made"."""

import re

import pytest

from scorer import create_app

from .conftest import record, start
from .helpers import haferl_deal, text
from .test_board_words import HAFERL
from .test_koenigrufen_sheet import deal as koenigrufen_deal, start as koenigrufen_start

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def test_german_says_haferl_for_the_pot_on_every_page_of_a_bavarian_evening(client):
    client.environ_base.update(GERMAN)
    board = start(client, **{**HAFERL, "player3": "Dora"})
    # 35 units of 0.01 taken from the 0.20 pot: emptied, refilled; then the evening ends with the pot kept
    haferl_deal(client, board, dealer="2", declarer="0", contract="pickup", points="95")
    pages = [client.get(board).text, client.get(board + "/deal/1").text, client.get(board + "/end").text]
    assert client.post(board + "/end", data={"at_the_end": "keep"}).status_code in (302, 303)
    pages += [client.get(board).text, client.get(board + "/end").text]
    words = " ".join(text(page) for page in pages)
    assert "Haferl" in words and "nachgefüllte Haferl" in words
    assert not re.search(r"\b(Pott|Potts|Topf|Stock)\b", words), re.findall(r"[^.]*\b(?:Pott|Topf|Stock)\b[^.]*", words)


def test_german_says_augen_for_card_points_in_every_game(client):
    client.environ_base.update(GERMAN)
    pages = [client.get(start(client) + "/deal").text, client.get(koenigrufen_start(client) + "/deal").text,
             client.get("/new?game=koenigrufen").text, client.get("/new").text]
    words = " ".join(text(page) for page in pages)
    assert "Augen von Anna" in words
    assert not re.search(r"Kartenpunkt|Punkte von|von 70 Punkten|Punkten\b", words), \
        re.findall(r"[^.]*(?:Kartenpunkt|Punkte von|Punkten)[^.]*", words)


def test_german_says_spieler_for_who_plays_a_koenigrufen_game(client):
    client.environ_base.update(GERMAN)
    board = koenigrufen_start(client)
    form = client.get(board + "/deal").text
    assert re.search(r'<fieldset class="seg declarer" id="fs-declarer"[^>]*>\s*<legend>Spieler</legend>', form)
    refused = koenigrufen_deal(client, board, dealer="3", contract="solorufer", card_points="40")
    assert refused.status_code == 422 and "Bitte wähle, wer spielt." in refused.text
    assert "Alleinspieler" not in text(form) + text(refused.text)


@pytest.mark.parametrize("game, field, german", [("haferltarock", "ante", "0,50"), ("koenigrufen", "stake", "0,10"),
                                                ("strohmandeln", "stake", "0,10")])
def test_a_placeholder_amount_is_in_the_page_s_language_whichever_came_first(tmp_path, game, field, german):
    # a fresh app: the new-partie page is first shown in English, then in German, then in English again
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t",
                      "WTF_CSRF_ENABLED": False})
    client = app.test_client()

    def placeholder(language):
        page = client.get(f"/new?game={game}", headers={"Accept-Language": language}).text
        return re.search(rf'<input[^>]*id="{field}"[^>]*>', page).group(0)

    assert f'placeholder="{german.replace(",", ".")}"' in placeholder("en")
    assert f'placeholder="{german}"' in placeholder("de")
    assert f'placeholder="{german.replace(",", ".")}"' in placeholder("en")


@pytest.mark.parametrize("language, said", [("en", "← Back to the board (nothing saved)"),
                                            ("de", "← Zurück zur Übersicht (nichts gespeichert)")])
def test_the_way_back_from_a_form_is_one_run_of_words(client, language, said):
    """The link is a flex box (a tap target of 44 px): its words are one item inside it, so the space before the
    note stays and the note never stands in a column of its own."""
    if language == "de":
        client.environ_base.update(GERMAN)
    form = client.get(start(client) + "/deal").text
    link = re.search(r'<p class="back"><a href="[^"]*">(.*?)</a></p>', form, re.S).group(1)
    assert re.fullmatch(r"<span>[^<]*<span class=\"back-note\">[^<]*</span></span>", link), link
    assert text(link) == said


def test_the_home_page_names_a_rule_set_without_brackets_in_brackets(client):
    client.environ_base.update(GERMAN)
    start(client, **HAFERL)
    meta = text(re.search(r'<span class="meta">.*?</span>\s*</', client.get("/").text, re.S).group(0))
    assert "Bayerisches Tarock · Haferltarock (Haferl und erhöhte Handspiele)" in meta
    assert not re.search(r"\([^)]*\(", meta), meta


def test_the_share_page_does_not_speak_of_the_scorer(client):
    client.environ_base.update(GERMAN)
    page = text(client.get(start(client) + "/share").text)
    assert "Öffne diese Seite mit der Adresse dieses Computers im Netzwerk" in page and "Schreiber" not in page


def test_english_says_announced_and_made(client):
    board = koenigrufen_start(client)
    assert koenigrufen_deal(client, board, dealer="3", contract="rufer", partner="2", card_points="40",
                            side_pagat="declarer", ann_pagat="yes", made_pagat="yes").status_code == 302
    assert "Pagat announced and made" in text(client.get(board).text)
