"""What a game brings to the web app: the `GameWeb` base class, whose subclass is a game's web part.

A game's `Game` (scorer/game.py) names its web module by a dotted path (`Game.web`), imported only when the web
app asks (`Game.web_part()`: the engines, the partie file and the command line never import Flask); that module
makes one instance of its `GameWeb` subclass, `WEB`. The base declares every hook the shared routes ask of a game's
web part, each with its default and what it is for: the shared pages call these and nothing else, never a name
looked up on a module or probed with getattr, and a template never asks whether a name `is defined`.

A hook is either required (`REQUIRED`: the base raises NotImplementedError, and tests/test_seam.py checks that every
offered game's web part has each of them), or optional with a default that means "the game has none": a flag
(`enter_previews`), an empty table (`FIELD_OF`, `ACTIONS`), a method answering None, () or {}.

This package sits below the shared routes (scorer/web/): a game's web part imports its helpers from here (the
blueprint, the forms' pieces, the words and numbers of a page, the chart, the score sheet), never from scorer/web/.
"""

from __future__ import annotations

from .forms import shown


class GameWeb:
    """A game's web part. Subclass it in the game's folder (`scorer/games/<game>/web.py`), set what it must and
    override what it has of its own; `WEB = MyGameWeb()` is what `Game.web_part()` finds."""

    # -- what every game's web part sets ------------------------------------------------------------------------

    REQUIRED = ("blueprint", "NewPartieForm", "partie_from_form", "make_form", "to_deal", "describe",
                "history_facts")

    blueprint = None        # its GameBlueprint (scorer/gameweb/blueprint.py): its pages' template folder
                            # (templates/<game>/) and static files (static/, at /static/<game>/), its own routes
    NewPartieForm = None    # the new-partie form's class (a `gameweb.forms.Form`): the names in seating order
                            # (`player0` …), `first_dealer`, `preset` and the rule set's options

    # what the deal form's errors are shown beside: {the engine's problem field: the form field}; a field not in
    # it is said at the top (`type`)
    FIELD_OF: dict = {}
    # the deal form's own buttons besides preview and save: {action: (form, partie) -> (errors, extras)}; `extras`
    # go to `form_context` (Strohmandeln's "count": the pile counted into the form)
    ACTIONS: dict = {}
    # Enter in a field of the deal form previews instead of saving (a form whose fields have choices after them)
    enter_previews: bool = False

    def blueprints(self) -> tuple:
        """Its Flask blueprints, registered by the app factory (scorer/app.py)."""
        return (self.blueprint,)

    # -- a new partie (scorer/web/creating.py) ------------------------------------------------------------------

    def partie_from_form(self, form):
        """(the Partie the new-partie form asks for, or None; the problems, each at its field). Required."""
        raise NotImplementedError

    def new_form_values(self, rules) -> dict:
        """The new-partie form's values that start a partie with `rules` again (a Runde's next evening has its last
        evening's rules, a club's own tariff included). Default: its preset."""
        return {"preset": rules.preset}

    # -- the deal form (scorer/web/dealing.py: `Dealing`) -------------------------------------------------------

    def make_form(self, sp, settlement, deal=None, fresh: bool = False):
        """The deal form of the stored partie `sp`, filled from the request, from `deal` (an edit) or with the
        defaults (`fresh`: not from the request, as a GET has it, also on a POST: the merged deal of an edit's
        conflict). It has the fields `key` (idempotency), `version` (the partie's, when opened) and `dealer`
        (a seat). Required."""
        raise NotImplementedError

    def to_deal(self, form, partie):
        """(the deal the form describes, persons as seat numbers, or None; [(form field, message)]). Required."""
        raise NotImplementedError

    def form_context(self, partie, form, **extras) -> dict:
        """What the deal form's template uses besides the form (`extras`: an action's, `ACTIONS`). Default:
        nothing."""
        return {}

    def short_result(self, result, partie, money: bool = True) -> str:
        """A deal's result in a few words, on the Save button above its word ("Anna +3 ×2") and in the live
        preview (`#preview-short`); `money`: the partie plays for money (not a tournament's table). Default: ""
        (the button says only "Save deal")."""
        return ""

    def asks(self, form, partie, before: int):
        """The dealer on the deal form was corrected from seat `before`, after choices that depend on him were made:
        when that changes who plays, (the sentence saying what changed and what to check, the form fields to
        check); nothing is stored until the player has seen it (`Dealing.asked`; the game's script asks the same).
        Default: None, nothing typed depends on who deals."""
        return None

    def keep_persons(self, form) -> None:
        """Before "record mine too" moves the dealer on: fix to its person any value of the form that follows the
        dealer (Strohmandeln's pile of a simple game). Default: nothing follows the dealer."""

    # -- the board, the deals, a deal's page (scorer/web/parties.py, deals.py) -----------------------------------

    def describe(self, result, partie) -> str:
        """One deal in a line of words, naming the persons ("Anna: Rufer with Cilli, won"). Required."""
        raise NotImplementedError

    def conflict_value(self, form, name: str) -> str | None:
        """What the field `name` of a form drawn of the stored deal shows, for an edit's conflict where both phones
        changed that field ("the other phone's is “Anna”"); None: the page points to the stored deal's card instead.
        Default: `forms.shown` (a choice's label, a typed value); a game whose field means something only with
        another (a pile's points and whose pile) answers None for it."""
        return shown(form, name)

    def summary(self, result, partie) -> str:
        """A recorded deal in one line with every player's change, for two deals compared (the other phone's and
        mine, a 409). Default: `describe`."""
        return self.describe(result, partie)

    def history_facts(self, raw, partie) -> str:
        """A stored deal (its partie file's dict, maybe of an older version) in words, for the history. Required."""
        raise NotImplementedError

    def page_context(self, partie) -> dict:
        """What the board, the deals list and a deal's page use besides the settlement. Default: `describe`."""
        return {"describe": self.describe}

    def board_context(self, settlement) -> dict:
        """What the board adds: its chart (`chart`, scorer/gameweb/chart.py), its common starts (`starts`: [{"label",
        "detail", "query"}], each a link into the deal form with its choice made). Default: nothing."""
        return {}

    def score_sheet(self, settlement, results, partie):
        """The score sheet (Wertungszettel) of `results` (the deals shown, newest first): a `gameweb.sheet.Sheet` that
        the shared macro draws (templates/_sheet.html), on the board (with its head of running figures: the board's
        `rows` are then `_sheet_rows.html`, its layout `_sheet_board.html`) and on the deals list. A game that scores
        points and money points makes it with `gameweb.sheet.points_sheet`. Default: None (the game's board lists its
        deals its own way: its `_deal_rows.html`)."""
        return None

    def balance_line(self, settlement) -> str | None:
        """The balances in plain text as the deal form's head says them: what a phone keeps of the partie after its
        deal is recorded (the save's JSON, the board's `#outbox`), for a deal form opened offline. Default: None."""
        return None

    def home_links(self) -> tuple:
        """(endpoint, label) of its own pages the home page links to. Default: none."""
        return ()

    # -- the pile calculator (scorer/web/calculator.py) ------------------------------------------------------------

    def count_cards(self, rules, args) -> dict | None:
        """The calculator's count of `args` (the counters' values) for these rules: {"values", "errors",
        "cards_text", "live_text", "thirds", "exact", "other", "fill", …}. Default: None (no calculator)."""
        return None

    def calculator(self, rules) -> dict | None:
        """The calculator page: {"counters", "labels", "limits", "hint", optionally "hidden"}. Default: None."""
        return None

    def calculator_uses(self, sp, result) -> list:
        """The calculator's "use for" buttons into a partie's deal form: [(player, name, url, undertaker)]. Default:
        none."""
        return []

    def standalone_rules(self, args):
        """The rules the calculator on its own counts with (None: this game has none). Default: None."""
        return None

    def card_points_note(self):
        """Why the game has no calculator, in its own words (None: the shared sentence)."""
        return None

    # -- the end of the evening (scorer/web/parties.py `end`, settling.py) ---------------------------------------

    def at_the_end_choices(self) -> dict:
        """Its choices for the end of the evening, {value: label}, the first the default; passed to
        `Game.at_the_end`. Default: none."""
        return {}

    def end_context(self, settlement) -> dict | None:
        """The end page: {"rows": [{"name", "points" (text or None), "money" (Decimal or None)}], "warnings": [what
        is unfinished: ending asks first], "notes": [more lines]}. Default: None, the shared rows (each player's
        balance and money, the doubled games pending)."""
        return None

    def pot_lines(self, closing, names) -> list[tuple[str, str]]:
        """Its lines about the pot under "Who pays whom" (a game with `Game.has_pot`): [(name, sentence)], the name
        (may be "") the line's class and, for the choice shown, its id. `closing`: the evening closed by a choice
        (`Game.close`: the pot shared or kept, the money at the end), `names`: the players'. Default: none."""
        return []

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def hooks() -> tuple[str, ...]:
    """Every hook a game's web part may give: the names `GameWeb` declares (tests/test_seam.py checks that each is
    documented in docs/ARCHITECTURE.md)."""
    return tuple(name for name in vars(GameWeb) if not name.startswith("_") and name != "REQUIRED")
