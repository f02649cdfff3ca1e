"""Every write says what it replaces, and a correction that changes who plays asks, over real HTTP round trips (a
browser without script sends what these forms send): a dealer corrected under choices that depend on him is refused
with the sentence until the form comes back seen (`typed_dealer`); a conflict's page is drawn anew every round (the
next number and the proposed dealer after the newest deal); an edit saved on an older version keeps what the other
phone changed and this one did not (a three-way merge of the form's base, the stored deal and the deal typed); the
outbox's own key is asked for (`/p/<id>/sent/<key>`, and the same form sent again says the version its deal left);
a deal put back among deals recorded since it was undone asks first; ending and reopening a partie is no other
phone's change; "Reopen the partie" on a refused form keeps what was typed."""

import html
import json
import re
import secrets

import pytest

from scorer import store
from scorer.db import connect
from scorer.web.dealing import merged

from .conftest import start as start_strohmandeln
from werkzeug.datastructures import MultiDict

from .formparse import form_fields
from .helpers import hidden, post_deal, stored
from .test_haferl_web import start as start_bavarian
from .test_koenigrufen_web import start as start_koenigrufen


def press(page, action=None, form="deal-form"):
    """What the page's form sends with its button `action` pressed, as a browser without script sends it."""
    fields = [(k, v) for k, v in form_fields(page, form) if k != "action"]
    return MultiDict(fields + ([("action", action)] if action else []))


def text(page):
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


def opened(client, path):
    """A form as a phone opened it: its hidden fields (key, version, count, typed_dealer, deal_id, base)."""
    page = client.get(path).text
    fields = {}
    for name in ("key", "version", "count", "typed_dealer", "deal_id", "base"):
        try:
            fields[name] = html.unescape(hidden(page, name))
        except AttributeError:
            continue
    return fields


def version(app, board):
    return str(stored(app, board).version)


# -- a correction that changes who plays asks ----------------------------------------------------------------------

SIMPLE = {"type": "game", "undertaker": "nobody", "blatt": "0", "action": "save"}


def test_a_dealer_corrected_under_a_typed_pile_is_asked_about_and_the_pile_stays_its_persons(app, client):
    board = start_strohmandeln(client)
    form = {**opened(client, board + "/deal"), **SIMPLE, "pile_of": "1", "points": "40", "dealer": "1"}
    assert form["typed_dealer"] == "0"          # typed under Anna's deal: Bernd's pile was the Vorhand's
    refused = client.post(board + "/deal", data=form)
    assert refused.status_code == 422
    assert "Anna is now Vorhand, and the card points typed are still Bernd's: check whose pile was counted." \
        in text(refused.text)
    assert 'id="fs-pile_of"' in refused.text and "Check this: the dealer was corrected." in refused.text
    assert stored(app, board).partie.deals == ()
    assert hidden(refused.text, "typed_dealer") == "1"    # the page drawn again shows the dealer it carries
    assert press(refused.text, "save").get("pile_of") == "1"
    assert client.post(board + "/deal", data=press(refused.text, "save")).status_code == 302
    assert stored(app, board).partie.deals[0].card_points == (None, 120)


def test_a_dealer_corrected_with_nothing_typed_that_depends_on_him_asks_nothing(app, client):
    board = start_strohmandeln(client)
    form = {**opened(client, board + "/deal"), **SIMPLE, "undertaker": "0", "pile_of": "0", "points": "40",
            "dealer": "1"}
    assert client.post(board + "/deal", data=form).status_code == 302   # Anna undertook: nobody else plays now
    bavarian = start_bavarian(client, player3="", first_dealer="0")
    form = {**opened(client, bavarian + "/deal"), "type": "game", "action": "save", "dealer": "2", "declarer": "1",
            "contract": "pickup", "target": "61", "points": "70"}
    assert client.post(bavarian + "/deal", data=form).status_code == 302


RUFER = {"type": "game", "contract": "rufer", "partner": "2", "side_pagat": "declarer", "ann_pagat": "yes",
         "made_pagat": "yes", "side_koenige": "opponents", "ann_koenige": "no", "made_koenige": "yes",
         "result": "won", "action": "save"}


def test_a_dealer_corrected_under_a_rufer_asks_and_stores_only_what_was_seen(app, client):
    board = start_koenigrufen(client, first_dealer="0")
    form = {**opened(client, board + "/deal"), **RUFER, "dealer": "2"}   # typed under Anna's deal: Bernd's Rufer
    refused = client.post(board + "/deal", data=form)
    assert refused.status_code == 422
    assert "Dora is now Vorhand, so Dora plays the Rufer: check the partner and the premiums." in text(refused.text)
    assert stored(app, board).partie.deals == ()
    again = press(refused.text, "save")
    assert again["typed_dealer"] == "2" and again["partner"] == "2" and again["side_pagat"] == "declarer"
    assert client.post(board + "/deal", data=again).status_code == 302
    deal = stored(app, board).partie.deals[0]
    assert (deal.dealer, deal.declarer, deal.partner) == (2, 3, 2)
    # a Rufer with nothing typed but the dealer: the Vorhand follows, nothing to ask
    form = {**opened(client, board + "/deal"), "type": "game", "contract": "rufer", "action": "save", "dealer": "0"}
    form.pop("partner", None)
    refused = client.post(board + "/deal", data=form)
    assert "is now Vorhand" not in text(refused.text)            # refused for the missing partner only


def test_the_live_preview_carries_the_sentence_for_the_scripts_question(app, client):
    board = start_koenigrufen(client, first_dealer="0")
    form = {**opened(client, board + "/deal"), **RUFER, "dealer": "2", "action": "preview"}
    preview = client.post(board + "/deal?fragment=1", data=form)
    assert preview.status_code == 200
    assert re.search(r'<p id="asks-said" hidden>Dora is now Vorhand, so Dora plays the Rufer', preview.text)
    assert 'id="to-record"' in preview.text and "Dora: Rufer with Cilli" in text(preview.text)
    assert "Cilli dealt" in text(preview.text)


def test_in_german_the_question_speaks_german(app, client):
    board = start_koenigrufen(client, first_dealer="0")
    form = {**opened(client, board + "/deal"), **RUFER, "dealer": "2"}
    refused = client.post(board + "/deal", data=form, headers={"Accept-Language": "de"})
    assert "Dora ist jetzt Vorhand, also spielt Dora den Rufer: prüfe den Partner und die Prämien." in text(refused.text)


# -- a conflict is drawn anew every round ----------------------------------------------------------------------------

def test_every_conflict_round_counts_from_the_page_it_drew(app):
    a, b = app.test_client(), app.test_client()
    board = start_bavarian(a, first_dealer="0")                  # four players: the dealer sits out
    mine = {**opened(b, board + "/deal"), "type": "game", "action": "save", "dealer": "0", "declarer": "3",
            "contract": "pickup", "target": "61", "points": "70"}
    for declarer in ("1", "2"):                                  # the other phone records deal 1, then deal 2
        if declarer == "2":
            first = page
        assert post_deal(a, board, {"target": "61"}, declarer=declarer, contract="pickup", points="70").status_code \
            == 302
        page = b.post(board + "/deal", data=mine if declarer == "1" else press(first, "record-anyway")).text
        assert "So %s deals this one" % ("Bernd" if declarer == "1" else "Clara") in text(page)
        assert hidden(page, "count") == ("1" if declarer == "1" else "2")
    assert "Deal 2 was recorded on the other phone" in text(page) and "Deal 1 was recorded" not in text(page)
    assert re.search(r'<div class="actions sticky">.*?value="record-anyway" id="record-anyway">.*?Record mine as deal 3 '
                     r'too</span></button>', page, re.S)                 # the choice is the main button
    assert b.post(board + "/deal", data=press(page, "record-anyway")).status_code == 302
    assert [(d.dealer, d.declarer) for d in stored(app, board).partie.deals] == [(0, 1), (1, 2), (2, 3)]


# -- an edit on an older version: a three-way merge ----------------------------------------------------------------

def test_merging_keeps_what_this_phone_did_not_change():
    base = {"dealer": 0, "declarer": 1, "points": 61}
    theirs = {"dealer": 0, "declarer": 2, "points": 61}
    mine = {"dealer": 0, "declarer": 1, "points": 80}
    assert merged(base, theirs, mine) == ({"dealer": 0, "declarer": 2, "points": 80}, [])
    assert merged(base, theirs, {**mine, "declarer": 0}) == ({"dealer": 0, "declarer": 0, "points": 80}, ["declarer"])
    assert merged(base, theirs, {**mine, "declarer": 2}) == ({"dealer": 0, "declarer": 2, "points": 80}, [])
    assert merged(None, theirs, mine) == (mine, [])             # an older form: as typed


def bavarian_partie(client):
    board = start_bavarian(client, player3="", first_dealer="0")
    for declarer in ("1", "2"):
        assert post_deal(client, board, {"target": "61"}, declarer=declarer, contract="pickup",
                         points="70").status_code == 302
    return board


def test_an_edit_saved_again_keeps_what_the_other_phone_corrected(app):
    a, b = app.test_client(), app.test_client()
    board = bavarian_partie(a)
    mine = opened(b, board + "/deal/2/edit")
    theirs = opened(a, board + "/deal/2/edit")
    assert json.loads(mine["base"])["declarer"] == 2
    edit = {"type": "game", "dealer": "1", "contract": "pickup", "target": "61", "action": "save"}
    assert a.post(board + "/deal/2/edit", data={**theirs, **edit, "declarer": "0", "points": "70"}).status_code == 302
    asked = b.post(board + "/deal/2/edit", data={**mine, **edit, "declarer": "2", "points": "80"})
    assert asked.status_code == 409
    page = text(asked.text)
    assert "Deal 2 was changed on the other phone while you edited it" in page
    assert re.search(r"As stored now Deal 2 Anna: Pick-Up.*70 : 50", page)
    assert re.search(r"Yours, as it will be saved Deal 2 Anna: Pick-Up.*80 : 40", page)
    assert stored(app, board).partie.deals[1].declarer == 0      # nothing stored yet
    again = press(asked.text, "save")
    assert again["declarer"] == "0" and again["points"] == "80" and json.loads(again["base"])["declarer"] == 0
    assert b.post(board + "/deal/2/edit", data=again).status_code == 302
    deal = stored(app, board).partie.deals[1]
    assert (deal.declarer, deal.declarer_points) == (0, 80)


def test_an_edit_both_phones_changed_in_one_place_keeps_mine_and_marks_it(app):
    a, b = app.test_client(), app.test_client()
    board = bavarian_partie(a)
    mine, theirs = opened(b, board + "/deal/2/edit"), opened(a, board + "/deal/2/edit")
    edit = {"type": "game", "dealer": "1", "contract": "pickup", "target": "61", "points": "70", "action": "save"}
    assert a.post(board + "/deal/2/edit", data={**theirs, **edit, "declarer": "0"}).status_code == 302
    asked = b.post(board + "/deal/2/edit", data={**mine, **edit, "declarer": "1"})
    assert asked.status_code == 409
    assert "Both phones changed this: yours is in the form; the other phone's is “Anna”." in text(asked.text)
    assert press(asked.text, "save")["declarer"] == "1"
    assert b.post(board + "/deal/2/edit", data=press(asked.text, "save")).status_code == 302
    assert stored(app, board).partie.deals[1].declarer == 1


@pytest.mark.parametrize("language, said", [
    ("en", ["the other phone's is “Dora”.", "the other phone's is “40”."]),
    ("de", ["das des anderen Handys ist „Dora“.", "das des anderen Handys ist „40“."])])
def test_a_field_both_phones_changed_says_the_other_phones_value_beside_it(app, language, said):
    """Both phones corrected the partner and the card points of one Rufer: each field says, in the page's words,
    what the other phone saved, beside mine in the form; the fields only one phone changed say nothing."""
    a, b = app.test_client(), app.test_client()
    board = start_koenigrufen(a, first_dealer="0")
    assert a.post(board + "/deal", data={**opened(a, board + "/deal"), **RUFER, "dealer": "0", "partner": "2",
                                         "card_points": "38"}).status_code == 302
    mine, theirs = opened(b, board + "/deal/1/edit"), opened(a, board + "/deal/1/edit")
    edit = {**RUFER, "dealer": "0", "action": "save"}
    assert a.post(board + "/deal/1/edit", data={**theirs, **edit, "partner": "3", "card_points": "40"}).status_code == 302
    asked = b.post(board + "/deal/1/edit", data={**mine, **edit, "partner": "0", "card_points": "45"},
                   headers={"Accept-Language": language})
    assert asked.status_code == 409
    page = asked.text
    for field, words in zip(("partner", "card_points"), said):
        error = re.search(rf'id="error-{field}"><ul class="errors"><li[^>]*>(.*?)</li>', page, re.S)
        assert error and words in text(error.group(1)), (field, page)
    assert len(re.findall("phones changed this|Handys haben das geändert", text(page))) == 2
    theirs_card = re.search(r'<section class="theirs">.*?</section>', page, re.S).group(0)
    assert 'class="hint"' not in theirs_card   # lines that differ already: the deal's facts not said again
    again = press(page, "save")
    assert (again["partner"], again["card_points"]) == ("0", "45")
    assert stored(app, board).partie.deals[0].partner == 3     # nothing stored before the second Save


def test_a_value_that_means_nothing_alone_points_to_the_stored_card(app):
    """Strohmandeln's pile points mean something only with whose pile (and the Blatt), and "no Kontra" is a dash on
    its button: beside those the page names the card where the other phone's deal stands, never a wrong value."""
    a, b = app.test_client(), app.test_client()
    board = start_strohmandeln(a)
    assert post_deal(a, board, {"type": "game", "undertaker": "0", "pile_of": "0", "points": "33", "blatt": "2",
                                "dealer": "0"}).status_code == 302
    mine, theirs = opened(b, board + "/deal/1/edit"), opened(a, board + "/deal/1/edit")
    edit = {"type": "game", "undertaker": "0", "dealer": "0", "action": "save"}
    assert a.post(board + "/deal/1/edit", data={**theirs, **edit, "pile_of": "0", "points": "35",
                                                "blatt": "1"}).status_code == 302
    asked = b.post(board + "/deal/1/edit", data={**mine, **edit, "pile_of": "1", "points": "40", "blatt": "0"})
    assert asked.status_code == 409
    said = text(re.search(r'id="error-points"><ul class="errors"><li[^>]*>(.*?)</li>', asked.text, re.S).group(1))
    assert said == "Both phones changed this: yours is in the form, the other phone's in the card “As stored now”."
    board = start_koenigrufen(a, first_dealer="0")
    rufer = {**RUFER, "dealer": "0", "card_points": "38"}
    assert a.post(board + "/deal", data={**opened(a, board + "/deal"), **rufer, "kontra": "2"}).status_code == 302
    mine, theirs = opened(b, board + "/deal/1/edit"), opened(a, board + "/deal/1/edit")
    assert a.post(board + "/deal/1/edit", data={**theirs, **rufer, "kontra": "1"}).status_code == 302
    asked = b.post(board + "/deal/1/edit", data={**mine, **rufer, "kontra": "4"}, headers={"Accept-Language": "de"})
    assert asked.status_code == 409
    said = text(re.search(r'id="error-kontra"><ul class="errors"><li[^>]*>(.*?)</li>', asked.text, re.S).group(1))
    assert said == ("Beide Handys haben das geändert: deines steht im Formular, das des anderen in der Karte „So wie "
                    "jetzt gespeichert“.")


def test_two_edits_alike_in_points_show_every_fact_under_each(app):
    """Both phones corrected only the dealer of a Dreier (Cilli's, so the points stay as they were): the two cards
    would read alike, so each says the whole deal in words, the dealer too."""
    a, b = app.test_client(), app.test_client()
    board = start_koenigrufen(a, first_dealer="0")
    dreier = {"type": "game", "contract": "dreier", "declarer": "2", "result": "won", "card_points": "40",
              "action": "save"}
    assert a.post(board + "/deal", data={**opened(a, board + "/deal"), **dreier, "dealer": "0"}).status_code == 302
    mine, theirs = opened(b, board + "/deal/1/edit"), opened(a, board + "/deal/1/edit")
    assert a.post(board + "/deal/1/edit", data={**theirs, **dreier, "dealer": "1"}).status_code == 302
    asked = b.post(board + "/deal/1/edit", data={**mine, **dreier, "dealer": "3"})
    assert asked.status_code == 409
    cards = text(re.search(r'<div class="side-by-side".*?</div>', asked.text, re.S).group(0))
    assert re.search(r"As stored now .*— Anna −4, Bernd −4, Cilli \+12, Dora −4 Cilli: Dreier, 40 : 30 · won · Bernd "
                     r"dealt Yours, as it will be saved .*Dora dealt", cards), cards
    assert b.post(board + "/deal/1/edit", data=press(asked.text, "save")).status_code == 302
    assert stored(app, board).partie.deals[0].dealer == 3


# -- the outbox asks for its own key ---------------------------------------------------------------------------------

def test_the_scorer_says_what_became_of_a_key(app, client):
    board = start_strohmandeln(client)
    pid = board.rsplit("/", 1)[1]
    form = {**opened(client, board + "/deal"), **SIMPLE, "pile_of": "1", "points": "40", "dealer": "0"}
    assert client.get(f"{board}/sent/{form['key']}").get_json() == {"known": False}
    first = client.post(board + "/deal", data=form, headers={"Accept": "application/json"}).get_json()
    assert (first["recorded"], first["again"]) == (1, False)
    known = client.get(f"{board}/sent/{form['key']}")
    assert known.headers["Cache-Control"] == "no-store"
    assert known.get_json() == {"known": True, "recorded": 1, "was": 1, "version": first["version"], "changed": False}
    # the same form again (its first answer lost): it says the version its deal left the partie at
    post_deal(client, board, SIMPLE, pile_of="0", points="30")
    again = client.post(board + "/deal", data=form, headers={"Accept": "application/json"}).get_json()
    assert again["again"] and again["version"] == first["version"] + 1
    assert (again["version_after"], again["count_after"]) == (first["version"], 1)
    # edited on the other phone: changed; undone: no number
    edit = opened(client, board + "/deal/1/edit")
    assert client.post(board + "/deal/1/edit", data={**edit, **SIMPLE, "pile_of": "1", "points": "45",
                                                     "dealer": "0"}).status_code == 302
    assert client.get(f"{board}/sent/{form['key']}").get_json()["changed"] is True
    db = connect(app.config["DATABASE"])
    store.delete_deal(db, pid, 1)
    db.conn.close()
    assert client.get(f"{board}/sent/{form['key']}").get_json()["recorded"] is None
    # another partie's key, or none that could be one
    other = start_strohmandeln(client)
    assert client.get(f"{other}/sent/{form['key']}").get_json() == {"known": False}
    assert client.get(f"{board}/sent/{'x' * 40}").get_json() == {"known": False}


# -- put it back asks ----------------------------------------------------------------------------------------------

def test_put_it_back_asks_when_deals_were_recorded_since_and_a_second_tap_does_it(app, client):
    board = start_koenigrufen(client, first_dealer="0")
    for partner in ("2", "3", "0"):
        assert post_deal(client, board, None, contract="rufer", partner=partner, result="won").status_code == 302
    assert client.post(board + "/undo", data={"version": version(app, board)}).status_code == 302
    assert post_deal(client, board, None, contract="rufer", partner="1", result="lost").status_code == 302
    before = stored(app, board).partie.deals
    history = client.get(board + "/history").text
    action = re.search(r'action="([^"]+/restore)"', history).group(1)
    asked = client.post(action, data={"version": version(app, board)})
    assert asked.status_code == 200
    words = text(asked.text)
    assert "Put deal 3 back?" in words and re.search(r"Deal 3 becomes deal 4 ?, dealt by Cilli", words)
    assert "Cilli deals twice in a row: deals 3 and 4." in words
    assert stored(app, board).partie.deals == before             # the first tap changes nothing
    assert client.post(action, data={"version": str(int(version(app, board)) - 1), "confirm": "1"}).status_code == 302
    assert stored(app, board).partie.deals == before             # a stale second tap neither
    assert client.post(action, data=press(asked.text, form="put-back")).status_code == 302
    after = stored(app, board).partie.deals
    assert len(after) == 4 and after[3] == before[2]


def test_put_it_back_without_deals_recorded_since_asks_nothing(app, client):
    board = start_strohmandeln(client)
    for points in ("40", "41"):
        post_deal(client, board, SIMPLE, pile_of="0", points=points)
    assert client.post(board + "/deal/1/delete", data={"version": version(app, board)}).status_code == 302
    action = re.search(r'action="([^"]+/restore)"', client.get(board + "/history").text).group(1)
    assert client.post(action, data={"version": version(app, board)}).status_code == 302
    assert [d.card_points for d in stored(app, board).partie.deals] == [(120, None), (123, None)]


# -- ending and reopening is no other phone's change --------------------------------------------------------------

def test_reopen_on_a_refused_form_keeps_the_deal_and_its_save_stores_it(app):
    a, b = app.test_client(), app.test_client()
    board = start_strohmandeln(a)
    form = {**opened(b, board + "/deal"), **SIMPLE, "pile_of": "1", "points": "40", "dealer": "0"}
    assert a.post(board + "/end", data={}).status_code == 302
    refused = b.post(board + "/deal", data=form)
    assert refused.status_code == 422
    words = text(refused.text)
    assert words.count("This partie has ended") == 1 and "reopen the partie first" in words
    reopened = b.post(board + "/deal", data=press(refused.text, "reopen"))
    assert reopened.status_code == 200 and 'value="40"' in reopened.text
    assert "The partie is open again. Your deal is kept below" in text(reopened.text)
    assert stored(app, board).running
    assert b.post(board + "/deal", data=press(reopened.text, "save")).status_code == 302
    assert stored(app, board).partie.deals[0].card_points == (None, 120)


@pytest.mark.parametrize("write", ["a new deal", "an edit", "an undo"])
@pytest.mark.parametrize("other_change", ["ended and reopened", "ended, reopened and a deal recorded"])
def test_a_stale_write_is_a_conflict_only_when_a_deal_changed(app, other_change, write):
    a, b = app.test_client(), app.test_client()
    board = start_strohmandeln(a)
    post_deal(a, board, SIMPLE, pile_of="0", points="40")
    form = {**opened(b, board + "/deal"), **SIMPLE, "pile_of": "1", "points": "45", "dealer": "1"}
    edit = {**opened(b, board + "/deal/1/edit"), **SIMPLE, "pile_of": "0", "points": "50", "dealer": "0"}
    undo = {"version": version(app, board)}
    assert a.post(board + "/end", data={}).status_code == 302
    assert a.post(board + "/reopen", data={}).status_code == 302
    changed = other_change.endswith("recorded")
    if changed:
        post_deal(a, board, SIMPLE, pile_of="0", points="35")
    if write == "a new deal":
        assert b.post(board + "/deal", data=form).status_code == (409 if changed else 302)
    elif write == "an edit":
        assert b.post(board + "/deal/1/edit", data=edit).status_code == (409 if changed else 302)
    else:
        undone = b.post(board + "/undo", data=undo, follow_redirects=True)
        assert ("nothing was undone" in undone.text) == changed
