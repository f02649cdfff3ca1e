"""The end of the evening, the same for every game: who pays whom, in the fewest transfers (`scorer.settle`).

The game says what each player has won or lost when the evening ends through its web module's hook
`at_the_end(settlement, choice) -> (amounts or None, pot)`: money per player (None: the partie is not played
for money), and what stays in the pot when it is kept for the next evening (0 when it is shared, or for a game
without a pot). A kept pot takes part in the transfers as one more payee. `choice` is the partie's stored
choice for the end (`parties.at_the_end`, None: the game's default), one of the values of the web module's
optional `AT_THE_END` ({value: label}, the first the default); a game without it has no choice to make.
"""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _

from ..games import game_of
from ..settle import fewest_transfers
from .language import euros


def choices(partie) -> dict:
    """The game's choices for the end of the evening, {value: label} (empty: it has none)."""
    return dict(getattr(game_of(partie).web_module(), "AT_THE_END", None) or {})


def settle_up(partie, settlement, choice: str | None = None) -> dict | None:
    """The settlement of an evening in words: {"lines": ["Bernd pays Anna 1.10 €", ...], "pot": the pot's
    amount or None (the game has none), "keep": whether it is kept, "choices": the game's choices for the end,
    "choice": the one that applies}; None when the partie has no money."""
    web = game_of(partie).web_module()
    hook = getattr(web, "at_the_end", None)
    if hook is None:
        return None
    offered = choices(partie)
    if choice not in offered:
        choice = next(iter(offered), None)
    amounts, pot = hook(settlement, choice)
    if amounts is None:
        return None
    names = list(partie.players)
    balances = list(amounts)
    if pot:
        names.append(_("the pot (kept for the next evening)"))
        balances.append(pot)
    lines = [_("%(payer)s pays %(payee)s %(amount)s", payer=names[t.payer], payee=names[t.payee],
               amount=euros(t.amount, sign=False)) for t in fewest_transfers(balances)]
    has_pot = getattr(settlement, "pot", None) is not None
    return {"lines": lines, "pot": (getattr(settlement, "pot", None) or Decimal("0")) if has_pot else None,
            "keep": bool(pot), "choices": offered, "choice": choice}
