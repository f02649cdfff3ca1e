"""What is wrong with a Zwanzigerrufen entry: the shared Problem, and this game's error."""

from ...problems import Problem, ScoringError

__all__ = ["Problem", "ZwanzigerrufenError"]


class ZwanzigerrufenError(ScoringError):
    """A Zwanzigerrufen entry, rule set or partie that cannot be scored, with every reason why."""
