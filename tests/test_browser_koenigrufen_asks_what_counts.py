"""Königrufen's deal form on a phone (360×740, touch) asks only what a deal reads, and keeps the thumb's place: a
renonce's premiums are whose announced (no silent, made or Kontra); a conceded game shows no result, card points or
Kontra and, in a Besserrufer, only the declarer's birds; King ultimo has no opponents' side; Trischaken's rows say
who is the Vorhand (the word follows the dealer) and a Blatt tap leaves the cursor in the field it was in; after a
refused Save, the field's sentence goes once the field is right. The engine's settlement is read back."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, browser, server, settled, shot, tap  # noqa: F401  (fixtures)
from .test_browser_overflow import small

pytestmark = pytest.mark.browser


def new_partie(page, server, names=("Anna", "Bernd", "Cilli", "Dora")):
    """A Königrufen partie of these names (the first deals first), in the page's language; its board's address."""
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    page.locator("button[type=submit].primary").last.tap()
    page.wait_for_selector("#record")
    return page.url


def test_a_renonce_asks_whose_premiums_were_announced(server, browser):  # noqa: F811
    context = browser.new_context(**small("en"))
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)   # Anna deals first: Bernd is Vorhand
    tap(page, "#record")
    tap(page, "input[name=type][value=renonce] + span")
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, "input[name=declarer][value='2'] + span")     # Cilli's Dreier
    tap(page, "input[name=offender][value='3'] + span")     # Dora's renonce
    pagat = page.locator(".prem:has(input[name=side_pagat])")
    pagat.locator("input[value=declarer] + span").tap()
    expect(pagat.locator(".prem-how")).to_be_hidden()       # no silent/announced, made/failed, Kontra in a renonce
    expect(page.locator("#premiums .for-renonce")).to_be_visible()
    expect(page.locator("#premiums .no-renonce")).to_be_hidden()
    expect(page.locator("#save-result")).to_have_text("Cilli +18")   # (Dreier 4 + Pagat 2) × 3
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert settled(server, page)[1].deals[0].points == (6, 6, 18, -30)
    expect(page.locator("#deal-1 .what")).to_contain_text("renonce by Dora · Pagat announced")
    close(context)


def test_a_conceded_game_hides_what_it_does_not_read(server, browser):  # noqa: F811
    context = browser.new_context(**small("de"))
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)
    page.goto(page.url + "/deal?contract=besserrufer")
    tap(page, "input[name=declarer][value='1'] + span")
    tap(page, "input[name=partner][value=talon] + span")
    expect(page.locator("input[name=partner][value=talon] + span")).to_have_text("König im Talon (oder der eigene)")
    for part in ("#fs-result", "#card_points", "#fs-kontra", "#calc"):
        expect(page.locator(part)).to_be_visible()
    tap(page, "label.check:has(input[name=conceded]) span")
    for part in ("#fs-result", "#card_points", "#fs-kontra", "#calc"):
        expect(page.locator(part)).to_be_hidden()
    visible = [t.split("\n")[0] for t in page.locator(".prem:visible legend").all_inner_texts()]
    assert visible == ["Pagat ultimo", "Uhu", "Kakadu", "Quapil"]   # a Besserrufer's birds: the declarer's side only
    expect(page.locator(".prem:visible label:visible:has(input[value=opponents])")).to_have_count(0)
    page.locator(".prem:has(input[name=side_pagat]) input[value=declarer] + span").tap()
    expect(page.locator(".prem:has(input[name=side_pagat]) .prem-how")).to_be_hidden()
    expect(page.locator("#save-result")).to_have_text("Bernd −9")   # (1 + Pagat 2) to each of three
    shot(page, "de-conceded-besserrufer", folder="overflow")
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert settled(server, page)[1].deals[0].points == (3, -9, 3, 3)
    # a Rufer conceded: no premium at all
    page.goto(page.url + "/deal?contract=rufer")
    tap(page, "input[name=partner][value=talon] + span")
    tap(page, "label.check:has(input[name=conceded]) span")
    expect(page.locator("#premiums")).to_be_hidden()
    # King ultimo: the declarer's side only
    tap(page, "label.check:has(input[name=conceded]) span")
    expect(page.locator(".prem:has(input[name=side_koenig_ultimo]) input[value=opponents]")).to_have_count(0)
    close(context)


def test_trischaken_rows_say_the_vorhand_and_a_blatt_tap_keeps_the_cursor(server, browser):  # noqa: F811
    context = browser.new_context(**small("de"))
    page = context.new_page()
    page.set_default_timeout(10000)
    board = new_partie(page, server, names=("Alexander", "Bernadette", "Christoph", "Dominik", "Elisabeth"))
    page.goto(board + "/deal?contract=trischaken&start=1")   # Alexander deals and sits out: Bernadette is Vorhand
    expect(page.locator("#tp-vorhand")).to_have_text("(Vorhand)")
    expect(page.locator("label[for=tp1]")).to_have_text("Bernadette (Vorhand)")
    expect(page.locator("#tp1")).to_be_focused()
    page.keyboard.type("20")                                  # two digits: on to Christoph's field
    expect(page.locator("#tp2")).to_be_focused()
    page.locator("label:has(input[name=tb1][value='1'])").tap()   # Bernadette's third: 20 1/3
    expect(page.locator("input[name=tb1][value='1']")).to_be_checked()
    expect(page.locator("#tp2")).to_be_focused()              # the cursor stays where the typing goes on
    page.keyboard.type("25")
    expect(page.locator("#tp3")).to_be_focused()
    # another dealer: the word moves to his Vorhand
    tap(page, "input[name=dealer][value='2'] + span")
    expect(page.locator("label[for=tp3]")).to_have_text("Dominik (Vorhand)")
    expect(page.locator("label[for=tp1]")).to_have_text("Bernadette")
    close(context)


def test_after_a_refused_save_the_sentence_goes_once_the_field_is_right(server, browser):  # noqa: F811
    context = browser.new_context(**small("en"))
    page = context.new_page()
    page.set_default_timeout(10000)
    new_partie(page, server)
    tap(page, ".starts a:has-text('Rufer')")
    tap(page, "input[name=partner][value='2'] + span")
    page.locator("#card_points").fill("35,5")                 # no third: refused
    tap(page, "#save")
    expect(page.locator("#error-card_points")).to_contain_text("Card points are a whole number")
    expect(page.locator(".errors.summary a[href='#error-card_points']")).to_be_visible()
    page.locator("#card_points").fill("40")
    expect(page.locator("#error-card_points")).to_be_hidden()   # right now: its sentence and its link go
    expect(page.locator(".errors.summary li:has(a[href='#error-card_points'])")).to_be_hidden()
    expect(page.get_by_text("Card points are a whole number")).to_be_hidden()
    close(context)
