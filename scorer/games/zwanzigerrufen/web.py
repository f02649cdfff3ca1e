"""Zwanzigerrufen in the web app: its web part, `ZwanzigerrufenWeb` (a `scorer.gameweb.sides.SidesWeb`). What it
shares with every game played by sides (its forms' common fields, reading and filling them, the words of a deal, the
board, the sheet, the Radl's end) is `scorer.gameweb.sides`'s; here are only its own choices: four players, the
Vorhand's Normalspiel with the holder of the XX called by name, card points 0-88 with the Absolut that follows from
them, its quick starts. Its pages are `templates/zwanzigerrufen/`. The engine does every sum
(RULES-ZWANZIGERRUFEN.md).
"""

from __future__ import annotations

import json

from flask_babel import gettext as _, lazy_gettext as _l
from wtforms import RadioField, SelectField

from . import CONTRACT_LABELS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS, PREMIUMS, Premium, vorhand, won
from .deals import ABSOLUT, TOTAL, absolut_by
from .game import GAME
from .rules import CONTRACTS, NEVER_ANNOUNCED
from ...gameweb import sides
from ...gameweb.blueprint import GameBlueprint

BLUEPRINT = GameBlueprint("zwanzigerrufen", __name__)   # its pages (templates/zwanzigerrufen/) and static files
N = 4
# short, in every select of the deal form; the form's data-levels names them in full for the steppers
LEVELS = [("1", "–"), ("2", _l("Kontra")), ("4", _l("Re")), ("8", _l("Supre")), ("16", _l("Resupre"))]
ANNOUNCED = tuple(p for p in PREMIUMS if p not in NEVER_ANNOUNCED)   # what a renonce pays
POINTS_WRONG = _l("Card points are a whole number from 0 to 88.")
CARD_POINTS_NOTE = _l("Zwanzigerrufen's card points are added card by card (88 in all, no thirds): it needs no "
                      "calculator.")
ASKS = _l("%(name)s is now Vorhand, so %(name)s calls: check the partner and the premiums.")


class NewPartieForm(sides.new_partie_form(GAME, KONTRA_LABELS)):
    """Four names in seating order, a rule set with its options, who deals first."""

    doubled_radl = SelectField(_l("A Mondfang starts a doubled Radl"), default="default", choices=[
        ("default", _l("as the rules say")), ("yes", _l("yes")), ("no", _l("no"))])


class DealForm(sides.deal_form(CONTRACTS, CONTRACT_LABELS, LEVELS,
                               _l("Card points of the declarer's side (optional)"))):
    """One deal: what happened, who dealt, the contract, declarer and partner (the holder of the called Tarock), the
    result and the declarer's side's card points, Kontra, the premiums; the offender of a renonce or a misdeal."""

    partner = RadioField(_l("Partner: who held the called Tarock"), choices=[], validate_choice=False)


sides.premium_fields(DealForm, PREMIUMS, {p: _l(PREMIUM_LABELS[p]) for p in PREMIUMS}, LEVELS)


class ZwanzigerrufenWeb(sides.SidesWeb):
    """Zwanzigerrufen's web part (the hooks: scorer/gameweb/__init__.py, sides.py): the Vorhand's Normalspiel with the
    holder of the called Tarock as partner, the premiums a contract plays, the Absolut that the card points make."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    DealForm = DealForm
    game = GAME
    contracts, contract_labels, item_labels, kontra_labels = CONTRACTS, CONTRACT_LABELS, ITEM_LABELS, KONTRA_LABELS
    premiums, premium_labels, levels = PREMIUMS, PREMIUM_LABELS, LEVELS
    total, points_wrong = TOTAL, POINTS_WRONG
    seat_fields = sides.SidesWeb.seat_fields + ("partner",)
    silent = NEVER_ANNOUNCED
    option_fields = {"doubled_radl": "doubled_radl"}
    FIELD_OF = {**sides.SidesWeb.FIELD_OF, "partner": "partner"}
    won = staticmethod(won)

    def own_options(self, form) -> dict | None:
        return {"yes": {"doubled_radl": ["mondfang"]}, "no": {"doubled_radl": []}}.get(form.doubled_radl.data)

    def own_form_values(self, rules) -> dict:
        return {"doubled_radl": "yes" if rules.doubled_radl else "no"} if "doubled_radl" in rules.given else {}

    def fill_own(self, form, deal) -> None:
        form.partner.data = None if deal.partner is None else str(deal.partner)

    def declarer_of(self, form, contract, dealer, n):
        """The Normalspiel's declarer is the dealer's Vorhand (not asked); a Solo's is chosen by name."""
        return vorhand(dealer) if contract == "normalspiel" else sides.player(form.declarer.data, n)

    def own_facts(self, form, contract, n, errors) -> dict:
        """The partner of a Normalspiel: who held the called Tarock."""
        partner = sides.player(form.partner.data, n) if contract == "normalspiel" else None
        if contract == "normalspiel" and partner is None:
            errors.append(("partner", _("Choose who held the called Tarock.")))
        return {"partner": partner}

    def premiums_asked(self, rules, contract, renonce) -> tuple:
        """The premiums the contract plays; in a renonce those that are ever announced."""
        return tuple(p for p in (ANNOUNCED if renonce else PREMIUMS) if rules.allows(contract, p))

    def with_own_premiums(self, premiums, card_points) -> tuple:
        """The premiums with the Absolut that the card points show, ticked by itself where none was entered (§4: a
        side with 56 made it, silently, unless a Valat was played); the form's script ticks it where the player sees
        it."""
        side = absolut_by(card_points)
        if side is None or any(p.premium in ("absolut", "valat") for p in premiums):
            return premiums
        return (Premium("absolut", side, False, True),) + premiums

    def asks(self, form, partie, before: int):
        """A dealer corrected from `before` in a Normalspiel, after its partner or a premium's side was chosen:
        another player is Vorhand and calls now, so the form asks; None when nothing typed depends on it."""
        dealer = sides.player(form.dealer.data, N)
        if form.type.data not in ("game", "renonce") or form.contract.data != "normalspiel" or dealer is None \
                or not 0 <= before < N or vorhand(dealer) == vorhand(before):
            return None
        if not form.partner.data and not any(form[f"side_{p}"].data for p in PREMIUMS):
            return None
        return str(ASKS) % {"name": partie.players[vorhand(dealer)]}, ("partner", "premiums")

    def with_whom(self, deal, names) -> str:
        return " " + _("with %(name)s", name=names[deal.partner]) if sides.is_seat(deal.partner, N) else ""

    def not_counted(self, result) -> dict:
        """What was entered for a deal and does not count, with why: beside a Valat no other premium (§4)."""
        deal = result.deal
        if deal is None or deal.type != "game" or deal.entry("valat") is None:
            return {}
        return {p.premium: _("beside a Valat no other premium counts") for p in deal.premiums if p.premium != "valat"}

    def start_detail(self, contract, settlement) -> str:
        """The Vorhand's Normalspiel (its form asks the partner first, by name): who calls."""
        first = settlement.partie.players[vorhand(sides.proposed_dealer(settlement))]
        return _("%(name)s calls", name=first) if contract == "normalspiel" else ""

    def own_form_context(self, partie, form) -> dict:
        rules = partie.rules
        when = {}
        for p in PREMIUMS:   # a premium some contracts do not play; one never announced is no renonce's
            only = [c for c in CONTRACTS if rules.allows(c, p)]
            when[p] = " ".join(([f"contract:{','.join(only)}"] if len(only) < len(CONTRACTS) else [])
                               + (["type:game"] if p in NEVER_ANNOUNCED else []))
        return {"when": when, "silent": NEVER_ANNOUNCED, "absolut": json.dumps({"declarer": ABSOLUT,
                                                                                "opponents": TOTAL - ABSOLUT}),
                "calls": [_("Vorhand: %(name)s calls.", name=partie.players[vorhand(d)]) for d in range(N)]}

    def card_points_note(self):
        return CARD_POINTS_NOTE


WEB = ZwanzigerrufenWeb()
