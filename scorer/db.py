"""The SQLite store: one connection per server thread, WAL and foreign keys, and the schema's migrations."""

from __future__ import annotations

import atexit
import os
import sqlite3
import threading

import click
from flask import current_app, g
from flask.cli import with_appcontext
from sqlite_utils import Database, Migrations

from .partie import name_key

migrations = Migrations("scorer")


class InstanceError(SystemExit):
    """The instance folder cannot be written: the start stops with one line saying what to do."""

    def __init__(self, path, exc: OSError):
        super().__init__(f"scorer: cannot write to {path} ({exc.strerror or exc}): make the instance folder "
                         f"writable, or set SCORER_SECRET_KEY and SCORER_DATABASE (a writable path for the database)")


@migrations()
def m001_parties_and_deals(db: Database) -> None:
    """Parties with their players and frozen rule set; deals as recorded facts, in order."""
    db["parties"].create({
        "id": str,              # 128 random bits, url-safe: the partie's secret address
        "game": str,            # the key of the partie's game (scorer.games): "strohmandeln", "haferltarock"
        "players": str,         # JSON list of names
        "rules": str,           # JSON: the full rule set, frozen when the partie starts
        "first_dealer": int,
        "version": int,         # bumped on every change, for concurrent phones
        "created": str,
        "updated": str,
        "ended": str,           # null while running
    }, pk="id", not_null={"game", "players", "rules", "first_dealer", "version", "created", "updated"})
    db["deals"].create({
        "id": int,
        "partie_id": str,
        "position": int,        # order within the partie
        "deal": str,            # JSON: the deal as the partie file writes it
        "created": str,
        "updated": str,
    }, pk="id", foreign_keys=[("partie_id", "parties", "id")],
        not_null={"partie_id", "position", "deal", "created", "updated"})
    db["deals"].create_index(["partie_id", "position"], unique=True)
    db["history"].create({
        "id": int,
        "partie_id": str,
        "at": str,
        "action": str,          # created, recorded, edited, deleted, ended, reopened, imported
        "number": int,          # the deal number it concerns, if any
        "detail": str,          # JSON: the deal before/after
    }, pk="id", foreign_keys=[("partie_id", "parties", "id")], not_null={"partie_id", "at", "action"})
    db["history"].create_index(["partie_id", "id"])
    db["submissions"].create({
        "key": str,             # the idempotency key of a form: one deal per key
        "partie_id": str,
        "at": str,
    }, pk="key", foreign_keys=[("partie_id", "parties", "id")], not_null={"partie_id", "at"})


@migrations()
def m002_submission_deal(db: Database) -> None:
    """Which deal each saved form created, so that a retried form can be traced to its one deal."""
    db["submissions"].add_column("deal_id", int)


@migrations()
def m003_runden(db: Database) -> None:
    """A Runde: the regular group, its members (people, by id) and which seat of which partie each is."""
    db["runden"].create({
        "id": str,              # 128 random bits, url-safe: the Runde's secret address
        "name": str,
        "game": str,            # the default game of its new parties
        "preset": str,          # the default rule set (a preset of that game)
        "settles": str,         # evening, month or year: how often its money is settled
        "created": str,
        "version": int,         # bumped on every change to the Runde itself
    }, pk="id", not_null={"name", "game", "preset", "settles", "created", "version"})
    db["members"].create({
        "id": int,
        "runde_id": str,
        "name": str,
        "folded": str,          # the name casefolded (m004: partie.name_key): two members cannot share a name
    }, pk="id", foreign_keys=[("runde_id", "runden", "id")], not_null={"runde_id", "name", "folded"})
    db["members"].create_index(["runde_id", "folded"], unique=True)
    db["runde_parties"].create({
        "partie_id": str,       # a partie is in at most one Runde
        "runde_id": str,
        "members": str,         # JSON: the member id at each seat
        "settled": str,         # when its money was marked as paid (null: open)
    }, pk="partie_id", foreign_keys=[("partie_id", "parties", "id"), ("runde_id", "runden", "id")],
        not_null={"runde_id", "members"})
    db["runde_parties"].create_index(["runde_id"])


@migrations()
def m004_member_keys(db: Database) -> None:
    """Members' names compared as players' names are (`partie.name_key`: case and joiners aside); a member
    whose new key another member of the Runde has already keeps the old one (nothing is lost)."""
    for row in list(db.query("select id, runde_id, name, folded from members")):
        key = name_key(row["name"])
        if key != row["folded"] and not list(db.query(
                "select 1 from members where runde_id = ? and folded = ?", [row["runde_id"], key])):
            db.execute("update members set folded = ? where id = ?", [key, row["id"]])


@migrations()
def m005_at_the_end(db: Database) -> None:
    """A partie's choice for the end of the evening (NULL: the game's default), a value the game's web module
    offers in `AT_THE_END` (e.g. Bavarian Tarock's pot shared or kept for the next evening)."""
    db["parties"].add_column("at_the_end", str)


@migrations()
def m006_runde_follows_its_parties(db: Database) -> None:
    """A Runde's version follows its parties: any change of a partie in a Runde (its version bumped) bumps the
    Runde's version in the same transaction, so one indexed row says whether the Runde's page is still the
    same. Each evening's summary is kept by its partie's version (`runde_summaries`), so a
    restart does not replay every evening. (A later migration that rebuilds `parties` or `runde_parties`, e.g.
    sqlite-utils' `transform`, must create the trigger again: a rebuilt table loses its triggers.)"""
    db.execute("""
        create trigger runde_partie_changed after update of version on parties
        when exists (select 1 from runde_parties where partie_id = new.id)
        begin
            update runden set version = version + 1
            where id = (select runde_id from runde_parties where partie_id = new.id);
        end""")
    db["runde_summaries"].create({
        "partie_id": str,       # one row a partie: its newest summary
        "version": int,         # the partie's version it was made from
        "made_by": str,         # the scoring code it was made by (runde.SUMMARY_MARK): other code, made again
        "summary": str,         # JSON: deals, points, money, the game's figures (labels as message ids)
    }, pk="partie_id", foreign_keys=[("partie_id", "parties", "id")], not_null={"version", "made_by", "summary"})


@migrations()
def m007_runde_follows_leaving_parties(db: Database) -> None:
    """A partie that leaves a Runde (its row deleted, or moved to another Runde) bumps the Runde it left, so that
    Runde's kept page is not sent any more (`runde_store.attach` refuses a move between Runden; this holds for
    any other way a row could change). An `insert or replace` would delete without firing this (SQLite fires
    delete triggers for a replace only with recursive_triggers on): the store upserts instead."""
    db.execute("""
        create trigger runde_partie_left after delete on runde_parties
        begin
            update runden set version = version + 1 where id = old.runde_id;
        end""")
    db.execute("""
        create trigger runde_partie_moved after update of runde_id on runde_parties
        when old.runde_id is not new.runde_id
        begin
            update runden set version = version + 1 where id in (old.runde_id, new.runde_id);
        end""")


@migrations()
def m008_deal_ids_never_reused(db: Database) -> None:
    """A deal's id is never given to another deal: `deals` rebuilt with AUTOINCREMENT (SQLite's plain rowid gives
    the highest id again once the deal holding it is deleted, so an undone deal 3 and the next deal 3 shared an
    id, and an edit form or an idempotency key of the first found the second). Every row is kept with its id; the
    sequence starts past every id a deal or a saved form (`submissions.deal_id`) ever named. A saved form keeps
    the number its deal had when it was recorded (`submissions.number`), to say which deal was undone."""
    db.execute("""
        create table deals_new (
            id integer primary key autoincrement,
            partie_id text not null references parties(id),
            position integer not null,
            deal text not null,
            created text not null,
            updated text not null
        )""")
    db.execute("insert into deals_new (id, partie_id, position, deal, created, updated) "
               "select id, partie_id, position, deal, created, updated from deals")
    db.execute("drop table deals")
    db.execute("alter table deals_new rename to deals")
    db.execute("create unique index idx_deals_partie_id_position on deals (partie_id, position)")
    top = db.execute("select max(coalesce((select max(id) from deals), 0), "
                     "coalesce((select max(deal_id) from submissions), 0))").fetchone()[0]
    db.execute("delete from sqlite_sequence where name = 'deals'")
    db.execute("insert into sqlite_sequence (name, seq) values ('deals', ?)", [top])
    db["submissions"].add_column("number", int)


@migrations()
def m009_tournaments(db: Database) -> None:
    """A tournament (RULES-TOURNAMENT.md): its game, rule set and scoring options, its players (by number, a late
    entry appended, a withdrawal a mark), its rounds (the seed of the draw; once started, who sat at which table) and
    which partie each table of a round plays. The standings are never stored: `scorer.tournament` scores them from
    the tables' deals. A tournament's version follows its tables' parties (as a Runde's does, m006)."""
    db["tournaments"].create({
        "id": str,              # 128 random bits, url-safe: the organiser's secret address
        "public_id": str,       # 128 random bits: the address of the public standings and the hall view
        "name": str,
        "game": str,
        "rules": str,           # JSON: the game's full rule set, the same at every table
        "scoring": str,         # JSON: the tournament file's `scoring`
        "created": str,
        "version": int,         # bumped on every change, and by any change of one of its tables' parties
    }, pk="id", not_null={"public_id", "name", "game", "rules", "scoring", "created", "version"})
    db["tournaments"].create_index(["public_id"], unique=True)
    db["tournament_players"].create({
        "tournament_id": str,
        "number": int,          # 0-based, the index of the tournament file's `players`
        "name": str,
        "folded": str,          # partie.name_key(name): two players cannot share a name
        "withdrawn": int,       # 1: not drawn from the next round on (he keeps the rounds he played)
    }, pk=("tournament_id", "number"), foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"name", "folded", "withdrawn"})
    db["tournament_players"].create_index(["tournament_id", "folded"], unique=True)
    db["tournament_rounds"].create({
        "tournament_id": str,
        "number": int,          # 1-based
        "seed": int,            # the draw's seed (a redraw before the start: a new seed)
        "present": str,         # JSON: the players drawn, once the round started (null: those present now)
        "tables": str,          # JSON: [[player numbers in seating order], ...] once the round started
        "out": str,             # JSON: who sat the round out though present (tables of two, an odd number)
        "started": str,
        "ended": str,           # the organiser ended the round for every table (time is up)
    }, pk=("tournament_id", "number"), foreign_keys=[("tournament_id", "tournaments", "id")],
        not_null={"seed"})
    db["tournament_tables"].create({
        "partie_id": str,       # the table's partie: its address is the table's
        "tournament_id": str,
        "round": int,
        "number": int,          # the table's number in its round, from 1
    }, pk="partie_id", foreign_keys=[("partie_id", "parties", "id"), ("tournament_id", "tournaments", "id")],
        not_null={"tournament_id", "round", "number"})
    db["tournament_tables"].create_index(["tournament_id", "round", "number"], unique=True)
    db.execute("""
        create trigger tournament_partie_changed after update of version on parties
        when exists (select 1 from tournament_tables where partie_id = new.id)
        begin
            update tournaments set version = version + 1
            where id = (select tournament_id from tournament_tables where partie_id = new.id);
        end""")


@migrations()
def m010_cups(db: Database) -> None:
    """A cup (RULES-TOURNAMENT.md §5): a series of tournaments of one game and rule set, its options (cup points by
    place, the sum or the best N, whether a minus day counts) and its tournaments in the order they were added. The
    cup standings are never stored: `scorer.tournament.cup` scores them from the tournaments' standings."""
    db["cups"].create({
        "id": str,              # 128 random bits, url-safe: the cup organiser's secret address
        "public_id": str,       # 128 random bits: the address of the public cup standings
        "name": str,
        "options": str,         # JSON: CupRules.to_dict()
        "created": str,
    }, pk="id", not_null={"public_id", "name", "options", "created"})
    db["cups"].create_index(["public_id"], unique=True)
    db["cup_tournaments"].create({
        "cup_id": str,
        "tournament_id": str,
        "number": int,          # 1-based, the order the tournaments were added (played)
    }, pk=("cup_id", "tournament_id"), foreign_keys=[("cup_id", "cups", "id"), ("tournament_id", "tournaments", "id")],
        not_null={"number"})


@migrations()
def m011_limit_hits(db: Database) -> None:
    """The tries each client made against a limit (scorer/web/limits.py: wrong passcodes, creations), kept in the
    store so that a try is counted and checked in one write transaction, and the counts hold across the app's
    processes and restarts. Rows older than the longest window are deleted as new ones come."""
    db["limit_hits"].create({
        "id": int,
        "scope": str,           # "passcode" or "create"
        "client": str,          # the client's address (behind a trusted proxy: the one it forwarded)
        "at": float,            # seconds since the epoch
    }, pk="id", not_null={"scope", "client", "at"})
    db["limit_hits"].create_index(["scope", "client", "at"])


@migrations()
def m012_tournament_rounds_close(db: Database) -> None:
    """A tournament's rounds close (RULES-TOURNAMENT.md §3, the organiser's evening): once a later round is drawn a
    round's tables change nothing unless the organiser reopened it (`reopened`); a table may end before its round
    (a player gone mid-round: `ended`, `gone`); a tournament may be finished, its results final (`finished`)."""
    db["tournament_rounds"].add_column("reopened", str)   # the organiser reopened it after a later round was drawn
    db["tournament_tables"].add_column("ended", str)      # the table's round ended early (a player left)
    db["tournament_tables"].add_column("gone", str)       # JSON: the players who left the table mid-round
    db["tournaments"].add_column("finished", str)         # the organiser finished it: the results are final


@migrations()
def m013_partie_owner(db: Database) -> None:
    """What holds a partie besides its phones (`scorer.owners`: a tournament's table), as its own row says it: the
    store asks that owner before it keeps a change of the partie's deals, and a plain partie (NULL) asks nobody. The
    tournaments' tables of before are marked."""
    db["parties"].add_column("owner", str)
    db.execute("update parties set owner = 'tournament' where id in (select partie_id from tournament_tables)")


def owner_only(path: str) -> None:
    """Create the database file readable by its owner only (it holds every partie's address, which is its
    key); SQLite gives its -wal and -shm files the same mode. An existing file is narrowed to that too."""
    if path == ":memory:" or path.startswith("file:"):
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    os.close(fd)
    for name in (path, path + "-wal", path + "-shm"):
        try:
            if os.stat(name).st_mode & 0o077:
                os.chmod(name, 0o600)
        except OSError:   # not there (yet), or not ours to change
            pass


def connect(path: str, migrate: bool = True, timeout: float = 10) -> Database:
    """A database on `path` with WAL, foreign keys and a busy timeout, migrated to the newest schema
    (the app migrates once at start, so its requests skip that)."""
    conn = sqlite3.connect(path, timeout=timeout, check_same_thread=False, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("PRAGMA synchronous=FULL")
    db = Database(conn)
    if migrate and migrations.pending(db):
        migrations.apply(db)
    return db


_local = threading.local()          # this thread's (path, Database)
_open: dict[int, Database] = {}     # every thread's connection, to close them at shutdown
_open_lock = threading.Lock()


def get_db() -> Database:
    """This thread's database connection, opened on its first request and kept for the next ones.

    A connection per request would recreate the WAL files each time and sync them on every close;
    a kept one commits with the one fsync that `synchronous=FULL` needs. A thread is used by one request
    at a time (waitress, the test client), so its connection is never shared between requests at once.
    """
    path = current_app.config["DATABASE"]
    held = getattr(_local, "held", None)
    if held is None or held[0] != path:
        if held is not None:   # another app's database (tests): the old one is closed
            _forget(held[1])
        db = connect(path, migrate=False, timeout=current_app.config.get("DATABASE_TIMEOUT", 10))
        _local.held = held = (path, db)
        with _open_lock:
            _open[id(db)] = db
    g.db = held[1]
    return held[1]


def _forget(db: Database) -> None:
    with _open_lock:
        _open.pop(id(db), None)
    try:
        db.conn.close()
    except sqlite3.Error:
        pass


def close_db(exc=None) -> None:
    """At the end of a request: a transaction a failed request left open is rolled back, so that the
    thread's next request starts clean; the connection itself stays open for it."""
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        try:
            db.conn.rollback()
        except sqlite3.Error:   # unusable: the next request opens a new one
            _forget(db)
            _local.held = None


@atexit.register
def close_all() -> None:
    """Close every thread's connection (at shutdown): the last close checkpoints the WAL into the database."""
    with _open_lock:
        dbs = list(_open.values())
        _open.clear()
    for db in dbs:
        try:
            db.conn.close()
        except sqlite3.Error:
            pass
    _local.held = None


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database and bring its schema up to date."""
    db = connect(current_app.config["DATABASE"])
    db.conn.close()
    click.echo(f"Database ready: {current_app.config['DATABASE']}")


def init_app(app) -> None:
    """Register the database's teardown and command with the app."""
    app.teardown_appcontext(close_db)
    app.cli.add_command(init_db_command)
    path = app.config["DATABASE"]
    try:
        owner_only(path)
        connect(path).conn.close()   # create or migrate the store once, at start
    except (OSError, sqlite3.OperationalError) as exc:
        raise InstanceError(os.path.dirname(os.path.abspath(path)) or path,
                            exc if isinstance(exc, OSError) else OSError(str(exc))) from None
