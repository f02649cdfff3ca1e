"""How card points (counted in thirds) and money are written: one formatter for each, used by the partie
file, the exports, the command line, the engines' messages and the pages (which pass their locale's marks)."""

from __future__ import annotations

from decimal import Decimal

FRACTIONS = {1: "\u2153", 2: "\u2154"}   # ⅓ ⅔
NARROW_SPACE = "\u202f"
MINUS = "\u2212"


def card_points_text(thirds: int, style: str = "slash", decimal: str = ".") -> str:
    """Card points given in thirds, written in one of these styles (107 thirds = 35 2/3):

    - "slash": `35 2/3` (the partie file, the CSV, the command line, English);
    - "glyph": `35 ⅔` with a narrow space (German pages);
    - "blatt": `35 + 2 Blatt` (the traditional way of counting a pile);
    - "decimal": `35.67`, with `decimal` as the decimal mark (a spreadsheet's number).

    Whole points are written without a fraction in every style (`35`).
    """
    whole, rest = divmod(int(thirds), 3)
    if not rest:
        return str(whole)
    if style == "glyph":
        return f"{whole}{NARROW_SPACE}{FRACTIONS[rest]}"
    if style == "blatt":
        return f"{whole} + {rest} Blatt"
    if style == "decimal":
        return f"{thirds / 3:.2f}".replace(".", decimal)
    return f"{whole} {rest}/3"


def money_text(amount, decimal: str = ".", group: str = "", sign: str = "", minus: str = "-") -> str:
    """An amount of money with two decimals: `1234.50`; `decimal` and `group` are the locale's marks
    (`1.234,50`). `sign`: "" writes a sign only before a negative amount; "always" writes `+` before
    zero and above (`+0.00`, as a signed column); "nonzero" writes `+` above zero only. `minus` is the
    minus sign to use (a page uses the real one, U+2212)."""
    amount = Decimal(str(amount))
    text = f"{abs(amount):,.2f}".replace(",", "\0").replace(".", decimal).replace("\0", group)
    if amount < 0:
        return minus + text
    if sign == "always" or (sign == "nonzero" and amount > 0):
        return "+" + text
    return text
