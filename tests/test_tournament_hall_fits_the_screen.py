"""The hall view on a projector's screen, in a real browser: at 1280×720, 1366×768 and 1920×1080 (and a 4:3 screen)
every row it shows lies inside the screen, and as its pages turn every place of a 43-player tournament appears, each
once, in the standings' order; the text stays large (a row is at least 1/25 of the screen's height). Screenshots in
test-artifacts/tournament/ with SCORER_SCREENSHOTS=1."""

import pytest

from scorer import games
from scorer.db import connect
from scorer.tournament import Scoring
from scorer.tournament import store as tstore
from scorer import store

from .test_browser import browser, close, server, shot  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

PLAYERS = 43   # Königrufen seats them at 7 tables of four and 3 of five


def hall_of(db_path: str) -> str:
    """A tournament of 43 players (a few long names) with round 1 started and a Dreier at every table: its public
    id."""
    game = games.by_key("koenigrufen")
    db = connect(db_path)
    names = [f"Spielerin {n:02d} Mustermann-Oberhuber" if n % 7 == 0 else f"Player {n:02d}" for n in range(PLAYERS)]
    tid = tstore.create_tournament(db, "Landescup", game, game.rules.default("ooe"), Scoring(), names)
    tstore.draw_round(db, tid, seed=3)
    t = tstore.load(db, tid)
    pids = tstore.start_round(db, t, tstore.the_draw(t))
    for k, pid in enumerate(pids):
        problems: list = []
        deal = game.file.parse_deal({"type": "game", "dealer": 0, "contract": "dreier", "declarer": 1 + k % 3,
                                     "won": k % 2 == 0}, problems)
        assert not problems
        store.add_deal(db, pid, deal)
    sid = tstore.load(db, tid).public_id
    db.conn.close()
    return sid


@pytest.mark.parametrize("width,height", [(1280, 720), (1366, 768), (1920, 1080), (1024, 768)])
def test_every_place_appears_on_the_screen_as_the_pages_turn(server, browser, width, height):
    sid = hall_of(server["db"])
    context = browser.new_context(locale="en", viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(10000)
    page.clock.install()
    page.goto(f"{server['url']}/standings/{sid}/hall")
    page.wait_for_function("document.querySelectorAll('.hall-table tbody tr:not([hidden])').length > 0")
    every = page.locator(".hall-table tbody tr").evaluate_all("rows => rows.map(r => r.cells[0].textContent + "
                                                              "' ' + r.querySelector('th').textContent)")
    assert len(every) == PLAYERS
    seen: list = []
    pages = 0
    for _turn in range(PLAYERS):
        shown = page.evaluate("""() => Array.from(document.querySelectorAll('.hall-table tbody tr'))
            .filter(r => !r.hidden).map(r => { const b = r.getBoundingClientRect();
              return {text: r.cells[0].textContent + ' ' + r.querySelector('th').textContent, top: b.top,
                      bottom: b.bottom, height: b.height}; })""")
        assert shown, "a page without rows"
        for row in shown:   # inside the screen, and large enough to read from the back of the hall
            assert 0 <= row["top"] and row["bottom"] <= height, (row, width, height)
            assert row["height"] >= height / 25, (row, height)
        if pages == 0:
            shot(page, f"hall-{width}x{height}", full_page=False, folder="tournament")
            said = page.locator("#hall-page").inner_text()
        if seen and shown[0]["text"] == every[0]:
            break   # back at the first page
        seen += [row["text"] for row in shown]
        pages += 1
        before = page.locator("#hall-page").inner_text()
        page.clock.run_for(15_000)
        page.wait_for_function("before => document.getElementById('hall-page').textContent !== before", arg=before)
    assert seen == every   # every place once, in order
    assert pages >= 2 and said.strip() == f"· page 1 of {pages}", (said, pages)
    close(context)
