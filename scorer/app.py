"""The Flask application factory: config, the store, CSRF, security headers, friendly errors."""

from __future__ import annotations

import logging
import os
import re
import secrets
import sqlite3
from pathlib import Path

from flask import Flask, render_template, request
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_compress import Compress
from flask_wtf.csrf import CSRFError, CSRFProtect
from werkzeug.routing import IntegerConverter

from . import db, games
from .db import InstanceError
from .tournament import cup_web, web as tournament
from .web import assets, calculator, deals, language, limits, parties, runde
from .web.responses import compact

ROOT = Path(__file__).resolve().parent.parent
csrf = CSRFProtect()
compress = Compress()


log = logging.getLogger("scorer")
_KEY = re.compile(r"[0-9a-f]{64}")
# settings that are text whatever they look like: SCORER_PASSCODE=1234 is the text "1234", not a number
TEXT_SETTINGS = ("PASSCODE", "SECRET_KEY", "DATABASE", "PUBLIC_URL")


def _write_key(path: Path) -> str:
    """A new secret key, written atomically (a temporary file, fsync, rename), readable by the owner only."""
    key = secrets.token_hex(32)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(key)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:   # a file system without directory fsync
        pass
    return key


def _secret_key(instance: Path) -> str:
    """The instance's secret key, generated into instance/ on first start and kept; an empty or damaged key
    file is replaced with a new key (and a line in the log)."""
    path = instance / "secret_key"
    try:
        text = path.read_text(errors="replace").strip()
    except FileNotFoundError:
        return _write_key(path)
    if _KEY.fullmatch(text):
        return text
    log.warning("scorer: the secret key in %s was empty or damaged; a new one was written "
                "(sessions of the old key end)", path)
    return _write_key(path)


class SessionOverHttps(SecureCookieSessionInterface):
    """The session cookie, marked `Secure` whenever the request came over HTTPS (directly, or through the
    trusted proxy's `X-Forwarded-Proto`: scorer/serving.py), so that a browser never sends it over plain HTTP."""

    def get_cookie_secure(self, app) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


class BoundedInt(IntegerConverter):
    """`<int:...>` in an address: at most SQLite's largest integer (a deal 99999999999999999999 is not found,
    instead of an OverflowError from the database)."""

    def __init__(self, map, fixed_digits=0, min=None, max=2**63 - 1, signed=False):
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


class Scorer(Flask):
    """The app, its static files answered by web/assets.py (hashed names kept a year, compressed once)."""

    def send_static_file(self, filename: str):
        return self.extensions["scorer_assets"].response(filename)


def create_app(test_config: dict | None = None) -> Flask:
    """Create the app: defaults, then instance/config.py, then `test_config`."""
    app = Scorer(__name__, instance_path=str(ROOT / "instance"), instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorer.sqlite"),
        DATABASE_TIMEOUT=10,                # seconds a write waits for the lock before the answer is a 503
        PUBLIC_URL=None,                    # e.g. https://scorer.example.org: the address the share page shows
        RATELIMIT_ENABLED=True,
        RATELIMIT_PASSCODE="10 per minute;30 per hour",     # wrong passcodes per client
        RATELIMIT_CREATE="20 per minute;300 per day",       # new parties and imports per client
        SETTLEMENT_CACHE_DEALS=50_000,      # deals kept replayed in memory, over all cached parties
        MAX_CONTENT_LENGTH=1024 * 1024,
        WTF_CSRF_TIME_LIMIT=None,           # a deal form may stay open all evening
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PASSCODE=None,                      # set in instance/config.py to guard creating parties
        POLL_SECONDS=5,
        # pages compressed as they are sent (static files are compressed once, in web/assets.py)
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_MIMETYPES=["text/html", "text/css", "application/javascript", "application/json",
                            "application/manifest+json", "image/svg+xml", "text/csv"],
        COMPRESS_MIN_SIZE=500,
        COMPRESS_BR_LEVEL=5,                # a tenth smaller than the default 4, as fast on a page
        PROXY_HOPS=0,                       # reverse proxies in front (Caddy: 1): the client's address for the limits
        PROXY_ADDRESS="127.0.0.1",          # the address the proxy connects from ("*": any); scorer/serving.py
        # SERVER_CONNECTIONS, SERVER_IDLE_SECONDS: waitress's limits, set only to change them (their figures are
        # scorer/serving.py's, in one place: CONNECTIONS, IDLE_SECONDS)
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCORER")   # e.g. SCORER_DATABASE=/path/to/scorer.sqlite
        for name in TEXT_SETTINGS:   # read as text: from_prefixed_env would make SCORER_PASSCODE=1234 a number
            if f"SCORER_{name}" in os.environ:
                app.config[name] = os.environ[f"SCORER_{name}"]
    else:
        app.config.from_mapping(test_config)
        if "RATELIMIT_ENABLED" not in test_config:   # tests create many parties; the limit tests switch it on
            app.config["RATELIMIT_ENABLED"] = False
    if app.config.get("PASSCODE") is not None:
        app.config["PASSCODE"] = str(app.config["PASSCODE"])
    try:
        os.makedirs(app.instance_path, exist_ok=True)
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))
    except OSError as exc:
        raise InstanceError(app.instance_path, exc) from None

    app.session_interface = SessionOverHttps()
    app.url_map.converters["int"] = BoundedInt   # before the routes are added
    app.jinja_env.trim_blocks = True      # no blank lines from template tags: lighter pages
    app.jinja_env.lstrip_blocks = True
    db.init_app(app)
    csrf.init_app(app)
    language.init_app(app)

    app.register_blueprint(parties.bp)
    app.register_blueprint(deals.bp)
    app.register_blueprint(runde.bp)
    app.register_blueprint(calculator.bp)
    for game in games.offered():   # a game's own blueprints (its pages' template folder, its own routes)
        for blueprint in game.web_part().blueprints():
            app.register_blueprint(blueprint)
    app.register_blueprint(tournament.bp)   # tournaments: the organiser's pages, the standings, the hall view
    app.register_blueprint(cup_web.bp)      # cups: tournaments adding up to the cup standings
    limits.init_app(app)
    assets.init_app(app)
    compress.init_app(app)   # before the handlers below: Flask runs them last registered first, so the
                             # page is compacted, then compressed

    @app.after_request
    def compact_html(response):
        """Pages without their indentation: a tenth lighter on a slow phone connection (no <pre> is used)."""
        if response.mimetype == "text/html" and not response.direct_passthrough and not response.is_streamed \
                and not getattr(response, "compacted", False):
            response.set_data(compact(response.get_data()))
        return response

    # PROXY_HOPS: waitress itself takes the client's address and scheme from a trusted proxy's X-Forwarded-*
    # (scorer/serving.py), and removes those headers from anyone else; the app reads request.remote_addr.

    # the stylesheets written into the pages are allowed by their hashes (web/assets.py)
    policy = ("default-src 'self'; img-src 'self' data:; style-src 'self' "
              + " ".join(assets.style_hashes(app)) + "; script-src 'self'; "
              "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")

    @app.after_request
    def security_headers(response):
        """Headers that keep the pages to themselves: no inline script (inline styles only by their hashes), no framing, no referrer to other sites
        (`same-origin`: a partie's address is its key, so it never leaves the scorer; the scorer's own forms
        carry it, as Flask-WTF's check of a POST over HTTPS wants a Referer of the same site)."""
        response.headers.setdefault("Content-Security-Policy", policy)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        # every answer that says nothing else (a page carries a CSRF token and this browser's parties; a partie's,
        # a Runde's, an organiser's files are theirs alone): never kept by a shared cache, and asked again before it
        # is shown from the browser's. Static files say their own (kept a year), public files theirs
        # (`responses.public_briefly`: the standings' exports)
        response.headers.setdefault("Cache-Control", "private, no-cache")
        return response

    @app.errorhandler(CSRFError)
    def csrf_error(error):
        return render_template("error.html", title=_l("This form has expired"),
                               message=_l("The page was open too long or came from elsewhere. "
                                          "Go back, reload the page and send it again: nothing was saved.")), 400

    def simple(code, title, message):
        def handler(error):
            return render_template("error.html", title=title, message=message), code
        app.register_error_handler(code, handler)

    simple(404, _l("Not found"), _l("There is nothing at this address. Check the link of your partie."))
    simple(405, _l("Not allowed"), _l("This address does not take that kind of request."))
    simple(413, _l("Too large"), _l("What you sent is larger than 1 MB. A partie file is far smaller: check the file."))
    simple(400, _l("Bad request"), _l("The request could not be read. Go back and try again: nothing was saved."))
    simple(500, _l("Something went wrong"), _l("The scorer could not finish this. Look at the board before you "
                                                "send it again: it shows what was saved."))

    @app.errorhandler(sqlite3.OperationalError)
    def busy(error):
        """The database stayed locked longer than the busy timeout: a polite 503, nothing half-saved."""
        if "locked" not in str(error) and "busy" not in str(error):
            raise error
        log.warning("scorer: database busy on %s %s", request.method, request.path)
        response = app.make_response((render_template(
            "error.html", title=_("The scorer is busy"),
            message=_("The database was busy for too long, so this was not saved. Send it again in a few "
                      "seconds: the same form is recorded only once.")), 503))
        response.headers["Retry-After"] = "5"
        return response

    return app
