"""A cup on a phone (390×844, touch) in a real browser: the organiser ticks the tournament he runs on this phone, types
the cup points, creates the cup; the public cup page ranks the players as the engine's cup of that tournament does;
no accessibility violations on the cup's pages (light and dark). Screenshots in test-artifacts/tournament/ with
SCORER_SCREENSHOTS=1."""

import urllib.request

import pytest
from playwright.sync_api import expect

from scorer.tournament import CupRules, cup
from scorer.tournament import file as tfile

from .test_browser import close, PHONE, browser, server, shot, tap  # noqa: F401  (fixtures)
from .test_tournament_evening_browser import GAMES, game, running_tables

pytestmark = pytest.mark.browser

NINE = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_cup_created_on_a_phone_ranks_its_players(server, browser, scheme):
    from axe_playwright_python.sync_playwright import Axe
    context = browser.new_context(color_scheme=scheme, locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(server["url"] + "/t/new")
    page.locator("#name").fill("Tag 1")
    page.locator("#players").fill("\n".join(NINE))
    tap(page, ".more-options summary")
    page.locator("#games_4").fill(str(GAMES[4]))
    page.locator("#games_5").fill(str(GAMES[5]))
    tap(page, "text=Create the tournament")
    page.wait_for_selector("text=Draw round 1")
    organiser = page.url.split("#")[0]
    tap(page, "text=Draw round 1")
    tap(page, "text=Start round 1")
    tables = running_tables(page)
    page.goto(server["url"] + tables[4])
    game(page, 1, 4, won=True)
    page.goto(server["url"] + tables[5])
    game(page, 1, 5, won=False)

    axe = Axe()
    found = {}

    def check(name):
        results = axe.run(page)
        if results.violations_count:
            found[name] = sorted({(v["id"], n["target"][0]) for v in results.response["violations"]
                                  for n in v["nodes"]})

    page.goto(organiser)
    tap(page, "text=A cup of several tournaments")
    page.wait_for_selector("text=New cup")
    check("cup-new")
    tap(page, "text=Create the cup")   # nothing typed: said beside the fields
    expect(page.locator("#e-name")).to_contain_text("Enter a name for the cup.")
    expect(page.locator("#e-cup_points")).to_contain_text("Enter the cup points by place")
    check("cup-new-errors")
    page.locator("#name").fill("Sauwald-Cup")
    page.locator("#cup_points").fill("100 90 80 70 60 50 40 30 20")
    tap(page, "label.check:has-text('Tag 1')")
    shot(page, f"cup-new-{scheme}", folder="tournament")
    tap(page, "text=Create the cup")
    page.wait_for_selector("text=This is the cup organiser’s page")
    check("cup-organiser")
    tap(page, "text=Cup standings (public)")
    page.wait_for_selector(".cupstandings")
    check("cup-public")
    shot(page, f"cup-{scheme}", folder="tournament")

    with urllib.request.urlopen(organiser + "/tournament.json") as response:
        scored = tfile.read(response.read())
    expected = cup([scored], CupRules((100, 90, 80, 70, 60, 50, 40, 30, 20)))
    rows = page.locator(".cupstandings tbody tr")
    expect(rows).to_have_count(9)
    shown = [(r.locator("td.place").inner_text(), r.locator("th").inner_text(), r.locator("td.total").inner_text())
             for r in rows.all()]
    assert shown == [(f"{c.place}.", c.name, str(c.total)) for c in expected]
    close(context)
    assert not found, found
