"""Königrufen's deal form on a phone (390×844, touch), in English and German: a quick start from the board takes
the player to the first choice still to make (the partner of a Rufer, the declarer of a Piccolo), focused and clear
of the sticky Save bar; the Kontra steppers show every level in order (as RULES-KOENIGRUFEN.md names them) with the
chosen one marked. Screenshots in test-artifacts/ with SCORER_SCREENSHOTS=1."""

import pytest
from playwright.sync_api import expect

from .screens import shot
from .test_browser import PHONE, browser, close, server, tap  # noqa: F401  (fixtures)
from .test_koenigrufen_phone import new_partie

pytestmark = pytest.mark.browser

WORDS = {"en": {"start": "Rufer", "piccolo": "Piccolo",
                "levels": ["no Kontra", "Kontra", "Rekontra", "Subkontra"]},
         "de": {"start": "Rufer", "piccolo": "Piccolo",
                "levels": ["kein Kontra", "Kontra", "Rekontra", "Subkontra"]}}


def phone(browser, language):
    context = browser.new_context(color_scheme="light", locale="de-AT" if language == "de" else "en-GB", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def bar_top(page):
    return page.locator(".actions.sticky").bounding_box()["y"]


def clear_of_the_bar(page, selector):
    """Every visible element of `selector` is wholly on the screen above the sticky bar."""
    top = bar_top(page)
    boxes = [b for b in (el.bounding_box() for el in page.locator(selector).all() if el.is_visible()) if b]
    assert boxes
    for box in boxes:
        assert box["y"] >= 0 and box["y"] + box["height"] <= top, (selector, box, top)


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_quick_start_focuses_the_first_choice_left_clear_of_the_save_bar(server, browser, language):
    context, page = phone(browser, language)
    board = new_partie(page, server, german=language == "de")
    page.locator(".starts .button.start", has_text=WORDS[language]["start"]).first.tap()
    page.wait_for_selector("#deal-form")
    # a Rufer: the Vorhand plays, so the partner is what is left; the focus is on its question
    expect(page.locator("#fs-declarer")).to_be_hidden()
    expect(page.locator("#fs-partner")).to_be_focused()          # the question, not one of its names
    clear_of_the_bar(page, "#fs-partner .seg-options label")
    shot(page, f"kr-rufer-start-{language}", full_page=False)
    # a tap on the partner, and the card points: scrolled into view above the bar too
    page.locator("#fs-partner label:visible").nth(1).tap()
    page.locator("#card_points").focus()
    clear_of_the_bar(page, "#card_points")
    # a Piccolo: nobody is proposed, so the declarer is what is left
    page.goto(board + "/deal?start=1&contract=piccolo")
    expect(page.locator("#fs-declarer")).to_be_focused()
    expect(page.locator("#fs-partner")).to_be_hidden()
    clear_of_the_bar(page, "#fs-declarer .seg-options label")
    # at the page's end nothing interactive is under the bar
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")   # instant: no smooth scrolling
    top = bar_top(page)
    for el in page.locator("main a, main button, main select, main summary, main label, footer a").all():
        box = el.bounding_box()
        if not el.is_visible() or not box or el.locator("xpath=ancestor::div[contains(@class,'sticky')]").count():
            continue
        if box["y"] + box["height"] > 0 and box["y"] < 844:   # on the screen: wholly above the bar
            assert box["y"] + box["height"] <= top, (el.evaluate("e => e.outerHTML.slice(0, 80)"), box, top)
    close(context)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_kontra_steppers_show_every_level_in_order(server, browser, language):
    context, page = phone(browser, language)
    new_partie(page, server, german=language == "de")
    page.locator(".starts .button.start", has_text=WORDS[language]["start"]).first.tap()
    page.wait_for_selector("#deal-form")
    levels = WORDS[language]["levels"]
    fs = page.locator("#fs-kontra")
    # a fieldset with its legend, two real buttons, and under them every level in order, the chosen one marked
    expect(fs.locator("legend")).to_have_text("Kontra on the game" if language == "en" else "Kontra auf das Spiel")
    scale = fs.locator(".stepper-scale li")
    expect(scale).to_have_text(levels)
    expect(fs.locator(".stepper-scale li[aria-current=true]")).to_have_text(levels[0])
    plus = fs.locator(".choice-stepper button.step").last
    assert plus.evaluate("b => b.tagName") == "BUTTON"
    plus.scroll_into_view_if_needed()
    plus.tap()
    plus.tap()
    expect(fs.locator(".stepper-scale li[aria-current=true]")).to_have_text(levels[2])
    expect(fs.locator(".stepper-value")).to_have_text(levels[2])
    expect(page.locator("input[name=kontra][value='4']")).to_be_checked()
    current = fs.locator(".stepper-scale li[aria-current=true]")
    assert current.evaluate("e => getComputedStyle(e).fontWeight") == "700"
    assert fs.locator(".stepper-scale li").first.evaluate("e => getComputedStyle(e).fontWeight") != "700"
    # read as a scale, one level after the other, never as a row of choices: no underline, arrows between the levels
    assert current.evaluate("e => getComputedStyle(e).textDecorationLine") == "none"
    assert [li.evaluate("e => getComputedStyle(e, '::before').content") for li in scale.all()] == \
        ["none"] + ['"\u2192"'] * (len(levels) - 1)
    assert scale.first.evaluate("e => getComputedStyle(e).cursor") == "default"
    # the keyboard: the focus is visible on the button, Enter steps on
    plus.focus()
    page.keyboard.press("Enter")
    expect(current).to_have_text(levels[3])
    assert plus.evaluate("b => getComputedStyle(b).outlineStyle") != "none"
    # the whole scale fits the phone's width (no level cut off)
    for li in fs.locator(".stepper-scale li").all():
        box = li.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, f"kr-kontra-{language}", full_page=False)
    # a premium's Kontra (shown once announced) and an opponent's Kontra on a Piccolo: the same scale
    page.locator("input[name=side_pagat][value=declarer]").evaluate("r => r.closest('label').click()")
    page.locator("input[name=ann_pagat][value=yes]").evaluate("r => r.closest('label').click()")
    prem = page.locator(".prem", has=page.locator("input[name=side_pagat]"))
    expect(prem.locator(".stepper-scale li")).to_have_text(levels)
    prem.scroll_into_view_if_needed()
    shot(page, f"kr-kontra-premium-{language}", full_page=False)
    page.locator("input[name=contract][value=piccolo]").evaluate("r => r.closest('label').click()")
    row = page.locator("#fs-kontra_each .grid-row:visible").first
    expect(row.locator(".stepper-scale li")).to_have_text(levels)
    row.scroll_into_view_if_needed()
    shot(page, f"kr-kontra-each-{language}", full_page=False)
    # an opponent's name keeps its width beside the stepper (the scale never widens it)
    assert row.locator(".row-name").bounding_box()["width"] >= 60
    close(context)
