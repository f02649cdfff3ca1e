"""A Zwanzigerrufen evening of twelve deals on a small phone (360×740, touch), in German, in a real browser: every
kind of deal tapped in through the form (the board's quick starts, the partner by name, card points typed whole with
the other side's rest beside them and the Absolut ticked by itself, premiums by whose, Kontra on the stepper and on an
announced premium, Solo and Farbensolo won and lost, a Valat announced, renonces, a misdeal, a Mondfang's doubled Radl
and the four deals it doubles), the result beside Save and the board checked figure by figure against the engine
after each deal; an edit from the deal's page. Screenshots in test-artifacts/ with
SCORER_SCREENSHOTS=1."""

import pytest
from playwright.sync_api import expect

from .helpers import check_radl_board, choose, save_radl_deal
from .test_browser import close, browser, server, shot, tap  # noqa: F401  (fixtures)
from .test_koenigrufen_browser import kontra

pytestmark = pytest.mark.browser
SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
NAMES = ("Anna", "Bernd", "Cilli", "Dora")
check_board, save = check_radl_board, save_radl_deal


def test_an_evening_of_twelve_deals_on_a_small_phone_in_german(server, browser):
    context = browser.new_context(color_scheme="light", locale="de-AT", **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=zwanzigerrufen")
    for i, name in enumerate(NAMES):
        page.locator(f"#player{i}").fill(name)
    tap(page, "details.options > summary")
    page.locator("#doubled_radl").select_option("yes")   # a Mondfang starts a doubled Radl
    tap(page, "text=Partie beginnen")
    page.wait_for_selector("#record")
    check_board(server, page)

    # 1. Anna deals, Bernd is Vorhand and calls: the quick start, Cilli tapped as partner, 50 card points (the
    #    opponents' 38 said beside them), Kontra, the Pagat announced and made
    expect(page.locator(".starts")).to_contain_text("Bernd ruft")
    tap(page, ".starts a")
    page.wait_for_selector("#deal-form")
    expect(page.locator("#fs-partner")).to_contain_text("XIX")
    expect(page.locator("input[name=partner][value='1'] + span")).to_be_hidden()   # the caller is nobody's partner
    choose(page, partner="2")
    page.locator("#card_points").fill("50")
    expect(page.locator("#card_points-rest")).to_have_text("Gegner: 38")
    kontra(page, "#fs-kontra", 2)
    choose(page, side_pagat="declarer", ann_pagat="yes")
    expect(page.locator("#preview")).to_contain_text("Bernd: Normalspiel mit Cilli")
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "zwanzigerrufen-form-" + scheme)
    page.emulate_media(color_scheme="light")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    s = save(server, page)
    assert s.deals[-1].deal.declarer == 1 and s.deals[-1].deal.kontra == 2

    # 2. Dora's Solo with 60: the Absolut ticks itself (silent, made) and unticks at 50
    tap(page, "#record")
    choose(page, contract="solo", declarer="3")
    page.locator("#card_points").fill("60")
    expect(page.locator("input[name=side_absolut][value=declarer]")).to_be_checked()
    page.locator("#card_points").fill("50")
    expect(page.locator("input[name=side_absolut][value='']")).to_be_checked()
    page.locator("#card_points").fill("60")
    expect(page.locator("input[name=side_absolut][value=declarer]")).to_be_checked()
    s = save(server, page)
    assert s.deals[-1].deal.entry("absolut").side == "declarer"

    # 3. a misdeal by the dealer (Cilli): she deals again
    tap(page, "#record")
    choose(page, type="misdeal")
    expect(page.locator("input[name=offender][value='2']")).to_be_checked()
    s = save(server, page)
    assert s.next_dealer == 2

    # 4. Anna's Farbensolo won, with the Königstrull in her hand (never announced: only whose)
    tap(page, "#record")
    choose(page, contract="farbensolo", declarer="0", result="won", side_koenigstrull="declarer")
    s = save(server, page)
    assert s.deals[-1].deal.contract == "farbensolo"

    # 5. Dora deals, Anna calls Bernd and loses; the opponents' Trull
    tap(page, "#record")
    choose(page, partner="1", result="lost", side_trull="opponents")
    s = save(server, page)
    assert s.deals[-1].deal.declarer == 0 and s.deals[-1].won is False

    # 6. a renonce by Cilli in Bernd's Normalspiel with Dora, the Pagat announced
    tap(page, "#record")
    choose(page, type="renonce", partner="3", offender="2", side_pagat="declarer")
    s = save(server, page)
    assert s.deals[-1].deal.type == "renonce" and s.deals[-1].points[2] < 0

    # 7. Bernd deals (the renonce counted as a deal), Cilli is Vorhand and calls Anna, 30 card points: the
    #    opponents' 58 made the Absolut (ticked by itself)
    tap(page, "#record")
    choose(page, partner="0")
    page.locator("#card_points").fill("30")
    expect(page.locator("input[name=side_absolut][value=opponents]")).to_be_checked()
    s = save(server, page)
    assert s.deals[-1].deal.entry("absolut").side == "opponents"

    # 8. Dora calls Anna; a Mondfang by the opponents: the next four deals count twice
    tap(page, "#record")
    choose(page, partner="0", result="won", side_mondfang="opponents")
    s = save(server, page)
    assert s.doubled_pending == 4

    # 9. Dora deals, Anna is Vorhand: Bernd's Solo lost with 40 card points after Kontra and Re, the first deal of
    #    the doubled Radl (×2 beside Save)
    tap(page, "#record")
    choose(page, contract="solo", declarer="1")
    page.locator("#card_points").fill("40")
    expect(page.locator("#card_points-rest")).to_have_text("Gegner: 48")
    expect(page.locator("input[name=side_absolut][value='']")).to_be_checked()   # 48 is no Absolut
    kontra(page, "#fs-kontra", 4)
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.contract, r.deal.declarer, r.deal.kontra, r.won, r.multiplier) == ("solo", 1, 4, False, 2)

    # 10. Anna deals, Bernd calls Cilli and announces the Valat: all 88 card points, the Absolut left alone (a Valat
    #     is chosen)
    tap(page, "#record")
    choose(page, partner="2", side_valat="declarer", ann_valat="yes")
    page.locator("#card_points").fill("88")
    expect(page.locator("#card_points-rest")).to_have_text("Gegner: 0")
    expect(page.locator("input[name=side_absolut][value='']")).to_be_checked()
    s = save(server, page)
    r = s.deals[-1]
    valat = r.deal.entry("valat")
    assert (r.deal.declarer, r.deal.partner, valat.side, valat.announced, valat.made) == (1, 2, "declarer", True, True)
    assert r.multiplier == 2

    # 11. Bernd deals: a renonce by Anna in Dora's Farbensolo, Dora's Absolut announced (a renonce pays only what was
    #     announced: whose)
    tap(page, "#record")
    choose(page, type="renonce", contract="farbensolo", declarer="3", offender="0", side_absolut="declarer")
    s = save(server, page)
    r = s.deals[-1]
    assert (r.deal.type, r.deal.contract, r.deal.offender) == ("renonce", "farbensolo", 0) and r.points[0] < 0

    # 12. Cilli deals, Dora calls Bernd and wins with 47; the opponents announced the Absolut with Kontra and failed
    tap(page, "#record")
    choose(page, partner="1")
    page.locator("#card_points").fill("47")
    choose(page, side_absolut="opponents", ann_absolut="yes", made_absolut="no")
    kontra(page, "#kon_absolut", 2)
    s = save(server, page)
    r = s.deals[-1]
    absolut = r.deal.entry("absolut")
    assert (r.deal.declarer, r.deal.partner, r.won) == (3, 1, True)
    assert (absolut.side, absolut.announced, absolut.made, absolut.kontra) == ("opponents", True, False, 2)
    assert len(s.deals) == 12
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shot(page, "zwanzigerrufen-board-" + scheme)
    page.emulate_media(color_scheme="light")

    # an edit from the deal's page: deal 5 was won after all; everything after it follows
    page.goto(page.url.split("?")[0] + "/deal/5/edit")
    choose(page, result="won")
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert s.deals[4].won is True and len(s.deals) == 12
    close(context)
