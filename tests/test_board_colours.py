"""The boards' colours in a real browser (390×844): an evening opens with every Bavarian balance at minus the ante
in the text's (or the sheet's quiet) colour, never the loss's red; Strohmandeln's running total stands under its player's name."""

import pytest

from .test_browser import close, PHONE, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_the_first_ante_is_no_red_and_the_running_total_has_its_name(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=haferltarock")
    for i, name in enumerate(("Anna", "Bernd", "Clara")):
        page.locator(f"#player{i}").fill(name)
    page.locator("text=Start the partie").tap()
    page.wait_for_selector("#record")
    text_colour = page.evaluate("getComputedStyle(document.body).color")
    muted = page.locator("#sheet thead th.num").first.evaluate("e => getComputedStyle(e).color")   # the sheet's 0
    for i in range(3):
        balance = page.locator(f"#balance-{i}")
        assert balance.inner_text().startswith("\u2212")                       # the ante, paid into the pot
        assert balance.evaluate("e => getComputedStyle(e).color") in (text_colour, muted)   # never the loss's red
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    page.locator("text=Start the partie").tap()
    page.wait_for_selector("#record")
    page.locator(".starts a").first.tap()
    page.wait_for_selector("#deal-form")
    page.keyboard.type("40")
    page.locator("#save").tap()
    page.wait_for_selector("#deal-1")
    name = page.locator("#deal-1 .run .run-name")
    assert name.inner_text() == "Anna" and name.evaluate("e => getComputedStyle(e).display") == "block"
    close(context)
