"""Die Runde on a phone, in a real browser: a Runde is started, two short evenings are played in it (each
started from the Runde's page), the standings show each member's money as the engine adds it up, the open
balances say who pays whom, and both evenings are marked settled. Screenshots light, dark and in German land
in test-artifacts/ (runde-*.png)."""

import datetime

from babel.dates import format_date

import pytest

from scorer import runde_store, store
from scorer.db import connect
from scorer.games import game_of
from scorer.settle import fewest_transfers
from scorer.web.language import euros

from .test_browser import close, browser, deal, phone, server, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def stored_runde(server, rid):
    db = connect(server["db"])
    try:
        runde = runde_store.load_runde(db, rid)
        money = {}
        for p in runde.parties:
            sp = store.load(db, p.id)
            money[p.id] = game_of(sp.partie).replay(sp.partie).money
        return runde, money
    finally:
        db.conn.close()


def evening(server, page, runde_url, who):
    """From the Runde's page: tick the members `who`, start the partie, which opens on its board."""
    page.goto(runde_url + "#play")
    for name in who:
        page.locator("fieldset.members label.check", has_text=name).tap()
    tap(page, "text=New partie in this Runde")
    page.wait_for_selector("#player0")
    assert [page.locator(f"#player{i}").input_value() for i in range(len(who))] == list(who)
    assert "This partie is played in the Runde Donnerstag" in page.locator("form.new-partie").inner_text()
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")


def test_a_runde_of_two_evenings_on_a_phone(server, browser):
    context, page = phone(browser)
    page.goto(server["url"] + "/r/new")
    page.locator("#name").fill("Donnerstag")
    tap(page, "input[name=settles][value=evening] + span")
    page.locator("#members").fill("Anna\nBernd\nClara")
    shot(page, "runde-new-light")
    tap(page, "text=Start the Runde")
    page.wait_for_selector("#h-standings")
    runde_url = page.url.split("#")[0]
    rid = runde_url.rsplit("/", 1)[1]

    # evening 1: Anna and Bernd; Anna wins a simple game with 38, then undertakes as Vorhand and wins with 45
    evening(server, page, runde_url, ["Anna", "Bernd"])
    deal(server, page, pile="0", points="38")
    s = deal(server, page, undertaker="0", points="45")
    assert s.balance == (1 + 4, -5)
    # evening 2: Bernd and Clara; Clara's pile has 40 (Bernd's 30): Clara wins the simple game
    evening(server, page, runde_url, ["Bernd", "Clara"])
    s = deal(server, page, pile="1", points="40")
    assert s.balance == (-1, 1)

    page.goto(runde_url)
    runde, money = stored_runde(server, rid)
    one, two = (p.id for p in runde.parties)
    ids = {m.name: m.id for m in runde.members}
    by_id = {p.id: p for p in runde.parties}
    expected = {"Anna": money[one][0], "Bernd": money[one][1] + money[two][0], "Clara": money[two][1]}
    assert expected == {"Anna": money[one][0], "Bernd": -money[one][0] + money[two][0], "Clara": -money[two][0]}
    for name, amount in expected.items():
        row = page.locator("table.standings tr", has=page.locator(f"th[scope=row]:text-is('{name}')"))
        cells = row.locator("td").all_inner_texts()
        assert cells[1] == ("2" if name == "Bernd" else "1")
        assert cells[0] == euros(amount), (name, cells)
    # the open balances: one group per evening (the Runde settles after every evening), who pays whom
    groups = page.locator(".open-group")
    assert groups.count() == 2
    for group, (pid, seats, deals) in zip(groups.all(), ((one, ["Anna", "Bernd"], "2 deals"),
                                                         (two, ["Bernd", "Clara"], "1 deal"))):
        text = group.inner_text()
        day = datetime.date.fromisoformat(by_id[pid].created[:10])
        # an evening settled on its own: named by its players and deals (two of one day are told apart)
        assert group.locator("h3").inner_text() == f"{format_date(day, 'medium', locale='en')} · {' – '.join(seats)} · {deals}"
        lines = [f"{seats[t.payer]} pays {seats[t.payee]} {euros(t.amount, sign=False)}"
                 for t in fewest_transfers(list(money[pid]))]
        assert len(lines) == 1 and lines[0] in text
        assert group.locator("li").count() == 1
    shot(page, "runde-light")

    # the same page dark, and in German
    dark, dark_page = phone(browser, "dark")
    dark_page.goto(runde_url)
    shot(dark_page, "runde-dark")
    german = browser.new_context(locale="de-DE", extra_http_headers={"Accept-Language": "de"},
                                 viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    de_page = german.new_page()
    de_page.goto(runde_url)
    assert de_page.locator("#h-open").inner_text() == "Offene Beträge"
    assert " zahlt " in de_page.locator(".open-group").first.inner_text()
    assert de_page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(de_page, "runde-de-light")
    for ctx in (dark, german):
        close(ctx)

    # mark both evenings settled, one after the other; the page says what is left
    groups.first.get_by_role("button", name="Mark as settled").tap()
    page.wait_for_selector("#h-open")
    assert "Marked as settled." in page.locator("main").inner_text()
    assert page.locator(".open-group").count() == 1
    page.locator(".open-group").get_by_role("button", name="Mark as settled").tap()
    page.wait_for_selector("#h-open")
    assert "Everything is settled." in page.locator("#open").inner_text()
    runde, _money = stored_runde(server, rid)
    assert all(p.settled for p in runde.parties)
    assert page.locator("#evenings").get_by_role("button", name="Open again").count() == 2
    assert ids["Anna"] in {m for p in runde.parties for m in p.members}
    # nothing sticks out sideways at 390 px
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    close(context)
