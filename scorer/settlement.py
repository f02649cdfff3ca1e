"""The base class of the games' settlements.

A game's settlement (what its engine's `replay` returns, a frozen dataclass) subclasses `Settlement` and has its
own fields: `partie`, `deals` (one result per deal), `balance`, `next_dealer`. Shared code reads those and nothing
else of it: what a game may have besides (money, a pot, doubled deals pending, a bankroll run out) it asks the
game (`Game.money`, `pot`, `doubled_pending`, `bankrupt`), never the settlement. One deal's result is the game's
own; the seat that sat it out is the game's `sitting_out` hook.
"""

from __future__ import annotations


class Settlement:
    __slots__ = ()


def read_off(settlement, k: int, start, after):
    """A game's `upto(settlement, k)`: the settlement after the first `k` of `settlement`'s deals, exactly as
    replaying only those gives, read off the deals' results without scoring again (an edit of deal k + 1 replays
    from here): the settlement itself when k reaches its end, the game's `start` of no deal at k 0, else
    `after(partie, results, settlement)`: the game's settlement of the partie of the first k deals and their
    results."""
    if k >= len(settlement.deals):
        return settlement
    partie = settlement.partie.with_deals(settlement.partie.deals[:k])
    if k <= 0:
        return start(partie)
    return after(partie, settlement.deals[:k], settlement)
