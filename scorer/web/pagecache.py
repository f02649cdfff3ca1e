"""Rendered pages kept in memory: the board per (partie, language) for the partie's version, the Runde's page
per (Runde, the period it shows, language, day) for the Runde's version (any other query string in its
address is the same page). At most `PAGE_CACHE` pages and `PAGE_CACHE_BYTES` bytes (each page counted three
times: itself and its two compressed heads). An unchanged page
is sent from memory instead of being rendered again.

A partie's version changes with every change to it (a deal recorded, edited, deleted, the partie ended or
reopened); a Runde's version with every change to it (a member added or renamed, a partie moved in, a settled
mark) and, by a trigger in the database (migration m006), with every change of one of its parties. So a kept
page is never sent for a newer state: each request reads the version (one indexed row, as the `/version` poll
does) and renders when it differs.

What differs between two phones asking for the same page is put in per request: their CSRF token (kept as a
marker, each request gets its own) and a page's own per-phone parts (`personal`: the Runde's list of this
phone's parties that could be moved in). The board's and the Runde page's forms take the token from hidden
fields at the very end of the page (`form=` ties them to their forms, templates/_board_tokens.html and
runde/page.html's `tokens` block; a Runde's tail grows about 70 bytes a member, so up to about 50 members it is
spliced). Everything before the first
marker (the head) is the same for every phone, so it is compressed once per version and encoding (brotli
flushed, gzip sync-flushed: both end on a byte boundary), and each request sends that, then its own tail with
its token and parts uncompressed (a brotli uncompressed meta-block, a deflate stored block) and the stream's
end. Not kept: a page with a flashed message, a partie that cannot be replayed, anything but a 200.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from functools import wraps

import brotli
from flask import Response, current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .. import store
from .assets import compact
from ..db import get_db
from .language import select_locale

# Never in a rendered page: they begin with "<" and a NUL, and the templates escape "<" in everything they write
# (text and attributes alike; Jinja leaves a NUL as it is, so a NUL alone would not do). A request with a NUL
# in its address is not kept either (`kept`).
MARKER = b"<\x00csrf>"
LONGEST_TAIL = 4096          # a tail longer than this (a token early in the page) is not worth splicing
ENCODINGS = ("br", "gzip")
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"   # deflate, no name, no time, unknown OS


class Kept:
    """A rendered page with the markers where each phone's token and parts go: its head (up to the first marker) and
    tail, and the head compressed per encoding (made on first use, under the lock of `Pages`; each phone's tail
    is filled outside it)."""

    def __init__(self, page: bytes, markers=(MARKER,)):
        self.size = len(page)
        cuts = [at for at in (page.find(m) for m in markers) if at >= 0]
        cut = min(cuts) if cuts else -1
        self.head, self.tail = (page, b"") if cut < 0 else (page[:cut], page[cut:])
        self.heads: dict = {}

    def spliced(self, encoding: str | None, config) -> bool:
        """Whether this page is sent as its compressed head and a phone's uncompressed tail."""
        return encoding is not None and len(self.tail) <= LONGEST_TAIL \
            and self.size >= config.get("COMPRESS_MIN_SIZE", 500)

    def compressed_head(self, encoding: str, config, lock):
        """The head compressed with `encoding`: made once, under `lock` (what it holds is this alone)."""
        with lock:
            head = self.heads.get(encoding)
            if head is None:
                head = self.heads[encoding] = _compressed_head(self.head, encoding, config)
        return head

    def body(self, token: bytes, encoding: str | None, config, parts=(), lock=None) -> tuple[bytes, str | None]:
        """The page for this phone (its token and `personal` parts put in, outside any lock: a part may render
        and query), compressed with `encoding` when that is worth it, and the encoding used."""
        if not self.spliced(encoding, config):
            return self.head + _filled(self.tail, token, parts), None
        head = self.compressed_head(encoding, config, lock or threading.Lock())
        tail = _filled(self.tail, token, parts)
        if encoding == "br":
            return head + _uncompressed_meta_blocks(tail) + b"\x03", "br"   # 0b11: the last meta-block, empty
        data, crc, size = head
        trailer = struct.pack("<II", zlib.crc32(tail, crc), (size + len(tail)) & 0xFFFFFFFF)   # CRC-32, ISIZE
        return data + _stored_blocks(tail) + trailer, "gzip"


def _compressed_head(head: bytes, encoding: str, config):
    """The head compressed, ending on a byte boundary with the stream still open."""
    if encoding == "br":
        compressor = brotli.Compressor(quality=config.get("COMPRESS_BR_LEVEL", 5))
        return compressor.process(head) + compressor.flush()
    compressor = zlib.compressobj(config.get("COMPRESS_LEVEL", 6), zlib.DEFLATED, -15)
    return _GZIP_HEADER + compressor.compress(head) + compressor.flush(zlib.Z_SYNC_FLUSH), zlib.crc32(head), len(head)


def _uncompressed_meta_blocks(data: bytes) -> bytes:
    """`data` as brotli uncompressed meta-blocks (RFC 7932 9.2: ISLAST 0, four nibbles of MLEN - 1,
    ISUNCOMPRESSED 1, padded to the byte), at most 64 KiB each."""
    out = []
    for start in range(0, len(data), 1 << 16):
        chunk = data[start:start + (1 << 16)]
        out.append((((len(chunk) - 1) << 3) | (1 << 19)).to_bytes(3, "little") + chunk)
    return b"".join(out)


def _stored_blocks(data: bytes) -> bytes:
    """`data` as deflate stored blocks (RFC 1951 3.2.4), the last one final."""
    chunks = [data[start:start + 0xFFFF] for start in range(0, len(data), 0xFFFF)] or [b""]
    return b"".join(bytes([i == len(chunks) - 1]) + struct.pack("<HH", len(c), len(c) ^ 0xFFFF) + c
                    for i, c in enumerate(chunks))


class Pages:
    """key -> (version, Kept), least recently used out first: at most `size` pages and `budget` bytes. A page
    counts three times its length: itself and, at most, its head compressed as brotli and as gzip."""

    def __init__(self):
        self.entries: OrderedDict = OrderedDict()
        self.lock = threading.Lock()
        self.bytes = 0

    def get(self, key, version):
        with self.lock:
            hit = self.entries.get(key)
            if hit is None or hit[0] != version:
                return None
            self.entries.move_to_end(key)
            return hit[1]

    def put(self, key, version, page: Kept, size: int, budget: int | None = None) -> None:
        weight = 3 * page.size
        if budget is not None and weight > budget:   # larger than the whole budget: not kept
            return
        with self.lock:
            old = self.entries.get(key)
            if old is None or old[0] <= version:
                if old is not None:
                    self.bytes -= 3 * old[1].size
                self.entries[key] = (version, page)
                self.bytes += weight
                self.entries.move_to_end(key)
            while len(self.entries) > size or (budget is not None and self.bytes > budget):
                _key, (_version, out) = self.entries.popitem(last=False)
                self.bytes -= 3 * out.size


def personal(marker: bytes):
    """A per-phone part of a kept page: the function (no arguments) gives its HTML for the current request
    (one line, no markup of the page around it). Called from the template it notes what it wrote, so the page
    is kept with `marker` in its place; a page sent from memory gets the part by calling the function again."""

    def decorate(function):
        @wraps(function)
        def written() -> Markup:
            html = str(function())
            g.setdefault("page_parts", {})[marker] = html.encode()
            return Markup(html)

        written.marker = marker
        written.make = function
        return written

    return decorate


def _filled(page: bytes, token: bytes, parts) -> bytes:
    page = page.replace(MARKER, token)
    for part in parts:
        page = page.replace(part.marker, str(part.make()).encode(), 1)
    return page


def _has_nul() -> bool:
    """A NUL in the address or its query (decoded): such a request is answered, never kept."""
    return "\x00" in request.path or any("\x00" in k or "\x00" in v for k, v in request.args.items(multi=True))


def kept(view, pages: Pages, state, hit=None, parts=()):
    """The view, answered from `pages` while what it shows stands.

    `state(**view_args)`: (key, version) of the page asked for, or None to render it and keep nothing (e.g. an
    unknown address); `hit(**view_args)`: what the view would do for the session besides rendering (it is
    called when the page comes from memory); `parts`: the page's `personal` parts."""
    markers = (MARKER,) + tuple(p.marker for p in parts)

    @wraps(view)
    def wrapper(**kwargs):
        size = current_app.config.get("PAGE_CACHE", 256)
        if not size or request.method != "GET" or "_flashes" in session or _has_nul():
            return view(**kwargs)
        found = state(**kwargs)
        if found is None:
            return view(**kwargs)
        # the language the page would be rendered in (the selector's answer, without building Babel's Locale)
        key = (current_app.name, current_app.config["DATABASE"], select_locale()) + tuple(found[0])
        token = generate_csrf().encode()
        page = pages.get(key, found[1])
        if page is not None:
            if hit is not None:
                hit(**kwargs)
            config = current_app.config
            offered = [e for e in ENCODINGS if e in config.get("COMPRESS_ALGORITHM", ())]
            encoding = request.accept_encodings.best_match(offered) if offered else None
            # only the compressed head is made under the lock (once); this phone's parts are filled outside it
            body, encoding = page.body(token, encoding, config, parts, lock=pages.lock)
            response = Response(body, mimetype="text/html")
            if encoding:
                response.headers["Content-Encoding"] = encoding   # Flask-Compress leaves it as it is
                response.vary.add("Accept-Encoding")
            response.compacted = True   # kept compacted (app.py)
            return response
        response = make_response(view(**kwargs))
        rendered = g.get("page_version")   # the version the view rendered (it may be newer than found[1])
        if response.status_code == 200 and response.mimetype == "text/html" and rendered is not None \
                and not g.get("broken") and "_flashes" not in session and not response.is_streamed:
            page = response.get_data()
            written = g.get("page_parts", {})
            if b"<\x00" not in page and all(page.count(written.get(p.marker, b"<\x00")) == 1 for p in parts):
                for p in parts:
                    page = page.replace(written[p.marker], p.marker)
                page = compact(page).replace(token, MARKER)
                pages.put(key, rendered, Kept(page, markers), size, current_app.config.get("PAGE_CACHE_BYTES"))
                response.set_data(_filled(page, token, parts))
            else:   # a part not written once: sent as rendered, not kept
                response.set_data(compact(page))
            response.compacted = True
        return response

    return wrapper


def board_state(pid):
    """The board's key and version: its path, the partie's version (None: a query string, no such partie)."""
    if request.args:
        return None
    try:
        return (request.path,), store.version(get_db(), pid)
    except store.NotFoundError:
        return None


def init_app(app) -> None:
    """Keep the rendered boards and the Runden's pages."""
    from . import runde
    from .loading import remember

    pages = Pages()
    app.extensions["scorer_pages"] = pages
    app.view_functions["partie.board"] = kept(app.view_functions["partie.board"], pages, board_state,
                                              hit=lambda pid: remember(pid))
    app.view_functions["runde.page"] = kept(app.view_functions["runde.page"], pages, runde.page_state,
                                            hit=lambda rid: runde.remember_runde(rid), parts=(runde.movable_list,))
