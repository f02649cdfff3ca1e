"""Parties and their deals in the store: only facts are written, everything else is replayed."""

from __future__ import annotations

import datetime
import json
import secrets
from contextlib import contextmanager
from dataclasses import dataclass, field

from sqlite_utils import Database

from . import games, owners
from .games import game_of
from .partie import Partie
from .partie_file import deal_to_dict
from .problems import Problem, ScoringError



def _owner_refuses_deal(db: Database, pid: str, owner: str | None = None) -> None:
    """Inside the write transaction of a deal recorded or put back: the partie's owner, if it has one (`owners`: a
    tournament's table whose round is complete), may refuse it with a ScoringError. `owner`: its row's, when read."""
    found = owners.find(owner) if owner else owners.of(db, pid)
    if found is not None:
        found.refuse_deal(db, pid)


def _owner_refuses_change(db: Database, pid: str, guard: "Guard") -> None:
    """Inside the write transaction of an edit (after the change, so it sees it) or a delete (before it): the
    partie's owner may refuse it with a ScoringError, and nothing is changed (an ended round's games are the
    tournament organiser's to correct)."""
    found = owners.of(db, pid)
    if found is not None:
        found.refuse_change(db, pid, guard)


class NotFoundError(LookupError):
    """No partie (or no deal) at that address."""


class ConflictError(RuntimeError):
    """The partie changed since the form was opened (another phone recorded, edited or deleted a deal)."""

    def __init__(self, pid: str, now: "StoredPartie | None" = None):
        super().__init__(pid)
        self.now = now      # the partie as it is, when the check that refused it had read it


class EndedError(RuntimeError):
    """The partie has ended: no deal can be recorded, edited, deleted or put back until it is reopened (checked
    inside the write transaction, whatever the page that sent the change showed)."""


def _running(db: Database, pid: str) -> None:
    """Inside a write transaction: EndedError if the partie has ended, NotFoundError if it is gone."""
    row = db.conn.execute("select ended from parties where id = ?", [pid]).fetchone()
    if row is None:
        raise NotFoundError(pid)
    if row[0] is not None:
        raise EndedError(pid)


@dataclass(frozen=True)
class StoredPartie:
    """A partie as stored: its address, version and state around the pure Partie."""

    id: str
    partie: Partie
    version: int
    created: str
    ended: str | None
    history_id: int = 0     # the last change it includes (history is the partie's change log)
    positions: tuple = field(default=(), repr=False)   # each deal's stored position, in order (see changed_since)

    @property
    def running(self) -> bool:
        """Whether deals can still be recorded."""
        return self.ended is None


@dataclass(frozen=True)
class Guard:
    """What a change of a partie's deals is held to inside its write transaction, on the partie as it is then
    (another phone may have changed it, or ended it, since the page was read). Plain data: the store does the
    checks itself.

    - `expected`: the version the page was read at; ConflictError if the partie is at another now (None: not
      checked, a form from before versions);
    - `key`: the form's idempotency key: a new deal's form whose key was saved before stores nothing (a double tap);
      an edit's is kept with the deal, so that a second tap can be told apart from the other phone's change;
    - `seen`: the partie as the request read it: a deal is found by its stored position, and a new deal is
      numbered, without counting, while the partie is still at its version;
    - `replay`: the partie after the change must replay (`Game.replayed`), else ScoringError and nothing is
      stored; `scored`: the request scored the change on `seen` already, so it is replayed only when the partie
      is no longer at `seen`'s version;
    - `by`: who made the change when it is not the table itself (e.g. "organiser": a tournament's organiser
      correcting a table's game), kept in the history entry's detail;
    - `device`: which phone (browser) made it ({"device": its short id, "agent": its user agent}), kept in the
      history entry's detail too (a tournament's organiser sees which phone recorded or undid a table's game).
    """

    expected: int | None = None
    key: str | None = None
    seen: StoredPartie | None = field(default=None, repr=False)
    replay: bool = False
    scored: bool = False
    by: str | None = None
    device: dict | None = None

    def signed(self, detail: dict) -> dict:
        """A history entry's detail with who made the change and on which phone, when the guard says."""
        if self.by:
            detail = {**detail, "by": self.by}
        return {**detail, **self.device} if self.device else detail

    def unchanged(self, version: int) -> bool:
        """Whether the partie is still at the version the request read."""
        return self.seen is not None and self.seen.version == version

    def must_replay(self, version_before: int) -> bool:
        """Whether the partie, changed from `version_before`, is to be replayed before the change is kept."""
        return self.replay and not (self.scored and self.unchanged(version_before))


UNGUARDED = Guard()


def _replays(db: Database, pid: str) -> None:
    """Inside the write transaction, after the change: ScoringError (and so nothing stored) if the partie as it is
    now cannot be replayed."""
    sp = load(db, pid)
    game_of(sp.partie).replayed(sp.partie)


@contextmanager
def writing(db: Database):
    """A write transaction that takes the write lock at once, so that concurrent writers queue up."""
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    else:
        db.conn.execute("COMMIT")


def now() -> str:
    """The time, in UTC, as stored."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def new_id() -> str:
    """A partie's unguessable address: 128 random bits."""
    return secrets.token_urlsafe(16)


def create_partie(db: Database, partie: Partie, action: str = "created") -> str:
    """Store a new partie (and its deals, for an import); return its id."""
    pid = new_id()
    at = now()
    with writing(db):
        db["parties"].insert({
            "id": pid, "game": game_of(partie).key, "players": json.dumps(list(partie.players), ensure_ascii=False),
            "rules": json.dumps(partie.rules.to_stored()), "first_dealer": partie.first_dealer,
            "version": 1, "created": at, "updated": at, "ended": None,
        })
        rows = [(pid, position, _dump(deal), at, at) for position, deal in enumerate(partie.deals)]
        db.conn.executemany("insert into deals (partie_id, position, deal, created, updated) "
                            "values (?, ?, ?, ?, ?)", rows)   # one statement: the write lock is held briefly
        _log(db, pid, action, None, {"deals": len(partie.deals)} if partie.deals else None)
    return pid


@contextmanager
def reading(db: Database):
    """A read transaction: every query in it sees the same snapshot of the partie."""
    if db.conn.in_transaction:
        yield db
        return
    db.conn.execute("BEGIN")
    try:
        yield db
    finally:
        db.conn.execute("COMMIT")


def load(db: Database, pid: str) -> StoredPartie:
    """The partie at `pid` with its deals in order; NotFoundError if there is none."""
    with reading(db):
        rows = list(db.query("select * from parties where id = ?", [pid]))
        if not rows:
            raise NotFoundError(pid)
        row = rows[0]
        deals = list(db.query("select position, deal from deals where partie_id = ? order by position", [pid]))
        history_id = _last_change(db, pid)
    game = games.find(row["game"])   # UnknownGame: a partie of a game this scorer does not know is not read as another
    rules = game.rules.from_stored(json.loads(row["rules"]))   # older money kept as stored
    partie = Partie(players=tuple(json.loads(row["players"])), rules=rules, deals=_parse(deals, game),
                    first_dealer=row["first_dealer"])
    return StoredPartie(id=pid, partie=partie, version=row["version"], created=row["created"],
                        ended=row["ended"], history_id=history_id, positions=tuple(r["position"] for r in deals))


def _parse(rows, game) -> tuple:
    """Stored deals (written by this store, so valid) back into the game's Deals."""
    problems: list = []
    return tuple(game.file.parse_deal(json.loads(r["deal"]), problems) for r in rows)


def _last_change(db: Database, pid: str) -> int:
    return next(db.query("select coalesce(max(id), 0) as h from history where partie_id = ?", [pid]))["h"]


DEAL_CHANGES = ("recorded", "edited", "deleted", "restored")   # logged with the deal's number: none before it changed
NO_DEAL_CHANGES = ("ended", "reopened", "at_the_end")


def changed_since(db: Database, sp: StoredPartie) -> tuple[StoredPartie, int] | None:
    """The partie now and how many of its first deals are still those of `sp`, reading only the deals after
    them (found by their stored position, not counted off): a deal recorded keeps all of `sp`'s deals, an edit,
    a delete or a put-back deal k the k - 1 before it. None if anything else changed (players renamed, a change
    this does not know): then the partie is loaded whole."""
    if len(sp.positions) != len(sp.partie.deals):
        return None
    with reading(db):
        rows = list(db.query("select version, ended from parties where id = ?", [sp.id]))
        if not rows:
            raise NotFoundError(sp.id)
        actions = list(db.query("select id, action, number from history where partie_id = ? and id > ? order by id",
                                [sp.id, sp.history_id]))
        kept = len(sp.partie.deals)
        for a in actions:
            if a["action"] in NO_DEAL_CHANGES:
                continue
            if a["action"] not in DEAL_CHANGES or not isinstance(a["number"], int) or a["number"] < 1:
                return None
            kept = min(kept, a["number"] - 1)
        after = sp.positions[kept - 1] if kept else None
        new = list(db.query("select position, deal from deals where partie_id = ? and (? is null or position > ?) "
                            "order by position", [sp.id, after, after]))
    partie = sp.partie.with_deals(sp.partie.deals[:kept] + _parse(new, game_of(sp.partie)))
    now_sp = StoredPartie(id=sp.id, partie=partie, version=rows[0]["version"], created=sp.created,
                          ended=rows[0]["ended"], history_id=actions[-1]["id"] if actions else sp.history_id,
                          positions=sp.positions[:kept] + tuple(r["position"] for r in new))
    return now_sp, kept


def version(db: Database, pid: str) -> int:
    """The partie's version: it changes whenever anything in the partie does."""
    row = db.conn.execute("select version from parties where id = ?", [pid]).fetchone()   # asked on every poll
    if row is None:
        raise NotFoundError(pid)
    return row[0]


def list_parties(db: Database, ids: list[str]) -> list[dict]:
    """The parties among `ids` that exist, running first, newest first."""
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    rows = db.query(f"select p.*, (select count(*) from deals d where d.partie_id = p.id) as deals "
                    f"from parties p where id in ({marks}) "
                    f"order by ended is not null, updated desc", list(ids))
    return [dict(r, players=json.loads(r["players"]), rules=json.loads(r["rules"])) for r in rows]


def _dump(deal) -> str:
    return json.dumps(deal_to_dict(deal), ensure_ascii=False)


def _log(db: Database, pid: str, action: str, number: int | None, detail) -> int:
    """Write a history entry, with the version the change left the partie at (`detail["version"]`: what a write
    made on an older version is told apart by, `harmless_since`); return its id."""
    detail = {**(detail or {}), "version": version(db, pid)}
    return db["history"].insert({"partie_id": pid, "at": now(), "action": action, "number": number,
                                 "detail": json.dumps(detail, ensure_ascii=False)}).last_rowid


# what changes no deal: a write made on the version before one of these still knows every deal it replaces
HARMLESS = ("ended", "reopened", "at_the_end")
HARMLESS_LOOK = 50   # at most this many changes are read back to tell (more: a conflict, as before)


def harmless_since(db: Database, pid: str, expected: int, now_version: int) -> bool:
    """Whether every change from version `expected` to `now_version` left the deals as they were (the partie was
    ended and reopened, its end-of-evening choice set): then a write made on `expected` replaces nothing it did not
    see. False when any change cannot be told (an entry written before versions were logged, a version raised
    without an entry): a conflict, as every stale write was before."""
    steps = now_version - expected
    if steps <= 0 or steps > HARMLESS_LOOK:
        return False
    rows = list(db.query("select action, json_extract(detail, '$.version') as v from history where partie_id = ? "
                         "order by id desc limit ?", [pid, steps]))
    return sorted(r["v"] for r in rows if isinstance(r["v"], int)) == list(range(expected + 1, now_version + 1)) \
        and all(r["action"] in HARMLESS for r in rows)


def _bump(db: Database, pid: str, expected: int | None) -> None:
    """Raise the partie's version; ConflictError if it is no longer `expected` (unless nothing that changed since
    touched a deal: `harmless_since`)."""
    cur = db.execute("update parties set version = version + 1, updated = ? where id = ? "
                     "and (? is null or version = ?)", [now(), pid, expected, expected])
    if cur.rowcount != 1:
        now_version = version(db, pid)  # NotFoundError if the partie is gone
        if expected is None or not harmless_since(db, pid, expected, now_version):
            raise ConflictError(pid)
        db.execute("update parties set version = version + 1, updated = ? where id = ?", [now(), pid])


def add_deal(db: Database, pid: str, deal, guard: Guard = UNGUARDED) -> tuple[int, int] | None:
    """Append a deal; return the partie's new version and the deal's number, or None (nothing stored) if a
    form with the guard's idempotency key was already saved.

    Every check happens inside the write transaction, on the partie as it is then: the key first (a
    double tap is not a conflict), then EndedError if the partie has ended, ConflictError (with the partie as
    it is) if its version is no longer the guard's `expected`, and the replay the guard asks for (ScoringError:
    nothing stored)."""
    with writing(db):
        if guard.key:
            if list(db.query("select 1 from submissions where key = ?", [guard.key])):
                return None
        rows = list(db.query("select version, ended, owner from parties where id = ?", [pid]))
        if not rows:
            raise NotFoundError(pid)
        before = rows[0]["version"]
        if rows[0]["ended"] is not None:
            raise EndedError(pid)
        _owner_refuses_deal(db, pid, rows[0]["owner"])   # e.g. a tournament's table whose round is complete
        if guard.expected is not None and before != guard.expected and \
                not harmless_since(db, pid, guard.expected, before):
            raise ConflictError(pid, load(db, pid))
        _bump(db, pid, None)
        position = next(db.query("select coalesce(max(position), -1) + 1 as p from deals where partie_id = ?",
                                 [pid]))["p"]
        at = now()
        deal_id = db["deals"].insert({"partie_id": pid, "position": position, "deal": _dump(deal), "created": at,
                                      "updated": at}).last_pk
        if guard.must_replay(before):
            _replays(db, pid)
        number = len(guard.seen.partie.deals) + 1 if guard.unchanged(before) else _number_at(db, pid, position)
        if guard.key:
            db["submissions"].insert({"key": guard.key, "partie_id": pid, "at": at, "deal_id": deal_id,
                                      "number": number})
        _log(db, pid, "recorded", number, guard.signed({"after": deal_to_dict(deal), "id": deal_id}))
        return version(db, pid), number


def _number_at(db: Database, pid: str, position: int) -> int:
    """The number (1-based) of the partie's deal stored at `position`."""
    return next(db.query("select count(*) as n from deals where partie_id = ? and position <= ?",
                         [pid, position]))["n"]


def _deal_row(db: Database, pid: str, number: int, known: StoredPartie | None = None) -> dict:
    """Deal `number` (1-based) of partie `pid`, found by its stored position when `known` (the partie as read
    before, with its deals' positions) is still the partie's version, else counted off in position order."""
    if number < 1:
        raise NotFoundError(f"{pid}/{number}")
    position = _known_position(db, pid, number, known)
    if position is not None:
        rows = list(db.query("select * from deals where partie_id = ? and position = ?", [pid, position]))
    else:
        rows = []
    if not rows:
        rows = list(db.query("select * from deals where partie_id = ? order by position limit 1 offset ?",
                             [pid, number - 1]))
    if not rows:
        raise NotFoundError(f"{pid}/{number}")
    return rows[0]


def _known_position(db: Database, pid: str, number: int, known: StoredPartie | None) -> int | None:
    """Deal `number`'s stored position as `known` has it, if the partie has not changed since (every change of
    a deal raises the version); None if that cannot be told."""
    if known is None or known.id != pid or len(known.positions) != len(known.partie.deals):
        return None
    if not 1 <= number <= len(known.positions):
        return None
    row = db.conn.execute("select version from parties where id = ?", [pid]).fetchone()
    return known.positions[number - 1] if row is not None and row[0] == known.version else None


def deal_id(db: Database, pid: str, number: int, known: StoredPartie | None = None) -> int:
    """The identity of deal `number` (1-based): it stays the same when a deal before it is deleted. `known`:
    the partie as read before (see `_deal_row`)."""
    with reading(db):
        return _deal_row(db, pid, number, known)["id"]


def deal_number(db: Database, pid: str, ident: int) -> int | None:
    """The number deal `ident` has now; None if it was deleted (or is another partie's)."""
    rows = list(db.query("select position from deals where partie_id = ? and id = ?", [pid, ident]))
    return _number_at(db, pid, rows[0]["position"]) if rows else None


def update_deal(db: Database, pid: str, number: int, deal, guard: Guard = UNGUARDED,
                ident: int | None = None) -> int:
    """Replace a deal and return its number: deal `ident` (its identity, from `deal_id`) wherever it now
    stands, NotFoundError if it was deleted; without an identity (forms opened before they had one), deal
    `number` (1-based). Inside the transaction: EndedError, ConflictError if the partie is no longer at the
    guard's `expected` version, and the replay the guard asks for (ScoringError: nothing stored). The guard's
    idempotency `key`, if given, is kept with the deal, so that a second tap can be told apart from a change
    made on another phone."""
    with writing(db):
        _running(db, pid)
        if ident is not None:
            rows = list(db.query("select * from deals where partie_id = ? and id = ?", [pid, ident]))
            if not rows:
                version(db, pid)   # NotFoundError for a partie that is gone, too
                raise NotFoundError(f"{pid}/deal {ident}")
            row = rows[0]
        else:
            row = _deal_row(db, pid, number, guard.seen)
        number = _number_at(db, pid, row["position"])
        before = version(db, pid)
        _bump(db, pid, guard.expected)
        db.execute("update deals set deal = ?, updated = ? where id = ?", [_dump(deal), now(), row["id"]])
        if guard.must_replay(before):
            _replays(db, pid)
        _owner_refuses_change(db, pid, guard)
        _log(db, pid, "edited", number, guard.signed({"before": json.loads(row["deal"]),
                                                      "after": deal_to_dict(deal), "id": row["id"]}))
        if guard.key:
            db.execute("insert or replace into submissions (key, partie_id, at, deal_id, number) "
                       "values (?, ?, ?, ?, ?)", [guard.key, pid, now(), row["id"], number])
        return number


def submission(db: Database, key: str) -> dict | None:
    """The saved form with idempotency `key`: its partie, the number and identity of the deal it made or
    edited (None if that deal is gone: undone or deleted), that deal's facts now, and the number the deal had
    when the form was saved ("was", None for forms saved before it was kept); None if no form with this key was
    saved. Only the deal the form made is ever named: deal ids are not reused (db.m008), and a deal made after
    the form was saved (an id given again before m008) is not taken for it."""
    rows = list(db.query("select s.partie_id, s.number as was, s.deal_id as made, d.id, d.deal, d.position, "
                         "d.created from submissions s "
                         "left join deals d on d.id = s.deal_id and d.partie_id = s.partie_id "
                         "and d.created <= s.at where s.key = ?", [key])) if key else []
    if not rows:
        return None
    row = rows[0]
    number = None if row["position"] is None else _number_at(db, row["partie_id"], row["position"])
    recorded = list(db.query("select json_extract(detail, '$.version') as v from history where partie_id = ? "
                             "and action = 'recorded' and json_extract(detail, '$.id') = ?",
                             [row["partie_id"], row["made"]])) if row["made"] is not None else []
    return {"partie_id": row["partie_id"], "number": number, "deal_id": row["id"], "was": row["was"],
            "deal": json.loads(row["deal"]) if row["deal"] else None,
            # the version the partie was at right after the form made its deal (None: made before it was logged)
            "version": recorded[0]["v"] if recorded and isinstance(recorded[0]["v"], int) else None,
            # its deal edited since (on either phone): no longer as the form made it
            "changed": row["id"] is not None and bool(list(db.query(
                "select 1 from history where partie_id = ? and action = 'edited' and json_extract(detail, '$.id') = ? "
                "limit 1", [row["partie_id"], row["id"]])))}


def delete_deal(db: Database, pid: str, number: int, guard: Guard = UNGUARDED, undo: bool = False) -> int:
    """Delete deal `number` (1-based), found by its stored position while the partie is still at the guard's
    `seen`; EndedError, ConflictError if the partie is no longer at the guard's `expected` version, and the replay
    the guard asks for (a later deal that needs this one: ScoringError, nothing deleted). Returns the history
    entry that logged it (what `restore_deal` puts back); `undo`: the board's Undo did it (the history says so, in
    the board's word)."""
    with writing(db):
        _running(db, pid)
        row = _deal_row(db, pid, number, guard.seen)
        _owner_refuses_change(db, pid, guard)
        before = version(db, pid)
        _bump(db, pid, guard.expected)
        db.execute("delete from deals where id = ?", [row["id"]])
        if guard.must_replay(before):
            _replays(db, pid)
        detail = {"before": json.loads(row["deal"]), "position": row["position"], "id": row["id"],
                  "created": row["created"]}
        if undo:
            detail["undo"] = True
        return _log(db, pid, "deleted", number, guard.signed(detail))


def _parsed(db: Database, pid: str, raw):
    """A stored deal's facts read back by the partie's game; ScoringError if they cannot be."""
    row = db.conn.execute("select game from parties where id = ?", [pid]).fetchone()
    game = games.find(row[0])
    problems: list = []
    deal = game.file.parse_deal(raw, problems)
    if deal is None or problems:
        raise ScoringError(problems or [Problem("deal", "this deal cannot be read")])
    return deal


class RestoredError(Exception):
    """A history entry that is not a deleted deal, or whose deal is already restored."""


def _restorable(db: Database, pid: str, entry: int) -> tuple[dict, int]:
    """The detail of history entry `entry` (a deleted deal not put back since) and the number its deal gets when
    put back now: where it was, before the deal that followed it; RestoredError if there is none to put back."""
    rows = list(db.query("select * from history where id = ? and partie_id = ?", [entry, pid]))
    if not rows or rows[0]["action"] != "deleted" or not rows[0]["detail"]:
        raise RestoredError(entry)
    detail = json.loads(rows[0]["detail"])
    for later in db.query("select detail from history where partie_id = ? and action = 'restored' and id > ?",
                          [pid, entry]):
        if json.loads(later["detail"] or "{}").get("entry") == entry:
            raise RestoredError(entry)
    count = next(db.query("select count(*) as n from deals where partie_id = ?", [pid]))["n"]
    return detail, min(max(int(rows[0]["number"] or count + 1), 1), count + 1)


def restore_plan(db: Database, pid: str, entry: int) -> tuple[dict, int, bool]:
    """What putting back history entry `entry` would do, read without changing anything: the deal's stored facts,
    the number it would get (the deals from that number on move one on), and whether deals were recorded (or put
    back) since it was deleted. RestoredError as `restore_deal`; ScoringError when a deal may not be put back now
    (its owner refuses it)."""
    with reading(db):
        detail, number = _restorable(db, pid, entry)
        _owner_refuses_deal(db, pid)   # refused anyway (a tournament table's round is complete): ScoringError
        since = bool(list(db.query("select 1 from history where partie_id = ? and id > ? and action in "
                                   "('recorded', 'restored') limit 1", [pid, entry])))
    return detail["before"], number, since


def restore_deal(db: Database, pid: str, entry: int, guard: Guard = UNGUARDED) -> int:
    """Put back the deal that history entry `entry` deleted, where it was (before the deal that followed it);
    return its number. RestoredError if the entry deleted no deal or was restored already; ScoringError if the
    deal cannot be read by the partie's game, or (when the guard asks for the replay) the partie with it back
    cannot be replayed; EndedError; ConflictError if the partie is no longer at the guard's `expected` version.
    Logged as "restored", with the entry."""
    with writing(db):
        _running(db, pid)
        detail, number = _restorable(db, pid, entry)
        deal = _parsed(db, pid, detail["before"])
        _owner_refuses_deal(db, pid)   # a deal put back is a deal recorded again
        before = version(db, pid)
        _bump(db, pid, guard.expected)
        position = detail.get("position")
        taken = isinstance(position, int) and list(db.query(
            "select 1 from deals where partie_id = ? and position = ?", [pid, position]))
        if not isinstance(position, int) or taken or _number_at(db, pid, position) != number - 1:
            # its place is taken or moved: before the deal that is now number `number`, the later ones shifted
            following = list(db.query("select position from deals where partie_id = ? order by position "
                                      "limit 1 offset ?", [pid, number - 1]))
            position = following[0]["position"] if following else next(db.query(
                "select coalesce(max(position), -1) + 1 as p from deals where partie_id = ?", [pid]))["p"]
            db.execute("update deals set position = -position - 1 where partie_id = ? and position >= ?",
                       [pid, position])
            db.execute("update deals set position = -position where partie_id = ? and position < 0", [pid])
        at = now()
        row = {"partie_id": pid, "position": position, "deal": _dump(deal), "created": at, "updated": at}
        ident = detail.get("id")
        if isinstance(ident, int) and not isinstance(ident, bool) and isinstance(detail.get("created"), str) \
                and not list(db.query("select 1 from deals where id = ?", [ident])):
            # the same deal back, with its identity: its edit forms and its saved form's key find it again
            row.update(id=ident, created=detail["created"])
        db["deals"].insert(row)
        if guard.must_replay(before):
            _replays(db, pid)
        number = _number_at(db, pid, position)
        _log(db, pid, "restored", number, guard.signed({"after": deal_to_dict(deal), "entry": entry}))
        return number


def set_ended(db: Database, pid: str, ended: bool) -> None:
    """End or reopen a partie."""
    with writing(db):
        _bump(db, pid, None)
        db.execute("update parties set ended = ? where id = ?", [now() if ended else None, pid])
        _log(db, pid, "ended" if ended else "reopened", None, None)


def at_the_end(db: Database, pid: str) -> str | None:
    """The partie's stored choice for the end of the evening (None: the game's default)."""
    row = db.conn.execute("select at_the_end from parties where id = ?", [pid]).fetchone()
    if row is None:
        raise NotFoundError(pid)
    return row[0]


def set_at_the_end(db: Database, pid: str, choice: str | None) -> None:
    """Store the partie's choice for the end of the evening; a new version, so no kept page shows the old one."""
    with writing(db):
        _bump(db, pid, None)
        db.execute("update parties set at_the_end = ? where id = ?", [choice, pid])
        _log(db, pid, "at_the_end", None, {"at_the_end": choice})


def history(db: Database, pid: str, limit: int = -1, offset: int = 0) -> list[dict]:
    """The changes to the partie, newest first: all of them, or a page (`limit` from `offset`)."""
    rows = db.query("select * from history where partie_id = ? order by id desc limit ? offset ?",
                    [pid, limit, offset])
    return [dict(r, detail=json.loads(r["detail"]) if r["detail"] else None) for r in rows]


def history_count(db: Database, pid: str) -> int:
    """How many changes the partie has had."""
    return db.conn.execute("select count(*) from history where partie_id = ?", [pid]).fetchone()[0]
