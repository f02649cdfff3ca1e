"""A deal played by sides, on the web: what the web parts of the games scored between a declarer's side and the
opponents (scorer/tarock/sides.py) share, so that each game's folder keeps only its own choices and words.

- the new-partie form: the names in seating order, who deals first, the options every such game has (the stake, the
  highest Kontra, Kontra in the Schrift, the misdeal penalty: `tarock.sides.options`), read into a `Partie`;
- the deal form: premium entries as segmented buttons (whose, silent or announced, made or failed, Kontra), hand
  premiums by the holder's name, card points as a whole number, a player chosen by seat;
- the words and pages: a premium in words, a deal's items in rows, the result in a few words, what comes next (who
  deals, who is Vorhand, who sits out, the Radl), the end of the evening's warnings.

Names no game: a game hands in its premiums, labels and Kontra levels (templates/_sides.html draws the same parts).
"""

from __future__ import annotations

import json

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from wtforms import BooleanField, RadioField, SelectField, StringField
from wtforms.validators import Length, Optional

from ..partie import Partie, check_name, clean_name, name_key
from ..problems import Problem
from ..tarock.radl import next_dealer
from ..tarock.sides import Deal, Premium
from .forms import options_from_form
from .words import euros, say, signed

SIDE_CHOICES = [("", _l("none")), ("declarer", _l("Declarers")), ("opponents", _l("Opponents"))]
ORDINALS = (_l("First"), _l("Second"), _l("Third"), _l("Fourth"), _l("Fifth"))
SEATS = (_l("First player"), _l("Second player"), _l("Third player"), _l("Fourth player"))
OPTIONAL = _l("Fourth player (optional)")
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


def partie_from_form(game, form, fewest: int, most: int, extra=None, fields=None):
    """(the Partie of `fewest` to `most` different names in seating order, its rule set and its first dealer, or
    None; the problems at their fields). `extra`: options of the game's own fields ({option: value}); `fields`:
    the form field a rule-set problem of such an option is said beside."""
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


def new_form_values(rules, **own) -> dict:
    """The new-partie form's values that start a partie with `rules` again (the `new_form_values` hook: a Runde's next
    evening): its preset, Kontra in the Schrift, and the stake, the highest Kontra and the misdeal penalty where they
    were given; `own`: the game's own fields' values."""
    values = {"stake": rules.stake, "max_kontra": rules.max_kontra, "misdeal_penalty": rules.misdeal_penalty}
    return {"preset": rules.preset, "kontra_in_schrift": rules.kontra_in_schrift,
            **{name: str(value) for name, value in values.items() if name in rules.given}, **own}


# -- the deal form -------------------------------------------------------------------------------------------------

def premium_fields(form_class, premiums, labels: dict, levels: list) -> None:
    """A deal form's premium entries, each as segmented buttons (radios): whose (`side_<p>`), silent or announced
    (`ann_<p>`), made or failed (`made_<p>`), its Kontra (`kon_<p>`, one of `levels`)."""
    for p in premiums:
        setattr(form_class, f"side_{p}", RadioField(labels[p], choices=SIDE_CHOICES, default=""))
        setattr(form_class, f"ann_{p}", RadioField(_l("Announced"), default="no",
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

def premium_words(p: Premium, labels: dict, kontra_labels: dict, silent=(), kontra_off: str = "") -> str:
    """A premium entry in words: "Pagat announced made, Kontra", "Trull (opponents) silent made"; one never announced
    is only whose ("Königstrull (opponents)")."""
    side = f"({_('opponents')})" if p.side == "opponents" else ""
    how = "" if p.premium in silent else str(HOW[bool(p.announced), bool(p.made)])
    text = " ".join(x for x in (say(labels.get(p.premium, p.premium)), side, how) if x)
    if p.kontra > 1:
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


def radl_end(settlement) -> dict:
    """The end page (the `end_context` hook) of a game played round the table in Radls: every player's points and
    money; the app proposes stopping at a Radl's end and warns (without refusing) while a Radl or the doubled deals
    of a doubled Radl are unfinished."""
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
    if stake and not partie.rules.kontra_in_schrift:
        notes.append(_("Points are the score sheet's (Schrift); the money is what is paid, %(stake)s a point, Kontra "
                       "and Re included.", stake=euros(stake, False)))
    return {"rows": rows, "warnings": warnings, "notes": notes}


def started(field: str) -> bool:
    """The deal form was opened from one of the board's quick starts (`?start=1`), for `field` (autofocus)."""
    return request.method == "GET" and bool(request.args.get("start")) and field in request.args
