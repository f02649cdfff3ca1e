"""What the phone does with every answer to a Save (review 1: 1.2, 1.3, 1.4, 1.8), in a real browser on a
phone against the real app: a busy scorer (503) keeps the deal waiting and sends it again by itself; only a
refusal with a form (409, 422) counts as "not recorded"; any other answer (an expired form) keeps the typed
form; "Open it to fix it" opens the deal's own form page filled in (never the old page's timers over it);
the pile follows the undertaker until the player taps it, also after a round trip; and a form served again
with a key this phone has sent gets a new key, any other keeps the server's."""

import json
import time

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, back_online, browser, go_offline, phone, server, settled, tap  # noqa: F401  (fixtures)
from .test_browser_table import new_partie

pytestmark = pytest.mark.browser


def outbox(page):
    return page.evaluate("JSON.parse(localStorage.getItem('scorer-outbox') || '[]')")


def until(check, seconds=10):
    """Wait for a condition read from the page (the CSP forbids wait_for_function's eval)."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.1)


def fill_deal(page, points, pile="0"):
    tap(page, f"input[name=pile_of][value='{pile}'] + span")
    page.locator("#points").fill(points)


def busy_once(server):
    """The scorer answers the next Save with its 503 "busy" page (Retry-After: 1), then as ever. Done in the real
    server (its WSGI app swapped for one that is busy once), never with page.route: a route on a page that a service
    worker controls can hang the test for good (microsoft/playwright#7588), as it did here under load. Returns the
    hits and the way back to the app itself."""
    httpd = server["httpd"]
    app = httpd.app
    hits = []

    def busy(environ, start_response):
        if (environ["REQUEST_METHOD"] == "POST" and environ.get("PATH_INFO", "").endswith("/deal")
                and "fragment=1" not in environ.get("QUERY_STRING", "") and not hits):
            hits.append(1)
            start_response("503 SERVICE UNAVAILABLE", [("Content-Type", "text/html; charset=utf-8"),
                                                       ("Retry-After", "1")])
            return [b"<!doctype html><html><body><main id=main><h1>The scorer is busy</h1>"
                    b"<p>Send it again in a few seconds.</p></main></body></html>"]
        return app(environ, start_response)

    httpd.app = busy
    return hits, lambda: setattr(httpd, "app", app)


def test_a_busy_scorer_keeps_the_typed_deal_and_sends_it_again(server, browser):
    context, page = phone(browser)
    page.clock.install()                                                 # the outbox's timers, moved below
    board = new_partie(page, server, "Gabi", "Hans")
    page.goto(board + "/deal")
    fill_deal(page, "40")
    hits, back = busy_once(server)
    tap(page, "#save")
    expect(page.locator(".queued")).to_contain_text("busy or restarting")
    assert hits == [1]
    assert page.locator("#deal-form").count() == 1                      # the form stays, as typed
    assert page.locator("#points").input_value() == "40"
    assert [e["state"] for e in outbox(page)] == ["waiting"]             # waiting, not refused
    assert settled(server, page)[0].partie.deals == ()
    back()
    page.locator("p.back a").tap()
    page.wait_for_selector("#outbox")
    page.clock.fast_forward(11000)                                       # past its next try and the outbox's timer
    expect(page.locator("#outbox")).to_contain_text("Recorded as deal 1")
    assert [d.card_points[0] for d in settled(server, page)[0].partie.deals] == [120]   # once
    close(context)


def test_a_busy_answer_to_the_outbox_is_not_a_refusal(server, browser):
    context, page = phone(browser)
    page.clock.install()                                                 # the outbox's timers, moved below
    board = new_partie(page, server, "Ida", "Jakob")
    page.goto(board + "/deal")
    page.goto(board)
    tap(page, "#record")
    fill_deal(page, "45")
    go_offline(context, page)
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    page.locator("p.back a").tap()
    page.wait_for_selector("#outbox")
    hits, back = busy_once(server)
    back_online(context, page)
    until(lambda: outbox(page)[0].get("tries") == 1)
    assert hits == [1]
    assert outbox(page)[0]["state"] == "waiting"
    expect(page.locator("#outbox li.outbox-waiting")).to_contain_text("sent again by itself")
    back()
    page.clock.fast_forward(11000)                                       # past its next try and the outbox's timer
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(1)
    assert [d.card_points[0] for d in settled(server, page)[0].partie.deals] == [135]
    close(context)


def test_an_expired_form_keeps_what_was_typed_and_saves_on_the_second_try(server, browser):
    context, page = phone(browser)
    board = new_partie(page, server, "Karl", "Lena")
    page.goto(board + "/deal")
    fill_deal(page, "50")
    page.evaluate("document.querySelector('input[name=csrf_token]').value = 'expired'")
    tap(page, "#save")                                                   # the server's 400: the form expired
    expect(page.locator(".not-saved")).to_contain_text("Not saved:")
    assert page.locator("#points").input_value() == "50"
    assert page.url == board + "/deal"
    assert outbox(page) == []
    until(lambda: page.locator("input[name=csrf_token]").input_value() != "expired")
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert [d.card_points[0] for d in settled(server, page)[0].partie.deals] == [150]
    close(context)


def queue_offline(context, page, board, points):
    page.goto(board + "/deal")
    page.goto(board)
    go_offline(context, page)
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    fill_deal(page, points)
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    page.locator("p.back a").tap()
    page.wait_for_selector("#outbox")


def test_open_it_to_fix_it_is_the_deals_own_form_and_the_board_does_not_reload_over_it(server, browser):
    context, page = phone(browser)
    page.clock.install()                                                 # the pages' timers, moved below
    board = new_partie(page, server, "Max", "Nora")
    queue_offline(context, page, board, "95")                            # more than the pack: a 422
    back_online(context, page)
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(1)
    expect(page.locator("#outbox .outbox-retry")).to_have_text("Try again")
    page.locator("#outbox .outbox-open").tap()
    page.wait_for_selector("#deal-form")
    assert page.url == board + "/deal"                                   # navigated: a page of its own
    expect(page.locator(".errors.summary a[href='#error-points']")).to_be_visible()   # the summary links to the field
    expect(page.locator("#error-points")).to_contain_text("not 95")                       # which says what is wrong
    assert page.locator("#points").input_value() == "95"
    page.locator("#points").fill("40")
    other_context, other = phone(browser)
    other.goto(board + "/deal")
    fill_deal(other, "60")
    tap(other, "#save")
    other.wait_for_selector("#record")
    assert page.evaluate("document.body.dataset.pollUrl === undefined")  # the form's own page: nothing polls it
    page.clock.fast_forward(3000)                                        # three of the board's polls, had it been one
    assert page.url == board + "/deal"
    assert page.locator("#points").input_value() == "40"                 # the correction is still there
    tap(page, "#save")                                                   # the other phone's deal: a 409
    expect(page.locator("#conflict")).to_contain_text("Deal 1 was recorded on the other phone")
    assert page.locator("#points").input_value() == "40"
    page.locator("#record-anyway").tap()
    page.wait_for_selector("#record")
    assert sorted(d.card_points[0] for d in settled(server, page)[0].partie.deals) == [120, 180]
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(0)
    close(other_context)
    close(context)


def test_a_refusal_without_a_form_is_rebuilt_from_the_typed_fields(server, browser):
    context, page = phone(browser)
    board = new_partie(page, server, "Olga", "Paul")
    queue_offline(context, page, board, "55")
    # the queued deal's form has expired (its CSRF token is no longer good): the server answers 400
    page.evaluate("""() => { const box = JSON.parse(localStorage.getItem('scorer-outbox'));
        box[0].fields.forEach(f => { if (f[0] === 'csrf_token') f[1] = 'expired'; });
        localStorage.setItem('scorer-outbox', JSON.stringify(box)); }""")
    back_online(context, page)
    expect(page.locator("#outbox li.outbox-refused")).to_have_count(1)
    assert "html" not in outbox(page)[0]
    page.locator("#outbox .outbox-open").tap()
    page.wait_for_selector("#deal-form")
    expect(page.locator(".restored")).to_contain_text("the deal from the outbox")
    assert page.locator("#points").input_value() == "55"
    assert page.locator("input[name=pile_of][value='0']").is_checked()
    assert page.locator("input[name=key]").input_value() == outbox(page)[0]["key"]
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert [d.card_points[0] for d in settled(server, page)[0].partie.deals] == [165]
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(1)
    close(context)


def test_the_pile_follows_the_undertaker_until_its_points_are_typed_also_after_a_round_trip(server, browser):
    context, page = phone(browser)
    board = new_partie(page, server, "Quirin", "Rosa")
    page.goto(board + "/deal")
    tap(page, "input[name=undertaker][value='0'] + span")              # proposed: the undertaker's pile
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Quirin")
    tap(page, "input[name=undertaker][value='nobody'] + span")         # a simple game: the Vorhand's
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Rosa")
    page.locator("#points").fill("40")                                  # typed: Rosa's 40
    # a round trip to the server: the no-JavaScript path's Preview (hidden where the preview is live)
    page.locator("button[value=preview]").evaluate("button => button.click()")
    page.wait_for_selector("#deal-form")
    tap(page, "input[name=undertaker][value='0'] + span")              # Quirin deals and undertakes
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Rosa")   # the typed points stay Rosa's
    assert page.locator("input[name=pile_of][value='1']").is_checked()
    tap(page, "input[name=pile_of][value='0'] + span")                   # the player's own choice
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Quirin")
    tap(page, "input[name=undertaker][value='1'] + span")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Quirin")   # stays chosen
    close(context)


def test_only_a_key_this_phone_has_sent_is_replaced(server, browser):
    # no service worker here: the page's route stands in for its cache
    context = browser.new_context(service_workers="block", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    board = new_partie(page, server, "Sepp", "Toni")
    response = page.goto(board + "/deal")
    html = response.text()
    served = page.locator("input[name=key]").get_attribute("value")
    assert page.locator("input[name=key]").input_value() == served        # a fresh form keeps its key
    fill_deal(page, "40")
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert served in json.dumps(page.evaluate("localStorage.getItem('scorer-sent')"))
    # the same page again (as the service worker's cache would serve it): its key was sent, so a new one
    page.route("**/deal", lambda route: route.fulfill(status=200, body=html, headers={"Content-Type": "text/html"}))
    page.goto(board + "/deal")
    page.wait_for_selector("#deal-form")
    until(lambda: page.locator("input[name=key]").input_value() != served)
    assert len(page.locator("input[name=key]").input_value()) == 22
    page.unroute("**/deal")
    close(context)
