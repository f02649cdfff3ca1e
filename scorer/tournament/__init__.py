"""Tournaments (RULES-TOURNAMENT.md), scored: pure, no Flask, no database, no clock. Tables and their sizes, the
seeded draws, each table's partie replayed by its game through the registry, Schrift, rank points, totals,
tie-breaks (the lot among them) and places, the cup and its systems, the tournament file and the cup file. Beside
the engine, never imported by it: `store.py` (a tournament's facts in SQLite) and `web.py` (its pages), which only the
web app imports."""

from .cup import CupLine, CupRules, cubic, cup, heine
from .draw import TRIES, draw, pairs_met, random_draw, repeated_pairs, standings_draw
from .problems import Problem, TournamentError
from .rules import DRAWS, FORMATS, TIE_BREAKS, TOTALS, Scoring, default_rank_points
from .scoring import (Round, Standing, Standings, Table, TableResult, Tournament, decimal_text, lot_digest, place_text,
                      places, score, table_ranks)
from .seating import Seating, seat, seating

__all__ = [
    "CupLine", "CupRules", "cubic", "cup", "heine", "TRIES", "draw", "pairs_met", "random_draw", "repeated_pairs",
    "standings_draw", "Problem", "TournamentError", "DRAWS", "FORMATS", "TIE_BREAKS", "TOTALS", "Scoring",
    "default_rank_points", "Round", "Standing", "Standings", "Table", "TableResult", "Tournament", "decimal_text",
    "lot_digest", "place_text", "places", "score", "table_ranks", "Seating", "seat", "seating",
]
