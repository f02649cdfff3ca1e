"""Card points (counted in thirds) and money: money read to the cent, and one formatter for each, used by
the partie file, the exports, the command line, the engines' messages and the pages (which pass their
locale's marks)."""

from __future__ import annotations

from decimal import ROUND_DOWN, Decimal, InvalidOperation

CENT = Decimal("0.01")

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


def to_cents(value: Decimal) -> Decimal:
    """An amount of money in cents, written with exactly two decimals (0.5 -> 0.50, 0.500 -> 0.50).

    Every amount the engines make is whole cents (stakes, antes and bankrolls are, see `parse_cents`),
    so this never rounds; it only fixes how many decimals the amount is written with.
    """
    return Decimal(value).quantize(CENT)


def shared(amount: Decimal, n: int) -> tuple[Decimal, ...]:
    """`amount` shared equally among `n` in whole cents; the cents that do not divide go to the first ones (a
    negative amount: each share is what one pays). The shares add up to `amount` exactly."""
    cents = int(to_cents(Decimal(amount)) * 100)
    share, rest = divmod(abs(cents), n)
    sign = -1 if cents < 0 else 1
    return tuple(sign * Decimal(share + (1 if i < rest else 0)) / 100 for i in range(n))


def parse_cents(value: object) -> Decimal:
    """An amount of money given by a person or a file ("0.10", "0,10", "0.100", 1) -> Decimal with two decimals.

    Raises ValueError("cents") when it has more than two decimals that are not zero ("0.125"), and
    ValueError("money") when it is not an amount at all; the caller words the message and checks the range.
    """
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError("money")
    try:
        amount = Decimal(str(value).strip().replace(",", "."))
    except InvalidOperation:
        raise ValueError("money") from None
    if not amount.is_finite():
        raise ValueError("money")
    if abs(amount) >= 10 ** 12:
        return amount   # far out of any range: the caller's range check refuses it
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise ValueError("cents")
    return amount.quantize(CENT)
