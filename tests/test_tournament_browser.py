"""A tournament evening in a real browser on phones (390×844, touch): the organiser creates the tournament, draws
and starts round 1 on his phone; a table's phone opens its table by the address alone (the table card's QR code),
sees "game 1 of 16", records a Dreier through the ordinary deal form, and the public standings and the hall view
move, exactly as the engine scores the exported tournament file. Screenshots in test-artifacts/tournament/ with
SCORER_SCREENSHOTS=1."""

import re
import urllib.request

import pytest
from playwright.sync_api import expect

from scorer.tournament import decimal_text
from scorer.tournament import file as tfile

from .test_browser import close, PHONE, browser, server, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

NINE = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"]


def test_a_table_phone_records_a_game_and_the_standings_move(server, browser):
    organiser_context = browser.new_context(locale="en", **PHONE)
    org = organiser_context.new_page()
    org.set_default_timeout(10000)
    org.on("dialog", lambda dialog: dialog.accept())
    org.goto(server["url"] + "/t/new")
    org.locator("#name").fill("Hausruck-Cup")
    org.locator("#players").fill("\n".join(NINE))
    shot(org, "new", folder="tournament")
    tap(org, "text=Create the tournament")
    org.wait_for_selector("text=9 players present: 1 × table of 5, 1 × table of 4.")
    tap(org, "text=Draw round 1")
    org.wait_for_selector("text=Start round 1")
    shot(org, "draw", folder="tournament")
    tap(org, "text=Start round 1")
    org.wait_for_selector("text=Round 1 is being played")
    shot(org, "organiser", folder="tournament")
    organiser = org.url.split("#")[0]
    tables = org.locator("#round .ttable a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    names = org.locator("#round .ttable .tnames").all_inner_texts()
    four = next(i for i, n in enumerate(names) if n.count(",") == 3)
    seated = [re.sub(r"\s+[+−]?\d+$", "", n).strip() for n in names[four].split(", ")]
    standings_url = server["url"] + org.locator("a", has_text="Standings (public)").get_attribute("href")

    # the table cards: the QR code of each table's own address
    org.goto(organiser + "/cards")
    expect(org.locator(".card")).to_have_count(2)
    shot(org, "cards", folder="tournament")

    # a table's phone: the address alone opens the table's partie, the ordinary board with its line
    table_context = browser.new_context(locale="en", **PHONE)
    table = table_context.new_page()
    table.set_default_timeout(10000)
    table.goto(server["url"] + tables[four])
    expect(table.locator("#tournament-line")).to_contain_text("game 1 of 16")
    expect(table.locator("#status")).to_contain_text(f"{seated[0]} deals")
    shot(table, "table-board", folder="tournament")

    # the standings before: everyone 0
    viewer_context = browser.new_context(locale="en", **PHONE)
    viewer = viewer_context.new_page()
    viewer.set_default_timeout(10000)
    viewer.goto(standings_url)
    expect(viewer.locator(".standing-state")).to_contain_text("Provisional")

    # a Dreier won by the table's second player, through the deal form
    tap(table, "#record")
    tap(table, "input[name=contract][value=dreier] + span")
    tap(table, "input[name=declarer][value='1'] + span")
    tap(table, "input[name=result][value=won] + span")
    shot(table, "table-deal", folder="tournament")
    tap(table, "#save")
    expect(table.locator("#tournament-line")).to_contain_text("game 2 of 16")

    # the standings move (the page polls): the declarer first with 12 + 60 = 72
    winner = seated[1]
    first = viewer.locator(".tstandings tbody tr").first
    expect(first.locator("th")).to_contain_text(winner, timeout=20000)
    expect(first.locator("td.total")).to_have_text("72", timeout=20000)   # the winner may head the list before (a tie, by name)
    shot(viewer, "standings", folder="tournament")

    # exactly the engine's standings of the exported tournament file
    with urllib.request.urlopen(organiser + "/tournament.json") as response:
        scored = tfile.read(response.read())
    rows = viewer.locator(".tstandings tbody tr")
    expect(rows).to_have_count(9)
    for row, s in zip(rows.all(), scored.standings):
        assert row.locator("td.place").inner_text() == f"{s.place}."
        assert row.locator("th a").inner_text() == NINE[s.player]
        assert row.locator("td.total").inner_text() == decimal_text(s.total).replace("-", "\u2212")

    # the player's own line and the hall view
    viewer.locator("th a", has_text=winner).click()
    expect(viewer.locator(".own-figures")).to_contain_text("72")
    shot(viewer, "player", folder="tournament")
    hall_context = browser.new_context(locale="en", viewport={"width": 1280, "height": 720})
    hall = hall_context.new_page()
    hall.goto(standings_url + "/hall")
    expect(hall.locator(".hall-table tbody tr").first).to_contain_text(winner)
    shot(hall, "hall", full_page=False, folder="tournament")
    for context in (organiser_context, table_context, viewer_context, hall_context):
        close(context)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violations_on_the_tournament_pages(server, browser, scheme):
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()
    context = browser.new_context(color_scheme=scheme, locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    found = {}

    def check(name):
        results = axe.run(page)
        if results.violations_count:
            found[name] = sorted({(v["id"], n["target"][0]) for v in results.response["violations"]
                                  for n in v["nodes"]})

    page.goto(server["url"] + "/t/new")
    check("new")
    page.locator("#name").fill("Cup")
    page.locator("#players").fill("\n".join(NINE))
    tap(page, "text=Create the tournament")
    page.wait_for_selector("text=Draw round 1")
    check("organiser")
    tap(page, "text=Draw round 1")
    page.wait_for_selector("text=Start round 1")
    check("draw")
    tap(page, "text=Start round 1")
    page.wait_for_selector("text=Round 1 is being played")
    check("running")
    organiser = page.url.split("#")[0]
    board = page.locator("#round .ttable a").first.get_attribute("href")
    public = page.locator("a", has_text="Standings (public)").get_attribute("href")
    for name, path in (("cards", organiser + "/cards"), ("table", server["url"] + board),
                       ("standings", server["url"] + public), ("player", server["url"] + public + "/player/0"),
                       ("print", server["url"] + public + "/print"), ("hall", server["url"] + public + "/hall")):
        page.goto(path)
        check(name)
    close(context)
    assert not found, found
