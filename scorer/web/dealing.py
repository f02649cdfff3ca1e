"""One request of a deal form, the same for every game: `Dealing` holds the stored partie, its settlement, the
game, its form and the deal typed (and the number of the deal an edit is about), and answers the request:
the form, its preview, the save, or why nothing was saved (the other phone's deals, an ended partie, a deal
deleted meanwhile, a form sent twice). The store holds every change to the partie's version and idempotency key
(`store.Guard`); the checks it makes inside the write transaction are its own."""

from __future__ import annotations

import dataclasses
import json
import re

from flask import flash, jsonify, redirect, render_template, request, url_for
from flask.globals import request_ctx
from markupsafe import Markup
from flask_babel import gettext as _, lazy_gettext as _l

from .. import store
from ..db import get_db
from ..games import game_of
from ..partie_file import deal_to_dict
from ..problems import ScoringError
from .forms import new_key
from .history import device, editor
from .language import sentence
from .loading import broken_of, current, settle
from .parties import board_page
from .responses import compact

KEY = re.compile(r"[A-Za-z0-9_-]{1,%d}" % len(new_key()))   # no longer than the keys the forms make
SAVES = ("save", "record-anyway")
HELD = object()   # render(number=HELD): the number of the deal the request is about
# a deal refused on an ended partie: the form's head says it has ended (and has the button that reopens it)
ENDED = _l("Nothing was saved yet: reopen the partie first (the button above); what you typed stays.")


def number_sent(text):
    """A whole number a form sent (a version, a count, a deal's identity); None if there is none, or it is
    not one: not a number, negative, or beyond what SQLite stores (a hostile form's 10**20)."""
    text = (text or "").strip() if isinstance(text, str) or text is None else str(text)
    if not text or len(text) > 18:
        return None
    try:
        number = int(text)
    except ValueError:
        return None
    return number if 0 <= number < 2 ** 62 else None


def expected_version(text):
    """The version a form was opened at: None if it sent none (forms from before versions: not checked);
    -1, which no partie has, if it sent one that is not a version (then it is a conflict, never unchecked)."""
    if not (text or "").strip():
        return None
    number = number_sent(text)
    return -1 if number is None else number


class Standing(str):
    """A refusal of Save that the live preview cannot repeat (the partie ended, a tournament table's round complete,
    a form sent twice): the page keeps it in sight while the preview follows the form (static/form.js)."""
    stands = True


def standing(errors) -> list[tuple[str, str]]:
    """Errors said by a Save refused in the store: each a `Standing` sentence."""
    return [(field, Standing(message)) for field, message in errors]


def form_problems(form) -> list[tuple[str, str]]:
    """What the form itself refused (a wrong choice, an expired token), as (field, sentence)."""
    return [(name, sentence(str(m))) for name, msgs in form.errors.items() for m in msgs]


def by_field(errors) -> dict[str, list[str]]:
    """Errors grouped by the field they are shown next to."""
    grouped: dict[str, list[str]] = {}
    for field, message in errors:
        grouped.setdefault(field, []).append(message)
    return grouped


def wants_json() -> bool:
    """The page's script (or the phone's outbox) saves in the background and wants the outcome as JSON."""
    return request.accept_mimetypes.best == "application/json"


def edit_key(form) -> str | None:
    """The key of an edit form, if it has a valid one (forms opened before edits had keys have none)."""
    return form.key.data if KEY.fullmatch(form.key.data or "") else None


def facts(deal) -> dict:
    """A deal's facts as the store keeps them (its partie file's dict)."""
    return json.loads(json.dumps(deal_to_dict(deal), ensure_ascii=False))


def attribute_json(value) -> Markup:
    """JSON for a single-quoted HTML attribute: compact, its quotes left as they are (a page of at most 30 kB)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return Markup(text.replace("&", "&amp;").replace("'", "&#39;").replace("<", "&lt;").replace(">", "&gt;"))


def base_sent() -> dict | None:
    """The base an edit form carries (the deal's facts when it was opened), or None if it has none that reads."""
    try:
        base = json.loads(request.form.get("base") or "null")
    except ValueError:
        return None
    return base if isinstance(base, dict) else None


def merged(base: dict | None, theirs: dict, mine: dict) -> tuple[dict, list[str]]:
    """A three-way merge of a deal's facts: what this phone did not change (`mine` as `base` had it) keeps the
    other phone's value (`theirs`), what it changed is its own; with the names of the facts both phones changed,
    each its own way (mine kept, the player sees both). Without a base (a form opened before edits carried one):
    mine, as it was typed."""
    if base is None:
        return dict(mine), []
    out, both = {}, []
    for k in dict.fromkeys([*base, *theirs, *mine]):
        b, t, m = base.get(k), theirs.get(k), mine.get(k)
        if m == b:
            value = t
        else:
            value = m
            if t != b and t != m:
                both.append(k)
        if value is not None or k in mine or k in theirs:
            out[k] = value
    return out, both


class Dealing:
    """A deal form's request: a new deal (`number` None) or an edit of deal `number`, of the stored partie `sp`
    with its `settlement`. After a refusal inside the write transaction it holds the partie as it is now
    (`reread`), so that the form is drawn again on the partie the other phone left."""

    def __init__(self, sp: store.StoredPartie, settlement, number: int | None = None):
        self.sp = sp
        self.settlement = settlement
        self.broken = broken_of(sp)   # a partie that cannot be replayed (loading.current): up to its problem
        self.number = number
        self.game = game_of(sp.partie)
        self.web = self.game.web_part()
        partie = sp.partie
        existing = partie.deals[number - 1] if number and number <= len(partie.deals) else None
        self.form = self.web.make_form(sp, settlement, existing)
        self.deal = None        # the deal typed (the game's `to_deal`)
        self.result = None      # its result, scored where it would stand
        # an edit's base: the deal's facts when its form was opened (JSON, a hidden field): what this phone changed,
        # told from what another phone changed meanwhile (`merged`)
        self.base = facts(existing) if existing is not None and request.method == "GET" else base_sent()
        self.count_shown = None   # the deals a conflict's page showed (its `count`, drawn anew every round)
        self.asks_said = ""       # the live preview's: what a dealer corrected changed (`asked`), for the script
        # what the page shows besides the form (templates/_deal_form_head.html, _deal_form_foot.html): the identity of
        # the deal an edit is about, once known (kept through a refusal: `deal_ident`); after a 409, both deals side by
        # side, the version the player saw (its "record mine too" expects it) and the number a new deal gets
        self.deal_id = None
        self.side_by_side = None
        self.seen_version = None
        self.next_number = None

    # -- the request --

    def answer(self):
        """GET shows the form; POST previews, saves, or runs one of the game's own buttons (`ACTIONS`)."""
        form = self.form
        if request.method == "GET":
            return self.render(result=self.opened_with_points())
        if not form.validate_on_submit():
            return self.render(form_problems(form), status=422)
        action = request.form.get("action", "save")
        if action == "reopen":   # "Reopen the partie" on a form refused as ended: the typed deal stays in it
            return self.reopened()
        if action in self.web.ACTIONS:
            errors, extra = self.web.ACTIONS[action](form, self.sp.partie)
            return self.render(errors, status=422 if errors else 200, result=None if errors else self.previewed(),
                               **extra)
        if self.number is not None:   # an edit: of the deal the form was opened for
            ident = number_sent(request.form.get("deal_id"))
            now = store.deal_number(get_db(), self.sp.id, ident) if ident is not None else self.number
            if now is None or now > len(self.sp.partie.deals):   # deleted on another phone
                return self.deleted(self.number)
            self.number = now
        asked = self.asked()
        self.deal, errors = self.web.to_deal(form, self.sp.partie)
        errors = self.score() or errors   # a deal the engine refuses: its problems at their fields
        if request.args.get("fragment") and asked:   # the live preview: the script's question gets the sentence
            self.asks_said = asked[0][1]
            asked = []
        if asked or errors:
            return self.render(asked + errors, status=422)
        if action not in SAVES:
            return self.preview()
        return self.save(action)

    def render(self, errors=(), result=None, status=200, number=HELD, **extra):
        """The game's deal form page (or, for the live preview, just its preview box) on the partie held; `extra`
        goes to the game's `form_context` (what a button of its own, like Strohmandeln's "count", has to say).
        Beside the result: what will be recorded, in the persons' names (`to_record`)."""
        fragment = bool(request.args.get("fragment"))
        partie = self.sp.partie
        return render_template(
            "_preview_fragment.html" if fragment else f"{self.game.templates}/deal_form.html",
            preview=f"{self.game.templates}/_preview.html", sp=self.sp, partie=partie, s=self.settlement,
            form=self.form, number=self.number if number is HELD else number, errors=by_field(errors),
            result=result,
            to_record=self.to_record(result), base=attribute_json(self.base) if self.base else "",
            count_shown=self.count_shown, asks_said=self.asks_said, enter_previews=self.web.enter_previews,
            deal_id=self.deal_ident(self.number if number is HELD else number), side_by_side=self.side_by_side,
            seen_version=self.seen_version, next_number=self.next_number,
            **{"short_result": self.web.short_result, **self.web.form_context(partie, self.form, **extra)},
        ), status

    def deal_ident(self, number):
        """The identity of the deal an edit form is about (a hidden field; "" for a new deal's form): the one it was
        opened for, kept through a refusal; for a newly opened form, deal `number`'s."""
        if not number:
            return ""
        ident = self.deal_id
        if ident is None and request.method == "POST":
            ident = number_sent(request.form.get("deal_id"))
        if ident is None:
            try:
                ident = store.deal_id(get_db(), self.sp.id, number, known=self.sp)
            except store.NotFoundError:
                return ""
        return ident

    def to_record(self, result) -> str:
        """What Save stores, in words naming the persons ("Bernd: Rufer with Cilli, won · Pagat announced made ·
        Anna dealt"): the game's own line of the deal scored, and its dealer."""
        if result is None or self.deal is None:
            return ""
        players = self.sp.partie.players
        dealer = self.deal.dealer
        words = self.web.describe(result, self.sp.partie)
        if isinstance(dealer, int) and 0 <= dealer < len(players):
            words += " · " + _("%(name)s dealt", name=players[dealer])
        return words

    def asked(self) -> list[tuple[str, str]]:
        """A dealer corrected on the form after choices that depend on him were made (the form carries the dealer
        they were made under, `typed_dealer`): when that changes who plays (`Game.asks`), the sentence saying so
        beside the dealer and each choice to check marked. Nothing is stored then: the form comes back showing
        them, and carries the dealer it shows now, so that Save stores what the player has seen."""
        field = self.form.dealer
        before = number_sent(request.form.get("typed_dealer"))
        players = self.sp.partie.players
        if before is None or before >= len(players) or str(before) == str(field.data):
            return []
        if str(field.data) not in [str(i) for i in range(len(players))]:
            return []
        found = self.web.asks(self.form, self.sp.partie, before)
        if not found:
            return []
        sentence_, fields = found
        return [("dealer", sentence_)] + [(name, _("Check this: the dealer was corrected.")) for name in fields]

    def reopened(self):
        """"Reopen the partie" pressed on a deal form refused because the partie has ended: reopened (a real button,
        the player's choice), and the same form back with everything typed in it; its Save then stores it (the
        partie's deals are as the form saw them: ending and reopening is no other phone's change)."""
        if not self.sp.running:
            store.set_ended(get_db(), self.sp.id, False)
            self.reread()
        asked = self.asked()   # a dealer corrected under choices that depend on him: said here too
        self.deal, errors = self.web.to_deal(self.form, self.sp.partie)
        result = None if asked or self.deal is None or errors or self.score() else self.result
        flash(_("The partie is open again. Your deal is kept below: check it and save it."))
        return self.render(errors=asked, result=result)

    def reread(self) -> None:
        """The partie as it is now in the store (another phone changed it), and its settlement."""
        self.sp = store.load(get_db(), self.sp.id)
        self.settlement, self.broken = settle(self.sp.partie)

    def form_errors(self, problems, number: int) -> list[tuple[str, str]]:
        """Problems of the deal in the form go next to their field; those of other deals (a bankroll that
        runs out before later deals) are said with their deal number."""
        field_of = self.web.FIELD_OF
        return [(field_of.get(p.field, "type"), sentence(p)) if p.deal in (None, number)
                else ("type", sentence(p, located=True)) for p in problems]

    # -- scoring --

    def opened_with_points(self):
        """A new deal's form opened with its card points in the query (the calculator's "Use for Anna") shows its
        preview at once, and the result beside Save, without JavaScript too; a deal that cannot be scored yet
        shows the form alone (Save says why)."""
        partie = self.sp.partie
        if self.number is not None or not request.args.get("points") or \
                len(self.settlement.deals) != len(partie.deals):
            return None
        deal, errors = self.web.to_deal(self.form, partie)
        if deal is None or errors:
            return None
        try:
            return self.game.preview(partie, deal, settlement=self.settlement)
        except ScoringError:
            return None

    def previewed(self):
        """After a button of the game's own (the pile calculator's "Count it" filled the card points): the deal's
        result as it now stands, shown beside Save and in the preview, without JavaScript too; None while the deal
        cannot be scored yet (nothing is said then: the form is still being filled)."""
        self.deal, errors = self.web.to_deal(self.form, self.sp.partie)
        if self.deal is None or errors or self.score():
            return None
        return self.result

    def score(self) -> list[tuple[str, str]]:
        """Score the deal typed as the next deal (extending the settlement) or as deal `number` (replaying):
        its result, or the problems at their fields (nothing is stored then)."""
        partie = self.sp.partie
        if self.deal is None:
            return []
        try:
            if self.number is None:   # a new deal: scored on from the settlement, no replay
                if len(self.settlement.deals) != len(partie.deals):   # a partie that cannot be replayed
                    self.game.replayed(partie.with_deals(partie.deals + (self.deal,)))
                after = self.game.extend(self.settlement, (self.deal,))
            else:
                deals = list(partie.deals)
                deals[self.number - 1] = self.deal
                after = self.game.replayed(partie.with_deals(deals))
        except ScoringError as exc:
            return self.form_errors(exc.problems, self.number or len(partie.deals) + 1)
        self.result = after.deals[(self.number or len(after.deals)) - 1]
        return []

    def preview(self):
        """The form with the deal's result, nothing stored."""
        return self.render(result=self.result)

    def with_mine(self, deal=None) -> None:
        """The partie held, with the deal appended: ScoringError if that cannot be scored."""
        partie = self.sp.partie
        self.game.replayed(partie.with_deals(partie.deals + (deal or self.deal,)))

    # -- saving --

    def guard(self, expected, key) -> store.Guard:
        """What the store holds this save to: the version the form was opened at, its key, and the partie the
        deal was scored on (replayed again inside the transaction only if another phone changed it since)."""
        return store.Guard(expected=expected, key=key, seen=self.sp, replay=True, scored=True, by=editor(self.sp.id),
                           device=device())

    def save(self, action: str = "save"):
        """Store the deal scored: a new deal, or the edit of deal `number`."""
        if self.number is not None:
            return self.save_edit()
        if not KEY.fullmatch(self.form.key.data or ""):
            return self.render(status=422, errors=[("type", Standing(_(
                "This form is incomplete (its key is missing or wrong): reload the page and enter the deal "
                "again. Nothing was saved.")))])
        expected = expected_version(self.form.version.data)
        if action == "record-anyway":   # the player saw the other phone's deals and records this one too
            expected = expected_version(request.form.get("seen_version"))
        db = get_db()
        try:
            stored = store.add_deal(db, self.sp.id, self.deal, self.guard(expected, self.form.key.data or None))
        except store.EndedError:
            self.reread()
            return self.render(errors=[("type", Standing(ENDED))], status=422)
        except store.ConflictError as exc:
            if exc.now is None:
                self.reread()
            else:
                self.sp = exc.now
                self.settlement, self.broken = settle(exc.now.partie)
            return self.conflict()
        except ScoringError as exc:   # refused in the store (a tournament table's round complete): said as it stands
            opened = number_sent(request.form.get("count"))
            self.reread()
            return self.render(errors=self.recorded_since(opened) + standing(
                self.form_errors(exc.problems, len(self.sp.partie.deals) + 1)), status=422)
        if stored is None:   # the key was saved before: a double tap, or the same form sent again with other facts
            refused, number = self.already_saved()
            if refused is not None:
                return refused
            return self.saved(number, None)
        version, number = stored
        flash(_("Deal %(num)s recorded.", num=number))
        return self.saved(number, version)

    def save_edit(self):
        """Store an edit of the deal the form was opened for, found by its identity (`deal_id`), not by its
        place: another phone may have deleted a deal before it (then it has a new number) or this very deal."""
        db = get_db()
        form = self.form
        pid = self.sp.id
        ident = number_sent(request.form.get("deal_id"))
        was = (request.view_args or {}).get("number", self.number)   # the number the form was opened with
        deals = self.sp.partie.deals
        unchanged = self.number <= len(deals) and facts(deals[self.number - 1]) == facts(self.deal)
        try:
            number = store.update_deal(db, pid, self.number, self.deal,
                                       self.guard(expected_version(form.version.data), edit_key(form)), ident=ident)
        except ScoringError as exc:
            self.reread()
            return self.render(errors=standing(self.form_errors(exc.problems, self.number)), status=422)
        except store.EndedError:   # ended on the other phone after this form was opened: nothing moves
            self.reread()
            return self.render(status=422, errors=[("type", Standing(_(
                "Nothing was changed: deal %(num)s is as it was. Reopen the partie first (the button above); what "
                "you typed stays.", num=self.number)))])
        except store.NotFoundError:
            self.reread()
            return self.deleted(was)
        except store.ConflictError:
            mine = store.submission(db, form.key.data) if edit_key(form) else None
            same = mine is not None and mine["partie_id"] == pid and mine["deal"] == facts(self.deal) and (
                mine["deal_id"] == ident if ident is not None else mine["number"] == self.number)
            if same:   # a double tap: the first tap made exactly this edit
                flash(_("Deal %(num)s changed; everything after it recomputed.", num=mine["number"]))
                return self.saved(mine["number"], store.version(db, pid))
            self.reread()
            if ident is None:   # a form without the deal's identity (an older page): which deal it was is unknown
                return self.deleted(was, _(
                    "The partie changed on another phone since you opened this form, and this older form does not "
                    "say which deal it was opened for, so it cannot be applied to deal %(num)s. What you typed is "
                    "kept below.", num=was))
            now = store.deal_number(db, pid, ident)
            if now is None or now > len(self.sp.partie.deals):
                return self.deleted(was)
            return self.edit_conflict(ident, was, now)
        flash(_("Deal %(num)s saved as it was: nothing changed.", num=number) if unchanged else
              _("Deal %(num)s changed; everything after it recomputed.", num=number))
        return self.saved(number, store.version(db, pid))

    def edit_conflict(self, ident: int, was: int, now: int):
        """409: the partie changed on another phone since this edit form was opened. Nothing is stored: the page shows
        the deal as stored now and this phone's as it would be saved, side by side. A fact this phone did not change
        keeps the stored value (a three-way merge of the form's base, the stored deal and the deal typed); a fact both
        changed keeps this phone's and is marked. The form comes back with that deal, on the partie's version now:
        Save stores exactly what it shows."""
        partie, typed, base = self.sp.partie, self.form, self.base
        theirs = facts(partie.deals[now - 1])
        facts_now, both = merged(base, theirs, facts(self.deal))
        problems: list = []
        deal = self.game.file.parse_deal(facts_now, problems)
        if deal is None or problems:   # cannot be: every value came from a deal that reads; then mine as typed
            deal, both = self.deal, []
        form = self.web.make_form(self.sp, self.settlement, deal, fresh=True)
        form.key.data = typed.key.data          # the edit's own key: its second tap is told apart from a change
        form.version.data = str(self.sp.version)
        self.deal_id = ident
        self.form, self.deal, self.base = form, deal, theirs
        self.number = now
        errors = []
        if now != was:
            errors.append(("conflict", _("The other phone deleted a deal before it: deal %(was)s is now deal %(num)s.",
                                         was=was, num=now)))
        if base is None:   # an older form: which of its facts the player changed cannot be told
            errors.append(("conflict", _("The partie changed on another phone since you opened this form: deal "
                                         "%(num)s as it is stored now is in the card “As stored now”. Save stores yours.", num=now)))
        elif theirs == base:
            errors.append(("conflict", _("The partie changed on another phone since you opened this form; deal "
                                         "%(num)s itself is as you opened it. Save stores yours.", num=now)))
        else:
            errors.append(("conflict", _("Deal %(num)s was changed on the other phone while you edited it. What you "
                                         "did not change keeps the other phone's value; what you changed is yours. "
                                         "Save stores the deal as the form shows it now.", num=now)))
        field_of = self.web.FIELD_OF
        stored_form = self.web.make_form(self.sp, self.settlement, partie.deals[now - 1], fresh=True) if both else None
        for name in both:
            field = field_of.get(name, "type")
            said = self.web.conflict_value(stored_form, field)
            # a sentence that stands while the live preview follows the form (static/form.js): the preview knows
            # nothing of the other phone
            errors.append((field, Standing(_("Both phones changed this: yours is in the form; the other phone's is "
                                             "“%(theirs)s”.", theirs=said) if said else
                                           _("Both phones changed this: yours is in the form, the other phone's in "
                                             "the card “As stored now”."))))
        mine = None
        try:
            deals = list(partie.deals)
            deals[now - 1] = deal
            after = self.game.replayed(partie.with_deals(deals))
            mine = self.web.summary(after.deals[now - 1], partie)
        except ScoringError as exc:
            errors += self.form_errors(exc.problems, now)
        theirs_line = self.web.summary(self.settlement.deals[now - 1], partie) \
            if now <= len(self.settlement.deals) else ""
        players = partie.players
        # two lines alike (a Kontra, a premium or the dealer changed, the points as they were): under each, every
        # fact of the deal in words, so that the difference is seen
        theirs_facts = mine_facts = None
        if mine == theirs_line:
            theirs_facts, mine_facts = self.web.history_facts(theirs, partie), self.web.history_facts(facts(deal), partie)
            if theirs_facts == mine_facts:
                theirs_facts = mine_facts = None
        self.side_by_side = {"theirs": [(now, theirs_line)], "mine": mine, "number": now, "edit": True,
                             "dealer": players[deal.dealer] if 0 <= deal.dealer < len(players) else "",
                             "theirs_facts": theirs_facts, "mine_facts": mine_facts}
        return self.render(errors=errors, status=409, number=now)

    def saved(self, number, version):
        """After a save: the board; for the script, the deal's number, the partie's version and the board."""
        pid = self.sp.id
        board = url_for("partie.board", pid=pid)
        if not wants_json():
            return redirect(board)
        fresh, settlement = current(pid)   # the cached settlement, extended by this deal (the board's next)
        # who deals next, and the deals and balances after this one: what the phone keeps of the partie (app.js)
        next_dealer = settlement.next_dealer
        if next_dealer is None:   # before the first deal (Königrufen): whoever the new partie named
            next_dealer = fresh.partie.first_dealer
        whole = len(settlement.deals) == len(fresh.partie.deals)
        answer = dict(recorded=number, version=version if version is not None else fresh.version, board=board,
                      again=version is None, next_dealer=next_dealer, count=len(fresh.partie.deals),
                      context=self.web.balance_line(settlement) if whole else None,
                      # the deal in the players' words, as the form's "To be recorded" says it: the outbox's line
                      said=self.to_record(self.result))
        if version is None and self.number is None:
            # the same form again (an answer lost on the way, then sent again): the version its deal left the partie
            # at and the deals then, so that the phone's deals typed after it expect that version (its own deal is
            # never "the other phone's", static/app.js)
            mine = store.submission(get_db(), self.form.key.data)
            if mine is not None:
                answer.update(version_after=mine["version"], count_after=mine["was"])
        if request.headers.get("X-Scorer-Show") == "board":
            # the deal form's Save (static/form.js) shows this answer: the board, rendered as a GET of it would
            # be, so the phone shows the deal after one round trip (the outbox's sends leave the header out);
            # its flash ("Deal n recorded.") is in it and so shown once, as on the board loaded after a redirect
            request_ctx.flashes = None   # read the session's flashes again (a form's render may have read none)
            # the page's own address as a GET has it (its language links come back to it)
            answer["page"] = compact(board_page(pid, shown_path=board + "?").encode()).decode()
        return jsonify(**answer)

    # -- refusals --

    def deleted(self, number, message=None):
        """409: the deal this edit form was opened for was deleted on another phone (or `message`: why else the
        edit cannot be applied). What was typed is kept, in a new deal's form: record it as a new deal, or
        discard it."""
        fresh, form = self.sp, self.form
        form.version.data = str(fresh.version)
        form.key.data = new_key()
        offer = fresh.running and self.broken is None
        self.seen_version = fresh.version if offer else None
        self.next_number = len(fresh.partie.deals) + 1
        errors = [("conflict", message or _("Deal %(num)s was deleted on another phone in the meantime. What you "
                                            "typed is kept below.", num=number))]
        if not fresh.running:
            errors.append(("type", Standing(ENDED)))
        return self.render(errors=errors, status=409, number=None)

    def recorded_since(self, opened) -> list[tuple[str, str]]:
        """The other phone's deals recorded since this form was opened (it had `opened` deals), as the conflict says
        them: for a refusal that follows them (a tournament table's round their deal completed)."""
        deals = self.settlement.deals
        if opened is None or not 0 <= opened < len(deals) or len(deals) != len(self.sp.partie.deals):
            return []
        return [("type", Standing(_("Deal %(num)s was recorded on the other phone a moment ago: %(what)s",
                                    num=r.number, what=self.web.summary(r, self.sp.partie)))) for r in deals[opened:]]

    def conflict(self):
        """409: another phone recorded (or changed) deals since this form was opened. The form keeps its
        values (the persons, the pile, the bonuses: only the dealer may move on); the page shows the other
        phone's deals and this one as it would be recorded, side by side, and offers to record it too, or to
        discard it."""
        fresh, settlement, form = self.sp, self.settlement, self.form
        describe = self.web.summary
        opened = number_sent(request.form.get("count"))
        errors = []
        theirs = []
        if opened is not None and 0 <= opened <= len(fresh.partie.deals) and opened < len(settlement.deals):
            for r in settlement.deals[opened:]:
                errors.append(("conflict", _("Deal %(num)s was recorded on the other phone a moment ago: %(what)s",
                                             num=r.number, what=describe(r, fresh.partie))))
                theirs.append((r.number, describe(r, fresh.partie)))
        if not errors:
            errors.append(("conflict", _("The partie changed on another phone since you opened this form.")))
        note = self.move_dealer_on(opened)
        if note:
            errors.append(("conflict", note))
        deal = self.deal
        offer = True
        mine = None
        try:
            self.with_mine()
            if self.broken is None:
                mine = describe(self.game.extend(settlement, (deal,)).deals[-1], fresh.partie)
        except ScoringError as exc:
            offer = False
            errors += self.form_errors(exc.problems, len(fresh.partie.deals) + 1)
        if not fresh.running:
            offer = False
            errors.append(("type", Standing(ENDED)))
        self.seen_version = fresh.version if offer else None
        self.next_number = len(fresh.partie.deals) + 1
        # drawn anew on every round: the page shows the partie as it is now, so the next round's "other phone's
        # deals" and proposed dealer count from here, never from the first conflict's count
        self.count_shown = len(fresh.partie.deals)
        # both deals side by side (templates/_deal_form_head.html): the other phone's, and mine as it would be
        players = fresh.partie.players
        self.side_by_side = {"theirs": theirs[-3:], "mine": mine, "number": self.next_number, "edit": False,
                             "dealer": players[deal.dealer] if 0 <= deal.dealer < len(players) else ""} \
            if theirs or mine else None
        return self.render(errors=errors, status=409, number=None)

    def _dealer_moved_on(self, opened):
        """The dealer to propose now, when the form still has the one it proposed when it was opened and the other
        phone's deals moved the deal on (else None): "record mine too" must not repeat the last deal's dealer."""
        field = self.form.dealer
        settlement = self.settlement
        if opened is None or not 0 <= opened < len(settlement.deals):
            return None
        then = self.game.upto(settlement, opened).next_dealer
        if then is None:   # before the first deal (Königrufen): whoever the new partie named
            then = self.sp.partie.first_dealer
        now = settlement.next_dealer
        if then == now or str(field.data) != str(then):
            return None
        return now

    def move_dealer_on(self, opened):
        """"Record mine too": only the dealer may move on, never a person or a pile. The form gets the next dealer
        when the deal it describes then is the typed one with that dealer (the same persons, pile, bonuses);
        where the dealer decides a person (a Königrufen Rufer is the Vorhand's) the typed dealer stays. The deal
        held becomes the one to record; returns a note for the page, or None."""
        form, deal = self.form, self.deal
        self.web.keep_persons(form)   # a pile that followed the dealer (Vorhand's in a simple game) stays its person's
        moved = self._dealer_moved_on(opened)
        if moved is None:
            return None
        names = self.sp.partie.players
        was = form.dealer.data
        form.dealer.data = str(moved)
        again, problems = self.web.to_deal(form, self.sp.partie)
        same = again is not None and not problems and facts(again) == facts(dataclasses.replace(deal, dealer=moved))
        if same:
            try:   # the next dealer may sit out a deal whose declarer he is (at four, at five): he cannot deal it
                self.with_mine(again)
            except ScoringError:
                same = False
        if not same:
            form.dealer.data = was
            return _("Your deal keeps %(name)s as its dealer: with the next dealer it would not be the deal you "
                     "typed. Change the dealer if someone else dealt.", name=names[deal.dealer])
        self.deal = again
        return _("So %(name)s deals this one: the dealer moved on with the other phone's deal. Everything else "
                 "stays as you typed it. Change the dealer if someone else dealt.", name=names[moved])

    def already_saved(self):
        """A new-deal form whose key was saved before: (None, the deal's number) when it was this same deal (a
        double tap: nothing more to do); (a refusal, None) when the key is another partie's, or when the deal
        differs (Back, corrected, Save again): then the answer says which deal the form made and offers the
        correction as its edit."""
        db = get_db()
        form = self.form
        mine = store.submission(db, form.key.data)
        if mine is None:
            return None, None
        if mine["partie_id"] != self.sp.id:
            self.reread()
            return self.render(status=422, errors=[("type", Standing(_(
                "This form belongs to another partie: open this partie's own deal form. Nothing was saved.")))]), None
        if mine["deal_id"] is None:   # the deal it made was undone or deleted since: never another deal named
            self.reread()
            if mine["was"] is not None:
                message = _("This form was saved as deal %(num)s before, and that deal was undone or deleted since "
                            "(on this phone or the other). What you sent is kept below: record it again, or "
                            "discard it.", num=mine["was"])
            else:
                message = _("This form was saved before, and its deal was undone or deleted since (on this phone or "
                            "the other). What you sent is kept below: record it again, or discard it.")
            return self.deleted(mine["was"], message), None
        if mine["deal"] == facts(self.deal):
            return None, mine["number"]
        self.reread()
        if mine["number"] > len(self.settlement.deals):
            return None, mine["number"]
        recorded = self.settlement.deals[mine["number"] - 1]
        form.version.data = str(self.sp.version)
        form.key.data = new_key()
        self.deal_id = mine["deal_id"]
        return self.render(status=409, number=mine["number"], errors=[("type", Standing(_(
            "This form was already saved as deal %(num)s (%(facts)s). What you sent now differs: press Save to "
            "apply it as a correction of deal %(num)s.", num=mine["number"],
            facts=self.web.summary(recorded, self.sp.partie))))]), None
