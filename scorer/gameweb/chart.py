"""The charts: a board's lines (`chart`, one for every game) and a Runde's, as short SVG path data."""

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


CHART_POINTS = 100   # points a line has at most: 3 px apart on a phone's 340 px


def thinned(count: int, most: int = CHART_POINTS) -> list[int]:
    """Which of `count` points a line keeps: every k-th, so that there are at most about `most`, and always the
    last (the figure a player reads)."""
    every = -(-count // most)
    return list(range(0, count, every)) + ([count - 1] if (count - 1) % every else [])


def chart(series, width: int = 340, height: int = 90, pad: int = 6, fewest: int = 2, around=(0, 0)) -> dict | None:
    """A board's chart: each line a player's running figure (`series`: per line its values, the one before the first
    deal first, every line as long), as SVG path data, at most CHART_POINTS a line; None while a line has fewer than
    `fewest` values. The scale always holds `around` (0, or a band around it) and the lines' highest and lowest.
    {"width", "height", "lines" (path data), "zero" (the 0 line's y), "ends" (each line's last point, (x, y))}."""
    series = [list(s) for s in series]
    if not series or len(series[0]) < fewest:
        return None
    picked = thinned(len(series[0]))
    values = [[s[k] for k in picked] for s in series]
    top = max(max(max(v) for v in values), around[1])
    bottom = min(min(min(v) for v in values), around[0])
    span = (top - bottom) or 1
    step = (width - 2 * pad) / (len(picked) - 1)

    def y(v):
        return round(float(pad + (top - v) * (height - 2 * pad) / span), 1)

    return {"width": width, "height": height, "zero": y(0),
            "lines": [path((pad + i * step, y(v)) for i, v in enumerate(line)) for line in values],
            "ends": [(round(pad + (len(picked) - 1) * step, 1), y(line[-1])) for line in values]}
