"""A Tapp-Tarock partie as tables: the rows of the CSV and Excel exports, the command line's table, the figures
of the Runde's standings (the shared shapes of `scorer.radl`)."""

from __future__ import annotations

from ...tarock import radl
from .rules import CONTRACT_LABELS, HAND_LABELS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS


def table(settlement) -> str:
    return radl.table(settlement, lambda r, names: radl.describe(r, names, CONTRACT_LABELS), ITEM_LABELS)


def rows(settlement, sheet) -> list[list]:
    return radl.rows(settlement, sheet, (("Declared by", "declarer"), ("Offender", "offender")),
                     lambda d: (d.declarer, d.offender), CONTRACT_LABELS, PREMIUM_LABELS, KONTRA_LABELS,
                     lambda d: [(HAND_LABELS[h.premium], h.player) for h in d.hand_premiums])


def figures(settlement) -> list[tuple]:
    return radl.figures(settlement, CONTRACT_LABELS)
