"""A partie file's repeated deals are read, checked and scored once (issue 16): the fast path gives exactly
what reading every deal the slow way gives, for every game, valid files and bad ones alike."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import partie_file
from scorer.bench import sample_haferl
from scorer.games import game_of
from scorer.partie_file import dumps, loads, settlement_json, settlement_to_dict
from scorer.problems import ScoringError
from tests import test_haferl as bavarian
from tests import test_koenigrufen_properties as koenigrufen
from tests import test_properties as strohmandeln

from .conftest import examples



def read(text: str, remember: bool):
    """The partie of `text`, its deals remembered (the command line's way) or each read the slow way."""
    partie_file.REMEMBER = remember
    try:
        return loads(text, every=True)
    finally:
        partie_file.REMEMBER = True


def problems(text: str, remember: bool) -> list[str]:
    with pytest.raises(ScoringError) as caught:
        read(text, remember)
    return [str(p) for p in caught.value.problems]


def assert_fast_equals_slow(partie) -> None:
    text = dumps(partie)
    fast, slow = read(text, True), read(text, False)
    assert fast == slow
    raw = json.loads(text)["deals"]
    assert len({id(d) for d in slow.deals}) == len(slow.deals)                 # the slow way: no deal shared
    assert len({id(d) for d in fast.deals}) == len({repr(d) for d in raw})     # the fast way: one per distinct deal
    game = game_of(fast)
    quick, plain = game.replay(fast, checked=True), game.replay(slow)            # plain: checked again, one by one
    assert quick == plain
    text = json.dumps(settlement_to_dict(plain), ensure_ascii=False, separators=(",", ":")) + "\n"
    assert json.dumps(settlement_to_dict(quick), ensure_ascii=False, separators=(",", ":")) + "\n" == text
    assert settlement_json(quick) == text == settlement_json(plain)   # the command's own writer, byte for byte


def repeated(draw, partie, most=40):
    """The partie with its deals drawn again and again (the first dealer kept as the file says)."""
    if not partie.deals:
        return partie
    order = draw(st.lists(st.integers(0, len(partie.deals) - 1), min_size=1, max_size=most))
    deals = tuple(partie.deals[i] for i in order)
    return type(partie)(partie.players, partie.rules, deals, deals[0].dealer)


SETTINGS = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                             HealthCheck.filter_too_much])


@SETTINGS
@given(strohmandeln.parties(max_deals=6), st.data())
def test_strohmandeln_repeated_deals_read_and_score_as_every_deal_read_alone(partie, data):
    assert_fast_equals_slow(repeated(data.draw, partie))


@SETTINGS
@given(koenigrufen.parties(), st.data())
def test_koenigrufen_repeated_deals_read_and_score_as_every_deal_read_alone(partie, data):
    assert_fast_equals_slow(repeated(data.draw, partie))


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(1, 60), st.integers(0, 10_000))
def test_bavarian_repeated_deals_read_and_score_as_every_deal_read_alone(n, seed):
    assert_fast_equals_slow(sample_haferl(n, seed))


@SETTINGS
@given(bavarian.parties(), st.data())
def test_bavarian_presets_repeated_deals_read_and_score_as_every_deal_read_alone(partie, data):
    """Every preset: the pot (haferl), none (huber), the credits (sharp)."""
    assert_fast_equals_slow(repeated(data.draw, partie))


BAD = [{"type": "game", "dealer": True, "undertaker": None, "card_points": ["40", None]},
       {"type": "game", "dealer": 1.0, "undertaker": None, "card_points": ["40", None]},
       {"type": "game", "dealer": "1", "undertaker": None, "card_points": ["40", None]},
       {"type": "game", "dealer": 1, "undertaker": None, "card_points": ["40 1/3", None]},
       {"type": "misdeal", "dealer": 0},
       {"type": "redeal", "dealer": 0, "reason": "no-tarock", "bonus": 1},
       [1, [2, [3]]]]
GOOD = {"type": "game", "dealer": 1, "undertaker": None, "card_points": ["40", None]}


def outcome(text: str, remember: bool):
    """The deals read (their repr: 1.0 is not 1 there) or every message."""
    try:
        return repr(read(text, remember).deals)
    except ScoringError as exc:
        return [str(p) for p in exc.problems]


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from([GOOD] + BAD), min_size=1, max_size=30))
def test_repeated_odd_deals_read_as_each_read_alone(deals):
    """1, 1.0, true and "1" are told apart; every bad deal is named where it stands, as read alone."""
    text = json.dumps({"format": "strohmandeln-partie", "version": 1, "players": ["Anna", "Bernd"],
                       "rules": {"preset": "tarockbuch-extended"}, "deals": deals})
    assert outcome(text, True) == outcome(text, False)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12)


def typed(value):
    """The value with every part's type beside it (True, 1 and 1.0 are == in Python, not here)."""
    if isinstance(value, dict):
        return ("dict", [(k, typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value).__name__, repr(value))


@settings(max_examples=examples(300), deadline=None)
@given(JSON_VALUES, JSON_VALUES)
def test_a_deal_is_remembered_by_its_value_with_every_type_and_order(a, b):
    """Two deals share a key exactly when they are the same JSON value: same types (1, 1.0, true, "1"
    differ), same order of fields."""
    assert (partie_file.deal_key(a) == partie_file.deal_key(b)) == (typed(a) == typed(b))
    assert partie_file.deal_key(a) == partie_file.deal_key(json.loads(json.dumps(a)))   # read again: same key


def test_the_key_tells_apart_what_python_calls_equal():
    keys = {partie_file.deal_key({"dealer": v}) for v in (1, 1.0, True, "1", 0, 0.0, -0.0, False, None)}
    assert len(keys) == 9
