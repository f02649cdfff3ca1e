"""The facts of a Bavarian Tarock deal, and every check that it could have happened (RULES-BAVARIAN.md §1, §4)."""

from __future__ import annotations

from dataclasses import dataclass

from ...words import N_
from .problems import Problem
from .rules import PRESET_NAMES, TARGET, TOTAL, RuleSet

DEAL_TYPES = ("game", "redeal")
CONTRACT_LABELS = {
    "pickup": N_("Pick-Up (Stockspiel)"),
    "hand": N_("Hand (Handspiel)"),
    "frage": N_("Frage"),
    "solo": N_("Solo"),
    "herzsolo": N_("Herzsolo"),
}


@dataclass(frozen=True)
class Deal:
    """One deal: who dealt, and for a game who declared what, the target, the declarer's card points
    (the defenders have the rest of 120) and whether one side took every trick."""

    type: str
    dealer: int
    declarer: int | None = None
    contract: str | None = None
    target: int = TARGET
    declarer_points: int | None = None
    schwarz: bool = False

    @property
    def defenders_points(self) -> int | None:
        """The defenders' card points: the rest of 120."""
        return None if self.declarer_points is None else TOTAL - self.declarer_points


def _index(value, players: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players


def check(rules: RuleSet, deal: Deal, names: tuple[str, ...]) -> list[Problem]:
    """Every reason why `deal` cannot have happened under `rules` with these players (empty when it can)."""
    n = len(names)
    problems: list[Problem] = []
    if deal.type not in DEAL_TYPES:
        return [Problem("type", "unknown deal type '{type}': it is game or redeal", type=str(deal.type)[:20])]
    if not _index(deal.dealer, n):
        problems.append(Problem("dealer", "the dealer must be one of the {n} players", n=n))
    if deal.type == "redeal":
        if deal.declarer is not None or deal.contract is not None or deal.declarer_points is not None or deal.schwarz:
            problems.append(Problem("type", "a redeal has no declarer, contract, card points or Schwarz"))
        return problems
    if not _index(deal.declarer, n):
        problems.append(Problem("declarer", "the declarer must be one of the {n} players", n=n))
    elif n == 4 and deal.declarer == deal.dealer:
        problems.append(Problem("declarer", "{name} deals and sits this deal out: the declarer is one of the "
                                "other three", name=names[deal.declarer]))
    if deal.contract not in rules.contracts:
        problems.append(Problem("contract", "the {preset} rules have the contracts {contracts}",
                                preset=PRESET_NAMES[rules.preset],
                                contracts=", ".join(rules.contracts)) if not isinstance(deal.contract, str) or
                        deal.contract not in CONTRACT_LABELS else
                        Problem("contract", "the {preset} rules have no {contract}", preset=PRESET_NAMES[rules.preset],
                                contract=CONTRACT_LABELS[deal.contract]))
    else:
        targets = rules.targets(deal.contract)
        if deal.target not in targets or isinstance(deal.target, bool):
            if len(targets) == 1:
                problems.append(Problem("target", "only a Hand can be raised: the target of {contract} is 61",
                                        contract=CONTRACT_LABELS[deal.contract]))
            else:
                problems.append(Problem("target", "a Hand is raised in steps of five: 61, 66, 71, ... up to {top}, "
                                        "not {target}", top=targets[-1], target=str(deal.target)[:10]))
    p = deal.declarer_points
    if p is None:
        problems.append(Problem("declarer_points", "enter the card points of the declarer"))
    elif not isinstance(p, int) or isinstance(p, bool) or not 0 <= p <= TOTAL:
        problems.append(Problem("declarer_points", "card points are between 0 and 120, not {value}",
                                value=str(p)[:12]))
    elif p not in rules.reachable:
        problems.append(Problem("declarer_points", "no set of cards is worth {value}: check the count", value=p))
    elif deal.schwarz and p != TOTAL and p not in rules.stock_only:
        problems.append(Problem("schwarz", "Schwarz means one side took no trick: the declarer has all 120, or "
                                "at most the three cards of the stock, not {value}", value=p))
    if not isinstance(deal.schwarz, bool):
        problems.append(Problem("schwarz", "Schwarz is true or false"))
    return problems
