"""A Königrufen partie as tables: the rows of the CSV export (`replay --csv`), the command line's table."""

from __future__ import annotations

from ...tarock import radl
from ...words import N_, Message
from .rules import CONTRACT_LABELS, ITEM_LABELS, KING_CALLS, KONTRA_LABELS, PREMIUM_LABELS
from .scoring import Settlement

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
    return radl.table(settlement, describe_deal, ITEM_LABELS)


TYPE_LABELS = {"game": N_("Game"), "renonce": N_("Renonce"), "misdeal": N_("Misdeal")}


def rows(settlement: Settlement, sheet) -> list[list]:
    """The CSV's and Excel's rows: one a deal (who dealt and played what, the multiplier, each player's points
    and money points), then the totals and the money; `sheet` is a `scorer.export.Sheet`: the CSV keeps its
    English words and the contracts' ids, Excel says them in the page's language, as the players do ("Solodreier",
    "König im Talon")."""
    names = [sheet.name(n) for n in settlement.partie.players]
    raw = settlement.partie.players   # inside a cell of several words (export.guarded makes the cell safe)
    n = len(names)
    _ = sheet.word

    def each(header: str) -> list[str]:
        return [header.format(name=x) for x in names]

    def result(r) -> str:
        d = r.deal
        if d.type != "game" or d.contract == "trischaken":
            return ""
        if d.conceded:
            return _("conceded", "conceded")
        return "" if r.won is None else _("won", "won") if r.won else _("lost", "lost")

    def card_points(d) -> str:
        if isinstance(d.card_points, tuple):   # Trischaken: every player's (None for the dealer sitting out)
            return "; ".join(f"{raw[i]} {sheet.points(x)}" for i, x in enumerate(d.card_points) if x is not None)
        return "" if d.card_points is None else sheet.points(d.card_points)

    def kontra(d) -> str:
        """The game's Kontra in words ("Re"), or each player's who gave one in a Piccolo, Zwiccolo or Bettel
        ("Bernd Kontra; Dora Re")."""
        if d.type != "game":
            return ""
        if d.kontra_each is not None:
            return "; ".join(f"{raw[i]} {_(KONTRA_LABELS[k], KONTRA_LABELS[k])}" for i, k in enumerate(d.kontra_each)
                             if k > 1)
        return _(KONTRA_LABELS[d.kontra], KONTRA_LABELS[d.kontra]) if d.kontra > 1 else ""

    def premiums(d) -> str:
        def one(p) -> str:
            said = [_("declarer's side", "declarer's side") if p.side == "declarer" else _("opponents", "opponents"),
                    _("announced", "announced") if p.announced else _("silent", "silent")]
            if p.made is not None:
                said.append(_("made", "made") if p.made else _("failed", "failed"))
            if p.kontra > 1:
                said.append(_(KONTRA_LABELS[p.kontra], KONTRA_LABELS[p.kontra]))
            return f"{_(PREMIUM_LABELS[p.premium], PREMIUM_LABELS[p.premium])} ({', '.join(said)})"
        return "; ".join(one(p) for p in d.premiums)

    # what was played, so that a sheet can be checked deal by deal: the result, the card points, the game's Kontra
    # and every premium with its side, announced or silent, made or failed, and its Kontra
    out = [[_("Deal", "deal"), _("Dealer", "dealer"), _("Type", "type"), _("Contract", "contract"),
            _("Declared by", "declarer"), _("Partner", "partner"), _("Offender", "offender"),
            _("Result", "result"), _("Card points", "card points"), _("Kontra", "kontra"), _("Premiums", "premiums"),
            _("Multiplier", "multiplier"), *each(_("Points {name}", "points {name}")),
            *each(_("Money points {name}", "money points {name}"))]]
    for r in settlement.deals:
        d = r.deal
        partner = "" if d.real_partner is None else names[d.real_partner]
        if not partner and d.contract in KING_CALLS and d.partner is None:
            partner = _("King in the talon", "")
        out.append([r.number, names[d.dealer], _(TYPE_LABELS[d.type], d.type),
                    _(CONTRACT_LABELS[d.contract], d.contract) if d.contract else "",
                    "" if d.declarer is None else names[d.declarer], partner,
                    "" if d.offender is None else names[d.offender], result(r), card_points(d),
                    kontra(d), premiums(d), r.multiplier, *r.points, *r.money_points])
    blank = [""] * 11
    out.append([_("Total", "total"), *blank, *settlement.balance, *settlement.money_balance])
    out.append([_("Money (€)", "money"), *blank, *([""] * n), *(sheet.money(m) for m in settlement.money)])
    return out


def figures(settlement: Settlement) -> list[tuple]:
    """The game's own figures of an evening, per player (the Runde's standings add them up): the games each
    declared and won, by contract (Trischaken has no declarer; renonces, concessions aside from their
    result, and misdeals are not games declared)."""
    n = len(settlement.partie.players)
    declared: dict = {}
    won: dict = {}
    for r in settlement.deals:
        d = r.deal
        if d.type != "game" or d.declarer is None or d.contract == "trischaken":
            continue
        declared.setdefault(d.contract, [0] * n)[d.declarer] += 1
        won.setdefault(d.contract, [0] * n)[d.declarer] += 1 if r.won else 0
    out = []
    for contract, label in CONTRACT_LABELS.items():
        if contract in declared:
            out.append((Message("{contract}: declared", contract=label), tuple(declared[contract])))
            out.append((Message("{contract}: won", contract=label), tuple(won[contract])))
    return out
