"""A Tapp-Tarock partie as tables: the rows of the CSV and Excel exports, the command line's table, the figures
of the Runde's standings (the shared shapes of `scorer.radl`)."""

from __future__ import annotations

from ... import radl
from .rules import CONTRACT_LABELS, ITEM_LABELS


def describe_deal(r, names) -> str:
    """One deal in a few words: "Anna Dreier, won"."""
    d = r.deal
    if d.type == "misdeal":
        return f"misdeal by {names[d.offender]}"
    what = f"{names[d.declarer]} {CONTRACT_LABELS[d.contract]}"
    if d.type == "renonce":
        return what + f", renonce by {names[d.offender]}"
    return what + (", won" if r.won else ", lost")


def table(settlement) -> str:
    return radl.table(settlement, describe_deal, ITEM_LABELS)


def rows(settlement, sheet) -> list[list]:
    return radl.rows(settlement, sheet, ("declarer", "offender"), lambda d, names: [
        "" if p is None else names[p] for p in (d.declarer, d.offender)])


def figures(settlement) -> list[tuple]:
    return radl.figures(settlement, CONTRACT_LABELS)
