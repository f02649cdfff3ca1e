"""Replaying a Bavarian Tarock partie: who pays whom in each deal, the pot and its refills, balances, credits.

Amounts are money (Decimal euros). Every payment is a Transfer from a player (or the pot) to a player
(or the pot), so each player's balance and the pot always add up to zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from operator import add
from typing import NamedTuple

from ...game import Closing
from ...partie import Partie
from ...settlement import Settlement as BaseSettlement, read_off
from ...amounts import CENT, shared, to_cents
from .deals import Deal, check
from .problems import HaferlError, Problem
from .rules import FACTORS, TOTAL, RuleSet, amount

POT = -1   # the pot, as payer or payee of a transfer
ZERO = Decimal("0.00")


class Transfer(NamedTuple):
    """Money moving in a deal: from a player (or POT) to a player (or POT), and why."""

    payer: int
    payee: int
    amount: Decimal
    reason: str   # "game", "schneider", "schwarz", "ante"


class DealScore(NamedTuple):
    """One deal's payments between players, without the pot."""

    won: bool | None          # the declarer won (None: a redeal, or a draw at 60)
    units: int | None         # haferl: the amount in units before doubling for a Hand
    schneider: bool
    transfers: list[Transfer]


class DealResult(NamedTuple):
    """One deal as the scoresheet shows it, with everything derived from the deals before it."""

    number: int
    deal: Deal
    sitting_out: int | None
    won: bool | None          # the declarer won (None: a redeal, or a draw at 60)
    units: int | None         # haferl: the amount in units before doubling for a Hand
    schneider: bool
    transfers: tuple[Transfer, ...]
    net: tuple[Decimal, ...]  # what each player got (+) or paid (-) in this deal
    balance: tuple[Decimal, ...]
    pot: Decimal | None
    credits: tuple[Decimal, ...] | None
    next_dealer: int


@dataclass(frozen=True)
class Settlement(BaseSettlement):
    """The result of replaying a partie: each deal, the balances, the pot, what comes next."""

    partie: Partie
    deals: tuple[DealResult, ...]
    balance: tuple[Decimal, ...]
    pot: Decimal | None
    next_dealer: int
    credits: tuple[Decimal, ...] | None = None
    bankrupt: int | None = None

    @property
    def money(self) -> tuple[Decimal, ...]:
        return self.balance

    @property
    def doubled_pending(self) -> int:
        """Doubled games still to play when the partie ends: Bavarian Tarock has none."""
        return 0

    @property
    def sitting_out(self) -> int | None:
        """Who sits the next deal out: the dealer, at a table of four."""
        return sitting_out(len(self.partie.players), self.next_dealer)

    @property
    def active(self) -> tuple[int, ...]:
        """Who plays the next deal."""
        return tuple(i for i in range(len(self.partie.players)) if i != self.sitting_out)


def sitting_out(players: int, dealer: int) -> int | None:
    """With four at the table the dealer sits out; with three everybody plays."""
    return dealer if players == 4 else None


def next_dealer(players: int, deal: Deal) -> int:
    """The deal passes on after every deal, a redeal included (it is dealt by the next dealer)."""
    return (deal.dealer + 1) % players


def _left_of(declarer: int, players: int, out: int | None) -> int:
    """The defender to the declarer's left: the next active player in seating (and playing) order."""
    seat = (declarer + 1) % players
    if seat == out:
        seat = (seat + 1) % players
    return seat


def score(rules: RuleSet, deal: Deal, players: int) -> DealScore:
    """The deal's payments between players, without the pot, among `players` players.

    Payments from or to the pot (haferl Pick-Up) are marked with POT and settled against the pot's
    level by `extend`.
    """
    if deal.type == "redeal":
        return DealScore(None, None, False, [])
    out = sitting_out(players, deal.dealer)
    declarer = deal.declarer
    defenders = [i for i in range(players) if i not in (declarer, out)]
    p = deal.declarer_points
    if p == 60 and rules.draw_possible:
        return DealScore(None, None, False, [])
    won = p >= deal.target
    losers_points = TOTAL - p if won else p
    schneider = losers_points <= 30
    s = rules.stake
    transfers: list[Transfer] = []

    def each(value: Decimal, reason: str) -> None:
        """Every loser pays every winner `value`."""
        for d in defenders:
            transfers.append(Transfer(d, declarer, value, reason) if won else Transfer(declarer, d, value, reason))

    if rules.preset == "haferl":
        units = amount(p, deal.target)
        value = to_cents(units * s)
        if deal.contract == "hand":
            each(2 * value, "game")
        elif won:
            transfers.append(Transfer(POT, declarer, value, "game"))
        else:
            left = _left_of(declarer, players, out)
            other = next(d for d in defenders if d != left)
            transfers.append(Transfer(declarer, left, value, "game"))
            transfers.append(Transfer(POT, other, value, "game"))
        return DealScore(won, units, schneider, transfers)
    if rules.preset == "huber":
        factor = FACTORS[deal.contract]
        each(to_cents(factor * s), "game")
        if rules.schneider and schneider:
            each(to_cents(factor * s), "schneider")
        return DealScore(won, None, schneider, transfers)
    # sharp: 2 units to the winning side (a Frage won: 1), Schneider 1 more, Schwarz 1 more again
    base = 1 if deal.contract == "frage" and won else 2
    each(to_cents(base * s), "game")
    if schneider or deal.schwarz:
        each(to_cents(s), "schneider")
    if deal.schwarz:
        each(to_cents(s), "schwarz")
    return DealScore(won, None, schneider, transfers)


def start(partie: Partie) -> Settlement:
    """The settlement before any deal: with a pot, every player has put the ante in."""
    rules = partie.rules
    n = len(partie.players)
    if rules.has_pot:
        balance = tuple(to_cents(-rules.ante) for _ in range(n))
        pot = to_cents(n * rules.ante)
    else:
        balance, pot = tuple(ZERO for _ in range(n)), None
    credits = tuple(to_cents(rules.bankroll + b) for b in balance) if rules.bankroll is not None else None
    return Settlement(partie=partie.with_deals(()), deals=(), balance=balance, pot=pot,
                      next_dealer=partie.first_dealer, credits=credits)


def replay(partie: Partie, *, checked: bool = False) -> Settlement:
    """Every deal scored in order (HaferlError names each that cannot be; `checked`: they passed `check`)."""
    return extend(start(partie), partie.deals, checked=checked)


def upto(settlement: Settlement, k: int) -> Settlement:
    """The settlement after the first `k` deals, read off their results (`scorer.settlement.read_off`)."""
    return read_off(settlement, k, start, _after)


def _after(partie: Partie, results: tuple, settlement: Settlement) -> Settlement:
    """The settlement of `partie` (its first deals) after `results`: the last one's balance, pot, next dealer and
    credits."""
    last = results[-1]
    # no one ran out before the last deal of a partie that could be replayed: `bankrupt` is None
    return Settlement(partie=partie, deals=results, balance=last.balance, pot=last.pot,
                      next_dealer=last.next_dealer, credits=last.credits, bankrupt=None)


def _net(transfers, n: int) -> tuple[Decimal, ...]:
    """What each of `n` players got (+) or paid (-) through `transfers`, in cents."""
    net = [Decimal(0)] * n
    for payer, payee, amount, _ in transfers:
        if payer != POT:
            net[payer] -= amount
        if payee != POT:
            net[payee] += amount
    return tuple([x.quantize(CENT) for x in net])   # to_cents: each is a Decimal already


def extend(settlement: Settlement, deals, *, checked: bool = False) -> Settlement:
    """The settlement after `deals` more, continuing from `settlement` exactly as a full replay would."""
    partie = settlement.partie
    rules = partie.rules
    n = len(partie.players)
    results = list(settlement.deals)
    balance = settlement.balance
    pot = settlement.pot
    dealer = settlement.next_dealer
    bankrupt = settlement.bankrupt
    problems: list[Problem] = []
    scored: dict = {}   # id(deal) -> the deal and its score: a partie file's repeated deals are one object
    pot_cents = None    # the pot written in cents, while it stays
    for number, deal in enumerate(deals, start=len(results) + 1):
        found = [] if checked else check(rules, deal, partie.players)
        if bankrupt is not None and not problems:
            found.append(Problem("type", "the partie ended after deal {n}: {name} ran out of money",
                                 n=number - 1, name=partie.players[bankrupt]))
        if found:
            problems.extend(p.at(number) for p in found)
            continue
        if problems:
            continue
        known = scored.get(id(deal))
        if known is None:   # what a deal is worth depends only on the rules and the deal; the pot comes after
            won, units, schneider, planned = score(rules, deal, n)
            pays = any(t.payer == POT for t in planned)
            known = scored[id(deal)] = (deal, won, units, schneider, planned,
                                        None if pays else (tuple(planned), _net(planned, n)))
        _, won, units, schneider, planned, fixed = known
        if fixed is not None:   # the pot pays nothing: the same transfers wherever the deal stands
            transfers, net = fixed
        else:
            moved: list[Transfer] = []
            for t in planned:
                if t.payer == POT:       # the pot pays what it has, and is refilled when empty
                    paid = min(t.amount, pot)
                    moved.append(Transfer(POT, t.payee, paid, t.reason))
                    pot -= paid
                    if pot <= 0:
                        for i in range(n):
                            moved.append(Transfer(i, POT, rules.ante, "ante"))
                        pot += n * rules.ante
                else:
                    moved.append(t)
            transfers, net = tuple(moved), _net(moved, n)
            pot_cents = None
        if pot_cents is None and pot is not None:
            pot_cents = to_cents(pot)
        # b and x are whole cents written with two decimals (the start's and `_net`'s amounts, and sums of them):
        # their sum is exact (amounts are far below 28 digits) and has two decimals, so `to_cents` would
        # give it back unchanged, sign of a zero included (tests/test_haferl.py checks every balance)
        balance = tuple(map(add, balance, net))
        credits = None
        if rules.bankroll is not None:
            credits = tuple(to_cents(rules.bankroll + b) for b in balance)
            if min(credits) <= 0:
                bankrupt = min(range(n), key=lambda i: credits[i])
        dealer = (deal.dealer + 1) % n   # next_dealer(n, deal); sitting_out(n, deal.dealer) below
        results.append(DealResult(number, deal, deal.dealer if n == 4 else None, won, units, schneider,
                                  transfers, net, balance, pot_cents, credits, dealer))
    if problems:
        raise HaferlError(problems)
    return Settlement(
        partie=partie.with_deals(partie.deals + tuple(deals)), deals=tuple(results), balance=tuple(balance),
        pot=None if pot is None else to_cents(pot), next_dealer=dealer,
        credits=tuple(to_cents(rules.bankroll + b) for b in balance) if rules.bankroll is not None else None,
        bankrupt=bankrupt)


def at_the_end(settlement: Settlement, keep_pot: bool = False) -> tuple[tuple[Decimal, ...], Decimal]:
    """What each player has won (+) or lost (-) when the evening ends, and what stays in the pot.

    The pot is shared equally among the players (the cents that do not divide go to the first players in
    seating order), unless it is kept for the next evening: then it stays, and the players' amounts add up to
    minus the pot (the pot is owed that money). Either way the amounts and the pot add up to zero.
    """
    balance = list(settlement.balance)
    pot = settlement.pot or ZERO
    if keep_pot or not pot:
        return tuple(balance), pot
    return tuple(to_cents(b + s) for b, s in zip(balance, shared(pot, len(balance)))), ZERO


def close(money, pot: Decimal | None, keep: bool, carried: Decimal = ZERO) -> Closing:
    """An evening's end (RULES-BAVARIAN.md §2): the pot shared equally among the players (the cents that do not divide
    go to the first players in seating order), with the pot the Runde's earlier evenings kept and carried in shared
    after it; or kept for the next evening, the carried pot with it: then the pot's line is what it keeps (the
    players' money adds up to minus it), else minus what it pays out of the carried pot."""
    pot = pot or ZERO
    money = tuple(money)
    if keep:
        return Closing(money, pot, carried, True, pot, carried + pot)
    n = len(money)
    return Closing(tuple(to_cents(m + s + c) for m, s, c in zip(money, shared(pot, n), shared(carried, n))),
                   pot, carried, False, -carried, ZERO)


def schrift(settlement: Settlement) -> tuple[int, ...]:
    """Each player's Schrift at a tournament's table (RULES-TOURNAMENT.md §1: Bavarian Tarock writes no points, only
    money): what he has won or lost at the end of the round in cents, the pot shared as at the end of an evening
    (`at_the_end`), so that the table's Schrift sums to 0."""
    amounts, _pot = at_the_end(settlement)
    return tuple(int(a * 100) for a in amounts)


def games_counted(settlement: Settlement) -> int:
    """The deals that count as games of a tournament's round: every deal but a redeal."""
    return sum(1 for r in settlement.deals if r.deal.type != "redeal")
