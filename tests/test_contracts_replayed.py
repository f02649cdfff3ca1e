"""The contracts through the command line: `python -m scorer replay FILE` with exact examples
(tests/data/issue-12/): Beck's 35 : 35 draw, a raised Hand in Bavarian Tarock, every bird in its own trick, the
format example, impossible bonuses refused with the reason (one message each, status 1)."""

import json

import pytest

from .helpers import DATA, refused, run_replay as replay, written

pytestmark = pytest.mark.process   # every test here replays through the command line, a process of its own

ISSUE = DATA / "issue-12"


def strohmandeln(deals, players=("Anna", "Bernd"), **rules):
    return {"format": "strohmandeln-partie", "version": 1, "players": list(players),
            "rules": {"preset": "tarockbuch-extended", **rules}, "deals": deals}


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


def test_a_raised_hand_is_paid_on_the_card_point_scale():
    out = replay(ISSUE / "haferl-raised-hand.json", "--json")
    assert out.returncode == 0 and out.stderr == ""
    settled = json.loads(out.stdout)
    assert settled["deals"][0]["payments"] == ["-0.40", "-0.40", "0.80"]    # 20 cents, twice, from each
    assert settled["balance"] == ["-0.90", "-0.90", "0.30"] and settled["pot"] == "1.50"
    table = replay(ISSUE / "haferl-raised-hand.json")
    assert "C Hand (Handspiel) to 66, 80 : 40 won" in table.stdout and "C     +0.30" in table.stdout


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


def test_the_format_example_still_settles_as_format_md_says():
    settled = json.loads(replay(DATA / "format-example.json", "--json").stdout)
    assert settled["balance"] == [5, -5] and settled["money"] == ["0.50", "-0.50"]
    assert settled["doubled_pending"] == 1 and settled["next_dealer"] == 1


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
