"""The cups' formats (RULES-TOURNAMENT.md §8): the tournament formats wien, tirol and ooe with the tie-breaks
second_best_round and the SHA-256 lot (§8.1's example); the cup systems fixpunkte, heine and tirol, the best half, the
best N and the final, the tie rule "results", the cup presets; the cup file and its replay, with §8.3's worked example
exactly, through the engine and the command line.

Every expected number is worked out by hand from the contract, not taken from the code."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer import games
from scorer.tournament import CupRules, Scoring, TournamentError, cup
from scorer.tournament import cup_file
from scorer.tournament import file as tfile
from scorer.tournament.cup import FIXPUNKTE, cubic, heine
from scorer.tournament.scoring import decimal_text, lot_digest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "cup-wien-example.json"
KOENIGRUFEN = games.by_key("koenigrufen")


def example():
    return json.loads(EXAMPLE.read_text())


def by_name(standings):
    names = standings.tournament.players
    return {names[s.player]: s for s in standings.standings}


# -- §8.3: the worked example -------------------------------------------------------------------------------------

def test_tournament_1_of_the_example_ranks_by_the_schrift_with_the_wiener_tie_breaks():
    standings = tfile.standings_of(example()["tournaments"][0])
    names = standings.tournament.players
    assert [(s.place, names[s.player], s.schrift, decimal_text(s.total)) for s in standings.standings] == [
        (1, "Cilli", 314, "314"), (2, "Franz", 0, "0"), (3, "Hans", 0, "0"), (4, "Dora", -42, "-42"),
        (5, "Bernd", -50, "-50"), (6, "Anna", -50, "-50"), (7, "Emil", -52, "-52"), (8, "Ida", -60, "-60"),
        (9, "Gerti", -60, "-60")]
    lines = by_name(standings)
    # Franz and Hans: best round 15 each, second-best 0 > -5; Bernd and Anna: best round 10 > 5
    assert (lines["Franz"].best_round, lines["Franz"].second_best_round) == (15, 0)
    assert (lines["Hans"].best_round, lines["Hans"].second_best_round) == (15, -5)
    # Ida and Gerti played the same rounds: the lot of seed 11 puts Ida first
    assert sorted(lines["Ida"].round_values) == sorted(lines["Gerti"].round_values)
    assert standings.lot(names.index("Ida")).startswith("b01c58b3")
    assert standings.lot(names.index("Gerti")).startswith("ed36aad5")
    # rank points are shown, not counted
    assert {n: decimal_text(s.rank_points) for n, s in lines.items()} == {
        "Cilli": "180", "Franz": "105", "Hans": "90", "Dora": "102.5", "Bernd": "72.5", "Anna": "65", "Emil": "95",
        "Ida": "50", "Gerti": "50"}


def test_tournament_2_of_the_example():
    standings = tfile.standings_of(example()["tournaments"][1])
    names = standings.tournament.players
    assert [(s.place, names[s.player], s.schrift) for s in standings.standings] == [
        (1, "Bernd", 151), (2, "Jakob", 40), (3, "Dora", 40), (4, "Hans", -12), (5, "Franz", -20), (6, "Gerti", -40),
        (7, "Emil", -52), (8, "Cilli", -53), (9, "Anna", -54)]
    assert {names[s.player]: decimal_text(s.rank_points) for s in standings.standings} == {
        "Bernd": "142.5", "Jakob": "155", "Dora": "170", "Hans": "45", "Franz": "55", "Gerti": "17.5", "Emil": "57.5",
        "Cilli": "95", "Anna": "72.5"}


EXPECTED_CUP = {
    "players": ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida", "Jakob"],
    "tournaments": [
        {"number": 1, "final": False, "places": [6, 5, 1, 4, 7, 2, 9, 3, 8, None],
         "cup_points": [0, 0, 200, 0, 0, 0, 0, 0, 0, None]},
        {"number": 2, "final": False, "places": [9, 1, 8, 3, 7, 5, 6, 4, None, 2],
         "cup_points": [0, 125, 0, 40, 0, 0, 0, 0, None, 40]}],
    "standings": [
        {"place": 1, "player": 2, "total": 200, "counted": [200], "played": 2},
        {"place": 2, "player": 1, "total": 125, "counted": [125], "played": 2},
        {"place": 3, "player": 3, "total": 40, "counted": [40], "played": 2},
        {"place": 4, "player": 9, "total": 40, "counted": [40], "played": 1},
        {"place": 5, "player": 0, "total": 0, "counted": [0], "played": 2},
        {"place": 5, "player": 4, "total": 0, "counted": [0], "played": 2},
        {"place": 5, "player": 5, "total": 0, "counted": [0], "played": 2},
        {"place": 5, "player": 6, "total": 0, "counted": [0], "played": 2},
        {"place": 5, "player": 7, "total": 0, "counted": [0], "played": 2},
        {"place": 10, "player": 8, "total": 0, "counted": [0], "played": 1}],
}


def test_the_heine_cup_of_the_example_through_the_engine():
    result = cup_file.standings_of(example())
    assert result.rules == CupRules.from_dict({"preset": "wien"})
    assert (result.rules.cup_points, result.rules.cup_total, result.rules.ties) == ("heine", "best half", "results")
    assert cup_file.standings_to_dict(result) == EXPECTED_CUP


@pytest.mark.process
def test_the_heine_cup_of_the_example_through_the_command_line():
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(EXAMPLE), "--json"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXPECTED_CUP
    table = subprocess.run([sys.executable, "-m", "scorer", "replay", str(EXAMPLE)], capture_output=True, text=True,
                           cwd=ROOT, timeout=60).stdout
    assert "   1.  Cilli      200    200    (0)" in table and "  10.  Ida          0      0      –" in table
    for i, one in enumerate(example()["tournaments"]):
        path = Path(out.args[4]).parent / f"tournament{i}.json"
        path.write_text(json.dumps(one))
        single = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), "--json"], capture_output=True,
                                text=True, cwd=ROOT, timeout=60)
        path.unlink()
        assert single.returncode == 0 and json.loads(single.stdout)["standings"][0]["player"] == [2, 1][i]


def test_a_cup_file_round_trips():
    result = cup_file.standings_of(example())
    text = cup_file.dumps(result.rules, [t.tournament for t in result.tournaments])
    assert cup_file.standings_to_dict(cup_file.read(text)) == EXPECTED_CUP


# -- §8.1: formats, tie-breaks, the lot ---------------------------------------------------------------------------

def test_the_lot_is_sha256_of_seed_and_name():
    assert lot_digest(11, "Ida") == "b01c58b3" + lot_digest(11, "Ida")[8:]
    assert lot_digest(11, "Gerti").startswith("ed36aad5")
    assert int(lot_digest(11, "Ida"), 16) < int(lot_digest(11, "Gerti"), 16)
    import hashlib
    assert lot_digest(-3, "Jörg") == hashlib.sha256("-3:Jörg".encode()).hexdigest()


@pytest.mark.parametrize("fmt, four, five, breaks", [
    ("wien", 20, 25, ("best_round", "second_best_round", "lot")),
    ("tirol", 16, 20, ("best_round", "lot")),
    ("ooe", 16, 20, ("best_round", "second_best_round", "lot")),
])
def test_the_named_formats(fmt, four, five, breaks):
    scoring = Scoring.from_dict({"format": fmt}, (4, 5))
    assert (scoring.games_at(4), scoring.games_at(5), scoring.total, scoring.tie_breaks) == (four, five, "schrift",
                                                                                             breaks)
    assert Scoring.from_dict(scoring.to_dict(), (4, 5)) == scoring
    # an option given beside the format overrides it
    own = Scoring.from_dict({"format": fmt, "games": {"4": 16}, "total": "schrift+rank", "tie_breaks": ["lot"]},
                            (4, 5))
    assert (own.games_at(4), own.games_at(5), own.total, own.tie_breaks) == (16, five, "schrift+rank", ("lot",))
    assert Scoring.from_dict(own.to_dict(), (4, 5)) == own


def test_without_a_format_the_defaults_of_section_4_stand():
    scoring = Scoring.from_dict({}, (4, 5))
    assert (scoring.games_at(4), scoring.games_at(5), scoring.total, scoring.tie_breaks, scoring.format) == (
        16, 20, "schrift+rank", ("table_ranks", "best_round"), None)


@pytest.mark.parametrize("data, message", [
    ({"format": "wiener"}, "scoring: format must be \"wien\", \"tirol\" or \"ooe\""),
    ({"format": 1}, "scoring: format must be \"wien\", \"tirol\" or \"ooe\""),
    ({"tie_breaks": ["best_round", "third_best_round"]}, "scoring: tie_breaks is a list of"),
    ({"tie_breaks": ["lot", "lot"]}, "scoring: tie_breaks is a list of"),
])
def test_a_format_or_tie_break_that_does_not_exist_is_refused(data, message):
    file = example()["tournaments"][0]
    file["scoring"] = data
    with pytest.raises(TournamentError) as caught:
        tfile.standings_of(file)
    assert [str(p) for p in caught.value.problems][0].startswith(message)


def four_games(played, limit_format):
    """A tournament file of one four-table playing `played` Rufer under the format."""
    deal = {"type": "game", "dealer": 0, "contract": "rufer", "declarer": 1, "partner": 2, "won": True}
    return {"format": "tarock-tournament", "version": 1, "game": "koenigrufen", "rules": {"preset": "wien"},
            "scoring": {"format": limit_format}, "players": ["A", "B", "C", "D"],
            "rounds": [{"seed": 1, "tables": [{"players": [0, 1, 2, 3],
                                              "deals": [dict(deal, dealer=k % 4, declarer=(k + 1) % 4,
                                                             partner=(k + 2) % 4) for k in range(played)]}]}]}


@pytest.mark.parametrize("fmt, allowed", [("wien", 20), ("tirol", 16), ("ooe", 16)])
def test_a_round_holds_the_formats_games_and_no_more(fmt, allowed):
    assert tfile.standings_of(four_games(allowed, fmt)).rounds[0][0].games == allowed
    with pytest.raises(TournamentError) as caught:
        tfile.standings_of(four_games(allowed + 1, fmt))
    assert str(caught.value.problems[0]) == (f"round 1, table 1: {allowed + 1} games are more than the {allowed} of a "
                                             f"round at a table of 4")


def two_rounds(values_by_round, breaks, seed=5):
    """A tournament of eight players at two four-tables; `values_by_round[r][p]`: player p's Schrift in round r+1
    (each table's four summing to 0), made of Dreier games: only the Schrift matters here."""
    names = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans"]
    rounds = []
    for r, values in enumerate(values_by_round):
        tables = []
        for seats in ((0, 1, 2, 3), (4, 5, 6, 7)):
            deals = []
            for seat, p in enumerate(seats):
                # a Dreier of 4 points each way, played as often as needed: seat wins it v/12 times
                for _ in range(max(values[p], 0) // 12):
                    deals.append({"type": "game", "dealer": (seat + 3) % 4, "contract": "dreier", "declarer": seat,
                                  "won": True})
            tables.append({"players": list(seats), "deals": deals})
        rounds.append({"seed": seed + r, "tables": tables} if r == 0 else {"tables": tables})
    return {"format": "tarock-tournament", "version": 1, "game": "koenigrufen", "rules": {"preset": "ooe"},
            "scoring": {"total": "schrift", "tie_breaks": breaks}, "players": names, "rounds": rounds}


def test_second_best_round_and_a_player_with_one_round():
    # round 1: Anna and Emil win a Dreier each (12, the others -4); round 2: Bernd and Franz; Anna's second-best is
    # -4, Bernd's too: still tied; the lot decides under `lot`, else they share
    data = two_rounds([[12, -4, -4, -4, 12, -4, -4, -4], [-4, 12, -4, -4, -4, 12, -4, -4]],
                      ["best_round", "second_best_round"])
    standings = tfile.standings_of(data)
    lines = by_name(standings)
    assert lines["Anna"].total == lines["Bernd"].total == 8
    assert lines["Anna"].place == lines["Bernd"].place == lines["Emil"].place == lines["Franz"].place == 1
    data["scoring"]["tie_breaks"].append("lot")
    lots = tfile.standings_of(data)
    order = [lots.tournament.players[s.player] for s in lots.standings[:4]]
    assert order == sorted(["Anna", "Bernd", "Emil", "Franz"], key=lambda n: lot_digest(5, n))
    assert [s.place for s in lots.standings] == list(range(1, 9))


def test_a_player_without_a_second_round_comes_after_those_with_one():
    # round 1: Anna and Emil win a Dreier at their tables (12), Ida is not there; round 2: Anna is not there, Ida
    # joins Bernd, Cilli and Dora; nobody plays a game. Anna and Emil: 12 each, best round 12; Emil has a second
    # round (0), Anna none: Emil first
    names = ["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"]
    dreier = {"type": "game", "dealer": 3, "contract": "dreier", "declarer": 0, "won": True}
    data = {"format": "tarock-tournament", "version": 1, "game": "koenigrufen", "rules": {"preset": "ooe"},
            "scoring": {"total": "schrift", "tie_breaks": ["best_round", "second_best_round"]}, "players": names,
            "rounds": [{"seed": 3, "tables": [{"players": [0, 1, 2, 3], "deals": [dreier]},
                                              {"players": [4, 5, 6, 7], "deals": [dreier]}]},
                       {"tables": [{"players": [4, 5, 6, 7], "deals": []}, {"players": [1, 2, 3, 8], "deals": []}]}]}
    standings = tfile.standings_of(data)
    lines = by_name(standings)
    assert lines["Anna"].round_values == (12,) and lines["Emil"].round_values == (12, 0)
    assert lines["Anna"].second_best_round is None and lines["Emil"].second_best_round == 0
    assert (lines["Emil"].place, lines["Anna"].place, lines["Ida"].place) == (1, 2, 3)
    # Bernd, Cilli, Dora, Franz, Gerti, Hans: -4 and 0 each, shared 4th
    assert {lines[n].place for n in ("Bernd", "Cilli", "Dora", "Franz", "Gerti", "Hans")} == {4}


def test_under_schrift_the_rank_points_are_shown_and_do_not_count():
    standings = tfile.standings_of(example()["tournaments"][0])
    for s in standings.standings:
        assert s.total == s.schrift and s.rank_points >= 0
    out = tfile.standings_to_dict(standings)
    assert out["standings"][0] == {"place": 1, "player": 2, "schrift": 314, "rank_points": "180", "total": "314",
                                   "table_ranks": [1, 1, 1]}


# -- §8.2: the cup systems ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("schrift, points", [(-5, 0), (0, 0), (1, 1), (99, 99), (100, 100), (101, 100), (102, 101),
                                             (103, 101), (151, 125), (298, 199), (299, 199), (300, 200), (301, 200),
                                             (314, 200), (10_000, 200)])
def test_heine_points(schrift, points):
    assert heine(schrift) == points


@pytest.mark.parametrize("place, field, points", [(1, 9, 200), (9, 9, 0), (5, 9, 25), (2, 9, 134), (3, 4, 7),
                                                  (2, 4, 59), (1, 1, 0), (1, 2, 200), (2, 2, 0), (2, 3, 25)])
def test_the_tiroler_formula(place, field, points):
    # 200 · (7/8)³ = 133.98 → 134; 200 · (1/3)³ = 7.41 → 7; 200 · (2/3)³ = 59.26 → 59
    assert cubic(place, field) == points


def test_fixpunkte_are_223_down_to_1_for_places_1_to_50():
    rules = CupRules.from_dict({"cup_points": "fixpunkte"})
    assert len(FIXPUNKTE) == 50 and sum(FIXPUNKTE) == 3210
    assert [rules.points_for(p) for p in (1, 2, 3, 13, 25, 41, 50, 51, 200)] == [223, 198, 180, 100, 49, 10, 1, 0, 0]


@pytest.mark.parametrize("tournaments, counted", [(1, 1), (2, 1), (3, 2), (4, 2), (9, 5), (10, 5), (11, 5), (12, 6),
                                                  (13, 6), (25, 12)])
def test_the_best_half(tournaments, counted):
    assert CupRules.from_dict({"preset": "wien"}).counting(tournaments) == counted


@pytest.mark.parametrize("preset, expected", [
    ("wien", ("heine", "best half", "results", True)),
    ("tirol", ("heine", "best half", "results", True)),
    ("ooe", ("fixpunkte", "best 6+final", "results", True)),
])
def test_the_cup_presets(preset, expected):
    rules = CupRules.from_dict({"preset": preset})
    assert (rules.cup_points, rules.cup_total, rules.ties, rules.minus_day_counts) == expected
    assert CupRules.from_dict(rules.to_dict()) == rules
    own = CupRules.from_dict({"preset": preset, "cup_total": "best 8+final", "minus_day_counts": False})
    assert (own.cup_points, own.best, own.plus_final, own.minus_day_counts) == (expected[0], 8, True, False)


def test_a_cup_without_a_preset_keeps_section_5():
    rules = CupRules.from_dict({"cup_points": [10, 5]})
    assert (rules.cup_total, rules.ties, rules.minus_day_counts) == ("sum", "places", True)


@pytest.mark.parametrize("data, message", [
    ({}, "a cup without a preset needs its cup_points"),
    ({"preset": "salzburg"}, "the cup's preset must be \"wien\", \"tirol\" or \"ooe\""),
    ({"cup_points": [10, -1]}, "cup_points is a list of whole numbers from 0"),
    ({"cup_points": [10, 2.5]}, "cup_points is a list of whole numbers from 0"),
    ({"cup_points": "heinepunkte"}, "cup_points is a list of whole numbers from 0"),
    ({"cup_points": [5], "cup_total": "best 0"}, "cup_total is \"sum\", \"best N\", \"best N+final\" or \"best half\""),
    ({"cup_points": [5], "cup_total": "best 06"}, "cup_total is"),
    ({"cup_points": [5], "cup_total": "best 6 + final"}, "cup_total is"),
    ({"cup_points": [5], "cup_total": "best third"}, "cup_total is"),
    ({"cup_points": [5], "final": 0}, "final is the number of the tournament"),
    ({"cup_points": [5], "final": True}, "final is the number of the tournament"),
    ({"cup_points": [5], "cup_ties": "wins"}, "cup_ties must be \"places\" or \"results\""),
    ({"preset": "wien", "cup_points": "heine", "extra": 1}, "unknown cup option 'extra'"),
])
def test_every_cup_option_outside_its_values_is_refused(data, message):
    with pytest.raises(TournamentError) as caught:
        CupRules.from_dict(data)
    assert [str(p) for p in caught.value.problems][0].startswith(message)


def cup_of(data_by_tournament, options):
    """The cup lines of tournaments given as {name: Schrift}; each a single table of four with one deal or two
    is not needed: the standings are made directly from a tournament file of one round."""
    days = [tfile.standings_of(t) for t in data_by_tournament]
    return cup(days, CupRules.from_dict(options))


def one_dreier(names, declarer, won=True, seed=1):
    """A tournament of four playing one Dreier: the declarer +12 (or -12), the others -4 (or +4)."""
    return {"format": "tarock-tournament", "version": 1, "game": "koenigrufen", "rules": {"preset": "ooe"},
            "scoring": {"total": "schrift"}, "players": list(names), "rounds": [{"seed": seed, "tables": [
                {"players": [0, 1, 2, 3], "deals": [{"type": "game", "dealer": (declarer + 3) % 4,
                                                     "contract": "dreier", "declarer": declarer, "won": won}]}]}]}


NAMES = ("Anna", "Bernd", "Cilli", "Dora")


def test_the_best_n_and_the_final_counts_always():
    days = [one_dreier(NAMES, 0), one_dreier(NAMES, 0), one_dreier(NAMES, 1), one_dreier(NAMES, 2)]
    # places by tournament: Anna 1, 1, then the three tied at 2 share place 2; the final (4) Cilli wins
    lines = {c.name: c for c in cup_of(days, {"cup_points": [10, 5], "cup_total": "best 1+final", "final": 4})}
    assert lines["Anna"].points == (10, 10, 5, 5) and lines["Anna"].results == (10, 5)
    assert lines["Anna"].counted == (True, False, False, True) and lines["Anna"].total == 15
    assert lines["Cilli"].results == (10, 5) and lines["Cilli"].total == 15
    # without a final yet: his N best
    lines = {c.name: c for c in cup_of(days, {"cup_points": [10, 5], "cup_total": "best 1+final"})}
    assert lines["Anna"].total == 10 and lines["Cilli"].total == 10
    # elsewhere the final counts as any other
    lines = {c.name: c for c in cup_of(days, {"cup_points": [10, 5], "cup_total": "best 2", "final": 4})}
    assert lines["Anna"].total == 20 and lines["Cilli"].total == 15


def test_cup_ties_by_results_then_tournaments_played():
    # tournament 1: Anna wins (place 1), Bernd, Cilli, Dora share place 2; tournament 2: Bernd wins; tournament 3
    # (Anna, Bernd, Emil, Franz): Emil wins
    days = [one_dreier(NAMES, 0), one_dreier(NAMES, 1), one_dreier(("Anna", "Bernd", "Emil", "Franz"), 2)]
    lines = {c.name: c for c in cup_of(days, {"cup_points": [10, 5], "cup_ties": "results"})}
    assert (lines["Anna"].results, lines["Bernd"].results) == ((10, 5, 5), (10, 5, 5))
    assert lines["Anna"].place == lines["Bernd"].place == 1
    # Emil (10) and Cilli, Dora (5, 5) tie on 10: compared one by one, highest first, Emil's 10 is ahead
    assert (lines["Emil"].total, lines["Cilli"].total, lines["Dora"].total) == (10, 10, 10)
    assert (lines["Emil"].place, lines["Cilli"].place, lines["Dora"].place, lines["Franz"].place) == (3, 4, 4, 6)
    # the best one counts: Anna, Bernd, Emil tie on (10); Anna and Bernd played three, Emil one
    lines = {c.name: c for c in cup_of(days, {"cup_points": [10, 5], "cup_total": "best 1", "cup_ties": "results"})}
    assert (lines["Anna"].place, lines["Bernd"].place, lines["Emil"].place) == (1, 1, 3)
    # and Cilli and Dora (5, played 2) before Franz (5, played 1)
    assert (lines["Cilli"].place, lines["Dora"].place, lines["Franz"].place) == (4, 4, 6)


def test_a_minus_day_earns_nothing_under_every_system():
    days = [one_dreier(NAMES, 0, won=False)]   # Anna -12, the others +4: Anna is 4th
    for points in ([10, 8, 6, 4], "fixpunkte", "heine", "tirol"):
        lines = {c.name: c for c in cup_of(days, {"cup_points": points, "minus_day_counts": False})}
        assert lines["Anna"].points == (0,)
    lines = {c.name: c for c in cup_of(days, {"cup_points": "fixpunkte"})}
    assert lines["Anna"].points == (168,) and lines["Bernd"].points == (223,)


def test_a_bad_cup_file_is_one_message_per_problem():
    data = example()
    data["cup"] = {"preset": "wien", "final": 3, "colour": 1}
    data["tournaments"][1]["rules"] = {"preset": "tirol"}
    data["tournaments"][0]["rounds"][0]["tables"][0]["deals"][0]["contract"] = "tarock"
    data["extra"] = True
    with pytest.raises(TournamentError) as caught:
        cup_file.standings_of(data)
    found = [str(p) for p in caught.value.problems]
    assert "unknown field 'extra'" in found
    assert "cup: unknown cup option 'colour'" in found
    assert any(p.startswith("tournament 1: round 1, table 1, deal 1: unknown contract 'tarock'") for p in found)
    data["cup"] = {"preset": "wien", "final": 3}
    data["tournaments"][0] = example()["tournaments"][0]
    del data["extra"]
    with pytest.raises(TournamentError) as caught:
        cup_file.standings_of(data)
    assert [str(p) for p in caught.value.problems] == ["cup: final 3 is no tournament's number: the cup has 2"]
    data["cup"] = {"preset": "wien"}
    with pytest.raises(TournamentError) as caught:
        cup_file.standings_of(data)
    assert [str(p) for p in caught.value.problems] == [
        "the tournaments of a cup are of one game and one rule set: tournament 2 is not"]


@pytest.mark.process
def test_a_bad_cup_file_on_the_command_line_is_status_1_without_a_traceback(tmp_path):
    data = example()
    data["cup"] = {"cup_total": "best 0"}
    path = tmp_path / "cup.json"
    path.write_text(json.dumps(data))
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), "--json"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 1 and out.stdout == "" and "Traceback" not in out.stderr
    assert out.stderr.splitlines() == ["cup: a cup without a preset needs its cup_points: a list by place, the 1st "
                                       "place's first, or \"fixpunkte\", \"heine\" or \"tirol\"",
                                       "cup: cup_total is \"sum\", \"best N\", \"best N+final\" or \"best half\", N "
                                       "the number of tournaments that count, like \"best 10\""]
