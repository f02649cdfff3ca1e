"""The Königrufen partie file (RULES-KOENIGRUFEN.md §10): read, write, and the settlement as JSON.

Pure dict conversions; the text and the frame every game's file shares (format, version, players, rules,
deals) are read and written by `scorer.partie_file`, which asks the game (`scorer.games`) for the pieces here.
"""

from __future__ import annotations


from ...file_format import deal_frame, different_names, names_of
from ...words import N_
from .deals import ABSENT, TOTAL, Deal, Premium, format_card_points, parse_card_points, written
from .problems import Problem
from .rules import CONTRACT_LABELS, KING_CALLS, KONTRA_LEVELS, NEGATIVE, POSITIVE
from ...tarock.radl import settlement_to_dict  # noqa: F401 - the file module's settlement JSON (Game.file)

FORMAT = "koenigrufen-partie"
VERSION = 1
_KEYS = {
    "game": ("type", "dealer", "contract", "declarer", "partner", "conceded", "won", "card_points", "kontra",
             "kontra_each", "premiums"),
    # a renonce may carry what was said before it: its Kontra fields are accepted and ignored (§13)
    "renonce": ("type", "dealer", "contract", "declarer", "partner", "offender", "premiums", "kontra",
                "kontra_each"),
    "misdeal": ("type", "dealer", "offender"),
}
_GAME_PREMIUM = ("premium", "side", "announced", "made", "kontra")
_RENONCE_PREMIUM = ("premium", "side", "announced", "made", "kontra")
# the fields that may be left out; null is not a way to leave them out (§13: only `partner` and the sitting-out
# dealer's Trischaken points are null)
_OPTIONAL = ("conceded", "won", "card_points", "kontra", "kontra_each", "premiums")
_WRONG_TYPE = Problem("type", "type must be game, renonce or misdeal")   # made once: a Problem is immutable


def parse_players(raw: object, problems: list[Problem]) -> tuple[str, ...]:
    """Four or five different, non-empty names."""
    if not isinstance(raw, list) or len(raw) not in (4, 5):
        problems.append(Problem("players", "players must be a list of four or five names (five: the dealer "
                                "sits out)"))
        return ()
    return different_names(names_of(raw, problems), problems)


def _int(raw: dict, key: str, problems: list[Problem], what: str, default=None):
    value = raw.get(key, default)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    problems.append(Problem(key, "{key} is {what}", key=key, what=what))
    return None


def _bool(raw: dict, key: str, problems: list[Problem], default=None):
    value = raw.get(key, default)
    if (value is None and default is None) or isinstance(value, bool):
        return value
    problems.append(Problem(key, "{key} is true or false", key=key))
    return default


def _points(value, problems: list[Problem]):
    """Card points as written -> thirds, or None with one message: not a number of card points, or one out of
    range (quoted as written)."""
    try:
        thirds = parse_card_points(value)
    except ValueError:
        if isinstance(value, int) and not isinstance(value, bool) and -10 ** 6 < value < 10 ** 6:
            thirds = 3 * value   # a whole number out of range: said so below
        else:
            problems.append(Problem("card_points", "'{value}' is not a number of card points: write a whole number "
                                    "from 0 to 70, or one with a third like \"35 2/3\"", value=written(value)))
            return None
    if not 0 <= thirds <= TOTAL:
        problems.append(Problem("card_points", "card points are between 0 and 70, not {value}", value=written(value)))
        return None
    return thirds


def _level(value, field: str, problems: list[Problem]) -> None:
    """A Kontra level that is read and then ignored (a renonce's): 1, 2, 4 or 8."""
    if not (isinstance(value, int) and not isinstance(value, bool) and value in KONTRA_LEVELS):
        problems.append(Problem(field, "a Kontra level is 1 (none), 2 (Kontra), 4 (Re) or 8 (Sub), not {value}",
                                value=written(value)))


def parse_deal(raw: object, problems: list[Problem]) -> Deal | None:
    """One deal of the file; the rules' checks come later."""
    kind = deal_frame(raw, problems, _KEYS, _WRONG_TYPE)
    if kind is None:
        return None
    before = len(problems)
    if kind == "renonce":   # ignored whatever it holds, null included (§13)
        raw = {k: v for k, v in raw.items() if k != "kontra_each"}
    nulls = [k for k in _OPTIONAL if k in raw and raw[k] is None]
    for key in nulls:
        problems.append(Problem(key, "{key} cannot be null: leave it out (null stands only for a partner whose King "
                                "lay in the talon and for the Trischaken points of a dealer who sits out)", key=key))
    if nulls:
        raw = {k: v for k, v in raw.items() if k not in nulls}
    dealer = _int(raw, "dealer", problems, N_("a player's number, counted from 0"))
    if kind == "misdeal":
        offender = _int(raw, "offender", problems, N_("a player's number, counted from 0"))
        return None if len(problems) > before else Deal("misdeal", dealer, offender=offender)
    contract = raw.get("contract")
    if not isinstance(contract, str):
        problems.append(Problem("contract", "contract is the name of a contract, like rufer or dreier"))
    declarer = _int(raw, "declarer", problems, N_("a player's number, counted from 0"))
    partner = ABSENT
    if "partner" in raw:
        partner = raw["partner"]
        if partner is not None and (not isinstance(partner, int) or isinstance(partner, bool)):
            problems.append(Problem("partner", "partner is a player's number, or null when the called King lay "
                                    "in the talon"))
    elif contract not in KING_CALLS:
        partner = ABSENT
    offender = _int(raw, "offender", problems, N_("a player's number, counted from 0")) if kind == "renonce" else None
    conceded = _bool(raw, "conceded", problems, False)
    won = _bool(raw, "won", problems) if kind == "game" else None
    card_points = None
    cp = raw.get("card_points")
    if isinstance(cp, list) and contract in POSITIVE:   # one number, the declarer's side's: said as written
        problems.append(Problem("card_points", "a {contract} has one number of card points, the declarer's side's "
                                "(like 41 or \"41 2/3\"), not a list: {value}", contract=CONTRACT_LABELS[contract],
                                value=written(cp)))
    elif isinstance(cp, list) and contract in NEGATIVE:
        card_points = ()   # refused by the checks: no card points at all
    elif isinstance(cp, list):
        if len(cp) > 5:
            problems.append(Problem("card_points", "Trischaken card points are one value per player"))
        else:
            card_points = tuple(None if v is None else _points(v, problems) for v in cp)
    elif cp is not None:
        card_points = _points(cp, problems)
    if kind == "game":
        kontra = _int(raw, "kontra", problems, N_("a Kontra level: 1, 2, 4 or 8"), 1)
    else:
        kontra = 1
        _level(raw.get("kontra", 1), "kontra", problems)   # read, then ignored
    kontra_each = None
    if "kontra_each" in raw:
        each = raw["kontra_each"]
        if not isinstance(each, list) or len(each) > 5 or any(
                not isinstance(k, int) or isinstance(k, bool) for k in each):
            problems.append(Problem("kontra_each", "kontra_each is a list of Kontra levels, one per player"))
        else:
            kontra_each = tuple(each)
    premiums = _premiums(raw.get("premiums", []), kind, problems)
    if len(problems) > before:
        return None
    return Deal(kind, dealer, contract, declarer, partner, conceded, won, card_points, kontra, kontra_each, premiums,
                offender)


def _premiums(raw, kind: str, problems: list[Problem]) -> tuple[Premium, ...]:
    keys = _GAME_PREMIUM if kind == "game" else _RENONCE_PREMIUM
    shape = (Problem("premiums", "each premium is {{\"premium\", \"side\", \"announced\", \"made\"}} (and "
                     "\"kontra\" when given)") if kind == "game" else
             Problem("premiums", "each premium of a renonce is {{\"premium\", \"side\"}} (and \"announced\", "
                     "\"made\", \"kontra\" when given)"))
    if not isinstance(raw, list) or len(raw) > 20:
        problems.append(Problem("premiums", "premiums is a list of at most 20 premiums: {shape}", shape=shape))
        return ()
    out = []
    for entry in raw:
        if (not isinstance(entry, dict) or any(k not in keys for k in entry) or "premium" not in entry
                or "side" not in entry or (kind == "game" and ("announced" not in entry or "made" not in entry))):
            problems.append(shape)
            continue
        name, side = entry["premium"], entry["side"]
        if not isinstance(name, str) or not isinstance(side, str):
            problems.append(Problem("premiums", "a premium's name and side are words, like \"pagat\" and "
                                    "\"declarer\""))
            continue
        if kind == "renonce":   # made and Kontra said before it are ignored; a silent one is not paid (§13)
            announced = entry.get("announced", True)
            if not isinstance(announced, bool) or not isinstance(entry.get("made", True), bool):
                problems.append(Problem("premiums", "announced and made are true or false"))
                continue
            _level(entry.get("kontra", 1), "premiums", problems)
            out.append(Premium(name[:40], side[:40], announced))
            continue
        announced, made, kontra = entry["announced"], entry["made"], entry.get("kontra", 1)
        if not isinstance(announced, bool) or not isinstance(made, bool):
            problems.append(Problem("premiums", "announced and made are true or false"))
            continue
        if not isinstance(kontra, int) or isinstance(kontra, bool):
            problems.append(Problem("premiums", "a premium's kontra is a Kontra level: 1, 2, 4 or 8"))
            continue
        out.append(Premium(name[:40], side[:40], announced, made, kontra))
    return tuple(out)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    out: dict = {"type": deal.type, "dealer": deal.dealer}
    if deal.type == "misdeal":
        out["offender"] = deal.offender
        return out
    out["contract"] = deal.contract
    out["declarer"] = deal.declarer
    if deal.partner is not ABSENT:
        out["partner"] = deal.partner
    if deal.type == "renonce":
        out["offender"] = deal.offender
        if deal.premiums:
            out["premiums"] = [{"premium": p.premium, "side": p.side} if p.announced else
                               {"premium": p.premium, "side": p.side, "announced": False} for p in deal.premiums]
        return out
    if deal.conceded:
        out["conceded"] = True
    if deal.won is not None:
        out["won"] = deal.won
    if isinstance(deal.card_points, tuple):
        out["card_points"] = [None if v is None else format_card_points(v) for v in deal.card_points]
    elif deal.card_points is not None:
        out["card_points"] = format_card_points(deal.card_points)
    if deal.kontra != 1:
        out["kontra"] = deal.kontra
    if deal.kontra_each is not None:
        out["kontra_each"] = list(deal.kontra_each)
    if deal.premiums:
        out["premiums"] = []
        for p in deal.premiums:
            entry = {"premium": p.premium, "side": p.side, "announced": p.announced, "made": p.made}
            if p.kontra != 1:
                entry["kontra"] = p.kontra
            out["premiums"].append(entry)
    return out
