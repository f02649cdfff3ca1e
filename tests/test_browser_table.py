"""At the table, in a real browser on a phone (issue 13): Enter saves the typed points, two phones race a
Save (one recorded, one 409 with the choice), and a dead spot: offline, three deals go into the outbox,
the board reloads from the service worker's cache, and when the connection returns each deal is recorded
exactly once, in order. Screenshots land in test-artifacts/."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, controlled, back_online, browser, phone, server, settled, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def new_partie(page, server, a="Anna", b="Bernd"):
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill(a)
    page.locator("#player1").fill(b)
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    return page.url


def test_enter_in_the_points_field_saves_the_typed_points(server, browser):
    context, page = phone(browser)
    new_partie(page, server)
    tap(page, "#record")
    # Anna deals, Bernd is Vorhand: in a simple game the points typed are Bernd's unless chosen
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Bernd")
    assert page.locator("input[name=pile_of][value='1']").is_checked()
    tap(page, "input[name=undertaker][value='0'] + span")       # Anna undertakes: her pile
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Anna")
    page.locator("#points").fill("35")
    tap(page, "input[name=blatt][value='2'] + span")
    shot(page, "table-pile-follows-light")
    page.emulate_media(color_scheme="dark")
    shot(page, "table-pile-follows-dark")
    page.emulate_media(color_scheme="light")
    page.locator("#points").press("Enter")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    assert [d.card_points for d in sp.partie.deals] == [(107, None)]   # 35 2/3, Anna's: not counted, not 0
    assert s.deals[0].winner == 0
    # Enter in a counter of the calculator moves on, and never counts or saves
    tap(page, "#record")
    page.locator("details.calc > summary").tap()
    page.locator("#trull").fill("1")
    page.locator("#trull").press("Enter")
    assert page.evaluate("document.activeElement.id") == "kings"
    assert len(settled(server, page)[0].partie.deals) == 1
    close(context)


def test_two_phones_race_a_save(server, browser):
    context, page = phone(browser)
    board = new_partie(page, server, "Clara", "Dora")
    other_context, other = phone(browser, "dark")
    for p, points in ((page, "40"), (other, "45")):
        p.goto(board + "/deal")
        tap(p, "input[name=pile_of][value='0'] + span")
        p.locator("#points").fill(points)
    page.locator("#save").tap(no_wait_after=True)
    other.locator("#save").tap(no_wait_after=True)
    winner, loser = None, None
    for p in (page, other):
        p.wait_for_selector("#record, #conflict")
        if p.locator("#conflict").count():
            loser = p
        else:
            winner = p
    assert winner is not None and loser is not None
    assert len(settled(server, winner)[0].partie.deals) == 1
    conflict = loser.locator("#conflict")
    expect(conflict).to_contain_text("Deal 1 was recorded on the other phone a moment ago")
    expect(loser.locator("#record-anyway .save-word")).to_have_text("Record mine as deal 2 too")   # the main button
    expect(conflict.locator("#discard")).to_have_text("Discard mine")
    kept = "45" if loser is other else "40"
    assert loser.locator("#points").input_value() == kept               # the form keeps its values
    for scheme in ("light", "dark"):
        loser.emulate_media(color_scheme=scheme)
        shot(loser, "table-conflict-" + scheme)
    loser.locator("#record-anyway").tap()
    loser.wait_for_selector("#record")
    sp, _s = settled(server, loser)
    assert sorted(d.card_points[0] for d in sp.partie.deals) == [120, 135]
    close(other_context)
    close(context)


class DeadSpot:
    """The app behind a dead spot: every POST answered 503, as if it had not reached the server."""

    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        if environ["REQUEST_METHOD"] == "POST":
            start_response("503 Service Unavailable", [("Retry-After", "1"), ("Content-Type", "text/plain")])
            return [b"dead spot"]
        return self.app(environ, start_response)


def test_a_dead_spot_keeps_every_deal_and_sends_each_once_in_order(server, browser):
    context, page = phone(browser)
    page.clock.install()                                                # the outbox's timers, moved below
    board = new_partie(page, server, "Emil", "Franz")
    controlled(page)   # the service worker in control
    page.goto(board + "/deal")         # visited once online: both pages are in the cache now
    page.goto(board)
    # Chromium's offline emulation does not reach every request that falls through a service worker, so the
    # dead spot is made on the server's side too: while it lasts, no POST gets through (a leaked one is
    # answered 503, which the outbox keeps waiting), and nothing can be stored behind the phone's back
    dead_spot = DeadSpot(server["httpd"].app)
    server["httpd"].app = dead_spot
    context.set_offline(True)
    expect(page.locator("#offline")).to_be_visible()
    for points in ("40", "45", "50"):
        tap(page, "#record")
        page.wait_for_selector("#deal-form")
        tap(page, "input[name=pile_of][value='0'] + span")
        page.locator("#points").fill(points)
        expect(page.locator("#preview")).to_contain_text("Offline: no preview.")
        tap(page, "#save")
        expect(page.locator(".queued")).to_be_visible()
        assert page.locator("#points").input_value() == points         # the typed form is kept
        if points == "40":
            shot(page, "table-offline-form-light")
        page.locator("p.back a").tap()
        page.wait_for_selector("#outbox")
    page.reload()                                                       # from the service worker's cache
    expect(page.locator("#outbox li.outbox-waiting")).to_have_count(3)
    expect(page.locator("#outbox")).to_contain_text("Card points of Emil: 45")
    shot(page, "table-outbox-light")
    page.emulate_media(color_scheme="dark")
    shot(page, "table-outbox-dark")
    page.emulate_media(color_scheme="light")
    assert settled(server, page)[0].partie.deals == ()
    server["httpd"].app = dead_spot.app
    back_online(context, page)
    page.clock.fast_forward(11000)             # a POST that leaked into the dead spot waits for its next try
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(3)
    expect(page.locator("#outbox")).to_contain_text("Recorded as deal 3")
    sp, s = settled(server, page)
    assert [d.card_points[0] for d in sp.partie.deals] == [120, 135, 150]   # each once, in order
    # typed on the cached form that proposed Emil each time: the dealer moved on with each deal sent before
    assert [d.dealer for d in sp.partie.deals] == [0, 1, 0]
    expect(page.locator("ol.deals > li")).to_have_count(3)
    shot(page, "table-outbox-sent-light")
    close(context)
