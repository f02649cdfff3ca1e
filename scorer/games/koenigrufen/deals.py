"""The facts of a Königrufen deal (game, renonce, misdeal) and every check of RULES-KOENIGRUFEN.md §11.

A deal records facts only: who dealt, the contract, who declared and who was called, won or lost, card
points in thirds, Kontra levels, premiums.  Vorhand, sides, multipliers and the next dealer come from
the replay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...amounts import card_points_text
from ...tarock.cards import PACK_54
from ...words import N_, Message, Thirds, Words
from .problems import Problem
from .rules import (BIRDS, CONCEDABLE, CONTRACT_LABELS, KING_CALLS, KONTRA_LEVELS, NEGATIVE, POSITIVE, PREMIUM_LABELS,
                    PRESET_NAMES, SAECKE, VORHAND_ONLY, RuleSet)

DEAL_TYPES = ("game", "renonce", "misdeal")
COUNTED = ("game", "renonce")
TOTAL = PACK_54.total_thirds   # 70 card points, in thirds (210)
WIN = 107            # 35 2/3
BUERGERMEISTER = 107
SIDES = ("declarer", "opponents")
ABSENT = "absent"    # a King call's `partner` not given at all (null is: the King lay in the talon)


@dataclass(frozen=True)
class Premium:
    """One premium (Ansage) of a deal: which, the side that made or announced it, announced or silent,
    made or not, its Kontra level. A renonce lists only the announced ones (premium and side)."""

    premium: str
    side: str
    announced: bool = True
    made: bool | None = None
    kontra: int = 1


@dataclass(frozen=True)
class Deal:
    """What happened in one deal, as recorded (§10).

    `card_points`: for a positive game the declarer's side's card points in thirds (or None); for
    Trischaken a tuple with every player's, None for the sitting-out dealer. `partner` is a player, None
    (the called King lay in the talon) or ABSENT (not given; only right outside King calls).
    `kontra_each` is None for "all 1".
    """

    type: str
    dealer: int
    contract: str | None = None
    declarer: int | None = None
    partner: int | None | str = ABSENT
    conceded: bool = False
    won: bool | None = None
    card_points: object = None
    kontra: int = 1
    kontra_each: tuple[int, ...] | None = None
    premiums: tuple[Premium, ...] = ()
    offender: int | None = None

    @property
    def counted(self) -> bool:
        """Whether the deal counts toward the Radl (games and renonces; not a misdeal)."""
        return self.type in COUNTED

    @property
    def real_partner(self) -> int | None:
        """The declarer's partner, or None when he plays alone."""
        return self.partner if isinstance(self.partner, int) and not isinstance(self.partner, bool) else None


def vorhand(dealer: int, players: int) -> int:
    """The player after the dealer: he leads, and deals next."""
    return (dealer + 1) % players


def sitting_out(dealer: int, players: int) -> int | None:
    """With five at the table the dealer sits out."""
    return dealer if players == 5 else None


# "N", "N 1/3", "N 2/3": ASCII digits, no leading zeros, one space (§13)
_THIRDS = re.compile(r"(0|[1-9][0-9]{0,2})(?: ([12])/3)?")


def parse_card_points(value: object) -> int:
    """Card points as the file has them (an integer, "N", "N 1/3", "N 2/3") -> thirds; ValueError if not.
    Whether they lie between 0 and 70 is checked apart (`check`, `file._points`), so that a value out of range
    gets that message alone."""
    if isinstance(value, int) and not isinstance(value, bool):
        if not 0 <= value <= 1000:
            raise ValueError(value)
        return 3 * value
    if isinstance(value, str) and len(value) <= 20:
        m = _THIRDS.fullmatch(value)
        if m:
            return 3 * int(m.group(1)) + int(m.group(2) or 0)
    raise ValueError(value)


def written(value) -> str:
    """A value of a partie file quoted as it is written there (card points in thirds written back as the file
    writes them), cut short: what a message says was wrong."""
    import json

    if isinstance(value, tuple):
        value = [None if v is None else format_card_points(v) if isinstance(v, int) and not isinstance(v, bool)
                 else v for v in value]
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:39] + "…"


def format_card_points(thirds: int) -> int | str:
    """Thirds -> 36 or "41 2/3", as the partie file writes them (whole points as a JSON number)."""
    return thirds // 3 if thirds % 3 == 0 else card_points_text(thirds)


def _index(value, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def _level(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in KONTRA_LEVELS


def check(rules: RuleSet, deal: Deal, names: tuple[str, ...]) -> list[Problem]:
    """Every reason why `deal` cannot have happened under `rules` with these players (empty when it can)."""
    n = len(names)
    problems: list[Problem] = []
    if deal.type not in DEAL_TYPES:
        return [Problem("type", "unknown deal type '{type}': it is game, renonce or misdeal", type=str(deal.type)[:20])]
    if not _index(deal.dealer, n):
        problems.append(Problem("dealer", "the dealer must be one of the {n} players (0 to {last})", n=n, last=n - 1))
        return problems
    out = sitting_out(deal.dealer, n)
    if deal.type == "misdeal":
        if not _index(deal.offender, n):
            problems.append(Problem("offender", "the offender must be one of the {n} players (0 to {last})",
                                    n=n, last=n - 1))
        return problems
    contract = deal.contract
    if not isinstance(contract, str) or contract not in CONTRACT_LABELS:
        problems.append(Problem("contract", "unknown contract '{contract}': these rules have {contracts}",
                                contract=str(contract)[:30], contracts=", ".join(rules.contracts)))
        return problems
    label = CONTRACT_LABELS[contract]
    if contract not in rules.contracts:
        problems.append(_lacks(rules, "contract", label))
        return problems
    _check_role(deal.declarer, "declarer", N_("the declarer"), n, out, names, problems)
    declarer_ok = _index(deal.declarer, n) and deal.declarer != out
    if contract in VORHAND_ONLY and declarer_ok and deal.declarer != vorhand(deal.dealer, n):
        problems.append(Problem("declarer", "only the Vorhand ({name}) can play {contract}",
                                name=names[vorhand(deal.dealer, n)], contract=label))
    _check_partner(deal, n, out, names, problems)
    if deal.type == "renonce":
        _check_role(deal.offender, "offender", N_("the offender"), n, out, names, problems)
        _check_premiums(rules, deal, problems)
        return problems
    if contract == "trischaken":
        _check_trischaken(rules, deal, n, out, problems)
    elif contract in NEGATIVE:
        _check_negative(rules, deal, n, out, problems)
    else:
        _check_positive(rules, deal, n, out, problems)
    return problems


def _lacks(rules: RuleSet, field: str, what) -> Problem:
    """A contract or premium the rule set does not play: not in its preset, or taken out by the club's tariff."""
    if isinstance(rules.title, Message):
        return Problem(field, "the tariff of these rules (based on {preset}) has no {what}",
                       preset=PRESET_NAMES[rules.preset], what=what)
    return Problem(field, "the {preset} rules have no {what}", preset=rules.title, what=what)


def _check_role(value, field: str, role, n: int, out: int | None, names, problems: list[Problem]) -> None:
    if not _index(value, n):
        problems.append(Problem(field, "{role} must be one of the {n} players (0 to {last})", role=role, n=n,
                                last=n - 1))
    elif value == out:
        problems.append(Problem(field, "{name} deals and sits this deal out: {role} is one of the other four",
                                name=names[value], role=role))


def _check_partner(deal: Deal, n: int, out, names, problems: list[Problem]) -> None:
    partner = deal.partner
    if deal.contract in KING_CALLS:
        if partner is ABSENT:
            problems.append(Problem("partner", "a {contract} needs the partner: who held the called King "
                                    "(null when it lay in the talon)", contract=CONTRACT_LABELS[deal.contract]))
        elif partner is not None:
            _check_role(partner, "partner", N_("the partner"), n, out, names, problems)
            if partner == deal.declarer:
                problems.append(Problem("partner", "the declarer cannot call his own King: the partner is "
                                        "another player, or null when the King lay in the talon"))
    elif partner is not ABSENT and partner is not None:
        problems.append(Problem("partner", "only a King call (Rufer, Solorufer, Besserrufer) has a partner"))


def _check_kontra_level(value, rules: RuleSet, field: str, problems: list[Problem]) -> bool:
    if not _level(value):
        problems.append(Problem(field, "a Kontra level is 1 (none), 2 (Kontra), 4 (Re) or 8 (Sub), not {value}",
                                value=str(value)[:20]))
        return False
    if value > rules.max_kontra:
        problems.append(Problem(field, "these rules allow Kontra levels up to {max}, not {value}",
                                max=rules.max_kontra, value=value))
        return False
    return True


def _check_kontra_each(rules: RuleSet, deal: Deal, n: int, out, negative: bool, problems) -> None:
    each = deal.kontra_each
    if each is None:
        return
    if not isinstance(each, tuple) or len(each) != n:
        problems.append(Problem("kontra_each", "kontra_each has one level per player: {n} values", n=n))
        return
    if not negative:
        if any(k != 1 or isinstance(k, bool) for k in each):
            problems.append(Problem("kontra_each", "kontra_each belongs to negative contracts (Piccolo, Bettel, "
                                    "...); {contract} has one Kontra level, kontra",
                                    contract=CONTRACT_LABELS[deal.contract]))
        return
    for i, k in enumerate(each):
        if not _check_kontra_level(k, rules, "kontra_each", problems):
            return
        if k != 1 and i == deal.declarer:
            problems.append(Problem("kontra_each", "the declarer gives no Kontra to himself: his kontra_each is 1"))
        if k != 1 and i == out:
            problems.append(Problem("kontra_each", "the dealer sits out and cannot give Kontra: his kontra_each is 1"))


def _check_trischaken(rules: RuleSet, deal: Deal, n: int, out, problems: list[Problem]) -> None:
    if deal.won is not None:
        problems.append(Problem("won", "Trischaken has no winner to enter: the card points decide"))
    if deal.conceded:
        problems.append(Problem("conceded", "only a Rufer or a Besserrufer can be conceded"))
    each = deal.kontra_each
    if each is not None and (not isinstance(each, tuple) or len(each) != n):
        problems.append(Problem("kontra_each", "kontra_each has one level per player: {n} values", n=n))
    elif deal.kontra != 1 or (each is not None and any(k != 1 or isinstance(k, bool) for k in each)):
        problems.append(Problem("kontra", "Trischaken is played without Kontra"))
    if deal.premiums:
        problems.append(Problem("premiums", "Trischaken has no premiums"))
    cp = deal.card_points
    if not isinstance(cp, tuple) or len(cp) != n:
        problems.append(Problem("card_points", "Trischaken needs every player's card points: {n} values "
                                "(null for the dealer who sits out)", n=n))
        return
    bad = False
    for i, value in enumerate(cp):
        if i == out:
            if value is not None:
                problems.append(Problem("card_points", "the dealer sits out: his card points are null"))
                bad = True
            continue
        if value is None:
            problems.append(Problem("card_points", "Trischaken needs the card points of every player who played"))
            bad = True
        elif not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= TOTAL:
            problems.append(Problem("card_points", "card points are between 0 and 70, not {value}",
                                    value=_shown(value)))
            bad = True
        elif 0 < value < 4:
            problems.append(Problem("card_points", "{value} card points are impossible: a trick is worth at least "
                                    "{trick}; no trick is 0", value=Thirds(value), trick=Thirds(4)))
            bad = True
    if not bad and sum(v for v in cp if v is not None) != TOTAL:
        problems.append(Problem("card_points", "the card points add up to {sum}, not 70: check the count",
                                sum=Thirds(sum(v for v in cp if v is not None))))


def _check_negative(rules: RuleSet, deal: Deal, n: int, out, problems: list[Problem]) -> None:
    label = CONTRACT_LABELS[deal.contract]
    if deal.conceded:
        problems.append(Problem("conceded", "only a Rufer or a Besserrufer can be conceded"))
    if deal.card_points is not None:
        problems.append(Problem("card_points", "{contract} is won or lost by tricks: enter no card points",
                                contract=label))
    if deal.premiums:
        problems.append(Problem("premiums", "{contract} has no premiums", contract=label))
    if not isinstance(deal.won, bool):
        problems.append(Problem("won", "say whether the {contract} was won or lost", contract=label))
    if deal.kontra != 1:
        problems.append(Problem("kontra", "in {contract} each opponent gives his own Kontra: use kontra_each",
                                contract=label))
    _check_kontra_each(rules, deal, n, out, True, problems)


def _check_positive(rules: RuleSet, deal: Deal, n: int, out, problems: list[Problem]) -> None:
    label = CONTRACT_LABELS[deal.contract]
    _check_kontra_each(rules, deal, n, out, False, problems)
    if not isinstance(deal.conceded, bool):
        problems.append(Problem("conceded", "conceded is true or false"))
        return
    if deal.conceded:
        if deal.contract not in CONCEDABLE:
            problems.append(Problem("conceded", "only a Rufer or a Besserrufer can be conceded, not a {contract}",
                                    contract=label))
        if deal.partner is not None and deal.partner is not ABSENT:
            problems.append(Problem("conceded", "only a declarer whose King lay in the talon can concede: the "
                                    "partner must be null"))
        if deal.kontra != 1:
            problems.append(Problem("kontra", "a conceded game has no Kontra"))
        if deal.card_points is not None:
            problems.append(Problem("card_points", "a conceded game was not played: enter no card points"))
        if deal.won is not None:
            problems.append(Problem("won", "a conceded game is neither won nor lost: leave won out"))
    else:
        _check_kontra_level(deal.kontra, rules, "kontra", problems)
        cp = deal.card_points
        if isinstance(cp, tuple):
            problems.append(Problem("card_points", "a {contract} has one number of card points, the declarer's "
                                    "side's (like 41 or \"41 2/3\"), not a list: {value}", contract=label,
                                    value=written(cp)))
            cp = None
        elif cp is not None and (not isinstance(cp, int) or isinstance(cp, bool) or not 0 <= cp <= TOTAL):
            problems.append(Problem("card_points", "the declarer's side's card points are between 0 and 70, "
                                    "not {value}", value=_shown(cp)))
            cp = None
        if deal.card_points is not None and cp is None:
            pass   # said above: one message
        elif deal.won is None and cp is None:
            problems.append(Problem("won", "say whether the {contract} was won, or enter the declarer's side's "
                                    "card points", contract=label))
        elif deal.won is not None and not isinstance(deal.won, bool):
            problems.append(Problem("won", "won is true or false"))
        elif deal.won is not None and cp is not None and deal.won != (cp >= WIN):
            problems.append(Problem("won", "{points} card points {result} the game, yet it is marked {won}",
                                    points=Thirds(cp), result=N_("win") if cp >= WIN else N_("lose"),
                                    won=N_("won") if deal.won else N_("lost")))
    before = len(problems)
    _check_premiums(rules, deal, problems)
    if deal.conceded is False:   # a conceded game's premiums are ignored: no fact check applies to them (§13)
        _check_facts(rules, deal, problems, premiums_ok=not any(p.field == "premiums" for p in problems[before:]))


def deal_won(deal: Deal) -> bool | None:
    """Whether the declarer's side won a positive or negative game (from `won`, else the card points)."""
    if deal.won is not None:
        return deal.won
    if isinstance(deal.card_points, int):
        return deal.card_points >= WIN
    return None


def _check_premiums(rules: RuleSet, deal: Deal, problems: list[Problem]) -> None:
    contract = deal.contract
    label = CONTRACT_LABELS[contract]
    if not deal.premiums:
        if contract == "besserrufer":
            problems.append(Problem("premiums", "a Besserrufer needs a bird announced by the declarer's side: "
                                    "Pagat, Uhu, Kakadu or Quapil"))
        return
    if contract in NEGATIVE or contract == "trischaken":
        problems.append(Problem("premiums", "{contract} has no premiums", contract=label))
        return
    seen = set()
    bird = False
    renonce = deal.type == "renonce"
    for entry in deal.premiums:
        name = entry.premium
        if not isinstance(name, str) or name not in PREMIUM_LABELS:
            problems.append(Problem("premiums", "unknown premium '{premium}': it is one of {premiums}",
                                    premium=str(name)[:30], premiums=", ".join(rules.premiums)))
            continue
        what = PREMIUM_LABELS[name]
        if name not in rules.premiums:
            problems.append(_lacks(rules, "premiums", what))
            continue
        if not rules.allows(contract, name):
            problems.append(Problem("premiums", "{premium} cannot be played in a {contract}", premium=what,
                                    contract=label))
            continue
        if entry.side not in SIDES:
            problems.append(Problem("premiums", "the side of {premium} is declarer or opponents", premium=what))
            continue
        if name == "koenig_ultimo" and entry.side != "declarer":
            problems.append(Problem("premiums", "King ultimo belongs to the declarer's side"))
            continue
        if name in seen:
            problems.append(Problem("premiums", "{premium} is listed twice: each premium at most once a deal",
                                    premium=what))
            continue
        seen.add(name)
        if not isinstance(entry.announced, bool) or (not renonce and not isinstance(entry.made, bool)):
            problems.append(Problem("premiums", "say whether {premium} was announced and whether it was made",
                                    premium=what))
            continue
        if name in BIRDS and entry.side == "declarer" and entry.announced:
            bird = True
        if renonce:   # what was said before it: only announced premiums are paid, made and Kontra ignored (§13)
            continue
        if not _level(entry.kontra):
            problems.append(Problem("premiums", "a Kontra level is 1 (none), 2 (Kontra), 4 (Re) or 8 (Sub), not "
                                    "{value}", value=str(entry.kontra)[:20]))
            continue
        if not entry.announced and not entry.made:
            problems.append(Problem("premiums", "a silent {premium} counts only when made: remove it",
                                    premium=what))
        if not entry.announced and entry.kontra != 1:
            problems.append(Problem("premiums", "a silent {premium} cannot carry Kontra", premium=what))
        elif entry.kontra > rules.max_kontra:
            problems.append(Problem("premiums", "these rules allow Kontra levels up to {max}, not {value}",
                                    max=rules.max_kontra, value=entry.kontra))
        elif entry.kontra != 1 and deal.conceded is True:
            problems.append(Problem("premiums", "a {what} has no Kontra", what=N_("conceded game")))
    if contract == "besserrufer" and not bird:
        problems.append(Problem("premiums", "a Besserrufer needs a bird announced by the declarer's side: "
                                "Pagat, Uhu, Kakadu or Quapil"))
    announced = [e.premium for e in deal.premiums if e.premium in seen and e.announced is True]
    if rules.valat == "wien" and "valat" in announced and ("trull" in announced or "koenige" in announced):
        problems.append(Problem("premiums", "with a Valat announced, {premiums} cannot be announced: the Valat "
                                "includes them", premiums=Words(PREMIUM_LABELS[p] for p in ("trull", "koenige")
                                                                if p in announced)))


SIDE_WORDS = {"declarer": N_("declarer's side"), "opponents": N_("opponents")}
VALAT_LEAST = 132     # 44 card points: the other side holds at most talon cards, 26 (§13)
NEEDS = {"trull": 39, "koenige": 52}   # 13, 17 1/3: each of those cards is 4 1/3 counted in threes (§13)


def _other(side: str) -> str:
    return "opponents" if side == "declarer" else "declarer"


def _check_facts(rules: RuleSet, deal: Deal, problems: list[Problem], premiums_ok: bool) -> None:
    """What cannot have happened at the table (§13): a side with 1/3 or 2/3 card points, a Valat against the
    result or the card points, a premium of the other side beside a made Valat, a Trull beside the other side's
    Mondfang, a Trull or the Four Kings on a pile too small for them. `premiums_ok`: the premiums passed their
    own checks (else only the card points are looked at)."""
    cp = deal.card_points
    if not isinstance(cp, int) or isinstance(cp, bool) or not 0 <= cp <= TOTAL:
        cp = None
    if cp is not None and 0 < cp < 3:
        problems.append(Problem("card_points", "the declarer's side cannot have {points} card points: a side has 0 "
                                "or at least 1 (one trick is {trick}, three talon cards 1)", points=Thirds(cp),
                                trick=Thirds(4)))
        cp = None
    elif cp is not None and TOTAL - 3 < cp < TOTAL:
        problems.append(Problem("card_points", "{points} card points leave the opponents {rest}, which cannot be: a "
                                "side has 0 or at least 1 (one trick is {trick}, three talon cards 1)",
                                points=Thirds(cp), rest=Thirds(TOTAL - cp), trick=Thirds(4)))
        cp = None
    if not premiums_ok:
        return
    made = {e.premium: e.side for e in deal.premiums if e.made is True}
    reported: set[str] = set()
    valat = made.get("valat")
    if valat is not None:
        if cp is not None:
            pile = cp if valat == "declarer" else TOTAL - cp
            if pile < VALAT_LEAST:
                problems.append(Problem("card_points", "a Valat made by the {side} leaves the other side only talon "
                                        "cards, at most 26 card points: the Valat's side has at least 44, not "
                                        "{points}", side=SIDE_WORDS[valat], points=Thirds(pile)))
        elif isinstance(deal.won, bool) and deal.won != (valat == "declarer"):
            problems.append(Problem("won", "a Valat made by the {side} means they won: won must be {won}",
                                    side=N_("declarer's side") if valat == "declarer" else N_("opponents"),
                                    won=N_("true") if valat == "declarer" else N_("false")))
        beside = [e.premium for e in deal.premiums if e.made is True and e.side != valat and e.premium != "valat"]
        if beside:
            problems.append(Problem("premiums", "the {side} made a Valat and took every trick: the {other} cannot have "
                                    "made {premiums}", side=SIDE_WORDS[valat], other=SIDE_WORDS[_other(valat)],
                                    premiums=Words(PREMIUM_LABELS[p] for p in beside)))
            reported.update(beside)
    trull = made.get("trull")
    if trull is not None and made.get("mondfang") == _other(trull) and "mondfang" not in reported:
        problems.append(Problem("premiums", "the {side} made the Trull, so the Mond was in their tricks: the {other} "
                                "cannot have made the Mondfang", side=SIDE_WORDS[trull],
                                other=SIDE_WORDS[_other(trull)]))
    _check_saecke(rules, deal, cp, valat, reported, problems)
    if cp is None:
        return
    for side in SIDES:
        cards = [p for p in ("trull", "koenige") if made.get(p) == side and p not in reported]
        need = sum(NEEDS[p] for p in cards)
        pile = cp if side == "declarer" else TOTAL - cp
        if cards and pile < need:
            problems.append(Problem("premiums", "{premiums} made by the {side}: their pile has at least {need} card "
                                    "points (each of those cards is {card}), not {points}", card=Thirds(13),
                                    premiums=Words(PREMIUM_LABELS[p] for p in cards), side=SIDE_WORDS[side],
                                    need=Thirds(need), points=Thirds(pile)))


def _shown(value) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return Thirds(value) if 0 <= value < 10 ** 6 else str(value)[:20]
    return str(value)[:20]


def saecke_reached(rules: RuleSet, contract: str, cp: int | None) -> dict[str, str]:
    """The Säcke a game's card points make (§14.2): sack -> the side whose pile reaches its threshold, for the Säcke
    the rule set plays in `contract` (`cp` the declarer side's card points in thirds; none without them). A Sack worth
    0 silent counts only announced: the card points alone do not make it an entry, so it is not listed."""
    if cp is None:
        return {}
    out = {}
    for sack in rules.saecke:
        if not rules.allows(contract, sack) or not rules.premium_value(sack, False):
            continue
        if cp >= SAECKE[sack]:
            out[sack] = "declarer"
        elif TOTAL - cp >= SAECKE[sack]:
            out[sack] = "opponents"
    return out


def _check_saecke(rules: RuleSet, deal: Deal, cp: int | None, valat: str | None, reported: set,
                  problems: list[Problem]) -> None:
    """The Säcke follow from the card points (§14.2): where they are entered, a made Sack needs its threshold on its
    side's pile, a failed one a pile below it, and (no Valat made) a pile at a threshold needs that Sack's entry,
    made by that side or announced by the other side and failed; without them a made Sack agrees with `won`. A
    Sack worth 0 silent needs no entry (it counts only announced)."""
    entries = {e.premium: e for e in deal.premiums if e.premium in SAECKE}
    if not entries and not rules.saecke:
        return   # a rule set without Säcke (ooe, wien): nothing to check
    for sack, need in SAECKE.items():
        entry = entries.get(sack)
        what = PREMIUM_LABELS[sack]
        if entry is not None and sack in reported:
            continue
        if cp is None:
            if entry is not None and entry.made and isinstance(deal.won, bool) and deal.won != (
                    entry.side == "declarer"):
                problems.append(Problem("won", "the {side} made the {sack}, at least {need} card points, so they won: "
                                        "won must be {won}", side=SIDE_WORDS[entry.side], sack=what,
                                        need=Thirds(need), won=N_("true") if entry.side == "declarer"
                                        else N_("false")))
            continue
        if entry is not None:
            pile = cp if entry.side == "declarer" else TOTAL - cp
            if entry.made and pile < need:
                problems.append(Problem("premiums", "the {side} made the {sack} with {points} card points: it needs at "
                                        "least {need}", side=SIDE_WORDS[entry.side], sack=what, points=Thirds(pile),
                                        need=Thirds(need)))
                continue
            if not entry.made and pile >= need:
                problems.append(Problem("premiums", "the {side} announced the {sack} and have {points} card points, "
                                        "at least {need}: they made it", side=SIDE_WORDS[entry.side], sack=what,
                                        points=Thirds(pile), need=Thirds(need)))
                continue
        if valat is not None or sack not in rules.premiums or not rules.premium_value(sack, False):
            continue
        for side in SIDES:
            pile = cp if side == "declarer" else TOTAL - cp
            if pile >= need and not (entry is not None and (entry.side == side) == bool(entry.made)):
                problems.append(Problem("premiums", "the {side} have {points} card points, at least {need}: they made "
                                        "the {sack}; enter it as theirs, made", side=SIDE_WORDS[side], sack=what,
                                        points=Thirds(pile), need=Thirds(need)))
