"""Königrufen, the Austrian Tarock for four (five with the dealer sitting out), scored: pure rules, no Flask,
no database (RULES-KOENIGRUFEN.md)."""

from .deals import ABSENT, DEAL_TYPES, Deal, Premium, check, format_card_points, parse_card_points, sitting_out, vorhand
from .problems import KoenigrufenError, Problem
from .rules import (CONTRACT_LABELS, CONTRACTS, ITEM_LABELS, KONTRA_LABELS, OPTIONS, PREMIUM_LABELS, PREMIUMS,
                    PRESET_NAMES, PRESETS, RuleSet)
from .scoring import (DealResult, Item, Settlement, extend, games_counted, next_dealer, preview, replay, score, sides, start,
                      trischaken, upto)

GAME = "koenigrufen"

__all__ = [
    "ABSENT", "DEAL_TYPES", "Deal", "Premium", "check", "format_card_points", "parse_card_points", "sitting_out",
    "vorhand", "KoenigrufenError", "Problem", "CONTRACT_LABELS", "CONTRACTS", "ITEM_LABELS", "KONTRA_LABELS",
    "OPTIONS", "PREMIUM_LABELS", "PREMIUMS", "PRESET_NAMES", "PRESETS", "RuleSet", "DealResult", "Item",
    "Settlement", "extend", "games_counted", "next_dealer", "preview", "replay", "score", "sides", "start", "trischaken", "upto", "GAME",
]
