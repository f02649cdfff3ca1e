"""A renonce is charged to the player who made it, never to the dealer unasked: on Königrufen's deal form (a phone,
390×844) a misdeal proposes the dealer, a renonce proposes nobody (also after the dealer is corrected), a Save
without a choice is refused beside the field and stores nothing, and the player's choice is what is stored."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, browser, server, settled, tap  # noqa: F401  (fixtures)
from .test_koenigrufen_keyboard import new_partie

pytestmark = pytest.mark.browser


def test_a_renonce_proposes_nobody_and_stores_the_player_chosen(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    board = new_partie(page, server)
    page.goto(board + "/deal")
    dealer = page.locator("input[name=dealer]:checked").get_attribute("value")
    tap(page, "input[name=type][value=misdeal] + span")
    expect(page.locator(f"input[name=offender][value='{dealer}']")).to_be_checked()     # a misdeal is the dealer's
    tap(page, "input[name=type][value=renonce] + span")
    expect(page.locator("input[name=offender]:checked")).to_have_count(0)                # a renonce: nobody proposed
    other = str((int(dealer) + 2) % 4)
    tap(page, f"input[name=dealer][value='{other}'] + span")                            # the dealer corrected
    expect(page.locator("input[name=offender]:checked")).to_have_count(0)
    tap(page, "input[name=type][value=misdeal] + span")
    expect(page.locator(f"input[name=offender][value='{other}']")).to_be_checked()      # the new dealer's misdeal
    tap(page, "input[name=type][value=renonce] + span")
    expect(page.locator("input[name=offender]:checked")).to_have_count(0)
    tap(page, "#save")
    expect(page.locator("#fs-offender")).to_contain_text("Choose who made the renonce.")
    assert settled(server, page)[0].partie.deals == ()                                  # nothing stored
    offender = str((int(other) + 1) % 4)
    tap(page, f"input[name=offender][value='{offender}'] + span")
    tap(page, "input[name=partner][value=talon] + span")                               # the Rufer's King in the talon
    tap(page, "#save")
    page.wait_for_selector("#record")
    deals = settled(server, page)[0].partie.deals
    assert [(d.type, d.dealer, d.offender) for d in deals] == [("renonce", int(other), int(offender))]
    close(context)
