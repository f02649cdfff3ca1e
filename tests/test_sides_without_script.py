"""Zwanzigerrufen's and Tapp-Tarock's deal forms without JavaScript (a phone whose script did not load, or that has it
off), in German and English: each part shows exactly when the script's data-when would show it, as the answers change
(the type of deal, who deals, the contract), by the stylesheets alone: what the games played by sides share
(static/sides.css: by the type of deal, a premium's how; static/seats.css: by who deals at a table of four) and the
game's own (a Farbensolo's premiums, Tapp's defenders who never announce). A premium's how shows once it has a side,
and in a renonce only whose it was; a deal saved without the script reaches the board. A real browser with its
script off, on the phone context."""

import pytest
from playwright.sync_api import expect

from benchmarks.samples import sample_partie
from scorer import store
from scorer.db import connect
from scorer.partie import Partie

from .test_browser import browser, close, server  # noqa: F401 - the fixtures
from .test_koenigrufen_without_script import check_parts, choose, no_script

pytestmark = pytest.mark.browser

FOUR = ("Anna", "Bernd", "Cilli", "Dora")


def partie(server, game, names=FOUR):  # noqa: F811
    """A new partie of `game` stored for the server; its deal form's address."""
    rules = sample_partie(0, game=game).rules
    db = connect(server["db"])
    pid = store.create_partie(db, Partie(names, rules, (), 0))
    db.conn.close()
    return f"{server['url']}/p/{pid}/deal"


def visible(page, selector):
    return [page.locator(selector).nth(i).is_visible() for i in range(page.locator(selector).count())]


def check_premiums(page, state, defenders_announce=True):
    """A premium's how (silent or announced, made or failed, its Kontra) shows once it has a side, never in a renonce
    (a renonce asks only whose; a premium never announced has none); each hint for its type of deal; Tapp's defenders only silently, and in a renonce only
    the declarer's premiums."""
    renonce = page.locator("input[name=type][value=renonce]").is_checked()
    rows = page.locator("#premiums .prem")
    assert rows.count() > 1
    for i in range(rows.count()):
        row = rows.nth(i)
        if not row.is_visible():
            continue
        side = row.locator("input[name^=side_]:checked").get_attribute("value")
        how = row.locator(".prem-how")
        if not how.count():
            continue   # a premium never announced: only whose
        assert how.is_visible() == (side != "" and not renonce), (state, i, side)
        if how.is_visible() and not defenders_announce:
            assert row.locator(".ann").is_visible() == (side != "opponents"), (state, i, side)
        if not defenders_announce:
            assert row.locator("label:has(input[value=opponents])").is_visible() == (not renonce), (state, i)
    if page.locator("#premiums").is_visible():
        assert visible(page, "#premiums .no-renonce") == [not renonce]
        assert visible(page, "#premiums .for-renonce") == [renonce]


def walk(page, states, defenders_announce=True, kinds=4):
    """Each state in turn: every data-when part (its seat conditions too) and every premium as the script shows
    them; the states show at least `kinds` different numbers of parts."""
    seen = {}
    for state in states:
        for answer in state:
            choose(page, *answer)
        seen[state] = check_parts(page, state, skip=(), least=5)
        check_premiums(page, state, defenders_announce)
    assert len(set(seen.values())) >= kinds, seen   # the states differ in what they show


def saved(page, card_points, *answers):
    """A game won with `card_points` and `answers`, the dealer the board expects (the first), saved without the
    script: the board shows it."""
    for answer in (("type", "game"), ("dealer", "0")) + answers + (("result", "won"),):
        choose(page, *answer)
    page.locator("#card_points").fill(card_points)
    page.locator("#save").click()
    page.wait_for_selector("#record")
    expect(page.locator("#deal-1")).to_be_visible()


ZWANZIGERRUFEN = ((("type", "game"),), (("dealer", "1"),), (("dealer", "2"),), (("dealer", "3"),),
                  (("contract", "solo"),), (("contract", "farbensolo"),), (("contract", "normalspiel"), ("dealer", "0")),
                  (("side_pagat", "declarer"),), (("side_pagat", "opponents"), ("ann_pagat", "yes")),
                  (("type", "renonce"),), (("type", "misdeal"),), (("type", "game"), ("side_pagat", "")))


@pytest.mark.parametrize("language", ["de", "en"])
def test_zwanzigerrufens_deal_form_shows_the_parts_of_the_answer_without_script(server, browser, language):  # noqa: F811
    context, page = no_script(browser, language)
    page.goto(partie(server, "zwanzigerrufen"))
    walk(page, ZWANZIGERRUFEN)
    # who deals: his Vorhand calls, so the Vorhand's button is not among the partners; the Vorhand's line says so
    choose(page, "dealer", "2")
    expect(page.locator("#fs-partner label:has(input[value='3'])")).to_be_hidden()
    expect(page.locator("#fs-partner label:has(input[value='0'])")).to_be_visible()
    expect(page.locator(".who-plays:visible")).to_have_count(1)
    expect(page.locator(".who-plays:visible")).to_contain_text("Dora")
    choose(page, "contract", "solo")
    expect(page.locator("#fs-declarer")).to_be_visible()
    expect(page.locator("#fs-partner")).to_be_hidden()
    choose(page, "type", "misdeal")
    expect(page.locator("#fs-offender")).to_be_visible()
    expect(page.locator("#fs-contract")).to_be_hidden()
    expect(page.locator("#premiums")).to_be_hidden()
    # a Normalspiel saved without the script (the dealer the board expects, Bernd his Vorhand): the board has it
    saved(page, "50", ("contract", "normalspiel"), ("partner", "2"))
    close(context)


TAPP = ((("type", "game"),), (("side_pagat", "declarer"),), (("side_pagat", "opponents"),),
        (("side_valat", "declarer"), ("ann_valat", "yes")), (("type", "renonce"),), (("type", "misdeal"),),
        (("type", "game"), ("side_pagat", "")))
TAPP_OF_FOUR = TAPP[:2] + ((("dealer", "1"),), (("dealer", "2"), ("type", "renonce")), (("dealer", "3"),),
                           (("type", "misdeal"), ("dealer", "0")), (("type", "game"),))


@pytest.mark.parametrize("four", [False, True])
def test_tapps_deal_form_shows_the_parts_of_the_answer_without_script(server, browser, four):  # noqa: F811
    context, page = no_script(browser, "de")
    page.goto(partie(server, "tapp", FOUR if four else FOUR[:3]))
    walk(page, TAPP_OF_FOUR if four else TAPP, defenders_announce=False, kinds=3)
    if four:   # the dealer sits out: his name is no declarer's and holds no hand's premium; his line says so
        choose(page, "dealer", "2")
        expect(page.locator("#fs-declarer label:has(input[value='2'])")).to_be_hidden()
        expect(page.locator("#fs-declarer label:has(input[value='1'])")).to_be_visible()
        expect(page.locator("#hands label:has(input[value='2'])").first).to_be_hidden()
        expect(page.locator(".who-plays:visible")).to_have_count(1)
        expect(page.locator(".who-plays:visible")).to_contain_text("Cilli")
    # a game saved without the script (the dealer the board expects): the board has it
    saved(page, "41", ("declarer", "1"), ("side_valat", ""))
    close(context)
