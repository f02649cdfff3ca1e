"""A club's Wiener evening on a phone of 360 × 740, in English, in a real Chromium: the partie started with a tariff of
the club's own, made on the new partie's form (the Wiener cup's, with a Bettel of 5 and no Farbensolo), then twelve
deals tapped in through the deal form: a Zwiccolo with a Kontra, a silent Valat with a Kontra on the game, a
Trischaken with two tied losers, one with two Jungfrauen, a Trischaken renonce and the rest of an evening. After
every deal each figure of the score sheet (each player's points for the deal, the money a Kontra makes differ, the
running totals, the balances and the money at the top) is the engine's replay of the partie as stored, and the
result beside Save said who pays whom as the engine then scored it (a Trischaken's every share). The rules page and the partie file carry the
club's tariff. And the Säcke of Tirol follow the card points as they are typed."""

import json
import re

import pytest
from playwright.sync_api import expect

from scorer.games.koenigrufen.scoring import in_money
from scorer.web.language import signed

from .helpers import run_replay
from .test_browser import PHONE, browser, close, server, settled, tap  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
SMALL = {**PHONE, "viewport": {"width": 360, "height": 740}}
NAMES = ("Anna", "Bernd", "Cilli", "Dora")


def money_text(amount):
    """Money as the English sheet writes it, without the € sign."""
    text = f"{abs(amount):.2f}"
    return text if amount == 0 else ("+" if amount > 0 else "\u2212") + text


def check_sheet(server, page):
    """Every figure of the sheet is the engine's replay of the stored partie."""
    sp, s = settled(server, page)
    stake = sp.partie.rules.stake
    for i in range(4):
        assert page.locator(f"#balance-{i}").inner_text() == signed(s.balance[i])
        assert page.locator(f"#money-{i}").inner_text() == money_text(s.money[i])
    assert page.locator("#sheet tbody.deal").count() == len(s.deals)
    for r in s.deals:
        row = page.locator(f"#deal-{r.number}")
        assert row.locator(".d").all_inner_texts() == [signed(x) for x in r.points], r.number
        assert row.locator(".run").all_inner_texts() == [signed(b) for b in r.balance], r.number
        shown = row.locator(".m:not([aria-hidden])").all_inner_texts()
        if r.money_points != r.points:   # a Kontra: the deal's money beside its points
            assert [re.sub(r"\s*€", "", m).strip() for m in shown] == \
                [money_text(m) for m in in_money(r.money_points, stake)], r.number
        else:
            assert shown == [], r.number
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    return s


def said_groups(text):
    """The result beside Save read back: {amount: names} ("Bernd, Cilli each −3 · Anna +6")."""
    out = {}
    for part in text.split(" · "):
        found = re.fullmatch(r"(.+?)(?: each)? ([+\u2212]\d+)", part.strip())
        assert found, text
        out[int(found.group(2).replace("\u2212", "-"))] = sorted(found.group(1).split(", "))
    return out


def engine_groups(points):
    out = {}
    for i, x in enumerate(points):
        if x:
            out.setdefault(x, []).append(NAMES[i])
    return {x: sorted(v) for x, v in out.items()}


def kontra(page, at, level):
    stepper = page.locator(f"{at} .choice-stepper, {at} + .choice-stepper").first
    for _ in range({1: 0, 2: 1, 4: 2, 8: 3}[level]):
        stepper.locator("button.step").last.tap()


def open_form(page, start=None):
    """The deal form, from the main button or from the board's quick start of a contract."""
    if start:
        tap(page, f".starts a[href*='contract={start}']")
    else:
        tap(page, "#record")
    page.wait_for_selector("#deal-form")


def choose(page, name, value):
    tap(page, f"input[name={name}][value='{value}'] + span")


def save(page):
    """Save, once the live result beside it is there: what it said, then the board."""
    expect(page.locator("#save-result")).not_to_be_empty()
    said = page.locator("#save-result").inner_text()
    tap(page, "#save")
    page.wait_for_selector("#record")
    return said


def test_a_clubs_wiener_evening_of_twelve_deals_on_a_phone(server, browser, tmp_path):  # noqa: F811
    context = browser.new_context(locale="en-GB", extra_http_headers={"Accept-Language": "en"}, **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(NAMES):
        page.locator(f"#player{i}").fill(name)
    tap(page, "label.preset:has(input[value=wien])")
    expect(page.locator(".preset-summary.for-wien")).to_contain_text("Also the tariff of the Steirischer")
    # the club's tariff: the Wiener values in the fields, Bettel made 5, the Farbensolo taken out
    tap(page, "#tariff > summary")
    expect(page.locator("#c_zwiccolo")).to_have_value("2")
    expect(page.locator("#c_bettel")).to_have_value("4")
    expect(page.locator("#t-valat")).to_be_visible()            # Vienna's Valat is a premium: its values show
    page.locator("#c_bettel").fill("5")
    page.locator("#c_farbensolo").fill("")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    for name in ("#c_bettel", "#pa_quapil", "#ps_quapil"):   # a thumb's target, inside the screen
        box = page.locator(name).bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= 360
    tap(page, "form.new-partie button[type=submit]")
    page.wait_for_selector("#record")
    sp, _s = settled(server, page)
    assert sp.partie.rules.value("bettel") == 5 and "farbensolo" not in sp.partie.rules.contracts
    assert sp.partie.rules.valat == "wien" and sp.partie.rules.trischaken_payout == "share"
    board = page.url
    # the quick starts: the Zwiccolo among them (Vienna plays it), no Farbensolo ever was
    expect(page.locator(".starts a[href*='contract=zwiccolo']")).to_have_count(1)

    # 1. Anna deals, Bernd (Vorhand) plays a Rufer with Cilli: 40 card points
    open_form(page, "rufer")
    choose(page, "partner", "2")
    page.locator("#card_points").fill("40")
    save(page)
    check_sheet(server, page)
    # 2. Bernd deals: Dora's Zwiccolo, won, Anna gives Kontra (from the quick start)
    open_form(page, "zwiccolo")
    choose(page, "declarer", "3")
    choose(page, "result", "won")
    kontra(page, "#each0", 2)
    save(page)
    s = check_sheet(server, page)
    assert s.deals[-1].deal.contract == "zwiccolo" and s.deals[-1].deal.kontra_each == (2, 1, 1, 1)
    # 3. Cilli deals: Anna's Dreier with Kontra on the game and a silent Valat, the silent Trull, the Kings announced
    #    with a Kontra, a silent Pagat
    open_form(page, "dreier")
    choose(page, "declarer", "0")
    choose(page, "result", "won")
    kontra(page, "#fs-kontra", 2)
    for premium in ("valat", "trull", "pagat"):
        choose(page, f"side_{premium}", "declarer")
    choose(page, "side_koenige", "declarer")
    choose(page, "ann_koenige", "yes")
    kontra(page, "#kon_koenige", 2)
    expect(page.locator("#preview")).to_contain_text("(not counted)")   # the silent Trull beside the Valat
    save(page)
    s = check_sheet(server, page)
    deal = s.deals[-1]
    assert deal.deal.kontra == 2 and {p.premium: p.announced for p in deal.deal.premiums} == \
        {"trull": False, "koenige": True, "pagat": False, "valat": False}
    assert [i.item for i in deal.items] == ["game", "koenige", "pagat", "valat"] or \
        sorted(i.item for i in deal.items) == ["game", "koenige", "pagat", "valat"]
    game = next(i for i in deal.items if i.item == "game")
    assert game.money_points == game.points   # the silent Valat voids the Kontra on the game
    expect(page.locator("#deal-3 .what")).to_contain_text("Trull silent made (not counted)")
    # 4. Dora deals, Anna (Vorhand) leads a Trischaken: Bernd and Cilli tie with the most
    open_form(page, "trischaken")
    for seat, points in ((0, "10"), (1, "25"), (2, "25")):
        page.locator(f"#tp{seat}").fill(points)
    said = save(page)
    s = check_sheet(server, page)
    assert s.deals[-1].deal.card_points == (30, 75, 75, 30)
    assert said_groups(said) == engine_groups(s.deals[-1].points)
    assert sorted(n for x, names in said_groups(said).items() if x < 0 for n in names) == ["Bernd", "Cilli"]
    # 5. Anna deals, Bernd leads a Trischaken: Anna and Dora without a trick, Jungfrauen
    open_form(page, "trischaken")
    for seat, points in ((0, "0"), (1, "30"), (3, "0")):
        page.locator(f"#tp{seat}").fill(points)
    said = save(page)
    s = check_sheet(server, page)
    assert s.deals[-1].deal.card_points == (0, 90, 120, 0)
    assert said_groups(said) == engine_groups(s.deals[-1].points)
    assert [n for x, names in said_groups(said).items() if x > 0 for n in names] == ["Anna", "Dora"]
    # 6. Bernd deals, Cilli leads a Trischaken and Dora renounces
    open_form(page, "trischaken")
    choose(page, "type", "renonce")
    choose(page, "offender", "3")
    said = save(page)
    s = check_sheet(server, page)
    assert s.deals[-1].deal.type == "renonce" and said_groups(said) == engine_groups(s.deals[-1].points)
    assert said.startswith("Dora \u2212")   # the renonce's: she pays the others
    # 7. Cilli deals: Bernd's Bettel (the club's 5), lost
    open_form(page, "bettel")
    choose(page, "declarer", "1")
    choose(page, "result", "lost")
    save(page)
    s = check_sheet(server, page)
    assert s.deals[-1].points[1] == -3 * sp.partie.rules.value("bettel")
    # 8. Dora deals: Cilli's Piccolo, won
    open_form(page, "piccolo")
    choose(page, "declarer", "2")
    choose(page, "result", "won")
    save(page)
    check_sheet(server, page)
    # 9. Anna deals: Dora's Solorufer with Anna, 50 card points, the Pagat announced and made
    open_form(page, "solorufer")
    choose(page, "declarer", "3")
    choose(page, "partner", "0")
    page.locator("#card_points").fill("50")
    choose(page, "side_pagat", "declarer")
    choose(page, "ann_pagat", "yes")
    save(page)
    check_sheet(server, page)
    # 10. Bernd deals: Cilli (Vorhand) plays a Sechserdreier and loses it
    open_form(page)
    choose(page, "contract", "sechserdreier")
    choose(page, "result", "lost")
    save(page)
    s = check_sheet(server, page)
    assert s.deals[-1].deal.declarer == 2
    # 11. Cilli deals, Dora (Vorhand) leads a Trischaken and has the most: she pays alone
    open_form(page, "trischaken")
    for seat, points in ((0, "20"), (1, "10"), (3, "30")):
        page.locator(f"#tp{seat}").fill(points)
    said = save(page)
    s = check_sheet(server, page)
    assert said_groups(said) == engine_groups(s.deals[-1].points)
    assert [n for x, names in said_groups(said).items() if x < 0 for n in names] == ["Dora"]
    # 12. Dora deals: Bernd's Solodreier with 40 card points and the Uhu announced
    open_form(page, "dreier")
    choose(page, "contract", "solodreier")
    choose(page, "declarer", "1")
    page.locator("#card_points").fill("40")
    choose(page, "side_uhu", "declarer")
    choose(page, "ann_uhu", "yes")
    save(page)
    s = check_sheet(server, page)
    assert len(s.deals) == 12 and s.counted == 12
    assert [r.deal.contract for r in s.deals] == ["rufer", "zwiccolo", "dreier", "trischaken", "trischaken",
                                                  "trischaken", "bettel", "piccolo", "solorufer", "sechserdreier",
                                                  "trischaken", "solodreier"]
    # the rules page lists the club's whole tariff; the partie file carries it and replays to the sheet's balance
    page.goto(board + "/rules")
    expect(page.locator("h1")).to_have_text("Own tariff based on Wiener Tarockcup")
    expect(page.locator("main")).to_contain_text("Bettel 5")
    assert "Farbensolo" not in page.locator("main").inner_text()
    exported = page.request.get(board + "/partie.json")
    data = json.loads(exported.text())
    assert data["rules"]["tariff"]["contracts"] == {"bettel": 5, "farbensolo": None}
    path = tmp_path / "wien.json"
    path.write_bytes(exported.body())
    done = run_replay(path, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["balance"] == list(s.balance)
    close(context)


def test_the_saecke_follow_the_card_points_on_a_phone(server, browser):  # noqa: F811
    context = browser.new_context(locale="en-GB", extra_http_headers={"Accept-Language": "en"}, **SMALL)
    page = context.new_page()
    page.set_default_timeout(10000)
    page.goto(server["url"] + "/new?game=koenigrufen")
    for i, name in enumerate(NAMES):
        page.locator(f"#player{i}").fill(name)
    tap(page, "label.preset:has(input[value=tirol])")
    tap(page, "form.new-partie button[type=submit]")
    page.wait_for_selector("#record")
    open_form(page, "dreier")
    choose(page, "declarer", "1")
    sack1, sack2 = page.locator(".prem[data-sack='137']"), page.locator(".prem[data-sack='167']")
    page.locator("#card_points").fill("50")
    # the declarers' 50 reach the 1st Sack: ticked as theirs, silent, made, and it cannot be failed
    expect(sack1.locator("input[name=side_sack1][value=declarer]")).to_be_checked()
    expect(sack1.locator("input[name=ann_sack1][value=no]")).to_be_checked()
    expect(sack1.locator("input[name=made_sack1][value=no]")).to_be_disabled()
    expect(sack1.locator(".sack-word")).to_have_text("The declarers’ card points reach it: theirs, made.")
    expect(sack2.locator("input[name=side_sack2][value='']")).to_be_checked()
    # 10 card points: the opponents' 60 make both
    page.locator("#card_points").fill("10")
    expect(sack1.locator("input[name=side_sack1][value=opponents]")).to_be_checked()
    expect(sack2.locator("input[name=side_sack2][value=opponents]")).to_be_checked()
    # 40: neither side's; the ticks go; a side chosen can only have announced it and failed
    page.locator("#card_points").fill("40")
    expect(sack1.locator("input[name=side_sack1][value='']")).to_be_checked()
    expect(sack2.locator("input[name=side_sack2][value='']")).to_be_checked()
    choose(page, "side_sack1", "declarer")
    expect(sack1.locator("input[name=made_sack1][value=no]")).to_be_checked()
    expect(sack1.locator("input[name=ann_sack1][value=yes]")).to_be_checked()
    expect(sack1.locator("input[name=made_sack1][value=yes]")).to_be_disabled()
    expect(sack1.locator(".sack-word")).to_have_text("Neither side’s card points reach it: only announced and failed.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    expect(page.locator("#preview")).to_contain_text("1st Sack announced failed")   # the preview of it
    said = save(page)
    sp, s = settled(server, page)
    deal = s.deals[-1]
    assert [(p.premium, p.side, p.announced, p.made) for p in deal.deal.premiums] == \
        [("sack1", "declarer", True, False)]
    assert said == f"Bernd {signed(deal.points[1])}"
    # 50 again, saved as ticked by the page: the Sack is the declarers'
    open_form(page, "dreier")
    choose(page, "declarer", "1")
    page.locator("#card_points").fill("50")
    expect(sack1.locator("input[name=side_sack1][value=declarer]")).to_be_checked()
    save(page)
    sp, s = settled(server, page)
    assert [(p.premium, p.side, p.made) for p in s.deals[-1].deal.premiums] == [("sack1", "declarer", True)]
    close(context)
