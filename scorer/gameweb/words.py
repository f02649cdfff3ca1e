"""Words and numbers on a page, in the request's language (German or English): what a game's web part and the
shared pages say an engine's message, a number, money or card points with. The language itself is chosen by
scorer/web/language.py (the browser's, or the player's switch); this module only reads it (`language()`).
"""

from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal

from babel import numbers
from flask_babel import format_date, format_datetime, get_locale, get_translations

from ..amounts import MINUS, card_points_text, money_text

DEFAULT = "en"


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


def money(amount, sign: str = "", minus: str = "-") -> str:
    """An amount with two decimals in the locale's way, without the currency (0,10 in German); `sign` and
    `minus` as in `amounts.money_text`."""
    locale = language()
    return money_text(amount, decimal=numbers.get_decimal_symbol(locale), group=numbers.get_group_symbol(locale),
                      sign=sign, minus=minus)
