"""No page of any game scrolls sideways on a small phone (360 px wide) in German, the longer language: every
kind of page of each game's partie (a Königrufen table of five too), the shared pages, and the end pages with
their warnings. Playwright on Debian's Chromium; with SCORER_SCREENSHOTS=1 a screenshot of each page lands in
test-artifacts/overflow/."""

import threading

import pytest
from werkzeug.serving import make_server

from scorer import create_app, store
from benchmarks.samples import sample_partie
from scorer.db import connect

from .screens import ARTIFACTS, shot
from .test_browser import Chromium
from .test_page_weight import koenigrufen_of_five

pytestmark = pytest.mark.browser

DEALS = 12
SMALL = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 1,
         "locale": "de-DE", "extra_http_headers": {"Accept-Language": "de"}}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The real app on a free port, with a partie of each game (and a Königrufen table of five) of 12 deals."""
    db_path = str(tmp_path_factory.mktemp("overflow") / "o.sqlite")
    app = create_app({"DATABASE": db_path, "SECRET_KEY": "overflow", "POLL_SECONDS": 60})
    db = connect(db_path)
    pids = {}
    for game, partie in (("strohmandeln", sample_partie(DEALS)), ("haferl", sample_partie(DEALS, game="haferltarock")),
                         ("koenigrufen", sample_partie(DEALS, game="koenigrufen")), ("koenigrufen5", koenigrufen_of_five(DEALS))):
        pid = store.create_partie(db, partie.with_deals(()))
        for deal in partie.deals:
            store.add_deal(db, pid, deal)
        pids[game] = pid
    db.conn.close()
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}", pids
    httpd.shutdown()


def paths(pids) -> list[tuple[str, str]]:
    """(name, path) of every kind of page."""
    found = [(p.strip("/") or "home", p) for p in ("/", "/new", "/new?game=haferltarock", "/new?game=koenigrufen",
                                                    "/calculator", "/calculator?trull=2&kings=1&tricks=5")]
    for game, pid in pids.items():
        found += [(f"{game}{p or '-board'}", f"/p/{pid}{p}")
                  for p in ("", "/deal", "/deal/3", "/deal/3/edit", "/deals", "/history", "/rules", "/share", "/end",
                            "/calculator", "/calculator?trull=2&kings=1&tricks=5")]
    return found


STICKS_OUT = """() => { let worst = '', right = window.innerWidth + 0.5;
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect(), style = getComputedStyle(el);
      if (r.width === 0 || r.height <= 1 || style.visibility === 'hidden' || el.closest('.visually-hidden')) continue;
      if (r.right > right) { right = r.right;
        worst = `${el.tagName}.${el.className} ${(el.textContent || '').trim().slice(0, 40)} (right edge ${Math.round(r.right)})`; }
    }
    return worst; }"""


CLIPPED = """() => [...document.querySelectorAll('.button, .seg-options > * span')]
    .filter(el => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1)
    .map(el => `${el.tagName}.${el.className} ${(el.textContent || '').trim().slice(0, 40)}`)"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_scrolls_sideways_at_360_px_in_german(site, scheme):
    from playwright.sync_api import sync_playwright
    base, pids = site
    wide = []
    with sync_playwright() as p:
        browser = Chromium(p)   # killed and started again if a close hangs (tests/test_browser.py)
        context = browser.new_context(color_scheme=scheme, **SMALL)
        page = context.new_page()
        for label, path in paths(pids):
            response = page.goto(base + path)
            assert response.status < 400, (path, response.status)
            assert page.evaluate("document.documentElement.lang") == "de", path
            width = page.evaluate("document.documentElement.scrollWidth")
            # the element that sticks out furthest past the right edge (a clipped one too: it cannot be tapped)
            culprit = page.evaluate(STICKS_OUT)
            if width > 360 or culprit:
                wide.append((path, width, culprit))
            # a button whose words run past its own edges (a game name, "Sechserdreier ·V" at 360 px in German)
            clipped = page.evaluate(CLIPPED)
            if clipped:
                wide.append((path, "clipped", clipped))
            name = label.replace("/", "-").replace("?", "_").replace("&", "_").replace("=", "")
            shot(page, f"{name}-{scheme}", folder="overflow")
        browser.close()
    if wide:   # the whole list, when it fails
        (ARTIFACTS / "overflow").mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "overflow" / f"wide-{scheme}.txt").write_text("\n".join(map(repr, wide)))
    assert not wide, wide
