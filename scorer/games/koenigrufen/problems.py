"""What is wrong with a Königrufen entry: the shared Problem, and this game's error."""

from ...problems import Problem, ScoringError

__all__ = ["Problem", "KoenigrufenError"]


class KoenigrufenError(ScoringError):
    """A Königrufen entry, rule set or partie that cannot be scored, with every reason why."""
