"""Strohmandeln's web forms: a new partie (two names, a preset and its options) and a deal (with its
calculator's counters)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, HiddenField, RadioField, SelectMultipleField, StringField
from wtforms.validators import InputRequired, Length, Optional

from .. import PRESET_NAMES, PRESETS
from ....gameweb.forms import PILE_LABELS, Form, PileCounters

COUNTER_LABELS = {**PILE_LABELS, "tarocks": _l("Other Tarocks"), "tricks": _l("Tricks")}



class NewPartieForm(Form):
    """Two names, a preset with its options, the stake, who deals first."""

    player0 = StringField(_l("First player"), validators=[InputRequired(_l("Enter the first player's name.")),
                                                     Length(max=40, message=_l("A name has at most 40 characters."))])
    player1 = StringField(_l("Second player"), validators=[InputRequired(_l("Enter the second player's name.")),
                                                      Length(max=40, message=_l("A name has at most 40 characters."))])
    first_dealer = RadioField(_l("Who deals first"), choices=[("0", _l("First")), ("1", _l("Second"))],
                              default="0")
    preset = RadioField(_l("Rules"), choices=[(p, _l(PRESET_NAMES[p])) for p in PRESETS], default=PRESETS[0])
    stake = StringField(_l("Stake per game point (€)"), validators=[Optional()],
                        description=_l("Empty: 0.10 (Straw Man: 0.01 per credit)."))
    deck = RadioField(_l("Pack"), choices=[("54", _l("54 cards")), ("40", _l("40 cards"))], default="54")
    counting = RadioField(_l("Counting"), choices=[("threes", _l("In threes")), ("simple", _l("Simply added"))],
                          default="threes")
    nullrunde = RadioField(_l("A Nullrunde inside a Nullrunde"), choices=[("queue", _l("Comes after it")),
                                                                      ("stack", _l("Stacks (×4)"))], default="queue")
    simple_games = RadioField(_l("When both pass"), choices=[("default", _l("As the rules say")), ("play", _l("Play a simple game")),
                                                         ("redeal", _l("Deal again")), ("half", _l("Half value (Beck)"))],
                              default="default")
    kontra = BooleanField(_l("Kontra: the opponent may double an undertaken game"))
    valat = RadioField(_l("Valat"), choices=[("replace", _l("Replaces the game value")), ("add", _l("Is added"))],
                       default="replace")
    grammel_threshold = StringField(_l("Grammel-Punkt from (40-card pack)"), validators=[Optional()])
    undertaker_loses_draw = BooleanField(_l("An undertaken game drawn 35:35 is lost"))
    tarock_ii_ultimo = BooleanField(_l("Tarock II ultimo scores like the Pagat"))
    bankroll = StringField(_l("Credits each player starts with"), validators=[Optional()])


class DealForm(PileCounters, Form):
    """One deal: its type, dealer, undertaker, one pile's card points, bonuses, offender, reason."""

    key = HiddenField()          # idempotency: one deal per form
    version = HiddenField()      # the partie's version when the form was opened
    type = RadioField(_l("What happened"), choices=[("game", _l("Game")), ("renonce", _l("Renonce")), ("misdeal", _l("Misdeal")),
                                                ("redeal", _l("Redeal"))], default="game")
    dealer = RadioField(_l("Dealer"), choices=[("0", "0"), ("1", "1")])
    # the person (a seat), never a role: correcting the dealer never changes who undertook ("nobody": a simple game)
    undertaker = RadioField(_l("Who undertook"), choices=[("nobody", _l("Nobody")), ("0", "0"), ("1", "1")],
                            default="nobody")
    kontra = BooleanField(_l("Kontra (doubled by the opponent)"))
    # not chosen: the undertaker's pile (Vorhand's in a simple game), see deals.pile_player
    pile_of = RadioField(_l("Pile counted"), choices=[("0", "0"), ("1", "1")], default=None, validate_choice=False)
    points = StringField(_l("Card points"))
    blatt = RadioField(_l("Blatt"), choices=[("0", "+0"), ("1", "+1"), ("2", "+2")], default="0")
    bonuses = SelectMultipleField(_l("Bonuses"), choices=[], validate_choice=False)
    offender = RadioField(_l("Who"), choices=[("0", "0"), ("1", "1")], validate_choice=False)
    reason = RadioField(_l("Why"), choices=[("no-tarock", _l("A hand without Tarock")), ("passed", _l("Both passed"))],
                        default="no-tarock")
    tarocks = StringField(COUNTER_LABELS["tarocks"], default="0")
    tricks = StringField(COUNTER_LABELS["tricks"], default="0")
    # the pile was fixed to its person by the server (`keep_persons`: "record mine too" moves the dealer on)
    pile_fixed = False

    def set_players(self, names):
        """Show the players' names on the choices that name a player."""
        for field in (self.dealer, self.pile_of, self.offender):
            field.choices = [("0", names[0]), ("1", names[1])]
        self.undertaker.choices = [("nobody", self.undertaker.choices[0][1]), ("0", names[0]), ("1", names[1])]
