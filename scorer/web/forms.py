"""The web forms: a new partie, a deal (with its calculator), import, and the empty form for POST buttons."""

from __future__ import annotations

import secrets

from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, HiddenField, RadioField, SelectMultipleField, StringField
from wtforms.validators import InputRequired, Length, Optional

from ..strohmandeln import PRESET_NAMES, PRESETS

COUNTER_LABELS = {"trull": "Trull cards", "kings": "Kings", "queens": "Queens", "knights": "Knights",
                  "jacks": "Jacks", "tarocks": "Other Tarocks", "tricks": "Tricks"}


class EmptyForm(FlaskForm):
    """A button that changes state: CSRF-protected, nothing else."""

    version = HiddenField()


class ImportForm(FlaskForm):
    """Upload a partie file to start a new partie from it."""

    file = FileField("Partie file (.json)")


class NewPartieForm(FlaskForm):
    """Two names, a preset with its options, the stake, who deals first."""

    player0 = StringField("First player", validators=[InputRequired("Enter the first player's name."),
                                                     Length(max=40, message="A name has at most 40 characters.")])
    player1 = StringField("Second player", validators=[InputRequired("Enter the second player's name."),
                                                      Length(max=40, message="A name has at most 40 characters.")])
    first_dealer = RadioField("Who deals first", choices=[("0", "First player"), ("1", "Second player")],
                              default="0")
    preset = RadioField("Rules", choices=[(p, PRESET_NAMES[p]) for p in PRESETS], default=PRESETS[0])
    stake = StringField("Stake per game point (€)", validators=[Optional()],
                        description="Empty: 0.10 (Straw Man: 0.01 per credit).")
    deck = RadioField("Pack", choices=[("54", "54 cards"), ("40", "40 cards")], default="54")
    counting = RadioField("Counting", choices=[("threes", "In threes"), ("simple", "Simply added")],
                          default="threes")
    nullrunde = RadioField("A Nullrunde inside a Nullrunde", choices=[("queue", "Comes after it"),
                                                                      ("stack", "Stacks (×4)")], default="queue")
    simple_games = RadioField("When both pass", choices=[("default", "As the rules say"), ("play", "Play a simple game"),
                                                         ("redeal", "Deal again"), ("half", "Half value (Beck)")],
                              default="default")
    kontra = BooleanField("Kontra: the opponent may double an undertaken game")
    valat = RadioField("Valat", choices=[("replace", "Replaces the game value"), ("add", "Is added")],
                       default="replace")
    grammel_threshold = StringField("Grammel-Punkt from (40-card pack)", validators=[Optional()])
    undertaker_loses_draw = BooleanField("An undertaken game drawn 35:35 is lost")
    tarock_ii_ultimo = BooleanField("Tarock II ultimo scores like the Pagat")
    bankroll = StringField("Credits each player starts with", validators=[Optional()])


class DealForm(FlaskForm):
    """One deal: its type, dealer, undertaker, one pile's card points, bonuses, offender, reason."""

    key = HiddenField()          # idempotency: one deal per form
    version = HiddenField()      # the partie's version when the form was opened
    type = RadioField("What happened", choices=[("game", "Game"), ("renonce", "Renonce"), ("misdeal", "Misdeal"),
                                                ("redeal", "Redeal")], default="game")
    dealer = RadioField("Dealer", choices=[("0", "0"), ("1", "1")])
    undertaker = RadioField("Who undertook", choices=[("nobody", "Nobody"), ("vorhand", "Vorhand"),
                                                      ("geber", "Geber")], default="nobody")
    kontra = BooleanField("Kontra (doubled by the opponent)")
    pile_of = RadioField("Pile counted", choices=[("0", "0"), ("1", "1")], default="0")
    points = StringField("Card points")
    blatt = RadioField("Blatt", choices=[("0", "+0"), ("1", "+1"), ("2", "+2")], default="0")
    bonuses = SelectMultipleField("Bonuses", choices=[], validate_choice=False)
    offender = RadioField("Who", choices=[("0", "0"), ("1", "1")], validate_choice=False)
    reason = RadioField("Why", choices=[("no-tarock", "A hand without Tarock"), ("passed", "Both passed")],
                        default="no-tarock")
    trull = StringField(COUNTER_LABELS["trull"], default="0")
    kings = StringField(COUNTER_LABELS["kings"], default="0")
    queens = StringField(COUNTER_LABELS["queens"], default="0")
    knights = StringField(COUNTER_LABELS["knights"], default="0")
    jacks = StringField(COUNTER_LABELS["jacks"], default="0")
    tarocks = StringField(COUNTER_LABELS["tarocks"], default="0")
    tricks = StringField(COUNTER_LABELS["tricks"], default="0")

    def set_players(self, names):
        """Show the players' names on the choices that name a player."""
        for field in (self.dealer, self.pile_of, self.offender):
            field.choices = [("0", names[0]), ("1", names[1])]


def new_key() -> str:
    """A fresh idempotency key for a deal form."""
    return secrets.token_urlsafe(16)
