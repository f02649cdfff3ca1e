"""A tournament in the web app (RULES-TOURNAMENT.md): the organiser's page at its secret address (`/t/<tid>`: the
players, late entries and withdrawals, the draw, its redraw, "Start round N", the tables, "End round N", the
standings, the exports, the table cards to print), the public standings (`/standings/<sid>`, with each player's own
line), the hall view for a projector, and a line on each table's board ("Round 2, table 3 · game 14 of 16").

Each table plays an ordinary partie of the game (its address is the table's: the table card's QR code opens it), so
the board, the deal form, two phones and the outbox work as they do anywhere. The standings are the engine's
(`scorer.tournament`): each table's Schrift from its settlement (the app's settlement cache), ranked by
`scoring.rank`; kept per tournament version, which every change of a table's partie bumps (db.m009)."""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import json
import logging
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction

from flask import (Blueprint, Response, abort, current_app, flash, g, redirect, render_template, request, session,
                   url_for)
from markupsafe import Markup
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import RadioField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

from .. import games
from ..db import get_db
from ..export import Sheet, guarded
from ..partie import check_name, name_key
from ..problems import ScoringError
from ..store import NotFoundError
from ..web.owned import OwnerWeb
from ..web.forms import EmptyForm, Form
from ..web.language import TR, language, number, say, sentence, signed
from ..web import limits
from ..web.limits import passcode_ok
from ..web.loading import current as current_partie
from ..web.parties import public_url
from ..web.responses import attachment, compact, public_briefly
from . import cup_store
from . import pdf   # its results_pdf looked up at each build (a test slows it)
from . import file as tfile
from . import store as tstore
from .problems import TournamentError
from .rules import FORMATS, NAMED, TIE_BREAKS, TOTALS, Scoring
from .scoring import (Standings, TableResult, broken_by, decimal_text, lot_seed, rank, table_ranks,
                      tie_value)
from .seating import seating, sizes_in_order
from .words import dec, state_text

bp = Blueprint("tournament", __name__, template_folder="templates")
log = logging.getLogger("scorer")

HALL_ROWS = 10          # players a page of the hall view shows without its script (the script fits them to the screen)
HALL_SECONDS = 15       # the hall view turns to its next page (and so refreshes) after this
POLL_SECONDS = 10       # the standings pages ask whether anything changed
TIE_BREAK_ORDERS = {
    "table_ranks,best_round": _l("more table wins, then the better best round"),
    "best_round,table_ranks": _l("the better best round, then more table wins"),
    "table_ranks,best_round,schrift": _l("more table wins, the better best round, then more Schrift"),
    "schrift,table_ranks,best_round": _l("more Schrift, more table wins, then the better best round"),
    "best_round,second_best_round,lot": _l("the better best round, the better second-best round, then the lot"),
    "best_round,lot": _l("the better best round, then the lot"),
}
TIE_WORDS = {"table_ranks": _l("more table wins"), "best_round": _l("the better best round"),
             "second_best_round": _l("the better second-best round"), "schrift": _l("more Schrift"),
             "lot": _l("the lot")}
TOTAL_LABELS = {"schrift+rank": _l("Schrift plus rank points"), "schrift": _l("Schrift only"),
                "rank": _l("Rank points only")}
AS_THE_FORMAT = _l("As the format says")
DRAW_LABELS = {"random": _l("By lot in every round (fewest repeated pairs)"),
               "standings": _l("By lot in round 1, then by the standings")}
SIZES = (2, 3, 4, 5)    # the table sizes a game may seat (each game's own: `Game.players`)


# -- forms ------------------------------------------------------------------------------------------------------

def rule_set_choices():
    """Every offered game's presets, as "game/preset" (the game seam: other games' table sizes work too)."""
    return [(f"{g.key}/{p}", f"{say(g.name)}: {say(g.engine.PRESET_NAMES.get(p, p))}")
            for g in sorted(games.offered(), key=lambda g: not g.tournament_first) for p in g.engine.PRESETS]


def table_sizes_said() -> str:
    """Each offered game's table sizes, from the seam (`Game.players`), in the order the page lists them (the main
    size first, `sizes_in_order`): "Königrufen at tables of 4 and 5, …"."""
    parts = []
    for g in sorted(games.offered(), key=lambda g: not g.tournament_first):
        sizes = [str(n) for n in sizes_in_order(g.players)]
        said = sizes[0] if len(sizes) == 1 else _("%(some)s and %(last)s", some=", ".join(sizes[:-1]), last=sizes[-1])
        parts.append(_("%(game)s at tables of %(sizes)s", game=say(g.name), sizes=said))
    return "; ".join(parts)


class NewTournamentForm(Form):
    name = StringField(_l("Name of the tournament"), validators=[
        InputRequired(_l("Enter a name for the tournament.")), Length(max=80, message=_l("At most 80 characters."))])
    rule_set = SelectField(_l("Game and rule set"))
    players = TextAreaField(_l("Players, one name a line"))
    format = RadioField(_l("Format"), default="")      # its choices: `format_choices` (the cups' formats, cups.toml)
    total = RadioField(_l("Total"), choices=[("", AS_THE_FORMAT)] + list(TOTAL_LABELS.items()), default="")
    tie_breaks = RadioField(_l("Ties are broken by"), choices=[("", AS_THE_FORMAT)] + list(TIE_BREAK_ORDERS.items()),
                            default="")
    draw = RadioField(_l("Draw"), choices=list(DRAW_LABELS.items()), default="random")


@bp.app_template_global("format_name")
def format_name(key: str) -> str:
    """A named format's (or cup's) name in the page's language (cups.toml's `names`)."""
    names = NAMED.get("names", {}).get(key, {})
    return names.get(language(), names.get("en", key))


def ties_said(tie_breaks) -> str:
    """Tie-breaks in words: "the better best round, then the lot"; "none"."""
    joined = ",".join(tie_breaks)
    if joined in TIE_BREAK_ORDERS:
        return str(TIE_BREAK_ORDERS[joined])
    words = [str(TIE_WORDS[b]) for b in tie_breaks]
    if not words:
        return _("none")
    return words[0] if len(words) == 1 else _("%(some)s, then %(last)s", some=", ".join(words[:-1]), last=words[-1])


def format_said(scoring: Scoring, sizes) -> str:
    """What a format (or the defaults) makes of a tournament: "Schrift only; ties: …; 20 games a round at a table of
    4, 25 at 5"."""
    games = [scoring.games_at(size) for size in sizes]
    said = _("%(games)s games a round at a table of %(size)s", games=games[0], size=sizes[0])
    for size, n in zip(sizes[1:], games[1:]):
        said += ", " + _("%(games)s at %(size)s", games=n, size=size)
    return _("%(total)s; ties: %(ties)s; %(games)s", total=TOTAL_LABELS[scoring.total], ties=ties_said(
        scoring.tie_breaks), games=said)


def format_choices(sizes) -> list[tuple[str, str]]:
    """The new tournament's formats: none (the defaults of §2–§4), and each named one (§8.1), each with what it makes
    of the tournament at the game's table sizes."""
    return [("", _("No cup format: %(what)s", what=format_said(of_format(""), sizes)))] + [
        (key, f"{format_name(key)}: {format_said(of_format(key), sizes)}") for key in FORMATS]


def of_format(key: str) -> Scoring:
    """The scoring of a named format (§8.1), or the defaults for ""."""
    return Scoring.from_dict({"format": key} if key else {}, SIZES)


class PlayersForm(Form):
    players = TextAreaField(_l("Late entries, one name a line"))


def names_of(text: str, errors: list) -> list[str]:
    """The names of a textarea, one a line (empty lines skipped), cleaned; problems said in the page's language."""
    names = []
    for line in (text or "").splitlines():
        if not line.strip():
            continue
        found: list = []
        name = check_name(line, found)
        errors += [sentence(p) for p in found]
        if name:
            names.append(name)
    keys = [name_key(n) for n in names]
    doubled = sorted({n for n, k in zip(names, keys) if keys.count(k) > 1})
    if doubled:
        errors.append(_("Each player needs a name of his own: %(name)s is listed twice.", name=doubled[0]))
    if len(names) > tstore.MAX_PLAYERS:
        errors.append(_("A tournament has at most %(num)s players.", num=tstore.MAX_PLAYERS))
    return names


def scoring_from_form(game, form, errors: dict) -> Scoring | None:
    """The scoring options the form asks for (games and rank points per table size of the game; empty: the
    defaults), checked by the engine; each problem beside its field."""
    data: dict = {"draw": form.draw.data, "games": {}, "rank_points": {}}
    if form.format.data:   # a named format (§8.1); the total and the tie-breaks chosen besides it override it
        data["format"] = form.format.data
    if form.total.data:
        data["total"] = form.total.data
    if form.tie_breaks.data:
        data["tie_breaks"] = form.tie_breaks.data.split(",")
    for size in game.players:
        text = request.form.get(f"games_{size}", "").strip()
        if text:
            if text.isdecimal() and len(text) < 5:
                data["games"][str(size)] = int(text)
            else:
                errors.setdefault(f"games_{size}", []).append(
                    _("Games at a table of %(size)s: a whole number, like %(n)s.", size=size, n=4 * size))
        text = request.form.get(f"rank_points_{size}", "").strip()
        if text:
            parts = text.replace(",", " ").split()
            if all(p.isdecimal() and len(p) < 7 for p in parts):
                data["rank_points"][str(size)] = [int(p) for p in parts]
            else:
                errors.setdefault(f"rank_points_{size}", []).append(
                    _("Rank points at a table of %(size)s: %(size)s whole numbers, like %(example)s.", size=size,
                      example=" ".join(decimal_text(v) for v in Scoring().rank_points_at(size))))
    try:
        return Scoring.from_dict(data, tuple(game.players))
    except TournamentError as exc:
        for p in exc.problems:
            field = p.field if p.field not in ("games", "rank_points") else f"{p.field}_{p.args.get('size', '')}"
            errors.setdefault(field if field in FIELDS_SHOWN else "total", []).append(sentence(p))
    return None


FIELDS_SHOWN = ("format", "total", "tie_breaks", "draw") + tuple(f"{f}_{s}" for f in ("games", "rank_points") for s in SIZES)


# -- the standings, kept per tournament version --------------------------------------------------------------------

@dataclass
class TableNow:
    """A table of a started round as it stands: its result (the engine's TableResult), games, deals, done."""

    round: int
    number: int
    partie_id: str
    players: tuple[int, ...]
    games: int
    allowed: int
    result: TableResult | None
    deals: tuple
    ended: str | None = None      # the table's round ended early (a player left mid-round)
    gone: tuple = ()              # who left it (player numbers)
    printed: dict = field(default_factory=dict, repr=False)   # its score sheet's lines as the PDF writes them

    @property
    def complete(self) -> bool:
        return self.games >= self.allowed or bool(self.ended)


@dataclass
class Live:
    """A tournament at one version: the stored tournament, each started round's tables, which rounds are
    complete, and the engine's standings."""

    t: tstore.StoredTournament
    tables: list                 # per started round: [TableNow]
    complete: list               # per started round: bool
    standings: Standings
    texts: dict = field(default_factory=dict)   # language -> the standings' lines as the pages write them
    building: threading.Lock = field(default_factory=threading.Lock, repr=False)   # one page rendered at a time

    @property
    def final(self) -> bool:
        """The organiser finished the tournament: the standings are its results."""
        return bool(self.t.finished)

    @property
    def provisional(self) -> bool:
        return not self.final and not all(self.complete)

    @property
    def running(self):
        """The round being played: the last started round while it is not complete (and not closed by a later
        draw or the finish), or None. An earlier round is closed, or reopened by the organiser for corrections."""
        started = self.t.started
        if not started or self.t.closed(started[-1].number) or self.complete[-1]:
            return None
        return started[-1]

    @property
    def last(self):
        """The last started round, or None."""
        return self.t.started[-1] if self.t.started else None

    @property
    def reopened(self) -> list:
        """The rounds the organiser reopened for corrections after a later draw."""
        return [r for r in self.t.started if r.reopened and not self.t.closed(r.number)]

    def engine(self):
        deals = {tn.partie_id: tn.deals for tables in self.tables for tn in tables}
        return self.t.engine(lambda pid: deals[pid])


class LiveCache:
    def __init__(self, size: int = 32):
        self.entries: OrderedDict = OrderedDict()
        self.tables: dict = {}    # partie id -> (its version, TableNow): a table that did not change is not scored again
        self.lock = threading.Lock()
        self.size = size
        self.locks: dict = {}

    def computing(self, tid: str):
        with self.lock:
            if len(self.locks) > 4 * self.size:
                self.locks.clear()
            return self.locks.setdefault(tid, threading.Lock())

    def get(self, tid: str, version: int):
        with self.lock:
            hit = self.entries.get(tid)
            if hit is not None and hit.t.version == version:
                self.entries.move_to_end(tid)
                return hit
        return None

    def put(self, live: Live) -> None:
        with self.lock:
            self.entries[live.t.id] = live
            self.entries.move_to_end(live.t.id)
            while len(self.entries) > self.size:
                gone = self.entries.popitem(last=False)[1]
                for tables in gone.tables:
                    for tn in tables:
                        self.tables.pop(tn.partie_id, None)


cache = LiveCache()


def live(tid: str, public: bool = False) -> Live:
    """The tournament and its standings now (404 if there is none): from the cache while its version stands."""
    db = get_db()
    try:
        if public:
            tid = tstore.id_of_public(db, tid)
        version = tstore.version(db, tid)
        hit = cache.get(tid, version)
        if hit is not None:
            return hit
        with cache.computing(tid):   # one request scores a new version; the others wait for it and take it
            hit = cache.get(tid, tstore.version(db, tid))
            if hit is not None:
                return hit
            return _scored(db, tstore.load(db, tid))
    except NotFoundError:
        abort(404)


def _scored(db, t) -> Live:
    """The tournament scored at its version: each table from the app's settlement cache (a table whose partie did
    not change since the last version is not scored again), ranked by the engine."""
    tid = t.id
    versions = {}
    if t.started:
        versions = dict(db.conn.execute("select p.id, p.version from parties p join tournament_tables tt on "
                                        "tt.partie_id = p.id where tt.tournament_id = ?", [tid]).fetchall())
    tables, complete, results = [], [], []
    for rnd in t.started:
        now = []
        for table in rnd.tables:
            kept = cache.tables.get(table.partie_id)
            if kept is not None and kept[0] == (versions.get(table.partie_id), table.ended, table.gone):
                now.append(kept[1])
                continue
            now.append(table_now(t, rnd, table))
        for tn in now:
            cache.tables[tn.partie_id] = (versions.get(tn.partie_id), tn.ended, tn.gone), tn
        tables.append(now)
        complete.append(bool(rnd.ended) or all(tn.complete for tn in now))
        results.append(tuple(tn.result for tn in now if tn.result is not None))
    standings = Standings(t.engine(), tuple(results), rank(t.engine(), results))
    found = Live(t, tables, complete, standings)
    cache.put(found)
    return found


def table_now(t, rnd, table) -> TableNow:
    """A table's partie scored as the engine scores it (`scoring.scored`), from the app's settlement cache."""
    sp, settlement = current_partie(table.partie_id)
    game, size = t.game, len(table.players)
    allowed = t.scoring.games_at(size)
    schrift = game.schrift(settlement)
    ranks, shares = table_ranks(schrift, t.scoring.rank_points_at(size))
    result = TableResult(table.number, table.players, settlement, game.games_counted(settlement), schrift, ranks,
                         shares)
    return TableNow(rnd.number, table.number, table.partie_id, table.players, result.games, allowed, result,
                    tuple(sp.partie.deals), table.ended, table.gone)


def complete_now(tid: str):
    """For `tstore.draw_round`: whether a started round is complete, as the page shows it."""
    found = live(tid)
    return lambda number: found.complete[number - 1]


# -- words -----------------------------------------------------------------------------------------------------------

def place(n: int) -> str:
    return f"{n}."


bp.add_app_template_global(state_text, "tstate")


@bp.app_template_filter("tdec")
def _tdec(value):
    return dec(value)


def lines(found: Live) -> list[dict]:
    """The standings as the pages show them: per player his place, name, Schrift, rank points, total, table ranks,
    best round, whether he withdrew, and those figures as the page writes them (made once per version and
    language: the standings pages are asked for by every phone in the hall)."""
    lang = language()
    kept = found.texts.get(lang)
    if kept is not None:
        return kept
    t = found.t
    base = url_for("tournament.player", sid=t.public_id, number=0)[:-1]
    counts: dict = {}
    for s in found.standings.standings:
        counts[s.place] = counts.get(s.place, 0) + 1
    out = []
    for s in found.standings.standings:
        out.append({"place": s.place, "player": s.player, "name": t.players[s.player].name, "schrift": s.schrift,
                    "rank_points": s.rank_points, "total": s.total, "table_ranks": s.table_ranks,
                    "best_round": s.best_round, "withdrawn": t.players[s.player].withdrawn,
                    "shared": counts[s.place] > 1, "href": f"{base}{s.player}", "schrift_text": signed(s.schrift),
                    "rank_points_text": dec(s.rank_points), "total_text": dec(s.total),
                    "ranks_text": ", ".join(str(r) for r in s.table_ranks)})
    found.texts[lang] = out
    return out


def tie_said(name: str, first, second, found: Live) -> str:
    """Why `first` is placed before `second` with the same total, by tie-break `name`, with the figures compared:
    "the better second-best round (0 against −5)", "the lot (b01c58b3… before ed36aad5…)"."""
    tournament = found.standings.tournament
    if name == "lot":
        return _("the lot (%(first)s… before %(second)s…)", first=found_lot(found, first.player)[:8],
                 second=found_lot(found, second.player)[:8])
    if name == "table_ranks":
        a, b = tie_value(name, first, tournament), tie_value(name, second, tournament)
        k = next(k for k in range(len(a)) if a[k] != b[k])
        return _("more %(rank)s. places at the tables (%(first)s against %(second)s)", rank=k + 1, first=a[k],
                 second=b[k])
    if name == "schrift":
        return _("more Schrift (%(first)s against %(second)s)", first=signed(first.schrift),
                 second=signed(second.schrift))
    values = [s.best_round if name == "best_round" else s.second_best_round for s in (first, second)]
    shown = [_("none") if v is None else dec(v) for v in values]
    return _("%(tie_break)s (%(first)s against %(second)s)", tie_break=TIE_WORDS[name], first=shown[0],
             second=shown[1])


def found_lot(found: Live, player: int) -> str:
    """A player's lot (§8.1): the SHA-256 digest of "<seed>:<name>" in 64 hexadecimal digits."""
    return found.standings.lot(player)


@bp.app_template_global("ties")
def ties(found: Live) -> dict:
    """The places the tie-breaks decided, in words ("Franz before Hans: the better second-best round (0 against
    −5)"), and, where the lot decided one, every player's lot it compared: the text hashed and its digest, for anyone
    who checks it (made once per version and language)."""
    key = ("ties", language())
    kept = found.texts.get(key)
    if kept is not None:
        return kept
    t = found.t
    said, lots = [], {}
    standings = found.standings.standings
    for first, second in zip(standings, standings[1:]):
        name = broken_by(found.standings, first, second)
        if name is None:
            continue
        said.append(_("%(first)s before %(second)s: %(why)s", first=t.players[first.player].name,
                      second=t.players[second.player].name, why=tie_said(name, first, second, found)))
        if name == "lot":
            for s in (first, second):
                lots[s.player] = found_lot(found, s.player)
    seed = lot_seed(found.standings.tournament) if lots else None
    names = found.standings.tournament.players   # as the lot hashes them (§8.1)
    kept = found.texts[key] = {"said": said, "seed": seed, "lots": [
        (f"{seed}:{names[p]}", " ".join(digest[i:i + 8] for i in range(0, 64, 8)))
        for p, digest in sorted(lots.items(), key=lambda kv: kv[1])]}
    return kept


def standings_html(found: Live) -> Markup:
    """The standings table as the pages show it (`_standings.html`), rendered once per version and language: every
    phone in the hall asks for the page after each change, and the table is most of its rendering (a hall of 500:
    8 ms of a page's 9)."""
    key = ("html", language())
    kept = found.texts.get(key)
    if kept is None:
        kept = found.texts[key] = Markup(render_template("tournament/_standings.html", found=found,
                                                         lines=lines(found)))
    return kept


def player_rounds(found: Live, player: int) -> list[dict]:
    """A player's own line: per round his table, seat, Schrift, table rank, rank points, games."""
    out = []
    for r, tables in enumerate(found.tables, start=1):
        for tn in tables:
            if player in tn.players and tn.result is not None:
                seat = tn.players.index(player)
                out.append({"round": r, "table": tn.number, "schrift": tn.result.schrift[seat],
                            "rank": tn.result.rank[seat], "rank_points": tn.result.rank_points[seat],
                            "games": tn.games, "allowed": tn.allowed, "complete": found.complete[r - 1],
                            "with": [found.t.players[p].name for p in tn.players if p != player]})
    return out


# -- the organiser's pages -------------------------------------------------------------------------------------------

ORGANISING = ("organiser", "add_players", "withdraw", "draw", "undraw", "start", "end", "finish", "gone", "cards",
              "export_file", "export_deals", "export_deals_excel")
MY_TOURNAMENTS = 20


def organised(tid: str) -> None:
    """This browser organises the tournament: it created it, or gave the passcode on its page."""
    mine = session.get("organised", [])
    if mine[:1] != [tid]:
        session["organised"] = [tid] + [t for t in mine if t != tid][:MY_TOURNAMENTS - 1]


@bp.before_request
def passcode_first():
    """With a passcode set, the organiser's page and its actions ask for it once per browser (its address alone is
    not enough): a table's address and the standings never do."""
    endpoint = (request.endpoint or "").partition(".")[2]
    tid = (request.view_args or {}).get("tid")
    if endpoint not in ORGANISING or not tid or not current_app.config.get("PASSCODE"):
        return None
    if tid in session.get("organised", []):
        return None
    live(tid)   # 404 for an unknown address
    return render_template("tournament/unlock.html", tid=tid, form=EmptyForm(), error=None), \
        200 if request.method == "GET" and endpoint == "organiser" else 403


@bp.route("/t/<tid>/unlock", methods=("POST",))
@limits.asking
def unlock(tid):
    """The passcode, given on the organiser's page of another browser (an assistant's phone)."""
    live(tid)
    form = EmptyForm()
    if form.validate_on_submit() and passcode_ok(request.form.get("passcode", "")):
        organised(tid)
        return redirect(url_for("tournament.organiser", tid=tid))
    return render_template("tournament/unlock.html", tid=tid, form=form,
                           error=_("The passcode is not right: ask whoever runs this scorer.")), 422


@bp.route("/t/new", methods=("GET", "POST"))
@limits.creating
def create():
    """A new tournament: its name, game and rule set, scoring options, players."""
    form = NewTournamentForm()
    form.rule_set.choices = rule_set_choices()
    chosen_game = games.by_key((request.form.get("rule_set") or form.rule_set.choices[0][0]).partition("/")[0])
    form.format.choices = format_choices(sizes_in_order((chosen_game or games.default()).players))
    passcode = current_app.config.get("PASSCODE")
    errors: dict = {}
    status = 200
    if request.method == "POST":
        status = 422
        valid = form.validate_on_submit()
        if valid or request.form:   # every field checked at once, each problem beside its field
            game_key, _slash, preset = (form.rule_set.data or "").partition("/")
            game = games.by_key(game_key)
            rules = None
            if game is None or not game.web:
                errors.setdefault("rule_set", []).append(_("Choose a game and rule set."))
            else:
                try:
                    rules = game.rules.from_dict({"preset": preset})
                except ScoringError as exc:
                    errors.setdefault("rule_set", []).extend(sentence(p) for p in exc.problems)
            listed: list = []
            players = names_of(form.players.data, listed)
            if listed:
                errors["players"] = listed
            elif not players:
                errors["players"] = [_("Enter the players, one name a line.")]
            scoring = scoring_from_form(game, form, errors) if rules is not None else None
            if passcode and not passcode_ok(request.form.get("passcode", "")):
                errors["passcode"] = [_("The passcode is not right: ask whoever runs this scorer.")]
            name = check_name(form.name.data or "", [])
            if valid and not name:
                errors.setdefault("name", []).append(_("Enter a name for the tournament."))
            cup_id = request.form.get("cup", "")
            if cup_id and rules is not None:
                cup_problem = cup_refuses(cup_id, game, rules)
                if cup_problem:
                    errors.setdefault("cup", []).append(cup_problem)
            if valid and not errors and rules is not None and scoring is not None:
                tid = tstore.create_tournament(get_db(), name, game, rules, scoring, players)
                organised(tid)
                if cup_id:
                    cup_store.add_tournament(get_db(), cup_id, tid)
                return redirect(url_for("tournament.organiser", tid=tid))
        for field in form:
            if field.errors and field.name not in errors:   # the form's own word only where none was said already
                errors[field.name] = [str(e) for e in field.errors]
        if "csrf_token" in errors:
            errors.setdefault("name", []).extend(errors.pop("csrf_token"))
    mine = session.get("organised", [])
    names = dict(get_db().conn.execute(f"select id, name from tournaments where id in ({','.join('?' * len(mine))})",
                                       mine).fetchall()) if mine else {}
    sizes_of = {f"{g.key}/{p}": sizes_in_order(g.players) for g in games.offered() for p in g.engine.PRESETS}
    chosen = form.rule_set.data if form.rule_set.data in sizes_of else form.rule_set.choices[0][0]
    # the chosen game's table sizes first (the main size first); the other games' sizes after them, hidden by the
    # script (static/tournament-new.js) until their game is chosen: without the script they show, and count not
    others = sorted({s for sizes in sizes_of.values() for s in sizes} - set(sizes_of[chosen]), reverse=True)
    return render_template("tournament/new.html", form=form, errors=errors, passcode=bool(passcode),
                           sizes=[(s, True) for s in sizes_of[chosen]] + [(s, False) for s in others],
                           table_sizes=table_sizes_said(),
                           cups=my_cups(),
                           mine=[(t, names[t]) for t in mine if t in names],
                           sizes_of={key: " ".join(map(str, sizes)) for key, sizes in sizes_of.items()},
                           defaults={s: (of_format(form.format.data if form.format.data in FORMATS else "").games_at(s),
                                         " ".join(decimal_text(v) for v in Scoring().rank_points_at(s)))
                                     for s in {s for sizes in sizes_of.values() for s in sizes}},
                           # each format's games per round at every table size: the script's placeholders
                           format_games={key: json.dumps({s: of_format(key).games_at(s) for s in SIZES})
                                         for key, _label in form.format.choices}), status


def my_cups() -> list[tuple[str, str]]:
    """The cups this browser organises (id, name): a new tournament may join one at its creation."""
    mine = session.get("cups", [])
    names = dict(get_db().conn.execute(f"select id, name from cups where id in ({','.join('?' * len(mine))})",
                                       mine).fetchall()) if mine else {}
    return [(c, names[c]) for c in mine if c in names]


def cup_refuses(cup_id: str, game, rules) -> str | None:
    """Why a new tournament of `game` and `rules` cannot join the cup chosen (one this browser organises, of the same
    game and rule set as its tournaments), or None."""
    if cup_id not in session.get("cups", []):
        return _("Choose one of your cups, or none.")
    try:
        c = cup_store.load(get_db(), cup_id)
    except NotFoundError:
        return _("Choose one of your cups, or none.")
    if c.tournaments:
        first = tstore.load(get_db(), c.tournaments[0])
        if first.game.key != game.key or first.rules != rules:
            return _("The tournaments of %(cup)s are played at %(rules)s: a cup’s tournaments share one game and "
                     "rule set.", cup=c.name, rules=f"{say(first.game.name)}: "
                     f"{say(first.game.engine.PRESET_NAMES.get(first.rules.preset, first.rules.preset))}")
    return None


def organiser_context(found: Live, **extra) -> dict:
    t = found.t
    drawn, problem = None, None
    if t.drawn is not None:
        try:
            drawn = tstore.the_draw(t, found.standings)
        except TournamentError as exc:
            problem = " ".join(sentence(p) for p in exc.problems)
    return dict(t=t, found=found, table=standings_html(found), drawn=drawn, draw_problem=problem, form=EmptyForm(),
                players_form=PlayersForm(), passcode=bool(current_app.config.get("PASSCODE")),
                seated=seated_text(t), seatable=seatable(t), cups=cup_store.cups_of(get_db(), t.id),
                reopen_words={r.number: reopen_warning(t, r.number) for r in t.started}, **extra)


def reopen_warning(t, number: int) -> str:
    """What reopening round `number` means, said before the organiser does it (and after)."""
    if len(t.rounds) <= number:
        return _("Reopen round %(num)s? Its tables may record their missing games again.", num=number)
    after = t.rounds[number]
    head = _("Reopen round %(num)s for corrections? Its tables’ phones may change its games again until you close it "
             "or draw the next round.", num=number)
    if after.started:
        tail = _("Round %(next)s stays as it was drawn: a correction changes the standings, not its tables.",
                 next=after.number)
    elif t.scoring.draw == "standings":
        tail = _("The draw of round %(next)s follows the standings until it starts: a correction may move players "
                 "between its tables.", next=after.number)
    else:
        tail = _("The draw of round %(next)s (by lot) stays as it is.", next=after.number)
    return f"{head} {tail}"


def seated_text(t) -> str:
    """How the players present sit (§2): "9 players present: 1 × table of 5, 1 × table of 4", or why they cannot and
    what to do (`unseatable`)."""
    n = len(t.present)
    found = seating(tuple(t.game.players), n)
    if found is None:
        return unseatable(t, n)
    parts = [_("%(num)s × table of %(size)s", num=found.sizes.count(s), size=s)
             for s in sorted(set(found.sizes), reverse=True)]
    if found.out:
        parts.append(_("%(num)s sits out", num=found.out))
    return _("%(num)s players present: %(tables)s.", num=n, tables=", ".join(parts))


def unseatable(t, n: int) -> str:
    """Why `n` players cannot be seated at the game's tables, and what to do: the next numbers that can be (add
    players, or let some withdraw)."""
    sizes = sorted(set(t.game.players))
    said = sizes[0] if len(sizes) == 1 else _("%(some)s or %(last)s", some=", ".join(map(str, sizes[:-1])),
                                                last=sizes[-1])
    up = next(m for m in range(n + 1, n + 2 * max(sizes) + 2) if seating(tuple(t.game.players), m) is not None)
    down = next((m for m in range(n - 1, 0, -1) if seating(tuple(t.game.players), m) is not None), None)
    text = ngettext("%(num)s player cannot be seated at tables of %(sizes)s.",
                    "%(num)s players cannot be seated at tables of %(sizes)s.", n, sizes=said)
    more = ngettext("Add %(num)s player (%(total)s can be seated)", "Add %(num)s players (%(total)s can be seated)",
                    up - n, total=up)
    if down is None:
        return f"{text} {more}."
    fewer = ngettext("or let %(num)s withdraw (%(total)s can be seated).",
                     "or let %(num)s withdraw (%(total)s can be seated).", n - down, total=down)
    return f"{text} {more}, {fewer}"


def seatable(t) -> bool:
    return seating(tuple(t.game.players), len(t.present)) is not None


@bp.route("/t/<tid>")
def organiser(tid):
    """The organiser's page."""
    found = live(tid)
    return render_template("tournament/organiser.html", **organiser_context(found))


def _refuse(tid, message, field="round"):
    found = live(tid)
    return render_template("tournament/organiser.html", **organiser_context(found, problems={field: [message]})), 422


def _checked_form():
    form = EmptyForm()
    return form.validate_on_submit()


def _expired(tid):
    return _refuse(tid, _("The form has expired: reload the page and try again. Nothing was changed."))


@bp.route("/t/<tid>/players", methods=("POST",))
@limits.creating
def add_players(tid):
    """Late entries (between rounds, or before the draw of the next): the passcode when one is set."""
    found = live(tid)
    form = PlayersForm()
    if not form.validate_on_submit():
        return _expired(tid)
    errors: list = []
    names = names_of(form.players.data, errors)
    if not names and not errors:
        errors.append(_("Enter the players, one name a line."))
    passcode = current_app.config.get("PASSCODE")
    if passcode and not passcode_ok(request.form.get("passcode", "")):
        errors.append(_("The passcode is not right: ask whoever runs this scorer."))
    if found.running is not None and not errors:
        errors.append(_("Round %(num)s is being played: players join or withdraw between rounds.",
                        num=found.running.number))
    if not errors:
        try:
            tstore.add_players(get_db(), tid, names)
        except tstore.RoundError as exc:
            errors.append(_(exc.text, **exc.values))
    if errors:
        return render_template("tournament/organiser.html", **organiser_context(
            live(tid), problems={"players": errors}, typed=form.players.data)), 422
    flash(_("Added: %(names)s.", names=", ".join(names)))
    return redirect(url_for("tournament.organiser", tid=tid) + "#players")


@bp.route("/t/<tid>/players/<int:number>", methods=("POST",))
def withdraw(tid, number):
    """A withdrawal, or a return (`back=1`), from the next draw on."""
    found = live(tid)
    if not _checked_form():
        return _expired(tid)
    if not 0 <= number < len(found.t.players):
        abort(404)
    if found.running is not None:
        return _refuse(tid, _("Round %(num)s is being played: players join or withdraw between rounds.",
                              num=found.running.number), "players")
    back = request.form.get("back") == "1"
    try:
        tstore.set_withdrawn(get_db(), tid, number, not back)
    except tstore.RoundError as exc:
        return _refuse(tid, _(exc.text, **exc.values), "players")
    name = found.t.players[number].name
    flash(_("%(name)s plays again from the next round.", name=name) if back else
          _("%(name)s withdrew: not drawn from the next round on.", name=name))
    return redirect(url_for("tournament.organiser", tid=tid) + "#players")


@bp.route("/t/<tid>/draw", methods=("POST",))
def draw(tid):
    """Draw the next round, or draw the drawn one again (a new seed) before it starts."""
    found = live(tid)
    if not _checked_form():
        return _expired(tid)
    if not seatable(found.t):
        return _refuse(tid, seated_text(found.t))
    try:
        number = tstore.draw_round(get_db(), tid, complete=complete_now(tid))
    except tstore.RoundError as exc:
        return _refuse(tid, _(exc.text, **exc.values))
    flash(_("Round %(num)s drawn.", num=number))
    return redirect(url_for("tournament.organiser", tid=tid) + "#round")


@bp.route("/t/<tid>/undraw", methods=("POST",))
def undraw(tid):
    live(tid)
    if not _checked_form():
        return _expired(tid)
    tstore.undraw(get_db(), tid)
    return redirect(url_for("tournament.organiser", tid=tid) + "#round")


@bp.route("/t/<tid>/start", methods=("POST",))
def start(tid):
    """Start the drawn round: one partie per table, the players in seating order, the first listed dealing."""
    found = live(tid)
    if not _checked_form():
        return _expired(tid)
    t = found.t
    if t.drawn is None:
        return _refuse(tid, _("There is no round drawn to start."))
    if str(t.version) != request.form.get("version"):
        return _refuse(tid, _("The tournament changed on another phone a moment ago: look at the draw again."))
    try:
        drawn = tstore.the_draw(t, found.standings)
        tstore.start_round(get_db(), t, drawn)
    except TournamentError as exc:
        return _refuse(tid, " ".join(sentence(p) for p in exc.problems))
    except tstore.RoundError as exc:
        return _refuse(tid, _(exc.text, **exc.values))
    flash(_("Round %(num)s started: %(tables)s tables.", num=t.drawn.number, tables=len(drawn.tables)))
    return redirect(url_for("tournament.organiser", tid=tid) + "#round")


@bp.route("/t/<tid>/end/<int:number>", methods=("POST",))
def end(tid, number):
    """End a round for every table (time is up, or to lock a round complete by its games): the games recorded so far
    are the round. `reopen=1`: take the end back, or reopen a round closed by a later draw for corrections;
    `close=1`: close such a round again."""
    found = live(tid)
    if not _checked_form():
        return _expired(tid)
    try:
        if request.form.get("reopen") == "1":
            how = tstore.reopen_round(get_db(), tid, number)
            if how == "closed":
                flash(_("Round %(num)s is open for corrections.", num=number) + " "
                      + reopen_warning(found.t, number).split("? ", 1)[1])
            else:
                flash(_("Round %(num)s reopened: its tables may record their missing games.", num=number))
        elif request.form.get("close") == "1":
            tstore.close_round(get_db(), tid, number)
            flash(_("Round %(num)s is closed again: its tables change nothing.", num=number))
        else:
            tstore.end_round(get_db(), tid, number)
            flash(_("Round %(num)s ended for every table.", num=number))
    except tstore.RoundError as exc:
        return _refuse(tid, _(exc.text, **exc.values))
    return redirect(url_for("tournament.organiser", tid=tid) + "#round")


@bp.route("/t/<tid>/finish", methods=("POST",))
def finish(tid):
    """Finish the tournament (its last round complete): the standings frozen, the results final. `reopen=1` takes
    the finish back."""
    live(tid)
    if not _checked_form():
        return _expired(tid)
    try:
        if request.form.get("reopen") == "1":
            tstore.unfinish(get_db(), tid)
            flash(_("The tournament is open again: its results are no longer final."))
        else:
            tstore.finish(get_db(), tid, complete=complete_now(tid))
            flash(_("The tournament is finished: these are its final results."))
    except tstore.RoundError as exc:
        return _refuse(tid, _(exc.text, **exc.values))
    return redirect(url_for("tournament.organiser", tid=tid) + "#round")


@bp.route("/t/<tid>/gone/<int:number>", methods=("POST",))
def gone(tid, number):
    """A player leaves mid-round: his table's round ends with its games so far, and he withdraws (`back=1`: take it
    back)."""
    found = live(tid)
    if not _checked_form():
        return _expired(tid)
    if not 0 <= number < len(found.t.players):
        abort(404)
    name = found.t.players[number].name
    try:
        if request.form.get("back") == "1":
            rnd, table = tstore.player_back(get_db(), tid, number)
            flash(_("%(name)s is back at table %(table)s of round %(round)s.", name=name, table=table, round=rnd))
        else:
            rnd, table = tstore.player_gone(get_db(), tid, number)
            flash(_("%(name)s left table %(table)s: its round ends with the games recorded so far, and %(name)s is "
                    "not drawn from the next round on.", name=name, table=table))
    except tstore.RoundError as exc:
        return _refuse(tid, _(exc.text, **exc.values), "players")
    return redirect(url_for("tournament.organiser", tid=tid) + "#round")


@bp.route("/t/<tid>/cards")
def cards(tid):
    """The table cards of the round being played (or drawn) to print: table number, names in seating order, who
    deals first, the QR code of the table's own address."""
    found = live(tid)
    t = found.t
    rnd = t.started[-1] if t.started else None
    if rnd is None:
        return _refuse(tid, _("Start a round first: its table cards are printed then."))
    tables = [{"number": tb.number, "names": [t.players[p].name for p in tb.players], "pid": tb.partie_id,
               "url": public_url(tb.partie_id), "games": t.scoring.games_at(len(tb.players))} for tb in rnd.tables]
    return render_template("tournament/cards.html", t=t, rnd=rnd, tables=tables)


# -- exports ---------------------------------------------------------------------------------------------------------

def _filename(t, ext: str) -> str:
    return attachment(f"{t.name}.{ext}")


@bp.route("/t/<tid>/tournament.json")
def export_file(tid):
    """The tournament file (RULES-TOURNAMENT.md §6): `python -m scorer replay` scores it."""
    found = live(tid)
    return Response(tfile.dumps(found.engine()), mimetype="application/json",
                    headers={"Content-Disposition": _filename(found.t, "json")})


@bp.route("/standings/<sid>/standings.csv")
def export_csv(sid):
    """The standings as CSV: place, player, Schrift, rank points, total, table ranks (English, decimal points)."""
    found = live(sid, public=True)
    rows = [["place", "player", "schrift", "rank_points", "total", "table_ranks", "withdrawn"]]
    for line in lines(found):
        rows.append([line["place"], line["name"], line["schrift"], decimal_text(line["rank_points"]),
                     decimal_text(line["total"]), " ".join(str(r) for r in line["table_ranks"]),
                     "yes" if line["withdrawn"] else ""])
    out = io.StringIO()
    csv.writer(out).writerows(guarded(rows))
    return Response(out.getvalue(), mimetype="text/csv", headers={"Content-Disposition": _filename(found.t, "csv")})


@bp.route("/t/<tid>/deals.csv")
def export_deals(tid):
    """Every table's deals, round by round: for each table a line saying its round and number, then its partie's CSV
    (docs/FORMAT.md: the deals, the totals, the money), then an empty line."""
    found = live(tid)
    rows: list = []
    for tables in found.tables:
        for tn in tables:
            rows.append(["round", tn.round, "table", tn.number])
            rows.extend(found.t.game.tables.rows(tn.result.settlement, Sheet()))
            rows.append([])
    out = io.StringIO()
    csv.writer(out).writerows(guarded(rows))
    return Response(out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": attachment(f"{found.t.name}-deals.csv")})


@bp.route("/standings/<sid>/excel.csv")
def export_excel(sid):
    """The standings for a spreadsheet opened by double click, in the page's language (German: `;`, decimal commas,
    UTF-8 with a byte order mark)."""
    found = live(sid, public=True)
    german = language() == "de"
    point = "," if german else "."
    rows = [[_("Place"), _("Player"), _("Total"), _("Schrift"), _("Rank points"), _("Table ranks")]]
    for line in lines(found):
        rows.append([line["place"], line["name"], decimal_text(line["total"]).replace(".", point), line["schrift"],
                     decimal_text(line["rank_points"]).replace(".", point), line["ranks_text"]])
    out = io.StringIO()
    csv.writer(out, delimiter=";" if german else ",").writerows(guarded(rows))
    return Response("\ufeff" + out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": attachment(f"{found.t.name}-excel.csv")})


@bp.route("/t/<tid>/deals-excel.csv")
def export_deals_excel(tid):
    """Every table's deals for a spreadsheet opened by double click, in the page's language (German: `;`, decimal
    commas, UTF-8 with a byte order mark), as the partie's own Excel export writes them: per table a line saying its
    round and number, its deals and totals, then an empty line."""

    found = live(tid)
    german = language() == "de"
    sheet = Sheet(TR, "," if german else ".")
    rows: list = []
    for tables in found.tables:
        for tn in tables:
            rows.append([_("Round %(round)s, table %(table)s", round=tn.round, table=tn.number)])
            rows.extend(found.t.game.tables.rows(tn.result.settlement, sheet))
            rows.append([])
    out = io.StringIO()
    csv.writer(out, delimiter=";" if german else ",").writerows(guarded(rows))
    return Response("\ufeff" + out.getvalue(), mimetype="text/csv",
                    headers={"Content-Disposition": attachment(f"{found.t.name}-deals-excel.csv")})


class Builds:
    """The results PDFs, built once per version of a tournament's standings (and language) by one thread of their own,
    one at a time, and kept: every request is answered with the stored bytes; a request that finds the PDF of its
    version not built yet waits for it at most PDF_WAIT seconds, then takes the last one built (the PDF says how
    far the tournament stood), or, before there is any, a page that asks to try again in a few seconds. No request
    builds, so no number of them takes the server's threads (RULES: a phone never waits for another's request)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.done: dict = {}       # (tournament id, language) -> (version, bytes)
        self.running: dict = {}    # (tournament id, language) -> (version, threading.Event)
        self.worker = None

    def get(self, app, found: Live, lang: str, wait: float):
        """(version, bytes) of the newest PDF of the tournament at most `wait` seconds from now, or None."""
        key = (found.t.id, lang)
        with self.lock:
            done = self.done.get(key)
            if done is not None and done[0] == found.t.version:
                return done
            running = self.running.get(key)
            if running is None:
                running = self.running[key] = (found.t.version, threading.Event())
                self._submit(app, found, lang, key, running[1])
        running[1].wait(wait)
        with self.lock:
            return self.done.get(key)

    def _submit(self, app, found, lang, key, event) -> None:
        if self.worker is None:
            self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="results-pdf")
        self.worker.submit(self._build, app, found, lang, key, event)

    def _build(self, app, found, lang, key, event) -> None:
        try:
            with app.test_request_context("/", headers={"Accept-Language": lang}):
                data = pdf.results_pdf(found, lines(found))
            with self.lock:
                kept = self.done.get(key)
                if kept is None or kept[0] <= found.t.version:
                    self.done[key] = (found.t.version, data)
                    while len(self.done) > 64:
                        self.done.pop(next(iter(self.done)))
        except Exception:   # noqa: BLE001 - logged; the next request tries again
            log.exception("scorer: the results PDF of %s could not be built", key[0])
        finally:
            with self.lock:
                self.running.pop(key, None)
            event.set()


builds = Builds()
PDF_WAIT = 4.0   # seconds a request waits for the PDF of its version before it takes the last one built


@bp.route("/standings/<sid>/results.pdf")
def export_pdf(sid):
    """The printable results as a PDF: the standings, every round's tables, then every table's score sheet, in the
    page's language; built once per version (`Builds`), never by the request itself."""
    found = live(sid, public=True)
    built = builds.get(current_app._get_current_object(), found, language(),
                       current_app.config.get("PDF_WAIT", PDF_WAIT))
    if built is None:
        response = Response(render_template("error.html", title=_("The results are being prepared"),
                                            message=_("The PDF of the results is being made: it is ready in a few "
                                                      "seconds. Load this page again then.")), status=503)
        response.headers["Retry-After"] = "3"
        return response
    response = Response(built[1], mimetype="application/pdf", headers={
        "Content-Disposition": attachment(f"{found.t.name}.pdf").replace("attachment", "inline", 1)})
    response.set_etag(f"pdf{built[0]}-{language()}")
    return response.make_conditional(request)


@bp.after_request
def public_files(response):
    """The standings' exports are public (at the standings' address): a cache may keep them briefly; the organiser's
    files (the tournament file, the tables' deals) are the app's default, `private, no-cache`."""
    endpoint = (request.endpoint or "").partition(".")[2]
    if endpoint in ("export_csv", "export_excel", "export_pdf") and response.status_code == 200:
        public_briefly(response)   # never the 503 of a PDF being made
    return response


# -- the public pages ------------------------------------------------------------------------------------------------

def _etag_answer(version: int | str):
    etag = f'"t{version}"' if isinstance(version, int) else f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    response = Response(json.dumps({"version": version}), mimetype="application/json")
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


def digest(found: Live, view: str) -> str:
    """What a page of the standings shows, as a short digest (the same in every language), kept per version: a phone
    polls with it and hears "nothing new for you" (304) while its own rows did not change, whatever changed elsewhere
    in the tournament. `view`: "all" (the standings, the hall view) or "player-N" (a player's own line)."""
    key = ("digest", view)
    kept = found.texts.get(key)
    if kept is not None:
        return kept
    state = (found.final, found.provisional, found.running.number if found.running else 0, len(found.t.started))
    by = found.standings.standings
    if view.startswith("player-") and view[7:].isdecimal() and int(view[7:]) < len(found.t.players):
        number = int(view[7:])
        own = [s for s in by if s.player == number]
        shared = sum(1 for s in by if own and s.place == own[0].place) > 1   # "3. place (shared)"
        shown = (own, shared, player_rounds(found, number), found.t.players[number].withdrawn)
    else:
        view = "all"
        shown = [(s.place, s.player, s.schrift, s.rank_points, s.total, s.table_ranks) for s in by]
        shown.append(tuple(p.withdrawn for p in found.t.players))
    kept = "s" + hashlib.blake2b(repr((state, shown)).encode(), digest_size=9).hexdigest()
    found.texts[key] = kept
    return kept


@bp.route("/standings/<sid>/version")
def public_version(sid):
    """Whether a standings page should load again, cheap to poll (an ETag, 304 while nothing changed): with `of`
    ("all", "player-N") the digest of what that page shows (`digest`: nothing new for this phone while its rows did
    not change), else the tournament's version."""
    view = request.args.get("of", "")
    if view:
        return _etag_answer(digest(live(sid, public=True), view[:20]))
    try:
        return _etag_answer(tstore.version(get_db(), sid, public=True))
    except NotFoundError:
        abort(404)


@bp.route("/t/<tid>/version")
def version(tid):
    try:
        return _etag_answer(tstore.version(get_db(), tid))
    except NotFoundError:
        abort(404)


class Page:
    """A public page rendered once per version (and language, and address), compacted and compressed once: every
    phone in the hall is sent the same bytes."""

    ENCODINGS = ("br", "gzip")

    def __init__(self, html: str, tag: str):
        self.data = compact(html.encode())
        self.tag = tag
        self.encoded: dict = {}   # each encoding made once, when a phone first asks for it

    def body(self, encoding: str | None) -> bytes:
        if encoding is None:
            return self.data
        found = self.encoded.get(encoding)
        if found is None:   # two threads may both make it: the same bytes, one kept
            if encoding == "br":
                import brotli
                found = brotli.compress(self.data, quality=5)
            else:
                found = gzip.compress(self.data, 6, mtime=0)
            self.encoded[encoding] = found
        return found

    def response(self) -> Response:
        encoding = request.accept_encodings.best_match(self.ENCODINGS)
        response = Response(self.body(encoding), mimetype="text/html")
        if encoding:
            response.headers["Content-Encoding"] = encoding
        response.headers["Vary"] = "Accept-Encoding"
        response.compacted = True
        response.set_etag(f"{self.tag}-{encoding or 'plain'}")
        return response.make_conditional(request)


def served(found: Live, make, address: str | None = None) -> Response:
    """The page at `address` (default: this request's path, its query left out) as `make()` renders it, rendered
    once per version and language and kept with the version (`Page`); a browser with a flash message waiting gets its
    own rendering (the message is its alone). Only the addresses the app makes are kept (made-up queries are not):
    the page's own links (its language switch) name `address`."""
    address = address or request.path
    g.shown_path = address
    if session.get("_flashes"):
        return make()
    key = ("page", address, language())
    kept = found.texts.get(key)
    if kept is None:
        with found.building:   # the hall's phones all ask at once after a change: one renders, the others take it
            kept = found.texts.get(key)
            if kept is None:
                tag = hashlib.blake2b(repr(key).encode(), digest_size=6).hexdigest()
                kept = found.texts[key] = Page(make(), f"p{found.t.version}-{tag}")
    return kept.response()


@bp.route("/standings/<sid>")
def standings(sid):
    """The public standings: everyone ranked after every recorded game, provisional until the round is complete."""
    found = live(sid, public=True)
    return served(found, lambda: render_template("tournament/standings.html", t=found.t, found=found,
                                                 table=standings_html(found), poll=POLL_SECONDS,
                                                 seen=digest(found, "all")))


@bp.route("/standings/<sid>/print")
def print_view(sid):
    """The standings to print (and every round's tables)."""
    found = live(sid, public=True)
    return render_template("tournament/print.html", t=found.t, found=found, lines=lines(found))


@bp.route("/standings/<sid>/hall")
def hall(sid):
    """The hall view for a projector: large type, the standings a page at a time. Its script fits the rows to the
    screen it is on (counted from the viewport) and turns the pages, asking after each whether the standings changed;
    without the script the address's `page` shows HALL_ROWS rows (the rest `hidden`) and a meta refresh turns to the
    next page."""
    found = live(sid, public=True)
    all_lines = lines(found)
    pages = max(1, -(-len(all_lines) // HALL_ROWS))
    page = request.args.get("page", "1")
    page = int(page) if page.isdecimal() and len(page) < 5 and 1 <= int(page) <= pages else 1
    following = url_for("tournament.hall", sid=sid, page=page % pages + 1)
    return served(found, address=url_for("tournament.hall", sid=sid, page=page) if page > 1 else request.path,
                  make=lambda: render_template(
        "tournament/hall.html", t=found.t, found=found, lines=all_lines, first=(page - 1) * HALL_ROWS,
        last=page * HALL_ROWS, page=page, pages=pages, following=following, seconds=HALL_SECONDS,
        seen=digest(found, "all")))


@bp.route("/standings/<sid>/player/<int:number>")
def player(sid, number):
    """A player's own line: his place, and per round his table, Schrift, table rank and rank points."""
    found = live(sid, public=True)
    if not 0 <= number < len(found.t.players):
        abort(404)
    line = next(line for line in lines(found) if line["player"] == number)
    lot_text = f"{lot_seed(found.standings.tournament)}:{found.standings.tournament.players[number]}"
    return served(found, lambda: render_template("tournament/player.html", t=found.t, found=found, line=line,
                                                 rounds=player_rounds(found, number), poll=POLL_SECONDS,
                                                 seen=digest(found, f"player-{number}"), lot_text=lot_text))


# -- a table's partie: the tournament's part of its pages ----------------------------------------------------------

class TableWeb(OwnerWeb):
    """A tournament's table on its partie's pages (the owner's web part, `scorer.web.owned`, found through the partie's
    row): its line above the board ("Round 2, table 3 · game 14 of 16"), no money, no "End partie" (the round's end is
    the organiser's), and a change from a browser that organises the tournament signed as the organiser's."""

    template = "tournament/_table_line.html"
    plays_money = False   # RULES-TOURNAMENT.md §1
    may_end = False

    def line(self, pid: str) -> dict | None:
        table = tstore.table_of_partie(get_db(), pid)
        if table is None:
            return None
        sp, settlement = current_partie(pid)
        game = games.by_key(table["game"])
        played = game.games_counted(settlement)
        allowed = tstore.allowed_games(table)
        return {"round": table["round"], "table": table["number"], "played": played, "allowed": allowed,
                "next": min(played + 1, allowed), "complete": played >= allowed, "ended": bool(table["ended"]),
                "gone": table["gone"], "closed": table["closed"], "finished": bool(table["finished"]),
                "latest": table["latest"], "public_id": table["public_id"], "name": table["name"],
                "locked": locked(table, pid)}

    def refuse_end(self, pid: str) -> str | None:
        """A tournament table does not end its partie: its round ends when its games are played, or when the organiser
        ends it for every table."""
        table = tstore.table_of_partie(get_db(), pid)
        if table is None:
            return None
        return _("This is table %(table)s of round %(round)s of %(name)s: the round ends when its games are played, "
                 "or when the organiser ends it for every table.", table=table["number"], round=table["round"],
                 name=table["name"])

    def locked(self, pid: str) -> str:
        table = tstore.table_of_partie(get_db(), pid)
        return "" if table is None else locked(table, pid)

    def editor(self, pid: str) -> str | None:
        """A change of a table's deals from a browser that organises its tournament (it created it, or gave the
        passcode on the organiser's page) is the organiser's correction: the partie's history says so."""
        mine = session.get("organised")
        if not mine:
            return None
        table = tstore.table_of_partie(get_db(), pid)
        return tstore.ORGANISER if table is not None and table["tournament_id"] in mine else None


WEB = TableWeb()


def locked(table: dict, pid: str) -> str:
    """Why this phone may change none of the table's games (its pages then offer no Undo, edit, delete or put back;
    the store refuses them anyway, the owner's guard): "" when it may."""
    if table["finished"]:
        return _("The tournament is finished: its games can no longer be changed.")
    if table["closed"]:
        return _("Round %(round)s is over: its games can no longer be changed here. Only the organiser can reopen "
                 "it.", round=table["round"])
    if table["ended"] and WEB.editor(pid) is None:
        return _("Round %(round)s has ended: only the organiser can correct this table's games now.",
                 round=table["round"])
    return ""


@bp.app_template_filter("tname")
def _tname(number, t):
    return t.players[number].name


@bp.app_template_global("tie_words")
def tie_words(t) -> str:
    """The tournament's tie-breaks in words."""
    return ties_said(t.scoring.tie_breaks)
