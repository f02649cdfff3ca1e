"""Without the script, "Count it" and "Preview" are a round trip of the whole form: the page comes back scrolled to
the part that answers (the pile's count, the preview), not to its top, where a player at the table would have to
scroll down again to find what was counted (play-test 2, Tapp at three). With the script both stay on the page
(tested where the live count and preview are). A real browser with its script off, on the phone context."""

import pytest
from playwright.sync_api import expect

from .test_browser import browser, close, server  # noqa: F401 - the fixtures
from .test_browser_without_script import new_partie, no_script
from .test_sides_without_script import partie

pytestmark = pytest.mark.browser


def in_sight(page, selector):
    """The element's top is on the screen (its box within the viewport's height)."""
    box = page.locator(selector).first.bounding_box()
    return box is not None and 0 <= box["y"] < page.viewport_size["height"]


def count_and_preview(page, counted, calc="#calc"):
    page.locator(f"{calc} summary").click()
    page.locator("#tricks").fill("4")
    page.get_by_role("button", name="Count it").click()
    expect(page.locator(f"{calc} .counted")).to_contain_text(f"Counted: {counted}.")
    assert page.url.endswith(calc), page.url
    assert in_sight(page, f"{calc} .counted"), "the count is not on the screen"
    page.get_by_role("button", name="Preview").click()
    page.wait_for_load_state()
    assert page.url.endswith("#preview"), page.url
    assert in_sight(page, "#preview"), "the preview is not on the screen"
    # what is still missing is named in the preview's box too, each a link to its field's sentence up the page
    links = page.locator("#preview .fix a")
    for i in range(links.count()):
        assert page.locator(links.nth(i).get_attribute("href")).count() == 1
    return [links.nth(i).inner_text() for i in range(links.count())]


@pytest.mark.parametrize("game, counted, missing", [("tapp", "4 card points", ("Declarer", "declarer")),
                                                    ("koenigrufen", "5 ⅓ card points",
                                                     ("Partner: who held the called King", "partner"))])
def test_a_count_comes_back_to_the_pile_and_a_preview_to_the_preview(server, browser, game, counted, missing):  # noqa: F811
    context, page = no_script(browser)
    names = ("Anna", "Bernd", "Cilli") if game == "tapp" else ("Anna", "Bernd", "Cilli", "Dora")
    page.goto(partie(server, game, names))
    page.locator("input[name=type][value=game] + span").click()
    # four tricks of blanks, counted in threes: Tapp's of three cards 4 points, Königrufen's of four 16 cards, 5 ⅓
    label, field = missing
    assert count_and_preview(page, counted) == [label]   # nobody chosen yet (a Solo's declarer, the Rufer's partner)
    page.locator("#preview").get_by_role("link", name=label).click()
    # the sentence in sight, and the field it is about above it (the link leaves room for its legend and choices)
    assert page.url.endswith(f"#error-{field}") and in_sight(page, f"#error-{field}") and in_sight(page, f"#fs-{field}")
    close(context)


def test_strohmandeln_s_count_comes_back_to_the_pile(server, browser):  # noqa: F811
    context, page = no_script(browser)
    new_partie(page, server["url"])
    page.locator("#record").click()
    page.wait_for_selector("#deal-form")
    count_and_preview(page, "2 + 2 Blatt", calc="#pile-calc")   # four tricks of two blanks: 8 cards in pairs
    close(context)


@pytest.mark.parametrize("game", ["zwanzigerrufen", "koenigrufen"])
def test_enter_in_the_card_points_previews_and_comes_back_to_the_preview(server, browser, game):  # noqa: F811
    """Where Enter previews (the phone keyboard's "done" in the card points), the page comes back at the preview."""
    context, page = no_script(browser)
    page.goto(partie(server, game))
    page.locator("#card_points").fill("50")
    page.locator("#card_points").press("Enter")
    page.wait_for_load_state()
    assert page.url.endswith("#preview"), page.url
    assert in_sight(page, "#preview") and page.locator("#card_points").input_value() == "50"
    close(context)
