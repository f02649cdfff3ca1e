"""Runden in the store: the regular group, its members and which member sits at which seat of its parties.

A member is a person, kept by id: the parties of a Runde keep their players' names (so that every page of a
partie works as before), and renaming a member renames that player in each of the Runde's parties at once.
Standings are never stored: `scorer.runde` replays them from the parties' deals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from . import store
from .games import game_of
from .partie import name_key
from .store import NotFoundError, new_id, now, reading, writing

SETTLES = ("evening", "month", "year")
MAX_MEMBERS = 60   # a Runde's members at most, however they come (made with it, added, moved in, imported)


class TooManyMembersError(ValueError):
    """A Runde has at most MAX_MEMBERS members: one more is refused (checked inside the write transaction)."""


class InAnotherRundeError(ValueError):
    """A partie is in one Runde at most: moving it into another is refused (it would silently leave the first)."""

    def __init__(self, rid: str):
        super().__init__(rid)
        self.rid = rid


class HeldElsewhereError(ValueError):
    """A partie that belongs to something else (a tournament's table: `held_elsewhere`) is never moved into a Runde:
    its players would become the Runde's members and its money the Runde's."""


def held_elsewhere(db: Database, pids: list[str]) -> set[str]:
    """The parties among `pids` that belong to something else: those with an owner (`scorer.owners`, the row's
    `owner`: a tournament's tables)."""
    if not pids:
        return set()
    marks = ",".join("?" * len(pids))
    return {r[0] for r in db.conn.execute(f"select id from parties where id in ({marks}) and owner is not null",
                                          list(pids))}


class NameTakenError(ValueError):
    """Two members of a Runde cannot share a name (compared as players' names are: `partie.name_key`)."""

    def __init__(self, name: str):
        super().__init__(name)
        self.name = name


@dataclass(frozen=True)
class Member:
    id: int
    name: str


@dataclass(frozen=True)
class RundePartie:
    """One of the Runde's parties: its address, game, day, version, the member at each seat, settled or not."""

    id: str
    game: str
    created: str
    version: int
    members: tuple[int, ...]
    settled: str | None
    ended: str | None
    at_the_end: str | None = None   # its choice for the end of the evening (None: the game's default)


@dataclass(frozen=True)
class Runde:
    id: str
    name: str
    game: str
    preset: str
    settles: str
    created: str
    version: int
    members: tuple[Member, ...]
    parties: tuple[RundePartie, ...]

    def member(self, mid: int) -> Member | None:
        return next((m for m in self.members if m.id == mid), None)

    def by_name(self, name: str) -> Member | None:
        folded = name_key(name)
        return next((m for m in self.members if name_key(m.name) == folded), None)


def create_runde(db: Database, name: str, game: str, preset: str, settles: str, members=()) -> str:
    """A new Runde with its first members; its id (NameTakenError if two of them share a name)."""
    rid = new_id()
    with writing(db):
        db["runden"].insert({"id": rid, "name": name, "game": game, "preset": preset, "settles": settles,
                             "created": now(), "version": 1})
        for m in members:
            _add_member(db, rid, m)
    return rid


def _add_member(db: Database, rid: str, name: str) -> int:
    if list(db.query("select 1 from members where runde_id = ? and folded = ?", [rid, name_key(name)])):
        raise NameTakenError(name)
    if db.conn.execute("select count(*) from members where runde_id = ?", [rid]).fetchone()[0] >= MAX_MEMBERS:
        raise TooManyMembersError(name)
    return db["members"].insert({"runde_id": rid, "name": name, "folded": name_key(name)}).last_pk


def load_runde(db: Database, rid: str) -> Runde:
    """The Runde at `rid` with its members and parties (oldest first); NotFoundError if there is none."""
    with reading(db):
        rows = list(db.query("select * from runden where id = ?", [rid]))
        if not rows:
            raise NotFoundError(rid)
        members = tuple(Member(r["id"], r["name"]) for r in
                        db.query("select id, name from members where runde_id = ? order by folded", [rid]))
        parties = tuple(RundePartie(r["id"], r["game"], r["created"], r["version"], tuple(json.loads(r["members"])),
                                    r["settled"], r["ended"], r["at_the_end"]) for r in db.query(
            "select p.id, p.game, p.created, p.version, p.ended, p.at_the_end, rp.members, rp.settled "
            "from runde_parties rp join parties p on p.id = rp.partie_id where rp.runde_id = ? "
            "order by p.created, p.rowid", [rid]))
    r = rows[0]
    return Runde(rid, r["name"], r["game"], r["preset"], r["settles"], r["created"], r["version"], members, parties)


def last_rules(db: Database, runde: Runde, game):
    """The rule set of the Runde's last evening of `game` (its newest partie of the game): what its next evening
    starts with. None before its first, or if that partie's stored rules cannot be read."""
    keys = (game.key, *game.aliases)
    for p in reversed(runde.parties):
        if p.game in keys:
            row = db.conn.execute("select rules from parties where id = ?", [p.id]).fetchone()
            try:
                return game.rules.from_stored(json.loads(row[0]))
            except Exception:   # noqa: BLE001 - rules this scorer cannot read: the game's defaults instead
                return None
    return None


def runde_of(db: Database, pid: str) -> str | None:
    """The id of the Runde the partie is in (None: on its own)."""
    rows = list(db.query("select runde_id from runde_parties where partie_id = ?", [pid]))
    return rows[0]["runde_id"] if rows else None


def add_member(db: Database, rid: str, name: str) -> int:
    with writing(db):
        _exists(db, rid)
        mid = _add_member(db, rid, name)
        _bump(db, rid)
    return mid


def _exists(db: Database, rid: str) -> None:
    if not list(db.query("select 1 from runden where id = ? ", [rid])):
        raise NotFoundError(rid)


def _bump(db: Database, rid: str) -> None:
    db.execute("update runden set version = version + 1 where id = ?", [rid])


def _seat_names(db: Database, pid: str, names: dict[int, str]) -> None:
    """Rename seats of partie `pid` (seat -> name), as one change of the partie (its version and history)."""
    row = next(db.query("select players from parties where id = ?", [pid]))
    players = json.loads(row["players"])
    changed = {seat: (players[seat], name) for seat, name in names.items() if players[seat] != name}
    if not changed:
        return
    for seat, (_old, name) in changed.items():
        players[seat] = name
    db.execute("update parties set players = ?, version = version + 1, updated = ? where id = ?",
               [json.dumps(players, ensure_ascii=False), now(), pid])
    for seat, (old, name) in changed.items():
        db["history"].insert({"partie_id": pid, "at": now(), "action": "renamed", "number": None,
                              "detail": json.dumps({"from": old, "to": name}, ensure_ascii=False)})


def rename_member(db: Database, rid: str, mid: int, name: str) -> None:
    """Rename a member, and that player in every party of the Runde (NameTakenError if another has the name)."""
    with writing(db):
        rows = list(db.query("select id from members where id = ? and runde_id = ?", [mid, rid]))
        if not rows:
            raise NotFoundError(f"{rid}/{mid}")
        taken = list(db.query("select id from members where runde_id = ? and folded = ? and id != ?",
                              [rid, name_key(name), mid]))
        if taken:
            raise NameTakenError(name)
        db.execute("update members set name = ?, folded = ? where id = ?", [name, name_key(name), mid])
        for row in list(db.query("select partie_id, members from runde_parties where runde_id = ?", [rid])):
            seats = json.loads(row["members"])
            if mid in seats:
                _seat_names(db, row["partie_id"], {seats.index(mid): name})
        _bump(db, rid)


def attach(db: Database, rid: str, pid: str, seats: list) -> None:
    """Put partie `pid` into the Runde with the member at each seat: an id, or a name (a new member, or the
    member of that name). Each seat's player takes its member's name. ValueError if a member sits twice or
    is not the Runde's, NotFoundError if the Runde or the partie is gone, InAnotherRundeError if the partie is in
    another Runde already (checked inside the write transaction: two phones moving it at once cannot both pass),
    HeldElsewhereError if it belongs to something else (a tournament's table)."""
    with writing(db):
        _attach(db, rid, pid, seats)
        _bump(db, rid)


def _attach(db: Database, rid: str, pid: str, seats: list) -> None:
    _exists(db, rid)
    rows = list(db.query("select players from parties where id = ?", [pid]))
    if not rows:
        raise NotFoundError(pid)
    if held_elsewhere(db, [pid]):
        raise HeldElsewhereError(pid)
    if len(seats) != len(json.loads(rows[0]["players"])):
        raise ValueError("one member for each seat")
    names = {r["id"]: r["name"] for r in db.query("select id, name from members where runde_id = ?", [rid])}
    ids = []
    for seat in seats:
        if isinstance(seat, str):
            found = next((m for m, n in names.items() if name_key(n) == name_key(seat)), None)
            if found is None:
                found = _add_member(db, rid, seat)
                names[found] = seat
            seat = found
        if seat not in names:
            raise ValueError("not a member of this Runde")
        ids.append(seat)
    if len(set(ids)) != len(ids):
        raise ValueError("a member sits once")
    held = runde_of(db, pid)
    if held not in (None, rid):
        raise InAnotherRundeError(held)
    # an upsert, not `insert or replace`: a replace deletes the row without firing the delete trigger (m007)
    db.execute("insert into runde_parties (partie_id, runde_id, members, settled) values (?, ?, ?, null) "
               "on conflict (partie_id) do update set members = excluded.members", [pid, rid, json.dumps(ids)])
    # a new version of the partie even when no name changed: its kept board may show the Runde's pot carried in
    db.execute("update parties set version = version + 1 where id = ?", [pid])
    _seat_names(db, pid, {i: names[m] for i, m in enumerate(ids)})


def set_settled(db: Database, rid: str, pids, settled: bool) -> int:
    """Mark the Runde's parties `pids` settled (their money paid) or open again; how many were marked."""
    pids = list(pids)
    with writing(db):
        _exists(db, rid)
        count = 0
        for pid in pids:
            count += db.execute("update runde_parties set settled = ? where partie_id = ? and runde_id = ?",
                                [now() if settled else None, pid, rid]).rowcount
        _bump(db, rid)
    return count


def import_runde(db: Database, name: str, game: str, preset: str, settles: str, members: list[str],
                 parties: list[tuple], pids: list | None = None) -> str:
    """A whole Runde from its file, in one transaction: its members, and each partie: (Partie, the member name
    at each seat, its settled mark, its time, optionally its choice at the end of the evening). Nothing is
    stored if any part fails. `pids`, if given, gets each
    stored partie's id, in the file's order.

    Every row is made before the write lock is taken (ids, JSON, each seat's member), and written with one
    statement a table: a file of a thousand parties holds the lock for a few hundredths of a second, so a Save
    on another phone waits that long, not its busy timeout. As `attach` does, each seat's player takes its
    member's name (the partie's version 2 and a "renamed" line in its history when that changes the name)."""
    if len(members) > MAX_MEMBERS:
        raise TooManyMembersError(members[MAX_MEMBERS])
    by_key: dict = {}
    for m in members:
        if name_key(m) in by_key:
            raise NameTakenError(m)
        by_key[name_key(m)] = m
    rid, stamp = new_id(), now()
    partie_rows, deal_rows, history_rows, seat_rows = [], [], [], []
    for partie, seats, settled, created, *choice in parties:
        keys = [name_key(s) for s in seats]
        if len(keys) != len(partie.players) or len(set(keys)) != len(keys) or not all(k in by_key for k in keys):
            raise ValueError("one member of the Runde for each seat")
        pid, at = new_id(), created or stamp
        players = [by_key[k] for k in keys]
        renamed = [(old, new) for old, new in zip(partie.players, players) if old != new]
        partie_rows.append((pid, game_of(partie).key, json.dumps(players, ensure_ascii=False),
                            json.dumps(partie.rules.to_stored()), partie.first_dealer,
                            2 if renamed else 1, at, at, choice[0] if choice else None))
        deal_rows += [(pid, position, store._dump(deal), at, at) for position, deal in enumerate(partie.deals)]
        history_rows.append((pid, at, "imported", json.dumps({"deals": len(partie.deals)}) if partie.deals else None))
        history_rows += [(pid, stamp, "renamed", json.dumps({"from": old, "to": new}, ensure_ascii=False))
                         for old, new in renamed]
        seat_rows.append((pid, keys, settled))
        if pids is not None:
            pids.append(pid)
    with writing(db):
        db.conn.execute("insert into runden (id, name, game, preset, settles, created, version) "
                        "values (?, ?, ?, ?, ?, ?, 1)", [rid, name, game, preset, settles, stamp])
        db.conn.executemany("insert into members (runde_id, name, folded) values (?, ?, ?)",
                            [(rid, m, name_key(m)) for m in members])
        ids = dict(db.conn.execute("select folded, id from members where runde_id = ?", [rid]).fetchall())
        db.conn.executemany("insert into parties (id, game, players, rules, first_dealer, version, created, updated, "
                            "at_the_end) values (?, ?, ?, ?, ?, ?, ?, ?, ?)", partie_rows)
        db.conn.executemany("insert into deals (partie_id, position, deal, created, updated) values (?, ?, ?, ?, ?)",
                            deal_rows)
        db.conn.executemany("insert into history (partie_id, at, action, detail) values (?, ?, ?, ?)", history_rows)
        db.conn.executemany("insert into runde_parties (partie_id, runde_id, members, settled) values (?, ?, ?, ?)",
                            [(pid, rid, json.dumps([ids[k] for k in keys]), settled)
                             for pid, keys, settled in seat_rows])
    return rid


def stored_summaries(db: Database, rid: str, made_by: str) -> dict[str, tuple[int, str]]:
    """The kept summaries of the Runde's evenings made by this code: partie id -> (version, summary text)."""
    return {r[0]: (r[1], r[2]) for r in db.conn.execute(
        "select s.partie_id, s.version, s.summary from runde_parties rp join runde_summaries s "
        "on s.partie_id = rp.partie_id where rp.runde_id = ? and s.made_by = ?", [rid, made_by])}


def keep_summaries(db: Database, rows: list[tuple[str, int, str, str]]) -> None:
    """Keep evenings' summaries: (partie id, version, made by, summary text); a newer one kept is not replaced
    by an older one (two requests at once)."""
    with writing(db):
        db.conn.executemany(
            "insert into runde_summaries (partie_id, version, made_by, summary) values (?, ?, ?, ?) "
            "on conflict (partie_id) do update set version = excluded.version, made_by = excluded.made_by, "
            "summary = excluded.summary where excluded.version >= runde_summaries.version", rows)
