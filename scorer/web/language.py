"""The page's language, German or English: the language of a request, the switch, the catalogs, and numbers,
money, card points and dates per locale (the engines' own words are `scorer.words`).

The language follows the browser (Accept-Language) until the player picks one with the switch at
the foot of every page; the choice sticks in a cookie.  Catalogs live in
`scorer/translations/<lang>/LC_MESSAGES/messages.po`; they are compiled to `.mo` files by the setup
script and, should that not have run, when the app starts.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime, timezone
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlsplit

from babel import numbers
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import Blueprint, has_request_context, redirect, request
from flask_babel import Babel, format_date, format_datetime, get_locale, get_translations
from jinja2 import pass_context
from werkzeug.urls import iri_to_uri

from ..amounts import MINUS, card_points_text, money_text


LANGUAGES = {"de": "Deutsch", "en": "English"}
DEFAULT = "en"
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


def language() -> str:
    """The language of the current request: "de" or "en"."""
    return str(get_locale() or DEFAULT)


class WebTranslator:
    """Renders engine messages (`scorer.words`) with the request's catalog and locale."""

    @property
    def language(self) -> str:
        return language()

    def gettext(self, text: str) -> str:
        return get_translations().gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return get_translations().ngettext(singular, plural, n)

    def number(self, n: int) -> str:
        return number(n)

    def thirds(self, thirds: int) -> str:
        return card_points(thirds)

    def money(self, amount: Decimal) -> str:
        return euros(amount, sign=False)


TR = WebTranslator()


def say(message) -> str:
    """An engine message (Problem, Message, Term, ...) in the page's language."""
    if message is None:
        return ""
    if hasattr(message, "located"):
        return message.located(TR)
    if hasattr(message, "localized"):
        return message.localized(TR)
    return str(message)


def sentence(message, located: bool = False) -> str:
    """An engine problem (or a text) as a sentence on the page: capital first letter, full stop."""
    if isinstance(message, str):
        text = message
    elif located and hasattr(message, "located"):
        text = message.located(TR)
    else:
        text = say(message) if not hasattr(message, "localized") else message.localized(TR)
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith((".", "?", "!")) else ".")


def number(n: int) -> str:
    """A whole number in the locale's digits (1.000 in German, 1,000 in English)."""
    if type(n) is int and -1000 < n < 1000:   # no group separator in either language: no need for Babel
        return str(n)
    try:
        return numbers.format_decimal(n, locale=language())
    except (ArithmeticError, ValueError):   # a number of dozens of digits, from a hostile file: as it is
        return str(n)


def signed(n: int) -> str:
    """+3, −3 (a real minus sign), 0."""
    text = number(abs(n))
    return f"+{text}" if n > 0 else f"{MINUS}{text}" if n < 0 else text


def euros(amount: Decimal, sign: bool = True) -> str:
    """Money as players write it: +1.20 € in English, +1,20 € in German."""
    return money(amount, sign="nonzero" if sign else "", minus=MINUS if sign else "") + " €"



SCORE_COLON = "\u00a0:\u00a0"   # "31 : 39" with no-break spaces: a score never breaks at its colon on a phone


def card_points(thirds: int | None) -> str:
    """Card points on a page: 35 ⅔ in every language, with a narrow no-break space so that a third never
    breaks from its whole points ('' for None). Files, CSV and the command line keep 35 2/3."""
    if thirds is None:
        return ""
    return card_points_text(thirds, "glyph")


def when(iso: str) -> str:
    """A stored UTC time ("2026-11-22T18:03:04...") in the locale's words and the configured time zone."""
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return format_datetime(moment, "medium")


def day(iso: str) -> str:
    """The date of a stored time, in the locale's short form."""
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso)[:10]
    return format_date(moment, "medium")


def per_request(f):
    """A filter in the request's language, never worked out when a template is compiled: Jinja computes a filter of
    a constant (`0.50|money`) once, in the language of whichever request compiled it first ("0.50" on a German
    page)."""
    @pass_context
    def in_the_request_s_language(_context, *args, **kwargs):
        return f(*args, **kwargs)
    return in_the_request_s_language


def money(amount, sign: str = "", minus: str = "-") -> str:
    """An amount with two decimals in the locale's way, without the currency (0,10 in German); `sign` and
    `minus` as in `amounts.money_text`."""
    locale = language()
    return money_text(amount, decimal=numbers.get_decimal_symbol(locale), group=numbers.get_group_symbol(locale),
                      sign=sign, minus=minus)


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


__all__ = ["LANGUAGES", "TR", "babel", "card_points", "compile_catalogs", "euros", "init_app", "language",
           "number", "say", "signed", "when"]
