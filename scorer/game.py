"""What a game brings to the scorer: the `Game` base class, whose subclasses are the games.

Nothing outside a game's own folder asks which game a partie is; it asks the partie's `Game` (found in the
registry, `scorer.games`) and the game answers. Modelled on python-chess's variants (`class AtomicBoard(
chess.Board)`, `VARIANTS`, `find_variant`): the base states every hook with its default, a game is a subclass
that sets what it must and overrides what it has of its own, and the registry holds one instance of each.
Shared code calls the hooks; it never probes a game, its modules or its settlements with getattr.

What every game sets (class attributes):
- `key`, `name` (a Term), `players` (how many players a partie may have), `error` (its ScoringError);
- `engine`: its rules package, with the same names in every game: `RuleSet` (`from_dict`, `from_stored`,
  `default`, `describe`, `to_dict`, `OPTIONS`), `PRESETS`, `PRESET_NAMES`, `Deal`, `check(rules, deal, players)`,
  `replay(partie)`, `extend(settlement, deals)`;
- `file`: its partie file module: `FORMAT`, `VERSION`, `parse_players(raw, problems)`, `parse_deal(raw,
  problems)`, `deal_to_dict(deal)`, `settlement_to_dict(settlement)`;
- `tables`: its tables module: `rows(settlement, sheet)` for the CSV and Excel exports, `table(settlement)`
  for the command line;
- `web`: the dotted path of its web module (forms and views: `NewPartieForm`, `DealForm`, `partie_from_form`,
  `make_form`, `to_deal`, `describe`, `summary`, `history_facts`, `page_context`, `board_context`,
  `form_context`, `blueprints`), imported only when the web app asks (the engines and the command line never
  import Flask); "" for a game with only its engine yet. `templates`: the folder name of its pages.

Everything below `aliases` is a hook with its default: a game overrides those it has.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from .problems import Problem, ScoringError


class Game:
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

    # -- the web app: the hooks below import the web module when asked --

    def web_module(self) -> ModuleType:
        """Its web module (forms and views), imported on first use."""
        return import_module(self.web)

    def blueprints(self) -> tuple:
        """Its own Flask blueprints (its pages' template folder, its own routes): the web module's `blueprints`."""
        return tuple(self.web_module().blueprints)

    def new_form_values(self, rules) -> dict:
        """The new-partie form's values that start a partie with `rules` again (a Runde's next evening has its last
        evening's rules). Default: its preset."""
        return {"preset": rules.preset}

    def home_links(self) -> tuple:
        """(endpoint, label) of its own pages the home page links to. Default: none."""
        return ()

    def at_the_end_choices(self) -> dict:
        """Its choices for the end of the evening, {value: label}. Default: none."""
        return {}

    def at_the_end(self, settlement, choice: str | None = None):
        """(each player's money at the end, what stays in the pot) for the evening's settling-up, or
        (None, 0) when the partie has no money. Default: the game keeps no money (None, 0)."""
        return None, 0

    def end_context(self, settlement) -> dict | None:
        """What the end page shows: {"rows": [{"name", "points" (text or None), "money" (Decimal or None)}],
        "warnings": [...], "notes": [...]}. Default: None, the shared page's rows (every player's balance and
        money, and the doubled games pending)."""
        return None

    def count_cards(self, rules, args) -> dict | None:
        """The pile calculator's count of `args` (the counters' values) for a partie with these rules: a dict
        with values, errors, cards_text, live_text, thirds, exact, other, ... Default: None (no calculator)."""
        return None

    def calculator(self, rules) -> dict | None:
        """The pile calculator page of a partie of this game: {"counters", "labels", "limits", "hint", optionally
        "hidden": the fields the calculator on its own keeps}.
        Default: None (no calculator: the page says `card_points_note`)."""
        return None

    def calculator_uses(self, sp, result) -> list:
        """The calculator's "use for" buttons that fill a partie's deal form: [(player, name, url, undertaker)].
        Default: none."""
        return []

    def standalone_rules(self, args):
        """The rules the calculator on its own counts with (the home page links to it), None: it has none.
        Default: None."""
        return None

    def keep_persons(self, form) -> None:
        """Before "record mine too" moves the dealer on: fix to its person any value of the deal form that
        follows the dealer (Strohmandeln's pile of a simple game). Default: nothing follows the dealer."""

    def asks(self, form, partie, before: int) -> tuple[str, tuple[str, ...]] | None:
        """The dealer on a deal form was corrected from seat `before` to the one the form now has, after choices that
        depend on him were made (the Vorhand plays a Rufer; a simple game's typed pile was the Vorhand's): when that
        changes who plays, (the sentence that says what changed and what to check, the form fields to check), and
        nothing is stored until the player has seen it (`Dealing.asked`; the deal form's script asks the game's
        script the same). Default: None, nothing a game typed depends on who deals."""
        return None

    def balance_line(self, settlement) -> str | None:
        """The balances in plain text as the deal form's head says them, what a phone keeps of the partie after
        its deal is recorded (for a deal form opened offline later). Default: None (the phone keeps none)."""
        return None

    def card_points_note(self) -> object:
        """Why a game has no calculator, in its own words (None: the shared sentence)."""
        return None

    # -- the tests and the benchmarks --

    def sample_partie(self, deals: int = 1, seed: int = 7):
        """A partie of this game with `deals` sample deals, every one valid, the same for the same `seed`: the
        tests' walk over every page of every game and the benchmarks take it from here, with no branch per game.
        Every game gives one (the base has none to give)."""
        raise NotImplementedError(f"{self.key} gives no sample partie")

    def __repr__(self) -> str:
        return f"Game({self.key!r})"
