"""The Tarock basics the games share: the packs (the 54-card pack counted in threes or simply added, the 40-card
pack), card values and card points, exactly, in thirds.

Card points are integers counting thirds of a point everywhere inside the engine
(`thirds = 3*S - 2*n` when counting in threes); fractions appear only when a value is
parsed from or formatted for a person.  Packs that add values plainly (simple counting,
the 40-card pack) use the same unit, and their values are always multiples of three.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from ..amounts import card_points_text
from ..problems import Problem, ScoringError
from ..words import N_


class CardError(ScoringError):
    """Card points or a pile that cannot be, with every reason why."""


@dataclass(frozen=True)
class Category:
    """A kind of card that a pile is counted by: its value and how many the pack has."""

    name: str
    value: int
    count: int


@dataclass(frozen=True)
class Pack:
    """A pack of cards with its way of counting card points."""

    name: str
    cards: int
    counted: tuple[Category, ...]
    filler: Category
    in_threes: bool
    win: int
    # which category a named card (one a bonus speaks of) belongs to
    named: tuple[tuple[str, str], ...]

    def category(self, name: str) -> Category:
        """The category called `name` (a counted one or the filler)."""
        for cat in self.counted + (self.filler,):
            if cat.name == name:
                return cat
        raise KeyError(name)

    def value_thirds(self, value_sum: int, cards: int) -> int:
        """Card points, in thirds, of `cards` cards whose values add up to `value_sum`."""
        if self.in_threes:
            return 3 * value_sum - 2 * cards
        return 3 * value_sum

    @cached_property
    def total_thirds(self) -> int:
        """Card points of the whole pack, in thirds."""
        value = sum(c.value * c.count for c in self.counted) + self.filler.value * self.filler.count
        return self.value_thirds(value, self.cards)

    @property
    def total(self) -> int:
        """Card points of the whole pack (70, 71 or 88)."""
        return self.total_thirds // 3

    @property
    def can_draw(self) -> bool:
        """Whether both players can stay under the winning mark (35:35, 44:44)."""
        return 2 * (self.win - 1) >= self.total

    @cached_property
    def reachable(self) -> frozenset[int]:
        """Every value, in thirds, that a pile of whole tricks can have."""
        states = {(0, 0)}  # (value sum, counted cards)
        for cat in self.counted:
            states = {(v + i * cat.value, n + i) for v, n in states for i in range(cat.count + 1)}
        out = set()
        for v, n in states:
            for f in range(self.filler.count + 1):
                cards = n + f
                if cards % 2 == 0:
                    out.add(self.value_thirds(v + f * self.filler.value, cards))
        return frozenset(out)

    def pile(self, counts: dict[str, int], cards: int, whole_tricks: bool = True) -> int:
        """Card points, in thirds, of a pile with these counts of counted cards.

        `whole_tricks`: the pile is whole tricks of two (a game of two players); with more players a pile holds
        tricks of four and cards from the talon, so any number of cards.
        Raises CardError naming every reason the pile cannot exist.
        """
        problems = []
        for name in counts:
            if name not in {c.name for c in self.counted}:
                problems.append(Problem("pile", "the {pack} pack has no {name} to count", pack=self.name, name=str(name)[:20]))
        if problems:
            raise CardError(problems)
        if cards < 0 or cards > self.cards:
            problems.append(Problem("cards", "a pile has between 0 and {max} cards, not {n}", max=self.cards, n=cards))
        elif cards % 2 and whole_tricks:
            problems.append(Problem("cards", "a pile holds whole tricks of 2 cards, so {n} cards is not possible", n=cards))
        counted = 0
        value = 0
        for cat in self.counted:
            k = counts.get(cat.name, 0)
            if k < 0 or k > cat.count:
                problems.append(Problem(cat.name, "there are {max} {label} in the pack, not {n}",
                                        max=cat.count, label=LABELS[cat.name], n=k))
            counted += k
            value += k * cat.value
        if not problems:
            if counted > cards:
                problems.append(Problem("cards", "{counted} counting cards do not fit in a pile of {n} cards",
                                        counted=counted, n=cards))
            elif cards - counted > self.filler.count:
                problems.append(Problem("cards", "a pile of {n} cards with only {counted} counting cards is not possible: "
                                        "the other pile would lack counting cards",
                                        n=cards, counted=counted))
        if problems:
            raise CardError(problems)
        return self.value_thirds(value + (cards - counted) * self.filler.value, cards)

    @cached_property
    def _least(self) -> dict:
        """min_thirds as it was worked out, by its arguments (a pack's named cards make a few hundred)."""
        return {}

    def min_thirds(self, cards: frozenset[str], tricks: int = 0) -> int:
        """The least card points, in thirds, of a pile of whole tricks holding these named cards and at
        least `tricks` tricks (counting in threes a trick is worth at least 2/3)."""
        known = self._least.get((cards, tricks))
        if known is None:
            known = self._least[cards, tricks] = self._min_thirds(cards, tricks)
        return known

    def _min_thirds(self, cards: frozenset[str], tricks: int) -> int:
        counts: dict[str, int] = {}
        named = dict(self.named)
        for card in cards:
            cat = named[card]
            counts[cat] = counts.get(cat, 0) + 1
        n = max(len(cards) + len(cards) % 2, 2 * tricks)
        value = sum(self.category(cat).value * k for cat, k in counts.items())
        value += (n - len(cards)) * self.filler.value
        return self.value_thirds(value, n)


LABELS = {
    "trull": N_("Trull cards"),
    "kings": N_("Kings"),
    "queens": N_("Queens"),
    "knights": N_("Knights"),
    "jacks": N_("Jacks"),
    "tarocks": N_("other Tarocks"),
}

_TRULL = (("Sküs", "trull"), ("XXI", "trull"), ("I", "trull"))
_KINGS = tuple((f"K{s}", "kings") for s in "♠♣♥♦")
_COURTS = (
    Category("trull", 5, 3),
    Category("kings", 5, 4),
    Category("queens", 4, 4),
    Category("knights", 3, 4),
    Category("jacks", 2, 4),
)

PACK_54 = Pack(
    name="54-card",
    cards=54,
    counted=_COURTS,
    filler=Category("others", 1, 35),
    in_threes=True,
    win=36,
    named=_TRULL + _KINGS + (("II", "others"), ("III", "others"), ("XVII", "others"), ("XVIII", "others")),
)

PACK_54_SIMPLE = Pack(
    name="54-card",
    cards=54,
    counted=_COURTS,
    filler=Category("others", 0, 35),
    in_threes=False,
    win=36,
    named=PACK_54.named,
)

PACK_40 = Pack(
    name="40-card",
    cards=40,
    counted=_COURTS + (Category("tarocks", 1, 17),),
    filler=Category("glatzen", 0, 4),
    in_threes=False,
    win=45,
    named=_TRULL + _KINGS + (("XVII", "tarocks"), ("XVIII", "tarocks")),
)


def pack_for(deck: int, counting: str) -> Pack:
    """The pack for a rule set's `deck` and `counting` options."""
    if deck == 40:
        return PACK_40
    return PACK_54 if counting == "threes" else PACK_54_SIMPLE


def rounded(thirds: int) -> int:
    """Card points as every threshold compares them: 1/3 rounds down, 2/3 rounds up."""
    return (thirds + 1) // 3


_PARSED: dict[str, int] = {}   # text -> thirds, for the texts already read
_FRACTIONS = {"⅓": 1, "⅔": 2}
_PATTERNS = (
    re.compile(r"^(?P<whole>\d{1,3})$"),
    re.compile(r"^(?P<whole>\d{1,3})\s+(?P<num>[12])\s*/\s*3$"),
    re.compile(r"^(?P<whole>\d{1,3})\s*(?P<uni>[⅓⅔])$"),
    re.compile(r"^(?P<whole>\d{1,3})\s*\+\s*(?P<blatt>[012])\s*blatt$", re.IGNORECASE),
)


def parse_card_points(value: object) -> int:
    """Card points as given by a person or a file (35, "35", "35 2/3", "35 + 2 Blatt") -> thirds."""
    if isinstance(value, bool):
        raise CardError([Problem("card_points", "card points must be a number, not {value}", value=value)])
    if isinstance(value, int):
        if value < 0:
            raise CardError([Problem("card_points", "card points cannot be negative ({value})", value=value)])
        return 3 * value
    if isinstance(value, str):
        known = _PARSED.get(value)
        if known is not None:
            return known
        text = value.strip()
        for pattern in _PATTERNS:
            m = pattern.match(text)
            if m:
                g = m.groupdict()
                extra = int(g.get("num") or 0) or _FRACTIONS.get(g.get("uni") or "", 0) or int(g.get("blatt") or 0)
                thirds = 3 * int(g["whole"]) + extra
                if len(_PARSED) < 4096:   # a partie file repeats a few hundred values
                    _PARSED[value] = thirds
                return thirds
    shown = str(value)[:20]
    raise CardError([Problem(
        "card_points",
        "'{value}' is not a number of card points: write a whole number, "
        "or one and a third like 35 2/3",
        value=shown,
    )])


def format_card_points(thirds: int) -> str:
    """Thirds -> '35 2/3' (the form the partie file and the CSV use)."""
    return card_points_text(thirds)


def format_blatt(thirds: int) -> str:
    """Thirds -> '35 + 2 Blatt', the traditional way to say it."""
    return card_points_text(thirds, "blatt")
