"""Die Runde: the regular group's pages. A Runde has its own secret address (like a partie); on its page its
members, its evenings, the standings of a period, head to head, the open balances with the fewest transfers,
the exports; a new partie inside it, an existing partie moved into it. Every figure is replayed from the
stored deals (`scorer.runde`), each evening's summary cached by its partie's version."""

from __future__ import annotations

import csv
import datetime
import io
import json
import sqlite3
import threading
from collections import OrderedDict
from dataclasses import dataclass
from decimal import Decimal

from flask import (Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session,
                   url_for)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import force_locale, pgettext
from markupsafe import Markup
from wtforms import RadioField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length

from .. import games, partie_file, runde_store, store
from ..amounts import money_text
from ..db import get_db
from ..export import guarded as export_guarded, safe
from ..file_format import MOST_PROBLEMS, WEB_MAX_DEALS, lone_surrogate
from ..games import game_of
from ..partie import MAX_NAME, check_name, name_key
from ..runde import (Evening, at_the_end, SUMMARY_MARK, dump_summary, in_period, load_summary, open_balances, standings,
                     summarize)
from ..runde_store import (MAX_MEMBERS, SETTLES, HeldElsewhereError, InAnotherRundeError, NameTakenError,
                           TooManyMembersError)
from ..problems import ScoringError
from ..store import NotFoundError
from .forms import EmptyForm, Form, ImportForm
from .language import euros, language, number, say, sentence
from . import limits
from .limits import passcode_ok
from .loading import cache as settlement_cache
from .loading import remember
from .responses import attachment
from .loading import settle
from .settling import choices
from ..gameweb.chart import path, thinned

bp = Blueprint("runde", __name__)
MY_RUNDEN = 20
SETTLES_LABELS = {"evening": _l("after every evening"), "month": _l("monthly"), "year": _l("yearly")}


def remember_runde(rid: str) -> None:
    """Keep the Runde on this browser's home page."""
    mine = session.get("runden", [])
    if mine[:1] != [rid]:
        session["runden"] = [rid] + [r for r in mine if r != rid][:MY_RUNDEN - 1]


def my_runden() -> list:
    """The Runden this browser has opened: (id, name)."""
    ids = session.get("runden", [])
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    rows = {r["id"]: r["name"] for r in get_db().query(f"select id, name from runden where id in ({marks})", ids)}
    return [(i, rows[i]) for i in ids if i in rows]


def load_or_404(rid: str) -> runde_store.Runde:
    try:
        return runde_store.load_runde(get_db(), rid)
    except NotFoundError:
        abort(404)


def clean(value: str | None, problems: list) -> str:
    """A member's (or the Runde's) name, cleaned; problems said in the page's language."""
    found: list = []
    name = check_name(value or "", found)
    problems += [sentence(p) for p in found]
    if not name:
        problems.append(_("Enter a name."))
    return name


class NewRundeForm(Form):
    name = StringField(_l("Name of the Runde"), validators=[InputRequired(_l("Enter a name for the Runde.")),
                                                           Length(max=60, message=_l("At most 60 characters."))])
    game = RadioField(_l("Game"), default=None)
    settles = RadioField(_l("The money is settled"), choices=list(SETTLES_LABELS.items()), default="evening")
    members = TextAreaField(_l("Members, one name a line"))


class NameForm(Form):
    name = StringField(_l("Name"), validators=[InputRequired(_l("Enter a name.")),
                                               Length(max=MAX_NAME, message=_l("A name has at most 40 characters."))])


def _game_choices():
    return [(g.key, say(g.name)) for g in games.offered()]


@bp.route("/r/new", methods=("GET", "POST"))
@limits.creating
def create():
    """A new Runde: its name, its game, how often it settles, its first members."""
    form = NewRundeForm()
    form.game.choices = _game_choices()
    if form.game.data is None:
        form.game.data = games.default().key
    problems: list = []
    passcode = current_app.config.get("PASSCODE")
    if form.validate_on_submit():
        if passcode and not passcode_ok(request.form.get("passcode", "")):
            problems.append(_("The passcode is not right: ask whoever runs this scorer."))
        name = clean(form.name.data, problems)
        members = []
        for line in (form.members.data or "").splitlines():
            if line.strip():
                members.append(clean(line, problems))
        folded = [name_key(m) for m in members]
        if len(set(folded)) != len(folded):
            problems.append(_("Two members cannot share a name."))
        if len(members) > MAX_MEMBERS:
            problems.append(_("A Runde has at most %(num)s members.", num=MAX_MEMBERS))
        if not problems:
            game = games.by_key(form.game.data)
            rid = runde_store.create_runde(get_db(), name, game.key, game.engine.PRESETS[0], form.settles.data,
                                           members)
            remember_runde(rid)
            return redirect(url_for("runde.page", rid=rid))
    status = 422 if request.method == "POST" else 200
    return render_template("runde/new.html", form=form, problems=problems, passcode=bool(passcode)), status


def period_of(args) -> tuple[str, str | None, str | None, list]:
    """The period the page asks for: (which, first day, last day, problems)."""
    which = args.get("period", "year")
    today = datetime.date.today()
    if which == "all":
        return which, None, None, []
    if which == "range":
        problems, days = [], []
        for name, word in (("from", pgettext("day", "From")), ("to", pgettext("day", "To"))):
            value = args.get(name, "")
            try:
                days.append(datetime.date.fromisoformat(value).isoformat() if value else None)
            except ValueError:
                problems.append(_("%(field)s: write the day as YYYY-MM-DD.", field=word))
                days.append(None)
        if not problems and days[0] and days[1] and days[0] > days[1]:
            problems.append(_("The first day comes after the last."))
        return which, days[0], days[1], problems
    return "year", f"{today.year}-01-01", f"{today.year}-12-31", []


class SummaryCache:
    """Each evening's summary, by partie id and version (a new version is a new entry)."""

    def __init__(self, size: int = 5000):
        self.entries: OrderedDict = OrderedDict()
        self.lock = threading.Lock()
        self.size = size

    def get(self, key):
        with self.lock:
            value = self.entries.get(key)
            if value is not None:
                self.entries.move_to_end(key)
            return value

    def put(self, key, value) -> None:
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.size:
                self.entries.popitem(last=False)


summaries = SummaryCache()


def evenings(runde: runde_store.Runde) -> tuple[list, list]:
    """The Runde's evenings (summed up, oldest first), and the parties that cannot be replayed: (id, number).

    Each evening's summary comes from memory (`summaries`), else from the store (`runde_summaries`, one query
    for the whole Runde), else from replaying the partie (the settlement cache's, if it holds this version);
    the replayed ones are kept in the store in one transaction, so a restart does not replay them again."""
    db = get_db()
    found, missing = {}, []
    for p in runde.parties:
        summary = summaries.get((p.id, p.version))
        if summary is None:
            missing.append(p)
        else:
            found[p.id] = summary
    made = []
    if missing:
        mark = SUMMARY_MARK
        kept = runde_store.stored_summaries(db, runde.id, mark)
        for p in missing:
            hit = kept.get(p.id)
            if hit is not None and hit[0] == p.version:
                try:
                    found[p.id] = load_summary(hit[1])
                except (ValueError, KeyError, TypeError):   # unreadable: made again below
                    pass
                else:
                    summaries.put((p.id, p.version), found[p.id])
                    continue
            result = replayed(db, p)
            if result is None:
                continue
            summary, version = result
            found[p.id] = summary
            summaries.put((p.id, version), summary)
            try:
                made.append((p.id, version, mark, dump_summary(*summary)))
            except TypeError:   # a figure this store cannot keep: replayed after a restart
                pass
    if made:
        try:
            runde_store.keep_summaries(db, made)
        except sqlite3.OperationalError:   # the store busy past its timeout: kept in memory only this time
            pass
    out, broken = [], []
    for p in runde.parties:
        if p.id not in found:
            broken.append((p.id, 0))
            continue
        facts, problem = found[p.id]
        if problem is not None:
            broken.append((p.id, problem))
        out.append(Evening(p.id, p.created[:10], p.game, p.members, facts["deals"], facts["points"], facts["money"],
                           facts["figures"], p.settled, facts["played"], facts["pot"], p.at_the_end))
    return at_the_end(out), broken


def keep_at_once(db, evenings) -> None:
    """Keep the summaries of parties just put into a Runde (imported with it, moved in): (partie id, version,
    (facts, problem)), in memory and in the store, so that the Runde's first page replays none of them. Never
    fails the import or the move: a summary that cannot be kept, or a store that refuses it, is left to that
    page to replay."""
    mark, rows = SUMMARY_MARK, []
    for pid, version, summary in evenings:
        try:
            rows.append((pid, version, mark, dump_summary(*summary)))
        except TypeError:   # a figure this store cannot keep
            continue
        summaries.put((pid, version), summary)
    if rows:
        try:
            runde_store.keep_summaries(db, rows)
        except sqlite3.Error:   # busy past its timeout, or worse: the page replays them
            pass


def replayed(db, p) -> tuple | None:
    """An evening's summary from its partie's deals, and the partie's version it is for (newer than the
    Runde's if the partie changed since): ((facts, number of the first deal that needs fixing or None),
    version); None if its stored rules cannot be read."""
    hit = settlement_cache.get(p.id)
    if hit is not None and hit[0].version == p.version:
        return (summarize(hit[1]), None), p.version
    try:
        sp = store.load(db, p.id)
    except Exception:   # noqa: BLE001 - stored rules this scorer cannot read: left out, said
        return None
    settlement, problem = settle(sp.partie)
    return (summarize(settlement), problem[0] if problem else None), sp.version


@bp.route("/r/<rid>")
def page(rid):
    """The Runde's page: standings for a period, head to head, open balances, members, evenings."""
    runde = load_or_404(rid)
    remember_runde(rid)
    which, start, end, problems = period_of(request.args)
    return render_template(
        "runde/page.html", runde=runde, brand_runde=runde, which=which, problems=problems, form=EmptyForm(),
        parts=figures_of(runde, start, end, problems), movable=movable_list, offered=games.offered(),
        settles_label=SETTLES_LABELS[runde.settles], args=period_args(which, start, end),
        passcode=bool(current_app.config.get("PASSCODE")), full=len(runde.members) >= MAX_MEMBERS,
        max_members=MAX_MEMBERS)


def period_args(which, start, end) -> dict:
    """The period the page shows, as its links' query: the period read (`period_of`), nothing else of the
    address (an `rid=` or `_method=` in it is no argument of the page's links), days only as read."""
    args = {"period": which}
    if which == "range":
        args.update({name: day for name, day in (("from", start), ("to", end)) if day})
    return args


def movable_list() -> Markup:
    """The datalist of the parties this browser has opened that are in no Runde."""
    mine = session.get("parties", [])
    if not mine:
        return Markup('<datalist id="movable"></datalist>')
    return Markup(render_template("runde/_movable.html", movable=movable(mine)))


def figures_of(runde: runde_store.Runde, start, end, problems) -> object:
    """The page's parts from the evenings' summaries: standings, head to head, chart, open balances, evenings."""
    every, broken = evenings(runde)
    chosen = in_period(every, start, end) if not problems else []
    table = standings(chosen, [m.id for m in runde.members])
    context = {"runde": runde, "names": {m.id: m.name for m in runde.members}, "table": table,
               "groups": open_balances(every, runde.settles), "broken": broken, "figure": figure,
               "chart": chart(table, runde), "by_id": {p.id: p for p in runde.parties},
               "period_label": period_label}
    current_app.update_template_context(context)
    module = current_app.jinja_env.get_template("runde/_figures.html").make_module(context)
    return {"standings": module.standings, "open": module.open, "listed": module.listed}


def period_label(key: str) -> str:
    """A settling period's name: the evening's day, the month ("November 2026"), or the year."""
    from flask_babel import format_date

    day = key.split(" ", 1)[0]
    if len(day) == 4:
        return day
    if len(day) == 7:
        return format_date(datetime.date.fromisoformat(day + "-01"), "LLLL y")
    return format_date(datetime.date.fromisoformat(day), "medium")


def movable(ids: list) -> list:
    """The parties this browser has opened that are in no Runde: one query."""
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    taken = {r["partie_id"] for r in get_db().query(
        f"select partie_id from runde_parties where partie_id in ({marks})", ids)}
    taken |= runde_store.held_elsewhere(get_db(), ids)   # a tournament's tables
    return [p for p in store.list_parties(get_db(), [i for i in ids if i not in taken])]


def figure(value) -> str:
    """One of a game's own figures: a count, or money."""
    if isinstance(value, Decimal):
        return euros(value, sign=False)
    return number(value)




def chart(table, runde) -> dict | None:
    """Each member's running money over the period's evenings, as SVG path data (x: evening, y: money)."""
    n = len(table.evenings)
    if n < 1:
        return None
    values = [v for series in table.running.values() for _, v in series] + [Decimal(0)]
    low, high = min(values), max(values)
    span = (high - low) or Decimal(1)
    width, height = 320, 160
    lines = []
    for index, m in enumerate(sorted(table.running)):
        series = table.running[m]
        if not series:
            continue
        series = [series[k] for k in thinned(len(series))]   # a long Runde: every k-th evening of his, and the last
        d = path(((i / max(n - 1, 1)) * width, float((high - v) / span) * height) for i, v in series)
        lines.append({"member": m, "d": d, "colour": index % 8})
    zero = float(high / span) * height
    return {"width": width, "height": height, "lines": lines, "zero": f"{zero:.1f}", "high": high, "low": low}


@bp.post("/r/<rid>/members")
@limits.creating
def add_member(rid):
    """A new member of the Runde."""
    runde = load_or_404(rid)
    passcode = current_app.config.get("PASSCODE")
    if passcode and not passcode_ok(request.form.get("passcode", "")):
        return _problems(runde, [_("The passcode is not right: ask whoever runs this scorer.")])
    return _named(runde, lambda name: runde_store.add_member(get_db(), rid, name),
                  lambda name: _("%(name)s is a member now.", name=name))


def _named(runde, store_name, done):
    """A member's name from the form, stored by `store_name(name)`; the page with `done(name)` said, or the
    problems (a name taken, too long, an expired form) with nothing stored."""
    form = NameForm()
    problems: list = []
    if form.validate_on_submit():
        name = clean(form.name.data, problems)
        if not problems:
            try:
                store_name(name)
                flash(done(name))
                return redirect(url_for("runde.page", rid=runde.id) + "#members")
            except NameTakenError:
                problems.append(_("%(name)s is a member already: two members cannot share a name.", name=name))
            except TooManyMembersError:
                problems.append(_("A Runde has at most %(num)s members.", num=MAX_MEMBERS))
    else:
        problems += [e for errors in form.errors.values() for e in errors] or [_("The form has expired: reload the page.")]
    return _problems(runde, problems)


def _problems(runde, problems):
    return render_template("runde/problems.html", runde=runde, brand_runde=runde, problems=problems), 422


@bp.post("/r/<rid>/members/<int:mid>")
def rename(rid, mid):
    """Rename a member: in every evening of the Runde at once."""
    runde = load_or_404(rid)
    if runde.member(mid) is None:
        abort(404)
    return _named(runde, lambda name: runde_store.rename_member(get_db(), rid, mid, name),
                  lambda name: _("Renamed: %(name)s.", name=name))


HELD_ELSEWHERE = _l("This partie is a table of a tournament: its games and its players belong to the tournament, "
                    "so it cannot be moved into a Runde.")


def partie_id_of(text: str) -> str:
    """A partie's id from its address or the id itself."""
    text = (text or "").strip().rstrip("/")
    if "/p/" in text:
        text = text.split("/p/", 1)[1].split("/", 1)[0].split("?", 1)[0]
    return text


@bp.route("/r/<rid>/move", methods=("GET", "POST"))
@limits.asking
def move(rid):
    """Move an existing partie into the Runde: which member each of its players is."""
    runde = load_or_404(rid)
    pid = partie_id_of(request.values.get("partie", ""))
    problems: list = []
    try:
        sp = store.load(get_db(), pid) if pid else None
    except NotFoundError:
        sp = None
    except Exception:   # noqa: BLE001 - a partie whose rules cannot be read
        sp = None
    if sp is None:   # none asked for (the address opened as it is) or none there: the page to choose one
        if pid or request.method == "POST":
            problems.append(_("There is no partie at this address. Paste the link of its board."))
        return render_template("runde/move.html", runde=runde, brand_runde=runde, sp=None, problems=problems,
                               movable=movable(session.get("parties", [])), pid=pid), 422 if problems else 200
    if runde_store.held_elsewhere(get_db(), [pid]):
        return _problems(runde, [HELD_ELSEWHERE])
    if runde_store.runde_of(get_db(), pid) not in (None, rid):
        return _problems(runde, [_("This partie is in another Runde already.")])
    players = sp.partie.players
    chosen = []
    if request.method == "POST" and request.form.get("confirm") == "yes":
        if not EmptyForm().validate_on_submit():
            problems.append(_("The form has expired: reload the page."))
        for seat in range(len(players)):
            value = request.form.get(f"seat{seat}", "")
            if value == "new":
                chosen.append(clean(request.form.get(f"new{seat}", players[seat]), problems))
            elif value.isdecimal() and len(value) <= 18 and runde.member(int(value)) is not None:
                chosen.append(int(value))
            else:
                problems.append(_("Choose the member who is %(name)s.", name=players[seat]))
                chosen.append(None)
        names = [name_key(runde.member(c).name) if isinstance(c, int) else name_key(c or "") for c in chosen]
        if len(set(names)) != len(names):
            problems.append(_("Each member plays at one seat only: choose a different member for each player."))
        passcode = current_app.config.get("PASSCODE")
        if passcode and any(isinstance(c, str) and runde.by_name(c) is None for c in chosen) \
                and not passcode_ok(request.form.get("passcode", "")):
            problems.append(_("A new member needs the passcode: ask whoever runs this scorer."))
        if not problems:
            try:
                runde_store.attach(get_db(), rid, pid, chosen)
            except NameTakenError as exc:
                problems.append(_("%(name)s is a member already: two members cannot share a name.", name=exc.name))
            except InAnotherRundeError:   # another phone moved it into another Runde a moment ago
                return _problems(runde, [_("This partie is in another Runde already.")])
            except HeldElsewhereError:
                return _problems(runde, [HELD_ELSEWHERE])
            except TooManyMembersError:
                problems.append(_("A Runde has at most %(num)s members.", num=MAX_MEMBERS))
            except (ValueError, NotFoundError):
                problems.append(_("Choose a different member for each player."))
            else:
                _keep_moved(pid)
                remember(pid)
                flash(_("The partie is in the Runde now."))
                return redirect(url_for("runde.page", rid=rid) + "#evenings")
    seats = []
    for seat, name in enumerate(players):
        match = runde.by_name(name)
        seats.append({"seat": seat, "name": name, "member": match.id if match else None})
    status = 422 if problems else 200
    return render_template("runde/move.html", runde=runde, sp=sp, seats=seats, problems=problems,
                           form=EmptyForm(), pid=pid, passcode=bool(current_app.config.get("PASSCODE"))), status


def _keep_moved(pid: str) -> None:
    """Keep the summary of a partie just moved into a Runde (replayed once here, as its version is new:
    its seats took the members' names), so that the Runde's page does not replay it."""
    try:
        result = replayed(get_db(), _Unread(pid))
    except Exception:   # noqa: BLE001 - the move is stored: the Runde's page replays the partie instead
        return
    if result is not None:
        keep_at_once(get_db(), [(pid, result[1], result[0])])


@dataclass(frozen=True)
class _Unread:
    """A partie of which only the id is known (`replayed` loads it and says its version)."""

    id: str
    version: int = -1


@bp.post("/r/<rid>/settle")
def settle_marks(rid):
    """Mark evenings (an evening, or all of a period's) settled, or open again."""
    runde = load_or_404(rid)
    if not EmptyForm().validate_on_submit():
        return _problems(runde, [_("The form has expired: reload the page.")])
    ours = {p.id for p in runde.parties}
    pids = [p for value in request.form.getlist("partie") for p in value.split() if p in ours]
    if not pids:
        return _problems(runde, [_("Choose the evenings to mark.")])
    settled = request.form.get("settled") != "no"
    runde_store.set_settled(get_db(), rid, pids, settled)
    flash(_("Marked as settled.") if settled else _("Open again."))
    return redirect(url_for("runde.page", rid=rid) + "#open")


# exports


def guarded(rows):
    """Every cell formula-safe under either separator (`export.guarded`)."""
    return export_guarded(rows)


def standings_rows(runde, table, money, count) -> list[list]:
    """The standings and the head to head as rows: a header, a row per member; then the head to head."""
    names = {m.id: m.name for m in runde.members}
    header = [_("Player"), _("Evenings"), _("Deals"), _("Points"), _("Money"), _("Money per evening")]
    header += [say(label) for label in table.labels]
    out = [header]
    for r in table.rows:
        row = [safe(names.get(r.member, "?")), r.evenings, r.deals, r.points, money(r.money), money(r.per_evening)]
        row += [money(v) if isinstance(v, Decimal) else v for v in (r.figures.get(label, 0) for label in table.labels)]
        out.append(row)
    if table.pot:   # the pot kept at the end of an evening: its own line, so that the money adds up to zero
        out.append([_("The pot (kept for the next evening)"), "", "", "", money(table.pot), ""] + [""] * len(table.labels))
    out.append([])
    out.append([_("Won"), _("From"), _("Money")])
    for (a, b), amount in sorted(table.head_to_head.items(), key=lambda kv: (-kv[1], kv[0])):
        out.append([safe(names.get(a, "?")), safe(names.get(b, "?")), money(amount)])
    return out


def _table_for_export(rid):
    runde = load_or_404(rid)
    which, start, end, problems = period_of(request.args)
    if problems:
        abort(Response(render_template("error.html", title=_("Not a period"), message=" ".join(problems)), 422))
    every, _broken = evenings(runde)
    return runde, standings(in_period(every, start, end), [m.id for m in runde.members])


def _filename(runde, ext: str) -> str:
    name = "".join(ch for ch in runde.name if ch.isalnum() or ch in " -").strip().replace(" ", "-")[:40] or "runde"
    return attachment(f"runde-{name}.{ext}")


@bp.route("/r/<rid>/standings.csv")
def export_csv(rid):
    """The standings and the head to head as CSV (English words, money as 1.20)."""
    runde, table = _table_for_export(rid)
    out = io.StringIO()
    with_english = _english_rows(runde, table, lambda x: money_text(Decimal(x).quantize(Decimal("0.01"))))
    csv.writer(out).writerows(guarded(with_english))
    return Response(out.getvalue(), mimetype="text/csv", headers={"Content-Disposition": _filename(runde, "csv")})


def _english_rows(runde, table, money):
    with force_locale("en"):
        return standings_rows(runde, table, money, None)


@bp.route("/r/<rid>/excel.csv")
def export_excel(rid):
    """The standings for a spreadsheet, in the page's language (German: ';' and decimal commas), with a BOM."""
    runde, table = _table_for_export(rid)
    german = language() == "de"
    rows = standings_rows(runde, table, lambda x: money_text(Decimal(x).quantize(Decimal("0.01")),
                                                                decimal="," if german else "."), None)
    out = io.StringIO()
    csv.writer(out, delimiter=";" if german else ",").writerows(guarded(rows))
    return Response(("\ufeff" + out.getvalue()).encode("utf-8"), mimetype="text/csv",
                    headers={"Content-Disposition": _filename(runde, "xlsx.csv").replace(".xlsx.csv", "-excel.csv")})


RUNDE_FORMAT = "tarock-runde"
RUNDE_VERSION = 1


@bp.route("/r/<rid>/runde.json")
def export_file(rid):
    """The whole Runde as one file: its name, settings, members and each partie as a partie file."""
    runde = load_or_404(rid)
    names = {m.id: m.name for m in runde.members}
    parties = []
    for p in runde.parties:
        try:
            sp = store.load(get_db(), p.id)
        except Exception:   # noqa: BLE001 - rules this scorer cannot read: left out
            continue
        entry = {"members": [names[m] for m in p.members], "created": p.created, "settled": p.settled,
                 "partie": partie_file.to_dict(sp.partie)}
        if p.at_the_end is not None:   # its choice at the end (the pot kept): the Runde settles it by that
            entry["at_the_end"] = p.at_the_end
        parties.append(entry)
    data = {"format": RUNDE_FORMAT, "version": RUNDE_VERSION, "name": runde.name, "game": runde.game,
            "preset": runde.preset, "settles": runde.settles, "members": [m.name for m in runde.members],
            "parties": parties}
    return Response(json.dumps(data, ensure_ascii=False, indent=1) + "\n", mimetype="application/json",
                    headers={"Content-Disposition": _filename(runde, "json")})


def read_runde_file(raw: bytes) -> tuple[dict | None, list[str]]:
    """A Runde file read and checked whole: (what to store, None) or (None, the problems, each naming its
    partie and deal). The reading stops at the 20th problem (a file of bad deals costs no more than 20 of
    them), and a partie of more than `WEB_MAX_DEALS` deals is refused at once."""
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, [_("The file is not a Runde file: it is not JSON.")]
    if lone_surrogate(raw, data):
        return None, [_("The file holds text that is not Unicode (an escape such as \\ud800 alone): save it "
                        "again as UTF-8.")]
    if not isinstance(data, dict) or data.get("format") != RUNDE_FORMAT:
        return None, [_("The file is not a Runde file (its format is not \"%(format)s\").", format=RUNDE_FORMAT)]
    if data.get("version") != RUNDE_VERSION:
        return None, [_("This scorer reads version %(version)s Runde files.", version=RUNDE_VERSION)]
    problems: list = []
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    name = clean(name, problems) if name else ""
    if not name:
        problems[:] = [_("The Runde has no name.")]
    game = games.by_key(data.get("game"))
    if game is None or game not in games.offered():
        problems.append(_("The Runde's game is not one this scorer offers."))
    settles = data.get("settles") if data.get("settles") in SETTLES else "evening"
    members = data.get("members")
    if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
        return None, problems + [_("The Runde's members must be a list of names.")]
    if len(members) > MAX_MEMBERS:
        return None, problems + [_("A Runde has at most %(num)s members.", num=MAX_MEMBERS)]
    found: list = []
    members = [clean(m, found) for m in members]
    problems += found
    if len({name_key(m) for m in members}) != len(members):
        problems.append(_("Two members cannot share a name."))
    parties = data.get("parties")
    if not isinstance(parties, list):
        return None, problems + [_("The Runde's parties must be a list.")]
    out, facts = [], []
    folded = {name_key(m) for m in members}
    for number, entry in enumerate(parties, start=1):
        if len(problems) >= MOST_PROBLEMS:
            break
        where = _("Partie %(num)s", num=number)
        if not isinstance(entry, dict) or not isinstance(entry.get("partie"), dict):
            problems.append(f"{where}: " + _("it is not a partie."))
            continue
        try:
            partie = partie_file.from_dict(entry["partie"], most_problems=MOST_PROBLEMS - len(problems),
                                           most_deals=WEB_MAX_DEALS)
            settlement = game_of(partie).replay(partie)
        except ScoringError as exc:
            problems += [f"{where}: " + sentence(p, located=True) for p in exc.problems[:MOST_PROBLEMS - len(problems)]]
            continue
        seats = entry.get("members")
        if (not isinstance(seats, list) or len(seats) != len(partie.players)
                or not all(isinstance(s, str) and name_key(s) in folded for s in seats)
                or len({name_key(s) for s in seats}) != len(seats)):
            problems.append(f"{where}: " + _("its members must be the Runde's, one for each player."))
            continue
        created = entry.get("created")
        try:
            created = datetime.datetime.fromisoformat(created).isoformat() if isinstance(created, str) else None
        except ValueError:
            problems.append(f"{where}: " + _("its date cannot be read."))
            continue
        settled = entry.get("settled") if isinstance(entry.get("settled"), str) else None
        choice = entry.get("at_the_end")
        if choice is not None and (not isinstance(choice, str) or choice not in choices(partie)):
            problems.append(f"{where}: " + _("its choice for the end of the evening is not one of its game's."))
            continue
        out.append((partie, seats, settled, created, choice))
        facts.append(_summary_or_none(settlement))   # kept small: the settlement itself is let go
    if problems:
        return None, problems[:MOST_PROBLEMS]
    return {"summaries": facts, "name": name, "game": game.key, "preset": data.get("preset") if data.get("preset") in game.engine.PRESETS
            else game.engine.PRESETS[0], "settles": settles, "members": members, "parties": out}, []


def _summary_or_none(settlement) -> dict | None:
    try:
        return summarize(settlement)
    except Exception:   # noqa: BLE001 - only a head start for the Runde's page, which replays it instead
        return None


def _keep_imported(rid: str, pids: list, facts: list) -> None:
    """Keep the summaries of a Runde just imported, made from the replays that checked its file (the stored
    parties differ from the file's only in their players' names, which no summary holds)."""
    try:
        db = get_db()
        versions = {p.id: p.version for p in runde_store.load_runde(db, rid).parties}
        evenings = [(pid, versions[pid], (f, None)) for pid, f in zip(pids, facts) if f is not None]
    except Exception:   # noqa: BLE001 - the import is stored: its first page replays the parties instead
        return
    keep_at_once(db, evenings)


@bp.route("/r/import", methods=("GET", "POST"))
@limits.creating
def import_file():
    """A Runde file becomes a new Runde with all its parties; a bad file is explained and stores nothing."""
    form = ImportForm()
    problems: list = []
    if request.method == "POST":
        passcode = current_app.config.get("PASSCODE")
        upload = request.files.get("file")
        if not form.validate_on_submit():
            problems.append(_("The form has expired: reload the page and choose the file again."))
        elif passcode and not passcode_ok(request.form.get("passcode", "")):
            problems.append(_("The passcode is not right: ask whoever runs this scorer."))
        elif upload is None or not upload.filename:
            problems.append(_("Choose a Runde file (.json) to import."))
        else:
            data, problems = read_runde_file(upload.read())
            if data is not None:
                facts, pids = data.pop("summaries"), []
                rid = runde_store.import_runde(get_db(), **data, pids=pids)
                _keep_imported(rid, pids, facts)
                remember_runde(rid)
                flash(_("Imported: %(num)s parties.", num=len(data["parties"])))
                return redirect(url_for("runde.page", rid=rid))
    return render_template("runde/import.html", form=form, problems=problems,
                           passcode=bool(current_app.config.get("PASSCODE"))), 422 if problems else 200


@bp.route("/r")
def index():
    """This browser's Runden; a new one; import one."""
    return render_template("runde/index.html", runden=my_runden())
