"""A deal played by sides, on the web: the web part of the games scored between a declarer's side and the opponents
round the table in Radls (scorer/tarock/sides.py, radl.py), `SidesWeb`, so that each game's folder keeps only its own
choices and words.

- the new-partie form (`new_partie_form`): the names in seating order, who deals first, the rule sets, the options
  every such game has (the stake, the highest Kontra, Kontra in the Schrift, the misdeal penalty:
  `tarock.sides.options`), read into a `Partie`;
- the deal form (`deal_form`): what happened, who dealt, the contract and its declarer, won or lost, card points as a
  whole number, Kontra, who reneged or misdealt; premium entries as segmented buttons (whose, silent or announced,
  made or failed, Kontra), hand premiums by the holder's name; made, filled from a deal and read into one;
- the words and pages: a deal in words, a premium in words, a deal's items in rows, the result in a few words, what
  comes next (who deals, who is Vorhand, who sits out, the Radl), the board's quick starts, the score sheet, the end
  of the evening's warnings.

A game subclasses `SidesWeb`, sets its tables (contracts, premiums, labels, Kontra levels, card points) and overrides
the hooks of what is its own (a partner called, hand premiums, a premium that follows from the card points). Names no
game: templates/_sides.html draws the same parts.
"""

from __future__ import annotations

import json
from functools import partial

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from wtforms import BooleanField, HiddenField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from ..partie import Partie, check_name, clean_name, name_key
from ..problems import Problem
from ..tarock.radl import in_money, next_dealer
from ..tarock.sides import Deal, Premium
from . import GameWeb
from .chart import chart
from .forms import Form, new_key, options_from_form, seats
from .sheet import points_sheet
from .words import SCORE_COLON, euros, say, sentence, signed

DEAL_TYPES = ("game", "renonce", "misdeal")
SIDE_CHOICES = [("", _l("none")), ("declarer", _l("Declarers")), ("opponents", _l("Opponents"))]   # short: three a row at 360 px
ORDINALS = (_l("First"), _l("Second"), _l("Third"), _l("Fourth"), _l("Fifth"))
SEATS = (_l("First player"), _l("Second player"), _l("Third player"), _l("Fourth player"))
OPTIONAL = {3: _l("Fourth player (optional)"), 4: _l("Fifth player (optional)")}   # a seat past the fewest players
HOW = {(True, True): _l("announced made"), (True, False): _l("announced failed"), (False, True): _l("silent made"),
       (False, False): _l("silent failed")}   # whole phrases: "angesagt und gemacht"


# -- a new partie --------------------------------------------------------------------------------------------------

def name_field(label, optional: bool = False) -> StringField:
    checks = [Length(max=40, message=_l("A name has at most 40 characters."))]
    return StringField(label, validators=([Optional()] if optional else []) + checks)


def first_dealer(most: int) -> RadioField:
    return RadioField(_l("Who deals first"), choices=[(str(i), ORDINALS[i]) for i in range(most)], default="0")


def kontra_field(labels: dict) -> SelectField:
    """The highest Kontra a partie plays with: as the rule set says, or one of the game's levels (`labels`)."""
    return SelectField(_l("Highest Kontra"), default="default",
                       choices=[("default", _l("as the rules say"))] + [(str(k), v) for k, v in labels.items()])


class SideOptions:
    """The new-partie form's options every game played by sides has (a mixin; `max_kontra` is the game's own,
    `kontra_field`)."""

    stake = StringField(_l("Money per point (€)"), validators=[Optional()], description=_l("Empty: 0.10."))
    kontra_in_schrift = BooleanField(_l("Kontra counts in the points too (not only in the money)"), default=True)
    misdeal_penalty = StringField(_l("A misdeal costs (points to every other player)"), validators=[Optional()],
                                  description=_l("Empty: 0."))


def new_partie_form(game, kontra_labels: dict) -> type:
    """The new-partie form's class of `game` (its `Game`), which the game subclasses with its own options: the names in
    seating order (as many as the game's most players; those past its fewest optional), who deals first, its rule
    sets, the highest Kontra (of `kontra_labels`, {level: name}) and the options of `SideOptions`."""
    fewest, most, engine = min(game.players), max(game.players), game.engine
    fields = {"game": HiddenField(default=game.key)}
    for i in range(most):
        fields[f"player{i}"] = name_field(SEATS[i] if i < fewest else OPTIONAL[i], optional=i >= fewest)
    fields["first_dealer"] = first_dealer(most)
    fields["preset"] = RadioField(_l("Rules"), choices=[(p, _l(engine.PRESET_NAMES[p])) for p in engine.PRESETS],
                                  default=engine.PRESETS[0])
    fields["max_kontra"] = kontra_field({k: _l(v) for k, v in kontra_labels.items()})
    return type("NewPartieForm", (SideOptions, Form), fields)
def partie_from_form(game, form, extra=None, fields=None):
    """(the Partie of the new-partie form's different names in seating order, its rule set and its first dealer, or
    None; the problems at their fields). `extra`: options of the game's own fields ({option: value}); `fields`: the
    form field a rule-set problem of such an option is said beside."""
    fewest, most = min(game.players), max(game.players)
    problems: list[Problem] = []
    names = []
    for i in range(most):
        value = clean_name(form[f"player{i}"].data or "")
        if value:
            names.append(check_name(value, problems, f"player{i}"))
        elif i < fewest:
            problems.append(Problem(f"player{i}", "enter the names of at least {n} players", n=fewest))
    if len({name_key(n) for n in names}) != len(names):
        problems.append(Problem("player1", "the players need different names"))
    first = int(form.first_dealer.data) if form.first_dealer.data in [str(i) for i in range(most)] else 0
    if first >= max(len(names), fewest):
        problems.append(Problem("first_dealer", "the first dealer must be one of the players"))
    data = {**options_from_form(game, form, leave_out=("max_kontra", "misdeal_penalty")), **(extra or {})}
    if form.max_kontra.data.isdecimal():
        data["max_kontra"] = int(form.max_kontra.data)
    penalty = (form.misdeal_penalty.data or "").strip()
    if penalty:
        data["misdeal_penalty"] = int(penalty) if penalty.isdecimal() and len(penalty) <= 6 else penalty
    rules = None
    try:
        rules = game.rules.from_dict(data)
    except game.error as exc:
        problems += [Problem((fields or {}).get(p.field, p.field), p.text, **p.args) for p in exc.problems]
    return (None if problems else Partie(tuple(names), rules, (), first)), problems


def form_values(rules, **own) -> dict:
    """The new-partie form's values that start a partie with `rules` again (the `new_form_values` hook: a Runde's next
    evening): its preset, Kontra in the Schrift, and the stake, the highest Kontra and the misdeal penalty where they
    were given; `own`: the game's own fields' values."""
    values = {"stake": rules.stake, "max_kontra": rules.max_kontra, "misdeal_penalty": rules.misdeal_penalty}
    return {"preset": rules.preset, "kontra_in_schrift": rules.kontra_in_schrift,
            **{name: str(value) for name, value in values.items() if name in rules.given}, **own}


# -- the deal form -------------------------------------------------------------------------------------------------

def deal_form(contracts, contract_labels: dict, levels: list, points_label, *mixins) -> type:
    """The deal form's class of a game played by sides, which the game subclasses with its own fields: what happened
    (`type`), who dealt, the contract (of `contracts`, the first proposed) and its declarer, the result for the
    declarer, his side's card points (`points_label`), the Kontra on the game (`levels`), who reneged or misdealt; its
    idempotency `key` and the partie's `version`. `mixins`: more fields (a pile calculator's counters)."""

    class DealForm(*mixins, Form):
        key = HiddenField()
        version = HiddenField()
        type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("renonce", _l("Renonce")),
                                                        ("misdeal", _l("Misdeal"))], default="game")
        dealer = RadioField(_l("Dealer"), choices=[], validate_choice=False)
        contract = RadioField(_l("Contract"), choices=[(c, _l(contract_labels[c])) for c in contracts],
                              default=contracts[0], validate_choice=False)
        declarer = RadioField(_l("Declarer"), choices=[], validate_choice=False)
        result = RadioField(_l("Result for the declarer"), choices=[("won", _l("Won")), ("lost", _l("Lost"))],
                            validate_choice=False)
        card_points = StringField(points_label)
        kontra = RadioField(_l("Kontra on the game"), choices=levels, default="1", validate_choice=False)
        offender = RadioField(_l("Who made the mistake"), choices=[], validate_choice=False)

    return DealForm



def premium_fields(form_class, premiums, labels: dict, levels: list, announced: str = "no") -> None:
    """A deal form's premium entries, each as segmented buttons (radios): whose (`side_<p>`), silent or announced
    (`ann_<p>`; a form posted without it: `announced`), made or failed (`made_<p>`), its Kontra (`kon_<p>`, one of
    `levels`)."""
    for p in premiums:
        setattr(form_class, f"side_{p}", RadioField(labels[p], choices=SIDE_CHOICES, default=""))
        setattr(form_class, f"ann_{p}", RadioField(_l("Announced"), default=announced,
                                                   choices=[("no", _l("silent")), ("yes", _l("announced"))]))
        setattr(form_class, f"made_{p}", RadioField(_l("Made"), default="yes",
                                                    choices=[("yes", _l("made")), ("no", _l("failed"))]))
        setattr(form_class, f"kon_{p}", SelectField(_l("Kontra"), choices=levels, default="1"))


def hand_fields(form_class, hands, labels: dict) -> None:
    """A deal form's hand premiums (`hand_<p>`): who was dealt it, a seat, or nobody ("")."""
    for p in hands:
        setattr(form_class, f"hand_{p}", RadioField(labels[p], choices=[], default="", validate_choice=False))


def read_premiums(form, premiums, renonce: bool, silent=(), declarer_announces: bool = False) -> tuple:
    """The premium entries the form says, in the game's order: in a renonce only whose were announced (§ renonce:
    only those are paid); `silent`: premiums never announced (only whose); `declarer_announces`: the opponents'
    are silent (the form does not ask)."""
    out = []
    for p in premiums:
        side = form[f"side_{p}"].data
        if side not in ("declarer", "opponents"):
            continue
        if renonce:
            out.append(Premium(p, side, True))
            continue
        announced = form[f"ann_{p}"].data == "yes" and p not in silent \
            and not (declarer_announces and side == "opponents")
        made = form[f"made_{p}"].data != "no" or p in silent
        kontra = form[f"kon_{p}"].data
        out.append(Premium(p, side, announced, made, int(kontra) if announced and kontra.isdecimal() else 1))
    return tuple(out)


def fill_premiums(form, premiums) -> None:
    """An edit form with a recorded deal's premium entries."""
    for e in premiums:
        form[f"side_{e.premium}"].data = e.side
        form[f"ann_{e.premium}"].data = "yes" if e.announced else "no"
        form[f"made_{e.premium}"].data = "no" if e.made is False else "yes"
        form[f"kon_{e.premium}"].data = str(e.kontra)


def is_seat(value, n: int) -> bool:
    """Whether a value read from a deal (a partie file's, maybe wrong) is one of `n` seats."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def deal_head(deal, names, contract_labels: dict) -> str:
    """The start of a deal in words: "Anna: Dreier" (the caller goes on), a misdeal's whole words ("Misdeal by
    Anna"), or "" for no deal or one whose declarer or contract a file got wrong."""
    n = len(names)
    if deal is None:
        return ""
    if deal.type == "misdeal":
        return _("Misdeal by %(name)s", name=names[deal.offender]) if is_seat(deal.offender, n) else _("Misdeal")
    if not is_seat(deal.declarer, n) or deal.contract not in contract_labels:
        return ""
    return _("%(name)s: %(contract)s", name=names[deal.declarer], contract=say(contract_labels[deal.contract]))


def player(value, n: int) -> int | None:
    """A seat chosen on the form (its value a seat's number), or None."""
    return int(value) if isinstance(value, str) and value.isdecimal() and len(value) == 1 and int(value) < n else None


def whole_points(text: str | None, total: int, wrong) -> int | None:
    """Card points typed as a whole number from 0 to `total` (None: empty); ValueError(`wrong`) otherwise."""
    text = (text or "").strip()
    if not text:
        return None
    if not text.isdecimal() or len(text) > 3 or int(text) > total:
        raise ValueError(str(wrong))
    return int(text)


def proposed_dealer(settlement) -> int:
    """Who deals next: the engine says after the first deal; before it, whoever the new partie named."""
    nxt = settlement.next_dealer
    return settlement.partie.first_dealer if nxt is None else nxt


def next_dealers(n: int) -> str:
    """Who deals after a deal of each kind, by its dealer (`data-next-dealers`): an offline form follows this phone's
    waiting deals."""
    return json.dumps({kind: [next_dealer(n, Deal(kind, d)) for d in range(n)] for kind in ("game", "renonce",
                                                                                              "misdeal")})


def kontra_levels(levels: list, most: int) -> list:
    """The Kontra levels (value, label) a partie plays with: up to its highest."""
    return [(v, label) for v, label in levels if int(v) <= most]


# -- words and pages -----------------------------------------------------------------------------------------------

def premium_words(p: Premium, labels: dict, kontra_labels: dict, silent=(), kontra_off: str = "",
                  kontra: bool = True) -> str:
    """A premium entry in words: "Pagat announced made, Kontra", "Trull (opponents) silent made"; one never announced
    is only whose ("Königstrull (opponents)"); `kontra`: its Kontra too."""
    side = f"({_('opponents')})" if p.side == "opponents" else ""
    how = "" if p.premium in silent else str(HOW[bool(p.announced), bool(p.made)])
    text = " ".join(x for x in (say(labels.get(p.premium, p.premium)), side, how) if x)
    if kontra and p.kontra > 1:
        text += ", " + say(kontra_labels.get(p.kontra, "")) + kontra_off
    return text


def renonce_words(p: Premium, labels: dict) -> str:
    """A renonce's premium: only whose was announced matters ("Pagat announced", "Valat (opponents) announced")."""
    side = f"({_('opponents')})" if p.side == "opponents" else ""
    return " ".join(x for x in (say(labels.get(p.premium, p.premium)), side, _("announced")) if x)


def item_rows(result, partie, in_euros: bool, labels: dict, in_money) -> tuple[bool, list]:
    """A deal's items for its page: whether any item's money differs from its points (a Kontra in the money only),
    and per item its label and rows (who, points, money): the players with the same amount in one row ("Anna, Bernd
    each"), the one who gains most first; a player an item leaves at 0 is not named."""
    names, stake = partie.players, partie.rules.stake
    with_money = any(item.money_points != item.points for item in result.items)
    items = []
    for item in result.items:
        money = in_money(item.money_points, stake) if in_euros else item.money_points
        groups: dict = {}
        for i, (x, m) in enumerate(zip(item.points, money)):
            if x or m:
                groups.setdefault((x, m), []).append(names[i])
        rows = [(", ".join(who) if len(who) == 1 else _("%(names)s each", names=", ".join(who)), signed(x),
                 euros(m) if in_euros else signed(m))
                for (x, m), who in sorted(groups.items(), key=lambda kv: (-kv[0][0], -kv[0][1]))]
        items.append((say(labels.get(item.item, item.item)), rows or [(_("everybody"), "0", "0")]))
    return with_money, items


def short_result(result, partie, money: bool, in_money) -> str:
    """A deal's result in a few words, beside Save: the declarer's points ("Anna +8"), in a renonce or a misdeal the
    offender's, "±0" when nobody scores; "(×2 included)" in a doubled deal; with `money` a Kontra's money where it
    differs from the points ("Dora −6 · −0.80 €")."""
    deal, points = result.deal, result.points
    who = deal.offender if deal.type != "game" else deal.declarer
    words = f"{partie.players[who]} {signed(points[who])}" if points[who] else "±0"
    if result.multiplier > 1:
        words = _("%(result)s (×%(m)s included)", result=words, m=result.multiplier)
    if money and partie.rules.stake and result.money_points[who] != points[who]:
        words += " · " + euros(in_money(result.money_points, partie.rules.stake)[who])
    return words


def summary(describe, result, partie) -> str:
    """A recorded deal in one line with every player's points: for the other phone's deal in a 409."""
    changes = ", ".join(f"{partie.players[i]} {signed(x)}" for i, x in enumerate(result.points))
    return f"{describe(result, partie)} — {changes}"


class Next:
    """What comes next, for the board: who deals (the first dealer before any deal), who is Vorhand, who sits out
    (`sitting_out(dealer, n)`), which deal of the Radl it is."""

    def __init__(self, settlement, sitting_out=None):
        n = len(settlement.partie.players)
        self.next_dealer = proposed_dealer(settlement)
        self.vorhand = (self.next_dealer + 1) % n
        self.sitting_out = sitting_out(self.next_dealer, n) if sitting_out else None
        self.deal_of_radl = settlement.counted % n + 1
        self.players = n


def radl_end(settlement, money_note: bool = False) -> dict:
    """The end page (the `end_context` hook) of a game played round the table in Radls: every player's points and
    money; the app proposes stopping at a Radl's end and warns (without refusing) while a Radl or the doubled deals
    of a doubled Radl are unfinished. A partie for money says that the points are the Schrift and the money what is
    paid where Kontra counts only in the money, or always (`money_note`)."""
    partie = settlement.partie
    stake = partie.rules.stake
    rows = [{"name": name, "points": signed(settlement.balance[i]), "money": settlement.money[i] if stake else None}
            for i, name in enumerate(partie.players)]
    warnings, notes = [], []
    left, pending = settlement.radl_left, settlement.doubled_pending
    if left:
        warnings.append(ngettext("The Radl is not finished: %(num)d more deal until everybody has dealt once.",
                                 "The Radl is not finished: %(num)d more deals until everybody has dealt once.",
                                 left))
    if pending:
        warnings.append(ngettext("The doubled Radl is not finished: %(num)d doubled deal still to play.",
                                 "The doubled Radl is not finished: %(num)d doubled deals still to play.", pending))
    if not warnings and settlement.counted:
        notes.append(_("The Radl is complete: a good moment to stop."))
    if stake and (money_note or not partie.rules.kontra_in_schrift):
        notes.append(_("Points are the score sheet's (Schrift); the money is what is paid, %(stake)s a point, Kontra "
                       "and Re included.", stake=euros(stake, False)))
    return {"rows": rows, "warnings": warnings, "notes": notes}


# -- the web part --------------------------------------------------------------------------------------------------

class SidesWeb(GameWeb):
    """The web part (`GameWeb`) of a game played by sides round the table in Radls: its new partie, its deal form made,
    filled and read, its deals in words, its board, score sheet and end page. A game's subclass sets its tables
    (below) and overrides the hooks of what is its own: `own_options`, `own_form_values`, `declarer_of`, `own_facts`,
    `fill_own`, `premiums_asked`, `with_own_premiums`, `with_whom`, `more_words`, `not_counted`, `start_detail`,
    `sitting_out`, `own_form_context`, and `won` (required)."""

    game = None                 # its `Game`: the players, the rules, the engine's Deal and check, the file's parse_deal
    DealForm = None             # its deal form: `deal_form(...)` with the game's own fields
    contracts: tuple = ()       # its contracts, in the form's order (each a quick start on the board)
    contract_labels: dict = {}
    premiums: tuple = ()        # its premium entries, in the game's order
    premium_labels: dict = {}
    item_labels: dict = {}      # the items of a result (the game, a premium, a renonce, a misdeal)
    kontra_labels: dict = {}    # {Kontra level: its name in full}
    levels: list = []           # the deal form's Kontra levels: [(value, short label)]
    total: int = 0              # the card points of the pack: the declarer's side has 0 to `total`, whole
    points_wrong = ""           # what card points typed otherwise are told
    seat_fields: tuple = ("dealer", "declarer", "offender")   # the deal form's choices of a player
    silent: tuple = ()          # premiums never announced (the form asks only whose)
    declarer_announces = False  # only the declarer announces: the opponents' premiums are silent
    option_fields: dict = {}    # {rule-set option: the new-partie field its problem is said beside}
    error_labels: dict = {"premiums": _l("Premiums")}   # the refusal summary's names of the form's parts
    FIELD_OF = {"type": "type", "dealer": "dealer", "contract": "contract", "declarer": "declarer", "won": "result",
                "card_points": "card_points", "kontra": "kontra", "premiums": "premiums", "offender": "offender"}
    enter_previews = True       # its fields have choices after them: Enter previews, never saves

    # -- a new partie --

    def partie_from_form(self, form):
        return partie_from_form(self.game, form, self.own_options(form), self.option_fields)

    def own_options(self, form) -> dict | None:
        """The rule set's options the game's own new-partie fields give in another form than the rules' (
        `options_from_form` reads the others as they are): {option: value}. Default: none."""
        return None

    def new_form_values(self, rules) -> dict:
        return form_values(rules, **self.own_form_values(rules))

    def own_form_values(self, rules) -> dict:
        """The game's own new-partie fields' values for `rules` (a Runde's next evening). Default: none."""
        return {}

    # -- the deal form --

    def make_form(self, sp, settlement, deal=None, fresh: bool = False):
        """The deal form: the dealer proposed (the offender too: a misdeal is the dealer's, a renonce's is chosen), a
        quick start's contract; the declarer chosen by name, never proposed."""
        form = self.DealForm(formdata=None) if fresh else self.DealForm()
        seats(form, sp.partie, *self.seat_fields)
        if fresh or request.method == "GET":
            form.key.data, form.version.data = new_key(), str(sp.version)
            dealer = proposed_dealer(settlement) if deal is None else deal.dealer
            form.dealer.data = form.offender.data = str(dealer)
            if request.args.get("contract") in self.contracts:   # a quick start from the board
                form.contract.data = request.args["contract"]
            if deal is not None:
                self.fill(form, deal)
        return form

    def fill(self, form, deal) -> None:
        """An edit form with a recorded deal's facts."""
        form.type.data = deal.type
        form.offender.data = None if deal.offender is None else str(deal.offender)
        if deal.type == "misdeal":
            return
        form.contract.data, form.declarer.data = deal.contract, str(deal.declarer)
        form.result.data = None if deal.won is None else "won" if deal.won else "lost"
        form.card_points.data = "" if deal.card_points is None else str(deal.card_points)
        form.kontra.data = str(deal.kontra)
        fill_premiums(form, deal.premiums)
        self.fill_own(form, deal)

    def fill_own(self, form, deal) -> None:
        """An edit form's own fields from a recorded game or renonce. Default: none."""

    def to_deal(self, form, partie):
        """The deal the form says, persons as seats; what the form does not show for the answers given (a premium
        the contract does not play, a renonce's silent ones) is not read."""
        n, make = len(partie.players), self.game.engine.Deal
        if form.type.data not in DEAL_TYPES:
            return None, [("type", _("Choose what happened: a game, a renonce or a misdeal."))]
        dealer, offender = player(form.dealer.data, n), player(form.offender.data, n)
        if dealer is None:
            return None, [("dealer", _("Choose who dealt."))]
        if form.type.data == "misdeal":
            return (make("misdeal", dealer, offender=offender), []) if offender is not None else \
                (None, [("offender", _("Choose who misdealt."))])
        contract = form.contract.data
        if contract not in self.contracts:
            return None, [("contract", _("Choose the contract."))]
        errors: list[tuple[str, str]] = []
        declarer = self.declarer_of(form, contract, dealer, n)
        if declarer is None:
            errors.append(("declarer", _("Choose who declared.")))
        own = self.own_facts(form, contract, n, errors)
        renonce = form.type.data == "renonce"
        premiums = read_premiums(form, self.premiums_asked(partie.rules, contract, renonce), renonce, self.silent,
                                 self.declarer_announces)
        if renonce:
            if offender is None:
                errors.append(("offender", _("Choose who made the renonce.")))
            return (None, errors) if errors else (make("renonce", dealer, contract, declarer, offender=offender,
                                                       premiums=premiums, **own), [])
        won = {"won": True, "lost": False}.get(form.result.data)
        try:
            cp = whole_points(form.card_points.data, self.total, self.points_wrong)
        except ValueError as exc:
            cp = None
            errors.append(("card_points", str(exc)))
        if won is None and cp is None and not errors:
            errors.append(("result", _("Say whether the game was won or lost (or enter the card points).")))
        if errors:
            return None, errors
        kontra = int(form.kontra.data) if form.kontra.data in dict(self.levels) else 1
        return make("game", dealer, contract, declarer, won=won, card_points=cp, kontra=kontra,
                    premiums=self.with_own_premiums(premiums, cp), **own), []

    def declarer_of(self, form, contract: str, dealer: int, n: int) -> int | None:
        """The declarer of the contract the form says (None: not chosen). Default: the player chosen by name."""
        return player(form.declarer.data, n)

    def own_facts(self, form, contract: str, n: int, errors: list) -> dict:
        """The game's own facts of a game or renonce read from the form, as its Deal's fields ({field: value}); what
        is missing is added to `errors` as (form field, message). Default: none."""
        return {}

    def premiums_asked(self, rules, contract: str, renonce: bool) -> tuple:
        """The premiums the form asks for this contract (in a renonce). Default: every one."""
        return self.premiums

    def with_own_premiums(self, premiums: tuple, card_points: int | None) -> tuple:
        """A game's premium entries with those that follow from its facts (a premium the card points make). Default:
        as entered."""
        return premiums

    def won(self, rules, deal) -> bool:
        """Whether the declarer's side won a game the engine's check accepted (the engine's answer). Required."""
        raise NotImplementedError

    # -- words --

    def item_label(self, item: str) -> str:
        return say(self.item_labels.get(item, item))

    def premium_words(self, p: Premium, kontra_off: str = "") -> str:
        return premium_words(p, self.premium_labels, self.kontra_labels, self.silent, kontra_off)

    def facts(self, deal, partie, won=None, uncounted=()) -> str:
        """A deal in a line of words: "Anna: Dreier, 41 : 29 · won · Kontra · Pagat silent made"; what was entered
        and does not count (`uncounted`) is marked so."""
        names = partie.players
        n = len(names)
        head = deal_head(deal, names, self.contract_labels)
        if not head or deal.type == "misdeal":
            return head
        head += self.with_whom(deal, names)
        if deal.type == "renonce":
            parts = [head, _("renonce by %(name)s", name=names[deal.offender]) if is_seat(deal.offender, n)
                     else _("renonce")] + [renonce_words(p, self.premium_labels) for p in deal.premiums]
        else:
            if isinstance(deal.card_points, int):
                head += f", {deal.card_points}{SCORE_COLON}{self.total - deal.card_points}"
            won = deal.won if won is None else won
            parts = [head] + ([_("won") if won else _("lost")] if won is not None else [])
            parts += [say(self.kontra_labels.get(deal.kontra, ""))] if deal.kontra > 1 else []
            off = " " + _("(not counted)")
            parts += [self.premium_words(p) + (off if p.premium in uncounted else "") for p in deal.premiums]
        return " · ".join(parts + self.more_words(deal, names))

    def with_whom(self, deal, names) -> str:
        """What follows the declarer's contract in a deal's words (" with Cilli": his partner). Default: nothing."""
        return ""

    def more_words(self, deal, names) -> list[str]:
        """The last parts of a game's or renonce's words (a hand premium's holder). Default: none."""
        return []

    def not_counted(self, result) -> dict:
        """What was entered for a deal and does not count: {premium: why}. Default: nothing."""
        return {}

    def not_counted_lines(self, result, partie) -> list[str]:
        return [sentence(f"{self.premium_words(result.deal.entry(p))}: {why}")
                for p, why in self.not_counted(result).items()]

    def describe(self, result, partie) -> str:
        return self.facts(result.deal, partie, result.won, self.not_counted(result))

    def history_facts(self, raw, partie) -> str:
        """A stored deal (its file form) in words, for the history: won or lost as the engine scores it."""
        deal = self.game.file.parse_deal(raw, [])
        if deal is None:
            return ""
        decided = deal.type == "game" and not self.game.check(partie.rules, deal, partie.players)
        text = self.facts(deal, partie, self.won(partie.rules, deal) if decided else None)
        dealt = is_seat(deal.dealer, len(partie.players))
        return text + (" · " + _("%(name)s dealt", name=partie.players[deal.dealer]) if dealt else "")

    def short_result(self, result, partie, money: bool = False) -> str:
        return short_result(result, partie, money, in_money)

    def summary(self, result, partie) -> str:
        return summary(self.describe, result, partie)

    # -- the board, the deal form's page, the end --

    def page_context(self, partie) -> dict:
        return {"describe": self.describe, "item_label": self.item_label, "in_money": in_money,
                "item_rows": partial(item_rows, labels=self.item_labels, in_money=in_money),
                "not_counted_lines": self.not_counted_lines}

    def form_context(self, partie, form, **extras) -> dict:
        levels = kontra_levels(self.levels, partie.rules.max_kontra)
        return {**self.page_context(partie), "short_result": self.short_result, "premiums": self.premiums,
                "levels": levels, "level_names": "|".join(say(self.kontra_labels[int(v)]) for v, _x in self.levels),
                "next_dealers": next_dealers(len(partie.players)), "total": self.total,
                "error_labels": {part: str(label) for part, label in self.error_labels.items()},
                **self.own_form_context(partie, form, **extras)}

    def own_form_context(self, partie, form, **extras) -> dict:
        """What the game's deal form template uses besides the shared parts (`extras`: an action's). Default:
        nothing."""
        return {}

    def sitting_out(self, dealer: int, n: int) -> int | None:
        """Who sits out a deal of `dealer` at `n` players. Default: nobody."""
        return None

    def next(self, settlement) -> Next:
        return Next(settlement, self.sitting_out)

    def start_detail(self, contract: str, settlement) -> str:
        """A quick start's line under its contract on the board ("Bernd calls"). Default: none."""
        return ""

    def board_context(self, settlement) -> dict:
        n = len(settlement.partie.players)
        points = [[0] + [r.balance[i] for r in settlement.deals] for i in range(n)]
        starts = [{"label": say(self.contract_labels[c]), "detail": self.start_detail(c, settlement),
                   "query": {"contract": c}} for c in self.contracts]
        return {"chart": chart(points, fewest=3), "next": self.next(settlement), "starts": starts}

    def score_sheet(self, settlement, results, partie):
        return points_sheet(settlement, results, partie, self.describe, in_money,
                            out=self.next(settlement).sitting_out)

    def end_context(self, settlement) -> dict:
        return radl_end(settlement)
