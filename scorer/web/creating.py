"""Creating a partie from a new-partie form, the same for every game: the passcode, the errors next to
their fields, the redirect to the new board."""

from __future__ import annotations

from flask import redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from .language import sentence
from .limits import passcode_ok


def new_partie_page(form, check, engine, template: str, passcode: str | None, remember, **context):
    """Validate `form`; `check()` gives (the Partie, or None, and the problems). Store the partie and go to
    its board, or show the form again with every problem next to its field (status 422)."""
    status, passcode_error = 200, None
    if form.validate_on_submit():
        partie, problems = check()
        if passcode and not passcode_ok(request.form.get("passcode", "")):
            passcode_error = _("The passcode is not right: ask whoever runs this scorer.")
        if not problems and not passcode_error:
            pid = store.create_partie(get_db(), partie)
            remember(pid)
            return redirect(url_for("partie.board", pid=pid))
        for p in problems:
            field = getattr(form, p.field if p.field in form else "preset")
            field.errors = list(field.errors) + [sentence(p)]
        status = 422
    elif request.method == "POST":
        status = 422
    summaries = {p: engine.RuleSet.default(p).describe() for p in engine.PRESETS}
    return render_template(template, form=form, summaries=summaries, passcode=bool(passcode),
                           passcode_error=passcode_error, **context), status
