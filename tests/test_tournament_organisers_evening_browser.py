"""The organiser's evening in a real browser on phones (390×844, touch): nine players, three rounds. Round 1 is
closed by its games (no "time is up"); once round 2 is drawn, round 1's table is refused ("Round 1 is over") and the
organiser reopens it for a correction (told what it means for the draw), then closes it again; in round 2 a player
leaves mid-round and his table's round ends with its games so far; round 3 seats the eight left; the organiser
finishes the tournament: the final results, no more draws, the table's phone told so. Screenshots in
test-artifacts/tournament/ with SCORER_SCREENSHOTS=1."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, browser, server, shot, tap  # noqa: F401  (fixtures)
from .test_tournament_evening_browser import phone

pytestmark = pytest.mark.browser

NINE = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"]
GAMES = 2   # games a round at every table


def tables_of(org):
    """The running round's tables on the organiser's page: [(board path, names)]."""
    org.wait_for_selector("text=is being played")
    links = org.locator("#round .ttable a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    names = org.locator("#round .ttable .tnames").all_inner_texts()
    return list(zip(links, names))


def game(page, number, size):
    """Game `number` of the round at this table (its board open): a Dreier of the player after the dealer."""
    line = page.locator("#tournament-line")
    expect(line).to_contain_text(f"game {number} of {GAMES}")
    tap(page, "#record")
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, f"input[name=declarer][value='{number % size}'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "#save")
    expect(line).to_contain_text(f"game {number + 1} of {GAMES}" if number < GAMES else
                                 "the round is complete at this table")


def play_round(browser_pages, server, tables, skip=()):
    for (board, names), page in zip(tables, browser_pages):
        page.goto(server["url"] + board)
    for number in range(1, GAMES + 1):
        for k, ((board, names), page) in enumerate(zip(tables, browser_pages)):
            if k not in skip:
                game(page, number, names.count(",") + 1)


def violations(page) -> list:
    """axe's violations on the page as it is (none expected: the organiser's new states, a closed table)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return sorted({(v["id"], n["target"][0]) for v in results.response["violations"] for n in v["nodes"]})


def test_the_organisers_evening(server, browser):
    contexts = []
    org_context, org = phone(browser)
    contexts.append(org_context)
    org.goto(server["url"] + "/t/new")
    org.locator("#name").fill("Hausruck-Cup 5")
    org.locator("#players").fill("\n".join(NINE))
    tap(org, ".more-options summary")
    org.locator("#games_4").fill(str(GAMES))
    org.locator("#games_5").fill(str(GAMES))
    tap(org, "text=Create the tournament")
    org.wait_for_selector("text=9 players present: 1 × table of 5, 1 × table of 4.")
    organiser = org.url.split("#")[0]
    first_context, first = phone(browser)
    second_context, second = phone(browser)
    contexts += [first_context, second_context]

    # round 1, closed by its games: the page offers the next draw, End round 1 and Finish the tournament
    tap(org, "text=Draw round 1")
    tap(org, "text=Start round 1")
    round1 = tables_of(org)
    play_round([first, second], server, round1)
    org.goto(organiser)
    round_section = org.locator("#round")
    expect(round_section).to_contain_text("Round 1 is complete")
    for offered in ("Draw round 2", "End round 1", "Finish the tournament"):
        expect(round_section.get_by_role("button", name=offered)).to_be_visible()
    shot(org, "evening-round-1-complete", folder="tournament")
    assert violations(org) == []

    # round 2 drawn: round 1's table refuses its phone's undo, and its line says whom to ask
    tap(org, "text=Draw round 2")
    org.wait_for_selector("text=Start round 2")
    first.goto(server["url"] + round1[0][0])
    expect(first.locator("#tournament-line")).to_contain_text("Round 1 is over: round 2 has been drawn. Ask the "
                                                              "organiser.")
    # its board offers no Undo and says why (an Undo sent all the same is refused: test_tournament_rounds_close.py)
    expect(first.locator("#undo")).to_have_count(0)
    expect(first.locator("#locked")).to_contain_text("Round 1 is over: its games can no longer be changed here. "
                                                     "Only the organiser can reopen it.")
    shot(first, "evening-closed-table", folder="tournament")
    assert violations(first) == []

    # the organiser reopens round 1 for a correction, told what it means for the draw of round 2; the table corrects
    org.goto(organiser)
    round_1 = org.locator("#rounds-h ~ details").first
    if round_1.get_attribute("open") is None:
        tap(org, "#rounds-h ~ details summary")
    tap(org, "text=Reopen round 1 for corrections")
    expect(org.locator(".flash")).to_contain_text("Round 1 is open for corrections. Its tables’ phones may change "
                                                  "its games again")
    expect(org.locator(".flash")).to_contain_text("The draw of round 2 (by lot) stays as it is.")
    first.goto(server["url"] + round1[0][0])
    tap(first, "#undo button")
    expect(first.locator("#tournament-line")).to_contain_text(f"game {GAMES} of {GAMES}")
    game(first, GAMES, round1[0][1].count(",") + 1)
    tap(org, "text=Close round 1 again")
    expect(org.locator(".flash")).to_contain_text("Round 1 is closed again")

    # round 2: a player leaves the table of five after its first game; its round ends with that game
    tap(org, "text=Start round 2")
    round2 = tables_of(org)
    five = next(k for k, (_b, names) in enumerate(round2) if names.count(",") == 4)
    leaving = round2[five][1].split(", ")[2].split(" ")[0]
    pages = [first, second]
    pages[five].goto(server["url"] + round2[five][0])
    game(pages[five], 1, 5)
    org.goto(organiser)
    tap(org, f"[aria-label='{leaving} leaves mid-round']")
    expect(org.locator(".flash")).to_contain_text(f"{leaving} left table {five + 1}: its round ends with the games "
                                                  "recorded so far")
    pages[five].reload()
    expect(pages[five].locator("#tournament-line")).to_contain_text(f"{leaving} left the table: its games so far "
                                                                    "are its round.")
    expect(pages[five].locator("#record")).to_be_hidden()
    play_round([pages[1 - five]], server, [round2[1 - five]])
    org.goto(organiser)
    expect(org.locator("#round")).to_contain_text("Round 2 is complete")
    expect(org.locator("#round")).to_contain_text("8 players present: 2 × table of 4.")
    shot(org, "evening-round-2-complete", folder="tournament")
    assert violations(org) == []

    # round 3: the eight left; then the organiser finishes the tournament
    tap(org, "text=Draw round 3")
    tap(org, "text=Start round 3")
    round3 = tables_of(org)
    assert leaving not in " ".join(names for _b, names in round3)
    play_round([first, second], server, round3)
    org.goto(organiser)
    tap(org, "text=Finish the tournament")
    expect(org.locator(".flash")).to_contain_text("The tournament is finished: these are its final results.")
    expect(org.locator("#round")).to_contain_text("The tournament is finished")
    expect(org.locator("#round").get_by_role("link", name="Results (PDF)")).to_be_visible()
    expect(org.locator("#round").get_by_role("button", name="Draw round 4")).to_have_count(0)
    expect(org.locator(".standing-state")).to_contain_text("Final results after 3 rounds")
    shot(org, "evening-finished", folder="tournament")
    assert violations(org) == []
    first.goto(server["url"] + round3[0][0])
    expect(first.locator("#tournament-line")).to_contain_text("The tournament is finished: its results are final.")
    expect(first.locator("#record")).to_be_hidden()
    # the table's board prints as its score sheet: no buttons, the sheet and the table's line
    first.emulate_media(media="print")
    expect(first.locator("#undo")).to_be_hidden()
    expect(first.locator("#sheet")).to_be_visible()
    expect(first.locator("#tournament-line")).to_be_visible()
    close(*contexts)
