"""Strohmandeln's calculator, counting in threes: counts a trick pile from its counting cards and its number of
tricks (on its own, for a partie's pack, and inside the deal form)."""

from __future__ import annotations

import re

from flask import Blueprint, jsonify, render_template, request, url_for
from flask_babel import gettext as _, ngettext

from ... import game_of
from .. import RuleSet, StrohmandelnError, format_blatt
from ..game import GAME
from ....web.language import card_points, sentence
from ....web.loading import load_or_404
from .forms import COUNTER_LABELS

bp = Blueprint("calculator", __name__)


# the bonuses a counted pile decides for its owner: (bonus, (counter, how many the bonus needs))
COUNTED = (("trull_tricks", ("trull", 3)), ("four_kings_tricks", ("kings", 4)))

def counters_for(rules: RuleSet) -> list[str]:
    """The counters this pack needs."""
    names = ["trull", "kings", "queens", "knights", "jacks"]
    if rules.deck == 40:
        names.append("tarocks")
    return names + ["tricks"]


def counter_limits(rules: RuleSet) -> dict[str, int]:
    """The most each counter can hold in this pack (the steppers' `data-max`): every counting card one tap on +,
    never past what the pack has; the tricks up to the whole pack."""
    pack = rules.pack
    limits = {name: pack.category(name).count for name in counters_for(rules) if name != "tricks"}
    limits["tricks"] = pack.cards // 2
    return limits


def count(rules: RuleSet, args) -> dict:
    """Count the pile the query describes: its points (x + r Blatt, exact), the other pile, or why not."""
    names = counters_for(rules)
    values = {}
    errors = []
    for name in names:
        raw = (args.get(name) or "0").strip()
        if not re.fullmatch(r"[0-9]{1,3}", raw):
            errors.append(_("%(counter)s: enter a whole number.", counter=COUNTER_LABELS[name]))
        else:
            values[name] = int(raw)
    cards = 2 * values.get("tricks", 0)
    result = {"values": {n: values.get(n, 0) for n in names}, "errors": errors, "cards": cards,
              "cards_text": ngettext("%(num)d card", "%(num)d cards", cards)}
    if errors:
        return result
    tricks = values.pop("tricks")
    try:
        thirds = rules.pack.pile(values, 2 * tricks)
    except StrohmandelnError as exc:
        result["errors"] = [sentence(p) for p in exc.problems]
        return result
    whole, blatt = divmod(thirds, 3)
    result.update(thirds=thirds, points=whole, blatt=blatt, blatt_text=format_blatt(thirds),
                  exact=card_points(thirds), other=card_points(rules.pack.total_thirds - thirds),
                  exact_text=_("Exactly %(exact)s · the other pile: %(other)s", exact=card_points(thirds),
                               other=card_points(rules.pack.total_thirds - thirds)),
                  live_text=_("= %(blatt)s (the other pile: %(other)s)", blatt=format_blatt(thirds),
                              other=card_points(rules.pack.total_thirds - thirds)),
                  fill={"points": str(whole), "blatt": str(blatt)},   # the deal form's fields it sets
                  bonuses=[b for b, need in COUNTED if values.get(need[0]) == need[1] and b in rules.bonuses],
                  # counted and not there: a box ticked by an earlier count (or by hand) for this pile goes
                  unheld=[b for b, need in COUNTED if values.get(need[0]) != need[1] and b in rules.bonuses])
    return result


def not_in_threes(web) -> str:
    """Why a game without `count_cards` has no calculator: its web module's `CARD_POINTS_NOTE`, in its own words."""
    note = getattr(web, "CARD_POINTS_NOTE", None)
    return str(note) if note else _("This game's card points are not counted in threes: it has no calculator.")


def in_words(result: dict) -> dict:
    """Another game's count (its `count_cards`) with the page's lines: its card points, the other pile's."""
    if result.get("thirds") is not None:
        result.setdefault("blatt_text", result["exact"])
        result.setdefault("exact_text", _("The other pile: %(other)s", other=result["other"]))
    return result


def _standalone_rules() -> RuleSet:
    return RuleSet.from_dict({"deck": 40}) if request.args.get("deck") == "40" else RuleSet.default()


@bp.route("/calculator")
def standalone():
    """The calculator on its own, for the 54-card pack (or ?deck=40)."""
    rules = _standalone_rules()
    return render_template("strohmandeln/calculator.html", rules=rules, result=count(rules, request.args),
                           counters=counters_for(rules), labels=COUNTER_LABELS, partie=None, sp=None,
                           limits=counter_limits(rules),
                           asked=bool(request.args))


@bp.route("/calculator/count")
def count_json():
    """The count as JSON, for the live counters: values, errors, cards_text, live_text and `fill` (the deal
    form's fields and what to put in them). A partie of another game is counted by that game's own
    `count_cards(rules, args)` hook, if it has one (Königrufen: its declarer side's pile)."""
    if request.args.get("pid"):
        rules = load_or_404(request.args["pid"]).partie.rules
        game = game_of(rules)
        if game is not GAME:
            web = game.web_module()
            count_cards = getattr(web, "count_cards", None)
            if count_cards is not None:
                return jsonify(in_words(count_cards(rules, request.args)))
            # another game whose card points are not counted in threes
            return jsonify(values={}, errors=[not_in_threes(web)], cards=0, cards_text="")
    else:
        rules = _standalone_rules()
    return jsonify(count(rules, request.args))


@bp.route("/p/<pid>/calculator")
def for_partie(pid):
    """The calculator for a partie's pack, with "use for" buttons that fill the deal form."""
    sp = load_or_404(pid)
    rules = sp.partie.rules
    game = game_of(rules)
    if game is not GAME:   # another game: its own calculator (`count_cards` and `CALCULATOR`), or why it has none
        web = game.web_module()
        count_cards, calc = getattr(web, "count_cards", None), getattr(web, "CALCULATOR", None)
        if count_cards is None or calc is None:
            return render_template("error.html", sp=sp, title=_("Calculator"), message=not_in_threes(web))
        return render_template("strohmandeln/calculator.html", rules=rules, result=in_words(count_cards(rules, request.args)),
                               counters=calc["counters"], labels=calc["labels"], limits=calc["limits"],
                               hint=calc["hint"], partie=sp.partie, sp=sp, uses=[], asked=bool(request.args))
    result = count(rules, request.args)
    uses = []
    for player, name in enumerate(sp.partie.players):
        url = None
        # "Use for Anna": her pile, and she undertook (the person, whoever deals)
        undertaker = str(player)
        if "thirds" in result:
            url = url_for("deal.create", pid=pid, pile_of=player, undertaker=undertaker, points=result["points"],
                          blatt=result["blatt"], bonus=[f"{b}:{player}" for b in result["bonuses"]])
        uses.append((player, name, url, undertaker))
    return render_template("strohmandeln/calculator.html", rules=rules, result=result, counters=counters_for(rules),
                           labels=COUNTER_LABELS, partie=sp.partie, sp=sp, uses=uses, asked=bool(request.args),
                           limits=counter_limits(rules))
