"""Loading a partie for a page, the same for every game and every view: the stored partie and its
settlement (from the cache while its version stands), a partie that cannot be replayed shown up to its first
problem, a 404 for an unknown address; and the parties this browser has opened."""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass

from flask import Response, abort, current_app, render_template, session
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..games import game_of
from .language import sentence

MY_PARTIES = 30


def settle(partie):
    """The partie's settlement and None; for a partie that cannot be replayed, the settlement of its deals before
    the first problem and (that deal's number, its problems) (`Game.settle`)."""
    return game_of(partie).settle(partie)


def remember(pid: str) -> None:
    """Keep the partie on this browser's home page (only those the browser has opened are listed)."""
    mine = session.get("parties", [])
    if mine[:1] != [pid]:   # only then does the cookie change
        session["parties"] = [pid] + [p for p in mine if p != pid][:MY_PARTIES - 1]


class SettlementCache:
    """The newest replayed state of each partie, with the version it is for.

    A partie's version changes with every change, so an entry is never taken for a newer state; when only
    deals changed since (recorded, edited, deleted, put back), the partie is replayed from the first changed
    deal on, from the entry's settlement before it (`Game.upto`), instead of from the start.
    """

    def __init__(self):
        self.entries: OrderedDict = OrderedDict()
        self.lock = threading.Lock()
        self.deals = 0      # deals held over all entries: the cache is bounded by these too

    @staticmethod
    def _size(value) -> int:
        return len(value[0].partie.deals) + 1

    def get(self, pid):
        with self.lock:
            value = self.entries.get(pid)
            if value is not None:
                self.entries.move_to_end(pid)
            return value

    def clear(self) -> None:
        """Forget every partie (as if the app had been started afresh)."""
        with self.lock:
            self.entries.clear()
            self.deals = 0

    def put(self, pid, value, size: int, max_deals: int | None = None) -> None:
        """Keep `value` for `pid`; the least recently used parties go while there are more than `size` of
        them or more than `max_deals` deals in all (a partie larger than that alone is not kept)."""
        with self.lock:
            old = self.entries.get(pid)
            if old is None or old[0].version <= value[0].version:
                if old is not None:
                    self.deals -= self._size(old)
                self.entries[pid] = value
                self.deals += self._size(value)
                self.entries.move_to_end(pid)
            while self.entries and (len(self.entries) > size or (max_deals is not None and self.deals > max_deals)):
                _pid, gone = self.entries.popitem(last=False)
                self.deals -= self._size(gone)


cache = SettlementCache()


def current(pid: str):
    """The stored partie and its settlement, from the cache while its version stands (replayed from the first
    deal that changed since, when only deals did), or a 404 page."""
    db = get_db()
    size = current_app.config.get("SETTLEMENT_CACHE", 64)
    try:
        hit = cache.get(pid) if size else None
        if hit is not None:
            if hit[0].version == store.version(db, pid):
                return hit
            value = _replayed_from_change(db, hit)
            if value is not None:
                cache.put(pid, value, size, current_app.config.get("SETTLEMENT_CACHE_DEALS"))
                return value
        sp = store.load(db, pid)
    except store.NotFoundError:
        abort(404)
    except sqlite3.Error:   # the database itself (busy, a disk error): the app's handlers answer, not this
        raise
    except Exception:   # noqa: BLE001 - rules or players that cannot be read: said, never a 500
        abort(Response(render_template("error.html", title=_("This partie cannot be read"), message=_(
            "Its stored rules or players are not ones this scorer knows. Export it as a partie file from a "
            "backup, or start a new partie.")), status=409))
    settlement, broken = settle(sp.partie)
    value = (sp, settlement)
    if broken is not None:   # shown up to the first problem, with its edit and delete (never cached)
        with _broken_lock:
            BROKEN[(sp.id, sp.version)] = Broken(broken[0], [sentence(p, located=True) for p in broken[1]], sp.version)
            while len(BROKEN) > 256:
                BROKEN.popitem(last=False)
        return value
    if size:
        cache.put(pid, value, size, current_app.config.get("SETTLEMENT_CACHE_DEALS"))
    return value


def _replayed_from_change(db, hit):
    """The cached (partie, settlement) brought up to date from the first deal that changed, or None when more
    than deals changed or a deal cannot be scored (then the whole partie is loaded and settled)."""
    changed = store.changed_since(db, hit[0])
    if changed is None:
        return None
    now, kept = changed
    game = game_of(hit[1])
    try:
        return now, game.extend(game.upto(hit[1], kept), now.partie.deals[kept:])
    except Exception:   # noqa: BLE001 - a deal that cannot be scored: settle() below shows where
        return None


@dataclass(frozen=True)
class Broken:
    """A stored partie that cannot be replayed: the first deal that is wrong, why, and the version."""

    number: int
    reasons: list
    version: int


# the parties `current` found that cannot be replayed, by (id, version): a version is never replayed differently
BROKEN: OrderedDict = OrderedDict()
_broken_lock = threading.Lock()


def broken_of(sp) -> Broken | None:
    """Whether the stored partie `sp` (as `current` loaded it) cannot be replayed: its first wrong deal and why, or
    None. The pages ask this (base.html's banner, the views that need the whole settlement), not the request's `g`."""
    if sp is None:
        return None
    with _broken_lock:
        return BROKEN.get((sp.id, sp.version))


def load_or_404(pid: str) -> store.StoredPartie:
    """The stored partie, or a 404 page."""
    return current(pid)[0]
