"""Tapp-Tarock in the web app: its web part, `TappWeb` (a `scorer.gameweb.sides.SidesWeb`). What it shares with every
game played by sides (its forms' common fields, reading and filling them, the words of a deal, the board, the sheet,
the Radl's end) is `scorer.gameweb.sides`'s; here are only its own choices: three players or four with the dealer
sitting out, the declarer alone against two, card points 0-70 whole (counted in threes, never a Blatt), the hand
premiums by their holder's name. Its pages are `templates/tapp/`. The engine does every sum (RULES-TAPP.md).
"""

from __future__ import annotations

from flask_babel import gettext as _, lazy_gettext as _l
from wtforms import RadioField, StringField

from . import CONTRACT_LABELS, CONTRACTS, HAND_LABELS, HAND_PREMIUMS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS, \
    PREMIUMS, HandPremium, sitting_out, won
from .deals import TOTAL
from .game import GAME
from ...gameweb import sides
from ...gameweb.blueprint import GameBlueprint
from ...gameweb.forms import PILE_LABELS, PileCounters, read_pile
from ...gameweb.words import card_points, say
from ...tarock.cards import PACK_54, CardError

BLUEPRINT = GameBlueprint("tapp", __name__)   # its pages (templates/tapp/) and static files (static/) in this folder
LEVELS = [("1", "–"), ("2", _l("Kontra")), ("4", _l("Re")), ("8", _l("Sub"))]
POINTS_WRONG = _l("Card points are a whole number from 0 to 70.")
OUT_WORDS = {"out": _l("sits out (scores nothing)"), "defends": _l("defends (wins and loses with the defenders)")}
COUNTER_LABELS = {**PILE_LABELS, "tricks": _l("Tricks (3 cards each)"), "talon": _l("Cards laid away")}
COUNTERS = ("trull", "kings", "queens", "knights", "jacks", "tricks", "talon")
LIMITS = {"trull": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4, "tricks": 16, "talon": 3}
NO_BLATT = _l("No Blatt in Tapp-Tarock: every pile is whole tricks of three cards and the three laid away, so its card "
              "points are whole.")


class NewPartieForm(sides.new_partie_form(GAME, KONTRA_LABELS)):
    """Three or four names in seating order (four: the dealer sits out), a rule set with its options, who deals
    first."""

    sitting_out = RadioField(_l("With four at the table, the dealer"), choices=list(OUT_WORDS.items()), default="out",
                             description=_l("The dealer plays no card; he scores nothing, or (the old “König”) wins "
                                            "and loses with the two defenders."))


class DealForm(sides.deal_form(CONTRACTS, CONTRACT_LABELS, LEVELS, _l("Card points of the declarer (optional)"),
                               PileCounters)):
    """One deal: what happened, who dealt, the contract and its declarer, the result and his card points, Kontra, the
    Pagat and the Valat, the hand premiums by their holder; the offender of a renonce or a misdeal; the pile counted."""

    tricks = StringField(COUNTER_LABELS["tricks"], default="0")
    talon = StringField(COUNTER_LABELS["talon"], default="0")


sides.premium_fields(DealForm, PREMIUMS, {p: _l(PREMIUM_LABELS[p]) for p in PREMIUMS}, LEVELS)
sides.hand_fields(DealForm, HAND_PREMIUMS, {p: _l(HAND_LABELS[p]) for p in HAND_PREMIUMS})


# -- the calculator: the declarer's pile in threes (RULES-TAPP.md §2: whole card points, 70 in all) ---------------

def count_cards(rules, args) -> dict:
    """The calculator's hook (the shared /calculator/count asks it, and the form's Count button): the declarer's pile
    from its counting cards, his tricks of three and the cards he laid away (three; none in a Solo): always whole
    card points; `fill` puts them into the form."""
    values, result = read_pile(args, COUNTERS, LIMITS, COUNTER_LABELS, per_trick=3)
    result["notes"] = [str(NO_BLATT)]
    cards, errors = result["cards"], result["errors"]
    if not errors and values["talon"] not in (0, 3):
        errors.append(_("The declarer lays away three cards (none in a Solo), not %(n)s.", n=values["talon"]))
    if errors:
        return result
    try:
        thirds = PACK_54.pile({n: values[n] for n in COUNTERS[:5]}, cards, whole_tricks=False)
    except CardError as exc:
        result["errors"] = [say(p) for p in exc.problems]
        return result
    other = card_points(PACK_54.total_thirds - thirds)
    result.update(thirds=thirds, exact=card_points(thirds), other=other, fill={"card_points": thirds // 3},
                  live_text=_("= %(points)s (the defenders: %(other)s)", points=card_points(thirds), other=other))
    return result


def count_action(form, partie) -> tuple[list[tuple[str, str]], dict]:
    """The form's "Count it" button (without JavaScript): the pile counted into the card points, or why not."""
    result = count_cards(partie.rules, {name: form[name].data for name in COUNTERS})
    if result["errors"]:
        return [("calculator", e) for e in result["errors"]], {}
    form.card_points.data = str(result["fill"]["card_points"])
    return [], {"counted": result["exact"]}


CALCULATOR = {"counters": COUNTERS, "labels": COUNTER_LABELS, "limits": LIMITS,
              "hint": _l("The declarer's pile: its counting cards, his tricks and the three cards he laid away (none "
                         "in a Solo).")}


class TappWeb(sides.SidesWeb):
    """Tapp-Tarock's web part (the hooks: scorer/gameweb/__init__.py, sides.py): the declarer alone against two, the
    opponents' premiums silent, the hand premiums by their holder's name, at four the dealer sitting out, the pile
    calculator."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    DealForm = DealForm
    game = GAME
    contracts, contract_labels, item_labels, kontra_labels = CONTRACTS, CONTRACT_LABELS, ITEM_LABELS, KONTRA_LABELS
    premiums, premium_labels, levels = PREMIUMS, PREMIUM_LABELS, LEVELS
    total, points_wrong = TOTAL, POINTS_WRONG
    seat_fields = sides.SidesWeb.seat_fields + tuple(f"hand_{p}" for p in HAND_PREMIUMS)
    declarer_announces = True
    error_labels = {"premiums": _l("Premiums"), "hand_premiums": _l("In one hand"), "calculator": _l("Count the pile")}
    FIELD_OF = {**sides.SidesWeb.FIELD_OF, "hand_premiums": "hand_premiums"}
    ACTIONS = {"count": count_action}
    count_cards = staticmethod(count_cards)
    won = staticmethod(won)
    sitting_out = staticmethod(sitting_out)

    def own_form_values(self, rules) -> dict:
        return {"sitting_out": rules.sitting_out}

    def fill_own(self, form, deal) -> None:
        for h in deal.hand_premiums:
            form[f"hand_{h.premium}"].data = str(h.player)

    def own_facts(self, form, contract, n, errors) -> dict:
        """The hand premiums by their holder (a seat)."""
        return {"hand_premiums": tuple(HandPremium(p, seat) for p in HAND_PREMIUMS
                                       if (seat := sides.player(form[f"hand_{p}"].data, n)) is not None)}

    def more_words(self, deal, names) -> list[str]:
        """Each hand premium with its holder: "Four Kings: Bernd"."""
        return [_("%(premium)s: %(name)s", premium=say(HAND_LABELS.get(h.premium, h.premium)), name=names[h.player])
                for h in deal.hand_premiums if sides.is_seat(h.player, len(names))]

    def own_form_context(self, partie, form, counted: str = "") -> dict:
        names, n = partie.players, len(partie.players)
        return {"hands": HAND_PREMIUMS, "out": n == 4, "counters": COUNTERS, "limits": LIMITS,
                "sits_out": [_("%(name)s deals and sits this deal out.", name=names[d]) for d in range(n)] if n == 4
                else [], "calc_hint": CALCULATOR["hint"], "counted": counted}

    def calculator(self, rules) -> dict:
        return CALCULATOR


WEB = TappWeb()
