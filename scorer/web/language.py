"""The page's language, German or English: the language of a request, the switch, the catalogs, and numbers,
money, card points and dates per locale (the engines' own words are `scorer.words`).

The language follows the browser (Accept-Language) until the player picks one with the switch at
the foot of every page; the choice sticks in a cookie.  Catalogs live in
`scorer/translations/<lang>/LC_MESSAGES/messages.po`; they are compiled to `.mo` files by the setup
script and, should that not have run, when the app starts.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path
from urllib.parse import urlsplit

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Blueprint, has_request_context, redirect, request
from flask_babel import Babel, get_translations
from jinja2 import pass_context
from werkzeug.urls import iri_to_uri

from ..amounts import MINUS
# the words and numbers of a page (what a game's web part says things with, below scorer/web/): the shared pages use
# the same
from ..gameweb.words import (DEFAULT, SCORE_COLON, TR, WebTranslator, card_points, day, euros, language, money,
                             number, say, sentence, signed, when)


LANGUAGES = {"de": "Deutsch", "en": "English"}
COOKIE = "lang"
TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

babel = Babel()
bp = Blueprint("lang", __name__)


def compile_catalogs(directory: Path = TRANSLATIONS) -> list[Path]:
    """Compile every messages.po whose .mo is missing or older; return the files written."""
    written = []
    for po in sorted(directory.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as fh:
            catalog = read_po(fh, locale=po.parent.parent.name)
        tmp = mo.with_suffix(".mo.tmp")
        with tmp.open("wb") as fh:
            write_mo(fh, catalog, use_fuzzy=False)
        tmp.replace(mo)
        written.append(mo)
    return written


def select_locale() -> str:
    """The player's choice (cookie), else the browser's best match, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES), default=DEFAULT)


def per_request(f):
    """A filter in the request's language, never worked out when a template is compiled: Jinja computes a filter of
    a constant (`0.50|money`) once, in the language of whichever request compiled it first ("0.50" on a German
    page)."""
    @pass_context
    def in_the_request_s_language(_context, *args, **kwargs):
        return f(*args, **kwargs)
    return in_the_request_s_language


def _safe_next(target: str | None) -> str:
    """Only a path on this site, after removing control characters (a browser drops tabs and line breaks from
    an address, so "/%09/example.com" would lead to example.com); anything else goes home."""
    if not target:
        return "/"
    target = "".join(ch for ch in target if unicodedata.category(ch) not in ("Cc", "Cf"))
    try:
        parts = urlsplit(target)
    except ValueError:
        return "/"
    if (target.startswith("/") and not target.startswith("//") and "\\" not in target
            and not parts.scheme and not parts.netloc):
        return iri_to_uri(target)   # a Location header in ASCII, whatever the path holds
    return "/"


@bp.route("/lang/<code>")
def switch(code):
    """The language switch: remember the choice for a year and go back to the page."""
    response = redirect(_safe_next(request.args.get("next")), 303)
    if code in LANGUAGES:
        response.set_cookie(COOKIE, code, max_age=365 * 24 * 3600, samesite="Lax", httponly=True,
                            secure=request.is_secure)
    return response


def _translations():
    """This request's translations, looked up once a request (kept in its environ); without a request, each time."""
    if not has_request_context():
        return get_translations()
    environ = request.environ
    found = environ.get("scorer.translations")
    if found is None:
        found = environ["scorer.translations"] = get_translations()
    return found


def init_app(app) -> None:
    """Babel with the locale selector, the catalogs compiled, the filters for the templates."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_DEFAULT_TIMEZONE", "Europe/Vienna")
    try:
        compile_catalogs()
    except OSError:  # a read-only checkout: the setup script compiled them
        pass
    babel.init_app(app, locale_selector=select_locale)
    # the templates' gettext with the request's translations looked up once (Flask-Babel's own looks them up for
    # every string: a page of the standings has hundreds); a template rendered under force_locale would need its own
    app.jinja_env.install_gettext_callables(
        gettext=lambda s: _translations().ugettext(s),
        ngettext=lambda s, p, n: _translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: _translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: _translations().unpgettext(c, s, p, n))
    app.register_blueprint(bp)
    app.jinja_env.filters.update({name: per_request(f) for name, f in dict(
        say=say, number=number, signed=signed, euros=euros, card_points=card_points, when=when, day=day,
        money=money).items()})
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, language=language)

    @app.after_request
    def vary(response):
        response.vary.add("Accept-Language")
        response.vary.add("Cookie")
        return response


__all__ = ["LANGUAGES", "MINUS", "SCORE_COLON", "TR", "WebTranslator", "babel", "card_points", "compile_catalogs", "day",
           "euros", "init_app", "language", "money", "number", "say", "sentence", "signed", "when"]
