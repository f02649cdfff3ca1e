"""Bavarian Tarock in the web app: its new-partie form, board, deal form and deal page.

The routes are the same as Strohmandeln's (`/new?game=haferltarock`, `/p/<id>`, `/p/<id>/deal`, ...); the
Strohmandeln views hand a Bavarian partie to the functions here. The engine does every sum.
"""

from __future__ import annotations

from flask import current_app, render_template, request
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField, StringField
from wtforms.validators import Length, Optional

from .. import haferl
from ..haferl import CONTRACT_LABELS, PRESET_NAMES, PRESETS, Deal, HaferlError, RuleSet
from ..haferl.scoring import POT
from ..i18n import euros, say
from ..partie import Partie, check_name, clean_name
from ..problems import Problem
from .creating import new_partie_page
from .forms import new_key
from .saving import by_field, form_problems, score_and_save

SEATS = (_l("First player"), _l("Second player"), _l("Third player"), _l("Fourth player (optional)"))
REASONS = {"game": _l("Game"), "schneider": _l("Schneider"), "schwarz": _l("Schwarz"), "ante": _l("Ante")}


class NewHaferlForm(FlaskForm):
    """Three or four names in seating order, a rule set with its options, who deals first."""

    game = HiddenField(default="haferltarock")
    player0 = StringField(SEATS[0], validators=[Length(max=40, message=_l("A name has at most 40 characters."))])
    player1 = StringField(SEATS[1], validators=[Length(max=40, message=_l("A name has at most 40 characters."))])
    player2 = StringField(SEATS[2], validators=[Length(max=40, message=_l("A name has at most 40 characters."))])
    player3 = StringField(SEATS[3], validators=[Optional(),
                                                Length(max=40, message=_l("A name has at most 40 characters."))])
    first_dealer = RadioField(_l("Who deals first"), choices=[("0", _l("First")), ("1", _l("Second")),
                                                                ("2", _l("Third")), ("3", _l("Fourth"))], default="0")
    preset = RadioField(_l("Rules"), choices=[(p, _l(PRESET_NAMES[p])) for p in PRESETS], default=PRESETS[0])
    ante = StringField(_l("Ante into the pot (€)"), validators=[Optional()],
                       description=_l("Empty: 0.50. Every player pays it at the start and whenever the pot is empty."))
    stake = StringField(_l("Unit (€)"), validators=[Optional()],
                        description=_l("Empty: 0.01 per unit (Haferl), 0.10 (Huber, Sharp)."))
    draw_at_60 = BooleanField(_l("60 : 60 is a draw without payment"), default=True)
    schneider = BooleanField(_l("Schneider pays the contract once more"))
    bankroll = StringField(_l("Bankroll each player starts with (€)"), validators=[Optional()],
                           description=_l("Empty: 10.00."))


class HaferlDealForm(FlaskForm):
    """One deal: who dealt; for a game the declarer, contract, target, declarer's card points, Schwarz."""

    key = HiddenField()
    version = HiddenField()
    type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("redeal", _l("Nobody played: redeal"))],
                      default="game")
    dealer = RadioField(_l("Dealer"), choices=[], validate_choice=False)
    declarer = RadioField(_l("Declarer"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[], validate_choice=False)
    target = StringField(_l("Target"), default="61")
    points = StringField(_l("Card points of the declarer"))
    schwarz = BooleanField(_l("Schwarz: one side took no trick"))


def rules_from_form(form: NewHaferlForm) -> tuple[RuleSet | None, list[Problem]]:
    preset = form.preset.data
    data: dict = {"preset": preset}
    for name in ("ante", "stake", "bankroll"):
        value = (getattr(form, name).data or "").strip()
        if value and (name != "ante" or preset == "haferl") and (name != "bankroll" or preset == "sharp"):
            data[name] = value
    if preset == "huber":
        data["draw_at_60"] = bool(form.draw_at_60.data)
        data["schneider"] = bool(form.schneider.data)
    try:
        return RuleSet.from_dict(data), []
    except HaferlError as exc:
        return None, exc.problems


def new_partie(passcode: str | None, remember):
    """/new?game=haferltarock: three or four names, the rules, who deals first."""
    form = NewHaferlForm()

    def check():
        problems: list[Problem] = []
        raw = [form.player0.data, form.player1.data, form.player2.data, form.player3.data]
        names = []
        for i, value in enumerate(raw):
            value = clean_name(value or "")
            if not value:
                if i < 3:
                    problems.append(Problem(f"player{i}", "enter the names of at least three players"))
                continue
            names.append(check_name(value, problems, f"player{i}"))
        folded = [n.casefold() for n in names]
        if len(set(folded)) != len(folded):
            problems.append(Problem("player1", "the players need different names"))
        first = int(form.first_dealer.data) if form.first_dealer.data in ("0", "1", "2", "3") else 0
        if first >= max(len(names), 3):
            problems.append(Problem("first_dealer", "the first dealer must be one of the players"))
        rules, rule_problems = rules_from_form(form)
        problems += rule_problems
        return (None if problems else Partie(tuple(names), rules, (), first)), problems

    return new_partie_page(form, check, haferl, "haferl/new.html", passcode, remember, game="haferltarock")


# -- words for the deals -------------------------------------------------------------------------------

def describe(result, partie) -> str:
    """One line of the board for a deal: who declared what, the card points, won or lost."""
    return facts(result.deal, partie, result.won)


def facts(deal, partie, won=None, decided=True) -> str:
    names = partie.players
    if deal is None:
        return ""
    if deal.type == "redeal":
        return _("Redeal: nobody played")
    if deal.declarer is None or not 0 <= deal.declarer < len(names) or deal.contract not in CONTRACT_LABELS:
        return ""
    words = _("%(name)s: %(contract)s", name=names[deal.declarer], contract=say(CONTRACT_LABELS[deal.contract]))
    if deal.target != 61:
        words += " " + _("to %(target)s", target=deal.target)
    if deal.declarer_points is not None:
        words += f", {deal.declarer_points} : {deal.defenders_points}"
    if deal.schwarz:
        words += " · " + _("Schwarz")
    if decided:
        words += " · " + (_("draw") if won is None else _("won") if won else _("lost"))
    return words


def facts_of_dict(raw, partie) -> str:
    """A stored deal (its file form) in words, for the history."""
    from ..haferl.file import parse_deal
    deal = parse_deal(raw, [])
    text = facts(deal, partie, decided=False)
    if deal is not None and 0 <= deal.dealer < len(partie.players):
        text += " · " + _("%(name)s dealt", name=partie.players[deal.dealer])
    return text


def transfers(result, partie) -> list[tuple[str, str, str, str]]:
    """A deal's payments as (from, to, amount, why) in words."""
    names = partie.players
    pot, the_pot = _("The pot"), _("the pot")
    return [(pot if t.payer == POT else names[t.payer], the_pot if t.payee == POT else names[t.payee],
             euros(t.amount, sign=False), str(REASONS.get(t.reason, t.reason))) for t in result.transfers]


def chart(settlement, width: int = 340, height: int = 90) -> dict | None:
    """Every player's running balance as SVG polylines (None before two deals)."""
    n = len(settlement.partie.players)
    series = [[settlement.deals[0].balance[i] - settlement.deals[0].net[i]] + [r.balance[i] for r in settlement.deals]
              for i in range(n)] if settlement.deals else []
    if not series or len(series[0]) < 2:
        return None
    step_every = -(-len(series[0]) // 200)
    series = [s[::step_every] + ([s[-1]] if (len(s) - 1) % step_every else []) for s in series]
    top = max(max(max(s) for s in series), 0)
    bottom = min(min(min(s) for s in series), 0)
    span = (top - bottom) or 1
    pad = 6
    count = len(series[0])
    step = (width - 2 * pad) / (count - 1)

    def y(v):
        return round(float(pad + (top - v) * (height - 2 * pad) / span), 1)

    lines = [" ".join(f"{round(pad + i * step, 1)},{y(v)}" for i, v in enumerate(s)) for s in series]
    return {"width": width, "height": height, "lines": lines, "zero": y(0)}


# -- the board and the deal form ------------------------------------------------------------------------

def board(sp, settlement, results, more, empty_form):
    return render_template("haferl/board.html", sp=sp, partie=sp.partie, s=settlement, results=results, more=more,
                           chart=chart(settlement), form=empty_form, describe=describe,
                           poll=current_app.config["POLL_SECONDS"])


def make_form(sp, settlement, deal=None) -> HaferlDealForm:
    partie = sp.partie
    form = HaferlDealForm()
    players = [(str(i), name) for i, name in enumerate(partie.players)]
    form.dealer.choices = players
    form.declarer.choices = players
    form.contract.choices = [(c, say(CONTRACT_LABELS[c])) for c in partie.rules.contracts]
    if request.method == "GET":
        form.key.data = new_key()
        form.version.data = str(sp.version)
        form.dealer.data = str(settlement.next_dealer)
        form.contract.data = partie.rules.contracts[0]
        if deal is not None:
            form.type.data = deal.type
            form.dealer.data = str(deal.dealer)
            if deal.type == "game":
                form.declarer.data = str(deal.declarer)
                form.contract.data = deal.contract
                form.target.data = str(deal.target)
                form.points.data = str(deal.declarer_points)
                form.schwarz.data = deal.schwarz
    return form


def to_deal(form: HaferlDealForm, partie) -> tuple[Deal | None, list[tuple[str, str]]]:
    n = len(partie.players)
    valid = [str(i) for i in range(n)]
    if form.type.data not in ("game", "redeal"):
        return None, [("type", _("Choose what happened: a game, or a redeal."))]
    if form.dealer.data not in valid:
        return None, [("dealer", _("Choose who dealt."))]
    dealer = int(form.dealer.data)
    if form.type.data == "redeal":
        return Deal("redeal", dealer), []
    errors = []
    if form.declarer.data not in valid:
        errors.append(("declarer", _("Choose who declared.")))
    if form.contract.data not in partie.rules.contracts:
        errors.append(("contract", _("Choose the contract.")))
    target_text = (form.target.data or "61").strip()
    if not target_text.isdecimal() or len(target_text) > 3:
        errors.append(("target", _("The target is a whole number: 61, or a raised Hand (66, 71, ...).")))
    points_text = (form.points.data or "").strip()
    if not points_text:
        errors.append(("points", _("Enter the card points of the declarer (0 to 120).")))
    elif not points_text.isdecimal() or len(points_text) > 3:
        errors.append(("points", _("Card points are a whole number from 0 to 120.")))
    if errors:
        return None, errors
    return Deal("game", dealer, int(form.declarer.data), form.contract.data, int(target_text), int(points_text),
                bool(form.schwarz.data)), []


FIELD_OF = {"declarer_points": "points", "type": "type", "dealer": "dealer", "declarer": "declarer",
            "contract": "contract", "target": "target", "schwarz": "schwarz"}


def render_form(sp, settlement, form, number=None, errors=(), result=None, status=200):
    template = "haferl/_preview.html" if request.args.get("fragment") else "haferl/deal_form.html"
    return render_template(template, sp=sp, partie=sp.partie, s=settlement, form=form, number=number,
                           errors=by_field(errors), result=result, transfers=transfers), status


def handle(sp, settlement, number):
    """GET shows the form; POST previews or saves (a new deal, or deal `number` edited)."""
    partie = sp.partie
    existing = partie.deals[number - 1] if number and number <= len(partie.deals) else None
    form = make_form(sp, settlement, existing)
    if request.method == "GET":
        return render_form(sp, settlement, form, number)
    if not form.validate_on_submit():
        return render_form(sp, settlement, form, number, form_problems(form), status=422)
    deal, errors = to_deal(form, partie)
    return score_and_save(sp, settlement, form, number, deal, errors, request.form.get("action", "save"),
                          render_form, FIELD_OF, summary)


def summary(result, partie) -> str:
    """A recorded deal in one line, with who gained: for the other phone's deal in a 409."""
    gains = [f"{partie.players[i]} {euros(x)}" for i, x in enumerate(result.net) if x > 0]
    return " — ".join([describe(result, partie)] + ([", ".join(gains)] if gains else []))


def deal_page(sp, settlement, number):
    return render_template("haferl/deal.html", sp=sp, partie=sp.partie, s=settlement,
                           r=settlement.deals[number - 1], describe=describe, transfers=transfers)
