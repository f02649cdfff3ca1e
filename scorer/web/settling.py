"""The end of the evening, the same for every game: who pays whom, in the fewest transfers (`scorer.settle`).

The game closes the evening (`Game.at_the_end(settlement, choice, carried)`, a `Closing`): each player's money at
the end (None: the partie is not played for money) and, for a game with a pot (`Game.has_pot`), the pot's own line
(what it keeps for the next evening, or pays out of the pot that earlier evenings kept): that line takes part in
the transfers as one more party. `choice` is the partie's stored choice for the end (`parties.at_the_end`, None:
the game's default), one of its web part's `at_the_end_choices()` ({value: label}, the first the default); a game
without them has no choice to make. `carried` is the pot a Runde's earlier evenings of that game kept, that came
into this evening (`scorer.runde.at_the_end` closes every evening the same way). What the page says about the pot
is the game's own (`GameWeb.pot_lines`).
"""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _

from ..games import game_of
from ..settle import fewest_transfers
from .language import euros


def choices(partie) -> dict:
    """The game's choices for the end of the evening, {value: label} (empty: it has none)."""
    return game_of(partie).web_part().at_the_end_choices()


def settle_up(partie, settlement, choice: str | None = None, carried: Decimal = Decimal(0)) -> dict | None:
    """The settlement of an evening in words: {"lines": ["Bernd pays Anna 1.10 €", ...], "notes": the game's lines
    about its pot [(name, sentence)], "choices": the game's choices for the end, "choice": the one that applies,
    "views": every choice's (value, {"lines", "notes"})}; None when the partie has no money."""
    offered = choices(partie)
    if choice not in offered:
        choice = next(iter(offered), None)
    one = _settled(partie, settlement, choice, carried)
    if one is None:
        return None
    # every choice's settlement too, so that the page shows the one a player picks at once (before "Save the
    # choice" or "End the partie" stores it): what is shown beside the choice is what would be stored
    views = [(value, one if value == choice else _settled(partie, settlement, value, carried)) for value in offered] \
        or [(None, one)]
    return {**one, "choices": offered, "choice": choice, "views": views}


def _settled(partie, settlement, choice, carried: Decimal) -> dict | None:
    """One choice's settlement: {"lines", "notes"} (see `settle_up`)."""
    game = game_of(partie)
    closing = game.at_the_end(settlement, choice, carried)
    if closing is None:
        return None
    names = list(partie.players)
    balances = list(closing.money)
    pot = None
    if closing.line:   # the pot's own line: a payee when it keeps money, a payer when it pays out earlier evenings'
        pot = len(names)
        names.append(_("the pot (kept for the next evening)") if closing.line > 0 else
                     _("the pot kept by earlier evenings"))
        balances.append(closing.line)
    lines = []
    for t in fewest_transfers(balances):
        amount = euros(t.amount, sign=False)
        if t.payee == pot:   # what a player leaves in the kept pot: never read as an ante paid again
            lines.append(_("%(payer)s leaves %(amount)s in the pot for the next evening",
                           payer=names[t.payer], amount=amount))
        else:
            lines.append(_("%(payer)s pays %(payee)s %(amount)s", payer=names[t.payer], payee=names[t.payee],
                           amount=amount))
    notes = game.web_part().pot_lines(closing, partie.players) if game.has_pot else []
    return {"lines": lines, "notes": notes}
