"""Limits per client, counted in the store: wrong passcodes, and new parties and imports, so that one client on the
network can neither guess the passcode nor fill the disk.

Every route that creates or imports something (a partie, a Runde, a Runde's member, a tournament, a cup) asks for the
passcode when one is set, and all of them share one limit of wrong passcodes and one of creations per client: a
client that is told 429 on `/new` is told 429 on `/r/import` too. Moving a partie into a Runde asks for the passcode
when it makes a new member, and the organiser's pages of a tournament or a cup ask for it once per browser; their
wrong passcodes count in the same limit.

**Counted and checked in one step.** A try is counted *before* the passcode is compared, in the write transaction
that looks whether the client has room left (`BEGIN IMMEDIATE`: requests at once, in threads or in processes over
one SQLite file, queue up for it), and handed back when the passcode was right. So 60 wrong passcodes sent at once
compare at most the limit (10), never 11 to 15 as a test-then-count limiter did; and the counts hold across several
processes of the app and across a restart. A client already over a limit is told so from a read, without the write
lock. The tries are rows of `limit_hits` (db.m011); a row older than the longest window is deleted as new ones come.

The views say it themselves: `@limits.creating` on those that create or import (each POST counts as a creation, and
is refused at once while the client is over the passcode limit), `@limits.asking` on one that only asks for the
passcode; `passcode_ok` counts the try. The limits come from the config (`RATELIMIT_PASSCODE`, `RATELIMIT_CREATE`,
in the words of the `limits` library: "10 per minute;30 per hour"; `RATELIMIT_ENABLED`); a request over a limit gets
a 429 page in its language, with `Retry-After` and the time to try again.
"""

from __future__ import annotations

import hmac
import time
from functools import wraps

from flask import current_app, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext
from limits import parse_many
from werkzeug.exceptions import TooManyRequests

from ..db import connect, get_db
from ..store import writing

CREATE = "create"       # one limit of creations and imports per client
PASSCODE = "passcode"   # one limit of wrong passcodes per client
SETTINGS = {CREATE: "RATELIMIT_CREATE", PASSCODE: "RATELIMIT_PASSCODE"}


class TooMany(TooManyRequests):
    """A client over a limit: `scope` says which, `wait` the seconds until it has room again."""

    def __init__(self, scope: str, wait: int):
        super().__init__()
        self.scope = scope
        self.wait = wait


def _rules(scope: str) -> list[tuple[int, int]]:
    """The scope's limits as (tries, seconds), from the config ("10 per minute;30 per hour")."""
    return [(item.amount, item.get_expiry()) for item in parse_many(current_app.config[SETTINGS[scope]])]


def _on() -> bool:
    return bool(current_app.config.get("RATELIMIT_ENABLED", True))


def _client() -> str:
    return request.remote_addr or "?"


def _wait(db, scope: str, client: str, rules, now: float) -> int:
    """Seconds until the client has room in every limit of `scope` (0: room now). A limit of n tries in s seconds
    is full while its n-th newest try is younger than s."""
    wait = 0.0
    for amount, seconds in rules:
        row = db.conn.execute("select at from limit_hits where scope = ? and client = ? and at > ? "
                              "order by at desc limit 1 offset ?", [scope, client, now - seconds, amount - 1]).fetchone()
        if row is not None:
            wait = max(wait, row[0] + seconds - now)
    return max(1, int(wait + 0.999)) if wait > 0 else 0


def check(scope: str) -> None:
    """TooMany if the client is over a limit of `scope` now (a read: nothing counted)."""
    if not _on():
        return
    wait = _wait(get_db(), scope, _client(), _rules(scope), time.time())
    if wait:
        raise TooMany(scope, wait)


def count(scope: str) -> int | None:
    """Count one try of `scope` for this client if every limit of it has room, in one write transaction (so that
    tries at once, in any thread or process, cannot all take the last room); TooMany if not. The try's row id (for
    `hand_back`), None when the limits are off."""
    if not _on():
        return None
    db, client, rules, now = get_db(), _client(), _rules(scope), time.time()
    wait = _wait(db, scope, client, rules, now)   # over it already: said without the write lock
    if wait:
        raise TooMany(scope, wait)
    with writing(db):
        wait = _wait(db, scope, client, rules, now)
        if wait:
            raise TooMany(scope, wait)
        longest = max((seconds for _amount, seconds in rules), default=0)
        db.conn.execute("delete from limit_hits where scope = ? and at < ?", [scope, now - longest])
        return db.conn.execute("insert into limit_hits (scope, client, at) values (?, ?, ?)",
                               [scope, client, now]).lastrowid


def hand_back(hit: int | None) -> None:
    """A counted try that turned out not to count (the right passcode)."""
    if hit is not None:
        with writing(get_db()) as db:
            db.conn.execute("delete from limit_hits where id = ?", [hit])


def passcode_ok(given: str | None) -> bool:
    """Whether `given` is the configured passcode (always, when there is none), compared in constant time. The try
    is counted against the client's limit before it is compared (TooMany, a 429, when the limit is reached: then the
    right passcode too is refused), and handed back when it was right."""
    passcode = current_app.config.get("PASSCODE")
    if not passcode:
        return True
    hit = count(PASSCODE)
    ok = hmac.compare_digest(str(given or "").encode("utf-8"), str(passcode).encode("utf-8"))
    if ok:
        hand_back(hit)
    return ok


def _limited(scopes: tuple[str, ...]):
    def decorate(view):
        @wraps(view)
        def limited(*args, **kwargs):
            if request.method == "POST":
                check(PASSCODE)        # a client over the passcode limit is refused at once, right or wrong
                if CREATE in scopes:
                    count(CREATE)      # every POST that may create counts, whatever it brings
            return view(*args, **kwargs)
        limited.limit_scopes = scopes
        return limited
    return decorate


creating = _limited((CREATE, PASSCODE))   # a view that creates or imports (a partie, a Runde, a member, ...)
asking = _limited((PASSCODE,))            # a view that asks for the passcode only (an unlock, a move's new member)


class Limits:
    """The app's limits (`app.extensions["scorer_limiter"]`): `reset()` forgets every count (the tests use it)."""

    def __init__(self, app):
        self.app = app

    def reset(self) -> None:
        db = connect(self.app.config["DATABASE"])
        try:
            with writing(db):
                db.conn.execute("delete from limit_hits")
        finally:
            db.conn.close()


def init_app(app) -> None:
    """The 429 page, and the limits' handle for the tests; each limit parsed once now, so that a bad setting stops
    the start instead of a request."""
    for setting in SETTINGS.values():
        parse_many(app.config[setting])
    app.extensions["scorer_limiter"] = Limits(app)

    @app.errorhandler(TooMany)
    def too_many(error):
        minutes = -(-error.wait // 60)
        message = (_("Too many wrong passcodes from this device.") if error.scope == PASSCODE
                   else _("Too many new parties and imports from this device."))
        message += " " + ngettext("Try again in %(num)s minute.", "Try again in %(num)s minutes.", minutes)
        response = app.make_response((render_template("error.html", title=_("Please wait"), message=message),
                                      429))
        response.headers["Retry-After"] = str(error.wait)
        return response
