"""Bavarian Tarock (Haferltarock), scored: pure rules, no Flask, no database (RULES-BAVARIAN.md)."""

from .deals import CONTRACT_LABELS, Deal, check
from .problems import HaferlError
from .rules import CONTRACTS, PRESET_NAMES, PRESETS, RuleSet
from .scoring import (DealResult, DealScore, Settlement, Transfer, extend, games_counted, next_dealer, replay, schrift,
                      score, sitting_out, start, upto)

__all__ = [
    "CONTRACT_LABELS", "Deal", "check", "HaferlError", "CONTRACTS", "PRESET_NAMES", "PRESETS", "RuleSet",
    "DealResult", "DealScore", "Settlement", "Transfer", "extend", "games_counted", "next_dealer", "replay", "schrift",
    "score", "start", "sitting_out", "upto",
]
