"""Deals: record, preview, count a pile, edit, delete, undo. The engine does every sum."""

from __future__ import annotations

import re

from flask import Blueprint, abort, flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..games import HAFERL, game_of
from ..i18n import say, sentence
from ..problems import ScoringError
from ..strohmandeln import Bonus, Deal, Partie, Problem, StrohmandelnError, format_blatt, parse_card_points
from . import haferl, present
from .calculator import count, counters_for
from .forms import DealForm, EmptyForm, new_key
from .parties import current, load_or_404, remember
from .saving import _int, by_field, form_problems, replay_or_refuse, score_and_save

bp = Blueprint("deal", __name__)

# which form field shows an engine problem about a deal's field
FIELD_OF = {"card_points": "points", "bonuses": "bonuses", "undertaker": "undertaker", "offender": "offender",
            "dealer": "dealer", "reason": "reason", "kontra": "kontra", "type": "type"}


def bonus_choices(partie: Partie) -> list[tuple[int, list[tuple[str, str]]]]:
    """The bonuses this rule set has, per player: (player, [(value, label)])."""
    rules = partie.rules
    names = [b for b in rules.bonuses if not (b == "valat" and rules.pack.in_threes)]
    return [(p, [(f"{b}:{p}", say(rules.bonus_label(b))) for b in names]) for p in (0, 1)]


def make_form(sp: store.StoredPartie, settlement, deal: Deal | None = None) -> DealForm:
    """The deal form for this partie, filled from the request, from `deal`, or with the defaults."""
    partie = sp.partie
    form = DealForm()
    form.set_players(partie.players)
    form.bonuses.choices = [c for _player, choices in bonus_choices(partie) for c in choices]
    if request.method == "GET":
        form.key.data = new_key()
        form.version.data = str(sp.version)
        form.dealer.data = str(settlement.next_dealer)
        if deal is not None:
            fill(form, deal)
        else:
            prefill_from_query(form)
    return form


def fill(form: DealForm, deal: Deal) -> None:
    """Put a recorded deal into the form, for editing."""
    form.type.data = deal.type
    form.dealer.data = str(deal.dealer)
    if deal.undertaker is None:
        form.undertaker.data = "nobody"
    else:
        form.undertaker.data = "geber" if deal.undertaker == deal.dealer else "vorhand"
    form.kontra.data = deal.kontra
    if deal.card_points and deal.card_points != (None, None):
        player = 0 if deal.card_points[0] is not None else 1
        whole, blatt = divmod(deal.card_points[player], 3)
        form.pile_of.data, form.points.data, form.blatt.data = str(player), str(whole), str(blatt)
    form.bonuses.data = [f"{b.bonus}:{b.player}" for b in deal.bonuses]
    form.offender.data = None if deal.offender is None else str(deal.offender)
    if deal.reason:
        form.reason.data = deal.reason


def prefill_from_query(form: DealForm) -> None:
    """The calculator page's "use for" link: a pile's points (and its bonus) come in the query string."""
    args = request.args
    if args.get("pile_of") in ("0", "1"):
        form.pile_of.data = args["pile_of"]
    if re.fullmatch(r"[0-9]{1,3}", args.get("points", "")):
        form.points.data = args["points"]
    if args.get("blatt") in ("0", "1", "2"):
        form.blatt.data = args["blatt"]
    valid = {value for value, _label in form.bonuses.choices}
    form.bonuses.data = [b for b in args.getlist("bonus") if b in valid]


def pile_player(form: DealForm) -> tuple[int, bool]:
    """Whose pile the card points in the form are, and whether the player chose it: unless chosen, the
    undertaker's (Vorhand's in a simple game), so that the undertaker's 35 + 2 Blatt is theirs."""
    # the script ticks the undertaker's pile by itself and says so (pile_auto): not the player's choice
    if form.pile_of.data in ("0", "1") and not request.form.get("pile_auto"):
        return int(form.pile_of.data), True
    dealer = int(form.dealer.data) if form.dealer.data in ("0", "1") else 0
    return (dealer if form.undertaker.data == "geber" else 1 - dealer), False


def to_deal(form: DealForm, partie: Partie) -> tuple[Deal | None, list[tuple[str, str]]]:
    """The deal the form describes, or the problems (form field, message) that keep it from being one."""
    errors: list[tuple[str, str]] = []
    kind = form.type.data
    if kind not in ("game", "renonce", "misdeal", "redeal"):
        return None, [("type", _("Choose what happened: game, renonce, misdeal or redeal."))]
    if form.dealer.data not in ("0", "1"):
        return None, [("dealer", _("Choose who dealt."))]
    dealer = int(form.dealer.data)
    offender = int(form.offender.data) if form.offender.data in ("0", "1") else None
    if kind == "misdeal":
        return Deal("misdeal", dealer, offender=offender), errors
    if kind == "redeal":
        return Deal("redeal", dealer, reason=form.reason.data), errors
    undertaker = {"nobody": None, "vorhand": 1 - dealer, "geber": dealer}.get(form.undertaker.data, "bad")
    if undertaker == "bad":
        return None, [("undertaker", _("Choose who undertook: nobody, Vorhand or Geber."))]
    text = (form.points.data or "").strip()
    thirds = None
    if text:
        try:
            thirds = parse_card_points(text)
        except StrohmandelnError as exc:
            errors += [("points", sentence(p)) for p in exc.problems]
        else:
            blatt = form.blatt.data if form.blatt.data in ("0", "1", "2") else "0"
            if text.isdigit():
                thirds += int(blatt)
            elif blatt != "0":
                errors.append(("points", _("Give the Blatt once: either in the card points or with the buttons.")))
    pile_of = pile_player(form)[0]
    card_points = None if thirds is None else ((thirds, None) if pile_of == 0 else (None, thirds))
    bonuses = []
    for value in form.bonuses.data or []:
        name, _colon, player = str(value).partition(":")
        if player not in ("0", "1") or not name:
            errors.append(("bonuses", _("That bonus is not one of the bonuses of this partie.")))
            continue
        bonuses.append(Bonus(name, int(player)))
    if errors:
        return None, errors
    deal = Deal(kind, dealer, undertaker=undertaker, card_points=card_points, bonuses=tuple(bonuses),
                offender=offender if kind == "renonce" else None, kontra=bool(form.kontra.data))
    return deal, []


def check_in_partie(partie: Partie, deals: tuple) -> list[Problem]:
    """Problems the whole partie would have with these deals (a bankroll running out before later deals)."""
    try:
        replay_or_refuse(partie.with_deals(deals))
    except ScoringError as exc:
        return exc.problems
    return []


def count_pile(form: DealForm, partie: Partie) -> list[tuple[str, str]]:
    """The calculator inside the deal form: count the pile and put its points (and bonuses) into the form."""
    rules = partie.rules
    result = count(rules, {name: getattr(form, name).data for name in counters_for(rules)})
    if result["errors"]:
        return [("calculator", e) for e in result["errors"]]
    form.points.data, form.blatt.data = str(result["points"]), str(result["blatt"])
    player = str(pile_player(form)[0])
    offered = [f"{b}:{player}" for b in result["bonuses"]]
    form.bonuses.data = list(dict.fromkeys(list(form.bonuses.data or []) + offered))
    return []


def render_form(sp, settlement, form, number=None, errors=(), result=None, status=200, counted=False):
    """The deal form page (or, for the live preview, just its preview box)."""
    partie = sp.partie
    template = "_preview.html" if request.args.get("fragment") else "deal_form.html"
    return render_template(
        template, sp=sp, partie=partie, s=settlement, form=form, number=number, errors=by_field(errors),
        result=result, bonus_choices=bonus_choices(partie), counters=counters_for(partie.rules),
        item_label=present.item_label, format_blatt=format_blatt, counted=counted, pile_player=pile_player,
    ), status


def handle(sp: store.StoredPartie, settlement, number: int | None):
    """GET shows the form; POST previews, counts, or saves (new deal or edit of deal `number`)."""
    partie = sp.partie
    existing = partie.deals[number - 1] if number and number <= len(partie.deals) else None
    form = make_form(sp, settlement, existing)
    if request.method == "GET":
        return render_form(sp, settlement, form, number)
    if not form.validate_on_submit():
        return render_form(sp, settlement, form, number, form_problems(form), status=422)
    action = request.form.get("action", "save")
    if action == "count":
        errors = count_pile(form, partie)
        return render_form(sp, settlement, form, number, errors, status=422 if errors else 200, counted=not errors)
    deal, errors = to_deal(form, partie)
    return score_and_save(sp, settlement, form, number, deal, errors, action, render_form, FIELD_OF, summary)


def summary(result, partie) -> str:
    """A recorded deal in one line, with who gained: for the other phone's deal in a 409."""
    words = present.describe(result, partie)
    net = result.points[0] - result.points[1]
    if net:
        winner = 0 if net > 0 else 1
        words += " — " + f"{partie.players[winner]} {present.signed(abs(net))}"
    return words


@bp.route("/p/<pid>/deal", methods=("GET", "POST"))
def create(pid):
    """Record the next deal."""
    sp, settlement = current(pid)
    remember(pid)
    if game_of(sp.partie) is HAFERL:
        return haferl.handle(sp, settlement, None)
    return handle(sp, settlement, None)


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
    if game_of(sp.partie) is HAFERL:
        return haferl.deal_page(sp, settlement, number)
    return render_template("deal.html", sp=sp, partie=sp.partie, s=settlement, r=settlement.deals[number - 1],
                           describe=present.describe, item_label=present.item_label)


@bp.route("/p/<pid>/deal/<int:number>/edit", methods=("GET", "POST"))
def update(pid, number):
    """Edit deal `number`; everything after it is recomputed. A Save of a deal deleted on the other phone
    meanwhile is answered by the save (409, what was typed kept), never a bare 404."""
    sp, settlement = current(pid)
    if number < 1 or (number > len(sp.partie.deals) and request.method != "POST"):
        abort(404)
    if game_of(sp.partie) is HAFERL:
        return haferl.handle(sp, settlement, number)
    return handle(sp, settlement, number)


@bp.post("/p/<pid>/deal/<int:number>/delete")
def delete(pid, number):
    """Delete deal `number`; everything after it is recomputed."""
    sp = load_or_404(pid)
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    if _int(form.version.data) is None:
        return stale_button(pid)
    if not 1 <= number <= len(sp.partie.deals):
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number))
        return redirect(url_for("partie.board", pid=pid))
    broken = g.get("broken") is not None   # fixing a partie that cannot be replayed: any deal may go

    def check(now):   # inside the write transaction, on the partie as it is then
        if broken:
            return
        later = check_in_partie(now.partie, now.partie.deals[:number - 1] + now.partie.deals[number:])
        if later:
            raise ScoringError(later)

    try:
        store.delete_deal(get_db(), pid, number, _int(form.version.data), check=check)
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
    sp = load_or_404(pid)
    form = EmptyForm()
    if not form.validate_on_submit():
        abort(400)
    if _int(form.version.data) is None:
        return stale_button(pid)
    if not sp.partie.deals:
        flash(_("There is no deal to undo."))
        return redirect(url_for("partie.board", pid=pid))
    number = len(sp.partie.deals)
    try:
        store.delete_deal(get_db(), pid, number, _int(form.version.data))
    except store.NotFoundError:   # the other phone undid it a moment ago
        flash(_("Deal %(num)s is no longer there: it was deleted on another phone.", num=number))
        return redirect(url_for("partie.board", pid=pid))
    except store.ConflictError:
        flash(_("The partie changed on another phone in the meantime: nothing was undone. Check the board first."))
        return redirect(url_for("partie.board", pid=pid))
    flash(_("Deal %(num)s undone.", num=number))
    return redirect(url_for("partie.board", pid=pid))


def stale_button(pid: str):
    """A delete or undo without the partie's version cannot be checked against the other phone: refused."""
    flash(_("That button came from a page without the partie's version: nothing was changed. Check the board "
            "and press it again."))
    return redirect(url_for("partie.board", pid=pid), 303)
