"""Königrufen in the web app: its forms, its pages' words, its deal form: its web part, `KoenigrufenWeb` (a
`scorer.gameweb.GameWeb`: every hook the shared routes ask of a game's web part). Its pages are
`templates/koenigrufen/`. The engine does every sum (RULES-KOENIGRUFEN.md).
"""

from __future__ import annotations

import json
import re
from functools import partial

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l
from wtforms import BooleanField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from . import (ABSENT, CONTRACT_LABELS, ITEM_LABELS, KONTRA_LABELS, PREMIUM_LABELS, PREMIUMS,
                           PRESET_NAMES, PRESETS, Deal, Premium, parse_card_points, sitting_out, vorhand)
from .deals import WIN, deal_won, saecke_reached
from .scoring import in_money
from .file import parse_deal
from .game import GAME
from .rules import (BIRDS, CONCEDABLE, CONTRACTS, KING_CALLS, MOST_VALUE, NEGATIVE, SAECKE, VALAT_PREMIUM,
                    VORHAND_ONLY, Tariff)
from ...gameweb import GameWeb, sides
from ...gameweb.blueprint import GameBlueprint
from ...gameweb.chart import chart
from ...gameweb.forms import PILE_LABELS, Form, PileCounters, new_key, options_from_form, read_pile, seats
from ...gameweb.sheet import points_sheet
from ...gameweb.words import SCORE_COLON, card_points, euros, say, sentence, signed
from ...partie import Partie, check_name, clean_name
from ...problems import Problem
from ...tarock.cards import PACK_54, CardError

BLUEPRINT = GameBlueprint("koenigrufen", __name__)   # its pages (templates/koenigrufen/) and static files (static/) in this folder

SEATS = (_l("First player"), _l("Second player"), _l("Third player"), _l("Fourth player"),
         _l("Fifth player (optional)"))
# short, in every select of the deal form (a page of at most 30 kB); the form's data-levels names them in full
# for the steppers, as RULES-KOENIGRUFEN.md does (no Kontra, Kontra, Rekontra, Subkontra)
LEVELS = [("1", "–"), ("2", _l("Kontra")), ("4", _l("Re")), ("8", _l("Sub"))]
STARTS = ("rufer", "trischaken", "dreier", "piccolo", "zwiccolo", "bettel", "solorufer")   # the board's quick starts (those the rules play)
MAX_PLAYERS = 5
COUNTER_LABELS = {**PILE_LABELS, "tricks": _l("Tricks (4 cards each)"), "talon": _l("Cards from the talon")}
TOTAL = 210   # 70 card points, in thirds
BLATT = [("0", "+0"), ("1", "+1"), ("2", "+2")]   # the thirds as buttons beside a whole number: 35 + 2 Blatt is 35 2/3


def _name(label, optional=False):
    checks = [Length(max=40, message=_l("A name has at most 40 characters."))]
    return StringField(label, validators=([Optional()] if optional else []) + checks)


class NewPartieForm(Form):
    """Four or five names in seating order, a rule set with its options, who deals first."""

    game = HiddenField(default="koenigrufen")
    player0 = _name(SEATS[0])
    player1 = _name(SEATS[1])
    player2 = _name(SEATS[2])
    player3 = _name(SEATS[3])
    player4 = _name(SEATS[4], optional=True)
    first_dealer = RadioField(_l("Who deals first"), choices=[("0", _l("First")), ("1", _l("Second")),
                                                                ("2", _l("Third")), ("3", _l("Fourth")),
                                                                ("4", _l("Fifth"))], default="0")
    preset = RadioField(_l("Rules"), choices=[(p, _l(PRESET_NAMES[p])) for p in PRESETS], default=PRESETS[0])
    stake = StringField(_l("Money per point (€)"), validators=[Optional()], description=_l("Empty: 0.10."))
    max_kontra = SelectField(_l("Highest Kontra"), choices=[("default", _l("Sub (as the rules say)")),
                                                            ("1", _l("no Kontra")), ("2", _l("Kontra")),
                                                            ("4", _l("Re")), ("8", _l("Sub"))], default="default")
    kontra_in_schrift = BooleanField(_l("Kontra counts in the points too (not only in the money)"))
    radl_trischaken = BooleanField(_l("A Trischaken starts a doubled Radl"))
    radl_bettel = BooleanField(_l("A Bettel starts a doubled Radl"))
    misdeal_penalty = StringField(_l("A misdeal costs (points to every other player)"), validators=[Optional()],
                                  description=_l("Empty: 0."))
    trischaken_payout = SelectField(_l("Trischaken is paid"), default="default", choices=[
        ("default", _l("as the rules say")), ("loser", _l("by the player with the most card points")),
        ("pairs", _l("in pairs")), ("share", _l("shared: the losers share 3 times the value"))])
    jungfrauen = SelectField(_l("A Jungfrau is paid"), default="default", choices=[
        ("default", _l("as the rules say")), ("share", _l("a share")), ("full", _l("in full"))])
    # a club's own tariff (RULES-KOENIGRUFEN.md §14.3): the values of the rules the fields show (`tariff_of`), each
    # changeable, empty for a contract or premium not played; how the Valat and a Trischaken renonce are scored
    tariff_of = HiddenField()
    tariff_valat = SelectField(_l("The Valat"), default="default", choices=[
        ("default", _l("as the rules say")),
        ("multiplier", _l("instead of the game: its value × 8 announced, × 4 silent")),
        ("premium", _l("a premium added to the game; beside it Trull, Kings and Säcke do not count")),
        ("wien", _l("a premium added to the game; a silent one voids the Kontra on the game")),
        ("none", _l("not played"))])
    tariff_renonce = SelectField(_l("A renonce in a Trischaken"), default="default", choices=[
        ("default", _l("as the rules say")),
        ("vorhand_double", _l("twice the value to each other player, twice that from the Vorhand")),
        ("flat", _l("twice the value to each other player")), ("flat3", _l("3 times the value to each other player"))])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_submitted() and self.tariff_of.data not in PRESETS:   # a new page: the chosen rules' values
            self.show_tariff(self.preset.data if self.preset.data in PRESETS else PRESETS[0])

    def show_tariff(self, preset: str, tariff: Tariff | None = None) -> None:
        """The tariff fields with `tariff`'s values (the preset's when None), as of `preset`."""
        for name, value in tariff_fields(tariff or Tariff.of_preset(preset)).items():
            self[name].data = value
        self.tariff_of.data = preset

    CONTRACTS, PREMIUMS, PREMIUM_LABELS = CONTRACTS, PREMIUMS, PREMIUM_LABELS   # what the template lists

    def tariff_open(self) -> bool:
        """Whether the tariff's section opens: a problem in it, or values other than those of the rules it shows (a
        Runde's own tariff)."""
        names = ("tariff_of", "tariff_valat", "tariff_renonce", *tariff_fields(Tariff.of_preset(PRESETS[0])))
        if any(self[name].errors for name in names):
            return True
        shown = tariff_fields(Tariff.of_preset(self.tariff_of.data if self.tariff_of.data in PRESETS else PRESETS[0]))
        return any((self[name].data or "").strip() != value for name, value in shown.items()) or \
            self.tariff_valat.data != "default" or self.tariff_renonce.data != "default"

    def tariffs_json(self) -> str:
        """Every preset's tariff as the fields show it (the page's script puts the chosen one's into the fields
        the player has not changed)."""
        return json.dumps({p: {**tariff_fields(Tariff.of_preset(p)), "_valat": Tariff.of_preset(p).valat}
                           for p in PRESETS}, separators=(",", ":"))


for _c in CONTRACTS:
    setattr(NewPartieForm, f"c_{_c}", StringField(_l(str(CONTRACT_LABELS[_c]))))
for _p in PREMIUMS:
    setattr(NewPartieForm, f"pa_{_p}", StringField(_l("%(premium)s announced", premium=_l(str(PREMIUM_LABELS[_p])))))
    setattr(NewPartieForm, f"ps_{_p}", StringField(_l("%(premium)s silent", premium=_l(str(PREMIUM_LABELS[_p])))))


def tariff_fields(tariff: Tariff) -> dict[str, str]:
    """A tariff as the new partie's fields show it: each contract's value, each premium's announced and silent value
    (empty: not played); the Valat as a premium's values, 20 and 10 where the rules multiply the game instead."""
    out = {}
    for c in CONTRACTS:
        out[f"c_{c}"] = str(tariff.values[c]) if c in tariff.values else ""
    for p in PREMIUMS:
        values = tariff.premium_values.get(p, "absent")
        if values is None:   # the Valat a multiplier: what a tariff that makes it a premium gets (§14.3)
            values = VALAT_PREMIUM
        out[f"pa_{p}"], out[f"ps_{p}"] = ("", "") if values == "absent" else (str(values[0]), str(values[1]))
    return out


def new_form_values(rules) -> dict:
    """The new partie's form filled with `rules` (a Runde's last evening's): its preset, the options given, and its
    tariff in the tariff's fields, shown as of its preset (so that a club's own values read as changes of it)."""
    base = Tariff.of_preset(rules.preset)
    out = {"preset": rules.preset, "tariff_of": rules.preset, **tariff_fields(rules.tariff)}
    if "valat" not in rules.premiums:
        out["tariff_valat"] = "none"
    elif rules.valat != base.valat:
        out["tariff_valat"] = rules.valat
    if rules.trischaken_renonce != base.trischaken_renonce:
        out["tariff_renonce"] = rules.trischaken_renonce
    given = set(rules.given)
    if "stake" in given:
        out["stake"] = str(rules.stake)
    if "max_kontra" in given:
        out["max_kontra"] = str(rules.max_kontra)
    if "misdeal_penalty" in given:
        out["misdeal_penalty"] = str(rules.misdeal_penalty)
    out["kontra_in_schrift"] = rules.kontra_in_schrift
    out["radl_trischaken"], out["radl_bettel"] = "trischaken" in rules.doubled_radl, "bettel" in rules.doubled_radl
    if "trischaken_payout" in given:
        out["trischaken_payout"] = rules.trischaken_payout
    if "jungfrauen" in given:
        out["jungfrauen"] = rules.jungfrauen
    return out


def _tariff_value(text: str | None, low: int) -> int | None:
    """A tariff's value as typed: a whole number from `low` to MOST_VALUE, None for empty; ValueError if wrong."""
    text = (text or "").strip()
    if not text:
        return None
    if not (text.isdecimal() and text.isascii() and len(text) <= 3) or not low <= int(text) <= MOST_VALUE:
        raise ValueError(text)
    return int(text)


def tariff_from_form(form: NewPartieForm, problems: list[Problem]) -> dict:
    """The club's own tariff the form asks for (§14.3), as the rules' `tariff`: what differs from the values the
    fields showed (`tariff_of`: the rules they were filled with; a value left as shown keeps the chosen rules'), the
    Valat and the Trischaken renonce as chosen; each problem beside its field, in the form's words."""
    preset = form.preset.data if form.preset.data in PRESETS else PRESETS[0]
    shown = tariff_fields(Tariff.of_preset(form.tariff_of.data if form.tariff_of.data in PRESETS else preset))
    mine = Tariff.of_preset(preset)

    def typed(name: str) -> str:   # a field the form did not send (an older page, a client of its own) is as shown
        return (form[name].data or "").strip() if form[name].raw_data else shown[name]

    contracts: dict = {}
    for c in CONTRACTS:
        name = f"c_{c}"
        try:
            value = _tariff_value(typed(name), 1)
        except ValueError:
            problems.append(Problem(name, "{contract}: a whole number from 1 to {most}, or empty: not played",
                                    contract=CONTRACT_LABELS[c], most=MOST_VALUE))
            continue
        if typed(name) != shown[name] and value != mine.values.get(c):
            contracts[c] = value
    premiums: dict = {}
    valat = form.tariff_valat.data if form.tariff_valat.data in ("multiplier", "premium", "wien", "none") else None
    multiplier = (valat or mine.valat) == "multiplier"
    for p in PREMIUMS:
        a_name, s_name = f"pa_{p}", f"ps_{p}"
        if p == "valat" and (multiplier or valat == "none"):
            continue   # no values: the Valat multiplies the game, or is not played
        texts = (typed(a_name), typed(s_name))
        if texts == (shown[a_name], shown[s_name]):
            continue
        try:
            announced = _tariff_value(texts[0], 1)
        except ValueError:
            problems.append(Problem(a_name, "{premium} announced: a whole number from 1 to {most}",
                                    premium=PREMIUM_LABELS[p], most=MOST_VALUE))
            continue
        try:
            silent = _tariff_value(texts[1], 0)
        except ValueError:
            problems.append(Problem(s_name, "{premium} silent: a whole number from 0 (it counts only announced) to "
                                    "{most}", premium=PREMIUM_LABELS[p], most=MOST_VALUE))
            continue
        if (announced is None) != (silent is None):
            problems.append(Problem(a_name if announced is None else s_name, "{premium}: give both values, announced "
                                    "and silent, or leave both empty: not played", premium=PREMIUM_LABELS[p]))
        elif announced is not None and silent > announced:
            problems.append(Problem(s_name, "{premium}: silent ({silent}) is worth at most as much as announced "
                                    "({announced})", premium=PREMIUM_LABELS[p], silent=silent, announced=announced))
        elif announced is None:
            premiums[p] = None
        else:
            had = mine.premium_values.get(p, "absent")
            if had is None:
                had = VALAT_PREMIUM
            if (announced, silent) != had:
                premiums[p] = {"announced": announced, "silent": silent}
    tariff: dict = {}
    if contracts:
        tariff["contracts"] = contracts
    if valat == "none":
        premiums["valat"] = None
    elif valat is not None:
        tariff["valat"] = valat
    if premiums:
        tariff["premiums"] = premiums
    if form.tariff_renonce.data in ("vorhand_double", "flat", "flat3"):
        tariff["trischaken_renonce"] = form.tariff_renonce.data
    return tariff


def partie_from_form(form: NewPartieForm) -> tuple[Partie | None, list[Problem]]:
    """Four or five different names in seating order, the rule set, who deals first; or the problems."""
    problems: list[Problem] = []
    names = []
    for i in range(MAX_PLAYERS):
        value = clean_name(form[f"player{i}"].data or "")
        if not value:
            if i < 4:
                problems.append(Problem(f"player{i}", "enter the names of at least four players"))
            continue
        names.append(check_name(value, problems, f"player{i}"))
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        problems.append(Problem("player1", "the players need different names"))
    first = int(form.first_dealer.data) if form.first_dealer.data in ("0", "1", "2", "3", "4") else 0
    if first >= max(len(names), 4):
        problems.append(Problem("first_dealer", "the first dealer must be one of the players"))
    data = options_from_form(GAME, form, leave_out=("max_kontra", "misdeal_penalty"))
    if form.max_kontra.data in ("1", "2", "4", "8"):
        data["max_kontra"] = int(form.max_kontra.data)
    penalty = (form.misdeal_penalty.data or "").strip()
    if penalty:
        data["misdeal_penalty"] = int(penalty) if penalty.isdecimal() and len(penalty) <= 6 else penalty
    radl = [k for k, f in (("trischaken", form.radl_trischaken), ("bettel", form.radl_bettel)) if f.data]
    if radl:
        data["doubled_radl"] = radl
    found: list[Problem] = []
    tariff = tariff_from_form(form, found)
    problems += found
    if tariff and not found:
        data["tariff"] = tariff
    rules = None
    try:
        rules = GAME.rules.from_dict(data)
    except GAME.error as exc:
        problems += [Problem(TARIFF_FIELDS.get(p.field, p.field), p.text, **p.args) for p in exc.problems]
        if "contracts" in tariff and "trischaken" in tariff["contracts"] and any(
                p.field == "trischaken_payout" for p in exc.problems):   # an odd value of the club's: said there too
            problems += [Problem("c_trischaken", p.text, **p.args) for p in exc.problems
                         if p.field == "trischaken_payout"]
    return (None if problems else Partie(tuple(names), rules, (), first)), problems


# the engine's problems of a rule set, beside the field the form has for them (the tariff's: the section's head)
TARIFF_FIELDS = {"doubled_radl": "radl_trischaken", "tariff": "tariff_of"}


# -- the deal form ---------------------------------------------------------------------------------------------

class DealForm(PileCounters, Form):
    """One deal: what happened, who dealt, the contract, declarer and partner, the result, Kontra, premiums;
    Trischaken's card points; the offender of a renonce or a misdeal. The premium grid's and the players'
    fields are added below (one per premium, one per seat)."""

    key = HiddenField()
    version = HiddenField()
    type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("renonce", _l("Renonce")),
                                                    ("misdeal", _l("Misdeal"))], default="game")
    dealer = RadioField(_l("Dealer"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[], validate_choice=False)
    declarer = RadioField(_l("Declarer"), choices=[], validate_choice=False)
    partner = RadioField(_l("Partner: who held the called King"), choices=[], validate_choice=False)
    conceded = BooleanField(_l("Conceded (schleifen): the King lay in the talon and the declarer gave up"))
    result = RadioField(_l("Result for the declarer"), choices=[("won", _l("Won")), ("lost", _l("Lost"))],
                        validate_choice=False)
    card_points = StringField(_l("Card points of the declarer's side (optional)"))
    card_blatt = RadioField(_l("Blatt"), choices=BLATT, default="0", validate_choice=False)
    kontra = RadioField(_l("Kontra on the game"), choices=LEVELS, default="1", validate_choice=False)
    offender = RadioField(_l("Who made the mistake"), choices=[], validate_choice=False)
    # the calculator: the declarer side's pile, counted in threes (RULES.md §2, 70 in all)
    tricks = StringField(COUNTER_LABELS["tricks"], default="0")
    talon = StringField(COUNTER_LABELS["talon"], default="0")
    pile_of = RadioField(_l("Whose pile"), choices=[], validate_choice=False)   # Trischaken: the player counted


# segmented buttons (radios): whose, silent or announced, made or failed; a form posted without an answer keeps the
# older meaning (announced, made), a new form shows "silent" chosen (the one that happens without a word)
sides.premium_fields(DealForm, PREMIUMS, PREMIUM_LABELS, LEVELS, announced="yes")
for _i in range(MAX_PLAYERS):
    setattr(DealForm, f"each{_i}", SelectField(_l("Kontra"), choices=LEVELS, default="1"))
    setattr(DealForm, f"tp{_i}", StringField(_l("Card points")))
    setattr(DealForm, f"tb{_i}", RadioField(_l("Blatt"), choices=BLATT, default="0", validate_choice=False))


def make_form(sp, settlement, deal=None, fresh: bool = False) -> DealForm:
    """The deal form, filled from the request, from `deal` or with the defaults (`fresh`: not from the request, as a
    GET has it, also on a POST)."""
    partie = sp.partie
    form = DealForm(formdata=None) if fresh else DealForm()
    players = seats(form, partie, "dealer", "declarer", "offender", "pile_of")
    # calling one's own King (where a house allows it) is entered as the King in the talon: he plays alone (§2)
    form.partner.choices = players + [("talon", _("King in the talon (or his own)"))]
    form.contract.choices = [(c, say(CONTRACT_LABELS[c])) for c in partie.rules.contracts]
    if fresh or request.method == "GET":
        form.key.data = new_key()
        form.version.data = str(sp.version)
        dealer = sides.proposed_dealer(settlement) if deal is None else deal.dealer
        form.dealer.data = str(dealer)
        form.contract.data = "rufer" if "rufer" in partie.rules.contracts else partie.rules.contracts[0]
        if request.args.get("contract") in partie.rules.contracts:   # a quick start from the board
            form.contract.data = request.args["contract"]
        # the declarer is a person chosen, never proposed (a Piccolo or a Dreier is anyone's); a contract only the
        # Vorhand may play has him (the server takes the Vorhand for it in any case)
        form.declarer.data = str(vorhand(dealer, len(partie.players))) if form.contract.data in VORHAND_ONLY else None
        form.offender.data = str(dealer)   # a misdeal is the dealer's; a renonce's offender is chosen
        for p in PREMIUMS:
            form[f"ann_{p}"].data = "no"
        if deal is not None:
            form.offender.data = None
            fill(form, deal, len(partie.players))
    return form


def fill(form: DealForm, deal: Deal, n: int) -> None:
    """An edit form with a recorded deal's facts."""
    form.type.data = deal.type
    if deal.type == "misdeal":
        form.offender.data = str(deal.offender)
        return
    form.contract.data = deal.contract
    form.declarer.data = str(deal.declarer)
    if deal.partner is None:
        form.partner.data = "talon"
    elif deal.partner is not ABSENT:
        form.partner.data = str(deal.partner)
    form.conceded.data = bool(deal.conceded)
    if deal.offender is not None:
        form.offender.data = str(deal.offender)
    if deal.won is not None:
        form.result.data = "won" if deal.won else "lost"
    if isinstance(deal.card_points, tuple):
        for i, cp in enumerate(deal.card_points):
            form[f"tp{i}"].data, form[f"tb{i}"].data = ("", "0") if cp is None else split(cp)
    elif deal.card_points is not None:
        form.card_points.data, form.card_blatt.data = split(deal.card_points)
    form.kontra.data = str(deal.kontra)
    for i, k in enumerate(deal.kontra_each or ()):
        form[f"each{i}"].data = str(k)
    sides.fill_premiums(form, deal.premiums)


DECIMAL_THIRDS = {"0": 0, "00": 0, "000": 0, "3": 1, "33": 1, "333": 1, "7": 2, "66": 2, "67": 2, "666": 2, "667": 2}


def read_points(text: str):
    """Card points as typed on any keyboard: "41", "41 2/3", "41⅔", "41,2/3", "41.2/3", and, for a phone's number
    pad (digits and a decimal separator only), the third as a decimal: "41,67" or "41.67" (also ,7 ,66 ,667) is
    41 2/3, "41,33" (,3 ,333) is 41 1/3. None for empty, ValueError if wrong (any other decimal included)."""
    text = (text or "").strip().replace("⅓", " 1/3").replace("⅔", " 2/3").replace("\u2009", " ").replace("\u00a0", " ")
    if not text:
        return None
    text = " ".join(text.split())
    decimal = re.fullmatch(r"([0-9]{1,3})[,.]([0-9]{1,3})", text)
    if decimal:
        if decimal.group(2) not in DECIMAL_THIRDS:
            raise ValueError(text)
        thirds = 3 * int(decimal.group(1)) + DECIMAL_THIRDS[decimal.group(2)]
    else:
        text = re.sub(r"^([0-9]+) ?[,.+] ?([12]) ?/ ?3$", r"\1 \2/3", text)        # "41,2/3", "41 + 2/3"
        text = re.sub(r" ?/ ?", "/", text)
        text = re.sub(r"^0+(?=[0-9])", "", "0 " + text if re.fullmatch(r"[12]/3", text) else text)   # "⅓", "07"
        thirds = parse_card_points(text)
    if thirds > TOTAL:
        raise ValueError(text)
    return thirds


def split(thirds: int) -> tuple[str, str]:
    """Card points in thirds as the form shows them: the whole number and its Blatt (107: "35", "2")."""
    whole, blatt = divmod(thirds, 3)
    return str(whole), str(blatt)


BLATT_TWICE = _l("Give the third once: either typed in the card points or with the Blatt buttons.")
BLATT_ALONE = _l("Type the whole card points too, or leave the Blatt at +0.")


def read_blatt(text: str, blatt: str | None):
    """Card points as the form sends them: a whole number from the numeric keypad plus its Blatt (+0, +1, +2:
    "35" and "2" is 35 2/3), or the third typed ("35 2/3", "35⅔", "35,67") with the Blatt left at +0. None for
    empty; ValueError with the message to show if wrong."""
    try:
        thirds = read_points(text)
    except ValueError:
        raise ValueError(str(POINTS_WRONG)) from None
    extra = int(blatt) if blatt in ("1", "2") else 0
    if not extra:
        return thirds
    if thirds is None:
        raise ValueError(str(BLATT_ALONE))
    if not (text or "").strip().isdigit():
        raise ValueError(str(BLATT_TWICE))
    if thirds + extra > TOTAL:
        raise ValueError(str(POINTS_WRONG))
    return thirds + extra


POINTS_WRONG = _l("Card points are a whole number from 0 to 70 (a third: + Blatt, or typed 35 2/3, 35⅔ or 35.67).")


def to_deal(form: DealForm, partie) -> tuple[Deal | None, list[tuple[str, str]]]:
    n = len(partie.players)
    rules = partie.rules
    if form.type.data not in ("game", "renonce", "misdeal"):
        return None, [("type", _("Choose what happened: a game, a renonce or a misdeal."))]
    dealer = sides.player(form.dealer.data, n)
    if dealer is None:
        return None, [("dealer", _("Choose who dealt."))]
    errors: list[tuple[str, str]] = []
    offender = sides.player(form.offender.data, n)
    if form.type.data == "misdeal":
        if offender is None:
            return None, [("offender", _("Choose who misdealt."))]
        return Deal("misdeal", dealer, offender=offender), []
    contract = form.contract.data
    if contract not in rules.contracts:
        return None, [("contract", _("Choose the contract."))]
    declarer = vorhand(dealer, n) if contract in VORHAND_ONLY else sides.player(form.declarer.data, n)
    if declarer is None:
        errors.append(("declarer", _("Choose who declared.")))
    partner = ABSENT
    if contract in KING_CALLS:
        partner = None if form.partner.data == "talon" else sides.player(form.partner.data, n)
        if partner is None and form.partner.data != "talon":
            errors.append(("partner", _("Choose who held the called King, or “King in the talon”.")))
        elif partner is not None and partner == declarer:
            errors.append(("partner", _("The declarer cannot call his own King: choose who held it, or “King in "
                                        "the talon”.")))
    premiums = tuple(_premiums(form, rules, renonce=form.type.data == "renonce"))
    if form.type.data == "renonce":
        if offender is None:
            errors.append(("offender", _("Choose who made the renonce.")))
        if errors:
            return None, errors
        return Deal("renonce", dealer, contract, declarer, partner, offender=offender, premiums=premiums), []
    won = {"won": True, "lost": False}.get(form.result.data)
    # a box left ticked while hidden (another contract, a partner named) is not a concession
    conceded = bool(form.conceded.data) and contract in CONCEDABLE and partner is None
    if contract == "trischaken":
        points, missing = [], []
        for i in range(n):
            if i == sitting_out(dealer, n):
                if (form[f"tp{i}"].data or "").strip():   # typed for a player who (now) deals: never dropped unsaid
                    errors.append(("card_points", _("%(name)s deals this one and sits out, yet card points are typed "
                                                    "for %(name)s: correct the dealer, or clear them.",
                                                    name=partie.players[i])))
                points.append(None)
                continue
            try:
                value = read_blatt(form[f"tp{i}"].data, form[f"tb{i}"].data)
            except ValueError as exc:
                errors.append(("card_points", _("%(name)s: ", name=partie.players[i]) + str(exc)))
                value = None
            if value is None:
                missing.append(i)
            points.append(value)
        typed = sum(v for v in points if v is not None)
        if len(missing) == 1 and not errors:   # the last one is the rest of 70
            rest = TOTAL - typed
            points[missing[0]] = rest if rest >= 0 else None
            missing = [] if rest >= 0 else missing
        if len(missing) == 1 and typed > TOTAL and not errors:   # no rest left for the empty one: say the sum
            errors.append(("card_points", _("The card points typed add up to %(sum)s, more than the %(total)s of a "
                                            "Trischaken: correct them.", sum=card_points(typed),
                                            total=card_points(TOTAL))))
        elif missing and not errors:
            errors.append(("card_points", _("Enter the card points of every player who played (one may be left "
                                            "empty: it is the rest of 70).")))
        if errors:
            return None, errors
        return Deal("game", dealer, contract, declarer, ABSENT, card_points=tuple(points)), []
    if contract in NEGATIVE:
        # the declarer's row and the sitting-out dealer's are hidden on the form: what they still post is not
        # a Kontra (the engine refuses one, for partie files, not here)
        out = sitting_out(dealer, n)
        each = tuple(int(form[f"each{i}"].data) if form[f"each{i}"].data in ("1", "2", "4", "8")
                     and i not in (declarer, out) else 1 for i in range(n))
        if won is None:
            errors.append(("result", _("Say whether the game was won or lost.")))
        if errors:
            return None, errors
        return Deal("game", dealer, contract, declarer, ABSENT, won=won,
                    kontra_each=None if all(k == 1 for k in each) else each), []
    if conceded:
        if errors:
            return None, errors
        # what a concession reads: the birds the declarer's side announced (a conceded game was not played: the form
        # shows only the birds' side, and a bird entered for it was announced)
        birds = tuple(p for p in premiums if p.side == "declarer" and p.premium in BIRDS)
        return Deal("game", dealer, contract, declarer, partner, conceded=True,
                    premiums=tuple(Premium(p.premium, p.side, True, True, 1) for p in birds)), []
    try:
        cp = read_blatt(form.card_points.data, form.card_blatt.data)
    except ValueError as exc:
        cp = None
        errors.append(("card_points", str(exc)))
    if won is None and cp is None and not errors:
        errors.append(("result", _("Say whether the game was won or lost (or enter the card points).")))
    kontra = int(form.kontra.data) if form.kontra.data in ("1", "2", "4", "8") else 1
    valat = next((p.side for p in premiums if p.premium == "valat" and p.made), None)
    if valat is not None and won is not None and cp is None and won != (valat == "declarer"):
        # the engine says it in a file's words ("won must be false"); the form says which button to tap
        errors.append(("result", _("A Valat made by the declarer's side means the game is won: tap Won.")
                       if valat == "declarer" else
                       _("A Valat made by the opponents means the game is lost: tap Lost.")))
    if errors:
        return None, errors
    if valat is None:
        premiums = with_saecke(premiums, rules, contract, cp)
    return Deal("game", dealer, contract, declarer, partner, won=won, card_points=cp, kontra=kontra,
                premiums=premiums), []


# a contract only the Vorhand plays (VORHAND_ONLY): what a corrected dealer makes the player check, and where
ASKS = {"rufer": (_l("%(name)s is now Vorhand, so %(name)s plays the Rufer: check the partner and the premiums."),
                  ("partner", "premiums")),
        "sechserdreier": (_l("%(name)s is now Vorhand, so %(name)s plays the Sechserdreier: check the result and the "
                             "premiums."), ("result", "premiums")),
        "trischaken": (_l("%(name)s is now Vorhand, so %(name)s leads the Trischaken: check the card points."),
                       ("card_points",))}
ASKED_BY = {"partner": ("partner",), "result": ("result",), "card_points": ("card_points",),
            "premiums": tuple(f"side_{p}" for p in PREMIUMS)}   # the fields whose answers a correction asks about


def asks(form: DealForm, partie, before: int) -> tuple[str, tuple[str, ...]] | None:
    """A dealer corrected from `before` on a contract only the Vorhand plays, after a choice that depends on who
    plays was made (the partner, a premium's side, the result, Trischaken's card points): the Vorhand is another
    person now, so the form asks ("Dora is now Vorhand, so Dora plays the Rufer: check the partner and the
    premiums."); None when nothing typed depends on it."""
    n = len(partie.players)
    dealer = sides.player(form.dealer.data, n)
    contract = form.contract.data
    if form.type.data not in ("game", "renonce") or contract not in ASKS or dealer is None or not 0 <= before < n:
        return None
    now = vorhand(dealer, n)
    if now == vorhand(before, n):
        return None
    text, fields = ASKS[contract]
    names = [f"tp{i}" for i in range(n)] if contract == "trischaken" else \
        [name for field in fields for name in ASKED_BY[field]]
    if not any((form[name].data or "").strip() for name in names):
        return None
    return str(text) % {"name": partie.players[now]}, fields


def with_saecke(premiums: tuple, rules, contract: str, cp: int | None) -> tuple:
    """The premiums with each Sack the card points make (§14.2) that the form left unsaid: that side's, silent, made.
    The Säcke follow from the card points as won or lost does, so a Sack the player did not tick (his phone's script
    ticks it; without the script he may not have looked) is never a reason to refuse the deal; a Sack he did enter
    stays as entered (the engine says what is wrong with it)."""
    said = {p.premium for p in premiums}
    added = [Premium(sack, side, False, True, 1) for sack, side in saecke_reached(rules, contract, cp).items()
             if sack not in said]
    return tuple(sorted(premiums + tuple(added), key=lambda p: PREMIUMS.index(p.premium))) if added else premiums


def _premiums(form: DealForm, rules, renonce: bool):
    for p in PREMIUMS:
        side = form[f"side_{p}"].data
        if side not in ("declarer", "opponents"):
            continue
        if renonce:   # only what was announced before it is paid (§13): the form asks only whose was announced
            yield Premium(p, side, True)
            continue
        announced = form[f"ann_{p}"].data != "no"
        made = form[f"made_{p}"].data != "no"
        kontra = int(form[f"kon_{p}"].data) if announced and form[f"kon_{p}"].data in ("2", "4", "8") else 1
        yield Premium(p, side, announced, made, kontra)


# -- the calculator: the declarer side's pile in threes (the 54-card pack of RULES.md §2: 70 points) -------------

COUNTERS = ("trull", "kings", "queens", "knights", "jacks", "tricks", "talon")
LIMITS = {"trull": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4, "tricks": 12, "talon": 6}


def count_cards(rules, args) -> dict:
    """The calculator's hook (the shared /calculator/count asks it, and the form's Count button): the
    declarer side's pile from its counting cards, its tricks of four and the cards from the talon it holds
    (the ones laid away), in thirds; `fill` puts the result into the form's card points."""
    values, result = read_pile(args, COUNTERS, LIMITS, COUNTER_LABELS, per_trick=4)
    cards = result["cards"]
    if result["errors"]:
        return result
    try:
        thirds = PACK_54.pile({n: values[n] for n in COUNTERS[:5]}, cards, whole_tricks=False)
    except CardError as exc:
        result["errors"] = [sentence(p) for p in exc.problems]
        return result
    other = card_points(TOTAL - thirds)
    whole, blatt = split(thirds)
    live = _("= %(blatt)s (the other pile: %(other)s)", blatt=card_points(thirds), other=other)
    if "pile_of" in args:   # a Trischaken: one player's pile, into his card points and Blatt
        seat = args.get("pile_of") or ""
        if not re.fullmatch(r"[0-4]", seat):
            result.update(thirds=thirds, exact=card_points(thirds), other=other, fill={},
                          live_text=live + " " + _("Choose whose pile it is to fill it in."))
            return result
        fill = {f"tp{seat}": whole, f"tb{seat}": blatt}
    else:
        # the card points decide the result (RULES-KOENIGRUFEN: 35 2/3 wins): Won or Lost chosen with them
        fill = {"card_points": whole, "card_blatt": blatt, "result": "won" if thirds >= WIN else "lost"}
    result.update(thirds=thirds, exact=card_points(thirds), other=other, fill=fill, live_text=live)
    return result


CALCULATOR = {"counters": COUNTERS, "labels": COUNTER_LABELS, "limits": LIMITS,   # the /p/<id>/calculator page's
              "hint": _l("The declarer side's pile: its counting cards, its tricks and the cards it laid away from "
                         "the talon.")}


def count_action(form, partie) -> tuple[list[tuple[str, str]], dict]:
    """The form's "Count it" button (without JavaScript): the pile counted into the card points, or why not."""
    args = {name: form[name].data for name in COUNTERS}
    if form.contract.data == "trischaken":
        args["pile_of"] = form.pile_of.data or ""
    result = count_cards(partie.rules, args)
    if result["errors"]:
        return [("calculator", e) for e in result["errors"]], {}
    if not result["fill"]:
        return [("calculator", _("Choose whose pile it is to fill it in."))], {}
    for name, value in result["fill"].items():
        form[name].data = str(value)
    return [], {"counted": result["exact"]}


FIELD_OF = {"type": "type", "dealer": "dealer", "contract": "contract", "declarer": "declarer", "partner": "partner",
            "conceded": "conceded", "won": "result", "card_points": "card_points", "kontra": "kontra",
            "kontra_each": "kontra_each", "premiums": "premiums", "offender": "offender"}

ACTIONS = {"count": count_action}   # the form's buttons besides preview and save


def form_context(partie, form, counted: str = "") -> dict:
    """What the deal form's template uses besides the form."""
    n = len(partie.players)
    rules = partie.rules
    return {"item_label": item_label, "king_calls": KING_CALLS, "negative": NEGATIVE, "vorhand_only": VORHAND_ONLY,
            "concedable": CONCEDABLE, "premiums": rules.premiums, "kontra_levels": LEVELS[:1 + {1: 0, 2: 1, 4: 2, 8: 3}[
                rules.max_kontra]],
            "vorhand_seats": json.dumps([vorhand(d, n) for d in range(n)]),
            # who deals after a deal of each kind, by its dealer: the offline form follows this phone's waiting deals
            "next_dealers": sides.next_dealers(n),
            "vorhand_of": vorhand(sides.player(form.dealer.data, n) or 0, n),
            "out_seats": json.dumps([sitting_out(d, n) for d in range(n)]),
            "allowed": {c: [p for p in rules.premiums if rules.allows(c, p)] for c in rules.contracts},
            "saecke": {p: SAECKE[p] for p in rules.saecke},   # each Sack's card points (thirds): the script ticks it
            "describe": describe, "item_label": item_label, "short_result": short_result,
            "not_counted_lines": not_counted_lines,
            "premiums_set": any(form[f"side_{p}"].data for p in PREMIUMS), "birds": BIRDS,
            "counters": COUNTERS, "limits": LIMITS, "counted": counted,
            # the summary of a refused Save names these parts of the form (the others by their fields' labels)
            "error_labels": {"premiums": _("Premiums"), "kontra_each": _("Kontra by each opponent"),
                             "calculator": _("Count the pile")}}


def short_result(result, partie, money: bool = False) -> str:
    """A deal's result in a few words, for beside the Save button: the declarer's points ("Anna +8 (×2 included)"); in
    Trischaken (no declarer; its renonce too) who pays and who is paid; "±0" when nobody scores. With `money` (not at a
    tournament's table), a Kontra's money too where it differs from the points: "Dora −6 · −0.80 €"."""
    deal, points = result.deal, result.points
    who = deal.declarer if deal.declarer is not None else deal.offender
    shared = deal.type in ("game", "renonce") and deal.contract == "trischaken"
    if shared:   # no declarer: the one who pays most
        who = None
    if who is None and any(points):
        who = min(range(len(points)), key=lambda i: (points[i], i))
    words = f"{partie.players[who]} {signed(points[who])}" if who is not None and points[who] else "±0"
    if shared and who is not None and points[who] < 0:
        # how the Trischaken is shared out: who pays and who is paid, the players of one amount together ("Bernd,
        # Cilli each −3 · Dora +6"), those who pay first
        groups: dict = {}
        for i, x in enumerate(points):
            if x:
                groups.setdefault(x, []).append(partie.players[i])
        words = " · ".join(f"{names[0]} {signed(x)}" if len(names) == 1 else
                           f"{_('%(names)s each', names=', '.join(names))} {signed(x)}"
                           for x, names in sorted(groups.items()))
    if result.multiplier > 1:   # the points shown are doubled already: never read as "+6, times 2"
        words = _("%(result)s (×%(m)s included)", result=words, m=result.multiplier)
    if money and partie.rules.stake and who is not None and result.money_points[who] != points[who]:
        words += " · " + euros(in_money(result.money_points, partie.rules.stake)[who])
    return words


# -- words for the deals ---------------------------------------------------------------------------------------

def item_label(item: str) -> str:
    return say(ITEM_LABELS.get(item, item))


def describe(result, partie) -> str:
    """One line of the board for a deal: "Anna Rufer with Cilli, won · Pagat announced made · Kontra"; what was
    entered and does not count is marked so ("Trull silent made (not counted)"; the deal's page says why)."""
    return facts(result.deal, partie, result.won, uncounted=not_counted(result, partie.rules))


NOT_COUNTED = {
    "renonce": _l("a renonce pays only the premiums announced before it"),
    "conceded": _l("a conceded game pays the game and the birds its declarer announced, nothing else"),
    "conceded_rufer": _l("a conceded Rufer pays the game only"),
    "valat_silent": _l("beside a Valat only announced premiums count"),
    "valat_includes": _l("a Valat made includes the Trull and the Four Kings"),
    "valat_includes_silent": _l("a Valat made includes the silent Trull and the silent Four Kings"),
    "valat_kontra": _l("a silent Valat voids the Kontra on the game"),
    "talon_kontra": _l("the King lay in the talon: in a Solorufer no Kontra counts"),
    "rules": _l("these rules do not count it here"),
}


def not_counted(result, rules) -> dict[str, str]:
    """What was entered for a deal and does not count, with why (RULES-KOENIGRUFEN §3, §4, §7, §12): a premium by its
    name, a Kontra on the game as "kontra", one on a premium as "kontra:<premium>". Read off the engine's items: a
    premium without an item of its own, a Kontra whose item's money is its points; the reason in the rules' words
    where this page knows it."""
    deal = result.deal
    out: dict[str, str] = {}
    if deal is None or deal.type == "misdeal":
        return out
    premiums = deal.premiums
    if deal.type == "renonce":
        return {p.premium: str(NOT_COUNTED["renonce"]) for p in premiums if not p.announced}
    if deal.conceded:
        for p in premiums:
            if deal.contract == "rufer":
                out[p.premium] = str(NOT_COUNTED["conceded_rufer"])
            elif p.premium not in BIRDS or p.side != "declarer" or not p.announced:
                out[p.premium] = str(NOT_COUNTED["conceded"])
        return out
    items = {i.item: i for i in result.items}
    valat = next((p for p in premiums if p.premium == "valat"), None)
    mode = rules.valat
    for p in premiums:
        if p.premium in items:
            continue
        if valat is not None and mode == "multiplier" and not p.announced:
            out[p.premium] = str(NOT_COUNTED["valat_silent"])
        elif valat is not None and valat.made and mode == "premium" and p.premium in ("trull", "koenige"):
            out[p.premium] = str(NOT_COUNTED["valat_includes"])
        elif valat is not None and valat.made and mode == "wien" and p.premium in ("trull", "koenige"):
            out[p.premium] = str(NOT_COUNTED["valat_includes_silent"])
        else:
            out[p.premium] = str(NOT_COUNTED["rules"])
    if mode == "wien" and valat is not None and valat.made and not valat.announced and deal.kontra > 1:
        out["kontra"] = str(NOT_COUNTED["valat_kontra"])   # §14: a silent Valat made voids the Kontra on the game
    if rules.kontra_in_schrift:   # the points carry the Kontra too: nothing to compare
        return out
    talon = deal.contract == "solorufer" and deal.real_partner is None
    why = str(NOT_COUNTED["talon_kontra" if talon else "rules"])
    game = items.get("valat") or items.get("game")
    if deal.kontra > 1 and "kontra" not in out and game is not None and any(game.points) and \
            game.money_points == game.points:
        out["kontra"] = why
    for p in premiums:
        item = items.get(p.premium)
        if p.kontra > 1 and item is not None and any(item.points) and item.money_points == item.points:
            out[f"kontra:{p.premium}"] = why
    return out


def not_counted_lines(result, partie) -> list[str]:
    """The deal's page and its preview: each thing entered that does not count, and why ("Trull silent made: beside
    a Valat only announced premiums count.")."""
    deal = result.deal
    lines = []
    for key, why in not_counted(result, partie.rules).items():
        if key == "kontra":
            what = say(KONTRA_LABELS.get(deal.kontra, ""))
        elif key.startswith("kontra:"):
            premium = next(p for p in deal.premiums if p.premium == key[7:])
            what = f"{say(PREMIUM_LABELS.get(premium.premium, premium.premium))}: {say(KONTRA_LABELS.get(premium.kontra, ''))}"
        else:
            premium = next(p for p in deal.premiums if p.premium == key)
            what = renonce_premium_words(premium) if deal.type == "renonce" else premium_words(premium, kontra=False)
        lines.append(sentence(f"{what}: {why}"))
    return lines


def facts(deal, partie, won=None, decided=True, uncounted=None) -> str:
    names = partie.players
    n = len(names)
    words = sides.deal_head(deal, names, CONTRACT_LABELS)
    if not words or deal.type == "misdeal":
        return words
    if sides.is_seat(deal.real_partner, n):
        words += " " + _("with %(name)s", name=names[deal.real_partner])
    elif deal.partner is None and deal.contract in KING_CALLS:
        words += ", " + _("King in the talon")
    uncounted = uncounted or {}
    off = " " + _("(not counted)")
    if deal.type == "renonce":
        words += " · " + (_("renonce by %(name)s", name=names[deal.offender]) if sides.is_seat(deal.offender, n)
                          else _("renonce"))
        for p in deal.premiums:   # what was announced before it is paid ("Pagat announced")
            words += " · " + renonce_premium_words(p) + (off if p.premium in uncounted else "")
        return words
    if deal.contract == "trischaken" and isinstance(deal.card_points, tuple):
        words += " · " + ", ".join(f"{names[i]} {card_points(cp)}" for i, cp in enumerate(deal.card_points)
                                   if cp is not None and i < n)
        return words
    if deal.conceded:   # the birds its declarer announced are paid with the game ("Pagat announced")
        words += " · " + _("conceded")
        for p in deal.premiums:
            words += " · " + renonce_premium_words(p) + (off if p.premium in uncounted else "")
        return words
    if isinstance(deal.card_points, int):
        words += f", {card_points(deal.card_points)}{SCORE_COLON}{card_points(TOTAL - deal.card_points)}"
    if decided and won is not None:
        words += " · " + (_("won") if won else _("lost"))
    elif deal.won is not None:
        words += " · " + (_("won") if deal.won else _("lost"))
    if deal.kontra > 1:
        words += " · " + say(KONTRA_LABELS.get(deal.kontra, "")) + (off if "kontra" in uncounted else "")
    for i, k in enumerate(deal.kontra_each or ()):
        if k > 1 and i < n:
            words += " · " + _("%(level)s by %(name)s", level=say(KONTRA_LABELS.get(k, "")), name=names[i])
    for p in deal.premiums:
        words += " · " + premium_words(p, off if f"kontra:{p.premium}" in uncounted else "")
        words += off if p.premium in uncounted else ""
    return words


def premium_words(p: Premium, kontra_off: str = "", kontra: bool = True) -> str:
    return sides.premium_words(p, PREMIUM_LABELS, KONTRA_LABELS, kontra_off=kontra_off, kontra=kontra)


def renonce_premium_words(p: Premium) -> str:
    """A premium of a renonce or a concession: only whether it was announced matters ("Pagat announced", "Uhu
    (opponents) silent")."""
    what = say(PREMIUM_LABELS.get(p.premium, p.premium))
    side = f"({_('opponents')})" if p.side == "opponents" else ""
    return " ".join(x for x in (what, side, _("announced") if p.announced else _("silent")) if x)


def history_facts(raw, partie) -> str:
    """A stored deal (its file form) in words, for the history."""
    deal = parse_deal(raw, [])
    # won or lost: as entered, or from the card points (a positive game)
    text = facts(deal, partie, deal_won(deal)) if deal is not None else ""
    if deal is not None and sides.is_seat(deal.dealer, len(partie.players)):
        text += " · " + _("%(name)s dealt", name=partie.players[deal.dealer])
    return text


def summary(result, partie) -> str:
    """A recorded deal in one line, with every player's points (0 and losses too): for the other phone's deal in
    a 409, where two deals are compared."""
    return sides.summary(describe, result, partie)


def page_context(partie) -> dict:
    """What the board, the deals and a deal's page use besides the settlement."""
    return {"describe": describe, "item_label": item_label, "premium_words": premium_words, "in_money": in_money,
            "item_rows": partial(sides.item_rows, labels=ITEM_LABELS, in_money=in_money),
            "not_counted_lines": not_counted_lines}


def common_starts(settlement) -> list[dict]:
    """The board's quick starts into the deal form: the contracts most played, each with the contract chosen."""
    contracts = settlement.partie.rules.contracts
    return [{"label": say(CONTRACT_LABELS[c]), "detail": "", "query": {"contract": c}} for c in STARTS
            if c in contracts]


def score_sheet(settlement, results, partie):
    """The Wertungszettel (the `score_sheet` hook): points and money points, as the calling games keep them."""
    return points_sheet(settlement, results, partie, describe, in_money,
                        out=sides.Next(settlement, sitting_out).sitting_out)


def board_context(settlement) -> dict:
    # every player's running points (Schrift), from 0 (none before two deals)
    points = [[0] + [r.balance[i] for r in settlement.deals] for i in range(len(settlement.partie.players))]
    return {"chart": chart(points, fewest=3), "next": sides.Next(settlement, sitting_out), "starts": common_starts(settlement)}


def end_context(settlement) -> dict:
    """The end page (the `end_context` hook): every player's points and money, the dealer who sat out at five
    included; RULES-KOENIGRUFEN.md §1: an evening ends when the players stop; the app proposes stopping at a
    Radl's end and warns (without refusing) while a Radl or the doubled games of a doubled Radl are unfinished. The
    two columns, the score sheet's points and the money paid, are said always (Kontra counts in the money)."""
    return sides.radl_end(settlement, money_note=True)


class KoenigrufenWeb(GameWeb):
    """Königrufen's web part (the hooks: scorer/gameweb/__init__.py)."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    FIELD_OF = FIELD_OF
    ACTIONS = ACTIONS
    enter_previews = True   # its fields have choices after them: Enter previews, never saves
    partie_from_form = staticmethod(partie_from_form)
    make_form = staticmethod(make_form)
    to_deal = staticmethod(to_deal)
    form_context = staticmethod(form_context)
    short_result = staticmethod(short_result)
    asks = staticmethod(asks)
    describe = staticmethod(describe)
    summary = staticmethod(summary)
    history_facts = staticmethod(history_facts)
    page_context = staticmethod(page_context)
    new_form_values = staticmethod(new_form_values)
    board_context = staticmethod(board_context)
    score_sheet = staticmethod(score_sheet)
    end_context = staticmethod(end_context)
    count_cards = staticmethod(count_cards)

    def calculator(self, rules) -> dict:
        return CALCULATOR


WEB = KoenigrufenWeb()
