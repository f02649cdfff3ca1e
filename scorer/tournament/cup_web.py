"""A cup in the web app (RULES-TOURNAMENT.md §5): created by an organiser (the app's passcode when one is set; its own
unguessable address, `/c/<cid>`), its tournaments added at its creation or afterwards (those this browser organises,
or any tournament by its organiser's address), and the public cup standings (`/cup/<sid>`) with their CSV. The
standings are the engine's (`cup.cup`) over each tournament's live standings; players of two tournaments are one
person when their names are (case aside), as the engine matches them."""

from __future__ import annotations

import csv
import io
import re
import threading

from flask import Blueprint, Response, abort, current_app, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from ..db import get_db
from ..export import guarded
from ..partie import check_name
from ..store import NotFoundError
from ..web import limits
from ..web.forms import EmptyForm
from ..web.language import say, sentence
from ..web.limits import passcode_ok
from ..web.responses import attachment, public_briefly
from . import cup_file, cup_store, store as tstore
from . import web as tweb
from .cup import PRESETS as CUP_PRESETS, SYSTEMS, TIES, CupRules, cup
from .problems import TournamentError

bp = Blueprint("cup", __name__, template_folder="templates")

MY_CUPS = 20
ORGANISING = ("organiser", "add", "remove", "options")
ADDRESS = re.compile(r"(?:^|/t/)([A-Za-z0-9_-]{16,64})/?$")


def organised(cid: str) -> None:
    mine = session.get("cups", [])
    if mine[:1] != [cid]:
        session["cups"] = [cid] + [c for c in mine if c != cid][:MY_CUPS - 1]


def loaded(cid: str) -> cup_store.StoredCup:
    try:
        return cup_store.load(get_db(), cid)
    except NotFoundError:
        abort(404)


@bp.before_request
def passcode_first():
    """With a passcode set, the cup's organiser page and its actions ask for it once per browser."""
    endpoint = (request.endpoint or "").partition(".")[2]
    cid = (request.view_args or {}).get("cid")
    if endpoint not in ORGANISING or not cid or not current_app.config.get("PASSCODE"):
        return None
    if cid in session.get("cups", []):
        return None
    loaded(cid)
    return render_template("tournament/unlock.html", action=url_for("cup.unlock", cid=cid), form=EmptyForm(),
                           error=None), 200 if request.method == "GET" and endpoint == "organiser" else 403


@bp.route("/c/<cid>/unlock", methods=("POST",))
@limits.asking
def unlock(cid):
    loaded(cid)
    form = EmptyForm()
    if form.validate_on_submit() and passcode_ok(request.form.get("passcode", "")):
        organised(cid)
        return redirect(url_for("cup.organiser", cid=cid))
    return render_template("tournament/unlock.html", action=url_for("cup.unlock", cid=cid), form=form,
                           error=_("The passcode is not right: ask whoever runs this scorer.")), 422


# -- the form's fields -------------------------------------------------------------------------------------------------

# the cup points' systems (cup.SYSTEMS, named in cups.toml) in words, by what each computes
SYSTEM_WORDS = {"places": _l("fixed points by place (223, 198, 180 … down to 1 at the 50th)"),
                "schrift": _l("Heine points: the tournament's Schrift up to 100, above it every second point, at "
                              "most 200"),
                "cubic": _l("the Tiroler formula: 200 × ((N − place) / (N − 1))³, N the tournament's players")}
TOTAL_WORDS = {"sum": _l("Every tournament counts"), "best": _l("Only the best tournaments count"),
               "best_final": _l("The best tournaments and the final count"),
               "half": _l("The best half of the tournaments counts")}
TIES_WORDS = {"places": _l("more tournament wins, then more second places, and so on"),
              "results": _l("the counted results compared, the best first, then more tournaments played")}


def preset_said(key: str) -> str:
    """A named cup in words: "Wiener Tarockcup: Heine points, the best half, ties by the counted results"."""
    rules = CupRules.from_dict({"preset": key})
    return f"{tweb.format_name(key)}: " + _("%(points)s; %(total)s; ties: %(ties)s", points=points_said(rules),
                                            total=total_said(rules, None), ties=TIES_WORDS[rules.ties])


def points_said(rules: CupRules) -> str:
    if isinstance(rules.cup_points, str):
        return str(SYSTEM_WORDS[SYSTEMS[rules.cup_points]])
    return _("cup points by place: %(points)s (later places 0)", points=" ".join(str(p) for p in rules.cup_points))


def total_said(rules: CupRules, tournaments: int | None) -> str:
    """Which results count, in words; with the cup's `tournaments`, how many of them for the best half."""
    if rules.half:
        if tournaments:
            return _("the best half of the tournaments (%(k)s of %(n)s)", k=rules.counting(tournaments), n=tournaments)
        return _("the best half of the tournaments")
    if rules.best is None:
        return _("the sum of all tournaments")
    if rules.plus_final:
        return _("the best %(num)s tournaments and the final", num=rules.best)
    return _("the best %(num)s tournaments", num=rules.best)


def form_values(rules: CupRules | None) -> dict:
    """The cup options' form filled in: as typed (a form sent back), or with the cup's rules, or empty (a new cup)."""
    if request.method == "POST":
        return request.form.to_dict()
    if rules is None:
        return {}
    out = {"preset": rules.preset or "", "minus_days": "count" if rules.minus_day_counts else "nothing",
           "cup_ties": rules.ties, "final": str(rules.final or "")}
    if isinstance(rules.cup_points, str):
        out["points_by"] = rules.cup_points
    else:
        out.update(points_by="list", cup_points=" ".join(str(p) for p in rules.cup_points))
    if rules.half:
        out["cup_total"] = "half"
    elif rules.best is not None:
        out.update(cup_total="best_final" if rules.plus_final else "best", best=str(rules.best))
    else:
        out["cup_total"] = "sum"
    if rules.preset:   # what the named cup says is left to it ("As the cup says"): another cup chosen brings its own
        named = CupRules.from_dict({"preset": rules.preset})
        if named.cup_points == rules.cup_points:
            out["points_by"] = ""
        if named.cup_total == rules.cup_total:
            out["cup_total"] = ""
        if named.ties == rules.ties:
            out["cup_ties"] = ""
    return out


def rules_from_form(errors: dict, tournaments: int | None = None) -> CupRules | None:
    """The cup's options as chosen (RULES-TOURNAMENT.md §5, §8.2): a named cup, and beside it (or without one) its
    cup points (by place as typed, or a system), which results count (all, the best N, the best N and the final, the
    best half), the final (`tournaments`: the cup's, where its final can be chosen), ties, minus days; each problem
    beside its field."""
    data: dict = {}
    preset = request.form.get("preset", "")
    if preset:
        if preset in CUP_PRESETS:
            data["preset"] = preset
        else:
            errors.setdefault("preset", []).append(_("Choose a cup, or none."))
    by = request.form.get("points_by", "")
    text = request.form.get("cup_points", "").strip()
    if by in SYSTEMS:
        data["cup_points"] = by
    elif by == "list" or (not by and text) or (not by and not preset):
        parts = text.replace(",", " ").replace(";", " ").split()
        if not parts:
            errors.setdefault("cup_points", []).append(_("Enter the cup points by place, the 1st place's first, "
                                                         "like %(example)s.", example="100 90 80 70 60"))
        elif all(p.isdecimal() and p.isascii() and len(p) < 6 for p in parts) and len(parts) <= 1000:
            data["cup_points"] = [int(p) for p in parts]
        else:
            errors.setdefault("cup_points", []).append(_("Cup points: whole numbers from 0, separated by spaces, "
                                                         "the 1st place's first, like %(example)s.",
                                                         example="100 90 80 70 60"))
    elif by:
        errors.setdefault("points_by", []).append(_("Choose how the cup points are given."))
    total = request.form.get("cup_total", "" if preset else "sum")
    if total in ("best", "best_final"):
        best = request.form.get("best", "").strip()
        if best.isdecimal() and best.isascii() and len(best) < 4 and int(best) >= 1:
            data["cup_total"] = f"best {int(best)}" + ("+final" if total == "best_final" else "")
        else:
            errors.setdefault("best", []).append(_("The number of tournaments that count: a whole number from 1, "
                                                   "like 10."))
    elif total in ("sum", "half"):
        data["cup_total"] = "best half" if total == "half" else "sum"
    elif total:
        errors.setdefault("cup_total", []).append(_("Choose how the cup total is made."))
    final = request.form.get("final", "")
    if final and tournaments is not None:
        if final.isdecimal() and final.isascii() and 1 <= int(final) <= tournaments:
            data["final"] = int(final)
        else:
            errors.setdefault("final", []).append(_("Choose the final among the cup’s tournaments, or none."))
    ties = request.form.get("cup_ties", "")
    if ties in TIES:
        data["cup_ties"] = ties
    elif ties:
        errors.setdefault("cup_ties", []).append(_("Choose how ties are broken."))
    minus = request.form.get("minus_days", "count")
    if minus not in ("count", "nothing"):
        errors.setdefault("minus_days", []).append(_("Choose what a tournament with a total below 0 brings."))
    data["minus_day_counts"] = minus != "nothing"
    if errors:
        return None
    try:
        return CupRules.from_dict(data)
    except TournamentError as exc:
        for p in exc.problems:
            errors.setdefault(p.field if p.field in ("cup_points", "final", "preset") else "cup_total", []).append(
                sentence(p))
    return None


def options_context(rules: CupRules | None = None, tournaments: int | None = None) -> dict:
    """What the cup options' form shows: the named cups and the systems in words, and its values."""
    return {"presets": [(key, preset_said(key)) for key in CUP_PRESETS],
            "systems": [(key, str(SYSTEM_WORDS[kind])) for key, kind in SYSTEMS.items()],
            "total_words": TOTAL_WORDS, "ties_words": TIES_WORDS, "values": form_values(rules),
            "final_choices": tournaments}


def tournaments_from_form(errors: dict, already: tuple[str, ...] = ()) -> list[str]:
    """The tournaments chosen (those this browser organises, ticked) and one given by its organiser's address; each
    must exist and be of the game and rule set of the others (the cup's first tournament's)."""
    chosen = [t for t in request.form.getlist("tournament") if t in session.get("organised", [])]
    address = request.form.get("address", "").strip()
    address_tid = None
    if address:
        found = ADDRESS.search(address.split("?")[0].split("#")[0])
        if found is None:
            errors.setdefault("address", []).append(_("This is not a tournament’s address: copy the address of its "
                                                      "organiser’s page, like %(example)s.",
                                                      example=url_for("tournament.organiser", tid="TID",
                                                                      _external=True).replace("TID", "…")))
        else:
            address_tid = found.group(1)
            chosen.append(address_tid)
    db = get_db()
    out, first = [], None
    for tid in already:
        first = first or tstore.load(db, tid)
    for tid in dict.fromkeys(chosen):
        if tid in already:
            errors.setdefault("address", []).append(_("This tournament is in the cup already."))
            continue
        try:
            t = tstore.load(db, tid)
        except NotFoundError:
            errors.setdefault("address", []).append(_("There is no tournament at this address: copy the address of "
                                                      "its organiser’s page."))
            continue
        if first is None:
            first = t
        elif t.game.key != first.game.key or t.rules != first.rules:
            errors.setdefault("address" if tid == address_tid else "tournament", []).append(_("%(name)s is not of this cup’s game and rule set (%(rules)s): the "
                                           "tournaments of a cup are of one game and one rule set.", name=t.name,
                                           rules=rule_set_name(first)))
            continue
        out.append(tid)
    return out


def rule_set_name(t) -> str:
    return f"{say(t.game.name)}: {say(t.game.engine.PRESET_NAMES.get(t.rules.preset, t.rules.preset))}"


def my_tournaments(exclude=()) -> list[tuple[str, str]]:
    mine = [t for t in session.get("organised", []) if t not in exclude]
    if not mine:
        return []
    names = dict(get_db().conn.execute(f"select id, name from tournaments where id in ({','.join('?' * len(mine))})",
                                       mine).fetchall())
    return [(t, names[t]) for t in mine if t in names]


# -- the standings -----------------------------------------------------------------------------------------------------

def standings(c: cup_store.StoredCup) -> dict:
    """The cup standings now: the engine's lines over each tournament's live standings (provisional while one of them
    is being played)."""
    founds = [tweb.live(tid) for tid in c.tournaments]
    try:
        lines = cup([f.standings for f in founds], c.rules)
    except TournamentError as exc:   # a cup of mixed rule sets (refused when added; never stored otherwise)
        return {"founds": founds, "lines": [], "problem": " ".join(sentence(p) for p in exc.problems),
                "provisional": True}
    return {"founds": founds, "lines": lines, "problem": None,
            "provisional": any(f.provisional for f in founds)}


def how_words(rules: CupRules, tournaments: int | None = None) -> str:
    """The cup's rules in a sentence: its named cup, its cup points, which results count, minus days, ties."""
    minus = (_("a tournament with a total below 0 counts its cup points") if rules.minus_day_counts else
             _("a tournament with a total below 0 brings nothing"))
    said = _("Cup points: %(points)s. Cup total: %(total)s; %(minus)s. Ties: %(ties)s.",
             points=points_said(rules), total=total_said(rules, tournaments), minus=minus, ties=TIES_WORDS[rules.ties])
    if rules.preset:   # the named cup first: "Wiener Tarockcup. Cup points: …"
        said = f"{tweb.format_name(rules.preset)}. {said}"
    if rules.plus_final and rules.final is None:
        said += " " + _("The final is not chosen yet: until it is, the best %(num)s count.", num=rules.best)
    return said


def page_context(c: cup_store.StoredCup, **extra) -> dict:
    counted = total_said(c.rules, len(c.tournaments))
    if c.rules.plus_final and c.rules.final is not None:
        counted += " (" + _("the final: tournament %(num)s", num=c.rules.final) + ")"
    return dict(c=c, how=how_words(c.rules, len(c.tournaments)), counted_said=counted, **standings(c), **extra)


# -- the pages ---------------------------------------------------------------------------------------------------------

@bp.route("/c/new", methods=("GET", "POST"))
@limits.creating
def create():
    """A new cup: its name, cup points, total and minus days, its first tournaments."""
    errors: dict = {}
    status = 200
    form = EmptyForm()
    if request.method == "POST":
        status = 422
        if not form.validate_on_submit():
            errors["name"] = [_("The form has expired: reload the page and try again. Nothing was changed.")]
        name = check_name(request.form.get("name", ""), [])
        if not name:
            errors.setdefault("name", []).append(_("Enter a name for the cup."))
        elif len(name) > 80:
            errors.setdefault("name", []).append(_("At most 80 characters."))
        rules = rules_from_form(errors)
        tournaments = tournaments_from_form(errors)
        passcode = current_app.config.get("PASSCODE")
        if passcode and not passcode_ok(request.form.get("passcode", "")):
            errors["passcode"] = [_("The passcode is not right: ask whoever runs this scorer.")]
        if not errors and rules is not None:
            cid = cup_store.create_cup(get_db(), name, rules, tournaments)
            organised(cid)
            return redirect(url_for("cup.organiser", cid=cid))
    mine = session.get("cups", [])
    names = dict(get_db().conn.execute(f"select id, name from cups where id in ({','.join('?' * len(mine))})",
                                       mine).fetchall()) if mine else {}
    return render_template("tournament/cup_new.html", form=form, errors=errors,
                           passcode=bool(current_app.config.get("PASSCODE")), tournaments=my_tournaments(),
                           mine=[(c, names[c]) for c in mine if c in names], **options_context()), status


@bp.route("/c/<cid>")
def organiser(cid):
    """The cup's organiser page: its tournaments, adding one, the standings."""
    c = loaded(cid)
    return render_template("tournament/cup_organiser.html", form=EmptyForm(), errors={},
                           tournaments=my_tournaments(c.tournaments), **page_context(c),
                           **options_context(c.rules, len(c.tournaments)))


@bp.route("/c/<cid>/add", methods=("POST",))
def add(cid):
    """Add tournaments to the cup (ticked, or by the organiser's address of one)."""
    c = loaded(cid)
    errors: dict = {}
    form = EmptyForm()
    if not form.validate_on_submit():
        errors["address"] = [_("The form has expired: reload the page and try again. Nothing was changed.")]
    else:
        chosen = tournaments_from_form(errors, c.tournaments)
        if not chosen and not errors:
            errors["address"] = [_("Tick a tournament, or give the address of its organiser’s page.")]
        if not errors:
            try:
                for tid in chosen:
                    cup_store.add_tournament(get_db(), cid, tid)
            except tstore.RoundError as exc:
                errors["address"] = [_(exc.text, **exc.values)]
    if errors:
        c = loaded(cid)
        return render_template("tournament/cup_organiser.html", form=form, errors=errors,
                               tournaments=my_tournaments(c.tournaments), typed=request.form.get("address", ""),
                               **page_context(c), **options_context(c.rules, len(c.tournaments))), 422
    flash(_("Added to the cup: %(names)s.", names=", ".join(tweb.live(t).t.name for t in chosen)))
    return redirect(url_for("cup.organiser", cid=cid))


@bp.route("/c/<cid>/remove", methods=("POST",))
def remove(cid):
    c = loaded(cid)
    if not EmptyForm().validate_on_submit():
        abort(400)
    # the tournament by its public id (the page carries no organiser's id: whoever sees the cup's page must not
    # organise its tournaments)
    given = request.form.get("tournament", "")
    try:   # (an organiser's id, sent by a page of an older version, is taken too: whoever sends it has it)
        tid = given if given in c.tournaments else tstore.id_of_public(get_db(), given)
    except NotFoundError:
        abort(404)
    if tid not in c.tournaments:
        abort(404)
    cup_store.remove_tournament(get_db(), cid, tid)
    flash(_("%(name)s no longer counts for the cup.", name=tweb.live(tid).t.name))
    return redirect(url_for("cup.organiser", cid=cid))


@bp.route("/c/<cid>/options", methods=("POST",))
def options(cid):
    """Change the cup's options: its named cup, cup points, what counts, the final (among its tournaments), ties,
    minus days. The standings follow at once; nothing is stored but the options."""
    c = loaded(cid)
    errors: dict = {}
    form = EmptyForm()
    rules = None
    if not form.validate_on_submit():
        errors["preset"] = [_("The form has expired: reload the page and try again. Nothing was changed.")]
    else:
        rules = rules_from_form(errors, len(c.tournaments))
    if errors or rules is None:
        return render_template("tournament/cup_organiser.html", form=form, errors=errors,
                               tournaments=my_tournaments(c.tournaments), **page_context(c),
                               **options_context(c.rules, len(c.tournaments))), 422
    cup_store.set_rules(get_db(), cid, rules)
    flash(_("The cup's options are changed: %(how)s", how=how_words(rules, len(c.tournaments))))
    return redirect(url_for("cup.organiser", cid=cid))


class CupFiles:
    """Each cup's file, written once per version of the cup (a change of its options or of any of its tournaments) and
    kept for the next to ask: a cup of many tournaments is costly to write, and anybody may ask for it. One cup's file
    is written by one request at a time (a second asker of the same version waits for it and takes it); another cup's
    does not wait."""

    def __init__(self, size: int = 8):
        self.entries: dict = {}
        self.lock = threading.Lock()
        self.locks: dict = {}
        self.size = size

    def get(self, sid: str, version: str, make) -> bytes:
        with self.lock:
            kept = self.entries.get(sid)
            if kept is not None and kept[0] == version:
                return kept[1]
            if len(self.locks) > 4 * self.size:
                self.locks.clear()
            writing = self.locks.setdefault(sid, threading.Lock())
        with writing:
            with self.lock:
                kept = self.entries.get(sid)
                if kept is not None and kept[0] == version:
                    return kept[1]
            body = make().encode("utf-8")
            with self.lock:
                if sid not in self.entries and len(self.entries) >= self.size:
                    self.entries.pop(next(iter(self.entries)))
                self.entries[sid] = (version, body)
            return body


cup_files = CupFiles()


@bp.route("/cup/<sid>/cup.json")
def export_file(sid):
    """The cup file (RULES-TOURNAMENT.md §8.2): the cup's options and each tournament's file as it stands, which
    `python -m scorer replay` scores to the figures of the cup's page."""
    c = public_cup(sid)
    version = cup_store.version(get_db(), sid)
    body = cup_files.get(sid, version, lambda: cup_file.dumps(c.rules, [tweb.live(tid).engine() for tid in
                                                                         c.tournaments]))
    return public_briefly(Response(body, mimetype="application/json",
                                   headers={"Content-Disposition": attachment(f"{c.name}.json")}))


def public_cup(sid: str) -> cup_store.StoredCup:
    try:
        return cup_store.load(get_db(), cup_store.id_of_public(get_db(), sid))
    except NotFoundError:
        abort(404)


@bp.route("/cup/<sid>")
def public(sid):
    """The public cup standings: every player of its tournaments ranked by cup total; the page asks every
    POLL_SECONDS whether they changed and reloads if so (app.js, as the tournament's standings do)."""
    c = public_cup(sid)
    return render_template("tournament/cup.html", version=cup_store.version(get_db(), sid), poll=tweb.POLL_SECONDS,
                           **page_context(c))


@bp.route("/cup/<sid>/version")
def public_version(sid):
    """The cup's version (`cup_store.version`), cheap to poll: an ETag, 304 while nothing changed."""
    try:
        version = cup_store.version(get_db(), sid)
    except NotFoundError:
        abort(404)
    etag = f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    return Response(f'{{"version": "{version}"}}', mimetype="application/json",
                    headers={"ETag": etag, "Cache-Control": "no-cache"})


@bp.route("/cup/<sid>/cup.csv")
def export_csv(sid):
    """The cup standings as CSV: place, player, cup total, then per tournament the place there and the cup points
    it brings (empty: not played; a star: not among the best N)."""
    c = public_cup(sid)
    found = standings(c)
    names = [f.t.name for f in found["founds"]]
    rows = [["place", "player", "cup_total"] + [x for n in names for x in (f"{n}: place", f"{n}: cup_points")]]
    for line in found["lines"]:
        row = [line.place, line.name, line.total]
        for place, points, counted in zip(line.places, line.points, line.counted):
            row += ["", ""] if place is None else [place, f"{points}" if counted else f"({points})"]
        rows.append(row)
    out = io.StringIO()
    csv.writer(out).writerows(guarded(rows))
    return public_briefly(Response(out.getvalue(), mimetype="text/csv",
                                   headers={"Content-Disposition": attachment(f"{c.name}.csv")}))
