"""Scoring and saving a deal form, the same for every game: preview or save, new deal or edit, with the
idempotency key and the partie's version guarding against double taps and the other phone."""

from __future__ import annotations

import re

from flask import flash, redirect, url_for
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..games import game_of
from .language import sentence
from ..partie_file import deal_to_dict
from ..problems import ScoringError
from .forms import new_key

KEY = re.compile(r"[A-Za-z0-9_-]{1,%d}" % len(new_key()))   # no longer than the keys the forms make


def form_errors(problems, number: int, field_of: dict) -> list[tuple[str, str]]:
    """Problems of the deal in the form go next to their field; those of other deals (a bankroll that
    runs out before later deals) are said with their deal number."""
    return [(field_of.get(p.field, "type"), sentence(p)) if p.deal in (None, number)
            else ("type", sentence(p, located=True)) for p in problems]


def form_problems(form) -> list[tuple[str, str]]:
    """What the form itself refused (a wrong choice, an expired token), as (field, sentence)."""
    return [(name, sentence(str(m))) for name, msgs in form.errors.items() for m in msgs]


def by_field(errors) -> dict[str, list[str]]:
    """Errors grouped by the field they are shown next to."""
    grouped: dict[str, list[str]] = {}
    for field, message in errors:
        grouped.setdefault(field, []).append(message)
    return grouped


def _int(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None


def score_and_save(sp, settlement, form, number, deal, errors, action, render_form, field_of: dict):
    """Score `deal` as the next deal (extending the settlement) or as deal `number` (replaying), then show
    the preview or save it; `render_form(sp, settlement, form, number, errors=..., result=..., status=...)`
    draws the game's form."""
    partie = sp.partie
    game = game_of(partie)
    after = None
    if deal is not None:
        try:
            if number is None:   # a new deal: scored on from the settlement, no replay
                after = game.extend(settlement, (deal,))
            else:
                deals = list(partie.deals)
                deals[number - 1] = deal
                after = game.replay(partie.with_deals(deals))
        except ScoringError as exc:
            errors = form_errors(exc.problems, number or len(partie.deals) + 1, field_of)
    if errors:
        return render_form(sp, settlement, form, number, errors=errors, status=422)
    result = after.deals[(number or len(after.deals)) - 1]
    if action != "save":
        return render_form(sp, settlement, form, number, result=result)
    db = get_db()
    if number is None:
        if not sp.running:
            return render_form(sp, settlement, form, number,
                               errors=[("type", _("This partie has ended: reopen it first."))], status=422)
        if not KEY.fullmatch(form.key.data or ""):
            return render_form(sp, settlement, form, number, status=422, errors=[("type", _(
                "This form is incomplete (its key is missing or wrong): reload the page and enter the deal "
                "again. Nothing was saved."))])
        if store.add_deal(db, sp.id, deal, form.key.data) is not None:
            flash(_("Deal %(num)s recorded.", num=len(after.deals)))
        else:
            refused = already_saved(sp, form, deal, render_form)
            if refused is not None:
                return refused
    else:
        try:
            store.update_deal(db, sp.id, number, deal, _int(form.version.data), key=edit_key(form))
        except store.ConflictError:
            mine = store.submission(db, form.key.data) if edit_key(form) else None
            if mine and mine["partie_id"] == sp.id and mine["number"] == number and mine["deal"] == _facts(deal):
                flash(_("Deal %(num)s changed; everything after it recomputed.", num=number))   # a double tap
                return redirect(url_for("partie.board", pid=sp.id))
            fresh = store.load(db, sp.id)
            form.version.data = str(fresh.version)
            message = _("The partie changed on another phone since you opened this form. Check deal "
                        "%(num)s on the board; to save your version anyway, press Save again.", num=number)
            if number > len(fresh.partie.deals):
                message = _("Deal %(num)s was deleted on another phone in the meantime.", num=number)
            return render_form(fresh, game.replay(fresh.partie), form, number, errors=[("type", message)],
                               status=409)
        flash(_("Deal %(num)s changed; everything after it recomputed.", num=number))
    return redirect(url_for("partie.board", pid=sp.id))


def edit_key(form) -> str | None:
    """The key of an edit form, if it has a valid one (forms opened before edits had keys have none)."""
    key = getattr(form, "key", None)
    return key.data if key is not None and KEY.fullmatch(key.data or "") else None


def _facts(deal) -> dict:
    import json
    return json.loads(json.dumps(deal_to_dict(deal), ensure_ascii=False))


def already_saved(sp, form, deal, render_form):
    """A new-deal form whose key was saved before: None when it was this same deal (a double tap: nothing
    more to do); a refusal when the key is another partie's, or when the deal differs (Back, corrected,
    Save again): then the answer says which deal the form made and offers the correction as its edit."""
    db = get_db()
    mine = store.submission(db, form.key.data)
    if mine is None:
        return None
    if mine["partie_id"] != sp.id:
        return render_form(sp, game_of(sp.partie).replay(sp.partie), form, None, status=422, errors=[("type", _(
            "This form belongs to another partie: open this partie's own deal form. Nothing was saved."))])
    if mine["number"] is None or mine["deal"] == _facts(deal):
        return None
    fresh = store.load(db, sp.id)
    settlement = game_of(fresh.partie).replay(fresh.partie)
    recorded = settlement.deals[mine["number"] - 1]
    form.version.data = str(fresh.version)
    form.key.data = new_key()
    return render_form(fresh, settlement, form, mine["number"], status=409, errors=[("type", _(
        "This form was already saved as deal %(num)s (%(facts)s). What you sent now differs: press Save to "
        "apply it as a correction of deal %(num)s.", num=mine["number"], facts=_describe(fresh, recorded)))])


def _describe(sp, result) -> str:
    return game_of(sp.partie).web_module().describe(result, sp.partie)
