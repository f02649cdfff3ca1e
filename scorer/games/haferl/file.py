"""The Bavarian Tarock partie file (RULES-BAVARIAN.md §4): its players, its deals, and the settlement as JSON.

Pure dict conversions; the JSON text and the frame every game's file shares are read by
`scorer.partie_file`, which asks the game (`scorer.games`) for the pieces here.
"""

from __future__ import annotations


from ...file_format import deal_frame, different_names, names_of
from .deals import CONTRACT_LABELS, Deal
from .problems import Problem
from .rules import TARGET
from .scoring import Settlement

FORMAT = "haferltarock-partie"
VERSION = 1
_KEYS = {
    "game": ("type", "dealer", "declarer", "contract", "target", "declarer_points", "schwarz"),
    "redeal": ("type", "dealer"),
}
_WRONG_TYPE = Problem("type", "type must be game or redeal")   # made once: a Problem is immutable


def parse_players(raw: object, problems: list[Problem]) -> tuple[str, ...]:
    """Three or four different, non-empty names."""
    if not isinstance(raw, list) or len(raw) not in (3, 4):
        problems.append(Problem("players", "players must be a list of three or four names"))
        return ()
    return different_names(names_of(raw, problems), problems)


def parse_deal(raw: object, problems: list[Problem]) -> Deal | None:
    """One deal of the file; the rules' checks come later."""
    kind = deal_frame(raw, problems, _KEYS, _WRONG_TYPE)
    if kind is None:
        return None
    dealer = raw.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        problems.append(Problem("dealer", "dealer is a player's number, counted from 0"))
        return None
    if kind == "redeal":
        return Deal("redeal", dealer)
    declarer = raw.get("declarer")
    if not isinstance(declarer, int) or isinstance(declarer, bool):
        problems.append(Problem("declarer", "declarer is a player's number, counted from 0"))
        declarer = None
    contract = raw.get("contract")
    if not isinstance(contract, str) or contract not in CONTRACT_LABELS:
        problems.append(Problem("contract", "contract is pickup, hand, frage, solo or herzsolo"))
        contract = None
    target = raw.get("target", TARGET)
    if not isinstance(target, int) or isinstance(target, bool):
        problems.append(Problem("target", "target is a whole number (61, or a raised Hand: 66, 71, ...)"))
        target = TARGET
    points = raw.get("declarer_points")
    if not isinstance(points, int) or isinstance(points, bool):
        problems.append(Problem("declarer_points", "declarer_points is a whole number from 0 to 120"))
        points = None
    schwarz = raw.get("schwarz", False)
    if not isinstance(schwarz, bool):
        problems.append(Problem("schwarz", "schwarz is true or false"))
        schwarz = False
    return Deal("game", dealer, declarer, contract, target, points, schwarz)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    if deal.type == "redeal":
        return {"type": "redeal", "dealer": deal.dealer}
    return {"type": "game", "dealer": deal.dealer, "declarer": deal.declarer, "contract": deal.contract,
            "target": deal.target, "declarer_points": deal.declarer_points, "schwarz": deal.schwarz}


def settlement_to_dict(settlement: Settlement) -> dict:
    """The settlement (`replay --json`): per deal and at the end, each player's money as decimal strings
    (antes included), the pot for haferl, the credits for sharp."""
    rules = settlement.partie.rules
    listed: dict = {}   # id(a deal's transfers or payments) -> them and their lists: repeated deals share them

    def written(values, make):
        known = listed.get(id(values))
        if known is None:
            known = listed[id(values)] = (values, make(values))
        return known[1]

    def transfers(values):
        return [{"from": "pot" if t.payer < 0 else t.payer, "to": "pot" if t.payee < 0 else t.payee,
                 "amount": str(t.amount), "reason": t.reason} for t in values]

    def amounts(values):
        return [str(x) for x in values]

    def one(r):
        out = {"number": r.number, "type": r.deal.type, "dealer": r.deal.dealer, "sitting_out": r.sitting_out,
               "won": r.won, "payments": written(r.net, amounts), "balance": [str(x) for x in r.balance],
               "transfers": written(r.transfers, transfers)}
        if rules.has_pot:
            out["pot"] = str(r.pot)
        if r.credits is not None:
            out["credits"] = [str(x) for x in r.credits]
        return out

    out = {"players": list(settlement.partie.players), "deals": [one(r) for r in settlement.deals],   # to be written out
           "balance": [str(x) for x in settlement.balance], "next_dealer": settlement.next_dealer}
    if rules.has_pot:
        out["pot"] = str(settlement.pot)
    if settlement.credits is not None:
        out["credits"] = [str(x) for x in settlement.credits]
    return out

