"""The end of the evening, the same for every game: who pays whom, in the fewest transfers (`scorer.settle`).

The game says what each player has won or lost when the evening ends through its web module's hook
`at_the_end(settlement, choice) -> (amounts or None, pot)`: money per player (None: the partie is not played
for money), and what stays in the pot when it is kept for the next evening (0 when it is shared, or for a game
without a pot). A kept pot takes part in the transfers as one more payee. `choice` is the partie's stored
choice for the end (`parties.at_the_end`, None: the game's default), one of the values of the web module's
optional `AT_THE_END` ({value: label}, the first the default); a game without it has no choice to make. The
value `KEEP` ("keep") keeps the pot for the next evening: a Runde (`scorer.runde.at_the_end`) carries it into its
next evening of that game, and that evening's end page shares it with its own pot (or keeps it on).
"""

from __future__ import annotations

from decimal import Decimal

from flask_babel import gettext as _

from ..amounts import shared, to_cents
from ..games import game_of
from ..settle import fewest_transfers
from .language import euros


KEEP = "keep"


def choices(partie) -> dict:
    """The game's choices for the end of the evening, {value: label} (empty: it has none)."""
    return game_of(partie).at_the_end_choices()


def settle_up(partie, settlement, choice: str | None = None, carried: Decimal = Decimal(0)) -> dict | None:
    """The settlement of an evening in words: {"lines": ["Bernd pays Anna 1.10 €", ...], "pot": the pot's
    amount or None (the game has none), "keep": whether it is kept, "choices": the game's choices for the end,
    "choice": the one that applies, "carried": the pot kept by the Runde's earlier evenings that came into this
    one, "money": [(name, each player's money at the end)] when the game has a pot (then it differs from the
    balances: the figures the Runde counts)}; None when the partie has no money. `carried` is shared after the evening's own pot (each share as
    `amounts.shared` makes it), or stays in the pot when it is kept: as the Runde settles it."""
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
    """One choice's settlement: {"lines", "pot", "keep", "carried", "money"} (see `settle_up`)."""
    amounts, pot = game_of(partie).at_the_end(settlement, choice)
    if amounts is None:
        return None
    names = list(partie.players)
    balances = list(amounts)
    keep = bool(pot) or choice == KEEP
    if carried and not keep:   # the pot kept by earlier evenings is shared too: it pays each player a share
        balances = [to_cents(b + s) for b, s in zip(balances, shared(carried, len(balances)))]
        names.append(_("the pot kept by earlier evenings"))
        balances.append(-carried)
    kept = None
    if pot:
        kept = len(names)
        names.append(_("the pot (kept for the next evening)"))
        balances.append(pot)
    lines = []
    for t in fewest_transfers(balances):
        amount = euros(t.amount, sign=False)
        if t.payee == kept:   # what a player leaves in the kept pot: never read as an ante paid again
            lines.append(_("%(payer)s leaves %(amount)s in the pot for the next evening",
                           payer=names[t.payer], amount=amount))
        else:
            lines.append(_("%(payer)s pays %(payee)s %(amount)s", payer=names[t.payer], payee=names[t.payee],
                           amount=amount))
    has_pot = settlement.pot is not None
    money = list(zip(partie.players, balances)) if has_pot else []
    return {"lines": lines, "pot": (settlement.pot or Decimal("0")) if has_pot else None,
            "keep": keep, "carried": carried, "money": money}
