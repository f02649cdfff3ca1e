"""How the engine's results are shown: signed numbers, money, card points, deal lines, the chart."""

from __future__ import annotations

from decimal import Decimal

from ..strohmandeln import ITEM_LABELS, format_card_points

MINUS = "\u2212"
CHART_POINTS = 200


def signed(n: int) -> str:
    """+3, −3 (a real minus sign), 0."""
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def euros(amount: Decimal, sign: bool = True) -> str:
    """An amount of money as players write it: +1.20 €."""
    text = f"{abs(amount):.2f} €"
    if not sign or amount == 0:
        return text
    return ("+" if amount > 0 else MINUS) + text


def card_points(thirds: int | None) -> str:
    """Card points for people: 35 2/3."""
    return "" if thirds is None else format_card_points(thirds)


def item_label(rules, item: str) -> str:
    """An item's name in the rule set's words."""
    return rules.bonus_label(item) if item in rules.bonuses else ITEM_LABELS[item]


def describe(result, partie) -> str:
    """One line of the board for a deal: what happened, in the players' words."""
    names = partie.players
    deal = result.deal
    if deal.type == "misdeal":
        return f"Misdeal ({names[deal.offender]})"
    if deal.type == "redeal":
        return "Redeal: " + ("no Tarock in a hand" if deal.reason == "no-tarock" else "both passed")
    words = f"{names[deal.undertaker]} undertook" if deal.undertaker is not None else "Simple game"
    if deal.kontra:
        words += ", Kontra"
    if result.piles:
        words += f", {card_points(result.piles[0])} : {card_points(result.piles[1])}"
    if deal.type == "renonce":
        words += f" · renonce by {names[deal.offender]}"
    elif result.winner is None:
        words += " · draw"
    return words


def chart(settlement, width: int = 340, height: int = 90) -> dict | None:
    """The running balance of the first player as an SVG polyline (None before two deals)."""
    values = [0] + [r.balance[0] for r in settlement.deals]
    if len(values) < 2:
        return None
    if len(values) > CHART_POINTS:  # a long partie: every k-th balance, and always the last
        k = -(-len(values) // CHART_POINTS)
        values = values[::k] + ([values[-1]] if (len(values) - 1) % k else [])
    top = max(max(values), 1)
    bottom = min(min(values), -1)
    span = top - bottom
    pad = 6
    step = (width - 2 * pad) / (len(values) - 1)

    def y(v):
        return round(pad + (top - v) * (height - 2 * pad) / span, 1)

    points = " ".join(f"{round(pad + i * step, 1)},{y(v)}" for i, v in enumerate(values))
    return {"width": width, "height": height, "points": points, "zero": y(0), "top": top, "bottom": bottom,
            "last_x": round(pad + (len(values) - 1) * step, 1), "last_y": y(values[-1])}


def init_app(app) -> None:
    """Register the filters with the templates."""
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["euros"] = euros
    app.jinja_env.filters["card_points"] = card_points
