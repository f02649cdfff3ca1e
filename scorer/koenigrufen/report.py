"""The command line's views of a Königrufen settlement: a readable table and the CSV (`replay`, `--csv`)."""

from __future__ import annotations

import csv
import io

from .rules import CONTRACT_LABELS, ITEM_LABELS
from .scoring import Settlement

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _safe(text: str) -> str:
    """User text that a spreadsheet would run as a formula gets a leading quote."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def describe_deal(r, names) -> str:
    """One deal in a few words: "Anna Rufer with Cilli, won"."""
    d = r.deal
    if d.type == "misdeal":
        return f"misdeal by {names[d.offender]}"
    what = f"{names[d.declarer]} {CONTRACT_LABELS[d.contract]}"
    if d.real_partner is not None:
        what += f" with {names[d.real_partner]}"
    elif d.partner is None:
        what += ", King in the talon"
    if d.type == "renonce":
        return what + f", renonce by {names[d.offender]}"
    if d.conceded:
        return what + ", conceded"
    if r.won is not None:
        what += ", won" if r.won else ", lost"
    return what


def table(settlement: Settlement) -> str:
    """A readable table: one line a deal and one with its points and money points, then the balances."""
    partie = settlement.partie
    names = partie.players
    width = max(len(n) for n in names)
    lines = [" · ".join(names) + f" · {partie.rules.preset}", ""]
    for r in settlement.deals:
        mult = f" x{r.multiplier}" if r.multiplier > 1 else ""
        out = f" ({names[r.sitting_out]} sits out)" if r.sitting_out is not None else ""
        lines.append(f"{r.number:>4}  {names[r.deal.dealer]:<{width}} deals{out}  {describe_deal(r, names)}{mult}")
        items = ", ".join(f"{ITEM_LABELS[i.item]} {' '.join(f'{x:+d}' for x in i.points)}" for i in r.items)
        lines.append("      points " + " ".join(f"{x:+d}" for x in r.points)
                     + "   money " + " ".join(f"{x:+d}" for x in r.money_points) + f"   {items}")
    lines.append("")
    for i, name in enumerate(names):
        lines.append(f"{name:<{width}}  {settlement.balance[i]:>+6}  {settlement.money_balance[i]:>+6}  "
                     f"{settlement.money[i]:>8}")
    if settlement.doubled_pending:
        lines.append(f"doubled deals pending: {settlement.doubled_pending}")
    if settlement.next_dealer is not None:
        lines.append(f"next dealer: {names[settlement.next_dealer]}")
    lines.append(f"deals left in this Radl: {settlement.radl_left}")
    return "\n".join(lines) + "\n"


def csv_text(settlement: Settlement) -> str:
    """The CSV: one row a deal (who dealt and played what, the multiplier, each player's points and money
    points), then the totals and the money."""
    partie = settlement.partie
    names = [_safe(n) for n in partie.players]
    n = len(names)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["deal", "dealer", "type", "contract", "declarer", "partner", "offender", "multiplier",
                     *(f"points {x}" for x in names), *(f"money points {x}" for x in names)])
    for r in settlement.deals:
        d = r.deal
        writer.writerow([r.number, names[d.dealer], d.type, d.contract or "",
                         "" if d.declarer is None else names[d.declarer],
                         "" if d.real_partner is None else names[d.real_partner],
                         "" if d.offender is None else names[d.offender], r.multiplier, *r.points, *r.money_points])
    blank = [""] * 7
    writer.writerow(["total", *blank, *settlement.balance, *settlement.money_balance])
    writer.writerow(["money", *blank, *([""] * n), *(str(m) for m in settlement.money)])
    return out.getvalue()
