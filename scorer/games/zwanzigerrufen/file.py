"""The Zwanzigerrufen partie file (RULES-ZWANZIGERRUFEN.md §10, §13): its deals read and written, the settlement
as JSON. The frame every game's file shares (format, version, players, rules, deals) is `scorer.partie_file`'s."""

from __future__ import annotations

from ...partie_file import card_points, deal_frame, different_names, names_of, whole_field
from ...radl import settlement_to_dict
from ...sides import premium_to_dict, read_premiums
from ...words import N_
from .deals import PLAYERS, TOTAL, Deal
from .problems import Problem
from .rules import SOLO

__all__ = ["FORMAT", "VERSION", "MAX_DEALS", "RULES_IN_FULL", "parse_players", "parse_deal", "deal_to_dict",
           "settlement_to_dict"]

FORMAT = "zwanzigerrufen-partie"
VERSION = 1
MAX_DEALS = 10_000
RULES_IN_FULL = True   # the full rule set is stored with the partie (§9)
_KEYS = {
    "game": ("type", "dealer", "contract", "declarer", "partner", "won", "card_points", "kontra", "premiums"),
    "renonce": ("type", "dealer", "contract", "declarer", "partner", "offender", "premiums", "kontra"),
    "misdeal": ("type", "dealer", "offender"),
}
_WRONG_TYPE = Problem("type", "type must be game, renonce or misdeal")


def parse_players(raw: object, problems: list) -> tuple[str, ...]:
    """Exactly four different, non-empty names."""
    if not isinstance(raw, list) or len(raw) != PLAYERS:
        problems.append(Problem("players", "players must be a list of four names"))
        return ()
    return different_names(names_of(raw, problems), problems)


def parse_deal(raw: object, problems: list) -> Deal | None:
    """One deal of the file, its fields' forms checked; the rules' checks come later."""
    kind = deal_frame(raw, problems, _KEYS, _WRONG_TYPE)
    if kind is None:
        return None
    before = len(problems)
    for key in [k for k, v in raw.items() if v is None and not (k == "partner" and raw.get("contract") in SOLO)]:
        problems.append(Problem(key, "{key} cannot be null: leave it out (null stands only for the partner of a "
                                "Solo or a Farbensolo)", key=key))
    raw = {k: v for k, v in raw.items() if v is not None}
    dealer = whole_field(raw, "dealer", problems)
    if kind == "misdeal":
        offender = whole_field(raw, "offender", problems)
        return None if len(problems) > before else Deal("misdeal", dealer, offender=offender)
    contract = raw.get("contract")
    if not isinstance(contract, str):
        problems.append(Problem("contract", "contract is the name of a contract, like normalspiel or solo"))
    declarer = whole_field(raw, "declarer", problems)
    partner = whole_field(raw, "partner", problems) if "partner" in raw else None
    offender = whole_field(raw, "offender", problems) if kind == "renonce" else None
    won = raw.get("won")
    if won is not None and not isinstance(won, bool):
        problems.append(Problem("won", "won is true or false"))
    cp = card_points(raw["card_points"], problems, TOTAL) if "card_points" in raw else None
    kontra = whole_field(raw, "kontra", problems, N_("a Kontra level: 1, 2, 4, 8 or 16"), 1)
    premiums = read_premiums(raw.get("premiums", []), kind == "renonce", problems)
    if len(problems) > before:
        return None
    return Deal(kind, dealer, contract, declarer, partner, won, cp, kontra, premiums, offender)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    out: dict = {"type": deal.type, "dealer": deal.dealer}
    if deal.type == "misdeal":
        return {**out, "offender": deal.offender}
    out.update(contract=deal.contract, declarer=deal.declarer)
    if deal.partner is not None:
        out["partner"] = deal.partner
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
    return out
