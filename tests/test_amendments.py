"""Issue 12, the amended contracts, through the command line: `python -m scorer replay FILE` with the issue's
exact examples (tests/data/issue-12/), their numbers, their refusals (one message each, status 1)."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DATA = ROOT / "tests" / "data"
ISSUE = DATA / "issue-12"


def replay(path, *args):
    return subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), *args], capture_output=True,
                          text=True, cwd=ROOT)


def refused(result):
    """The problems of a refused file: nothing on standard output, status 1, no traceback."""
    assert result.returncode == 1 and result.stdout == "" and "Traceback" not in result.stderr, result
    return result.stderr.splitlines()


def strohmandeln(deals, players=("Anna", "Bernd"), **rules):
    return {"format": "strohmandeln-partie", "version": 1, "players": list(players),
            "rules": {"preset": "tarockbuch-extended", **rules}, "deals": deals}


def written(tmp_path, data):
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# -- 1. Beck's 35 : 35 draw -----------------------------------------------------------------------------------

def test_beck_draw_scores_the_announcements_only():
    out = replay(ISSUE / "beck-draw.json", "--json")
    assert out.returncode == 0 and out.stderr == ""
    settled = json.loads(out.stdout)
    assert settled["deals"][0]["points"] == [0, 2]           # Trull 2; the captured Pagat of a draw scores 0
    assert settled["deals"][0]["items"] == [{"item": "trull_announced", "player": 1, "points": 2},
                                            {"item": "pagat_captured", "player": 0, "points": 0}]
    assert settled["balance"] == [-2, 2] and settled["money"] == ["-0.20", "0.20"]


def test_beck_draw_lost_by_the_undertaker_counts_every_bonus(tmp_path):
    data = json.loads((ISSUE / "beck-draw.json").read_text())
    data["rules"]["undertaker_loses_draw"] = True
    settled = json.loads(replay(written(tmp_path, data), "--json").stdout)
    assert settled["deals"][0]["points"] == [4, 2]           # Anna: game 2 + Pagat captured 2; Bernd: Trull 2


# -- 2. a raised Hand in haferl --------------------------------------------------------------------------------

def test_a_raised_hand_is_paid_on_the_card_point_scale():
    out = replay(ISSUE / "haferl-raised-hand.json", "--json")
    assert out.returncode == 0 and out.stderr == ""
    settled = json.loads(out.stdout)
    assert settled["deals"][0]["payments"] == ["-0.40", "-0.40", "0.80"]    # 20 cents, twice, from each
    assert settled["balance"] == ["-0.90", "-0.90", "0.30"] and settled["pot"] == "1.50"
    table = replay(ISSUE / "haferl-raised-hand.json")
    assert "C Hand (Handspiel) to 66, 80 : 40 won" in table.stdout and "C     +0.30" in table.stdout


# -- 3. every bird in its own trick -----------------------------------------------------------------------------

def test_birds_need_a_trick_each():
    assert refused(replay(ISSUE / "birds.json")) == [
        "deal 1: Uhu and Kakadu need at least 1 1/3 card points (2 tricks of their own); Anna has 0 2/3",
        "deal 2: Rostopschin needs at least 1 1/3 card points (2 tricks of its own); Bernd has 0 2/3",
        "deal 3: Pagat and Uhu need at least 5 1/3 card points (2 tricks of their own); Anna has 4 2/3",
    ]


def test_birds_with_their_tricks_worth_are_scored(tmp_path):
    data = json.loads((ISSUE / "birds.json").read_text())
    data["deals"][0]["card_points"] = ["1 1/3", None]
    data["deals"][1]["card_points"] = [None, "1 1/3"]
    data["deals"][2]["card_points"] = ["5 1/3", None]
    settled = json.loads(replay(written(tmp_path, data), "--json").stdout)
    # deal 1: Bernd's simple game with Grammel 2, Anna's Uhu and Kakadu 2: a tie, so deals 2 and 3 count double;
    # deal 2: Anna 1 + Grammel 1, Bernd's Rostopschin 1; deal 3: Anna's undertaken game lost under 26 (5), her
    # Pagat and Uhu 2
    assert [d["points"] for d in settled["deals"]] == [[2, 2], [4, 2], [4, 10]]


# -- 4. money in cents -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("stake", ["0.125", "0.0125"])
def test_a_stake_of_less_than_a_cent_is_refused(tmp_path, stake):
    data = json.loads((DATA / "format-example.json").read_text())
    data["rules"]["stake"] = stake
    assert refused(replay(written(tmp_path, data))) == [f"rules: a stake is money: at most two decimals, not {stake}"]


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
def test_bavarian_money_is_whole_cents(tmp_path, option, value, message):
    data = json.loads((ISSUE / "haferl-raised-hand.json").read_text())
    data["rules"][option] = value
    assert refused(replay(written(tmp_path, data))) == [message]


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


def test_the_format_example_still_settles_as_format_md_says():
    settled = json.loads(replay(DATA / "format-example.json", "--json").stdout)
    assert settled["balance"] == [5, -5] and settled["money"] == ["0.50", "-0.50"]
    assert settled["doubled_pending"] == 1 and settled["next_dealer"] == 1


# -- also: impossible pairs and the messages ---------------------------------------------------------------------

GAME = {"type": "game", "dealer": 0, "undertaker": 0, "card_points": ["40", None]}


@pytest.mark.parametrize("preset, bonuses, message", [
    ("beck", [("trull_announced", 1), ("mondfang", 0)],
     "deal 1: Trull for Bernd means Bernd held the Sküs and the Mond: nobody can have a Mondfang"),
    ("beck", [("trull_announced", 1), ("pagat", 0)],
     "deal 1: Trull for Bernd means Bernd held the Pagat: Anna cannot have made the Pagat ultimo"),
    ("tarockbuch-classic", [("trull_announced", 0), ("pagat", 1)],
     "deal 1: Trull announced for Anna means Anna held the Pagat: Bernd cannot have made the Pagat ultimo"),
    ("tarockbuch-extended", [("grammel", 0)],
     "deal 1: unknown bonus 'grammel': Grammel, Absolut and Grandpoint follow from the card points and are not "
     "entered"),
])
def test_impossible_bonuses_are_refused_with_the_reason(tmp_path, preset, bonuses, message):
    deal = dict(GAME, bonuses=[{"bonus": b, "player": p} for b, p in bonuses])
    assert refused(replay(written(tmp_path, strohmandeln([deal], preset=preset)))) == [message]


def test_one_bonus_needs_more_than_the_pile_has(tmp_path):
    deal = dict(GAME, card_points=["60", None], bonuses=[{"bonus": "trull_tricks", "player": 1}])
    assert refused(replay(written(tmp_path, strohmandeln([deal])))) == [
        "deal 1: Trull needs at least 13 1/3 card points; Bernd has 10"]


def test_the_pagat_captured_from_an_announced_trull_is_scored(tmp_path):
    deal = dict(GAME, bonuses=[{"bonus": "trull_announced", "player": 1}, {"bonus": "pagat_captured", "player": 0}])
    settled = json.loads(replay(written(tmp_path, strohmandeln([deal], preset="beck")), "--json").stdout)
    assert settled["deals"][0]["points"] == [4, 2]


def test_a_bonus_with_a_bad_player_names_the_bonus(tmp_path):
    deals = [{"type": "redeal", "dealer": 0, "reason": "no-tarock"}] * 18
    deals.append({"type": "game", "dealer": 0, "undertaker": None, "card_points": ["40", None],
                  "bonuses": [{"bonus": "pagat", "player": 2}]})
    assert refused(replay(written(tmp_path, strohmandeln(deals)))) == [
        "deal 19: the Pagat's player must be Anna or Bernd"]


def test_a_misdeal_without_an_offender_asks_who_misdealt(tmp_path):
    for misdeal in ({"type": "misdeal", "dealer": 0}, {"type": "misdeal", "dealer": 0, "offender": None}):
        assert refused(replay(written(tmp_path, strohmandeln([misdeal])))) == ["deal 1: say who misdealt"]


# -- money in cents on the pages (German: 0,10 €; English: 0.10 €) ------------------------------------------------

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
