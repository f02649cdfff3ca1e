"""Strohmandeln in the web app: what the shared routes ask of this game (`Game.web`).

The hooks every game's web module has: `describe(result, partie)` (one line of the board for a deal) and
`history_facts(raw, partie)` (a stored deal in words, for the history).
"""

from __future__ import annotations

from .present import describe, facts as history_facts

__all__ = ["describe", "history_facts"]
