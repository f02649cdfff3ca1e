"""What every game's forms are made of: the app's `Form` (Flask-WTF's, CSRF, WTForms' messages translated), a deal
form's idempotency key (`new_key`), its choices of a player (`seats`), a Tarock pile calculator's counters
(`PileCounters`), the rule set a new-partie form asks for (`options_from_form`, `rules_from_form`), and what a
field of a drawn form shows (`shown`)."""

from __future__ import annotations

import re
import secrets
from functools import lru_cache

from flask_babel import gettext as _, lazy_gettext as _l, ngettext
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField, StringField

from ..problems import ScoringError
from .words import language


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


# the counting cards of a Tarock pile (the 54-card pack's, scorer/tarock/cards.py), as a pile calculator counts them
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


def read_pile(args, counters, limits: dict, labels: dict, per_trick: int) -> tuple[dict, dict]:
    """A pile calculator's counters as sent (`args`: {counter: text}; an empty one is 0), each a whole number from 0 to
    its limit: (the counts read; the count's answer so far: each counter's value, 0 where wrong ("values"), what is
    wrong in words ("errors"), the pile's cards, `per_trick` a trick and those from the talon ("cards", "cards_text"),
    no bonuses)."""
    values, errors = {}, []
    for name in counters:
        raw = (args.get(name) or "0").strip()
        if not re.fullmatch(r"[0-9]{1,2}", raw) or int(raw) > limits[name]:
            errors.append(_("%(counter)s: enter a whole number from 0 to %(max)s.", counter=labels[name],
                            max=limits[name]))
        else:
            values[name] = int(raw)
    cards = per_trick * values.get("tricks", 0) + values.get("talon", 0)
    return values, {"values": {n: values.get(n, 0) for n in counters}, "errors": errors, "cards": cards,
                    "cards_text": ngettext("%(num)d card", "%(num)d cards", cards), "bonuses": []}


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


def options_from_form(game, form, leave_out=()) -> dict:
    """The dict form of the rule set a new-partie form asks for: its preset, and each option the engine's
    table (`RuleSet.OPTIONS`) shows for that preset and the form has a field for, except `leave_out`. An empty
    field, or the choice "default", leaves the option at the preset's default."""
    preset = form.preset.data
    data: dict = {"preset": preset}
    for name, option in game.rules.OPTIONS.items():
        if preset not in option.shown_in or name not in form or name in leave_out:
            continue
        field = form[name]
        if field.type == "BooleanField":
            data[name] = bool(field.data)
            continue
        value = field.data.strip() if isinstance(field.data, str) else field.data
        if value not in (None, "", "default"):
            data[name] = value
    return data


def rules_from_form(game, form, leave_out=()):
    """(the rule set the form asks for, or None; the problems)."""
    try:
        return game.rules.from_dict(options_from_form(game, form, leave_out)), []
    except ScoringError as exc:
        return None, exc.problems


def shown(form, name: str) -> str | None:
    """What the field `name` of a drawn form shows, in the page's words: the chosen option's label, a typed value as
    it is written; None if the form has no such field, nothing is chosen or typed, it is a tick box, or the label
    says nothing in words (a dash for "no Kontra")."""
    field = form._fields.get(name) if form is not None else None
    if field is None or field.data in (None, "", []) or isinstance(field, BooleanField):
        return None
    if isinstance(field, (RadioField, SelectField)):
        label = next((str(c[1]) for c in field.iter_choices() if c[2]), None)
        return label if label and any(ch.isalnum() for ch in label) else None
    return str(field.data)
