"""A Bavarian Tarock partie as tables: the rows of the CSV and Excel exports, the command line's table."""

from __future__ import annotations

from decimal import Decimal

from ...amounts import money_text
from ...partie import table_head
from ...words import Message
from .deals import CONTRACT_LABELS
from .rules import TARGET
from .scoring import POT, Settlement


def rows(settlement: Settlement, sheet) -> list[list]:
    """The header, one row per deal, a total row; `sheet` (`scorer.export.Sheet`) says how words, names and
    money are written (the CSV, or Excel's in the page's language)."""
    rules = settlement.partie.rules
    names = [sheet.name(n) for n in settlement.partie.players]
    _, money = sheet.word, sheet.money
    header = [_("Deal"), _("Dealer"), _("Sitting out"), _("Declarer"), _("Contract"), _("Target"),
              _("Declarer's points"), _("Defenders' points"), _("Schneider"), _("Schwarz")]
    header += [_("Paid or got {name}").format(name=n) for n in names]
    header += [_("Balance {name}").format(name=n) for n in names]
    if rules.has_pot:
        header.append(_("Pot"))
    if settlement.credits is not None:
        header += [_("Credits {name}").format(name=n) for n in names]
    out = [header]
    yes, no = _("yes"), _("no")
    for r in settlement.deals:
        d = r.deal
        away = "" if r.sitting_out is None else names[r.sitting_out]
        if d.type == "redeal":
            row = [r.number, names[d.dealer], away, _("Redeal"), "", "", "", "", "", ""]
        else:
            row = [r.number, names[d.dealer], away, names[d.declarer], _(CONTRACT_LABELS[d.contract]), d.target,
                   d.declarer_points, d.defenders_points, yes if r.schneider else no, yes if d.schwarz else no]
        row += [money(x) for x in r.net] + [money(x) for x in r.balance]
        if rules.has_pot:
            row.append(money(r.pot))
        if r.credits is not None:
            row += [money(x) for x in r.credits]
        out.append(row)
    total = [_("Total")] + [""] * 9 + [money(sum((r.net[i] for r in settlement.deals), 0)) for i in range(len(names))]
    total += [money(x) for x in settlement.balance]
    if rules.has_pot:
        total.append(money(settlement.pot))
    if settlement.credits is not None:
        total += [money(x) for x in settlement.credits]
    out.append(total)
    return out


def table(settlement: Settlement) -> str:
    """A readable table of the partie: one line a deal, then the money."""
    partie = settlement.partie
    names, width, lines = table_head(partie)
    for r in settlement.deals:
        d = r.deal
        if d.type == "redeal":
            what = "redeal"
        else:
            result = "draw" if r.won is None else "won" if r.won else "lost"
            target = f" to {d.target}" if d.target != TARGET else ""
            what = (f"{names[d.declarer]} {CONTRACT_LABELS[d.contract]}{target}, {d.declarer_points} : "
                    f"{d.defenders_points} {result}" + (", Schwarz" if d.schwarz else ""))
        away = f" ({names[r.sitting_out]} sits out)" if r.sitting_out is not None else ""
        lines.append(f"{r.number:>4}  {names[d.dealer]:<{width}} deals{away}  {what}")
        lines.append("      " + "  ".join(f"{names[i]} {money_text(x, sign='always')}" for i, x in enumerate(r.net))
                     + (f"   pot {money_text(r.pot)}" if r.pot is not None else ""))
    lines.append("")
    for i, name in enumerate(names):
        credit = f"  credits {money_text(settlement.credits[i])}" if settlement.credits else ""
        lines.append(f"{name:<{width}}  {money_text(settlement.balance[i], sign='always'):>8}{credit}")
    if settlement.pot is not None:
        lines.append(f"pot: {money_text(settlement.pot)}")
    lines.append(f"next dealer: {names[settlement.next_dealer]}")
    return "\n".join(lines) + "\n"


def figures(settlement: Settlement) -> list[tuple]:
    """The game's own figures of an evening, per player (the Runde's standings add them up): the games each
    declared and won, by contract, and (with a pot) what each paid into the pot and took out of it."""
    n = len(settlement.partie.players)
    declared: dict = {}
    won: dict = {}
    rules = settlement.partie.rules
    paid_in = [Decimal(rules.ante) if rules.has_pot else Decimal(0)] * n   # the ante at the start
    taken = [Decimal(0)] * n
    for r in settlement.deals:
        d = r.deal
        if d.type != "redeal" and d.declarer is not None:
            declared.setdefault(d.contract, [0] * n)[d.declarer] += 1
            won.setdefault(d.contract, [0] * n)[d.declarer] += 1 if r.won else 0
        for t in r.transfers:
            if t.payee == POT and t.payer != POT:
                paid_in[t.payer] += t.amount
            elif t.payer == POT and t.payee != POT:
                taken[t.payee] += t.amount
    out = []
    for contract in CONTRACT_LABELS:
        if contract in declared:
            label = CONTRACT_LABELS[contract]
            out.append((Message("{contract}: declared", contract=label), tuple(declared[contract])))
            out.append((Message("{contract}: won", contract=label), tuple(won[contract])))
    if rules.has_pot:
        out.append((Message("Paid into the pot"), tuple(paid_in)))
        out.append((Message("Taken from the pot"), tuple(taken)))
    return out
