"""A Tarock deal played by two sides, the declarer's and the opponents': what the games that play so share.

A premium entry (announced or silent, made or not, its Kontra level), the Kontra levels, an item's points split
between the sides (each opponent pays or gets v, the declarer's side the rest, shared among its players) with
Kontra in the Schrift or only in the money, the common checks of premium entries, and the reading of premium
entries from a partie file. Pure: no Flask, no database. A game keeps its own tariff, facts and words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from ..options import Option, RuleSetForm, flag, one_of, stake, whole
from ..problems import Problem
from ..words import N_, Either, Message, Money

SIDES = ("declarer", "opponents")
SIDE_WORDS = {"declarer": N_("declarer's side"), "opponents": N_("opponents")}


def other(side: str) -> str:
    return "opponents" if side == "declarer" else "declarer"


def options(presets: tuple[str, ...], levels: tuple[int, ...], max_kontra: dict) -> list[Option]:
    """The options every game played by sides has (its rule set's `SideRules` fields): the stake, the highest
    Kontra level (one of `levels`), Kontra in the Schrift (true), the misdeal penalty (0 to 1000)."""
    return [Option("stake", presets, dict.fromkeys(presets, Decimal("0.10")), stake, "money per point"),
            Option("max_kontra", presets, max_kontra, one_of(*levels), "the highest Kontra level"),
            Option("kontra_in_schrift", presets, dict.fromkeys(presets, True), flag, "Kontra counts in the points"),
            Option("misdeal_penalty", presets, dict.fromkeys(presets, 0), whole(0, 1000), "what a misdeal costs")]


OPTION_TITLES = {"stake": N_("the stake"), "max_kontra": N_("the highest Kontra"),
                 "kontra_in_schrift": N_("the option for Kontra in the points"),
                 "misdeal_penalty": N_("the misdeal penalty")}


@dataclass(frozen=True, repr=False)
class SideRules(RuleSetForm):
    """A rule set of a game played by sides (a game's RuleSet subclasses it with its presets and own options):
    the preset, the options of `options`, and `given`, the options set explicitly."""

    preset: str = ""
    stake: Decimal = Decimal("0.10")
    max_kontra: int = 8
    kontra_in_schrift: bool = True
    misdeal_penalty: int = 0
    given: tuple[str, ...] = field(default=(), compare=False)

    def money_lines(self) -> list[Message]:
        """The last sentences of `describe`: Kontra, the misdeal, the stake."""
        lines = [Message("No Kontra.") if self.max_kontra == 1 else Message(
            "Kontra doubles the points and the money.") if self.kontra_in_schrift else Message(
            "Kontra doubles only the money, not the points.")]
        if self.misdeal_penalty:
            lines.append(Message("Misdeal: {value} to every other player.", value=self.misdeal_penalty))
        return lines + [Message("Stake: {stake} per point.", stake=Money(self.stake))]


@dataclass(frozen=True)
class Premium:
    """One premium entry of a deal: which, the side that made, played or announced it, announced or silent, made
    or not, its Kontra level. A renonce keeps what was announced (`made` and `kontra` are not read there)."""

    premium: str
    side: str
    announced: bool = True
    made: bool | None = None
    kontra: object = 1

    @property
    def winner(self) -> str:
        """The side the entry pays: its own if made, else the other."""
        return self.side if self.made else other(self.side)


@dataclass(frozen=True)
class Deal:
    """What every deal of a game played by sides records (a game's own Deal subclasses it and adds its fields): its
    type (game, renonce, misdeal), who dealt, the contract and its declarer, won or lost and the declarer's side's
    card points, the game's Kontra level, the premium entries, who reneged or misdealt. Facts only."""

    type: str
    dealer: int
    contract: str | None = None
    declarer: int | None = None
    won: bool | None = None
    card_points: int | None = None
    kontra: int = 1
    premiums: tuple[Premium, ...] = ()
    offender: int | None = None

    @property
    def counted(self) -> bool:
        """Whether the deal counts toward the Radl (games and renonces; not a misdeal)."""
        return self.type != "misdeal"

    def entry(self, premium: str) -> Premium | None:
        """The entry of that premium (each kind at most once a deal), or None."""
        return next((e for e in self.premiums if e.premium == premium), None)


class Item(NamedTuple):
    """One part of a deal (the game, a premium, a renonce, a misdeal) with each player's points (Schrift) and
    money points (Geld), the deal's multiplier applied."""

    item: str
    points: tuple[int, ...]
    money_points: tuple[int, ...]


class Items:
    """A deal's items as they are scored: with Kontra in the Schrift the points are the money points."""

    def __init__(self, n: int, kontra_in_schrift: bool):
        self.n, self.schrift, self.items = n, kontra_in_schrift, []

    def add(self, name: str, points, money=None) -> None:
        money = points if money is None else money
        self.items.append(Item(name, tuple(money if self.schrift else points), tuple(money)))

    def side(self, name: str, value: int, declarers_win: bool, team, others, kontra: int = 1) -> None:
        """An item of value v between the sides: each opponent ∓v, the declarer's side ±v per opponent, shared
        among its players (1 vs 3: ±3v; 2 vs 2: each ±v; 1 vs 2: ±2v). One player against the others is a side
        too: a hand premium (each other pays the holder v), a misdeal (the offender pays each other v)."""
        points = [0] * self.n
        sign = 1 if declarers_win else -1
        for p in others:
            points[p] = -sign * value
        for p in team:
            points[p] = sign * value * len(others) // len(team)
        self.add(name, points, [kontra * x for x in points])


def level_problem(value, levels: tuple[int, ...], most: int, field: str, what: str = "") -> Problem | None:
    """Why `value` is not a Kontra level these rules allow (None when it is): one of `levels`, at most `most`."""
    if not isinstance(value, int) or isinstance(value, bool) or value not in levels:
        return Problem(field, "a Kontra level is {levels}, not {value}", levels=Either(levels), value=str(value)[:20])
    if value > most:
        return Problem(field, "these rules allow Kontra levels up to {max}, not {value}", max=most, value=value)
    return None


def entry_problems(entries, *, labels: dict, allowed, contract, renonce: bool, levels: tuple[int, ...],
                   most: int, never_announced=(), silent_may_fail=(), declarer_announces: bool = False) -> list:
    """The problems every game finds alike in a deal's premium entries: an unknown premium, one the contract
    does not play (`allowed(name)`), a side that is neither, a premium twice, `announced` or `made` not true or
    false, an announcement of a premium that is `never_announced` (or of the opponents when only the declarer
    announces), and in a game a Kontra level outside the rules, a silent premium with Kontra or not made (unless
    it `silent_may_fail`). A renonce's `made` and `kontra` are not checked (what was said before it)."""
    problems, seen = [], set()
    for e in entries:
        name = e.premium
        if not isinstance(name, str) or name not in labels:
            problems.append(Problem("premiums", "unknown premium '{premium}': it is one of {premiums}",
                                    premium=str(name)[:30], premiums=", ".join(labels)))
            continue
        what = labels[name]
        if not allowed(name):
            problems.append(Problem("premiums", "{premium} cannot be played in a {contract}", premium=what,
                                    contract=contract))
        elif e.side not in SIDES:
            problems.append(Problem("premiums", "the side of {premium} is declarer or opponents", premium=what))
        elif name in seen:
            problems.append(Problem("premiums", "{premium} is listed twice: each premium at most once a deal",
                                    premium=what))
        elif not isinstance(e.announced, bool) or not isinstance(e.made, bool if not renonce else (bool, type(None))):
            problems.append(Problem("premiums", "say whether {premium} was announced and whether it was made",
                                    premium=what))
        elif e.announced and name in never_announced:
            problems.append(Problem("premiums", "{premium} is never announced: it counts silently, when made",
                                    premium=what))
        elif e.announced and declarer_announces and e.side != "declarer":
            problems.append(Problem("premiums", "only the declarer announces: the opponents make {premium} only "
                                    "silently", premium=what))
        elif not renonce:
            wrong = level_problem(e.kontra, levels, most, "premiums")
            if wrong is None and not e.announced and e.kontra != 1:
                wrong = Problem("premiums", "a silent {premium} cannot carry Kontra", premium=what)
            if wrong is None and not e.announced and not e.made and name not in silent_may_fail:
                wrong = Problem("premiums", "a silent {premium} counts only when made: remove it", premium=what)
            if wrong is not None:
                problems.append(wrong)
        seen.add(name)
    return problems
