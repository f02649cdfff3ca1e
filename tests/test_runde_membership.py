"""A partie belongs to one Runde only (checked in the write transaction); one that leaves a Runde changes its
version; the move page opened as it is lets you choose."""

import pytest

from scorer import runde_store
from scorer.db import connect

from .helpers import a_partie
from .test_runde import new_runde, stored


def test_a_partie_in_one_runde_is_not_moved_into_another(app, client):
    a, b = new_runde(client, members="Anna\nBernd"), new_runde(client, members="Anna\nBernd")
    board, pid = a_partie(client)
    with app.app_context():
        db = connect(app.config["DATABASE"])
        runde_store.attach(db, a, pid, [m.id for m in stored(app, a).members])
        before = stored(app, a).version
        # the second phone's move (its page check passed before the first committed): refused in the store
        with pytest.raises(runde_store.InAnotherRundeError):
            runde_store.attach(db, b, pid, [m.id for m in stored(app, b).members])
        db.conn.close()
    assert [p.id for p in stored(app, a).parties] == [pid] and stored(app, b).parties == ()
    assert stored(app, a).version == before
    r = client.post(f"/r/{b}/move", data={"partie": pid, "confirm": "yes", "seat0": "new", "new0": "Anna",
                                          "seat1": "new", "new1": "Bernd"})
    assert r.status_code == 422 and "This partie is in another Runde already." in r.text
    assert [p.id for p in stored(app, a).parties] == [pid] and stored(app, b).parties == ()


def test_a_partie_that_leaves_a_runde_bumps_it(app, client):
    a, b = new_runde(client, members="Anna\nBernd"), new_runde(client, members="Anna\nBernd")
    board, pid = a_partie(client)
    with app.app_context():
        db = connect(app.config["DATABASE"])
        runde_store.attach(db, a, pid, [m.id for m in stored(app, a).members])
        va, vb = stored(app, a).version, stored(app, b).version
        db.execute("update runde_parties set runde_id = ? where partie_id = ?", [b, pid])   # the trigger (m007)
        assert (stored(app, a).version, stored(app, b).version) == (va + 1, vb + 1)
        db.execute("delete from runde_parties where partie_id = ?", [pid])
        assert stored(app, b).version == vb + 2
        db.conn.close()


def test_the_move_page_opened_as_it_is_lets_you_choose(app, client):
    rid = new_runde(client)
    board, pid = a_partie(client)
    r = client.get(f"/r/{rid}/move")
    assert r.status_code == 200
    assert 'name="partie"' in r.text and f'<option value="{pid}">' in r.text and "There is no partie" not in r.text
    r = client.get(f"/r/{rid}/move", query_string={"partie": "nope"})
    assert r.status_code == 422 and "There is no partie at this address" in r.text and 'name="partie"' in r.text
    r = client.get(f"/r/{rid}/move", query_string={"partie": board})
    assert r.status_code == 200 and "Who is Anna?" in r.text
