"""The partie file's format (FORMAT.md, RULES-BAVARIAN.md §4, RULES-KOENIGRUFEN.md §10) as a given game reads and
writes it: the frame every game's file has (a JSON object with format, version, players, rules and deals), read as
that game's (`read`, `loads_as`) and written (`to_dict_of`), and the pieces each game's file module reads its own
players and deals with (`names_of`, `different_names`, `deal_frame`, `whole_field`, `card_points`, `written`). Which
game a file is (its `format`, among the registered games) is `scorer.partie_file`'s, above the registry; this module
knows no registry, so a game's file module may import it.
"""

from __future__ import annotations

import json
import re

from .game import Game
from .partie import Partie, check_name, clean_name, name_key
from .problems import Problem, ScoringError
from .words import N_, Alternatives

FIELDS = ("format", "version", "players", "rules", "deals")
MOST_PROBLEMS = 20      # the web app reads a file up to its 20th problem, and says those (`most_problems`)
WEB_MAX_DEALS = 10_000  # deals of a partie file the web app takes, in every game (`most_deals`)
# a surrogate in a file: a \uD800-\uDFFF escape, or its UTF-8 bytes (json.loads reads bytes with surrogatepass)
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")


def lone_surrogate(raw: str | bytes, data) -> bool:
    """Whether the parsed JSON `data` of `raw` holds a lone surrogate (`"\\ud800"`) in a string or a key: text
    that cannot be stored or written as UTF-8. Looked for only when `raw` has a surrogate escape at all (a
    pair, as JSON writes an emoji escaped, is fine)."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")
    if not _SURROGATE.search(raw):
        return False
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (ValueError, RecursionError):   # said by the reader's own checks
        return False
    return False


LONE_SURROGATE = Problem("file", "the file holds text that is not Unicode (an escape such as \\ud800 alone): "
                                 "save it again as UTF-8")


def names_of(raw: list, problems: list) -> list[str]:
    """The players' names of a partie file, each checked ("" where one is missing)."""
    names = []
    for value in raw:
        if not isinstance(value, str) or not clean_name(value):
            problems.append(Problem("players", "each player needs a name"))
            names.append("")
            continue
        names.append(check_name(value, problems))
    return names


def different_names(names: list[str], problems: list) -> tuple[str, ...]:
    """The names, with a problem if two of them are the same (case aside)."""
    folded = [name_key(n) for n in names if n]
    if len(set(folded)) != len(folded):
        problems.append(Problem("players", "the players need different names"))
    return tuple(names)


def deal_frame(raw: object, problems: list, keys: dict, wrong_type) -> str | None:
    """The type of one deal of a partie file, after checking it is an object with a known type and only
    the fields that type has (`keys`: type -> fields). None, with `wrong_type` (a Problem) or another
    problem added, when the deal cannot be read."""
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


def json_of(text: str | bytes, error: type, too_deep: Problem, too_long: Problem):
    """The parsed JSON of a file's text, or `error` saying why it cannot be read (`too_deep`, `too_long`: what a
    file nested too deeply, or holding a number of thousands of digits, is told)."""
    try:
        data = json.loads(text)
    except UnicodeDecodeError:
        raise error([Problem("file", "the file is not text (UTF-8 JSON)")]) from None
    except json.JSONDecodeError as exc:
        raise error([Problem("file", "the file is not valid JSON: {msg} at line {line}, column {col}",
                             msg=exc.msg, line=exc.lineno, col=exc.colno)]) from None
    except RecursionError:
        raise error([too_deep]) from None
    except ValueError:   # a number of thousands of digits (Python's limit on integer conversion)
        raise error([too_long]) from None
    if lone_surrogate(text, data):
        raise error([LONE_SURROGATE])
    return data


def read(data: object, game: Game, formats, most_problems: int | None = None,
         most_deals: int | None = None) -> Partie:
    """A partie read from the parsed JSON of a partie file as `game`'s; every problem raised at once (`most_problems`:
    the reading stops at that many, so that a file of bad deals costs no more than 20 of them; `most_deals`: a file
    of more deals is refused at once, as a game's own `max_deals` refuses it everywhere). `formats`: the formats a
    file's `format` may be, as its message names them."""
    if not isinstance(data, dict):
        raise game.error([Problem("file", "a partie file is a JSON object with format, version, players, "
                                          "rules and deals")])
    problems: list = []
    limit = min((n for n in (game.max_deals, most_deals) if n is not None), default=None)
    if limit is not None and isinstance(data.get("deals"), list) and len(data["deals"]) > limit:
        raise game.error([Problem("deals", "a partie has at most {max} deals", max=limit)])
    if data.get("format") != game.format:
        problems.append(Problem("format", "format must be {formats}", formats=formats))
    version = game.file.VERSION
    if data.get("version") != version or type(data.get("version")) is not type(version):   # 1.0 and true are not 1
        problems.append(Problem("version", "version must be {version}; this scorer reads version {version} files",
                                version=version))
    for key in data:
        if key not in FIELDS:
            problems.append(Problem(str(key)[:40], "unknown field '{key}'", key=str(key)[:40]))
    players = game.file.parse_players(data.get("players"), problems)
    ruleset = None
    try:
        ruleset = game.rules.from_dict(data.get("rules", {}))
    except ScoringError as exc:
        problems.extend(Problem(p.field, "rules: {problem}", problem=p) for p in exc.problems)
    raw_deals = data.get("deals", [])
    if not isinstance(raw_deals, list):
        problems.append(Problem("deals", "deals must be a list"))
        raw_deals = []
    deals = []
    parse_deal, check, checkable = game.file.parse_deal, game.check, ruleset is not None and players
    for number, raw in enumerate(raw_deals, start=1):
        found: list = []
        deal = parse_deal(raw, found)
        if deal is not None and checkable and not found:
            found = check(ruleset, deal, players)
        if found:
            problems.extend(p.at(number) for p in found)
            if most_problems is not None and len(problems) >= most_problems:
                break
        deals.append(deal)
    if problems:
        raise game.error(problems[:most_problems] if most_problems is not None else problems)
    return Partie(players=players, rules=ruleset, deals=tuple(deals), first_dealer=deals[0].dealer if deals else 0)


def loads_as(text: str | bytes, game: Game, most_problems: int | None = None, most_deals: int | None = None) -> Partie:
    """A partie from the text of `game`'s partie file; the game's ScoringError lists every problem."""
    return read(json_of(text, game.error, TOO_DEEP, TOO_LONG), game, Alternatives((game.format,)), most_problems,
                most_deals)


def from_dict_as(data: object, game: Game, most_problems: int | None = None, most_deals: int | None = None) -> Partie:
    """A partie from the parsed JSON of `game`'s partie file; every problem raised at once."""
    return read(data, game, Alternatives((game.format,)), most_problems, most_deals)


def to_dict_of(partie: Partie, game: Game) -> dict:
    """The content of `game`'s partie file of `partie`."""
    return {"format": game.format, "version": game.file.VERSION, "players": list(partie.players),
            "rules": partie.rules.to_dict(full=game.rules_in_full),
            "deals": [game.file.deal_to_dict(d) for d in partie.deals]}


def dumps_of(partie: Partie, game: Game) -> str:
    """The text of `game`'s partie file of `partie`."""
    return json.dumps(to_dict_of(partie, game), ensure_ascii=False, indent=2) + "\n"


TOO_DEEP = Problem("file", "the file is nested too deeply to be a partie file")
TOO_LONG = Problem("file", "the file holds a number far too long to be a partie's")


def written(value) -> str:
    """A value of the file as it is written there, cut short: what a message says was wrong."""
    if isinstance(value, (list, dict)):
        return "[…]" if isinstance(value, list) else "{…}"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


_DIGITS = re.compile(r"0|[1-9][0-9]{0,19}")


def whole_number(value) -> int | None:
    """A whole number as a partie file writes it: a JSON integer, or a string of the ASCII digits 0-9 without
    leading zeros, spaces or a newline ("41"); None for anything else (41.0, "041", "41 1/3", true)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and _DIGITS.fullmatch(value):
        return int(value)
    return None


def whole_field(raw: dict, key: str, problems: list, what=N_("a player's number, counted from 0"), default=None):
    """A deal's whole-number field (a player's index, a Kontra level) as a JSON integer, or None with a message."""
    value = raw.get(key, default)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    problems.append(Problem(key, "{key} is {what}", key=key, what=what))
    return None


def card_points(value, problems: list, total: int) -> int | None:
    """Whole card points as written (an integer or a string of digits), or None with one message: not a whole
    number, or one out of 0 to `total` (quoted as written)."""
    number = whole_number(value)
    if number is None:
        problems.append(Problem("card_points", "'{value}' is not a whole number of card points: write one from 0 to "
                                "{total}", value=written(value), total=total))
    elif not 0 <= number <= total:
        problems.append(Problem("card_points", "card points are between 0 and {total}, not {value}", total=total,
                                value=written(value)))
        number = None
    return number
