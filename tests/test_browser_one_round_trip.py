"""In a real browser on a phone: Save shows the board its answer carries (one request, no load of the board),
at the board's address, and that board works as a loaded one does (the undo asks first, the poll follows the
other phone); the pages' written-in stylesheets are applied under the Content-Security-Policy."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, browser, phone, server, tap  # noqa: F401  (fixtures)
from .test_browser_table import new_partie

pytestmark = pytest.mark.browser


def test_save_shows_the_board_from_its_answer_and_the_board_works(server, browser):
    context = browser.new_context(**PHONE)   # no dialog answered by itself: this test answers them
    page = context.new_page()
    page.set_default_timeout(10000)
    asked = []
    page.on("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    refused = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    board = new_partie(page, server)
    # the stylesheets are applied: the board's sticky actions and the page's colours come from them
    assert page.evaluate("getComputedStyle(document.body).getPropertyValue('--bg').trim()") != ""
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    page.locator("#points").fill("40")
    depth = page.evaluate("history.length")
    requests = []
    page.on("request", lambda r: requests.append((r.method, r.url)))
    tap(page, "#save")
    expect(page.locator("#record")).to_be_visible()
    expect(page.locator(".flash")).to_contain_text("Deal 1 recorded.")
    assert page.url == board and page.evaluate("history.length") == depth   # replaced, not pushed
    assert page.locator('[id^="deal-"]').count() >= 1
    # (the live preview of the typed points, `?fragment=1`, may still be on its way under load: not the save's)
    sent = [(m, u) for m, u in requests if "/static/" not in u and not u.endswith("/version") and "preview" not in u
            and "fragment=1" not in u]
    assert [m for m, _ in sent] == ["POST"], sent   # the answer was shown: no GET of the board after it
    assert page.evaluate("getComputedStyle(document.querySelector('.score')).display") != "inline"   # board.css
    # the board works as a loaded one: the undo asks first (the answer here: no, the deal stays)
    tap(page, "form.undo button")
    page.wait_for_timeout(300)
    assert asked and page.url == board and page.locator('[id="deal-1"]').count() == 1
    # and its poll follows the other phone: a deal recorded elsewhere shows up by itself
    other_context, other = phone(browser)
    other.goto(board + "/deal")
    other.locator("#points").fill("38")
    tap(other, "#save")
    expect(other.locator("#record")).to_be_visible()
    expect(page.locator('[id="deal-2"]')).to_be_visible(timeout=10000)
    assert not refused, refused
    close(other_context)
    close(context)
