"""The rendered board, kept per (partie, language) for the partie's version: an unchanged board is sent
from memory instead of being rendered again.

The partie's version changes with every change to it (a deal recorded, edited, deleted, the partie ended or
reopened), so a kept page is never sent for a newer state: each request reads the version (one indexed row,
as the `/version` poll does) and renders when it differs. What differs between two phones asking for the same
board is their CSRF token: the board's forms take it from hidden fields at the very end of the page (`form=`
ties them to their forms, templates/_board_tokens.html), and the page is kept with a marker in its place.
Everything before the first marker (the head) is the same for every phone, so it is compressed once per
version and encoding (brotli flushed, gzip sync-flushed: both end on a byte boundary), and each request sends
that, then its own tail with its token uncompressed (a brotli uncompressed meta-block, a deflate stored
block) and the stream's end. Not kept: a page with a flashed message, a partie that cannot be replayed, a request with a
query string, anything but a 200.
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

from .. import store
from ..app import compact
from ..db import get_db
from .language import select_locale

MARKER = b"\x00csrf\x00"   # never in a page: the template escapes what it writes
LONGEST_TAIL = 4096          # a tail longer than this (a token early in the page) is not worth splicing
ENCODINGS = ("br", "gzip")
_GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"   # deflate, no name, no time, unknown OS


class Kept:
    """A rendered board with the marker where each phone's token goes: its head (up to the first marker) and
    tail, and the head compressed per encoding (made on first use, under the lock of `Pages`)."""

    def __init__(self, page: bytes):
        self.size = len(page)
        cut = page.find(MARKER)
        self.head, self.tail = (page, b"") if cut < 0 else (page[:cut], page[cut:])
        self.heads: dict = {}

    def body(self, token: bytes, encoding: str | None, config) -> tuple[bytes, str | None]:
        """The page for this phone, compressed with `encoding` when that is worth it, and the encoding used."""
        tail = self.tail.replace(MARKER, token)
        if encoding is None or len(self.tail) > LONGEST_TAIL or self.size < config.get("COMPRESS_MIN_SIZE", 500):
            return self.head + tail, None
        head = self.heads.get(encoding)
        if head is None:
            head = self.heads[encoding] = _compressed_head(self.head, encoding, config)
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
    """(path, language) -> (version, Kept), least recently used out first."""

    def __init__(self):
        self.entries: OrderedDict = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key, version):
        with self.lock:
            hit = self.entries.get(key)
            if hit is None or hit[0] != version:
                return None
            self.entries.move_to_end(key)
            return hit[1]

    def put(self, key, version, page: bytes, size: int) -> None:
        with self.lock:
            old = self.entries.get(key)
            if old is None or old[0] <= version:
                self.entries[key] = (version, page)
                self.entries.move_to_end(key)
            while len(self.entries) > size:
                self.entries.popitem(last=False)


def kept(view, pages: Pages, remember):
    """The view, answered from `pages` while the partie's version stands."""

    @wraps(view)
    def wrapper(pid, **kwargs):
        size = current_app.config.get("PAGE_CACHE", 256)
        if not size or request.method != "GET" or request.args or "_flashes" in session:
            return view(pid, **kwargs)
        try:
            version = store.version(get_db(), pid)
        except store.NotFoundError:
            return view(pid, **kwargs)
        # the language the page would be rendered in (the selector's answer, without building Babel's Locale)
        key = (current_app.name, current_app.config["DATABASE"], request.path, select_locale())
        token = generate_csrf().encode()
        page = pages.get(key, version)
        if page is not None:
            remember(pid)
            config = current_app.config
            offered = [e for e in ENCODINGS if e in config.get("COMPRESS_ALGORITHM", ())]
            encoding = request.accept_encodings.best_match(offered) if offered else None
            with pages.lock:   # the compressed head is made once
                body, encoding = page.body(token, encoding, config)
            response = Response(body, mimetype="text/html")
            if encoding:
                response.headers["Content-Encoding"] = encoding   # Flask-Compress leaves it as it is
                response.vary.add("Accept-Encoding")
            response.compacted = True   # kept compacted (app.py)
            return response
        response = make_response(view(pid, **kwargs))
        rendered = g.get("page_version")   # the version the view rendered (it may be newer than `version`)
        if response.status_code == 200 and response.mimetype == "text/html" and rendered is not None \
                and not g.get("broken") and "_flashes" not in session and not response.is_streamed:
            page = compact(response.get_data())
            response.set_data(page)
            response.compacted = True
            pages.put(key, rendered, Kept(page.replace(token, MARKER)), size)
        return response

    return wrapper


def init_app(app, endpoints=("partie.board",)) -> None:
    """Keep the rendered pages of these endpoints (each takes the partie's `pid`)."""
    from .loading import remember

    pages = Pages()
    app.extensions["scorer_pages"] = pages
    for endpoint in endpoints:
        app.view_functions[endpoint] = kept(app.view_functions[endpoint], pages, remember)
