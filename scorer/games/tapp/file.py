"""The Tapp-Tarock partie file (RULES-TAPP.md §8, §13): its deals read and written, the settlement as JSON. The
frame every game's file shares (format, version, players, rules, deals) and the fields of a deal played by sides
are `scorer.partie_file`'s; the hand premiums are Tapp's own."""

from __future__ import annotations

from ...file_format import different_names, names_of
from ...tarock.files import read_side_deal, side_deal_to_dict
from ...tarock.radl import settlement_to_dict  # noqa: F401 - the file module's settlement JSON (Game.file)
from .deals import TOTAL, Deal, HandPremium
from .problems import Problem

FORMAT = "tapp-partie"
VERSION = 1
_KEYS = {
    "game": ("type", "dealer", "contract", "declarer", "won", "card_points", "kontra", "premiums", "hand_premiums"),
    "renonce": ("type", "dealer", "contract", "declarer", "offender", "premiums", "hand_premiums", "kontra"),
    "misdeal": ("type", "dealer", "offender"),
}
_HAND = Problem("hand_premiums", "each hand premium is {{\"premium\", \"player\"}}, like {{\"premium\": \"trull\", "
                "\"player\": 1}}")


def parse_players(raw: object, problems: list) -> tuple[str, ...]:
    """Three or four different, non-empty names (four: the dealer sits out)."""
    if not isinstance(raw, list) or len(raw) not in (3, 4):
        problems.append(Problem("players", "players must be a list of three or four names (four: the dealer sits "
                                "out)"))
        return ()
    return different_names(names_of(raw, problems), problems)


def _hand_premiums(raw, problems: list) -> tuple[HandPremium, ...]:
    if not isinstance(raw, list) or len(raw) > 20:
        problems.append(Problem("hand_premiums", "hand_premiums is a list of at most 20 entries: {shape}", shape=_HAND))
        return ()
    out = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"premium", "player"} or not isinstance(entry["premium"], str) \
                or not isinstance(entry["player"], int) or isinstance(entry["player"], bool):
            problems.append(_HAND)
        else:
            out.append(HandPremium(entry["premium"][:40], entry["player"]))
    return tuple(out)


def parse_deal(raw: object, problems: list) -> Deal | None:
    """One deal of the file; `null` is refused everywhere (leave the field out)."""
    before = len(problems)
    fields = read_side_deal(raw, problems, _KEYS, TOTAL, "dreier")
    if fields is None:
        return None
    hands = raw.get("hand_premiums", [])
    hands = _hand_premiums(hands, problems) if hands is not None and fields["type"] != "misdeal" else ()
    return None if len(problems) > before else Deal(**fields, hand_premiums=hands)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    out = side_deal_to_dict(deal)
    if deal.hand_premiums:
        out["hand_premiums"] = [{"premium": h.premium, "player": h.player} for h in deal.hand_premiums]
    return out
