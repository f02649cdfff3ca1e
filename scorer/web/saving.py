"""Scoring and saving a deal form, the same for every game: preview or save, new deal or edit, with the
idempotency key and the partie's version guarding against double taps and the other phone."""

from __future__ import annotations

import json
import re

from flask import flash, jsonify, redirect, request, url_for
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..games import game_of
from .language import sentence
from ..partie_file import deal_to_dict
from ..problems import Problem, ScoringError
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


def settle(partie):
    """The partie's settlement and None; for a partie that cannot be replayed (written by hand or by an
    older version), the settlement of its deals before the first problem and (that deal's number, its
    problems). Never raises for a partie whose rules could be read."""
    game = game_of(partie)
    try:
        return game.replay(partie), None
    except Exception:   # noqa: BLE001 - a broken partie is shown, not a 500
        pass
    settlement = game.replay(partie.with_deals(()))
    for number, deal in enumerate(partie.deals, start=1):
        try:
            settlement = game.extend(settlement, (deal,))
        except ScoringError as exc:
            return settlement, (number, [p.at(number) if p.deal is None else p for p in exc.problems])
        except Exception:   # noqa: BLE001 - a deal that cannot even be read
            return settlement, (number, [Problem("type", "this deal cannot be read", deal=number)])
    return settlement, None


def replay_or_refuse(partie):
    """The partie's settlement; ScoringError (never anything else) if it cannot be replayed."""
    settlement, broken = settle(partie)
    if broken is not None:
        raise ScoringError(broken[1])
    return settlement


def score_and_save(sp, settlement, form, number, deal, errors, action, render_form, field_of: dict, describe=None):
    """Score `deal` as the next deal (extending the settlement) or as deal `number` (replaying), then show
    the preview or save it; `render_form(sp, settlement, form, number, errors=..., result=..., status=...)`
    draws the game's form. Whether the deal may be stored is decided again inside the write transaction,
    on the partie as it is then (another phone may have recorded a deal, or ended the partie)."""
    partie = sp.partie
    game = game_of(partie)
    after = None
    if deal is not None:
        try:
            if number is None:   # a new deal: scored on from the settlement, no replay
                if len(settlement.deals) != len(partie.deals):   # a partie that cannot be replayed
                    replay_or_refuse(partie.with_deals(partie.deals + (deal,)))
                after = game.extend(settlement, (deal,))
            else:
                deals = list(partie.deals)
                deals[number - 1] = deal
                after = replay_or_refuse(partie.with_deals(deals))
        except ScoringError as exc:
            errors = form_errors(exc.problems, number or len(partie.deals) + 1, field_of)
    if errors:
        return render_form(sp, settlement, form, number, errors=errors, status=422)
    result = after.deals[(number or len(after.deals)) - 1]
    if action not in ("save", "record-anyway"):
        return render_form(sp, settlement, form, number, result=result)
    db = get_db()
    if number is None:
        if not KEY.fullmatch(form.key.data or ""):
            return render_form(sp, settlement, form, number, status=422, errors=[("type", _(
                "This form is incomplete (its key is missing or wrong): reload the page and enter the deal "
                "again. Nothing was saved."))])
        return _save_new(sp, settlement, form, deal, action, render_form, field_of, describe)
    # an edit: checked again inside the transaction, on the partie as it is then

    def check_edit(now):
        if now.version - 1 == sp.version and len(settlement.deals) == len(partie.deals):
            return   # nothing else changed since it was scored above (the version was just raised)
        deals = list(now.partie.deals)
        if number > len(deals):
            raise store.ConflictError(sp.id)
        deals[number - 1] = deal
        replay_or_refuse(now.partie.with_deals(deals))

    try:
        store.update_deal(db, sp.id, number, deal, _int(form.version.data), key=edit_key(form), check=check_edit)
    except ScoringError as exc:
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, number,
                           errors=form_errors(exc.problems, number, field_of), status=422)
    except store.ConflictError:
        mine = store.submission(db, form.key.data) if edit_key(form) else None
        if mine and mine["partie_id"] == sp.id and mine["number"] == number and mine["deal"] == _facts(deal):
            flash(_("Deal %(num)s changed; everything after it recomputed.", num=number))   # a double tap
            return _saved(sp, number, store.version(db, sp.id))
        fresh = store.load(db, sp.id)
        form.version.data = str(fresh.version)
        message = _("The partie changed on another phone since you opened this form. Check deal "
                    "%(num)s on the board; to save your version anyway, press Save again.", num=number)
        if number > len(fresh.partie.deals):
            message = _("Deal %(num)s was deleted on another phone in the meantime.", num=number)
        return render_form(fresh, settle(fresh.partie)[0], form, number, errors=[("type", message)], status=409)
    flash(_("Deal %(num)s changed; everything after it recomputed.", num=number))
    return _saved(sp, number, store.version(db, sp.id))


def _save_new(sp, settlement, form, deal, action, render_form, field_of, describe):
    """Store a new deal; refused, with the form kept, if the partie changed since the form was opened."""
    db = get_db()
    game = game_of(sp.partie)
    expected = _int(form.version.data)
    if action == "record-anyway":   # the player saw the other phone's deals and records this one too
        expected = _int(request.form.get("seen_version"))
    recorded = {}

    def check(now):   # inside the write transaction, on the partie as it is now
        if now.version == sp.version and len(settlement.deals) == len(sp.partie.deals):
            recorded["number"] = len(sp.partie.deals) + 1
            return   # the partie is the one the deal was scored on above: nothing to reload
        recorded["number"] = len(now.partie.deals) + 1
        replay_or_refuse(now.partie.with_deals(now.partie.deals + (deal,)))

    try:
        stored = store.add_deal(db, sp.id, deal, form.key.data or None, expected, check)
    except store.EndedError:
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, None,
                           errors=[("type", _("This partie has ended: reopen it first."))], status=422)
    except store.ConflictError as exc:
        return conflict(exc.now or store.load(db, sp.id), form, deal, render_form, field_of, describe)
    except ScoringError as exc:
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, None,
                           errors=form_errors(exc.problems, len(fresh.partie.deals) + 1, field_of), status=422)
    if stored is None:   # the key was saved before: a double tap, or the same form sent again with other facts
        refused = already_saved(sp, form, deal, render_form, describe)
        if refused is not None:
            return refused
    number = recorded.get("number") if stored is not None else store.submitted_number(db, form.key.data or "")
    if stored is not None:
        flash(_("Deal %(num)s recorded.", num=number))
    return _saved(sp, number, stored)


def wants_json() -> bool:
    """The page's script (or the phone's outbox) saves in the background and wants the outcome as JSON."""
    return request.accept_mimetypes.best == "application/json"


def _saved(sp, number, version):
    """After a save: the board; for the script, the deal's number, the partie's version and the board."""
    board = url_for("partie.board", pid=sp.id)
    if wants_json():
        return jsonify(recorded=number, version=version if version is not None else store.version(get_db(), sp.id),
                       board=board, again=version is None)
    return redirect(board)


def conflict(fresh, form, deal, render_form, field_of, describe):
    """409: another phone recorded (or changed) deals since this form was opened. The form keeps its
    values; the page says what happened and offers to record this deal too, or to discard it."""
    settlement, broken = settle(fresh.partie)
    opened = _int(request.form.get("count"))
    errors = []
    if opened is not None and 0 <= opened <= len(fresh.partie.deals) and opened < len(settlement.deals):
        for r in settlement.deals[opened:]:
            errors.append(("conflict", _("Deal %(num)s was recorded on the other phone a moment ago: %(what)s",
                                         num=r.number, what=describe(r, fresh.partie) if describe else "")))
    if not errors:
        errors.append(("conflict", _("The partie changed on another phone since you opened this form.")))
    offer = True
    try:
        if broken is not None:
            raise ScoringError(broken[1])
        game_of(fresh.partie).extend(settlement, (deal,))
    except ScoringError as exc:
        offer = False
        errors += form_errors(exc.problems, len(fresh.partie.deals) + 1, field_of)
    if not fresh.running:
        offer = False
        errors.append(("type", _("This partie has ended: reopen it first.")))
    form.seen_version = fresh.version if offer else None
    form.next_number = len(fresh.partie.deals) + 1
    return render_form(fresh, settlement, form, None, errors=errors, status=409)


def edit_key(form) -> str | None:
    """The key of an edit form, if it has a valid one (forms opened before edits had keys have none)."""
    key = getattr(form, "key", None)
    return key.data if key is not None and KEY.fullmatch(key.data or "") else None


def _facts(deal) -> dict:
    return json.loads(json.dumps(deal_to_dict(deal), ensure_ascii=False))


def already_saved(sp, form, deal, render_form, describe):
    """A new-deal form whose key was saved before: None when it was this same deal (a double tap: nothing
    more to do); a refusal when the key is another partie's, or when the deal differs (Back, corrected,
    Save again): then the answer says which deal the form made and offers the correction as its edit."""
    db = get_db()
    mine = store.submission(db, form.key.data)
    if mine is None:
        return None
    if mine["partie_id"] != sp.id:
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, None, status=422, errors=[("type", _(
            "This form belongs to another partie: open this partie's own deal form. Nothing was saved."))])
    if mine["number"] is None or mine["deal"] == _facts(deal):
        return None
    fresh = store.load(db, sp.id)
    settlement = settle(fresh.partie)[0]
    if mine["number"] > len(settlement.deals):
        return None
    recorded = settlement.deals[mine["number"] - 1]
    form.version.data = str(fresh.version)
    form.key.data = new_key()
    facts = describe(recorded, fresh.partie) if describe else ""
    return render_form(fresh, settlement, form, mine["number"], status=409, errors=[("type", _(
        "This form was already saved as deal %(num)s (%(facts)s). What you sent now differs: press Save to "
        "apply it as a correction of deal %(num)s.", num=mine["number"], facts=facts))])
