"""Parties: home, a new partie, the board, ending and reopening, export and import, history."""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections import OrderedDict
from urllib.parse import quote
from dataclasses import dataclass

from flask import (
    Blueprint, Response, abort, current_app, flash, g, jsonify, redirect, render_template, request, session, url_for,
)

from flask_babel import gettext as _

from .. import store
from ..db import get_db
from ..export import csv_text, excel_text, haferl_csv_text, haferl_excel_text
from ..games import GAMES, HAFERL, game_of
from ..i18n import TR, language, sentence
from ..partie import check_name
from ..partie_file import dumps, loads
from ..problems import ScoringError
from .. import strohmandeln
from ..strohmandeln import Partie, Problem, RuleSet, StrohmandelnError
from . import haferl, present
from .creating import new_partie_page
from .forms import EmptyForm, ImportForm, NewPartieForm
from .limits import passcode_ok
from .saving import settle

bp = Blueprint("partie", __name__)
MY_PARTIES = 30
BOARD_DEALS = 20     # the board shows the newest deals; the rest are a tap away
DEALS_PAGE = 100


def remember(pid: str) -> None:
    """Keep the partie on this browser's home page (only those the browser has opened are listed)."""
    mine = session.get("parties", [])
    if mine[:1] != [pid]:   # only then does the cookie change
        session["parties"] = [pid] + [p for p in mine if p != pid][:MY_PARTIES - 1]


class SettlementCache:
    """The newest replayed state of each partie, with the version it is for.

    A partie's version changes with every change, so an entry is never taken for a newer state; when deals
    were only added since, the entry is extended with them instead of replaying the whole partie.
    """

    def __init__(self):
        self.entries: OrderedDict = OrderedDict()
        self.lock = threading.Lock()
        self.deals = 0      # deals held over all entries: the cache is bounded by these too

    @staticmethod
    def _size(value) -> int:
        return len(value[0].partie.deals) + 1

    def get(self, pid):
        with self.lock:
            value = self.entries.get(pid)
            if value is not None:
                self.entries.move_to_end(pid)
            return value

    def put(self, pid, value, size: int, max_deals: int | None = None) -> None:
        """Keep `value` for `pid`; the least recently used parties go while there are more than `size` of
        them or more than `max_deals` deals in all (a partie larger than that alone is not kept)."""
        with self.lock:
            old = self.entries.get(pid)
            if old is None or old[0].version <= value[0].version:
                if old is not None:
                    self.deals -= self._size(old)
                self.entries[pid] = value
                self.deals += self._size(value)
                self.entries.move_to_end(pid)
            while self.entries and (len(self.entries) > size or (max_deals is not None and self.deals > max_deals)):
                _pid, gone = self.entries.popitem(last=False)
                self.deals -= self._size(gone)


cache = SettlementCache()


def current(pid: str):
    """The stored partie and its settlement, from the cache while its version stands (extended when deals
    were only added), or a 404 page."""
    db = get_db()
    size = current_app.config.get("SETTLEMENT_CACHE", 64)
    try:
        hit = cache.get(pid) if size else None
        if hit is not None:
            if hit[0].version == store.version(db, pid):
                return hit
            newer = store.appended_since(db, hit[0])
            if newer is not None:
                value = (newer[0], game_of(hit[1]).extend(hit[1], newer[1]))
                cache.put(pid, value, size, current_app.config.get("SETTLEMENT_CACHE_DEALS"))
                return value
        sp = store.load(db, pid)
    except store.NotFoundError:
        abort(404)
    except Exception:   # noqa: BLE001 - rules or players that cannot be read: said, never a 500
        abort(Response(render_template("error.html", title=_("This partie cannot be read"), message=_(
            "Its stored rules or players are not ones this scorer knows. Export it as a partie file from a "
            "backup, or start a new partie.")), status=409))
    settlement, broken = settle(sp.partie)
    value = (sp, settlement)
    if broken is not None:   # shown up to the first problem, with its edit and delete (never cached)
        g.broken = Broken(broken[0], [sentence(p, located=True) for p in broken[1]], sp.version)
        return value
    if size:
        cache.put(pid, value, size, current_app.config.get("SETTLEMENT_CACHE_DEALS"))
    return value


@dataclass(frozen=True)
class Broken:
    """A stored partie that cannot be replayed: the first deal that is wrong, why, and the version."""

    number: int
    reasons: list
    version: int


def load_or_404(pid: str) -> store.StoredPartie:
    """The stored partie, or a 404 page."""
    return current(pid)[0]


@bp.route("/")
def index():
    """Home: this browser's parties, running first; a new partie; import."""
    parties = store.list_parties(get_db(), session.get("parties", []))
    return render_template("home.html", parties=parties, import_form=ImportForm(), preset_name=preset_name,
                           passcode=bool(current_app.config.get("PASSCODE")))


def preset_name(row: dict):
    """The name of a listed partie's rule set (a Term, translated by the template)."""
    game = GAMES.get(row.get("game"), GAMES["strohmandeln"])
    return game.engine.PRESET_NAMES.get(row["rules"].get("preset"), row["rules"].get("preset"))


def rules_from_form(form: NewPartieForm) -> tuple[RuleSet | None, list[Problem]]:
    """The rule set the form asks for: the preset and those of its options the form shows for it."""
    preset = form.preset.data
    data: dict = {"preset": preset}
    if form.stake.data and form.stake.data.strip():
        data["stake"] = form.stake.data.strip()
    data["deck"] = form.deck.data
    if preset == "strawman":
        data.pop("deck")
        data["counting"] = form.counting.data
        if form.bankroll.data and form.bankroll.data.strip():
            data["bankroll"] = form.bankroll.data.strip()
    if preset.startswith("tarockbuch"):
        data["nullrunde"] = form.nullrunde.data
        data["kontra"] = bool(form.kontra.data)
        data["valat"] = form.valat.data
    if preset != "strawman" and form.simple_games.data != "default":
        data["simple_games"] = form.simple_games.data
    if preset == "tarockbuch-extended" and form.deck.data == "40" and (form.grammel_threshold.data or "").strip():
        data["grammel_threshold"] = form.grammel_threshold.data.strip()
    if preset == "beck":
        data["undertaker_loses_draw"] = bool(form.undertaker_loses_draw.data)
        data["tarock_ii_ultimo"] = bool(form.tarock_ii_ultimo.data)
    try:
        return RuleSet.from_dict(data), []
    except StrohmandelnError as exc:
        return None, exc.problems


OPTION_FIELDS = {"simple_games", "stake", "deck", "counting", "nullrunde", "kontra", "valat", "grammel_threshold",
                 "undertaker_loses_draw", "tarock_ii_ultimo", "bankroll"}


@bp.route("/new", methods=("GET", "POST"))
def create():
    """A new partie: which game; for Strohmandeln two names, the rules, who deals first."""
    passcode = current_app.config.get("PASSCODE")
    if request.values.get("game") == HAFERL.key:
        return haferl.new_partie(passcode, remember)
    form = NewPartieForm()

    def check():
        problems: list[Problem] = []
        names = [check_name(form.player0.data, problems, "player0"), check_name(form.player1.data, problems, "player1")]
        if not all(names):
            problems.append(Problem("player1" if names[0] else "player0", "enter the names of both players"))
        elif names[0].casefold() == names[1].casefold():
            problems.append(Problem("player1", "the two players need different names"))
        rules, rule_problems = rules_from_form(form)
        problems += rule_problems
        partie = None if problems else Partie(tuple(names), rules, (), int(form.first_dealer.data))
        return partie, problems

    return new_partie_page(form, check, strohmandeln, "new.html", passcode, remember, game="strohmandeln")


@bp.route("/p/<pid>")
def board(pid):
    """The board: balances, money, who deals, the doubled round, the deals, the chart."""
    sp, settlement = current(pid)
    remember(pid)
    g.page_version = sp.version   # what the rendered board may be kept for (web/pagecache.py)
    results = settlement.deals[::-1][:BOARD_DEALS]
    if game_of(sp.partie) is HAFERL:
        return haferl.board(sp, settlement, results, len(settlement.deals) > BOARD_DEALS,
                            EmptyForm(version=sp.version))
    return render_template("board.html", sp=sp, partie=sp.partie, s=settlement, results=results,
                           more=len(settlement.deals) > BOARD_DEALS,
                           chart=present.chart(settlement), form=EmptyForm(version=sp.version),
                           describe=present.describe, item_label=present.item_label,
                           poll=current_app.config["POLL_SECONDS"])


@bp.route("/p/<pid>/deals")
def deals(pid):
    """Every deal, newest first, a page at a time."""
    sp, settlement = current(pid)
    newest_first = settlement.deals[::-1]
    pages = max(1, -(-len(newest_first) // DEALS_PAGE))
    page = request.args.get("page", "1")
    page = int(page) if page.isdecimal() and len(page) <= 9 and 1 <= int(page) <= pages else 1
    results = newest_first[(page - 1) * DEALS_PAGE:page * DEALS_PAGE]
    bavarian = game_of(sp.partie) is HAFERL
    return render_template("deals.html", sp=sp, partie=sp.partie, s=settlement, results=results, page=page,
                           pages=pages, first=results[-1].number if results else 0,
                           last=results[0].number if results else 0,
                           rows="haferl/_deal_rows.html" if bavarian else "_deal_rows.html",
                           describe=haferl.describe if bavarian else present.describe,
                           item_label=present.item_label)


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
    """End the partie; with doubled games pending, only after a warning."""
    sp, settlement = current(pid)
    form = EmptyForm()
    if request.method == "POST" and form.validate_on_submit():
        if getattr(settlement, "doubled_pending", 0) and request.form.get("confirm") != "yes":
            return render_template("end.html", sp=sp, s=settlement, form=form, partie=sp.partie), 200
        store.set_ended(get_db(), pid, True)
        return redirect(url_for("partie.board", pid=pid))
    return render_template("end.html", sp=sp, s=settlement, form=form, partie=sp.partie)


@bp.post("/p/<pid>/reopen")
def reopen(pid):
    """Reopen an ended partie."""
    load_or_404(pid)
    if EmptyForm().validate_on_submit():
        store.set_ended(get_db(), pid, False)
    return redirect(url_for("partie.board", pid=pid))


def _filename(sp: store.StoredPartie, ext: str) -> str:
    names = "-".join("".join(ch for ch in n if ch.isalnum())[:20] or "player" for n in sp.partie.players)
    return f"{game_of(sp.partie).key}-{names}-{sp.created[:10]}.{ext}"


_ASCII = str.maketrans({"Ł": "L", "ł": "l", "Ø": "O", "ø": "o", "Đ": "D", "đ": "d", "ß": "ss", "Æ": "AE", "æ": "ae",
                        "Œ": "OE", "œ": "oe", "Þ": "Th", "þ": "th", "ı": "i"})   # letters NFKD does not take apart


def attachment(filename: str) -> str:
    """A Content-Disposition for a download of any name (RFC 6266): an ASCII `filename` (Dvořák -> Dvorak,
    letters without an ASCII form dropped) and the real one as `filename*` in UTF-8 (RFC 5987)."""
    simple = unicodedata.normalize("NFKD", filename.translate(_ASCII)).encode("ascii", "ignore").decode("ascii")
    simple = "".join(ch for ch in simple if ch.isalnum() or ch in "-_.") or "partie"
    simple = "-".join(part for part in simple.split("-") if part) or "partie"
    if simple == filename:
        return f'attachment; filename="{simple}"'
    return f"attachment; filename=\"{simple}\"; filename*=UTF-8''{quote(filename, safe='')}"
def broken_page(sp):
    """A page that needs the whole settlement, for a partie that cannot be replayed: what to fix first."""
    b = g.broken
    return render_template("error.html", title=_("Deal %(num)s needs fixing first", num=b.number),
                           message=" ".join(b.reasons)), 409


@bp.route("/p/<pid>/export.csv")
def export_csv(pid):
    """The partie's totals as CSV (FORMAT.md)."""
    sp, settlement = current(pid)
    if g.get("broken"):
        return broken_page(sp)
    text = haferl_csv_text(settlement) if game_of(sp.partie) is HAFERL else csv_text(settlement)
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": attachment(_filename(sp, "csv"))})


@bp.route("/p/<pid>/excel.csv")
def export_excel(pid):
    """The partie for a spreadsheet opened by double click, in the page's language (German: ';' and
    decimal commas, as a German Excel expects), UTF-8 with a byte order mark."""
    sp, settlement = current(pid)
    if g.get("broken"):
        return broken_page(sp)
    german = language() == "de"
    export = haferl_excel_text if game_of(sp.partie) is HAFERL else excel_text
    text = export(settlement, TR, separator=";" if german else ",", decimal="," if german else ".")
    return Response(text.encode("utf-8"), mimetype="text/csv",
                    headers={"Content-Disposition": attachment(f'{_filename(sp, "csv")[:-4]}-excel.csv')})


@bp.route("/p/<pid>/partie.json")
def export_file(pid):
    """The whole partie as a partie file, to keep or to import elsewhere."""
    sp = load_or_404(pid)
    return Response(dumps(sp.partie), mimetype="application/json",
                    headers={"Content-Disposition": attachment(_filename(sp, "json"))})


@bp.post("/import")
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
                partie = loads(upload.read())
                game_of(partie).replay(partie)
            except ScoringError as exc:
                problems += [sentence(p, located=True) for p in exc.problems][:20]
    if problems:
        parties = store.list_parties(get_db(), session.get("parties", []))
        return render_template("home.html", parties=parties, import_form=form, import_problems=problems,
                               preset_name=preset_name, passcode=bool(passcode)), 422
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
    rows = present.history_rows(store.history(get_db(), pid), sp.partie)
    return render_template("history.html", sp=sp, partie=sp.partie, rows=rows)


@bp.route("/p/<pid>/rules")
def rules(pid):
    """The partie's rule set, in words."""
    sp = load_or_404(pid)
    return render_template("rules.html", sp=sp, partie=sp.partie, lines=sp.partie.rules.describe(),
                           preset=game_of(sp.partie).engine.PRESET_NAMES[sp.partie.rules.preset])


@bp.route("/manifest.webmanifest")
def manifest():
    """The web app manifest, so that the scorer can sit on a phone's home screen."""
    data = {
        "name": _("Strohmandeln scorer"), "short_name": "Strohmandeln", "lang": language(), "start_url": url_for("partie.index"),
        "display": "standalone", "background_color": "#14171c", "theme_color": "#14171c",
        "icons": [{"src": url_for("static", filename="icon-192.png"), "sizes": "192x192", "type": "image/png"},
                  {"src": url_for("static", filename="icon-512.png"), "sizes": "512x512", "type": "image/png"},
                  {"src": url_for("static", filename="icon.svg"), "sizes": "any", "type": "image/svg+xml"}],
    }
    # kept a day: a revisit does not ask for it (it follows the page's language, hence private)
    return Response(json.dumps(data), mimetype="application/manifest+json",
                    headers={"Cache-Control": "private, max-age=86400", "Vary": "Cookie, Accept-Language"})


_STATIC_VERSION: dict = {}


def static_version() -> str:
    """A short hash of the static files: the service worker's cache name, so that a deploy replaces it."""
    folder = current_app.static_folder
    if folder not in _STATIC_VERSION:
        import hashlib
        import os
        digest = hashlib.sha256()
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                digest.update(name.encode())
                with open(path, "rb") as fh:
                    digest.update(fh.read())
        _STATIC_VERSION[folder] = digest.hexdigest()[:12]
    return _STATIC_VERSION[folder]


PRECACHE = ("app.css", "app.js", "icon.svg", "icon-192.png")


@bp.route("/sw.js")
def service_worker():
    """The service worker (static/sw.js), served from the root so that it may look after every page."""
    from .assets import hashed_url
    with open(f"{current_app.static_folder}/sw.js", encoding="utf-8") as fh:
        script = fh.read()
    # the files it keeps, under the hashed names the pages use
    precache = json.dumps([hashed_url(current_app, name) for name in PRECACHE])
    script = re.sub(r"const PRECACHE = \[[^\]]*\];", lambda m: f"const PRECACHE = {precache};", script, count=1)
    response = Response(script, mimetype="application/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.app_context_processor
def _static_version():
    return {"static_version": static_version}
