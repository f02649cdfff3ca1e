"""A Runde's standings, pure: every figure is added up from the evenings' settlements; standings are not stored.

An evening (`Evening`) is one partie summed up once (`summarize`): its day, the member at each seat, its deals,
points, money and the game's own figures (the game's `tables.figures(settlement)`, if it has that hook; games
without it show none). Its value depends only on the partie's stored version (and the scoring code's `SUMMARY_MARK`),
so the web app keeps it by that, in memory and in the store (`dump_summary`, `runde_store.keep_summaries`).

Head to head: in a partie of two, what one won the other lost. With more players each evening's money is split
between every loser and every winner in proportion: loser i pays winner j  loss_i * win_j / max(wins, losses)
(exact for a zero-sum evening; with a pot, the pot keeps or adds the difference).

Points: the games' point balances (whole game points) are added up; a game whose balance is money (Bavarian
Tarock) adds no points.

One settlement per evening (`at_the_end`): an evening's money is what its end page says, closed by its game as
the end page closes it (`Game.close`) by the partie's stored choice for the end of the evening
(`parties.at_the_end`). For a game with a pot (`Game.has_pot`) that is the pot's own line (the evening's money and
its pot line add up to zero) and what the pot carries into the Runde's next evening of that game: the game says
how its pot is shared or kept, the Runde only carries it on.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from decimal import Decimal

from .games import find, game_of
from .settle import Transfer, fewest_transfers
from .words import from_data, to_data

ZERO = Decimal(0)


@dataclass(frozen=True)
class Evening:
    """One partie of the Runde, summed up."""

    id: str
    day: str                        # YYYY-MM-DD (the partie's start, UTC)
    game: str
    members: tuple[int, ...]        # the member at each seat
    deals: int                      # every deal of the evening, misdeals and redeals too (the evenings' list)
    points: tuple | None            # whole game points per seat (None: the game counts money only)
    money: tuple[Decimal, ...]
    figures: tuple = ()             # (label, values per seat)
    settled: str | None = None
    played: tuple = ()              # the deals each seat played (`played`); () for a summary without them
    pot: Decimal | None = None      # what the game's pot holds at the end of the evening (None: no pot)
    choice: str | None = None       # the partie's choice for the end of the evening (None: its game's default)
    kept: Decimal = ZERO            # after `at_the_end`: the pot's line (+ kept this evening, - paid out of it)
    carried: Decimal = ZERO         # after `at_the_end`: the pot kept by earlier evenings that came into this one


NOT_PLAYED = ("misdeal", "redeal")   # deal types whose cards were thrown in: nobody played that deal


def played(settlement) -> tuple[int, ...]:
    """The deals each seat played: a game or a renonce it sat at. A misdeal or a redeal is no deal played (the
    cards were thrown in before the first trick), and at five the dealer who sits out does not play his deal."""
    game = game_of(settlement)
    counts = [0] * len(settlement.partie.players)
    for r in settlement.deals:
        if r.deal.type in NOT_PLAYED:
            continue
        out = game.sitting_out(r)
        for seat in range(len(counts)):
            if seat != out:
                counts[seat] += 1
    return tuple(counts)


def summarize(settlement) -> dict:
    """What the standings need of one partie's settlement: deals (all, and played per seat), points, money, the
    game's figures."""
    game = game_of(settlement)
    points = game.runde_points(settlement)   # None: no game points (Straw Man's credits are a figure of their own)
    pot = game.pot(settlement)
    return {"deals": len(settlement.deals), "played": played(settlement), "points": points, "money": tuple(Decimal(m) for m in game.money(settlement)),
            "figures": tuple((label, tuple(values)) for label, values in game.figures(settlement)),
            "pot": None if pot is None else Decimal(pot)}


def dump_summary(facts: dict, problem: int | None) -> str:
    """An evening's summary (`summarize`) and the number of its first deal that needs fixing, as JSON text for
    the store: money and money figures as decimal strings, the figures' labels as their message ids and
    arguments (`words.to_data`), translated when shown. TypeError for a value it cannot keep."""
    return json.dumps({
        "deals": facts["deals"], "played": list(facts["played"]), "points": facts["points"], "money": [str(m) for m in facts["money"]],
        "figures": [[to_data(label), [to_data(v) for v in values]] for label, values in facts["figures"]],
        "pot": None if facts["pot"] is None else str(facts["pot"]), "problem": problem}, ensure_ascii=False, separators=(",", ":"))


def load_summary(text: str) -> tuple[dict, int | None]:
    """The summary and problem `dump_summary` wrote."""
    data = json.loads(text)
    points = data["points"]
    return {"deals": data["deals"], "played": tuple(int(n) for n in data["played"]), "points": tuple(points) if points is not None else None,
            "money": tuple(Decimal(m) for m in data["money"]),
            "figures": tuple((from_data(label), tuple(from_data(v) for v in values))
                             for label, values in data["figures"]),
            "pot": None if data["pot"] is None else Decimal(data["pot"])}, data["problem"]


def at_the_end(evenings) -> list:
    """The evenings (oldest first) as their end pages settle them: each evening of a game with a pot closed by its
    game (`Game.close`) by its choice at the end, with what the earlier evenings of the same game carried into it
    (`carried`): its money at the end, the pot's own line (`kept`), and what it carries on to the next. Every
    evening's money and pot line add up to zero."""
    out, carry = [], {}
    for e in evenings:
        if e.pot is None:   # a game without a pot (`Game.pot`: None)
            out.append(e)
            continue
        game = find(e.game)
        carried = carry.get(e.game, ZERO)
        closing = game.close(e.money, e.pot, e.choice, carried)
        carry[e.game] = closing.carry
        out.append(dataclasses.replace(e, money=tuple(closing.money), kept=closing.line, carried=carried))
    return out


# What made a stored summary: raise it with every change of the engines or of a game's figures that changes an
# evening's summary, and the summaries stored by an older scorer are made again (`runde_summaries.made_by`).
SUMMARY_MARK = "summary-3"   # 3: Straw Man credits no longer in the points


@dataclass
class Row:
    """A member's line of the standings."""

    member: int
    evenings: int = 0
    deals: int = 0
    points: int = 0
    money: Decimal = ZERO
    figures: dict = field(default_factory=dict)    # label -> value

    @property
    def per_evening(self) -> Decimal:
        return (self.money / self.evenings).quantize(Decimal("0.01")) if self.evenings else ZERO


@dataclass(frozen=True)
class Standings:
    rows: list                      # Row, best money first
    labels: list                    # the games' own figures, in the order first met
    head_to_head: dict              # (winner, loser) -> money the winner won from the loser (net, > 0)
    running: dict                   # member -> [(evening index, money so far)]
    evenings: list
    pot: Decimal = ZERO             # the pot's line: kept by the period's evenings, less what it paid out


def in_period(evenings, start: str | None = None, end: str | None = None) -> list:
    """The evenings from day `start` to day `end` (both included; None: open)."""
    return [e for e in evenings if (start is None or e.day >= start) and (end is None or e.day <= end)]


def pairwise(money) -> dict:
    """(winner seat, loser seat) -> what the loser paid the winner in one evening (see the module)."""
    wins = sum((m for m in money if m > 0), ZERO)
    losses = -sum((m for m in money if m < 0), ZERO)
    whole = max(wins, losses)
    out = {}
    if not whole:
        return out
    for i, mi in enumerate(money):
        if mi >= 0:
            continue
        for j, mj in enumerate(money):
            if mj > 0:
                out[(j, i)] = -mi * mj / whole
    return out


def standings(evenings, members) -> Standings:
    """The standings of `members` (ids) over `evenings` (in order)."""
    rows = {m: Row(m) for m in members}
    labels: list = []
    h2h: dict = {}
    running: dict = {m: [] for m in members}
    totals = {m: ZERO for m in members}
    for index, e in enumerate(evenings):
        for seat, m in enumerate(e.members):
            row = rows.setdefault(m, Row(m))
            row.evenings += 1
            row.deals += e.played[seat] if e.played else e.deals
            row.money += e.money[seat]
            if e.points is not None:
                row.points += e.points[seat]
            for label, values in e.figures:
                if label not in labels:
                    labels.append(label)
                row.figures[label] = row.figures.get(label, 0) + values[seat]
            totals[m] = totals.get(m, ZERO) + e.money[seat]
            running.setdefault(m, []).append((index, totals[m]))
        for (w, lo), amount in pairwise(e.money).items():
            a, b = e.members[w], e.members[lo]
            h2h[(a, b)] = h2h.get((a, b), ZERO) + amount
    net = {}
    for (a, b), amount in h2h.items():
        if (b, a) in net or (a, b) in net:
            continue
        diff = amount - h2h.get((b, a), ZERO)
        if diff > 0:
            net[(a, b)] = diff
        elif diff < 0:
            net[(b, a)] = -diff
    ordered = sorted(rows.values(), key=lambda r: (-r.money, r.member))
    pot = sum((e.kept for e in evenings), ZERO)
    return Standings(ordered, labels, net, running, list(evenings), pot)


@dataclass(frozen=True)
class OpenGroup:
    """Evenings not yet settled, of one evening, month or year (as the Runde settles): what each member is up
    or down, what the pot holds (a game with a pot), and the fewest transfers that settle it."""

    key: str
    evenings: tuple
    balances: dict                  # member -> money
    pot: Decimal
    transfers: list                 # settle.Transfer between member ids (payer, payee); the pot is None


def period_key(day: str, settles: str, pid: str = "") -> str:
    """The settling period of a day: the evening itself, its month or its year."""
    if settles == "year":
        return day[:4]
    if settles == "month":
        return day[:7]
    return f"{day} {pid}"


def open_balances(evenings, settles: str) -> list[OpenGroup]:
    """The money not yet paid, by settling period (oldest first), each with the fewest transfers."""
    groups: dict = {}
    for e in evenings:
        if e.settled is None:
            groups.setdefault(period_key(e.day, settles, e.id), []).append(e)
    out = []
    for key, group in groups.items():
        balances: dict = {}
        for e in group:
            for seat, m in enumerate(e.members):
                balances[m] = balances.get(m, ZERO) + e.money[seat]
        people = sorted(balances)
        pot = -sum(balances.values(), ZERO)
        amounts = [balances[m] for m in people] + ([pot] if pot else [])
        who = people + ([None] if pot else [])
        transfers = [Transfer(who[t.payer], who[t.payee], t.amount) for t in fewest_transfers(amounts)]
        out.append(OpenGroup(key, tuple(group), balances, pot, transfers))
    return out
