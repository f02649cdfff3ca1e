"""Zwanzigerrufen in the web app: its web part, `ZwanzigerrufenWeb` (a `scorer.gameweb.GameWeb`). What it shares with
every game played by sides (the premium entries, the words of a deal, the Radl's end) is `scorer.gameweb.sides`'s;
here are only its own choices: four players, the Vorhand's Normalspiel with the holder of the XX called by name, card
points 0-88 with the Absolut that follows from them, its quick starts. Its pages are `templates/zwanzigerrufen/`.
The engine does every sum (RULES-ZWANZIGERRUFEN.md).
"""

from __future__ import annotations

import json
from functools import partial

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l
from wtforms import HiddenField, RadioField, SelectField, StringField

from . import CONTRACT_LABELS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS, PREMIUMS, PRESET_NAMES, PRESETS, Deal, \
    Premium, vorhand
from .deals import ABSOLUT, TOTAL, absolut_by, check, won as engine_won
from .file import parse_deal
from .game import GAME
from .rules import CONTRACTS, NEVER_ANNOUNCED
from ...gameweb import GameWeb, sides
from ...gameweb.blueprint import GameBlueprint
from ...gameweb.chart import chart
from ...gameweb.forms import Form, new_key, seats
from ...gameweb.sheet import points_sheet
from ...gameweb.words import SCORE_COLON, say, sentence
from ...tarock.radl import in_money

BLUEPRINT = GameBlueprint("zwanzigerrufen", __name__)   # its pages (templates/zwanzigerrufen/) and static files
N = 4
# short, in every select of the deal form; the form's data-levels names them in full for the steppers
LEVELS = [("1", "–"), ("2", _l("Kontra")), ("4", _l("Re")), ("8", _l("Supre")), ("16", _l("Resupre"))]
LABELS = {p: _l(PREMIUM_LABELS[p]) for p in PREMIUMS}
ANNOUNCED = tuple(p for p in PREMIUMS if p not in NEVER_ANNOUNCED)   # what a renonce pays
POINTS_WRONG = _l("Card points are a whole number from 0 to 88.")
CARD_POINTS_NOTE = _l("Zwanzigerrufen's card points are added card by card (88 in all, no thirds): it needs no "
                      "calculator.")


class NewPartieForm(sides.SideOptions, Form):
    """Four names in seating order, a rule set with its options, who deals first."""

    game = HiddenField(default="zwanzigerrufen")
    player0, player1, player2, player3 = (sides.name_field(label) for label in sides.SEATS)
    first_dealer = sides.first_dealer(N)
    preset = RadioField(_l("Rules"), choices=[(p, _l(PRESET_NAMES[p])) for p in PRESETS], default=PRESETS[0])
    max_kontra = sides.kontra_field({k: _l(v) for k, v in KONTRA_LABELS.items()})
    doubled_radl = SelectField(_l("A Mondfang starts a doubled Radl"), default="default", choices=[
        ("default", _l("as the rules say")), ("yes", _l("yes")), ("no", _l("no"))])


def new_form_values(rules) -> dict:
    """The new-partie form filled with `rules` (a Runde's last evening's): the shared options and the doubled Radl."""
    own = {"doubled_radl": "yes" if rules.doubled_radl else "no"} if "doubled_radl" in rules.given else {}
    return sides.new_form_values(rules, **own)


def partie_from_form(form: NewPartieForm):
    radl = {"yes": {"doubled_radl": ["mondfang"]}, "no": {"doubled_radl": []}}.get(form.doubled_radl.data)
    return sides.partie_from_form(GAME, form, N, N, radl, fields={"doubled_radl": "doubled_radl"})


class DealForm(Form):
    """One deal: what happened, who dealt, the contract, declarer and partner (the holder of the called Tarock), the
    result and the declarer's side's card points, Kontra, the premiums; the offender of a renonce or a misdeal."""

    key = HiddenField()
    version = HiddenField()
    type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("renonce", _l("Renonce")),
                                                    ("misdeal", _l("Misdeal"))], default="game")
    dealer = RadioField(_l("Dealer"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[(c, _l(CONTRACT_LABELS[c])) for c in CONTRACTS],
                          default=CONTRACTS[0], validate_choice=False)
    declarer = RadioField(_l("Declarer"), choices=[], validate_choice=False)
    partner = RadioField(_l("Partner: who held the called Tarock"), choices=[], validate_choice=False)
    result = RadioField(_l("Result for the declarer"), choices=[("won", _l("Won")), ("lost", _l("Lost"))],
                        validate_choice=False)
    card_points = StringField(_l("Card points of the declarer's side (optional)"))
    kontra = RadioField(_l("Kontra on the game"), choices=LEVELS, default="1", validate_choice=False)
    offender = RadioField(_l("Who made the mistake"), choices=[], validate_choice=False)


sides.premium_fields(DealForm, PREMIUMS, LABELS, LEVELS)


def make_form(sp, settlement, deal=None, fresh: bool = False) -> DealForm:
    """The deal form, filled from the request, from `deal` (an edit) or with the defaults: the dealer proposed, his
    Vorhand's Normalspiel or a quick start's contract (`fresh`: not from the request, also on a POST)."""
    form = DealForm(formdata=None) if fresh else DealForm()
    seats(form, sp.partie, "dealer", "declarer", "partner", "offender")
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
    form.partner.data = None if deal.partner is None else str(deal.partner)
    form.result.data = None if deal.won is None else "won" if deal.won else "lost"
    form.card_points.data = "" if deal.card_points is None else str(deal.card_points)
    form.kontra.data = str(deal.kontra)
    sides.fill_premiums(form, deal.premiums)


def to_deal(form: DealForm, partie) -> tuple[Deal | None, list[tuple[str, str]]]:
    """The deal the form says, persons as seats (the Normalspiel's declarer is the dealer's Vorhand); what the form
    does not show for the answers given (a premium of another contract, a renonce's silent ones) is not read."""
    rules = partie.rules
    if form.type.data not in ("game", "renonce", "misdeal"):
        return None, [("type", _("Choose what happened: a game, a renonce or a misdeal."))]
    dealer, offender = sides.player(form.dealer.data, N), sides.player(form.offender.data, N)
    if dealer is None:
        return None, [("dealer", _("Choose who dealt."))]
    if form.type.data == "misdeal":
        return (Deal("misdeal", dealer, offender=offender), []) if offender is not None else \
            (None, [("offender", _("Choose who misdealt."))])
    contract = form.contract.data
    if contract not in CONTRACTS:
        return None, [("contract", _("Choose the contract."))]
    errors = []
    normal = contract == "normalspiel"
    declarer = vorhand(dealer) if normal else sides.player(form.declarer.data, N)
    if declarer is None:
        errors.append(("declarer", _("Choose who declared.")))
    partner = sides.player(form.partner.data, N) if normal else None
    if normal and partner is None:
        errors.append(("partner", _("Choose who held the called Tarock.")))
    renonce = form.type.data == "renonce"
    shown = [p for p in (ANNOUNCED if renonce else PREMIUMS) if rules.allows(contract, p)]
    premiums = sides.read_premiums(form, shown, renonce, silent=NEVER_ANNOUNCED)
    if renonce:
        if offender is None:
            errors.append(("offender", _("Choose who made the renonce.")))
        return (None, errors) if errors else (Deal("renonce", dealer, contract, declarer, offender=offender,
                                                   premiums=premiums, partner=partner), [])
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
    return Deal("game", dealer, contract, declarer, won=won, card_points=cp, kontra=kontra,
                premiums=with_absolut(premiums, cp), partner=partner), []


def with_absolut(premiums: tuple, cp: int | None) -> tuple:
    """The premiums with the Absolut that the card points show, ticked by itself where none was entered (§4: a side
    with 56 made it, silently, unless a Valat was played); the form's script ticks it where the player sees it."""
    side = absolut_by(cp)
    if side is None or any(p.premium in ("absolut", "valat") for p in premiums):
        return premiums
    return (Premium("absolut", side, False, True),) + premiums


ASKS = _l("%(name)s is now Vorhand, so %(name)s calls: check the partner and the premiums.")


def asks(form: DealForm, partie, before: int):
    """A dealer corrected from `before` in a Normalspiel, after its partner or a premium's side was chosen: another
    player is Vorhand and calls now, so the form asks; None when nothing typed depends on it."""
    dealer = sides.player(form.dealer.data, N)
    if form.type.data not in ("game", "renonce") or form.contract.data != "normalspiel" or dealer is None \
            or not 0 <= before < N or vorhand(dealer) == vorhand(before):
        return None
    if not form.partner.data and not any(form[f"side_{p}"].data for p in PREMIUMS):
        return None
    return str(ASKS) % {"name": partie.players[vorhand(dealer)]}, ("partner", "premiums")


# -- words for the deals -----------------------------------------------------------------------------------------

def item_label(item: str) -> str:
    return say(ITEM_LABELS.get(item, item))


def _ok(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < N


def facts(deal, partie, won=None, uncounted=()) -> str:
    """A deal in a line of words: "Anna: Normalspiel with Cilli, 50 : 38 · won · Kontra · Pagat announced made"; what
    was entered and does not count is marked so."""
    names = partie.players
    if deal is None:
        return ""
    if deal.type == "misdeal":
        return _("Misdeal by %(name)s", name=names[deal.offender]) if _ok(deal.offender) else _("Misdeal")
    if not _ok(deal.declarer) or deal.contract not in CONTRACT_LABELS:
        return ""
    words = _("%(name)s: %(contract)s", name=names[deal.declarer], contract=say(CONTRACT_LABELS[deal.contract]))
    if _ok(deal.partner):
        words += " " + _("with %(name)s", name=names[deal.partner])
    if deal.type == "renonce":
        words += " · " + (_("renonce by %(name)s", name=names[deal.offender]) if _ok(deal.offender) else _("renonce"))
        return " · ".join([words] + [sides.renonce_words(p, PREMIUM_LABELS) for p in deal.premiums])
    if isinstance(deal.card_points, int):
        words += f", {deal.card_points}{SCORE_COLON}{TOTAL - deal.card_points}"
    won = deal.won if won is None else won
    parts = [words] + ([_("won") if won else _("lost")] if won is not None else [])
    parts += [say(KONTRA_LABELS.get(deal.kontra, ""))] if deal.kontra > 1 else []
    off = " " + _("(not counted)")
    return " · ".join(parts + [sides.premium_words(p, PREMIUM_LABELS, KONTRA_LABELS, NEVER_ANNOUNCED)
                               + (off if p.premium in uncounted else "") for p in deal.premiums])


def not_counted(result) -> dict:
    """What was entered for a deal and does not count, with why: beside a Valat no other premium (§4)."""
    deal = result.deal
    if deal is None or deal.type != "game" or deal.entry("valat") is None:
        return {}
    return {p.premium: _("beside a Valat no other premium counts") for p in deal.premiums if p.premium != "valat"}


def not_counted_lines(result, partie) -> list[str]:
    return [sentence(f"{sides.premium_words(result.deal.entry(p), PREMIUM_LABELS, KONTRA_LABELS, NEVER_ANNOUNCED)}: "
                     f"{why}") for p, why in not_counted(result).items()]


def describe(result, partie) -> str:
    return facts(result.deal, partie, result.won, not_counted(result))


def history_facts(raw, partie) -> str:
    """A stored deal (its file form) in words, for the history: won or lost as the engine scores it."""
    deal = parse_deal(raw, [])
    if deal is None:
        return ""
    decided = deal.type == "game" and not check(partie.rules, deal, partie.players)
    text = facts(deal, partie, engine_won(partie.rules, deal) if decided else None)
    return text + (" · " + _("%(name)s dealt", name=partie.players[deal.dealer]) if _ok(deal.dealer) else "")


def short_result(result, partie, money: bool = False) -> str:
    return sides.short_result(result, partie, money, in_money)


def summary(result, partie) -> str:
    return sides.summary(describe, result, partie)


# -- the board and the deal form's page -------------------------------------------------------------------------

def page_context(partie) -> dict:
    return {"describe": describe, "item_label": item_label, "in_money": in_money,
            "item_rows": partial(sides.item_rows, labels=ITEM_LABELS, in_money=in_money),
            "not_counted_lines": not_counted_lines}


def starts(settlement) -> list[dict]:
    """The board's quick starts: the Vorhand's Normalspiel (its form asks the partner first, by name), a Solo, a
    Farbensolo (their declarer chosen by name)."""
    first = settlement.partie.players[vorhand(sides.proposed_dealer(settlement))]
    return [{"label": say(CONTRACT_LABELS[c]), "detail": _("%(name)s calls", name=first) if c == "normalspiel" else "",
             "query": {"contract": c}} for c in CONTRACTS]


def board_context(settlement) -> dict:
    points = [[0] + [r.balance[i] for r in settlement.deals] for i in range(N)]
    return {"chart": chart(points, fewest=3), "next": sides.Next(settlement), "starts": starts(settlement)}


def form_context(partie, form) -> dict:
    rules = partie.rules
    when = {}
    for p in PREMIUMS:   # a premium some contracts do not play; one never announced is no renonce's
        only = [c for c in CONTRACTS if rules.allows(c, p)]
        when[p] = " ".join(([f"contract:{','.join(only)}"] if len(only) < len(CONTRACTS) else [])
                           + (["type:game"] if p in NEVER_ANNOUNCED else []))
    return {"item_label": item_label, "describe": describe, "short_result": short_result, "premiums": PREMIUMS,
            "not_counted_lines": not_counted_lines, "levels": sides.kontra_levels(LEVELS, rules.max_kontra),
            "level_names": "|".join(say(KONTRA_LABELS[int(v)]) for v, _x in LEVELS), "when": when,
            "calls": [_("Vorhand: %(name)s calls.", name=partie.players[vorhand(d)]) for d in range(N)],
            "silent": NEVER_ANNOUNCED, "next_dealers": sides.next_dealers(N), "total": TOTAL,
            "absolut": json.dumps({"declarer": ABSOLUT, "opponents": TOTAL - ABSOLUT}),
            "error_labels": {"premiums": _("Premiums")}}


FIELD_OF = {"type": "type", "dealer": "dealer", "contract": "contract", "declarer": "declarer", "partner": "partner",
            "won": "result", "card_points": "card_points", "kontra": "kontra", "premiums": "premiums",
            "offender": "offender"}


class ZwanzigerrufenWeb(GameWeb):
    """Zwanzigerrufen's web part (the hooks: scorer/gameweb/__init__.py)."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    FIELD_OF = FIELD_OF
    enter_previews = True   # its fields have choices after them: Enter previews, never saves
    partie_from_form = staticmethod(partie_from_form)
    new_form_values = staticmethod(new_form_values)
    make_form = staticmethod(make_form)
    to_deal = staticmethod(to_deal)
    form_context = staticmethod(form_context)
    short_result = staticmethod(short_result)
    asks = staticmethod(asks)
    describe = staticmethod(describe)
    summary = staticmethod(summary)
    history_facts = staticmethod(history_facts)
    page_context = staticmethod(page_context)
    board_context = staticmethod(board_context)
    end_context = staticmethod(sides.radl_end)

    def score_sheet(self, settlement, results, partie):
        return points_sheet(settlement, results, partie, describe, in_money)

    def card_points_note(self):
        return CARD_POINTS_NOTE


WEB = ZwanzigerrufenWeb()
