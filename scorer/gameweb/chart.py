"""The charts' lines as short SVG path data."""

from __future__ import annotations


def _tenths(n: int) -> str:
    """A length in tenths, as short as SVG reads it: 36 -> "3.6", -3 -> "-.3", 50 -> "5"."""
    sign, n = ("-", -n) if n < 0 else ("", n)
    whole, tenth = divmod(n, 10)
    if not tenth:
        return f"{sign}{whole}"
    return f"{sign}{whole or ''}.{tenth}"


def path(points) -> str:
    """Path data through `points` ((x, y) pairs), to a tenth, each step relative to the one before: about a third
    of a polyline's absolute "334.0,83.2" pairs less, which a long partie's chart of 100 points a player feels."""
    tenths = [(round(x * 10), round(y * 10)) for x, y in points]
    if not tenths:
        return ""
    numbers = []
    last = tenths[0]
    for x, y in tenths[1:]:
        numbers += [_tenths(x - last[0]), _tenths(y - last[1])]
        last = (x, y)
    out = f"M{_tenths(tenths[0][0])} {_tenths(tenths[0][1])}"
    if numbers:
        out += "l" + numbers[0]
        for n in numbers[1:]:
            out += n if n.startswith("-") else " " + n
    return out
