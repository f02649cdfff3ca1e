"""The rendered board, kept per (partie, language) for the partie's version: an unchanged board is sent
from memory instead of being rendered again.

The partie's version changes with every change to it (a deal recorded, edited, deleted, the partie ended or
reopened), so a kept page is never sent for a newer state: each request reads the version (one indexed row,
as the `/version` poll does) and renders when it differs. What differs between two phones asking for the same
board is their CSRF token (in the undo form): the page is kept with a marker in its place, and each request
gets its own. Not kept: a page with a flashed message, a partie that cannot be replayed, a request with a
query string, anything but a 200.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import wraps

from flask import Response, current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf

from .. import store
from ..app import compact
from ..db import get_db
from .language import language

MARKER = b"\x00csrf\x00"   # never in a page: the template escapes what it writes


class Pages:
    """(path, language) -> (version, page with the marker), least recently used out first."""

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
        key = (current_app.name, current_app.config["DATABASE"], request.path, language())
        token = generate_csrf().encode()
        page = pages.get(key, version)
        if page is not None:
            remember(pid)
            response = Response(page.replace(MARKER, token), mimetype="text/html")
            response.compacted = True   # kept compacted (app.py)
            return response
        response = make_response(view(pid, **kwargs))
        rendered = g.get("page_version")   # the version the view rendered (it may be newer than `version`)
        if response.status_code == 200 and response.mimetype == "text/html" and rendered is not None \
                and not g.get("broken") and "_flashes" not in session and not response.is_streamed:
            page = compact(response.get_data())
            response.set_data(page)
            response.compacted = True
            pages.put(key, rendered, page.replace(token, MARKER), size)
        return response

    return wrapper


def init_app(app, endpoints=("partie.board",)) -> None:
    """Keep the rendered pages of these endpoints (each takes the partie's `pid`)."""
    from .loading import remember

    pages = Pages()
    app.extensions["scorer_pages"] = pages
    for endpoint in endpoints:
        app.view_functions[endpoint] = kept(app.view_functions[endpoint], pages, remember)
