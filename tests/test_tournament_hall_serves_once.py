"""The public standings in a hall of phones, through real HTTP round trips: the standings page, a player's own line and
the hall view are rendered once per change of the tournament and the same bytes are sent to every phone (compressed
once, an ETag each, 304 to a phone that has them); a phone's poll says "nothing new for you" (304) while the rows its
page shows did not change, even when the tournament changed elsewhere, and names a new digest when they did."""

import re

from scorer.tournament import web as tweb

from .test_tournament_web import NINE, create, dreier, draw_and_start, public


def poll_of(page: str) -> tuple[str, str]:
    body = re.search(r"<body([^>]*)>", page).group(1)
    return re.search(r'data-poll-url="([^"]+)"', body).group(1).replace("&amp;", "&"), \
        re.search(r'data-version="([^"]+)"', body).group(1)


def test_the_same_bytes_to_every_phone_and_rendered_once(app, client, monkeypatch):
    organiser = create(client, NINE[:8], games_4="3")
    found = draw_and_start(client, organiser)
    sid = public(client, organiser)
    rendered = []
    real = tweb.render_template

    def counting(name, **kw):
        rendered.append(name)
        return real(name, **kw)

    monkeypatch.setattr(tweb, "render_template", counting)
    phones = [app.test_client() for _ in range(5)]
    answers = [phone.get(sid, headers={"Accept-Encoding": "br"}) for phone in phones]
    assert {a.headers["Content-Encoding"] for a in answers} == {"br"}
    assert len({a.data for a in answers}) == 1 and len({a.headers["ETag"] for a in answers}) == 1
    assert rendered.count("tournament/standings.html") == 1
    # a phone that has the page: 304, nothing sent
    again = phones[0].get(sid, headers={"Accept-Encoding": "br", "If-None-Match": answers[0].headers["ETag"]})
    assert again.status_code == 304 and not again.data
    plain = phones[1].get(sid, headers={"Accept-Encoding": ""})
    assert "Content-Encoding" not in plain.headers and "Hausruck-Cup 3" in plain.text
    for n in range(3):
        phones[n].get(f"{sid}/hall")
        phones[n].get(f"{sid}/player/0")
    assert rendered.count("tournament/hall.html") == 1 and rendered.count("tournament/player.html") == 1
    # a game recorded: rendered once more, for everyone
    dreier(client, found[0][0], 1)
    answers = [phone.get(sid, headers={"Accept-Encoding": "gzip"}) for phone in phones]
    assert len({a.data for a in answers}) == 1 and rendered.count("tournament/standings.html") == 2


def test_a_poll_says_nothing_new_while_the_phones_own_rows_did_not_change(client):
    organiser = create(client, NINE[:8], games_4="3")
    found = draw_and_start(client, organiser)
    sid = public(client, organiser)
    table, names = found[0]
    other = found[1][1]
    someone_else = NINE.index(other[0])   # at the other table
    mine = NINE.index(names[1])
    url, seen = poll_of(client.get(f"{sid}/player/{someone_else}").text)
    assert "of=player-" in url
    assert client.get(url, headers={"If-None-Match": f'"{seen}"'}).status_code == 304
    # a game at table 1, where he does not sit, and a deal that changes nobody's line: nothing new for him
    client.post(table + "/deal", data={"type": "misdeal", "action": "save", "offender": "0", "dealer": "0",
                                       "key": "misdeal-1"})
    assert client.get(url, headers={"If-None-Match": f'"{seen}"'}).status_code == 304
    # the whole standings' page: its rows did not change either (a misdeal scores nothing here)
    all_url, all_seen = poll_of(client.get(sid).text)
    assert client.get(all_url, headers={"If-None-Match": f'"{all_seen}"'}).status_code == 304
    # a Dreier at table 1: the standings' rows change; his own line only if his place moved
    dreier(client, table, 1)
    answer = client.get(all_url, headers={"If-None-Match": f'"{all_seen}"'})
    assert answer.status_code == 200 and answer.headers["ETag"] != f'"{all_seen}"'
    before = client.get(f"{sid}/player/{mine}").text
    url_mine, seen_mine = poll_of(before)
    dreier(client, found[1][0], 1)   # a game at the other table: his Schrift and rank points stay
    after = client.get(f"{sid}/player/{mine}").text

    def own_place(page):
        return re.search(r'<p class="own-place">.*?</p>', page, re.S).group(0)

    answer = client.get(url_mine, headers={"If-None-Match": f'"{seen_mine}"'})
    # nothing new for him unless his place moved (his figures did not)
    assert (answer.status_code == 304) == (own_place(before) == own_place(after))
    # the hall view polls the same digest as the standings
    body = client.get(f"{sid}/hall").text
    assert 'data-poll="' in body and "of=all" in body
