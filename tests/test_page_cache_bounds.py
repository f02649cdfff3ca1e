"""The kept pages (web/pagecache.py) are keyed only on what changes a page, and bounded in bytes: query
strings that do not change the Runde's page do not each keep a copy of it."""

from .test_runde import new_runde


def kept(app):
    return app.extensions["scorer_pages"]


def test_300_query_strings_on_a_runde_page_keep_one_page(app, client):
    rid = new_runde(client)
    client.get(f"/r/{rid}")
    for i in range(300):
        r = client.get(f"/r/{rid}?x{i}={i}&utm_source=mail&period=year")
        assert r.status_code == 200
    for spelling in ("period=all", "period=all&from=junk", "period=all&rid=x"):
        assert client.get(f"/r/{rid}?{spelling}").status_code == 200
    pages = [k for k in kept(app).entries if f"/r/{rid}" in k]
    assert len(pages) == 2          # this year's, and all time's
    # a period of real days is a page of its own; a wrong day is said on the page, and that page kept once
    for _ in range(3):
        assert client.get(f"/r/{rid}?period=range&from=2025-01-01&to=2025-03-31").status_code == 200
        assert "YYYY-MM-DD" in client.get(f"/r/{rid}?period=range&from=2025-13-01&to=x{_}").text
    assert len([k for k in kept(app).entries if f"/r/{rid}" in k]) == 4


def test_the_kept_pages_are_bounded_in_bytes(app, client):
    app.config["PAGE_CACHE_BYTES"] = 200_000
    rids = [new_runde(client, members="\n".join(f"Member {i} {'x' * 30}" for i in range(50))) for _ in range(12)]
    for rid in rids:
        for period in ("year", "all"):
            assert client.get(f"/r/{rid}?period={period}").status_code == 200
    pages = kept(app)
    assert 0 < len(pages.entries) < 24
    assert pages.bytes == sum(3 * page.size for _version, page in pages.entries.values()) <= 200_000
    # the newest page is the one kept, and it is sent from memory
    assert any(rids[-1] in str(k) for k in pages.entries)
