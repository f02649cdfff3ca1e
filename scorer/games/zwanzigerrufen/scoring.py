"""Scoring Zwanzigerrufen: one deal's items (points and money points apart) and the replay of a partie with the
Radl, the doubled Radl after a Mondfang and the next dealer (RULES-ZWANZIGERRUFEN.md §2-§8)."""

from __future__ import annotations

from ...tarock.radl import Replay
from ...tarock.sides import Item, Items
from .deals import PLAYERS, Deal, check, teams, won
from .problems import ZwanzigerrufenError
from .rules import VALUES, RuleSet


def score(rules: RuleSet, deal: Deal, n: int = PLAYERS) -> tuple[Item, ...]:
    """The items of one deal that `check` accepted, before any doubled Radl."""
    out = Items(n, rules.kontra_in_schrift)
    if deal.type == "misdeal":
        out.side("misdeal", rules.misdeal_penalty, False, (deal.offender,),
                 [p for p in range(n) if p != deal.offender])
        return tuple(out.items)
    team, others = teams(deal)
    contract = deal.contract
    if deal.type == "renonce":
        out.add("renonce", _renonce(rules, deal, team, n))
        return tuple(out.items)
    valat = deal.entry("valat")
    if valat is not None and rules.valat == "replaces":   # tcmm: the Valat is the deal's whole value
        out.side("valat", rules.premium_value("valat", valat.announced, contract), valat.winner == "declarer", team,
                 others, max(deal.kontra, valat.kontra))
        return tuple(out.items)
    out.side("game", rules.value(contract), won(rules, deal), team, others, deal.kontra)
    for e in (valat,) if valat is not None else deal.premiums:   # beside a Valat no other premium counts
        out.side(e.premium, rules.premium_value(e.premium, e.announced, contract), e.winner == "declarer", team,
                 others, e.kontra)
    return tuple(out.items)


def _renonce(rules: RuleSet, deal: Deal, team, n: int) -> list[int]:
    """Every other player gets what he would get had his side won (`as_lost`: the game and every announced
    premium, a lone declarer three times; `flat`: the contract's value); the offender pays it all (§7)."""
    value = rules.value(deal.contract)
    if rules.renonce == "as_lost":
        value += sum(VALUES[e.premium][0] for e in deal.premiums if e.announced)   # doubles nothing
    pay = [0] * n
    for p in range(n):
        if p != deal.offender:
            pay[p] = 3 * value if rules.renonce == "as_lost" and team == (p,) else value
    pay[deal.offender] = -sum(pay)
    return pay


def triggers(rules: RuleSet, deal: Deal, items) -> bool:
    """A game deal whose items include a Mondfang starts a doubled Radl where the rules say so (§8)."""
    return deal.type == "game" and "mondfang" in rules.doubled_radl and any(i.item == "mondfang" for i in items)


REPLAY = Replay(check=check, score=score, won=won, error=ZwanzigerrufenError, triggers=triggers)
start, replay, extend, upto, games_counted = REPLAY.start, REPLAY.replay, REPLAY.extend, REPLAY.upto, \
    REPLAY.games_counted
