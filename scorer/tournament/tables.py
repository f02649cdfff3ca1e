"""The tournament's standings as the command line prints them (`python -m scorer replay TOURNAMENT.json`)."""

from __future__ import annotations

from .scoring import Standings, decimal_text, place_text


def table(standings: Standings) -> str:
    """Every round's tables (Schrift and rank points per player), then the standings by place."""
    names = standings.tournament.players
    lines = []
    for r, tables in enumerate(standings.rounds, start=1):
        for t in tables:
            seats = ", ".join(f"{names[p]} {s} ({decimal_text(v)})"
                              for p, s, v in zip(t.players, t.schrift, t.rank_points))
            allowed = standings.tournament.scoring.games_at(len(t.players))
            lines.append(f"Round {r}, table {t.number}, {t.games} of {allowed} games: {seats}")
    if lines:
        lines.append("")
    width = max([len(n) for n in names] + [6])
    lines.append(f"{'Place':>5}  {'Player':<{width}}  {'Schrift':>7}  {'Rank points':>11}  {'Total':>7}  Table ranks")
    for s in standings.standings:
        lines.append(f"{place_text(s.place):>5}  {names[s.player]:<{width}}  {s.schrift:>7}  "
                     f"{decimal_text(s.rank_points):>11}  {decimal_text(s.total):>7}  "
                     f"{', '.join(str(k) for k in s.table_ranks)}")
    return "\n".join(lines) + "\n"
