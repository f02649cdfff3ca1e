"""Screenshots of the browser tests: written only when a person asks for them (SCORER_SCREENSHOTS=1), to look at
the pages, and, whatever the setting, of every page still open when a browser test fails (tests/conftest.py's
report hook). They land in test-artifacts/ (ignored by git)."""

from __future__ import annotations

import os
import re
from pathlib import Path

ARTIFACTS = Path(__file__).parent.parent / "test-artifacts"


def wanted() -> bool:
    return os.environ.get("SCORER_SCREENSHOTS") == "1"


def shot(page, name: str, full_page: bool = True, folder: str = "") -> None:
    """A screenshot of `page` as test-artifacts/[folder/]name.png, when SCORER_SCREENSHOTS=1."""
    if not wanted():
        return
    out = ARTIFACTS / folder if folder else ARTIFACTS
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"), full_page=full_page)


def failed(test_id: str, browser) -> list[Path]:
    """Screenshots of every page the failing test left open in `browser`: test-artifacts/failed/<test>-<n>.png."""
    out = ARTIFACTS / "failed"
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", test_id)[-150:]
    written = []
    pages = [page for context in browser.contexts for page in context.pages if not page.is_closed()]
    for n, page in enumerate(pages):
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"{stem}-{n}.png"
        try:
            page.screenshot(path=str(path), full_page=True, timeout=5000)
        except Exception:   # a page that cannot be drawn any more (crashed, navigating): the others still are
            continue
        written.append(path)
    return written
