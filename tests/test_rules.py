"""Rule sets: presets, options, their checks, and the plain-language summary."""

from decimal import Decimal

import pytest

from scorer.games.strohmandeln import PRESETS, RuleSet, StrohmandelnError


def test_defaults():
    r = RuleSet.default()
    assert r.preset == "tarockbuch-extended" and r.deck == 54 and r.stake == Decimal("0.10")
    assert r.nullrunde == "queue" and r.simple_games == "play" and r.valat == "replace" and r.kontra is False
    assert r.bankroll is None and r.counting is None
    straw = RuleSet.default("strawman")
    assert straw.stake == Decimal("0.01") and straw.bankroll == 100 and straw.counting == "threes"
    assert RuleSet.default("beck").simple_games == "redeal"


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_round_trips_and_compares(preset):
    r = RuleSet.default(preset)
    full = r.to_dict(full=True)
    assert RuleSet.from_dict(full) == r
    assert RuleSet.from_dict(full).to_dict() == full
    assert r.to_dict() == {"preset": preset}
    assert eval(repr(r), {"RuleSet": RuleSet, "Decimal": Decimal}) == r
    assert r.describe() and all(str(line).endswith(".") for line in r.describe())


def test_equal_rule_sets_score_alike_whatever_was_given():
    assert RuleSet.from_dict({"preset": "beck", "stake": "0.10"}) == RuleSet.default("beck")
    assert RuleSet.from_dict({"stake": "0.2"}) != RuleSet.default()


@pytest.mark.parametrize("data, words", [
    pytest.param({"preset": "tirol"}, "unknown preset 'tirol'", id="preset"),
    pytest.param({"deck": 36}, "the pack must be 54 or 40", id="deck"),
    pytest.param({"flag2": 1}, "unknown option 'flag2'", id="unknown"),
    pytest.param({"bankroll": 50}, "have no option 'bankroll'", id="not-of-this-preset"),
    pytest.param({"preset": "strawman", "bankroll": 0}, "from 1 to 1000000", id="bankroll"),
    pytest.param({"preset": "strawman", "deck": 40}, "54-card pack", id="strawman-40"),
    pytest.param({"grammel_threshold": 50}, "only with the 40-card pack", id="grammel-54"),
    pytest.param({"preset": "beck", "deck": 40, "tarock_ii_ultimo": True}, "no Tarock II", id="ii-40"),
    pytest.param({"simple_games": "half"}, "must be one of play, redeal", id="half-tarockbuch"),
    pytest.param({"preset": "beck", "simple_games": "play"}, "must be one of redeal, half", id="play-beck"),
    pytest.param({"kontra": "yes"}, "must be true or false", id="flag"),
    pytest.param({"stake": "-1"}, "the stake must be an amount of whole cents from 0.01 to 1000, like 0.10",
                 id="negative-stake"),
    pytest.param({"stake": "0"}, "from 0.01 to 1000", id="zero-stake"),     # a stake is positive (RULES.md §4.5)
    pytest.param({"stake": "NaN"}, "the stake must be an amount of money like 0.10", id="nan-stake"),
    pytest.param({"stake": "0.125"}, "a stake is money: at most two decimals, not 0.125", id="stake-in-cents"),
    pytest.param({"stake": "0.0125"}, "a stake is money: at most two decimals, not 0.0125", id="stake-tenth-cent"),
    pytest.param({"stake": "1e-3"}, "a stake is money: at most two decimals", id="stake-exponent"),
    pytest.param([], "must be an object", id="not-a-dict"),
])
def test_bad_rule_sets_say_why(data, words):
    with pytest.raises(StrohmandelnError) as err:
        RuleSet.from_dict(data)
    assert any(words in p.message for p in err.value.problems), [p.message for p in err.value.problems]


def test_describe_in_plain_words():
    text = " ".join(map(str, RuleSet.default().describe()))
    assert "Simple game won: 1 game point; 2 if the winner has at least 45." in text
    assert "Undertaken game won: 3 game points (4 with at least 45); lost: 4 to the opponent " \
           "(5 if the undertaker has less than 26)." in text
    assert "Nullrunde" in text and "Valat: 12" in text
    straw = " ".join(map(str, RuleSet.default("strawman").describe()))
    assert "Absolut (winner with 40 to 49): 10; Grandpoint (50 or more): 20." in straw
    assert "100 credits" in straw
    beck = " ".join(map(str, RuleSet.default("beck").describe()))
    assert "Both pass: the cards are dealt again." in beck and "Königstrull 2" in beck


def test_bonus_tables():
    assert RuleSet.default().bonuses["uhu"] == 1
    assert "uhu" not in RuleSet.from_dict({"deck": 40}).bonuses
    assert RuleSet.default("beck").bonuses == {"trull_announced": 2, "four_kings_announced": 2, "pagat": 2,
                                               "pagat_captured": 2, "mondfang": 2}
    assert RuleSet.default("strawman").bonuses == {"pagat": 10, "trull_tricks": 10, "four_kings_tricks": 10}
