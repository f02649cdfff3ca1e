"""On a phone (390 x 844, touch), in English and German: right after an Undo the board says what it did with "Put it
back" under the deals' head where the Undo button was, so a second tap on that spot never undoes the deal before
it: that Undo waits below the deals. Also the new-partie page's "Who deals first": one label a
seat (the name typed), and the Grammel-Punkt hint read as its field's description."""

import re

import pytest
from playwright.sync_api import expect

from .test_browser import browser, close, phone, server, settled, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

WORDS = {"en": {"undone": "Deal 2 undone.", "put_back": "Put it back",
                "undo_1": "Undo deal 1", "restored": "Deal 2 restored"},
         "de": {"undone": "Spiel 2 zurückgenommen.", "put_back": "Zurückholen",
                "undo_1": "Spiel 1 zurücknehmen", "restored": "Spiel 2 zurückgeholt"}}


def centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_an_undo_the_same_spot_puts_the_deal_back(server, browser, lang):
    words = WORDS[lang]
    context, page = phone(browser)
    context.set_extra_http_headers({"Accept-Language": lang})
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    page.locator("form.new-partie button[type=submit]").last.tap()
    page.wait_for_selector("#record")
    board = page.url
    for points in ("40", "38"):   # two simple games, through the form
        page.goto(board + "/deal")
        page.locator("#points").fill(points)
        tap(page, "#save")
        page.wait_for_selector("#record")
    before = settled(server, page)[0].partie.deals
    assert len(before) == 2
    undo = page.locator("#undo button")
    undo.scroll_into_view_if_needed()
    spot = centre(undo.bounding_box())
    page.touchscreen.tap(*spot)                                  # the confirm is accepted (phone())
    page.wait_for_selector("#undone")
    assert len(settled(server, page)[0].partie.deals) == 1
    box = page.locator("#undone")
    expect(box).to_contain_text(words["undone"])
    put_back = page.get_by_role("button", name=words["put_back"])
    expect(put_back).to_be_visible()
    assert put_back.bounding_box()["height"] >= 44
    shot(page, f"put-it-back-{lang}")
    # where the thumb was: the deals' head or the box with Put it back, never another Undo (a double tap
    # undoes one deal at most); the Undo of deal 1 waits below the deals
    page.evaluate("window.scrollTo(0, 0)")
    under_thumb = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y);"
                                " return e ? (e.closest('#undo') ? 'undo' : e.closest('#undone') ? 'undone'"
                                " : e.closest('button, a, input') ? 'other' : 'nothing') : 'nothing'; }", list(spot))
    assert under_thumb in ("undone", "nothing"), under_thumb
    undo = page.locator("#undo button")
    expect(undo).to_have_text(words["undo_1"])
    assert undo.bounding_box()["y"] >= page.locator("#deal-1").bounding_box()["y"] + 20   # under the deals
    assert undo.bounding_box()["y"] - spot[1] >= 44
    put_back.tap()
    page.wait_for_selector(".flash:not(#undone)")
    expect(page.locator(".flash").first).to_contain_text(words["restored"])
    assert settled(server, page)[0].partie.deals == before
    expect(page.locator("#undone")).to_have_count(0)
    close(context)


@pytest.mark.parametrize("lang, seat, first_player, grammel", [
    ("en", "Second", "First player", "one game point more for a winner"),
    ("de", "Zweiter", "Erster Spieler", "ein Spielpunkt mehr für den Gewinner")])
def test_new_partie_labels_each_dealer_once_and_explains_the_grammel_punkt(server, browser, lang, seat,
                                                                            first_player, grammel):
    context, page = phone(browser)
    context.set_extra_http_headers({"Accept-Language": lang})
    page.goto(server["url"] + "/new?game=strohmandeln")
    expect(page.get_by_label(first_player, exact=True)).to_have_count(1)   # the name's field, never a radio too
    page.locator("#player0").fill("Anna")
    expect(page.get_by_role("radio", name="Anna", exact=True)).to_have_count(1)
    expect(page.get_by_role("radio", name=seat, exact=True)).to_have_count(1)   # no name yet: the seat
    page.locator("#player1").fill("Bernd")
    expect(page.get_by_role("radio", name="Bernd", exact=True)).to_have_count(1)
    expect(page.locator("#fs-first_dealer input[type=radio]")).to_have_count(2)
    expect(page.locator("#grammel_threshold")).to_have_accessible_description(re.compile(grammel))
    close(context)
