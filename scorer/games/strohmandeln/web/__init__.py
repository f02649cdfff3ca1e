"""Strohmandeln in the web app: its forms, its pages' words, its deal form, its calculator: its web part,
`StrohmandelnWeb` (a `scorer.gameweb.GameWeb`: every hook the shared routes ask of a game's web part).

Its pages are `templates/strohmandeln/`.
"""

from __future__ import annotations

import re

from flask import request
from flask_babel import gettext as _, lazy_gettext as _l, ngettext

from ....gameweb import GameWeb
from ....gameweb.blueprint import GameBlueprint
from ....gameweb.chart import chart
from ....gameweb.forms import new_key, rules_from_form
from ....gameweb.words import SCORE_COLON, card_points, number, say, sentence, signed
from ....partie import Partie, check_name, name_key
from ....problems import Problem
from ....tarock.cards import CardError
from .. import ITEM_LABELS, Bonus, Deal, format_blatt, parse_card_points, score
from ..deals import vorhand
from ..scoring import next_dealer
from ..file import parse_deal
from ..game import GAME
from .calculator import calculator, calculator_uses, count, counter_limits, counters_for, standalone_rules
from .forms import DealForm, NewPartieForm

BLUEPRINT = GameBlueprint("strohmandeln", __name__, folder="..")
HOME_LINKS = (("calculator.standalone", _l("In-three calculator")),)   # (endpoint, label) on the home page


# -- a new partie --------------------------------------------------------------------------------------------

def partie_from_form(form: NewPartieForm) -> tuple[Partie | None, list[Problem]]:
    """Two different names, the rule set the form asks for, who deals first; or the problems."""
    problems: list[Problem] = []
    names = [check_name(form.player0.data, problems, "player0"), check_name(form.player1.data, problems, "player1")]
    if not all(names):
        problems.append(Problem("player1" if names[0] else "player0", "enter the names of both players"))
    elif name_key(names[0]) == name_key(names[1]):
        problems.append(Problem("player1", "the two players need different names"))
    # the Grammel threshold is set only with the 40-card pack (the form shows it for the preset either way)
    rules, rule_problems = rules_from_form(GAME, form, leave_out=() if form.deck.data == "40" else ("grammel_threshold",))
    problems += rule_problems
    partie = None if problems else Partie(tuple(names), rules, (), int(form.first_dealer.data))
    return partie, problems


# -- the words of its pages ----------------------------------------------------------------------------------

def item_label(rules, item: str):
    """An item's name in the rule set's words (a Term: the template translates it with `say`)."""
    return rules.bonus_label(item) if item in rules.bonuses else ITEM_LABELS[item]


def _what(deal: Deal, names, piles) -> str:
    """What happened in a deal, in words: the type, who undertook, the card points."""
    if deal.type == "misdeal":
        return _("Misdeal (%(name)s)", name=names[deal.offender]) if deal.offender in (0, 1) else _("Misdeal")
    if deal.type == "redeal":
        return _("Redeal: no Tarock in a hand") if deal.reason == "no-tarock" else _("Redeal: both passed")
    words = (_("%(name)s undertook", name=names[deal.undertaker]) if deal.undertaker is not None
             else _("Simple game"))
    if deal.kontra:
        words += ", " + _("Kontra")
    if piles:   # each pile named: the undertaker's own first ("Bernd 20 : Anna 50"), never two bare numbers
        first = deal.undertaker if deal.undertaker in (0, 1) else 0
        # each name with its points unbroken; long names may break the line after the colon, never inside a pile
        words += ", " + "\u00a0: ".join(f"{names[i]}\u00a0{card_points(piles[i])}" for i in (first, 1 - first))
    if deal.type == "renonce" and deal.offender in (0, 1):
        words += " · " + _("renonce by %(name)s", name=names[deal.offender])
    return words


def describe(result, partie) -> str:
    """One line of the board for a deal: what happened, in the players' words."""
    words = _what(result.deal, partie.players, result.piles)
    if result.deal.type == "game" and result.winner is None:
        words += " · " + _("draw")
    return words


def parts(result, partie) -> str:
    """What a deal's game points are made of, for its row on the board: "Game 4 · Grammel-Punkt 1 · Uhu 1 (Anna)";
    a part credited to the deal's loser names that player. Only what was scored (a Valat's bonuses are not)."""
    net = result.points[0] - result.points[1]
    gainer = 0 if net > 0 else 1 if net < 0 else None
    words = []
    for it in result.items:
        text = f"{say(item_label(partie.rules, it.item))} {number(it.points)}"
        if gainer is None or it.player != gainer:
            text += f" ({partie.players[it.player]})"
        words.append(text)
    return " · ".join(words)


def history_facts(raw, partie) -> str:
    """A deal as stored (its partie-file form) in words, for the history: what was entered."""
    deal = parse_deal(raw, [])
    if deal is None:
        return ""
    names = partie.players
    piles = None
    if deal.card_points and deal.card_points != (None, None) and isinstance(deal.card_points, tuple):
        total = partie.rules.pack.total_thirds
        try:
            piles = deal.piles(total)
        except (TypeError, ValueError):
            piles = None
    words = [_what(deal, names, piles)]
    if deal.type == "game" and not GAME.check(partie.rules, deal, partie.players):   # who won, as the engine scores it
        winner = score(partie.rules, deal).winner
        words.append(_("draw") if winner is None else _("%(name)s won", name=names[winner]))
    if deal.dealer in (0, 1):
        words.append(_("%(name)s dealt", name=names[deal.dealer]))
    for bonus in deal.bonuses:
        if bonus.player in (0, 1) and bonus.bonus in partie.rules.bonuses:
            words.append(f"{say(partie.rules.bonus_label(bonus.bonus))} ({names[bonus.player]})")
    return " · ".join(words)


def gained(result, partie) -> str:
    """Who gained in a deal, from the engine's game points: "Anna +3"; "2 : 2" when both scored the same;
    "0". The board's rows and the 409's summary both say it with this."""
    net = result.points[0] - result.points[1]
    if net:
        winner = 0 if net > 0 else 1
        return f"{partie.players[winner]} {signed(abs(net))}"
    if result.points[0]:
        return f"{number(result.points[0])}{SCORE_COLON}{number(result.points[1])}"
    return number(0)


def summary(result, partie) -> str:
    """A recorded deal in one line, with both players' change (the loser's and a 0 too): for the other phone's deal
    in a 409, where two deals are compared."""
    net = result.points[0] - result.points[1]
    names = partie.players
    words = f"{describe(result, partie)} — {names[0]} {signed(net)}, {names[1]} {signed(-net)}"
    if not net and result.points[0]:   # both scored the same: as the board's row says it ("1 : 1")
        words += f" ({gained(result, partie)})"
    return words


def short_result(result, partie, money: bool = False) -> str:   # `money`: as every game's (only a Kontra's differs)
    """A deal's result in a few words, for beside the Save button: "Anna +6 (×2 included)", "draw"."""
    net = result.points[0] - result.points[1]
    if net:
        words = f"{partie.players[0 if net > 0 else 1]} {signed(abs(net))}"
    elif result.deal.type in ("game", "renonce") and result.winner is None:
        words = _("draw")
    else:
        words = "±0"
    if result.multiplier > 1:   # the points shown are doubled already: never read as "+6, times 2"
        return _("%(result)s (×%(m)s included)", result=words, m=result.multiplier)
    return words


def running(settlement) -> dict | None:
    """The board's chart: the running balance of the first player (as on the paper sheet: the second player's is the
    same with the other sign), from 0; with the highest and lowest it reached (its caption)."""
    found = chart([[0] + [r.balance[0] for r in settlement.deals]], around=(-1, 1))
    if found is not None:
        found.update(high=max(r.balance[0] for r in settlement.deals), low=min(r.balance[0] for r in settlement.deals))
    return found


def balance_line(settlement) -> str:
    """The balances as the deal form's head says them ("Anna +3 · Bernd −3 · ×2 Nullrunde"), in plain text: what a
    phone keeps of the partie after its deal is recorded, for a deal form opened offline later."""
    names = settlement.partie.players
    words = f"{names[0]} {signed(settlement.balance[0])} · {names[1]} {signed(settlement.balance[1])}"
    if settlement.doubled_pending:
        words += f" · ×{settlement.next_multiplier} {_('Nullrunde')}"
    return words


def page_context(partie) -> dict:
    """What the board, the deals and a deal's page use besides the settlement."""
    return {"describe": describe, "item_label": item_label, "parts": parts, "gained": gained,
            "balance_line": balance_line}


def end_context(settlement) -> dict:
    """The end page (the `end_context` hook): every player's points and money (with a stake), and a warning while
    doubled games of a Nullrunde are pending (the partie ends after a confirmation)."""
    stake = settlement.partie.rules.stake
    rows = [{"name": name, "points": signed(settlement.balance[i]), "money": settlement.money[i] if stake else None}
            for i, name in enumerate(settlement.partie.players)]
    pending = settlement.doubled_pending
    warnings = [ngettext("%(num)d doubled game still pending.", "%(num)d doubled games still pending.", pending)
                + " " + _("Usually a partie ends after its Nullrunde.")] if pending else []
    return {"rows": rows, "warnings": warnings, "notes": []}


def common_starts(settlement) -> list[dict]:
    """The board's shortcuts into the deal form, each with its choice made and the card points focused:
    {"label", "detail" (a second, smaller line), "query"}. One per player ("Anna / undertook": Vorhand or Geber
    in the next deal; the query names the person, a seat), and a simple game where the rule set plays one when both pass."""
    partie, dealer = settlement.partie, settlement.next_dealer
    starts = [{"label": name, "detail": _("undertook"), "query": {"undertaker": str(i)}}
              for i, name in enumerate(partie.players)]
    if partie.rules.simple_game_value is not None:
        starts.append({"label": _("Simple game"), "detail": "", "query": {"undertaker": "nobody"}})
    return starts


def board_context(settlement) -> dict:
    return {"chart": running(settlement), "starts": common_starts(settlement)}


# -- the deal form ---------------------------------------------------------------------------------------------

# which form field shows an engine problem about a deal's field
FIELD_OF = {"card_points": "points", "bonuses": "bonuses", "undertaker": "undertaker", "offender": "offender",
            "dealer": "dealer", "reason": "reason", "kontra": "kontra", "type": "type"}


def bonus_choices(partie: Partie) -> list[tuple[int, list[tuple[str, str]]]]:
    """The bonuses this rule set has, per player: (player, [(value, label)])."""
    rules = partie.rules
    return [(p, [(f"{b}:{p}", say(rules.bonus_label(b))) for b in rules.entered_bonuses]) for p in (0, 1)]


# the undertaker's values when they were roles (forms opened, or queued in a phone's outbox, before it was a
# person): read against the dealer posted in that same form, the one on screen when it was typed
OLD_ROLES = {"vorhand": "forehand", "geber": "dealer", "forehand": "forehand", "dealer": "dealer"}


def person_of(value, dealer) -> str | None:
    """An undertaker's value as a person ("0", "1", "nobody"): an old role value ("forehand", "dealer", "vorhand",
    "geber") is the person it named under `dealer` (the dealer of the same form); None if it names nobody."""
    if value in ("nobody", "0", "1"):
        return value
    role = OLD_ROLES.get(value)
    if role is None or str(dealer) not in ("0", "1"):
        return None
    seat = int(dealer)
    return str(seat if role == "dealer" else vorhand(seat))


def make_form(sp, settlement, deal: Deal | None = None, fresh: bool = False) -> DealForm:
    """The deal form for this partie, filled from the request, from `deal`, or with the defaults (`fresh`: not
    from the request, as a GET has it, also on a POST). The pile is always a person's: the one chosen, or on a new
    form the undertaker's (the Vorhand's in a simple game), checked."""
    partie = sp.partie
    form = DealForm(formdata=None) if fresh else DealForm()
    form.set_players(partie.players)
    form.bonuses.choices = [c for _player, choices in bonus_choices(partie) for c in choices]
    if form.undertaker.data in OLD_ROLES:   # a form opened (or queued in the outbox) when the values were roles
        form.undertaker.data = person_of(form.undertaker.data, form.dealer.data) or form.undertaker.data
    if fresh or request.method == "GET":
        form.key.data = new_key()
        form.version.data = str(sp.version)
        form.dealer.data = str(settlement.next_dealer)
        if deal is not None:
            fill(form, deal)
        else:
            prefill_from_query(form)
        if form.pile_of.data not in ("0", "1"):
            form.pile_of.data = str(pile_player(form)[0])
    return form


def fill(form: DealForm, deal: Deal) -> None:
    """Put a recorded deal into the form, for editing."""
    form.type.data = deal.type
    form.dealer.data = str(deal.dealer)
    form.undertaker.data = "nobody" if deal.undertaker is None else str(deal.undertaker)
    form.kontra.data = deal.kontra
    if deal.card_points and deal.card_points != (None, None):
        player = 0 if deal.card_points[0] is not None else 1
        whole, blatt = divmod(deal.card_points[player], 3)
        form.pile_of.data, form.points.data, form.blatt.data = str(player), str(whole), str(blatt)
    form.bonuses.data = [f"{b.bonus}:{b.player}" for b in deal.bonuses]
    form.offender.data = None if deal.offender is None else str(deal.offender)
    if deal.reason:
        form.reason.data = deal.reason


def prefill_from_query(form: DealForm) -> None:
    """The calculator page's "use for" link: a pile's points (and its bonus) come in the query string."""
    args = request.args
    person = person_of(args.get("undertaker"), form.dealer.data)   # a common start from the board (a person;
    if person is not None:                                          # a role of an older page: of this form's dealer)
        form.type.data = "game"
        form.undertaker.data = person
    if args.get("pile_of") in ("0", "1"):
        form.pile_of.data = args["pile_of"]
    if re.fullmatch(r"[0-9]{1,3}", args.get("points", "")):
        form.points.data = args["points"]
    if args.get("blatt") in ("0", "1", "2"):
        form.blatt.data = args["blatt"]
    valid = {value for value, _label in form.bonuses.choices}
    form.bonuses.data = [b for b in args.getlist("bonus") if b in valid]


def pile_player(form: DealForm) -> tuple[int, bool]:
    """Whose pile the card points in the form are, and whether the player chose it: unless chosen, the
    undertaker's (Vorhand's in a simple game), so that the undertaker's 35 + 2 Blatt is theirs."""
    # the script ticks the undertaker's pile by itself and says so (pile_auto): not the player's choice; a pile
    # the server fixed to its person (`pile_fixed`: "record mine too" moves the dealer on) counts as chosen
    if form.pile_of.data in ("0", "1") and (form.pile_fixed or not request.form.get("pile_auto")):
        return int(form.pile_of.data), True
    if form.undertaker.data in ("0", "1"):
        return int(form.undertaker.data), False
    dealer = int(form.dealer.data) if form.dealer.data in ("0", "1") else 0
    return vorhand(dealer), False


def asks(form: DealForm, partie: Partie, before: int) -> tuple[str, tuple[str, ...]] | None:
    """A dealer corrected from `before` after the card points of a simple game were typed for the Vorhand's pile:
    the pile stays that person's, and the form asks to check it ("Anna is now Vorhand, and the card points typed
    are still Bernd's: check whose pile was counted."); None when nothing typed depends on the dealer."""
    if form.type.data not in ("game", "renonce") or form.undertaker.data != "nobody" \
            or not (form.points.data or "").strip() or form.dealer.data not in ("0", "1") or before not in (0, 1):
        return None
    now = vorhand(int(form.dealer.data))
    pile = pile_player(form)[0]
    if now == vorhand(before) or pile != vorhand(before):
        return None
    names = partie.players
    return _("%(now)s is now Vorhand, and the card points typed are still %(pile)s's: check whose pile was "
             "counted.", now=names[now], pile=names[pile]), ("pile_of",)


def keep_persons(form: DealForm) -> None:
    """Before the dealer moves on ("record mine too"): the pile whose card points were typed stays that person's,
    also where it followed the dealer (Vorhand's in a simple game)."""
    form.pile_of.data = str(pile_player(form)[0])
    form.pile_fixed = True


def to_deal(form: DealForm, partie: Partie) -> tuple[Deal | None, list[tuple[str, str]]]:
    """The deal the form describes, or the problems (form field, message) that keep it from being one."""
    errors: list[tuple[str, str]] = []
    kind = form.type.data
    if kind not in ("game", "renonce", "misdeal", "redeal"):
        return None, [("type", _("Choose what happened: game, renonce, misdeal or redeal."))]
    if form.dealer.data not in ("0", "1"):
        return None, [("dealer", _("Choose who dealt."))]
    dealer = int(form.dealer.data)
    offender = int(form.offender.data) if form.offender.data in ("0", "1") else None
    if kind == "misdeal":
        return Deal("misdeal", dealer, offender=offender), errors
    if kind == "redeal":
        return Deal("redeal", dealer, reason=form.reason.data), errors
    undertaker = {"nobody": None, "0": 0, "1": 1}.get(form.undertaker.data, "bad")
    if undertaker == "bad":
        return None, [("undertaker", _("Choose who undertook: nobody, or one of the players."))]
    text = (form.points.data or "").strip()
    thirds = None
    if text:
        try:
            thirds = parse_card_points(text)
        except CardError as exc:
            errors += [("points", sentence(p)) for p in exc.problems]
        else:
            blatt = form.blatt.data if form.blatt.data in ("0", "1", "2") else "0"
            if text.isdigit():
                thirds += int(blatt)
            elif blatt != "0":
                errors.append(("points", _("Give the Blatt once: either in the card points or with the buttons.")))
    pile_of = pile_player(form)[0]
    card_points = None if thirds is None else ((thirds, None) if pile_of == 0 else (None, thirds))
    bonuses = []
    for value in form.bonuses.data or []:
        name, _colon, player = str(value).partition(":")
        if player not in ("0", "1") or not name:
            errors.append(("bonuses", _("That bonus is not one of the bonuses of this partie.")))
            continue
        bonuses.append(Bonus(name, int(player)))
    if errors:
        return None, errors
    deal = Deal(kind, dealer, undertaker=undertaker, card_points=card_points, bonuses=tuple(bonuses),
                offender=offender if kind == "renonce" else None, kontra=bool(form.kontra.data))
    return deal, []


def count_pile(form: DealForm, partie: Partie) -> list[tuple[str, str]]:
    """The calculator inside the deal form: count the pile and put its points (and bonuses) into the form."""
    rules = partie.rules
    result = count(rules, {name: form[name].data for name in counters_for(rules)})
    if result["errors"]:
        return [("calculator", e) for e in result["errors"]]
    form.points.data, form.blatt.data = str(result["points"]), str(result["blatt"])
    player = str(pile_player(form)[0])
    offered = [f"{b}:{player}" for b in result["bonuses"]]
    unheld = {f"{b}:{player}" for b in result["unheld"]}
    form.bonuses.data = [b for b in dict.fromkeys(list(form.bonuses.data or []) + offered) if b not in unheld]
    return []


def count_action(form, partie) -> tuple[list[tuple[str, str]], dict]:
    """The "count" button: the pile counted into the form, or why not."""
    errors = count_pile(form, partie)
    return errors, {"counted": not errors}


ACTIONS = {"count": count_action}   # the form's buttons besides preview and save: (errors, form_context's extras)


def form_context(partie, form, counted: bool = False) -> dict:
    """What the deal form's template uses besides the form."""
    return {"bonus_choices": bonus_choices(partie), "short_result": short_result, "counters": counters_for(partie.rules),
            "limits": counter_limits(partie.rules), "item_label": item_label,
            "format_blatt": format_blatt, "counted": counted, "pile_player": pile_player, "vorhand": vorhand,
            "next_dealers": next_dealers(partie)}


def next_dealers(partie) -> dict:
    """Who deals after a deal of each kind, by its dealer (the engine's rule): the deal form offline proposes the
    dealer that follows this phone's own waiting deals (static/form.js). Keys "type" or "type:reason"."""
    table = {}
    for kind, reason in (("game", None), ("renonce", None), ("misdeal", None), ("redeal", "no-tarock"),
                         ("redeal", "passed")):
        key = kind if reason is None else f"{kind}:{reason}"
        table[key] = [next_dealer(partie.rules, Deal(kind, d, reason=reason)) for d in (0, 1)]
    return table


class StrohmandelnWeb(GameWeb):
    """Strohmandeln's web part (the hooks: scorer/gameweb/__init__.py)."""

    blueprint = BLUEPRINT
    NewPartieForm = NewPartieForm
    FIELD_OF = FIELD_OF
    ACTIONS = ACTIONS
    partie_from_form = staticmethod(partie_from_form)
    make_form = staticmethod(make_form)
    to_deal = staticmethod(to_deal)
    form_context = staticmethod(form_context)
    short_result = staticmethod(short_result)
    asks = staticmethod(asks)
    keep_persons = staticmethod(keep_persons)
    describe = staticmethod(describe)
    summary = staticmethod(summary)
    history_facts = staticmethod(history_facts)
    page_context = staticmethod(page_context)
    board_context = staticmethod(board_context)
    balance_line = staticmethod(balance_line)
    end_context = staticmethod(end_context)
    count_cards = staticmethod(count)
    calculator = staticmethod(calculator)
    calculator_uses = staticmethod(calculator_uses)
    standalone_rules = staticmethod(standalone_rules)

    def conflict_value(self, form, name: str) -> str | None:
        """The pile's points mean something only with whose pile and the Blatt: the page points to the stored
        deal's card for them; every other field says its value."""
        return None if name == "points" else super().conflict_value(form, name)

    def home_links(self) -> tuple:
        return HOME_LINKS


WEB = StrohmandelnWeb()
