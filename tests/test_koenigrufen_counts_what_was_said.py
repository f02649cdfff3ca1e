"""Königrufen's form asks only what counts, and its pages mark what was entered and does not count, in English and
German, through real HTTP round trips: a renonce's premiums are announced ones (the form asks only whose; the line
says "Pagat announced" and the Dreier's renonce pays 4 + 2 to each of the three, the lone declarer three times); a
silent Trull beside a Valat (ooe), a Trull beside a made Valat (tirol), a Kontra on a Solorufer with the King in the
talon stand on the line marked "(not counted)" and the deal's page says why; a conceded game reads only the
declarer's birds; King ultimo offers no opponents' side; calling one's own King is said beside the talon."""

import re

import pytest

from scorer.games.koenigrufen import Premium

from .helpers import settled
from .test_koenigrufen_sheet import NEW, deal, start, text

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
NOT_COUNTED = {"en": "(not counted)", "de": "(zählt nicht)"}


def line(client, board, number) -> str:
    """The sheet's line of deal `number`: what happened."""
    page = client.get(board).text
    row = re.search(rf'<tbody class="deal" id="deal-{number}">.*?<tr class="what">(.*?)</tr>', page, re.S).group(1)
    return text(row)


def why(client, board, number) -> list[str]:
    """The deal page's list of what was entered and does not count."""
    page = client.get(f"{board}/deal/{number}").text
    found = re.search(r'<div class="not-counted" id="not-counted">(.*?)</div>', page, re.S)
    return [text(li) for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)] if found else []


@pytest.fixture(params=["en", "de"])
def language(request, client):
    if request.param == "de":
        client.environ_base.update(GERMAN)
    return request.param


def test_a_renonce_asks_only_whose_premium_was_announced(app, client, language):
    board = start(client)
    # the form sends its hidden "silent" (the new form's default): in a renonce it is not read, the Pagat is announced
    assert deal(client, board, dealer="3", type="renonce", contract="dreier", declarer="1", offender="0",
                side_pagat="declarer", ann_pagat="no").status_code == 302
    sp, s = settled(app, board)
    assert sp.partie.deals[0].premiums == (Premium("pagat", "declarer"),)
    # Anna's renonce in Bernd's Dreier: he gets (4 + 2) × 3, Cilli and Dora 4 + 2 each, she pays 30
    assert s.deals[0].points == (-30, 18, 6, 6)
    said = {"en": "renonce by Anna · Pagat announced", "de": "Renonce von Anna · Pagat ultimo angesagt"}[language]
    assert said in line(client, board, 1)
    # the form: in a renonce, the premiums' silent/announced and made/failed are not shown (koenigrufen.css), its
    # hint says what counts
    form = client.get(board + "/deal").text
    assert "form:has([value=renonce]:checked) :is(.prem-how,.no-renonce)" in form
    assert 'class="hint for-renonce"' in form


@pytest.mark.parametrize("preset, premiums, reason", [
    ("ooe", {"side_valat": "declarer", "ann_valat": "no", "side_trull": "declarer", "ann_trull": "no"},
     {"en": "Trull silent made: beside a Valat only announced premiums count.",
      "de": "Trull still gemacht: neben einem Valat zählen nur angesagte Prämien."}),
    ("tirol", {"side_valat": "declarer", "ann_valat": "no", "side_trull": "declarer", "ann_trull": "yes"},
     {"en": "Trull announced and made: a Valat made includes the Trull and the Four Kings.",
      "de": "Trull angesagt und gemacht: ein gemachter Valat schließt Trull und Vier Könige ein."}),
])
def test_a_premium_a_valat_leaves_out_is_marked_and_explained(app, client, language, preset, premiums, reason):
    board = start(client, **{**NEW, "preset": preset})
    assert deal(client, board, dealer="3", contract="dreier", declarer="1", result="won", **premiums).status_code == 302
    _sp, s = settled(app, board)
    assert "trull" not in {i.item for i in s.deals[0].items}   # the engine leaves it out: the page says so
    trull = {"en": "Trull", "de": "Trull"}[language]
    assert re.search(re.escape(trull) + r" [^·]*" + re.escape(NOT_COUNTED[language]), line(client, board, 1))
    assert why(client, board, 1) == [reason[language]]


def test_a_silent_valat_under_wien_says_why_the_silent_trull_and_the_kontra_do_not_count(app, client, language):
    """RULES-KOENIGRUFEN §14: a Valat made includes the silent Trull (and Kings); a silent one voids the Kontra on the
    game. The deal's page says so in those words, not "these rules do not count it here"."""
    board = start(client, **{**NEW, "preset": "wien"})
    assert deal(client, board, dealer="3", contract="dreier", declarer="1", result="won", kontra="2",
                side_valat="declarer", ann_valat="no", side_trull="declarer", ann_trull="no").status_code == 302
    _sp, s = settled(app, board)
    assert "trull" not in {i.item for i in s.deals[0].items}
    assert why(client, board, 1) == {
        "en": ["Trull silent made: a Valat made includes the silent Trull and the silent Four Kings.",
               "Kontra: a silent Valat voids the Kontra on the game."],
        "de": ["Trull still gemacht: ein gemachter Valat schließt die stille Trull und die stillen Vier Könige ein.",
               "Kontra: ein stiller Valat hebt das Kontra auf das Spiel auf."],
    }[language]


def test_a_kontra_on_a_solorufer_with_the_king_in_the_talon_is_marked_and_explained(app, client, language):
    board = start(client)
    assert deal(client, board, dealer="3", contract="solorufer", declarer="1", partner="talon", card_points="40",
                kontra="2").status_code == 302
    _sp, s = settled(app, board)
    assert s.deals[0].money_points == s.deals[0].points   # void (RULES-KOENIGRUFEN §3)
    assert "Kontra " + NOT_COUNTED[language] in line(client, board, 1)
    assert why(client, board, 1) == [{"en": "Kontra: the King lay in the talon: in a Solorufer no Kontra counts.",
                                      "de": "Kontra: der König lag im Talon: im Solorufer zählt kein Kontra."}[language]]
    # a Kontra that counts is not marked: the same Solorufer with a partner
    assert deal(client, board, contract="solorufer", declarer="2", partner="3", card_points="40",
                kontra="2").status_code == 302
    assert NOT_COUNTED[language] not in line(client, board, 2) and why(client, board, 2) == []


def test_a_conceded_game_reads_only_the_declarers_birds(app, client, language):
    board = start(client)
    # a Besserrufer conceded with the King in the talon: the Pagat the declarer announced is paid with the game
    # (1 + 2 to each of three); a Kontra and card points tapped before Conceded are not read
    assert deal(client, board, dealer="3", contract="besserrufer", declarer="1", partner="talon", conceded="y",
                side_pagat="declarer", ann_pagat="no", kontra="2", card_points="30").status_code == 302
    sp, s = settled(app, board)
    assert sp.partie.deals[0].conceded and sp.partie.deals[0].premiums == (Premium("pagat", "declarer", True, True),)
    assert s.deals[0].points == (3, -9, 3, 3)
    said = {"en": "conceded · Pagat announced", "de": "geschleift · Pagat ultimo angesagt"}[language]
    assert said in line(client, board, 1)
    # Conceded left ticked while a partner is named is not a concession: the game is played
    assert deal(client, board, contract="rufer", declarer="2", partner="3", conceded="y",
                card_points="40").status_code == 302
    assert not settled(app, board)[0].partie.deals[1].conceded
    # the form hides what a conceded game does not read (koenigrufen.css)
    form = client.get(board + "/deal").text
    assert ":is(.no-concession,.prem:not(.bird),.bird .prem-how,.bird label:has([value=opponents]))" in form
    assert 'class="seg result no-concession" id="fs-result"' in form
    points = re.search(r'<div class="no-concession"[^>]*>\s*<div class="field" id="f-card_points">(.*?)<fieldset class="grid-rows"',
                       form, re.S)
    assert points and 'id="fs-kontra"' in points.group(1)   # the card points and the Kontra on the game
    assert re.search(r'<div class="no-concession"[^>]*>\s*<details class="calc" id="calc"', form)
    assert form.count('class="prem bird"') == 4   # Pagat, Uhu, Kakadu, Quapil


def test_king_ultimo_offers_no_opponents_side_and_the_own_king_is_the_talon(client, language):
    board = start(client)
    form = client.get(board + "/deal").text
    assert re.findall(r'name="side_koenig_ultimo" value="([^"]*)"', form) == ["", "declarer"]
    assert re.findall(r'name="side_pagat" value="([^"]*)"', form) == ["", "declarer", "opponents"]
    talon = re.search(r'name="partner" value="talon"[^>]*><span>([^<]*)</span>', form).group(1)
    assert talon == {"en": "King in the talon (or his own)", "de": "König im Talon (oder der eigene)"}[language]
