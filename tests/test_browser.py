"""A whole evening in a real browser: Playwright driving Debian's Chromium on a phone-sized screen.

Each step's board is checked against the engine's replay of what the store holds.
Screenshots of every page, light and dark, land in test-artifacts/ with SCORER_SCREENSHOTS=1 (tests/screens.py).
"""

import csv
import io
import os
import signal
import threading
import time
import warnings
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError, expect
from werkzeug.serving import make_server

from scorer import create_app
from scorer.web.language import euros, signed

from .helpers import page_settled as settled   # the engine's settlement of the partie shown on the page
from .screens import shot

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The real app on a free port of 127.0.0.1, with its own database."""
    db_path = tmp_path_factory.mktemp("browser") / "scorer.sqlite"
    app = create_app({"DATABASE": str(db_path), "SECRET_KEY": "browser-tests", "POLL_SECONDS": 1})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{httpd.server_port}", "db": str(db_path), "httpd": httpd}
    httpd.shutdown()


ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
CLOSE_SECONDS = 30


class Chromium:
    """The module's Chromium. Now and then Chromium never answers the closing of a browser context (the pages of a
    closed context even went on polling: two whole CI runs hung in `close(context)`, after every check of the test
    had passed). `close()` below gives a context 30 seconds, then kills this Chromium; the next use starts a new one.
    Everything else is the Playwright browser's own (`new_context`, `contexts`, ...)."""

    def __init__(self, playwright):
        self.playwright = playwright
        self.current = None
        self.pid = None

    def _launched(self):
        if self.current is None or not self.current.is_connected():
            self.current = self.playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            session = self.current.new_browser_cdp_session()
            processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
            session.detach()
            self.pid = next(p["id"] for p in processes if p["type"] == "browser")
            CHROMIUMS[id(self.current)] = self
        return self.current

    def __getattr__(self, name):
        return getattr(self._launched(), name)

    def kill(self):
        if self.pid:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close(self):
        if self.current is not None and self.current.is_connected():
            with watchdog(self):
                self.current.close()


@contextmanager
def watchdog(chromium, seconds=CLOSE_SECONDS):
    """Kills `chromium` if the block takes longer than `seconds` (a close that Chromium never answers)."""
    fired = []
    timer = threading.Timer(seconds, lambda: (fired.append(1), chromium.kill()))
    timer.daemon = True
    timer.start()
    try:
        yield
    except PlaywrightError:
        if not fired:
            raise
    finally:
        timer.cancel()
    if fired:
        warnings.warn(f"Chromium did not close within {seconds} s and was killed; the next test starts a new one")


def close(*contexts):
    """Closes browser contexts, never for longer than 30 seconds each (see Chromium)."""
    for context in contexts:
        chromium = CHROMIUMS.get(id(context.browser))
        if chromium is None:
            context.close()
            continue
        with watchdog(chromium):
            context.close()


CHROMIUMS = {}   # id of a launched Playwright browser -> its Chromium holder, for close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    assert Path(CHROMIUM).exists(), "Debian's chromium is missing: bash scripts/setup.sh --browser installs it"
    with sync_playwright() as p:
        chromium = Chromium(p)
        yield chromium
        chromium.close()


def phone(browser, scheme="light"):
    context = browser.new_context(color_scheme=scheme, accept_downloads=True, **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page


def check_board(server, page):
    """The board's figures are the engine's."""
    sp, s = settled(server, page)
    names = sp.partie.players
    for i in (0, 1):
        assert page.locator(f"#balance-{i}").inner_text() == signed(s.balance[i])
        assert page.locator(f"#money-{i}").inner_text() == euros(s.money[i])
    assert page.locator("#status").inner_text() == f"{names[s.next_dealer]} deals · {names[s.vorhand]} is Vorhand"
    if s.doubled_pending:
        assert page.locator("#doubled").inner_text().startswith(f"×{s.next_multiplier} · Nullrunde · "
                                                                f"{s.doubled_pending} game")
    else:
        assert page.locator("#doubled").count() == 0
    assert page.locator("ol.deals > li").count() == len(s.deals)
    return s


def go_offline(context, page, seconds=10):
    """The phone without a connection, as its page knows it (navigator.onLine false) before the test taps on. On a
    loaded CI machine Chromium once let a Save through right after set_offline (the scorer recorded it, the page
    took the lost answer for no connection and kept it in the outbox), so the test read what it did not mean. The
    page is asked until it says offline; the emulation is sent again meanwhile (a page that navigates in between is
    asked again on its new document)."""
    end = time.monotonic() + seconds
    context.set_offline(True)
    while True:
        try:
            if not page.evaluate("navigator.onLine"):
                return
        except PlaywrightError as error:
            if "Execution context was destroyed" not in str(error) and "navigat" not in str(error):
                raise
        assert time.monotonic() < end, "the phone's page still says it is online"
        page.wait_for_timeout(50)
        context.set_offline(True)


def back_online(context, page):
    """The phone back online. Its own "online" event may already have sent the outbox and be taking the page to
    the board (a navigation): the event sent once more by hand, for where Chromium does not send it, then finds
    no page to run in, which is what the test waits for anyway."""
    context.set_offline(False)
    try:
        page.evaluate("window.dispatchEvent(new Event('online'))")
    except PlaywrightError as error:
        if "Execution context was destroyed" not in str(error):
            raise


def tap(page, selector):
    page.locator(selector).first.tap()


def controlled(page):
    """The service worker in control of the page, polled with a bound (awaiting serviceWorker.ready has no timeout:
    a worker that never registers would hang the run; wait_for_function polls a string with eval, which the CSP
    forbids). A page that loaded while the worker was still installing is not one it claims: loaded again once."""
    for attempt in range(2):
        for _ in range(100):
            if page.evaluate("navigator.serviceWorker.controller !== null"):
                return
            page.wait_for_timeout(100)
        if attempt == 0:
            page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null"), "no service worker in control"


def more_button(page, label, what="One more"):
    """A stepper's button of the calculator in the deal form. On a loaded CI machine the calculator's fold was once
    found closed between two taps (cause not found: no request in the server's log, the page not reloaded); a
    player would open it again, and so does this, saying so, so that the taps' count is still what is checked."""
    calc = page.locator("details.calc")
    if calc.count() and not calc.first.evaluate("d => d.open"):
        print("the calculator's fold was closed between two taps: opened again")
        calc.first.locator("summary").tap()
    return page.get_by_role("button", name=f"{what}: {label}")


def open_bonuses(page):
    """The bonuses are folded while none is chosen: unfold them."""
    if not page.locator("#fs-bonuses").evaluate("d => d.open"):
        tap(page, "#fs-bonuses summary")


def deal(server, page, *, kind="game", undertaker=None, pile=None, points=None, blatt=None, bonuses=(),
         offender=None, name=None):
    """Record a deal from the board by tapping, as a player would; return the new settlement."""
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    if kind != "game":
        tap(page, f"input[name=type][value={kind}] + span")
    if undertaker:
        tap(page, f"input[name=undertaker][value='{undertaker}'] + span")
    if pile is not None:
        tap(page, f"input[name=pile_of][value='{pile}'] + span")
    if points is not None:
        page.locator("#points").fill(points)
    if blatt:
        tap(page, f"input[name=blatt][value='{blatt}'] + span")
    if bonuses:
        open_bonuses(page)
    for bonus in bonuses:
        tap(page, f"input[name=bonuses][value='{bonus}'] + span")
    if offender is not None:
        tap(page, f"input[name=offender][value='{offender}'] + span")
    if name:
        shot(page, name)
    tap(page, "#save")
    page.wait_for_selector("#record")
    return check_board(server, page)


def test_a_whole_evening_on_a_phone(server, browser):
    context, page = phone(browser)
    page.goto(server["url"] + "/")
    shot(page, "home-empty-light")
    tap(page, "text=New partie")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    shot(page, "new-partie-light")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    check_board(server, page)
    board = page.url

    # 1. a simple game Anna wins with 38
    s = deal(server, page, pile="0", points="38", name="deal-form-light")
    assert s.balance == (1, -1)
    # 2. a simple-game draw 35 : 35 starts a Nullrunde
    s = deal(server, page, points="35")
    assert s.doubled_pending == 2
    assert "×2 · Nullrunde · 2 games left" in page.locator("#doubled").inner_text()
    # 3. a misdeal inside it costs double and uses no game
    s = deal(server, page, kind="misdeal", offender="0")
    assert s.deals[-1].points == (0, 2) and s.doubled_pending == 2
    # 4. Bernd (Vorhand) undertakes and loses with 25 1/3: Grammel, doubled: Anna 2 x (4 + 1)
    s = deal(server, page, undertaker="1", pile="1", points="25", blatt="1")
    assert s.deals[-1].points == (10, 0) and s.doubled_pending == 1
    # 5. a renonce by Anna, still doubled: Bernd gets the simple game, 2
    s = deal(server, page, kind="renonce", offender="0")
    assert s.deals[-1].points == (0, 2) and s.doubled_pending == 0
    # 6. counted with the calculator: Anna's pile of Sküs, Pagat, 2 Kings, 2 Queens in 10 tricks
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    tap(page, "input[name=pile_of][value='0'] + span")   # Anna's pile (unless chosen: Vorhand's, Bernd's)
    page.locator("details.calc > summary").tap()
    labels = {}
    for name in ("trull", "kings", "queens", "tricks"):   # the steppers' labels, read once the calculator is open
        expect(page.locator(f"label[for={name}]")).to_be_visible()
        labels[name] = page.locator(f"label[for={name}]").inner_text()
        assert labels[name]
    for name, times in (("trull", 2), ("kings", 2), ("queens", 2), ("tricks", 10)):
        for _ in range(times):
            more_button(page, labels[name]).tap()
    # four Kings counted tick Anna's Four Kings; counted back to two, the box the count ticked goes again
    kings = labels["kings"]
    four_kings = page.locator("input[name=bonuses][value='four_kings_tricks:0']")
    for _ in range(2):
        more_button(page, kings).tap()
    expect(four_kings).to_be_checked()
    for _ in range(2):
        more_button(page, kings, "One fewer").tap()
    expect(four_kings).not_to_be_checked()
    expect(page.locator("#points")).to_have_value("28")
    assert page.locator("input[name=blatt][value='2']").is_checked()   # 28 2/3
    shot(page, "deal-calculator-light")
    page.wait_for_selector(".preview-points")
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert s.deals[-1].piles == (86, 124) and s.deals[-1].points == (0, 1)
    # 7. Anna (Vorhand) undertakes and wins with 45 (Grammel) and the Pagat ultimo: 4 + 1
    s = deal(server, page, undertaker="0", points="45", bonuses=["pagat:0"])
    assert s.deals[-1].points == (5, 0)
    # 8. a redeal: a hand without Tarock; the same player deals again
    s = deal(server, page, kind="redeal")
    assert s.deals[-1].points == (0, 0) and s.next_dealer == s.deals[-1].deal.dealer
    # 9. a tie after bonuses starts another Nullrunde
    s = deal(server, page, pile="0", points="40", bonuses=["pagat:1"])
    assert s.deals[-1].points == (1, 1) and s.doubled_pending == 2
    shot(page, "board-light")

    # the deal's breakdown is on the board
    page.locator("#deal-4 a").tap()
    assert "Grammel-Punkt" in page.locator("#items").inner_text()
    shot(page, "deal-detail-light")
    page.go_back()

    # edit deal 2: not a draw after all, so no Nullrunde for deals 3 to 5
    page.locator("#deal-2 a").tap()
    page.locator("#edit").tap()
    page.wait_for_selector("#deal-form")
    assert page.locator("#points").input_value() == "35"
    page.locator("#points").fill("40")
    shot(page, "deal-edit-light")
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert [r.multiplier for r in s.deals[:5]] == [1, 1, 1, 1, 1]

    # delete the redeal, undo the last deal
    page.locator("#deal-8 a").tap()
    page.locator("#delete").tap()
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert len(s.deals) == 8
    page.locator("form.undo button").tap()
    page.wait_for_selector("#record")
    s = check_board(server, page)
    assert len(s.deals) == 7

    # the CSV export holds the engine's figures
    with page.expect_download() as download:
        page.locator("text=Export CSV").tap()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text())))
    assert rows[0][0] == "deal" and rows[-2][0] == "total"
    assert [int(x) for x in rows[-2][11:13]] == list(s.balance)

    # other pages, for a look
    page.goto(board + "/calculator?trull=2&kings=1&queens=2&tricks=10")
    shot(page, "calculator-light")
    page.goto(board + "/history")
    shot(page, "history-light")
    page.goto(board + "/rules")
    shot(page, "rules-light")
    page.goto(board + "/end")
    shot(page, "end-light")
    page.goto(server["url"] + "/")
    shot(page, "home-light")
    close(context)


def test_errors_are_shown_next_to_the_field(server, browser):
    context, page = phone(browser, "dark")
    page.goto(server["url"] + "/new")
    shot(page, "new-partie-dark")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    tap(page, "#record")
    tap(page, "input[name=pile_of][value='0'] + span")
    page.locator("#points").fill("60")
    open_bonuses(page)
    tap(page, "input[name=bonuses][value='four_kings_tricks:1'] + span")
    tap(page, "#save")
    errors = page.locator("#fs-bonuses .errors").inner_text()
    assert "Four Kings needs at least 17\u202f⅓ card points; Bernd has 10." in errors
    shot(page, "deal-error-dark")
    sp, s = settled(server, page)
    assert s.deals == ()
    # the live preview asks the engine as you type
    page.locator("input[name=bonuses][value='four_kings_tricks:1'] + span").tap()
    page.locator("#points").fill("46")
    expect(page.locator("#preview")).to_contain_text("Grammel-Punkt: Anna 1")
    tap(page, "#save")
    page.wait_for_selector("#record")
    check_board(server, page)
    shot(page, "board-dark")
    page.goto(page.url + "/calculator?trull=4&tricks=1")
    shot(page, "calculator-error-dark")
    close(context)


def test_the_other_phone_follows(server, browser):
    context, page = phone(browser)
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Clara")
    page.locator("#player1").fill("Dora")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    other_context, other = phone(browser, "dark")
    other.goto(page.url)
    deal(server, page, pile="0", points="50")
    expect(other.locator("#balance-0")).to_have_text("+2", timeout=8000)
    close(other_context)
    close(context)


def test_no_horizontal_scroll_at_360px(server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Maximiliane-Theresia")
    page.locator("#player1").fill("Bartholomäus Wenzel")
    page.locator("text=Start the partie").tap()
    page.wait_for_selector("#record")
    board = page.url
    for path in ("", "/deal", "/calculator", "/rules", "/history"):
        page.goto(board + path)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, (path, width)
    # every button and segmented option is at least 44px tall
    page.goto(board + "/deal")
    heights = page.eval_on_selector_all(".button, .seg-options > * span, .chip span",
                                        "els => els.filter(e => e.offsetParent).map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= 44
    close(context)


def test_part_of_an_evening_in_german(server, browser):
    """A phone set to German: every page speaks German, numbers and money the Austrian way, the
    calculator's live texts too; the switch at the foot changes the language and it sticks."""
    context = browser.new_context(color_scheme="dark", locale="de-AT", **PHONE)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    page.goto(server["url"] + "/")
    assert page.locator("html").get_attribute("lang") == "de"
    expect(page.locator("h1")).to_have_text("Deine Partien")
    tap(page, "text=Neue Partie")
    page.get_by_role("textbox", name="Erster Spieler").fill("Anna")
    page.get_by_role("textbox", name="Zweiter Spieler").fill("Bernd")
    page.get_by_label("Einsatz je Spielpunkt (€)").fill("0,10")
    shot(page, "de-new-partie-dark")
    tap(page, "text=Partie beginnen")
    page.wait_for_selector("#record")
    assert page.locator("#status").inner_text() == "Anna gibt · Bernd ist Vorhand"
    expect(page.locator("#record")).to_have_text("Spiel eintragen")

    # a simple game with 35 + 2 Blatt: won, 35 ⅔ shown the German way
    tap(page, "#record")
    page.wait_for_selector("#deal-form")
    expect(page.locator("#fs-type legend")).to_have_text("Was geschah")
    assert "Bernd (Vorhand)" in page.locator("#fs-undertaker").inner_text()
    tap(page, "input[name=pile_of][value='0'] + span")
    page.locator("#points").fill("35")
    tap(page, "input[name=blatt][value='2'] + span")
    expect(page.locator(".preview-points")).to_contain_text("Stand")
    shot(page, "de-deal-form-dark")
    tap(page, "#save")
    page.wait_for_selector("#record")
    expect(page.locator(".flash")).to_have_text("Spiel 1 eingetragen.")
    assert page.locator("#money-0").inner_text() == "+0,10 €"
    assert page.locator("#money-1").inner_text() == "−0,10 €"
    assert "Anna\u00a035\u202f⅔\u00a0: Bernd\u00a034\u202f⅓" in page.locator("#deal-1").inner_text()

    # a draw 35 : 35 starts a Nullrunde, said in German
    tap(page, "#record")
    page.locator("#points").fill("35")
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert page.locator("#doubled").inner_text() == "×2 · Nullrunde · noch 2 Spiele"

    # a misdeal ("Vergeben") by Bernd
    tap(page, "#record")
    tap(page, "input[name=type][value=misdeal] + span")
    expect(page.locator("#fs-offender .for-misdeal-only")).to_be_visible()
    expect(page.locator("#fs-offender .for-misdeal-only")).to_have_text("Wer hat vergeben")
    tap(page, "input[name=offender][value='1'] + span")
    tap(page, "#save")
    page.wait_for_selector("#record")
    assert "Vergeben (Bernd)" in page.locator("#deal-3").inner_text()

    # counted with the calculator: the steppers and the live count speak German
    tap(page, "#record")
    tap(page, "input[name=pile_of][value='0'] + span")
    page.locator("details.calc > summary").tap()
    for name, times in (("trull", 1), ("kings", 2), ("tricks", 8)):
        for _ in range(times):
            label = page.locator(f"label[for={name}]").inner_text()
            page.get_by_role("button", name=f"Eins mehr: {label}").tap()
    expect(page.locator(".calc-live")).to_contain_text("die anderen Stiche")
    expect(page.locator("#points")).to_have_value("17")
    shot(page, "de-deal-calculator-dark")
    # an impossible entry is refused in German
    page.locator("#points").fill("99")
    tap(page, "#save")
    expect(page.locator(".errors.summary")).to_contain_text("Noch nicht gespeichert")
    expect(page.locator("#error-points")).to_contain_text("Augen liegen zwischen 0 und 70, nicht 99")
    shot(page, "de-deal-errors-dark")
    page.locator("#points").fill("17")
    tap(page, "#save")
    page.wait_for_selector("#record")
    sp, s = settled(server, page)
    assert len(s.deals) == 4 and s.deals[-1].piles == (52, 158)
    shot(page, "de-board-dark")

    # the rules and the history in German
    page.locator("nav.more >> text=Regeln").tap()
    expect(page.locator("ul.rules")).to_contain_text("Einsatz: 0,10 € je Spielpunkt.")
    shot(page, "de-rules-dark")
    page.go_back()
    page.locator("nav.more >> text=Verlauf").tap()
    expect(page.locator("ol.history")).to_contain_text("Spiel 4 eingetragen")
    page.go_back()

    # the switch: English, and it sticks across pages; then back to German
    page.locator("footer.lang >> text=English").tap()
    expect(page.locator("#record")).to_have_text("Record deal")
    page.goto(server["url"] + "/calculator")
    expect(page.locator("h1")).to_have_text("Count a pile")
    page.locator("footer.lang >> text=Deutsch").tap()
    expect(page.locator("h1")).to_have_text("Stiche zählen")
    shot(page, "de-calculator-dark")
    close(context)


def bavarian_board(server, page):
    """The Bavarian board's figures are the engine's: every player's money, the pot, who deals."""
    sp, s = settled(server, page)
    for i in range(len(sp.partie.players)):   # the score sheet's head (the € in its row's head)
        assert page.locator(f"#balance-{i}").inner_text() == euros(s.balance[i]).replace(" €", "")
    if s.pot is not None:
        assert page.locator("#pot").inner_text() == euros(s.pot, sign=False).replace(" €", "")
    assert page.locator("#sheet tbody.deal").count() == len(s.deals)
    for r in s.deals:   # each line read back: every player's money after the deal, then the pot
        runs = page.locator(f"#deal-{r.number} .nums .run").all_inner_texts()
        assert runs == [euros(b).replace(" €", "") for b in r.balance] + (
            [euros(r.pot, sign=False).replace(" €", "")] if r.pot is not None else [])
    return s


def test_a_bavarian_evening_with_four_on_a_phone(server, browser):
    context, page = phone(browser)
    page.goto(server["url"] + "/new")
    page.get_by_role("link", name="Bavarian Tarock (3 or 4)").tap()
    for i, name in enumerate(["Anna", "Bernd", "Clara", "Dieter"]):
        page.locator(f"#player{i}").fill(name)
    tap(page, "input[name=first_dealer][value='3'] + span")
    shot(page, "bavarian-new-light")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    assert page.locator("#status").inner_text() == "Dieter deals and sits out"
    s = bavarian_board(server, page)
    assert str(s.pot) == "2.00"

    def record(declarer=None, contract="pickup", points=None, target=None, schwarz=False, kind="game", name=None):
        tap(page, "#record")
        page.wait_for_selector("#deal-form")
        if kind == "redeal":
            tap(page, "input[name=type][value=redeal] + span")
        else:
            tap(page, f"input[name=declarer][value='{declarer}'] + span")
            tap(page, f"input[name=contract][value={contract}] + span")
            if target:   # raised in fives with the + button
                expect(page.locator("#target")).to_be_visible()
                for _ in range((int(target) - 61) // 5):
                    page.get_by_role("button", name="One more: Target").tap()
                expect(page.locator("#target")).to_have_value(target)
            page.locator("#points").fill(points)
            if schwarz:
                page.locator("label.check", has_text="Schwarz").tap()
            expect(page.locator("#preview .preview-points")).to_be_visible()
        if name:
            shot(page, name)
        tap(page, "#save")
        page.wait_for_selector("#record")
        return bavarian_board(server, page)

    # 1. Anna's Pick-Up with 67: 7 cents from the pot
    s = record(declarer="0", points="67", name="bavarian-deal-form-light")
    assert [str(x) for x in s.deals[-1].net] == ["0.07", "0.00", "0.00", "0.00"]
    # 2. Bernd raises a Hand to 71 and makes 68: lost, 2 x 5 cents to each defender (Anna sits out)
    expect(page.locator("#status")).to_have_text("Anna deals and sits out")
    s = record(declarer="1", contract="hand", target="71", points="68")
    assert [str(x) for x in s.deals[-1].net] == ["0.00", "-0.20", "0.10", "0.10"]
    # 3. nobody played: the deal passes on
    s = record(kind="redeal")
    assert s.next_dealer == 2
    # 4. Dieter's Pick-Up, Schwarz: all 120
    s = record(declarer="3", points="120", schwarz=True)
    assert s.deals[-1].won and s.deals[-1].units == 60
    shot(page, "bavarian-board-light")
    assert sum(s.balance) + s.pot == 0

    # edit deal 2: Bernd made 71 after all
    page.locator("#deal-2 a").tap()
    page.locator("#edit").tap()
    page.locator("#points").fill("71")
    tap(page, "#save")
    page.wait_for_selector("#record")
    s = bavarian_board(server, page)
    # a raised Hand made with 71 is paid as 71 is: 5 + 6 = 11 units, twice from each defender
    assert [str(x) for x in s.deals[1].net] == ["0.00", "0.44", "-0.22", "-0.22"]

    # undo the last deal
    page.locator("form.undo button").tap()
    page.wait_for_selector("#record")
    s = bavarian_board(server, page)
    assert len(s.deals) == 3

    # the CSV
    with page.expect_download() as download:
        page.locator("nav.more >> text=Export CSV").tap()
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text())))
    assert rows[0][:3] == ["Deal", "Dealer", "Sitting out"] and len(rows) == 5

    # no horizontal scroll, and the dark board
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.url
    close(context)
    context, page = phone(browser, "dark")
    page.goto(board)
    bavarian_board(server, page)
    shot(page, "bavarian-board-dark")
    close(context)
