"""The pages of the cups' web half on a phone of 360 × 740, light and dark, in a real Chromium: a club's own tariff on
the new partie's form (opened, and refused with its messages), Tirol's deal form with a Sack ticked by the card points,
the new tournament's formats, standings whose ties the lot broke (its digests opened), a player's own lot, the new
cup's form, the cup's organiser page with its options opened and the public cup page: axe finds nothing, nothing runs
past the screen's right edge. The tournament and the cup are stored as the app stores them (scorer.tournament's
store), a Wiener cup's tournament of eight with a Dreier at one table and none at the other."""

import pytest

from scorer import games, store
from scorer.db import connect
from scorer.games.koenigrufen import Deal, RuleSet
from scorer.tournament import CupRules, Scoring, cup_store
from scorer.tournament import store as tstore

from .test_browser import PHONE, browser, close, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
EIGHT = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans"]


def stored_cup(db_path):
    """A Wiener tournament of eight, its round 1 started, a Dreier won at table 1; a Wiener cup of it. Its ids."""
    db = connect(db_path)
    try:
        game = games.by_key("koenigrufen")
        tid = tstore.create_tournament(db, "Wiener Cup 1", game, RuleSet.default("wien"),
                                       Scoring.from_dict({"format": "wien", "games": {"4": 1}}, (4, 5)), EIGHT)
        tstore.draw_round(db, tid, seed=11)
        t = tstore.load(db, tid)
        pids = tstore.start_round(db, t, tstore.the_draw(t))
        store.add_deal(db, pids[0], Deal("game", 0, "dreier", 1, won=True))
        cid = cup_store.create_cup(db, "Wiener Tarockcup", CupRules.from_dict({"preset": "wien"}), [tid])
        t = tstore.load(db, tid)
        return tid, t.public_id, cid, cup_store.load(db, cid).public_id
    finally:
        db.conn.close()


def pages(page, url, ids):
    """(name, path, what to do on the page first) of every page to look at."""
    tid, sid, cid, cup_sid = ids
    yield "new-partie-tariff", "/new?game=koenigrufen", lambda: page.locator("#tariff > summary").tap()

    def refused():
        page.locator("#tariff > summary").tap()
        page.locator("#player0").fill("Anna")
        page.locator("#c_bettel").fill("0")
        page.locator("#ps_trull").fill("5")
        page.locator("form.new-partie button[type=submit]").tap()
        page.wait_for_selector("#error-c_bettel")
    yield "new-partie-tariff-refused", "/new?game=koenigrufen", refused

    def sack():
        for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora")):
            page.locator(f"#player{i}").fill(name)
        page.locator("label.preset:has(input[value=tirol])").tap()
        page.locator("form.new-partie button[type=submit]").tap()
        page.wait_for_selector("#record")
        page.goto(page.url + "/deal?contract=dreier")
        page.locator("input[name=declarer][value='1'] + span").tap()
        page.locator("#card_points").fill("50")
        page.wait_for_selector(".sack-word")
    yield "tirol-deal-form-sack", "/new?game=koenigrufen", sack
    yield "new-tournament", "/t/new", None
    yield "standings-ties", f"/standings/{sid}", lambda: page.locator("details.lot > summary").tap()
    yield "player-lot", f"/standings/{sid}/player/0", lambda: page.locator("details.lot > summary").tap()
    yield "organiser", f"/t/{tid}", None
    yield "new-cup", "/c/new", None
    yield "cup-organiser", f"/c/{cid}", lambda: page.locator("section[aria-labelledby=options-h] summary").tap()
    yield "cup", f"/cup/{cup_sid}", None


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_cups_pages_on_a_small_phone(server, browser, scheme):  # noqa: F811
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()
    ids = stored_cup(server["db"])
    context = browser.new_context(color_scheme=scheme, locale="de-AT", extra_http_headers={"Accept-Language": "de"},
                                  **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    found, wide = {}, {}
    for name, path, first in pages(page, server["url"], ids):
        page.goto(server["url"] + path)
        if first:
            first()
        results = axe.run(page)
        if results.violations_count:
            found[name] = sorted({(v["id"], n["target"][0]) for v in results.response["violations"]
                                  for n in v["nodes"]})
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide[name] = width
    close(context)
    assert not found, found
    assert not wide, wide
