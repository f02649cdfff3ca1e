"""Every name on a score sheet is whole on a phone of 360 px (play test 1, finding 3): "Bernd" on the Bavarian board
of four, whose pot column ("Haferl") squeezes the players' columns, was cut to "Be…". A name its column cannot hold
stands in two rows as Königrufen's sheet has it (each over its own column, as wide as two), also where the server's
count of letters guessed it would fit (a wide letter, the dealer's mark). Bavarian Tarock of three and four, Königrufen
of five, in German and English, in Chromium."""

import pytest

from .test_browser import browser, close, tap  # noqa: F401  (fixture)
from .test_browser import server  # noqa: F401  (fixture)

pytestmark = pytest.mark.browser

# every name's box that clips against what it shows: an ellipsis leaves its scroll width past its client width
CUT = """() => [...document.querySelectorAll('#sheet .names th:not(.num), #sheet .names .nm')]
    .filter(el => { const s = getComputedStyle(el);
      return s.display !== 'inline' && s.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1; })
    .map(el => el.textContent.trim())"""
# the names' boxes: inside the screen, none on another
BOXES = """() => [...document.querySelectorAll('#sheet .names .nm')].map(el => {
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })"""


def small_phone(browser, language):  # noqa: F811
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True,
                                  device_scale_factor=1, locale=language, service_workers="block",
                                  extra_http_headers={"Accept-Language": language})
    page = context.new_page()
    page.set_default_timeout(10000)
    return context, page


def new_partie(page, url, game, names, start):
    page.goto(f"{url}/new?game={game}")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    tap(page, f"text={start}")
    page.wait_for_selector("#sheet")


@pytest.mark.parametrize("language", ["de", "en"])
@pytest.mark.parametrize("game, names", [
    ("haferltarock", ["Anna", "Bernd", "Cilli", "Dora"]),
    ("haferltarock", ["Maximilian", "Bernd", "Wolfgang"]),
    ("koenigrufen", ["Anna", "Bernd", "Cilli", "Dora", "Emil"]),
    ("koenigrufen", ["Anna", "Bernd", "Cilli", "Dora", "Moritz"]),
    ("koenigrufen", ["Wolfi", "Mimmi", "Willi", "Wanda"]),
    ("koenigrufen", ["MaWo", "WiMa", "MoWu", "WuMo", "WaMi"]),   # four wide letters: counted, they would fit
])
def test_every_name_on_the_sheet_is_whole_at_360_px(server, browser, language, game, names):  # noqa: F811
    context, page = small_phone(browser, language)
    new_partie(page, server["url"], game, names, "Partie beginnen" if language == "de" else "Start the partie")
    assert page.evaluate(CUT) == []
    assert [n.strip() for n in page.locator("#sheet .names .nm").all_inner_texts()][:len(names)] == names
    boxes = page.evaluate(BOXES)
    assert all(0 <= b[0] and b[2] <= 360 for b in boxes), boxes
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1]), (a, b)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    close(context)
