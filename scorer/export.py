"""The CSV export (FORMAT.md) and the Excel export of a partie, built from one `rows()` per game."""

from __future__ import annotations

import csv
import io

from .amounts import card_points_text, money_text
from .games import game_of

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe(text: str) -> str:
    """User text that a spreadsheet would run as a formula gets a leading quote."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


class Sheet:
    """How a spreadsheet writes a game's rows: the CSV of FORMAT.md (English words as the format has them,
    card points as `35 2/3`, money `0.50`), or Excel's in a translator's language (card points and money as
    numbers with the locale's decimal mark). Names are formula-safe in both."""

    def __init__(self, tr=None, decimal: str = "."):
        self.tr = tr
        self.decimal = decimal

    def word(self, title: str, plain: str | None = None) -> str:
        """A header or a word of the game: translated for Excel; in the CSV `plain` if the format has one."""
        if self.tr is not None:
            return self.tr.gettext(title)
        return title if plain is None else plain

    def name(self, text: str) -> str:
        return safe(text)

    def points(self, thirds: int) -> str:
        if self.tr is None:
            return card_points_text(thirds)
        return card_points_text(thirds, "decimal", self.decimal)

    def money(self, amount) -> str:
        return money_text(amount, decimal=self.decimal)


def csv_text(settlement) -> str:
    """The CSV of a settled partie (the same bytes as `replay --csv`)."""
    out = io.StringIO()
    csv.writer(out).writerows(game_of(settlement).tables.rows(settlement, Sheet()))
    return out.getvalue()


def excel_text(settlement, tr, separator: str = ";", decimal: str = ",") -> str:
    """The partie's deals and totals for a spreadsheet opened by double click, in the translator's language.

    Numbers are plain numbers in the locale's way (card points with two decimals, money with two, decimal
    comma in German), names are formula-safe, and the text starts with a UTF-8 byte order mark so that
    Excel reads umlauts right.  `tr` is a translator of `scorer.words` (the web app's, or `ENGLISH`).
    """
    out = io.StringIO()
    csv.writer(out, delimiter=separator).writerows(game_of(settlement).tables.rows(settlement, Sheet(tr, decimal)))
    return "\ufeff" + out.getvalue()
