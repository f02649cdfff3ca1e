"""Replaying a partie: doubled rounds (queue and stack), the dealer, balances, money, credits."""

from decimal import Decimal

import pytest

from scorer.games.strohmandeln import StrohmandelnError
from tests.helpers import game, misdeal, redeal, renonce, rules, settle

EXT = rules()
STACK = rules(nullrunde="stack")
DRAW = game("35")          # a simple-game draw: starts a Nullrunde
WIN = game("40")           # Anna wins a simple game: 1


def multipliers(s):
    return [r.multiplier for r in s.deals]


def pending(s):
    return [r.doubled_pending for r in s.deals]


def test_a_draw_doubles_the_next_two_games():
    s = settle(EXT, DRAW, WIN, WIN, WIN)
    assert multipliers(s) == [1, 2, 2, 1]
    assert pending(s) == [2, 1, 0, 0]
    assert s.balance == (5, -5)


def test_a_tie_after_bonuses_starts_a_nullrunde():
    tie = game("40", undertaker=0, bonuses=[("pagat", 1), ("uhu", 1), ("kakadu", 1)])  # 3 : 3
    s = settle(EXT, tie, WIN)
    assert s.deals[0].points == (3, 3) and s.deals[0].nullrunde
    assert s.deals[1].multiplier == 2


def test_a_simple_draw_with_a_bonus_still_starts_a_nullrunde():
    s = settle(EXT, game("35", bonuses=[("pagat", 1)]), WIN)
    assert s.deals[0].points == (0, 1)
    assert s.deals[1].multiplier == 2


def test_a_misdeal_inside_a_doubled_round_costs_double_and_uses_no_game():
    s = settle(EXT, DRAW, misdeal(0, dealer=1), WIN, WIN, WIN)
    assert [r.points for r in s.deals[1:]] == [(0, 2), (2, 0), (2, 0), (1, 0)]
    assert multipliers(s) == [1, 2, 2, 2, 1]


def test_a_redeal_uses_no_game():
    s = settle(EXT, DRAW, redeal(dealer=1), WIN, WIN, WIN)
    assert multipliers(s) == [1, 2, 2, 2, 1]


def test_draw_inside_a_doubled_round_queue():
    # deal 2 (doubled) is a draw: its round comes after the pending one, never more than double
    s = settle(EXT, DRAW, DRAW, WIN, WIN, WIN, WIN)
    assert multipliers(s) == [1, 2, 2, 2, 2, 1]
    assert pending(s) == [2, 3, 2, 1, 0, 0]


def test_draw_inside_a_doubled_round_stack():
    # deal 2 starts a round that overlaps the first: deal 3 counts 4 times, deal 4 twice
    s = settle(STACK, DRAW, DRAW, WIN, WIN, WIN)
    assert multipliers(s) == [1, 2, 4, 2, 1]
    assert pending(s) == [2, 2, 1, 0, 0]
    assert s.balance == (4 + 2 + 1, -7)


def test_renonce_never_starts_a_nullrunde():
    s = settle(EXT, renonce(1, anna="35"), WIN)
    assert s.deals[1].multiplier == 1


def test_one_game_triggers_at_most_one_doubled_round():
    s = settle(EXT, game("35", bonuses=[("pagat", 1)]), WIN)
    assert s.doubled_pending == 1


def test_no_nullrunde_outside_tarockbuch():
    s = settle(rules("strawman"), game("35"), game("40"))
    assert multipliers(s) == [1, 1]
    s = settle(rules("beck", simple_games="half"), game("35"), game("40"))
    assert multipliers(s) == [1, 1]


def test_ending_with_doubled_games_pending_is_reported():
    s = settle(EXT, WIN, DRAW)
    assert s.doubled_pending == 2 and s.next_multiplier == 2


def test_next_dealer_alternates_after_games_only():
    s = settle(EXT, game("40", dealer=0), misdeal(1, dealer=1), redeal(dealer=1), game("40", dealer=1))
    assert [r.next_dealer for r in s.deals] == [1, 1, 1, 0]
    assert s.next_dealer == 0 and s.vorhand == 1


def test_beck_passed_redeal_is_dealt_by_the_old_vorhand():
    beck = rules("beck")
    s = settle(beck, redeal("passed", dealer=0))
    assert s.next_dealer == 1
    classic = rules("tarockbuch-classic", simple_games="redeal")
    assert settle(classic, redeal("passed", dealer=0)).next_dealer == 0


def test_first_dealer_without_deals():
    assert settle(EXT, first_dealer=1).next_dealer == 1


def test_rounds_count_games_in_pairs():
    s = settle(EXT, WIN, misdeal(0, dealer=1), WIN, WIN)
    assert [r.round for r in s.deals] == [1, 1, 1, 2]
    assert s.round == 2


def test_money_is_balance_times_stake():
    s = settle(rules(stake="0.50"), game("50", undertaker=0), WIN)
    assert s.balance == (5, -5)
    assert s.money == (Decimal("2.50"), Decimal("-2.50"))
    # money is in cents, written with exactly two decimals: a stake "0.100" is 0.10
    s = settle(rules(stake="0.100"), game("50", undertaker=0), WIN)
    assert s.partie.rules.stake == Decimal("0.10") and [str(m) for m in s.money] == ["0.50", "-0.50"]
    assert [str(m) for m in settle(rules(stake="0.5"), WIN).money] == ["0.50", "-0.50"]


def test_strawman_credits_and_the_end_of_the_bankroll():
    straw = rules("strawman", bankroll=50)
    s = settle(straw, game("32", undertaker=0))
    assert s.credits == (10, 90) and s.bankrupt is None
    s = settle(straw, game("32", undertaker=0), game("30", undertaker=0, dealer=1))
    assert s.credits == (-40, 140) and s.bankrupt == 0
    assert s.money == (Decimal("-0.90"), Decimal("0.90"))
    with pytest.raises(StrohmandelnError) as err:
        settle(straw, game("32", undertaker=0), game("30", undertaker=0, dealer=1), game("40"))
    assert str(err.value.problems[0]) == "deal 3: the partie ended after deal 2: Anna ran out of credits"


def test_problems_name_every_bad_deal():
    with pytest.raises(StrohmandelnError) as err:
        settle(EXT, WIN, game("36", "35"), misdeal(None))
    assert [str(p) for p in err.value.problems] == [
        "deal 2: card points 36 + 35 do not add up to 70",
        "deal 3: say who misdealt",
    ]


@pytest.mark.parametrize("ruleset", [EXT, STACK], ids=["queue", "stack"])
def test_the_settlement_after_the_first_k_deals_keeps_the_doubled_rounds(ruleset):
    """`upto` (what an edit replays from) inside overlapping doubled rounds: in a stack, after deal 2 one round
    has a game left and the next two; in a queue, three doubled games wait."""
    from scorer.games.strohmandeln import extend, upto
    deals = (DRAW, DRAW, misdeal(0, dealer=1), DRAW, WIN, WIN, redeal(dealer=0), WIN, WIN, WIN)
    full = settle(ruleset, *deals)
    for k in range(len(deals) + 1):
        head = upto(full, k)
        assert head == settle(ruleset, *deals[:k])
        assert extend(head, deals[k:]) == full
    assert upto(full, 2).doubled_rounds == (1, 2)
    assert upto(full, 2).next_multiplier == (4 if ruleset is STACK else 2)
