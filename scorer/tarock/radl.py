"""The replay of a Tarock partie dealt round the table: each deal's items summed into the balances in points and
money points, the Radl (n counted deals: games and renonces, not a misdeal), the doubled Radl, the next dealer;
the settlement that comes out, as JSON and as the command line's and the spreadsheets' tables.

A game hands its own pieces to `Replay` (its `check`, `score`, what won and what starts a doubled Radl); the
rest is the same for every game that plays so. Pure: no Flask, no database, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from ..amounts import CENT
from ..partie import Partie, table_head
from ..settlement import Settlement as BaseSettlement, read_off
from ..words import N_, Message
from .sides import SIDE_WORDS, Item

COUNTED = ("game", "renonce")


def in_money(money_points, stake: Decimal) -> tuple[Decimal, ...]:
    """Money points as money: each times the stake, in cents ("0.00", never "-0.00")."""
    return tuple((m * stake).quantize(CENT) + 0 for m in money_points)


class DealResult(NamedTuple):
    """One deal as the score sheet shows it, with everything derived from the deals before it."""

    number: int
    deal: object
    multiplier: int
    items: tuple[Item, ...]
    points: tuple[int, ...]
    money_points: tuple[int, ...]
    balance: tuple[int, ...]
    money_balance: tuple[int, ...]
    doubled_pending: int
    next_dealer: int
    sitting_out: int | None
    vorhand: int
    won: bool | None          # the declarer's side won the game (None: a renonce, a misdeal)
    triggered: bool           # the deal started a doubled Radl


@dataclass(frozen=True)
class Settlement(BaseSettlement):
    """The result of replaying a partie: each deal, the balances in points and money points, what comes next."""

    partie: Partie
    deals: tuple[DealResult, ...]
    balance: tuple[int, ...]
    money_balance: tuple[int, ...]
    next_dealer: int | None
    doubled_pending: int
    counted: int              # deals that count toward the Radl (games and renonces)

    @property
    def money(self) -> tuple[Decimal, ...]:
        """Each player's money: money points times the stake, in cents."""
        return in_money(self.money_balance, self.partie.rules.stake)

    @property
    def radl_left(self) -> int:
        """Counted deals missing to end the Radl (0 before any and at a Radl's end)."""
        return -self.counted % len(self.partie.players)

    @property
    def vorhand(self) -> int | None:
        """Who leads the next deal: the player after its dealer."""
        return None if self.next_dealer is None else (self.next_dealer + 1) % len(self.partie.players)


def next_dealer(n: int, deal) -> int:
    """After a misdeal the same dealer deals again; otherwise the Vorhand deals next."""
    return deal.dealer if deal.type == "misdeal" else (deal.dealer + 1) % n


class Replay:
    """A game's replay, from its pieces: `check(rules, deal, players)` (the deal's problems), `score(rules, deal,
    n)` (its items before any doubling), `won(rules, deal)` (whether the declarer's side won a game deal),
    `triggers(rules, deal, items)` (whether a counted deal starts a doubled Radl), `sitting_out(dealer, n)` (who
    sits the deal out), `error` (the game's ScoringError) and `settlement` (its Settlement: this one, or a subclass
    with properties of its own)."""

    def __init__(self, *, check, score, won, error, triggers=None, sitting_out=None, settlement=None):
        self.check, self.score, self.won, self.error = check, score, won, error
        self.triggers = triggers or (lambda rules, deal, items: False)
        self.sitting_out = sitting_out or (lambda dealer, n: None)
        self.settlement = settlement or Settlement

    def start(self, partie: Partie) -> Settlement:
        """The settlement before any deal."""
        zero = (0,) * len(partie.players)
        return self.settlement(partie.with_deals(()), (), zero, zero, None, 0, 0)

    def replay(self, partie: Partie, *, checked: bool = False) -> Settlement:
        """Every deal scored in order (the game's error names each that cannot be; `checked`: they passed
        `check`)."""
        return self.extend(self.start(partie), partie.deals, checked=checked)

    def upto(self, settlement: Settlement, k: int) -> Settlement:
        """The settlement after the first `k` deals, read off their results (`scorer.settlement.read_off`)."""
        def after(partie, results, _settlement):
            last = results[-1]
            return self.settlement(partie, results, last.balance, last.money_balance, last.next_dealer,
                                   last.doubled_pending, sum(1 for r in results if r.deal.type in COUNTED))
        return read_off(settlement, k, self.start, after)

    def extend(self, settlement: Settlement, deals, *, checked: bool = False) -> Settlement:
        """The settlement after `deals` more, continuing from `settlement` exactly as a full replay would."""
        partie = settlement.partie
        rules, n, deals = partie.rules, len(partie.players), tuple(deals)
        results = list(settlement.deals)
        balance, money = settlement.balance, settlement.money_balance
        pending, counted, dealer = settlement.doubled_pending, settlement.counted, settlement.next_dealer
        problems: list = []
        scored: dict = {}   # (id(deal), multiplier) -> its figures, the deal kept alive beside them: deals repeat
        for number, deal in enumerate(deals, start=len(results) + 1):
            found = [] if checked else self.check(rules, deal, partie.players)
            problems.extend(p.at(number) for p in found)
            if problems:
                continue
            multiplier = 2 if pending else 1
            known = scored.get((id(deal), multiplier))
            if known is None:   # what a deal is worth depends only on the rules, the deal and the multiplier
                items = self.score(rules, deal, n)
                trigger = deal.type in COUNTED and self.triggers(rules, deal, items)
                if multiplier != 1:
                    items = tuple(Item(i.item, tuple(multiplier * x for x in i.points),
                                       tuple(multiplier * x for x in i.money_points)) for i in items)
                known = scored[id(deal), multiplier] = (
                    deal, items, tuple(sum(i.points[p] for i in items) for p in range(n)),
                    tuple(sum(i.money_points[p] for i in items) for p in range(n)), trigger,
                    self.won(rules, deal) if deal.type == "game" else None)
            _, items, points, money_points, trigger, won = known
            balance = tuple(b + x for b, x in zip(balance, points))
            money = tuple(b + x for b, x in zip(money, money_points))
            if deal.type in COUNTED:
                counted += 1
                pending = max(pending - 1, 0) + (n if trigger else 0)
            dealer = next_dealer(n, deal)
            results.append(DealResult(number, deal, multiplier, items, points, money_points, balance, money,
                                      pending, dealer, self.sitting_out(deal.dealer, n), (deal.dealer + 1) % n,
                                      won, trigger))
        if problems:
            raise self.error(problems)
        return self.settlement(partie.with_deals(partie.deals + deals), tuple(results), balance, money, dealer,
                               pending, counted)

    def games_counted(self, settlement: Settlement) -> int:
        """The deals that count as games of a tournament's round: games and renonces (not a misdeal)."""
        return settlement.counted


# -- the settlement as JSON and as tables ----------------------------------------------------------------------

def settlement_to_dict(settlement: Settlement) -> dict:
    """The settlement as `replay --json` writes it (RULES-KOENIGRUFEN.md §10's shape)."""
    def one(r):
        return {"number": r.number, "type": r.deal.type, "dealer": r.deal.dealer, "contract": r.deal.contract,
                "multiplier": r.multiplier, "points": list(r.points), "money_points": list(r.money_points),
                "doubled_pending": r.doubled_pending,
                "items": [{"item": i.item, "points": list(i.points), "money_points": list(i.money_points)}
                          for i in r.items]}

    return {"players": list(settlement.partie.players), "deals": [one(r) for r in settlement.deals],
            "balance": list(settlement.balance), "money_balance": list(settlement.money_balance),
            "money": [str(m) for m in settlement.money], "next_dealer": settlement.next_dealer,
            "doubled_pending": settlement.doubled_pending, "radl_left": settlement.radl_left}


def describe(r: DealResult, names, contracts: dict, partner: int | None = None) -> str:
    """One deal in a few words, for the command line: "Anna Normalspiel with Cilli, won", "misdeal by Bernd"."""
    d = r.deal
    if d.type == "misdeal":
        return f"misdeal by {names[d.offender]}"
    what = f"{names[d.declarer]} {contracts[d.contract]}" + ("" if partner is None else f" with {names[partner]}")
    if d.type == "renonce":
        return what + f", renonce by {names[d.offender]}"
    return what + (", won" if r.won else ", lost")


def table(settlement: Settlement, describe, labels: dict) -> str:
    """The command line's table: a line a deal (`describe(result, names)`, its multiplier) and one with its points,
    money points and items (`labels`: an item's name in words), then each player's balances and money."""
    names, width, lines = table_head(settlement.partie)
    for r in settlement.deals:
        mult = f" x{r.multiplier}" if r.multiplier > 1 else ""
        out = f" ({names[r.sitting_out]} sits out)" if r.sitting_out is not None else ""
        lines.append(f"{r.number:>4}  {names[r.deal.dealer]:<{width}} deals{out}  {describe(r, names)}{mult}")
        items = ", ".join(f"{labels[i.item]} {' '.join(f'{x:+d}' for x in i.points)}" for i in r.items)
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


TYPE_LABELS = {"game": N_("Game"), "renonce": N_("Renonce"), "misdeal": N_("Misdeal")}


def rows(settlement: Settlement, sheet, heads: tuple, seats, contracts: dict, premiums: dict, kontras: dict,
         hands=None) -> list[list]:
    """The CSV's and Excel's rows: one a deal (its number, dealer, type, contract, a name under each of the game's
    own `heads` ((title, CSV word) pairs) from `seats(deal)`, a seat or None each; what was played, so that a sheet
    can be checked against it: won or lost, the declarer's side's card points, the game's Kontra and each premium
    entry with its side, announced or silent, made or failed and its Kontra (`premiums`: premium -> its name,
    `kontras`: level -> its name; `hands(deal)`: (premium name, player) pairs of a game's premiums dealt in one
    hand); the multiplier, each player's points and money points), then the totals and the money; `sheet` is a
    `scorer.export.Sheet`: the CSV keeps its English words and the contracts' ids, Excel says them in the page's
    language (`contracts`: id -> its name)."""
    names = [sheet.name(n) for n in settlement.partie.players]
    _ = sheet.word

    def each(header: str) -> list[str]:
        return [header.format(name=x) for x in names]

    def result(r) -> str:
        return "" if r.deal.type != "game" or r.won is None else _("won", "won") if r.won else _("lost", "lost")

    def entries(d) -> str:
        def one(p) -> str:
            said = [_(SIDE_WORDS[p.side], SIDE_WORDS[p.side]), _("announced", "announced") if p.announced else
                    _("silent", "silent")]
            if p.made is not None:
                said.append(_("made", "made") if p.made else _("failed", "failed"))
            if p.kontra in kontras and p.kontra > 1:
                said.append(_(kontras[p.kontra], kontras[p.kontra]))
            return f"{_(premiums[p.premium], premiums[p.premium])} ({', '.join(said)})"
        held = [f"{_(label, label)} ({settlement.partie.players[player]})"   # the cell is made safe as a whole
                for label, player in (hands(d) if hands else ())]
        return "; ".join([one(p) for p in d.premiums if p.premium in premiums] + held)

    out = [[_("Deal", "deal"), _("Dealer", "dealer"), _("Type", "type"), _("Contract", "contract"),
            *(_(title, plain) for title, plain in heads), _("Result", "result"), _("Card points", "card points"),
            _("Kontra", "kontra"), _("Premiums", "premiums"), _("Multiplier", "multiplier"),
            *each(_("Points {name}", "points {name}")), *each(_("Money points {name}", "money points {name}"))]]
    for r in settlement.deals:
        d = r.deal
        out.append([r.number, names[d.dealer], _(TYPE_LABELS[d.type], d.type),
                    _(contracts[d.contract], d.contract) if d.contract else "",
                    *("" if p is None else names[p] for p in seats(d)), result(r),
                    "" if d.card_points is None or d.type != "game" else d.card_points,
                    _(kontras[d.kontra], kontras[d.kontra]) if d.type == "game" and d.kontra > 1 else "", entries(d),
                    r.multiplier, *r.points,
                    *r.money_points])
    blank = [""] * (len(heads) + 8)   # dealer, type, contract, the heads, result, card points, Kontra, premiums,
                                      # multiplier
    out.append([_("Total", "total"), *blank, *settlement.balance, *settlement.money_balance])
    out.append([_("Money (€)", "money"), *blank, *([""] * len(names)), *(sheet.money(m) for m in settlement.money)])
    return out


def figures(settlement: Settlement, contracts: dict) -> list[tuple]:
    """The game's own figures of an evening, per player (the Runde's standings add them up): the games each
    declared and won, by contract (`contracts`: contract -> its name in words)."""
    n = len(settlement.partie.players)
    declared: dict = {}
    won: dict = {}
    for r in settlement.deals:
        if r.deal.type == "game":
            declared.setdefault(r.deal.contract, [0] * n)[r.deal.declarer] += 1
            won.setdefault(r.deal.contract, [0] * n)[r.deal.declarer] += 1 if r.won else 0
    out = []
    for contract, label in contracts.items():
        if contract in declared:
            out.append((Message("{contract}: declared", contract=label), tuple(declared[contract])))
            out.append((Message("{contract}: won", contract=label), tuple(won[contract])))
    return out
