"""The public cup page refreshes itself as a tournament's standings do (static/app.js: the page asks its version
every few seconds with If-None-Match and reloads when it changed): its body says where and how often to ask, the
version answers 304 while nothing changed and a new ETag after a game recorded at a table of one of the cup's
tournaments, or a tournament added. Real HTTP round trips, English and German."""

import re

from .test_cup_web import played
from .test_tournament_web import NINE, create, draw_and_start, dreier


def polled(page):
    """(poll url, version, seconds) from the page's body."""
    body = re.search(r"<body[^>]*>", page).group(0)
    return (re.search(r'data-poll-url="([^"]+)"', body).group(1), re.search(r'data-version="([^"]+)"', body).group(1),
            int(re.search(r'data-poll-seconds="(\d+)"', body).group(1)))


def test_the_cup_page_polls_its_version_and_it_changes_with_a_game(client):
    first, _one = played(client, NINE[:8], [0, 1], name="Tag 1")
    second = create(client, NINE[:8], name="Tag 2", games_4="2")
    tables = draw_and_start(client, second)
    response = client.post("/c/new", data={"name": "Hausruck-Cup", "cup_points": "10 8 6 4 2", "cup_total": "sum",
                                           "minus_days": "count", "tournament": [first.split("/")[-1]]})
    assert response.status_code == 302, response.text[:2000]
    organiser = response.headers["Location"]
    cup_page = re.search(r'href="(/cup/[^"/]+)"', client.get(organiser).text).group(1)
    for headers in ({}, {"Accept-Language": "de"}):
        url, version, seconds = polled(client.get(cup_page, headers=headers).text)
        assert url == cup_page + "/version" and 1 <= seconds <= 30
    answer = client.get(url)
    assert answer.status_code == 200 and answer.headers["ETag"] == f'"{version}"'
    assert answer.headers["Cache-Control"] == "no-cache"
    assert client.get(url, headers={"If-None-Match": f'"{version}"'}).status_code == 304
    # a tournament added: a new version, and the page says it
    assert client.post(organiser + "/add", data={"tournament": [second.split("/")[-1]]}).status_code == 302
    added = client.get(url, headers={"If-None-Match": f'"{version}"'})
    assert added.status_code == 200 and added.headers["ETag"] != f'"{version}"'
    _url, now, _seconds = polled(client.get(cup_page).text)
    assert added.headers["ETag"] == f'"{now}"'
    # a game at a table of the added tournament: a new version again
    dreier(client, tables[0][0], 0)
    after = client.get(url, headers={"If-None-Match": f'"{now}"'})
    assert after.status_code == 200 and after.headers["ETag"] not in (f'"{now}"', f'"{version}"')
    assert client.get(url, headers={"If-None-Match": after.headers["ETag"]}).status_code == 304


def test_no_cup_no_version(client):
    assert client.get("/cup/" + "x" * 22 + "/version").status_code == 404
