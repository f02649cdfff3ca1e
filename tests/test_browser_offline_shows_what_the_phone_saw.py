"""With no connection the phone shows what it saw last and says what it keeps (play test 1, findings 2, 4 and 5), in
Chromium on a phone of 360 x 740 with the service worker: the board a Save's answer showed is the board offline (not
an older one loaded before); an offline Save says the deal is kept on this phone ("Handy" in German, one word) and its
main button takes the player on to the board; the outbox says a waiting deal in the players' words, without the form's
marks and empty fields, and a recorded one as the scorer recorded it."""

import pytest
from playwright.sync_api import expect

from .test_browser import back_online, browser, close, controlled, go_offline, server, settled, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def small_phone(browser, language="en"):  # noqa: F811
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1, locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page


def new_koenigrufen(page, server, start="Start the partie"):  # noqa: F811
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(["Anna", "Bernd", "Cilli", "Dora"]):
        page.locator(f"#player{i}").fill(name)
    tap(page, f"text={start}")
    page.wait_for_selector("#record")
    return page.url


def test_the_board_offline_is_the_one_the_last_save_showed(server, browser):  # noqa: F811
    context, page = small_phone(browser)
    board = new_koenigrufen(page, server)
    controlled(page)
    page.goto(board)                                     # loaded once while the worker is in control: cached
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, "input[name=declarer][value='2'] + span")
    tap(page, "input[name=result][value=won] + span")
    expect(page.locator("#save-result")).not_to_be_empty()
    tap(page, "#save")                                   # the answer carries the board: shown at once
    expect(page.locator(".flash")).to_contain_text("Deal 1 recorded.")
    assert page.url == board and len(settled(server, page)[0].partie.deals) == 1
    page.wait_for_timeout(500)                           # the worker keeps what the page showed
    go_offline(context, page)
    page.reload()                                        # from the service worker's cache
    expect(page.locator("#offline")).to_be_visible()
    expect(page.locator("#sheet tbody.deal")).to_have_count(1)
    expect(page.locator("#undo button")).to_have_text("Undo deal 1")
    expect(page.locator("#offline")).to_contain_text("The board shows what this phone saw last.")
    expect(page.locator(".flash")).to_have_count(0)      # "Deal 1 recorded." was said once, not kept
    close(context)


def test_an_offline_save_is_kept_on_this_handy_and_the_outbox_says_it_in_the_players_words(server, browser):  # noqa: F811
    context, page = small_phone(browser, "de")
    board = new_koenigrufen(page, server, start="Partie beginnen")   # Anna deals, Bernd is Vorhand
    controlled(page)
    page.goto(board + "/deal")                           # both pages visited once online: in the cache
    page.goto(board)
    go_offline(context, page)
    page.locator(".starts a", has_text="Trischaken").tap()
    page.wait_for_selector("#deal-form")
    expect(page.locator("#preview")).to_contain_text("Offline: keine Vorschau.")
    page.locator("#tp0").fill("0")
    page.locator("#tp2").fill("40")
    tap(page, "input[name=tb2][value='1'] + span")
    page.locator("#tp3").fill("0")                       # Bernd's is the rest: left empty
    tap(page, "#save")
    expect(page.locator(".queued")).to_be_visible()
    save = page.locator("#save")
    expect(save).to_contain_text("✓ Auf diesem Handy behalten")
    expect(save).to_contain_text("zur Übersicht")
    assert "Telefon" not in page.locator("main").inner_text()           # one word for the phone
    tap(page, "#save")                                   # the main button takes the player on: to the board
    page.wait_for_selector("#outbox li.outbox-waiting")
    assert page.url == board
    facts = page.locator("#outbox .outbox-facts").inner_text()
    assert "Spielart: Trischaken" in facts and "Cilli: 40 +1" in facts and "Bernd (Vorhand) = 29⅔" in facts, facts
    for noise in ("·V", "+0", "Blatt"):                  # no mark, no empty Blatt
        assert noise not in facts, (noise, facts)
    assert "Telefon" not in page.locator("main").inner_text()
    back_online(context, page)
    expect(page.locator("#outbox li.outbox-recorded")).to_have_count(1)
    recorded = page.locator("#outbox li.outbox-recorded").inner_text()
    assert "Eingetragen als Spiel 1" in recorded and "Trischaken ·" in recorded and "Spielart:" not in recorded, recorded
    sp, _s = settled(server, page)
    assert sp.partie.deals[0].contract == "trischaken"
    close(context)
