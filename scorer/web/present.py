"""How the engine's results are shown: deal lines, item names, the history, the chart (in the page's language)."""

from __future__ import annotations

from flask_babel import gettext as _, ngettext

from .language import card_points, euros, say, signed  # noqa: F401  (re-exported for the templates and tests)
from ..games import game_of
from ..strohmandeln.file import parse_deal
from ..strohmandeln import ITEM_LABELS, Deal

CHART_POINTS = 200


def item_label(rules, item: str):
    """An item's name in the rule set's words (a Term: the template translates it with `say`)."""
    return rules.bonus_label(item) if item in rules.bonuses else ITEM_LABELS[item]


def _what(deal: Deal, names, piles) -> str:
    """What happened in a deal, in words: the type, who undertook, the card points."""
    if deal.type == "misdeal":
        return _("Misdeal (%(name)s)", name=names[deal.offender]) if deal.offender in (0, 1) else _("Misdeal")
    if deal.type == "redeal":
        return _("Redeal: no Tarock in a hand") if deal.reason == "no-tarock" else _("Redeal: both passed")
    words = (_("%(name)s undertook", name=names[deal.undertaker]) if deal.undertaker is not None
             else _("Simple game"))
    if deal.kontra:
        words += ", " + _("Kontra")
    if piles:
        words += f", {card_points(piles[0])} : {card_points(piles[1])}"
    if deal.type == "renonce" and deal.offender in (0, 1):
        words += " · " + _("renonce by %(name)s", name=names[deal.offender])
    return words


def describe(result, partie) -> str:
    """One line of the board for a deal: what happened, in the players' words."""
    words = _what(result.deal, partie.players, result.piles)
    if result.deal.type == "game" and result.winner is None:
        words += " · " + _("draw")
    return words


def facts(raw, partie) -> str:
    """A deal as stored (its partie-file form) in words, for the history: what was entered."""
    deal = parse_deal(raw, [])
    if deal is None:
        return ""
    names = partie.players
    piles = None
    if deal.card_points and deal.card_points != (None, None) and isinstance(deal.card_points, tuple):
        total = partie.rules.pack.total_thirds
        try:
            piles = deal.piles(total)
        except (TypeError, ValueError):
            piles = None
    words = [_what(deal, names, piles)]
    if deal.dealer in (0, 1):
        words.append(_("%(name)s dealt", name=names[deal.dealer]))
    for bonus in deal.bonuses:
        if bonus.player in (0, 1) and bonus.bonus in partie.rules.bonuses:
            words.append(f"{say(partie.rules.bonus_label(bonus.bonus))} ({names[bonus.player]})")
    return " · ".join(words)


ACTIONS = {
    "created": lambda n: _("Partie started"),
    "imported": lambda n: _("Partie imported from a file"),
    "recorded": lambda n: _("Deal %(num)s recorded", num=n),
    "edited": lambda n: _("Deal %(num)s edited", num=n),
    "deleted": lambda n: _("Deal %(num)s deleted", num=n),
    "ended": lambda n: _("Partie ended"),
    "reopened": lambda n: _("Partie reopened"),
}


def history_rows(rows, partie) -> list[dict]:
    """The partie's change log in words: what changed, and the deal before and after."""
    out = []
    for row in rows:
        action = ACTIONS.get(row["action"])
        what = action(row["number"]) if action else row["action"]
        detail = row["detail"] or {}
        lines = []
        words = game_of(partie).web_module().history_facts
        if isinstance(detail, dict):
            if "before" in detail:
                lines.append((_("before"), words(detail["before"], partie)))
            if "after" in detail:
                lines.append((_("entered") if row["action"] == "recorded" else _("after"), words(detail["after"], partie)))
            if isinstance(detail.get("deals"), int):
                lines.append((_("deals"), ngettext("%(num)d deal", "%(num)d deals", detail["deals"])))
        out.append({"at": row["at"], "what": what, "lines": lines})
    return out


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
