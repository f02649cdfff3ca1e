"""The Runde's page and its tokens: markers no request can plant, a big Runde's forms take their CSRF token from
the end of the page (CSRF enforced), compressed or not."""

import re

import brotli
import pytest

from scorer import create_app

from .conftest import NEW_PARTIE, record
from .test_runde import new_runde, stored
from .helpers import a_partie

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t",
                       "WTF_CSRF_ENABLED": False})


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
