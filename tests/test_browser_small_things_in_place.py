"""Small things in their place on a phone of 360 × 740, in a real Chromium: a finished tournament's buttons stand
apart (their borders never touch); the history's numbers stay on the screen (a change numbered 23 or 1,000 is not cut
at the left edge); the main button of the other phone's conflict says the result above its words, as Save does, not
in a narrow column beside them; a folded summary of two lines reads as one heading; a stepper's button at its end
looks unavailable. The partie and the tournament are stored as the app stores them."""

import re

import pytest
from playwright.sync_api import expect

from benchmarks.samples import sample_partie
from scorer import games, store
from scorer.db import connect
from scorer.games.koenigrufen import Deal, RuleSet
from scorer.games.strohmandeln import Deal as StrohDeal
from scorer.tournament import Scoring
from scorer.tournament import store as tstore

from .test_browser import PHONE, browser, close, server, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
EIGHT = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans"]


def phone(browser, language="de"):
    context = browser.new_context(color_scheme="light", locale="de-AT" if language == "de" else "en-GB", **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def finished_tournament(db_path) -> str:
    db = connect(db_path)
    try:
        tid = tstore.create_tournament(db, "Herbstturnier", games.by_key("koenigrufen"), RuleSet.default("ooe"),
                                       Scoring.from_dict({"games": {"4": 1}}, (4, 5)), EIGHT)
        tstore.draw_round(db, tid, seed=3)
        t = tstore.load(db, tid)
        for pid in tstore.start_round(db, t, tstore.the_draw(t)):
            store.add_deal(db, pid, Deal("game", 0, "dreier", 1, won=True))
        tstore.finish(db, tid)
        return tid
    finally:
        db.conn.close()


def test_a_finished_tournaments_buttons_stand_apart(server, browser):
    tid = finished_tournament(server["db"])
    context, page = phone(browser)
    page.goto(f"{server['url']}/t/{tid}")
    buttons = page.locator(".finished-links .button")
    expect(buttons).to_have_count(3)
    boxes = [b.bounding_box() for b in buttons.all()]
    reopen = page.locator("form:has(input[name=reopen]) button").bounding_box()
    for a, b in zip(boxes + [boxes[-1]], boxes[1:] + [reopen]):
        apart = b["y"] >= a["y"] + a["height"] + 4 or (b["x"] >= a["x"] + a["width"] + 4 and b["y"] < a["y"] + a["height"])
        assert apart, (a, b)
    shot(page, "finished-tournament-buttons", full_page=False)
    close(context)


def test_the_historys_numbers_stay_on_the_screen(server, browser):
    db = connect(server["db"])
    try:
        partie = sample_partie(30)
        pid = store.create_partie(db, partie.with_deals(()))
        for deal in partie.deals:
            store.add_deal(db, pid, deal)
    finally:
        db.conn.close()
    context, page = phone(browser)
    page.goto(f"{server['url']}/p/{pid}/history")
    first = page.locator("ol.history > li").first
    # the marker's number, measured in the list's own font: it starts inside the page's margin, never at its edge
    measure = """(li, number) => {
      const probe = document.createElement("span");
      probe.textContent = number + ". ";
      probe.style.font = getComputedStyle(li).font;
      probe.style.position = "absolute";
      document.body.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return li.getBoundingClientRect().left - width;
    }"""
    start = page.locator("ol.history").evaluate("ol => ol.start")
    assert start >= 30 and first.evaluate(measure, start) >= 12   # inside the page's margin, never at its edge
    assert first.evaluate(measure, 1000) >= 2                     # a number of four digits too: on the screen
    shot(page, "history-numbers", full_page=False)
    close(context)


def test_the_conflicts_main_button_says_the_result_above_its_words(server, browser):
    context, page = phone(browser, "en")
    page.goto(server["url"] + "/new")
    page.locator("#player0").fill("Anna")
    page.locator("#player1").fill("Bernd")
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    pid = page.url.split("/p/")[1].split("/")[0]
    page.goto(page.url + "/deal")
    tap(page, "input[name=undertaker][value='1'] + span")
    page.locator("#points").fill("40")
    db = connect(server["db"])
    try:   # the other phone records deal 1 meanwhile
        store.add_deal(db, pid, StrohDeal("game", 0, undertaker=0, card_points=(120, None)))
    finally:
        db.conn.close()
    tap(page, "#save")
    button = page.locator("#record-anyway")
    expect(button).to_be_visible()
    expect(button.locator(".save-result")).not_to_be_empty()
    result = button.locator(".save-result").bounding_box()
    word = button.locator(".save-word").bounding_box()
    assert result["y"] + result["height"] <= word["y"] + 1, (result, word)   # above, not beside
    assert re.fullmatch(r"Bernd [+−]\d+", button.locator(".save-result").inner_text()), button.inner_text()
    shot(page, "conflict-main-button", full_page=False)
    close(context)


def test_a_folded_summary_of_two_lines_reads_as_one_heading(server, browser):
    context, page = phone(browser)
    page.goto(server["url"] + "/t/new")
    summary = page.locator("details.more-options > summary")
    summary.scroll_into_view_if_needed()
    box = summary.bounding_box()
    line = float(summary.evaluate("s => getComputedStyle(s).lineHeight").removesuffix("px"))
    assert 44 <= box["height"] and line < 30, (box, line)   # a tap target, its lines close (they were 44 px apart)
    assert box["height"] <= 3 * line + 20
    shot(page, "tournament-options-summary", full_page=False)
    close(context)


def test_a_steppers_button_at_its_end_looks_unavailable(server, browser):
    """The Bavarian Hand's target starts at 61, its least: its − is dimmed (aria-disabled) until + raised it."""
    context, page = phone(browser, "en")
    page.goto(server["url"] + "/new?game=haferltarock")
    for i, name in enumerate(["Anna", "Bernd", "Clara"]):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    page.goto(page.url + "/deal")
    tap(page, "input[name=declarer][value='1'] + span")
    tap(page, "input[name=contract][value=hand] + span")
    minus = page.get_by_role("button", name="One fewer: Target")
    plus = page.get_by_role("button", name="One more: Target")
    expect(page.locator("#target")).to_have_value("61")
    expect(minus).to_have_attribute("aria-disabled", "true")
    expect(plus).to_have_attribute("aria-disabled", "false")
    assert float(minus.evaluate("b => getComputedStyle(b).opacity")) < 0.5
    plus.tap()
    expect(page.locator("#target")).to_have_value("66")
    expect(minus).to_have_attribute("aria-disabled", "false")
    assert float(minus.evaluate("b => getComputedStyle(b).opacity")) == 1
    minus.tap()
    expect(minus).to_have_attribute("aria-disabled", "true")
    shot(page, "target-stepper-at-61", full_page=False)
    close(context)
