"""Zwanzigerrufen, the eastern Austrian Tarock for four with 40 cards, the XX called as partner, scored: pure
rules, no Flask, no database (RULES-ZWANZIGERRUFEN.md)."""

from ...tarock.radl import DealResult, Settlement
from ...tarock.sides import Item, Premium
from .deals import DEAL_TYPES, Deal, check, decided, target, teams, vorhand, won
from .problems import Problem, ZwanzigerrufenError
from .rules import (CONTRACT_LABELS, CONTRACTS, ITEM_LABELS, KONTRA_LABELS, KONTRA_LEVELS, OPTIONS, PREMIUM_LABELS,
                    PREMIUMS, PRESET_NAMES, PRESETS, RuleSet)
from .scoring import extend, games_counted, replay, score, start, triggers, upto

__all__ = ["DealResult", "Settlement", "Item", "Premium", "DEAL_TYPES", "Deal", "check", "decided", "teams",
           "target", "vorhand", "won", "Problem", "ZwanzigerrufenError", "CONTRACT_LABELS", "CONTRACTS",
           "ITEM_LABELS", "KONTRA_LABELS", "KONTRA_LEVELS", "OPTIONS", "PREMIUM_LABELS", "PREMIUMS", "PRESET_NAMES",
           "PRESETS", "RuleSet", "extend", "games_counted", "replay", "score", "start", "triggers", "upto"]
