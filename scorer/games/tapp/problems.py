"""What is wrong with a Tapp-Tarock entry: the shared Problem, and this game's error."""

from ...problems import Problem, ScoringError

__all__ = ["Problem", "TappError"]


class TappError(ScoringError):
    """A Tapp-Tarock entry, rule set or partie that cannot be scored, with every reason why."""
