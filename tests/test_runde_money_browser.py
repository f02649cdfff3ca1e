"""One settlement per evening, on a phone in Chromium: two Bavarian Tarock evenings, one ended with the pot shared
and one with the pot kept, moved into a Runde; the Runde's page says who pays whom exactly as each end page did,
and its money columns add up to zero (the kept pot a row of its own)."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from .test_browser import close, browser, phone, server, shot, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def euro(text: str) -> Decimal:
    return Decimal(text.replace("−", "-").replace("+", "").replace("€", "").replace(",", ".").strip())


def bavarian_evening(server, page, names, deals, choice_label):
    """Start a Bavarian partie of `names` on the phone, record `deals` by tapping, choose what happens to the pot
    on the end page, end the partie; return its board's address and the end page's lines."""
    page.goto(server["url"] + "/new")
    page.get_by_role("link", name="Bavarian Tarock (3 or 4)").tap()
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    tap(page, "text=Start the partie")
    page.wait_for_selector("#record")
    board = page.url
    for declarer, contract, points in deals:
        tap(page, "#record")
        page.wait_for_selector("#deal-form")
        tap(page, f"input[name=declarer][value='{declarer}'] + span")
        tap(page, f"input[name=contract][value={contract}] + span")
        page.locator("#points").fill(points)
        expect(page.locator("#preview .preview-points")).to_be_visible()
        tap(page, "#save")
        page.wait_for_selector("#record")
    page.locator("nav >> text=End partie").first.tap()
    page.wait_for_selector("#at-the-end")
    page.locator("#at-the-end label", has_text=choice_label).tap()
    page.get_by_role("button", name="Save the choice").tap()
    page.wait_for_selector("#at-the-end")
    page.get_by_role("button", name="End the partie").tap()
    page.wait_for_selector("#settle")
    page.goto(board + "/end")
    lines = page.locator("#settle .settle-view:visible .settle-lines li").all_inner_texts()   # the choice's, shown
    assert lines
    return board, lines


def test_bavarian_evenings_moved_into_a_runde_read_as_their_end_pages_on_a_phone(server, browser):
    context, page = phone(browser)
    four, three = ["Anna", "Bernd", "Cilli", "Dora"], ["Anna", "Bernd", "Cilli"]
    shared_board, shared_lines = bavarian_evening(server, page, four, [("1", "pickup", "67"), ("2", "pickup", "40"),
                                                                       ("0", "hand", "80")], "Share the pot")
    kept_board, kept_lines = bavarian_evening(server, page, three, [("1", "pickup", "70"), ("2", "pickup", "50")],
                                              "Keep the pot")
    assert not any("the pot" in line for line in shared_lines)
    assert any("in the pot for the next evening" in line for line in kept_lines)

    page.goto(server["url"] + "/r/new")
    page.locator("#name").fill("Stammtisch")
    tap(page, "input[name=game][value=haferltarock] + span")
    tap(page, "input[name=settles][value=evening] + span")
    page.locator("#members").fill("\n".join(four))
    tap(page, "text=Start the Runde")
    page.wait_for_selector("#h-standings")
    runde_url = page.url.split("#")[0]
    for board in (shared_board, kept_board):
        page.goto(runde_url)
        page.locator("form.move input[name=partie]").fill(board)
        page.locator("form.move").get_by_role("button").tap()
        page.wait_for_selector("fieldset.seat")
        page.get_by_role("button", name="Move it into the Runde").tap()
        page.wait_for_selector("#h-standings")

    page.goto(runde_url + "?period=all")
    groups = page.locator(".open-group")
    assert groups.count() == 2
    for group, lines in zip(groups.all(), (shared_lines, kept_lines)):    # oldest evening first
        assert sorted(group.locator("li").all_inner_texts()) == sorted(lines)
        amounts = group.locator("p").first.inner_text().split(" · ")
        assert sum(euro(a.rsplit(" ", 2)[-2] + " " + a.rsplit(" ", 2)[-1]) for a in amounts) == 0
    # the standings' money column, the kept pot's row included, adds up to zero
    money = [euro(t) for t in page.locator("table.standings tbody td.money").all_inner_texts()]
    assert page.locator("#pot-row").count() == 1 and len(money) == 5 and sum(money) == 0
    assert euro(page.locator("#pot-row td.money").inner_text()) > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "runde-bavarian-pot-light")
    close(context)
