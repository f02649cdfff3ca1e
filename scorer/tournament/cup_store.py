"""Cups in the store (db.m010): a cup's name and options (RULES-TOURNAMENT.md §5) and which tournaments it adds up, in
the order they were added. The cup standings are never stored: the engine (`cup.cup`) scores them from the
tournaments' standings."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from sqlite_utils import Database

from ..store import NotFoundError, new_id, now, reading, writing
from ..words import N_
from .cup import CupRules
from .store import RoundError

MAX_TOURNAMENTS = 100


@dataclass(frozen=True)
class StoredCup:
    id: str
    public_id: str
    name: str
    rules: CupRules
    created: str
    tournaments: tuple[str, ...]     # the tournaments' (organiser's) ids, in the order added


def create_cup(db: Database, name: str, rules: CupRules, tournaments: list[str]) -> str:
    """Store a new cup with its first tournaments; return its (organiser's) id."""
    cid = new_id()
    with writing(db):
        db["cups"].insert({"id": cid, "public_id": new_id(), "name": name, "options": json.dumps(rules.to_dict()),
                           "created": now()})
        for tid in tournaments:
            _add(db, cid, tid)
    return cid


def _add(db: Database, cid: str, tid: str) -> None:
    count, present = db.conn.execute(
        "select count(*), sum(tournament_id = ?) from cup_tournaments where cup_id = ?", [tid, cid]).fetchone()
    if present:
        raise RoundError(N_("This tournament is in the cup already."))
    if count >= MAX_TOURNAMENTS:
        raise RoundError(N_("A cup has at most %(num)s tournaments."), num=MAX_TOURNAMENTS)
    db["cup_tournaments"].insert({"cup_id": cid, "tournament_id": tid, "number": count + 1})


def add_tournament(db: Database, cid: str, tid: str) -> None:
    """Add a tournament to the cup (after the others); RoundError if it is there already."""
    with writing(db):
        if db.conn.execute("select 1 from cups where id = ?", [cid]).fetchone() is None:
            raise NotFoundError(cid)
        _add(db, cid, tid)


def set_rules(db: Database, cid: str, rules: CupRules) -> None:
    """Store the cup's new options (its standings are scored from them: nothing else changes)."""
    with writing(db):
        if db.conn.execute("update cups set options = ? where id = ?", [json.dumps(rules.to_dict()), cid]).rowcount \
                != 1:
            raise NotFoundError(cid)


def remove_tournament(db: Database, cid: str, tid: str) -> None:
    """Take a tournament out of the cup (the tournament itself stays)."""
    with writing(db):
        row = db.conn.execute("select number from cup_tournaments where cup_id = ? and tournament_id = ?",
                              [cid, tid]).fetchone()
        if row is None:
            raise NotFoundError(f"{cid}/{tid}")
        db.execute("delete from cup_tournaments where cup_id = ? and tournament_id = ?", [cid, tid])
        db.execute("update cup_tournaments set number = number - 1 where cup_id = ? and number > ?", [cid, row[0]])


def id_of_public(db: Database, sid: str) -> str:
    row = db.conn.execute("select id from cups where public_id = ?", [sid]).fetchone()
    if row is None:
        raise NotFoundError(sid)
    return row[0]


def load(db: Database, cid: str) -> StoredCup:
    """The cup at `cid`; NotFoundError if there is none."""
    with reading(db):
        row = db.conn.execute("select id, public_id, name, options, created from cups where id = ?", [cid]).fetchone()
        if row is None:
            raise NotFoundError(cid)
        tids = tuple(r[0] for r in db.conn.execute(
            "select tournament_id from cup_tournaments where cup_id = ? order by number", [cid]))
    return StoredCup(row[0], row[1], row[2], CupRules.from_dict(json.loads(row[3])), row[4], tids)


def cups_of(db: Database, tid: str) -> list[tuple[str, str]]:
    """The cups (public id, name) a tournament is in."""
    return [(r[0], r[1]) for r in db.conn.execute(
        "select c.public_id, c.name from cups c join cup_tournaments ct on ct.cup_id = c.id "
        "where ct.tournament_id = ? order by c.created", [tid])]


def version(db: Database, sid: str) -> str:
    """The cup's version as its public page polls it (`/cup/<sid>/version`): a digest of its options and its
    tournaments (their public ids, in order, and each one's version, which every recorded game bumps), so that it
    changes whenever the cup standings may have. NotFoundError if there is no cup at `sid`."""
    with reading(db):
        found = db.conn.execute("select options from cups where public_id = ?", [sid]).fetchone()
        if found is None:
            raise NotFoundError(sid)
        rows = db.conn.execute(
            "select t.public_id, t.version from cups c join cup_tournaments ct on ct.cup_id = c.id "
            "join tournaments t on t.id = ct.tournament_id where c.public_id = ? order by ct.number", [sid]).fetchall()
    text = found[0] + "|" + ";".join(f"{p}:{v}" for p, v in rows)   # its options too: a change of them shows
    return "c" + hashlib.sha256(text.encode()).hexdigest()[:16]
