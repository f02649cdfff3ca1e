"""Reading a rule set's dict form, the same for every game: the preset, then each option checked against
what the preset has and parsed, every problem collected."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation

from .problems import Problem, ScoringError
from .words import Alternatives, Message, Money

# the options that are an amount of money (RULES.md §4.5, RULES-BAVARIAN.md §2)
MONEY_OPTIONS = ("stake", "ante", "bankroll")

@dataclass(frozen=True)
class Option:
    """An option of a game's rule sets: which presets have it, its default in each, its parser (a function
    that returns the value or raises ValueError, see `read_options`), what it is, in words, and in which
    presets a new-partie form shows it (`shown`; all that have it unless said: an option a preset has with a
    single possible value is not shown)."""

    name: str
    presets: tuple[str, ...]
    defaults: dict
    parse: object
    text: str
    shown: tuple[str, ...] | None = None

    @property
    def shown_in(self) -> tuple[str, ...]:
        return self.presets if self.shown is None else self.shown


# the second argument of a parser's ValueError whose message is a whole sentence, not a reason after the option's name
WHOLE = "whole"


def read_options(data: object, *, presets, default: str, preset_names: dict, titles: dict, has, parser,
                 error: type) -> tuple[str, dict, list]:
    """(preset, parsed option values, problems) of `data` ({"preset": ..., option: value}).

    `has(key, preset)` says whether the preset has the option (None: no game has it); `parser(key, preset)`
    gives the function that parses its value or raises ValueError with a Message (a reason said after the
    option's name, or with WHOLE as its second argument a sentence of its own). A rule set that is not an
    object, or names an unknown preset, raises `error` at once.
    """
    if not isinstance(data, dict):
        raise error([Problem("rules", "the rules must be an object with a preset and options")])
    preset = data.get("preset", default)
    if preset not in presets:
        raise error([Problem("preset", "unknown preset '{preset}': choose one of {presets}",
                             preset=str(preset)[:40], presets=", ".join(presets))])
    problems, values = [], {}
    for key, raw in data.items():
        if key == "preset":
            continue
        known = has(key, preset)
        if known is None:
            problems.append(Problem(str(key)[:40], "unknown option '{key}'", key=str(key)[:40]))
        elif not known:
            problems.append(Problem(key, "the {preset} rules have no option '{key}'", preset=preset_names[preset],
                                    key=key))
        else:
            try:
                values[key] = parser(key, preset)(raw)
            except ValueError as exc:
                if exc.args[1:] == (WHOLE,):
                    problems.append(Problem(key, "{problem}", problem=exc.args[0]))
                else:
                    problems.append(Problem(key, "{option} {reason}", option=titles[key], reason=exc.args[0]))
    return preset, values, problems


class RuleSetForm:
    """What every game's RuleSet (a frozen dataclass with `preset`, its options and `given`) does alike:
    list its options, write its dict form, show itself. Its `OPTIONS` (name -> `Option`) say which options
    its preset has."""

    OPTIONS: dict = {}
    FIXED: tuple = ()   # settings the preset fixes: naming one in the rules is refused, saying so (`fixed`)

    def __init_subclass__(cls, *, presets=(), default="", names=None, titles=None, error=None, **kwargs):
        """A game's rule set names its presets, its default preset, the presets' and options' names in words and
        the error its problems are raised in: `class RuleSet(RuleSetForm, presets=..., default=..., ...)`."""
        super().__init_subclass__(**kwargs)
        cls.PRESETS, cls.DEFAULT_PRESET, cls.PRESET_NAMES = presets, default, names or {}
        cls.OPTION_TITLES, cls.ERROR = titles or {}, error or ScoringError

    @classmethod
    def from_dict(cls, data: object):
        """A rule set from its dict form ({"preset": ..., option: value}); every problem raised at once."""
        preset, values, problems = read_options(
            data, presets=cls.PRESETS, default=cls.DEFAULT_PRESET, preset_names=cls.PRESET_NAMES,
            titles=cls.OPTION_TITLES, has=cls.preset_has, parser=cls.parser, error=cls.ERROR)
        if not problems:
            problems = cls.conflicts(preset, values)
        if problems:
            raise cls.ERROR(problems)
        return cls.of_preset(preset, values, data)

    @classmethod
    def preset_has(cls, key: str, preset: str) -> bool | None:
        """Whether `preset` has the option `key` (None: no rule set of this game has it)."""
        if key in cls.FIXED:
            return True   # read by `fixed`, which refuses it with its own message
        return preset in cls.OPTIONS[key].presets if key in cls.OPTIONS else None

    @classmethod
    def parser(cls, key: str, preset: str):
        """The function that reads option `key`'s value under `preset`."""
        return fixed(key) if key in cls.FIXED else cls.OPTIONS[key].parse

    @classmethod
    def conflicts(cls, preset: str, values: dict) -> list:
        """The problems of options that cannot go together (each read on its own without one)."""
        return []

    def has_option(self, name: str) -> bool:
        option = self.OPTIONS.get(name)
        return option is not None and self.preset in option.presets

    @classmethod
    def default(cls, preset: str | None = None):
        """A rule set with every default: of `preset`, or of the game's own default rule set (its `from_dict` of
        no preset)."""
        return cls.from_dict({} if preset is None else {"preset": preset})

    @classmethod
    def of_preset(cls, preset: str, values: dict, data: dict):
        """The rule set of `preset`: the options read from `data` (`values`), every other option the preset has at
        its default; `given` names the options `data` named."""
        full = {name: values.get(name, option.defaults[preset])
                for name, option in cls.OPTIONS.items() if preset in option.presets}
        return cls(preset=preset, given=tuple(k for k in data if k != "preset"), **full)

    @classmethod
    def from_stored(cls, data: dict):
        """A rule set this app stored earlier. As `from_dict`, except that an amount of money stored before
        amounts had to be whole cents (a stake of 0, or 0.125) is kept as it was, so that such a partie still
        opens; its money is then written to the cent."""
        try:
            return cls.from_dict(data)
        except ScoringError as refused:
            if not isinstance(data, dict):
                raise
            preset = {"preset": data["preset"]} if "preset" in data else {}
            old = {}
            for key in MONEY_OPTIONS:
                if key in data:
                    try:
                        cls.from_dict({**preset, key: data[key]})
                    except ScoringError:
                        old[key] = data[key]
            try:
                kept = {k: Decimal(str(v)) for k, v in old.items()}
            except InvalidOperation:
                raise refused from None
            if not kept or not all(v.is_finite() and 0 <= v <= 100_000 for v in kept.values()):
                raise
            rules = cls.from_dict({k: v for k, v in data.items() if k not in old})
            return replace(rules, given=rules.given + tuple(kept), **kept)

    def options(self) -> dict:
        """Every option this preset has, with its value."""
        from dataclasses import fields

        return {f.name: getattr(self, f.name) for f in fields(self) if self.has_option(f.name)}

    def to_dict(self, full: bool = False) -> dict:
        """The dict form: the options that were given, or (`full`) every option."""
        from decimal import Decimal

        out = {"preset": self.preset}
        for name, value in self.options().items():
            if full or name in self.given:
                out[name] = str(value) if isinstance(value, Decimal) else list(value) if isinstance(value, tuple) \
                    else value
        return out

    @property
    def title(self):
        """The rule set's name as a page shows it: its preset's (a game whose rule sets can be more says so)."""
        return self.PRESET_NAMES.get(self.preset, self.preset)

    def to_stored(self) -> dict:
        """The dict form the store keeps (`from_stored` reads it back): every option, and whatever else the rule set
        is made of in full, so that a partie reads the same whatever its preset says later."""
        return self.to_dict(full=True)

    def __repr__(self) -> str:
        return f"RuleSet.from_dict({self.to_dict(full=True)!r})"


# -- option parsers a game's OPTIONS table may share: each returns the value or raises ValueError(reason) --

MAX_STAKE = Decimal("1000")
# a stake as a string: U+0020 spaces around it, a whole part without leading zeros, at most two decimals after a
# point or a comma with digits on both sides, ASCII digits, no sign, no exponent (one reading in every game)
_STAKE = re.compile(r" *(?:0|[1-9][0-9]{0,5})(?:[.,][0-9]{1,2})? *")


def stake(value) -> Decimal:
    """Money per point: a string of whole cents ("0.10", "0,1", " 2 ") or a JSON integer, above 0, at most 1000.00;
    a JSON number with a fraction (0.1) is a binary fraction, not cents."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_STAKE:
        return Decimal(value).quantize(Decimal("0.01"))
    if isinstance(value, str) and len(value) <= 40 and _STAKE.fullmatch(value):
        amount = Decimal(value.strip(" ").replace(",", "."))
        if 0 < amount <= MAX_STAKE:
            return amount.quantize(Decimal("0.01"))
    raise ValueError(Message("must be an amount of whole cents above 0 and at most {high}, like {example}",
                             high=Money(MAX_STAKE), example=Money("0.10")))


def flag(value) -> bool:
    if isinstance(value, bool):
        return value
    raise ValueError(Message("must be true or false"))


def whole(low: int, high: int):
    """A JSON integer from `low` to `high`."""
    def parse(value) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise ValueError(Message("must be a whole number from {low} to {high}", low=low, high=high))
    return parse


def one_of(*allowed):
    """One of `allowed` (strings or integers), exactly as written."""
    def parse(value):
        if any(value == a and type(value) is type(a) for a in allowed):
            return value
        raise ValueError(Message("must be one of {choices}", choices=", ".join(map(str, allowed))))
    return parse


def each_once(*allowed):
    """A list of `allowed` words, each at most once (a tuple)."""
    def parse(value) -> tuple:
        if isinstance(value, list) and all(isinstance(v, str) and v in allowed for v in value) \
                and len(set(value)) == len(value):
            return tuple(value)
        raise ValueError(Message("must be a list of {names}, each at most once", names=Alternatives(allowed)))
    return parse


def fixed(key: str):
    """The parser of a setting the preset fixes (not an option): naming it is refused, saying so."""
    def parse(value):
        raise ValueError(Message("'{key}' is not an option: the rule set fixes it, leave it out", key=key), WHOLE)
    return parse
