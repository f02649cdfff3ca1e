"""Money in whole cents: a stake of less than a cent is refused (on the command line and in the new-partie form,
in German and English), amounts are written with two decimals (0,10 € / 0.10 €), Bavarian money too, and a
partie stored before money was in cents still opens."""

import json
import re

import pytest

from .helpers import DATA, refused, run_replay as replay, written

ISSUE = DATA / "issue-12"


@pytest.mark.process
@pytest.mark.parametrize("stake", ["0.125", "0.0125"])
def test_a_stake_of_less_than_a_cent_is_refused(tmp_path, stake):
    data = json.loads((DATA / "format-example.json").read_text())
    data["rules"]["stake"] = stake
    assert refused(replay(written(tmp_path, data))) == [f"rules: a stake is money: at most two decimals, not {stake}"]


@pytest.mark.process
def test_a_stake_of_0_100_is_ten_cents_written_with_two_decimals(tmp_path):
    data = json.loads((DATA / "format-example.json").read_text())
    data["rules"]["stake"] = "0.100"
    path = written(tmp_path, data)
    assert json.loads(replay(path, "--json").stdout)["money"] == ["0.50", "-0.50"]
    assert replay(path, "--csv").stdout.endswith("\nmoney,,,,,,,,,,,0.50,-0.50\n")
    table = replay(path).stdout
    assert "   0.50\n" in table and "  -0.50\n" in table and "0.500" not in table


@pytest.mark.parametrize("option, value, message", [
    ("ante", "0.505", "rules: an ante is money: at most two decimals, not 0.505"),
    ("stake", "0.015", "rules: a stake is money: at most two decimals, not 0.015"),
])
@pytest.mark.process
def test_bavarian_money_is_whole_cents(tmp_path, option, value, message):
    data = json.loads((ISSUE / "haferl-raised-hand.json").read_text())
    data["rules"][option] = value
    assert refused(replay(written(tmp_path, data))) == [message]


@pytest.mark.process
def test_bavarian_money_has_two_decimals(tmp_path):
    data = json.loads((ISSUE / "haferl-raised-hand.json").read_text())
    data["rules"].update(ante="0.5", stake="0.010")
    settled = json.loads(replay(written(tmp_path, data), "--json").stdout)
    assert settled["balance"] == ["-0.90", "-0.90", "0.30"] and settled["pot"] == "1.50"
    assert settled["deals"][0]["transfers"][0]["amount"] == "0.40"
    sharp = {"format": "haferltarock-partie", "version": 1, "players": ["A", "B", "C"],
             "rules": {"preset": "sharp", "bankroll": "10.5"}, "deals": []}
    assert json.loads(replay(written(tmp_path, sharp), "--json").stdout)["credits"] == ["10.50"] * 3
    sharp["rules"]["bankroll"] = "10.001"
    assert refused(replay(written(tmp_path, sharp))) == ["rules: a bankroll is money: at most two decimals, not 10.001"]


def _client(app, language):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    return client


@pytest.mark.parametrize("language, stake, message", [
    ("de", "0,125", "Der Einsatz ist Geld: höchstens zwei Nachkommastellen, nicht 0,125."),
    ("en", "0.0125", "A stake is money: at most two decimals, not 0.0125."),
])
def test_the_new_partie_form_refuses_a_stake_under_a_cent(app, language, stake, message):
    from scorer.db import connect
    from tests.conftest import NEW_PARTIE

    page = _client(app, language).post("/new", data={**NEW_PARTIE, "stake": stake})
    assert page.status_code == 422 and message in page.text
    with app.app_context():
        assert connect(app.config["DATABASE"])["parties"].count == 0      # nothing stored


@pytest.mark.parametrize("language, stake, shown", [("de", "0,100", ("+0,50 €", "−0,50 €")),
                                                    ("en", "0.100", ("+0.50 €", "−0.50 €"))])
def test_money_on_the_board_has_two_decimals(app, language, stake, shown):
    from tests.conftest import record, start

    client = _client(app, language)
    board = start(client, stake=stake)
    for _ in range(5):
        assert record(client, board, points="40").status_code == 302       # Anna wins 5 simple games: 1 each
    page = client.get(board).text
    assert tuple(re.search(rf'id="money-{i}">([^<]*)<', page).group(1) for i in (0, 1)) == shown
    assert "0,500" not in page and "0.500" not in page


@pytest.mark.parametrize("game, stored, money", [
    ("strohmandeln", {"preset": "tarockbuch-extended", "stake": "0.125"}, ["0.12", "-0.12"]),   # 1 x 0.125, to the cent
    ("strohmandeln", {"preset": "tarockbuch-classic", "stake": "0"}, None),
    ("haferltarock", {"preset": "haferl", "ante": "0.505", "stake": "0.01"}, None),
])
def test_a_partie_stored_before_money_was_in_cents_still_opens(app, game, stored, money):
    """A stake of 0 or of a fraction of a cent was accepted before: such a stored partie still loads and shows."""
    from scorer.db import connect
    from scorer.games import GAMES
    from scorer.store import create_partie, load
    from tests.conftest import NEW_PARTIE, start

    client = app.test_client()
    board = start(client) if game == "strohmandeln" else None
    with app.app_context():
        db = connect(app.config["DATABASE"])
        if board is None:
            from scorer.games.haferl import RuleSet
            from scorer.partie import Partie
            pid = create_partie(db, Partie(("A", "B", "C"), RuleSet.default(), ()))
            board = f"/p/{pid}"
        pid = board.rstrip("/").split("/")[-1]
        db["parties"].update(pid, {"rules": json.dumps(stored)})
        rules = load(db, pid).partie.rules
    assert str(rules.stake) == stored["stake"]
    if game == "strohmandeln":
        assert record_win(client, board) == 302
        page = client.get(board)
        assert page.status_code == 200
        with app.app_context():
            from scorer.games import game_of
            sp = load(connect(app.config["DATABASE"]), pid)
            settled = game_of(sp.partie).replay(sp.partie)
            assert money is None or [str(m) for m in settled.money] == money
    else:
        assert str(rules.ante) == "0.505" and client.get(board).status_code == 200
    with pytest.raises(Exception):
        GAMES[game].rules.from_dict(stored)      # still refused where a person or a file gives it


def record_win(client, board):
    from tests.conftest import record

    return record(client, board, points="40").status_code
