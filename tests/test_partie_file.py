"""The partie file of FORMAT.md and `python -m scorer replay`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.partie_file import dumps, from_dict, loads, settlement_to_dict, to_dict
from scorer.games.strohmandeln import StrohmandelnError, replay

EXAMPLE = Path(__file__).parent / "data" / "format-example.json"
ROOT = Path(__file__).parent.parent


def example():
    return json.loads(EXAMPLE.read_text())


def test_the_format_example_settles_as_format_md_says():
    settlement = settlement_to_dict(replay(loads(EXAMPLE.read_text())))
    assert settlement["balance"] == [5, -5]
    assert settlement["money"] == ["0.50", "-0.50"]
    assert settlement["doubled_pending"] == 1
    assert settlement["next_dealer"] == 1
    assert settlement["players"] == ["Anna", "Bernd"]
    assert settlement["deals"][0] == {
        "number": 1, "type": "game", "dealer": 0, "multiplier": 1,
        "points": [4, 1], "balance": [3, -3], "doubled_pending": 0,
        "items": [{"item": "game", "player": 0, "points": 4}, {"item": "pagat", "player": 1, "points": 1}],
    }
    assert [d["points"] for d in settlement["deals"]] == [[4, 1], [0, 0], [0, 2], [0, 0], [4, 0]]
    assert [d["multiplier"] for d in settlement["deals"]] == [1, 1, 2, 2, 2]


def test_the_example_round_trips_exactly():
    data = example()
    assert to_dict(from_dict(data)) == data
    assert loads(dumps(from_dict(data))) == from_dict(data)


def test_full_rules_are_written_when_given():
    data = example()
    data["rules"] = {"preset": "beck", "stake": "0.20", "simple_games": "half", "tarock_ii_ultimo": True}
    data["deals"] = [{"type": "game", "dealer": 0, "undertaker": None, "card_points": ["40", "30"],
                      "bonuses": [{"bonus": "uhu", "player": 1}]}]
    assert to_dict(from_dict(data)) == data


def _problems(data):
    with pytest.raises(StrohmandelnError) as err:
        replay(from_dict(data))
    return [str(p) for p in err.value.problems]


@pytest.mark.parametrize("change, expected", [
    pytest.param(lambda d: d["deals"][2].update(card_points=["36", "35"]) or d["deals"][2].update(type="game"),
                 "deal 3: a game has no field 'offender'", id="field-of-another-type"),
    pytest.param(lambda d: d["deals"][1].update(card_points=["36", "35"]),
                 "deal 2: card points 36 + 35 do not add up to 70", id="sum"),
    pytest.param(lambda d: d["deals"][0].update(dealer=2), "deal 1: dealer must be 0 or 1", id="dealer"),
    pytest.param(lambda d: d["deals"][0].update(type="solo"), "deal 1: type must be game, renonce, misdeal or redeal",
                 id="type"),
    pytest.param(lambda d: d["deals"][0].update(type=["game"]), "deal 1: type must be game, renonce, misdeal or redeal",
                 id="type-not-text"),
    pytest.param(lambda d: d["deals"][0]["bonuses"].append({"bonus": "mondfang", "player": 0}),
                 "deal 1: the Tarockbuch, extended variant rules have no bonus Mondfang", id="bonus-of-another-preset"),
    pytest.param(lambda d: d["deals"][1].update(card_points=["35 1/2", None]),
                 "deal 2: '35 1/2' is not a number of card points: write a whole number, "
                 "or one and a third like 35 2/3", id="fraction"),
    pytest.param(lambda d: d.update(players=["Anna"]), "players must be a list of exactly two names", id="players"),
    pytest.param(lambda d: d.update(players=["Anna", "anna"]), "the two players need different names", id="same"),
    pytest.param(lambda d: d["rules"].update(preset="tirol"),
                 "rules: unknown preset 'tirol': choose one of tarockbuch-extended, tarockbuch-classic, beck, "
                 "strawman", id="preset"),
    pytest.param(lambda d: d["rules"].update(bankroll=100), "rules: the Tarockbuch, extended variant rules have "
                 "no option 'bankroll'", id="option-of-another-preset"),
    pytest.param(lambda d: d["rules"].update(stake="lots"), "rules: the stake must be an amount of money like 0.10",
                 id="stake"),
    pytest.param(lambda d: d.update(version=2), "version must be 1; this scorer reads version 1 files", id="version"),
    pytest.param(lambda d: d.update(format="doppelkopf"), 'unknown format \'doppelkopf\': a partie file\'s format is '
                 '"strohmandeln-partie", "haferltarock-partie", "koenigrufen-partie", "zwanzigerrufen-partie" or "tapp-partie"',
                 id="format"),
])
def test_bad_files_name_the_deal_and_the_field(change, expected):
    data = example()
    change(data)
    assert expected in _problems(data)


def test_every_problem_is_reported_at_once():
    data = example()
    data["deals"][0]["dealer"] = 5
    data["deals"][1]["card_points"] = ["50", "50"]
    problems = _problems(data)
    assert problems[0].startswith("deal 1:")
    assert "deal 2: card points 50 + 50 do not add up to 70" in problems


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "scorer", *args], capture_output=True, text=True, cwd=ROOT)


@pytest.mark.process
def test_cli_json():
    out = run_cli("replay", str(EXAMPLE), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == settlement_to_dict(replay(loads(EXAMPLE.read_text())))


@pytest.mark.process
def test_cli_table():
    out = run_cli("replay", str(EXAMPLE))
    assert out.returncode == 0
    assert "Anna" in out.stdout and "+5" in out.stdout and "next dealer: Bernd" in out.stdout


@pytest.mark.process
def test_cli_csv_is_the_export():
    from scorer.export import csv_text
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(EXAMPLE), "--csv"], capture_output=True,
                         cwd=ROOT)
    assert out.stdout == csv_text(replay(loads(EXAMPLE.read_text()))).encode()


@pytest.mark.parametrize("content, expected", [
    pytest.param('{"format": "strohmandeln-partie", "version": 1, "players": ["A", "B"], "rules": {}, '
                 '"deals": [{"type": "game", "dealer": 0, "undertaker": null, "card_points": ["36", "35"]}]}',
                 "deal 1: card points 36 + 35 do not add up to 70", id="sum"),
    pytest.param("{not json", "the file is not valid JSON", id="not-json"),
    pytest.param("[]", "a partie file is a JSON object", id="not-an-object"),
    pytest.param("\xff\xfe", "the file is not", id="binary"),
])
@pytest.mark.process
def test_cli_errors_go_to_stderr_with_status_1(tmp_path, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="latin-1")
    out = run_cli("replay", str(path), "--json")
    assert out.returncode == 1
    assert out.stdout == ""
    assert expected in out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.process
def test_cli_missing_file(tmp_path):
    out = run_cli("replay", str(tmp_path / "nope.json"))
    assert out.returncode == 1 and out.stdout == "" and "cannot read" in out.stderr


@pytest.mark.process
def test_cli_json_is_compact_and_pretty_on_request():
    compact = run_cli("replay", str(EXAMPLE), "--json")
    pretty = run_cli("replay", str(EXAMPLE), "--json", "--pretty")
    expected = settlement_to_dict(replay(loads(EXAMPLE.read_text())))
    assert compact.returncode == 0 and pretty.returncode == 0
    assert compact.stdout.count("\n") == 1 and '", "' not in compact.stdout
    assert pretty.stdout.startswith('{\n  "players": [\n    "Anna",')
    assert json.loads(compact.stdout) == json.loads(pretty.stdout) == expected


def test_a_partie_file_read_is_replayed_without_checking_twice_to_the_same_settlement():
    from benchmarks.samples import sample_partie
    partie = loads(dumps(sample_partie(300)))
    assert replay(partie, checked=True) == replay(partie)


@pytest.mark.process
def test_a_checked_replay_still_stops_where_the_partie_ended(tmp_path):
    # the bankroll runs out in deal 1; deal 2 is refused even though each deal passed its own check
    data = example()
    data["rules"] = {"preset": "strawman"}
    data["deals"] = [{"type": "misdeal", "dealer": 0, "offender": 0}] * 12
    path = tmp_path / "ended.json"
    path.write_text(json.dumps(data))
    out = run_cli("replay", str(path), "--json")
    assert out.returncode == 1 and out.stdout == ""
    assert "ran out of credits" in out.stderr


def test_a_bonus_of_0_points_stands_to_explain_and_readers_ignore_it():
    """FORMAT.md: a bonus entered but scoring nothing (the Pagat of a drawn Beck game) may stand with 0 points;
    readers ignore items of 0 points: the deal's points, the balance, the CSV and the Runde's figures are the
    same as without it. (Bavarian Tarock's settlement has no items: nothing there to ignore.)"""
    from scorer.export import csv_text
    import csv
    import io

    from scorer.games.haferl.game import GAME as haferl_game
    from scorer.games.haferl import replay as haferl_replay
    from scorer.games.strohmandeln.tables import figures

    def partie(bonuses):
        return {"format": "strohmandeln-partie", "version": 1, "players": ["Anna", "Bernd"],
                "rules": {"preset": "beck"}, "deals": [
                    {"type": "game", "dealer": 0, "undertaker": 0, "card_points": ["35", None], "bonuses": bonuses},
                    {"type": "game", "dealer": 1, "undertaker": 1, "card_points": ["40", None]}]}

    with_pagat = replay(from_dict(partie([{"bonus": "pagat", "player": 1}])))
    without = replay(from_dict(partie([])))
    first = settlement_to_dict(with_pagat)["deals"][0]
    assert first["items"] == [{"item": "pagat", "player": 1, "points": 0}] and first["points"] == [0, 0]
    assert with_pagat.balance == without.balance == (2, -2)
    assert figures(with_pagat) == figures(without)
    # the CSV lists the bonus as entered (a fact), and its numbers are those without it
    def numbers(settlement):
        rows = list(csv.reader(io.StringIO(csv_text(settlement))))
        column = rows[0].index("bonuses")
        return [row[:column] + row[column + 1:] for row in rows]
    assert numbers(with_pagat) == numbers(without)
    haferl = loads((Path(__file__).parent / "data" / "haferl-example.json").read_text(), haferl_game)
    assert all("items" not in deal for deal in settlement_to_dict(haferl_replay(haferl))["deals"])
