"""What is wrong with a Strohmandeln entry: the shared Problem, and this game's error."""

from __future__ import annotations

from ...problems import Problem, ScoringError

__all__ = ["Problem", "StrohmandelnError"]


class StrohmandelnError(ScoringError):
    """An entry, a rule set or a partie that cannot be scored, with every reason why."""
