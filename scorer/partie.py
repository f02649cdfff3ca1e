"""What every game's partie shares: its players, its rule set, its deals in order, who dealt first,
and money to the cent.  Each game's engine replays a `Partie` with its own rules."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Partie:
    """An evening under one rule set: the players in their seating order and the deals as they were dealt."""

    players: tuple[str, ...]
    rules: object
    deals: tuple = ()
    first_dealer: int = 0

    def with_deals(self, deals) -> "Partie":
        """The same partie with other deals."""
        return Partie(self.players, self.rules, tuple(deals), self.first_dealer)


def to_cents(value: Decimal) -> Decimal:
    """An amount of money shown to the cent at least (0.5 -> 0.50, 0.125 stays)."""
    value = Decimal(value)
    if value.as_tuple().exponent > -2:
        value = value.quantize(CENT)
    return value
