"""The seam, proven: a fake game (tests/fakegame, in the tests only) joins the registry with its own files and
nothing else, and the partie file, the store, the exports and the command line serve it like the real games."""

import json

import pytest

from scorer import games, store
from scorer.__main__ import main
from scorer.db import connect
from scorer.export import csv_text, excel_text
from scorer.partie_file import dumps, from_dict, loads, settlement_to_dict, to_dict
from scorer.words import ENGLISH

from .fakegame.fixture import fake_game  # noqa: F401  (the fixture)

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
    assert ('format must be "strohmandeln-partie", "haferltarock-partie" or "coin-toss-partie"'
            in [str(p) for p in refused.value.problems])


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


def test_it_is_gone_after_the_test():
    assert "coin-toss" not in games.GAMES and games.by_format("coin-toss-partie") is None
