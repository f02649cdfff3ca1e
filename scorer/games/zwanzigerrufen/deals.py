"""The facts of a Zwanzigerrufen deal (game, renonce, misdeal) and every check of RULES-ZWANZIGERRUFEN.md §4 and
§11: what cannot have happened at the table is refused, naming the field.

A deal records facts only: who dealt, the contract, who declared and who held the called Tarock, won or lost,
the declarer's side's card points (whole, 0-88), Kontra levels, premiums. Vorhand, sides, the target and the
next dealer come from the replay.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...tarock import sides
from ...tarock.sides import SIDE_WORDS, SIDES, entry_problems, level_problem, other
from ...words import N_, Words
from .problems import Problem
from .rules import CONTRACT_LABELS, KONTRA_LEVELS, NEVER_ANNOUNCED, PREMIUM_LABELS, RuleSet

DEAL_TYPES = ("game", "renonce", "misdeal")
PLAYERS = 4
TOTAL = 88          # card points, added card by card
WIN = 45            # the declarer's side wins with 45; 44 : 44 loses
ABSOLUT = 56        # a side with 56 has made the Absolut (the other has 32 or less)


@dataclass(frozen=True)
class Deal(sides.Deal):
    """What happened in one deal, as recorded (§10); `partner`: the holder of the called Tarock in a Normalspiel
    (None in a Solo or Farbensolo); `card_points`: the declarer's side's, or None."""

    partner: int | None = None


def vorhand(dealer: int) -> int:
    """The player after the dealer: he leads, calls in a Normalspiel, and deals next."""
    return (dealer + 1) % PLAYERS


def teams(deal: Deal) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(the declarer's side, the opponents): 2 vs 2 in a Normalspiel, 1 vs 3 in a Solo or Farbensolo."""
    team = (deal.declarer, deal.partner) if deal.contract == "normalspiel" else (deal.declarer,)
    return team, tuple(p for p in range(PLAYERS) if p not in team)


def target(rules: RuleSet, deal: Deal) -> int:
    """The card points the declarer's side needs (§12): 45; under `wikipedia` an announced Absolut of the
    declarer's side makes it 56, of the opponents 33 (unless a Valat decides)."""
    absolut = deal.entry("absolut")
    if rules.absolut_sets_target and absolut is not None and absolut.announced and deal.entry("valat") is None:
        return ABSOLUT if absolut.side == "declarer" else TOTAL - ABSOLUT + 1
    return WIN


def decided(rules: RuleSet, deal: Deal) -> bool | None:
    """Whether the facts decide the game whatever the card points (§4, §11): a made Valat, under `wikipedia` any
    Valat (an announced one that failed loses it), else a made Absolut, under `wikipedia` a failed announced one;
    None when they do not."""
    valat, absolut = deal.entry("valat"), deal.entry("absolut")
    if valat is not None:
        if valat.made or rules.valat == "adds":
            return valat.winner == "declarer"
        return None
    if absolut is not None and (absolut.made or (absolut.announced and rules.absolut_sets_target)):
        return absolut.winner == "declarer"
    return None


def won(rules: RuleSet, deal: Deal) -> bool:
    """Whether the declarer's side won the game of a deal `check` accepted."""
    facts = decided(rules, deal)
    if facts is not None:
        return facts
    return deal.won if deal.won is not None else deal.card_points >= target(rules, deal)


def absolut_by(card_points: int | None) -> str | None:
    """The side whose pile of these card points (the declarer's side's) reaches 56: it made the Absolut (§4); None
    when neither does (or nothing was counted)."""
    if card_points is None:
        return None
    return "declarer" if card_points >= ABSOLUT else "opponents" if TOTAL - card_points >= ABSOLUT else None


def _index(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < PLAYERS


def _player(value, field: str, role, problems: list) -> bool:
    if _index(value):
        return True
    problems.append(Problem(field, "{role} must be one of the {n} players (0 to {last})", role=role, n=PLAYERS,
                            last=PLAYERS - 1))
    return False


def check(rules: RuleSet, deal: Deal, names: tuple[str, ...]) -> list[Problem]:
    """Every reason why `deal` cannot have happened under `rules` with these players (empty when it can)."""
    if deal.type not in DEAL_TYPES:
        return [Problem("type", "unknown deal type '{type}': it is game, renonce or misdeal", type=str(deal.type)[:20])]
    problems: list[Problem] = []
    if not _player(deal.dealer, "dealer", N_("the dealer"), problems) or deal.type == "misdeal":
        if deal.type == "misdeal":
            _player(deal.offender, "offender", N_("the offender"), problems)
        return problems
    contract = deal.contract
    if not isinstance(contract, str) or contract not in CONTRACT_LABELS:
        return [Problem("contract", "unknown contract '{contract}': the {preset} rules have {contracts}",
                        contract=str(contract)[:30], preset=rules.PRESET_NAMES[rules.preset],
                        contracts=", ".join(CONTRACT_LABELS))]
    label = CONTRACT_LABELS[contract]
    if _player(deal.declarer, "declarer", N_("the declarer"), problems) and contract == "normalspiel" \
            and deal.declarer != vorhand(deal.dealer):
        problems.append(Problem("declarer", "only the Vorhand ({name}) can play {contract}",
                                name=names[vorhand(deal.dealer)], contract=label))
    if contract != "normalspiel":
        if deal.partner is not None:
            problems.append(Problem("partner", "a {contract} is played alone: it has no partner", contract=label))
    elif deal.partner is None:
        problems.append(Problem("partner", "a Normalspiel needs the partner: the holder of the called Tarock"))
    elif _player(deal.partner, "partner", N_("the partner"), problems) and deal.partner == deal.declarer:
        problems.append(Problem("partner", "the declarer calls a Tarock he does not hold: the partner is another "
                                "player"))
    if deal.type == "renonce":
        _player(deal.offender, "offender", N_("the offender"), problems)
        wrong = level_problem(deal.kontra, KONTRA_LEVELS, KONTRA_LEVELS[-1], "kontra")   # read, then ignored
        problems.extend([wrong] if wrong else [])
        unpaid = [e for e in deal.premiums if e.premium in NEVER_ANNOUNCED]
        for e in unpaid:
            problems.append(Problem("premiums", "a renonce pays only announced premiums: {premium} is never "
                                    "announced, leave it out", premium=PREMIUM_LABELS[e.premium]))
        problems.extend(_entries(rules, deal, [e for e in deal.premiums if e not in unpaid], True))
        return problems
    wrong = level_problem(deal.kontra, KONTRA_LEVELS, rules.max_kontra, "kontra")
    problems.extend([wrong] if wrong else [])
    cp = deal.card_points
    if cp is not None and (not isinstance(cp, int) or isinstance(cp, bool) or not 0 <= cp <= TOTAL):
        problems.append(Problem("card_points", "card points are between 0 and {total}, not {value}", total=TOTAL,
                                value=str(cp)[:20]))
        cp = None
    if deal.won is not None and not isinstance(deal.won, bool):
        problems.append(Problem("won", "won is true or false"))
    elif deal.won is None and deal.card_points is None:
        problems.append(Problem("won", "say whether the {contract} was won, or enter the declarer's side's card "
                                "points", contract=label))
    found = _entries(rules, deal, deal.premiums, False)
    problems.extend(found)
    if not found:
        _facts(rules, deal, cp, problems)
    return problems


def _entries(rules: RuleSet, deal: Deal, entries, renonce: bool) -> list[Problem]:
    return entry_problems(entries, labels=PREMIUM_LABELS, allowed=lambda name: rules.allows(deal.contract, name),
                          contract=CONTRACT_LABELS[deal.contract], renonce=renonce, levels=KONTRA_LEVELS,
                          most=rules.max_kontra, never_announced=NEVER_ANNOUNCED)


def _facts(rules: RuleSet, deal: Deal, cp: int | None, problems: list[Problem]) -> None:
    """What cannot have happened (§4, §13): the facts of a Valat, a Trull, an Absolut against each other and the
    card points, and `won` against the card points and the facts that decide the game."""
    entries = {e.premium: e for e in deal.premiums}
    valat, absolut, trull = entries.get("valat"), entries.get("absolut"), entries.get("trull")

    def pile(side: str) -> int:
        return cp if side == "declarer" else TOTAL - cp

    beside: list[str] = []
    if valat is not None and valat.made:
        beside = [p for p in ("pagat", "absolut", "mondfang") if p in entries and entries[p].made
                  and entries[p].side != valat.side]
        if beside:
            problems.append(Problem("premiums", "the {side} made a Valat and took every trick: the {other} cannot "
                                    "have made {premiums}", side=SIDE_WORDS[valat.side],
                                    other=SIDE_WORDS[other(valat.side)],
                                    premiums=Words(PREMIUM_LABELS[p] for p in beside)))
        if absolut is not None and absolut.side == valat.side and not absolut.made:
            problems.append(Problem("premiums", "the {side} made a Valat and took all 88 card points: their Absolut "
                                    "is made", side=SIDE_WORDS[valat.side]))
        if cp is not None and pile(valat.side) != TOTAL:
            problems.append(Problem("card_points", "the {side} made a Valat and took all 88 card points: the "
                                    "declarer's side has {points}, not {value}", side=SIDE_WORDS[valat.side],
                                    points=TOTAL if valat.side == "declarer" else 0, value=cp))
    if trull is not None and "mondfang" in entries:
        problems.append(Problem("premiums", "with Sküs and Mond in the Trull hand the Mond cannot be caught: the "
                                "Trull and the Mondfang exclude each other"))
    if trull is not None and "pagat" in entries and entries["pagat"].side != trull.side:
        problems.append(Problem("premiums", "the {side} held the Trull, the Pagat with it: the {other} cannot have "
                                "a Pagat", side=SIDE_WORDS[trull.side], other=SIDE_WORDS[other(trull.side)]))
    if "absolut" in beside:
        pass   # said above: one message
    elif cp is not None and absolut is not None and absolut.made and pile(absolut.side) < ABSOLUT:
        problems.append(Problem("premiums", "the {side} made the Absolut: their card points are at least 56, not "
                                "{points}", side=SIDE_WORDS[absolut.side], points=pile(absolut.side)))
    elif cp is not None and absolut is not None and not absolut.made and pile(absolut.side) >= ABSOLUT:
        problems.append(Problem("premiums", "the Absolut of the {side} failed: their card points are at most 55, "
                                "not {points}", side=SIDE_WORDS[absolut.side], points=pile(absolut.side)))
    elif cp is not None and absolut is None and valat is None:
        for side in SIDES:
            if pile(side) >= ABSOLUT:
                problems.append(Problem("premiums", "the {side} took {points} card points, so they made the "
                                        "Absolut: enter it", side=SIDE_WORDS[side], points=pile(side)))
    if not isinstance(deal.won, bool):
        return
    facts = decided(rules, deal)
    if facts is not None and deal.won != facts:
        problems.append(Problem("won", "the {what} decides the game: the {side} won it, yet it is marked {won}",
                                what=PREMIUM_LABELS["valat" if valat is not None else "absolut"],
                                side=SIDE_WORDS["declarer" if facts else "opponents"],
                                won=N_("won") if deal.won else N_("lost")))
    elif facts is None and cp is not None and deal.won != (cp >= target(rules, deal)):
        problems.append(Problem("won", "{points} card points {result} the game at a target of {target}, yet it is "
                                "marked {won}", points=cp, target=target(rules, deal),
                                result=N_("win") if cp >= target(rules, deal) else N_("lose"),
                                won=N_("won") if deal.won else N_("lost")))
