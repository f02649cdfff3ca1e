"""The fewest transfers that settle an evening or a Runde: exact amounts, exact counts."""

from decimal import Decimal as D
import itertools
import random

import pytest

from scorer.settle import Transfer, fewest_transfers


@pytest.mark.parametrize("balances, expected", [
    (["1.10", "-1.10"], [Transfer(1, 0, D("1.10"))]),
    (["0", "0"], []),
    (["-0.50", "-0.50", "1.00"], [Transfer(0, 2, D("0.50")), Transfer(1, 2, D("0.50"))]),
    # two pairs that settle among themselves: 2 transfers, not 3
    (["-3", "3", "-2", "2"], [Transfer(0, 1, D("3")), Transfer(2, 3, D("2"))]),
    (["-0.22", "0.51", "-0.90", "0.61"], None),
    (["2.00", "-1.00", "-1.00", "0"], [Transfer(1, 0, D("1.00")), Transfer(2, 0, D("1.00"))]),
])
def test_fewest_transfers(balances, expected):
    transfers = fewest_transfers([D(b) for b in balances])
    if expected is not None:
        assert transfers == expected
    after = [D(b) for b in balances]
    for t in transfers:
        assert t.amount > 0
        after[t.payer] += t.amount
        after[t.payee] -= t.amount
    assert all(a == 0 for a in after)


def test_balances_that_do_not_add_up_are_refused():
    with pytest.raises(ValueError):
        fewest_transfers([D("1"), D("-0.99")])


def _minimum(cents):
    """The fewest transfers by brute force: n minus the most zero-sum groups a partition can have."""
    people = [c for c in cents if c]
    best = 0
    n = len(people)
    def parts(items):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for k in range(len(rest) + 1):
            for combo in itertools.combinations(range(len(rest)), k):
                group = [first] + [rest[i] for i in combo]
                others = [rest[i] for i in range(len(rest)) if i not in combo]
                for p in parts(others):
                    yield [group] + p
    for p in parts(people):
        if all(sum(g) == 0 for g in p):
            best = max(best, len(p))
    return n - best


def test_as_few_as_brute_force_finds():
    rng = random.Random(3)
    for _ in range(150):
        n = rng.randint(2, 7)
        cents = [rng.choice([-300, -200, -150, -100, -50, 0, 50, 100, 150, 200, 300]) for _ in range(n - 1)]
        cents.append(-sum(cents))
        transfers = fewest_transfers([D(c) / 100 for c in cents])
        assert len(transfers) == _minimum(cents)
