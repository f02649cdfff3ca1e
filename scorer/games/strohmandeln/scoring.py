"""Scoring: one deal's items, and the replay of a partie into its settlement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple
from decimal import Decimal

from ...partie import Partie
from ...settlement import Settlement as BaseSettlement, read_off
from ...amounts import to_cents
from ...tarock.cards import rounded
from .deals import Deal, check, vorhand
from .problems import Problem, StrohmandelnError
from .rules import RuleSet

IN_THE_TRICKS = ("trull_tricks", "four_kings_tricks")


class Item(NamedTuple):
    """One part of a deal's game points: what it is, who is credited, how much."""

    item: str
    player: int
    points: int


class DealScore(NamedTuple):
    """What one deal is worth before any doubled round: its items, the points they add up to, the winner."""

    items: tuple[Item, ...]
    points: tuple[int, int]
    piles: tuple[int, int] | None = None
    winner: int | None = None
    draw: bool = False
    valat: int | None = None


def _score(items, piles=None, winner=None, draw=False, valat=None) -> DealScore:
    """A DealScore with its points added up per player."""
    a = b = 0
    for i in items:
        if i.player == 0:
            a += i.points
        else:
            b += i.points
    return DealScore(tuple(items), (a, b), piles, winner, draw, valat)


def score(rules: RuleSet, deal: Deal, players: int = 2) -> DealScore:
    """The items of one deal that `check` accepted, multiplier not applied (`players`: always two here, as
    every game's `score(rules, deal, players)` is called)."""
    if deal.type == "misdeal":
        return _score((Item("misdeal", 1 - deal.offender, rules.misdeal_value),))
    if deal.type == "redeal":
        return _score(())
    pack = rules.pack
    piles = deal.piles(pack.total_thirds)
    undertaker = deal.undertaker
    if deal.type == "renonce":
        winner = 1 - deal.offender
    else:
        win = pack.win
        winner = 0 if rounded(piles[0]) >= win else 1 if rounded(piles[1]) >= win else None
        if winner is None and undertaker is not None and rules.undertaken_draw_lost:
            winner = 1 - undertaker
    valat = None
    if winner is not None and rules.valat_value:
        listed = {b.bonus: b.player for b in deal.bonuses}
        if listed.get("valat") == winner or (pack.in_threes and piles and piles[winner] == pack.total_thirds):
            valat = winner

    game: list[Item] = []
    if winner is not None:
        if undertaker is None:
            value = rules.simple_game_value
        else:
            value = rules.undertaken_won if winner == undertaker else rules.undertaken_lost
        game.append(Item("game", winner, value))
        won_with = rounded(piles[winner]) if piles else None
        if rules.grammel and won_with is not None and won_with >= rules.grammel:
            game.append(Item("grammel", winner, 1))
        if rules.absolut and won_with is not None:
            absolut_from, absolut, grand_from, grand = rules.absolut
            if won_with >= grand_from:
                game.append(Item("grandpoint", winner, grand))
            elif won_with >= absolut_from:
                game.append(Item("absolut", winner, absolut))
        if deal.kontra:
            game = [Item(i.item, i.player, 2 * i.points) for i in game]

    table = rules.bonuses
    draw = winner is None
    bonuses = [Item(b.bonus, b.player, rules.draw_value(b.bonus) if draw else table[b.bonus])
               for b in deal.bonuses if b.bonus != "valat"]
    if valat is not None:
        tricks = [Item(name, valat, rules.bonuses[name]) for name in IN_THE_TRICKS if name in rules.bonuses]
        bonuses = [b for b in bonuses if b.item not in IN_THE_TRICKS]
        if rules.valat == "replace":
            game, tricks = [], []
        items = game + [Item("valat", valat, rules.valat_value)] + tricks + bonuses
    else:
        items = game + bonuses
    return _score(items, piles, winner, winner is None and undertaker is None, valat)


def starts_nullrunde(rules: RuleSet, deal: Deal, result: DealScore) -> bool:
    """Whether a game starts a doubled round: a simple-game draw, or a tie after bonuses."""
    if not rules.has_nullrunde or deal.type != "game":
        return False
    a, b = result.points
    return result.draw or a == b


class DealResult(NamedTuple):
    """One deal as the scoresheet shows it, with everything derived from the deals before it."""

    number: int
    deal: Deal
    round: int
    multiplier: int
    items: tuple[Item, ...]
    points: tuple[int, int]
    balance: tuple[int, int]
    doubled_pending: int
    next_dealer: int
    piles: tuple[int, int] | None
    winner: int | None
    draw: bool
    nullrunde: bool
    credits: tuple[int, int] | None = None


@dataclass(frozen=True)
class Settlement(BaseSettlement):
    """The result of replaying a partie: each deal, the balance, the money, what comes next."""

    partie: Partie
    deals: tuple[DealResult, ...]
    balance: tuple[int, int]
    money: tuple[Decimal, Decimal]
    doubled_pending: int
    next_multiplier: int
    next_dealer: int
    games: int
    credits: tuple[int, int] | None = None
    bankrupt: int | None = None
    doubled_rounds: tuple[int, ...] = ()   # games left in each pending doubled round, to continue from here

    @property
    def vorhand(self) -> int:
        """Who leads and decides first in the next deal: the non-dealer."""
        return vorhand(self.next_dealer)

    @property
    def round(self) -> int:
        """The round the next game belongs to (1-based)."""
        return self.games // 2 + 1


@dataclass
class _Doubling:
    """The doubled rounds still to come: a count (queue) or one count per round (stack)."""

    policy: str
    rounds: list = field(default_factory=list)

    @property
    def multiplier(self) -> int:
        if not self.rounds:
            return 1
        return 2 ** len(self.rounds) if self.policy == "stack" else 2

    @property
    def pending(self) -> int:
        if self.policy == "stack":
            return max(self.rounds, default=0)
        return sum(self.rounds)

    def play(self) -> None:
        """One game was played: it used up one game of each running doubled round."""
        if self.policy == "stack":
            self.rounds = [r - 1 for r in self.rounds if r > 1]
        elif self.rounds:
            self.rounds[0] -= 1
            if not self.rounds[0]:
                self.rounds.pop(0)

    def start(self) -> None:
        """A draw or tie: the next two games (after those already doubled, in a queue) count double."""
        self.rounds.append(2)


def next_dealer(rules: RuleSet, deal: Deal) -> int:
    """Who deals after `deal`: the other player after a game, the same after a misdeal or a redeal."""
    if deal.counts_as_game:
        return 1 - deal.dealer
    if deal.type == "redeal" and deal.reason == "passed" and rules.preset == "beck":
        return 1 - deal.dealer  # Beck: the old Vorhand deals again
    return deal.dealer


def money(balance: int, stake: Decimal) -> Decimal:
    """A balance in money: balance times stake, to the cent at least."""
    return to_cents(balance * stake)


def start(partie: Partie) -> Settlement:
    """The settlement of the partie's players and rules before any deal."""
    zero = (0, 0)
    bankroll = partie.rules.bankroll
    return Settlement(
        partie=Partie(partie.players, partie.rules, (), partie.first_dealer), deals=(), balance=zero,
        money=(money(0, partie.rules.stake), money(0, partie.rules.stake)), doubled_pending=0, next_multiplier=1,
        next_dealer=partie.first_dealer, games=0, credits=(bankroll, bankroll) if bankroll is not None else None)


def replay(partie: Partie, *, checked: bool = False) -> Settlement:
    """Every deal scored in order (StrohmandelnError names each that cannot be; `checked`: they passed `check`)."""
    return extend(start(partie), partie.deals, checked=checked)


def upto(settlement: Settlement, k: int) -> Settlement:
    """The settlement after the first `k` deals, read off their results (`scorer.settlement.read_off`)."""
    return read_off(settlement, k, start, _after)


def _after(partie: Partie, results: tuple, settlement: Settlement) -> Settlement:
    """The settlement of `partie` (its first deals) after `results`: the balance and money, the Nullrunde's rounds
    and the next multiplier, the games counted, the credits."""
    rules = partie.rules
    last = results[-1]
    multiplier = settlement.deals[len(results)].multiplier   # the next deal's multiplier: the one after the last
    pending = last.doubled_pending
    if (rules.nullrunde or "queue") == "stack":   # after a game: [], [1], [2] or [1, 2] (see _Doubling)
        rounds = [1] * (multiplier.bit_length() - 2) + [pending] if pending else []
    else:   # a queue: the first round perhaps half played, the later ones whole
        rounds = [1] * (pending % 2) + [2] * (pending // 2)
    balance = last.balance[0]
    return Settlement(
        partie=partie, deals=results, balance=(balance, -balance),
        money=(money(balance, rules.stake), money(-balance, rules.stake)), doubled_pending=pending,
        next_multiplier=multiplier, next_dealer=last.next_dealer,
        games=sum(1 for r in results if r.deal.counts_as_game), credits=last.credits, bankrupt=None,
        doubled_rounds=tuple(rounds))


def extend(settlement: Settlement, deals, *, checked: bool = False) -> Settlement:
    """The settlement after `deals` more, continuing from `settlement` exactly as a full replay would."""
    partie = settlement.partie
    rules = partie.rules
    problems: list[Problem] = []
    results: list[DealResult] = list(settlement.deals)
    doubling = _Doubling(rules.nullrunde or "queue", list(settlement.doubled_rounds))
    balance = settlement.balance[0]
    games = settlement.games
    dealer = settlement.next_dealer
    bankroll = rules.bankroll
    bankrupt = settlement.bankrupt
    # what a deal is worth depends only on the rules and the deal: worked out once per deal (by identity: the
    # results keep every deal alive), and per multiplier; a partie file's reader hands repeated deals as one object
    scored: dict = {}
    multiplied: dict = {}
    for number, deal in enumerate(deals, start=len(results) + 1):
        found = () if checked else check(rules, deal, partie.players)
        if bankrupt is not None and not problems:
            found = [*found, Problem("type", "the partie ended after deal {n}: {name} ran out of credits",
                                     n=number - 1, name=partie.players[bankrupt])]
        if found:
            problems.extend(p.at(number) for p in found)
            continue
        if problems:
            continue  # keep checking the rest, but stop scoring
        known = scored.get(id(deal))
        if known is None:
            result = score(rules, deal)
            known = scored[id(deal)] = (result, result.items, result.points, result.piles, result.winner,
                                        result.draw, deal.counts_as_game, starts_nullrunde(rules, deal, result),
                                        next_dealer(rules, deal))
        result, items, points, piles, winner, draw, counts, starts, dealer = known
        multiplier = doubling.multiplier if doubling.rounds else 1
        if multiplier != 1:
            both = multiplied.get((id(deal), multiplier))
            if both is None:
                raw = result.points
                both = multiplied[id(deal), multiplier] = (
                    tuple(Item(i.item, i.player, i.points * multiplier) for i in result.items),
                    (raw[0] * multiplier, raw[1] * multiplier))
            items, points = both
        balance += points[0] - points[1]
        game_round = games // 2 + 1
        nullrunde = False
        if counts:
            games += 1
            if doubling.rounds:
                doubling.play()
            nullrunde = starts
            if nullrunde:
                doubling.start()
        credits = None
        if bankroll is not None:
            credits = (bankroll + balance, bankroll - balance)
            if min(credits) <= 0:
                bankrupt = 0 if credits[0] <= 0 else 1
        results.append(DealResult(
            number, deal, game_round, multiplier, items, points, (balance, -balance),
            doubling.pending if doubling.rounds else 0, dealer, piles, winner, draw, nullrunde, credits))
    if problems:
        raise StrohmandelnError(problems)
    return Settlement(
        partie=Partie(partie.players, rules, partie.deals + tuple(deals), partie.first_dealer),
        deals=tuple(results), balance=(balance, -balance),
        money=(money(balance, rules.stake), money(-balance, rules.stake)),
        doubled_pending=doubling.pending, next_multiplier=doubling.multiplier, next_dealer=dealer, games=games,
        credits=(bankroll + balance, bankroll - balance) if bankroll is not None else None, bankrupt=bankrupt,
        doubled_rounds=tuple(doubling.rounds),
    )


def games_counted(settlement: Settlement) -> int:
    """The deals that count as games of a tournament's round: those that count toward the rounds (no misdeal or
    redeal)."""
    return settlement.games
