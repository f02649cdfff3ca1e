"""Scoring Tapp-Tarock: one deal's items (points and money points apart) and the replay of a partie with the
round and the next dealer (RULES-TAPP.md §2-§6, §9). Tapp has no doubled rounds: the multiplier stays 1."""

from __future__ import annotations

from ...tarock.radl import Replay
from ...tarock.sides import Item, Items
from .deals import Deal, active, check, sitting_out, teams, won
from .problems import TappError
from .rules import HAND_VALUES, RuleSet


def score(rules: RuleSet, deal: Deal, n: int) -> tuple[Item, ...]:
    """The items of one deal that `check` accepted: the game or the Valat, the side premiums, the hand premiums;
    a renonce; a misdeal."""
    out = Items(n, rules.kontra_in_schrift)
    if deal.type == "misdeal":   # the offender pays every other player at the table, the one sitting out too
        out.side("misdeal", rules.misdeal_penalty, False, (deal.offender,),
                 [p for p in range(n) if p != deal.offender])
        return tuple(out.items)
    team, others = teams(rules, deal, n)
    contract = deal.contract
    if deal.type == "renonce":
        out.add("renonce", _renonce(rules, deal, others, n))
    else:
        valat = deal.entry("valat")
        if valat is not None:   # any Valat entry replaces the game, with the higher Kontra
            out.side("valat", rules.premium_value("valat", valat.announced, contract), valat.winner == "declarer",
                     team, others, max(deal.kontra, valat.kontra))
        else:
            out.side("game", rules.value(contract), won(rules, deal), team, others, deal.kontra)
        for e in deal.premiums:
            if e is not valat:
                out.side(e.premium, rules.premium_value(e.premium, e.announced, contract), e.winner == "declarer",
                         team, others, e.kontra)
    players = active(deal, n)
    for h in deal.hand_premiums:   # whatever the game did: each other active player pays the holder
        out.side(h.premium, HAND_VALUES[h.premium], True, (h.player,), [p for p in players if p != h.player])
    return tuple(out.items)


def _renonce(rules: RuleSet, deal: Deal, defenders, n: int) -> list[int]:
    """Every player but the offender gets what a won game and every announced premium would bring his side: the
    declarer k × (g + a) with k defenders, each defender g + a; the offender pays it all (§6)."""
    said = [e for e in deal.premiums if e.announced]
    g = next((rules.premium_value("valat", True, deal.contract) for e in said if e.premium == "valat"),
             rules.value(deal.contract))
    each = g + sum(rules.premium_value("pagat", True, deal.contract) for e in said if e.premium == "pagat")
    pay = [0] * n
    for p in (deal.declarer, *defenders):
        if p != deal.offender:
            pay[p] = each * len(defenders) if p == deal.declarer else each
    pay[deal.offender] = -sum(pay)
    return pay


REPLAY = Replay(check=check, score=score, won=won, error=TappError, sitting_out=sitting_out)
start, replay, extend, upto, games_counted = REPLAY.start, REPLAY.replay, REPLAY.extend, REPLAY.upto, \
    REPLAY.games_counted
