"""A short tournament evening on three phones (390×844, touch) in a real browser: 9 players (one table of four, one of
five), two rounds of a few games entered from two table phones (each opened by its table's address alone, as the
table card's QR code opens it) and from the organiser's phone, who also ends each round (time is up); the hall view
read back and compared, line by line, with `python -m scorer replay` of the exported tournament file. A table's board
offers no "End partie": the round's end is the organiser's. Screenshots in test-artifacts/tournament/ with
SCORER_SCREENSHOTS=1."""

import json
import subprocess
import sys
import urllib.request

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, browser, server, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

NINE = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"]
GAMES = {4: 2, 5: 3}   # games per round at a table of four, of five


def phone(browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page


def running_tables(org):
    """The running round's tables on the organiser's page: {size: board path}."""
    org.wait_for_selector("text=is being played")
    links = org.locator("#round .ttable a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    names = org.locator("#round .ttable .tnames").all_inner_texts()
    return {n.count(",") + 1: link for link, n in zip(links, names)}


def game(page, number, size, won):
    """Game `number` of the round at this table (the board open): a Dreier of the player after the dealer (at a table
    of five the dealer sits out), won or lost, through the ordinary deal form."""
    line = page.locator("#tournament-line")
    expect(line).to_contain_text(f"game {number} of {GAMES[size]}")
    expect(page.locator(".more")).not_to_contain_text("End partie")   # the round's end is the organiser's
    tap(page, "#record")
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, f"input[name=declarer][value='{number % size}'] + span")
    tap(page, f"input[name=result][value={'won' if won else 'lost'}] + span")
    tap(page, "#save")
    if number < GAMES[size]:
        expect(line).to_contain_text(f"game {number + 1} of {GAMES[size]}")
    else:
        expect(line).to_contain_text("the round is complete at this table")
        expect(page.locator("#record")).to_be_hidden()           # no Record deal, no quick starts: the round is done
        expect(page.locator(".starts")).to_be_hidden()


def end_round(org, organiser, number):
    org.goto(organiser)
    tap(org, f"text=End round {number} for every table (time is up)")
    org.wait_for_selector(f"text=Round {number} ended for every table.")


def test_two_rounds_from_three_phones_and_the_hall_is_the_replayed_file(server, browser, tmp_path):
    organiser_context, org = phone(browser)
    org.goto(server["url"] + "/t/new")
    org.locator("#name").fill("Sauwald-Cup 4")
    org.locator("#players").fill("\n".join(NINE))
    tap(org, ".more-options summary")
    org.locator("#games_4").fill(str(GAMES[4]))
    org.locator("#games_5").fill(str(GAMES[5]))
    tap(org, "text=Create the tournament")
    org.wait_for_selector("text=9 players present: 1 × table of 5, 1 × table of 4.")
    organiser = org.url.split("#")[0]
    public = server["url"] + org.locator("a", has_text="Standings (public)").get_attribute("href")
    four_context, four = phone(browser)
    five_context, five = phone(browser)

    # round 1: the table of four plays its two games, the table of five two of its three; time is up
    tap(org, "text=Draw round 1")
    tap(org, "text=Start round 1")
    tables = running_tables(org)
    four.goto(server["url"] + tables[4])
    five.goto(server["url"] + tables[5])
    game(four, 1, 4, won=True)
    game(five, 1, 5, won=True)
    game(four, 2, 4, won=False)
    game(five, 2, 5, won=True)
    shot(five, "evening-table", folder="tournament")
    end_round(org, organiser, 1)
    five.reload()
    expect(five.locator("#tournament-line")).to_contain_text("The round has ended: no more games.")

    # round 2: new tables (new cards); the organiser's phone enters a game at the table of five
    tap(org, "text=Draw round 2")
    tap(org, "text=Start round 2")
    tables = running_tables(org)
    four.goto(server["url"] + tables[4])
    five.goto(server["url"] + tables[5])
    game(four, 1, 4, won=False)
    game(five, 1, 5, won=True)
    org.goto(server["url"] + tables[5])
    game(org, 2, 5, won=False)
    game(four, 2, 4, won=True)
    end_round(org, organiser, 2)
    shot(org, "evening-organiser", folder="tournament")

    # the hall view (a projector) read back
    hall_context = browser.new_context(locale="en", viewport={"width": 1280, "height": 720})
    hall = hall_context.new_page()
    hall.goto(public + "/hall")
    expect(hall.locator(".hall-head")).to_contain_text("After round 2")
    rows = hall.locator(".hall-table tbody tr")
    expect(rows).to_have_count(9)
    # the columns: place, player, total (td 1), Schrift (td 2), rank points (td 3): the standings' order
    assert hall.locator(".hall-table td.total").first.evaluate("td => td.cellIndex") == 2
    shown = [[row.locator("td").nth(0).inner_text(), row.locator("th").inner_text(),
              row.locator("td").nth(2).inner_text(), row.locator("td").nth(3).inner_text(),
              row.locator("td.total").inner_text()] for row in rows.all()]
    shot(hall, "evening-hall", full_page=False, folder="tournament")

    # the tournament file, exported and replayed by the command line
    with urllib.request.urlopen(organiser + "/tournament.json") as response:
        path = tmp_path / "tournament.json"
        path.write_bytes(response.read())
    data = json.loads(path.read_text())
    assert [len(t["deals"]) for r in data["rounds"] for t in sorted(r["tables"], key=lambda t: len(t["players"]))] \
        == [2, 2, 2, 2]
    replayed = json.loads(subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), "--json"],
                                         capture_output=True, text=True, check=True).stdout)

    def text(value):   # as the pages write the figures: a real minus, a plus on Schrift
        return str(value).replace("-", "\u2212")

    expected = [[f"{s['place']}.", replayed["players"][s["player"]],
                 ("+" if s["schrift"] > 0 else "") + text(s["schrift"]), text(s["rank_points"]), text(s["total"])]
                for s in replayed["standings"]]
    assert shown == expected
    assert len({row[0] for row in shown}) > 1 and any(row[2] != "0" for row in shown)   # a real evening, not all 0
    for context in (organiser_context, four_context, five_context, hall_context):
        close(context)
