"""The database's command: `flask --app scorer init-db` creates the store (or brings an older one up to date)."""

import sqlite3

from scorer import create_app


def test_init_db_creates_the_store_and_says_where(tmp_path):
    path = tmp_path / "data" / "scorer.sqlite"
    path.parent.mkdir()
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test"})
    path.unlink()                                   # the app made it at start: the command makes it again
    result = app.test_cli_runner().invoke(args=["init-db"])
    assert result.exit_code == 0
    assert result.output == f"Database ready: {path}\n"
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
        columns = {row[1] for row in conn.execute("pragma table_info(parties)")}
    assert {"parties", "deals", "history", "submissions"} <= tables
    assert {"id", "game", "players", "rules", "first_dealer", "version", "created", "updated", "ended"} <= columns


def test_init_db_keeps_the_parties_it_finds(tmp_path):
    path = tmp_path / "scorer.sqlite"
    app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    board = client.post("/new", data={"player0": "Anna", "player1": "Bernd", "first_dealer": "0",
                                      "preset": "tarockbuch-extended", "deck": "54", "simple_games": "default",
                                      "nullrunde": "queue", "valat": "replace"}).headers["Location"]
    assert app.test_cli_runner().invoke(args=["init-db"]).exit_code == 0
    assert client.get(board).status_code == 200
    with sqlite3.connect(path) as conn:
        assert conn.execute("select count(*) from parties").fetchone()[0] == 1
