"""A dead spot keeps the phone's own order, in a real browser on a phone (390 x 844, touch, Chromium's offline
emulation plus a server that refuses every POST while it lasts): the deal form served from the service worker's
cache proposes the number, dealer and balances that follow from the last board this phone saw and its own waiting
deals ("Deal 3 · 1 waiting to be sent"); the phone's own deals never conflict with each other when they are sent;
only a deal of another phone in between brings the choice of "Record mine as deal N too", which stores the persons
as typed; the outbox lines read as words; "Try again" after a refused form token fetches a fresh one. The outbox's
timers are moved with Playwright's clock, not waited for."""

import re

import pytest
from playwright.sync_api import expect

from .test_browser import close, controlled, back_online, browser, phone, server, settled, shot, tap  # noqa: F401  (fixtures)
from .test_browser_table import DeadSpot
from .helpers import checked

pytestmark = pytest.mark.browser


def strohmandeln(page, server):
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    board = page.url
    controlled(page)   # the service worker in control
    return board


def offline(server, context, page):
    dead = DeadSpot(server["httpd"].app)
    server["httpd"].app = dead
    context.set_offline(True)
    expect(page.locator("#offline")).to_be_visible()
    return dead


def online(server, context, page, dead):
    server["httpd"].app = dead.app
    back_online(context, page)


def queue(page, undertaker=None, points=None, kind=None, offender=None):
    if kind:
        tap(page, f"input[name=type][value={kind}] + span")
    if offender is not None:
        tap(page, f"input[name=offender][value='{offender}'] + span")
    if undertaker is not None:
        tap(page, f"input[name=undertaker][value='{undertaker}'] + span")
    if points is not None:
        page.locator("#points").fill(points)
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    page.locator("p.back a").tap()
    page.wait_for_selector("#outbox")


def test_a_dead_spot_keeps_the_phones_own_order(server, browser):
    context, page = phone(browser)
    page.clock.install()
    board = strohmandeln(page, server)
    # the deal form is kept by the service worker as it was for deal 1; deal 1 is then recorded on it, online
    page.goto(board + "/deal")
    tap(page, "input[name=undertaker][value='0'] + span")               # Anna undertook, 40
    page.locator("#points").fill("40")
    tap(page, "#save")
    page.wait_for_selector("#record")
    dead = offline(server, context, page)
    # deal 2 on the kept form: its number, dealer and balances follow from the board this phone saw
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    expect(page.locator("main h1")).to_have_text("Deal 2")
    expect(page.locator("p.context")).to_have_text("Anna +3 · Bernd \u22123")
    assert checked(page, "dealer") == ["1"]                              # Bernd deals after Anna's game
    expect(page.locator("#fs-undertaker")).to_contain_text("Bernd (dealer)")
    queue(page, undertaker="1", points="40")                             # Bernd undertook, 40
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    expect(page.locator("main h1")).to_have_text("Deal 3 · 1 waiting to be sent")
    expect(page.locator("p.context")).to_have_text("Anna +3 · Bernd \u22123 (before the deals waiting to be sent)")
    assert checked(page, "dealer") == ["0"]
    queue(page, undertaker="0", points="45")                             # Anna undertook, 45
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    expect(page.locator("main h1")).to_have_text("Deal 4 · 2 waiting to be sent")
    shot(page, "outbox-offline-form-light")
    assert checked(page, "dealer") == ["1"]                              # a misdeal after a game: the next dealer
    queue(page, kind="misdeal", offender="1")
    # the outbox's lines read as words: "Who undertook: Bernd (dealer)", nothing glued together
    lines = page.locator("#outbox .outbox-facts").all_inner_texts()
    assert len(lines) == 3
    assert "Who undertook: Bernd (dealer)" in lines[0] and "Card points of Bernd: 40" in lines[0]
    assert "Who undertook: Anna (dealer)" in lines[1] and "Card points of Anna: 45" in lines[1]
    assert "Who misdealt: Bernd" in lines[2] and "renonce" not in lines[2]
    for text in lines:
        assert not re.search(r"[a-z\)][A-Z]", text), text
    assert len(settled(server, page)[0].partie.deals) == 1
    # back, but the scorer still answers 503 a moment: the deals wait, and are sent again by the outbox's timer
    back_online(context, page)
    expect(page.locator("#outbox li.outbox-waiting .outbox-message").first).to_be_visible()
    server["httpd"].app = dead.app
    page.clock.fast_forward(11000)
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(3, timeout=15000)
    expect(page.locator("#outbox")).to_contain_text("Recorded as deal 4")
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(0)
    sp, s = settled(server, page)
    assert [(d.type, d.dealer, d.undertaker, d.card_points) for d in sp.partie.deals[:3]] == [
        ("game", 0, 0, (120, None)), ("game", 1, 1, (None, 120)), ("game", 0, 0, (135, None))]
    assert (sp.partie.deals[3].type, sp.partie.deals[3].dealer, sp.partie.deals[3].offender) == ("misdeal", 1, 1)
    assert [r.points for r in s.deals] == [(3, 0), (0, 3), (4, 0), (1, 0)]
    assert s.balance == (5, -5)
    close(context)


def test_only_another_phones_deal_in_between_brings_the_choice(server, browser):
    context, page = phone(browser)
    board = strohmandeln(page, server)
    page.goto(board + "/deal")
    page.goto(board)
    dead = offline(server, context, page)
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    queue(page, undertaker="1", points="40")                              # Bernd undertook, 40 for him
    # meanwhile the other phone records deal 1: Anna undertook, 38
    server["httpd"].app = dead.app
    other, page_b = phone(browser)
    page_b.goto(board + "/deal")
    tap(page_b, "input[name=undertaker][value='0'] + span")
    page_b.locator("#points").fill("38")
    tap(page_b, "#save")
    page_b.wait_for_selector("#record")
    close(other)
    online(server, context, page, dead)
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(1, timeout=15000)
    expect(page.locator("#outbox")).to_contain_text("Deal 1 was recorded on the other phone")
    tap(page, ".outbox-open")
    page.wait_for_selector("#conflict")
    expect(page.locator("#side-by-side .theirs")).to_contain_text("Anna undertook")
    expect(page.locator("#side-by-side .mine")).to_contain_text("Bernd undertook")
    assert checked(page, "undertaker") == ["1"] and checked(page, "dealer") == ["1"]
    tap(page, "#record-anyway")
    page.wait_for_selector("#record")
    sp, _s = settled(server, page)
    assert [(d.dealer, d.undertaker, d.card_points) for d in sp.partie.deals] == [(0, 0, (114, None)),
                                                                                 (1, 1, (None, 120))]
    close(context)


def test_try_again_after_a_refused_form_token_sends_a_fresh_one(server, browser):
    context, page = phone(browser)
    board = strohmandeln(page, server)
    page.goto(board + "/deal")
    page.goto(board)
    dead = offline(server, context, page)
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    queue(page, undertaker="1", points="40")
    # the scorer restarted with a new key: the token the deal was typed with is dead
    page.evaluate("""() => {
      const box = JSON.parse(localStorage.getItem("scorer-outbox"));
      box.forEach(e => e.fields.forEach(f => { if (f[0] === "csrf_token") f[1] = "dead-token"; }));
      localStorage.setItem("scorer-outbox", JSON.stringify(box));
    }""")
    online(server, context, page, dead)
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(1, timeout=15000)
    expect(page.locator("#outbox")).to_contain_text("The page was open too long")
    assert settled(server, page)[0].partie.deals == ()
    tap(page, ".outbox-retry")
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(1, timeout=15000)
    sp, _s = settled(server, page)
    assert [(d.dealer, d.undertaker, d.card_points) for d in sp.partie.deals] == [(0, 1, (None, 120))]
    close(context)


def test_a_koenigrufen_dead_spot_keeps_the_declarers_and_the_phones_own_order(server, browser):
    """Five at the table, the phone offline for two deals: each offline form proposes the next dealer (who sits
    out), the declarer chosen is the person stored, and the two deals arrive in the phone's order as typed."""
    context, page = phone(browser)
    page.clock.install()
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora", "Emil")):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    board = page.url
    controlled(page)   # the service worker in control
    page.goto(board + "/deal")
    page.goto(board)
    dead = offline(server, context, page)
    typed = []
    for dealer, declarer, points in (("0", "2", "40"), ("1", "0", "45")):   # Cilli's Dreier, then Anna's
        tap(page, "#record")
        page.wait_for_selector("#deal-form")
        assert checked(page, "dealer") == [dealer]                       # the next dealer after the waiting deal
        tap(page, "input[name=contract][value=dreier] + span")
        tap(page, f"input[name=declarer][value='{declarer}'] + span")
        page.locator("#card_points").fill(points)
        tap(page, "#save")
        expect(page.locator(".queued")).to_be_visible()
        page.locator("p.back a").tap()
        page.wait_for_selector("#outbox")
        typed.append((int(dealer), int(declarer), int(points) * 3))
    expect(page.locator("#outbox li.outbox-waiting")).to_have_count(2)
    assert settled(server, page)[0].partie.deals == ()
    online(server, context, page, dead)
    page.clock.fast_forward(11000)
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(2, timeout=15000)
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(0)
    sp, s = settled(server, page)
    assert [(d.dealer, d.contract, d.declarer, d.card_points) for d in sp.partie.deals] == [
        (dealer, "dreier", declarer, points) for dealer, declarer, points in typed]
    assert [r.deal for r in s.deals] == list(sp.partie.deals)
    close(context)
