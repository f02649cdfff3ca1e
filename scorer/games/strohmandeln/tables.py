"""A Strohmandeln partie as tables: the rows of the CSV and Excel exports, the command line's table."""

from __future__ import annotations

from ...amounts import card_points_text, money_text
from ...words import N_
from .rules import ITEM_LABELS
from .scoring import Settlement

TYPE_LABELS = {"game": N_("Game"), "renonce": N_("Renonce"), "misdeal": N_("Misdeal"), "redeal": N_("Redeal")}


def rows(settlement: Settlement, sheet) -> list[list]:
    """The header, one row per deal, the totals and (with a stake) the money; `sheet` (`scorer.export.Sheet`)
    says how words, names, card points and money are written (the CSV of FORMAT.md, or Excel's)."""
    rules = settlement.partie.rules
    names = [sheet.name(n) for n in settlement.partie.players]
    _ = sheet.word

    def each(header: str) -> list[str]:
        return [header.format(name=n) for n in names]

    out = [[_("Deal", "deal"), _("Round", "round"), _("Dealer", "dealer"), _("Type", "type"),
            _("Undertaker", "undertaker"), *each(_("Card points {name}", "card points {name}")), _("Bonuses", "bonuses"),
            _("Multiplier", "multiplier"), *each(_("Points {name}", "points {name}")),
            *each(_("Balance {name}", "balance {name}"))]]
    for r in settlement.deals:
        deal = r.deal
        piles = ["", ""] if r.piles is None else [sheet.points(t) for t in r.piles]
        bonuses = "; ".join(f"{_(rules.bonus_label(b.bonus))} ({names[b.player]})" for b in deal.bonuses)
        undertaker = names[deal.undertaker] if deal.undertaker is not None else ""
        out.append([r.number, r.round, names[deal.dealer], _(TYPE_LABELS[deal.type], deal.type), undertaker, *piles,
                    bonuses, r.multiplier, *r.points, *r.balance])
    totals = [sum(r.points[0] for r in settlement.deals), sum(r.points[1] for r in settlement.deals)]
    out.append([_("Total", "total"), "", "", "", "", "", "", "", "", *totals, *settlement.balance])
    if rules.stake:
        out.append([_("Money (€)", "money"), "", "", "", "", "", "", "", "", "", "",
                    *(sheet.money(m) for m in settlement.money)])
    return out


def table(settlement: Settlement) -> str:
    """A readable table of the partie: one line a deal, then the balance."""
    partie = settlement.partie
    rules = partie.rules
    names = partie.players
    lines = [f"{names[0]} vs {names[1]} · {rules.preset}", ""]
    width = max(len(n) for n in names)
    for r in settlement.deals:
        deal = r.deal
        what = deal.type
        if deal.type in ("game", "renonce"):
            who = names[deal.undertaker] + " undertook" if deal.undertaker is not None else "simple"
            what = f"{deal.type}, {who}"
            if r.piles:
                what += f", {card_points_text(r.piles[0])} : {card_points_text(r.piles[1])}"
            if deal.type == "renonce":
                what += f", renonce by {names[deal.offender]}"
        elif deal.type == "misdeal":
            what = f"misdeal by {names[deal.offender]}"
        else:
            what = f"redeal ({deal.reason})"
        items = ", ".join(f"{rules.bonus_label(i.item) if i.item in rules.bonuses else ITEM_LABELS[i.item]} "
                          f"{names[i.player]} {i.points}" for i in r.items)
        mult = f" x{r.multiplier}" if r.multiplier > 1 else ""
        lines.append(f"{r.number:>4}  {names[deal.dealer]:<{width}} deals  {what}{mult}")
        lines.append(f"      {r.points[0]:>+4} {r.points[1]:>+4}   balance {r.balance[0]:>+5}   {items}")
    lines.append("")
    for i in (0, 1):
        lines.append(f"{names[i]:<{width}}  {settlement.balance[i]:>+6}  {money_text(settlement.money[i]):>8}")
    if settlement.credits:
        lines.append(f"credits: {names[0]} {settlement.credits[0]}, {names[1]} {settlement.credits[1]}")
    if settlement.doubled_pending:
        lines.append(f"doubled games pending: {settlement.doubled_pending}")
    lines.append(f"next dealer: {names[settlement.next_dealer]}")
    return "\n".join(lines) + "\n"


FIGURES = (N_("Undertaken and won"), N_("Undertaken and lost"), N_("Simple games won"), N_("Grammel"),
           N_("Valat"), N_("Deals in a Nullrunde"), N_("Misdeals"), N_("Renonces"))


def figures(settlement: Settlement) -> list[tuple]:
    """The game's own figures of an evening, per player (the Runde's standings add them up): undertaken games
    won and lost, simple games won, Grammel, Valat, deals played in a Nullrunde, misdeals and renonces made."""
    counts = [[0, 0] for _ in FIGURES]
    for r in settlement.deals:
        d = r.deal
        if d.type == "game":
            if d.undertaker is not None and r.winner is not None:
                counts[0 if r.winner == d.undertaker else 1][d.undertaker] += 1
            elif d.undertaker is None and r.winner is not None:
                counts[2][r.winner] += 1
        for item in r.items:
            if item.item == "grammel":
                counts[3][item.player] += 1
            elif item.item == "valat":
                counts[4][item.player] += 1
        if r.multiplier > 1 and d.type in ("game", "renonce"):
            counts[5][0] += 1
            counts[5][1] += 1
        if d.type == "misdeal":
            counts[6][d.offender] += 1
        elif d.type == "renonce":
            counts[7][d.offender] += 1
    out = [(label, tuple(values)) for label, values in zip(FIGURES, counts)]
    if settlement.partie.rules.preset == "strawman":   # credits, not game points: a column of their own
        out.insert(0, (CREDITS, tuple(settlement.balance)))
    return out


CREDITS = N_("Credits (Straw Man)")


def runde_points(settlement: Settlement) -> tuple | None:
    """The evening's game points for the Runde: none for Straw Man, which counts credits (a figure of its own)."""
    return None if settlement.partie.rules.preset == "strawman" else tuple(settlement.balance)
