"""What a player typed is what is stored, on a phone (360 x 740, touch) in Chromium: each path on which a typed fact
once changed without the player seeing it, as its own test. A dealer correction never moves a typed pile and asks
when it changes who plays (with the script and without it); a tap made before the game's script has loaded is kept;
a second conflict proposes the dealer after the newest deal; the outbox knows its own deal after a lost answer and
withdraws "Recorded as deal N" when that deal changes; saving an edit again keeps what the other phone corrected;
Put it back asks when deals were recorded since the Undo."""

import re
import secrets

import pytest
from playwright.sync_api import expect

from .test_browser import (  # noqa: F401  (fixtures)
    back_online, browser, close, controlled, go_offline, server, settled, shot, tap,
)
from .helpers import checked
from .test_browser_table import DeadSpot

pytestmark = pytest.mark.browser

SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def phone(browser, script=True, workers="allow"):  # noqa: F811
    context = browser.new_context(java_script_enabled=script, service_workers=workers, **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page


def press(page, selector):
    """A tap with the script, a click without it (a page without script has no touch handlers to wait for)."""
    page.locator(selector).first.click()


def new_partie(page, server, game=None, names=("Anna", "Bernd"), first=None):
    page.goto(server["url"] + "/new" + (f"?game={game}" if game else ""))
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    if first is not None:
        press(page, f"input[name=first_dealer][value='{first}'] + span")
    press(page, "text=Start the partie")
    page.wait_for_selector("#record")
    return page.url


def deals(server, page):
    return settled(server, page)[0].partie.deals


@pytest.fixture
def dead(server):
    """A dead spot to switch on (`dead.on()`): every POST answered 503; the app always back after the test."""
    spot = DeadSpot(server["httpd"].app)

    class Switch:
        def on(self):
            server["httpd"].app = spot

        def off(self):
            server["httpd"].app = spot.app

    yield Switch()
    server["httpd"].app = spot.app


# -- 1. a dealer correction never moves a typed pile ----------------------------------------------------------------

def test_correcting_the_dealer_keeps_the_typed_pile_and_asks_before_saving(server, browser):
    context, page = phone(browser)
    board = new_partie(page, server)
    page.goto(board + "/deal")
    press(page, "input[name=undertaker][value=nobody] + span")             # a simple game: Bernd is Vorhand
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Bernd")
    page.locator("#points").fill("40")
    press(page, "input[name=dealer][value='1'] + span")                    # no: Bernd dealt
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Bernd")
    assert checked(page, "pile_of") == ["1"]
    asks = page.locator("#asks")
    expect(asks).to_contain_text("Anna is now Vorhand")
    expect(asks).to_contain_text("Bernd")
    expect(page.locator("#fs-pile_of.asked")).to_be_visible()
    shot(page, "typed-pile-asks-light")
    press(page, "#save")                                                   # not stored until answered
    expect(asks).to_be_focused()
    assert deals(server, page) == ()
    press(page, "#asks-keep")
    expect(asks).to_have_count(0)
    press(page, "#save")
    page.wait_for_selector("#record")
    deal = deals(server, page)[0]
    assert (deal.dealer, deal.undertaker, deal.card_points) == (1, None, (None, 120))
    close(context)


def test_without_the_script_a_dealer_correction_keeps_the_pile_and_the_server_asks(server, browser):
    context, page = phone(browser, script=False)
    board = new_partie(page, server)
    page.goto(board + "/deal")
    whose = page.locator("label[for=points]")
    expect(whose).to_contain_text("Card points of Bernd", use_inner_text=True)
    expect(whose).not_to_contain_text("Card points of Anna", use_inner_text=True)
    page.locator("#points").fill("40")
    press(page, "input[name=dealer][value='1'] + span")
    expect(whose).to_contain_text("Card points of Bernd", use_inner_text=True)   # the label is the pile's
    press(page, "#save")
    page.wait_for_load_state()
    assert deals(server, page) == ()
    expect(page.locator(".errors.summary a[href='#error-dealer']")).to_be_visible()   # the summary links to it
    expect(page.locator("#error-dealer")).to_contain_text("Anna is now Vorhand")    # said once, beside the dealer
    assert checked(page, "pile_of") == ["1"] and checked(page, "dealer") == ["1"]
    press(page, "#save")                                                   # seen: saved as it is
    page.wait_for_selector("#record")
    deal = deals(server, page)[0]
    assert (deal.dealer, deal.undertaker, deal.card_points) == (1, None, (None, 120))
    close(context)


# -- 2. a dealer correction of a Vorhand's contract asks before premiums change hands ------------------------------

KOENIGRUFEN = ("Anna", "Bernd", "Cilli", "Dora")


def rufer_with_premiums(page):
    press(page, "input[name=contract][value=rufer] + span")                 # Bernd is Vorhand: his Rufer
    press(page, "input[name=partner][value='2'] + span")                    # with Cilli
    press(page, "input[name=side_pagat][value=declarer] + span")
    press(page, "input[name=side_koenige][value=opponents] + span")
    press(page, "input[name=result][value=won] + span")


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_correcting_the_dealer_of_a_rufer_asks_before_the_premiums_change_hands(server, browser, script):
    context, page = phone(browser, script=script)
    board = new_partie(page, server, "koenigrufen", KOENIGRUFEN)
    page.goto(board + "/deal")
    rufer_with_premiums(page)
    press(page, "input[name=dealer][value='2'] + span")                     # Cilli dealt: Dora is Vorhand
    sentence = "Dora is now Vorhand, so Dora plays the Rufer: check the partner and the premiums."
    if script:
        expect(page.locator("#asks")).to_contain_text(sentence)
        expect(page.locator("#premiums.asked")).to_be_visible()
        press(page, "#save")
        assert deals(server, page) == ()
        press(page, "input[name=partner][value='1'] + span")                # the answer: Bernd held the King
        expect(page.locator("#asks")).to_have_count(0)
    else:
        press(page, "#save")
        expect(page.locator("#error-dealer")).to_contain_text(sentence)   # beside the dealer, the summary links it
        assert deals(server, page) == ()
        press(page, "input[name=partner][value='1'] + span")
    press(page, "#save")
    page.wait_for_selector("#record")
    deal = deals(server, page)[0]
    assert (deal.dealer, deal.declarer, deal.partner) == (2, 3, 1)
    assert [(p.premium, p.side) for p in deal.premiums] == [("koenige", "opponents"), ("pagat", "declarer")]
    close(context)


# -- 3. a tap before the game's script has loaded is kept -----------------------------------------------------------

def test_a_pile_chosen_before_the_games_script_loads_is_kept(server, browser):
    context, page = phone(browser, workers="block")   # the script from the network, where the test holds it
    board = new_partie(page, server)
    held = []
    page.route(re.compile(r"/static/strohmandeln/strohmandeln\.[^/]*js$"), lambda route: held.append(route))
    page.goto(board + "/deal", wait_until="commit")
    page.wait_for_selector("#deal-form")
    page.wait_for_function("() => true")                                   # the page is there, its script is not
    assert held and page.locator("#deal-form[data-enhanced]").count() == 0
    press(page, "input[name=pile_of][value='0'] + span")                   # Anna's pile, before the script
    page.locator("#points").fill("40")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Anna", use_inner_text=True)
    held[0].continue_()
    page.wait_for_selector("#deal-form[data-enhanced]", state="attached")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Anna")
    assert checked(page, "pile_of") == ["0"]
    press(page, "#save")
    page.wait_for_selector("#record")
    assert deals(server, page)[0].card_points == (120, None)
    close(context)


# -- 4. a second conflict proposes the dealer after the newest deal ---------------------------------------------------

def bavarian_deal(page, declarer, points="70", contract="pickup"):
    press(page, f"input[name=declarer][value='{declarer}'] + span")
    press(page, f"input[name=contract][value={contract}] + span")
    page.locator("#points").fill(points)


def test_a_second_conflict_moves_the_dealer_on_again(server, browser):
    context_a, a = phone(browser)
    board = new_partie(a, server, "haferltarock", ("Anna", "Bernd", "Clara", "Dieter"))
    context_b, b = phone(browser)
    b.goto(board + "/deal")                                                # B types deal 1: Dieter's game
    bavarian_deal(b, 3)
    a.goto(board + "/deal")                                                # A records deal 1 first
    bavarian_deal(a, 1)
    press(a, "#save")
    a.wait_for_selector("#record")
    press(b, "#save")
    expect(b.locator("#conflict")).to_contain_text("So Bernd deals this one")
    a.goto(board + "/deal")                                                # A records deal 2 meanwhile
    bavarian_deal(a, 2)
    press(a, "#save")
    a.wait_for_selector("#record")
    choice = b.locator("#record-anyway")
    expect(choice).to_contain_text("Record mine as deal 2 too")
    press(b, "#record-anyway")
    expect(b.locator("#conflict")).to_contain_text("Deal 2 was recorded on the other phone")
    expect(b.locator("#conflict")).to_contain_text("So Clara deals this one")
    expect(b.locator("#side-by-side .mine")).to_contain_text("Clara dealt")
    expect(choice).to_contain_text("Record mine as deal 3 too")
    expect(b.locator(".actions.sticky #record-anyway")).to_be_visible()    # the choice is the main button
    press(b, "#record-anyway")
    b.wait_for_selector("#record")
    stored = deals(server, b)
    assert [(d.dealer, d.declarer) for d in stored] == [(0, 1), (1, 2), (2, 3)]
    close(context_a, context_b)


# -- 5. the outbox knows its own deals ------------------------------------------------------------------------------

def queue(page, undertaker, points):
    tap(page, f"input[name=undertaker][value='{undertaker}'] + span")
    page.locator("#points").fill(points)
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    page.locator("p.back a").tap()
    page.wait_for_selector("#outbox")


def test_the_outbox_knows_its_own_deal_after_a_lost_answer(server, browser, dead):
    # the scorer unreachable a moment (every POST answered 503): two deals wait in the outbox; the page's own requests
    # are the test's to see (no service worker in between)
    context, page = phone(browser, workers="block")
    page.clock.install()
    board = new_partie(page, server)
    dead.on()
    for undertaker, points in (("0", "40"), ("1", "45")):
        page.goto(board + "/deal")
        tap(page, f"input[name=undertaker][value='{undertaker}'] + span")
        page.locator("#points").fill(points)
        tap(page, "#save")
        expect(page.locator(".queued")).to_be_visible()
    page.goto(board)
    expect(page.locator("#outbox li.outbox-waiting")).to_have_count(2)
    lost = []

    def lose_the_first_answer(route):
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch())                                     # stored on the server ...
            route.abort("connectionreset")                                 # ... its answer lost on the way
        else:
            route.continue_()

    page.route(re.compile(r"/p/[^/]+/deal$"), lose_the_first_answer)
    dead.off()
    page.clock.fast_forward(11000)                                         # the outbox's next try: the first deal
    for _ in range(50):
        if lost:
            break
        page.wait_for_timeout(100)
    assert lost and lost[0].status == 200 and len(deals(server, page)) == 1
    page.clock.fast_forward(11000)                                         # and the next: asked for, then the second
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(2, timeout=15000)
    expect(page.locator("#outbox")).not_to_contain_text("other phone")
    expect(page.locator("#outbox")).to_contain_text("Recorded as deal 2")
    stored = deals(server, page)
    assert [(d.undertaker, d.card_points) for d in stored] == [(0, (120, None)), (1, (None, 135))]
    close(context)


def test_recorded_as_deal_n_is_withdrawn_when_that_deal_changes(server, browser, dead):
    context, page = phone(browser)
    board = new_partie(page, server)
    controlled(page)
    page.goto(board + "/deal")
    page.goto(board)
    dead.on()
    go_offline(context, page)
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    expect(page.locator("p.back a")).to_contain_text("nothing saved")
    tap(page, "input[name=undertaker][value='0'] + span")
    page.locator("#points").fill("40")
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    expect(page.locator("p.back a")).to_contain_text("Kept on this phone")    # not "nothing saved": it is kept
    page.locator("p.back a").tap()
    page.wait_for_selector("#outbox")
    dead.off()
    back_online(context, page)
    page.wait_for_selector("#outbox li.outbox-recorded")
    expect(page.locator("#outbox")).to_contain_text("Recorded as deal 1")
    # the other phone undoes deal 1 and records another deal 1
    other, o = phone(browser)
    o.goto(board)
    o.locator("#undo button").click()
    o.wait_for_selector("#undone")
    o.goto(board + "/deal")
    o.locator("#points").fill("30")
    o.locator("#save").click()
    o.wait_for_selector("#record")
    # this phone's board follows by itself (its poll), and asks what became of its deal
    expect(page.locator("#outbox")).not_to_contain_text("Recorded as deal 1", timeout=10000)
    expect(page.locator("ol.deals > li")).to_have_count(1)
    close(context, other)


# -- 6. saving an edit again keeps the other phone's correction ------------------------------------------------------

def two_phones_on_deal_2(server, browser):
    """A Bavarian Tarock partie of two deals (Bernd's, Clara's) recorded on phone A; both phones open deal 2's edit."""
    context_a, a = phone(browser)
    board = new_partie(a, server, "haferltarock", ("Anna", "Bernd", "Clara"))
    for declarer in (1, 2):
        a.goto(board + "/deal")
        bavarian_deal(a, declarer)
        press(a, "#save")
        a.wait_for_selector("#record")
    context_b, b = phone(browser)
    a.goto(board + "/deal/2/edit")
    b.goto(board + "/deal/2/edit")
    return context_a, a, context_b, b


def test_saving_an_edit_again_keeps_what_the_other_phone_corrected(server, browser):
    context_a, a, context_b, b = two_phones_on_deal_2(server, browser)
    press(a, "input[name=declarer][value='0'] + span")                     # A: Anna declared, not Clara
    press(a, "#save")
    a.wait_for_selector("#record")
    b.locator("#points").fill("80")                                        # B: only the card points
    press(b, "#save")
    conflict = b.locator("#conflict")
    expect(conflict).to_be_visible()
    expect(b.locator("#side-by-side .theirs")).to_contain_text("Anna")
    expect(b.locator("#side-by-side .mine")).to_contain_text("Anna")       # theirs kept where B changed nothing
    expect(b.locator("#side-by-side .mine")).to_contain_text("80")
    assert checked(b, "declarer") == ["0"]
    assert deals(server, b)[1].declarer == 0                               # nothing stored yet
    press(b, "#save")
    b.wait_for_selector("#record")
    deal = deals(server, b)[1]
    assert (deal.declarer, deal.declarer_points) == (0, 80)
    close(context_a, context_b)



def test_a_field_both_phones_changed_keeps_its_word_while_the_preview_runs(server, browser):
    """Both phones corrected the declarer of deal 2: beside the field, in sight after the live preview has run, the
    other phone's value ("the other phone's is “Anna”"), in German too; the second Save stores mine."""
    context_a, a, context_b, b = two_phones_on_deal_2(server, browser)
    press(a, "input[name=declarer][value='0'] + span")                     # A: Anna declared
    press(a, "#save")
    a.wait_for_selector("#record")
    press(b, "input[name=declarer][value='1'] + span")                     # B: Bernd declared
    press(b, "#save")
    expect(b.locator("#conflict")).to_be_visible()
    word = b.locator("#error-declarer")
    expect(word).to_contain_text("Both phones changed this: yours is in the form; the other phone's is “Anna”.")
    b.locator("#points").fill("70")                                        # the live preview runs again
    b.wait_for_timeout(1500)
    expect(word).to_be_visible()
    expect(word).to_contain_text("“Anna”")
    assert deals(server, b)[1].declarer == 0                               # nothing stored yet
    close(context_a, context_b)


# -- 7. Put it back asks when deals were recorded since the Undo -----------------------------------------------------

def koenigrufen_deal(page, partner, won=True):
    press(page, "input[name=contract][value=rufer] + span")
    press(page, f"input[name=partner][value='{partner}'] + span")
    press(page, f"input[name=result][value={'won' if won else 'lost'}] + span")
    press(page, "#save")
    page.wait_for_selector("#record")


def test_put_it_back_asks_when_deals_were_recorded_since_the_undo(server, browser):
    context, page = phone(browser)
    board = new_partie(page, server, "koenigrufen", KOENIGRUFEN)
    for partner in (2, 3, 0):
        page.goto(board + "/deal")
        koenigrufen_deal(page, partner)
    page.locator("#undo button").click()                                  # deal 3 undone
    page.wait_for_selector("#undone")
    page.goto(board + "/deal")
    koenigrufen_deal(page, 1, won=False)                                   # another deal 3
    before = deals(server, page)
    page.goto(board + "/history")
    press(page, "form.restore button")
    expect(page.locator("main")).to_contain_text("becomes deal 4")
    expect(page.locator("main")).to_contain_text("Cilli deals twice in a row")
    assert deals(server, page) == before                                   # one tap changes nothing
    shot(page, "put-it-back-asks-light")
    press(page, "#put-back-anyway")
    page.wait_for_selector("#record")
    after = deals(server, page)
    assert len(after) == 4 and after[3] == before[2]
    close(context)
