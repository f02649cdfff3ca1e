"""Who pays whom at the end: the fewest transfers that settle a set of balances (pure, any game).

Balances are amounts of money that add up to zero (a player's winnings positive, losses negative). The fewest
transfers are found exactly: the players are split into as many groups as possible whose balances add up to
zero (each group of k players then settles in k - 1 transfers), by a search over subsets that is instant for
the players of a table or of a Runde (up to 16 with a balance; more, rarer still, are settled greedily).
"""

from __future__ import annotations

from decimal import Decimal
from typing import NamedTuple, Sequence

EXACT_UP_TO = 16


class Transfer(NamedTuple):
    payer: int          # index into the balances
    payee: int
    amount: Decimal


def _cents(value) -> int:
    return int((Decimal(value) * 100).to_integral_value())


def _groups(cents: list[int], people: list[int]) -> list[list[int]]:
    """`people` split into the most groups whose cents add up to zero (exact for a few, else one group)."""
    n = len(people)
    if n > EXACT_UP_TO:
        return [people]
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + cents[people[low]]
        zero = 1 if total[mask] == 0 else 0
        best[mask] = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1) + zero
    order = []          # the people in an order whose running sums are zero at every group's end
    mask = full
    while mask:
        zero = 1 if total[mask] == 0 else 0
        i = next(i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] + zero == best[mask])
        order.append(people[i])
        mask ^= 1 << i
    order.reverse()
    groups, group, running = [], [], 0
    for p in order:
        group.append(p)
        running += cents[p]
        if running == 0:
            groups.append(sorted(group))
            group = []
    if group:
        groups.append(sorted(group))
    return groups


def fewest_transfers(balances: Sequence) -> list[Transfer]:
    """The transfers that bring every balance to zero, as few as there can be; ordered by payer, then payee.

    `balances` must add up to zero (to the cent); ValueError otherwise.
    """
    cents = [_cents(b) for b in balances]
    if sum(cents) != 0:
        raise ValueError("balances must add up to zero")
    people = [i for i, c in enumerate(cents) if c]
    transfers: list[Transfer] = []
    for group in _groups(cents, people):
        owed = {p: cents[p] for p in group}
        while any(owed.values()):
            payer = min((p for p in group if owed[p] < 0), key=lambda p: (owed[p], p))
            payee = max((p for p in group if owed[p] > 0), key=lambda p: (owed[p], -p))
            amount = min(-owed[payer], owed[payee])
            transfers.append(Transfer(payer, payee, Decimal(amount) / 100))
            owed[payer] += amount
            owed[payee] -= amount
    return sorted(transfers, key=lambda t: (t.payer, t.payee))
