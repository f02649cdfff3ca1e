"""Nothing acknowledged is ever replaced: a deal's id is never given to another deal (db.m008), an edit is of the
deal it was opened for or is refused with the choice to record what was typed as a new deal, and a form sent
again is matched only to the deal its key created. Two test clients are two phones at one table."""

import html
import json
import re
import secrets

from scorer import store
from scorer.db import connect, migrations

from .conftest import record, start
from .helpers import hidden, version


def stored_rows(app, board):
    """Every stored deal: (id, card points as stored, dealer), in order."""
    db = connect(app.config["DATABASE"])
    try:
        rows = list(db.query("select id, deal from deals where partie_id = ? order by position",
                             [board.rsplit("/", 1)[1]]))
    finally:
        db.conn.close()
    return [(r["id"], json.loads(r["deal"])["card_points"][0], json.loads(r["deal"])["dealer"]) for r in rows]


SIMPLE = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0"}


def test_an_edit_opened_before_the_other_phone_undid_and_recorded_never_replaces_its_new_deal(app):
    a, b = app.test_client(), app.test_client()
    board = start(b)
    for pts, dealer in (("40", "0"), ("41", "1"), ("42", "0")):
        assert record(b, board, points=pts, dealer=dealer).status_code == 302
    edit_page = a.get(board + "/deal/3/edit").text                         # phone A opens the edit of deal 3
    opened = {"version": hidden(edit_page, "version"), "key": hidden(edit_page, "key"),
              "deal_id": hidden(edit_page, "deal_id")}
    assert b.post(board + "/undo", data={"version": str(version(app, board))}).status_code == 302   # phone B
    assert record(b, board, points="50", dealer="0").status_code == 302    # B's different deal 3, acknowledged
    before = stored_rows(app, board)
    assert [r[1] for r in before] == ["40", "41", "50"]
    assert before[2][0] != int(opened["deal_id"])                          # a new id: never the undone deal's

    edit = {**SIMPLE, **opened, "points": "45", "dealer": "0", "action": "save"}
    first = a.post(board + "/deal/3/edit", data=edit)                      # A's Save
    assert first.status_code == 409
    assert "Deal 3 was deleted on another phone in the meantime" in first.text
    assert "to save your version anyway" not in first.text
    assert f'action="{board}/deal"' in first.text                          # what A typed, as a new deal's form
    assert 'value="45"' in first.text and "Record mine as deal 4 too" in first.text
    assert stored_rows(app, board) == before                               # nothing replaced
    again = a.post(board + "/deal/3/edit", data=edit)                      # A's second Save of the same form
    assert again.status_code == 409 and stored_rows(app, board) == before

    mine = {**SIMPLE, "points": "45", "dealer": "1", "action": "record-anyway",
            "seen_version": hidden(first.text, "seen_version"), "version": hidden(first.text, "version"),
            "key": hidden(first.text, "key"), "count": hidden(first.text, "count")}
    assert a.post(board + "/deal", data=mine).status_code == 302          # A chooses: record it as new
    after = stored_rows(app, board)
    assert after[:3] == before and [r[1] for r in after] == ["40", "41", "50", "45"]
    assert len({r[0] for r in after}) == 4 and after[3][0] > max(r[0] for r in before)


def test_a_form_sent_again_after_its_deal_was_undone_says_so_and_never_names_the_other_deal(app):
    a, b = app.test_client(), app.test_client()
    board = start(a)
    for pts, dealer in (("40", "0"), ("41", "1"), ("42", "0")):
        assert record(a, board, points=pts, dealer=dealer).status_code == 302
    key = secrets.token_urlsafe(16)
    form = {**SIMPLE, "points": "44", "dealer": "1", "action": "save", "key": key,
            "version": str(version(app, board)), "count": "3"}
    assert a.post(board + "/deal", data=form).status_code == 302          # A's deal 4, acknowledged
    assert b.post(board + "/undo", data={"version": str(version(app, board))}).status_code == 302
    assert record(b, board, points="47", dealer="1").status_code == 302    # B's different deal 4
    before = stored_rows(app, board)
    assert [r[1] for r in before] == ["40", "41", "42", "47"]

    for sent in (form, {**form, "points": "46"}):                          # resent as it was; corrected, resent
        r = a.post(board + "/deal", data=sent)
        assert r.status_code == 409
        assert "This form was saved as deal 4 before, and that deal was undone or deleted since" in r.text
        said = re.search(r'<div class="conflict" id="conflict".*?</div>', r.text, re.S).group(0)
        assert "already saved as deal" not in r.text and "47" not in said     # never B's deal, nor its points
        assert "Record mine as deal 5 too" in r.text
        assert hidden(r.text, "key") != key                                 # recorded again, it is a new form
        assert stored_rows(app, board) == before
    # the outbox asks for JSON: the same refusal, never "recorded as deal 4"
    outbox = a.post(board + "/deal", data=form, headers={"Accept": "application/json"})
    assert outbox.status_code == 409 and stored_rows(app, board) == before

    again = {**SIMPLE, "points": "44", "dealer": "0", "action": "record-anyway",
             "seen_version": hidden(r.text, "seen_version"), "version": hidden(r.text, "version"),
             "key": hidden(r.text, "key"), "count": hidden(r.text, "count")}
    assert a.post(board + "/deal", data=again).status_code == 302         # A records it again: deal 5
    assert [r[1] for r in stored_rows(app, board)] == ["40", "41", "42", "47", "44"]


def test_a_german_phone_is_told_in_german(app):
    a = app.test_client()
    board = start(a)
    key = secrets.token_urlsafe(16)
    form = {**SIMPLE, "points": "44", "dealer": "0", "action": "save", "key": key, "version": "1", "count": "0"}
    assert a.post(board + "/deal", data=form).status_code == 302
    assert a.post(board + "/undo", data={"version": str(version(app, board))}).status_code == 302
    r = a.post(board + "/deal", data=form, headers={"Accept-Language": "de"})
    assert r.status_code == 409
    assert "Dieses Formular wurde schon einmal als Spiel 1 gespeichert, und dieses Spiel wurde seither zurückgenommen" in r.text


def test_a_deal_put_back_from_the_history_keeps_its_identity(app, client, board):
    key = secrets.token_urlsafe(16)
    form = {**SIMPLE, "points": "44", "dealer": "0", "action": "save", "key": key, "version": "1", "count": "0"}
    assert client.post(board + "/deal", data=form).status_code == 302
    assert record(client, board, points="41", dealer="1").status_code == 302
    ids = [r[0] for r in stored_rows(app, board)]
    edit_page = client.get(board + "/deal/1/edit").text
    assert client.post(board + "/deal/1/delete", data={"version": str(version(app, board))}).status_code == 302
    db = connect(app.config["DATABASE"])
    entry = next(h["id"] for h in store.history(db, board.rsplit("/", 1)[1]) if h["action"] == "deleted")
    db.conn.close()
    assert client.post(f"{board}/history/{entry}/restore",
                       data={"version": str(version(app, board))}).status_code == 302
    assert [r[0] for r in stored_rows(app, board)] == ids                  # the same deal, the same id
    assert client.post(board + "/deal", data=form).status_code == 302      # its form again: a double tap
    assert len(stored_rows(app, board)) == 2
    # an edit form opened before the delete is of that same deal: the version changed, so it asks first
    edit = {**SIMPLE, "points": "45", "dealer": "0", "action": "save", "version": hidden(edit_page, "version"),
            "key": hidden(edit_page, "key"), "deal_id": hidden(edit_page, "deal_id"),
            "base": html.unescape(hidden(edit_page, "base"))}
    asked = client.post(board + "/deal/1/edit", data=edit)
    assert asked.status_code == 409 and "deal 1 itself is as you opened it. Save stores yours" in asked.text
    assert client.post(board + "/deal/1/edit", data={**edit, "version": hidden(asked.text, "version")}
                       ).status_code == 302
    assert [r[1] for r in stored_rows(app, board)] == ["45", "41"]


def test_an_older_edit_form_without_the_deals_identity_is_never_applied_to_another_deal(app):
    a, b = app.test_client(), app.test_client()
    board = start(a)
    for pts, dealer in (("40", "0"), ("41", "1")):
        assert record(a, board, points=pts, dealer=dealer).status_code == 302
    opened = version(app, board)
    assert b.post(board + "/undo", data={"version": str(opened)}).status_code == 302
    assert record(b, board, points="47", dealer="1").status_code == 302
    before = stored_rows(app, board)
    old = {**SIMPLE, "points": "45", "dealer": "1", "action": "save", "version": str(opened),
           "key": secrets.token_urlsafe(16)}                               # no deal_id: a page from before it
    r = a.post(board + "/deal/2/edit", data=old)
    assert r.status_code == 409 and "does not say which deal it was opened for" in r.text
    assert f'action="{board}/deal"' in r.text and stored_rows(app, board) == before


def test_ids_are_never_given_again_and_the_migration_keeps_every_deal(tmp_path):
    path = str(tmp_path / "old.sqlite")
    db = connect(path, migrate=False)
    migrations.apply(db, stop_before="m008_deal_ids_never_reused")        # the schema before it
    db["parties"].insert({"id": "p", "game": "strohmandeln", "players": '["Anna", "Bernd"]',
                          "rules": '{"preset": "tarockbuch-extended"}', "first_dealer": 0, "version": 4,
                          "created": "2026-11-01T19:00:00+00:00", "updated": "2026-11-01T19:00:00+00:00"})
    deal = '{"type": "game", "dealer": 0, "undertaker": null, "card_points": ["40", null]}'
    for i in range(3):
        db["deals"].insert({"partie_id": "p", "position": i, "deal": deal, "created": "2026-11-01T19:00:00+00:00",
                            "updated": "2026-11-01T19:00:00+00:00"})
    db["submissions"].insert({"key": "k", "partie_id": "p", "at": "2026-11-01T19:00:00+00:00", "deal_id": 3})
    db.execute("delete from deals where id = 3")                            # undone: its id would come again
    db.conn.close()
    db = connect(path)                                                      # migrated
    assert [(r["id"], r["position"]) for r in db.query("select id, position from deals order by id")] == \
        [(1, 0), (2, 1)]
    assert "autoincrement" in db.execute("select sql from sqlite_master where name = 'deals'").fetchone()[0].lower()
    assert store.submission(db, "k")["deal_id"] is None                    # its deal is gone: said, not another
    from scorer.games.strohmandeln.deals import Deal
    parsed = store.load(db, "p").partie.deals[0]
    assert isinstance(parsed, Deal)
    store.add_deal(db, "p", parsed)
    new_id = db.execute("select max(id) from deals").fetchone()[0]
    assert new_id == 4                                                     # past every id ever named
    store.delete_deal(db, "p", 3)
    store.add_deal(db, "p", parsed)
    assert db.execute("select max(id) from deals").fetchone()[0] == 5     # and never the undone one's
    db.conn.close()
