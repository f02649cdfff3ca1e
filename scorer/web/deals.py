"""Deals, the same routes for every game: record, preview, edit, show, delete, undo. The partie's game
(`scorer.games`) brings its deal form and its pages; the engine does every sum."""

from __future__ import annotations

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..games import game_of
from ..problems import ScoringError
from .dealing import KEY, Dealing, number_sent
from .forms import EmptyForm
from .history import device, editor
from .language import say
from .loading import broken_of, current, load_or_404, remember
from .parties import ended_page

bp = Blueprint("deal", __name__)


@bp.route("/p/<pid>/deal", methods=("GET", "POST"))
def create(pid):
    """Record the next deal."""
    sp, settlement = current(pid)
    remember(pid)
    return Dealing(sp, settlement).answer()


@bp.route("/p/<pid>/deal/<int:number>")
def show(pid, number):
    """One deal: what its points are made of, with edit and delete."""
    sp, settlement = current(pid)
    if not 1 <= number <= len(sp.partie.deals):
        abort(404)
    if number > len(settlement.deals):   # a partie that cannot be replayed: the banner says what to fix
        return render_template("error.html", sp=sp, title=_("Deal %(num)s", num=number),
                               message=_("This deal cannot be shown until deal %(num)s is fixed.",
                                         num=broken_of(sp).number)), 409
    game = game_of(sp.partie)
    return render_template(f"{game.templates}/deal.html", sp=sp, partie=sp.partie, s=settlement,
                           r=settlement.deals[number - 1], **game.web_part().page_context(sp.partie))


@bp.route("/p/<pid>/deal/<int:number>/edit", methods=("GET", "POST"))
def update(pid, number):
    """Edit deal `number`; everything after it is recomputed. A Save of a deal deleted on the other phone
    meanwhile is answered by the save (409, what was typed kept), never a bare 404."""
    sp, settlement = current(pid)
    if number < 1 or (number > len(sp.partie.deals) and request.method != "POST"):
        abort(404)
    return Dealing(sp, settlement, number).answer()


def posted_button(pid):
    """The partie and the form of a posted button (delete, undo, put back); with a response instead when the
    form is broken (400) or carries no version (a stale button: refused, never run unchecked)."""
    sp = load_or_404(pid)
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    if number_sent(form.version.data) is None:
        return sp, form, stale_button(pid)
    return sp, form, None


@bp.post("/p/<pid>/deal/<int:number>/delete")
def delete(pid, number):
    """Delete deal `number`; everything after it is recomputed."""
    sp, form, refused = posted_button(pid)
    if refused is not None:
        return refused
    if not 1 <= number <= len(sp.partie.deals) and sp.running:
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number), "refused")
        return redirect(url_for("partie.board", pid=pid))
    broken = broken_of(sp) is not None   # fixing a partie that cannot be replayed: any deal may go
    guard = store.Guard(expected=number_sent(form.version.data), seen=sp, replay=not broken, by=editor(pid),
                        device=device())
    try:
        store.delete_deal(get_db(), pid, number, guard)
    except store.EndedError:
        return refused_ended(sp, _("Nothing was deleted: this partie has ended, and an ended partie's deals cannot "
                                   "be changed. To delete deal %(num)s, reopen the partie first.", num=number))
    except ScoringError as exc:
        flash(_("Deal %(num)s cannot be deleted: %(reason)s", num=number, reason=said(exc.problems[0])),
              "refused")
        return redirect(url_for("partie.board", pid=pid))
    except store.NotFoundError:
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number), "refused")
        return redirect(url_for("partie.board", pid=pid))
    except store.ConflictError:
        flash(_("The partie changed on another phone in the meantime: nothing was deleted. Check the board and "
                "delete again if you still want to."), "refused")
        return redirect(url_for("partie.board", pid=pid))
    flash(_("Deal %(num)s deleted; everything after it recomputed.", num=number))
    return redirect(url_for("partie.board", pid=pid))


@bp.post("/p/<pid>/undo")
def undo(pid):
    """Delete the last deal."""
    sp, form, refused = posted_button(pid)
    if refused is not None:
        return refused
    if not sp.partie.deals and sp.running:   # an ended partie is said to be ended (by the store), first
        flash(_("There is no deal to undo."), "refused")
        return redirect(url_for("partie.board", pid=pid))
    number = len(sp.partie.deals)
    expected = number_sent(form.version.data)
    try:
        entry = store.delete_deal(get_db(), pid, number, store.Guard(expected=expected, seen=sp, by=editor(pid),
                                                                     device=device()), undo=True)
    except store.EndedError:
        return refused_ended(sp, _("Nothing was undone: this partie has ended, and an ended partie's deals "
                                   "cannot be changed. To undo its last deal, reopen the partie first."))
    except ScoringError as exc:   # e.g. a tournament table's round ended: its games are the organiser's to correct
        flash(_("Deal %(num)s cannot be undone: %(reason)s", num=number, reason=said(exc.problems[0])),
              "refused")
        return redirect(url_for("partie.board", pid=pid))
    except store.NotFoundError:   # the other phone undid it a moment ago
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number), "refused")
        return redirect(url_for("partie.board", pid=pid))
    except store.ConflictError:
        last = store.history(get_db(), pid, limit=1)
        if expected is not None and sp.version == expected + 1 and last and last[0]["action"] == "deleted" \
                and last[0]["number"] == number + 1:
            # the Undo pressed twice (a page without its script, a slow answer): the deal meant is undone already,
            # by the first press (or the other phone at the same moment); said as the first answer says it
            session["undone"] = {"pid": pid, "entry": last[0]["id"], "num": number + 1, "version": sp.version}
            return redirect(url_for("partie.board", pid=pid))
        flash(_("The partie changed on another phone in the meantime: nothing was undone. Check the board first."),
              "refused")
        return redirect(url_for("partie.board", pid=pid))
    # said on the board where the Undo was, with "Put it back" (the history's restore): a second tap there puts
    # the deal back instead of undoing the one before it (parties.board_page, templates/_board_foot.html)
    session["undone"] = {"pid": pid, "entry": entry, "num": number, "version": expected + 1}
    return redirect(url_for("partie.board", pid=pid))


@bp.get("/p/<pid>/sent/<key>")
def sent(pid, key):
    """What became of a deal form this phone sent (its idempotency key), for the outbox (static/app.js): whether it
    was recorded, the number its deal has now (None: undone or deleted since), the number and the version it had
    when recorded, whether it was edited since. An answer lost on the way is asked for here, never taken for
    another phone's deal; "Recorded as deal N" is withdrawn when that deal changed."""
    mine = store.submission(get_db(), key) if KEY.fullmatch(key) else None
    if mine is None or mine["partie_id"] != pid:
        answer = jsonify(known=False)
    else:
        answer = jsonify(known=True, recorded=mine["number"], was=mine["was"], version=mine["version"],
                         changed=mine["changed"])
    answer.headers["Cache-Control"] = "no-store"
    return answer


def put_back_question(sp, entry: int, back: str):
    """The page that asks before a deal goes back among deals recorded since it was undone (None when it goes back
    at the end, or no deal was recorded since: then it goes back among the deals it was among): what happens, in the players' names (the deal put back, each deal that moves one on
    and who dealt it, a dealer who would deal twice in a row or out of turn, each moved deal's points before and
    after), and a second button that does it."""
    try:
        raw, number, since = store.restore_plan(get_db(), sp.id, entry)
    except (store.RestoredError, ScoringError):   # refused: the store says why, as ever
        return None
    partie = sp.partie
    if number > len(partie.deals) or not since:
        return None
    game = game_of(partie)
    web = game.web_part()
    problems: list = []
    deal = game.file.parse_deal(raw, problems)
    if deal is None or problems:
        return None
    deals = list(partie.deals)
    deals.insert(number - 1, deal)
    try:
        now = game.replayed(partie)
        then = game.replayed(partie.with_deals(deals))
    except ScoringError:
        return None   # the store refuses it, and says why
    names = partie.players

    def dealt(d):
        return names[d.dealer] if 0 <= d.dealer < len(names) else "?"

    moved, warnings = [], []
    for k in range(number, len(deals)):   # then's deal k + 1 is now's deal k
        before, after = now.deals[k - 1], then.deals[k]
        moved.append({"was": k, "will": k + 1, "what": web.describe(before, partie), "dealer": dealt(before.deal),
                      "now": web.summary(before, partie), "then": web.summary(after, partie)})
    first = then.deals[number]   # the first deal that moves on, right after the one put back
    turn = game.upto(then, number).next_dealer   # who deals after the deal put back, by the game's own rule
    if turn is not None and turn != first.deal.dealer and 0 <= turn < len(names):
        if first.deal.dealer == deal.dealer:
            warnings.append(_("%(name)s deals twice in a row: deals %(a)s and %(b)s.", name=dealt(deal), a=number,
                              b=number + 1))
        else:
            warnings.append(_("After deal %(a)s it is %(turn)s's turn to deal, but deal %(b)s was dealt by "
                              "%(name)s.", a=number, turn=names[turn], b=number + 1, name=dealt(first.deal)))
    return render_template("put_back.html", sp=sp, entry=entry, number=number, back=back,
                           restored=web.describe(then.deals[number - 1], partie), restored_dealer=dealt(deal),
                           moved=moved, warnings=warnings, form=EmptyForm()), 200


@bp.post("/p/<pid>/history/<int:entry>/restore")
def restore(pid, entry):
    """Put back the deal a history entry deleted (an undo undone), where it was; everything after is recomputed.
    When deals were recorded since it was deleted, they move one on: that is asked first (`put_back_question`),
    and done by the question's own button (`confirm`), on the version the question was asked at."""
    sp, form, refused = posted_button(pid)
    if refused is not None:
        return refused
    # not put back: said where the button was (the board's Put it back after an Undo, or the history)
    back = url_for("partie.board", pid=pid) if request.form.get("back") == "board" else url_for("partie.history", pid=pid)
    if not request.form.get("confirm") and sp.running and broken_of(sp) is None \
            and number_sent(form.version.data) == sp.version:
        question = put_back_question(sp, entry, back)
        if question is not None:
            return question
    try:   # the partie with the deal back must replay (a later deal may need it gone)
        number = store.restore_deal(get_db(), pid, entry, store.Guard(expected=number_sent(form.version.data),
                                                                      replay=True, by=editor(pid), device=device()))
    except store.EndedError:
        return refused_ended(sp, _("Nothing was put back: this partie has ended, and an ended partie's deals "
                                   "cannot be changed. To put the deal back, reopen the partie first."),
                             back=url_for("partie.history", pid=pid))
    except store.RestoredError:
        flash(_("That deal is already back, or the entry deleted no deal: nothing was changed."), "refused")
        return redirect(back)
    except ScoringError as exc:
        flash(_("The deal cannot be put back: %(reason)s", reason=said(exc.problems[0])), "refused")
        return redirect(back)
    except store.ConflictError:
        flash(_("The partie changed on another phone in the meantime: nothing was restored. Check the history "
                "and press it again if you still want to."), "refused")
        return redirect(back)
    flash(_("Deal %(num)s restored; everything after it recomputed.", num=number))
    return redirect(url_for("partie.board", pid=pid))


def said(problem) -> str:
    """An engine's problem as the end of a refusal's sentence ("…: round 1 is over: … reopen round 1."): its full
    stop."""
    text = say(problem).strip()
    return text if text.endswith((".", "?", "!")) else text + "."


def refused_ended(sp, message: str, back: str = ""):
    """409: a change to an ended partie (refused inside the write transaction), with "Reopen the partie"."""
    return ended_page(sp, _("This partie has ended"), message, back=back)


def stale_button(pid: str):
    """A delete or undo without the partie's version cannot be checked against the other phone: refused."""
    flash(_("That button came from a page without the partie's version: nothing was changed. Check the board "
            "and press it again."), "refused")
    return redirect(url_for("partie.board", pid=pid), 303)
