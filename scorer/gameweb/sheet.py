"""The score sheet (Wertungszettel), one for every game that keeps one: what a game's web part gives its
`score_sheet` hook, and the shared macro draws (templates/_sheet.html, `score_sheet(sheet, sp, board, money)`).

As on the paper pad: the players' names as column heads (and a game's own columns after them: Bavarian Tarock's
pot); on the board the head also holds each one's running figures (`head`: Königrufen's points and money, Bavarian
Tarock's money and what is left of the bankroll); below it a line per deal, newest first: what happened (a tap opens
the deal's page), then each player's figure for the deal over his running figure, and a second figure for the deal
where it differs (a Kontra's money). A row or a figure that is money (`money=True`) is left out at a table that plays
none (a tournament's).

A game whose sheet is points and money points, as the calling games score (Königrufen, Zwanzigerrufen,
Tapp-Tarock), makes it with `points_sheet`; another builds a `Sheet` of its own from the same pieces.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from .words import euros, signed


def tone(x) -> str:
    """A figure's colour on the sheet: "pos", "neg" or "zero"."""
    return "pos" if x > 0 else "neg" if x < 0 else "zero"


def plain_euros(amount) -> str:
    """Money as the sheet's narrow columns write it: the number without " €" (the row or column says €)."""
    return euros(amount).replace(" €", "")


@dataclass(frozen=True)
class Column:
    """A column after the players' (Bavarian Tarock's pot): its head and its class."""

    name: str
    cls: str


@dataclass(frozen=True)
class HeadCell:
    text: str
    id: str | None = None       # the figure's id on the page (balance-0, money-0, pot)
    cls: str | None = None      # its class (a tone, or a column's); None: none


@dataclass(frozen=True)
class HeadRow:
    """A row of the sheet's head on the board: each player's running figure (and the extra columns')."""

    kind: str                   # its class: "totals", "cash", "left"
    label: str                  # what the row is, for a screen reader (or shown: `shown`)
    cells: tuple
    symbol: str = ""            # shown before it, hidden from a screen reader ("€")
    shown: bool = False         # the label is shown (with `title`)
    title: str = ""
    money: bool = False         # a row of money: left out where the partie plays none


@dataclass(frozen=True)
class Cell:
    """One player's (or an extra column's) figures for a deal."""

    figure: str                 # for the deal ("+3", "·")
    tone: str                   # its classes after "d" ("pos", "net neg")
    run: str                    # the running figure after the deal
    money: str = ""             # a second figure for the deal, money (where it differs from the first: a Kontra)
    cls: str = ""               # the cell's class ("sat": sat it out; an extra column's)


@dataclass(frozen=True)
class Line:
    """One deal on the sheet."""

    number: int
    words: str                  # what happened (the game's `describe`)
    dealt: str                  # "Anna dealt"
    cells: tuple
    flag: str = ""              # before the words, marked ("counted ×2")
    note: str = ""              # after the dealer ("Anna, Bernd: 0.50 € each into the refilled pot")
    mark: bool = False          # its cells carry money too: "€" in the row's head


@dataclass(frozen=True)
class Sheet:
    names: tuple
    caption: str
    head: tuple                 # HeadRow, shown on the board
    lines: tuple                # Line, newest first
    extra: tuple = ()           # Column
    out: int | None = None      # who sits out the next deal (marked on a running partie's board)
    kind: str = ""              # a class of the table ("money-sheet": its figures are money)


def dealt(partie, result) -> str:
    return _("%(name)s dealt", name=partie.players[result.deal.dealer])


def points_sheet(settlement, results, partie, describe, in_money, out=None) -> Sheet:
    """The sheet of a game that scores points and money points (RULES-KOENIGRUFEN.md: Kontra counts in the money
    only, unless the rules say otherwise): each player's points for the deal over his running points (Schrift), the
    deal's money where it differs from its points; the head: the running points and the money. `results` have
    `number`, `deal`, `points`, `money_points`, `balance`, `multiplier`, `sitting_out`; the settlement `balance` and
    `money`; `in_money(money_points, stake)` is money; `out`: who sits out the next deal."""
    stake = partie.rules.stake
    names = partie.players
    money = settlement.money
    head = (HeadRow("totals", _("Points (Schrift)"),
                    tuple(HeadCell(signed(x), f"balance-{i}", tone(x)) for i, x in enumerate(settlement.balance))),)
    if stake:
        head += (HeadRow("cash", _("Money"), tuple(HeadCell(plain_euros(m), f"money-{i}", tone(m))
                                                  for i, m in enumerate(money)), symbol="€", money=True),)
    lines = []
    for r in results:
        cash = bool(stake) and r.money_points != r.points
        amounts = in_money(r.money_points, stake) if cash else ()
        cells = tuple(Cell(signed(x), tone(x), signed(r.balance[i]), plain_euros(amounts[i]) if cash else "",
                           "sat" if r.sitting_out == i else "") for i, x in enumerate(r.points))
        lines.append(Line(r.number, describe(r, partie), dealt(partie, r), cells,
                          flag=_("counted ×%(m)s", m=r.multiplier) if r.multiplier > 1 else "", mark=cash))
    return Sheet(names, _("Score sheet: points for each deal and the running total of every player"), head,
                 tuple(lines), out=out)
