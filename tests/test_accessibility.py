"""axe-core (through axe-playwright-python, which carries axe.min.js: no network) over every page of every
offered game, light and dark: no violations."""

import pytest

from tests.test_browser import close, PHONE, browser, server  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def pages_of(page, url):
    """Start a partie of each game and record a deal; yield (name, path) of every page."""
    yield "home", "/"
    page.goto(url + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    page.locator("button[type=submit].primary").last.tap()
    page.wait_for_selector("#record")
    board = page.url.removeprefix(url)
    yield "new", "/new"
    yield "board-empty", board
    page.locator(".starts a").first.tap()
    page.wait_for_selector("#deal-form")
    page.keyboard.type("40")
    page.locator("#save").tap()
    page.wait_for_selector("#record")
    for name, path in (("deal-form", "/deal"), ("deal", "/deal/1"), ("edit", "/deal/1/edit"), ("deals", "/deals"),
                       ("history", "/history"), ("rules", "/rules"), ("share", "/share"), ("end", "/end"),
                       ("calculator", "/calculator"), ("board", "")):
        yield name, board + path
    page.goto(url + "/new?game=haferltarock")
    for i, name in enumerate(("Anna", "Bernd", "Clara")):
        page.locator(f"#player{i}").fill(name)
    page.locator("button[type=submit].primary").last.tap()
    page.wait_for_selector("#record")
    haferl = page.url.removeprefix(url)
    yield "bavarian-new", "/new?game=haferltarock"
    yield "bavarian-board", haferl
    yield "bavarian-deal-form", haferl + "/deal"
    # Bavarian Tarock's score sheet with a line: a Pick-Up won (the pot's column, each one's money)
    page.goto(url + haferl + "/deal")
    page.locator("#fs-declarer .seg-options > label:visible").first.tap()
    page.locator("#points").fill("70")
    page.locator("#save").tap()
    page.wait_for_selector("#sheet tbody.deal")
    yield "bavarian-sheet", haferl
    yield "bavarian-deals", haferl + "/deals"
    yield "bavarian-end", haferl + "/end"   # the pot shared or kept: each choice's "who pays whom" on the page
    page.goto(url + "/new?game=koenigrufen")
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora")):
        page.locator(f"#player{i}").fill(name)
    page.locator("button[type=submit].primary").last.tap()
    page.wait_for_selector("#record")
    koenigrufen = page.url.removeprefix(url)
    yield "koenigrufen-new", "/new?game=koenigrufen"
    yield "koenigrufen-board", koenigrufen
    yield "koenigrufen-deal-form", koenigrufen + "/deal"
    yield "koenigrufen-trischaken-form", koenigrufen + "/deal?contract=trischaken"
    # the score sheet with a line: a Rufer with Kontra (its money said in the line), from the quick start
    page.goto(url + koenigrufen)
    page.locator(".starts a").first.tap()
    page.wait_for_selector("#deal-form")
    page.locator("input[name=partner][value='2'] + span").tap()
    page.locator("input[name=result][value=won] + span").tap()
    page.locator("#fs-kontra .choice-stepper button.step").last.tap()
    page.locator("input[name=side_pagat][value=declarer] + span").tap()
    page.locator("#save").tap()
    page.wait_for_selector("#sheet tbody.deal")
    yield "koenigrufen-sheet", koenigrufen
    yield "koenigrufen-deals", koenigrufen + "/deals"
    yield "koenigrufen-end", koenigrufen + "/end"
    page.goto(url + "/new?game=zwanzigerrufen")
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora")):
        page.locator(f"#player{i}").fill(name)
    page.locator("button[type=submit].primary").last.tap()
    page.wait_for_selector("#record")
    zwanzigerrufen = page.url.removeprefix(url)
    yield "zwanzigerrufen-new", "/new?game=zwanzigerrufen"
    yield "zwanzigerrufen-board", zwanzigerrufen
    yield "zwanzigerrufen-deal-form", zwanzigerrufen + "/deal"
    yield "zwanzigerrufen-solo-form", zwanzigerrufen + "/deal?contract=solo"
    # the score sheet with a line: a Normalspiel with Kontra and the Absolut its card points tick, from the start
    page.goto(url + zwanzigerrufen)
    page.locator(".starts a").first.tap()
    page.wait_for_selector("#deal-form")
    page.locator("input[name=partner][value='2'] + span").tap()
    page.locator("#card_points").fill("60")
    page.locator("#fs-kontra .choice-stepper button.step").last.tap()
    page.locator("input[name=side_pagat][value=declarer] + span").tap()
    page.locator("#save").tap()
    page.wait_for_selector("#sheet tbody.deal")
    yield "zwanzigerrufen-sheet", zwanzigerrufen
    yield "zwanzigerrufen-deal", zwanzigerrufen + "/deal/1"
    yield "zwanzigerrufen-edit", zwanzigerrufen + "/deal/1/edit"
    yield "zwanzigerrufen-deals", zwanzigerrufen + "/deals"
    yield "zwanzigerrufen-end", zwanzigerrufen + "/end"
    page.goto(url + "/new?game=tapp")
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora")):
        page.locator(f"#player{i}").fill(name)
    page.locator("button[type=submit].primary").last.tap()
    page.wait_for_selector("#record")
    tapp = page.url.removeprefix(url)
    yield "tapp-new", "/new?game=tapp"
    yield "tapp-board", tapp
    yield "tapp-deal-form", tapp + "/deal"
    # the score sheet with a line: a Dreier with Kontra, the Pagat and a hand's Trull, the dealer sitting out
    page.goto(url + tapp)
    page.locator(".starts a").first.tap()
    page.wait_for_selector("#deal-form")
    page.locator("input[name=declarer][value='1'] + span").tap()
    page.locator("#card_points").fill("40")
    page.locator("#fs-kontra .choice-stepper button.step").last.tap()
    page.locator("input[name=side_pagat][value=declarer] + span").tap()
    page.locator("input[name=hand_trull][value='1'] + span").tap()
    page.locator("#save").tap()
    page.wait_for_selector("#sheet tbody.deal")
    yield "tapp-sheet", tapp
    yield "tapp-deal", tapp + "/deal/1"
    yield "tapp-deals", tapp + "/deals"
    yield "tapp-end", tapp + "/end"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violations_on_any_page(server, browser, scheme):
    from axe_playwright_python.sync_playwright import Axe
    axe = Axe()
    context = browser.new_context(color_scheme=scheme, **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    found = {}
    for name, path in pages_of(page, server["url"]):   # lazily: each page as the evening gets to it
        page.goto(server["url"] + path)
        results = axe.run(page)
        if results.violations_count:
            found[name] = sorted({(v["id"], n["target"][0]) for v in results.response["violations"]
                                  for n in v["nodes"]})
    close(context)
    assert not found, found
