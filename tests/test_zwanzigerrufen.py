"""Zwanzigerrufen (RULES-ZWANZIGERRUFEN.md): the worked example through the engine and the command line, every
contract, premium, target and Kontra level on both sides of its threshold, renonce, misdeal, the doubled Radl after
a Mondfang, every refusal of §11 and §13 as a message naming deal and field, the partie file's round trip, and
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
from scorer.games.zwanzigerrufen import (Deal, Premium, RuleSet, ZwanzigerrufenError, check, extend, replay, score,
                                         start, upto)
from scorer.games.zwanzigerrufen.game import GAME
from scorer.games.zwanzigerrufen.rules import IN_FARBENSOLO, KONTRA_LEVELS, NEVER_ANNOUNCED, PREMIUMS
from scorer.partie import Partie

from .conftest import examples
from .helpers import deal_changed, item, result
from .helpers import side_premium as prem

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "zwanzigerrufen-example.json"
P = ("Anna", "Bernd", "Cilli", "Dora")
ANNA, BERND, CILLI, DORA = range(4)
WIKI, TCMM = RuleSet.default(), RuleSet.from_dict({"preset": "tcmm"})


def rules(preset="wikipedia", **options):
    return RuleSet.from_dict({"preset": preset, **options})


def normal(points=None, won=None, partner="across", kontra=1, premiums=(), dealer=DORA):
    """The Vorhand's Normalspiel (Dora deals: Anna's) with the holder of the XX, by default the player across."""
    partner = (dealer + 3) % 4 if partner == "across" else partner
    return Deal("game", dealer, "normalspiel", (dealer + 1) % 4, won, points, kontra, tuple(premiums), partner=partner)


def alone(contract="solo", points=None, won=None, declarer=ANNA, kontra=1, premiums=(), dealer=DORA):
    return Deal("game", dealer, contract, declarer, won, points, kontra, tuple(premiums))


def renonce(contract, offender, declarer=ANNA, partner=None, premiums=(), dealer=DORA):
    return Deal("renonce", dealer, contract, declarer, premiums=tuple(premiums), offender=offender, partner=partner)


def scored(ruleset, deal):
    """(points, money points) of one deal, after the checks accept it."""
    problems = check(ruleset, deal, P)
    assert not problems, [str(p) for p in problems]
    items = score(ruleset, deal)
    return (tuple(sum(i.points[p] for i in items) for p in range(4)),
            tuple(sum(i.money_points[p] for i in items) for p in range(4)))


def case(id, ruleset, deal, points, money=None):
    return pytest.param(ruleset, deal, tuple(points), tuple(points if money is None else money), id=id)


# -- §10: the worked example --------------------------------------------------------------------------------------

EXPECTED = {
    "players": list(P),
    "deals": [
        result(1, "game", 3, "normalspiel", [3, -3, 3, -3], [
            item("game", [2, -2, 2, -2]), item("pagat", [2, -2, 2, -2]), item("koenigstrull", [-1, 1, -1, 1])]),
        result(2, "game", 0, "solo", [-6, -6, 18, -6], [
            item("game", [-5, -5, 15, -5]), item("absolut", [-1, -1, 3, -1])]),
        result(3, "misdeal", 1, None, [0, 0, 0, 0], [item("misdeal", [0, 0, 0, 0])]),
        result(4, "game", 1, "normalspiel", [-5, 5, 5, -5], [
            item("game", [-1, 1, 1, -1]), item("absolut", [-4, 4, 4, -4])]),
        result(5, "game", 2, "farbensolo", [15, -5, -5, -5], [
            item("game", [12, -4, -4, -4]), item("koenigstrull", [3, -1, -1, -1])]),
        result(6, "renonce", 3, "normalspiel", [3, -9, 3, 3], [item("renonce", [3, -9, 3, 3])]),
    ],
    "balance": [10, -18, 24, -16], "money_balance": [10, -18, 24, -16], "money": ["1.00", "-1.80", "2.40", "-1.60"],
    "next_dealer": 0, "doubled_pending": 0, "radl_left": 3,
}


def test_the_worked_example_through_the_engine():
    settlement = replay(partie_file.loads(EXAMPLE.read_bytes(), GAME))
    assert partie_file.settlement_to_dict(settlement) == EXPECTED
    assert settlement.vorhand == 1 and settlement.counted == 5


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "scorer", "replay", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=60)


@pytest.mark.process
def test_the_worked_example_through_the_command_line():
    out = run(str(EXAMPLE), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXPECTED
    table = run(str(EXAMPLE)).stdout
    assert "Anna Normalspiel with Cilli, won" in table and "Cilli Solo, won" in table
    assert "Bernd     -18     -18     -1.80" in table and "next dealer: Anna" in table
    assert "deals left in this Radl: 3" in table
    rows = run(str(EXAMPLE), "--csv").stdout.splitlines()
    assert rows[0].startswith("deal,dealer,type,contract,declarer,partner,offender,result,card points,kontra,premiums,"
                              "multiplier,points Anna")
    assert rows[1] == ('1,Dora,game,normalspiel,Anna,Cilli,,won,50,Kontra,"Pagat (declarer\'s side, announced, made); '
                       'Königstrull (opponents, silent, made)",1,3,-3,3,-3,3,-3,3,-3')
    assert rows[6] == ('6,Dora,renonce,normalspiel,Anna,Dora,Bernd,,,,"Pagat (declarer\'s side, announced)",1,3,-9,3,3,3,'
                       '-9,3,3')
    assert rows[-2:] == ["total,,,,,,,,,,,,10,-18,24,-16,10,-18,24,-16",
                         "money,,,,,,,,,,,,,,,,1.00,-1.80,2.40,-1.60"]


@pytest.mark.process
def test_a_bad_file_on_the_command_line_is_one_message_a_problem_naming_deal_and_field_and_status_1(tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data["deals"][0]["partner"] = 0                  # Anna calls herself
    data["deals"][1]["card_points"] = 44             # the silent Absolut of a lost Solo
    data["deals"][3]["premiums"][0]["kontra"] = 32   # no such level
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = run(str(path), "--json")
    assert out.returncode == 1 and out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 3 and "Traceback" not in out.stderr
    assert lines[0].startswith("deal 1:") and "partner" in lines[0]
    assert lines[1].startswith("deal 2:") and "Absolut" in lines[1] and "44" in lines[1]
    assert lines[2].startswith("deal 4:") and "Kontra level is 1, 2, 4, 8 or 16, not 32" in lines[2]


# -- §2-§8: what each deal pays -----------------------------------------------------------------------------------

SCORED = [
    # §2: 45 wins, 44 loses; 2 vs 2 and 1 vs 3
    case("normalspiel-45-wins", WIKI, normal(45), [1, -1, 1, -1]),
    case("normalspiel-44-loses", WIKI, normal(44), [-1, 1, -1, 1]),
    case("normalspiel-won-alone", WIKI, normal(won=True, partner=BERND), [1, 1, -1, -1]),
    case("wikipedia-solo-45", WIKI, alone(points=45), [15, -5, -5, -5]),
    case("wikipedia-solo-44", WIKI, alone(points=44), [-15, 5, 5, 5]),
    case("tcmm-solo-4", TCMM, alone(points=45), [12, -4, -4, -4]),
    case("farbensolo-4", WIKI, alone("farbensolo", won=False, declarer=BERND), [4, -12, 4, 4]),
    case("any-player-declares-a-solo", TCMM, alone("farbensolo", won=True, declarer=DORA), [-4, -4, -4, 12]),
    # §5: Kontra, in the Schrift by default, only in the money when the option says so
    case("kontra-2", WIKI, normal(50, kontra=2), [2, -2, 2, -2]),
    case("kontra-in-money-only", rules(kontra_in_schrift=False), normal(50, kontra=2), [1, -1, 1, -1],
         [2, -2, 2, -2]),
    case("resupre-16", WIKI, alone(points=40, kontra=16), [-240, 80, 80, 80]),
    case("rekontra-4-tcmm", TCMM, alone(points=40, kontra=4), [-48, 16, 16, 16]),
    # §4 Absolut: 56 is made, 55 is not (and 55 needs no entry)
    case("silent-absolut-at-56", WIKI, normal(56, premiums=[prem("absolut")]), [2, -2, 2, -2]),
    case("no-absolut-at-55", WIKI, normal(55), [1, -1, 1, -1]),
    case("opponents-silent-absolut-at-32", WIKI, normal(32, premiums=[prem("absolut", "opponents")]),
         [-2, 2, -2, 2]),
    case("wikipedia-announced-absolut-made-56", WIKI, normal(56, premiums=[prem("absolut", announced=True)]),
         [3, -3, 3, -3]),
    case("wikipedia-announced-absolut-failed-55-loses-the-game", WIKI,
         normal(55, premiums=[prem("absolut", announced=True, made=False)]), [-3, 3, -3, 3]),
    case("one-absolut-a-deal-32", WIKI, normal(32, premiums=[prem("absolut", announced=True, made=False)]),
         [-3, 3, -3, 3]),
    case("opponents-announced-absolut-33-wins", WIKI,
         normal(33, premiums=[prem("absolut", "opponents", announced=True, made=False)]), [3, -3, 3, -3]),
    case("opponents-announced-absolut-32-made", WIKI,
         normal(32, premiums=[prem("absolut", "opponents", announced=True)]), [-3, 3, -3, 3]),
    case("opponents-announced-absolut-won-alone", WIKI,
         normal(won=True, premiums=[prem("absolut", "opponents", announced=True, made=False, kontra=2)]),
         [5, -5, 5, -5]),
    case("tcmm-absolut-keeps-45", TCMM, normal(50, premiums=[prem("absolut", announced=True, made=False)]),
         [-1, 1, -1, 1]),
    case("tcmm-absolut-keeps-45-44", TCMM, normal(44, premiums=[prem("absolut", announced=True, made=False)]),
         [-3, 3, -3, 3]),
    case("tcmm-solo-absolut-doubled", TCMM, alone(points=60, premiums=[prem("absolut")]), [18, -6, -6, -6]),
    # §4, §12 premiums in a Solo: tcmm doubles before Kontra and the 1 vs 3 payment
    case("tcmm-solo-pagat-lost-with-rekontra", TCMM,
         alone(points=45, premiums=[prem("pagat", announced=True, made=False, kontra=4)]), [-36, 12, 12, 12]),
    case("wikipedia-solo-pagat-not-doubled", WIKI, alone(points=45, premiums=[prem("pagat", announced=True)]),
         [21, -7, -7, -7]),
    case("tcmm-farbensolo-trull-doubled", TCMM, alone("farbensolo", won=True, premiums=[prem("trull")]),
         [18, -6, -6, -6]),
    case("silent-pagat-made", WIKI, normal(45, premiums=[prem("pagat", "opponents")]), [0, 0, 0, 0]),
    case("mondfang-opponents", WIKI, normal(45, premiums=[prem("mondfang", "opponents")]), [0, 0, 0, 0]),
    case("koenigstrull-and-trull", WIKI, normal(45, partner=BERND, premiums=[prem("trull"), prem("koenigstrull")]),
         [3, 3, -3, -3]),
    # §4 Valat, wikipedia: added to the game, nothing else beside it; an announced one decides the game
    case("wikipedia-silent-valat-adds", WIKI,
         normal(88, premiums=[prem("valat"), prem("pagat", announced=True), prem("absolut")]), [7, -7, 7, -7]),
    case("wikipedia-announced-valat-failed-70", WIKI,
         normal(70, kontra=2, premiums=[prem("valat", announced=True, made=False, kontra=2)]), [-26, 26, -26, 26]),
    case("wikipedia-opponents-valat-in-a-solo", WIKI,
         alone(points=0, premiums=[prem("valat", "opponents", announced=True)]), [-51, 17, 17, 17]),
    # tcmm: the Valat replaces the game, doubled in a Solo, with the higher Kontra
    case("tcmm-solo-silent-valat", TCMM, alone(points=88, kontra=2, premiums=[prem("valat")]), [72, -24, -24, -24]),
    case("tcmm-solo-announced-valat", TCMM, alone(won=True, premiums=[prem("valat", announced=True)]),
         [72, -24, -24, -24]),
    case("tcmm-announced-valat-failed-whatever-the-points", TCMM,
         normal(70, kontra=2, premiums=[prem("valat", announced=True, made=False, kontra=4)]), [-48, 48, -48, 48]),
    case("tcmm-valat-drops-the-mondfang", TCMM,
         normal(88, premiums=[prem("valat"), prem("mondfang")]), [6, -6, 6, -6]),
    # §7 renonce
    case("renonce-as-lost-example", WIKI,
         renonce("solo", ANNA, declarer=DORA, premiums=[prem("pagat", announced=True)]), [-35, 7, 7, 21]),
    case("renonce-as-lost-lone-declarer", WIKI, renonce("solo", ANNA), [-15, 5, 5, 5]),
    case("renonce-as-lost-partner-paid-too", WIKI, renonce("normalspiel", CILLI, partner=CILLI), [1, 1, -3, 1]),
    case("renonce-as-lost-valat-beside-the-game", WIKI,
         renonce("normalspiel", BERND, partner=CILLI, premiums=[prem("valat", "opponents", announced=True)]),
         [13, -39, 13, 13]),
    case("renonce-silent-premium-not-paid", WIKI,
         renonce("normalspiel", BERND, partner=CILLI, premiums=[prem("absolut", announced=False)]), [1, -3, 1, 1]),
    case("renonce-flat", TCMM, renonce("solo", ANNA, declarer=DORA, premiums=[prem("pagat", announced=True)]),
         [-12, 4, 4, 4]),
    case("renonce-flat-normalspiel", TCMM, renonce("normalspiel", DORA, partner=BERND), [1, 1, 1, -3]),
    # §7 misdeal
    case("misdeal-penalty", rules(misdeal_penalty=2), Deal("misdeal", BERND, offender=CILLI), [2, 2, -6, 2]),
    case("misdeal-free", WIKI, Deal("misdeal", BERND, offender=CILLI), [0, 0, 0, 0]),
]


@pytest.mark.parametrize("ruleset, deal, points, money", SCORED)
def test_each_deal_pays_what_the_contract_says(ruleset, deal, points, money):
    assert scored(ruleset, deal) == (points, money)


def test_items_are_listed_in_order_and_only_when_scored():
    def names(ruleset, deal):
        return [i.item for i in score(ruleset, deal)]
    assert names(WIKI, normal(88, premiums=[prem("pagat"), prem("valat")])) == ["game", "valat"]
    assert names(TCMM, normal(88, premiums=[prem("pagat"), prem("valat")])) == ["valat"]
    assert names(WIKI, normal(45, premiums=[prem("mondfang", "opponents"), prem("pagat")])) == [
        "game", "mondfang", "pagat"]
    assert names(WIKI, renonce("solo", BERND)) == ["renonce"]


# -- §8: the doubled Radl after a Mondfang -----------------------------------------------------------------------

def test_a_mondfang_starts_a_doubled_radl_under_tcmm():
    mond = normal(45, premiums=[prem("mondfang")])
    deals = [
        mond,                                          # scored single, then 4 doubled deals pending
        Deal("misdeal", ANNA, offender=BERND),         # doubled, uses none
        normal(45, dealer=ANNA), normal(45, dealer=BERND),
        renonce("solo", ANNA, dealer=CILLI),           # doubled, uses one, never triggers
        replace(mond, dealer=DORA),                    # the last doubled deal triggers again: 1 - 1 + 4
        normal(45, dealer=ANNA),
    ]
    s = replay(Partie(P, rules("tcmm", misdeal_penalty=1), tuple(deals)))
    assert [r.multiplier for r in s.deals] == [1, 2, 2, 2, 2, 2, 2]
    assert [r.doubled_pending for r in s.deals] == [4, 4, 3, 2, 1, 4, 3]
    assert [r.triggered for r in s.deals] == [True, False, False, False, False, True, False]
    assert s.deals[0].points == (2, -2, 2, -2)
    assert s.deals[1].points == (2, -6, 2, 2)
    assert s.deals[4].points == (-24, 8, 8, 8)
    assert s.deals[5].points == (4, -4, 4, -4) and s.doubled_pending == 3


def test_no_doubled_radl_without_a_scored_mondfang():
    mond = normal(45, premiums=[prem("mondfang")])
    assert replay(Partie(P, WIKI, (mond,))).doubled_pending == 0          # wikipedia: none by default
    assert replay(Partie(P, rules(doubled_radl=["mondfang"]), (mond,))).doubled_pending == 4
    assert replay(Partie(P, rules("tcmm", doubled_radl=[]), (mond,))).doubled_pending == 0
    beside_valat = normal(88, premiums=[prem("valat"), prem("mondfang")])
    assert replay(Partie(P, TCMM, (beside_valat,))).doubled_pending == 0
    assert replay(Partie(P, rules(doubled_radl=["mondfang"]), (beside_valat,))).doubled_pending == 0


def test_the_radl_and_the_next_dealer():
    s = replay(Partie(P, WIKI, ()))
    assert s.next_dealer is None and s.radl_left == 0
    s = extend(s, [normal(45, dealer=CILLI)])
    assert s.next_dealer == DORA and s.radl_left == 3
    s = extend(s, [Deal("misdeal", DORA, offender=ANNA)])
    assert s.next_dealer == DORA and s.radl_left == 3   # the same dealer deals again, no Radl count
    s = extend(s, [normal(45, dealer=ANNA), normal(45, dealer=BERND), alone(points=50, dealer=ANNA)])
    assert s.radl_left == 0 and s.next_dealer == BERND   # stored dealers are never checked against the proposal


# -- §9: the rule sets ---------------------------------------------------------------------------------------------

def test_the_presets_and_their_options():
    assert WIKI.to_dict(full=True) == {"preset": "wikipedia", "stake": "0.10", "max_kontra": 16,
                                       "kontra_in_schrift": True, "doubled_radl": [], "misdeal_penalty": 0}
    assert TCMM.to_dict(full=True) == {"preset": "tcmm", "stake": "0.10", "max_kontra": 4, "kontra_in_schrift": True,
                                       "doubled_radl": ["mondfang"], "misdeal_penalty": 0}
    assert (WIKI.valat, WIKI.absolut_sets_target, WIKI.renonce) == ("adds", True, "as_lost")
    assert (TCMM.valat, TCMM.absolut_sets_target, TCMM.renonce) == ("replaces", False, "flat")
    assert RuleSet.from_dict({}) == WIKI and RuleSet.from_dict({"stake": " 0,2 "}).stake == rules(stake=20).stake / 100
    assert rules("tcmm", max_kontra=16).max_kontra == 16 and rules(max_kontra=1).max_kontra == 1
    assert [str(line) for line in TCMM.describe()][2] == "Contracts: Normalspiel 1, Farbensolo 4, Solo 4."


@pytest.mark.parametrize("value", ["0.10", "0,1", " 2 ", 2, "1000", "1000.00", "0.01", "12.5"])
def test_a_stake_as_section_13_writes_it(value):
    assert rules(stake=value).stake > 0


@pytest.mark.parametrize("value", [0.1, 2.0, "0.100", "00.10", ".50", "1.", "+0.10", "1e-1", "\t0.10", "0.10\n",
                                   "\u00a00.10", "0", 0, "1000.01", 1001, True, None, "٣", "-1"])
def test_a_stake_is_refused_in_any_other_form(value):
    with pytest.raises(ZwanzigerrufenError) as refused:
        rules(stake=value)
    assert [p.field for p in refused.value.problems] == ["stake"]


@pytest.mark.parametrize("options, field", [
    ({"preset": "bridge"}, "preset"), ({"valat": "adds"}, "valat"), ({"solo_premiums": "single"}, "solo_premiums"),
    ({"absolut_sets_target": True}, "absolut_sets_target"), ({"renonce": "flat"}, "renonce"),
    ({"max_kontra": 3}, "max_kontra"), ({"max_kontra": 32}, "max_kontra"), ({"max_kontra": "4"}, "max_kontra"),
    ({"kontra_in_schrift": 1}, "kontra_in_schrift"), ({"doubled_radl": ["bettel"]}, "doubled_radl"),
    ({"doubled_radl": ["mondfang", "mondfang"]}, "doubled_radl"), ({"doubled_radl": "mondfang"}, "doubled_radl"),
    ({"misdeal_penalty": -1}, "misdeal_penalty"), ({"misdeal_penalty": 1001}, "misdeal_penalty"),
    ({"misdeal_penalty": 1.0}, "misdeal_penalty"), ({"jungfrauen": "share"}, "jungfrauen"),
])
def test_rules_outside_the_contract_are_refused_naming_the_option(options, field):
    with pytest.raises(ZwanzigerrufenError) as refused:
        RuleSet.from_dict(options)
    assert [p.field for p in refused.value.problems] == [field]


# -- §11: what the app refuses --------------------------------------------------------------------------------------

REFUSED = [
    # contracts and persons
    ("normalspiel-not-by-the-vorhand", WIKI, replace(normal(45), declarer=BERND), "declarer", "only the Vorhand"),
    ("normalspiel-without-partner", WIKI, normal(45, partner=None), "partner", "needs the partner"),
    ("partner-is-the-declarer", WIKI, normal(45, partner=ANNA), "partner", "another player"),
    ("partner-unknown", WIKI, normal(45, partner=4), "partner", "one of the 4 players"),
    ("partner-in-a-solo", WIKI, replace(alone(points=45), partner=BERND), "partner", "no partner"),
    ("unknown-contract", WIKI, alone("bettel", points=45), "contract", "unknown contract"),
    ("unknown-dealer", WIKI, normal(45, dealer=4), "dealer", "one of the 4 players"),
    ("unknown-type", WIKI, Deal("redeal", 0), "type", "unknown deal type"),
    ("misdeal-offender", WIKI, Deal("misdeal", 0, offender=-1), "offender", "one of the 4 players"),
    # results
    ("no-won-no-points", WIKI, normal(), "won", "say whether"),
    ("points-89", WIKI, normal(89), "card_points", "between 0 and 88"),
    ("points-negative", WIKI, normal(-1), "card_points", "between 0 and 88"),
    ("won-against-45", WIKI, normal(45, won=False), "won", "45 card points win the game"),
    ("won-against-44", WIKI, normal(44, won=True), "won", "44 card points lose the game"),
    ("won-against-the-target-56", WIKI, normal(50, won=True, premiums=[prem("absolut", announced=True, made=False)]),
     "won", "decides the game"),
    ("won-against-the-target-33", WIKI,
     normal(40, won=False, premiums=[prem("absolut", "opponents", announced=True, made=False)]), "won",
     "decides the game"),
    ("won-against-a-made-valat", TCMM, normal(won=False, premiums=[prem("valat")]), "won", "decides the game"),
    ("won-against-an-announced-valat", WIKI, normal(won=True, premiums=[prem("valat", announced=True, made=False)]),
     "won", "decides the game"),
    ("won-against-a-made-absolut", TCMM, normal(won=False, premiums=[prem("absolut")]), "won", "decides the game"),
    ("won-against-the-failed-absolut", WIKI,
     normal(won=True, premiums=[prem("absolut", announced=True, made=False)]), "won", "decides the game"),
    # premiums
    ("unknown-premium", WIKI, normal(45, premiums=[prem("uhu")]), "premiums", "unknown premium"),
    ("pagat-in-a-farbensolo", TCMM, alone("farbensolo", won=True, premiums=[prem("pagat")]), "premiums",
     "cannot be played in a Farbensolo"),
    ("mondfang-in-a-farbensolo", WIKI, alone("farbensolo", won=True, premiums=[prem("mondfang")]), "premiums",
     "cannot be played"),
    ("trull-in-a-wikipedia-farbensolo", WIKI, alone("farbensolo", won=True, premiums=[prem("trull")]), "premiums",
     "cannot be played"),
    ("premium-twice", WIKI, normal(45, premiums=[prem("pagat"), prem("pagat", "opponents")]), "premiums", "twice"),
    ("side-unknown", WIKI, normal(45, premiums=[prem("pagat", "Cilli")]), "premiums", "declarer or opponents"),
    ("announced-not-a-boolean", WIKI, normal(45, premiums=[prem("pagat", announced="yes")]), "premiums",
     "announced"),
    ("trull-announced", WIKI, normal(45, premiums=[prem("trull", announced=True)]), "premiums", "never announced"),
    ("koenigstrull-announced", WIKI, normal(45, premiums=[prem("koenigstrull", announced=True)]), "premiums",
     "never announced"),
    ("mondfang-announced", WIKI, normal(45, premiums=[prem("mondfang", announced=True)]), "premiums",
     "never announced"),
    ("silent-not-made", WIKI, normal(45, premiums=[prem("pagat", made=False)]), "premiums", "only when made"),
    ("silent-with-kontra", WIKI, normal(45, premiums=[prem("pagat", kontra=2)]), "premiums", "cannot carry Kontra"),
    # Kontra
    ("kontra-3", WIKI, normal(45, kontra=3), "kontra", "1, 2, 4, 8 or 16"),
    ("kontra-above-tcmm", TCMM, normal(45, kontra=8), "kontra", "up to 4"),
    ("kontra-above-max-1", rules(max_kontra=1), normal(45, kontra=2), "kontra", "up to 1"),
    ("premium-kontra-above", TCMM, normal(45, premiums=[prem("pagat", announced=True, kontra=16)]), "premiums",
     "up to 4"),
    # facts that cannot happen (§4, §13)
    ("valat-and-the-others-pagat", WIKI, normal(88, premiums=[prem("valat"), prem("pagat", "opponents")]),
     "premiums", "took every trick"),
    ("valat-and-the-others-mondfang", TCMM, normal(88, premiums=[prem("valat"), prem("mondfang", "opponents")]),
     "premiums", "took every trick"),
    ("valat-and-87", WIKI, normal(87, premiums=[prem("valat"), prem("absolut")]), "card_points", "88"),
    ("opponents-valat-and-1", WIKI, normal(1, premiums=[prem("valat", "opponents"), prem("absolut", "opponents")]),
     "card_points", "88"),
    ("valat-and-its-failed-absolut", WIKI,
     normal(won=True, premiums=[prem("valat"), prem("absolut", announced=True, made=False)]), "premiums",
     "Absolut is made"),
    ("trull-and-mondfang", WIKI, normal(45, premiums=[prem("trull"), prem("mondfang")]), "premiums",
     "exclude each other"),
    ("trull-and-the-others-pagat", WIKI,
     normal(45, premiums=[prem("trull"), prem("pagat", "opponents", announced=True, made=False)]), "premiums",
     "cannot have a Pagat"),
    ("absolut-made-at-55", WIKI, normal(55, premiums=[prem("absolut")]), "premiums", "at least 56"),
    ("absolut-failed-at-56", WIKI, normal(56, premiums=[prem("absolut", announced=True, made=False)]), "premiums",
     "at most 55"),
    ("56-without-an-absolut", WIKI, normal(56), "premiums", "enter it"),
    ("opponents-56-without-an-absolut", TCMM, normal(32), "premiums", "enter it"),
    # renonce
    ("renonce-trull", WIKI, renonce("solo", BERND, premiums=[prem("trull")]), "premiums", "only announced"),
    ("renonce-pagat-in-a-farbensolo", WIKI, renonce("farbensolo", BERND, premiums=[prem("pagat", announced=True)]),
     "premiums", "cannot be played"),
    ("renonce-normalspiel-without-partner", WIKI, renonce("normalspiel", BERND), "partner", "needs the partner"),
    ("renonce-by-nobody", WIKI, renonce("solo", 7), "offender", "one of the 4 players"),
    ("renonce-kontra-3", WIKI, replace(renonce("solo", BERND), kontra=3), "kontra", "not 3"),
]


@pytest.mark.parametrize("ruleset, deal, field, words", [pytest.param(*c[1:], id=c[0]) for c in REFUSED])
def test_what_cannot_be_is_refused_naming_the_field(ruleset, deal, field, words):
    problems = check(ruleset, deal, P)
    assert [p.field for p in problems] == [field], [str(p) for p in problems]
    assert words in problems[0].message


@pytest.mark.parametrize("deal", [
    normal(55, premiums=[prem("absolut", announced=True, made=False)]),            # 55: failed, allowed
    normal(56, premiums=[prem("absolut", "opponents", announced=True, made=False)]),   # the other side's announced
    normal(88, premiums=[prem("valat"), prem("koenigstrull", "opponents")]),       # held in the hand, not tricks
    normal(88, premiums=[prem("valat"), prem("pagat", "opponents", announced=True, made=False)]),
    normal(32, premiums=[prem("valat", "opponents", announced=True, made=False)]),   # tcmm: the points decide
    normal(45, premiums=[prem("trull"), prem("pagat")]),                           # the Pagat in the Trull hand
    normal(45, premiums=[prem("trull", "opponents"), prem("koenigstrull")]),
    replace(renonce("solo", BERND), kontra=16),                                    # read, then ignored
])
def test_what_can_be_is_accepted(deal):
    assert check(TCMM if deal.card_points == 32 else WIKI, deal, P) == []


def test_a_renonce_keeps_what_was_said_and_ignores_it():
    said = renonce("normalspiel", BERND, partner=CILLI, premiums=[prem("pagat", announced=True)])
    assert scored(WIKI, said)[0] == (3, -9, 3, 3)
    assert scored(WIKI, replace(said, kontra=16))[0] == (3, -9, 3, 3)   # Kontra on a renonce is ignored


# -- §10, §13: the partie file ------------------------------------------------------------------------------------

def example():
    return json.loads(EXAMPLE.read_text())


def problems_of(data):
    with pytest.raises(ZwanzigerrufenError) as refused:
        partie_file.from_dict(data, GAME)
    return [(p.deal, p.field, p.message) for p in refused.value.problems]


FILE_REFUSALS = [
    ("version-1.0", {**example(), "version": 1.0}, None, "version"),
    ("version-true", {**example(), "version": True}, None, "version"),
    ("three-players", {**example(), "players": ["A", "B", "C"]}, None, "players"),
    ("five-players", {**example(), "players": ["A", "B", "C", "D", "E"]}, None, "players"),
    ("same-names", {**example(), "players": ["Anna", "Bernd", " anna ", "Dora"]}, None, "players"),
    ("empty-name", {**example(), "players": ["Anna", "\u2003", "Cilli", "Dora"]}, None, "players"),
    ("name-not-a-string", {**example(), "players": ["Anna", 2, "Cilli", "Dora"]}, None, "players"),
    ("unknown-top-field", {**example(), "comment": "x"}, None, "comment"),
    ("unknown-rules-field", {**example(), "rules": {"preset": "tcmm", "trischaken_payout": "pairs"}}, None,
     "trischaken_payout"),
    ("deals-not-a-list", {**example(), "deals": {}}, None, "deals"),
    ("unknown-deal-field", deal_changed(example(), 1, kontra_each=[1, 1, 1, 1]), 1, "kontra_each"),
    ("called", deal_changed(example(), 1, called="XX"), 1, "called"),
    ("conceded", deal_changed(example(), 2, conceded=True), 2, "conceded"),
    ("null-won", deal_changed(example(), 1, won=None), 1, "won"),
    ("null-kontra", deal_changed(example(), 1, kontra=None), 1, "kontra"),
    ("null-partner-of-a-normalspiel", deal_changed(example(), 1, partner=None), 1, "partner"),
    ("card-points-leading-zero", deal_changed(example(), 1, card_points="050"), 1, "card_points"),
    ("card-points-thirds", deal_changed(example(), 1, card_points="50 1/3"), 1, "card_points"),
    ("card-points-float", deal_changed(example(), 1, card_points=50.0), 1, "card_points"),
    ("card-points-space", deal_changed(example(), 1, card_points="50 "), 1, "card_points"),
    ("card-points-arabic-digits", deal_changed(example(), 1, card_points="٥٠"), 1, "card_points"),
    ("card-points-bool", deal_changed(example(), 1, card_points=True), 1, "card_points"),
    ("card-points-100", deal_changed(example(), 1, card_points="100"), 1, "card_points"),
    ("dealer-a-string", deal_changed(example(), 1, dealer="3"), 1, "dealer"),
    ("won-a-string", deal_changed(example(), 5, won="yes"), 5, "won"),
    ("premium-without-made", deal_changed(example(), 2, premiums=[{"premium": "absolut", "side": "declarer",
                                                        "announced": False}]), 2, "premiums"),
    ("premium-unknown-field", deal_changed(example(), 2, premiums=[{"premium": "absolut", "side": "declarer", "announced": False,
                                                         "made": True, "player": 2}]), 2, "premiums"),
    ("renonce-premium-null-kontra", deal_changed(example(), 6, premiums=[{"premium": "pagat", "side": "declarer",
                                                               "kontra": None}]), 6, "premiums"),
    ("renonce-premium-made-yes", deal_changed(example(), 6, premiums=[{"premium": "pagat", "side": "declarer",
                                                            "made": "yes"}]), 6, "premiums"),
    ("renonce-premium-announced-0", deal_changed(example(), 6, premiums=[{"premium": "pagat", "side": "declarer",
                                                               "announced": 0}]), 6, "premiums"),
    ("renonce-won", deal_changed(example(), 6, won=True), 6, "won"),
    ("misdeal-contract", deal_changed(example(), 3, contract="solo"), 3, "contract"),
]


@pytest.mark.parametrize("data, deal, field", [pytest.param(*c[1:], id=c[0]) for c in FILE_REFUSALS])
def test_a_file_is_refused_with_one_message_naming_deal_and_field(data, deal, field):
    found = problems_of(data)
    assert [(d, f) for d, f, _ in found] == [(deal, field)], found


def test_what_section_13_accepts_in_a_file():
    data = example()
    data["deals"][0]["card_points"] = "50"
    data["deals"][1]["partner"] = None                           # null: the partner of a Solo
    data["deals"][5]["kontra"] = 2                               # a renonce's Kontra, ignored
    data["deals"][5]["premiums"][0].update(made=False, kontra="Re")   # not checked beyond not null
    data["players"] = ["  Anna  Maria ", "Bernd", "Cilli", "Dora\u0085Lena"]
    del data["rules"]
    partie = partie_file.from_dict(data, GAME)
    assert partie.players == ("Anna Maria", "Bernd", "Cilli", "Dora Lena") and partie.rules == WIKI
    assert partie_file.settlement_to_dict(replay(partie))["balance"] == EXPECTED["balance"]
    assert partie_file.from_dict({**example(), "deals": [{"type": "misdeal", "dealer": 0, "offender": 0}] * 10_000},
                                 GAME)
    assert problems_of({**example(), "deals": [{"type": "misdeal", "dealer": 0, "offender": 0}] * 10_001}) == [
        (None, "deals", "a partie has at most 10000 deals")]
    assert partie_file.from_dict({k: v for k, v in example().items() if k != "deals"}, GAME).deals == ()


def test_an_unknown_format_is_one_message_naming_the_formats():
    with pytest.raises(Exception) as refused:
        partie_file.from_dict({**example(), "format": "zwanziger-partie"}, every=True)
    (problem,) = refused.value.problems
    assert "zwanzigerrufen-partie" in problem.message and "unknown format" in problem.message


def test_the_web_app_offers_it_and_reads_its_file():
    from scorer import games
    assert GAME in games.registered() and GAME in games.offered() and games.by_format(GAME.format) is GAME
    assert partie_file.from_dict(example()) == partie_file.from_dict(example(), GAME)   # the web app's import too


def test_the_file_round_trips_with_the_full_rule_set():
    partie = partie_file.from_dict(example(), GAME)
    text = partie_file.dumps(partie)
    again = json.loads(text)
    assert again["rules"] == {"preset": "wikipedia", "stake": "0.10", "max_kontra": 16, "kontra_in_schrift": True,
                              "doubled_radl": [], "misdeal_penalty": 0}
    assert again["deals"] == example()["deals"]
    assert partie_file.loads(text, GAME) == partie


def test_the_sample_partie_is_valid_and_reproducible():
    partie = GAME.sample_partie(40, seed=3)
    assert partie == GAME.sample_partie(40, seed=3) and len(partie.deals) == 40
    assert sum(replay(partie).balance) == 0


# -- properties ----------------------------------------------------------------------------------------------------

rulesets = st.builds(
    lambda preset, schrift, radl, penalty, most: RuleSet.from_dict(
        {"preset": preset, "kontra_in_schrift": schrift, "doubled_radl": radl, "misdeal_penalty": penalty,
         "max_kontra": most}),
    st.sampled_from(["wikipedia", "tcmm"]), st.booleans(), st.sampled_from([[], ["mondfang"]]), st.integers(0, 3),
    st.sampled_from(KONTRA_LEVELS))


@st.composite
def entries(draw, ruleset, contract, cp, renonce):
    allowed = [p for p in PREMIUMS if ruleset.allows(contract, p) and not (renonce and p in NEVER_ANNOUNCED)]
    out = []
    for name in draw(st.lists(st.sampled_from(allowed), unique=True, max_size=3)):
        side = draw(st.sampled_from(["declarer", "opponents"]))
        if renonce:
            out.append(Premium(name, side, draw(st.booleans())))
            continue
        pile = None if cp is None else cp if side == "declarer" else 88 - cp
        announced = name not in NEVER_ANNOUNCED and draw(st.booleans())
        made = True if not announced else draw(st.booleans())
        if name == "absolut" and pile is not None:
            made = pile >= 56
            announced = announced or not made
        if name == "valat" and pile is not None:
            made = pile == 88
            announced = announced or not made
        kontra = draw(st.sampled_from([k for k in KONTRA_LEVELS if k <= ruleset.max_kontra])) if announced else 1
        out.append(Premium(name, side, announced, made, kontra))
    if cp is not None and not any(e.premium in ("absolut", "valat") for e in out) and not renonce:
        for side, pile in (("declarer", cp), ("opponents", 88 - cp)):
            if pile >= 56:
                out.append(Premium("absolut", side, False, True))
    return tuple(out)


@st.composite
def deals(draw, ruleset):
    dealer = draw(st.integers(0, 3))
    kind = draw(st.sampled_from(["game"] * 6 + ["renonce", "misdeal"]))
    if kind == "misdeal":
        return Deal("misdeal", dealer, offender=draw(st.integers(0, 3)))
    contract = draw(st.sampled_from(["normalspiel", "normalspiel", "solo", "farbensolo"]))
    declarer = (dealer + 1) % 4 if contract == "normalspiel" else draw(st.integers(0, 3))
    partner = draw(st.sampled_from([p for p in range(4) if p != declarer])) if contract == "normalspiel" else None
    if kind == "renonce":
        return Deal("renonce", dealer, contract, declarer, partner=partner,
                    premiums=draw(entries(ruleset, contract, None, True)), offender=draw(st.integers(0, 3)))
    cp = draw(st.one_of(st.none(), st.integers(0, 88)))
    premiums = draw(entries(ruleset, contract, cp, False))
    deal = Deal("game", dealer, contract, declarer, None, cp,
                draw(st.sampled_from([k for k in KONTRA_LEVELS if k <= ruleset.max_kontra])), premiums, partner=partner)
    from scorer.games.zwanzigerrufen import decided, target
    facts = decided(ruleset, deal)
    won = facts if facts is not None else None if cp is not None and draw(st.booleans()) else \
        (cp >= target(ruleset, deal)) if cp is not None else draw(st.booleans())
    deal = replace(deal, won=won)
    assume(not check(ruleset, deal, P))
    return deal


@st.composite
def parties(draw):
    ruleset = draw(rulesets)
    played = draw(st.lists(deals(ruleset), max_size=12))
    return Partie(P, ruleset, tuple(played), played[0].dealer if played else 0)


SLOW = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@settings(max_examples=examples(300), **SLOW)
@given(parties())
def test_every_deal_and_every_item_sums_to_zero(partie):
    s = replay(partie)
    for r in s.deals:
        assert sum(r.points) == 0 and sum(r.money_points) == 0
        assert all(sum(i.points) == 0 and sum(i.money_points) == 0 for i in r.items)
        if partie.rules.kontra_in_schrift:
            assert r.points == r.money_points
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0 and sum(s.money) == 0
    assert s.radl_left == -sum(d.type != "misdeal" for d in partie.deals) % 4


@settings(max_examples=examples(200), **SLOW)
@given(parties(), st.data())
def test_replay_equals_extend_and_upto(partie, data):
    full = replay(partie)
    cut = data.draw(st.integers(0, len(partie.deals)))
    assert extend(replay(partie.with_deals(partie.deals[:cut])), partie.deals[cut:]) == full
    assert extend(start(partie), partie.deals) == full
    assert upto(full, cut) == replay(partie.with_deals(partie.deals[:cut]))
    assert GAME.replay(partie, checked=True) == full


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
FIELDS = ["type", "dealer", "contract", "declarer", "partner", "won", "card_points", "kontra", "premiums",
          "offender"]


@settings(max_examples=examples(300), deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6), json_values)
def test_any_json_in_a_deal_or_the_rules_is_a_message_never_a_traceback(fields, ruleset):
    data = example()
    data["deals"][0].update(fields)
    data["rules"] = ruleset if not isinstance(ruleset, dict) else {"preset": "tcmm", **ruleset}
    try:
        replay(partie_file.from_dict(data, GAME))
    except ZwanzigerrufenError as exc:
        assert exc.problems and all(p.located() for p in exc.problems)
