"""Tournament properties (Hypothesis): every table's Schrift sums to 0 and its rank points to the table's; places
are a ranking (by total, ties share, the next place skips); a tournament file written and read back is the same
tournament with the same standings; the draw is a partition of the present players into the game's table sizes and
repeatable for a seed."""

import copy
import json
from itertools import permutations
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import games
from scorer.tournament import (CupRules, Round, Scoring, Tournament, TournamentError, cup, random_draw, score,
                               seating, standings_draw)
from scorer.tournament import file as tfile
from scorer.tournament.draw import times_out
from scorer.tournament.scoring import Table

from .conftest import examples


from .test_koenigrufen_properties import deals, rulesets

KOENIGRUFEN = games.by_key("koenigrufen")
NAMES = tuple(f"Spieler {i}" for i in range(24))
SEATABLE = [n for n in range(4, 25) if seating(KOENIGRUFEN.players, n)]
SLOW = settings(max_examples=examples(120), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])

scorings = st.builds(
    lambda total, breaks, points: Scoring(total=total, tie_breaks=breaks, rank_points=points),
    st.sampled_from(["schrift+rank", "schrift", "rank"]),
    st.sampled_from([(), ("table_ranks",), ("best_round",), ("schrift",)]
                    + [p for p in permutations(("table_ranks", "best_round", "schrift"))]),
    st.sampled_from([(), ((4, (10, 8, 6, 4)), (5, (10, 8, 6, 4, 2))), ((4, (3, 3, 0, 0)),)]))


@st.composite
def tournaments(draw, rules=None):
    """A Königrufen tournament of 4 to 24 players, up to three rounds drawn by the engine, each table a few deals;
    players withdraw and join between rounds (of the rule set given, else any)."""
    rules = draw(rulesets) if rules is None else rules
    n = draw(st.sampled_from(SEATABLE))
    t = Tournament(KOENIGRUFEN, rules, NAMES[:n], (), draw(scorings))
    for _ in range(draw(st.integers(1, 3))):
        present = draw(st.lists(st.sampled_from(range(n)), min_size=4, unique=True).filter(
            lambda p: seating(KOENIGRUFEN.players, len(p)) is not None))
        rnd = random_draw(t, present, draw(st.integers(0, 2 ** 32)))
        tables = tuple(Table(x.players, tuple(draw(st.lists(deals(rules, len(x.players)), max_size=5))))
                       for x in rnd.tables)
        t = t.with_round(Round(tables, rnd.seed))
    return t


@SLOW
@given(tournaments())
def test_every_tables_schrift_sums_to_zero_and_its_rank_points_to_the_tables(t):
    standings = score(t)
    for tables in standings.rounds:
        for table in tables:
            assert sum(table.schrift) == 0
            assert sum(table.rank_points) == sum(t.scoring.rank_points_at(len(table.players)))
            for seat, other in enumerate(table.schrift):
                assert table.rank[seat] == 1 + sum(1 for s in table.schrift if s > other)
    assert sum(s.schrift for s in standings.standings) == 0


@SLOW
@given(tournaments())
def test_places_are_a_ranking(t):
    lines = score(t).standings
    assert sorted(s.player for s in lines) == list(range(len(t.players)))
    assert lines[0].place == 1
    for i in range(1, len(lines)):
        before, now = lines[i - 1], lines[i]
        assert before.total >= now.total
        if now.place == before.place:
            assert now.total == before.total and now.player > before.player
        else:
            assert now.place == i + 1 and now.place > before.place
    if not t.scoring.tie_breaks:
        for a in lines:
            assert a.place == 1 + sum(1 for b in lines if b.total > a.total)


@SLOW
@given(tournaments())
def test_a_written_tournament_file_reads_back_as_the_same_tournament(t):
    text = tfile.dumps(t)
    again = tfile.loads(text)
    assert again == t
    assert tfile.dumps(again) == text
    assert tfile.standings_to_dict(tfile.read(text)) == tfile.standings_to_dict(score(t))


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(["koenigrufen", "haferltarock", "strohmandeln"]), st.integers(1, 40), st.integers(0, 2 ** 64),
       st.randoms(use_true_random=False), st.integers(0, 2))
def test_the_draw_is_a_partition_into_the_games_table_sizes_and_repeatable(key, n, seed, rng, earlier):
    game = games.by_key(key)
    seats = seating(game.players, n)
    t = Tournament(game, game.rules.from_dict({}), NAMES[:24] + tuple(f"Gast {i}" for i in range(16)))
    present = rng.sample(range(40), n)
    if seats is not None:   # a few rounds before, of everybody present
        for k in range(earlier):
            t = t.with_round(random_draw(t, present, seed + k + 1))
    if seats is None:
        try:
            random_draw(t, present, seed)
        except ValueError as exc:
            assert "cannot be seated" in str(exc)
            return
        raise AssertionError("seated players that cannot be seated")
    rnd = random_draw(t, present, seed)
    seated = [p for x in rnd.tables for p in x.players]
    assert sorted(seated + list(rnd.out)) == sorted(present)
    assert tuple(len(x.players) for x in rnd.tables) == seats.sizes and len(rnd.out) == seats.out
    assert all(len(x.players) in game.players for x in rnd.tables)
    assert random_draw(t, list(reversed(present)), seed) == rnd
    by_standings = standings_draw(t, present, list(range(40)))
    assert [p for x in by_standings.tables for p in x.players] == [p for p in sorted(present)
                                                                   if p not in by_standings.out]
    outs = times_out(t.rounds)
    for p in by_standings.out + rnd.out:   # of those who sat out least
        assert outs[p] == min(outs[q] for q in present)


EXAMPLE = json.loads((Path(__file__).resolve().parent / "data" / "tournament-example.json").read_text())
json_values = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False)
                           | st.text(max_size=5),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=4), max_leaves=8)


def paths(value, here=()):
    """Every place in a JSON value: the paths to its items."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, here + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from paths(item, here + (i,))


PATHS = [p for p in paths(EXAMPLE) if p]


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(PATHS), json_values), min_size=1, max_size=3))
def test_a_hostile_tournament_file_is_refused_with_messages_never_a_traceback(changes):
    data = copy.deepcopy(EXAMPLE)
    for path, value in changes:
        place = data
        try:
            for key in path[:-1]:
                place = place[key]
            place[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    try:
        standings = tfile.standings_of(data)
    except TournamentError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)
        return
    for tables in standings.rounds:
        assert all(sum(t.schrift) == 0 for t in tables)


# -- the cup (§5) ------------------------------------------------------------------------------------------------

@st.composite
def cups(draw):
    """One to three tournaments of one rule set and the options of a cup over them."""
    rules = draw(rulesets)
    days = [score(draw(tournaments(rules))) for _ in range(draw(st.integers(1, 3)))]
    points = tuple(draw(st.lists(st.integers(0, 100), max_size=12)))
    return days, CupRules(points, draw(st.one_of(st.none(), st.integers(1, 3))), draw(st.booleans()))


@SLOW
@given(cups())
def test_cup_totals_are_the_cup_points_by_place_the_best_n_and_minus_days_and_places_are_a_ranking(found):
    days, rules = found
    lines = cup(days, rules)
    # every player who played once, by name (case aside)
    played = {t.tournament.players[s.player].casefold() for t in days for s in t.standings if s.rounds}
    assert sorted(line.name.casefold() for line in lines) == sorted(played)
    for line in lines:
        earned = []
        for i, t in enumerate(days):
            s = next((s for s in t.standings if s.rounds and t.tournament.players[s.player].casefold()
                      == line.name.casefold()), None)
            if s is None:
                assert line.places[i] is None and line.points[i] is None
                continue
            points = rules.cup_points[s.place - 1] if s.place <= len(rules.cup_points) else 0
            if s.total < 0 and not rules.minus_day_counts:
                points = 0   # a minus day adds nothing (Kärnten)
            assert (line.places[i], line.points[i]) == (s.place, points)
            earned.append(points)
        best = sorted(earned, reverse=True)[:rules.best] if rules.best is not None else earned
        assert line.total == sum(best)
        assert sum(line.counted) == len(best)
    # places are a ranking: by total, shared places, the next one skips
    assert [line.place for line in lines][:1] in ([], [1])
    for i in range(1, len(lines)):
        before, now = lines[i - 1], lines[i]
        assert now.total <= before.total
        assert now.place == before.place or now.place == i + 1
        if now.total < before.total:
            assert now.place == i + 1
