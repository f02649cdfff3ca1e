"""Scoring Königrufen: one deal's items (points and money points apart), and the replay of a partie with
the Radl, the doubled Radl and the next dealer (RULES-KOENIGRUFEN.md §2–§8)."""

from __future__ import annotations

from dataclasses import dataclass

from ...partie import Partie
from ...tarock.radl import DealResult, Replay, Settlement as RadlSettlement, in_money, next_dealer  # noqa: F401 - the game's own
from ...tarock.sides import Item, Items
from .deals import BUERGERMEISTER, Deal, check, deal_won, sitting_out, vorhand
from .problems import KoenigrufenError, Problem
from .rules import BETTEL, BIRDS, HOLDINGS, NEGATIVE, SAECKE, SOLO, VALAT_FACTOR, RuleSet


@dataclass(frozen=True)
class Settlement(RadlSettlement):
    """The replay of a partie (`scorer.tarock.radl`: the Radl, the doubled Radl, the next dealer), and who sits the
    next deal out at a table of five."""

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


def score(rules: RuleSet, deal: Deal, n: int) -> tuple[Item, ...]:
    """The items of one deal that `check` accepted, before any doubled Radl."""
    out = Items(n, rules.kontra_in_schrift)
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
        out.side("conceded", amount, False, team, others)
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


def won(rules: RuleSet, deal: Deal) -> bool | None:
    """Whether the declarer's side won a game (None: a Trischaken, a concession)."""
    return None if deal.contract == "trischaken" or deal.conceded else deal_won(deal)


REPLAY = Replay(check=check, score=score, won=won, error=KoenigrufenError,
                triggers=lambda rules, deal, items: triggers(rules, deal), sitting_out=sitting_out,
                settlement=Settlement)
start, replay, extend, upto, games_counted = REPLAY.start, REPLAY.replay, REPLAY.extend, REPLAY.upto, \
    REPLAY.games_counted


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
