"""Strohmandeln (Strohmann-Tarock), scored: pure rules, no Flask, no database."""

from ...tarock.cards import PACK_40, PACK_54, PACK_54_SIMPLE, Pack, format_blatt, format_card_points, parse_card_points, rounded
from .deals import DEAL_TYPES, REDEAL_REASONS, Bonus, Deal, check
from .problems import Problem, StrohmandelnError
from .rules import BONUS_LABELS, ITEM_LABELS, OPTIONS, PRESET_NAMES, PRESETS, RuleSet
from .scoring import (DealResult, DealScore, Item, Partie, Settlement, extend, games_counted, next_dealer, replay,
                      score, start, upto)

__all__ = [
    "PACK_40", "PACK_54", "PACK_54_SIMPLE", "Pack", "format_blatt", "format_card_points", "parse_card_points",
    "rounded", "DEAL_TYPES", "REDEAL_REASONS", "Bonus", "Deal", "check", "Problem", "StrohmandelnError",
    "BONUS_LABELS", "ITEM_LABELS", "OPTIONS", "PRESET_NAMES", "PRESETS", "RuleSet", "DealResult", "DealScore",
    "Item", "Partie", "Settlement", "extend", "games_counted", "next_dealer", "replay", "score", "start", "upto",
]
