"""Rendered pages kept in memory: the board per (partie, language) for the partie's version, the Runde's page
per (Runde, its address with the period asked for, language, day) for the Runde's version. An unchanged page
is sent from memory instead of being rendered again.

A partie's version changes with every change to it (a deal recorded, edited, deleted, the partie ended or
reopened); a Runde's version with every change to it (a member added or renamed, a partie moved in, a settled
mark) and, by a trigger in the database (migration m006), with every change of one of its parties. So a kept
page is never sent for a newer state: each request reads the version (one indexed row, as the `/version` poll
does) and renders when it differs.

What differs between two phones asking for the same page is put in per request: their CSRF token (kept as a
marker, each request gets its own) and a page's own per-phone parts (`personal`: the Runde's list of this
phone's parties that could be moved in). Not kept: a page with a flashed message, a partie that cannot be
replayed, anything but a 200.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import wraps

from flask import Response, current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from .. import store
from ..app import compact
from ..db import get_db
from .language import language

MARKER = b"\x00csrf\x00"   # never in a page: the template escapes what it writes


class Pages:
    """key -> (version, page with the markers), least recently used out first."""

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


def kept(view, pages: Pages, state, hit=None, parts=()):
    """The view, answered from `pages` while what it shows stands.

    `state(**view_args)`: (key, version) of the page asked for, or None to render it and keep nothing (e.g. an
    unknown address); `hit(**view_args)`: what the view would do for the session besides rendering (it is
    called when the page comes from memory); `parts`: the page's `personal` parts."""

    @wraps(view)
    def wrapper(**kwargs):
        size = current_app.config.get("PAGE_CACHE", 256)
        if not size or request.method != "GET" or "_flashes" in session:
            return view(**kwargs)
        found = state(**kwargs)
        if found is None:
            return view(**kwargs)
        key = (current_app.name, current_app.config["DATABASE"], language()) + tuple(found[0])
        token = generate_csrf().encode()
        page = pages.get(key, found[1])
        if page is not None:
            if hit is not None:
                hit(**kwargs)
            response = Response(_filled(page, token, parts), mimetype="text/html")
            response.compacted = True   # kept compacted (app.py)
            return response
        response = make_response(view(**kwargs))
        rendered = g.get("page_version")   # the version the view rendered (it may be newer than found[1])
        if response.status_code == 200 and response.mimetype == "text/html" and rendered is not None \
                and not g.get("broken") and "_flashes" not in session and not response.is_streamed:
            page = response.get_data()
            written = g.get("page_parts", {})
            if all(page.count(written.get(p.marker, b"\x00")) == 1 for p in parts):
                for p in parts:
                    page = page.replace(written[p.marker], p.marker)
                page = compact(page).replace(token, MARKER)
                pages.put(key, rendered, page, size)
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
