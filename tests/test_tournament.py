"""Tournaments (RULES-TOURNAMENT.md): the worked example's standings through the engine and the command line, table
sizes for every n of every game, shared table ranks, each tie-break, withdrawals and late entries, the draws, the
cup with best N and minus days, and the tournament file's refusals naming round, table and deal."""

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from scorer import games
from scorer.games.koenigrufen import Deal, RuleSet
from scorer.tournament import (CupRules, Round, Scoring, Table, Tournament, TournamentError, cup, decimal_text, draw,
                               random_draw, score, seat, seating, standings_draw, table_ranks)
from scorer.tournament import file as tfile
from scorer.tournament.draw import pairs_met, repeated_pairs
from .helpers import run_replay as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "tournament-example.json"
KOENIGRUFEN = games.by_key("koenigrufen")
BAVARIAN = games.by_key("haferltarock")
STROHMANDELN = games.by_key("strohmandeln")
OOE = RuleSet.from_dict({"preset": "ooe", "stake": "0.10"})
NAMES = ("Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida")

# RULES-TOURNAMENT.md §7: player, Schrift, rank points, total, table ranks, place
SECTION_7 = [
    ("Cilli", 29, "112.5", "141.5", [1, 1], 1),
    ("Bernd", 15, "102.5", "117.5", [1, 1], 2),
    ("Dora", 2, "70", "72", [2, 1], 3),
    ("Anna", 4, "60", "64", [1, 5], 4),
    ("Emil", -7, "60", "53", [3, 2], 5),
    ("Franz", -8, "50", "42", [2, 2], 6),
    ("Hans", -8, "50", "42", [2, 2], 6),
    ("Gerti", -7, "35", "28", [4, 3], 8),
    ("Ida", -20, "0", "-20", [5, 4], 9),
]
SECTION_7_TABLES = [  # round, table: (player, Schrift, table rank, rank points)
    [[("Anna", 12, 1, "60"), ("Dora", -4, 2, "20"), ("Franz", -4, 2, "20"), ("Hans", -4, 2, "20")],
     [("Bernd", 9, 1, "52.5"), ("Cilli", 9, 1, "52.5"), ("Emil", -3, 3, "30"), ("Gerti", -5, 4, "15"),
      ("Ida", -10, 5, "0")]],
    [[("Bernd", 6, 1, "50"), ("Dora", 6, 1, "50"), ("Gerti", -2, 3, "20"), ("Ida", -10, 4, "0")],
     [("Anna", -8, 5, "0"), ("Cilli", 20, 1, "60"), ("Emil", -4, 2, "30"), ("Franz", -4, 2, "30"),
      ("Hans", -4, 2, "30")]],
]


def dreier(dealer, declarer, won):
    return Deal("game", dealer, "dreier", declarer, won=won)


def played(*results, size=4):
    """Dreier games, dealt in turn: (declarer, won) each. A won Dreier is +12 for him and -4 for each other player,
    a lost one the opposite; (i, True) with (j, False) moves 16 from j to i."""
    return tuple(dreier(k % size, declarer, won) for k, (declarer, won) in enumerate(results))


def moves(*pairs):
    """16 from the second to the first of each pair."""
    out = []
    for winner, loser in pairs:
        out += [(winner, True), (loser, False)]
    return played(*out)


def tournament(rounds, scoring=Scoring(), names=NAMES[:8]):
    return Tournament(KOENIGRUFEN, OOE, tuple(names), tuple(Round(tuple(Table(p, d) for p, d in r)) for r in rounds),
                      scoring)


def line(standings, name):
    return standings.of(standings.tournament.players.index(name))


# -- the worked example (§7) ------------------------------------------------------------------------------------

def test_the_worked_example_gives_section_7s_standings_exactly():
    standings = tfile.read(EXAMPLE.read_bytes())
    got = [(NAMES[s.player], s.schrift, decimal_text(s.rank_points), decimal_text(s.total), list(s.table_ranks),
            s.place) for s in standings.standings]
    assert got == SECTION_7
    tables = [[[(NAMES[p], s, k, decimal_text(v)) for p, s, k, v in zip(t.players, t.schrift, t.rank, t.rank_points)]
               for t in rnd] for rnd in standings.rounds]
    assert tables == [[sorted(t, key=lambda x: NAMES.index(x[0])) for t in rnd] for rnd in SECTION_7_TABLES]
    assert line(standings, "Franz").best_round == line(standings, "Hans").best_round == 26
    assert line(standings, "Cilli").rank_points == Fraction(225, 2)
    assert [t.games for rnd in standings.rounds for t in rnd] == [1, 5, 2, 5]


@pytest.mark.process
def test_the_worked_example_through_replay_json():
    out = run(str(EXAMPLE), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"players", "rounds", "standings"}
    assert data["players"] == list(NAMES)
    assert data["standings"] == [{"place": place, "player": NAMES.index(name), "schrift": schrift,
                                  "rank_points": rp, "total": total, "table_ranks": ranks}
                                 for name, schrift, rp, total, ranks, place in SECTION_7]
    assert data["rounds"][0]["tables"][0] == {"table": 1, "players": [0, 3, 5, 7], "schrift": [12, -4, -4, -4],
                                              "rank": [1, 2, 2, 2], "rank_points": ["60", "20", "20", "20"]}
    assert data["rounds"][0]["tables"][1] == {"table": 2, "players": [1, 2, 4, 6, 8], "schrift": [9, 9, -3, -5, -10],
                                              "rank": [1, 1, 3, 4, 5],
                                              "rank_points": ["52.5", "52.5", "30", "15", "0"]}
    assert data["rounds"][1]["tables"][1]["rank_points"] == ["0", "60", "30", "30", "30"]
    pretty = run(str(EXAMPLE), "--json", "--pretty")
    assert json.loads(pretty.stdout) == data and "\n  " in pretty.stdout
    table = run(str(EXAMPLE))
    assert table.returncode == 0
    assert "   6.  Franz        -8           50       42  2, 2" in table.stdout
    assert "   8.  Gerti        -7           35       28  4, 3" in table.stdout
    assert "Round 1, table 2, 5 of 20 games: Bernd 9 (52.5), Cilli 9 (52.5)" in table.stdout
    csv = run(str(EXAMPLE), "--csv")
    assert csv.returncode == 1 and csv.stdout == "" and "no CSV export" in csv.stderr


@pytest.mark.process
def test_a_partie_file_is_still_replayed_as_a_partie():
    out = run(str(ROOT / "tests" / "data" / "koenigrufen-example.json"), "--json")
    assert out.returncode == 0 and "balance" in json.loads(out.stdout)


# -- table sizes (§2) --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(1, 41))
def test_koenigrufen_seats_n_mod_4_tables_of_five_and_the_rest_at_four(n):
    fives = n % 4
    fours = (n - 5 * fives) // 4
    got = seating(KOENIGRUFEN.players, n)
    if n in (1, 2, 3, 6, 7, 11):
        assert got is None
        with pytest.raises(TournamentError) as exc:
            seat(KOENIGRUFEN.players, n)
        assert str(exc.value) == (f"{n} player{'s' if n > 1 else ''} cannot be seated at tables of 4 or 5: "
                                  "let another player join, or one withdraw")
    else:
        assert got.sizes == (4,) * fours + (5,) * fives and got.out == 0


@pytest.mark.parametrize("n", range(1, 41))
def test_bavarian_tarock_seats_tables_of_four_and_the_rest_at_three(n):
    threes = -n % 4
    got = seating(BAVARIAN.players, n)
    if n in (1, 2, 5):
        assert got is None
    else:
        assert got.sizes == (4,) * ((n - 3 * threes) // 4) + (3,) * threes and got.out == 0


@pytest.mark.parametrize("n", range(1, 41))
def test_strohmandeln_seats_tables_of_two_and_one_sits_out_when_odd(n):
    got = seating(STROHMANDELN.players, n)
    if n == 1:
        assert got is None
    else:
        assert got.sizes == (2,) * (n // 2) and got.out == n % 2


def test_games_per_round_default_to_four_per_player_and_follow_the_option():
    assert [Scoring().games_at(n) for n in (2, 3, 4, 5)] == [8, 12, 16, 20]
    assert Scoring(games=((4, 12),)).games_at(4) == 12 and Scoring(games=((4, 12),)).games_at(5) == 20


# -- rank points, shared ranks, totals (§4) ----------------------------------------------------------------------

def test_tied_players_share_the_rank_points_of_the_places_they_occupy():
    four, five = Scoring().rank_points_at(4), Scoring().rank_points_at(5)
    assert four == (60, 40, 20, 0) and five == (60, 45, 30, 15, 0)
    assert table_ranks((5, 5, -5, -5), four) == ((1, 1, 3, 3), (50, 50, 10, 10))
    assert table_ranks((0, 0, 0, 0), four) == ((1, 1, 1, 1), (30, 30, 30, 30))
    assert table_ranks((-4, 12, -4, -4), four) == ((2, 1, 2, 2), (20, 60, 20, 20))
    assert table_ranks((1, 2, 2, 2, -7), five) == ((4, 1, 1, 1, 5), (15, 45, 45, 45, 0))
    ranks, points = table_ranks((3, 3, 3, -9), five[:4])
    assert points[0] == Fraction(135, 3) and ranks == (1, 1, 1, 4)
    assert Scoring().rank_points_at(2) == (60, 0) and Scoring().rank_points_at(3) == (60, 30, 0)


def test_rank_points_are_written_rounded_half_up_to_one_decimal():
    assert [decimal_text(v) for v in (60, Fraction(105, 2), Fraction(80, 3), Fraction(-20), Fraction(55, 4),
                                      Fraction(-55, 4), Fraction(1, 30), Fraction(-1, 20))] == \
        ["60", "52.5", "26.7", "-20", "13.8", "-13.8", "0", "-0.1"]


def test_the_three_totals():
    rounds = [[((0, 1, 2, 3), moves((0, 1), (0, 2))), ((4, 5, 6, 7), played((0, True)))]]
    both = score(tournament(rounds))
    schrift = score(tournament(rounds, Scoring(total="schrift")))
    rank = score(tournament(rounds, Scoring(total="rank", rank_points=((4, (10, 8, 6, 4)),))))
    assert decimal_text(line(both, "Anna").total) == "92" and line(both, "Anna").schrift == 32
    assert line(schrift, "Anna").total == 32 and line(rank, "Anna").total == 10
    assert [NAMES[s.player] for s in schrift.standings][:2] == ["Anna", "Emil"]
    assert decimal_text(line(rank, "Bernd").total) == "5" and decimal_text(line(rank, "Franz").total) == "6"


# -- tie-breaks (§4) ---------------------------------------------------------------------------------------------

def test_table_ranks_break_a_tie_by_more_first_places():
    # Anna wins her table with 12 + 60 = 72; Franz is second at his with 32 + 40 = 72
    rounds = [[((0, 1, 2, 3), played((0, True))), ((4, 5, 6, 7), moves((0, 2), (0, 2), (0, 2), (1, 3), (1, 3)))]]
    untied = score(tournament(rounds, Scoring(tie_breaks=("table_ranks",))))
    assert line(untied, "Anna").total == line(untied, "Franz").total == 72
    assert (line(untied, "Anna").place, line(untied, "Franz").place) == (2, 3)
    shared = score(tournament(rounds, Scoring(tie_breaks=())))
    assert line(shared, "Anna").place == line(shared, "Franz").place == 2
    assert line(shared, "Bernd").place == 4


def test_best_round_breaks_a_tie_by_the_higher_single_round():
    rounds = [[((0, 1, 2, 3), moves((0, 1), (0, 2), (0, 3))), ((4, 5, 6, 7), moves((0, 1)))],
              [((0, 5, 1, 6), moves((1, 0))), ((4, 2, 3, 7), moves((0, 1)))]]
    standings = score(tournament(rounds, Scoring(total="schrift", tie_breaks=("best_round",))))
    anna, emil = line(standings, "Anna"), line(standings, "Emil")
    assert anna.total == emil.total == 32 and (anna.best_round, emil.best_round) == (48, 16)
    assert (anna.place, emil.place) == (1, 2)
    assert line(score(tournament(rounds, Scoring(total="schrift", tie_breaks=()))), "Emil").place == 1


def test_schrift_breaks_a_tie_of_rank_points():
    rounds = [[((0, 1, 2, 3), played((0, True))), ((4, 5, 6, 7), moves((0, 1), (0, 2), (0, 3)))]]
    standings = score(tournament(rounds, Scoring(total="rank", tie_breaks=("schrift",))))
    assert line(standings, "Anna").total == line(standings, "Emil").total == 60
    assert (line(standings, "Emil").place, line(standings, "Anna").place) == (1, 2)


def test_the_tie_breaks_apply_in_their_order():
    # Anna: first twice with Schrift 0 (tables without a game); Emil: +16 first, then -16 last: the same total
    rounds = [[((0, 1, 2, 3), ()), ((4, 5, 6, 7), moves((0, 1)))],
              [((0, 5, 6, 7), ()), ((4, 1, 2, 3), moves((1, 0)))]]
    ranks_first = score(tournament(rounds, Scoring(total="schrift", tie_breaks=("table_ranks", "best_round"))))
    anna, emil = line(ranks_first, "Anna"), line(ranks_first, "Emil")
    assert anna.total == emil.total == 0
    assert (anna.table_ranks, emil.table_ranks) == ((1, 1), (1, 4)) and (anna.best_round, emil.best_round) == (0, 16)
    assert (anna.place, emil.place) == (2, 7)
    best_first = score(tournament(rounds, Scoring(total="schrift", tie_breaks=("best_round", "table_ranks"))))
    assert (line(best_first, "Emil").place, line(best_first, "Anna").place) == (2, 3)


def test_players_still_tied_share_the_place_and_the_next_skips():
    standings = tfile.read(EXAMPLE.read_bytes())
    assert [s.place for s in standings.standings] == [1, 2, 3, 4, 5, 6, 6, 8, 9]
    assert [NAMES[s.player] for s in standings.standings][5:7] == ["Franz", "Hans"]


# -- withdrawals, late entries, the draws (§2) -------------------------------------------------------------------

def test_a_withdrawn_player_keeps_his_rounds_and_a_late_entry_plays_from_his_first():
    t = Tournament(KOENIGRUFEN, OOE, NAMES[:8])
    first = random_draw(t, range(8), seed=5)
    t = t.with_round(first.with_deals(1, played((0, True))))
    gone = first.tables[0].players[0]            # wins his table, then withdraws
    t = t.with_player("Ida")
    with pytest.raises(TournamentError, match="the players need different names"):
        t.with_player("ida")
    present = [p for p in range(9) if p != gone]
    second = random_draw(t, present, seed=6)
    assert sorted(p for table in second.tables for p in table.players) == present
    standings = score(t.with_round(second))
    assert standings.of(gone).table_ranks == (1,) and standings.of(gone).total == 72
    assert standings.of(8).table_ranks != () and standings.of(8).rounds == (2,)


def test_the_random_draw_is_repeatable_for_a_seed_and_changes_with_it():
    t = Tournament(KOENIGRUFEN, OOE, NAMES)
    a, b = random_draw(t, range(9), 17), random_draw(t, reversed(range(9)), 17)
    assert a == b and a.seed == 17
    assert [len(x.players) for x in a.tables] == [4, 5]
    assert a == Round((Table((3, 1, 0, 4)), Table((5, 2, 7, 6, 8))), 17)   # Python's seeded shuffle, stored seeds
    assert random_draw(t, range(9), 18) != a


def test_from_round_2_the_draw_is_the_first_of_200_seeded_shuffles_with_the_fewest_repeated_pairs():
    names = tuple(f"P{i}" for i in range(16))
    t = Tournament(KOENIGRUFEN, OOE, names)
    for seed in (100, 101, 102):
        t = t.with_round(random_draw(t, range(16), seed=seed))
    rng, met, counts = random.Random(102), pairs_met(t.rounds[:2]), []
    for _ in range(200):
        order = list(range(16))
        rng.shuffle(order)
        counts.append(repeated_pairs([order[k:k + 4] for k in range(0, 16, 4)], met))
    chosen = tuple(p for x in t.rounds[2].tables for p in x.players)
    assert repeated_pairs([x.players for x in t.rounds[2].tables], met) == min(counts) < counts[0]
    again = random.Random(102)
    for _ in range(counts.index(min(counts)) + 1):
        order = list(range(16))
        again.shuffle(order)
    assert tuple(order) == chosen
    assert repeated_pairs([x.players for x in t.rounds[1].tables], pairs_met(t.rounds[:1])) <= 2


def test_the_draw_by_standings_seats_the_first_together_and_five_tables_last():
    t = tfile.loads(EXAMPLE.read_bytes())
    t = Tournament(t.game, t.rules, t.players, t.rounds, Scoring(draw="standings"))
    standings = score(t)
    nxt = draw(t, range(9), seed=3, standings=standings)
    assert [x.players for x in nxt.tables] == [(2, 1, 3, 0), (4, 5, 7, 6, 8)]
    assert nxt.seed == 3
    with pytest.raises(TournamentError, match="needs the standings"):
        draw(t, range(9), seed=3)
    without_dora = standings_draw(t, [p for p in range(9) if p != 3], [s.player for s in standings.standings])
    assert [x.players for x in without_dora.tables] == [(2, 1, 0, 4), (5, 7, 6, 8)]


def test_strohmandeln_sits_each_player_out_at_most_once():
    t = Tournament(STROHMANDELN, STROHMANDELN.rules.from_dict({}), NAMES[:5])
    for seed in range(5):
        rnd = random_draw(t, range(5), seed)
        assert len(rnd.out) == 1 and [len(x.players) for x in rnd.tables] == [2, 2]
        t = t.with_round(rnd)
    assert sorted(p for rnd in t.rounds for p in rnd.out) == [0, 1, 2, 3, 4]
    standings = score(t)
    assert all(len(s.table_ranks) == 4 for s in standings.standings)


def test_players_that_cannot_be_seated_are_refused_by_the_draw():
    t = Tournament(KOENIGRUFEN, OOE, NAMES)
    with pytest.raises(TournamentError, match="7 players cannot be seated at tables of 4 or 5"):
        random_draw(t, range(7), 1)
    with pytest.raises(TournamentError, match="not a player's number"):
        random_draw(t, [0, 1, 2, 3, 9], 1)


# -- other games through the seam (§2, §3) -----------------------------------------------------------------------

def test_bavarian_tables_score_in_cents_with_the_pot_shared_and_redeals_not_counted():
    data = {"format": "tarock-tournament", "version": 1, "game": "haferltarock",
            "rules": {"preset": "haferl", "ante": "0.50"}, "players": list(NAMES[:7]),
            "rounds": [{"seed": 1, "tables": [
                {"players": [0, 1, 2, 3], "deals": [
                    {"type": "game", "dealer": 3, "declarer": 0, "contract": "pickup", "target": 61,
                     "declarer_points": 67, "schwarz": False},
                    {"type": "redeal", "dealer": 0}]},
                {"players": [4, 5, 6], "deals": []}]}]}
    standings = tfile.standings_of(data)
    four, three = standings.rounds[0]
    assert sum(four.schrift) == 0 and four.games == 1 and three.schrift == (0, 0, 0)
    assert four.rank[0] == 1 and three.rank_points == (30, 30, 30)
    assert tfile.from_dict(json.loads(tfile.dumps(standings.tournament))) == standings.tournament


def test_strohmandeln_tables_of_two():
    data = {"format": "tarock-tournament", "version": 1, "game": "strohmandeln",
            "rules": {"preset": "tarockbuch-extended", "stake": "0.10"}, "players": list(NAMES[:5]),
            "rounds": [{"seed": 1, "out": [4], "tables": [
                {"players": [0, 1], "deals": [{"type": "game", "dealer": 0, "undertaker": 1,
                                               "card_points": ["40 2/3", "29 1/3"]}]},
                {"players": [2, 3], "deals": []}]}]}
    standings = tfile.standings_of(data)
    first = standings.rounds[0][0]
    assert first.schrift == (4, -4) and first.rank_points == (60, 0) and first.games == 1
    assert standings.of(4).table_ranks == () and standings.of(4).total == 0


# -- the cup (§5) ------------------------------------------------------------------------------------------------

def one_table(result):
    """A tournament of Anna, Bernd, Cilli, Dora at one table playing one Dreier (declarer, won)."""
    return score(tournament([[((0, 1, 2, 3), played(result))]], names=NAMES[:4]))


def test_cup_points_by_place_summed_or_the_best_n_with_minus_days():
    days = [one_table((0, True)), one_table((1, True)), one_table((0, False))]
    assert [s.place for s in days[2].standings] == [1, 1, 1, 4] and line(days[2], "Anna").total == -12
    points = (100, 80, 60, 50)
    summed = {c.name: (c.place, c.total) for c in cup(days, CupRules(points))}
    assert summed == {"Bernd": (1, 280), "Cilli": (2, 260), "Dora": (2, 260), "Anna": (4, 230)}
    kaernten = {c.name: c.total for c in cup(days, CupRules(points, minus_day_counts=False))}
    assert kaernten["Anna"] == 180 and kaernten["Bernd"] == 280
    best = cup(days, CupRules(points, best=2))
    assert [(c.name, c.place, c.total) for c in best] == [("Bernd", 1, 200), ("Cilli", 2, 180), ("Dora", 2, 180),
                                                          ("Anna", 4, 180)]
    anna = next(c for c in best if c.name == "Anna")
    assert anna.places == (1, 2, 4) and anna.points == (100, 80, 50) and anna.counted == (True, True, False)


def test_a_cup_counts_places_beyond_its_list_as_nothing_and_refuses_another_rule_set():
    days = [one_table((0, True))]
    assert {c.name: c.total for c in cup(days, CupRules((10,)))} == {"Anna": 10, "Bernd": 0, "Cilli": 0, "Dora": 0}
    other = Tournament(KOENIGRUFEN, RuleSet.from_dict({"preset": "tirol"}), NAMES[:4])
    with pytest.raises(TournamentError, match="tournament 2 is not"):
        cup([days[0], score(other)], CupRules((10,)))


def test_cup_options_are_read_with_every_problem():
    assert CupRules.from_dict({"cup_points": [100, 80], "cup_total": "best 10", "minus_day_counts": False}) == \
        CupRules((100, 80), 10, False)
    assert CupRules.from_dict(CupRules((5, 3), 4).to_dict()) == CupRules((5, 3), 4)
    with pytest.raises(TournamentError) as exc:
        CupRules.from_dict({"cup_points": [1.5], "cup_total": "best", "minus_day_counts": "no", "x": 1})
    assert len(exc.value.problems) == 4


# -- the tournament file (§6) ------------------------------------------------------------------------------------

def example():
    return json.loads(EXAMPLE.read_text())


def refusals(data):
    with pytest.raises(TournamentError) as exc:
        tfile.from_dict(data)
    return [str(p) for p in exc.value.problems]


def test_a_player_at_two_tables_of_a_round_is_refused():
    data = example()
    data["rounds"][1]["tables"][1]["players"] = [0, 2, 4, 5, 3]
    assert refusals(data) == ["round 2: Dora sits at table 1 and at table 2"]
    data["rounds"][1]["tables"][1]["players"] = [0, 2, 4, 5, 0]
    assert refusals(data) == ["round 2, table 2: Anna is listed twice at this table"]


def test_a_table_of_the_wrong_size_is_refused():
    data = example()
    data["rounds"][0]["tables"][1]["players"] = [1, 2, 4]
    data["rounds"][0]["tables"][1]["deals"] = []
    assert refusals(data) == ["round 1, table 2: Königrufen is played at tables of 4 or 5, not of 3"]


def test_more_games_than_the_round_allows_are_refused_and_misdeals_do_not_count():
    data = example()
    table = data["rounds"][0]["tables"][0]
    table["deals"] = [{"type": "game", "dealer": k % 4, "contract": "dreier", "declarer": 0, "won": True}
                      for k in range(16)] + [{"type": "misdeal", "dealer": 0, "offender": 1}]
    assert tfile.standings_of(data).rounds[0][0].games == 16
    table["deals"].append({"type": "game", "dealer": 0, "contract": "dreier", "declarer": 2, "won": False})
    assert refusals(data) == ["round 1, table 1: 17 games are more than the 16 of a round at a table of 4"]
    data["scoring"]["games"]["4"] = 18
    assert tfile.standings_of(data).rounds[0][0].games == 17


def test_a_bad_deal_is_refused_naming_round_table_and_deal():
    data = example()
    data["rounds"][1]["tables"][0]["deals"][1]["declarer"] = 7
    data["rounds"][0]["tables"][1]["deals"][2]["contract"] = "sechserdreier!"
    data["rounds"][0]["tables"][0]["deals"][0]["wrong"] = 1
    got = refusals(data)
    assert got[0] == "round 1, table 1, deal 1: a game has no field 'wrong'"
    assert got[1].startswith("round 1, table 2, deal 3: unknown contract 'sechserdreier!'")
    assert got[2].startswith("round 2, table 1, deal 2: ") and "declarer" in got[2]
    assert len(got) == 3


@pytest.mark.process
def test_the_command_line_refuses_a_bad_file_with_one_message_per_problem(tmp_path):
    data = example()
    data["rounds"][1]["tables"][1]["players"] = [0, 2, 4, 5, 3]
    data["rounds"][0]["tables"][0]["deals"][0]["won"] = "yes"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = run(str(path), "--json")
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == ["round 1, table 1, deal 1: won is true or false",
                                       "round 2: Dora sits at table 1 and at table 2"]
    data["rounds"][0]["tables"][0]["deals"][0]["won"] = True
    path.write_text(json.dumps(data))
    assert run(str(path)).stderr.splitlines() == ["round 2: Dora sits at table 1 and at table 2"]


def test_the_frame_of_the_file_is_checked_with_every_problem():
    data = example()
    data.update(version=2, extra=1, rules={"preset": "ooe", "stake": "x"},
                scoring={"total": "money", "rank_points": {"4": [0, 20, 40, 60]}, "games": {"6": 10}},
                players=["Anna", "anna"] + data["players"][2:])
    got = refusals(data)
    assert "version must be 1; this scorer reads version 1 files" in got
    assert "unknown field 'extra'" in got
    assert any(p.startswith("rules: ") for p in got)
    assert 'scoring: total must be "schrift+rank", "schrift" or "rank"' in got
    assert any(p.startswith("scoring: rank points at a table of 4 are 4 whole numbers") for p in got)
    assert "scoring: games: '6' is not a table size of this game: 4 or 5" in got
    assert "the players need different names" in got
    keys = [f'"{g.key}"' for g in games.registered()]   # every game the command line scores
    assert refusals({**example(), "game": "skat"}) == [f"game must be {', '.join(keys[:-1])} or {keys[-1]}"]
    assert keys[:3] == ['"strohmandeln"', '"haferltarock"', '"koenigrufen"']
    assert refusals([]) == ["a tournament file is a JSON object with format, version, game, rules, scoring, players "
                            "and rounds"]
    with pytest.raises(TournamentError, match="not valid JSON"):
        tfile.loads(b"{")


def test_the_file_round_trips():
    t = tfile.loads(EXAMPLE.read_bytes())
    text = tfile.dumps(t)
    assert tfile.loads(text) == t and tfile.dumps(tfile.loads(text)) == text
    t2 = Tournament(t.game, t.rules, t.players, t.rounds,
                    Scoring(tie_breaks=("schrift",), draw="standings", rank_points=((4, (10, 8, 6, 4)),)))
    assert tfile.loads(tfile.dumps(t2)) == t2


def test_the_engine_speaks_german_through_the_catalog():
    from babel.support import Translations

    from scorer.web.language import compile_catalogs

    compile_catalogs()
    catalog = Translations.load(str(ROOT / "scorer" / "translations"), ["de"])

    class German:
        def gettext(self, text):
            return catalog.gettext(text)

        def ngettext(self, singular, plural, n):
            return catalog.ngettext(singular, plural, n)

        def number(self, n):
            return str(n)

    data = example()
    data["rounds"][1]["tables"][1]["players"] = [0, 2, 4, 5, 3]
    data["rounds"][0]["tables"][0]["deals"][0]["won"] = "yes"
    with pytest.raises(TournamentError) as exc:
        tfile.from_dict(data)
    assert [p.localized(German()) for p in exc.value.problems] == [
        "Runde 1, Tisch 1, Spiel 1: won ist true oder false", "Runde 2: Dora sitzt an Tisch 1 und an Tisch 2"]
    with pytest.raises(TournamentError) as exc:
        seat(KOENIGRUFEN.players, 7)
    assert exc.value.problems[0].localized(German()) == (
        "7 Spieler können nicht an Tische zu 4 oder 5 gesetzt werden: noch ein Spieler muss dazukommen oder einer "
        "aufhören")


def test_schrift_leaves_kontra_out_unless_the_rule_set_counts_it():
    kontra = (Deal("game", 0, "dreier", 1, won=True, kontra=2),)
    plain = score(tournament([[((0, 1, 2, 3), kontra), ((4, 5, 6, 7), ())]]))
    assert plain.rounds[0][0].schrift == (-4, 12, -4, -4)
    assert plain.rounds[0][0].settlement.money_balance == (-8, 24, -8, -8)
    counted = Tournament(KOENIGRUFEN, RuleSet.from_dict({"preset": "ooe", "kontra_in_schrift": True}), NAMES[:8],
                         plain.tournament.rounds)
    assert score(counted).rounds[0][0].schrift == (-8, 24, -8, -8)
