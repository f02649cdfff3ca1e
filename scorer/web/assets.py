"""Static files under content-hashed names, kept by browsers for a year, sent compressed.

`url_for('static', filename='app.css')` gives `/static/app.<hash>.css`, the hash being the first ten hex digits
of the file's SHA-256: a changed file gets a new name, so the old name may be cached forever
(`Cache-Control: public, max-age=31536000, immutable`) and a revisit asks for none of them. A name whose hash is
not the file's (a page from before a deploy) and the plain name (`/static/app.css`) still answer, with the
file as it is now and `no-cache`. Each file is read and compressed once (brotli at its best, gzip at level 9)
and kept in memory; the pages themselves are compressed by Flask-Compress (`app.py`).

A game's own static files (its deal form's script) are in `static/` of its folder, at `/static/<game>/`, through
its blueprint (`GameBlueprint`): hashed, cached and compressed the same way (`url_for('<game>.static',
filename='<game>.js')`), and kept by the service worker as the shared ones are (`static_files`).

Stylesheets are written into the pages themselves (`stylesheet('board.css')` in a template gives a `<style>`):
a phone on a slow link paints a page after one round trip instead of two (the page, then its stylesheets).
The Content-Security-Policy allows exactly those styles, by their SHA-256 (`style_hashes`). A game's own stylesheet
(`stylesheet('<game>.css', '<game>.static')`) is written in the same way: what its pages show or hide for an answer
without the script (CSS `:has`), as the shared stylesheets name no game. What several games' stylesheets share lives
once, in a shared stylesheet that each of them imports on its first lines (`@import "../sides.css";`: the shared
folder, seen from `/static/<game>/`): the import is written in its place, so the page still has one `<style>` for the
game (a page has three at most: app.css, its own and the game's) and the CSP's hash is of the text as written in.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
import os
import re
import threading

from flask import Response, abort, request
from markupsafe import Markup

from ..gameweb.blueprint import GameBlueprint
from .responses import compact

_COMMENT = re.compile(rb"/\*.*?\*/\n?", re.S)
_IMPORT = re.compile(rb"@import\b([^;]*);\n?")
_SHARED = re.compile(rb'\s*"\.\./([\w-]+\.css)"\s*')
IMMUTABLE = "public, max-age=31536000, immutable"
HASHED = re.compile(r"^(?P<stem>[^/]+)\.(?P<hash>[0-9a-f]{10})(?P<ext>\.[A-Za-z0-9]+)$")
COMPRESSIBLE = ("text/", "application/javascript", "application/json", "application/manifest+json", "image/svg+xml")


class StaticFile:
    """One static file as sent: its bytes plain and compressed, its hash and type."""

    def __init__(self, path: str):
        with open(path, "rb") as fh:
            self.data = fh.read()
        self.hash = hashlib.sha256(self.data).hexdigest()[:10]
        self.mimetype = mimetypes.guess_type(path)[0] or "application/octet-stream"
        if self.mimetype == "text/javascript":
            self.mimetype = "application/javascript"
        self._encoded: dict[str, bytes] | None = None

    @property
    def encoded(self) -> dict[str, bytes]:
        """Its compressed forms ({"br": …, "gzip": …}; none for a small or an incompressible file), made when first
        sent: a stylesheet only written into pages is never compressed (and an app starts without compressing)."""
        if self._encoded is None:
            encoded = {}
            if self.mimetype.startswith(COMPRESSIBLE) and len(self.data) > 500:
                import brotli
                encoded["br"] = brotli.compress(self.data, quality=11)
                encoded["gzip"] = gzip.compress(self.data, 9, mtime=0)
            self._encoded = encoded   # two threads may both make it: the same bytes, one kept
        return self._encoded


class Assets:
    """The static folder's files, read once each (a deploy restarts the server)."""

    def __init__(self, folder: str, shared: Assets | None = None):
        self.folder = folder
        self.shared = shared   # a game's folder: the shared one, which its stylesheets may import
        self.files: dict[str, StaticFile | None] = {}
        self.lock = threading.Lock()

    def get(self, filename: str) -> StaticFile | None:
        """The file `filename` of the folder, or None. Only files found are kept: a name asked for in vain (any
        client may make up endless names) is looked for again the next time, and never kept."""
        found = self.files.get(filename)
        if found is None:
            if "/" in filename or "\0" in filename or filename.startswith("."):
                return None
            real = os.path.realpath(os.path.join(self.folder, filename))
            if not os.path.isfile(real) or os.path.dirname(real) != os.path.realpath(self.folder):
                return None
            found = StaticFile(real)
            with self.lock:
                found = self.files.setdefault(filename, found)
        return found

    def names(self) -> list[str]:
        """The files of the folder (none when it has no folder)."""
        if not os.path.isdir(self.folder):
            return []
        return sorted(n for n in os.listdir(self.folder) if self.get(n) is not None)

    def inline(self, filename: str) -> str:
        """A stylesheet's text as written into a page: without its comments and indentation (the page is sent
        without indentation, app.py), a shared stylesheet it imports (a game's `@import "../sides.css";`) written
        in its place. Any other import is refused: it would cost the page a second round trip, and the CSP would
        refuse it."""
        found = self.get(filename)
        if found is None or not filename.endswith(".css"):
            raise LookupError(f"no stylesheet {filename} in the static folder")

        def imported(m: re.Match) -> bytes:
            shared = _SHARED.fullmatch(m.group(1))
            if self.shared is None or shared is None:
                raise LookupError(f"{filename} imports {m.group(1).decode().strip()}: only a game's stylesheet imports, "
                                  'and only a shared one: @import "../<name>.css";')
            if not os.path.isdir(self.shared.folder):   # an app without its static folder (a test's): nothing
                return b""                                # of it to write in
            return self.shared.inline(shared.group(1).decode()).encode() + b"\n"

        return compact(_IMPORT.sub(imported, _COMMENT.sub(b"", found.data))).decode().strip()

    def style_hashes(self) -> list[str]:
        """The CSP sources of every stylesheet a page may have written in."""
        if not os.path.isdir(self.folder):   # an app without its static folder (a test's): no page to style
            return []
        names = sorted(n for n in os.listdir(self.folder) if n.endswith(".css"))
        return ["'sha256-" + base64.b64encode(hashlib.sha256(self.inline(n).encode()).digest()).decode() + "'"
                for n in names]

    def hashed(self, filename: str) -> str:
        """`app.css` -> `app.<hash>.css`; a name that is not a file here stays as it is."""
        found = self.get(filename)
        if found is None:
            return filename
        stem, ext = os.path.splitext(filename)
        return f"{stem}.{found.hash}{ext}"

    def response(self, filename: str) -> Response:
        """The file under its hashed name (kept a year) or its plain or an outdated name (no-cache)."""
        m = HASHED.match(filename)
        immutable = False
        if m:
            found = self.get(m["stem"] + m["ext"])
            immutable = found is not None and found.hash == m["hash"]
        else:
            found = self.get(filename)
        if found is None:
            abort(404)
        encoding = request.accept_encodings.best_match(list(found.encoded)) if found.encoded else None
        body = found.encoded[encoding] if encoding else found.data
        response = Response(body, mimetype=found.mimetype)
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.headers["Vary"] = "Accept-Encoding"
        response.headers["Cache-Control"] = IMMUTABLE if immutable else "no-cache"
        response.set_etag(found.hash + (f"-{encoding}" if encoding else ""))
        return response.make_conditional(request)


def init_app(app) -> None:
    """Hashed names for `url_for('static', ...)` and for each game's `url_for('<game>.static', ...)`; the app's
    static route answers them (`Scorer.send_static_file`, scorer/app.py, calls `Assets.response`), a game's
    its blueprint's (`GameBlueprint.send_static_file`). Call it after the games' blueprints are registered."""
    assets = Assets(app.static_folder)
    app.extensions["scorer_assets"] = assets
    folders = {"static": assets}
    for blueprint in app.blueprints.values():
        if isinstance(blueprint, GameBlueprint):
            folders[f"{blueprint.name}.static"] = Assets(blueprint.static_folder, shared=assets)
    app.extensions["scorer_static"] = folders

    @app.url_defaults
    def hashed_static(endpoint, values):
        found = folders.get(endpoint)
        if found is not None and "filename" in values and not HASHED.match(values["filename"]):
            values["filename"] = found.hashed(values["filename"])

    def stylesheet(filename: str, endpoint: str = "static") -> Markup:
        """A stylesheet written into the page: a shared one, or a game's own (`endpoint` '<game>.static')."""
        return Markup(f"<style>{folders[endpoint].inline(filename)}</style>")

    app.jinja_env.globals["stylesheet"] = stylesheet


def style_hashes(app) -> list[str]:
    """The CSP sources of every stylesheet a page may have written in: the shared ones and every game's own."""
    return [source for found in app.extensions["scorer_static"].values() for source in found.style_hashes()]


def static_files(app) -> list[tuple[str, str]]:
    """Every game's static files as `(endpoint, filename)`, but its stylesheets (written into the pages): the
    service worker keeps them (a game's deal form works offline), and its cache's name follows them."""
    return [(endpoint, name) for endpoint, found in app.extensions["scorer_static"].items() if endpoint != "static"
            for name in found.names() if not name.endswith(".css")]


def version(app) -> str:
    """A short hash of every static file, the shared ones and the games': the service worker's cache name, so that
    a deploy replaces it."""
    digest = hashlib.sha256()
    for endpoint, found in sorted(app.extensions["scorer_static"].items()):
        for name in found.names():
            digest.update(f"{endpoint}/{name}:{found.get(name).hash}".encode())
    return digest.hexdigest()[:12]
