"""Review 2's Runde findings: a partie in one Runde only (checked in the write transaction), the kept page's
markers that no request can plant, a big Runde's page still spliced with CSRF enforced, the per-phone parts
filled outside the lock, deals played, the header's game, the move page opened as it is, and file readers
that refuse 1.0, True and "1" for a seat."""

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import brotli
import pytest

from scorer import create_app, runde_store
from scorer.db import connect
from scorer.partie_file import from_dict
from scorer.problems import ScoringError
from scorer.web import runde as runde_web

from .conftest import NEW_PARTIE, record
from .test_runde import new_runde, standings_csv, stored

ROOT = Path(__file__).parent.parent
EXAMPLE = Path(__file__).parent / "data" / "format-example.json"
TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t",
                       "WTF_CSRF_ENABLED": False})


def a_partie(client):
    board = client.post("/new", data=NEW_PARTIE).headers["Location"]
    assert record(client, board, undertaker="nobody", points="30").status_code == 302
    return board, board.rsplit("/", 1)[1]


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


@pytest.mark.parametrize("planted", ["%00csrf%00", "%00movable%00", "%3C%00csrf%3E", "%3C%00movable%3E",
                                     "<csrf>", "&lt;%00csrf>"])
def test_the_query_cannot_plant_a_token_or_a_part(app, client, planted):
    rid = new_runde(client)
    board, pid = a_partie(client)       # a partie in no Runde: this phone's datalist has it
    url = f"/r/{rid}?period=range&from={planted}"
    app.config["WTF_CSRF_ENABLED"] = True
    other = app.test_client()
    for _ in range(2):
        other.get(url)                  # another phone asked first
    for _ in range(2):
        page = client.get(url).text
        token = TOKEN.findall(page)
        assert token and len(set(token)) == 1
        field = re.search(r'<input type="date" id="from"[^>]*>', page).group(0)
        assert token[0] not in field and "datalist" not in field
        assert page.count('<datalist id="movable">') == 1 and f'<option value="{pid}">' in page
        assert "<\x00" not in page


def test_a_big_runde_s_forms_take_their_token_from_the_end_of_the_page(tmp_path):
    app = csrf_app(tmp_path)
    client = app.test_client()
    rid = new_runde(client, members="\n".join(f"Member{i}" for i in range(10)))
    for n in range(3):
        board = client.post("/new", data={**NEW_PARTIE, "runde": rid}).headers["Location"]
        record(client, board, undertaker="dealer", pile_of=str(n % 2), points="40")
    app.config["WTF_CSRF_ENABLED"] = True
    client.get(f"/r/{rid}")   # the last deal's flash
    plain = client.get(f"/r/{rid}").text
    r = client.get(f"/r/{rid}", headers={"Accept-Encoding": "br"})
    assert r.headers.get("Content-Encoding") == "br"
    page = brotli.decompress(r.data).decode()
    assert TOKEN.sub("", page) == TOKEN.sub("", plain)
    tokens = set(TOKEN.findall(page))
    assert len(tokens) == 1
    # every token is in the tail, tied to its form by form=
    assert page.index('name="csrf_token"') > page.index('id="members"')
    member = stored(app, rid).members[0]
    assert f'form="rename{member.id}"' in page and 'form="settle"' in page and 'form="add-member"' in page
    assert client.post(f"/r/{rid}/members/{member.id}", data={"name": "Maria"}).status_code == 400
    stranger = app.test_client()
    stranger_token = TOKEN.search(stranger.get(f"/r/{rid}").text).group(1)
    assert client.post(f"/r/{rid}/members/{member.id}",
                       data={"name": "Maria", "csrf_token": stranger_token}).status_code == 400
    token = tokens.pop()
    r = client.post(f"/r/{rid}/members/{member.id}", data={"name": "Maria", "csrf_token": token})
    assert r.status_code == 302 and stored(app, rid).member(member.id).name == "Maria"
    r = client.post(f"/r/{rid}/members", data={"name": "Neu", "csrf_token": token})
    assert r.status_code == 302 and "Neu" in [m.name for m in stored(app, rid).members]
    pids = " ".join(p.id for p in stored(app, rid).parties)
    r = client.post(f"/r/{rid}/settle", data={"partie": pids, "csrf_token": token})
    assert r.status_code == 302 and all(p.settled for p in stored(app, rid).parties)


def test_deals_are_the_deals_each_played(app, client):
    from .test_koenigrufen_web import NEW as NEW_KOENIG
    from .test_koenigrufen_web import deal as koenig_deal

    rid = new_runde(client, members="Anna\nBernd\nCilli\nDora\nEmil", game="koenigrufen")
    board = client.post("/new", data={**NEW_KOENIG, "player4": "Emil", "first_dealer": "0",
                                      "runde": rid}).headers["Location"]
    # five at the table: Anna deals and sits out a Rufer; Bernd misdeals (he deals again); Bernd deals and sits
    # out a Dreier
    assert koenig_deal(client, board, contract="rufer", declarer="1", partner="2", result="won").status_code == 302
    assert koenig_deal(client, board, type="misdeal", offender="1").status_code == 302
    assert koenig_deal(client, board, contract="dreier", declarer="2", result="lost").status_code == 302
    rows = standings_csv(client, rid)
    table = {row[0]: row for row in rows[1:6]}
    assert rows[0][2] == "Deals"
    assert {n: table[n][2] for n in table} == {"Anna": "1", "Bernd": "1", "Cilli": "2", "Dora": "2", "Emil": "2"}
    page = client.get(f"/r/{rid}", query_string={"period": "all"}).text
    assert "3 deals" in page   # the evenings' list: every deal of the evening
    assert 'aria-describedby="deals-note"' in page and "is no deal played" in page


def test_the_header_names_the_runde_s_one_game(app, client):
    rid = new_runde(client, game="koenigrufen")
    brand = re.compile(r'<a class="brand"[^>]*>([^<]*)</a>')
    assert brand.search(client.get(f"/r/{rid}").text).group(1) == "Königrufen"
    client.post("/new", data={**NEW_PARTIE, "runde": rid})   # a Strohmandeln evening in it too
    assert brand.search(client.get(f"/r/{rid}").text).group(1) == "Tarock"


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


def test_the_date_fields_belong_to_the_range(app, client):
    rid = new_runde(client)
    page = client.get(f"/r/{rid}", headers={"Accept-Language": "de"}).text
    assert re.search(r'<fieldset class="dates">\s*<legend>Von … bis</legend>', page)
    assert '<label for="to">Bis</label>' in page


@pytest.mark.parametrize("value", [1.0, 0.0, True, False, "1"])
@pytest.mark.parametrize("field", ["dealer", "offender"])
def test_a_seat_must_be_a_whole_number(tmp_path, value, field):
    data = json.loads(EXAMPLE.read_text())
    index = next(i for i, d in enumerate(data["deals"]) if field in d)
    data["deals"][index][field] = value
    with pytest.raises(ScoringError) as caught:
        from_dict(data)
    message = f"deal {index + 1}: {field} must be 0 or 1"
    assert any(str(p).startswith(message) or message in str(p) for p in caught.value.problems) or \
        message in str(caught.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 1 and out.stdout == "" and message in out.stderr and "Traceback" not in out.stderr


def test_a_bonus_player_true_is_refused(app, client):
    data = json.loads(EXAMPLE.read_text())
    index = next(i for i, d in enumerate(data["deals"]) if d.get("bonuses"))
    data["deals"][index]["bonuses"][0]["player"] = True
    r = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "partie.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and f"Deal {index + 1}:" in r.text and "nothing was created" in r.text


def test_a_float_dealer_is_refused_by_the_web_import(app, client):
    data = json.loads(EXAMPLE.read_text())
    data["deals"][1]["dealer"] = float(data["deals"][1]["dealer"])
    r = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "partie.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and "Deal 2: dealer must be 0 or 1" in r.text and "nothing was created" in r.text
