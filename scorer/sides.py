"""A Tarock deal played by two sides, the declarer's and the opponents': what the games that play so share.

A premium entry (announced or silent, made or not, its Kontra level), the Kontra levels, an item's points split
between the sides (each opponent pays or gets v, the declarer's side the rest, shared among its players) with
Kontra in the Schrift or only in the money, the common checks of premium entries, and the reading of premium
entries from a partie file. Pure: no Flask, no database. A game keeps its own tariff, facts and words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .problems import Problem
from .words import N_, Either

SIDES = ("declarer", "opponents")
SIDE_WORDS = {"declarer": N_("declarer's side"), "opponents": N_("opponents")}


def other(side: str) -> str:
    return "opponents" if side == "declarer" else "declarer"


@dataclass(frozen=True)
class Premium:
    """One premium entry of a deal: which, the side that made, played or announced it, announced or silent, made
    or not, its Kontra level. A renonce keeps what was announced (`made` and `kontra` are not read there)."""

    premium: str
    side: str
    announced: bool = True
    made: bool | None = None
    kontra: object = 1

    @property
    def winner(self) -> str:
        """The side the entry pays: its own if made, else the other."""
        return self.side if self.made else other(self.side)


class Item(NamedTuple):
    """One part of a deal (the game, a premium, a renonce, a misdeal) with each player's points (Schrift) and
    money points (Geld), the deal's multiplier applied."""

    item: str
    points: tuple[int, ...]
    money_points: tuple[int, ...]


class Items:
    """A deal's items as they are scored: with Kontra in the Schrift the points are the money points."""

    def __init__(self, n: int, kontra_in_schrift: bool):
        self.n, self.schrift, self.items = n, kontra_in_schrift, []

    def add(self, name: str, points, money=None) -> None:
        money = points if money is None else money
        self.items.append(Item(name, tuple(money if self.schrift else points), tuple(money)))

    def side(self, name: str, value: int, declarers_win: bool, team, others, kontra: int = 1) -> None:
        """An item of value v between the sides: each opponent ∓v, the declarer's side ±v per opponent, shared
        among its players (1 vs 3: ±3v; 2 vs 2: each ±v; 1 vs 2: ±2v). One player against the others is a side
        too: a hand premium (each other pays the holder v), a misdeal (the offender pays each other v)."""
        points = [0] * self.n
        sign = 1 if declarers_win else -1
        for p in others:
            points[p] = -sign * value
        for p in team:
            points[p] = sign * value * len(others) // len(team)
        self.add(name, points, [kontra * x for x in points])


def level_problem(value, levels: tuple[int, ...], most: int, field: str, what: str = "") -> Problem | None:
    """Why `value` is not a Kontra level these rules allow (None when it is): one of `levels`, at most `most`."""
    if not isinstance(value, int) or isinstance(value, bool) or value not in levels:
        return Problem(field, "a Kontra level is {levels}, not {value}", levels=Either(levels), value=str(value)[:20])
    if value > most:
        return Problem(field, "these rules allow Kontra levels up to {max}, not {value}", max=most, value=value)
    return None


def entry_problems(entries, *, labels: dict, allowed, contract, renonce: bool, levels: tuple[int, ...],
                   most: int, never_announced=(), silent_may_fail=(), declarer_announces: bool = False) -> list:
    """The problems every game finds alike in a deal's premium entries: an unknown premium, one the contract
    does not play (`allowed(name)`), a side that is neither, a premium twice, `announced` or `made` not true or
    false, an announcement of a premium that is `never_announced` (or of the opponents when only the declarer
    announces), and in a game a Kontra level outside the rules, a silent premium with Kontra or not made (unless
    it `silent_may_fail`). A renonce's `made` and `kontra` are not checked (what was said before it)."""
    problems, seen = [], set()
    for e in entries:
        name = e.premium
        if not isinstance(name, str) or name not in labels:
            problems.append(Problem("premiums", "unknown premium '{premium}': it is one of {premiums}",
                                    premium=str(name)[:30], premiums=", ".join(labels)))
            continue
        what = labels[name]
        if not allowed(name):
            problems.append(Problem("premiums", "{premium} cannot be played in a {contract}", premium=what,
                                    contract=contract))
        elif e.side not in SIDES:
            problems.append(Problem("premiums", "the side of {premium} is declarer or opponents", premium=what))
        elif name in seen:
            problems.append(Problem("premiums", "{premium} is listed twice: each premium at most once a deal",
                                    premium=what))
        elif not isinstance(e.announced, bool) or not isinstance(e.made, bool if not renonce else (bool, type(None))):
            problems.append(Problem("premiums", "say whether {premium} was announced and whether it was made",
                                    premium=what))
        elif e.announced and name in never_announced:
            problems.append(Problem("premiums", "{premium} is never announced: it counts silently, when made",
                                    premium=what))
        elif e.announced and declarer_announces and e.side != "declarer":
            problems.append(Problem("premiums", "only the declarer announces: the opponents make {premium} only "
                                    "silently", premium=what))
        elif not renonce:
            wrong = level_problem(e.kontra, levels, most, "premiums")
            if wrong is None and not e.announced and e.kontra != 1:
                wrong = Problem("premiums", "a silent {premium} cannot carry Kontra", premium=what)
            if wrong is None and not e.announced and not e.made and name not in silent_may_fail:
                wrong = Problem("premiums", "a silent {premium} counts only when made: remove it", premium=what)
            if wrong is not None:
                problems.append(wrong)
        seen.add(name)
    return problems


# -- the partie file's premium entries -------------------------------------------------------------------------

ENTRY = ("premium", "side", "announced", "made", "kontra")


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
        if not isinstance(entry, dict) or any(k not in ENTRY for k in entry) or any(k not in entry for k in needed):
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
