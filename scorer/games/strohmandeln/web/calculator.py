"""Strohmandeln's calculator, counting in threes: counts a trick pile from its counting cards and its number of
tricks (the game's `count_cards`, `calculator`, `calculator_uses` and `standalone_rules` hooks: the shared
routes are scorer/web/calculator.py; also inside the deal form)."""

from __future__ import annotations

import re

from flask import url_for
from flask_babel import gettext as _, lazy_gettext as _l, ngettext

from .. import RuleSet, format_blatt
from ....gameweb.words import card_points, sentence
from ....tarock.cards import CardError
from .forms import COUNTER_LABELS

HINT = _l("Count the Trull cards (Sküs, Mond, Pagat), Kings, Queens, Knights and Jacks in the pile, and its tricks.")
BONUS_NOTES = {"trull_tricks": _l("All three Trull cards: the Trull bonus."),
               "four_kings_tricks": _l("All four Kings: the Four Kings bonus.")}   # the page's lines for them


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
    except CardError as exc:
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
    result["notes"] = [str(BONUS_NOTES[b]) for b in result["bonuses"]]
    return result


def calculator(rules: RuleSet) -> dict:
    """The calculator page for this pack (the `calculator` hook)."""
    return {"counters": counters_for(rules), "labels": COUNTER_LABELS, "limits": counter_limits(rules), "hint": HINT,
            "hidden": {"deck": "40"} if rules.deck == 40 else {}}


def standalone_rules(args) -> RuleSet:
    """The calculator on its own: the 54-card pack, or the 40-card one (?deck=40)."""
    return RuleSet.from_dict({"deck": 40}) if args.get("deck") == "40" else RuleSet.default()


def calculator_uses(sp, result: dict) -> list:
    """The "Use for Anna" buttons: her pile, and she undertook (the person, whoever deals)."""
    uses = []
    for player, name in enumerate(sp.partie.players):
        url = None
        undertaker = str(player)
        if result.get("thirds") is not None:
            url = url_for("deal.create", pid=sp.id, pile_of=player, undertaker=undertaker, points=result["points"],
                          blatt=result["blatt"], bonus=[f"{b}:{player}" for b in result["bonuses"]])
        uses.append((player, name, url, undertaker))
    return uses
