"""The fake game's web part (tests only): `CoinWeb`, a `GameWeb` that gives what it must and keeps every other hook's
default (scorer/gameweb/__init__.py); its pages (tests/fakegame/templates/coin/) and its deal form's script
(tests/fakegame/static/coin.js) through its blueprint."""

from __future__ import annotations

from flask import request
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, StringField

from scorer.gameweb import GameWeb
from scorer.gameweb.blueprint import GameBlueprint
from scorer.gameweb.forms import new_key, rules_from_form, seats
from scorer.partie import Partie, check_name
from scorer.problems import Problem

from . import PRESETS, Deal
from .game import GAME


class NewPartieForm(FlaskForm):
    game = HiddenField(default="coin-toss")
    player0 = StringField("First player")
    player1 = StringField("Second player")
    player2 = StringField("Third player")
    first_dealer = RadioField("Who deals first", choices=[("0", "0"), ("1", "1"), ("2", "2")], default="0")
    preset = RadioField("Rules", choices=[(p, p) for p in PRESETS], default="single")


class DealForm(FlaskForm):
    key = HiddenField()
    version = HiddenField()
    type = RadioField("What happened", choices=[("game", "game"), ("redeal", "redeal")], default="game")
    dealer = RadioField("Dealer", choices=[], validate_choice=False)
    winner = RadioField("Winner", choices=[], validate_choice=False)


class CoinWeb(GameWeb):
    blueprint = GameBlueprint("coin", __name__)
    NewPartieForm = NewPartieForm
    FIELD_OF = {"dealer": "dealer", "declarer": "winner", "type": "type"}

    def partie_from_form(self, form):
        problems: list = []
        names = [check_name(value or "", problems, f"player{i}")
                 for i, value in enumerate((form.player0.data, form.player1.data, form.player2.data))]
        names = [n for n in names if n]
        if len(names) < 2:
            problems.append(Problem("player0", "enter the names of both players"))
        rules, rule_problems = rules_from_form(GAME, form)
        problems += rule_problems
        return (None if problems else Partie(tuple(names), rules, (), int(form.first_dealer.data))), problems

    def make_form(self, sp, settlement, deal=None, fresh=False):
        form = DealForm(formdata=None) if fresh else DealForm()
        seats(form, sp.partie, "dealer", "winner")
        if fresh or request.method == "GET":
            form.key.data, form.version.data = new_key(), str(sp.version)
            form.dealer.data = str(settlement.next_dealer)
            if deal is not None:
                form.type.data, form.dealer.data = deal.type, str(deal.dealer)
                form.winner.data = None if deal.winner is None else str(deal.winner)
        return form

    def to_deal(self, form, partie):
        valid = [str(i) for i in range(len(partie.players))]
        if form.type.data not in ("game", "redeal") or form.dealer.data not in valid:
            return None, [("type", "Choose what happened and who dealt.")]
        if form.type.data == "redeal":
            return Deal("redeal", int(form.dealer.data)), []
        if form.winner.data not in valid:
            return None, [("winner", "Choose who won.")]
        return Deal("game", int(form.dealer.data), int(form.winner.data)), []

    def describe(self, result, partie) -> str:
        if result.deal.type == "redeal":
            return "redeal"
        return f"{partie.players[result.deal.winner]} won the toss"

    def history_facts(self, raw, partie) -> str:
        return f"{raw.get('type')} dealt by {raw.get('dealer')}" if isinstance(raw, dict) else ""

    def form_context(self, partie, form) -> dict:
        return {"describe": self.describe}


WEB = CoinWeb()
