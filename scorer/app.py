"""The Flask application factory: config, the store, CSRF, security headers, friendly errors."""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from flask import Flask, render_template
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError, CSRFProtect

from . import db, i18n

ROOT = Path(__file__).resolve().parent.parent
csrf = CSRFProtect()
_INDENT = re.compile(rb"\n[ \t]+")


def _secret_key(instance: Path) -> str:
    """The instance's secret key, generated into instance/ on first start and kept."""
    path = instance / "secret_key"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as fh:
            fh.write(secrets.token_hex(32))
    return path.read_text().strip()


def create_app(test_config: dict | None = None) -> Flask:
    """Create the app: defaults, then instance/config.py, then `test_config`."""
    app = Flask(__name__, instance_path=str(ROOT / "instance"), instance_relative_config=True,
                template_folder=str(ROOT / "templates"), static_folder=str(ROOT / "static"))
    app.config.from_mapping(
        DATABASE=os.path.join(app.instance_path, "scorer.sqlite"),
        MAX_CONTENT_LENGTH=1024 * 1024,
        WTF_CSRF_TIME_LIMIT=None,           # a deal form may stay open all evening
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PASSCODE=None,                      # set in instance/config.py to guard creating parties
        POLL_SECONDS=5,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        app.config.from_prefixed_env("SCORER")   # e.g. SCORER_DATABASE=/path/to/scorer.sqlite
    else:
        app.config.from_mapping(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(Path(app.instance_path))

    app.jinja_env.trim_blocks = True      # no blank lines from template tags: lighter pages
    app.jinja_env.lstrip_blocks = True
    db.init_app(app)
    csrf.init_app(app)
    i18n.init_app(app)

    from .web import calculator, deals, parties
    app.register_blueprint(parties.bp)
    app.register_blueprint(deals.bp)
    app.register_blueprint(calculator.bp)
    from .web import present
    present.init_app(app)

    @app.after_request
    def compact_html(response):
        """Pages without their indentation: a tenth lighter on a slow phone connection (no <pre> is used)."""
        if response.mimetype == "text/html" and not response.direct_passthrough and not response.is_streamed:
            response.set_data(_INDENT.sub(b"\n", response.get_data()))
        return response

    @app.after_request
    def security_headers(response):
        """Headers that keep the pages to themselves: no inline code, no framing, no referrer."""
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Frame-Options", "DENY")
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
    simple(500, _l("Something went wrong"), _l("The scorer could not finish this. Nothing was saved; please try again."))
    return app
