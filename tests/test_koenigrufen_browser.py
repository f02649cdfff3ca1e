"""A five-player Königrufen evening on a phone, in German, in a real browser: every kind of deal tapped in
through the form, the board checked against the engine after each deal; screenshots of the form and the board,
light and dark, at 390 px, in test-artifacts/."""

import pytest
from playwright.sync_api import expect

from .helpers import german_euros, german_signed
from .test_browser import close, browser, server, settled, shot, tap, PHONE  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def check_board(server, page):
    """The board's figures are the engine's: points, money, who deals and sits out, who is Vorhand, the Radl."""
    sp, s = settled(server, page)
    names = sp.partie.players
    for i in range(len(names)):
        assert page.locator(f"#balance-{i}").inner_text() == german_signed(s.balance[i])
        assert page.locator(f"#money-{i}").inner_text() == german_euros(s.money[i]).replace(" €", "")   # the € row
    dealer = names[s.next_dealer]
    assert page.locator("#status").inner_text().startswith(
        f"{dealer} gibt und setzt aus, {names[(s.next_dealer + 1) % 5]} ist Vorhand")
    if s.counted and not s.radl_left and not s.doubled_pending:   # a Radl's end: the next deal starts a new one
        assert "ein neues Radl beginnt" in page.locator("#status").inner_text()
    else:
        assert f"Radl: Spiel {s.counted % 5 + 1} von 5" in page.locator("#status").inner_text()
    assert page.locator("#sheet tbody.deal").count() == len(s.deals)
    for r in s.deals:   # each line of the sheet: each player's running total, as the engine has it
        assert page.locator(f"#deal-{r.number} .run").all_inner_texts() == [german_signed(b) for b in r.balance]
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0
    return s


def kontra(page, at, level):
    """Step the Kontra stepper after `at` (a select, or the fieldset holding it) up to `level` (1, 2, 4, 8)."""
    stepper = page.locator(f"{at} .choice-stepper, {at} + .choice-stepper").first
    for _ in range({"1": 0, "2": 1, "4": 2, "8": 3}[str(level)]):
        stepper.locator("button.step").last.tap()


def record(page, contract=None, declarer=None, partner=None, result=None, **fields):
    tap(page, "#record")
    if contract:
        tap(page, f"input[name=contract][value={contract}] + span")
    if declarer is not None:
        tap(page, f"input[name=declarer][value='{declarer}'] + span")
    if partner is not None:
        tap(page, f"input[name=partner][value='{partner}'] + span")
    if result:
        tap(page, f"input[name=result][value={result}] + span")
    for name, value in fields.items():
        box = page.locator(f"[name={name}]").first
        if box.evaluate("e => e.matches('[data-stepper], .prem-how select')"):   # a Kontra level: + on its stepper
            kontra(page, f"#{name}", value)
        elif box.evaluate("e => e.tagName") == "SELECT":
            box.select_option(value)
        elif box.get_attribute("type") == "radio":
            tap(page, f"input[name={name}][value='{value}'] + span")
        else:
            box.fill(value)
    tap(page, "#save")
    page.wait_for_selector("#record")


def test_a_five_player_evening_in_german(server, browser):
    context = browser.new_context(color_scheme="light", locale="de-AT", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora", "Emil")):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Partie beginnen")
    page.wait_for_selector("#record")
    # Anna deals and sits out, Bernd is Vorhand: a Rufer with Dora, won: four taps and Save
    tap(page, "#record")
    expect(page.locator("input[name=declarer][value='1']")).to_be_checked()
    expect(page.locator("#fs-card_points")).to_be_hidden()          # Trischaken's fields only for Trischaken
    tap(page, "input[name=partner][value='3'] + span")
    tap(page, "input[name=result][value=won] + span")
    expect(page.locator("#preview")).to_contain_text("Bernd: Rufer mit Dora")
    expect(page.locator("#save-result")).to_have_text("Bernd +1")       # the live result beside Save
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "koenigrufen-form-" + scheme)
    page.emulate_media(color_scheme="light")
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert s.balance == (0, 1, -1, 1, -1)
    # Bernd deals and sits out, Cilli is Vorhand: Trischaken, Emil's field left empty (the rest)
    record(page, "trischaken", tp0="20", tp2="30", tp3="10 2/3")
    s = check_board(server, page)
    assert s.deals[-1].deal.card_points == (60, None, 90, 32, 28)
    # Piccolo by Anna, lost, Kontra from Dora
    record(page, "piccolo", declarer="0", result="lost", each3="2")
    s = check_board(server, page)
    assert s.deals[-1].points == (-6, 2, 0, 2, 2) and s.deals[-1].money_points == (-8, 2, 0, 4, 2)
    # Dreier by Emil (Vorhand), with Pagat announced and made, Kontra on the game
    tap(page, "#record")
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, "input[name=declarer][value='4'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "input[name=side_pagat][value=declarer] + span")
    tap(page, "input[name=ann_pagat][value=yes] + span")
    kontra(page, "#fs-kontra", 2)
    expect(page.locator("#save-result")).to_have_text("Emil +18 · +3,00 €")   # 1 vs 3: (4 + Pagat 2) × 3; the Kontra doubles the game's 4 in the money: (8 + 2) × 3
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert s.deals[-1].points == (-6, -6, -6, 0, 18)
    # a misdeal (Emil, who dealt, deals again), then a renonce by Bernd in a Solorufer of Anna
    record(page, type="misdeal", offender="3")
    s = check_board(server, page)
    assert s.next_dealer == 4 and s.deals[-1].points == (0, 0, 0, 0, 0)
    record(page, "solorufer", declarer="0", partner="talon", type="renonce", offender="1")
    s = check_board(server, page)
    assert s.deals[-1].points[1] < 0 and len(s.deals) == 6
    expect(page.locator("#sheet")).to_contain_text("Renonce von Bernd")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "koenigrufen-board-" + scheme)
    # no horizontal scroll on the phone
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    close(context)
