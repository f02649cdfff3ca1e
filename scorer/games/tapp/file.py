"""The Tapp-Tarock partie file (RULES-TAPP.md §8, §13): its deals read and written, the settlement as JSON. The
frame every game's file shares (format, version, players, rules, deals) is `scorer.partie_file`'s."""

from __future__ import annotations

from ...partie_file import card_points, deal_frame, different_names, names_of, whole_field
from ...radl import settlement_to_dict
from ...sides import premium_to_dict, read_premiums
from ...words import N_
from .deals import TOTAL, Deal, HandPremium
from .problems import Problem

__all__ = ["FORMAT", "VERSION", "MAX_DEALS", "RULES_IN_FULL", "parse_players", "parse_deal", "deal_to_dict",
           "settlement_to_dict"]

FORMAT = "tapp-partie"
VERSION = 1
MAX_DEALS = 10_000
RULES_IN_FULL = True   # the full rule set is stored with the partie (§7)
_KEYS = {
    "game": ("type", "dealer", "contract", "declarer", "won", "card_points", "kontra", "premiums", "hand_premiums"),
    "renonce": ("type", "dealer", "contract", "declarer", "offender", "premiums", "hand_premiums", "kontra"),
    "misdeal": ("type", "dealer", "offender"),
}
_WRONG_TYPE = Problem("type", "type must be game, renonce or misdeal")


def parse_players(raw: object, problems: list) -> tuple[str, ...]:
    """Three or four different, non-empty names (four: the dealer sits out)."""
    if not isinstance(raw, list) or len(raw) not in (3, 4):
        problems.append(Problem("players", "players must be a list of three or four names (four: the dealer sits "
                                "out)"))
        return ()
    return different_names(names_of(raw, problems), problems)


def _hand_premiums(raw, problems: list) -> tuple[HandPremium, ...]:
    shape = Problem("hand_premiums", "each hand premium is {{\"premium\", \"player\"}}, like {{\"premium\": "
                    "\"trull\", \"player\": 1}}")
    if not isinstance(raw, list) or len(raw) > 20:
        problems.append(Problem("hand_premiums", "hand_premiums is a list of at most 20 entries: {shape}",
                                shape=shape))
        return ()
    out = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"premium", "player"} or not isinstance(entry["premium"], str) \
                or not isinstance(entry["player"], int) or isinstance(entry["player"], bool):
            problems.append(shape)
        else:
            out.append(HandPremium(entry["premium"][:40], entry["player"]))
    return tuple(out)


def parse_deal(raw: object, problems: list) -> Deal | None:
    """One deal of the file, its fields' forms checked; the rules' checks come later. `null` is refused
    everywhere: leave the field out."""
    kind = deal_frame(raw, problems, _KEYS, _WRONG_TYPE)
    if kind is None:
        return None
    before = len(problems)
    for key in [k for k, v in raw.items() if v is None]:
        problems.append(Problem(key, "{key} cannot be null: leave it out", key=key))
    raw = {k: v for k, v in raw.items() if v is not None}
    dealer = whole_field(raw, "dealer", problems)
    if kind == "misdeal":
        offender = whole_field(raw, "offender", problems)
        return None if len(problems) > before else Deal("misdeal", dealer, offender=offender)
    contract = raw.get("contract")
    if not isinstance(contract, str):
        problems.append(Problem("contract", "contract is the name of a contract, like dreier or solo"))
    declarer = whole_field(raw, "declarer", problems)
    offender = whole_field(raw, "offender", problems) if kind == "renonce" else None
    won = raw.get("won")
    if won is not None and not isinstance(won, bool):
        problems.append(Problem("won", "won is true or false"))
    cp = card_points(raw["card_points"], problems, TOTAL) if "card_points" in raw else None
    kontra = whole_field(raw, "kontra", problems, N_("a Kontra level: 1, 2, 4 or 8"), 1)
    premiums = read_premiums(raw.get("premiums", []), kind == "renonce", problems)
    hands = _hand_premiums(raw.get("hand_premiums", []), problems)
    if len(problems) > before:
        return None
    return Deal(kind, dealer, contract, declarer, won, cp, kontra, premiums, hands, offender)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    out: dict = {"type": deal.type, "dealer": deal.dealer}
    if deal.type == "misdeal":
        return {**out, "offender": deal.offender}
    out.update(contract=deal.contract, declarer=deal.declarer)
    if deal.type == "renonce":
        out["offender"] = deal.offender
    if deal.won is not None:
        out["won"] = deal.won
    if deal.card_points is not None:
        out["card_points"] = deal.card_points
    if deal.kontra != 1:
        out["kontra"] = deal.kontra
    if deal.premiums:
        out["premiums"] = [premium_to_dict(p, deal.type == "renonce") for p in deal.premiums]
    if deal.hand_premiums:
        out["hand_premiums"] = [{"premium": h.premium, "player": h.player} for h in deal.hand_premiums]
    return out
