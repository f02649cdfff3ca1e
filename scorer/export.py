"""The CSV export (FORMAT.md) and the Excel export of a partie, built from one `rows()` per game."""

from __future__ import annotations

import csv
import io
import re

from .amounts import card_points_text, money_text
from .games import game_of

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# where a spreadsheet could see a cell begin: the cell's start, or after a `,` or `;` inside it (a comma file
# opened with `;` as German and Austrian Excel do, or the other way round), after blanks and double quotes: there a
# formula's first character, or a tab or CR
_FORMULA_AT = re.compile(r"(^|[,;])(?=[ \"]*[=+\-@]|[\t\r])")
# a number as the exports write them (money 1.20 or 1,20, card points 35 2/3, a count): not a formula
_NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?(?: \d/3)?")


def safe(text: str) -> str:
    """User text that a spreadsheet would run as a formula, under either separator, gets a quote where a cell
    could begin: `=x` is `'=x`, `x;=cmd|...` is `x;'=cmd|...` (a name `-1` too: `'-1`)."""
    return _FORMULA_AT.sub(r"\1'", text)


def guarded(rows):
    """Every text cell of `rows` formula-safe (`safe`): names, headers, words, whatever a cell holds; only a
    number as the exports write them (`-0.50`, `35 2/3`) is left as it is."""
    return [[cell if not isinstance(cell, str) or _NUMBER.fullmatch(cell) else safe(cell) for cell in row]
            for row in rows]


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
    csv.writer(out).writerows(guarded(game_of(settlement).tables.rows(settlement, Sheet())))
    return out.getvalue()


def excel_text(settlement, tr, separator: str = ";", decimal: str = ",") -> str:
    """The partie's deals and totals for a spreadsheet opened by double click, in the translator's language.

    Numbers are plain numbers in the locale's way (card points with two decimals, money with two, decimal
    comma in German), names are formula-safe, and the text starts with a UTF-8 byte order mark so that
    Excel reads umlauts right.  `tr` is a translator of `scorer.words` (the web app's, or `ENGLISH`).
    """
    out = io.StringIO()
    csv.writer(out, delimiter=separator).writerows(guarded(game_of(settlement).tables.rows(settlement, Sheet(tr, decimal))))
    return "\ufeff" + out.getvalue()
