"""Königrufen without JavaScript (a phone whose script did not load, or that has it off), in English and German: the
deal form shows only the parts the answers given call for, as they change, by its own stylesheet's CSS `:has`
(koenigrufen.css, with static/sides.css), exactly as the script's data-when does it; the new-partie page and the Save of a Rufer work too.
A real browser with its script off, on the phone context."""

import pytest
from playwright.sync_api import expect

from .test_browser import PHONE, browser, close, server  # noqa: F401 - the fixtures

pytestmark = pytest.mark.browser

WORDS = {"en": {"start": "Start the partie", "save": "Save deal", "won": "won"},
         "de": {"start": "Partie beginnen", "save": "Spiel speichern", "won": "gewonnen"}}
# conditions on a seat (a partner's button of the declarer, with five the dealer's buttons) are left to the script
# and to the server's message: no room for them in the page's styles
SEATS = ("declarer:!", "dealer:!")


def no_script(browser, language):  # noqa: F811
    context = browser.new_context(java_script_enabled=False, locale="de-AT" if language == "de" else "en-GB",
                                  extra_http_headers={"Accept-Language": language}, **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def new_partie(page, url, language, names=("Anna", "Bernd", "Cilli", "Dora")):
    page.goto(url + "/new?game=koenigrufen")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    page.get_by_role("button", name=WORDS[language]["start"]).click()
    page.wait_for_selector("#record")
    return page.url


def choose(page, name, value):
    page.locator(f"input[name={name}][value='{value}'] + span").click()


def holds(page, rule):
    """The script's reading of one data-when condition (static/form.js, setupWhen) over the radios chosen."""
    name, values = rule.split(":", 1)
    negated = values.startswith("!")
    checked = page.locator(f"input[name='{name}']:checked")
    value = checked.first.get_attribute("value") if checked.count() else ""
    found = value in values.lstrip("!").split(",")
    return not found if negated else found


def check_parts(page, state, skip=SEATS, least=20):
    """Every part with a data-when is shown exactly when the script would show it: each of its conditions (and its
    shown-only-for-some-answers ancestors') holds; a part the page itself hides ([hidden]) stays hidden. Conditions
    starting with one of `skip` are the script's alone: a part they would hide is not checked; the form has more than
    `least` such parts."""
    parts = page.locator("#deal-form [data-when]")
    assert parts.count() > least
    shown = 0
    for i in range(parts.count()):
        part = parts.nth(i)
        chain = part.locator("xpath=ancestor-or-self::*[@data-when]")
        rules = [r for k in range(chain.count()) for r in chain.nth(k).get_attribute("data-when").split()]
        if skip and any(r.startswith(skip) for r in rules) and all(holds(page, r) for r in rules if not r.startswith(skip)):
            continue   # the script would hide it by a seat only
        if part.locator("xpath=ancestor::details[not(@open)]").count():
            continue   # inside the closed calculator: not shown either way
        hidden_attr = part.locator("xpath=ancestor-or-self::*[@hidden]").count() > 0
        expected = not hidden_attr and all(holds(page, r) for r in rules if not (skip and r.startswith(skip)))
        assert part.evaluate("e => e.checkVisibility()") == expected, (state, part.get_attribute("data-when"), part.get_attribute("class"))
        shown += expected
    return shown


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_deal_form_shows_the_parts_of_the_answer_without_script(server, browser, language):  # noqa: F811
    context, page = no_script(browser, language)
    board = new_partie(page, server["url"], language)
    page.goto(board + "/deal")
    assert page.locator("#deal-form [data-when]").count() > 0
    seen = {}
    for state in (("type", "game"), ("contract", "rufer"), ("partner", "talon"), ("contract", "solorufer"),
                  ("contract", "besserrufer"), ("contract", "trischaken"), ("contract", "piccolo"),
                  ("contract", "bettel_ouvert"), ("contract", "farbendreier"), ("contract", "dreier"),
                  ("side_pagat", "declarer"), ("side_pagat", ""), ("type", "renonce"), ("type", "misdeal"),
                  ("type", "game")):
        choose(page, *state)
        seen[state] = check_parts(page, state)
    # the answers tell apart: a Rufer's partner, a Piccolo's opponents' Kontra, Trischaken's card points, a misdeal
    choose(page, "contract", "rufer")
    expect(page.locator("#fs-partner")).to_be_visible()
    expect(page.locator("#fs-kontra_each")).to_be_hidden()
    expect(page.locator("#fs-declarer")).to_be_hidden()   # only the Vorhand plays it
    choose(page, "contract", "piccolo")
    expect(page.locator("#fs-kontra_each")).to_be_visible()
    expect(page.locator("#fs-partner")).to_be_hidden()
    expect(page.locator("#premiums")).to_be_hidden()
    choose(page, "contract", "trischaken")
    expect(page.locator("#fs-card_points")).to_be_visible()
    expect(page.locator("#fs-result")).to_be_hidden()
    choose(page, "type", "misdeal")
    expect(page.locator("#fs-offender")).to_be_visible()
    expect(page.locator("#fs-contract")).to_be_hidden()
    assert len(set(seen.values())) > 5   # the states differ in what they show
    # a Rufer saved without the script: the board has it
    choose(page, "type", "game")
    choose(page, "contract", "rufer")
    choose(page, "partner", "2")
    choose(page, "result", "won")
    page.locator("#card_points").fill("40")
    page.get_by_role("button", name=WORDS[language]["save"]).click()
    page.wait_for_selector("#record")
    expect(page.locator("#deal-1")).to_contain_text(WORDS[language]["won"])
    close(context)


def test_a_table_of_five_without_script(server, browser):  # noqa: F811
    context, page = no_script(browser, "de")
    board = new_partie(page, server["url"], "de", names=("Anna", "Bernd", "Cilli", "Dora", "Emil"))
    page.goto(board + "/deal")
    for state in (("contract", "rufer"), ("contract", "piccolo"), ("contract", "trischaken"), ("type", "renonce")):
        choose(page, *state)
        check_parts(page, state)
    close(context)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_new_partie_page_works_without_script(server, browser, language):  # noqa: F811
    context, page = no_script(browser, language)
    page.goto(server["url"] + "/new?game=koenigrufen")
    page.locator("input[name=preset][value=tirol]").check(force=True)
    page.locator("details.options summary").click()
    options = page.locator(".opt[data-presets]")
    assert options.count() > 0
    for i in range(options.count()):   # both rule sets have every option: each shows under Tirol's
        assert options.nth(i).is_visible() == ("tirol" in options.nth(i).get_attribute("data-presets").split())
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora", "Emil")):
        page.locator(f"#player{i}").fill(name)
    page.get_by_role("button", name=WORDS[language]["start"]).click()
    page.wait_for_selector("#record")
    expect(page.locator("#sheet thead tr.names th[scope=col]")).to_have_count(6)
    close(context)


def test_a_clubs_wiener_tariff_and_its_zwiccolo_without_script(server, browser):  # noqa: F811
    """The Own tariff's fields work without the script (the values shown are the default rules'; what was changed is
    the club's, on the rules chosen), and a Zwiccolo shows what the other negative contracts show."""
    context, page = no_script(browser, "en")
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(("Anna", "Bernd", "Cilli", "Dora")):
        page.locator(f"#player{i}").fill(name)
    page.locator("label.preset:has(input[value=wien])").click()
    page.locator("#tariff > summary").click()
    expect(page.locator("#c_bettel")).to_have_value("2")    # the values the page came with: the default rules'
    page.locator("#c_bettel").fill("5")
    page.get_by_role("button", name=WORDS["en"]["start"]).click()
    page.wait_for_selector("#record")
    board = page.url
    page.goto(board + "/rules")
    expect(page.locator("h1")).to_have_text("Own tariff based on Wiener Tarockcup")
    expect(page.locator("main")).to_contain_text("Zwiccolo 2, Bettel 5")
    page.goto(board + "/deal")
    for state in (("contract", "zwiccolo"), ("contract", "rufer"), ("contract", "zwiccolo_ouvert")):
        choose(page, *state)
        check_parts(page, state)
    choose(page, "contract", "zwiccolo")
    expect(page.locator("#fs-kontra_each")).to_be_visible()
    expect(page.locator("#premiums")).to_be_hidden()
    close(context)
