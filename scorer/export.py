"""The CSV export of FORMAT.md: a partie's deals and totals as a spreadsheet opens them."""

from __future__ import annotations

import csv
import io

from .strohmandeln import Settlement, format_card_points

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe(text: str) -> str:
    """User text that a spreadsheet would run as a formula gets a leading quote."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(settlement: Settlement) -> str:
    """The CSV of a settled partie (the same bytes as `replay --csv`)."""
    partie = settlement.partie
    rules = partie.rules
    names = [safe(n) for n in partie.players]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["deal", "round", "dealer", "type", "undertaker",
                     f"card points {names[0]}", f"card points {names[1]}", "bonuses", "multiplier",
                     f"points {names[0]}", f"points {names[1]}", f"balance {names[0]}", f"balance {names[1]}"])
    for r in settlement.deals:
        deal = r.deal
        piles = ["", ""] if r.piles is None else [format_card_points(t) for t in r.piles]
        bonuses = "; ".join(f"{rules.bonus_label(b.bonus)} ({names[b.player]})" for b in deal.bonuses)
        undertaker = names[deal.undertaker] if deal.undertaker is not None else ""
        writer.writerow([r.number, r.round, names[deal.dealer], deal.type, undertaker, *piles, bonuses,
                         r.multiplier, *r.points, *r.balance])
    totals = [sum(r.points[0] for r in settlement.deals), sum(r.points[1] for r in settlement.deals)]
    writer.writerow(["total", "", "", "", "", "", "", "", "", *totals, *settlement.balance])
    if rules.stake:
        writer.writerow(["money", "", "", "", "", "", "", "", "", "", "", *(str(m) for m in settlement.money)])
    return out.getvalue()


def excel_text(settlement: Settlement, tr, separator: str = ";", decimal: str = ",") -> str:
    """The partie's deals and totals for a spreadsheet opened by double click, in the translator's language.

    Numbers are plain numbers in the locale's way (card points with two decimals, money with two, decimal
    comma in German), names are formula-safe, and the text starts with a UTF-8 byte order mark so that
    Excel reads umlauts right.  `tr` is a translator of `scorer.words` (the web app's, or `ENGLISH`).
    """
    partie = settlement.partie
    rules = partie.rules
    names = [safe(n) for n in partie.players]
    _ = tr.gettext

    def dec(value, places: int = 2) -> str:
        text = f"{value:.{places}f}"
        return text.replace(".", decimal)

    def points(thirds: int) -> str:
        return str(thirds // 3) if thirds % 3 == 0 else dec(thirds / 3)

    types = {"game": _("Game"), "renonce": _("Renonce"), "misdeal": _("Misdeal"), "redeal": _("Redeal")}
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator)
    writer.writerow([_("Deal"), _("Round"), _("Dealer"), _("Type"), _("Undertaker"),
                     _("Card points {name}").format(name=names[0]), _("Card points {name}").format(name=names[1]),
                     _("Bonuses"), _("Multiplier"),
                     _("Points {name}").format(name=names[0]), _("Points {name}").format(name=names[1]),
                     _("Balance {name}").format(name=names[0]), _("Balance {name}").format(name=names[1])])
    for r in settlement.deals:
        deal = r.deal
        piles = ["", ""] if r.piles is None else [points(t) for t in r.piles]
        bonuses = "; ".join(f"{_(rules.bonus_label(b.bonus))} ({names[b.player]})" for b in deal.bonuses)
        undertaker = names[deal.undertaker] if deal.undertaker is not None else ""
        writer.writerow([r.number, r.round, names[deal.dealer], types[deal.type], undertaker, *piles, bonuses,
                         r.multiplier, *r.points, *r.balance])
    totals = [sum(r.points[0] for r in settlement.deals), sum(r.points[1] for r in settlement.deals)]
    writer.writerow([_("Total"), "", "", "", "", "", "", "", "", *totals, *settlement.balance])
    if rules.stake:
        writer.writerow([_("Money (€)"), "", "", "", "", "", "", "", "", "", "", *(dec(m) for m in settlement.money)])
    return "\ufeff" + out.getvalue()
