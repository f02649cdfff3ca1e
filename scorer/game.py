"""What a game brings to the scorer: the `Game` base class, whose subclasses are the games.

Nothing outside a game's own folder asks which game a partie is; it asks the partie's `Game` (found in the
registry, `scorer.games`) and the game answers. Modelled on python-chess's variants (`class AtomicBoard(
chess.Board)`, `VARIANTS`, `find_variant`): the base states every hook with its default, a game is a subclass
that sets what it must and overrides what it has of its own, and the registry holds one instance of each.
Shared code calls the hooks; it never probes a game, its modules or its settlements with getattr: what a game
may have or not is a declared flag (`has_pot`, `doubled_rounds`) or a method with a default.

What every game sets (class attributes, `REQUIRED`):
- `key`, `name` (a Term), `players` (how many players a partie may have), `error` (its ScoringError);
- `engine`: its rules package, with the same names in every game: `RuleSet` (`from_dict`, `from_stored`,
  `default`, `describe`, `to_dict`, `OPTIONS`), `PRESETS`, `PRESET_NAMES`, `Deal`, `check(rules, deal, players)`,
  `replay(partie)`, `extend(settlement, deals)`;
- `file`: its partie file module: `FORMAT`, `VERSION`, `parse_players(raw, problems)`, `parse_deal(raw,
  problems)`, `deal_to_dict(deal)`, `settlement_to_dict(settlement)`;
- `tables`: its tables module: `rows(settlement, sheet)` for the CSV and Excel exports, `table(settlement)`
  for the command line;
- `web`: the dotted path of its web module, whose `WEB` is its web part (a `scorer.gameweb.GameWeb`: forms,
  words, pages), imported only when the web app asks (`web_part()`: the engines and the command line never
  import Flask); "" for a game with only its engine yet. `templates`: the folder name of its pages.

Everything below `aliases` is a hook with its default: a game overrides those it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from importlib import import_module
from types import ModuleType

from .problems import Problem, ScoringError

ZERO = Decimal(0)


@dataclass(frozen=True)
class Closing:
    """An evening closed by the players' choice for its end (`Game.close`): what the end page settles (who pays whom)
    and what a Runde counts for the evening."""

    money: tuple                # each player's money once the evening is settled (a pot shared, or not)
    pot: Decimal = ZERO         # what the game's pot held at the end of the deals (a game with `has_pot`)
    carried: Decimal = ZERO     # the pot kept by the earlier evenings of a Runde that came into this one
    kept: bool = False          # the pot stays for the next evening
    line: Decimal = ZERO        # the pot's own line among the transfers: + what it keeps, - what it pays out of
                                # `carried`; the players' money and this line add up to zero
    carry: Decimal = ZERO       # what goes on to the game's next evening of the Runde


class Game:
    REQUIRED = ("key", "name", "players", "engine", "file", "tables", "error")

    key: str                    # stored in the database, in addresses and export names
    name: object                # a Term: the game's name as people read it
    players: tuple[int, ...]    # how many players a partie may have
    engine: ModuleType
    file: ModuleType
    tables: ModuleType
    error: type                 # the game's ScoringError
    choice: object = None       # a Term: the game as the new-partie page's game switch offers it
    web: str = ""               # dotted path of the web module
    templates: str = ""         # the templates folder of its own pages
    aliases: tuple[str, ...] = ()   # older keys still found in stored parties
    tournament_first: bool = False  # offered first for a tournament (Königrufen: what the Austrian cups play)

    # -- the partie file --
    rules_in_full: bool = False     # the partie file writes every option of the rules, not only those set
    max_deals: int | None = None    # the most deals its partie file may hold (None: only the file's own limit)

    # -- the new-partie page --
    choices_by_preset: dict = {}    # {option: {preset: values}}: an option's values, each shown only under the
                                    # presets that allow it

    # -- what a game may have (declared, never probed) --
    has_pot: bool = False           # money on the table that is nobody's until the evening ends (`pot`, `close`)
    doubled_rounds: bool = False    # deals that count double after some deals (`doubled_pending`)

    @property
    def format(self) -> str:
        """The `format` of its partie file."""
        return self.file.FORMAT

    @property
    def rules(self) -> type:
        """Its RuleSet class."""
        return self.engine.RuleSet

    def check(self, rules, deal, players) -> list:
        return self.engine.check(rules, deal, players)

    def replay(self, partie, *, checked: bool = False):
        """The partie's settlement. `checked`: every deal already passed the game's `check` (a partie file
        read by `partie_file` did), so the engine may skip checking it again."""
        return self.engine.replay(partie, checked=checked)

    def extend(self, settlement, deals):
        return self.engine.extend(settlement, deals)

    def settle(self, partie):
        """(the partie's settlement, None); for a partie that cannot be replayed (written by hand or by an older
        version), the settlement of its deals before the first problem and (that deal's number, its problems).
        Never raises for a partie whose rules could be read."""
        try:
            return self.replay(partie), None
        except Exception:   # noqa: BLE001 - a broken partie is shown, not a 500
            pass
        settlement = self.replay(partie.with_deals(()))
        for number, deal in enumerate(partie.deals, start=1):
            try:
                settlement = self.extend(settlement, (deal,))
            except ScoringError as exc:
                return settlement, (number, [p.at(number) if p.deal is None else p for p in exc.problems])
            except Exception:   # noqa: BLE001 - a deal that cannot even be read
                return settlement, (number, [Problem("type", "this deal cannot be read", deal=number)])
        return settlement, None

    def replayed(self, partie):
        """The partie's settlement; ScoringError (never anything else), with the first wrong deal's problems,
        if it cannot be replayed: what the store asks of a partie before it keeps a change of its deals."""
        settlement, broken = self.settle(partie)
        if broken is not None:
            raise ScoringError(broken[1])
        return settlement

    @property
    def offered(self) -> bool:
        """The web app offers it: it has a web part (a game may have only its engine yet)."""
        return bool(self.web)

    def web_part(self):
        """Its web part (`scorer.gameweb.GameWeb`): the `WEB` of its web module, imported on first use."""
        found = self.__dict__.get("_web_part")
        if found is None:
            if not self.web:
                raise LookupError(f"{self.key} has no web part yet")
            found = self.__dict__["_web_part"] = import_module(self.web).WEB
        return found

    def upto(self, settlement, k: int):
        """The settlement after the first `k` of `settlement`'s deals, as replaying only those would give.
        Default: a replay of those deals (a game whose engine can read it off the results overrides this)."""
        if k >= len(settlement.deals):
            return settlement
        return self.replay(settlement.partie.with_deals(settlement.partie.deals[:k]))

    def schrift(self, settlement) -> tuple[int, ...]:
        """Each player's Schrift (the written points of a tournament, RULES-TOURNAMENT.md §1) of a settlement.
        Default: the settlement's balance (a game whose Kontra counts only in the money overrides this). A
        table's Schrift sums to 0."""
        return tuple(settlement.balance)

    def games_counted(self, settlement) -> int:
        """How many of a settlement's deals count as games of a tournament's round (RULES-TOURNAMENT.md §3:
        misdeals and redeals do not). Default: every deal."""
        return len(settlement.deals)

    def sheet(self, settlement) -> list[tuple]:
        """The score sheet's figures, as the board writes them: per deal (each seat's figure for it, each seat's
        running figure after it), for the printed sheet of a tournament's table (points, or money as `Decimal`).
        Default: the results' `points` and `balance`."""
        return [(tuple(r.points), tuple(r.balance)) for r in settlement.deals]

    def runde_points(self, settlement) -> tuple | None:
        """Each player's game points of an evening, for the Runde's Points column; None when the evening counts
        none (money only, or a unit of its own, which the game gives among its `figures`: points of different kinds
        are never added up). Default: the balance, when it is whole numbers."""
        balance = tuple(settlement.balance)
        return balance if all(isinstance(b, int) and not isinstance(b, bool) for b in balance) else None

    def figures(self, settlement) -> list[tuple]:
        """The game's own figures of a settlement for the Runde's standings: [(label, per-seat values)].
        Default: none."""
        return []

    def sitting_out(self, result) -> int | None:
        """The seat that sat out one deal's result (at five, the dealer). Default: nobody."""
        return None

    def preview(self, partie, deal, index: int | None = None, settlement=None):
        """The result `deal` would have if recorded at `index` (0-based; default: as the next deal).

        With the partie's `settlement` at hand, the next deal is scored from it without replaying.
        Raises the game's error with the deal's own problems (not numbered).
        """
        found = self.check(partie.rules, deal, partie.players)
        if found:
            raise self.error(found)
        if settlement is not None and index is None:
            return self.extend(settlement, (deal,)).deals[-1]
        deals = list(partie.deals)
        index = len(deals) if index is None else index
        deals[index:index + 1] = [deal]
        return self.replay(partie.with_deals(deals[:index + 1])).deals[index]

    # -- money, the pot, the doubled rounds, the end of the evening --

    def money(self, settlement) -> tuple:
        """Each player's money after the settlement's deals (Decimal); () for a game not played for money.
        Default: ()."""
        return ()

    def pot(self, settlement) -> Decimal | None:
        """What the pot holds after the deals (a game with `has_pot`); None for a game without a pot. Default:
        None."""
        return None

    def doubled_pending(self, settlement) -> int:
        """Doubled deals still to play after the settlement's deals (a game with `doubled_rounds`). Default: 0."""
        return 0

    def bankrupt(self, settlement) -> int | None:
        """The seat whose bankroll has run out (no deal can be recorded any more: the way on is ending the partie),
        None while none has. Default: None (no bankroll)."""
        return None

    def at_the_end(self, settlement, choice: str | None = None, carried: Decimal = ZERO) -> Closing | None:
        """The evening closed by `choice` (one of its web part's `at_the_end_choices`, None: the first): each
        player's money at the end, the pot shared or kept (`close`); None when the partie is not played for money.
        `carried`: the pot the Runde's earlier evenings kept, that came into this one. Default: None."""
        return None

    def close(self, money, pot: Decimal | None, choice: str | None, carried: Decimal = ZERO) -> Closing:
        """The arithmetic of an evening's end, from its figures alone (the end page from its settlement, a Runde from
        the evening's summary: both close it here, so they agree): the players' `money` after the deals, the `pot`
        then, the partie's `choice` for the end and the pot `carried` in. Default: the money as it is (no pot)."""
        return Closing(tuple(money))

    # -- the tests and the benchmarks --

    def sample_partie(self, deals: int = 1, seed: int = 7):
        """A partie of this game with `deals` sample deals, every one valid, the same for the same `seed`: the
        tests' walk over every page of every game and the benchmarks take it from here, with no branch per game.
        Every game gives one (the base has none to give)."""
        raise NotImplementedError(f"{self.key} gives no sample partie")

    def __repr__(self) -> str:
        return f"Game({self.key!r})"


def hooks() -> tuple[str, ...]:
    """Every attribute and hook a game may set or override: the names `Game` declares (tests/test_seam.py checks
    that each is documented in docs/ARCHITECTURE.md)."""
    return tuple(dict.fromkeys([*Game.__annotations__, *(n for n in vars(Game) if not n.startswith("_"))]
                               ).keys() - {"REQUIRED"})
