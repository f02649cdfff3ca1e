"""Tapp-Tarock, the Austrian Tarock for three with the 54-card pack (at four the dealer sits out), scored: pure
rules, no Flask, no database (RULES-TAPP.md)."""

from ...tarock.radl import DealResult, Settlement
from ...tarock.sides import Item, Premium
from .deals import DEAL_TYPES, Deal, HandPremium, active, check, sitting_out, teams, won
from .problems import Problem, TappError
from .rules import (CONTRACT_LABELS, CONTRACTS, HAND_LABELS, HAND_PREMIUMS, ITEM_LABELS, KONTRA_LABELS, KONTRA_LEVELS,
                    OPTIONS, PREMIUM_LABELS, PREMIUMS, PRESET_NAMES, PRESETS, RuleSet)
from .scoring import extend, games_counted, replay, score, start, upto

__all__ = ["DealResult", "Settlement", "Item", "Premium", "DEAL_TYPES", "Deal", "HandPremium", "active", "check",
           "sitting_out", "teams", "won", "Problem", "TappError", "CONTRACT_LABELS", "CONTRACTS", "HAND_LABELS",
           "HAND_PREMIUMS", "ITEM_LABELS", "KONTRA_LABELS", "KONTRA_LEVELS", "OPTIONS", "PREMIUM_LABELS", "PREMIUMS",
           "PRESET_NAMES", "PRESETS", "RuleSet", "extend", "games_counted", "replay", "score", "start", "upto"]
