"""Bavarian Tarock in the web app: its forms, its pages' words, its deal form: its web part, `HaferlWeb` (a
`scorer.gameweb.GameWeb`: every hook the shared routes ask of a game's web part). Its pages are
`templates/haferl/`. The engine does every sum.
"""

from __future__ import annotations

from decimal import Decimal

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l
from wtforms import BooleanField, HiddenField, RadioField, StringField
from wtforms.validators import Length, Optional

from . import CONTRACT_LABELS, PRESET_NAMES, PRESETS, Deal
from .game import GAME, KEEP
from .rules import TARGET
from .file import parse_deal
from .scoring import POT, next_dealer as engine_next_dealer, score as engine_score
from ...gameweb import GameWeb
from ...gameweb.blueprint import GameBlueprint
from ...gameweb.chart import chart
from ...gameweb.forms import Form, new_key, rules_from_form, seats
from ...gameweb.sheet import Cell, Column, HeadCell, HeadRow, Line, Sheet, dealt, plain_euros, tone
from ...gameweb.words import SCORE_COLON, euros, say
from ...partie import Partie, check_name, clean_name, name_key
from ...problems import Problem

BLUEPRINT = GameBlueprint("haferl", __name__)   # its pages (templates/haferl/) and static files (static/) in this folder

CARD_POINTS_NOTE = _l("Bavarian Tarock is counted card by card (Ace 11, Ten 10, King 4, Ober 3, Unter 2; 120 in all): "
                      "the calculator, which counts in threes, is for Strohmandeln.")   # the calculator page's words
SEATS = (_l("First player"), _l("Second player"), _l("Third player"), _l("Fourth player (optional)"))
REASONS = {"game": _l("Game"), "schneider": _l("Schneider"), "schwarz": _l("Schwarz"), "ante": _l("Ante")}


class NewPartieForm(Form):
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


class DealForm(Form):
    """One deal: who dealt; for a game the declarer, contract, target, declarer's card points, Schwarz."""

    key = HiddenField()
    version = HiddenField()
    type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("redeal", _l("Nobody played: redeal"))],
                      default="game")
    dealer = RadioField(_l("Dealer"), choices=[], validate_choice=False)
    declarer = RadioField(_l("Declarer"), choices=[], validate_choice=False)
    contract = RadioField(_l("Contract"), choices=[], validate_choice=False)
    target = StringField(_l("Target"), default=str(TARGET))
    points = StringField(_l("Card points of the declarer"))
    schwarz = BooleanField(_l("Schwarz: one side took no trick"))


def partie_from_form(form: NewPartieForm) -> tuple[Partie | None, list[Problem]]:
    """Three or four different names in seating order, the rule set, who deals first; or the problems."""
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
    folded = [name_key(n) for n in names]
    if len(set(folded)) != len(folded):
        problems.append(Problem("player1", "the players need different names"))
    first = int(form.first_dealer.data) if form.first_dealer.data in ("0", "1", "2", "3") else 0
    if first >= max(len(names), 3):
        problems.append(Problem("first_dealer", "the first dealer must be one of the players"))
    rules, rule_problems = rules_from_form(GAME, form)
    problems += rule_problems
    return (None if problems else Partie(tuple(names), rules, (), first)), problems


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
    if deal.target != TARGET:
        words += " " + _("to %(target)s", target=deal.target)
    if deal.declarer_points is not None:
        words += f", {deal.declarer_points}{SCORE_COLON}{deal.defenders_points}"
    if deal.schwarz:
        words += " · " + _("Schwarz")
    if decided:
        words += " · " + (_("draw") if won is None else _("won") if won else _("lost"))
    return words


def decided(deal, partie) -> tuple[bool | None, bool]:
    """(won, whether to say so) for a stored deal: from the engine's score of a deal it accepts; a deal it
    refuses (a broken file) says neither."""
    if deal is None or deal.type != "game" or GAME.check(partie.rules, deal, partie.players):
        return None, False
    return engine_score(partie.rules, deal, len(partie.players)).won, True


def history_facts(raw, partie) -> str:
    """A stored deal (its file form) in words, for the history."""
    deal = parse_deal(raw, [])
    text = facts(deal, partie, *decided(deal, partie))
    if deal is not None and 0 <= deal.dealer < len(partie.players):
        text += " · " + _("%(name)s dealt", name=partie.players[deal.dealer])
    return text


def transfers(result, partie) -> list[tuple[str, str, str, str]]:
    """A deal's payments as (from, to, amount, why) in words."""
    names = partie.players
    pot, the_pot = _("The pot"), _("the pot")
    return [(pot if t.payer == POT else names[t.payer], the_pot if t.payee == POT else names[t.payee],
             euros(t.amount, sign=False), str(REASONS.get(t.reason, t.reason))) for t in result.transfers]


def running(settlement) -> list[list]:
    """Each player's money before the first deal (what he paid into the first pot) and after every deal: the
    board's chart (`gameweb.chart`)."""
    deals = settlement.deals
    if not deals:
        return [[] for _ in settlement.partie.players]
    first = deals[0]
    return [[first.balance[i] - first.net[i]] + [r.balance[i] for r in deals]
            for i in range(len(settlement.partie.players))]


# -- the board and the deal form ------------------------------------------------------------------------

def antes(result) -> tuple:
    """What each player put into the pot in this deal (the ante of a refill): part of his net, not a loss."""
    paid = [Decimal(0)] * len(result.net)
    for t in result.transfers:
        if t.reason == "ante" and isinstance(t.payer, int) and 0 <= t.payer < len(paid):
            paid[t.payer] += t.amount
    return tuple(paid)


def page_context(partie) -> dict:
    """What the board, the deals and a deal's page use besides the settlement."""
    return {"describe": describe, "transfers": transfers, "antes": antes}


AT_THE_END = {"share": _l("Share the pot as the rules say"), KEEP: _l("Keep the pot for the next evening")}


def pot_lines(closing, names) -> list[tuple[str, str]]:
    """Under "Who pays whom" (the `pot_lines` hook): the pot shared equally or kept (RULES-BAVARIAN.md §2), each one's
    money after it (what a Runde counts for the evening), and the pot the Runde's earlier evenings kept, shared with
    it or kept on."""
    lines = []
    if closing.pot:
        amount = euros(closing.pot, False)
        lines.append(("", _("The pot (%(amount)s) is kept for the next evening.", amount=amount) if closing.kept else
                      _("The pot (%(amount)s) is shared equally.", amount=amount)))
    lines.append(("money-at-the-end", _("At the end:") + " " + " · ".join(
        f"{name} {euros(amount)}" for name, amount in zip(names, closing.money))))
    if closing.carried:
        amount = euros(closing.carried, False)
        lines.append(("carried", _("The pot kept by earlier evenings of the Runde (%(amount)s) stays in the pot for "
                                   "the next evening too.", amount=amount) if closing.kept else
                      _("The pot kept by earlier evenings of the Runde (%(amount)s) is shared too.", amount=amount)))
    return lines


def end_context(settlement) -> dict:
    """The end page (the `end_context` hook): every player's money (Bavarian Tarock is played for money, no
    points) and the pot's level (RULES-BAVARIAN.md §2: always shown); nothing is left unfinished at a deal's end,
    so no warning."""
    rows = [{"name": name, "points": None, "money": settlement.balance[i]}
            for i, name in enumerate(settlement.partie.players)]
    notes = [] if settlement.pot is None else [
        _("Pot: %(amount)s", amount=euros(settlement.pot, False)),
        _("The money above is before the pot is shared out or kept; “At the end” below is after it.")]
    return {"rows": rows, "warnings": [], "notes": notes}


def score_sheet(settlement, results, partie) -> Sheet:
    """The score sheet (the `score_sheet` hook), as Königrufen's: the names as column heads and the pot as a column of
    its own; on the board the head also holds each one's money (the settlement's `balance`, what he paid into the pot
    included: red only for a loss beyond his share of it) and, with a bankroll, what each has left. A line per deal:
    each player's money for it (coloured by what he won or lost: an ante paid into a refilled pot is said in the
    line, never shown as a loss) over his money after it; the pot's change over the pot after it."""
    names = partie.players
    n = len(names)
    pot = settlement.pot
    extra = (Column(_("Pot"), "pot-col"),) if pot is not None else ()
    mine = [b + (pot / n if pot is not None else 0) for b in settlement.balance]
    head = (HeadRow("cash", _("Money"), tuple(
        HeadCell(plain_euros(b), f"balance-{i}", "pos" if b > 0 else "neg" if mine[i] < 0 else "zero")
        for i, b in enumerate(settlement.balance)) + ((HeadCell(euros(pot, False).replace(" €", ""), "pot", "pot-col"),)
                                                     if extra else ()), symbol="€"),)
    if settlement.credits:
        head += (HeadRow("left", _("Left"), tuple(HeadCell(euros(c, False).replace(" €", ""), f"credits-{i}")
                                                 for i, c in enumerate(settlement.credits)) + ((HeadCell(""),) if extra
                                                                                               else ()),
                         shown=True, title=_("Left of the bankroll")),)
    lines = []
    for r in results:
        ante = antes(r)
        paid = [names[i] for i, a in enumerate(ante) if a]
        cells = tuple(Cell(plain_euros(x) if x else "·", "net " + tone(x + ante[i]), plain_euros(r.balance[i]),
                           cls="sat" if r.sitting_out == i else "") for i, x in enumerate(r.net))
        if extra:
            change = -sum(r.net)
            cells += (Cell(plain_euros(change) if change else "·", "zero", euros(r.pot, False).replace(" €", ""),
                           cls="pot-col"),)
        lines.append(Line(r.number, describe(r, partie), dealt(partie, r), cells, note=_(
            "%(names)s: %(amount)s each into the refilled pot", names=", ".join(paid), amount=euros(max(ante), False))
            if paid else ""))
    return Sheet(names, _("Score sheet: money for each deal and the running total of every player"), head,
                 tuple(lines), extra, out=settlement.sitting_out, kind="money-sheet")


def common_starts(settlement) -> list[dict]:
    """The board's shortcuts into the deal form: one per contract of the rule set, with the contract chosen."""
    return [{"label": say(CONTRACT_LABELS[c]), "detail": "", "query": {"contract": c}}
            for c in settlement.partie.rules.contracts]


def board_context(settlement) -> dict:
    return {"chart": chart(running(settlement)), "starts": common_starts(settlement)}


def make_form(sp, settlement, deal=None, fresh: bool = False) -> DealForm:
    """The deal form, filled from the request, from `deal` or with the defaults (`fresh`: not from the request, as a
    GET has it, also on a POST)."""
    partie = sp.partie
    form = DealForm(formdata=None) if fresh else DealForm()
    seats(form, partie, "dealer", "declarer")
    form.contract.choices = [(c, say(CONTRACT_LABELS[c])) for c in partie.rules.contracts]
    if fresh or request.method == "GET":
        form.key.data = new_key()
        form.version.data = str(sp.version)
        form.dealer.data = str(settlement.next_dealer)
        form.contract.data = partie.rules.contracts[0]
        if request.args.get("contract") in partie.rules.contracts:   # a common start from the board
            form.contract.data = request.args["contract"]
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


def to_deal(form: DealForm, partie) -> tuple[Deal | None, list[tuple[str, str]]]:
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
    # the target is on the screen only for a Hand of the Haferl rules: otherwise a value left in it (a Hand
    # raised, then switched to Pick-Up) never decides the deal
    shown = partie.rules.preset == "haferl" and form.contract.data == "hand"
    target_text = (form.target.data or str(TARGET)).strip() if shown else str(TARGET)
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


ACTIONS: dict = {}   # no buttons besides preview and save


def form_context(partie, form) -> dict:
    """What the deal form's template uses besides the form."""
    n = len(partie.players)
    # who deals after a deal of each kind, by its dealer: the offline form follows this phone's waiting deals
    return {"transfers": transfers, "target": TARGET, "short_result": short_result,
            "next_dealers": {kind: [engine_next_dealer(n, Deal(kind, d)) for d in range(n)]
                             for kind in ("game", "redeal")}}


def short_result(result, partie, money: bool = False) -> str:   # `money`: as every game's (only a Kontra's differs)
    """A deal's result in a few words, for beside the Save button: the declarer's gain or loss in the game, and what
    he put into a pot it refilled apart, as the sheet says it (a Pick-Up won that empties the pot is a gain, though
    the refill can take more than it brought)."""
    if result.deal.type != "game" or result.deal.declarer is None:
        return "±0"
    declarer = result.deal.declarer
    ante = antes(result)[declarer]
    said = f"{partie.players[declarer]} {euros(result.net[declarer] + ante)}"
    return _("%(result)s · %(amount)s into the pot", result=said, amount=euros(ante, False)) if ante else said


def summary(result, partie) -> str:
    """A recorded deal in one line, with every player's money (0 and losses too): for the other phone's deal in
    a 409, where two deals are compared."""
    changes = ", ".join(f"{partie.players[i]} {euros(x)}" for i, x in enumerate(result.net))
    return f"{describe(result, partie)} — {changes}"


class HaferlWeb(GameWeb):
    """Bavarian Tarock's web part (the hooks: scorer/gameweb/__init__.py)."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    FIELD_OF = FIELD_OF
    ACTIONS = ACTIONS
    partie_from_form = staticmethod(partie_from_form)
    make_form = staticmethod(make_form)
    to_deal = staticmethod(to_deal)
    form_context = staticmethod(form_context)
    short_result = staticmethod(short_result)
    describe = staticmethod(describe)
    summary = staticmethod(summary)
    history_facts = staticmethod(history_facts)
    page_context = staticmethod(page_context)
    board_context = staticmethod(board_context)
    score_sheet = staticmethod(score_sheet)
    end_context = staticmethod(end_context)
    pot_lines = staticmethod(pot_lines)

    def at_the_end_choices(self) -> dict:
        return dict(AT_THE_END)

    def card_points_note(self):
        return CARD_POINTS_NOTE


WEB = HaferlWeb()
