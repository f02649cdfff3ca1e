"""Tournaments in the store (db.m009): only facts are written. The tournament (game, rule set, scoring options),
its players (by number; a late entry appended, a withdrawal a mark), its rounds (the seed of each draw; once a round
starts, who sat at which table, each table an ordinary partie of the game) and which partie is which table.
Draws and standings are never stored: the draw follows from the seed and the players present, the standings from
the tables' deals (`scorer.tournament`).

A tournament's table refuses a deal past its round's games, after the organiser ended the round (or the table's round,
a player gone), and any change once the round is closed (a later round drawn, unless the organiser reopened it; the
tournament finished): `table_guard` and `table_change_guard`, which the store asks inside the write transaction that
would store the change, through the tables' owner (`OWNER`, `scorer.owners`: a table's partie row says "tournament")."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass

from sqlite_utils import Database

from .. import games, store
from ..owners import Owner
from ..partie import Partie, name_key
from ..problems import Problem, ScoringError
from ..words import N_
from ..store import NotFoundError, new_id, now, reading, writing
from .draw import draw
from .rules import Scoring
from .scoring import Round, Table, Tournament

MAX_PLAYERS = 400
MAX_ROUNDS = 20
SEED_RANGE = 1_000_000


class RoundError(ValueError):
    """What the organiser asked cannot be done now (a round started already, not complete yet, ...): the message
    is for the page, `values` its values."""

    def __init__(self, text: str, **args):
        super().__init__(text)
        self.text = text
        self.values = args


@dataclass(frozen=True)
class Player:
    number: int
    name: str
    withdrawn: bool


@dataclass(frozen=True)
class StoredTable:
    number: int
    players: tuple[int, ...]
    partie_id: str
    ended: str | None = None              # the table's round ended early (a player left mid-round)
    gone: tuple[int, ...] = ()            # who left it mid-round (player numbers)


@dataclass(frozen=True)
class StoredRound:
    number: int
    seed: int
    present: tuple[int, ...] | None       # None: not started (those present now are drawn)
    tables: tuple[StoredTable, ...]       # empty until started
    out: tuple[int, ...]
    started: str | None
    ended: str | None
    reopened: str | None = None           # the organiser reopened it after a later round was drawn


@dataclass(frozen=True)
class StoredTournament:
    id: str
    public_id: str
    name: str
    game: object           # the registry's Game
    rules: object
    scoring: Scoring
    created: str
    version: int
    players: tuple[Player, ...]
    rounds: tuple[StoredRound, ...]
    finished: str | None = None           # the organiser finished the tournament: its results are final

    @property
    def present(self) -> tuple[int, ...]:
        return tuple(p.number for p in self.players if not p.withdrawn)

    @property
    def started(self) -> tuple[StoredRound, ...]:
        return tuple(r for r in self.rounds if r.started)

    @property
    def drawn(self) -> StoredRound | None:
        """The round drawn and not started yet, if any."""
        return self.rounds[-1] if self.rounds and not self.rounds[-1].started else None

    def closed(self, number: int) -> bool:
        """Whether round `number` is closed: a later round is drawn (and the organiser did not reopen it), or the
        tournament is finished. Nobody changes a closed round's games."""
        if self.finished:
            return True
        return len(self.rounds) > number and not self.rounds[number - 1].reopened

    def engine(self, deals_of=None, upto: int | None = None) -> Tournament:
        """The engine's Tournament of the started rounds (the first `upto` of them), each table's deals from
        `deals_of(partie_id)` (none when not given)."""
        rounds = []
        for r in self.started[:upto]:
            tables = tuple(Table(t.players, tuple(deals_of(t.partie_id)) if deals_of else ()) for t in r.tables)
            rounds.append(Round(tables, r.seed, r.out))
        return Tournament(self.game, self.rules, tuple(p.name for p in self.players), tuple(rounds), self.scoring)

    def table_of(self, pid: str) -> tuple[StoredRound, StoredTable] | None:
        for r in self.rounds:
            for t in r.tables:
                if t.partie_id == pid:
                    return r, t
        return None


def create_tournament(db: Database, name: str, game, rules, scoring: Scoring, players: list[str]) -> str:
    """Store a new tournament; return its (organiser's) id."""
    tid, at = new_id(), now()
    with writing(db):
        db["tournaments"].insert({"id": tid, "public_id": new_id(), "name": name, "game": game.key,
                                  "rules": json.dumps(rules.to_stored()),
                                  "scoring": json.dumps(scoring.to_dict()), "created": at, "version": 1})
        _insert_players(db, tid, 0, players)
    return tid


def _insert_players(db: Database, tid: str, first: int, names: list[str]) -> None:
    db.conn.executemany("insert into tournament_players (tournament_id, number, name, folded, withdrawn) "
                        "values (?, ?, ?, ?, 0)",
                        [(tid, first + i, n, name_key(n)) for i, n in enumerate(names)])


def _bump(db: Database, tid: str) -> None:
    if db.execute("update tournaments set version = version + 1 where id = ?", [tid]).rowcount != 1:
        raise NotFoundError(tid)


def version(db: Database, tid: str, public: bool = False) -> int:
    row = db.conn.execute(f"select version from tournaments where {'public_id' if public else 'id'} = ?",
                          [tid]).fetchone()
    if row is None:
        raise NotFoundError(tid)
    return row[0]


def id_of_public(db: Database, sid: str) -> str:
    row = db.conn.execute("select id from tournaments where public_id = ?", [sid]).fetchone()
    if row is None:
        raise NotFoundError(sid)
    return row[0]


def load(db: Database, tid: str) -> StoredTournament:
    """The tournament at `tid`; NotFoundError if there is none."""
    with reading(db):
        rows = list(db.query("select * from tournaments where id = ?", [tid]))
        if not rows:
            raise NotFoundError(tid)
        row = rows[0]
        players = tuple(Player(r["number"], r["name"], bool(r["withdrawn"])) for r in db.query(
            "select * from tournament_players where tournament_id = ? order by number", [tid]))
        tables: dict[int, list] = {}
        for r in db.query("select * from tournament_tables where tournament_id = ? order by round, number", [tid]):
            tables.setdefault(r["round"], []).append(r)
        rounds = []
        for r in db.query("select * from tournament_rounds where tournament_id = ? order by number", [tid]):
            seats = json.loads(r["tables"]) if r["tables"] else []
            stored = tuple(StoredTable(t["number"], tuple(seats[t["number"] - 1]), t["partie_id"], t["ended"],
                                       tuple(json.loads(t["gone"] or "[]")))
                           for t in tables.get(r["number"], ()))
            rounds.append(StoredRound(r["number"], r["seed"], tuple(json.loads(r["present"])) if r["present"]
                                      else None, stored, tuple(json.loads(r["out"] or "[]")), r["started"],
                                      r["ended"], r["reopened"]))
    game = games.by_key(row["game"])
    if game is None:
        raise NotFoundError(tid)
    scoring = Scoring.from_dict(json.loads(row["scoring"]), tuple(game.players))
    return StoredTournament(row["id"], row["public_id"], row["name"], game,
                            game.rules.from_stored(json.loads(row["rules"])), scoring, row["created"],
                            row["version"], players, tuple(rounds), row["finished"])


def add_players(db: Database, tid: str, names: list[str]) -> None:
    """Late entries, appended; RoundError if a name is taken (checked inside the transaction) or too many."""
    with writing(db):
        _not_finished(db, tid)
        taken = {r["folded"]: r["name"] for r in db.query(
            "select folded, name from tournament_players where tournament_id = ?", [tid])}
        clash = [taken[name_key(n)] for n in names if name_key(n) in taken]
        if clash:
            raise RoundError(N_("%(name)s plays in this tournament already."), name=clash[0])
        if len(taken) + len(names) > MAX_PLAYERS:
            raise RoundError(N_("A tournament has at most %(num)s players."), num=MAX_PLAYERS)
        _bump(db, tid)
        _insert_players(db, tid, len(taken), names)


def set_withdrawn(db: Database, tid: str, number: int, withdrawn: bool) -> None:
    """A withdrawal (or a return): from the next draw on. Refused while a round is being played."""
    with writing(db):
        _not_finished(db, tid)
        _not_playing(db, tid)
        if db.execute("update tournament_players set withdrawn = ? where tournament_id = ? and number = ?",
                      [int(withdrawn), tid, number]).rowcount != 1:
            raise NotFoundError(f"{tid}/{number}")
        _bump(db, tid)


def _not_finished(db: Database, tid: str) -> None:
    """Inside a write transaction: RoundError once the organiser finished the tournament (its results are final)."""
    row = db.conn.execute("select finished from tournaments where id = ?", [tid]).fetchone()
    if row is None:
        raise NotFoundError(tid)
    if row[0]:
        raise RoundError(N_("The tournament is finished: its results are final. Reopen it first to change anything."))


def _not_playing(db: Database, tid: str) -> None:
    """Inside a write transaction: RoundError while a started round is not complete."""
    last = db.conn.execute("select number, started from tournament_rounds where tournament_id = ? "
                           "order by number desc limit 1", [tid]).fetchone()
    if last is not None and last[1] and not round_complete(db, tid, last[0]):
        raise RoundError(N_("Round %(num)s is being played: players join or withdraw between rounds."), num=last[0])


def round_complete(db: Database, tid: str, number: int) -> bool:
    """Whether round `number` has ended for every table: ended by the organiser, or every table has its games."""
    row = db.conn.execute("select ended, started from tournament_rounds where tournament_id = ? and number = ?",
                          [tid, number]).fetchone()
    if row is None or not row[1]:
        return False
    if row[0]:
        return True
    t = load(db, tid)
    rnd = t.rounds[number - 1]
    return all(table.ended or table_games(db, t, table)[0] >= t.scoring.games_at(len(table.players))
               for table in rnd.tables)


def table_games(db: Database, t: StoredTournament, table: StoredTable) -> tuple[int, int]:
    """(games counted, deals) of a table's partie, replayed from the store (the web app uses its cache)."""
    sp = store.load(db, table.partie_id)
    settlement = t.game.replay(sp.partie)
    return t.game.games_counted(settlement), len(sp.partie.deals)


def new_seed() -> int:
    return secrets.randbelow(SEED_RANGE)


def draw_round(db: Database, tid: str, seed: int | None = None, complete=None) -> int:
    """Draw the next round (or draw the drawn one again, with a new seed, before it starts); return its number.
    `complete(number)`: whether a started round is complete (the web app's, from its cache); RoundError while the
    last started round is not."""
    drawn = seed is None
    seed = new_seed() if drawn else seed
    with writing(db):
        _not_finished(db, tid)
        last = db.conn.execute("select number, started, seed from tournament_rounds where tournament_id = ? "
                               "order by number desc limit 1", [tid]).fetchone()
        if last is not None and not last[1]:   # a redraw: with another seed than the one shown
            while drawn and seed == last[2]:
                seed = new_seed()
            db.execute("update tournament_rounds set seed = ? where tournament_id = ? and number = ?",
                       [seed, tid, last[0]])
            _bump(db, tid)
            return last[0]
        if last is not None and not (complete(last[0]) if complete else round_complete(db, tid, last[0])):
            raise RoundError(N_("Round %(num)s is not complete yet: end it first (time is up), or wait for its "
                             "tables."), num=last[0])
        number = (last[0] if last else 0) + 1
        if number > MAX_ROUNDS:
            raise RoundError(N_("A tournament has at most %(num)s rounds."), num=MAX_ROUNDS)
        db["tournament_rounds"].insert({"tournament_id": tid, "number": number, "seed": seed})
        # the rounds before it are closed now, those the organiser had reopened too
        db.execute("update tournament_rounds set reopened = null where tournament_id = ? and number < ?",
                   [tid, number])
        _bump(db, tid)
        return number


def undraw(db: Database, tid: str) -> None:
    """Take back a round drawn and not started."""
    with writing(db):
        db.execute("delete from tournament_rounds where tournament_id = ? and started is null", [tid])
        _bump(db, tid)


def the_draw(t: StoredTournament, standings=None) -> Round:
    """The drawn round's tables as the engine draws them from its seed and the players present now
    (TournamentError when they cannot be seated)."""
    rnd = t.drawn
    return draw(t.engine(), t.present, rnd.seed, standings)


def start_round(db: Database, t: StoredTournament, drawn: Round, first_dealer=None) -> list[str]:
    """Start the drawn round: one partie per table (the players in seating order, the first listed dealing first
    unless `first_dealer(size)` says otherwise), each linked to its table; return their ids. RoundError when the
    tournament changed since `t` was read (another organiser's phone drew again or started it)."""
    rnd = t.drawn
    if rnd is None:
        raise RoundError(N_("There is no round drawn to start."))
    at = now()
    ids = []
    with writing(db):
        row = db.conn.execute("select version from tournaments where id = ?", [t.id]).fetchone()
        if row is None:
            raise NotFoundError(t.id)
        if row[0] != t.version:
            raise RoundError(N_("The tournament changed on another phone a moment ago: look at the draw again."))
        for number, table in enumerate(drawn.tables, start=1):
            names = tuple(t.players[p].name for p in table.players)
            dealer = first_dealer(len(names)) if first_dealer else 0
            pid = _create_partie(db, Partie(names, t.rules, (), dealer), at)
            db["tournament_tables"].insert({"partie_id": pid, "tournament_id": t.id, "round": rnd.number,
                                            "number": number})
            ids.append(pid)
        db.execute("update tournament_rounds set present = ?, tables = ?, out = ?, started = ? "
                   "where tournament_id = ? and number = ?",
                   [json.dumps(sorted(t.present)), json.dumps([list(tb.players) for tb in drawn.tables]),
                    json.dumps(list(drawn.out)), at, t.id, rnd.number])
        _bump(db, t.id)
    return ids


def _create_partie(db: Database, partie: Partie, at: str) -> str:
    """A table's partie, as `store.create_partie` stores one (inside the caller's transaction)."""
    pid = new_id()
    db["parties"].insert({
        "id": pid, "game": games.game_of(partie).key,
        "players": json.dumps(list(partie.players), ensure_ascii=False),
        "rules": json.dumps(partie.rules.to_stored()), "first_dealer": partie.first_dealer,
        "version": 1, "created": at, "updated": at, "ended": None, "owner": OWNER.key})
    db["history"].insert({"partie_id": pid, "at": at, "action": "created", "number": None, "detail": None})
    return pid


def end_round(db: Database, tid: str, number: int) -> None:
    """The organiser ends round `number` for every table (time is up): the games recorded so far are the round."""
    with writing(db):
        _not_finished(db, tid)
        if db.execute("update tournament_rounds set ended = ? where tournament_id = ? and number = ? "
                      "and started is not null and ended is null", [now(), tid, number]).rowcount != 1:
            raise RoundError(N_("Round %(num)s is not being played."), num=number)
        _bump(db, tid)


def reopen_round(db: Database, tid: str, number: int) -> str:
    """The organiser reopens round `number`: the last round's end taken back (its tables may record their missing
    games again: "end"), or a round closed by a later draw opened for corrections ("closed": its tables' phones may
    change its games until the next draw or until the organiser closes it again). RoundError otherwise."""
    with writing(db):
        _not_finished(db, tid)
        row = db.conn.execute("select started, ended, reopened from tournament_rounds where tournament_id = ? and "
                              "number = ?", [tid, number]).fetchone()
        if row is None or not row[0]:
            raise RoundError(N_("Round %(num)s is not being played."), num=number)
        later = db.conn.execute("select 1 from tournament_rounds where tournament_id = ? and number > ?",
                                [tid, number]).fetchone()
        if later:
            if row[2]:
                raise RoundError(N_("Round %(num)s is open for corrections already."), num=number)
            db.execute("update tournament_rounds set reopened = ? where tournament_id = ? and number = ?",
                       [now(), tid, number])
            _bump(db, tid)
            return "closed"
        if not row[1]:
            raise RoundError(N_("Round %(num)s is being played: there is nothing to reopen."), num=number)
        db.execute("update tournament_rounds set ended = null where tournament_id = ? and number = ?", [tid, number])
        _bump(db, tid)
        return "end"


def close_round(db: Database, tid: str, number: int) -> None:
    """Close again a round the organiser reopened for corrections (drawing the next round does it too)."""
    with writing(db):
        if db.execute("update tournament_rounds set reopened = null where tournament_id = ? and number = ? and "
                      "reopened is not null", [tid, number]).rowcount != 1:
            raise RoundError(N_("Round %(num)s is not open for corrections."), num=number)
        _bump(db, tid)


def finish(db: Database, tid: str, complete=None) -> None:
    """The organiser finishes the tournament: every round closed, the standings frozen, the results final. RoundError
    before a round was played, while a round is drawn and not started, or while the last round is not complete
    (`complete(number)`, the web app's, as in `draw_round`)."""
    with writing(db):
        _not_finished(db, tid)
        last = db.conn.execute("select number, started from tournament_rounds where tournament_id = ? "
                               "order by number desc limit 1", [tid]).fetchone()
        if last is None:
            raise RoundError(N_("No round has been played yet: there is nothing to finish."))
        if not last[1]:
            raise RoundError(N_("Round %(num)s is drawn and not started: take back its draw first, or play it."),
                             num=last[0])
        if not (complete(last[0]) if complete else round_complete(db, tid, last[0])):
            raise RoundError(N_("Round %(num)s is not complete yet: end it first (time is up), or wait for its "
                                "tables."), num=last[0])
        db.execute("update tournament_rounds set reopened = null where tournament_id = ?", [tid])
        db.execute("update tournaments set finished = ? where id = ?", [now(), tid])
        _bump(db, tid)


def unfinish(db: Database, tid: str) -> None:
    """Take back the finish: the results are no longer final (the rounds stay closed)."""
    with writing(db):
        if db.execute("update tournaments set finished = null where id = ? and finished is not null",
                      [tid]).rowcount != 1:
            raise RoundError(N_("The tournament is not finished."))
        _bump(db, tid)


def player_gone(db: Database, tid: str, player: int) -> tuple[int, int]:
    """A player leaves mid-round: his table's round ends with its games so far (RULES-TOURNAMENT.md §3: the games
    recorded are the round; its tables have four or five players, so it cannot play on without him), he is marked
    gone at it, and he withdraws from the next draw on. Returns (round, table). RoundError when he sits at no table
    of a round being played."""
    with writing(db):
        _not_finished(db, tid)
        table = _table_of_player(db, tid, player)
        if table is None:
            raise RoundError(N_("%(name)s sits at no table of a round being played."), name=_name(db, tid, player))
        rnd, number, gone, ended = table
        if player in gone:
            raise RoundError(N_("%(name)s has left the table already."), name=_name(db, tid, player))
        db.execute("update tournament_tables set ended = coalesce(ended, ?), gone = ? where tournament_id = ? and "
                   "round = ? and number = ?", [now(), json.dumps(sorted({*gone, player})), tid, rnd, number])
        db.execute("update tournament_players set withdrawn = 1 where tournament_id = ? and number = ?", [tid, player])
        _bump(db, tid)
        return rnd, number


def player_back(db: Database, tid: str, player: int) -> tuple[int, int]:
    """Take back a player's leaving (marked by mistake, or he came back): his table plays on when no one else left
    it, and he is drawn again. RoundError when he is not marked gone in a round still open."""
    with writing(db):
        _not_finished(db, tid)
        table = _table_of_player(db, tid, player)
        if table is None or player not in table[2]:
            raise RoundError(N_("%(name)s is not marked as gone at a table of a round being played."),
                             name=_name(db, tid, player))
        rnd, number, gone, _ended = table
        rest = sorted(set(gone) - {player})
        db.execute("update tournament_tables set gone = ?, ended = case when ? then ended end where tournament_id = ? "
                   "and round = ? and number = ?", [json.dumps(rest), 1 if rest else 0, tid, rnd, number])
        db.execute("update tournament_players set withdrawn = 0 where tournament_id = ? and number = ?", [tid, player])
        _bump(db, tid)
        return rnd, number


def _name(db: Database, tid: str, player: int) -> str:
    row = db.conn.execute("select name from tournament_players where tournament_id = ? and number = ?",
                          [tid, player]).fetchone()
    if row is None:
        raise NotFoundError(f"{tid}/{player}")
    return row[0]


def _table_of_player(db: Database, tid: str, player: int):
    """Inside a transaction: (round, table, gone, ended) of the player's table in the last started round, if that round
    is not closed; else None."""
    last = db.conn.execute("select number, tables from tournament_rounds where tournament_id = ? and started is not "
                           "null order by number desc limit 1", [tid]).fetchone()
    if last is None or db.conn.execute("select 1 from tournament_rounds where tournament_id = ? and number > ?",
                                       [tid, last[0]]).fetchone():
        return None
    for i, seats in enumerate(json.loads(last[1] or "[]"), start=1):
        if player in seats:
            row = db.conn.execute("select gone, ended from tournament_tables where tournament_id = ? and round = ? and "
                                  "number = ?", [tid, last[0], i]).fetchone()
            return last[0], i, tuple(json.loads(row[0] or "[]")), row[1]
    return None


def table_of_partie(db: Database, pid: str) -> dict | None:
    """The tournament table a partie is: {tournament_id, public_id, name, round, number, scoring, game, ended (the
    round's, or the table's own: a player left), gone (player names), closed (a later round is drawn and the
    organiser did not reopen this one, or the tournament is finished), finished, size}; None for an ordinary
    partie."""
    row = db.conn.execute(
        "select tt.tournament_id, t.public_id, t.name, tt.round, tt.number, t.scoring, t.game, r.ended, r.tables, "
        "tt.ended, tt.gone, t.finished, r.reopened, "
        "(select max(number) from tournament_rounds r2 where r2.tournament_id = tt.tournament_id) "
        "from tournament_tables tt join tournaments t on t.id = tt.tournament_id "
        "join tournament_rounds r on r.tournament_id = tt.tournament_id and r.number = tt.round "
        "where tt.partie_id = ?", [pid]).fetchone()
    if row is None:
        return None
    tables = json.loads(row[8] or "[]")
    seats = tables[row[4] - 1] if 0 < row[4] <= len(tables) else []
    gone = [n for n in json.loads(row[10] or "[]")]
    names = dict(db.conn.execute("select number, name from tournament_players where tournament_id = ? and number in "
                                 f"({','.join('?' * len(gone))})", [row[0], *gone]).fetchall()) if gone else {}
    return {"tournament_id": row[0], "public_id": row[1], "name": row[2], "round": row[3], "number": row[4],
            "scoring": row[5], "game": row[6], "ended": row[7] or row[9], "round_ended": row[7],
            "gone": [names.get(n, "") for n in gone], "finished": row[11],
            "closed": bool(row[11]) or (row[13] > row[3] and not row[12]), "latest": row[13], "size": len(seats)}


def allowed_games(table: dict) -> int:
    game = games.by_key(table["game"])
    return Scoring.from_dict(json.loads(table["scoring"]), tuple(game.players)).games_at(table["size"])


ORGANISER = "organiser"   # `Guard.by` of a change made from a browser that organises the table's tournament


def _closed(table: dict) -> None:
    """A closed round's table: nothing changes (the tournament finished, or a later round drawn)."""
    if table["finished"]:
        raise ScoringError([Problem("type", "the tournament is finished and its results are final: nothing was "
                                            "changed. Ask the organiser")])
    if table["closed"]:
        raise ScoringError([Problem("type", "round {round} is over: round {next} has been drawn, and nothing was "
                                            "changed. Ask the organiser: only he can reopen round {round}",
                                    round=table["round"], next=table["latest"])])


def table_guard(db: Database, pid: str) -> None:
    """Inside `store.add_deal`'s write transaction: a tournament's table refuses a deal once its round is closed, once
    the organiser ended its round (or its own, a player gone), or once it has the round's games (counted as the game
    counts them: a misdeal is not a game)."""
    table = table_of_partie(db, pid)
    if table is None:
        return
    _closed(table)
    if table["round_ended"]:
        raise ScoringError([Problem("type", "round {round} has ended (the organiser ended it for every table): "
                                            "this deal is not recorded", round=table["round"])])
    if table["ended"]:
        raise ScoringError([Problem("type", "this table's round has ended: {names} left the table, so its games so "
                                            "far are its round, and this deal is not recorded",
                                    names=", ".join(table["gone"]))])
    allowed = allowed_games(table)
    deals = db.conn.execute("select count(*) from deals where partie_id = ?", [pid]).fetchone()[0]
    if deals < allowed:   # fewer deals than games: still room, whatever they were
        return
    game = games.by_key(table["game"])
    if game.games_counted(game.replay(store.load(db, pid).partie)) >= allowed:
        raise ScoringError([Problem("type", "this table has played the {games} games of round {round}: the round "
                                            "is complete here, and this deal is not recorded", games=allowed,
                                    round=table["round"])])


def table_change_guard(db: Database, pid: str, guard: store.Guard) -> None:
    """Inside `store.update_deal`'s (after the change) and `store.delete_deal`'s write transaction: a closed round's
    games change for no one (the organiser reopens the round first); once the organiser ended the round (or the
    table's, a player gone), a table's games are the organiser's to correct (the table's own edit, delete or undo is
    refused); and an edit never takes a table past the round's games (a misdeal made a game)."""
    table = table_of_partie(db, pid)
    if table is None:
        return
    _closed(table)
    if table["ended"] and guard.by != ORGANISER:
        raise ScoringError([Problem("type", "round {round} has ended: only the organiser can correct this table's "
                                            "games now, and nothing was changed", round=table["round"])])
    allowed = allowed_games(table)
    game = games.by_key(table["game"])
    if game.games_counted(game.replay(store.load(db, pid).partie)) > allowed:
        raise ScoringError([Problem("type", "this table would have more than the {games} games of round {round}: "
                                            "nothing was changed", games=allowed, round=table["round"])])


class Tables(Owner):
    """A tournament's tables as the owner of their parties (`scorer.owners`, the row's `owner` "tournament"): the
    store asks it before it keeps a change of a table's deals; its pages' part is scorer/tournament/web.py's."""

    key = "tournament"
    web = "scorer.tournament.web"

    def refuse_deal(self, db, pid):
        table_guard(db, pid)

    def refuse_change(self, db, pid, guard):
        table_change_guard(db, pid, guard)


OWNER = Tables()
