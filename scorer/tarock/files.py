"""The partie file's deals of a game played by sides (`sides.Deal`: Zwanzigerrufen, Tapp-Tarock): their common fields
and premium entries, read and written (each game's file module adds its own fields)."""

from __future__ import annotations

from ..file_format import card_points, deal_frame, whole_field
from ..problems import Problem
from ..words import N_, Either
from .sides import Premium

_ENTRY = ("premium", "side", "announced", "made", "kontra")


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
        if not isinstance(entry, dict) or any(k not in _ENTRY for k in entry) or any(k not in entry for k in needed):
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


def read_side_deal(raw: object, problems: list, keys: dict, total: int, example: str, nullable=()) -> dict | None:
    """The fields a deal of a game played by sides has in common, their forms checked (the rules' checks come
    later): {"type", "dealer", "offender", and for a game or renonce "contract", "declarer", "won", "card_points",
    "kontra", "premiums"}, its problems added (None: the deal cannot be read at all). `keys`: the fields of each type; `total`: the pack's card
    points; `example`: a contract's name; `nullable`: the fields that may be null (absent), every other null is
    refused."""
    kind = deal_frame(raw, problems, keys, Problem("type", "type must be {types}", types=Either(tuple(keys))))
    if kind is None:
        return None
    for key in [k for k, v in raw.items() if v is None and k not in nullable]:
        problems.append(Problem(key, "{key} cannot be null: leave it out", key=key))
    raw = {k: v for k, v in raw.items() if v is not None}
    out = {"type": kind, "dealer": whole_field(raw, "dealer", problems)}
    if kind != "game":
        out["offender"] = whole_field(raw, "offender", problems)
    if kind != "misdeal":
        if not isinstance(raw.get("contract"), str):
            problems.append(Problem("contract", "contract is the name of a contract, like {example}",
                                    example=example))
        won = raw.get("won")
        if won is not None and not isinstance(won, bool):
            problems.append(Problem("won", "won is true or false"))
        out.update(contract=raw.get("contract"), declarer=whole_field(raw, "declarer", problems), won=won,
                   card_points=card_points(raw["card_points"], problems, total) if "card_points" in raw else None,
                   kontra=whole_field(raw, "kontra", problems, N_("a Kontra level, like 2"), 1),
                   premiums=read_premiums(raw.get("premiums", []), kind == "renonce", problems))
    return out


def side_deal_to_dict(deal, **extra) -> dict:
    """A deal of a game played by sides as the partie file writes it: each field left out at its default (no
    `won`, no card points, Kontra 1, no premiums); `extra`: the game's own fields after the declarer."""
    out: dict = {"type": deal.type, "dealer": deal.dealer}
    if deal.type == "misdeal":
        return {**out, "offender": deal.offender}
    out.update(contract=deal.contract, declarer=deal.declarer, **extra)
    if deal.type == "renonce":
        out["offender"] = deal.offender
    for key, value, default in (("won", deal.won, None), ("card_points", deal.card_points, None),
                                ("kontra", deal.kontra, 1)):
        if value != default:
            out[key] = value
    if deal.premiums:
        out["premiums"] = [premium_to_dict(p, deal.type == "renonce") for p in deal.premiums]
    return out
