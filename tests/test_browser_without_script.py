"""Without JavaScript (a phone whose script did not load, or that has it off) the deal forms and the new-partie
page still show only the parts the answers given call for, as they change: the games' own stylesheets do it with
CSS `:has` (the scripts do the same with data-when and data-presets); and the board -> deal form -> Save path
records the deal. A real browser with its script off, on the phone context."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, browser, server  # noqa: F401 - the fixtures

pytestmark = pytest.mark.browser


def no_script(browser):  # noqa: F811
    context = browser.new_context(java_script_enabled=False, **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def new_partie(page, url, game_link=None, names=("Anna", "Bernd")):
    page.goto(url + "/new")
    if game_link:
        page.get_by_role("link", name=game_link).click()
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    page.get_by_role("button", name="Start the partie").click()
    page.wait_for_selector("#record")


def test_strohmandeln_deal_form_shows_the_parts_of_the_answer_and_saves(server, browser):  # noqa: F811
    context, page = no_script(browser)
    page.goto(server["url"] + "/new")
    # the new partie: only the chosen rule set's options
    hidden = page.locator(".opt[data-presets]:not([data-presets~=tarockbuch-extended])")
    assert hidden.count() > 0
    for i in range(hidden.count()):
        expect(hidden.nth(i)).to_be_hidden()
    new_partie(page, server["url"])
    page.locator("#record").click()
    legend = page.locator("#fs-offender legend")
    expect(page.locator(".for-offender")).to_be_hidden()
    expect(page.locator(".for-redeal")).to_be_hidden()
    page.locator("input[name=type][value=misdeal] + span").click()
    expect(page.locator("#fs-offender .for-misdeal-only")).to_be_visible()
    expect(page.locator("#fs-offender .for-renonce-only")).to_be_hidden()
    assert legend.inner_text() == "Who misdealt"   # as read: the one that applies
    expect(page.locator(".for-offender")).to_be_visible()
    expect(page.locator("#fs-pile_of")).to_be_hidden()
    page.locator("input[name=type][value=renonce] + span").click()
    expect(page.locator("#fs-offender .for-misdeal-only")).to_be_hidden()
    assert legend.inner_text() == "Who committed renonce"
    page.locator("input[name=type][value=redeal] + span").click()
    expect(page.locator(".for-redeal")).to_be_visible()
    expect(page.locator(".for-offender")).to_be_hidden()
    # a game, saved without the script: the board has it
    page.locator("input[name=type][value=game] + span").click()
    expect(page.locator("#fs-pile_of")).to_be_visible()
    page.locator("#points").fill("40")
    page.locator("#save").click()
    page.wait_for_selector("#record")
    expect(page.locator("ol.deals > li")).to_have_count(1)
    close(context)


def test_bavarian_hand_target_shows_only_for_a_hand(server, browser):  # noqa: F811
    context, page = no_script(browser)
    new_partie(page, server["url"], "Bavarian Tarock (3 or 4)", ("Anna", "Bernd", "Clara"))
    page.locator("#record").click()
    target = page.locator(".for-hand")
    expect(target).to_be_hidden()
    page.locator("input[name=contract][value=hand] + span").click()
    expect(target).to_be_visible()
    close(context)
