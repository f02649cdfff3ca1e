"""What holds a partie besides its phones: its owner (a tournament's table is its tournament's), found through the
partie's own row (`parties.owner`, db.m013), never through a list filled when some module happens to be imported.

An owner kind is registered here by one line (`OWNERS`: its key and the dotted path of the module whose `OWNER` it
is, imported when a partie of that kind is first asked about, as the games' `REGISTERED`), and is an `Owner`: the
hooks below, each with its default. The store asks a partie's owner inside the write transaction that would change
its deals (`refuse_deal`, `refuse_change`); a partie with no owner runs no owner's code. A partie with an owner is
never moved into a Runde (`runde_store.held_elsewhere`: its players and money are its owner's). Its pages ask the
owner's web part (`Owner.web_part()`, a `scorer.web.owned.OwnerWeb`).
"""

from __future__ import annotations

from importlib import import_module

# one line an owner kind: the key its parties' rows carry, the module that defines its OWNER
OWNERS = {
    "tournament": "scorer.tournament.store",
}


class UnknownOwner(LookupError):
    """A partie's row names an owner kind this scorer does not know."""


class Owner:
    """A kind of owner of parties (a tournament's tables): every hook, with its default."""

    key: str = ""       # what its parties' rows carry in `parties.owner`
    web: str = ""       # the dotted path of its web module, whose `WEB` is its part of the partie's pages

    def refuse_deal(self, db, pid: str) -> None:
        """Inside the write transaction of a deal recorded (or put back) on its partie `pid`: raise the
        ScoringError that says why not (a round complete), or return. Default: every deal may be recorded."""

    def refuse_change(self, db, pid: str, guard) -> None:
        """Inside the write transaction of an edit (after the change), a delete or an undo of its partie's deals,
        made under `guard` (`store.Guard`: `by` says who): raise the ScoringError that says why not, or return.
        Default: every change may be made."""

    def web_part(self):
        """Its part of the partie's pages (`scorer.web.owned.OwnerWeb`): the `WEB` of its web module."""
        found = self.__dict__.get("_web_part")
        if found is None:
            found = self.__dict__["_web_part"] = import_module(self.web).WEB
        return found


def find(key: str) -> Owner:
    """The owner kind `key`; UnknownOwner if there is none."""
    if key not in OWNERS:
        raise UnknownOwner(f"no owner kind {str(key)[:40]!r}")
    return import_module(OWNERS[key]).OWNER


def of(db, pid: str) -> Owner | None:
    """The owner of partie `pid` (None: a plain partie, or no such partie)."""
    row = db.conn.execute("select owner from parties where id = ?", [pid]).fetchone()
    return find(row[0]) if row is not None and row[0] else None


def hooks() -> tuple[str, ...]:
    """Every hook of an owner (documented in docs/ARCHITECTURE.md)."""
    return tuple(n for n in vars(Owner) if not n.startswith("_"))
