"""The score sheet at the table (issue 19) in a real browser on a phone: a common deal in four inputs from the
board, the result beside Save, the folded bonuses, the German board at 360 px, who pays whom at the end."""

import re

import pytest
from playwright.sync_api import expect

from tests.test_browser import close, PHONE, browser, phone, server, settled, shot  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def new_partie(page, url, first="Anna", second="Bernd", start="Start the partie"):
    page.goto(url + "/new")
    page.locator("#player0").fill(first)
    page.locator("#player1").fill(second)
    page.locator(f"text={start}").tap()
    page.wait_for_selector("#record")


def test_a_common_deal_in_four_inputs(server, browser):
    context, page = phone(browser)
    new_partie(page, server["url"])
    inputs = 0
    page.locator(".starts a", has_text="Anna").tap()                      # 1: the common start
    inputs += 1
    page.wait_for_selector("#deal-form")
    assert page.evaluate("document.activeElement.id") == "points"         # the number pad is up
    assert page.locator("#preview-button").is_hidden()                    # the preview follows every change
    assert not page.locator("#fs-bonuses").evaluate("d => d.open")       # folded: no bonus chosen
    page.keyboard.type("40")                                              # 2, 3: two digits
    inputs += 2
    expect(page.locator("#save")).to_have_text("Anna +3 Save deal")     # the live result on Save, above its word
    shot(page, "sheet-deal-form-light")
    page.locator("#save").tap()                                           # 4: Save
    inputs += 1
    page.wait_for_selector("#record")
    assert inputs == 4
    sp, s = settled(server, page)
    (only,) = sp.partie.deals
    assert (only.undertaker, only.card_points, s.balance) == (0, (120, None), (3, -3))
    assert page.locator("#deal-1 .parts").inner_text() == "Game 3"
    assert page.locator("#deal-1 .run").inner_text().endswith("+3")
    # a bonus: unfold, choose; the fold's summary names it, the result follows
    page.locator(".starts a", has_text="Bernd").tap()
    page.wait_for_selector("#deal-form")
    page.keyboard.type("45")
    page.locator("#fs-bonuses summary").tap()
    page.locator("input[name=bonuses][value='pagat:0'] + span").tap()
    expect(page.locator("#bonuses-chosen")).to_have_text("Pagat (Anna)")
    expect(page.locator("#save")).to_have_text("Bernd +3 Save deal")   # 4 for Bernd, Pagat 1 for Anna
    shot(page, "sheet-bonuses-light")
    # the calculator's "Use for Bernd": his pile, he undertook, and the preview shown at once
    page.goto(page.url.split("/deal")[0] + "/calculator?trull=3&tricks=2")
    page.locator("a.use[data-player='1']").tap()
    page.wait_for_selector("#deal-form")
    assert page.locator("input[name=undertaker][value='1']").is_checked()     # Bernd, the person
    expect(page.locator("#save-result")).not_to_be_empty()
    expect(page.locator("#preview")).to_contain_text("Trull")
    close(context)


def test_the_calculator_in_few_taps(server, browser):
    """Counting cards one tap on + each, the tricks typed without clearing a 0 first, then "Use for Anna"."""
    context, page = phone(browser)
    new_partie(page, server["url"])
    page.goto(page.url + "/calculator")
    taps = 0
    for label, times in (("Trull cards", 2), ("Kings", 2), ("Queens", 2)):
        for _ in range(times):
            page.get_by_role("button", name=f"One more: {label}").tap()
            taps += 1
    page.locator("#tricks").tap()                                          # the field is empty: type at once
    page.keyboard.type("10")
    taps += 3
    # Sküs and Pagat, 2 Kings, 2 Queens in 10 tricks: 3 × (10 + 10 + 8 + 14) − 2 × 20 = 86 thirds
    expect(page.locator("#calc-result")).to_contain_text("28 + 2 Blatt")
    expect(page.locator("a.use[data-player='0']")).to_have_attribute("href", re.compile(r"points=28&blatt=2"))
    for _ in range(2):                                                     # no more than the pack's 4 Kings:
        page.get_by_role("button", name="One more: Kings").tap()
    expect(page.locator("#kings")).to_have_value("4")
    more = page.get_by_role("button", name="One more: Kings")             # its + says so, and does nothing
    expect(more).to_have_attribute("aria-disabled", "true")
    more.dispatch_event("click")
    expect(page.locator("#kings")).to_have_value("4")
    for _ in range(2):
        page.get_by_role("button", name="One fewer: Kings").tap()
    expect(page.locator("#calc-result")).to_contain_text("28 + 2 Blatt")
    page.locator("a.use[data-player='0']").tap()
    taps += 1
    assert taps == 10                                                      # 6 cards, 3 for the tricks, Use
    page.wait_for_selector("#deal-form")
    assert page.locator("input[name=undertaker][value='0']").is_checked()     # Anna, the person
    # she undertook with 28 ⅔ (29 rounded): under 36, so 4 to Bernd
    expect(page.locator("#save-result")).to_have_text("Bernd +4")
    page.locator("#save").tap()
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    assert sp.partie.deals[0].undertaker == 0 and s.balance == (-4, 4)
    close(context)


def test_the_german_board_at_360px_and_who_pays_whom(server, browser):
    context = browser.new_context(color_scheme="dark", locale="de-AT",
                                  **{**PHONE, "viewport": {"width": 360, "height": 740}})
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    new_partie(page, server["url"], "Maximiliane", "Bartholomäus", start="Partie beginnen")
    page.locator(".starts a").first.tap()
    page.wait_for_selector("#deal-form")
    page.keyboard.type("40")
    expect(page.locator("#save-result")).to_have_text("Maximiliane +3")
    page.locator("#save").tap()
    page.wait_for_selector("#record")
    record = page.locator("#record").bounding_box()
    bar = page.locator(".actions.sticky").bounding_box()
    assert record["width"] >= bar["width"] - 40 and record["height"] < 60      # full width, one line
    heights = page.eval_on_selector_all(".button, .more a, .deals a",
                                        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    sizes = page.eval_on_selector_all(".hint, .more a, .parts, .run, figcaption, .money",
                                      "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert sizes and min(sizes) >= 16
    shot(page, "sheet-board-de-dark-360")
    board = page.url
    for path in ("", "/deal", "/end"):
        page.goto(board + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    expect(page.locator("#settle")).to_contain_text("Bartholomäus zahlt Maximiliane 0,30 €")
    page.locator("button.primary").tap()
    page.wait_for_selector("#settle")
    expect(page.locator("#settle li")).to_have_text("Bartholomäus zahlt Maximiliane 0,30 €")
    shot(page, "sheet-ended-de-dark-360")
    close(context)


def test_a_new_partie_names_the_first_dealer_and_offers_only_its_rules_options(server, browser):
    context, page = phone(browser, "dark")
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").type("Be")
    expect(page.locator("#fs-first_dealer .seg-options > label span")).to_have_text(["Anna", "Be"])
    page.locator("details.options summary").tap()
    half = page.locator("input[name=simple_games][value=half]").locator("xpath=..")
    passed_redeal = page.locator("input[name=simple_games][value=redeal]").locator("xpath=..")
    assert half.is_hidden() and passed_redeal.is_visible()            # Tarockbuch: no half value (Beck)
    page.locator("input[name=preset][value=beck] + span").tap()
    assert half.is_visible()
    page.locator("input[name=simple_games][value=half] + span").tap()
    page.locator("input[name=preset][value=tarockbuch-extended] + span").tap()
    assert page.locator("input[name=simple_games][value=default]").is_checked()   # not left on a hidden choice
    shot(page, "sheet-new-partie-dark")
    close(context)


def test_use_for_never_carries_an_in_between_count(server, browser):
    """Tapping "Use for Anna" right after a + (before the new count is back) carries the new count, not the
    one before it: the link is hidden from the change until the count arrives."""
    context, page = phone(browser)
    new_partie(page, server["url"])
    page.goto(page.url + "/calculator")
    page.locator("#tricks").tap()
    page.keyboard.type("10")
    expect(page.locator("a.use[data-player='0']")).to_be_visible()
    expect(page.locator("#calc-result")).to_contain_text("6 + 2 Blatt")      # 20 plain cards: 3 × 20 − 2 × 20 thirds
    page.get_by_role("button", name="One more: Kings").tap()               # and a King: 3 × 24 − 40 = 32 thirds
    assert page.locator("a.use[data-player='0']").is_hidden()              # at once, before the count is back
    page.locator("a.use[data-player='0']").tap()                            # waits until it shows again
    page.wait_for_selector("#deal-form")
    expect(page.locator("#points")).to_have_value("10")                     # 10 ⅔, not the 6 ⅔ before the King
    assert page.locator("input[name=blatt][value='2']").is_checked()
    close(context)


def test_the_share_page_copies_the_address_with_its_own_script(server, browser):
    """The share page's buttons come with its own small script (share.js), not with every page's app.js."""
    context, page = phone(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server["url"])
    new_partie(page, server["url"])
    board = page.url
    page.goto(board + "/share")
    assert any("/static/share." in s for s in page.eval_on_selector_all("script[src]", "s => s.map(x => x.src)"))
    page.locator("#copy-button").tap()                                    # shown: the clipboard is there
    expect(page.locator("#share-status")).to_have_text("Address copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#share-url").inner_text()
    page.goto(board)
    assert not any("/static/share." in s or "/static/new." in s
                   for s in page.eval_on_selector_all("script[src]", "s => s.map(x => x.src)"))
    close(context)


def test_the_bonuses_a_count_ticks_open_their_fold_and_are_named(server, browser):
    context, page = phone(browser)
    new_partie(page, server["url"])
    page.locator(".starts a", has_text="Anna").tap()
    page.wait_for_selector("#deal-form")
    fold = page.locator("details.bonuses")
    assert not fold.evaluate("d => d.open")                               # folded while none is chosen
    page.locator("details.calc > summary").tap()
    for _ in range(3):                                                    # all three Trull cards in Anna's pile
        page.locator("#trull").locator("xpath=following-sibling::button").tap()
    page.locator("#tricks").fill("6")
    expect(page.locator("#points")).not_to_have_value("", timeout=5000)   # counted into the card points
    expect(page.locator("#bonuses-chosen")).to_contain_text("Trull (Anna)", timeout=5000)
    assert fold.evaluate("d => d.open")                                   # the ticked bonus is in sight
    assert page.locator("input[name=bonuses]:checked").count() == 1
    close(context)
