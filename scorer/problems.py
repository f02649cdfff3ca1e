"""What is wrong with an entry, said so that a player understands it: shared by every game's engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from .words import Message, render


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an entry: the field it concerns and a message template.

    The template and its arguments are kept apart so that the message can be
    translated (`localized(translator)`); `message` gives it in English.
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

    def template(self, tr) -> str:
        return tr.gettext(self.text)

    def localized(self, tr) -> str:
        """The problem in the translator's words, without where it is."""
        return render(self, tr)

    def located(self, tr=None) -> str:
        """The problem in the translator's words, with the deal it concerns."""
        if not self.deal:
            return render(self, tr)
        return render(Message("deal {n}: {problem}", n=self.deal, problem=self), tr)

    @property
    def message(self) -> str:
        """The problem in words, without where it is."""
        return render(self)

    def __str__(self) -> str:
        return self.located()


class ScoringError(ValueError):
    """An entry, a rule set or a partie that cannot be scored, with every reason why (any game)."""

    def __init__(self, problems):
        self.problems = list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))
