"""The end of the evening's choice in a real browser (390×844): a Bavarian pot shared or kept. What "Who pays whom"
shows follows the choice picked at once, and "End the partie" stores the choice shown, with the lines shown."""

import pytest

from scorer import store
from scorer.db import connect

from .test_browser import close, PHONE, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def visible_lines(page):
    return [li.inner_text() for li in page.locator("#settle .settle-view:visible li").all()]


def test_the_pot_choice_shows_its_transfers_at_once_and_is_ended_as_shown(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(server["url"] + "/new?game=haferltarock")
    for i, name in enumerate(("Anna", "Bernd", "Clara")):
        page.locator(f"#player{i}").fill(name)
    page.locator("text=Start the partie").tap()
    page.wait_for_selector("#record")
    board = page.url
    page.goto(board + "/end")
    # the pot (the three antes) shared: everyone gets his ante back, nobody owes anybody
    expect_text = page.locator("#settle .settle-view:visible")
    assert "Nobody owes anybody anything." in expect_text.inner_text()
    assert visible_lines(page) == []
    page.locator("#settle input[name=at_the_end][value=keep] + span").tap()
    # kept: each one's ante stays in the pot, said as such (never as paying the pot again)
    assert visible_lines(page) == [f"{name} leaves 0.50 € in the pot for the next evening"
                                   for name in ("Anna", "Bernd", "Clara")]
    assert "is kept for the next evening" in page.locator("#settle .settle-view:visible").inner_text()
    page.locator("#end-form button[type=submit]:not([formaction])").first.tap()
    page.wait_for_url(board)
    pid = board.rsplit("/", 1)[1]
    db = connect(server["db"])
    try:
        assert store.at_the_end(db, pid) == "keep" and not store.load(db, pid).running
    finally:
        db.conn.close()
    assert visible_lines(page) == [f"{name} leaves 0.50 € in the pot for the next evening"
                                   for name in ("Anna", "Bernd", "Clara")]
    close(context)


def test_the_pot_choice_is_saved_by_its_button_on_the_ended_board_and_the_end_page(server, browser):
    """An ended Bavarian partie: "Save the choice" on its board and on its end page posts the choice to the partie's
    own address (never a GET with the form token in the address) and stores it."""
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    sent = []
    page.on("request", lambda request: sent.append((request.method, request.url)))
    page.goto(server["url"] + "/new?game=haferltarock")
    for i, name in enumerate(("Anna", "Bernd", "Clara")):
        page.locator(f"#player{i}").fill(name)
    page.locator("text=Start the partie").tap()
    page.wait_for_selector("#record")
    board = page.url
    pid = board.rsplit("/", 1)[1]
    page.goto(board + "/end")
    page.locator("#end-form button[type=submit]:not([formaction])").first.tap()   # ended, the pot shared
    page.wait_for_url(board)
    db = connect(server["db"])
    try:
        assert not store.load(db, pid).running and store.at_the_end(db, pid) in (None, "share")
        for where, choice, back in ((board, "keep", board), (board + "/end", "share", board)):
            page.goto(where)
            page.locator(f"#at-the-end input[name=at_the_end][value={choice}] + span").tap()
            with page.expect_navigation():
                page.locator("#at-the-end button[type=submit]").tap()
            assert page.url == back
            assert store.at_the_end(db, pid) == choice, where
            assert "Saved:" in page.locator(".flash").first.inner_text()
    finally:
        db.conn.close()
    assert not [url for _method, url in sent if "csrf_token" in url or "%22" in url]
    assert ("POST", board + "/at-the-end") in sent
    close(context)
