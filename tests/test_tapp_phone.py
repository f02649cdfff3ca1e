"""Tapp-Tarock evenings on a small phone (360×740, touch), in German, in a real browser: twelve deals at three and
six at four (the dealer sitting out), every kind of deal tapped in through the form (the board's quick starts, the
declarer by name, card points typed whole or counted from the pile, Dreier, Unterer, Oberer and Solo won and lost, the
Pagat and the Valat silent or announced, a hand's Trull, Four Kings or Köpfe by its holder, Kontra, a misdeal, a
renonce), the result beside Save and the board checked figure by figure against the engine after each deal.
Screenshots in test-artifacts/ with SCORER_SCREENSHOTS=1."""

from functools import partial

import pytest
from playwright.sync_api import expect

from .helpers import check_radl_board, choose, save_radl_deal
from .test_browser import close, browser, server, shot, tap  # noqa: F401  (fixtures)
from .test_koenigrufen_browser import kontra

pytestmark = pytest.mark.browser
SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
NAMES = ("Anna", "Bernd", "Cilli", "Dora")
check_board = partial(check_radl_board, sits_out_with=4)   # at four the dealer sits out
save = partial(save_radl_deal, sits_out_with=4)


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
    choose(page, declarer="1")
    page.locator("#card_points").fill("40")
    expect(page.locator("#card_points-rest")).to_have_text("Gegenspieler: 30")
    choose(page, side_pagat="declarer", hand_trull="2")
    expect(page.locator("#preview")).to_contain_text("Pagat")   # Cilli's Trull and Bernd's Pagat: refused
    choose(page, hand_trull="1")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "tapp-form-" + scheme)
    page.emulate_media(color_scheme="light")
    s = save(server, page)
    assert s.deals[-1].points[0] == 0 and s.deals[-1].deal.hand_premiums[0].player == 1

    # 2. Bernd deals: Dora's Solo, the pile counted (Trull 3, Kings 4, 5 tricks, nothing laid away), Kontra
    tap(page, "#record")
    choose(page, contract="solo", declarer="3")
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
    choose(page, type="misdeal")
    expect(page.locator("input[name=offender][value='2']")).to_be_checked()
    s = save(server, page)
    assert s.next_dealer == 2

    # 4. Cilli deals again: Anna's Oberer won, the Valat silent made, Bernd's Four Kings
    tap(page, "#record")
    choose(page, contract="oberer", declarer="0", result="won", side_valat="declarer", hand_koenige="1")
    s = save(server, page)
    assert s.deals[-1].points[2] == 0

    # 5. Dora deals: a renonce by Bernd in Anna's Unterer
    tap(page, "#record")
    choose(page, type="renonce", contract="unterer", declarer="0", offender="1")
    s = save(server, page)
    assert s.deals[-1].deal.type == "renonce" and s.deals[-1].points[1] < 0

    # 6. Anna deals: Cilli's Dreier lost with 20
    tap(page, "#record")
    choose(page, declarer="2")
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
    choose(page, declarer="1")
    page.locator("#card_points").fill("40")
    expect(page.locator("#card_points-rest")).to_have_text("Gegenspieler: 30")
    choose(page, hand_koepfe="2")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.card_points, r.won) == ("dreier", 1, 40, True)
    assert [(h.premium, h.player) for h in r.deal.hand_premiums] == [("koepfe", 2)]

    # 2. Bernd deals: Cilli's Oberer, the pile counted (Trull 2, Kings 3, a Queen, 8 tricks, 3 laid away)
    tap(page, "#record")
    choose(page, contract="oberer", declarer="2")
    count_pile(page, trull=2, kings=3, queens=1, tricks=8, talon=3)
    expect(page.locator("#card_points")).not_to_have_value("")
    typed = int(page.locator("#card_points").input_value())
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.card_points) == ("oberer", 2, typed)

    # 3. Cilli deals: Anna's Unterer lost with 30 after Kontra
    tap(page, "#record")
    choose(page, contract="unterer", declarer="0")
    page.locator("#card_points").fill("30")
    kontra(page, "#fs-kontra", 2)
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.kontra, r.won) == ("unterer", 0, 2, False)

    # 4. Anna deals: Bernd's Solo won with 50, the Pagat announced and made
    tap(page, "#record")
    choose(page, contract="solo", declarer="1")
    page.locator("#card_points").fill("50")
    choose(page, side_pagat="declarer", ann_pagat="yes")
    s = save(server, page)
    r = s.deals[-1]
    pagat = r.deal.entry("pagat")
    assert (r.deal.contract, r.won, pagat.side, pagat.announced, pagat.made) == ("solo", True, "declarer", True, True)

    # 5. Bernd deals: Cilli's Dreier lost with 20 after Kontra and Rekontra; Anna's Trull by her name
    tap(page, "#record")
    choose(page, declarer="2")
    page.locator("#card_points").fill("20")
    kontra(page, "#fs-kontra", 4)
    choose(page, hand_trull="0")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.kontra, r.won) == ("dreier", 4, False)
    assert [(h.premium, h.player) for h in r.deal.hand_premiums] == [("trull", 0)]

    # 6. Cilli deals: a renonce by Bernd in Anna's Unterer
    tap(page, "#record")
    choose(page, type="renonce", contract="unterer", declarer="0", offender="1")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.type, r.deal.offender) == ("renonce", 1) and r.points[1] < 0

    # 7. Anna deals and misdeals: she deals again
    tap(page, "#record")
    choose(page, type="misdeal")
    expect(page.locator("input[name=offender][value='0']")).to_be_checked()
    s = save(server, page)
    assert s.deals[-1].deal.type == "misdeal" and s.next_dealer == 0

    # 8. Anna deals again: Cilli's Oberer won with the Valat announced and made (every trick; the card points left
    #    empty: the talon's cards count for the defenders, so 70 would be refused)
    tap(page, "#record")
    choose(page, contract="oberer", declarer="2")
    page.locator("#card_points").fill("70")
    expect(page.locator("#deal-form")).to_contain_text("nicht 70")
    page.locator("#card_points").fill("")
    choose(page, result="won", side_valat="declarer", ann_valat="yes")
    s = save(server, page)
    r = s.deals[-1]
    valat = r.deal.entry("valat")
    assert (r.deal.declarer, r.won, valat.announced, valat.made) == (2, True, True, True)

    # 9. Bernd deals: Anna's Solo lost with 25 after Kontra; Bernd, a defender, holds the Four Kings
    tap(page, "#record")
    choose(page, contract="solo", declarer="0")
    page.locator("#card_points").fill("25")
    kontra(page, "#fs-kontra", 2)
    choose(page, hand_koenige="1")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.kontra, r.won) == ("solo", 2, False)
    assert [(h.premium, h.player) for h in r.deal.hand_premiums] == [("koenige", 1)]

    # 10. Cilli deals: Bernd's Unterer lost with 35, one short; the defenders made the Pagat silently
    tap(page, "#record")
    choose(page, contract="unterer", declarer="1")
    page.locator("#card_points").fill("35")
    expect(page.locator("#card_points-rest")).to_have_text("Gegenspieler: 35")
    choose(page, side_pagat="opponents")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.won, r.deal.entry("pagat").side, r.deal.entry("pagat").announced) == (False, "opponents", False)

    # 11. Anna deals: Cilli's Dreier won, no card points (only won), the Trull in her hand
    tap(page, "#record")
    choose(page, declarer="2", result="won", hand_trull="2")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.card_points, r.won) == (None, True)

    # 12. Bernd deals: Anna's Dreier won with 36 exactly; her announced Pagat failed; Bernd's Köpfe
    tap(page, "#record")
    choose(page, declarer="0")
    page.locator("#card_points").fill("36")
    choose(page, side_pagat="declarer", ann_pagat="yes", made_pagat="no", hand_koepfe="1")
    s = save(server, page)
    r = s.deals[-1]
    pagat = r.deal.entry("pagat")
    assert (r.won, pagat.announced, pagat.made) == (True, True, False) and len(s.deals) == 12
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "tapp-three-board-" + scheme)
    close(context)
