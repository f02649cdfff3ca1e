"""The facts of a Tapp-Tarock deal (game, renonce, misdeal) and every check of RULES-TAPP.md §10 and §13: what
cannot have happened at the table is refused, naming the field.

A deal records facts only: who dealt, the contract, who declared, won or lost, the declarer's card points
(whole, 0-70), Kontra levels, the side premiums (Pagat, Valat) and the hand premiums with their holders. Vorhand,
who sits out at four, the sides and the next dealer come from the replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...tarock import sides
from ...tarock.sides import SIDE_WORDS, entry_problems, level_problem, other
from ...words import N_
from .problems import Problem
from .rules import CONTRACT_LABELS, HAND_LABELS, KONTRA_LEVELS, PREMIUM_LABELS, RuleSet

DEAL_TYPES = ("game", "renonce", "misdeal")
TOTAL = 70
WIN = 36
# the declarer's card points a contract allows (§10), and with a Valat made by his side or by the defenders (§13)
BOUNDS = {"solo": (0, 68)}
VALAT_BOUNDS = {("declarer", False): (57, 70), ("declarer", True): (44, 70), ("opponents", False): (0, 13),
                ("opponents", True): (0, 0)}


@dataclass(frozen=True)
class HandPremium:
    """A premium dealt in one player's hand (Trull, Four Kings, Köpfe), paid him by each other active player."""

    premium: str
    player: int


@dataclass(frozen=True)
class Deal(sides.Deal):
    """What happened in one deal, as recorded (§8); `card_points`: the declarer's pile, or None;
    `hand_premiums`: who was dealt a Trull, the four Kings, two Trull cards."""

    hand_premiums: tuple[HandPremium, ...] = ()


def sitting_out(dealer: int, n: int) -> int | None:
    """At four the dealer sits the deal out."""
    return dealer if n == 4 else None


def active(deal: Deal, n: int) -> list[int]:
    """The three who play the deal."""
    return [p for p in range(n) if p != sitting_out(deal.dealer, n)]


def teams(rules: RuleSet, deal: Deal, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the declarer, the defenders): 1 vs 2, or 1 vs 3 at four when the sitting-out dealer defends."""
    defenders = [p for p in range(n) if p != deal.declarer]
    if rules.sitting_out == "out" and n == 4:
        defenders.remove(deal.dealer)
    return (deal.declarer,), tuple(defenders)


def won(rules: RuleSet, deal: Deal) -> bool:
    """Whether the declarer won the game of a deal `check` accepted: a made Valat decides, else `won`, else the
    card points (36 wins)."""
    valat = deal.entry("valat")
    if valat is not None and valat.made:
        return valat.side == "declarer"
    return deal.won if deal.won is not None else deal.card_points >= WIN


def _player(value, n: int, out: int | None, field: str, role, names, problems: list) -> bool:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        problems.append(Problem(field, "{role} must be one of the {n} players (0 to {last})", role=role, n=n,
                                last=n - 1))
    elif value == out:
        problems.append(Problem(field, "{name} deals and sits this deal out: {role} is one of the other three",
                                name=names[value], role=role))
    else:
        return True
    return False


def check(rules: RuleSet, deal: Deal, names: tuple[str, ...]) -> list[Problem]:
    """Every reason why `deal` cannot have happened under `rules` with these players (empty when it can)."""
    n = len(names)
    if deal.type not in DEAL_TYPES:
        return [Problem("type", "unknown deal type '{type}': it is game, renonce or misdeal", type=str(deal.type)[:20])]
    problems: list[Problem] = []
    if not _player(deal.dealer, n, None, "dealer", N_("the dealer"), names, problems) or deal.type == "misdeal":
        if deal.type == "misdeal":   # the dealer who sits out may have misdealt: he dealt
            _player(deal.offender, n, None, "offender", N_("the offender"), names, problems)
        return problems
    out = sitting_out(deal.dealer, n)
    contract = deal.contract
    if not isinstance(contract, str) or contract not in CONTRACT_LABELS:
        return [Problem("contract", "unknown contract '{contract}': the {preset} rules have {contracts}",
                        contract=str(contract)[:30], preset=rules.PRESET_NAMES[rules.preset],
                        contracts=", ".join(CONTRACT_LABELS))]
    declarer = _player(deal.declarer, n, out, "declarer", N_("the declarer"), names, problems)
    renonce = deal.type == "renonce"
    if renonce:
        _player(deal.offender, n, out, "offender", N_("the offender"), names, problems)
    wrong = level_problem(deal.kontra, KONTRA_LEVELS, KONTRA_LEVELS[-1] if renonce else rules.max_kontra, "kontra")
    problems.extend([wrong] if wrong else [])   # a renonce's is read, then ignored
    cp = deal.card_points
    if not renonce:
        low, high = BOUNDS.get(contract, (1, 69))
        if cp is not None and (not isinstance(cp, int) or isinstance(cp, bool) or not 0 <= cp <= TOTAL):
            problems.append(Problem("card_points", "card points are between 0 and {total}, not {value}", total=TOTAL,
                                    value=str(cp)[:20]))
            cp = None
        elif cp is not None and not low <= cp <= high:
            problems.append(Problem("card_points", "in a {contract} the declarer has {low} to {high} card points "
                                    "(his discards and the defenders' talon cards count), not {value}",
                                    contract=CONTRACT_LABELS[contract], low=low, high=high, value=cp))
            cp = None
        if deal.won is not None and not isinstance(deal.won, bool):
            problems.append(Problem("won", "won is true or false"))
        elif deal.won is None and deal.card_points is None:
            problems.append(Problem("won", "say whether the {contract} was won, or enter the declarer's side's card "
                                    "points", contract=CONTRACT_LABELS[contract]))
    hand = [e for e in deal.premiums if e.premium in HAND_LABELS]
    for e in hand:
        problems.append(Problem("premiums", "{premium} is a hand premium: list it in hand_premiums with the player "
                                "who held it", premium=HAND_LABELS[e.premium]))
    found = entry_problems([e for e in deal.premiums if e not in hand], labels=PREMIUM_LABELS,
                           allowed=lambda name: True, contract=CONTRACT_LABELS[contract], renonce=renonce,
                           levels=KONTRA_LEVELS, most=rules.max_kontra, silent_may_fail=("pagat",),
                           declarer_announces=True)
    found += _hands(deal, n, out, names)
    problems.extend(found)
    if not found and not hand and declarer:
        _facts(deal, cp, problems)
    return problems


def _hands(deal: Deal, n: int, out, names) -> list[Problem]:
    problems, seen = [], set()
    for h in deal.hand_premiums:
        if not isinstance(h.premium, str) or h.premium not in HAND_LABELS:
            side = isinstance(h.premium, str) and h.premium in PREMIUM_LABELS
            problems.append(Problem("hand_premiums", "{premium} is a side premium: list it in premiums", premium=
                                    PREMIUM_LABELS[h.premium]) if side else Problem(
                "hand_premiums", "unknown hand premium '{premium}': it is one of {premiums}",
                premium=str(h.premium)[:30], premiums=", ".join(HAND_LABELS)))
        elif h.premium in seen:
            problems.append(Problem("hand_premiums", "{premium} is listed twice: each premium at most once a deal",
                                    premium=HAND_LABELS[h.premium]))
        elif _player(h.player, n, out, "hand_premiums", N_("the holder of a hand premium"), names, problems):
            seen.add(h.premium)
    if {"trull", "koepfe"} <= seen:
        problems.append(Problem("hand_premiums", "the Trull and the Köpfe exclude each other: with all three Trull "
                                "cards in one hand nobody holds two"))
    return problems


def _facts(deal: Deal, cp: int | None, problems: list[Problem]) -> None:
    """What cannot have happened (§10, §13): a Valat against the other side's made Pagat, the declarer's silent
    Pagat lost in the last trick beside his own Valat, a Pagat of the side without the Trull, a Valat against
    the card points, `won` against the card points or a made Valat."""
    valat, pagat = deal.entry("valat"), deal.entry("pagat")
    trull = next((h.player for h in deal.hand_premiums if h.premium == "trull"), None)
    if valat is not None and valat.made and pagat is not None:
        if pagat.made and pagat.side != valat.side:
            problems.append(Problem("premiums", "the {side} made a Valat and took every trick: the {other} cannot "
                                    "have made the Pagat", side=SIDE_WORDS[valat.side],
                                    other=SIDE_WORDS[other(valat.side)]))
        elif valat.side == pagat.side == "declarer" and not pagat.made and not pagat.announced:
            problems.append(Problem("premiums", "the declarer made a Valat and took every trick: his silent Pagat "
                                    "cannot have been lost in the last trick"))
    if trull is not None and pagat is not None:
        holder = "declarer" if trull == deal.declarer else "opponents"
        if pagat.side != holder:
            problems.append(Problem("premiums", "the {side} held the Trull, the Pagat with it: the {other} cannot "
                                    "have a Pagat", side=SIDE_WORDS[holder], other=SIDE_WORDS[other(holder)]))
    if deal.type == "renonce" or valat is None or not valat.made:
        made = None
    else:
        made = valat.side == "declarer"
        low, high = VALAT_BOUNDS[valat.side, deal.contract == "solo"]
        if cp is not None and not low <= cp <= high:
            problems.append(Problem("card_points", "the {side} made a Valat: the declarer's card points are {low} to "
                                    "{high}, not {value}", side=SIDE_WORDS[valat.side], low=low, high=high,
                                    value=cp))
            return
    if deal.type == "renonce" or not isinstance(deal.won, bool):
        return
    if made is not None and deal.won != made:
        problems.append(Problem("won", "the {what} decides the game: the {side} won it, yet it is marked {won}",
                                what=PREMIUM_LABELS["valat"], side=SIDE_WORDS["declarer" if made else "opponents"],
                                won=N_("won") if deal.won else N_("lost")))
    elif cp is not None and deal.won != (cp >= WIN):
        problems.append(Problem("won", "{points} card points {result} the game at a target of {target}, yet it is "
                                "marked {won}", points=cp, target=WIN, result=N_("win") if cp >= WIN else N_("lose"),
                                won=N_("won") if deal.won else N_("lost")))
