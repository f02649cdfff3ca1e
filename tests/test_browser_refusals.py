"""A refused background Save (422 a wrong entry, 409 the other phone first) swaps the server's form into the
page: every enhancement of the deal form works on the new form, once (play test 2, bug 1): the parts shown
by contract, the steppers, the pile that follows, the live preview. And back online, the form page whose deal
the outbox sent goes to the board (bug 7). Königrufen and Strohmandeln, in a real browser on a phone."""

import pytest
from playwright.sync_api import expect

from .test_browser import close, PHONE, back_online, browser, go_offline, server, settled, tap  # noqa: F401  (fixtures)
from .test_browser_table import new_partie as new_strohmandeln
from .test_koenigrufen_browser import kontra
from .test_koenigrufen_phone import new_partie as new_koenigrufen

pytestmark = pytest.mark.browser


def a_phone(browser, locale="en"):
    context = browser.new_context(locale=locale, service_workers="block", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def contract(page, name):
    tap(page, f"input[name=contract][value={name}] + span")


def check_koenigrufen_parts(page, declarer_name):
    """The form shows and hides by contract: a Rufer, a Piccolo, a Rufer again; each stepper made once."""
    expect(page.locator("#fs-kontra .choice-stepper")).to_have_count(1)
    expect(page.locator("#calc .stepper")).to_have_count(7)
    contract(page, "rufer")
    expect(page.locator("#fs-declarer")).to_be_hidden()
    expect(page.locator("#who-plays")).to_have_text(f"Vorhand: {declarer_name} plays.")
    expect(page.locator("#fs-partner")).to_be_visible()
    expect(page.locator("#fs-kontra_each")).to_be_hidden()
    expect(page.locator("#fs-card_points")).to_be_hidden()
    expect(page.locator("#fs-offender")).to_be_hidden()
    contract(page, "piccolo")
    expect(page.locator("#fs-declarer")).to_be_visible()
    expect(page.locator("#who-plays")).to_be_hidden()
    expect(page.locator("#fs-partner")).to_be_hidden()
    expect(page.locator("#fs-kontra_each")).to_be_visible()
    expect(page.locator("#fs-kontra")).to_be_hidden()
    contract(page, "trischaken")
    expect(page.locator("#fs-card_points")).to_be_visible()
    expect(page.locator("#fs-kontra_each")).to_be_hidden()


def test_koenigrufen_after_a_422_and_a_409_the_form_still_follows_the_contract(server, browser):
    context, page = a_phone(browser)
    board = new_koenigrufen(page, server)   # Anna deals, Bernd is Vorhand
    tap(page, "#record")
    # the partner buttons leave out the declarer (Bernd plays the Rufer)
    expect(page.locator("input[name=partner][value='1']")).to_be_hidden()
    tap(page, "input[name=partner][value='2'] + span")
    page.locator("#card_points").fill("99")
    tap(page, "#save")                                            # 422: card points of 70 at most
    expect(page.locator(".errors.summary")).to_be_visible()
    assert page.url.endswith("/deal") and settled(server, page)[0].partie.deals == ()
    check_koenigrufen_parts(page, "Bernd")
    contract(page, "rufer")
    assert page.locator("input[name=partner][value='2']").is_checked()
    page.locator("#card_points").fill("41")
    expect(page.locator("#save-result")).to_have_text("Bernd +1")   # the live preview, on the new form
    tap(page, "#save")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    deal = sp.partie.deals[0]
    assert (deal.contract, deal.declarer, deal.partner, deal.card_points) == ("rufer", 1, 2, 123)
    assert s.balance == (-1, 1, 1, -1)
    # two phones: both open deal 2; A records first, B's Piccolo comes back with the conflict box
    other, page_b = a_phone(browser)
    page_b.goto(board + "/deal")
    page.goto(board + "/deal")
    tap(page, "input[name=partner][value='3'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "#save")
    page.wait_for_selector("#record")
    contract(page_b, "piccolo")
    tap(page_b, "input[name=declarer][value='2'] + span")
    tap(page_b, "input[name=result][value=won] + span")
    kontra(page_b, "#each3", 2)                                   # Kontra by Dora
    tap(page_b, "#save")
    expect(page_b.locator("#conflict")).to_be_visible()
    expect(page_b.locator("#fs-kontra_each")).to_be_visible()
    expect(page_b.locator("#each2 + .choice-stepper")).to_be_hidden()   # Cilli plays: no Kontra row of hers
    expect(page_b.locator("#fs-partner")).to_be_hidden()
    # the dealer moved on with A's deal 2 (Bernd's): Cilli deals this one, so Dora is Vorhand
    expect(page_b.locator("#conflict")).to_contain_text("So Cilli deals this one")
    assert page_b.locator("input[name=dealer][value='2']").is_checked()
    check_koenigrufen_parts(page_b, "Dora")
    contract(page_b, "piccolo")
    # a Kontra on Anna's row, then Anna declares: her row goes, and what it held does not block the Save
    kontra(page_b, "#each0", 2)
    tap(page_b, "input[name=declarer][value='0'] + span")
    expect(page_b.locator("#each0 + .choice-stepper")).to_be_hidden()
    expect(page_b.locator("#each2 + .choice-stepper")).to_be_visible()
    tap(page_b, "#record-anyway")
    page_b.wait_for_selector("#record")
    sp, s = settled(server, page_b)
    assert len(sp.partie.deals) == 3
    mine = sp.partie.deals[2]
    assert (mine.contract, mine.declarer, mine.won, mine.kontra_each) == ("piccolo", 0, True, (1, 1, 1, 2))
    assert [d.dealer for d in sp.partie.deals] == [0, 1, 2]
    # Piccolo won by Anna: 2 from each opponent, Dora's Kontra doubles hers in the money
    assert s.deals[2].points == (6, -2, -2, -2) and s.deals[2].money_points == (8, -2, -2, -4)
    close(other)
    close(context)


def test_strohmandeln_after_a_422_and_a_409_the_form_is_still_enhanced(server, browser):
    context, page = a_phone(browser)
    board = new_strohmandeln(page, server, "Gabi", "Hans")
    page.goto(board + "/deal")
    page.locator("#points").fill("130")
    tap(page, "#save")                                            # 422: 120 card points at most
    expect(page.locator(".errors.summary, #deal-form .errors").first).to_be_visible()
    assert settled(server, page)[0].partie.deals == ()
    expect(page.locator("#preview-button")).to_be_hidden()        # the live preview's page, not the plain one
    expect(page.locator("details.calc .stepper")).to_have_count(page.locator("details.calc .count-input").count())
    # the card points typed stay Hans's pile on the form sent back, whoever undertakes; the player's own pick moves
    # them, and the label follows (the form is wired again)
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Hans")
    tap(page, "input[name=undertaker][value='0'] + span")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Hans")
    tap(page, "input[name=pile_of][value='0'] + span")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Gabi")
    tap(page, "input[name=pile_of][value='1'] + span")
    tap(page, "input[name=undertaker][value='1'] + span")
    page.locator("#points").fill("40")
    expect(page.locator("#save-result")).not_to_be_empty()
    tap(page, "#save")
    page.wait_for_selector("#record")
    first = settled(server, page)[0].partie.deals
    assert len(first) == 1
    # the other phone records deal 2 first: the conflict box, and the form still works
    other, page_b = a_phone(browser)
    page_b.goto(board + "/deal")
    page.goto(board + "/deal")
    page.locator("#points").fill("70")
    tap(page, "#save")
    page.wait_for_selector("#record")
    page_b.locator("#points").fill("50")
    tap(page_b, "#save")
    expect(page_b.locator("#conflict")).to_be_visible()
    expect(page_b.locator("#preview-button")).to_be_hidden()
    # the kept values are previewed at once, before any change (Hans's 50 in a simple game: Hans +1)
    expect(page_b.locator("#save-result")).not_to_be_empty()
    expect(page_b.locator("#preview")).not_to_contain_text("Fix what is marked")
    # the pile typed stays that person's on the 409's form (record mine too records exactly what was typed),
    # whoever undertakes; the player may still choose another pile, and the label follows
    label = page_b.locator("label[for=points]").inner_text()
    tap(page_b, "input[name=undertaker][value='0'] + span")
    assert page_b.locator("label[for=points]").inner_text() == label
    other_pile = "0" if page_b.locator("input[name=pile_of][value='1']").is_checked() else "1"
    tap(page_b, f"input[name=pile_of][value='{other_pile}'] + span")
    assert page_b.locator("label[for=points]").inner_text() != label
    tap(page_b, f"input[name=pile_of][value='{1 - int(other_pile)}'] + span")
    tap(page_b, "#record-anyway")
    page_b.wait_for_selector("#record")
    sp, _ = settled(server, page_b)
    assert len(sp.partie.deals) == 3 and sp.partie.deals[0] == first[0]
    close(other)
    close(context)


def test_back_online_the_form_page_goes_to_the_board_when_the_outbox_sent_its_deal(server, browser):
    context, page = a_phone(browser, "de-AT")
    board = new_koenigrufen(page, server, german=True)
    page.goto(board + "/deal")
    go_offline(context, page)
    tap(page, "input[name=partner][value='2'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    assert settled(server, page)[0].partie.deals == ()
    back_online(context, page)
    page.wait_for_url(board, timeout=15000)
    expect(page.locator("#outbox li.outbox-recorded")).to_contain_text("Spiel 1")
    sp, s = settled(server, page)
    assert len(sp.partie.deals) == 1 and s.balance == (-1, 1, 1, -1)
    close(context)
