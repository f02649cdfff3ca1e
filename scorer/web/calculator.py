"""The pile calculator, one route for every game: the partie's game's web part counts (its `count_cards` hook) and
lays out the page (its `calculator` hook: counters, labels, limits, hint), or says why it has none
(`card_points_note`). The calculator on its own counts for the first game that offers one (`standalone_rules`)."""

from __future__ import annotations

from flask import Blueprint, abort, jsonify, render_template, request
from flask_babel import gettext as _

from .. import games
from ..games import game_of
from .loading import load_or_404

bp = Blueprint("calculator", __name__)


def not_in_threes(web) -> str:
    """Why a game has no calculator, in its own words (its `card_points_note`) or the shared sentence."""
    note = web.card_points_note()
    return str(note) if note else _("This game's card points are not counted in threes: it has no calculator.")


def in_words(result: dict) -> dict:
    """A count with the page's lines: its card points, the other pile's (a game's count may bring its own)."""
    if result.get("thirds") is not None:
        result.setdefault("blatt_text", result["exact"])
        result.setdefault("exact_text", _("The other pile: %(other)s", other=result["other"]))
    return result


def _standalone():
    """The web part and rules of the calculator on its own: the first offered game's that has one."""
    for game in games.offered():
        web = game.web_part()
        rules = web.standalone_rules(request.args)
        if rules is not None:
            return web, rules
    abort(404)


def _page(web, rules, result, sp=None, uses=()):
    calc = web.calculator(rules)
    return render_template("calculator.html", rules=rules, result=result, counted=result.get("thirds") is not None,
                           counters=calc["counters"],
                           labels=calc["labels"], limits=calc["limits"], hint=calc["hint"],
                           hidden=calc.get("hidden", {}), partie=sp.partie if sp else None, sp=sp, uses=list(uses),
                           asked=bool(request.args))


@bp.route("/calculator")
def standalone():
    """The calculator on its own (Strohmandeln's: the 54-card pack, or ?deck=40)."""
    web, rules = _standalone()
    return _page(web, rules, in_words(web.count_cards(rules, request.args)))


@bp.route("/calculator/count")
def count_json():
    """The count as JSON, for the live counters: values, errors, cards_text, live_text and `fill` (the deal
    form's fields and what to put in them), counted by the partie's game (?pid=) or the calculator on its own."""
    if request.args.get("pid"):
        rules = load_or_404(request.args["pid"]).partie.rules
        web = game_of(rules).web_part()
    else:
        web, rules = _standalone()
    result = web.count_cards(rules, request.args)
    if result is None:   # a game whose card points are not counted in threes
        return jsonify(values={}, errors=[not_in_threes(web)], cards=0, cards_text="")
    return jsonify(in_words(result))


@bp.route("/p/<pid>/calculator")
def for_partie(pid):
    """The calculator for a partie's pack; with the game's "use for" buttons that fill the deal form."""
    sp = load_or_404(pid)
    rules = sp.partie.rules
    web = game_of(rules).web_part()
    if web.calculator(rules) is None:
        return render_template("error.html", sp=sp, title=_("Calculator"), message=not_in_threes(web))
    result = in_words(web.count_cards(rules, request.args))
    return _page(web, rules, result, sp, web.calculator_uses(sp, result))
