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


def haferl_rows(settlement, _=lambda text: text, number=str):
    """The rows of a Bavarian Tarock partie's CSV: a header, one row per deal, a total row.

    `_` translates the header words (English by default), `number` writes an amount of money.
    """
    from .haferl.deals import CONTRACT_LABELS

    partie = settlement.partie
    rules = partie.rules
    names = [safe(n) for n in partie.players]
    header = [_("Deal"), _("Dealer"), _("Sitting out"), _("Declarer"), _("Contract"), _("Target"),
              _("Declarer's points"), _("Defenders' points"), _("Schneider"), _("Schwarz")]
    header += [_("Paid or got {name}").format(name=n) for n in names]
    header += [_("Balance {name}").format(name=n) for n in names]
    if rules.has_pot:
        header.append(_("Pot"))
    if settlement.credits is not None:
        header += [_("Credits {name}").format(name=n) for n in names]
    rows = [header]
    yes, no = _("yes"), _("no")
    for r in settlement.deals:
        d = r.deal
        out = "" if r.sitting_out is None else names[r.sitting_out]
        if d.type == "redeal":
            row = [r.number, names[d.dealer], out, _("Redeal"), "", "", "", "", "", ""]
        else:
            row = [r.number, names[d.dealer], out, names[d.declarer], _(CONTRACT_LABELS[d.contract]), d.target,
                   d.declarer_points, d.defenders_points, yes if r.schneider else no, yes if d.schwarz else no]
        row += [number(x) for x in r.net] + [number(x) for x in r.balance]
        if rules.has_pot:
            row.append(number(r.pot))
        if r.credits is not None:
            row += [number(x) for x in r.credits]
        rows.append(row)
    total = [_("Total")] + [""] * 9 + [number(sum((r.net[i] for r in settlement.deals), 0))
                                       for i in range(len(names))]
    total += [number(x) for x in settlement.balance]
    if rules.has_pot:
        total.append(number(settlement.pot))
    if settlement.credits is not None:
        total += [number(x) for x in settlement.credits]
    rows.append(total)
    return rows


def haferl_csv_text(settlement) -> str:
    """The CSV of a Bavarian Tarock partie (`replay --csv` and the web export): amounts in euros."""
    out = io.StringIO()
    csv.writer(out).writerows(haferl_rows(settlement, number=lambda x: f"{x:.2f}"))
    return out.getvalue()


def haferl_excel_text(settlement, tr, separator: str = ";", decimal: str = ",") -> str:
    """The Bavarian Tarock partie for a spreadsheet opened by double click, in the translator's language."""
    out = io.StringIO()
    csv.writer(out, delimiter=separator).writerows(
        haferl_rows(settlement, tr.gettext, number=lambda x: f"{x:.2f}".replace(".", decimal)))
    return "\ufeff" + out.getvalue()
