"""Every file the app hands out says who may keep it: the organiser's tournament file and the tables' deals (CSV and
Excel) are `private, no-cache`, as every page, a partie's and a Runde's files are; the public standings' CSV, Excel
and PDF and the cup's CSV may be kept by any cache for a short while (one poll of the standings page), apart for each
language. Real HTTP round trips (the Flask client)."""

import re

from scorer.web.responses import PUBLIC_SECONDS

from .test_a_table_belongs_to_its_tournament import evening  # noqa: F401  (fixture)
from .test_tournament_web import public


def test_the_organisers_files_are_private(client, evening):  # noqa: F811
    organiser, tables, cup = evening
    for path in ("/tournament.json", "/deals.csv", "/deals-excel.csv", "", "/cards"):
        r = client.get(organiser + path)
        assert r.status_code == 200 and r.headers["Cache-Control"] == "private, no-cache", path
    board = tables[0][0]
    for path in (board + "/export.csv", board + "/excel.csv", board + "/partie.json", cup):
        assert client.get(path).headers["Cache-Control"] == "private, no-cache", path


def test_the_public_files_are_kept_briefly(client, evening):  # noqa: F811
    organiser, _tables, cup = evening
    standings = public(client, organiser)
    cup_public = re.search(r'href="(/cup/[^"/]+)"', client.get(cup).text).group(1)
    stranger = client.application.test_client()
    for path in (standings + "/standings.csv", standings + "/excel.csv", standings + "/results.pdf",
                 cup_public + "/cup.csv"):
        r = stranger.get(path, headers={"Accept-Language": "de"})
        assert r.status_code == 200 and r.headers["Cache-Control"] == f"public, max-age={PUBLIC_SECONDS}", path
        assert PUBLIC_SECONDS <= 60 and "Set-Cookie" not in r.headers, path
        vary = {v.strip() for v in r.headers.get("Vary", "").split(",") if v.strip()}
        assert {"Accept-Language", "Cookie"} <= vary, (path, vary)   # the German file never given for English
    # the public pages themselves stay private (they may carry this browser's language and links), and a public
    # address that is no tournament's is never kept
    for path in (standings, standings + "/hall", cup_public):
        assert stranger.get(path).headers["Cache-Control"] == "private, no-cache", path
    r = stranger.get("/standings/nothing-here/standings.csv")
    assert r.status_code == 404 and r.headers["Cache-Control"] == "private, no-cache"
