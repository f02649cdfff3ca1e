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
from scorer.tournament import (TIE_BREAKS, CupRules, Round, Scoring, Tournament, TournamentError, cup, random_draw,
                               score, seating, standings_draw)
from scorer.tournament import cup_file
from scorer.tournament.cup import FIXPUNKTE
from scorer.tournament.scoring import lot_digest
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

@st.composite
def scorings(draw):
    """The scoring options of a tournament: a named format (RULES-TOURNAMENT §8.1) or none, each option given beside
    it or not, the tie-breaks any of the five in any order."""
    data = {}
    fmt = draw(st.sampled_from([None, "wien", "tirol", "ooe"]))
    if fmt:
        data["format"] = fmt
    if not fmt or draw(st.booleans()):
        data["total"] = draw(st.sampled_from(["schrift+rank", "schrift", "rank"]))
    if not fmt or draw(st.booleans()):
        data["tie_breaks"] = draw(st.lists(st.sampled_from(TIE_BREAKS), unique=True, max_size=5))
    points = draw(st.sampled_from([{}, {"4": [10, 8, 6, 4], "5": [10, 8, 6, 4, 2]}, {"4": [3, 3, 0, 0]}]))
    if points:
        data["rank_points"] = points
    if draw(st.booleans()):
        data["games"] = {"4": draw(st.integers(5, 25))}
    return Scoring.from_dict(data, (4, 5))


@st.composite
def tournaments(draw, rules=None):
    """A Königrufen tournament of 4 to 24 players, up to three rounds drawn by the engine, each table a few deals;
    players withdraw and join between rounds (of the rule set given, else any)."""
    rules = draw(rulesets()) if rules is None else rules
    n = draw(st.sampled_from(SEATABLE))
    t = Tournament(KOENIGRUFEN, rules, NAMES[:n], (), draw(scorings()))
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
    # the places are the ranking by the total, then each tie-break in turn, worked out here from the lines alone
    seed = (t.rounds[0].seed or 0) if t.rounds else 0
    widest = max(t.sizes)

    def key(s):
        out = [s.total]
        for name in t.scoring.tie_breaks:
            values = sorted(s.round_values, reverse=True)
            if name == "table_ranks":
                out.append(tuple(s.table_ranks.count(k) for k in range(1, widest + 1)))
            elif name == "best_round":
                out.append((1, values[0]) if values else (0, 0))
            elif name == "second_best_round":
                out.append((1, values[1]) if len(values) > 1 else (0, 0))
            elif name == "schrift":
                out.append(s.schrift)
            else:
                out.append(-int(lot_digest(seed, t.players[s.player]), 16))
        return tuple(out)

    for a in lines:
        assert a.place == 1 + sum(1 for b in lines if key(b) > key(a))
    if "lot" in t.scoring.tie_breaks:   # names differ: no place is shared after the lot
        assert len({s.place for s in lines}) == len(lines)


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
    """One to four tournaments of one rule set and the options of a cup over them (RULES-TOURNAMENT §5, §8.2): a
    preset or none, cup points by place or a system, every way of counting, a final or none, both tie rules."""
    rules = draw(rulesets())
    days = [score(draw(tournaments(rules))) for _ in range(draw(st.integers(1, 4)))]
    data = {}
    preset = draw(st.sampled_from([None, "wien", "tirol", "ooe"]))
    if preset:
        data["preset"] = preset
    if not preset or draw(st.booleans()):
        data["cup_points"] = draw(st.one_of(st.lists(st.integers(0, 100), max_size=12),
                                            st.sampled_from(["fixpunkte", "heine", "tirol"])))
    if draw(st.booleans()):
        data["cup_total"] = draw(st.sampled_from(["sum", "best 1", "best 2", "best 3", "best 1+final", "best 2+final",
                                                  "best half"]))
    if draw(st.booleans()):
        data["final"] = draw(st.integers(1, len(days)))
    if draw(st.booleans()):
        data["minus_day_counts"] = draw(st.booleans())
    if draw(st.booleans()):
        data["cup_ties"] = draw(st.sampled_from(["places", "results"]))
    return days, CupRules.from_dict(data)


def earned(rules, s, field):
    """A tournament's cup points for one line of its standings, as RULES-TOURNAMENT §8.2 says, worked out here."""
    if rules.cup_points == "heine":
        points = 0 if s.schrift <= 0 else s.schrift if s.schrift <= 100 else min(200, 100 + (s.schrift - 100) // 2)
    elif rules.cup_points == "tirol":
        points = 0 if field == 1 else int(200 * ((field - s.place) / (field - 1)) ** 3 + 0.5)
    else:
        table = FIXPUNKTE if rules.cup_points == "fixpunkte" else rules.cup_points
        points = table[s.place - 1] if s.place <= len(table) else 0
    return 0 if s.total < 0 and not rules.minus_day_counts else points


@SLOW
@given(cups())
def test_cup_totals_are_the_counted_cup_points_and_places_are_a_ranking(found):
    days, rules = found
    lines = cup(days, rules)
    # every player in a tournament's standings, by name (case aside)
    everyone = {t.tournament.players[s.player].casefold() for t in days for s in t.standings}
    assert sorted(line.name.casefold() for line in lines) == sorted(everyone)
    n = len(days)
    counting = (n // 2 if n > 10 else (n + 1) // 2) if rules.half else rules.best
    keys = {}
    for line in lines:
        results = {}
        for i, t in enumerate(days):
            s = next((s for s in t.standings if t.tournament.players[s.player].casefold() == line.name.casefold()),
                     None)
            if s is None:
                assert line.places[i] is None and line.points[i] is None
                continue
            points = earned(rules, s, len(t.standings))
            assert (line.places[i], line.points[i]) == (s.place, points)
            results[i] = points
        final = None if rules.final is None or not rules.plus_final else rules.final - 1
        pool = sorted((v for i, v in results.items() if i != final), reverse=True)
        counted = pool if counting is None else pool[:counting]
        if final is not None and final in results:
            counted = counted + [results[final]] if counting is not None else pool + [results[final]]
        counted = sorted(counted, reverse=True)
        assert line.total == sum(counted) and list(line.results) == counted, (line, counted)
        assert sum(line.counted) == len(counted) and line.played == len(results)
        keys[line.name] = (line.total, counted, len(results), line.places)
    # places: by total, then the tie rule; shared places, the next one skips
    longest = max((len(k[1]) for k in keys.values()), default=0)

    def key(name):
        total, counted, played, places_ = keys[name]
        if rules.ties == "results":
            return (total, tuple(counted) + (0,) * (longest - len(counted)), played)
        return (total, tuple(sum(1 for p in places_ if p == k) for k in range(1, 100)))

    for a in lines:
        assert a.place == 1 + sum(1 for b in lines if key(b.name) > key(a.name))
    for i in range(1, len(lines)):
        assert (lines[i].place, lines[i].player) > (lines[i - 1].place, lines[i - 1].player)


@SLOW
@given(cups())
def test_a_cup_file_written_and_replayed_gives_the_same_standings(found):
    days, rules = found
    text = cup_file.dumps(rules, [t.tournament for t in days])
    read = cup_file.read(text)
    assert read.rules == rules
    expected = cup_file.standings_to_dict(cup_file.CupStandings(rules, tuple(days), cup(days, rules)))
    assert cup_file.standings_to_dict(read) == expected
    assert expected["players"] == list(dict.fromkeys(p for t in days for p in t.tournament.players))
