"""Tournaments (RULES-TOURNAMENT.md), scored: pure, no Flask, no database, no clock. Tables and their sizes, the
seeded draws, each table's partie replayed by its game through the registry, Schrift, rank points, totals,
tie-breaks and places, the cup, and the tournament file. Beside the engine, never imported by it: `store.py` (a tournament's facts in SQLite) and
`web.py` (its pages), which only the web app imports."""

from .cup import CupLine, CupRules, cup
from .draw import TRIES, draw, pairs_met, random_draw, repeated_pairs, standings_draw
from .problems import Problem, TournamentError
from .rules import DRAWS, TIE_BREAKS, TOTALS, Scoring, default_rank_points
from .scoring import (Round, Standing, Standings, Table, TableResult, Tournament, decimal_text, place_text, places,
                      score, table_ranks)
from .seating import Seating, seat, seating

__all__ = [
    "CupLine", "CupRules", "cup", "TRIES", "draw", "pairs_met", "random_draw", "repeated_pairs", "standings_draw",
    "Problem", "TournamentError", "DRAWS", "TIE_BREAKS", "TOTALS", "Scoring", "default_rank_points", "Round",
    "Standing", "Standings", "Table", "TableResult", "Tournament", "decimal_text", "place_text", "places", "score",
    "table_ranks", "Seating", "seat", "seating",
]
