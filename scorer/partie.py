"""What every game's partie is: its players in their seating order (their names, cleaned and checked),
its rule set, its deals in order, who dealt first.  Each game's engine replays a `Partie` with its own
rules; the partie file is `scorer.partie_file`, money and card points are `scorer.amounts`."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

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
