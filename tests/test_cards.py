"""The Tarock basics (scorer/tarock/cards.py): card points, in-three counting, thirds, parsing, formatting, piles."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorer.tarock.cards import (
    PACK_40, PACK_54, PACK_54_SIMPLE, CardError, format_blatt, format_card_points, parse_card_points,
    rounded,
)

VALUES = {"Sküs": 5, "Mond": 5, "Pagat": 5, "King": 5, "Queen": 4, "Knight": 3, "Cavall": 3, "Jack": 2}


def thirds_of(cards):
    """Card points, in thirds, of a list of cards counted in threes."""
    return PACK_54.value_thirds(sum(VALUES.get(c, 1) for c in cards), len(cards))


@pytest.mark.parametrize("cards, expected", [
    pytest.param(["Queen", "5 of Hearts", "Tarock 3"], "4", id="queen-five-tarock"),
    pytest.param(["Jack", "Tarock 14", "Tarock 18"], "2", id="jack-two-tarocks"),
    pytest.param(["King", "Tarock 12", "Sküs"], "9", id="king-tarock-skus"),
    pytest.param(["King", "Cavall", "XIII"], "7", id="beck-king-cavall-xiii"),
    pytest.param(["Sküs", "Mond", "King", "Queen", "Queen"], "19 2/3", id="five-cards"),
    pytest.param(["Sküs", "Pagat", "King", "King", "Queen", "Queen"], "24", id="six-cards"),
])
def test_worked_examples_of_the_seeds(cards, expected):
    assert format_card_points(thirds_of(cards)) == expected


def test_whole_pack_is_70_in_threes_71_simple_88_with_40_cards():
    assert PACK_54.total_thirds == 210 and PACK_54.total == 70
    assert PACK_54_SIMPLE.total == 71
    assert PACK_40.total == 88


def test_pile_formula_matches_the_counting_rule():
    # thirds = 3*(4t + 4k + 3q + 2c + j) + n
    assert PACK_54.pile({"trull": 2, "kings": 2, "queens": 2}, 6) == 72
    assert PACK_54.pile({"trull": 1, "kings": 1, "queens": 2, "knights": 1, "jacks": 1}, 20) == \
        3 * (4 + 4 + 6 + 2 + 1) + 20
    assert PACK_54.pile({}, 0) == 0
    assert PACK_54.pile({"trull": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4}, 54) == 210


@pytest.mark.parametrize("counts, cards, field, words", [
    pytest.param({"trull": 4}, 10, "trull", "there are 3 Trull cards", id="four-trull-cards"),
    pytest.param({"kings": 5}, 10, "kings", "there are 4 Kings", id="five-kings"),
    pytest.param({"queens": -1}, 10, "queens", "not -1", id="negative"),
    pytest.param({}, 7, "cards", "whole tricks", id="odd-cards"),
    pytest.param({}, 56, "cards", "between 0 and 54", id="too-many-cards"),
    pytest.param({"trull": 3, "kings": 4}, 6, "cards", "do not fit", id="more-counting-than-cards"),
    pytest.param({"kings": 1}, 40, "cards", "the other pile", id="other-pile-impossible"),
])
def test_impossible_piles_say_why(counts, cards, field, words):
    with pytest.raises(CardError) as err:
        PACK_54.pile(counts, cards)
    assert err.value.problems[0].field == field
    assert words in err.value.problems[0].message


def test_40_card_pack_counts_other_tarocks_and_glatzen():
    assert PACK_40.pile({"trull": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4, "tarocks": 17}, 40) == 264
    assert PACK_40.pile({"trull": 1}, 2) == 15  # Pagat + a Glatze = 5
    with pytest.raises(CardError):
        PACK_40.pile({}, 6)  # only four Glatzen


@pytest.mark.parametrize("text, thirds", [
    (35, 105), ("35", 105), ("35 2/3", 107), ("35 1/3", 106), (" 0 ", 0), ("35 + 2 Blatt", 107),
    ("35+1 blatt", 106), ("35 + 0 Blatt", 105), ("35⅔", 107), ("70", 210),
])
def test_parse_card_points(text, thirds):
    assert parse_card_points(text) == thirds


@pytest.mark.parametrize("text", ["", "abc", "35 3/3", "35.5", "-3", -3, "35 + 3 Blatt", True, None, 1.5, "1234"])
def test_parse_rejects_what_is_not_card_points(text):
    with pytest.raises(CardError) as err:
        parse_card_points(text)
    assert err.value.problems[0].field == "card_points"


@given(st.integers(min_value=0, max_value=300))
def test_format_and_parse_round_trip(thirds):
    assert parse_card_points(format_card_points(thirds)) == thirds
    assert parse_card_points(format_blatt(thirds)) == thirds


def test_blatt_form():
    assert format_blatt(107) == "35 + 2 Blatt"
    assert format_blatt(105) == "35"


@pytest.mark.parametrize("thirds, expected", [
    pytest.param(106, 35, id="35-1/3-rounds-down"),
    pytest.param(107, 36, id="35-2/3-rounds-up"),
    pytest.param(133, 44, id="44-1/3"),
    pytest.param(134, 45, id="44-2/3"),
    pytest.param(76, 25, id="25-1/3"),
    pytest.param(77, 26, id="25-2/3"),
])
def test_rounding_for_thresholds(thirds, expected):
    assert rounded(thirds) == expected


def test_rounded_points_of_both_piles_add_up_to_70():
    for thirds in PACK_54.reachable:
        assert rounded(thirds) + rounded(210 - thirds) == 70


def test_reachable_values():
    assert 1 not in PACK_54.reachable          # 1/3: no pile of whole tricks
    assert 3 not in PACK_54.reachable          # 1 point
    assert 2 in PACK_54.reachable              # one trick of two blank cards
    assert 209 not in PACK_54.reachable        # 69 2/3: the rest would be 1/3
    assert all(t % 3 == 0 for t in PACK_40.reachable)


@pytest.mark.parametrize("cards, expected", [
    pytest.param({"Sküs", "XXI", "I"}, "13 1/3", id="trull"),
    pytest.param({"K♠", "K♣", "K♥", "K♦"}, "17 1/3", id="four-kings"),
    pytest.param({"Sküs", "XXI", "I", "K♠", "K♣", "K♥", "K♦"}, "30 2/3", id="both"),
    pytest.param({"Sküs", "XXI"}, "8 2/3", id="mondfang"),
])
def test_minimum_card_points_of_bonus_cards(cards, expected):
    assert format_card_points(PACK_54.min_thirds(frozenset(cards))) == expected


@pytest.mark.parametrize("cards, tricks, expected", [
    pytest.param({"II", "III"}, 2, "1 1/3", id="uhu-and-kakadu"),          # two tricks, 2/3 each
    pytest.param({"XVII", "XVIII"}, 2, "1 1/3", id="rostopschin"),
    pytest.param({"I", "II"}, 2, "5 1/3", id="pagat-and-uhu"),             # the Pagat's 5 and two tricks
    pytest.param({"I"}, 1, "4 2/3", id="pagat"),
    pytest.param({"I", "XVII", "XVIII"}, 3, "6", id="pagat-and-rostopschin"),
    pytest.param({"Sküs", "XXI", "I"}, 1, "13 1/3", id="trull-and-pagat-one-trick-is-no-more"),
])
def test_minimum_card_points_of_tricks_of_their_own(cards, tricks, expected):
    assert format_card_points(PACK_54.min_thirds(frozenset(cards), tricks)) == expected


counts = st.fixed_dictionaries({
    "trull": st.integers(0, 3), "kings": st.integers(0, 4), "queens": st.integers(0, 4),
    "knights": st.integers(0, 4), "jacks": st.integers(0, 4),
})


@given(counts, st.integers(0, 27))
def test_a_valid_pile_and_the_rest_add_up_to_the_pack(pile, tricks):
    cards = 2 * tricks
    counted = sum(pile.values())
    if counted > cards or cards - counted > 35:
        with pytest.raises(CardError):
            PACK_54.pile(pile, cards)
        return
    mine = PACK_54.pile(pile, cards)
    rest = {"trull": 3, "kings": 4, "queens": 4, "knights": 4, "jacks": 4}
    other = PACK_54.pile({k: rest[k] - v for k, v in pile.items()}, 54 - cards)
    assert mine + other == 210
    assert mine in PACK_54.reachable
