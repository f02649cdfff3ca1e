"""Limits per client (Flask-Limiter, in memory: the app is one process): wrong passcodes, and new parties
and imports, so that one client on the network can neither guess the passcode nor fill the disk.

Every route that creates or imports something (a partie, a Runde, a Runde's member) asks for the passcode
when one is set, and all of them share one limit of wrong passcodes and one of creations per client: a
client that is told 429 on `/new` is told 429 on `/r/import` too. Moving a partie into a Runde asks for the
passcode when it makes a new member, and its wrong passcodes count in the same limit.

The limits come from the config (`RATELIMIT_PASSCODE`, `RATELIMIT_CREATE`, `RATELIMIT_ENABLED`); a request
over a limit gets a 429 page in its language, with `Retry-After` and the time to try again.
"""

from __future__ import annotations

import hmac
import time

from flask import current_app, g, render_template
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

CREATING = ("partie.create", "partie.import_file", "runde.create", "runde.import_file", "runde.add_member",
            "tournament.create", "tournament.add_players")
ASKING = CREATING + ("runde.move", "tournament.unlock")   # every view that checks the passcode


def passcode_ok(given: str | None) -> bool:
    """Whether `given` is the configured passcode (always, when there is none), compared in constant time;
    a wrong one counts against the client's limit of tries."""
    passcode = current_app.config.get("PASSCODE")
    if not passcode:
        return True
    ok = hmac.compare_digest(str(given or "").encode("utf-8"), str(passcode).encode("utf-8"))
    if not ok:
        g.passcode_failed = True
    return ok


def _passcode_failed(response) -> bool:
    return bool(g.get("passcode_failed"))


def init_app(app) -> None:
    """One limiter per app, with its own memory; the new-partie and import views limited."""
    limiter = Limiter(get_remote_address, storage_uri="memory://", headers_enabled=True,
                      key_prefix="scorer")
    limiter.init_app(app)
    app.extensions["scorer_limiter"] = limiter
    create = limiter.shared_limit(lambda: current_app.config["RATELIMIT_CREATE"], scope="create",
                                  methods=["POST"])
    tries = limiter.shared_limit(lambda: current_app.config["RATELIMIT_PASSCODE"], scope="passcode",
                                 methods=["POST"], deduct_when=_passcode_failed)
    for endpoint in ASKING:
        view = app.view_functions[endpoint]
        app.view_functions[endpoint] = tries(create(view) if endpoint in CREATING else view)

    @app.errorhandler(RateLimitExceeded)
    def too_many(error):
        current = limiter.current_limit
        wait = max(1, int(current.reset_at - time.time())) if current is not None else 60
        minutes = -(-wait // 60)
        message = (_("Too many wrong passcodes from this device.") if "passcode" in str(getattr(error.limit, "scope", ""))
                   else _("Too many new parties and imports from this device."))
        message += " " + ngettext("Try again in %(num)s minute.", "Try again in %(num)s minutes.", minutes)
        response = app.make_response((render_template("error.html", title=_("Please wait"), message=message),
                                      429))
        response.headers["Retry-After"] = str(wait)
        return response
