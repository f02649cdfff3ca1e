"""The forms the shared pages have: import, the empty form for POST buttons. What every game's forms are made of
(`Form`, `new_key`, `seats`, `PileCounters`) is scorer/gameweb/forms.py, below the shared routes; each game's own
forms (a new partie, a deal) are in its web part (`Game.web`)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf.file import FileField
from wtforms import HiddenField

from ..gameweb.forms import Form, new_key, wtforms_translations  # noqa: F401 - the shared pages' forms are the same

__all__ = ["EmptyForm", "Form", "ImportForm", "new_key", "wtforms_translations"]


class EmptyForm(Form):
    """A button that changes state: CSRF-protected, nothing else."""

    version = HiddenField()


class ImportForm(Form):
    """Upload a partie file to start a new partie from it."""

    file = FileField(_l("Partie file (.json)"))
