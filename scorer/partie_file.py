"""The partie file of every game (FORMAT.md, RULES-BAVARIAN.md §4, RULES-KOENIGRUFEN.md §10): read, write,
and the settlement as JSON.

The frame is the same for every game (a JSON object with format, version, players, rules and deals); the
`format` names the game, and the game (`scorer.games`) reads and writes its own players, rules and deals
with the helpers here (`names_of`, `deal_frame`). The registry is imported where it is asked, since each
game's file module imports this one.
"""

from __future__ import annotations

import json
import re

from .game import Game
from .partie import Partie, check_name, clean_name, name_key
from .problems import Problem, ScoringError
from .words import Alternatives

FIELDS = ("format", "version", "players", "rules", "deals")
MOST_PROBLEMS = 20      # the web app reads a file up to its 20th problem, and says those (`most_problems`)
WEB_MAX_DEALS = 10_000  # deals of a partie file the web app takes, in every game (`most_deals`)
# a surrogate in a file: a \uD800-\uDFFF escape, or its UTF-8 bytes (json.loads reads bytes with surrogatepass)
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")



OTHER_FORMATS: list = []   # the formats of the other files `python -m scorer replay` reads (a tournament's:
                           # scorer/tournament/file.py adds its own), named when a file's format is unknown

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


def loads(text: str | bytes, game: Game | None = None, every: bool = False, most_problems: int | None = None,
          most_deals: int | None = None) -> Partie:
    """A partie from the text of a partie file; the game's ScoringError lists every problem. `game`, `every`,
    `most_problems` and `most_deals` as in `from_dict`."""
    from . import games

    data = json_of(text, (game or games.default()).error,
                   Problem("file", "the file is nested too deeply to be a partie file"),
                   Problem("file", "the file holds a number far too long to be a partie's"))
    return from_dict(data, game, every, most_problems, most_deals)


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


def from_dict(data: object, game: Game | None = None, every: bool = False, most_problems: int | None = None,
              most_deals: int | None = None) -> Partie:
    """A partie from the parsed JSON of a partie file; every problem raised at once (`most_problems`: the
    reading stops at that many, so that a file of bad deals costs no more than 20 of them; `most_deals`: a
    file of more deals is refused at once, as a game's own `MAX_DEALS` refuses it everywhere).

    The file is read as `game`'s if one is given; else as the game its `format` names, among the games the
    web app offers (`every`: among every registered game, as the command line reads them). A file of no
    such format is read as the default game's, so that its other problems are said too.
    """
    from . import games

    offered = (game,) if game else games.registered() if every else games.offered()
    if game is None:
        fmt = data.get("format") if isinstance(data, dict) else None
        game = next((g for g in offered if g.format == fmt), None)
        if game is None and isinstance(data, dict):   # no game to read it as: one message, not a game's complaints
            # the command line reads the other files too (a tournament's): it names their formats as well
            formats = Alternatives([g.format for g in offered] + (OTHER_FORMATS if every else []))
            if "format" not in data:
                raise games.default().error([Problem("format", "format must be {formats}", formats=formats)])
            if every:
                raise games.default().error([Problem("format", "unknown format '{format}': a file's format is "
                                                     "{formats}", format=_written(fmt), formats=formats)])
            raise games.default().error([Problem("format", "unknown format '{format}': a partie file's format is "
                                                 "{formats}", format=_written(fmt), formats=formats)])
        game = game or games.default()
    if not isinstance(data, dict):
        raise game.error([Problem("file", "a partie file is a JSON object with format, version, players, "
                                          "rules and deals")])
    problems: list = []
    limit = min((n for n in (game.max_deals, most_deals) if n is not None), default=None)
    if limit is not None and isinstance(data.get("deals"), list) and len(data["deals"]) > limit:
        raise game.error([Problem("deals", "a partie has at most {max} deals", max=limit)])
    if data.get("format") != game.format:
        problems.append(Problem("format", "format must be {formats}", formats=Alternatives(g.format for g in offered)))
    version = game.file.VERSION
    if data.get("version") != version or isinstance(data.get("version"), bool):
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


def _written(value) -> str:
    """A value of the file as it is written there, cut short."""
    if isinstance(value, (list, dict)):
        return "[…]" if isinstance(value, list) else "{…}"
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def to_dict(partie: Partie) -> dict:
    """The partie file's content."""
    from . import games

    game = games.game_of(partie)
    return {"format": game.format, "version": game.file.VERSION, "players": list(partie.players),
            "rules": partie.rules.to_dict(full=game.rules_in_full),
            "deals": [game.file.deal_to_dict(d) for d in partie.deals]}


def deal_to_dict(deal) -> dict:
    """One deal as its game's partie file writes it (and the store keeps it)."""
    from . import games

    return games.game_of(deal).file.deal_to_dict(deal)


def dumps(partie: Partie) -> str:
    """The partie file's text."""
    return json.dumps(to_dict(partie), ensure_ascii=False, indent=2) + "\n"


compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode   # json.dumps(..., the same)


def settlement_json(settlement) -> str:
    """The settlement as `replay --json` writes it by default: `settlement_to_dict`'s compact JSON and a newline."""
    return compact(settlement_to_dict(settlement)) + "\n"


def settlement_to_dict(settlement) -> dict:
    """The settlement as `replay --json` writes it (FORMAT.md; RULES-BAVARIAN.md §4)."""
    from . import games

    return games.game_of(settlement).file.settlement_to_dict(settlement)
