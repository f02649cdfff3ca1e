"""A tournament's pages on a phone (360 and 390 px wide, touch) in a real browser, English and German: the new
tournament's players box takes the whole width, one name a line in a legible size; "Games per round and rank
points" shows only the chosen game's table sizes (Königrufen: 4, then 5; switching the game switches them); the
standings scroll nowhere sideways, the table ranks under each name. Playwright on Debian's Chromium; with
SCORER_SCREENSHOTS=1 a screenshot of each page lands in test-artifacts/tournament/."""

import threading

import pytest
from werkzeug.serving import make_server

from scorer import create_app

from .screens import shot
from .test_browser import CHROMIUM, browser, close  # noqa: F401  (fixture)
from .test_browser_overflow import STICKS_OUT
from .test_tournament_web import create, draw_and_start, dreier, public

pytestmark = pytest.mark.browser

# long names, as a hall has them: they must wrap, not push the figures off the screen
EIGHT = ["Maria-Theresia Obermüllner", "Bernd", "Cilli Hinterberger-Schwaighofer", "Dora", "Emil", "Franz Xaver",
         "Gerti", "Hans-Peter Leitner"]
LANGUAGES = {"en": ("Table ranks", "Table rank 1.", "Games 1/1"), "de": ("Tischplätze", "Tischplatz 1.", "Spiele 1/1")}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The real app on a free port, with a tournament of eight after one round (one game a table)."""
    db_path = str(tmp_path_factory.mktemp("tphone") / "t.sqlite")
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "tphone", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    organiser = create(client, EIGHT, games_4="1")
    for board, _names in draw_and_start(client, organiser):
        dreier(client, board, 0)
    standings = public(client, organiser)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}", standings
    httpd.shutdown()


def small_phone(browser, width, language):  # noqa: F811
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1, locale=language,
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def fits(page, width):
    """Nothing past the right edge: the page does not scroll sideways, no element sticks out."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(STICKS_OUT) == ""


def no_violations(page):
    """axe finds nothing to fix on the page (labels, contrast, names of links)."""
    from axe_playwright_python.sync_playwright import Axe
    results = Axe().run(page)
    assert results.violations_count == 0, sorted({(v["id"], n["target"][0]) for v in results.response["violations"]
                                                   for n in v["nodes"]})


def shown_sizes(page):
    return page.eval_on_selector_all("#by-sizes fieldset", "sets => sets.filter(s => !s.hidden).map(s => s.dataset.size)")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_new_tournament_page_on_a_phone(site, browser, width, language):  # noqa: F811
    base, _standings = site
    context, page = small_phone(browser, width, language)
    page.goto(base + "/t/new")
    assert page.evaluate("document.documentElement.lang") == language
    # the players box: as wide as the name field above it, the width of the page's column, legible
    box, name = page.locator("#players").bounding_box(), page.locator("#name").bounding_box()
    assert box["width"] == pytest.approx(name["width"], abs=1) and box["width"] >= width - 40
    assert box["height"] >= 8 * 24   # ten lines: a hall's names without scrolling the box
    assert float(page.eval_on_selector("#players", "el => parseFloat(getComputedStyle(el).fontSize)")) >= 16
    page.locator("#players").fill("\n".join(EIGHT))
    assert page.locator("#players").input_value().splitlines() == EIGHT
    # games per round: only Königrufen's sizes, four first; another game, its own sizes
    page.locator(".more-options summary").tap()
    assert shown_sizes(page) == ["4", "5"]
    fits(page, width)
    shot(page, f"new-{language}-{width}", folder="tournament")
    for value, wanted in (("strohmandeln/beck", ["2"]), ("haferltarock/haferl", ["4", "3"]),
                          ("koenigrufen/tirol", ["4", "5"])):
        page.locator("#rule_set").select_option(value)
        assert shown_sizes(page) == wanted
        assert page.locator(f"#games_{wanted[0]}").is_visible()
    fits(page, width)
    if width == 390:
        no_violations(page)
    close(context)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_standings_fit_a_phone(site, browser, width, language):  # noqa: F811
    base, standings = site
    ranks_word, rank_said, games_said = LANGUAGES[language]
    context, page = small_phone(browser, width, language)
    page.goto(base + standings)
    rows = page.locator(".tstandings tbody tr")
    assert rows.count() == 8
    fits(page, width)
    # the table ranks under each name (their column hidden); the total beside it
    assert not page.locator(".tstandings thead th:nth-child(4)").first.is_visible()
    for row in rows.all():
        under = row.locator(".under")
        assert under.is_visible()
        assert ranks_word + " " in under.inner_text()
        assert under.inner_text().split(ranks_word + " ")[1] in ("1", "2", "3", "4")
        assert row.locator("td.total").is_visible()
        # the name's link stays a big tap target
        assert row.locator("th a").bounding_box()["height"] >= 44
    shot(page, f"standings-{language}-{width}", folder="tournament")
    if width == 390:
        no_violations(page)
    # a player's own line fits as well
    page.locator(".tstandings th a").first.tap()   # a winner of his table
    page.wait_for_selector(".own-figures")
    fits(page, width)
    # his round in a line of its own, the figures of the wide screen's table in it
    figures = page.locator(".own-round-figures").first
    assert figures.is_visible() and not page.locator(".own-rounds").is_visible()
    assert rank_said in figures.inner_text() and games_said in figures.inner_text()
    shot(page, f"player-{language}-{width}", folder="tournament")
    if width == 390:
        no_violations(page)
    close(context)


def test_a_wide_screen_keeps_the_table_ranks_column(site, browser):  # noqa: F811
    base, standings = site
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="en")
    page = context.new_page()
    page.goto(base + standings)
    assert page.locator(".tstandings thead th:nth-child(6)").is_visible()
    assert not page.locator(".tstandings .under").first.is_visible()
    close(context)
