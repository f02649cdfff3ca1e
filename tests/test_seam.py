"""The seam, proven: a fake game (tests/fakegame, in the tests only) joins the registry with its own files and
nothing else, and the partie file, the store, the exports and the command line serve it like the real games."""

import json

import pytest

import re
import secrets

from scorer import create_app, games, store
from scorer.__main__ import main
from scorer.db import connect
from scorer.export import csv_text, excel_text
from scorer.partie_file import dumps, from_dict, loads, settlement_to_dict, to_dict
from scorer.words import ENGLISH

from .fakegame.fixture import fake_game  # noqa: F401  (the fixture)
from .test_table import make_partie, partie_pages

COIN = {"format": "coin-toss-partie", "version": 1, "players": ["Anna", "Bernd", "Clara"],
        "rules": {"preset": "double"},
        "deals": [{"type": "game", "dealer": 0, "winner": 2}, {"type": "redeal", "dealer": 1},
                  {"type": "game", "dealer": 2, "winner": 0}]}


def test_the_partie_file_round_trips(fake_game):
    partie = loads(json.dumps(COIN))
    assert games.game_of(partie) is fake_game
    assert to_dict(partie) == COIN
    assert loads(dumps(partie)) == partie
    assert settlement_to_dict(fake_game.replay(partie))["balance"] == [2, -4, 2]


def test_its_problems_are_said_as_every_game_says_them(fake_game):
    with pytest.raises(fake_game.error) as refused:
        from_dict({**COIN, "deals": [{"type": "game", "dealer": 0, "winner": 7}], "colour": "red"})
    assert [str(p) for p in refused.value.problems] == [
        "unknown field 'colour'", "deal 1: declarer is a player's number, counted from 0"]
    with pytest.raises(games.default().error) as refused:
        from_dict({**COIN, "format": "skat-partie"})
    assert [str(p) for p in refused.value.problems] == [
        'unknown format \'skat-partie\': a partie file\'s format is "strohmandeln-partie", "haferltarock-partie", '
        '"koenigrufen-partie", "zwanzigerrufen-partie", "tapp-partie" or "coin-toss-partie"']


def test_the_shared_preview_scores_its_next_deal(fake_game):
    partie = loads(json.dumps(COIN))
    deal = fake_game.engine.Deal("game", 0, 1)
    assert fake_game.preview(partie, deal).points == (-2, 4, -2)
    assert fake_game.preview(partie, deal, settlement=fake_game.replay(partie)).points == (-2, 4, -2)
    assert fake_game.preview(partie, deal, index=0).balance == (-2, 4, -2)


def test_the_store_keeps_it(fake_game, tmp_path):
    db = connect(str(tmp_path / "scorer.sqlite"))
    partie = loads(json.dumps(COIN))
    pid = store.create_partie(db, partie)
    assert next(db.query("select game from parties where id = ?", [pid]))["game"] == "coin-toss"
    assert store.load(db, pid).partie == partie


def test_its_exports_and_command_line(fake_game, tmp_path, capsys):
    settlement = fake_game.replay(loads(json.dumps(COIN)))
    assert csv_text(settlement).splitlines() == [
        "Deal,Dealer,Points Anna,Points Bernd,Points Clara", "1,Anna,-2,-2,4", "2,Bernd,0,0,0", "3,Clara,4,-2,-2",
        "Total,,2,-4,2"]
    assert excel_text(settlement, ENGLISH).startswith("\ufeffDeal;Dealer;Points Anna")
    path = tmp_path / "coin.json"
    path.write_text(json.dumps(COIN))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "balance: Anna +2, Bernd -4, Clara +2"
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["balance"] == [2, -4, 2]


@pytest.fixture
def fake_client(fake_game, tmp_path):
    """An app made while the fake game is registered (its pages and routes join the app), and its client."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "scorer.sqlite"), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False})
    return app, app.test_client()


def test_it_is_offered_and_played_on_the_web_like_every_game(fake_client):
    app, client = fake_client
    page = client.get("/new").text
    assert 'href="/new?game=coin-toss"' in page and "Coin toss (2 or 3)" in page
    assert 'aria-current="page">Coin toss (2 or 3)' in client.get("/new?game=coin-toss").text
    response = client.post("/new", data={"game": "coin-toss", "player0": "Anna", "player1": "Bernd",
                                         "player2": "Clara", "first_dealer": "1", "preset": "double"})
    assert response.status_code == 302, response.text
    board = response.headers["Location"]
    form = client.get(board + "/deal").text
    assert 'name="winner"' in form
    # its own script, from its folder's static/ through its blueprint, hashed and kept a year like the shared ones
    script = re.search(r'<script src="(/static/coin/coin\.[0-9a-f]{10}\.js)" defer>', form).group(1)
    answer = client.get(script)
    assert answer.status_code == 200 and "window.scorer.form.add" in answer.text
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # and the service worker keeps it, so its deal form works offline
    sw = client.get(re.search(r'data-sw="([^"]+)"', client.get(board).text).group(1)).text
    assert f'"{script}"' in sw
    preview = client.post(board + "/deal", data={"type": "game", "dealer": "1", "winner": "2", "action": "preview",
                                                 "key": secrets.token_urlsafe(16)})
    assert "Clara won the toss: -2, -2, 4" in preview.text
    saved = client.post(board + "/deal", data={"type": "game", "dealer": "1", "winner": "2", "action": "save",
                                               "key": secrets.token_urlsafe(16)})
    assert saved.status_code == 302
    wrong = client.post(board + "/deal", data={"type": "game", "dealer": "2", "winner": "7", "action": "save",
                                               "key": secrets.token_urlsafe(16)})
    assert wrong.status_code == 422 and "Choose who won." in wrong.text
    assert "Anna -2 Bernd -2 Clara 4" in client.get(board).text
    assert "Clara won the toss: -2, -2, 4" in client.get(board + "/deal/1").text
    file = client.get(board + "/partie.json")
    assert file.headers["Content-Disposition"].startswith('attachment; filename="coin-toss-Anna-Bernd-Clara-')
    assert json.loads(file.text)["deals"] == [{"type": "game", "dealer": 1, "winner": 2}]
    assert client.get(board + "/export.csv").text.splitlines()[-1] == "Total,,-2,-2,4"
    pid = board.rsplit("/", 1)[1]
    assert re.search(r"game dealt by 1", client.get(f"/p/{pid}/history").text)


def test_the_route_walk_passes_for_it(fake_client):
    """Every page of the fake game answers, as test_table's walk asks of every real game."""
    app, client = fake_client
    board = make_partie(app, "coin-toss")   # its own sample partie, as every game's
    paths = partie_pages(app, board)
    assert any(p.endswith("/calculator") for p in paths) and any("/deal/1/edit" in p for p in paths)
    for path in paths:
        response = client.get(path)
        assert response.status_code < 500, (path, response.status_code)
        if "/p/" in path and "calculator" not in path:
            assert response.status_code in (200, 304), path
    assert client.get(board).status_code == 200


def test_it_is_gone_after_the_test():
    assert "coin-toss" not in games.GAMES and games.by_format("coin-toss-partie") is None


def test_a_tournament_of_it_is_seated_and_scored_through_the_seam(fake_game):
    from scorer.tournament import file as tournament_file, random_draw, seating

    assert seating(fake_game.players, 5).sizes == (3, 2) and seating(fake_game.players, 1) is None
    data = {"format": "tarock-tournament", "version": 1, "game": "coin-toss", "rules": {"preset": "double"},
            "players": ["Anna", "Bernd", "Clara", "Dora", "Emil"],
            "rounds": [{"seed": 4, "tables": [
                {"players": [4, 0, 2], "deals": [{"type": "game", "dealer": 0, "winner": 1},
                                                 {"type": "redeal", "dealer": 1}]},
                {"players": [1, 3], "deals": [{"type": "game", "dealer": 0, "winner": 1}]}]}]}
    standings = tournament_file.standings_of(data)
    three, two = standings.rounds[0]
    assert three.schrift == (-2, 4, -2) and three.games == 2 and three.rank_points == (15, 60, 15)
    assert two.schrift == (-2, 2) and two.rank_points == (0, 60)
    assert [(s.place, s.player, s.total) for s in standings.standings][:2] == [(1, 0, 64), (2, 3, 62)]
    assert [len(t.players) for t in random_draw(standings.tournament, range(5), 1).tables] == [3, 2]


# -- the contract is two classes, every hook declared and documented ---------------------------------------------------

def test_every_hook_is_declared_once_and_documented():
    """Each attribute and hook of `Game`, `GameWeb`, a partie's `Owner` and its `OwnerWeb` is in docs/ARCHITECTURE.md's
    tables of the seam."""
    from pathlib import Path

    from scorer import game, gameweb, owners
    from scorer.web import owned
    text = (Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md").read_text("utf-8")
    seam = text[text.index("## The seam"):]
    missing = [name for name in (*game.hooks(), *gameweb.hooks(), *owners.hooks(), *owned.hooks())
               if f"`{name}" not in seam]
    assert not missing, missing


def test_every_game_sets_what_it_must_and_its_web_part_gives_what_it_must(fake_game):
    import inspect

    from scorer.game import Game
    from scorer.gameweb import GameWeb, hooks
    for game in games.registered():
        assert isinstance(game, Game)
        for name in Game.REQUIRED:
            assert getattr(type(game), name, None) is not None, (game, name)
        if not game.offered:
            with pytest.raises(LookupError):
                game.web_part()
            continue
        web = game.web_part()
        assert isinstance(web, GameWeb) and web is game.web_part(), game
        for name in GameWeb.REQUIRED:
            assert getattr(type(web), name) is not getattr(GameWeb, name) and getattr(web, name) is not None, \
                (game, name)
        for name in hooks():
            base = getattr(GameWeb, name)
            if not inspect.isfunction(base):
                continue
            wanted = [p for p in list(inspect.signature(base).parameters.values())[1:]
                      if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
            given = inspect.signature(getattr(web, name)).parameters
            assert all(p.name in given for p in wanted), (game, name, list(given))


def test_an_unknown_game_is_refused_never_another_game_instead(fake_client):
    app, client = fake_client
    with pytest.raises(games.UnknownGame):
        games.find("skat")
    assert games.find("coin-toss").key == "coin-toss"
    assert client.get("/new?game=skat").status_code == 404
    sent = client.post("/new", data={"game": "skat", "player0": "Anna", "player1": "Bernd"})   # a form for no game
    assert sent.status_code == 400 and "This scorer has no game “skat”" in sent.text
    german = client.post("/new", data={"game": "skat"}, headers={"Accept-Language": "de"})
    assert german.status_code == 400 and "Das Spiel „skat“ bietet dieser Schreiber nicht an" in german.text
    assert not list(connect(app.config["DATABASE"]).query("select id from parties"))   # nothing stored
    for engine_only in [g for g in games.registered() if not g.offered]:   # its web part not written yet
        assert client.get(f"/new?game={engine_only.key}").status_code == 404
    assert "Coin toss" in client.get("/new?game=coin-toss").text
