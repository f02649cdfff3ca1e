"""Königrufen on a phone (390×844, touch): the Kontra steppers (buttons, keyboard, what is read
out), the calculator of the declarer side's pile filling the card points, the taps of a plain Rufer, and a deal
kept in the outbox through a dead spot. Screenshots in test-artifacts/ with SCORER_SCREENSHOTS=1."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, controlled, PHONE, back_online, browser, server, settled, shot, tap  # noqa: F401  (fixtures)
from .test_browser_table import DeadSpot
from .test_koenigrufen_browser import kontra

pytestmark = pytest.mark.browser


def new_partie(page, server, german=False, names=("Anna", "Bernd", "Cilli", "Dora")):
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Partie beginnen" if german else "text=Start the partie")
    page.wait_for_selector("#record")
    return page.url


def test_kontra_steppers_and_the_calculator_in_german(server, browser):
    context = browser.new_context(color_scheme="light", locale="de-AT", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server, german=True)
    tap(page, "#record")
    # the game's Kontra: [−] kein Kontra [+], the radios hidden behind it
    stepper = page.locator("#fs-kontra .choice-stepper")
    value = stepper.locator(".stepper-value")
    expect(value).to_have_text("kein Kontra")
    expect(value).to_have_attribute("aria-live", "polite")
    expect(page.locator("#fs-kontra .seg-options")).to_be_hidden()
    minus, plus = stepper.locator("button.step").first, stepper.locator("button.step").last
    expect(plus).to_have_attribute("aria-label", "Eins mehr: Kontra auf das Spiel")
    expect(minus).to_have_attribute("aria-disabled", "true")
    for button in (minus, plus):
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44
    plus.tap()
    plus.tap()
    expect(value).to_have_text("Rekontra")
    expect(page.locator("input[name=kontra][value='4']")).to_be_checked()
    minus.tap()
    expect(value).to_have_text("Kontra")
    # the keyboard: the buttons take the focus (visibly) and Enter / Space press them
    plus.focus()
    page.keyboard.press("Enter")
    expect(value).to_have_text("Rekontra")
    page.keyboard.press(" ")
    expect(value).to_have_text("Subkontra")
    expect(plus).to_have_attribute("aria-disabled", "true")
    assert plus.evaluate("b => getComputedStyle(b).outlineStyle") != "none"   # :focus-visible
    page.keyboard.press("Enter")   # past the top: stays at Sub
    expect(value).to_have_text("Subkontra")
    minus.tap()
    minus.tap()
    expect(value).to_have_text("Kontra")
    # a premium's Kontra shows once the premium has a side (and is announced)
    pagat = page.locator("#kon_pagat + .choice-stepper")
    expect(pagat).to_be_hidden()
    tap(page, "input[name=side_pagat][value=declarer] + span")
    expect(pagat).to_be_hidden()                                        # silent: no Kontra on it
    tap(page, "input[name=ann_pagat][value=yes] + span")
    expect(pagat).to_be_visible()
    expect(pagat.locator(".stepper-caption")).to_have_text("Kontra")   # under the premium's own row
    expect(pagat.locator("button.step").last).to_have_attribute("aria-label", "Eins mehr: Pagat ultimo: Kontra")
    pagat.locator("button.step").last.tap()
    assert page.locator("#kon_pagat").input_value() == "2"
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator("#premiums").scroll_into_view_if_needed()
        shot(page, f"koenigrufen-premium-{scheme}", full_page=False)
    page.emulate_media(color_scheme="light")
    tap(page, "input[name=side_pagat][value=''] + span")
    pagat_kontra = page.locator("#kon_pagat").input_value()
    # the calculator: Trull 3, Kings 2, a Queen, a Jack, 6 tricks, 3 cards from the talon = 33
    tap(page, "#calc > summary")
    for name, times in (("trull", 3), ("kings", 2), ("queens", 1), ("jacks", 1), ("talon", 3)):
        for _ in range(times):
            page.locator(f"#{name}").locator("xpath=following-sibling::button").tap()
    page.locator("#tricks").fill("6")
    expect(page.locator("#calc .calc-live")).to_have_text("= 33 (die anderen Stiche: 37)")
    expect(page.locator("#card_points")).to_have_value("33")
    tap(page, "input[name=partner][value='2'] + span")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator("#fs-kontra").scroll_into_view_if_needed()
        shot(page, f"koenigrufen-stepper-calc-{scheme}", full_page=False)
        shot(page, "koenigrufen-stepper-calc-full-" + scheme)
    page.emulate_media(color_scheme="light")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    tap(page, "#save")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    deal = sp.partie.deals[-1]
    assert deal.card_points == 99 and deal.kontra == 2 and deal.premiums == () and pagat_kontra == "2"
    assert s.deals[-1].won is False and s.balance == (1, -1, -1, 1)   # Bernd (Vorhand) with Cilli, 33 : 37
    # each opponent's Kontra in a Piccolo: a stepper in the opponent's row
    tap(page, "#record")
    tap(page, "input[name=contract][value=piccolo] + span")
    tap(page, "input[name=declarer][value='1'] + span")
    tap(page, "input[name=result][value=lost] + span")
    expect(page.locator(".grid-row:has(#each1)")).to_be_hidden()   # the declarer gives himself no Kontra
    expect(page.locator(".grid-row:has(#each2)")).to_be_visible()
    # its buttons say what they count, not only whose it is (the row's label is the player's name)
    each = page.locator("#each2 + .choice-stepper button.step")
    expect(each.first).to_have_attribute("aria-label", "Ein Kontra weniger: Cilli")
    expect(each.last).to_have_attribute("aria-label", "Ein Kontra mehr: Cilli")
    expect(page.locator("#each2 + .choice-stepper .stepper-caption")).to_have_count(0)   # the layout as it was
    kontra(page, "#each2", 2)
    expect(page.locator("#each2 + .choice-stepper .stepper-value")).to_have_text("Kontra")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator("#fs-kontra_each").scroll_into_view_if_needed()
        shot(page, f"koenigrufen-each-{scheme}", full_page=False)
    page.emulate_media(color_scheme="light")
    tap(page, "#save")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    assert sp.partie.deals[-1].kontra_each == (1, 1, 2, 1)
    close(context)


def test_a_rufer_won_with_no_premiums_takes_four_inputs_from_the_board(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)
    inputs = ["#record", "input[name=partner][value='2'] + span", "input[name=result][value=won] + span", "#save"]
    for selector in inputs:
        tap(page, selector)
        if selector == "#record":   # each opponent's Kontra stepper is named for what it counts, in English too
            each = page.locator("#each1 + .choice-stepper button.step")
            expect(each.first).to_have_attribute("aria-label", "One fewer Kontra: Bernd")
            expect(each.last).to_have_attribute("aria-label", "One more Kontra: Bernd")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    assert len(inputs) == 4 and sp.partie.deals[-1].contract == "rufer" and s.balance == (-1, 1, 1, -1)
    close(context)


def test_a_koenigrufen_deal_waits_in_the_outbox_through_a_dead_spot(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.clock.install()                                                # the outbox's timers, moved below
    page.set_default_timeout(10000)
    board = new_partie(page, server)
    controlled(page)   # the service worker in control
    page.goto(board + "/deal")
    page.goto(board)
    dead_spot = DeadSpot(server["httpd"].app)
    server["httpd"].app = dead_spot
    context.set_offline(True)
    try:
        expect(page.locator("#offline")).to_be_visible()
        tap(page, "#record")
        page.wait_for_selector("#deal-form")
        tap(page, "input[name=partner][value='2'] + span")
        page.locator("#card_points").fill("41 2/3")
        kontra(page, "#fs-kontra", 2)
        tap(page, "#save")
        expect(page.locator(".queued")).to_be_visible()
        assert page.locator("#card_points").input_value() == "41 2/3"
        page.locator("p.back a").tap()
        page.wait_for_selector("#outbox")
        expect(page.locator("#outbox li.outbox-waiting")).to_have_count(1)
        assert settled(server, page)[0].partie.deals == ()
    finally:
        server["httpd"].app = dead_spot.app
    back_online(context, page)
    page.clock.fast_forward(11000)             # a POST that leaked into the dead spot waits for its next try
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(1)
    sp, s = settled(server, page)
    deal = sp.partie.deals[0]
    assert (deal.contract, deal.partner, deal.card_points, deal.kontra) == ("rufer", 2, 125, 2)
    assert s.balance == (-1, 1, 1, -1) and s.money_balance == (-2, 2, 2, -2)
    expect(page.locator("#sheet tbody.deal")).to_have_count(1)
    close(context)
