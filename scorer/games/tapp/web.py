"""Tapp-Tarock in the web app: its web part, `TappWeb` (a `scorer.gameweb.GameWeb`). What it shares with every game
played by sides (the premium entries, the words of a deal, the Radl's end) is `scorer.gameweb.sides`'s; here are only
its own choices: three players or four with the dealer sitting out, the declarer alone against two, card points 0-70
whole (counted in threes, never a Blatt), the hand premiums by their holder's name, its quick starts. Its pages are
`templates/tapp/`. The engine does every sum (RULES-TAPP.md).
"""

from __future__ import annotations

import re
from functools import partial

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from wtforms import HiddenField, RadioField, StringField

from . import CONTRACT_LABELS, CONTRACTS, HAND_LABELS, HAND_PREMIUMS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS, \
    PREMIUMS, PRESET_NAMES, PRESETS, Deal, HandPremium, sitting_out
from .deals import TOTAL, check, won as engine_won
from .file import parse_deal
from .game import GAME
from ...gameweb import GameWeb, sides
from ...gameweb.blueprint import GameBlueprint
from ...gameweb.chart import chart
from ...gameweb.forms import PILE_LABELS, Form, PileCounters, new_key, seats
from ...gameweb.sheet import points_sheet
from ...gameweb.words import SCORE_COLON, card_points, say
from ...tarock.cards import PACK_54, CardError
from ...tarock.radl import in_money

BLUEPRINT = GameBlueprint("tapp", __name__)   # its pages (templates/tapp/) and static files (static/) in this folder
LEVELS = [("1", "–"), ("2", _l("Kontra")), ("4", _l("Re")), ("8", _l("Sub"))]
POINTS_WRONG = _l("Card points are a whole number from 0 to 70.")
OUT_WORDS = {"out": _l("sits out (scores nothing)"), "defends": _l("defends (wins and loses with the defenders)")}
COUNTER_LABELS = {**PILE_LABELS, "tricks": _l("Tricks (3 cards each)"), "talon": _l("Cards laid away")}
COUNTERS = ("trull", "kings", "queens", "knights", "jacks", "tricks", "talon")
LIMITS = {"trull": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4, "tricks": 16, "talon": 3}
NO_BLATT = _l("No Blatt in Tapp-Tarock: every pile is whole tricks of three cards and the three laid away, so its card "
              "points are whole.")


class NewPartieForm(sides.SideOptions, Form):
    """Three or four names in seating order (four: the dealer sits out), a rule set with its options, who deals
    first."""

    game = HiddenField(default="tapp")
    player0, player1, player2 = (sides.name_field(label) for label in sides.SEATS[:3])
    player3 = sides.name_field(sides.OPTIONAL, optional=True)
    first_dealer = sides.first_dealer(4)
    preset = RadioField(_l("Rules"), choices=[(p, _l(PRESET_NAMES[p])) for p in PRESETS], default=PRESETS[0])
    max_kontra = sides.kontra_field({k: _l(v) for k, v in KONTRA_LABELS.items()})
    sitting_out = RadioField(_l("With four at the table, the dealer"), choices=list(OUT_WORDS.items()), default="out",
                             description=_l("The dealer plays no card; he scores nothing, or (the old “König”) wins "
                                            "and loses with the two defenders."))


def new_form_values(rules) -> dict:
    """The new-partie form filled with `rules` (a Runde's last evening's): the shared options and the dealer's part."""
    return sides.new_form_values(rules, sitting_out=rules.sitting_out)


def partie_from_form(form: NewPartieForm):
    return sides.partie_from_form(GAME, form, 3, 4)


class DealForm(PileCounters, Form):
    """One deal: what happened, who dealt, the contract and its declarer, the result and his card points, Kontra, the
    Pagat and the Valat, the hand premiums by their holder; the offender of a renonce or a misdeal; the pile counted."""

    key = HiddenField()
    version = HiddenField()
    type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("renonce", _l("Renonce")),
                                                    ("misdeal", _l("Misdeal"))], default="game")
    dealer = RadioField(_l("Dealer"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[(c, _l(CONTRACT_LABELS[c])) for c in CONTRACTS],
                          default=CONTRACTS[0], validate_choice=False)
    declarer = RadioField(_l("Declarer"), choices=[], validate_choice=False)
    result = RadioField(_l("Result for the declarer"), choices=[("won", _l("Won")), ("lost", _l("Lost"))],
                        validate_choice=False)
    card_points = StringField(_l("Card points of the declarer (optional)"))
    kontra = RadioField(_l("Kontra on the game"), choices=LEVELS, default="1", validate_choice=False)
    offender = RadioField(_l("Who made the mistake"), choices=[], validate_choice=False)
    tricks = StringField(COUNTER_LABELS["tricks"], default="0")
    talon = StringField(COUNTER_LABELS["talon"], default="0")


sides.premium_fields(DealForm, PREMIUMS, {p: _l(PREMIUM_LABELS[p]) for p in PREMIUMS}, LEVELS)
sides.hand_fields(DealForm, HAND_PREMIUMS, {p: _l(HAND_LABELS[p]) for p in HAND_PREMIUMS})


def make_form(sp, settlement, deal=None, fresh: bool = False) -> DealForm:
    """The deal form, filled from the request, from `deal` (an edit) or with the defaults: the dealer proposed, a quick
    start's contract; the declarer is chosen by name, never proposed (`fresh`: not from the request, also on a
    POST)."""
    form = DealForm(formdata=None) if fresh else DealForm()
    seats(form, sp.partie, "dealer", "declarer", "offender", *(f"hand_{p}" for p in HAND_PREMIUMS))
    if fresh or request.method == "GET":
        form.key.data, form.version.data = new_key(), str(sp.version)
        dealer = sides.proposed_dealer(settlement) if deal is None else deal.dealer
        form.dealer.data = form.offender.data = str(dealer)   # a misdeal is the dealer's; a renonce's is chosen
        if request.args.get("contract") in CONTRACTS:   # a quick start from the board
            form.contract.data = request.args["contract"]
        if deal is not None:
            fill(form, deal)
    return form


def fill(form: DealForm, deal: Deal) -> None:
    """An edit form with a recorded deal's facts."""
    form.type.data = deal.type
    form.offender.data = None if deal.offender is None else str(deal.offender)
    if deal.type == "misdeal":
        return
    form.contract.data, form.declarer.data = deal.contract, str(deal.declarer)
    form.result.data = None if deal.won is None else "won" if deal.won else "lost"
    form.card_points.data = "" if deal.card_points is None else str(deal.card_points)
    form.kontra.data = str(deal.kontra)
    sides.fill_premiums(form, deal.premiums)
    for h in deal.hand_premiums:
        form[f"hand_{h.premium}"].data = str(h.player)


def to_deal(form: DealForm, partie) -> tuple[Deal | None, list[tuple[str, str]]]:
    """The deal the form says, persons as seats; the opponents' premiums are silent (only the declarer announces)."""
    n = len(partie.players)
    if form.type.data not in ("game", "renonce", "misdeal"):
        return None, [("type", _("Choose what happened: a game, a renonce or a misdeal."))]
    dealer, offender = sides.player(form.dealer.data, n), sides.player(form.offender.data, n)
    if dealer is None:
        return None, [("dealer", _("Choose who dealt."))]
    if form.type.data == "misdeal":
        return (Deal("misdeal", dealer, offender=offender), []) if offender is not None else \
            (None, [("offender", _("Choose who misdealt."))])
    contract = form.contract.data
    if contract not in CONTRACTS:
        return None, [("contract", _("Choose the contract."))]
    errors = []
    declarer = sides.player(form.declarer.data, n)
    if declarer is None:
        errors.append(("declarer", _("Choose who declared.")))
    renonce = form.type.data == "renonce"
    premiums = sides.read_premiums(form, PREMIUMS, renonce, declarer_announces=True)
    hands = tuple(HandPremium(p, seat) for p in HAND_PREMIUMS
                  if (seat := sides.player(form[f"hand_{p}"].data, n)) is not None)
    if renonce:
        if offender is None:
            errors.append(("offender", _("Choose who made the renonce.")))
        return (None, errors) if errors else (Deal("renonce", dealer, contract, declarer, offender=offender,
                                                   premiums=premiums, hand_premiums=hands), [])
    won = {"won": True, "lost": False}.get(form.result.data)
    try:
        cp = sides.whole_points(form.card_points.data, TOTAL, POINTS_WRONG)
    except ValueError as exc:
        cp = None
        errors.append(("card_points", str(exc)))
    if won is None and cp is None and not errors:
        errors.append(("result", _("Say whether the game was won or lost (or enter the card points).")))
    if errors:
        return None, errors
    kontra = int(form.kontra.data) if form.kontra.data in dict(LEVELS) else 1
    return Deal("game", dealer, contract, declarer, won=won, card_points=cp, kontra=kontra, premiums=premiums,
                hand_premiums=hands), []


# -- the calculator: the declarer's pile in threes (RULES-TAPP.md §2: whole card points, 70 in all) ---------------

def count_cards(rules, args) -> dict:
    """The calculator's hook (the shared /calculator/count asks it, and the form's Count button): the declarer's pile
    from its counting cards, his tricks of three and the cards he laid away (three; none in a Solo): always whole
    card points; `fill` puts them into the form."""
    values, errors = {}, []
    for name in COUNTERS:
        raw = (args.get(name) or "0").strip()
        if not re.fullmatch(r"[0-9]{1,2}", raw) or int(raw) > LIMITS[name]:
            errors.append(_("%(counter)s: enter a whole number from 0 to %(max)s.", counter=COUNTER_LABELS[name],
                            max=LIMITS[name]))
        else:
            values[name] = int(raw)
    cards = 3 * values.get("tricks", 0) + values.get("talon", 0)
    result = {"values": {n: values.get(n, 0) for n in COUNTERS}, "errors": errors, "cards": cards,
              "cards_text": ngettext("%(num)d card", "%(num)d cards", cards), "bonuses": [], "notes": [str(NO_BLATT)]}
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


# -- words for the deals -----------------------------------------------------------------------------------------

def item_label(item: str) -> str:
    return say(ITEM_LABELS.get(item, item))


def facts(deal, partie, won=None) -> str:
    """A deal in a line of words: "Anna: Dreier, 41 : 29 · won · Kontra · Pagat silent made · Four Kings: Bernd"."""
    names = partie.players

    def ok(value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names)

    if deal is None:
        return ""
    if deal.type == "misdeal":
        return _("Misdeal by %(name)s", name=names[deal.offender]) if ok(deal.offender) else _("Misdeal")
    if not ok(deal.declarer) or deal.contract not in CONTRACT_LABELS:
        return ""
    parts = [_("%(name)s: %(contract)s", name=names[deal.declarer], contract=say(CONTRACT_LABELS[deal.contract]))]
    if deal.type == "renonce":
        parts += [_("renonce by %(name)s", name=names[deal.offender]) if ok(deal.offender) else _("renonce")]
        parts += [sides.renonce_words(p, PREMIUM_LABELS) for p in deal.premiums]
    else:
        if isinstance(deal.card_points, int):
            parts[0] += f", {deal.card_points}{SCORE_COLON}{TOTAL - deal.card_points}"
        won = deal.won if won is None else won
        parts += [_("won") if won else _("lost")] if won is not None else []
        parts += [say(KONTRA_LABELS.get(deal.kontra, ""))] if deal.kontra > 1 else []
        parts += [sides.premium_words(p, PREMIUM_LABELS, KONTRA_LABELS) for p in deal.premiums]
    return " · ".join(parts + [_("%(premium)s: %(name)s", premium=say(HAND_LABELS.get(h.premium, h.premium)),
                                 name=names[h.player]) for h in deal.hand_premiums if ok(h.player)])


def describe(result, partie) -> str:
    return facts(result.deal, partie, result.won)


def history_facts(raw, partie) -> str:
    """A stored deal (its file form) in words, for the history: won or lost as the engine scores it."""
    deal = parse_deal(raw, [])
    if deal is None:
        return ""
    decided = deal.type == "game" and not check(partie.rules, deal, partie.players)
    text = facts(deal, partie, engine_won(partie.rules, deal) if decided else None)
    dealer = deal.dealer if isinstance(deal.dealer, int) and 0 <= deal.dealer < len(partie.players) else None
    return text + ("" if dealer is None else " · " + _("%(name)s dealt", name=partie.players[dealer]))


def short_result(result, partie, money: bool = False) -> str:
    return sides.short_result(result, partie, money, in_money)


def summary(result, partie) -> str:
    return sides.summary(describe, result, partie)


# -- the board and the deal form's page -------------------------------------------------------------------------

def page_context(partie) -> dict:
    return {"describe": describe, "item_label": item_label, "in_money": in_money,
            "item_rows": partial(sides.item_rows, labels=ITEM_LABELS, in_money=in_money),
            "not_counted_lines": lambda result, partie: []}   # beside a Valat the Pagat and the hands count too


def board_context(settlement) -> dict:
    n = len(settlement.partie.players)
    points = [[0] + [r.balance[i] for r in settlement.deals] for i in range(n)]
    starts = [{"label": say(CONTRACT_LABELS[c]), "detail": "", "query": {"contract": c}} for c in CONTRACTS]
    return {"chart": chart(points, fewest=3), "next": sides.Next(settlement, sitting_out), "starts": starts}


def form_context(partie, form, counted: str = "") -> dict:
    names, n = partie.players, len(partie.players)
    return {**page_context(partie), "short_result": short_result, "premiums": PREMIUMS, "hands": HAND_PREMIUMS,
            "levels": sides.kontra_levels(LEVELS, partie.rules.max_kontra), "total": TOTAL, "out": n == 4,
            "level_names": "|".join(say(KONTRA_LABELS[int(v)]) for v, _x in LEVELS),
            "sits_out": [_("%(name)s deals and sits this deal out.", name=names[d]) for d in range(n)] if n == 4
            else [], "next_dealers": sides.next_dealers(n), "counters": COUNTERS, "limits": LIMITS,
            "calc_hint": CALCULATOR["hint"], "counted": counted,
            "error_labels": {"premiums": _("Premiums"), "hand_premiums": _("In one hand"),
                             "calculator": _("Count the pile")}}


FIELD_OF = {"type": "type", "dealer": "dealer", "contract": "contract", "declarer": "declarer", "won": "result",
            "card_points": "card_points", "kontra": "kontra", "premiums": "premiums",
            "hand_premiums": "hand_premiums", "offender": "offender"}


class TappWeb(GameWeb):
    """Tapp-Tarock's web part (the hooks: scorer/gameweb/__init__.py)."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    FIELD_OF = FIELD_OF
    ACTIONS = {"count": count_action}
    enter_previews = True   # its fields have choices after them: Enter previews, never saves
    partie_from_form = staticmethod(partie_from_form)
    new_form_values = staticmethod(new_form_values)
    make_form = staticmethod(make_form)
    to_deal = staticmethod(to_deal)
    form_context = staticmethod(form_context)
    short_result = staticmethod(short_result)
    describe = staticmethod(describe)
    summary = staticmethod(summary)
    history_facts = staticmethod(history_facts)
    page_context = staticmethod(page_context)
    board_context = staticmethod(board_context)
    end_context = staticmethod(sides.radl_end)
    count_cards = staticmethod(count_cards)

    def score_sheet(self, settlement, results, partie):
        return points_sheet(settlement, results, partie, describe, in_money,
                            out=sides.Next(settlement, sitting_out).sitting_out)

    def calculator(self, rules) -> dict:
        return CALCULATOR


WEB = TappWeb()
