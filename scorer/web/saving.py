"""Scoring and saving a deal form, the same for every game: preview or save, new deal or edit, with the
idempotency key and the partie's version guarding against double taps and the other phone."""

from __future__ import annotations

import dataclasses
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
    """A whole number a form sent (a version, a count, a deal's identity); None if there is none, or it is
    not one: not a number, negative, or beyond what SQLite stores (a hostile form's 10**20)."""
    text = (text or "").strip() if isinstance(text, str) or text is None else str(text)
    if not text or len(text) > 18:
        return None
    try:
        number = int(text)
    except ValueError:
        return None
    return number if 0 <= number < 2 ** 62 else None


def _expected(text):
    """The version a form was opened at: None if it sent none (forms from before versions: not checked);
    -1, which no partie has, if it sent one that is not a version (then it is a conflict, never unchecked)."""
    if not (text or "").strip():
        return None
    number = _int(text)
    return -1 if number is None else number


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
    if number is not None and request.method == "POST":   # an edit: of the deal the form was opened for
        ident = _int(request.form.get("deal_id"))
        now = store.deal_number(get_db(), sp.id, ident) if ident is not None else number
        if now is None or now > len(partie.deals):   # deleted on another phone
            return deleted(sp, form, number, render_form)
        number = now
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
        return _save_new(sp, form, deal, action, render_form, field_of, describe)
    return _save_edit(sp, form, number, deal, render_form, field_of, describe)


def with_mine(now, deal, number=None):
    """Inside the write transaction: the partie as it is now, with this form's deal appended (`number`
    None) or as deal `number`; ScoringError (nothing stored) if that cannot be scored."""
    deals = list(now.partie.deals)
    if number is None:
        deals.append(deal)
    else:
        deals[number - 1] = deal
    replay_or_refuse(now.partie.with_deals(deals))


def _save_edit(sp, form, number, deal, render_form, field_of, describe):
    """Store an edit of the deal the form was opened for, found by its identity (`deal_id`), not by its
    place: another phone may have deleted a deal before it (then it has a new number) or this very deal."""
    db = get_db()
    ident = _int(request.form.get("deal_id"))
    was = (request.view_args or {}).get("number", number)   # the number the form was opened with
    try:
        number = store.update_deal(db, sp.id, number, deal, _expected(form.version.data), key=edit_key(form),
                                   check=lambda now, at: with_mine(now, deal, at), ident=ident,
                                   scored_on=sp.version, known=sp)
    except ScoringError as exc:
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, number,
                           errors=form_errors(exc.problems, number, field_of), status=422)
    except store.EndedError:   # ended on the other phone after this form was opened: nothing moves
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, number, status=422, errors=[("type", _(
            "This partie has ended: reopen it first. Nothing was changed: deal %(num)s is as it was.",
            num=number))])
    except store.NotFoundError:
        return deleted(store.load(db, sp.id), form, was, render_form)
    except store.ConflictError:
        mine = store.submission(db, form.key.data) if edit_key(form) else None
        same = mine is not None and mine["partie_id"] == sp.id and mine["deal"] == _facts(deal) and (
            mine["deal_id"] == ident if ident is not None else mine["number"] == number)
        if same:   # a double tap: the first tap made exactly this edit
            flash(_("Deal %(num)s changed; everything after it recomputed.", num=mine["number"]))
            return _saved(sp, mine["number"], store.version(db, sp.id))
        fresh = store.load(db, sp.id)
        if ident is None:   # a form without the deal's identity (an older page): which deal it was is unknown now
            return deleted(fresh, form, was, render_form, _(
                "The partie changed on another phone since you opened this form, and this older form does not "
                "say which deal it was opened for, so it cannot be applied to deal %(num)s. What you typed is kept "
                "below.", num=was))
        now = store.deal_number(db, sp.id, ident)
        if now is None or now > len(fresh.partie.deals):
            return deleted(fresh, form, was, render_form)
        form.version.data = str(fresh.version)
        form.deal_id = ident
        if now != was:
            message = _("The other phone deleted a deal before it: deal %(was)s is now deal %(num)s. Check it on "
                        "the board; to save your version anyway, press Save again.", was=was, num=now)
        else:
            message = _("The partie changed on another phone since you opened this form. Check deal "
                        "%(num)s on the board; to save your version anyway, press Save again.", num=now)
        return render_form(fresh, settle(fresh.partie)[0], form, now, errors=[("type", message)], status=409)
    flash(_("Deal %(num)s changed; everything after it recomputed.", num=number))
    return _saved(sp, number, store.version(db, sp.id))


def deleted(fresh, form, number, render_form, message=None):
    """409: the deal this edit form was opened for was deleted on another phone (or `message`: why else the
    edit cannot be applied). What was typed is kept, in a new deal's form: record it as a new deal, or discard
    it."""
    settlement, broken = settle(fresh.partie)
    form.version.data = str(fresh.version)
    form.key.data = new_key()
    offer = fresh.running and broken is None
    form.seen_version = fresh.version if offer else None
    form.next_number = len(fresh.partie.deals) + 1
    errors = [("conflict", message or _("Deal %(num)s was deleted on another phone in the meantime. What you "
                                        "typed is kept below.", num=number))]
    if not fresh.running:
        errors.append(("type", _("This partie has ended: reopen it first.")))
    return render_form(fresh, settlement, form, None, errors=errors, status=409)


def _save_new(sp, form, deal, action, render_form, field_of, describe):
    """Store a new deal; refused, with the form kept, if the partie changed since the form was opened."""
    db = get_db()
    expected = _expected(form.version.data)
    if action == "record-anyway":   # the player saw the other phone's deals and records this one too
        expected = _expected(request.form.get("seen_version"))
    try:
        stored = store.add_deal(db, sp.id, deal, form.key.data or None, expected,
                                lambda now: with_mine(now, deal), scored_on=sp.version,
                                count=len(sp.partie.deals))
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
        refused, number = already_saved(sp, form, deal, render_form, describe)
        if refused is not None:
            return refused
        return _saved(sp, number, None)
    version, number = stored
    flash(_("Deal %(num)s recorded.", num=number))
    return _saved(sp, number, version)


def wants_json() -> bool:
    """The page's script (or the phone's outbox) saves in the background and wants the outcome as JSON."""
    return request.accept_mimetypes.best == "application/json"


def _saved(sp, number, version):
    """After a save: the board; for the script, the deal's number, the partie's version and the board."""
    board = url_for("partie.board", pid=sp.id)
    if wants_json():
        from .loading import current
        fresh, settlement = current(sp.id)   # the cached settlement, extended by this deal (the board's next)
        # who deals next, and the deals and balances after this one: what the phone keeps of the partie (app.js)
        next_dealer = getattr(settlement, "next_dealer", None)
        if next_dealer is None:   # before the first deal (Königrufen): whoever the new partie named
            next_dealer = fresh.partie.first_dealer
        line = getattr(game_of(fresh.partie).web_module(), "balance_line", None)
        return jsonify(recorded=number, version=version if version is not None else fresh.version, board=board,
                       again=version is None, next_dealer=next_dealer, count=len(fresh.partie.deals),
                       context=line(settlement) if line and len(settlement.deals) == len(fresh.partie.deals) else None)
    return redirect(board)


def _dealer_moved_on(fresh, settlement, form, opened):
    """The dealer to propose now, when the form still has the one it proposed when it was opened and the other
    phone's deals moved the deal on (else None): "record mine too" must not repeat the last deal's dealer."""
    field = getattr(form, "dealer", None)
    if field is None or opened is None or not 0 <= opened < len(settlement.deals) \
            or not hasattr(settlement, "next_dealer"):
        return None
    then = game_of(fresh.partie).upto(settlement, opened).next_dealer
    if then is None:   # before the first deal (Königrufen): whoever the new partie named
        then = fresh.partie.first_dealer
    now = settlement.next_dealer
    if then == now or str(field.data) != str(then):
        return None
    return now


def move_dealer_on(fresh, settlement, form, deal, opened):
    """"Record mine too": only the dealer may move on, never a person or a pile. The form gets the next dealer when
    the deal it describes then is the typed one with that dealer (the same persons, pile, bonuses); where the
    dealer decides a person (a Königrufen Rufer is the Vorhand's) the typed dealer stays. (the deal, a note)."""
    web = game_of(fresh.partie).web_module()
    keep = getattr(web, "keep_persons", None)
    if keep is not None:
        keep(form)   # a pile that followed the dealer (Vorhand's in a simple game) stays that person's
    moved = _dealer_moved_on(fresh, settlement, form, opened)
    if moved is None:
        return deal, None
    names = fresh.partie.players
    was = form.dealer.data
    form.dealer.data = str(moved)
    again, problems = web.to_deal(form, fresh.partie)
    same = again is not None and not problems and _facts(again) == _facts(dataclasses.replace(deal, dealer=moved))
    if same:
        try:   # the next dealer may sit out a deal whose declarer he is (at four, at five): then he cannot deal it
            with_mine(fresh, again)
        except ScoringError:
            same = False
    if not same:
        form.dealer.data = was
        return deal, _("%(name)s stays the dealer of yours: with the next dealer it would not be the deal you "
                       "typed. Change the dealer if someone else dealt.", name=names[deal.dealer])
    return again, _("So %(name)s deals this one: the dealer moved on with the other phone's deal. Everything else "
                    "stays as you typed it. Change the dealer if someone else dealt.", name=names[moved])


def conflict(fresh, form, deal, render_form, field_of, describe):
    """409: another phone recorded (or changed) deals since this form was opened. The form keeps its
    values (the persons, the pile, the bonuses: only the dealer may move on); the page shows the other phone's
    deals and this one as it would be recorded, side by side, and offers to record it too, or to discard it."""
    settlement, broken = settle(fresh.partie)
    opened = _int(request.form.get("count"))
    errors = []
    theirs = []
    if opened is not None and 0 <= opened <= len(fresh.partie.deals) and opened < len(settlement.deals):
        for r in settlement.deals[opened:]:
            errors.append(("conflict", _("Deal %(num)s was recorded on the other phone a moment ago: %(what)s",
                                         num=r.number, what=describe(r, fresh.partie) if describe else "")))
            theirs.append((r.number, describe(r, fresh.partie) if describe else ""))
    if not errors:
        errors.append(("conflict", _("The partie changed on another phone since you opened this form.")))
    deal, note = move_dealer_on(fresh, settlement, form, deal, opened)
    if note:
        errors.append(("conflict", note))
    offer = True
    mine = None
    try:
        with_mine(fresh, deal)
        if broken is None and describe:
            mine = describe(game_of(fresh.partie).extend(settlement, (deal,)).deals[-1], fresh.partie)
    except ScoringError as exc:
        offer = False
        errors += form_errors(exc.problems, len(fresh.partie.deals) + 1, field_of)
    if not fresh.running:
        offer = False
        errors.append(("type", _("This partie has ended: reopen it first.")))
    form.seen_version = fresh.version if offer else None
    form.next_number = len(fresh.partie.deals) + 1
    # both deals side by side (templates/_deal_form_head.html): the other phone's, and mine as it would be recorded
    form.side_by_side = {"theirs": theirs[-3:], "mine": mine,
                         "dealer": fresh.partie.players[deal.dealer] if 0 <= deal.dealer < len(fresh.partie.players)
                         else ""} if theirs or mine else None
    return render_form(fresh, settlement, form, None, errors=errors, status=409)


def deal_ident(sp, number, form):
    """The identity of the deal an edit form is about (a hidden field): the one it was opened for, kept
    through a refusal; for a newly opened form, deal `number`'s."""
    ident = getattr(form, "deal_id", None)
    if ident is None and request.method == "POST":
        ident = _int(request.form.get("deal_id"))
    if ident is None:
        try:
            ident = store.deal_id(get_db(), sp.id, number, known=sp)
        except store.NotFoundError:
            return ""
    return ident


def edit_key(form) -> str | None:
    """The key of an edit form, if it has a valid one (forms opened before edits had keys have none)."""
    key = getattr(form, "key", None)
    return key.data if key is not None and KEY.fullmatch(key.data or "") else None


def _facts(deal) -> dict:
    return json.loads(json.dumps(deal_to_dict(deal), ensure_ascii=False))


def already_saved(sp, form, deal, render_form, describe):
    """A new-deal form whose key was saved before: (None, the deal's number) when it was this same deal (a
    double tap: nothing more to do); (a refusal, None) when the key is another partie's, or when the deal
    differs (Back, corrected, Save again): then the answer says which deal the form made and offers the
    correction as its edit."""
    db = get_db()
    mine = store.submission(db, form.key.data)
    if mine is None:
        return None, None
    if mine["partie_id"] != sp.id:
        fresh = store.load(db, sp.id)
        return render_form(fresh, settle(fresh.partie)[0], form, None, status=422, errors=[("type", _(
            "This form belongs to another partie: open this partie's own deal form. Nothing was saved."))]), None
    if mine["deal_id"] is None:   # the deal it made was undone or deleted since: never another deal named
        fresh = store.load(db, sp.id)
        if mine["was"] is not None:
            message = _("This form was saved as deal %(num)s before, and that deal was undone or deleted since "
                        "(on this phone or the other). What you sent is kept below: record it again, or discard "
                        "it.", num=mine["was"])
        else:
            message = _("This form was saved before, and its deal was undone or deleted since (on this phone or "
                        "the other). What you sent is kept below: record it again, or discard it.")
        return deleted(fresh, form, mine["was"], render_form, message), None
    if mine["deal"] == _facts(deal):
        return None, mine["number"]
    fresh = store.load(db, sp.id)
    settlement = settle(fresh.partie)[0]
    if mine["number"] > len(settlement.deals):
        return None, mine["number"]
    recorded = settlement.deals[mine["number"] - 1]
    form.version.data = str(fresh.version)
    form.key.data = new_key()
    form.deal_id = mine["deal_id"]
    facts = describe(recorded, fresh.partie) if describe else ""
    return render_form(fresh, settlement, form, mine["number"], status=409, errors=[("type", _(
        "This form was already saved as deal %(num)s (%(facts)s). What you sent now differs: press Save to "
        "apply it as a correction of deal %(num)s.", num=mine["number"], facts=facts))]), None
