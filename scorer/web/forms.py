"""The forms every game shares: import, the empty form for POST buttons, a deal form's idempotency key. Each
game's own forms (a new partie, a deal) are in its web module (`Game.web`)."""

from __future__ import annotations

import secrets

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField


class EmptyForm(FlaskForm):
    """A button that changes state: CSRF-protected, nothing else."""

    version = HiddenField()


class ImportForm(FlaskForm):
    """Upload a partie file to start a new partie from it."""

    file = FileField(_l("Partie file (.json)"))


def new_key() -> str:
    """A fresh idempotency key for a deal form."""
    return secrets.token_urlsafe(16)
