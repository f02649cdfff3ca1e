"""Rule sets: the four presets of RULES.md §4 with their options, as plain values."""

from __future__ import annotations

from typing import ClassVar

from dataclasses import dataclass, field
from functools import cached_property
from decimal import Decimal

from ...tarock.cards import Pack, pack_for
from ...amounts import parse_cents
from ...options import WHOLE, Option, RuleSetForm
from ...words import Listing, Message, Money, N_, Plural
from .problems import Problem, StrohmandelnError

PRESETS = ("tarockbuch-extended", "tarockbuch-classic", "beck", "strawman")
TAROCKBUCH = ("tarockbuch-extended", "tarockbuch-classic")

PRESET_NAMES = {
    "tarockbuch-extended": N_("Tarockbuch, extended variant"),
    "tarockbuch-classic": N_("Tarockbuch, classic variant"),
    "beck": N_("Fritz Beck"),
    "strawman": N_("Straw Man Tarot (credits)"),
}

BONUS_LABELS = {
    "pagat": N_("Pagat"),
    "pagat_captured": N_("Pagat captured"),
    "uhu": N_("Uhu"),
    "uhu_captured": N_("Uhu captured"),
    "kakadu": N_("Kakadu"),
    "kakadu_captured": N_("Kakadu captured"),
    "rostopschin": N_("Rostopschin"),
    "rostopschin_lost": N_("Rostopschin lost"),
    "trull_tricks": N_("Trull"),
    "four_kings_tricks": N_("Four Kings"),
    "trull_announced": N_("Trull announced"),
    "four_kings_announced": N_("Four Kings announced"),
    "mondfang": N_("Mondfang"),
    "valat": N_("Valat"),
}

ITEM_LABELS = {
    "game": N_("Game"),
    "grammel": N_("Grammel-Punkt"),
    "absolut": N_("Absolut"),
    "grandpoint": N_("Grandpoint"),
    "misdeal": N_("Misdeal"),
    **BONUS_LABELS,
}

# Beck's "Ansagen": the only bonuses his drawn game scores (RULES.md §4.3)
BECK_ANNOUNCEMENTS = ("trull_announced", "four_kings_announced")

# bonuses that exclude each other: at most one of each pair in a deal
EXCLUSIVE = (
    ("pagat", "pagat_captured"),
    ("uhu", "uhu_captured"),
    ("kakadu", "kakadu_captured"),
    ("rostopschin", "rostopschin_lost"),
)

# the birds, each won in a trick of its own (Pagat: the last, Uhu: the second-to-last, Kakadu: the third-to-last)
BIRDS = ("pagat", "uhu", "kakadu")
CAPTURED_BIRDS = ("pagat_captured", "uhu_captured", "kakadu_captured")

# cards a bonus puts into the trick pile of the player it is credited to
BONUS_CARDS = {
    "pagat": frozenset({"I"}),
    "pagat_captured": frozenset({"I"}),
    "uhu": frozenset({"II"}),
    "uhu_captured": frozenset({"II"}),
    "kakadu": frozenset({"III"}),
    "kakadu_captured": frozenset({"III"}),
    "rostopschin": frozenset({"XVII", "XVIII"}),
    "trull_tricks": frozenset({"Sküs", "XXI", "I"}),
    "four_kings_tricks": frozenset({"K♠", "K♣", "K♥", "K♦"}),
    "mondfang": frozenset({"Sküs", "XXI"}),
}


def _choice(*allowed):
    def parse(value):
        if value in allowed:
            return value
        raise ValueError(Message("must be one of {choices}", choices=", ".join(str(a) for a in allowed)))
    return parse


def _flag(value):
    if isinstance(value, bool):
        return value
    raise ValueError(Message("must be true or false"))


def _deck(value):
    if value in (54, 40, "54", "40") and not isinstance(value, bool):
        return int(value)
    raise ValueError(Message("must be 54 or 40"))


def _stake(value):
    try:
        stake = parse_cents(value)
    except ValueError as exc:
        if exc.args[0] == "cents":
            raise ValueError(Message("a stake is money: at most two decimals, not {value}", value=str(value)[:20]),
                             WHOLE) from None
        raise ValueError(Message("must be an amount of money like 0.10")) from None
    if not Decimal("0.01") <= stake <= 1000:
        raise ValueError(Message("must be an amount of whole cents from 0.01 to 1000, like 0.10"))
    return stake


def _whole(low, high):
    def parse(value):
        wrong = ValueError(Message("must be a whole number from {low} to {high}", low=low, high=high))
        if isinstance(value, bool):
            raise wrong
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise wrong from None
        if str(value).strip() != str(number) or not low <= number <= high:
            raise wrong
        return number
    return parse


def _or_none(parse):
    """A parser that also takes null (the option left at its default)."""
    return lambda value: None if value is None else parse(value)


OPTIONS = {o.name: o for o in (
    Option("deck", PRESETS, {p: 54 for p in PRESETS}, _deck, "the pack: 54 cards, or 40 (the Zwanzigerrufen pack)",
           shown=("tarockbuch-extended", "tarockbuch-classic", "beck")),   # Straw Man: 54 only
    Option("counting", ("strawman",), {"strawman": "threes"}, _choice("threes", "simple"),
           "counting in threes, or simply adding the card values"),
    Option("stake", PRESETS, {p: Decimal("0.01") if p == "strawman" else Decimal("0.10") for p in PRESETS},
           _stake, "money per game point (per credit with Straw Man)"),
    Option("nullrunde", TAROCKBUCH, {p: "queue" for p in TAROCKBUCH}, _choice("queue", "stack"),
           "a doubled round started inside a doubled round: queued after it, or stacked on it (x4)"),
    Option("simple_games", TAROCKBUCH + ("beck",),
           {"tarockbuch-extended": "play", "tarockbuch-classic": "play", "beck": "redeal"},
           None, "when both pass: play a simple game, redeal, or (Beck) play it at half value"),
    Option("undertaker_loses_draw", ("beck",), {"beck": False}, _flag, "an undertaken game drawn 35:35 is lost"),
    Option("tarock_ii_ultimo", ("beck",), {"beck": False}, _flag,
           "Tarock II as the second-to-last card scores like the Pagat ultimo"),
    Option("bankroll", ("strawman",), {"strawman": 100}, _whole(1, 1_000_000), "credits each player starts with"),
    Option("grammel_threshold", ("tarockbuch-extended",), {"tarockbuch-extended": None}, _or_none(_whole(1, 88)),
           "with the 40-card pack: the card points that earn the Grammel-Punkt"),
    Option("kontra", TAROCKBUCH, {p: False for p in TAROCKBUCH}, _flag,
           "the opponent may double an undertaken game (Kontra)"),
    Option("valat", TAROCKBUCH, {p: "replace" for p in TAROCKBUCH}, _choice("replace", "add"),
           "a Valat replaces the game value and the in-the-tricks bonuses, or is added to them"),
)}

# what an option is called in a message about its value
OPTION_TITLES = {
    "deck": N_("the pack"),
    "counting": N_("the counting"),
    "stake": N_("the stake"),
    "nullrunde": N_("the Nullrunde option"),
    "simple_games": N_("the option for both passing"),
    "undertaker_loses_draw": N_("the option for an undertaken draw"),
    "tarock_ii_ultimo": N_("the Tarock II ultimo option"),
    "bankroll": N_("the bankroll"),
    "grammel_threshold": N_("the Grammel threshold"),
    "kontra": N_("the Kontra option"),
    "valat": N_("the Valat option"),
}

_SIMPLE_GAMES = {"tarockbuch-extended": ("play", "redeal"), "tarockbuch-classic": ("play", "redeal"),
                 "beck": ("redeal", "half")}
# the values an option may take in each preset that has it (a new-partie form offers only these)
CHOICES_BY_PRESET = {"simple_games": _SIMPLE_GAMES}


@dataclass(frozen=True, repr=False)
class RuleSet(RuleSetForm, presets=PRESETS, default="tarockbuch-extended", names=PRESET_NAMES,
              titles=OPTION_TITLES, error=StrohmandelnError):
    """A preset and its options, every option a preset lacks being None.

    Equal rule sets score every deal alike.  `given` remembers which options were
    set explicitly, so that a partie file is written back as it was read.
    """

    preset: str = "tarockbuch-extended"
    deck: int = 54
    counting: str | None = None
    stake: Decimal = Decimal("0.10")
    nullrunde: str | None = None
    simple_games: str | None = None
    undertaker_loses_draw: bool | None = None
    tarock_ii_ultimo: bool | None = None
    bankroll: int | None = None
    grammel_threshold: int | None = None
    kontra: bool | None = None
    valat: str | None = None
    given: tuple[str, ...] = field(default=(), compare=False)
    OPTIONS: ClassVar[dict] = OPTIONS
    CHOICES_BY_PRESET: ClassVar[dict] = CHOICES_BY_PRESET

    @classmethod
    def parser(cls, key: str, preset: str):
        return OPTIONS[key].parse or _choice(*_SIMPLE_GAMES[preset])

    @classmethod
    def conflicts(cls, preset: str, values: dict) -> list:
        problems = []
        deck = values.get("deck", 54)
        if deck == 40 and preset == "strawman":
            problems.append(Problem("deck", "Straw Man Tarot is played with the 54-card pack"))
        if values.get("grammel_threshold") is not None and deck != 40:
            problems.append(Problem("grammel_threshold", "the Grammel threshold can be set only with the "
                                    "40-card pack; with 54 cards it is 45"))
        if deck == 40 and values.get("tarock_ii_ultimo"):
            problems.append(Problem("tarock_ii_ultimo", "the 40-card pack has no Tarock II"))
        return problems


    # -- what the rule set pays ------------------------------------------------

    @cached_property
    def pack(self) -> Pack:
        """The pack and its way of counting."""
        return pack_for(self.deck, self.counting or "threes")

    @cached_property
    def has_nullrunde(self) -> bool:
        """Whether draws and ties start a doubled round."""
        return self.preset in TAROCKBUCH

    @cached_property
    def simple_game_value(self) -> int | None:
        """Game points of a won simple game, or None where both passing is a redeal."""
        if self.simple_games == "redeal":
            return None
        return {"tarockbuch-extended": 1, "tarockbuch-classic": 2, "beck": 1, "strawman": 20}[self.preset]

    @cached_property
    def undertaken_won(self) -> int:
        """Game points of an undertaken game won by the undertaker."""
        return {"tarockbuch-extended": 3, "tarockbuch-classic": 3, "beck": 2, "strawman": 30}[self.preset]

    @cached_property
    def undertaken_lost(self) -> int:
        """Game points to the opponent of an undertaker who lost."""
        return {"tarockbuch-extended": 4, "tarockbuch-classic": 4, "beck": 2, "strawman": 40}[self.preset]

    @cached_property
    def grammel(self) -> int | None:
        """Rounded card points a winner needs for the Grammel-Punkt, or None."""
        if self.preset != "tarockbuch-extended":
            return None
        return 45 if self.deck == 54 else self.grammel_threshold

    @cached_property
    def undertaken_draw_lost(self) -> bool:
        """Whether an undertaker who stays under the mark loses even where the opponent does too."""
        if self.preset == "beck":
            return bool(self.undertaker_loses_draw)
        return self.preset in TAROCKBUCH

    @cached_property
    def bonuses(self) -> dict[str, int]:
        """The bonuses this rule set has and their game points."""
        if self.preset == "tarockbuch-extended":
            names = ["pagat", "pagat_captured"]
            if self.deck == 54:
                names += ["uhu", "uhu_captured", "kakadu", "kakadu_captured"]
            names += ["rostopschin", "rostopschin_lost", "trull_tricks", "four_kings_tricks"]
            table = dict.fromkeys(names, 1)
        elif self.preset == "tarockbuch-classic":
            table = dict.fromkeys(["trull_announced", "four_kings_announced", "pagat", "pagat_captured"], 1)
        elif self.preset == "beck":
            names = ["trull_announced", "four_kings_announced", "pagat", "pagat_captured"]
            if self.tarock_ii_ultimo:
                names += ["uhu", "uhu_captured"]
            table = dict.fromkeys(names + ["mondfang"], 2)
        else:
            table = dict.fromkeys(["pagat", "trull_tricks", "four_kings_tricks"], 10)
        if self.valat_value:
            table["valat"] = self.valat_value
        return table

    @property
    def entered_bonuses(self) -> tuple[str, ...]:
        """The bonuses a player enters for a deal: all of `bonuses` but a Valat where the pile is counted in
        threes, since there it follows from the card points (70 : 0)."""
        return tuple(b for b in self.bonuses if not (b == "valat" and self.pack.in_threes))

    def draw_value(self, bonus: str) -> int:
        """What a bonus scores in a drawn game (nobody reached the mark): Beck's "nur Ansagen" are the
        announced Trull and Königstrull only, so his Pagat (Tarock II) ultimo and Mondfang score 0 there;
        everywhere else a bonus counts as in any game."""
        if self.preset == "beck" and bonus not in BECK_ANNOUNCEMENTS:
            return 0
        return self.bonuses[bonus]

    @cached_property
    def valat_value(self) -> int | None:
        """Game points of a Valat, or None."""
        return 12 if self.preset in TAROCKBUCH else None

    @cached_property
    def absolut(self) -> tuple[int, int, int, int] | None:
        """Straw Man: (Absolut from, its credits, Grandpoint from, its credits)."""
        return (40, 10, 50, 20) if self.preset == "strawman" else None

    @cached_property
    def misdeal_value(self) -> int:
        """What a misdeal costs its offender."""
        return 10 if self.preset == "strawman" else 1

    def bonus_label(self, bonus: str) -> str:
        """A bonus's name in this rule set's words."""
        if self.preset == "strawman" and bonus == "trull_tricks":
            return N_("Honneurs")
        if self.preset == "beck":
            return {"trull_announced": N_("Trull"), "four_kings_announced": N_("Königstrull")}.get(bonus, BONUS_LABELS[bonus])
        return BONUS_LABELS[bonus]

    def amount(self, n: int) -> Plural:
        """`n` of what the scoresheet counts: 3 game points, 30 credits."""
        if self.preset == "strawman":
            return Plural("{n} credit", "{n} credits", n=n)
        return Plural("{n} game point", "{n} game points", n=n)

    def describe(self) -> list[Message]:
        """What this rule set pays, in plain words, one sentence each (str() gives English)."""
        pack = self.pack
        lines: list[Message] = []
        u = self.amount
        simple = self.simple_game_value
        if simple is None:
            lines.append(Message("Both pass: the cards are dealt again."))
        else:
            if self.grammel and self.simple_games == "half":
                lines.append(Message("Simple game won: {value}; {more} if the winner has at least {grammel} "
                                     "(half value).", value=u(simple), more=simple + 1, grammel=self.grammel))
            elif self.grammel:
                lines.append(Message("Simple game won: {value}; {more} if the winner has at least {grammel}.",
                                     value=u(simple), more=simple + 1, grammel=self.grammel))
            elif self.simple_games == "half":
                lines.append(Message("Simple game won: {value} (half value).", value=u(simple)))
            else:
                lines.append(Message("Simple game won: {value}.", value=u(simple)))
            if pack.can_draw:
                draw = f"{pack.win - 1}:{pack.total - pack.win + 1}"
                if self.has_nullrunde:
                    lines.append(Message("Simple game {draw}: a draw, and a Nullrunde (the next two games count "
                                         "double) follows.", draw=draw))
                elif self.preset == "beck":
                    lines.append(Message("Simple game {draw}: a draw, only the announced Trull and Königstrull "
                                         "count.", draw=draw))
                else:
                    lines.append(Message("Simple game {draw}: a draw, only the bonuses count.", draw=draw))
        if self.grammel:
            lines.append(Message("Undertaken game won: {won} ({won_more} with at least {grammel}); lost: {lost} "
                                 "to the opponent ({lost_more} if the undertaker has less than {low}).",
                                 won=u(self.undertaken_won), won_more=self.undertaken_won + 1, grammel=self.grammel,
                                 lost=self.undertaken_lost, lost_more=self.undertaken_lost + 1,
                                 low=pack.total - self.grammel + 1))
        else:
            lines.append(Message("Undertaken game won: {won}; lost: {lost} to the opponent.",
                                 won=u(self.undertaken_won), lost=self.undertaken_lost))
        if not self.undertaken_draw_lost and pack.can_draw:
            if self.preset == "beck":
                lines.append(Message("An undertaken game where neither reaches the mark is a draw: only the "
                                     "announced Trull and Königstrull count."))
            else:
                lines.append(Message("An undertaken game where neither reaches the mark is a draw: only the "
                                     "bonuses count."))
        if pack.in_threes:
            lines.append(Message("Winning needs {win} of {total} card points, counted in threes.",
                                 win=pack.win, total=pack.total))
        else:
            lines.append(Message("Winning needs {win} of {total} card points, values simply added.",
                                 win=pack.win, total=pack.total))
        if self.absolut:
            a, av, g, gv = self.absolut
            lines.append(Message("Absolut (winner with {a} to {a_to}): {av}; Grandpoint ({g} or more): {gv}.",
                                 a=a, a_to=g - 1, av=av, g=g, gv=gv))
        bonuses = [Message("{label} {value}", label=self.bonus_label(b), value=v)
                   for b, v in self.bonuses.items() if b != "valat"]
        if bonuses:
            lines.append(Message("Bonuses: {bonuses}.", bonuses=Listing(bonuses)))
        if self.valat_value:
            if self.valat == "replace":
                lines.append(Message("Valat: {value}, replacing the game value and the in-the-tricks bonuses.",
                                     value=self.valat_value))
            else:
                lines.append(Message("Valat: {value}, added to everything else.", value=self.valat_value))
        if self.kontra:
            lines.append(Message("Kontra: the opponent may double an undertaken game's value."))
        if self.has_nullrunde and self.nullrunde == "stack":
            lines.append(Message("Doubled rounds that overlap multiply (x4)."))
        lines.append(Message("Misdeal: {value} to the opponent.", value=self.misdeal_value))
        if self.preset == "strawman":
            lines.append(Message("Each player starts with {bankroll} credits; the partie ends when one runs out.",
                                 bankroll=self.bankroll))
            lines.append(Message("Stake: {stake} per credit.", stake=Money(self.stake)))
        else:
            lines.append(Message("Stake: {stake} per game point.", stake=Money(self.stake)))
        return lines
