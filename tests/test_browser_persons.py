"""Persons, not roles, in a real browser on a phone (390 x 844, touch): correcting the dealer after choosing the
undertaker (Strohmandeln) or the declarer (Königrufen) keeps who was chosen; a declarer who now deals and sits out
is unchosen with a word beside the field and nothing is saved until the player chooses again; two phones (two
browser contexts) race a Save, the second sees both deals side by side and "Record mine as deal N too" stores
exactly what was typed on it."""

import pytest
from playwright.sync_api import expect

from .test_browser import PHONE, close, browser, phone, server, settled, shot, tap  # noqa: F401  (fixtures)
from .helpers import checked

pytestmark = pytest.mark.browser


def strohmandeln(page, server):
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    return page.url


def koenigrufen(page, server, five=False):
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(["Anna", "Bernd", "Cilli", "Dora"] + (["Emil"] if five else [])):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    return page.url


def test_strohmandeln_correcting_the_dealer_keeps_the_undertaker(server, browser):
    context, page = phone(browser)
    board = strohmandeln(page, server)
    page.goto(board + "/deal")
    assert checked(page, "dealer") == ["0"]
    tap(page, "input[name=undertaker][value='1'] + span")                # Bernd (Vorhand) undertook
    page.locator("#points").fill("40")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Bernd")
    tap(page, "input[name=dealer][value='1'] + span")                    # no: Bernd dealt
    assert checked(page, "undertaker") == ["1"]
    expect(page.locator("#fs-undertaker")).to_contain_text("Bernd (dealer)")
    expect(page.locator("#fs-undertaker")).to_contain_text("Anna (Vorhand)")
    expect(page.locator("label[for=points]")).to_contain_text("Card points of Bernd")
    expect(page.locator("#save")).to_have_text("Bernd +3 Save deal")
    tap(page, "#save")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    deal = sp.partie.deals[0]
    assert (deal.dealer, deal.undertaker, deal.card_points) == (1, 1, (None, 120)) and s.balance == (-3, 3)
    close(context)


def test_koenigrufen_correcting_the_dealer_keeps_the_declarer_also_after_a_refusal(server, browser):
    context, page = phone(browser)
    board = koenigrufen(page, server)
    page.goto(board + "/deal")
    assert checked(page, "dealer") == ["0"] and checked(page, "declarer") == ["1"]   # Vorhand proposed
    tap(page, "input[name=dealer][value='3'] + span")             # not chosen yet: the Vorhand follows
    assert checked(page, "declarer") == ["0"]
    tap(page, "input[name=contract][value=solorufer] + span")
    tap(page, "input[name=declarer][value='2'] + span")           # Cilli declared
    tap(page, "input[name=partner][value='3'] + span")
    tap(page, "input[name=dealer][value='1'] + span")             # the dealer corrected: still Cilli's game
    assert checked(page, "declarer") == ["2"] and checked(page, "partner") == ["3"]
    tap(page, "input[name=contract][value=rufer] + span")         # a Rufer is the Vorhand's (Cilli under Bernd)
    expect(page.locator("#who-plays")).to_have_text("Vorhand: Cilli plays.")
    tap(page, "input[name=dealer][value='0'] + span")
    expect(page.locator("#who-plays")).to_have_text("Vorhand: Bernd plays.")
    tap(page, "input[name=dealer][value='1'] + span")
    tap(page, "input[name=contract][value=solorufer] + span")     # back: the declarer the player chose
    assert checked(page, "declarer") == ["2"] and checked(page, "partner") == ["3"]
    page.locator("#card_points").fill("99")                       # a refusal: the form comes back
    tap(page, "#save")
    expect(page.locator("#f-card_points .errors, .errors.summary").first).to_be_visible()
    tap(page, "input[name=dealer][value='0'] + span")             # the form sent back keeps the choice
    assert checked(page, "declarer") == ["2"]
    page.locator("#card_points").fill("")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "#save")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    deal = sp.partie.deals[0]
    assert (deal.dealer, deal.contract, deal.declarer, deal.partner, deal.won) == (0, "solorufer", 2, 3, True)
    assert s.deals[0].points[2] > 0 and s.deals[0].points[3] > 0 and sum(s.deals[0].points) == 0
    close(context)


def test_koenigrufen_five_a_declarer_who_now_deals_is_unchosen_and_nothing_is_saved(server, browser):
    context, page = phone(browser)
    board = koenigrufen(page, server, five=True)
    page.goto(board + "/deal")
    tap(page, "input[name=contract][value=solorufer] + span")
    tap(page, "input[name=declarer][value='2'] + span")           # Cilli declared
    tap(page, "input[name=partner][value='3'] + span")
    tap(page, "input[name=result][value=won] + span")
    tap(page, "input[name=dealer][value='2'] + span")             # then Cilli is made the dealer: she sits out
    assert checked(page, "declarer") == []
    # said once, under the dealer just tapped, with its reason; the field it is missing in is marked
    gone = page.locator("#fs-dealer + .gone-error")
    expect(gone).to_have_text("Cilli deals now and sits out this deal: choose again under “Declarer”.")
    expect(page.locator("#fs-declarer.gone-here")).to_be_visible()
    page.wait_for_timeout(800)                                    # the live preview comes, and adds nothing there
    expect(page.locator("#fs-declarer .errors:visible")).to_have_count(0)
    assert page.locator(".gone-error").count() == 1
    shot(page, "dealer-to-declarer-five", full_page=False)
    tap(page, "#save")                                            # refused: choose again
    expect(page.locator("#fs-declarer .errors").first).to_be_visible()
    assert settled(server, page)[0].partie.deals == ()
    tap(page, "input[name=declarer][value='4'] + span")           # Emil
    expect(page.locator(".gone-error")).to_have_count(0)
    expect(page.locator("#fs-declarer.gone-here")).to_have_count(0)
    tap(page, "#save")
    page.wait_for_selector("#record")
    deal = settled(server, page)[0].partie.deals[0]
    assert (deal.dealer, deal.declarer, deal.partner) == (2, 4, 3)
    close(context)


@pytest.mark.parametrize("language", ["en", "de"])
def test_koenigrufen_a_partner_who_now_plays_himself_is_said_once_with_the_reason(server, browser, language):
    # Anna deals, Bernd (Vorhand) plays a Rufer with Cilli; the dealer was Bernd: Cilli is Vorhand and plays it now,
    # so she cannot be her own partner. One sentence under the partner says so, not three guesses
    context = browser.new_context(color_scheme="light", locale="de-AT" if language == "de" else "en-GB",
                                  **{**PHONE, "viewport": {"width": 360, "height": 740}})
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(["Anna", "Bernd", "Cilli", "Dora"]):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=" + ("Partie beginnen" if language == "de" else "Start the partie"))
    page.wait_for_selector("#record")
    board = page.url
    page.goto(board + "/deal")
    tap(page, "input[name=contract][value=rufer] + span")
    tap(page, "input[name=partner][value='2'] + span")            # Cilli
    page.locator("#card_points").fill("40")
    tap(page, "input[name=side_trull][value=declarer] + span")     # a silent Trull for Bernd's side
    tap(page, "input[name=dealer][value='1'] + span")             # no: Bernd dealt
    asks = {"en": "Cilli is now Vorhand, so Cilli plays the Rufer", "de": "Cilli ist jetzt Vorhand, also spielt Cilli den Rufer"}
    expect(page.locator("#asks")).to_contain_text(asks[language])  # the server's sentence: the preview came
    assert checked(page, "partner") == []
    errors = page.locator("#fs-partner .errors:visible")
    expect(errors).to_have_count(1)
    said = {"en": "Cilli plays the game now: choose again.", "de": "Cilli spielt jetzt selbst: wähle neu."}
    expect(errors).to_have_text(said[language])
    page.wait_for_timeout(600)                                    # nothing more comes (a late preview adds nothing)
    expect(errors).to_have_count(1)
    shot(page, f"partner-now-plays-{language}", full_page=False)
    tap(page, "input[name=partner][value='3'] + span")            # Dora held the King
    expect(page.locator("#fs-partner .errors:visible")).to_have_count(0)
    expect(page.locator("#asks")).to_have_count(0)
    close(context)


def test_two_phones_strohmandeln_record_mine_too_records_what_was_typed(server, browser):
    context_a, a = phone(browser)
    board = strohmandeln(a, server)
    context_b, b = phone(browser)
    a.goto(board + "/deal")
    b.goto(board + "/deal")
    # phone B: Anna undertook, 38 for her, the Pagat for her
    tap(b, "input[name=undertaker][value='0'] + span")
    b.locator("#points").fill("38")
    tap(b, "#fs-bonuses summary")
    tap(b, "input[name=bonuses][value='pagat:0'] + span")
    # phone A records first: Bernd undertook, 40
    tap(a, "input[name=undertaker][value='1'] + span")
    a.locator("#points").fill("40")
    tap(a, "#save")
    a.wait_for_selector("#record")
    tap(b, "#save")
    expect(b.locator("#conflict")).to_be_visible()
    expect(b.locator("#side-by-side .theirs")).to_contain_text("Bernd undertook")
    expect(b.locator("#side-by-side .mine")).to_contain_text("Anna undertook, Anna\u00a038\u00a0: Bernd\u00a032 — Anna +4, Bernd −4")
    expect(b.locator("#side-by-side .mine")).to_contain_text("Bernd dealt")
    assert b.evaluate("document.documentElement.scrollWidth") <= 390          # side by side on the phone too
    shot(b, "persons-record-mine-too-light")
    assert checked(b, "undertaker") == ["0"] and checked(b, "dealer") == ["1"] and checked(b, "pile_of") == ["0"]
    tap(b, "#record-anyway")
    b.wait_for_selector("#record")
    sp, s = settled(server, b)
    mine = sp.partie.deals[1]
    assert (mine.dealer, mine.undertaker, mine.card_points) == (1, 0, (114, None))
    assert [(x.bonus, x.player) for x in mine.bonuses] == [("pagat", 0)]
    assert s.deals[1].winner == 0
    close(context_a)
    close(context_b)


def test_two_phones_koenigrufen_record_mine_too_keeps_the_persons(server, browser):
    context_a, a = phone(browser)
    board = koenigrufen(a, server)
    context_b, b = phone(browser)
    a.goto(board + "/deal")
    b.goto(board + "/deal")
    tap(b, "input[name=contract][value=solorufer] + span")
    tap(b, "input[name=declarer][value='3'] + span")              # Dora, with Bernd, lost
    tap(b, "input[name=partner][value='1'] + span")
    tap(b, "input[name=result][value=lost] + span")
    tap(a, "input[name=partner][value='2'] + span")               # phone A: a Rufer of Bernd's with Cilli
    tap(a, "input[name=result][value=won] + span")
    tap(a, "#save")
    a.wait_for_selector("#record")
    tap(b, "#save")
    expect(b.locator("#conflict")).to_be_visible()
    expect(b.locator("#side-by-side .theirs")).to_contain_text("Deal 1")
    expect(b.locator("#side-by-side .mine")).to_contain_text("Deal 2")
    tap(b, "#record-anyway")
    b.wait_for_selector("#record")
    sp, _s = settled(server, b)
    first, mine = sp.partie.deals
    assert (first.dealer, first.contract, first.declarer, first.partner) == (0, "rufer", 1, 2)
    assert (mine.dealer, mine.contract, mine.declarer, mine.partner, mine.won) == (1, "solorufer", 3, 1, False)
    close(context_a)
    close(context_b)


def test_koenigrufen_five_points_typed_for_the_player_who_now_deals_are_cleared_and_said(server, browser):
    context, page = phone(browser)
    board = koenigrufen(page, server, five=True)
    page.goto(board + "/deal")
    tap(page, "input[name=contract][value=trischaken] + span")
    for i, points in enumerate(("10", "20", "20", "0", "20")):
        if i:   # Anna deals deal 1 and sits out: her row is hidden
            page.locator(f"#tp{i}").fill(points)
    tap(page, "input[name=dealer][value='4'] + span")             # Emil deals: his 20 no longer count
    expect(page.locator("#tp4")).to_be_hidden()
    expect(page.locator("#fs-card_points .gone-error")).to_contain_text("What was typed for Emil no longer counts")
    page.locator("#tp0").fill("30")
    tap(page, "#save")
    page.wait_for_selector("#record")
    deal = settled(server, page)[0].partie.deals[0]
    assert (deal.dealer, deal.card_points) == (4, (90, 60, 60, 0, None))
    close(context)
