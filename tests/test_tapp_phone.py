"""Tapp-Tarock evenings on a small phone (360×740, touch), in German, in a real browser: twelve deals at three and
six at four (the dealer sitting out), every kind of deal tapped in through the form (the board's quick starts, the
declarer by name, card points typed whole or counted from the pile, Dreier, Unterer, Oberer and Solo won and lost, the
Pagat and the Valat silent or announced, a hand's Trull, Four Kings or Köpfe by its holder, Kontra, a misdeal, a
renonce), the result beside Save and the board checked figure by figure against the engine after each deal.
Screenshots in test-artifacts/ with SCORER_SCREENSHOTS=1."""

import re

import pytest
from playwright.sync_api import expect

from .test_browser import close, browser, server, settled, shot, tap  # noqa: F401  (fixtures)
from .test_koenigrufen_browser import german_euros, german_signed, kontra

pytestmark = pytest.mark.browser
SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
NAMES = ("Anna", "Bernd", "Cilli", "Dora")


def check_board(server, page):
    """The board's figures are the engine's: each player's points and money, who deals (and at four sits out), who is
    Vorhand, the deal of the Radl, each line's running totals; nothing sticks out sideways."""
    sp, s = settled(server, page)
    n = len(sp.partie.players)
    for i in range(n):
        assert page.locator(f"#balance-{i}").inner_text() == german_signed(s.balance[i])
        assert page.locator(f"#money-{i}").inner_text() == german_euros(s.money[i]).replace(" €", "")
    dealer = sp.partie.first_dealer if s.next_dealer is None else s.next_dealer
    status = page.locator("#status").inner_text()
    deals = "gibt und setzt aus" if n == 4 else "gibt"
    assert status.startswith(f"{NAMES[dealer]} {deals}, {NAMES[(dealer + 1) % n]} ist Vorhand"), status
    assert f"Radl: Spiel {s.counted % n + 1} von {n}" in status
    assert page.locator("#sheet tbody.deal").count() == len(s.deals)
    for r in s.deals:
        assert page.locator(f"#deal-{r.number} .run").all_inner_texts() == [german_signed(b) for b in r.balance]
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    return s


def save(server, page):
    expect(page.locator("#save-result")).to_have_text(re.compile(r"\S"))   # the live preview's answer came
    said = page.locator("#save-result").inner_text()
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = check_board(server, page)
    r = s.deals[-1]
    who = r.deal.declarer if r.deal.type == "game" else r.deal.offender
    wanted = f"{NAMES[who]} {german_signed(r.points[who])}" if r.points[who] else "±0"
    assert said.startswith(wanted), (said, wanted)
    return s


def test_an_evening_of_four_on_a_small_phone_in_german(server, browser):
    context = browser.new_context(color_scheme="light", locale="de-AT", **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=tapp")
    for i, name in enumerate(NAMES):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Partie beginnen")
    page.wait_for_selector("#record")
    check_board(server, page)

    # 1. Anna deals and sits out: her name is not among the declarers; Bernd's Dreier with 40, the Pagat silent made,
    #    and the Trull in his hand (a defender's Trull would hold the Pagat: the form says so)
    tap(page, ".starts a")
    page.wait_for_selector("#deal-form")
    expect(page.locator("input[name=declarer][value='0'] + span")).to_be_hidden()
    tap(page, "input[name=declarer][value='1'] + span")
    page.locator("#card_points").fill("40")
    expect(page.locator("#card_points-rest")).to_have_text("Gegenspieler: 30")
    tap(page, "input[name=side_pagat][value=declarer] + span")
    tap(page, "input[name=hand_trull][value='2'] + span")
    expect(page.locator("#preview")).to_contain_text("Pagat")   # Cilli's Trull and Bernd's Pagat: refused
    tap(page, "input[name=hand_trull][value='1'] + span")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "tapp-form-" + scheme)
    page.emulate_media(color_scheme="light")
    s = save(server, page)
    assert s.deals[-1].points[0] == 0 and s.deals[-1].deal.hand_premiums[0].player == 1

    # 2. Bernd deals: Dora's Solo, the pile counted (Trull 3, Kings 4, 5 tricks, nothing laid away), Kontra
    tap(page, "#record")
    tap(page, "input[name=contract][value=solo] + span")
    tap(page, "input[name=declarer][value='3'] + span")
    tap(page, "#calc > summary")
    for name, times in (("trull", 3), ("kings", 4)):
        for _ in range(times):
            page.locator(f"#{name}").locator("xpath=following-sibling::button").tap()
    page.locator("#tricks").fill("5")
    expect(page.locator("#card_points")).not_to_have_value("")
    kontra(page, "#fs-kontra", 2)
    s = save(server, page)
    assert s.deals[-1].deal.card_points is not None and s.deals[-1].deal.kontra == 2

    # 3. a misdeal by the dealer, Cilli: she deals again
    tap(page, "#record")
    tap(page, "input[name=type][value=misdeal] + span")
    expect(page.locator("input[name=offender][value='2']")).to_be_checked()
    s = save(server, page)
    assert s.next_dealer == 2

    # 4. Cilli deals again: Anna's Oberer won, the Valat silent made, Bernd's Four Kings
    tap(page, "#record")
    tap(page, "input[name=contract][value=oberer] + span")
    tap(page, "input[name=declarer][value='0'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "input[name=side_valat][value=declarer] + span")
    tap(page, "input[name=hand_koenige][value='1'] + span")
    s = save(server, page)
    assert s.deals[-1].points[2] == 0

    # 5. Dora deals: a renonce by Bernd in Anna's Unterer
    tap(page, "#record")
    tap(page, "input[name=type][value=renonce] + span")
    tap(page, "input[name=contract][value=unterer] + span")
    tap(page, "input[name=declarer][value='0'] + span")
    tap(page, "input[name=offender][value='1'] + span")
    s = save(server, page)
    assert s.deals[-1].deal.type == "renonce" and s.deals[-1].points[1] < 0

    # 6. Anna deals: Cilli's Dreier lost with 20
    tap(page, "#record")
    tap(page, "input[name=declarer][value='2'] + span")
    page.locator("#card_points").fill("20")
    s = save(server, page)
    assert s.deals[-1].won is False and len(s.deals) == 6
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "tapp-board-" + scheme)
    close(context)


def count_pile(page, **counters):
    """Tap the calculator's counters up (trull, kings, …, talon) and type the tricks."""
    tap(page, "#calc > summary")
    for name, times in counters.items():
        if name == "tricks":
            page.locator("#tricks").fill(str(times))
            continue
        for _ in range(times):
            page.locator(f"#{name}").locator("xpath=following-sibling::button").tap()


def test_an_evening_of_three_on_a_small_phone_in_german(server, browser):
    context = browser.new_context(color_scheme="light", locale="de-AT", **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=tapp")
    for i, name in enumerate(NAMES[:3]):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Partie beginnen")
    page.wait_for_selector("#record")
    check_board(server, page)

    # 1. Anna deals, Bernd is Vorhand: at three nobody sits out (Anna may declare); the quick start's Dreier by
    #    Bernd with 40 (the defenders' 30 said beside them), Cilli's Köpfe by her name
    expect(page.locator(".starts")).to_contain_text("Dreier")
    tap(page, ".starts a")
    page.wait_for_selector("#deal-form")
    expect(page.locator("input[name=declarer][value='0'] + span")).to_be_visible()
    expect(page.locator("input[name=declarer][value='3']")).to_have_count(0)
    tap(page, "input[name=declarer][value='1'] + span")
    page.locator("#card_points").fill("40")
    expect(page.locator("#card_points-rest")).to_have_text("Gegenspieler: 30")
    tap(page, "input[name=hand_koepfe][value='2'] + span")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.card_points, r.won) == ("dreier", 1, 40, True)
    assert [(h.premium, h.player) for h in r.deal.hand_premiums] == [("koepfe", 2)]

    # 2. Bernd deals: Cilli's Oberer, the pile counted (Trull 2, Kings 3, a Queen, 8 tricks, 3 laid away)
    tap(page, "#record")
    tap(page, "input[name=contract][value=oberer] + span")
    tap(page, "input[name=declarer][value='2'] + span")
    count_pile(page, trull=2, kings=3, queens=1, tricks=8, talon=3)
    expect(page.locator("#card_points")).not_to_have_value("")
    typed = int(page.locator("#card_points").input_value())
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.card_points) == ("oberer", 2, typed)

    # 3. Cilli deals: Anna's Unterer lost with 30 after Kontra
    tap(page, "#record")
    tap(page, "input[name=contract][value=unterer] + span")
    tap(page, "input[name=declarer][value='0'] + span")
    page.locator("#card_points").fill("30")
    kontra(page, "#fs-kontra", 2)
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.kontra, r.won) == ("unterer", 0, 2, False)

    # 4. Anna deals: Bernd's Solo won with 50, the Pagat announced and made
    tap(page, "#record")
    tap(page, "input[name=contract][value=solo] + span")
    tap(page, "input[name=declarer][value='1'] + span")
    page.locator("#card_points").fill("50")
    tap(page, "input[name=side_pagat][value=declarer] + span")
    tap(page, "input[name=ann_pagat][value=yes] + span")
    s = save(server, page)
    r = s.deals[-1]
    pagat = r.deal.entry("pagat")
    assert (r.deal.contract, r.won, pagat.side, pagat.announced, pagat.made) == ("solo", True, "declarer", True, True)

    # 5. Bernd deals: Cilli's Dreier lost with 20 after Kontra and Rekontra; Anna's Trull by her name
    tap(page, "#record")
    tap(page, "input[name=declarer][value='2'] + span")
    page.locator("#card_points").fill("20")
    kontra(page, "#fs-kontra", 4)
    tap(page, "input[name=hand_trull][value='0'] + span")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.kontra, r.won) == ("dreier", 4, False)
    assert [(h.premium, h.player) for h in r.deal.hand_premiums] == [("trull", 0)]

    # 6. Cilli deals: a renonce by Bernd in Anna's Unterer
    tap(page, "#record")
    tap(page, "input[name=type][value=renonce] + span")
    tap(page, "input[name=contract][value=unterer] + span")
    tap(page, "input[name=declarer][value='0'] + span")
    tap(page, "input[name=offender][value='1'] + span")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.type, r.deal.offender) == ("renonce", 1) and r.points[1] < 0

    # 7. Anna deals and misdeals: she deals again
    tap(page, "#record")
    tap(page, "input[name=type][value=misdeal] + span")
    expect(page.locator("input[name=offender][value='0']")).to_be_checked()
    s = save(server, page)
    assert s.deals[-1].deal.type == "misdeal" and s.next_dealer == 0

    # 8. Anna deals again: Cilli's Oberer won with the Valat announced and made (every trick; the card points left
    #    empty: the talon's cards count for the defenders, so 70 would be refused)
    tap(page, "#record")
    tap(page, "input[name=contract][value=oberer] + span")
    tap(page, "input[name=declarer][value='2'] + span")
    page.locator("#card_points").fill("70")
    expect(page.locator("#deal-form")).to_contain_text("nicht 70")
    page.locator("#card_points").fill("")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "input[name=side_valat][value=declarer] + span")
    tap(page, "input[name=ann_valat][value=yes] + span")
    s = save(server, page)
    r = s.deals[-1]
    valat = r.deal.entry("valat")
    assert (r.deal.declarer, r.won, valat.announced, valat.made) == (2, True, True, True)

    # 9. Bernd deals: Anna's Solo lost with 25 after Kontra; Bernd, a defender, holds the Four Kings
    tap(page, "#record")
    tap(page, "input[name=contract][value=solo] + span")
    tap(page, "input[name=declarer][value='0'] + span")
    page.locator("#card_points").fill("25")
    kontra(page, "#fs-kontra", 2)
    tap(page, "input[name=hand_koenige][value='1'] + span")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.kontra, r.won) == ("solo", 2, False)
    assert [(h.premium, h.player) for h in r.deal.hand_premiums] == [("koenige", 1)]

    # 10. Cilli deals: Bernd's Unterer lost with 35, one short; the defenders made the Pagat silently
    tap(page, "#record")
    tap(page, "input[name=contract][value=unterer] + span")
    tap(page, "input[name=declarer][value='1'] + span")
    page.locator("#card_points").fill("35")
    expect(page.locator("#card_points-rest")).to_have_text("Gegenspieler: 35")
    tap(page, "input[name=side_pagat][value=opponents] + span")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.won, r.deal.entry("pagat").side, r.deal.entry("pagat").announced) == (False, "opponents", False)

    # 11. Anna deals: Cilli's Dreier won, no card points (only won), the Trull in her hand
    tap(page, "#record")
    tap(page, "input[name=declarer][value='2'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "input[name=hand_trull][value='2'] + span")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.card_points, r.won) == (None, True)

    # 12. Bernd deals: Anna's Dreier won with 36 exactly; her announced Pagat failed; Bernd's Köpfe
    tap(page, "#record")
    tap(page, "input[name=declarer][value='0'] + span")
    page.locator("#card_points").fill("36")
    tap(page, "input[name=side_pagat][value=declarer] + span")
    tap(page, "input[name=ann_pagat][value=yes] + span")
    tap(page, "input[name=made_pagat][value=no] + span")
    tap(page, "input[name=hand_koepfe][value='1'] + span")
    s = save(server, page)
    r = s.deals[-1]
    pagat = r.deal.entry("pagat")
    assert (r.won, pagat.announced, pagat.made) == (True, True, False) and len(s.deals) == 12
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "tapp-three-board-" + scheme)
    close(context)
