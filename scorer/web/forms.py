"""The forms every game shares: import, the empty form for POST buttons, a deal form's idempotency key. Each
game's own forms (a new partie, a deal) are in its web module (`Game.web`)."""

from __future__ import annotations

import secrets
from functools import lru_cache

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, StringField

from .language import language


@lru_cache(maxsize=8)
def wtforms_translations(lang: str):
    """WTForms' own messages ("Not a valid choice") in `lang`, read from its catalog once per language."""
    from wtforms.i18n import get_translations

    return get_translations([lang])


class Form(FlaskForm):
    """Every form of the app: Flask-WTF's (CSRF), with WTForms' messages translated from a catalog read once,
    not from disk on every request as Flask-WTF's own translations setting does."""

    class Meta(FlaskForm.Meta):
        def get_translations(self, form):
            return wtforms_translations(language())


# the counting cards of a Tarock pile (the 54-card pack's, scorer/cards.py), as a pile calculator counts them
PILE_LABELS = {"trull": _l("Trull cards"), "kings": _l("Kings"), "queens": _l("Queens"), "knights": _l("Knights"),
               "jacks": _l("Jacks")}


class PileCounters:
    """A Tarock deal form's pile calculator (a mixin of its form): a counter for each kind of counting card; the
    game adds its own (tricks, the talon, other Tarocks)."""

    trull = StringField(PILE_LABELS["trull"], default="0")
    kings = StringField(PILE_LABELS["kings"], default="0")
    queens = StringField(PILE_LABELS["queens"], default="0")
    knights = StringField(PILE_LABELS["knights"], default="0")
    jacks = StringField(PILE_LABELS["jacks"], default="0")


class EmptyForm(Form):
    """A button that changes state: CSRF-protected, nothing else."""

    version = HiddenField()


class ImportForm(Form):
    """Upload a partie file to start a new partie from it."""

    file = FileField(_l("Partie file (.json)"))


def new_key() -> str:
    """A fresh idempotency key for a deal form."""
    return secrets.token_urlsafe(16)


def seats(form, partie, *fields: str) -> list[tuple[str, str]]:
    """Each of the deal form's `fields` (a choice of a player) offers the partie's players: a seat's number as its
    value, the name as its label (a person, never a role). The choices, for a field that offers more."""
    players = [(str(i), name) for i, name in enumerate(partie.players)]
    for name in fields:
        form[name].choices = players
    return players
