"""What every game's partie shares: its players, its rule set, its deals in order, who dealt first,
and money to the cent.  Each game's engine replays a `Partie` with its own rules."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation

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
    """An amount of money in cents, written with exactly two decimals (0.5 -> 0.50, 0.500 -> 0.50).

    Every amount the engines make is whole cents (stakes, antes and bankrolls are, see `parse_cents`),
    so this never rounds; it only fixes how many decimals the amount is written with.
    """
    return Decimal(value).quantize(CENT)


def parse_cents(value: object) -> Decimal:
    """An amount of money given by a person or a file ("0.10", "0,10", "0.100", 1) -> Decimal with two decimals.

    Raises ValueError("cents") when it has more than two decimals that are not zero ("0.125"), and
    ValueError("money") when it is not an amount at all; the caller words the message and checks the range.
    """
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise ValueError("money")
    try:
        amount = Decimal(str(value).strip().replace(",", "."))
    except InvalidOperation:
        raise ValueError("money") from None
    if not amount.is_finite():
        raise ValueError("money")
    if abs(amount) >= 10 ** 12:
        return amount   # far out of any range: the caller's range check refuses it
    if amount != amount.quantize(CENT, rounding=ROUND_DOWN):
        raise ValueError("cents")
    return amount.quantize(CENT)


FORMATS = ("strohmandeln-partie", "haferltarock-partie")


def read_partie(data: object, *, format: str, version: int, error: type, parse_players, rules: type, parse_deal,
                check) -> Partie:
    """A partie from the parsed JSON of a partie file of either game; every problem raised at once.

    The game brings its own pieces: `parse_players(raw, problems)`, the `rules` class (with `from_dict`),
    `parse_deal(raw, problems)` and `check(rules, deal, players)`, and its `error` class.
    """
    from .problems import Problem

    if not isinstance(data, dict):
        raise error([Problem("file", "a partie file is a JSON object with format, version, players, "
                                     "rules and deals")])
    problems: list = []
    if data.get("format") != format:
        problems.append(Problem("format", "format must be \"{format}\" or \"{other}\"", format=FORMATS[0],
                                other=FORMATS[1]))
    if data.get("version") != version or isinstance(data.get("version"), bool):
        problems.append(Problem("version", "version must be {version}; this scorer reads version {version} files",
                                version=version))
    for key in data:
        if key not in ("format", "version", "players", "rules", "deals"):
            problems.append(Problem(str(key)[:40], "unknown field '{key}'", key=str(key)[:40]))
    players = parse_players(data.get("players"), problems)
    ruleset = None
    try:
        ruleset = rules.from_dict(data.get("rules", {}))
    except error as exc:
        problems.extend(Problem(p.field, "rules: {problem}", problem=p) for p in exc.problems)
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list):
        problems.append(Problem("deals", "deals must be a list"))
        raw_deals = []
    deals = []
    for number, raw in enumerate(raw_deals, start=1):
        found: list = []
        deal = parse_deal(raw, found)
        if deal is not None and ruleset is not None and players and not found:
            found = check(ruleset, deal, players)
        problems.extend(p.at(number) for p in found)
        deals.append(deal)
    if problems:
        raise error(problems)
    return Partie(players=players, rules=ruleset, deals=tuple(deals), first_dealer=deals[0].dealer if deals else 0)


MAX_NAME = 40


def clean_name(value: str) -> str:
    """A name as it is kept: NFC-normalised, without invisible or direction-changing characters (Unicode
    categories Cc and Cf: zero-width spaces, bidi overrides, ...), spaces collapsed and trimmed."""
    value = unicodedata.normalize("NFC", value)
    value = "".join(" " if ch in "\t\n\r\v\f" else ch for ch in value)
    value = "".join(ch for ch in value if unicodedata.category(ch) not in ("Cc", "Cf"))
    return " ".join(value.split())


def check_name(value: str, problems: list, field: str = "players") -> str:
    """A player's name, cleaned (`clean_name`); too long is a problem."""
    from .problems import Problem

    name = clean_name(value)
    if len(name) > MAX_NAME:
        problems.append(Problem(field, "a name has at most {max} characters", max=MAX_NAME))
    if any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name):
        problems.append(Problem(field, "a name cannot contain control characters"))
    return name


def names_of(raw: list, problems: list) -> list[str]:
    """The players' names of a partie file, each checked ("" where one is missing)."""
    from .problems import Problem

    names = []
    for value in raw:
        if not isinstance(value, str) or not clean_name(value):
            problems.append(Problem("players", "each player needs a name"))
            names.append("")
            continue
        names.append(check_name(value, problems))
    return names


def deal_frame(raw: object, problems: list, keys: dict, wrong_type) -> str | None:
    """The type of one deal of a partie file, after checking it is an object with a known type and only
    the fields that type has (`keys`: type -> fields). None, with `wrong_type` (a Problem) or another
    problem added, when the deal cannot be read."""
    from .problems import Problem

    if not isinstance(raw, dict):
        problems.append(Problem("deal", "a deal is a JSON object with a type"))
        return None
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in keys:
        problems.append(wrong_type)
        return None
    if not raw.keys() - keys[kind]:   # the common case, in C: no field the type lacks
        return kind
    for key in raw:
        if key not in keys[kind]:
            problems.append(Problem(str(key)[:40], "a {kind} has no field '{key}'", kind=kind, key=str(key)[:40]))
    return kind
