"""Königrufen's deal form on a phone (390×844, touch), as a table of four types on it: thirds entered by taps (a
whole number on the numeric keypad, + Blatt as buttons) are stored as thirds, Enter (Android's "Done") in the card-points field moves on and stores nothing, the
preview follows every keystroke, premiums and Kontra by taps; the board read back as a score sheet equals the
engine's settlement. Screenshots in test-artifacts/ with SCORER_SCREENSHOTS=1."""

import pytest
from playwright.sync_api import expect

from scorer.web.language import euros, signed

from .test_browser import close, PHONE, back_online, browser, go_offline, server, settled, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def new_partie(page, server, names=("Anna", "Bernd", "Cilli", "Dora")):
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    return page.url


def test_thirds_by_taps_beside_the_number_pad_and_done_never_saves(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    board = new_partie(page, server)
    # Anna deals, Bernd is Vorhand: his Rufer, from the board's quick start
    tap(page, ".starts a:has-text('Rufer')")
    page.wait_for_selector("#deal-form")
    expect(page.locator("input[name=contract][value=rufer]")).to_be_checked()
    field = page.locator("#card_points")
    expect(field).to_have_attribute("inputmode", "numeric")   # the number pad: digits only, the third by a tap
    page.evaluate("window.stillHere = true")
    tap(page, "input[name=partner][value='2'] + span")   # Cilli held the King
    field.tap()
    page.keyboard.type("30")
    expect(page.locator("#preview")).to_contain_text("30 : 40", timeout=5000)   # the preview follows the typing
    page.keyboard.press("Backspace")
    page.keyboard.press("Backspace")
    page.keyboard.type("35")
    tap(page, "input[name=card_blatt][value='2'] + span")   # + 2 Blatt: 35 2/3
    expect(page.locator("#preview")).to_contain_text("35\u202f⅔", timeout=5000)
    field.tap()
    page.keyboard.press("Enter")   # "Done": closes the keyboard, never saves (partner, Kontra, premiums come after)
    assert page.evaluate("document.activeElement && document.activeElement.id") != "card_points"
    assert page.evaluate("window.stillHere === true")   # no page load: the form as it was
    assert settled(server, page)[0].partie.deals == ()
    # the rest by taps: Kontra, a silent Pagat of the declarer's side
    page.locator("#fs-kontra .choice-stepper button.step").last.tap()
    tap(page, "input[name=side_pagat][value=declarer] + span")
    expect(page.locator("input[name=ann_pagat][value=no]")).to_be_checked()   # silent unless said
    expect(page.locator("#save-result")).to_contain_text("Bernd", timeout=5000)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.locator("#premiums").scroll_into_view_if_needed()
        shot(page, f"koenigrufen-keyboard-premiums-{scheme}", full_page=False)
    page.emulate_media(color_scheme="light")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    tap(page, "#save")
    page.wait_for_selector("#sheet")
    sp, s = settled(server, page)
    (deal,) = sp.partie.deals
    assert deal.card_points == 107 and deal.kontra == 2 and deal.partner == 2   # 35 + 2 Blatt: 107 thirds
    assert [(p.premium, p.side, p.announced, p.made) for p in deal.premiums] == [("pagat", "declarer", False, True)]
    # Trischaken: two digits on the number pad move on to the next player's field (the last empty one is the rest);
    # each row's third by a tap on its Blatt
    page.goto(board + "/deal?start=1&contract=trischaken")
    first = page.locator("#tp2")   # Bernd deals, Cilli is Vorhand: her field has the focus
    expect(first).to_be_focused()
    expect(first).to_have_attribute("inputmode", "numeric")
    page.keyboard.type("20")
    expect(page.locator("#tp3")).to_be_focused()
    page.keyboard.type("30")
    expect(page.locator("#tp0")).to_be_focused()
    page.keyboard.type("19")
    assert page.evaluate("document.activeElement && document.activeElement.tagName") != "INPUT"   # keypad closed
    expect(page.locator("#tp1")).to_have_attribute("placeholder", "= 1")   # the rest shown, nothing typed
    tap(page, "input[name=tb2][value='1'] + span")
    tap(page, "input[name=tb3][value='2'] + span")
    expect(page.locator("#tp1")).to_have_attribute("placeholder", "= 0")   # 70 - 20 1/3 - 30 2/3 - 19
    page.locator("#tp0").tap()
    page.keyboard.press("Enter")
    assert len(settled(server, page)[0].partie.deals) == 1   # nothing saved by Enter
    expect(page.locator("#save-result")).to_contain_text("Dora −3", timeout=5000)   # 30 2/3: she pays most
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    tap(page, "#save")
    page.wait_for_selector("#sheet")
    sp, s = settled(server, page)
    assert sp.partie.deals[-1].card_points == (57, 0, 61, 92)   # 20 + 1 Blatt: 61 thirds; Bernd's empty: the rest
    # the sheet read back equals the engine
    for i in range(4):
        assert page.locator(f"#balance-{i}").inner_text() == signed(s.balance[i])
        assert page.locator(f"#money-{i}").inner_text() == euros(s.money[i]).replace(" €", "")
    for r in s.deals:
        runs = page.locator(f"#deal-{r.number} .nums .run").all_inner_texts()
        assert runs == [signed(b) for b in r.balance]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, f"koenigrufen-sheet-{scheme}", full_page=False)
    close(context)


def test_no_connection_is_said_on_undo_and_on_a_kept_save(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    board = new_partie(page, server)
    tap(page, ".starts a:has-text('Rufer')")
    tap(page, "input[name=partner][value='2'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "#save")
    page.wait_for_selector("#sheet tbody.deal")
    page.goto(board + "/deal")                       # the form, loaded while the connection is there
    go_offline(context, page)
    tap(page, "input[name=partner][value='3'] + span")
    tap(page, "input[name=result][value=lost] + span")
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    expect(page.locator("#save")).to_contain_text("✓ Kept on this phone")   # Save looks done, not untouched
    tap(page, "input[name=result][value=won] + span")                       # a change: Save saves again
    expect(page.locator("#save")).to_contain_text("Save deal")
    tap(page, "input[name=result][value=lost] + span")
    tap(page, "#save")
    expect(page.locator("#save")).to_contain_text("✓ Kept on this phone")
    assert len(settled(server, page)[0].partie.deals) == 1
    back_online(context, page)        # the outbox sends the kept deal, and the form page goes to the board by itself
    page.wait_for_selector("#sheet")  # (a goto of our own here raced that navigation: ERR_ABORTED under load)
    expect(page.locator("#sheet tbody.deal")).to_have_count(2)   # the outbox sent it, once
    # Undo with no connection: said beside the button, nothing undone
    go_offline(context, page)
    page.evaluate("window.dispatchEvent(new Event('offline'))")
    tap(page, "#undo button")
    expect(page.locator(".offline-action")).to_contain_text("No connection: nothing was changed")
    context.set_offline(False)
    assert len(settled(server, page)[0].partie.deals) == 2
    close(context)


def test_names_typed_are_kept_when_switching_to_koenigrufen(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    page.locator(".game-switch a", has_text="Königrufen").tap()
    page.wait_for_url("**game=koenigrufen**")
    expect(page.locator("#player0")).to_have_value("Anna")
    expect(page.locator("#player1")).to_have_value("Bernd")
    expect(page.locator("#player2")).to_have_value("")
    close(context)


def test_a_refused_save_puts_the_focus_on_what_to_fix(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)
    tap(page, ".starts a:has-text('Rufer')")
    tap(page, "input[name=partner][value='2'] + span")
    page.locator("#card_points").fill("35,5")                 # no third: refused
    tap(page, "#save")
    expect(page.locator(".errors.summary")).to_be_focused()
    expect(page.locator(".errors.summary a[href='#error-card_points']")).to_be_visible()
    expect(page.locator("#error-card_points")).to_contain_text("35.67")   # the sentence once, beside its field
    expect(page.locator("#card_points")).to_have_attribute("aria-invalid", "true")
    assert settled(server, page)[0].partie.deals == ()
    close(context)


def test_a_piccolos_declarer_is_chosen_never_proposed(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)
    tap(page, "#record")   # a Rufer: the Vorhand (Bernd) plays it
    expect(page.locator("input[name=declarer][value='1']")).to_be_checked()
    tap(page, "input[name=contract][value=piccolo] + span")
    expect(page.locator("input[name=declarer]:checked")).to_have_count(0)   # nobody proposed for a Piccolo
    tap(page, "input[name=declarer][value='2'] + span")                      # Cilli plays it
    tap(page, "input[name=contract][value=rufer] + span")
    expect(page.locator("input[name=declarer][value='1']")).to_be_checked()
    tap(page, "input[name=contract][value=piccolo] + span")
    expect(page.locator("input[name=declarer][value='2']")).to_be_checked()  # the player's choice comes back
    close(context)


def test_a_trischaken_pile_counted_fills_the_chosen_players_points(server, browser):
    context = browser.new_context(locale="en", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)
    tap(page, ".starts a:has-text('Trischaken')")
    page.wait_for_selector("#deal-form")
    tap(page, "#calc > summary")
    expect(page.locator("#pile_of")).to_be_visible()             # whose pile: only in a Trischaken
    page.locator("#pile_of").select_option("2")                  # Cilli's pile
    # a Trull card and a King in 5 tricks: 28 - 40/3 = 14 2/3 (RULES.md §2): 14 + 2 Blatt in her row
    for name in ("trull", "kings"):
        page.locator(f"#{name}").locator("xpath=following-sibling::button").tap()
    page.locator("#tricks").fill("5")
    expect(page.locator("#tp2")).to_have_value("14")
    expect(page.locator("input[name=tb2][value='2']")).to_be_checked()
    expect(page.locator("#calc .calc-live")).to_have_text("= 14\u202f⅔ (the other pile: 55\u202f⅓)")
    for seat, points in ((1, "20"), (3, "30")):
        page.locator(f"#tp{seat}").fill(points)
    expect(page.locator("#save-result")).not_to_be_empty(timeout=5000)
    tap(page, "#save")
    page.wait_for_selector("#sheet")
    sp, _s = settled(server, page)
    assert sp.partie.deals[-1].card_points == (16, 60, 44, 90)   # 14 + 2 Blatt: 44 thirds; Anna's empty: the rest
    close(context)
