"""What is wrong with a Bavarian Tarock entry: the shared Problem, and this game's error."""

from ...problems import Problem, ScoringError

__all__ = ["Problem", "HaferlError"]


class HaferlError(ScoringError):
    """A Bavarian Tarock entry, rule set or partie that cannot be scored, with every reason why."""
