"""A tournament's figures and state in the page's language, the same on its pages and in its results PDF."""

from __future__ import annotations

from flask_babel import gettext as _

from ..web.language import MINUS, language
from .scoring import decimal_text


def dec(value) -> str:
    """An exact value as the standings write it (one decimal at most), in the page's language: 52.5, 52,5, −20."""
    text = decimal_text(value)
    if language() == "de":
        text = text.replace(".", ",")
    return text.replace("-", MINUS)


def state_text(found) -> str:
    """Where the tournament stands (`found`: its live standings, scorer/tournament/web.py's `Live`), in words: its
    final results, provisional while a round is played, after round N, or no round yet."""
    t = found.t
    if found.final:
        return _("Final results after %(num)s rounds", num=len(t.started)) if len(t.started) != 1 else \
            _("Final results after 1 round")
    if found.provisional:
        if found.running is not None:
            return _("Provisional · round %(num)s is being played", num=found.running.number)
        return _("Provisional · the round is still being played")
    if t.started:
        return _("After round %(num)s", num=len(t.started))
    return _("No round played yet")
