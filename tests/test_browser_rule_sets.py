"""What each rule set pays, on a phone: on every game's new-partie page the checked rule set's summary is shown
under its name and the others' are not; choosing another rule set shows its summary instead."""

import pytest
from playwright.sync_api import expect

from scorer import games

from .test_browser import close, browser, server, PHONE  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("key", [g.key for g in games.offered()])
def test_the_checked_rule_set_shows_what_it_pays(server, browser, key):
    presets = games.by_key(key).engine.PRESETS
    context = browser.new_context(color_scheme="light", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    try:
        page.goto(server["url"] + f"/new?game={key}")
        checked = page.locator("input[name=preset]:checked").get_attribute("value")
        assert checked in presets
        for preset in presets:
            summary = page.locator(f"ul.preset-summary.for-{preset}")
            if preset == checked:
                expect(summary).to_be_visible()
                expect(summary.locator("li").first).not_to_be_empty()
            else:
                expect(summary).to_be_hidden()
        other = next(p for p in presets if p != checked)
        page.locator(f"label.preset:has(input[value='{other}'])").click()
        expect(page.locator(f"ul.preset-summary.for-{other}")).to_be_visible()
        expect(page.locator(f"ul.preset-summary.for-{checked}")).to_be_hidden()
    finally:
        close(context)


@pytest.mark.parametrize("key", [g.key for g in games.offered()])
def test_the_options_shown_are_those_of_the_checked_rule_set(server, browser, key):
    """Each option of the new-partie page shows only under the rule sets that have it (the engine's table, written
    as data-presets; static/new.js), on every game's page."""
    game = games.by_key(key)
    context = browser.new_context(color_scheme="light", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    try:
        page.goto(server["url"] + f"/new?game={key}")
        page.locator("details.options summary").click()
        options = page.locator("details.options > .opt[data-presets]")
        assert options.count() >= 3
        for preset in game.engine.PRESETS:
            page.locator(f"label.preset:has(input[value='{preset}'])").click()
            for i in range(options.count()):
                option = options.nth(i)
                if preset in option.get_attribute("data-presets").split():
                    expect(option).to_be_visible()
                else:
                    expect(option).to_be_hidden()
    finally:
        close(context)
