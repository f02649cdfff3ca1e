"""The Zwanzigerrufen partie file (RULES-ZWANZIGERRUFEN.md §10, §13): its deals read and written, the settlement
as JSON. The frame every game's file shares (format, version, players, rules, deals) and the fields of a deal
played by sides are `scorer.partie_file`'s."""

from __future__ import annotations

from ...file_format import different_names, names_of, whole_field
from ...tarock.files import read_side_deal, side_deal_to_dict
from ...tarock.radl import settlement_to_dict  # noqa: F401 - the file module's settlement JSON (Game.file)
from .deals import PLAYERS, TOTAL, Deal
from .problems import Problem
from .rules import SOLO

FORMAT = "zwanzigerrufen-partie"
VERSION = 1
_KEYS = {
    "game": ("type", "dealer", "contract", "declarer", "partner", "won", "card_points", "kontra", "premiums"),
    "renonce": ("type", "dealer", "contract", "declarer", "partner", "offender", "premiums", "kontra"),
    "misdeal": ("type", "dealer", "offender"),
}


def parse_players(raw: object, problems: list) -> tuple[str, ...]:
    """Exactly four different, non-empty names."""
    if not isinstance(raw, list) or len(raw) != PLAYERS:
        problems.append(Problem("players", "players must be a list of four names"))
        return ()
    return different_names(names_of(raw, problems), problems)


def parse_deal(raw: object, problems: list) -> Deal | None:
    """One deal of the file; `null` only for the partner of a Solo or a Farbensolo (§11)."""
    alone = isinstance(raw, dict) and raw.get("contract") in SOLO
    before = len(problems)
    fields = read_side_deal(raw, problems, _KEYS, TOTAL, "normalspiel", ("partner",) if alone else ())
    if fields is None:
        return None
    partner = whole_field(raw, "partner", problems) if raw.get("partner") is not None and "partner" in _KEYS[
        fields["type"]] else None
    return None if len(problems) > before else Deal(**fields, partner=partner)


def deal_to_dict(deal: Deal) -> dict:
    """One deal as the partie file writes it."""
    return side_deal_to_dict(deal, **({} if deal.partner is None else {"partner": deal.partner}))
