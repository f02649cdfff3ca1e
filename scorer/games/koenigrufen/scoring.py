"""Scoring Königrufen: one deal's items (points and money points apart), and the replay of a partie with
the Radl, the doubled Radl and the next dealer (RULES-KOENIGRUFEN.md §2–§8)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from ...partie import Partie
from ...settlement import Settlement as BaseSettlement, read_off
from ...amounts import CENT
from .deals import BUERGERMEISTER, Deal, check, deal_won, sitting_out, vorhand
from .problems import KoenigrufenError, Problem
from .rules import BETTEL, BIRDS, HOLDINGS, NEGATIVE, SAECKE, SOLO, VALAT_FACTOR, RuleSet


class Item(NamedTuple):
    """One part of a deal: the game, a premium, the Valat, Trischaken, a renonce, a concession or a misdeal,
    with each player's points (Schrift) and money points (Geld), the deal's multiplier applied."""

    item: str
    points: tuple[int, ...]
    money_points: tuple[int, ...]


def in_money(money_points, stake: Decimal) -> tuple[Decimal, ...]:
    """Money points as money: each times the stake, in cents (a deal's, a balance's)."""
    return tuple((m * stake).quantize(CENT) for m in money_points)


class DealResult(NamedTuple):
    """One deal as the scoresheet shows it, with everything derived from the deals before it."""

    number: int
    deal: Deal
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
    won: bool | None          # the declarer's side won (None: Trischaken, renonce, concession, misdeal)
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
        stake = self.partie.rules.stake
        return in_money(self.money_balance, stake)

    @property
    def radl_left(self) -> int:
        """Counted deals missing to end the Radl (0 before any and at a Radl's end)."""
        return -self.counted % len(self.partie.players)

    @property
    def vorhand(self) -> int | None:
        """Who leads the next deal (and may play Rufer, Trischaken, Sechserdreier)."""
        return None if self.next_dealer is None else vorhand(self.next_dealer, len(self.partie.players))

    @property
    def sitting_out(self) -> int | None:
        """Who sits the next deal out: the dealer, at a table of five."""
        return None if self.next_dealer is None else sitting_out(self.next_dealer, len(self.partie.players))

    @property
    def next_multiplier(self) -> int:
        return 2 if self.doubled_pending else 1


def sides(deal: Deal, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the declarer's side, the opponents) among the active players."""
    out = sitting_out(deal.dealer, n)
    team = (deal.declarer,) if deal.real_partner is None else (deal.declarer, deal.real_partner)
    return team, tuple(p for p in range(n) if p != out and p not in team)


def _split(value: int, declarers_win: bool, team, others, n: int) -> list[int]:
    """An item of value `value`: 2 vs 2 each winner +v and each loser -v; 1 vs 3 the lone player ±3v."""
    out = [0] * n
    sign = 1 if declarers_win else -1
    lone = len(team) == 1
    for p in team:
        out[p] = sign * (3 * value if lone else value)
    for p in others:
        out[p] = -sign * value
    return out


class _Items:
    def __init__(self, rules: RuleSet, n: int):
        self.rules, self.n, self.items = rules, n, []

    def add(self, name: str, points: list[int], money: list[int] | None = None) -> None:
        money = points if money is None else money
        if self.rules.kontra_in_schrift:
            points = money
        self.items.append(Item(name, tuple(points), tuple(money)))

    def side(self, name: str, value: int, declarers_win: bool, team, others, kontra: int = 1) -> None:
        points = _split(value, declarers_win, team, others, self.n)
        self.add(name, points, [kontra * x for x in points])


def score(rules: RuleSet, deal: Deal, n: int) -> tuple[Item, ...]:
    """The items of one deal that `check` accepted, before any doubled Radl."""
    out = _Items(rules, n)
    if deal.type == "misdeal":
        pay = [rules.misdeal_penalty] * n
        pay[deal.offender] = -rules.misdeal_penalty * (n - 1)
        out.add("misdeal", pay)
        return tuple(out.items)
    if deal.type == "renonce":
        out.add("renonce", _renonce(rules, deal, n))
        return tuple(out.items)
    if deal.contract == "trischaken":
        out.add("trischaken", trischaken(rules, deal, n))
        return tuple(out.items)
    team, others = sides(deal, n)
    value = rules.value(deal.contract)
    if deal.contract in NEGATIVE:
        won = deal.won
        each = deal.kontra_each or (1,) * n
        points, money = [0] * n, [0] * n
        sign = 1 if won else -1
        for o in others:
            points[o], money[o] = -sign * value, -sign * value * each[o]
            points[deal.declarer] += sign * value
            money[deal.declarer] += sign * value * each[o]
        out.add("game", points, money)
        return tuple(out.items)
    if deal.conceded:   # the game value and the declarer side's announced birds; a Rufer has none (§3, §12)
        amount = value + (0 if deal.contract == "rufer" else sum(
            rules.premium_value(e.premium, True) for e in deal.premiums
            if e.premium in BIRDS and e.side == "declarer" and e.announced))
        out.add("conceded", _split(amount, False, team, others, n))
        return tuple(out.items)
    void = deal.contract == "solorufer" and deal.real_partner is None
    game_kontra = 1 if void else deal.kontra
    solo = 2 if deal.contract in SOLO else 1
    won = deal_won(deal)
    valat = next((e for e in deal.premiums if e.premium == "valat"), None)
    valat_made = valat is not None and valat.made
    if rules.valat == "multiplier" and valat is not None:
        declarers_win = (valat.side == "declarer") == bool(valat.made)
        amount = value * VALAT_FACTOR[0 if valat.announced else 1]
        if deal.contract == "sechserdreier" and not declarers_win:
            amount *= 2
        out.side("valat", amount, declarers_win, team, others, 1 if void else max(game_kontra, valat.kontra))
    else:
        if rules.valat == "wien" and valat_made and not valat.announced:
            game_kontra = 1   # a silent Valat voids the Kontra on the game (§14.1)
        out.side("game", value if won else rules.lost_value(deal.contract), won, team, others, game_kontra)
    for e in deal.premiums:
        if rules.valat == "multiplier" and valat is not None and (e.premium == "valat" or not e.announced):
            continue   # the Valat replaced the game; beside any Valat entry silent premiums are not scored (§4)
        if valat_made and e.premium in HOLDINGS and not _beside_valat(rules.valat, e):
            continue
        worth = rules.premium_value(e.premium, e.announced)
        if not worth:
            continue   # a premium worth 0 silent counts only announced (§14.3)
        declarers_win = (e.side == "declarer") == bool(e.made)
        out.side(e.premium, solo * worth, declarers_win, team, others, 1 if void else e.kontra)
    return tuple(out.items)


def _beside_valat(valat: str, entry) -> bool:
    """Whether a Trull, the Four Kings or a Sack is scored beside a made Valat: the Säcke never (§14.2); under the
    Valat as a premium (tirol) neither the Trull nor the Kings (§4); under the Wiener Valat only announced ones
    (§14.1); beside a multiplier only announced ones (silent premiums are left out before, §4)."""
    if entry.premium in SAECKE or valat == "premium":
        return False
    return entry.announced


def _renonce(rules: RuleSet, deal: Deal, n: int) -> list[int]:
    """Every other active player gets what his side's winning would bring him; the offender pays it all."""
    out = sitting_out(deal.dealer, n)
    active = [p for p in range(n) if p != out]
    pay = [0] * n
    if deal.contract == "trischaken":
        each = (3 if rules.trischaken_renonce == "flat3" else 2) * rules.value("trischaken")
        if rules.trischaken_renonce == "vorhand_double" and deal.offender == vorhand(deal.dealer, n):
            each *= 2
        for p in active:
            if p != deal.offender:
                pay[p] = each
    else:
        team, _others = sides(deal, n)
        value = rules.value(deal.contract)
        solo = 2 if deal.contract in SOLO else 1
        announced = [e for e in deal.premiums if e.announced]   # only the announced ones are paid (§7, §13)
        valat = any(e.premium == "valat" for e in announced) and rules.valat == "multiplier"
        for p in active:
            if p == deal.offender:
                continue
            game = value * VALAT_FACTOR[0] if valat else value
            if deal.contract == "sechserdreier" and p not in team:
                game *= 2
            premiums = sum(solo * rules.premium_value(e.premium, True) for e in announced
                           if not (e.premium == "valat" and rules.valat == "multiplier"))
            pay[p] = (game + premiums) * (3 if p in team and len(team) == 1 else 1)
    pay[deal.offender] = -sum(pay)
    return pay


def trischaken(rules: RuleSet, deal: Deal, n: int) -> list[int]:
    """Who pays whom in a Trischaken (§6), from every active player's card points."""
    u = rules.value("trischaken")
    cp = deal.card_points
    active = [p for p in range(n) if cp[p] is not None]
    v = vorhand(deal.dealer, n)
    pay = [0] * n

    def give(payer: int, payee: int, amount: int) -> None:
        pay[payer] -= amount
        pay[payee] += amount

    jungfrauen = [p for p in active if cp[p] == 0]
    top = max(cp[p] for p in active)
    if rules.trischaken_payout == "pairs":
        if jungfrauen:
            for p in active:
                if p not in jungfrauen:
                    for j in jungfrauen:
                        give(p, j, u)
            return pay
        payer, amount = None, u
        if cp[v] == top:
            payer, amount = v, (2 * u if cp[v] >= BUERGERMEISTER else u)
        else:
            payer = next((p for p in active if cp[p] >= BUERGERMEISTER), None)
        if payer is not None:
            for p in active:
                if p != payer:
                    give(payer, p, amount)
            return pay
        first, second, third, fourth = sorted(active, key=lambda p: -cp[p])
        a, b, c, d = (cp[first], cp[second], cp[third], cp[fourth])
        if a == b == c:
            for p in (first, second, third):
                give(p, fourth, u)
        elif b == c == d:
            for p in (second, third, fourth):
                give(first, p, u)
        elif b == c:
            give(first, fourth, u)
        else:
            give(first, third, u)
            give(second, fourth, u)
        return pay
    losers = [p for p in active if cp[p] == top]
    if rules.trischaken_payout == "share":
        return _shared(pay, cp, active, v, losers, jungfrauen, u)
    full = rules.jungfrauen == "full"
    if v in losers or len(losers) == 1:
        loser = v if v in losers else losers[0]
        if loser == v:
            b = 4 if cp[v] >= BUERGERMEISTER else 2
        else:
            b = 2 if cp[loser] >= BUERGERMEISTER else 1
        if jungfrauen:
            if full:
                each = 3 * b * u
            elif b == 1 and len(jungfrauen) == 2:
                each = 2 * u
            else:
                each = 3 * b * u // len(jungfrauen)
            for j in jungfrauen:
                give(loser, j, each)
        else:
            for p in active:
                if p != loser:
                    give(loser, p, b * u)
    elif len(losers) == 2:
        others = [p for p in active if p not in losers]
        lone = [p for p in others if cp[p] == 0]
        for loser, other in zip(losers, others):
            give(loser, lone[0] if len(lone) == 1 else other, 2 * u)
    else:
        fourth = next(p for p in active if p not in losers)
        for loser in losers:
            give(loser, fourth, u)
    return pay


def _shared(pay, cp, active, v, losers, jungfrauen, u) -> list[int]:
    """`trischaken_payout: "share"` (§14.1): the Vorhand among the players with the most points loses alone (b = 2,
    4 as Bürgermeister), else each of them (b = 1, 2 as Bürgermeister); the losers pay 3b·u in equal shares, to the
    Jungfrauen in equal shares, or else to everyone else in equal shares."""
    if v in losers:
        losers, b = [v], (4 if cp[v] >= BUERGERMEISTER else 2)
    else:
        b = 2 if cp[losers[0]] >= BUERGERMEISTER else 1
    takers = jungfrauen or [p for p in active if p not in losers]
    total = 3 * b * u
    if total % len(losers) or total % len(takers):   # an even u makes every share whole (§14.1): never rounded
        raise KoenigrufenError([Problem("card_points", "a Trischaken share of {total} among {losers} and {takers} is "
                                        "not whole: the rules must give Trischaken an even value", total=total,
                                        losers=len(losers), takers=len(takers))])
    for p in losers:
        pay[p] -= total // len(losers)
    for p in takers:
        pay[p] += total // len(takers)
    return pay


def triggers(rules: RuleSet, deal: Deal) -> bool:
    """Whether the deal starts a doubled Radl (§8): a Trischaken or Bettel game, as the options say."""
    if deal.type != "game":
        return False
    return ((deal.contract == "trischaken" and "trischaken" in rules.doubled_radl)
            or (deal.contract in BETTEL and "bettel" in rules.doubled_radl))


def next_dealer(players: int, deal: Deal) -> int:
    """After a misdeal the same dealer deals again; otherwise the Vorhand deals next."""
    return deal.dealer if deal.type == "misdeal" else (deal.dealer + 1) % players


def start(partie: Partie) -> Settlement:
    """The settlement before any deal."""
    zero = (0,) * len(partie.players)
    return Settlement(partie=partie.with_deals(()), deals=(), balance=zero, money_balance=zero, next_dealer=None,
                      doubled_pending=0, counted=0)


def replay(partie: Partie, *, checked: bool = False) -> Settlement:
    """Every deal scored in order (KoenigrufenError names each that cannot be; `checked`: they passed `check`)."""
    return extend(start(partie), partie.deals, checked=checked)


def _after(partie: Partie, results: tuple, settlement: Settlement) -> Settlement:
    """The settlement of `partie` (its first deals) after `results`: the last one's Schrift and money points, next
    dealer and doubled Radl pending; the deals counted."""
    last = results[-1]
    return Settlement(partie=partie, deals=results, balance=last.balance,
                      money_balance=last.money_balance, next_dealer=last.next_dealer,
                      doubled_pending=last.doubled_pending,
                      counted=sum(1 for r in results if r.deal.counted))


def upto(settlement: Settlement, k: int) -> Settlement:
    """The settlement after the first `k` deals, read off their results (`scorer.settlement.read_off`)."""
    return read_off(settlement, k, start, _after)


def extend(settlement: Settlement, deals, *, checked: bool = False) -> Settlement:
    """The settlement after `deals` more, continuing from `settlement` exactly as a full replay would."""
    partie = settlement.partie
    rules = partie.rules
    n = len(partie.players)
    deals = tuple(deals)
    results = list(settlement.deals)
    balance, money = list(settlement.balance), list(settlement.money_balance)
    pending, counted, dealer = settlement.doubled_pending, settlement.counted, settlement.next_dealer
    problems: list[Problem] = []
    scored: dict = {}   # (id(deal), multiplier) -> its figures, the deal kept alive beside them: deals repeat
    for number, deal in enumerate(deals, start=len(results) + 1):
        found = [] if checked else check(rules, deal, partie.players)
        if found:
            problems.extend(p.at(number) for p in found)
            continue
        if problems:
            continue
        multiplier = 2 if pending else 1
        known = scored.get((id(deal), multiplier))
        if known is None:   # what a deal is worth depends only on the rules, the deal and the multiplier
            items = score(rules, deal, n)
            if multiplier != 1:
                items = tuple(Item(i.item, tuple(multiplier * x for x in i.points),
                                   tuple(multiplier * x for x in i.money_points)) for i in items)
            won = None
            if deal.type == "game" and deal.contract != "trischaken" and not deal.conceded:
                won = deal_won(deal)
            known = scored[id(deal), multiplier] = (
                deal, items, tuple(sum(i.points[p] for i in items) for p in range(n)),
                tuple(sum(i.money_points[p] for i in items) for p in range(n)),
                deal.counted and triggers(rules, deal), next_dealer(n, deal), sitting_out(deal.dealer, n),
                vorhand(deal.dealer, n), won)
        _, items, points, money_points, triggering, dealer, out, first, won = known
        balance = [b + x for b, x in zip(balance, points)]
        money = [b + x for b, x in zip(money, money_points)]
        triggered = False
        if deal.counted:
            counted += 1
            if pending:
                pending -= 1
            if triggering:
                pending += n
                triggered = True
        results.append(DealResult(number, deal, multiplier, items, points, money_points, tuple(balance),
                                  tuple(money), pending, dealer, out, first, won, triggered))
    if problems:
        raise KoenigrufenError(problems)
    return Settlement(partie=partie.with_deals(partie.deals + deals), deals=tuple(results), balance=tuple(balance),
                      money_balance=tuple(money), next_dealer=dealer, doubled_pending=pending, counted=counted)


def games_counted(settlement: Settlement) -> int:
    """The deals that count as games of a tournament's round: games and renonces, as for the Radl (not a misdeal)."""
    return settlement.counted


def preview(partie: Partie, deal: Deal, index: int | None = None, settlement: Settlement | None = None) -> DealResult:
    """The result `deal` would have if recorded at `index` (0-based; default: as the next deal).
    Raises KoenigrufenError with the deal's own problems (not numbered)."""
    found = check(partie.rules, deal, partie.players)
    if found:
        raise KoenigrufenError(found)
    if settlement is not None and index is None:
        return extend(settlement, (deal,)).deals[-1]
    deals = list(partie.deals)
    index = len(deals) if index is None else index
    deals[index:index + 1] = [deal]
    return replay(partie.with_deals(deals[:index + 1])).deals[index]
