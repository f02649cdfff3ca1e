"""What is wrong with an entry, said so that a player understands it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry: the field it concerns and a message template.

    The template and its arguments are kept apart so that the message can be
    translated; `message` gives it in English.
    """

    field: str
    text: str
    args: dict = field(default_factory=dict, compare=False, hash=False)
    deal: int | None = None

    def __init__(self, field: str, text: str, deal: int | None = None, **args):
        object.__setattr__(self, "field", field)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "args", args)
        object.__setattr__(self, "deal", deal)

    def at(self, deal: int) -> "Problem":
        """The same problem, said of deal number `deal` (1-based)."""
        return Problem(self.field, self.text, deal=deal, **self.args)

    @property
    def message(self) -> str:
        """The problem in words, without where it is."""
        return self.text.format(**self.args)

    def __str__(self) -> str:
        return f"deal {self.deal}: {self.message}" if self.deal else self.message


class StrohmandelnError(ValueError):
    """An entry, a rule set or a partie that cannot be scored, with every reason why."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))
