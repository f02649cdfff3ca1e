"""What a partie's owner (`scorer.owners`: a tournament's table) adds to the partie's pages: `OwnerWeb`, every hook
with its default, and `owned(pid)`: the page's view of it. A partie with no owner has the defaults: it plays for money,
its players may end it, its history says no one else changed it. The owner's web part is found through the partie's
row (`owners.of`), as the store finds its guards; nothing is registered when a module is imported."""

from __future__ import annotations

from dataclasses import dataclass

from .. import owners
from ..db import get_db


class OwnerWeb:
    """An owner kind's part of its parties' pages (its module's `WEB`): every hook, with its default."""

    template: str = ""          # a partial drawn at the top of each of its partie's pages (base.html), or none
    plays_money: bool = True    # the partie plays for money (a tournament's table: no, RULES-TOURNAMENT.md §1)
    may_end: bool = True        # its board offers "End partie" (a tournament's round is ended by its organiser)

    def line(self, pid: str) -> dict | None:
        """What `template` shows of partie `pid` (its round, its table, how far it is). Default: None."""
        return None

    def refuse_end(self, pid: str) -> str | None:
        """Why the partie's phones may not end it (a tournament's round is ended by its organiser), or None.
        Default: they may."""
        return None

    def locked(self, pid: str) -> str:
        """Why this phone may change none of the partie's deals now (its pages then offer no Undo, edit, delete or put
        back, and say this instead; the owner's `refuse_change` refuses them anyway): a tournament table's round
        closed. Default: "" (it may)."""
        return ""

    def editor(self, pid: str) -> str | None:
        """Who this request changes the partie's deals as, when it is not the table itself (`store.Guard.by`: a
        tournament's organiser correcting a table: "organiser"). Default: None."""
        return None


PLAIN = OwnerWeb()   # a partie without an owner


@dataclass(frozen=True)
class Owned:
    """What a page of partie `pid` shows of its owner (base.html, the board's links, the money figures)."""

    pid: str
    web: OwnerWeb

    @property
    def template(self) -> str:
        return self.web.template

    @property
    def plays_money(self) -> bool:
        return self.web.plays_money

    @property
    def may_end(self) -> bool:
        return self.web.may_end

    def line(self) -> dict | None:
        return self.web.line(self.pid)

    def refuse_end(self) -> str | None:
        return self.web.refuse_end(self.pid)

    def locked(self) -> str:
        return self.web.locked(self.pid)


def owner_web(pid: str) -> OwnerWeb:
    """The web part of partie `pid`'s owner, or `PLAIN`."""
    found = owners.of(get_db(), pid)
    return PLAIN if found is None else found.web_part()


def owned(pid: str) -> Owned:
    return Owned(pid, owner_web(pid))


def hooks() -> tuple[str, ...]:
    """Every hook of an owner's web part (documented in docs/ARCHITECTURE.md)."""
    return tuple(n for n in vars(OwnerWeb) if not n.startswith("_"))
