"""What shared code reads of every game's settlement: the base class of the games' settlements.

A game's settlement (what its engine's `replay` returns, a frozen dataclass) subclasses `Settlement` and has its
own fields: `partie`, `deals` (one result per deal), `balance`, `next_dealer`. Shared code (the board, the end
page, the Runde) also reads the attributes in `DEFAULTS` of any settlement: a game that has them has them as
fields or properties, the others answer these defaults. (They are not class attributes: a dataclass would take
them for its fields' defaults.) One deal's result is the game's own; the seat that sat it out is the game's
`sitting_out` hook.
"""

from __future__ import annotations

DEFAULTS = {
    "pot": None,             # the money in the pot after the deals (a game played with a pot: a Decimal)
    "doubled_pending": 0,    # doubled games still to play
    "money": (),             # each player's money (Decimal) after the deals; () for a game without money
}


class Settlement:
    __slots__ = ()

    def __getattr__(self, name):   # asked only for what the settlement itself does not have
        try:
            return DEFAULTS[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}") from None


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
