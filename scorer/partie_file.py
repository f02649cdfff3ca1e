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
from .tarock.sides import Premium
from .words import N_, Alternatives, Either

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


def loads(text: str | bytes, game: Game | None = None, every: bool = False, most_problems: int | None = None,
          most_deals: int | None = None, also: tuple = ()) -> Partie:
    """A partie from the text of a partie file; the game's ScoringError lists every problem. `game`, `every`,
    `most_problems`, `most_deals` and `also` as in `from_dict`."""
    from . import games

    data = json_of(text, (game or games.default()).error,
                   Problem("file", "the file is nested too deeply to be a partie file"),
                   Problem("file", "the file holds a number far too long to be a partie's"))
    return from_dict(data, game, every, most_problems, most_deals, also)


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
              most_deals: int | None = None, also: tuple = ()) -> Partie:
    """A partie from the parsed JSON of a partie file; every problem raised at once (`most_problems`: the
    reading stops at that many, so that a file of bad deals costs no more than 20 of them; `most_deals`: a
    file of more deals is refused at once, as a game's own `MAX_DEALS` refuses it everywhere).

    The file is read as `game`'s if one is given; else as the game its `format` names, among the games the
    web app offers (`every`: among every registered game, as the command line reads them). A file of no
    such format is read as the default game's, so that its other problems are said too; its message names the
    formats there are, and `also` (the formats of the other files the command line reads: a tournament's, a cup's).
    """
    from . import games

    offered = (game,) if game else games.registered() if every else games.offered()
    if game is None:
        fmt = data.get("format") if isinstance(data, dict) else None
        game = next((g for g in offered if g.format == fmt), None)
        if game is None and isinstance(data, dict):   # no game to read it as: one message, not a game's complaints
            formats = Alternatives([g.format for g in offered] + list(also))
            if "format" not in data:
                raise games.default().error([Problem("format", "format must be {formats}", formats=formats)])
            if every:
                raise games.default().error([Problem("format", "unknown format '{format}': a file's format is "
                                                     "{formats}", format=written(fmt), formats=formats)])
            raise games.default().error([Problem("format", "unknown format '{format}': a partie file's format is "
                                                 "{formats}", format=written(fmt), formats=formats)])
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


# -- the deals of a game played by sides (sides.Deal): their common fields and premium entries -----------------

_ENTRY = ("premium", "side", "announced", "made", "kontra")


def read_premiums(raw, renonce: bool, problems: list) -> tuple[Premium, ...]:
    """A deal's `premiums` as the file has them: a game's entries carry `premium`, `side`, `announced`, `made`
    (and `kontra` when given); a renonce's `premium` and `side` (`announced`, `made`, `kontra` where given:
    `announced` absent is an announcement; none of them null). Forms only: the rules' checks come later."""
    shape = (Problem("premiums", "each premium of a renonce is {{\"premium\", \"side\"}} (and \"announced\", "
                     "\"made\", \"kontra\" when given)") if renonce else
             Problem("premiums", "each premium is {{\"premium\", \"side\", \"announced\", \"made\"}} (and "
                     "\"kontra\" when given)"))
    if not isinstance(raw, list) or len(raw) > 20:
        problems.append(Problem("premiums", "premiums is a list of at most 20 premiums: {shape}", shape=shape))
        return ()
    out = []
    for entry in raw:
        needed = ("premium", "side") if renonce else ("premium", "side", "announced", "made")
        if not isinstance(entry, dict) or any(k not in _ENTRY for k in entry) or any(k not in entry for k in needed):
            problems.append(shape)
            continue
        if any(v is None for v in entry.values()):
            problems.append(Problem("premiums", "a premium's fields cannot be null: leave out what was not said"))
            continue
        name, side, kontra = entry["premium"], entry["side"], entry.get("kontra", 1)
        announced, made = entry.get("announced", True), entry.get("made", None if renonce else False)
        if not isinstance(name, str) or not isinstance(side, str):
            problems.append(Problem("premiums", "a premium's name and side are words, like \"pagat\" and "
                                    "\"declarer\""))
        elif not isinstance(announced, bool) or (made is not None and not isinstance(made, bool)):
            problems.append(Problem("premiums", "announced and made are true or false"))
        elif not renonce and (not isinstance(kontra, int) or isinstance(kontra, bool)):
            problems.append(Problem("premiums", "a premium's kontra is a Kontra level, like 2"))
        else:
            out.append(Premium(name[:40], side[:40], announced, None if renonce else made, 1 if renonce else kontra))
    return tuple(out)


def premium_to_dict(p: Premium, renonce: bool) -> dict:
    """An entry as the partie file writes it (a renonce: what was announced; `announced: false` where not)."""
    if renonce:
        return {"premium": p.premium, "side": p.side} if p.announced else \
            {"premium": p.premium, "side": p.side, "announced": False}
    out = {"premium": p.premium, "side": p.side, "announced": p.announced, "made": p.made}
    if p.kontra != 1:
        out["kontra"] = p.kontra
    return out


def read_side_deal(raw: object, problems: list, keys: dict, total: int, example: str, nullable=()) -> dict | None:
    """The fields a deal of a game played by sides has in common, their forms checked (the rules' checks come
    later): {"type", "dealer", "offender", and for a game or renonce "contract", "declarer", "won", "card_points",
    "kontra", "premiums"}, its problems added (None: the deal cannot be read at all). `keys`: the fields of each type; `total`: the pack's card
    points; `example`: a contract's name; `nullable`: the fields that may be null (absent), every other null is
    refused."""
    kind = deal_frame(raw, problems, keys, Problem("type", "type must be {types}", types=Either(tuple(keys))))
    if kind is None:
        return None
    for key in [k for k, v in raw.items() if v is None and k not in nullable]:
        problems.append(Problem(key, "{key} cannot be null: leave it out", key=key))
    raw = {k: v for k, v in raw.items() if v is not None}
    out = {"type": kind, "dealer": whole_field(raw, "dealer", problems)}
    if kind != "game":
        out["offender"] = whole_field(raw, "offender", problems)
    if kind != "misdeal":
        if not isinstance(raw.get("contract"), str):
            problems.append(Problem("contract", "contract is the name of a contract, like {example}",
                                    example=example))
        won = raw.get("won")
        if won is not None and not isinstance(won, bool):
            problems.append(Problem("won", "won is true or false"))
        out.update(contract=raw.get("contract"), declarer=whole_field(raw, "declarer", problems), won=won,
                   card_points=card_points(raw["card_points"], problems, total) if "card_points" in raw else None,
                   kontra=whole_field(raw, "kontra", problems, N_("a Kontra level, like 2"), 1),
                   premiums=read_premiums(raw.get("premiums", []), kind == "renonce", problems))
    return out


def side_deal_to_dict(deal, **extra) -> dict:
    """A deal of a game played by sides as the partie file writes it: each field left out at its default (no
    `won`, no card points, Kontra 1, no premiums); `extra`: the game's own fields after the declarer."""
    out: dict = {"type": deal.type, "dealer": deal.dealer}
    if deal.type == "misdeal":
        return {**out, "offender": deal.offender}
    out.update(contract=deal.contract, declarer=deal.declarer, **extra)
    if deal.type == "renonce":
        out["offender"] = deal.offender
    for key, value, default in (("won", deal.won, None), ("card_points", deal.card_points, None),
                                ("kontra", deal.kontra, 1)):
        if value != default:
            out[key] = value
    if deal.premiums:
        out["premiums"] = [premium_to_dict(p, deal.type == "renonce") for p in deal.premiums]
    return out
