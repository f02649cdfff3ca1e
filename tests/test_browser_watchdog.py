"""The browser tests' own safety net: a close that Chromium never answers (two whole CI runs hung in
`context.close()` after every check of their test had passed) is cut off by killing that Chromium, and the next
test gets a new one. A hang is stood in for by a wait longer than the watchdog's seconds."""

import warnings

import pytest

from .test_browser import Chromium, watchdog

pytestmark = pytest.mark.browser


def test_a_hung_close_kills_chromium_and_the_next_test_gets_a_new_one():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = Chromium(p)
        context = chromium.new_context()
        page = context.new_page()
        first = chromium.pid
        with warnings.catch_warnings(record=True) as said, watchdog(chromium, seconds=1):
            warnings.simplefilter("always")
            page.wait_for_timeout(20000)            # stands in for a close that never returns
        assert "was killed" in str(said[-1].message)
        assert not context.browser.is_connected()
        again = chromium.new_context()              # a new Chromium, started by the next use
        assert chromium.pid != first
        assert again.new_page().evaluate("1 + 1") == 2
        chromium.close()


def test_every_browser_test_closes_its_contexts_through_the_watchdog():
    """A bare `context.close()` in a test file would bring the hang back: every one goes through `close()`."""
    import re
    from pathlib import Path
    bare = []
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        text = path.read_text()
        if "new_context(" not in text and "phone(browser" not in text:
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if re.search(r"\b(context\w*|ctx|other\w*)\.close\(\)", line) and "def close" not in line \
                    and not line.lstrip().startswith(("#", "`")) and path.name not in ("test_browser.py", "test_browser_watchdog.py"):
                bare.append(f"{path.name}:{number}")
    assert not bare, bare
