"""The three rule sets of RULES-BAVARIAN.md §3 (haferl, huber, sharp) with their options, as plain values."""

from __future__ import annotations

from typing import ClassVar

from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from ...amounts import parse_cents
from ...options import WHOLE, Option, RuleSetForm
from ...words import Message, Money, N_
from .problems import HaferlError

PRESETS = ("haferl", "huber", "sharp")
PRESET_NAMES = {
    "haferl": N_("Haferltarock (pot and Hand raises)"),
    "huber": N_("Huber 1923 (Frage, Solo, Herzsolo)"),
    "sharp": N_("Sharp Tarock (24 cards, bankroll)"),
}
CONTRACTS = {
    "haferl": ("pickup", "hand"),
    "huber": ("frage", "solo", "herzsolo"),
    "sharp": ("frage", "solo", "herzsolo"),
}
FACTORS = {"frage": 1, "solo": 2, "herzsolo": 4}
TARGET = 61
TOTAL = 120


def _money(low: str, high: str, what: str):
    def parse(value):
        wrong = ValueError(Message("must be an amount between {low} and {high}, like {example}",
                                   low=Money(low), high=Money(high), example=Money(low if low != "0" else "0.10")))
        try:
            amount = parse_cents(value)
        except ValueError as exc:
            if exc.args[0] == "cents":
                raise ValueError(Message(what, value=str(value)[:20]), WHOLE) from None
            raise wrong from None
        if not Decimal(low) <= amount <= Decimal(high):
            raise wrong
        return amount
    return parse


def _flag(value):
    if isinstance(value, bool):
        return value
    raise ValueError(Message("must be true or false"))


OPTIONS = {o.name: o for o in (
    Option("ante", ("haferl",), {"haferl": Decimal("0.50")},
           _money("0.01", "100", N_("an ante is money: at most two decimals, not {value}")),
           "what every player pays into the pot at the start and whenever it is empty"),
    Option("stake", PRESETS, {"haferl": Decimal("0.01"), "huber": Decimal("0.10"), "sharp": Decimal("0.10")},
           _money("0", "100", N_("a stake is money: at most two decimals, not {value}")), "money per unit"),
    Option("draw_at_60", ("huber",), {"huber": True}, _flag, "60 : 60 is a draw without payment"),
    Option("schneider", ("huber",), {"huber": False}, _flag, "Schneider pays the contract once more"),
    Option("bankroll", ("sharp",), {"sharp": Decimal("10.00")},
           _money("0.01", "100000", N_("a bankroll is money: at most two decimals, not {value}")),
           "money each player starts with"),
)}
OPTION_TITLES = {
    "ante": N_("the ante"),
    "stake": N_("the stake"),
    "draw_at_60": N_("the option for 60 : 60"),
    "schneider": N_("the Schneider option"),
    "bankroll": N_("the bankroll"),
}


@dataclass(frozen=True, repr=False)
class RuleSet(RuleSetForm, presets=PRESETS, default="haferl", names=PRESET_NAMES, titles=OPTION_TITLES,
              error=HaferlError):
    """A preset and its options, every option a preset lacks being None.

    `given` remembers which options were set explicitly, so that a partie file is written back as read.
    """

    preset: str = "haferl"
    ante: Decimal | None = None
    stake: Decimal = Decimal("0.01")
    draw_at_60: bool | None = None
    schneider: bool | None = None
    bankroll: Decimal | None = None
    given: tuple[str, ...] = field(default=(), compare=False)
    OPTIONS: ClassVar[dict] = OPTIONS


    # -- what the rule set pays ------------------------------------------------

    @property
    def contracts(self) -> tuple[str, ...]:
        return CONTRACTS[self.preset]

    @property
    def cards(self) -> int:
        """36 German-suited cards, or 24 (Sow down to Nine) for `sharp`."""
        return 24 if self.preset == "sharp" else 36

    @cached_property
    def reachable(self) -> frozenset[int]:
        """Every card-point total a set of cards from this pack can have (the declarer's tricks and stock)."""
        return _sums(self.cards, None)

    @cached_property
    def stock_only(self) -> frozenset[int]:
        """Card points of at most three cards: all a declarer who took no trick can have (the stock)."""
        return _sums(self.cards, 3)

    @property
    def has_pot(self) -> bool:
        return self.preset == "haferl"

    @property
    def draw_possible(self) -> bool:
        """60 : 60 is a draw (no payment) only under Huber's rules with `draw_at_60`."""
        return self.preset == "huber" and bool(self.draw_at_60)

    def targets(self, contract: str) -> tuple[int, ...]:
        """The targets a contract may have: Hand raised in fives (haferl), else 61."""
        if self.preset == "haferl" and contract == "hand":
            return tuple(range(TARGET, TOTAL + 1, 5))
        return (TARGET,)

    def describe(self) -> list[Message]:
        """What this rule set pays, in plain words, one sentence each (str() gives English)."""
        lines: list[Message] = [Message("Three play each deal; with four at the table the dealer sits out."),
                                Message("Card points: Sow 11, Ten 10, King 4, Ober 3, Unter 2, the rest 0: "
                                        "120 in all.")]
        s = self.stake
        if self.preset == "haferl":
            lines += [
                Message("Every player puts {ante} into the pot at the start and whenever it is empty.",
                        ante=Money(self.ante)),
                Message("The declarer needs 61 (a Hand can be raised in fives: 66, 71, ...); 60 : 60 is lost."),
                Message("The amount: won, 5 units for 61 to 65, one more for each point above 65, whatever the "
                        "target; lost, 5 units for up to 5 below the target, one more for each point below that. "
                        "A unit is {stake}.", stake=Money(s)),
                Message("Pick-Up won: the pot pays the declarer. Lost: the declarer pays the defender on the "
                        "left, and the other defender takes as much from the pot."),
                Message("Hand: every loser pays every winner twice the amount; the pot is not touched."),
            ]
        elif self.preset == "huber":
            lines += [
                Message("Frage {frage}, Solo {solo}, Herzsolo {herzsolo}: every loser pays every winner.",
                        frage=Money(s), solo=Money(2 * s), herzsolo=Money(4 * s)),
                Message("The declarer needs 61; 60 : 60 is a draw without payment.") if self.draw_at_60 else
                Message("The declarer needs 61; 60 : 60 is lost."),
            ]
            if self.schneider:
                lines.append(Message("Schneider (the losers have 30 or less): the contract's value once more."))
        else:
            lines += [
                Message("24 cards. The declarer needs 61; 60 : 60 is lost."),
                Message("Every loser pays every winner {base}; a Frage won earns only {unit}. Schneider {unit} "
                        "more, Schwarz {unit} more again.", base=Money(2 * s), unit=Money(s)),
                Message("Each player starts with {bankroll}; the partie ends when one runs out.",
                        bankroll=Money(self.bankroll)),
            ]
        return lines


# German-suited pack: Sow 11, Ten 10, King 4, Ober 3, Unter 2, then 9 (8, 7, 6) worth nothing, four suits
_VALUES = (11, 10, 4, 3, 2)


def _sums(cards: int, most: int | None) -> frozenset[int]:
    """Every total of a set of cards of the pack (at most `most` cards when given); the cards worth
    nothing (9 to 6, or only the 9 in the 24-card pack) add no total of their own."""
    counted = [v for v in _VALUES for _ in range(4)]
    # sums[k] = totals reachable with exactly k counted cards
    sums = [set() for _ in range(len(counted) + 1)]
    sums[0].add(0)
    for v in counted:
        for k in range(len(counted) - 1, -1, -1):
            for total in sums[k]:
                sums[k + 1].add(total + v)
    if most is None:
        return frozenset(t for level in sums for t in level)
    return frozenset(t for k, level in enumerate(sums) if k <= most for t in level)


def amount(points: int, target: int) -> int:
    """Haferl: the units a declarer with `points` against `target` wins or loses (§3.1).

    Won: the source's scale in card points whatever the target (61-65: 5, one more for each point above 65),
    so a raise never pays less than not raising. Lost: counted down from the target (T-5..T-1: 5, one more
    for each point below T-5).
    """
    if points >= target:
        return 5 + max(0, points - (TARGET + 4))
    return 5 + max(0, (target - 5) - points)
