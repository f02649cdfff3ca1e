"""Who deals first on the new-partie page (390×844): a seat the game may leave empty (Königrufen's fifth, Bavarian
Tarock's and Tapp-Tarock's fourth) is offered as the first dealer only once a name is typed there."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game, names, optional", [("koenigrufen", ("Anna", "Bernd", "Cilli", "Dora"), "4"),
                                                   ("haferltarock", ("Anna", "Bernd", "Cilli"), "3"),
                                                   ("tapp", ("Anna", "Bernd", "Cilli"), "3")])
def test_an_empty_optional_seat_is_not_offered_as_first_dealer(server, browser, game, names, optional):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + f"/new?game={game}")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    seat = page.locator(f"input[name=first_dealer][value='{optional}']")
    expect(seat.locator("xpath=..")).to_be_hidden()
    expect(page.locator("input[name=first_dealer][value='0'] + span")).to_have_text("Anna")
    page.locator(f"#player{optional}").fill("Emil")
    expect(seat.locator("xpath=..")).to_be_visible()
    seat.locator("xpath=following-sibling::span").tap()
    expect(seat).to_be_checked()
    page.locator(f"#player{optional}").fill("")      # the name taken back: so is the dealer, back to the first seat
    expect(seat.locator("xpath=..")).to_be_hidden()
    expect(page.locator("input[name=first_dealer][value='0']")).to_be_checked()
    close(context)
