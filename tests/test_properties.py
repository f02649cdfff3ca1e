"""Properties of any partie, with Hypothesis: zero sums, determinism, locality, round trips."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.partie_file import dumps, from_dict, loads, to_dict
from scorer.games.strohmandeln import Bonus, Deal, Partie, RuleSet, check, replay

from .conftest import examples


RULE_SETS = [
    RuleSet.default(),
    RuleSet.from_dict({"nullrunde": "stack", "kontra": True, "valat": "add", "stake": "0.25"}),
    RuleSet.from_dict({"deck": 40, "grammel_threshold": 60}),
    RuleSet.default("tarockbuch-classic"),
    RuleSet.from_dict({"preset": "tarockbuch-classic", "simple_games": "redeal"}),
    RuleSet.default("beck"),
    RuleSet.from_dict({"preset": "beck", "simple_games": "half", "tarock_ii_ultimo": True,
                       "undertaker_loses_draw": True}),
    RuleSet.from_dict({"preset": "strawman", "bankroll": 100000}),
    RuleSet.from_dict({"preset": "strawman", "counting": "simple", "bankroll": 1000000}),
]
PLAYER = st.sampled_from([0, 1])


@st.composite
def deals(draw, rules):
    """A deal that `check` accepts under `rules` (a misdeal where the drawn one is impossible)."""
    kind = draw(st.sampled_from(["game"] * 6 + ["renonce", "misdeal", "redeal"]))
    dealer = draw(PLAYER)
    if kind == "misdeal":
        return Deal("misdeal", dealer, offender=draw(PLAYER))
    if kind == "redeal":
        reasons = ["no-tarock"] if rules.simple_game_value is not None else ["no-tarock", "passed"]
        return Deal("redeal", dealer, reason=draw(st.sampled_from(reasons)))
    pack = rules.pack
    thirds = draw(st.sampled_from(sorted(pack.reachable)))
    side = draw(PLAYER)
    points = (thirds, None) if side == 0 else (None, thirds)
    if kind == "renonce" and draw(st.booleans()):
        points = None
    names = draw(st.lists(st.sampled_from(sorted(rules.bonuses)), max_size=3, unique=True))
    bonuses = tuple(Bonus(n, draw(PLAYER)) for n in names)
    undertaker = draw(st.sampled_from([None, 0, 1]))
    deal = Deal(kind, dealer, undertaker=undertaker, card_points=points, bonuses=bonuses,
                offender=draw(PLAYER) if kind == "renonce" else None,
                kontra=bool(rules.kontra and undertaker is not None and draw(st.booleans())))
    if check(rules, deal):
        deal = Deal(kind, dealer, undertaker=undertaker if rules.simple_game_value is None else None,
                    card_points=points if points else (thirds, None), offender=deal.offender)
    if check(rules, deal):
        return Deal("misdeal", dealer, offender=draw(PLAYER))
    return deal


@st.composite
def parties(draw, max_deals=25):
    rules = draw(st.sampled_from(RULE_SETS))
    listed = tuple(draw(st.lists(deals(rules), max_size=max_deals)))
    return Partie(("Anna", "Bernd"), rules, listed, listed[0].dealer if listed else 0)


SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(parties())
def test_balances_always_sum_to_zero(partie):
    s = replay(partie)
    running = 0
    for r in s.deals:
        running += r.points[0] - r.points[1]
        assert r.balance == (running, -running)
        assert sum(r.balance) == 0
        assert sum(i.points for i in r.items) == sum(r.points)
    assert s.money[0] + s.money[1] == 0


@SETTINGS
@given(parties())
def test_replay_is_deterministic(partie):
    assert replay(partie) == replay(partie)


@SETTINGS
@given(st.data())
def test_changing_deal_k_changes_nothing_before_it(data):
    partie = data.draw(parties(max_deals=15))
    if not partie.deals:
        return
    k = data.draw(st.integers(0, len(partie.deals) - 1))
    other = data.draw(deals(partie.rules))
    changed = Partie(partie.players, partie.rules, partie.deals[:k] + (other,) + partie.deals[k + 1:],
                     partie.first_dealer)
    assert replay(changed).deals[:k] == replay(partie).deals[:k]


@SETTINGS
@given(parties())
def test_the_partie_file_round_trips(partie):
    assert from_dict(to_dict(partie)) == partie
    assert loads(dumps(partie)) == partie
    assert to_dict(loads(dumps(partie))) == to_dict(partie)


@SETTINGS
@given(parties())
def test_queue_never_more_than_double(partie):
    if partie.rules.nullrunde == "queue":
        assert all(r.multiplier in (1, 2) for r in replay(partie).deals)


@SETTINGS
@given(st.data())
def test_extending_a_settlement_is_a_full_replay(data):
    from scorer.games import game_of
    from scorer.games.strohmandeln import extend, start
    partie = data.draw(parties())
    preview = game_of(partie).preview
    k = data.draw(st.integers(0, len(partie.deals)))
    head = Partie(partie.players, partie.rules, partie.deals[:k], partie.first_dealer)
    assert extend(replay(head), partie.deals[k:]) == replay(partie)
    assert extend(start(partie), partie.deals) == replay(partie)
    if k < len(partie.deals):
        assert preview(head, partie.deals[k], settlement=replay(head)) == preview(head, partie.deals[k])


@SETTINGS
@given(parties())
def test_the_settlement_after_the_first_k_deals_is_read_off_the_full_one(partie):
    """`upto`: what an edit of deal k + 1 replays from (scorer/web/loading.py), for every k, as a replay of only
    those deals gives it: the doubled rounds (queue and stack) and credits included."""
    from scorer.games.strohmandeln import extend, upto
    full = replay(partie)
    for k in range(len(partie.deals) + 1):
        head = upto(full, k)
        assert head == replay(partie.with_deals(partie.deals[:k]))
        assert extend(head, partie.deals[k:]) == full
