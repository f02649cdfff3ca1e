"""Tapp-Tarock (RULES-TAPP.md): the worked example through the engine and the command line, every contract, the
Pagat and the Valat of a side, hand premiums, Kontra, the dealer who sits out or defends at four, renonce and
misdeal, every refusal of §10 and §13 as a message naming deal and field, the partie file's round trip, and
properties (sums to zero, replay equals extend, the file round trip, hostile files).

Every expected number below is worked out by hand from the contract, not taken from the code."""

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorer import partie_file
from scorer.games.tapp import (Deal, HandPremium, Premium, RuleSet, TappError, check, extend, replay, score, start,
                               upto)
from scorer.games.tapp.game import GAME
from scorer.games.tapp.rules import CONTRACTS, HAND_PREMIUMS, KONTRA_LEVELS
from scorer.partie import Partie

from .conftest import examples
from .helpers import deal_changed, item, result
from .helpers import side_premium as prem

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "tapp-example.json"
P3 = ("Anna", "Bernd", "Cilli")
P4 = P3 + ("Dora",)
ANNA, BERND, CILLI, DORA = range(4)
MAYR, ALSCHER = RuleSet.default(), RuleSet.from_dict({"preset": "alscher"})


def rules(preset="mayr", **options):
    return RuleSet.from_dict({"preset": preset, **options})


DEFENDS = rules(sitting_out="defends")


def hand(name, player):
    return HandPremium(name, player)


def game(contract="dreier", points=None, won=None, declarer=ANNA, kontra=1, premiums=(), hands=(), dealer=CILLI):
    return Deal("game", dealer, contract, declarer, won, points, kontra, tuple(premiums), hand_premiums=tuple(hands))


def renonce(contract, offender, declarer=ANNA, premiums=(), hands=(), dealer=CILLI):
    return Deal("renonce", dealer, contract, declarer, premiums=tuple(premiums), hand_premiums=tuple(hands),
                offender=offender)


def scored(ruleset, deal, players):
    problems = check(ruleset, deal, players)
    assert not problems, [str(p) for p in problems]
    items = score(ruleset, deal, len(players))
    n = len(players)
    return (tuple(sum(i.points[p] for i in items) for p in range(n)),
            tuple(sum(i.money_points[p] for i in items) for p in range(n)))


def case(id, ruleset, deal, points, money=None, players=P3):
    return pytest.param(ruleset, deal, tuple(points), tuple(points if money is None else money), players, id=id)


# -- §8, §9, §12: the worked example ------------------------------------------------------------------------------

EXPECTED = {
    "players": list(P3),
    "deals": [
        result(1, "game", 2, "dreier", [17, -4, -13], [
            item("game", [12, -6, -6]), item("pagat", [8, -4, -4]), item("koenige", [-3, 6, -3])]),
        result(2, "game", 0, "solo", [-8, 16, -8], [item("game", [8, -16, 8]), item("pagat", [-16, 32, -16])]),
        result(3, "misdeal", 1, None, [1, -2, 1], [item("misdeal", [1, -2, 1])]),
        result(4, "game", 1, "oberer", [-15, -15, 30], [item("valat", [-12, -12, 24]), item("trull", [-3, -3, 6])]),
        result(5, "renonce", 2, "unterer", [24, -36, 12], [item("renonce", [24, -36, 12])]),
    ],
    "balance": [19, -41, 22], "money_balance": [19, -41, 22], "money": ["1.90", "-4.10", "2.20"],
    "next_dealer": 0, "doubled_pending": 0, "radl_left": 2,
}


def test_the_worked_example_through_the_engine():
    settlement = replay(partie_file.loads(EXAMPLE.read_bytes(), GAME))
    assert partie_file.settlement_to_dict(settlement) == EXPECTED
    assert settlement.counted == 4 and settlement.vorhand == 1


def run(*args):
    return subprocess.run([sys.executable, "-m", "scorer", "replay", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)


@pytest.mark.process
def test_the_worked_example_through_the_command_line():
    out = run(str(EXAMPLE), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXPECTED
    table = run(str(EXAMPLE)).stdout
    assert "Anna Dreier, won" in table and "Bernd Solo, lost" in table and "misdeal by Bernd" in table
    assert "Bernd     -41     -41     -4.10" in table and "next dealer: Anna" in table
    rows = run(str(EXAMPLE), "--csv").stdout.splitlines()
    assert rows[0].startswith("deal,dealer,type,contract,declarer,offender,result,card points,kontra,premiums,"
                              "multiplier,points Anna")
    assert rows[1] == ('1,Cilli,game,dreier,Anna,,won,41,Kontra,"Pagat (declarer\'s side, silent, made); Four Kings (Bernd)",'
                       '1,17,-4,-13,17,-4,-13')
    assert rows[5] == '5,Cilli,renonce,unterer,Anna,Bernd,,,,"Pagat (declarer\'s side, announced)",1,24,-36,12,24,-36,12'
    assert rows[-2:] == ["total,,,,,,,,,,,19,-41,22,19,-41,22", "money,,,,,,,,,,,,,,1.90,-4.10,2.20"]


@pytest.mark.process
def test_a_bad_file_on_the_command_line_is_one_message_a_problem_naming_deal_and_field_and_status_1(tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data["deals"][0]["card_points"] = "41 1/3"      # no thirds in Tapp
    data["deals"][1]["premiums"][0]["side"] = "opponents"   # the defenders never announce
    data["deals"][3]["hand_premiums"].append({"premium": "koepfe", "player": 0})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = run(str(path))
    assert out.returncode == 1 and out.stdout == "" and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("deal 1:") and "41 1/3" in lines[0]
    assert lines[1].startswith("deal 2:") and "only the declarer announces" in lines[1]
    assert lines[2].startswith("deal 4:") and "Trull and the Köpfe" in lines[2]


# -- §2-§6: what each deal pays -----------------------------------------------------------------------------------

SCORED = [
    # §2, §3: 36 wins, 35 loses; 1 vs 2
    case("dreier-36", MAYR, game(points=36), [6, -3, -3]),
    case("dreier-35", MAYR, game(points=35), [-6, 3, 3]),
    case("unterer", MAYR, game("unterer", won=True, declarer=BERND), [-4, 8, -4]),
    case("oberer", MAYR, game("oberer", points=20), [-10, 5, 5]),
    case("solo-won", MAYR, game("solo", points=36), [16, -8, -8]),
    case("solo-0", MAYR, game("solo", points=0), [-16, 8, 8]),
    # §5 Kontra: in the Schrift by default, only the money with the option; the premium's own
    case("kontra-8", MAYR, game(points=40, kontra=8), [48, -24, -24]),
    case("kontra-money-only", rules(kontra_in_schrift=False), game(points=40, kontra=2), [6, -3, -3], [12, -6, -6]),
    case("pagat-kontra", MAYR, game(points=40, premiums=[prem("pagat", announced=True, kontra=4)]), [70, -35, -35]),
    # §4 Pagat: 4 / 8, doubled in a Solo; a failed one pays the other side, a silent one lost in the last trick too
    case("silent-pagat-lost", MAYR, game(points=40, premiums=[prem("pagat", made=False)]), [-2, 1, 1]),
    case("announced-pagat-lost", MAYR, game(points=40, premiums=[prem("pagat", announced=True, made=False)]),
         [-10, 5, 5]),
    case("solo-silent-pagat", MAYR, game("solo", points=40, premiums=[prem("pagat")]), [32, -16, -16]),
    case("defenders-silent-pagat", MAYR, game(points=40, premiums=[prem("pagat", "opponents")]), [-2, 1, 1]),
    case("defenders-silent-pagat-lost", MAYR, game(points=40, premiums=[prem("pagat", "opponents", made=False)]),
         [14, -7, -7]),
    # §4 Valat: replaces the game; mayr 12 / 24, alscher the game times 4 / 8; the higher Kontra
    case("mayr-valat-solo-not-doubled", MAYR, game("solo", points=44, premiums=[prem("valat")]), [24, -12, -12]),
    case("alscher-valat-dreier", ALSCHER, game(points=57, premiums=[prem("valat")]), [24, -12, -12]),
    case("alscher-valat-unterer", ALSCHER, game("unterer", won=True, premiums=[prem("valat")]), [32, -16, -16]),
    case("alscher-announced-valat-solo", ALSCHER, game("solo", won=True, premiums=[prem("valat", announced=True)]),
         [128, -64, -64]),
    case("mayr-announced-valat-failed-kontra", MAYR,
         game(points=60, kontra=2, premiums=[prem("valat", announced=True, made=False)]), [-96, 48, 48]),
    case("valat-higher-kontra", MAYR, game(points=60, kontra=2, premiums=[prem("valat", announced=True, kontra=4)]),
         [192, -96, -96]),
    case("defenders-silent-valat", ALSCHER, game("oberer", points=13, premiums=[prem("valat", "opponents")]),
         [-40, 20, 20]),
    case("defenders-valat-and-their-lost-pagat", MAYR,
         game(points=5, premiums=[prem("valat", "opponents"), prem("pagat", "opponents", made=False)]),
         [-16, 8, 8]),
    case("valat-and-pagat-and-hand", MAYR,
         game(won=True, premiums=[prem("valat"), prem("pagat", announced=True)], hands=[hand("trull", ANNA)]),
         [46, -23, -23]),
    # §4 hand premiums: paid by each other active player whatever the game did
    case("hand-premiums", MAYR, game(points=20, hands=[hand("koenige", BERND), hand("koepfe", CILLI)]),
         [-10, 8, 2]),
    case("hand-premium-kontra-free", MAYR, game(points=40, kontra=2, hands=[hand("trull", BERND)]), [9, 0, -9]),
    # §1 four at the table: the dealer sits out with 0, or defends (1 vs 3) but holds no hand
    case("four-out", MAYR, game(points=40, dealer=DORA, hands=[hand("koenige", BERND)]), [3, 3, -6, 0], players=P4),
    case("four-defends", DEFENDS, game(points=40, dealer=DORA, hands=[hand("koenige", BERND)]), [6, 3, -6, -3],
         players=P4),
    case("four-defends-valat", DEFENDS, game(points=60, dealer=BERND, premiums=[prem("valat")]), [36, -12, -12, -12],
         players=P4),
    case("three-defends-changes-nothing", DEFENDS, game(points=36), [6, -3, -3]),
    # §6 renonce: the declarer k (g + a), each defender g + a; the offender pays it all; hand premiums beside it
    case("renonce-defender", MAYR, renonce("dreier", BERND), [6, -9, 3]),
    case("renonce-declarer", MAYR, renonce("dreier", ANNA), [-6, 3, 3]),
    case("renonce-defends-at-four", DEFENDS, renonce("dreier", BERND, dealer=DORA), [9, -15, 3, 3], players=P4),
    case("renonce-out-at-four", MAYR, renonce("dreier", BERND, dealer=DORA), [6, -9, 3, 0], players=P4),
    case("renonce-solo-pagat", MAYR, renonce("solo", CILLI, premiums=[prem("pagat", announced=True)]),
         [48, 24, -72]),
    case("renonce-mayr-valat", MAYR, renonce("oberer", BERND, premiums=[prem("valat", announced=True),
                                                                       prem("pagat", announced=True)]),
         [64, -96, 32]),
    case("renonce-alscher-valat", ALSCHER, renonce("oberer", BERND, premiums=[prem("valat", announced=True)]),
         [80, -120, 40]),
    case("renonce-silent-not-paid", MAYR, renonce("dreier", BERND, premiums=[prem("pagat", "opponents")]),
         [6, -9, 3]),
    case("renonce-hand-premium", MAYR, renonce("dreier", BERND, hands=[hand("trull", CILLI)]), [3, -12, 9]),
    # §6 misdeal: the offender pays every other player at the table, the one sitting out too
    case("misdeal", rules(misdeal_penalty=2), Deal("misdeal", ANNA, offender=ANNA), [-4, 2, 2]),
    case("misdeal-at-four-by-the-dealer", rules(misdeal_penalty=1), Deal("misdeal", DORA, offender=DORA),
         [1, 1, 1, -3], players=P4),
]


@pytest.mark.parametrize("ruleset, deal, points, money, players", SCORED)
def test_each_deal_pays_what_the_contract_says(ruleset, deal, points, money, players):
    assert scored(ruleset, deal, players) == (points, money)


def test_items_come_in_the_order_of_their_kinds():
    deal = game(won=True, premiums=[prem("pagat"), prem("valat")], hands=[hand("koepfe", BERND), hand("koenige", ANNA)])
    assert [i.item for i in score(MAYR, deal, 3)] == ["valat", "pagat", "koepfe", "koenige"]
    assert [i.item for i in score(MAYR, renonce("dreier", BERND, hands=[hand("trull", ANNA)]), 3)] == [
        "renonce", "trull"]


def test_the_round_the_dealer_and_who_sits_out():
    s = replay(Partie(P4, MAYR, ()))
    assert s.next_dealer is None and s.radl_left == 0
    s = extend(s, [game(points=40, dealer=DORA), Deal("misdeal", ANNA, offender=DORA)])
    assert s.next_dealer == ANNA and s.radl_left == 3 and [r.sitting_out for r in s.deals] == [DORA, ANNA]
    s = extend(s, [game(points=40, dealer=ANNA, declarer=BERND)] * 3)
    assert s.radl_left == 0 and s.doubled_pending == 0 and all(r.multiplier == 1 for r in s.deals)
    assert GAME.sitting_out(s.deals[0]) == DORA
    assert replay(Partie(P3, MAYR, (game(points=40),))).deals[0].sitting_out is None


# -- §7: the rule sets ---------------------------------------------------------------------------------------------

def test_the_presets_and_their_options():
    assert MAYR.to_dict(full=True) == {"preset": "mayr", "stake": "0.10", "max_kontra": 8, "kontra_in_schrift": True,
                                       "misdeal_penalty": 0, "sitting_out": "out"}
    assert ALSCHER.to_dict(full=True)["preset"] == "alscher" and RuleSet.from_dict({}) == MAYR
    assert rules(max_kontra=4).max_kontra == 4 and rules(stake="0,5").stake == rules(stake="0.50").stake


@pytest.mark.parametrize("options, field", [
    ({"preset": "tarock"}, "preset"), ({"valat": "fixed"}, "valat"), ({"max_kontra": 16}, "max_kontra"),
    ({"sitting_out": "in"}, "sitting_out"), ({"sitting_out": None}, "sitting_out"), ({"stake": "0.100"}, "stake"),
    ({"stake": 0.1}, "stake"), ({"stake": "0.10\t"}, "stake"), ({"misdeal_penalty": 1001}, "misdeal_penalty"),
    ({"kontra_in_schrift": "true"}, "kontra_in_schrift"), ({"doubled_radl": []}, "doubled_radl"),
])
def test_rules_outside_the_contract_are_refused_naming_the_option(options, field):
    with pytest.raises(TappError) as refused:
        RuleSet.from_dict(options)
    assert [p.field for p in refused.value.problems] == [field]


# -- §10, §13: what the app refuses --------------------------------------------------------------------------------

REFUSED = [
    ("unknown-contract", MAYR, game("zweier", points=40), "contract", "unknown contract", P3),
    ("declarer-sits-out", MAYR, game(points=40, dealer=DORA, declarer=DORA), "declarer", "sits this deal out", P4),
    ("declarer-unknown", MAYR, game(points=40, declarer=3), "declarer", "one of the 3 players", P3),
    ("offender-sits-out", DEFENDS, renonce("dreier", DORA, dealer=DORA), "offender", "sits this deal out", P4),
    ("holder-sits-out", DEFENDS, game(points=40, dealer=DORA, hands=[hand("trull", DORA)]), "hand_premiums",
     "sits this deal out", P4),
    ("misdeal-offender-unknown", MAYR, Deal("misdeal", ANNA, offender=4), "offender", "one of the 4 players", P4),
    ("no-won-no-points", MAYR, game(), "won", "say whether", P3),
    ("won-against-36", MAYR, game(points=36, won=False), "won", "36 card points win", P3),
    ("won-against-35", MAYR, game(points=35, won=True), "won", "35 card points lose", P3),
    ("points-71", MAYR, game(points=71), "card_points", "between 0 and 70", P3),
    ("dreier-70", MAYR, game(points=70), "card_points", "1 to 69", P3),
    ("dreier-0", MAYR, game(points=0), "card_points", "1 to 69", P3),
    ("solo-69", MAYR, game("solo", points=69), "card_points", "0 to 68", P3),
    ("pagat-twice", MAYR, game(points=40, premiums=[prem("pagat"), prem("pagat", "opponents")]), "premiums",
     "twice", P3),
    ("hand-premium-twice", MAYR, game(points=40, hands=[hand("koenige", 0), hand("koenige", 1)]), "hand_premiums",
     "twice", P3),
    ("hand-premium-in-premiums", MAYR, game(points=40, premiums=[prem("trull")]), "premiums", "hand premium", P3),
    ("side-premium-in-hands", MAYR, game(points=40, hands=[hand("pagat", 0)]), "hand_premiums", "side premium", P3),
    ("unknown-hand-premium", MAYR, game(points=40, hands=[hand("uhu", 0)]), "hand_premiums", "unknown", P3),
    ("unknown-premium", MAYR, game(points=40, premiums=[prem("absolut")]), "premiums", "unknown premium", P3),
    ("announced-by-the-defenders", MAYR, game(points=40, premiums=[prem("pagat", "opponents", announced=True)]),
     "premiums", "only the declarer announces", P3),
    ("silent-with-kontra", MAYR, game(points=40, premiums=[prem("pagat", kontra=2)]), "premiums", "Kontra", P3),
    ("silent-valat-not-made", MAYR, game(points=40, premiums=[prem("valat", made=False)]), "premiums",
     "only when made", P3),
    ("kontra-16", MAYR, game(points=40, kontra=16), "kontra", "1, 2, 4 or 8", P3),
    ("kontra-above-max", rules(max_kontra=4), game(points=40, kontra=8), "kontra", "up to 4", P3),
    ("premium-kontra-above-max", rules(max_kontra=2),
     game(points=40, premiums=[prem("pagat", announced=True, kontra=4)]), "premiums", "up to 2", P3),
    ("valat-and-the-defenders-pagat", MAYR, game(points=60, premiums=[prem("valat"), prem("pagat", "opponents")]),
     "premiums", "cannot have made the Pagat", P3),
    ("valat-and-a-silent-pagat-lost", MAYR, game(points=60, premiums=[prem("valat"), prem("pagat", made=False)]),
     "premiums", "last trick", P3),
    ("valat-against-won", MAYR, game(won=False, premiums=[prem("valat")]), "won", "decides the game", P3),
    ("defenders-valat-against-won", MAYR, game(won=True, premiums=[prem("valat", "opponents")]), "won",
     "decides the game", P3),
    ("valat-and-56", MAYR, game(points=56, premiums=[prem("valat")]), "card_points", "57 to 70", P3),
    ("solo-valat-and-43", MAYR, game("solo", points=43, premiums=[prem("valat")]), "card_points", "44 to 70", P3),
    ("defenders-valat-and-14", MAYR, game(points=14, premiums=[prem("valat", "opponents")]), "card_points",
     "0 to 13", P3),
    ("defenders-solo-valat-and-1", MAYR, game("solo", points=1, premiums=[prem("valat", "opponents")]),
     "card_points", "0 to 0", P3),
    ("trull-and-koepfe", MAYR, game(points=40, hands=[hand("trull", 0), hand("koepfe", 1)]), "hand_premiums",
     "exclude each other", P3),
    ("pagat-of-the-side-without-the-trull", MAYR,
     game(points=40, premiums=[prem("pagat", announced=True, made=False)], hands=[hand("trull", BERND)]),
     "premiums", "cannot have a Pagat", P3),
    ("renonce-pagat-without-the-trull", MAYR,
     renonce("dreier", BERND, premiums=[prem("pagat", "opponents", announced=False)], hands=[hand("trull", ANNA)]),
     "premiums", "cannot have a Pagat", P3),
    ("renonce-announced-by-the-defenders", MAYR,
     renonce("dreier", BERND, premiums=[prem("pagat", "opponents", announced=True)]), "premiums",
     "only the declarer announces", P3),
    ("renonce-kontra-16", MAYR, replace(renonce("dreier", BERND), kontra=16), "kontra", "not 16", P3),
]


@pytest.mark.parametrize("ruleset, deal, field, words, players", [pytest.param(*c[1:], id=c[0]) for c in REFUSED])
def test_what_cannot_be_is_refused_naming_the_field(ruleset, deal, field, words, players):
    problems = check(ruleset, deal, players)
    assert [p.field for p in problems] == [field], [str(p) for p in problems]
    assert words in problems[0].message


@pytest.mark.parametrize("ruleset, deal, players", [
    (MAYR, game(points=1), P3), (MAYR, game(points=69), P3), (MAYR, game("solo", points=68), P3),
    (MAYR, game(points=57, premiums=[prem("valat")]), P3),
    (MAYR, game("solo", points=44, premiums=[prem("valat")]), P3),
    (MAYR, game(points=13, premiums=[prem("valat", "opponents")]), P3),
    (MAYR, game("solo", points=0, premiums=[prem("valat", "opponents")]), P3),
    (MAYR, game(points=60, premiums=[prem("valat"), prem("pagat", announced=True, made=False)]), P3),
    (MAYR, game(points=60, premiums=[prem("valat"), prem("pagat", "opponents", made=False)]), P3),
    (MAYR, game(points=40, premiums=[prem("pagat")], hands=[hand("trull", ANNA), hand("koenige", ANNA)]), P3),
    (MAYR, game(points=40, premiums=[prem("pagat", "opponents")], hands=[hand("trull", CILLI)]), P3),
    (MAYR, game(points=40, dealer=DORA, kontra=8, hands=[hand("koepfe", CILLI)]), P4),
    (DEFENDS, Deal("misdeal", DORA, offender=DORA), P4),
    (MAYR, replace(renonce("dreier", BERND, premiums=[prem("pagat", "opponents", announced=False)]), kontra=8), P3),
])
def test_what_can_be_is_accepted(ruleset, deal, players):
    assert check(ruleset, deal, players) == []


# -- §8, §13: the partie file -------------------------------------------------------------------------------------

def example():
    return json.loads(EXAMPLE.read_text())


def problems_of(data):
    with pytest.raises(TappError) as refused:
        partie_file.from_dict(data, GAME)
    return [(p.deal, p.field) for p in refused.value.problems]


@pytest.mark.parametrize("data, expected", [
    ({**example(), "version": 1.0}, [(None, "version")]),
    ({**example(), "players": ["A", "B"]}, [(None, "players")]),
    ({**example(), "players": ["A", "B", "C", "D", "E"]}, [(None, "players")]),
    ({**example(), "players": ["Anna", "ANNA", "Cilli"]}, [(None, "players")]),
    ({**example(), "extra": 1}, [(None, "extra")]),
    (deal_changed(example(), 1, card_points="41 1/3"), [(1, "card_points")]),
    (deal_changed(example(), 1, card_points=41.0), [(1, "card_points")]),
    (deal_changed(example(), 1, card_points="036"), [(1, "card_points")]),
    (deal_changed(example(), 1, card_points="３６"), [(1, "card_points")]),
    (deal_changed(example(), 1, card_points="36\n"), [(1, "card_points")]),
    (deal_changed(example(), 1, card_points=True), [(1, "card_points")]),
    (deal_changed(example(), 1, won=None), [(1, "won")]),
    (deal_changed(example(), 1, partner=1), [(1, "partner")]),
    (deal_changed(example(), 1, premiums=[{"premium": "pagat", "side": "declarer", "announced": False}]), [(1, "premiums")]),
    (deal_changed(example(), 1, premiums=[{"premium": "pagat", "side": "declarer", "announced": None, "made": True}]),
     [(1, "premiums")]),
    (deal_changed(example(), 1, hand_premiums=[{"premium": "koenige", "player": 1, "announced": True}]), [(1, "hand_premiums")]),
    (deal_changed(example(), 1, hand_premiums=[{"premium": "koenige", "player": "Bernd"}]), [(1, "hand_premiums")]),
    (deal_changed(example(), 1, hand_premiums=None), [(1, "hand_premiums")]),
    (deal_changed(example(), 5, premiums=[{"premium": "pagat", "side": "declarer", "kontra": None}]), [(5, "premiums")]),
    (deal_changed(example(), 5, premiums=[{"premium": "pagat", "side": "declarer", "made": "yes"}]), [(5, "premiums")]),
    (deal_changed(example(), 5, card_points=30), [(5, "card_points")]),
    (deal_changed(example(), 3, hand_premiums=[]), [(3, "hand_premiums")]),
])
def test_a_file_is_refused_with_one_message_naming_deal_and_field(data, expected):
    assert problems_of(data) == expected


def test_what_section_13_accepts_in_a_file():
    data = example()
    data["deals"][0]["card_points"] = "41"
    data["deals"][4]["kontra"] = 4
    data["deals"][4]["premiums"][0].update(made=False, kontra="Re")   # not checked beyond not null
    data["rules"] = {"preset": "mayr", "stake": " 0,1 ", "misdeal_penalty": 1, "sitting_out": "defends"}
    partie = partie_file.from_dict(data, GAME)
    assert partie_file.settlement_to_dict(replay(partie))["balance"] == [19, -41, 22]
    assert partie_file.from_dict({**example(), "deals": [{"type": "misdeal", "dealer": 0, "offender": 0}] * 10_000},
                                 GAME)
    assert problems_of({**example(), "deals": [{"type": "misdeal", "dealer": 0, "offender": 0}] * 10_001}) == [
        (None, "deals")]


def test_the_file_round_trips_with_the_full_rule_set():
    partie = partie_file.from_dict(example(), GAME)
    again = json.loads(partie_file.dumps(partie))
    assert again["rules"] == {"preset": "mayr", "stake": "0.10", "max_kontra": 8, "kontra_in_schrift": True,
                              "misdeal_penalty": 1, "sitting_out": "out"}
    assert again["deals"] == example()["deals"]
    assert partie_file.loads(partie_file.dumps(partie), GAME) == partie


def test_registered_for_the_command_line_and_offered_on_the_web():
    from scorer import games
    assert GAME in games.registered() and GAME in games.offered() and games.by_key("tapp") is GAME
    assert partie_file.from_dict(example()) == partie_file.from_dict(example(), GAME)   # the web app's import too
    partie = GAME.sample_partie(30, seed=5)
    assert partie == GAME.sample_partie(30, seed=5) and sum(replay(partie).balance) == 0


# -- properties ----------------------------------------------------------------------------------------------------

rulesets = st.builds(
    lambda preset, schrift, penalty, most, out: RuleSet.from_dict(
        {"preset": preset, "kontra_in_schrift": schrift, "misdeal_penalty": penalty, "max_kontra": most,
         "sitting_out": out}),
    st.sampled_from(["mayr", "alscher"]), st.booleans(), st.integers(0, 3), st.sampled_from(KONTRA_LEVELS),
    st.sampled_from(["out", "defends"]))


@st.composite
def deals(draw, ruleset, n):
    dealer = draw(st.integers(0, n - 1))
    players = [p for p in range(n) if n == 3 or p != dealer]
    kind = draw(st.sampled_from(["game"] * 6 + ["renonce", "misdeal"]))
    if kind == "misdeal":
        return Deal("misdeal", dealer, offender=draw(st.integers(0, n - 1)))
    contract = draw(st.sampled_from(CONTRACTS))
    declarer = draw(st.sampled_from(players))
    levels = [k for k in KONTRA_LEVELS if k <= ruleset.max_kontra]
    premiums = []
    for name in draw(st.lists(st.sampled_from(["pagat", "valat"]), unique=True, max_size=2)):
        side = draw(st.sampled_from(["declarer", "opponents"]))
        announced = side == "declarer" and draw(st.booleans())
        made = draw(st.booleans()) if announced or name == "pagat" else True
        premiums.append(Premium(name, side, announced, made, draw(st.sampled_from(levels)) if announced else 1))
    hands = [HandPremium(name, draw(st.sampled_from(players)))
             for name in draw(st.lists(st.sampled_from(HAND_PREMIUMS), unique=True, max_size=2))]
    trull = next((h.player for h in hands if h.premium == "trull"), None)
    if trull is not None:   # the Pagat is in the Trull hand: only that side has one
        side = "declarer" if trull == declarer else "opponents"
        premiums = [replace(e, side=side) if e.premium == "pagat" else e for e in premiums]
    names = ("A", "B", "C", "D")[:n]
    if kind == "renonce":
        deal = Deal("renonce", dealer, contract, declarer, premiums=tuple(
            Premium(e.premium, e.side, e.announced) for e in premiums), hand_premiums=tuple(hands),
            offender=draw(st.sampled_from(players)))
        assume(not check(ruleset, deal, names))
        return deal
    valat = next((e for e in premiums if e.premium == "valat" and e.made), None)
    low, high = (0, 68) if contract == "solo" else (1, 69)
    if valat is not None:   # a made Valat leaves the other side only talon cards (§13)
        low, high = (max(low, 57 if contract != "solo" else 44), high) if valat.side == "declarer" else \
            (low, 13 if contract != "solo" else 0)
    cp = draw(st.one_of(st.none(), st.integers(low, high)))
    deal = Deal("game", dealer, contract, declarer, None, cp, draw(st.sampled_from(levels)), tuple(premiums),
                hand_premiums=tuple(hands))
    from scorer.games.tapp import won
    valat = deal.entry("valat")
    if cp is None or (valat is not None and valat.made) or draw(st.booleans()):
        deal = replace(deal, won=won(ruleset, replace(deal, won=draw(st.booleans()))) if cp is None else won(
            ruleset, deal))
    assume(not check(ruleset, deal, names))
    return deal


@st.composite
def parties(draw):
    ruleset = draw(rulesets)
    n = draw(st.sampled_from([3, 4]))
    played = draw(st.lists(deals(ruleset, n), max_size=12))
    return Partie(("A", "B", "C", "D")[:n], ruleset, tuple(played), played[0].dealer if played else 0)


SLOW = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@settings(max_examples=examples(300), **SLOW)
@given(parties())
def test_every_deal_and_every_item_sums_to_zero(partie):
    s = replay(partie)
    n = len(partie.players)
    for r in s.deals:
        assert sum(r.points) == 0 and sum(r.money_points) == 0 and r.multiplier == 1 and r.doubled_pending == 0
        assert all(sum(i.points) == 0 and sum(i.money_points) == 0 for i in r.items)
        if n == 4 and r.deal.type != "misdeal" and partie.rules.sitting_out == "out":
            assert all(i.points[r.deal.dealer] == 0 for i in r.items)   # the dealer who sits out scores 0
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0 and sum(s.money) == 0
    assert s.radl_left == -sum(d.type != "misdeal" for d in partie.deals) % n


@settings(max_examples=examples(200), **SLOW)
@given(parties(), st.data())
def test_replay_equals_extend_and_upto(partie, data):
    full = replay(partie)
    cut = data.draw(st.integers(0, len(partie.deals)))
    assert extend(replay(partie.with_deals(partie.deals[:cut])), partie.deals[cut:]) == full
    assert extend(start(partie), partie.deals) == full
    assert upto(full, cut) == replay(partie.with_deals(partie.deals[:cut]))


@settings(max_examples=examples(200), **SLOW)
@given(parties())
def test_the_partie_file_round_trips(partie):
    text = partie_file.dumps(partie)
    again = partie_file.loads(text, GAME)
    assert again == partie and partie_file.dumps(again) == text
    assert partie_file.settlement_to_dict(replay(again)) == partie_file.settlement_to_dict(replay(partie))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELDS = ["type", "dealer", "contract", "declarer", "won", "card_points", "kontra", "premiums", "hand_premiums",
          "offender"]


@settings(max_examples=examples(300), deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6), json_values)
def test_any_json_in_a_deal_or_the_rules_is_a_message_never_a_traceback(fields, ruleset):
    data = example()
    data["deals"][0].update(fields)
    data["rules"] = ruleset if not isinstance(ruleset, dict) else {"preset": "alscher", **ruleset}
    try:
        replay(partie_file.from_dict(data, GAME))
    except TappError as exc:
        assert exc.problems and all(p.located() for p in exc.problems)
