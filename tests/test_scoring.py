"""One deal's game points, per preset: a case for every row of each value table."""

import pytest

from scorer.games.strohmandeln import score
from tests.helpers import game, messages, misdeal, points, redeal, renonce, rules

EXT = rules()
ANNA, BERND = 0, 1


def case(id, deal, expected):
    return pytest.param(deal, expected, id=id)


@pytest.mark.parametrize("deal, expected", [
    case("simple-won-36", game("36"), (1, 0)),
    case("simple-won-35-2/3", game("35 2/3"), (1, 0)),
    case("simple-35-1/3-is-a-draw", game("35 1/3"), (0, 0)),
    case("simple-35-35-draw", game("35"), (0, 0)),
    case("simple-lost-by-anna", game("30"), (0, 1)),
    case("simple-grammel-45", game("45"), (2, 0)),
    case("simple-grammel-44-2/3", game("44 2/3"), (2, 0)),
    case("simple-no-grammel-44-1/3", game("44 1/3"), (1, 0)),
    case("simple-grammel-for-bernd", game("25 1/3"), (0, 2)),
    case("simple-no-grammel-25-2/3", game("25 2/3"), (0, 1)),
    case("undertaken-won-36", game("36", undertaker=ANNA), (3, 0)),
    case("undertaken-won-35-2/3", game("35 2/3", undertaker=ANNA), (3, 0)),
    case("undertaken-lost-35-1/3", game("35 1/3", undertaker=ANNA), (0, 4)),
    case("undertaken-lost-35-35-no-draw", game("35", undertaker=ANNA), (0, 4)),
    case("undertaken-won-grammel-44-2/3", game("44 2/3", undertaker=ANNA), (4, 0)),
    case("undertaken-won-no-grammel-44-1/3", game("44 1/3", undertaker=ANNA), (3, 0)),
    case("undertaken-lost-25-2/3", game("25 2/3", undertaker=ANNA), (0, 4)),
    case("undertaken-lost-under-26", game("25 1/3", undertaker=ANNA), (0, 5)),
    case("undertaken-by-bernd-won", game("30", undertaker=BERND), (0, 3)),
    case("four-kings-tricks", game("40", bonuses=[("four_kings_tricks", 0)]), (2, 0)),
    case("trull-tricks-loser", game("40", bonuses=[("trull_tricks", 1)]), (1, 1)),
    case("pagat", game("40", bonuses=[("pagat", 1)]), (1, 1)),
    case("pagat-captured", game("40", bonuses=[("pagat_captured", 0)]), (2, 0)),
    case("uhu", game("40", bonuses=[("uhu", 0)]), (2, 0)),
    case("uhu-captured", game("40", bonuses=[("uhu_captured", 1)]), (1, 1)),
    case("kakadu", game("40", bonuses=[("kakadu", 0)]), (2, 0)),
    case("kakadu-captured", game("40", bonuses=[("kakadu_captured", 1)]), (1, 1)),
    case("rostopschin", game("40", bonuses=[("rostopschin", 0)]), (2, 0)),
    case("rostopschin-lost", game("40", bonuses=[("rostopschin_lost", 1)]), (1, 1)),
    case("valat-derived-from-70-0", game("70", undertaker=ANNA), (12, 0)),
    case("valat-replaces-trull-and-kings", game("70", bonuses=[("trull_tricks", 0), ("four_kings_tricks", 0)]),
         (12, 0)),
    case("valat-keeps-the-birds", game("70", bonuses=[("pagat", 0), ("valat", 0)]), (13, 0)),
    case("valat-by-bernd", game("0"), (0, 12)),
])
def test_tarockbuch_extended(deal, expected):
    assert points(EXT, deal) == expected


def test_valat_add_counts_everything():
    # simple game 1 + Grammel 1 + Valat 12 + Trull 1 + Four Kings 1
    assert points(rules(valat="add"), game("70")) == (16, 0)


def test_items_say_what_the_points_are_made_of():
    result = score(EXT, game("25 1/3", undertaker=ANNA, bonuses=[("pagat", 0)]))
    assert [(i.item, i.player, i.points) for i in result.items] == [
        ("game", 1, 4), ("grammel", 1, 1), ("pagat", 0, 1)]


@pytest.mark.parametrize("deal, expected", [
    case("kontra-won", game("40", undertaker=ANNA, kontra=True), (6, 0)),
    case("kontra-won-grammel", game("50", undertaker=ANNA, kontra=True), (8, 0)),
    case("kontra-lost", game("30", undertaker=ANNA, kontra=True), (0, 8)),
    case("kontra-lost-under-26", game("20", undertaker=ANNA, kontra=True), (0, 10)),
    case("kontra-not-on-bonuses", game("40", undertaker=ANNA, kontra=True, bonuses=[("pagat", 1)]), (6, 1)),
])
def test_kontra_doubles_the_game_value_only(deal, expected):
    assert points(rules(kontra=True), deal) == expected


@pytest.mark.parametrize("deal, expected", [
    case("simple-by-bernd", renonce(BERND), (1, 0)),
    case("undertaker-anna-bernd-renonce", renonce(BERND, undertaker=ANNA), (3, 0)),
    case("undertaker-bernd-renonce", renonce(BERND, undertaker=BERND), (4, 0)),
    case("anna-renonce-simple", renonce(ANNA), (0, 1)),
    case("keeps-bonuses", renonce(BERND, bonuses=[("kakadu", 0)]), (2, 0)),
    case("continued-grammel", renonce(BERND, anna="46"), (2, 0)),
    case("continued-undertaker-under-26", renonce(BERND, undertaker=BERND, anna="50"), (5, 0)),
    case("continued-no-points-needed", renonce(BERND, undertaker=ANNA, anna="20"), (3, 0)),
    case("continued-valat", renonce(BERND, anna="70"), (12, 0)),
])
def test_renonce(deal, expected):
    assert points(EXT, deal) == expected


def test_misdeal_pays_the_opponent():
    assert points(EXT, misdeal(ANNA)) == (0, 1)
    assert points(EXT, misdeal(BERND, dealer=1)) == (1, 0)
    assert points(EXT, redeal()) == (0, 0)


CLASSIC = rules("tarockbuch-classic")


@pytest.mark.parametrize("deal, expected", [
    case("simple-won-2", game("40"), (2, 0)),
    case("simple-no-grammel", game("50"), (2, 0)),
    case("simple-draw", game("35 1/3"), (0, 0)),
    case("undertaken-won-3", game("50", undertaker=ANNA), (3, 0)),
    case("undertaken-lost-4-no-grammel", game("20", undertaker=ANNA), (0, 4)),
    case("trull-announced", game("40", bonuses=[("trull_announced", 1)]), (2, 1)),
    case("four-kings-announced", game("40", bonuses=[("four_kings_announced", 0)]), (3, 0)),
    case("pagat", game("40", bonuses=[("pagat", 0)]), (3, 0)),
    case("pagat-captured", game("40", bonuses=[("pagat_captured", 1)]), (2, 1)),
    case("valat-with-an-announced-bonus", game("70", undertaker=BERND, bonuses=[("trull_announced", 1)]), (12, 1)),
])
def test_tarockbuch_classic(deal, expected):
    assert points(CLASSIC, deal) == expected


def test_classic_without_simple_games():
    r = rules("tarockbuch-classic", simple_games="redeal")
    assert "record a redeal" in messages(r, game("40"))[0]
    assert points(r, redeal("passed")) == (0, 0)


BECK = rules("beck")


@pytest.mark.parametrize("deal, expected", [
    case("undertaken-won-2", game("40", undertaker=ANNA), (2, 0)),
    case("undertaken-lost-2", game("30", undertaker=ANNA), (0, 2)),
    case("no-grammel", game("60", undertaker=ANNA), (2, 0)),
    # a draw scores "nur Ansagen": the announced Trull and Königstrull, nothing else (RULES.md §4.3)
    case("draw-35-35-pagat-scores-0", game("35", undertaker=ANNA, bonuses=[("pagat", 1)]), (0, 0)),
    case("draw-issue-12-example", game(None, "35", undertaker=BERND,
                                       bonuses=[("trull_announced", 1), ("pagat_captured", 0)]), (0, 2)),
    case("draw-konigstrull-2", game("35", undertaker=ANNA, bonuses=[("four_kings_announced", 0)]), (2, 0)),
    case("draw-mondfang-scores-0", game("35", undertaker=ANNA, bonuses=[("mondfang", 1)]), (0, 0)),
    case("draw-pagat-captured-scores-0", game("35", undertaker=BERND, bonuses=[("pagat_captured", 0)]), (0, 0)),
    case("draw-both-announcements", game("35", undertaker=ANNA, bonuses=[
        ("trull_announced", 0), ("four_kings_announced", 1), ("pagat", 0)]), (2, 2)),
    case("draw-35-1/3", game("35 1/3", undertaker=ANNA), (0, 0)),
    case("trull", game("40", undertaker=ANNA, bonuses=[("trull_announced", 0)]), (4, 0)),
    case("konigstrull", game("40", undertaker=ANNA, bonuses=[("four_kings_announced", 1)]), (2, 2)),
    case("pagat-ultimo", game("40", undertaker=ANNA, bonuses=[("pagat", 0)]), (4, 0)),
    case("pagat-overtrumped", game("40", undertaker=ANNA, bonuses=[("pagat_captured", 1)]), (2, 2)),
    case("mondfang", game("40", undertaker=ANNA, bonuses=[("mondfang", 1)]), (2, 2)),
    case("no-valat-in-beck", game("70", undertaker=ANNA), (2, 0)),
])
def test_beck(deal, expected):
    assert points(BECK, deal) == expected


def test_beck_draw_items_show_what_scores_0():
    result = score(BECK, game(None, "35", undertaker=BERND, bonuses=[("trull_announced", 1), ("pagat_captured", 0)]))
    assert result.winner is None
    assert [(i.item, i.player, i.points) for i in result.items] == [("trull_announced", 1, 2), ("pagat_captured", 0, 0)]


@pytest.mark.parametrize("ruleset, deal, expected", [
    # with undertaker_loses_draw a 35 : 35 is lost, not drawn: every bonus counts as in any lost game
    pytest.param(rules("beck", undertaker_loses_draw=True),
                 game(None, "35", undertaker=BERND, bonuses=[("trull_announced", 1), ("pagat_captured", 0)]),
                 (4, 2), id="lost-draw-bonuses-count"),
    pytest.param(rules("beck", undertaker_loses_draw=True),
                 game("35", undertaker=ANNA, bonuses=[("mondfang", 0), ("pagat", 1)]),
                 (2, 4), id="lost-draw-mondfang-counts"),
    # a simple game at half value drawn 35 : 35: still "nur Ansagen"
    pytest.param(rules("beck", simple_games="half"),
                 game("35", bonuses=[("four_kings_announced", 1), ("mondfang", 0)]),
                 (0, 2), id="half-draw-announcements-only"),
    pytest.param(rules("beck", tarock_ii_ultimo=True), game("35", undertaker=ANNA, bonuses=[("uhu", 0)]),
                 (0, 0), id="tarock-ii-ultimo-draw-scores-0"),
])
def test_beck_draw_options(ruleset, deal, expected):
    assert points(ruleset, deal) == expected


def test_beck_options():
    assert points(rules("beck", undertaker_loses_draw=True), game("35", undertaker=ANNA)) == (0, 2)
    assert points(rules("beck", simple_games="half"), game("40")) == (1, 0)
    assert points(rules("beck", simple_games="half"), game("35")) == (0, 0)
    ii = rules("beck", tarock_ii_ultimo=True)
    assert points(ii, game("40", undertaker=ANNA, bonuses=[("uhu", 0)])) == (4, 0)
    assert points(ii, game("40", undertaker=ANNA, bonuses=[("uhu_captured", 1)])) == (2, 2)
    assert "no bonus Uhu" in messages(BECK, game("40", undertaker=ANNA, bonuses=[("uhu", 0)]))[0]
    assert "record a redeal" in messages(BECK, game("40"))[0]
    assert "no bonus Valat" in messages(BECK, game("70", undertaker=ANNA, bonuses=[("valat", 0)]))[0]


STRAW = rules("strawman")


@pytest.mark.parametrize("deal, expected", [
    case("claimed-won-30", game("38", undertaker=ANNA), (30, 0)),
    case("beat-the-claimer-40", game("32", undertaker=ANNA), (0, 40)),
    case("beat-the-claimer-with-absolut", game("30", undertaker=ANNA), (0, 50)),
    case("unclaimed-won-20", game("38"), (20, 0)),
    case("draw-claimed", game("35", undertaker=ANNA), (0, 0)),
    case("draw-unclaimed", game("35 1/3"), (0, 0)),
    case("absolut-39-2/3", game("39 2/3"), (30, 0)),
    case("no-absolut-39-1/3", game("39 1/3"), (20, 0)),
    case("absolut-49", game("49 1/3"), (30, 0)),
    case("grandpoint-49-2/3", game("49 2/3"), (40, 0)),
    case("honneurs", game("38", bonuses=[("trull_tricks", 0)]), (30, 0)),
    case("four-kings", game("38", bonuses=[("four_kings_tricks", 1)]), (20, 10)),
    # the blog's two examples
    case("blog-claimer-wins-other-pagat", game("38", undertaker=ANNA, bonuses=[("pagat", 1)]), (30, 10)),
    case("blog-nobody-claims-50-honneurs", game("50", bonuses=[("trull_tricks", 0)]), (50, 0)),
])
def test_strawman(deal, expected):
    assert points(STRAW, deal) == expected


def test_strawman_blog_example_nets_20():
    a, b = points(STRAW, game("32", undertaker=BERND, bonuses=[("pagat", 0)]))
    assert b - a == 20


def test_strawman_simple_counting_has_no_draw():
    simple = rules("strawman", counting="simple")
    assert points(simple, game("36")) == (20, 0)
    assert points(simple, game("35")) == (0, 20)  # 35 : 36
    assert "whole numbers" in messages(simple, game("35 1/3"))[0]
    assert "add up to 71" in messages(simple, game("35", "35"))[0]


FORTY = rules(deck=40)


@pytest.mark.parametrize("deal, expected", [
    case("won-45", game("45"), (1, 0)),
    case("draw-44-44", game("44"), (0, 0)),
    case("lost-undertaken-44", game("44", undertaker=ANNA), (0, 4)),
    case("no-grammel-without-threshold", game("70"), (1, 0)),
    case("valat-listed-88-0", game("88", bonuses=[("valat", 0)]), (12, 0)),
    case("88-without-valat-listed", game("88"), (1, 0)),
])
def test_forty_card_pack(deal, expected):
    assert points(FORTY, deal) == expected


def test_forty_card_grammel_threshold():
    r = rules(deck=40, grammel_threshold=60)
    assert points(r, game("60")) == (2, 0)
    assert points(r, game("59")) == (1, 0)


@pytest.mark.parametrize("ruleset, deal, words", [
    pytest.param(EXT, game("36", "35"), "card points 36 + 35 do not add up to 70", id="sum"),
    pytest.param(EXT, game("71"), "between 0 and 70", id="too-many"),
    pytest.param(EXT, game("69 2/3"), "no pile of whole tricks is worth 69 2/3", id="unreachable"),
    pytest.param(EXT, game(None), "enter the card points", id="missing"),
    pytest.param(EXT, game("60", bonuses=[("trull_tricks", 1)]),
                 "Trull needs at least 13 1/3 card points; Bernd has 10", id="trull-needs-points"),
    pytest.param(EXT, game("60", bonuses=[("four_kings_tricks", 1)]),
                 "Four Kings needs at least 17 1/3 card points; Bernd has 10", id="kings-need-points"),
    pytest.param(EXT, game("40", bonuses=[("trull_tricks", 0), ("four_kings_tricks", 0)]), "30 2/3",
                 id="both-need-points-ok"),
    pytest.param(EXT, game("40", bonuses=[("pagat", 0), ("pagat", 1)]), "listed twice", id="twice"),
    pytest.param(EXT, game("40", bonuses=[("pagat", 0), ("pagat_captured", 1)]), "exclude each other",
                 id="exclusive"),
    pytest.param(EXT, game("40", bonuses=[("trull_tricks", 0), ("pagat", 1)]), "the Pagat cannot be in both",
                 id="same-card-both-piles"),
    pytest.param(EXT, game("60", bonuses=[("valat", 0)]), "a Valat means all the tricks", id="valat-points"),
    pytest.param(EXT, game("40", bonuses=[("mondfang", 0)]), "no bonus Mondfang", id="not-in-preset"),
    pytest.param(EXT, game("40", bonuses=[("quapil", 0)]), "unknown bonus 'quapil'", id="unknown"),
    pytest.param(EXT, game("40", undertaker=ANNA, kontra=True), "Kontra is not played", id="kontra-off"),
    pytest.param(rules(kontra=True), game("40", kontra=True), "only an undertaken game", id="kontra-simple"),
    pytest.param(EXT, redeal("passed"), "a simple game is played", id="passed-with-simple-games"),
    pytest.param(EXT, misdeal(None), "say who misdealt", id="misdeal-offender"),
    pytest.param(EXT, renonce(BERND, bonuses=[("pagat", 1)]), "scores nothing", id="renonce-offender-bonus"),
    pytest.param(EXT, renonce(None), "say who committed the renonce", id="renonce-offender"),
    pytest.param(FORTY, game("40", bonuses=[("uhu", 0)]), "no bonus Uhu", id="no-uhu-with-40"),
    pytest.param(FORTY, game("87", bonuses=[("valat", 0)]), "88 : 0", id="valat-40"),
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("mondfang", 0)]), None, id="mondfang-ok"),
    pytest.param(BECK, game("62", undertaker=ANNA, bonuses=[("mondfang", 1)]),
                 "Mondfang needs at least 8 2/3 card points; Bernd has 8", id="mondfang-needs-points"),
])
def test_impossible_entries_are_refused_with_reasons(ruleset, deal, words):
    found = messages(ruleset, deal)
    if words is None or words == "30 2/3":
        assert found == []
    else:
        assert any(words in m for m in found), found


CLASSIC = rules("tarockbuch-classic")
II = rules("beck", tarock_ii_ultimo=True)


@pytest.mark.parametrize("ruleset, deal, message", [
    # every bird is won in a trick of its own (the Pagat the last, the Uhu the second-to-last, the Kakadu the
    # third-to-last), a Rostopschin is two tricks: at least 2/3 card points for each of those tricks
    pytest.param(EXT, game("0 2/3", bonuses=[("uhu", 0), ("kakadu", 0)]),
                 "Uhu and Kakadu need at least 1 1/3 card points (2 tricks of their own); Anna has 0 2/3",
                 id="uhu-and-kakadu"),
    pytest.param(EXT, game("0 2/3", bonuses=[("rostopschin", 0)]),
                 "Rostopschin needs at least 1 1/3 card points (2 tricks of its own); Anna has 0 2/3",
                 id="rostopschin"),
    pytest.param(EXT, game("4 2/3", bonuses=[("pagat", 0), ("uhu", 0)]),
                 "Pagat and Uhu need at least 5 1/3 card points (2 tricks of their own); Anna has 4 2/3",
                 id="pagat-and-uhu"),
    pytest.param(EXT, game("0 2/3", bonuses=[("uhu_captured", 0), ("kakadu_captured", 0)]),
                 "Uhu captured and Kakadu captured need at least 1 1/3 card points (2 tricks of their own); "
                 "Anna has 0 2/3", id="captured-birds"),
    pytest.param(EXT, game("5 2/3", bonuses=[("pagat", 0), ("rostopschin", 0)]),
                 "Pagat and Rostopschin need at least 6 card points (3 tricks of their own); Anna has 5 2/3",
                 id="pagat-and-rostopschin"),
    pytest.param(II, game("4 2/3", undertaker=ANNA, bonuses=[("pagat", 0), ("uhu", 0)]),
                 "Pagat and Uhu need at least 5 1/3 card points (2 tricks of their own); Anna has 4 2/3",
                 id="beck-pagat-and-tarock-ii"),
    pytest.param(EXT, game("60", bonuses=[("trull_tricks", 1)]),
                 "Trull needs at least 13 1/3 card points; Bernd has 10", id="trull-needs"),
    pytest.param(EXT, game("50", bonuses=[("trull_tricks", 1), ("four_kings_tricks", 1)]),
                 "Trull and Four Kings need at least 30 2/3 card points; Bernd has 20", id="both-need"),
    # an announced Trull: its holder had the Sküs, the Mond and the Pagat
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("trull_announced", 0), ("mondfang", 1)]),
                 "Trull for Anna means Anna held the Sküs and the Mond: nobody can have a Mondfang",
                 id="trull-no-mondfang-for-the-other"),
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("trull_announced", 0), ("mondfang", 0)]),
                 "Trull for Anna means Anna held the Sküs and the Mond: nobody can have a Mondfang",
                 id="trull-no-mondfang-for-the-holder"),
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("trull_announced", 0), ("pagat", 1)]),
                 "Trull for Anna means Anna held the Pagat: Bernd cannot have made the Pagat ultimo",
                 id="trull-no-pagat-ultimo-for-the-other"),
    pytest.param(CLASSIC, game("40", bonuses=[("trull_announced", 1), ("pagat", 0)]),
                 "Trull announced for Bernd means Bernd held the Pagat: Anna cannot have made the Pagat ultimo",
                 id="classic-trull-no-pagat-for-the-other"),
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("trull_announced", 0), ("pagat_captured", 0)]),
                 "Trull for Anna means Anna held the Pagat: Anna cannot have captured it",
                 id="trull-holder-cannot-capture-own-pagat"),
    # the messages of a bad entry
    pytest.param(EXT, game("40", bonuses=[("pagat", 2)]), "the Pagat's player must be Anna or Bernd",
                 id="bonus-player"),
    pytest.param(EXT, game("40", bonuses=[("grammel", 0)]),
                 "unknown bonus 'grammel': Grammel, Absolut and Grandpoint follow from the card points and are "
                 "not entered", id="grammel"),
    pytest.param(STRAW, game("40", bonuses=[("Absolut", 0)]),
                 "unknown bonus 'Absolut': Grammel, Absolut and Grandpoint follow from the card points and are "
                 "not entered", id="absolut"),
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("quapil", 0)]),
                 "unknown bonus 'quapil': the bonuses of these rules are trull_announced, four_kings_announced, "
                 "pagat, pagat_captured, mondfang", id="unknown-lists-the-bonuses"),
    pytest.param(EXT, misdeal(None), "say who misdealt", id="misdeal-without-offender"),
])
def test_issue_12_refusals_word_for_word(ruleset, deal, message):
    assert messages(ruleset, deal) == [message]


@pytest.mark.parametrize("ruleset, deal", [
    pytest.param(EXT, game("1 1/3", bonuses=[("uhu", 0), ("kakadu", 0)]), id="uhu-and-kakadu-two-tricks"),
    pytest.param(EXT, game("5 1/3", bonuses=[("pagat", 0), ("uhu", 0)]), id="pagat-and-uhu"),
    pytest.param(EXT, game("1 1/3", bonuses=[("rostopschin", 0)]), id="rostopschin"),
    pytest.param(EXT, game("6", bonuses=[("pagat", 0), ("rostopschin", 0)]), id="pagat-and-rostopschin"),
    # XVII and XVIII may be what captured the birds: the Rostopschin's two tricks can be the captures
    pytest.param(EXT, game("5 1/3", bonuses=[("rostopschin", 0), ("pagat_captured", 0), ("uhu_captured", 0)]),
                 id="rostopschin-captures-birds"),
    # the other player may still capture the Pagat of an announced Trull
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("trull_announced", 0), ("pagat_captured", 1)]),
                 id="trull-pagat-captured-by-the-other"),
    pytest.param(BECK, game("40", undertaker=ANNA, bonuses=[("trull_announced", 0), ("pagat", 0)]),
                 id="trull-holder-pagat-ultimo"),
])
def test_possible_bird_tricks_are_accepted(ruleset, deal):
    assert messages(ruleset, deal) == []
