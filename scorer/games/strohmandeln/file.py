"""The Strohmandeln partie file (FORMAT.md, version 1): its players, its deals, and the settlement as JSON.

Pure dict conversions; the JSON text and the frame every game's file shares are read by
`scorer.partie_file`, which asks the game (`scorer.games`) for the pieces here.
"""

from __future__ import annotations


from ...partie import name_key
from ...file_format import deal_frame, names_of
from ...tarock.cards import _PARSED, CardError, format_card_points, parse_card_points
from .deals import Bonus, Deal
from .problems import Problem
from .rules import BONUS_LABELS

FORMAT = "strohmandeln-partie"
VERSION = 1

_KEYS = {
    "game": ("type", "dealer", "undertaker", "card_points", "bonuses", "kontra"),
    "renonce": ("type", "dealer", "undertaker", "offender", "bonuses", "card_points", "kontra"),
    "misdeal": ("type", "dealer", "offender"),
    "redeal": ("type", "dealer", "reason"),
}
_NAMES = {name: name for name in (*_KEYS, *BONUS_LABELS)}
_WRONG_TYPE = Problem("type", "type must be game, renonce, misdeal or redeal")   # made once: a Problem is immutable


def parse_players(raw: object, problems: list[Problem]) -> tuple[str, str]:
    """Exactly two different, non-empty names."""
    if not isinstance(raw, list) or len(raw) != 2:
        problems.append(Problem("players", "players must be a list of exactly two names"))
        return ("", "")
    names = names_of(raw, problems)
    if names[0] and name_key(names[0]) == name_key(names[1]):
        problems.append(Problem("players", "the two players need different names"))
    return tuple(names)


def _index(raw: dict, key: str, problems: list[Problem], allow_none: bool = False):
    value = raw.get(key)
    if value is None and allow_none:
        return None
    if value.__class__ is int and value in (0, 1):   # not True, 1.0 or "1": they equal 1 but are not a seat
        return value
    problems.append(Problem(key, "{key} must be {choices}", key=key,
                            choices="0, 1 or null" if allow_none else "0 or 1"))
    return None


def parse_deal(raw: object, problems: list[Problem]) -> Deal | None:
    """One deal of the file; the rules' checks come later, in replay."""
    kind = deal_frame(raw, problems, _KEYS, _WRONG_TYPE)
    if kind is None:
        return None
    dealer = raw.get("dealer")
    if dealer.__class__ is not int or dealer not in (0, 1):   # the common case first; _index says what is wrong
        dealer = _index(raw, "dealer", problems)
    offender = None
    if "offender" in _KEYS[kind] and raw.get("offender") is not None:
        offender = _index(raw, "offender", problems)   # none at all: the rules' check asks who it was
    undertaker = None
    if "undertaker" in _KEYS[kind]:
        undertaker = raw.get("undertaker")
        if undertaker is not None and (undertaker.__class__ is not int or undertaker not in (0, 1)):
            undertaker = _index(raw, "undertaker", problems, allow_none=True)
    card_points = None
    cp = raw.get("card_points")
    if cp is not None:
        if not isinstance(cp, list) or len(cp) != 2:
            problems.append(Problem("card_points", "card_points is a list of two values, one of them may be null"))
        else:
            values = []
            for value in cp:
                if value is None:
                    values.append(None)
                    continue
                known = _PARSED.get(value) if value.__class__ is str else None   # as parse_card_points would
                if known is not None:
                    values.append(known)
                    continue
                try:
                    values.append(parse_card_points(value))
                except CardError as exc:
                    problems.extend(exc.problems)
                    values.append(None)
            card_points = tuple(values)
    bonuses = []
    raw_bonuses = raw.get("bonuses", [])
    if not isinstance(raw_bonuses, list):
        problems.append(Problem("bonuses", "bonuses is a list of {{\"bonus\": NAME, \"player\": 0 or 1}}"))
        raw_bonuses = []
    for entry in raw_bonuses:
        if not isinstance(entry, dict) or set(entry) != {"bonus", "player"} or not isinstance(entry["bonus"], str):
            problems.append(Problem("bonuses", "each bonus is {{\"bonus\": NAME, \"player\": 0 or 1}}"))
            continue
        player = entry["player"]
        if player is not None and player.__class__ not in (int, str):   # True or 1.0 too: the check names it
            player = str(player)[:20]
        name = _NAMES.get(entry["bonus"], entry["bonus"])   # the known names as one string each, not one per deal
        bonuses.append(Bonus(bonus=name, player=player))   # a wrong player: the check names it
    kontra = raw.get("kontra", False)
    if not isinstance(kontra, bool):
        problems.append(Problem("kontra", "kontra is true or false"))
        kontra = False
    reason = raw.get("reason") if kind == "redeal" else None
    if kind == "redeal" and not isinstance(reason, str):
        problems.append(Problem("reason", "a redeal's reason is \"no-tarock\" or \"passed\""))
        reason = None
    if dealer is None:
        return None
    return Deal(type=_NAMES[kind], dealer=dealer, undertaker=undertaker, card_points=card_points,
                bonuses=tuple(bonuses), offender=offender, reason=reason, kontra=kontra)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    out: dict = {"type": deal.type, "dealer": deal.dealer}
    if deal.type in ("game", "renonce"):
        out["undertaker"] = deal.undertaker
    if deal.type in ("renonce", "misdeal"):
        out["offender"] = deal.offender
    if deal.type in ("game", "renonce"):
        out["card_points"] = (None if deal.card_points is None else
                              [None if v is None else format_card_points(v) for v in deal.card_points])
        if deal.bonuses:
            out["bonuses"] = [{"bonus": b.bonus, "player": b.player} for b in deal.bonuses]
        if deal.kontra:
            out["kontra"] = True
    if deal.type == "redeal":
        out["reason"] = deal.reason
    return out


def settlement_to_dict(settlement) -> dict:
    """The settlement of FORMAT.md (`replay --json`)."""
    strawman = settlement.credits is not None
    listed: dict = {}   # id(items or points) -> their list: a deal's items and points are one tuple wherever they
    #                     repeat (and live on in the settlement while this runs)
    get = listed.get
    deals = []
    append = deals.append
    for number, deal, _, multiplier, items, points, balance, pending, _, _, _, _, _, credits in settlement.deals:
        known = get(id(items))
        if known is None:
            known = listed[id(items)] = [{"item": i.item, "player": i.player, "points": i.points} for i in items]
        both = get(id(points))
        if both is None:
            both = listed[id(points)] = list(points)
        out = {"number": number, "type": deal.type, "dealer": deal.dealer, "multiplier": multiplier,
               "points": both, "balance": list(balance), "doubled_pending": pending, "items": known}
        if strawman:
            out["credits"] = list(credits)
        append(out)
    out = {   # to be written out: the deals' lists of items may be one list shared
        "players": list(settlement.partie.players),
        "deals": deals,
        "balance": list(settlement.balance),
        "money": [str(m) for m in settlement.money],
        "doubled_pending": settlement.doubled_pending,
        "next_dealer": settlement.next_dealer,
    }
    if strawman:
        out["credits"] = list(settlement.credits)
    return out
