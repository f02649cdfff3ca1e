"""Parties, the same routes for every game: home, a new partie, the board, the deals, ending and reopening,
export and import, share, history, rules. The partie's game (`scorer.games`) brings its forms and pages."""

from __future__ import annotations

import json
import re
from decimal import Decimal

from flask import (
    Blueprint, Response, abort, current_app, flash, g, jsonify, redirect, render_template, request, session, url_for,
)

from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

from .. import games, runde_store, store
from ..db import get_db
from ..export import csv_text, excel_text
from ..games import game_of
from ..partie_file import MOST_PROBLEMS, WEB_MAX_DEALS, dumps, loads
from ..problems import ScoringError
from .creating import new_partie_page
from .forms import EmptyForm, ImportForm
from .history import editor, history_rows
from .owned import PLAIN, owned, owner_web
from .settling import choices, settle_up
from .language import TR, euros, language, say, sentence, signed
from . import assets, limits
from .limits import passcode_ok
from .loading import broken_of, cache, current, load_or_404, remember  # noqa: F401  (cache: the tests empty it)
from .responses import attachment
from .runde import evenings

bp = Blueprint("partie", __name__)
BOARD_DEALS = 20     # the board shows the newest deals; the rest are a tap away
DEALS_PAGE = 25      # deals a page of the list shows: light on a phone (each row tells what its points are)
HISTORY_PAGE = 50    # changes a page of the history shows


@bp.route("/")
def index():
    """Home: this browser's parties, running first; a new partie; import."""
    parties = store.list_parties(get_db(), session.get("parties", []))
    return render_template("home.html", parties=parties, import_form=ImportForm(), preset_name=preset_name,
                           game_name=game_name, balance_of=balance_of,
                           passcode=bool(current_app.config.get("PASSCODE")), links=home_links())


def home_links() -> list:
    """The games' own pages the home page links to (Strohmandeln's calculator): (url, label)."""
    return [(url_for(endpoint), label) for game in games.offered()
            for endpoint, label in game.web_part().home_links()]


def game_name(row: dict):
    """The name of a listed partie's game (a Term); a game this scorer does not know is named by its stored key."""
    game = games.by_key(row.get("game"))
    return game.name if game is not None else str(row.get("game"))


def balance_of(row: dict) -> list[str]:
    """A listed partie's money, player by player ("Anna +1.20 € · Bernd −1.20 €"), from the cached replay;
    empty for a partie that cannot be read or replayed (its board says why)."""
    try:
        sp, settlement = current(row["id"])
    except HTTPException:
        return []
    if not settlement.deals:
        return []
    return [f"{name} {euros(m)}" for name, m in zip(sp.partie.players, game_of(sp.partie).money(settlement))]


def preset_name(row: dict):
    """The name of a listed partie's rule set (a Term, translated by the template); as stored for a game this scorer
    does not know."""
    game = games.by_key(row.get("game"))
    preset = row["rules"].get("preset")
    return game.engine.PRESET_NAMES.get(preset, preset) if game is not None else preset


@bp.route("/new", methods=("GET", "POST"))
@limits.creating
def create():
    """A new partie: which game (`?game=`, among those the web app offers; none named: the first), then that game's
    own form. A game this scorer does not offer is not found (never another game instead)."""
    key = request.values.get("game")
    if not key:
        game = games.default()
    else:
        game = games.by_key(key)
        if game is None or not game.offered:
            if request.method != "POST":
                abort(404)
            # a form sent for a game this scorer does not offer: said, nothing stored, never another game's partie
            return render_template("error.html", title=_("New partie"), message=_(
                "This scorer has no game “%(game)s”: start the new partie from its page and choose one of its games.",
                game=key[:40])), 400
    return new_partie_page(game, current_app.config.get("PASSCODE"), remember)


@bp.route("/p/<pid>")
def board(pid):
    """The board: balances, money, who deals, the doubled round, the deals, the chart."""
    return board_page(pid)


def board_page(pid, shown_path: str | None = None) -> str:
    """The board rendered (the view's page, and the answer to a deal form's Save that shows it at once: its
    `shown_path`, the board's address as a GET has it, for its language links)."""
    sp, settlement = current(pid)
    remember(pid)
    results = settlement.deals[:-BOARD_DEALS - 1:-1]   # the newest, without copying every deal
    undone = just_undone(sp)
    game = game_of(sp.partie)
    web = game.web_part()
    whole = len(settlement.deals) == len(sp.partie.deals)
    return render_template(f"{game.templates}/board.html", board=True, sp=sp, partie=sp.partie, s=settlement,
                           results=results, undone=undone,
                           more=len(settlement.deals) > BOARD_DEALS, form=EmptyForm(version=sp.version),
                           poll=current_app.config["POLL_SECONDS"], **web.page_context(sp.partie),
                           settle=None if sp.running else settle_up(sp.partie, settlement, stored_choice(pid),
                                                                    carried_pot(sp, settlement)),
                           bankrupt=game.bankrupt(settlement), after_rows=None, links=(), shown_path=shown_path,
                           sheet=web.score_sheet(settlement, results, sp.partie),
                           # the balances in words for a deal form opened offline later (a replayable partie only)
                           context_line=web.balance_line(settlement) if whole else None,
                           **web.board_context(settlement))


def just_undone(sp) -> dict | None:
    """The deal this phone's Undo just removed ({"num", "entry"}: its history entry, which "Put it back" restores),
    said on this phone's board as long as nothing changed since (a reload too); forgotten once anything did."""
    undone = session.get("undone")
    if not isinstance(undone, dict) or undone.get("pid") != sp.id:
        return None
    if undone.get("version") != sp.version or not sp.running:
        session.pop("undone", None)
        return None
    return {"num": undone.get("num"), "entry": undone.get("entry")}


@bp.route("/p/<pid>/deals")
def deals(pid):
    """Every deal, newest first, a page at a time."""
    sp, settlement = current(pid)
    count = len(settlement.deals)
    pages = max(1, -(-count // DEALS_PAGE))
    page = request.args.get("page", "1")
    page = int(page) if page.isdecimal() and len(page) <= 9 and 1 <= int(page) <= pages else 1
    # the page's deals, newest first, without copying every deal: deals count - 25 * page + 1 to count - 25 * (page - 1)
    results = settlement.deals[max(count - page * DEALS_PAGE, 0):count - (page - 1) * DEALS_PAGE][::-1]
    game = game_of(sp.partie)
    web = game.web_part()
    sheet = web.score_sheet(settlement, results, sp.partie)   # a game that keeps a score sheet: the shared one
    return render_template("deals.html", sp=sp, partie=sp.partie, s=settlement, results=results, page=page,
                           pages=pages, first=results[-1].number if results else 0,
                           last=results[0].number if results else 0, board=False, sheet=sheet,
                           rows="_sheet_rows.html" if sheet is not None else f"{game.templates}/_deal_rows.html",
                           **web.page_context(sp.partie))


@bp.route("/p/<pid>/version")
def version(pid):
    """The partie's version, cheap to poll: an ETag and 304 when nothing changed."""
    try:
        v = store.version(get_db(), pid)
    except store.NotFoundError:
        abort(404)
    etag = f'"{v}"'
    if request.headers.get("If-None-Match") == etag:
        return Response(status=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    response = jsonify(version=v)
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/p/<pid>/end", methods=("GET", "POST"))
def end(pid):
    """End the partie; while the game warns that something is unfinished (its `end_context`), only after that
    warning. Not while a deal needs fixing: its money would be that of the deals before the problem, shown as
    final."""
    refused = owner_web(pid).refuse_end(pid)
    if refused:   # its owner ends it (a tournament's round: its organiser)
        flash(refused, "refused")
        return redirect(url_for("partie.board", pid=pid))
    sp, settlement = current(pid)
    if broken_of(sp):
        return broken_page(sp)
    form = EmptyForm()
    page = end_context(sp.partie, settlement)
    if request.method == "POST" and form.validate_on_submit():
        if "at_the_end" in request.form:   # the choice shown beside "End the partie" is ended with it
            offered = choices(sp.partie)
            if request.form["at_the_end"] not in offered:
                flash(_("Pick one of the choices for the end of the evening: %(choices)s.",
                        choices=", ".join(str(label) for label in offered.values()) or "—"), "refused")
                return redirect(url_for("partie.end", pid=pid))
            store.set_at_the_end(get_db(), pid, request.form["at_the_end"])
        if page["warnings"] and request.form.get("confirm") != "yes":
            return render_template("end.html", sp=sp, s=settlement, form=form, partie=sp.partie, end=page,
                                   settle=settle_up(sp.partie, settlement, stored_choice(pid),
                                                    carried_pot(sp, settlement))), 200
        store.set_ended(get_db(), pid, True)
        return redirect(url_for("partie.board", pid=pid))
    return render_template("end.html", sp=sp, s=settlement, form=form, partie=sp.partie, end=page,
                           settle=settle_up(sp.partie, settlement, stored_choice(pid), carried_pot(sp, settlement)))


def carried_pot(sp, settlement) -> Decimal:
    """The pot kept by the earlier evenings of the partie's Runde (of its game) that came into this evening, as the
    Runde settles it (`scorer.runde.at_the_end`); 0 for a partie in no Runde or a game without a pot."""
    if not game_of(sp.partie).has_pot:
        return Decimal(0)
    db = get_db()
    rid = runde_store.runde_of(db, sp.id)
    if rid is None:
        return Decimal(0)
    try:
        every, _broken = evenings(runde_store.load_runde(db, rid))
    except store.NotFoundError:
        return Decimal(0)
    return next((e.carried for e in every if e.id == sp.id), Decimal(0))


def end_context(partie, settlement) -> dict:
    """What the end page shows, from the game's `end_context(settlement)` hook: {"rows": [{"name", "points" (text
    or None), "money" (Decimal or None)}], "warnings": [what is unfinished], "notes": [more lines]}. A game
    without the hook: every player's balance and money, and its doubled games pending."""
    game = game_of(partie)
    own = game.web_part().end_context(settlement)
    if own is not None:
        return own
    pending = game.doubled_pending(settlement)
    balance, money = tuple(settlement.balance), tuple(game.money(settlement))
    return {"rows": [{"name": name, "points": signed(balance[i] if i < len(balance) else 0),
                      "money": money[i] if i < len(money) else None} for i, name in enumerate(partie.players)],
            "warnings": [_("%(num)s doubled games still pending.", num=pending)] if pending else [], "notes": []}


def stored_choice(pid) -> str | None:
    """The partie's stored choice for the end of the evening (`settling`), None: the game's default."""
    return store.at_the_end(get_db(), pid)


@bp.post("/p/<pid>/at-the-end")
def at_the_end(pid):
    """Store the partie's choice for the end of the evening (one of its game's `AT_THE_END`); back to the end
    page (a running partie) or the board (an ended one). A value the game does not offer stores nothing."""
    sp, _settlement = current(pid)
    form = EmptyForm()
    back = url_for("partie.board" if not sp.running else "partie.end", pid=pid)
    if not form.validate_on_submit():
        abort(400)
        return redirect(back)
    offered = choices(sp.partie)
    choice = request.form.get("at_the_end", "")
    if choice not in offered:
        flash(_("Pick one of the choices for the end of the evening: %(choices)s.",
                choices=", ".join(str(label) for label in offered.values()) or "—"), "refused")
        return redirect(back)
    store.set_at_the_end(get_db(), pid, choice)
    flash(_("Saved: %(choice)s.", choice=offered[choice]))
    return redirect(back)


@bp.route("/p/<pid>/reopen", methods=("GET", "POST"))
def reopen(pid):
    """Reopen an ended partie (GET asks, with a real button: the page an ended partie's refusals link to). After
    it, the page the player came from (`next`, a page of this partie) or the board."""
    sp = load_or_404(pid)
    board = url_for("partie.board", pid=pid)
    back = request.values.get("next", "")
    back = back if back.startswith(f"/p/{pid}/") and "//" not in back and "\\" not in back else ""
    if request.method == "GET":
        if sp.running:
            return render_template("ended.html", sp=sp, title=_("Reopen the partie"), message=_(
                "This partie is running: there is nothing to reopen."), back=back)
        return ended_page(sp, _("Reopen the partie?"), _(
            "This partie has ended. Reopened, its deals can be recorded, edited and deleted again; end it again "
            "when the evening is over."), status=200, back=back)
    if EmptyForm().validate_on_submit():
        store.set_ended(get_db(), pid, False)
        return redirect(back or board)
    return redirect(board)


def ended_page(sp, title, message, status: int = 409, back: str = ""):
    """The page of a change refused because the partie has ended (409), with "Reopen the partie" (a button)."""
    return render_template("ended.html", sp=sp, title=title, message=message, back=back, refused=status == 409), status


def _filename(sp: store.StoredPartie, ext: str) -> str:
    names = "-".join("".join(ch for ch in n if ch.isalnum())[:20] or "player" for n in sp.partie.players)
    return f"{game_of(sp.partie).key}-{names}-{sp.created[:10]}.{ext}"


def broken_page(sp):
    """A page that needs the whole settlement, for a partie that cannot be replayed: what to fix first."""
    b = broken_of(sp)
    return render_template("error.html", title=_("Deal %(num)s needs fixing first", num=b.number),
                           message=" ".join(b.reasons)), 409


@bp.route("/p/<pid>/export.csv")
def export_csv(pid):
    """The partie's totals as CSV (FORMAT.md)."""
    sp, settlement = current(pid)
    if broken_of(sp):
        return broken_page(sp)
    text = csv_text(settlement)
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": attachment(_filename(sp, "csv"))})


@bp.route("/p/<pid>/excel.csv")
def export_excel(pid):
    """The partie for a spreadsheet opened by double click, in the page's language (German: ';' and
    decimal commas, as a German Excel expects), UTF-8 with a byte order mark."""
    sp, settlement = current(pid)
    if broken_of(sp):
        return broken_page(sp)
    german = language() == "de"
    text = excel_text(settlement, TR, separator=";" if german else ",", decimal="," if german else ".")
    return Response(text.encode("utf-8"), mimetype="text/csv",
                    headers={"Content-Disposition": attachment(f'{_filename(sp, "csv")[:-4]}-excel.csv')})


@bp.route("/p/<pid>/partie.json")
def export_file(pid):
    """The whole partie as a partie file, to keep or to import elsewhere."""
    sp = load_or_404(pid)
    if any(deal is None for deal in sp.partie.deals):   # a stored deal no game reads (written by hand): no file
        current(pid)                                     # holds it; the page says which deal to fix (broken_of)
        return broken_page(sp)
    return Response(dumps(sp.partie), mimetype="application/json",
                    headers={"Content-Disposition": attachment(_filename(sp, "json"))})


@bp.post("/import")
@limits.creating
def import_file():
    """A partie file becomes a new partie; a bad file is explained and creates nothing."""
    form = ImportForm()
    problems: list[str] = []
    passcode = current_app.config.get("PASSCODE")
    if not form.validate_on_submit():
        problems.append(_("The form has expired: reload the page and choose the file again."))
    elif passcode and not passcode_ok(request.form.get("passcode", "")):
        problems.append(_("The passcode is not right: ask whoever runs this scorer."))
    else:
        upload = request.files.get("file")
        if upload is None or not upload.filename:
            problems.append(_("Choose a partie file (.json) to import."))
        else:
            try:
                # read up to the 20th problem, and only those said: a file of bad deals costs 20 of them
                partie = loads(upload.read(), most_problems=MOST_PROBLEMS, most_deals=WEB_MAX_DEALS)
                game_of(partie).replay(partie)
            except ScoringError as exc:
                problems += [sentence(p, located=True) for p in exc.problems[:MOST_PROBLEMS]]
    if problems:
        parties = store.list_parties(get_db(), session.get("parties", []))
        return render_template("home.html", parties=parties, import_form=form, import_problems=problems,
                               preset_name=preset_name, game_name=game_name, balance_of=balance_of, passcode=bool(passcode), links=home_links()), 422
    pid = store.create_partie(get_db(), partie, action="imported")
    remember(pid)
    flash(_("Imported: %(num)s deals.", num=len(partie.deals)))
    return redirect(url_for("partie.board", pid=pid))


@bp.route("/p/<pid>/share")
def share(pid):
    """The partie's address and its QR code, for the other player's phone."""
    sp = load_or_404(pid)
    return render_template("share.html", sp=sp, partie=sp.partie, url=public_url(pid))


def public_url(pid: str) -> str:
    """The partie's address for the other phones: under `PUBLIC_URL` when it is set, else the request's host."""
    base = current_app.config.get("PUBLIC_URL")
    if base:
        return str(base).rstrip("/") + url_for("partie.board", pid=pid)
    return url_for("partie.board", pid=pid, _external=True)


@bp.route("/p/<pid>/qr.svg")
def qr(pid):
    """The QR code of the partie's address, drawn on the server."""
    import io

    import segno

    load_or_404(pid)
    out = io.BytesIO()
    segno.make(public_url(pid), error="m").save(
        out, kind="svg", scale=6, border=3, dark="#000000", light="#ffffff", xmldecl=False)
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


@bp.route("/p/<pid>/history")
def history(pid):
    """Every change to the partie, with its time, newest first."""
    sp = load_or_404(pid)
    total = store.history_count(get_db(), pid)
    pages = max(1, -(-total // HISTORY_PAGE))
    page = request.args.get("page", "1")
    page = int(page) if page.isdecimal() and len(page) <= 9 and 1 <= int(page) <= pages else 1
    rows = history_rows(store.history(get_db(), pid, limit=HISTORY_PAGE, offset=(page - 1) * HISTORY_PAGE),
                        sp.partie, devices=editor(pid) is not None)   # which phone: for a tournament's organiser
    return render_template("history.html", sp=sp, partie=sp.partie, rows=rows, page=page, pages=pages,
                           first=total - (page - 1) * HISTORY_PAGE, form=EmptyForm())


@bp.route("/p/<pid>/rules")
def rules(pid):
    """The partie's rule set, in words."""
    sp = load_or_404(pid)
    return render_template("rules.html", sp=sp, partie=sp.partie, lines=sp.partie.rules.describe(),
                           preset=sp.partie.rules.title)


@bp.route("/manifest.webmanifest")
def manifest():
    """The web app manifest, so that the scorer can sit on a phone's home screen."""
    data = {
        "name": _("Tarock scorer"), "short_name": "Tarock", "lang": language(), "start_url": url_for("partie.index"),
        "display": "standalone", "background_color": "#14171c", "theme_color": "#14171c",
        "icons": [{"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"},
                  {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png"},
                  {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    # kept a day: a revisit does not ask for it (it follows the page's language, hence private)
    return Response(json.dumps(data), mimetype="application/manifest+json",
                    headers={"Cache-Control": "private, max-age=86400", "Vary": "Cookie, Accept-Language"})


def static_version() -> str:
    """A short hash of the static files (the shared ones and every game's): the service worker's cache name, so that
    a deploy replaces it. Worked out once per app."""
    if "scorer_static_version" not in current_app.extensions:
        current_app.extensions["scorer_static_version"] = assets.version(current_app)
    return current_app.extensions["scorer_static_version"]


# what the board and the deal form load (other pages' files are kept as they are first fetched)
PRECACHE = ("app.js", "form.js", "icon.svg", "icon-192.png")   # the stylesheets are in the pages (web/assets.py);
                                                               # and every game's own files (its deal form's script)


@bp.route("/sw.js")
def service_worker():
    """The service worker (static/sw.js), served from the root so that it may look after every page."""
    with open(f"{current_app.static_folder}/sw.js", encoding="utf-8") as fh:
        script = fh.read()
    # the files it keeps, under the hashed names the pages use
    precache = json.dumps([url_for("static", filename=name) for name in PRECACHE]
                          + [url_for(endpoint, filename=name) for endpoint, name in assets.static_files(current_app)])
    script = re.sub(r"const PRECACHE = \[[^\]]*\];", lambda m: f"const PRECACHE = {precache};", script, count=1)
    response = Response(script, mimetype="application/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


def brand(partie=None, runde=None) -> str:
    """The header's name: on a partie's pages its game's name (the seam's `Game.name`); on a Runde's pages its
    game's name while every evening of it is that game (a Runde that plays several says "Tarock"); elsewhere
    the app's neutral "Tarock"."""
    if runde is not None:
        played = {p.game for p in runde.parties} | {runde.game}
        game = games.by_key(played.pop()) if len(played) == 1 else None
        return say(game.name) if game is not None else "Tarock"
    return say(game_of(partie).name) if partie is not None else "Tarock"


@bp.app_context_processor
def _static_version():
    """What base.html asks of every page: the static files' version, the header's name, and the partie, stored
    partie and Runde a page is of (None on a page of none: a page that has one passes it)."""
    context = {"static_version": static_version, "brand": brand, "broken_of": broken_of, "partie": None, "sp": None,
               "brand_runde": None, "owned": None, "plays_money": True,
               # the address a page's language links come back to: its own (a kept public page's: `tournament.served`)
               "shown_path": g.get("shown_path")}
    pid = (request.view_args or {}).get("pid")
    if isinstance(pid, str):   # a partie's page: what its owner (a tournament's table) adds to it
        try:
            found = owned(pid)
        except Exception:   # noqa: BLE001 - never a page lost to its owner's line
            return context
        if found.web is not PLAIN:
            context.update(owned=found, plays_money=found.plays_money)
    return context
