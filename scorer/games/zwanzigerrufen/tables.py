"""A Zwanzigerrufen partie as tables: the rows of the CSV and Excel exports, the command line's table, the
figures of the Runde's standings (the shared shapes of `scorer.radl`)."""

from __future__ import annotations

from ...tarock import radl
from .rules import CONTRACT_LABELS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS


def table(settlement) -> str:
    def describe(r, names):
        return radl.describe(r, names, CONTRACT_LABELS, r.deal.partner)
    return radl.table(settlement, describe, ITEM_LABELS)


def rows(settlement, sheet) -> list[list]:
    return radl.rows(settlement, sheet, (("Declared by", "declarer"), ("Partner", "partner"), ("Offender", "offender")),
                     lambda d: (d.declarer, d.partner, d.offender), CONTRACT_LABELS, PREMIUM_LABELS, KONTRA_LABELS)


def figures(settlement) -> list[tuple]:
    return radl.figures(settlement, CONTRACT_LABELS)
