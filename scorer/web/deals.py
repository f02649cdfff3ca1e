"""Deals, the same routes for every game: record, preview, edit, show, delete, undo. The partie's game
(`scorer.games`) brings its deal form and its pages; the engine does every sum."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..games import game_of
from ..problems import ScoringError
from .dealing import Dealing, deal_ident, number_sent
from .forms import EmptyForm
from .history import device, editor
from .language import say
from .loading import current, load_or_404, remember
from .parties import ended_page

bp = Blueprint("deal", __name__)
bp.add_app_template_global(deal_ident, "deal_ident")   # the edit form's hidden deal_id


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
                                         num=g.broken.number)), 409
    game = game_of(sp.partie)
    return render_template(f"{game.templates}/deal.html", sp=sp, partie=sp.partie, s=settlement,
                           r=settlement.deals[number - 1], **game.web_module().page_context(sp.partie))


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
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number))
        return redirect(url_for("partie.board", pid=pid))
    broken = g.get("broken") is not None   # fixing a partie that cannot be replayed: any deal may go
    guard = store.Guard(expected=number_sent(form.version.data), seen=sp, replay=not broken, by=editor(pid),
                        device=device())
    try:
        store.delete_deal(get_db(), pid, number, guard)
    except store.EndedError:
        return refused_ended(sp, _("Nothing was deleted: this partie has ended, and an ended partie's deals cannot "
                                   "be changed. To delete deal %(num)s, reopen the partie first.", num=number))
    except ScoringError as exc:
        flash(_("Deal %(num)s cannot be deleted: %(reason)s", num=number, reason=say(exc.problems[0])))
        return redirect(url_for("partie.board", pid=pid))
    except store.NotFoundError:
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number))
        return redirect(url_for("partie.board", pid=pid))
    except store.ConflictError:
        flash(_("The partie changed on another phone in the meantime: nothing was deleted. Check the board and "
                "delete again if you still want to."))
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
        flash(_("There is no deal to undo."))
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
        flash(_("Deal %(num)s cannot be undone: %(reason)s", num=number, reason=say(exc.problems[0])))
        return redirect(url_for("partie.board", pid=pid))
    except store.NotFoundError:   # the other phone undid it a moment ago
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number))
        return redirect(url_for("partie.board", pid=pid))
    except store.ConflictError:
        last = store.history(get_db(), pid, limit=1)
        if expected is not None and sp.version == expected + 1 and last and last[0]["action"] == "deleted" \
                and last[0]["number"] == number + 1:
            # the Undo pressed twice (a page without its script, a slow answer): the deal meant is undone already,
            # by the first press (or the other phone at the same moment); said as the first answer says it
            session["undone"] = {"pid": pid, "entry": last[0]["id"], "num": number + 1, "version": sp.version}
            return redirect(url_for("partie.board", pid=pid))
        flash(_("The partie changed on another phone in the meantime: nothing was undone. Check the board first."))
        return redirect(url_for("partie.board", pid=pid))
    # said on the board where the Undo was, with "Put it back" (the history's restore): a second tap there puts
    # the deal back instead of undoing the one before it (parties.board_page, templates/_board_foot.html)
    session["undone"] = {"pid": pid, "entry": entry, "num": number, "version": expected + 1}
    return redirect(url_for("partie.board", pid=pid))


@bp.post("/p/<pid>/history/<int:entry>/restore")
def restore(pid, entry):
    """Put back the deal a history entry deleted (an undo undone), where it was; everything after is recomputed."""
    sp, form, refused = posted_button(pid)
    if refused is not None:
        return refused
    # not put back: said where the button was (the board's Put it back after an Undo, or the history)
    back = url_for("partie.board", pid=pid) if request.form.get("back") == "board" else url_for("partie.history", pid=pid)
    try:   # the partie with the deal back must replay (a later deal may need it gone)
        number = store.restore_deal(get_db(), pid, entry, store.Guard(expected=number_sent(form.version.data),
                                                                      replay=True, by=editor(pid), device=device()))
    except store.EndedError:
        return refused_ended(sp, _("Nothing was put back: this partie has ended, and an ended partie's deals "
                                   "cannot be changed. To put the deal back, reopen the partie first."),
                             back=url_for("partie.history", pid=pid))
    except store.RestoredError:
        flash(_("That deal is already back, or the entry deleted no deal: nothing was changed."))
        return redirect(back)
    except ScoringError as exc:
        flash(_("The deal cannot be put back: %(reason)s", reason=say(exc.problems[0])))
        return redirect(back)
    except store.ConflictError:
        flash(_("The partie changed on another phone in the meantime: nothing was restored. Check the history "
                "and press it again if you still want to."))
        return redirect(back)
    flash(_("Deal %(num)s restored; everything after it recomputed.", num=number))
    return redirect(url_for("partie.board", pid=pid))


def refused_ended(sp, message: str, back: str = ""):
    """409: a change to an ended partie (refused inside the write transaction), with "Reopen the partie"."""
    return ended_page(sp, _("This partie has ended"), message, back=back)


def stale_button(pid: str):
    """A delete or undo without the partie's version cannot be checked against the other phone: refused."""
    flash(_("That button came from a page without the partie's version: nothing was changed. Check the board "
            "and press it again."))
    return redirect(url_for("partie.board", pid=pid), 303)
