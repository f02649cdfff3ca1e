"""How the app's answers are shaped: pages without their indentation, a download's file name, how long a cache may
keep a public file."""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import quote

_INDENT = re.compile(rb"\n[ \t]+")
_ASCII = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "ß": "ss", "Æ": "AE", "æ": "ae",
                        "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "ı": "i"})   # letters NFKD does not take apart


def compact(page: bytes) -> bytes:
    """A page without its indentation: a tenth lighter on a slow phone connection (no <pre> is used)."""
    return _INDENT.sub(b"\n", page)


def attachment(filename: str) -> str:
    """A Content-Disposition for a download of any name (RFC 6266): an ASCII `filename` (Dvořák -> Dvorak,
    letters without an ASCII form dropped) and the real one as `filename*` in UTF-8 (RFC 5987)."""
    simple = unicodedata.normalize("NFKD", filename.translate(_ASCII)).encode("ascii", "ignore").decode("ascii")
    simple = "".join(ch for ch in simple if ch.isalnum() or ch in "-_.") or "partie"
    simple = "-".join(part for part in simple.split("-") if part) or "partie"
    if simple == filename:
        return f'attachment; filename="{simple}"'
    return f"attachment; filename=\"{simple}\"; filename*=UTF-8''{quote(filename, safe='')}"


PUBLIC_SECONDS = 10   # a public file (the standings' exports) may be kept this long: the standings page's poll


def public_briefly(response):
    """A public file's answer (a 200) that any cache may keep for PUBLIC_SECONDS: a hall of phones downloading the
    standings at once asks the scorer once through a caching proxy, and nobody's copy is older than a poll (every
    answer varies by the browser's language and its language cookie: web/language.py). Everything else the app
    answers is `private, no-cache` (scorer/app.py)."""
    if response.status_code == 200:
        response.headers["Cache-Control"] = f"public, max-age={PUBLIC_SECONDS}"
    return response
