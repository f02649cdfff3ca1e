"""What every game's partie is: its players in their seating order (their names, cleaned and checked),
its rule set, its deals in order, who dealt first.  Each game's engine replays a `Partie` with its own
rules; the partie file is `scorer.partie_file`, money and card points are `scorer.amounts`."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .problems import Problem

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


JOINERS = "\u200c\u200d"   # ZWNJ and ZWJ: part of emoji sequences (👩‍👧) and of Persian and Indic spelling
# the control characters that Unicode's White_Space property counts as whitespace (tab to carriage return, NEL): a
# space in a name; every other control character is dropped (RULES-KOENIGRUFEN.md §14.4)
WHITE_CONTROLS = "\t\n\v\f\r\x85"
_LOOSE_JOINERS = re.compile(r"(?:^|(?<=\s))[\u200c\u200d]+|[\u200c\u200d]+(?=\s|$)")


def clean_name(value: str) -> str:
    """A name as it is kept: NFC-normalised, without invisible or direction-changing characters (Unicode
    categories Cc and Cf: zero-width spaces, bidi overrides, ...), spaces collapsed and trimmed. The two
    joiners (ZWJ, ZWNJ) stay between two characters, where they shape the name; at a word's edge they only
    hide, and go."""
    value = unicodedata.normalize("NFC", value)
    value = "".join(" " if ch in WHITE_CONTROLS else ch for ch in value)
    value = "".join(ch for ch in value if ch in JOINERS or unicodedata.category(ch) not in ("Cc", "Cf"))
    value = " ".join(value.split())
    return " ".join(_LOOSE_JOINERS.sub("", value).split())


def name_key(name: str) -> str:
    """What two names are compared by when they must differ: case aside, joiners aside ("An\u200dna" is Anna)."""
    return "".join(ch for ch in name if ch not in JOINERS).casefold()


def check_name(value: str, problems: list, field: str = "players") -> str:
    """A player's name, cleaned (`clean_name`: no control characters are left); too long is a problem."""
    name = clean_name(value)
    if len(name) > MAX_NAME:
        problems.append(Problem(field, "a name has at most {max} characters", max=MAX_NAME))
    return name


def table_head(partie: Partie) -> tuple[tuple[str, ...], int, list[str]]:
    """The start of a game's table for the command line: the names, the widest name's length, and the heading
    lines (the names and the rule set, then a blank line)."""
    names = partie.players
    return names, max(len(n) for n in names), [" · ".join(names) + f" · {partie.rules.preset}", ""]
