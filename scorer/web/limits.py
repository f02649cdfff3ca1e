"""Limits per client (Flask-Limiter, in memory: the app is one process): wrong passcodes, and new parties
and imports, so that one client on the network can neither guess the passcode nor fill the disk.

Every route that creates or imports something (a partie, a Runde, a Runde's member) asks for the passcode
when one is set, and all of them share one limit of wrong passcodes and one of creations per client: a
client that is told 429 on `/new` is told 429 on `/r/import` too. Moving a partie into a Runde asks for the
passcode when it makes a new member, and its wrong passcodes count in the same limit.

The views say it themselves: `@limits.creating` on those that create or import, `@limits.asking` on one that
only asks for the passcode. Each app has its own limiter (`init_app`); a decorated view asks its app's limiter,
through the limits Flask-Limiter made for that view, and no view of the app is replaced.

The limits come from the config (`RATELIMIT_PASSCODE`, `RATELIMIT_CREATE`, `RATELIMIT_ENABLED`); a request
over a limit gets a 429 page in its language, with `Retry-After` and the time to try again.
"""

from __future__ import annotations

import hmac
import time
from functools import wraps

from flask import current_app, g, render_template
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

CREATE = "create"       # one limit of creations and imports per client
PASSCODE = "passcode"   # one limit of wrong passcodes per client


def _limited(scopes: tuple[str, ...]):
    def decorate(view):
        @wraps(view)
        def limited(*args, **kwargs):
            return current_app.extensions["scorer_limited"][limited](*args, **kwargs)
        limited.limit_scopes = scopes
        return limited
    return decorate


creating = _limited((CREATE, PASSCODE))   # a view that creates or imports (a partie, a Runde, a member)
asking = _limited((PASSCODE,))            # a view that asks for the passcode only when it creates a member


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
    """One limiter per app, with its own memory; each limited view of the app (`creating`, `asking`) gets that
    limiter's limits, kept in `app.extensions["scorer_limited"]`, which the view asks (the view stays the app's)."""
    limiter = Limiter(get_remote_address, storage_uri="memory://", headers_enabled=True,
                      key_prefix="scorer")
    limiter.init_app(app)
    app.extensions["scorer_limiter"] = limiter
    decorators = {
        CREATE: limiter.shared_limit(lambda: current_app.config["RATELIMIT_CREATE"], scope=CREATE, methods=["POST"]),
        PASSCODE: limiter.shared_limit(lambda: current_app.config["RATELIMIT_PASSCODE"], scope=PASSCODE,
                                       methods=["POST"], deduct_when=_passcode_failed),
    }
    limited = app.extensions["scorer_limited"] = {}
    for view in app.view_functions.values():
        scopes = getattr(view, "limit_scopes", None)
        if scopes:
            checked = view.__wrapped__
            for scope in scopes:   # the first the innermost: the shared limits are checked together
                checked = decorators[scope](checked)
            limited[view] = checked

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
