"""A Save, an Undo or an edit that is refused says why, once, in the page's language, and never as a success; a page
whose partie or table records no more offers no change (play test 1, findings 1, 8 and 9). In Chromium on a phone of
360 x 740, in German: a tournament table whose round the other phone completed, an ended partie, a round-1 table after
round 2 was drawn."""

import re
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from scorer import create_app, store
from scorer.db import connect

from .test_browser import browser, close, tap  # noqa: F401  (fixture)
from .test_tournament_web import create, draw_and_start, dreier

pytestmark = pytest.mark.browser

EIGHT = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans"]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The real app on a free port (CSRF off: the organiser's steps are posted by a test client)."""
    db_path = str(tmp_path_factory.mktemp("refusals") / "r.sqlite")
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "refusals", "WTF_CSRF_ENABLED": False, "POLL_SECONDS": 600})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield {"url": f"http://127.0.0.1:{httpd.server_port}", "app": app, "db": db_path}
    httpd.shutdown()


def german_phone(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1, locale="de-DE", service_workers="block",
                                  extra_http_headers={"Accept-Language": "de"})
    page = context.new_page()
    page.set_default_timeout(10000)
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page


def shown(page, text):
    """The visible elements of the page that say `text` (the smallest that hold it)."""
    return page.get_by_text(text).filter(visible=True)


def test_a_save_refused_at_a_complete_table_says_why_and_what_the_other_phone_recorded(site, browser):
    client = site["app"].test_client()
    organiser = create(client, EIGHT, games_4="2")
    (board, _names), _other = draw_and_start(client, organiser)
    dreier(client, board, 0)                                    # game 1
    context, page = german_phone(browser)
    page.goto(site["url"] + board + "/deal")                    # the second phone opens game 2
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, "input[name=declarer][value='1'] + span")
    tap(page, "input[name=result][value=won] + span")
    expect(page.locator("#save-result")).not_to_be_empty()
    dreier(client, board, 2)                                    # the first phone records game 2: the round is complete
    tap(page, "#save")
    summary = page.locator("#error-summary")
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Noch nicht gespeichert")
    reason = "Dieser Tisch hat die 2 Spiele der Runde 1 gespielt"
    expect(shown(page, reason)).to_have_count(1)                # said once, and in sight
    expect(shown(page, re.compile("Spiel 2 wurde gerade auf dem anderen Handy eingetragen"))).to_have_count(1)
    page.wait_for_timeout(700)                                  # the live preview of the form as it is came back
    expect(shown(page, reason)).to_have_count(1)
    expect(summary).to_be_visible()
    assert summary.locator("li").filter(visible=True).count() >= 1   # never an empty "Fix:"
    close(context)


def test_a_save_refused_because_the_partie_ended_says_why(site, browser):
    context, page = german_phone(browser)
    page.goto(site["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(["Anna", "Bernd", "Cilli", "Dora"]):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Partie beginnen")
    page.wait_for_selector("#record")
    board = page.url
    page.goto(board + "/deal")
    tap(page, "input[name=contract][value=dreier] + span")
    tap(page, "input[name=declarer][value='2'] + span")
    tap(page, "input[name=result][value=won] + span")
    db = connect(site["db"])
    store.set_ended(db, board.rsplit("/", 1)[1], True)        # the other phone ends the partie
    db.conn.close()
    tap(page, "#save")
    expect(page.locator("#ended-notice")).to_be_visible()
    expect(page.locator("#ended-notice")).not_to_contain_text("Ihre")   # the app says "du"
    expect(page.locator("#error-summary")).to_be_visible()
    expect(shown(page, "Noch nichts gespeichert: öffne zuerst die Partie wieder")).to_have_count(1)
    page.wait_for_timeout(700)
    expect(shown(page, "Noch nichts gespeichert: öffne zuerst die Partie wieder")).to_have_count(1)
    assert page.locator("#error-summary li").filter(visible=True).count() >= 1
    close(context)


def test_a_closed_rounds_table_offers_no_change_and_a_refusal_is_no_success(site, browser):
    client = site["app"].test_client()
    organiser = create(client, EIGHT, games_4="1")
    found = draw_and_start(client, organiser)
    for board, _names in found:
        dreier(client, board, 0)
    board = found[0][0]
    context, page = german_phone(browser)
    page.goto(site["url"] + board)                              # round 1 complete: its games may still be corrected
    expect(page.locator("#undo")).to_be_visible()
    draw_and_start(client, organiser)                           # round 2 drawn and started: round 1 is closed
    page.locator("#undo button").tap()                          # the page from before: refused, and said so
    flash = page.locator(".flash")
    expect(flash).to_contain_text("Runde 1 ist vorbei")
    expect(flash).to_have_attribute("role", "alert")
    assert "refused" in flash.get_attribute("class")            # a refusal's box, not a success's
    assert flash.inner_text().strip().endswith(".")
    # the closed table's pages offer no change, and say why
    expect(page.locator("#undo")).to_have_count(0)
    expect(page.locator("#locked")).to_contain_text("Runde 1 ist vorbei")
    page.goto(site["url"] + board + "/deal/1")
    expect(page.locator("#edit")).to_have_count(0)
    expect(page.locator("#delete")).to_have_count(0)
    expect(page.locator("#locked")).to_be_visible()
    # and no money at a tournament's table: Schrift only
    assert "Geld" not in page.locator("main").inner_text()
    close(context)
