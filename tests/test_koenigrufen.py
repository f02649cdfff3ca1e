"""Königrufen (RULES-KOENIGRUFEN.md): the worked example through the engine and the command line, every
contract and premium, every Trischaken rule, renonce, misdeal, doubled Radl and dealer, every refusal of
§11, properties, the partie file and hostile files.

Every expected number below is worked out by hand from the contract, not taken from the code."""

import json
from pathlib import Path

import pytest

from scorer import games
from scorer.games.koenigrufen import ABSENT, Deal, KoenigrufenError, Premium, RuleSet, check, extend, replay, score
from scorer.games.koenigrufen import file as kfile
from scorer.games.koenigrufen import game as kgame
from scorer.games.koenigrufen.deals import parse_card_points
from scorer.partie import Partie
from .helpers import run_replay as run

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "koenigrufen-example.json"
P4 = ("Anna", "Bernd", "Cilli", "Dora")
P5 = P4 + ("Emil",)
ANNA, BERND, CILLI, DORA, EMIL = range(5)


def rules(preset="ooe", **options):
    return RuleSet.from_dict({"preset": preset, **options})


OOE, TIROL = rules(), rules("tirol")


def prem(name, side="declarer", announced=True, made=True, kontra=1):
    return Premium(name, side, announced, made, kontra)


def game(contract, declarer=ANNA, partner=ABSENT, dealer=DORA, won=None, points=None, kontra=1, kontra_each=None,
         premiums=(), conceded=False):
    cp = None
    if isinstance(points, (list, tuple)):
        cp = tuple(None if v is None else parse_card_points(v) for v in points)
    elif points is not None:
        cp = parse_card_points(points)
    return Deal("game", dealer, contract, declarer, partner, conceded, won, cp, kontra,
                None if kontra_each is None else tuple(kontra_each), tuple(premiums))


def renonce(contract, offender, declarer=ANNA, partner=ABSENT, dealer=DORA, premiums=()):
    return Deal("renonce", dealer, contract, declarer, partner, premiums=tuple(Premium(p, s) for p, s in premiums),
                offender=offender)


def scored(ruleset, deal, players=P4):
    """(points, money points) of one deal, after the checks accept it."""
    problems = check(ruleset, deal, players)
    assert not problems, [str(p) for p in problems]
    items = score(ruleset, deal, len(players))
    n = len(players)
    return (tuple(sum(i.points[p] for i in items) for p in range(n)),
            tuple(sum(i.money_points[p] for i in items) for p in range(n)))


def case(id, ruleset, deal, points, money=None, players=P4):
    return pytest.param(ruleset, deal, tuple(points), tuple(points if money is None else money), players, id=id)


# -- §10: the worked example ------------------------------------------------------------------------------

EXPECTED = {
    "players": ["Anna", "Bernd", "Cilli", "Dora"],
    "deals": [
        {"number": 1, "type": "game", "dealer": 3, "contract": "rufer", "multiplier": 1, "points": [2, -2, 2, -2],
         "money_points": [3, -3, 3, -3], "doubled_pending": 0, "items": [
             {"item": "game", "points": [1, -1, 1, -1], "money_points": [2, -2, 2, -2]},
             {"item": "pagat", "points": [2, -2, 2, -2], "money_points": [2, -2, 2, -2]},
             {"item": "trull", "points": [-1, 1, -1, 1], "money_points": [-1, 1, -1, 1]}]},
        {"number": 2, "type": "game", "dealer": 0, "contract": "piccolo", "multiplier": 1, "points": [-2, -2, 6, -2],
         "money_points": [-2, -4, 8, -2], "doubled_pending": 0, "items": [
             {"item": "game", "points": [-2, -2, 6, -2], "money_points": [-2, -4, 8, -2]}]},
        {"number": 3, "type": "misdeal", "dealer": 1, "contract": None, "multiplier": 1, "points": [0, 0, 0, 0],
         "money_points": [0, 0, 0, 0], "doubled_pending": 0, "items": [
             {"item": "misdeal", "points": [0, 0, 0, 0], "money_points": [0, 0, 0, 0]}]},
        {"number": 4, "type": "game", "dealer": 1, "contract": "trischaken", "multiplier": 1,
         "points": [0, -6, 0, 6], "money_points": [0, -6, 0, 6], "doubled_pending": 0, "items": [
             {"item": "trischaken", "points": [0, -6, 0, 6], "money_points": [0, -6, 0, 6]}]},
    ],
    "balance": [0, -10, 8, 2], "money_balance": [1, -13, 11, 1], "money": ["0.10", "-1.30", "1.10", "0.10"],
    "next_dealer": 2, "doubled_pending": 0, "radl_left": 1,
}


def test_the_worked_example_through_the_engine():
    settlement = replay(kgame.loads(EXAMPLE.read_bytes()))
    assert kfile.settlement_to_dict(settlement) == EXPECTED
    assert [str(m) for m in settlement.money] == ["0.10", "-1.30", "1.10", "0.10"]
    assert settlement.vorhand == 3       # Cilli deals next, Dora leads


@pytest.mark.process
def test_the_worked_example_through_the_command_line():
    out = run(str(EXAMPLE), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXPECTED
    table = run(str(EXAMPLE))
    assert table.returncode == 0 and "Anna Rufer with Cilli, won" in table.stdout
    assert "Bernd     -10     -13     -1.30" in table.stdout and "next dealer: Cilli" in table.stdout
    rows = run(str(EXAMPLE), "--csv").stdout.splitlines()
    assert rows[0].startswith("deal,dealer,type,contract,declarer,partner,offender,result,card points,kontra,premiums,"
                              "multiplier,points Anna,")
    assert rows[1] == ('1,Dora,game,rufer,Anna,Cilli,,won,41 2/3,Kontra,"Pagat (declarer\'s side, announced, made); Trull '
                       '(opponents, silent, made)",1,2,-2,2,-2,3,-3,3,-3')
    assert rows[2] == "2,Anna,game,piccolo,Cilli,,,won,,Bernd Kontra,,1,-2,-2,6,-2,-2,-4,8,-2"   # Bernd's Kontra alone
    assert rows[4].startswith("4,Bernd,game,trischaken,Cilli,,,,Anna 13 1/3; Bernd 36; Cilli 20 2/3; Dora 0,,,1,")
    assert rows[-2:] == ["total,,,,,,,,,,,,0,-10,8,2,1,-13,11,1", "money,,,,,,,,,,,,,,,,0.10,-1.30,1.10,0.10"]


@pytest.mark.process
def test_a_bad_file_on_the_command_line_is_one_message_a_line_and_status_1(tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data["deals"][0]["partner"] = 0
    data["deals"][1]["card_points"] = 30
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    out = run(str(bad), "--json")
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == [
        "deal 1: the declarer cannot call his own King: the partner is another player, or null when the King lay "
        "in the talon",
        "deal 2: Piccolo is won or lost by tricks: enter no card points"]


# -- §3, §4, §5: contracts, premiums, Kontra ----------------------------------------------------------------
# Anna (0) is Vorhand (Dora deals) unless said otherwise.

@pytest.mark.parametrize("ruleset, deal, points, money, players", [
    case("rufer-won", OOE, game("rufer", partner=CILLI, won=True), [1, -1, 1, -1]),
    case("rufer-won-35-2/3", OOE, game("rufer", partner=CILLI, points="35 2/3"), [1, -1, 1, -1]),
    case("rufer-lost-35-1/3", OOE, game("rufer", partner=CILLI, points="35 1/3"), [-1, 1, -1, 1]),
    case("rufer-king-in-talon-alone", OOE, game("rufer", partner=None, won=True), [3, -1, -1, -1]),
    case("rufer-kontra-re-money-only", OOE, game("rufer", partner=CILLI, won=True, kontra=4), [1, -1, 1, -1],
         [4, -4, 4, -4]),
    case("rufer-kontra-in-schrift", rules(kontra_in_schrift=True), game("rufer", partner=CILLI, won=True, kontra=4),
         [4, -4, 4, -4]),
    case("rufer-conceded", OOE, game("rufer", partner=None, conceded=True), [-3, 1, 1, 1]),
    case("besserrufer-conceded-with-pagat", OOE,
         game("besserrufer", partner=None, conceded=True, premiums=[prem("pagat", made=False)]), [-9, 3, 3, 3]),
    case("besserrufer-tirol-1-plus-pagat", TIROL, game("besserrufer", partner=CILLI, won=True,
                                                        premiums=[prem("pagat")]), [3, -3, 3, -3]),
    case("besserrufer-uhu-failed", OOE, game("besserrufer", declarer=BERND, partner=ANNA, won=True,
                                             premiums=[prem("uhu", made=False)]), [-3, -3, 3, 3]),
    case("solorufer-silent-trull-doubled", OOE, game("solorufer", partner=CILLI, won=True,
                                                     premiums=[prem("trull", announced=False)]), [4, -4, 4, -4]),
    case("solorufer-talon-kontra-void", OOE, game("solorufer", partner=None, won=True, kontra=2,
                                                  premiums=[prem("pagat", kontra=4)]), [18, -6, -6, -6]),
    case("dreier-won-by-bernd", OOE, game("dreier", declarer=BERND, won=True), [-4, 12, -4, -4]),
    case("dreier-lost-by-bernd", OOE, game("dreier", declarer=BERND, points="20"), [4, -12, 4, 4]),
    case("dreier-tirol", TIROL, game("dreier", won=True), [15, -5, -5, -5]),
    case("sechserdreier-won", OOE, game("sechserdreier", won=True), [12, -4, -4, -4]),
    case("sechserdreier-lost-double", OOE, game("sechserdreier", won=False), [-24, 8, 8, 8]),
    case("sechserdreier-lost-premium-not-doubled", OOE,
         game("sechserdreier", won=False, premiums=[prem("pagat")]), [-18, 6, 6, 6]),
    case("farbendreier-lost", OOE, game("farbendreier", points=30), [-9, 3, 3, 3]),
    case("farbensolo-kings-doubled", OOE, game("farbensolo", won=True, premiums=[prem("koenige")]),
         [30, -10, -10, -10]),
    case("solodreier-silent-pagat-opponents", OOE,
         game("solodreier", won=True, premiums=[prem("pagat", "opponents", announced=False)]), [18, -6, -6, -6]),
    case("dreier-kontra-and-pagat-re", OOE, game("dreier", won=True, kontra=2, premiums=[prem("pagat", kontra=4)]),
         [18, -6, -6, -6], [48, -16, -16, -16]),
    case("king-ultimo-failed", OOE, game("rufer", partner=CILLI, won=True,
                                         premiums=[prem("koenig_ultimo", made=False)]), [-1, 1, -1, 1]),
    case("mondfang-tirol-silent", TIROL, game("dreier", won=True,
                                             premiums=[prem("mondfang", "opponents", announced=False)]),
         [12, -4, -4, -4]),
    # Valat, ooe: replaces the game; silent premiums dropped
    case("valat-ooe-announced", OOE, game("dreier", won=True, premiums=[
        prem("valat"), prem("trull", announced=False), prem("pagat")]), [102, -34, -34, -34]),
    case("valat-ooe-silent-rufer", OOE, game("rufer", partner=CILLI, won=True,
                                             premiums=[prem("valat", announced=False)]), [4, -4, 4, -4]),
    case("valat-ooe-failed-drops-silent", OOE, game("dreier", points=60, premiums=[
        prem("valat", made=False), prem("koenige", announced=False)]), [-96, 32, 32, 32]),
    case("valat-ooe-sechserdreier-silent-opponents", OOE, game("sechserdreier", won=False, premiums=[
        prem("valat", "opponents", announced=False)]), [-96, 32, 32, 32]),
    case("valat-ooe-sechserdreier-announced-failed", OOE, game("sechserdreier", won=True, premiums=[
        prem("valat", made=False)]), [-192, 64, 64, 64]),
    case("valat-ooe-solo-not-doubled", OOE, game("solodreier", won=True, premiums=[prem("valat")]),
         [192, -64, -64, -64]),
    case("valat-ooe-kontra-higher-level", OOE, game("dreier", won=True, kontra=2, premiums=[prem("valat", kontra=4)]),
         [96, -32, -32, -32], [384, -128, -128, -128]),
    # Valat, tirol: a premium of 20; drops Trull and Four Kings
    case("valat-tirol-premium", TIROL, game("dreier", won=True, premiums=[
        prem("valat"), prem("trull"), prem("pagat")]), [81, -27, -27, -27]),
    case("valat-tirol-silent-solo", TIROL, game("solodreier", won=True, premiums=[prem("valat", announced=False)]),
         [90, -30, -30, -30]),
    # negative contracts: a Kontra level per opponent, in the money only
    case("bettel-lost", OOE, game("bettel", declarer=BERND, won=False), [2, -6, 2, 2]),
    case("bettel-tirol-won", TIROL, game("bettel", declarer=BERND, won=True), [-4, 12, -4, -4]),
    case("piccolo-ouvert-lost-kontra-each", OOE,
         game("piccolo_ouvert", declarer=BERND, won=False, kontra_each=[4, 1, 2, 1]), [6, -18, 6, 6],
         [24, -42, 12, 6]),
    case("zwiccolo-ouvert-tirol", TIROL, game("zwiccolo_ouvert", declarer=BERND, won=True), [-8, 24, -8, -8]),
    case("bettel-ouvert-won", OOE, game("bettel_ouvert", declarer=BERND, won=True), [-7, 21, -7, -7]),
    # five at the table: the dealer sits out with 0
    case("five-rufer", OOE, game("rufer", partner=CILLI, won=True, dealer=EMIL), [1, -1, 1, -1, 0], players=P5),
    case("five-dreier-lost", OOE, game("dreier", declarer=DORA, won=False, dealer=EMIL), [4, 4, 4, -12, 0],
         players=P5),
])
def test_games(ruleset, deal, points, money, players):
    assert scored(ruleset, deal, players) == (points, money)


# -- §7: renonce and misdeal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, deal, points, money, players", [
    case("dreier-opponent-renonce", OOE, renonce("dreier", BERND), [12, -20, 4, 4]),
    case("rufer-partner-renonce", OOE, renonce("rufer", CILLI, partner=CILLI), [1, 1, -3, 1]),
    case("rufer-announced-pagat-any-side", OOE, renonce("rufer", DORA, partner=CILLI,
                                                        premiums=[("pagat", "opponents")]), [3, 3, 3, -9]),
    case("sechserdreier-declarer-renonce", OOE, renonce("sechserdreier", ANNA), [-24, 8, 8, 8]),
    case("sechserdreier-opponent-renonce", OOE, renonce("sechserdreier", BERND), [12, -28, 8, 8]),
    case("sechserdreier-announced-valat", OOE, renonce("sechserdreier", BERND, premiums=[("valat", "declarer")]),
         [96, -224, 64, 64]),
    case("solodreier-pagat-doubled", OOE, renonce("solodreier", BERND, premiums=[("pagat", "declarer")]),
         [36, -60, 12, 12]),
    case("tirol-valat-is-a-premium", TIROL, renonce("dreier", BERND, premiums=[("valat", "declarer")]),
         [75, -125, 25, 25]),
    case("bettel-declarer-renonce", OOE, renonce("bettel", BERND, declarer=BERND), [2, -6, 2, 2]),
    case("bettel-opponent-renonce", OOE, renonce("bettel", ANNA, declarer=BERND), [-10, 6, 2, 2]),
    case("trischaken-vorhand-renonce-ooe", OOE, renonce("trischaken", ANNA), [-12, 4, 4, 4]),
    case("trischaken-renonce-ooe", OOE, renonce("trischaken", BERND), [2, -6, 2, 2]),
    case("trischaken-vorhand-renonce-tirol-flat", TIROL, renonce("trischaken", ANNA), [-12, 4, 4, 4]),
    case("trischaken-renonce-tirol", TIROL, renonce("trischaken", CILLI), [4, 4, -12, 4]),
    case("five-renonce", OOE, renonce("dreier", BERND, dealer=EMIL), [12, -20, 4, 4, 0], players=P5),
    case("misdeal-penalty", rules(misdeal_penalty=2), Deal("misdeal", DORA, offender=BERND), [2, -6, 2, 2]),
    case("misdeal-by-the-sitting-out-dealer", rules(misdeal_penalty=1), Deal("misdeal", EMIL, offender=EMIL),
         [1, 1, 1, 1, -4], players=P5),
    case("misdeal-no-penalty", OOE, Deal("misdeal", DORA, offender=BERND), [0, 0, 0, 0]),
])
def test_renonce_and_misdeal(ruleset, deal, points, money, players):
    assert scored(ruleset, deal, players) == (points, money)


# -- §6: Trischaken -------------------------------------------------------------------------------------------
# Dora deals, Anna is Vorhand; card points in seat order Anna, Bernd, Cilli, Dora.

LOSER_FULL = rules(jungfrauen="full")
PAIRS = TIROL                      # u = 2
LOSER_TIROL = rules("tirol", trischaken_payout="loser")


def tri(*points, dealer=DORA):
    return game("trischaken", declarer=(dealer + 1) % 4, dealer=dealer, points=list(points))


@pytest.mark.parametrize("ruleset, deal, points, money, players", [
    # loser 1: the Vorhand in L pays alone, b = 2 (4 as Bürgermeister)
    case("l1-vorhand-jungfrau", OOE, tri(30, 20, 20, 0), [-6, 0, 0, 6]),
    case("l1-vorhand-buergermeister-jungfrau", OOE, tri(36, 14, 20, 0), [-12, 0, 0, 12]),
    case("l1-vorhand-no-jungfrau", OOE, tri(30, 20, 10, 10), [-6, 2, 2, 2]),
    case("l1-vorhand-tied-pays-alone", OOE, tri(25, 25, 20, 0), [-6, 0, 0, 6]),
    case("l1-two-jungfrauen-share", OOE, tri(40, 30, 0, 0), [-12, 0, 6, 6]),
    case("l1-two-jungfrauen-full", LOSER_FULL, tri(40, 30, 0, 0), [-24, 0, 12, 12]),
    case("l1-three-jungfrauen-share", OOE, tri(70, 0, 0, 0), [-12, 4, 4, 4]),
    case("l1-three-jungfrauen-full", LOSER_FULL, tri(70, 0, 0, 0), [-36, 12, 12, 12]),
    case("l1-tirol-u2", LOSER_TIROL, tri(30, 20, 10, 10), [-12, 4, 4, 4]),
    # loser 2: one loser, b = 1 (2 as Bürgermeister)
    case("l2-jungfrau", OOE, tri(20, 30, 20, 0), [0, -3, 0, 3]),
    case("l2-no-jungfrau", OOE, tri(20, 30, 10, 10), [1, -3, 1, 1]),
    case("l2-buergermeister-jungfrau", OOE, tri("13 1/3", 36, "20 2/3", 0), [0, -6, 0, 6]),
    case("l2-buergermeister-jungfrau-full", LOSER_FULL, tri(14, 36, 20, 0), [0, -6, 0, 6]),
    case("l2-buergermeister-no-jungfrau", OOE, tri(20, 36, 7, 7), [2, -6, 2, 2]),
    case("l2-buergermeister-two-jungfrauen-share", OOE, tri(25, 45, 0, 0), [0, -6, 3, 3]),
    case("l2-buergermeister-two-jungfrauen-full", LOSER_FULL, tri(25, 45, 0, 0), [0, -12, 6, 6]),
    case("l2-b1-two-jungfrauen-2u-each", OOE, tri(0, "35 1/3", "34 2/3", 0), [2, -4, 0, 2]),
    case("l2-b1-two-jungfrauen-full", LOSER_FULL, tri(0, "35 1/3", "34 2/3", 0), [3, -6, 0, 3]),
    case("l2-three-jungfrauen-share", OOE, tri(0, 70, 0, 0), [2, -6, 2, 2]),
    case("l2-three-jungfrauen-full", LOSER_FULL, tri(0, 70, 0, 0), [6, -18, 6, 6]),
    # loser 3: two tied losers pay 2u each
    case("l3-lone-jungfrau-4u", OOE, tri(20, 25, 25, 0), [0, -2, -2, 4]),
    case("l3-no-jungfrau", OOE, tri(10, 25, 25, 10), [2, -2, -2, 2]),
    case("l3-two-jungfrauen", OOE, tri(0, 35, 35, 0), [2, -2, -2, 2]),
    # loser 4: three tied pay u to the fourth
    case("l4-three-tied", OOE, tri(10, 20, 20, 20), [3, -1, -1, -1]),
    # pairs (tirol, u = 2)
    case("p1-one-jungfrau", PAIRS, tri(30, 20, 20, 0), [-2, -2, -2, 6]),
    case("p1-two-jungfrauen", PAIRS, tri(40, 30, 0, 0), [-4, -4, 4, 4]),
    case("p2-vorhand-most", PAIRS, tri(30, 20, 10, 10), [-6, 2, 2, 2]),
    case("p2-vorhand-tied", PAIRS, tri(25, 25, 10, 10), [-6, 2, 2, 2]),
    case("p2-vorhand-buergermeister", PAIRS, tri(36, 14, 10, 10), [-12, 4, 4, 4]),
    case("p2-other-buergermeister", PAIRS, tri(14, 36, 10, 10), [2, -6, 2, 2]),
    case("p3-three-tied-top", PAIRS, tri(10, 20, 20, 20), [6, -2, -2, -2]),
    case("p3-three-tied-bottom", PAIRS, tri(14, 28, 14, 14), [2, -6, 2, 2]),
    case("p3-second-third-tied", PAIRS, tri(10, 30, 15, 15), [2, -2, 0, 0]),
    case("p3-otherwise", PAIRS, tri(20, 25, 15, 10), [-2, -2, 2, 2]),
    case("p3-otherwise-first-second-tied", PAIRS, tri(10, 25, 25, 10), [2, -2, -2, 2]),
    # five at the table: the dealer's card points are null
    case("five-trischaken", OOE, game("trischaken", declarer=ANNA, dealer=EMIL, points=[30, 20, 20, 0, None]),
         [-6, 0, 0, 6, 0], players=P5),
])
def test_trischaken(ruleset, deal, points, money, players):
    assert scored(ruleset, deal, players) == (points, money)


# -- §1, §8: Radl, doubled Radl, dealer -----------------------------------------------------------------------

def test_the_doubled_radl_queues_and_misdeals_are_doubled_without_using_one():
    r = rules(doubled_radl=["bettel"], misdeal_penalty=1)
    deals = (game("bettel", declarer=BERND, won=True, dealer=DORA),
             game("rufer", declarer=BERND, partner=CILLI, won=True, dealer=ANNA),
             Deal("misdeal", BERND, offender=CILLI),
             game("bettel_ouvert", declarer=ANNA, won=False, dealer=BERND))
    s = replay(Partie(P4, r, deals, DORA))
    assert [d.multiplier for d in s.deals] == [1, 2, 2, 2]
    assert [d.doubled_pending for d in s.deals] == [4, 3, 3, 6]
    assert [d.points for d in s.deals] == [(-2, 6, -2, -2), (-2, 2, 2, -2), (2, 2, -6, 2), (-42, 14, 14, 14)]
    assert s.balance == (-44, 24, 8, 12) and s.doubled_pending == 6 and s.next_dealer == CILLI
    assert s.radl_left == 1 and [d.next_dealer for d in s.deals] == [ANNA, BERND, BERND, CILLI]


def test_trischaken_triggers_only_as_a_game_and_renonces_use_a_doubled_deal():
    r = rules(doubled_radl=["trischaken"])
    deals = (renonce("trischaken", BERND),
             game("trischaken", declarer=CILLI, dealer=BERND, points=[10, 10, 30, 20]),
             renonce("dreier", DORA, declarer=DORA, dealer=CILLI))
    s = replay(Partie(P4, r, deals, DORA))
    assert [d.doubled_pending for d in s.deals] == [0, 4, 3]
    assert s.deals[2].points == (8, 8, 8, -24)       # Dora's own Dreier renonce, doubled: 4 each x 2


def test_radl_left_and_next_dealer_at_five():
    deals = (game("rufer", partner=CILLI, won=True, dealer=EMIL), Deal("misdeal", ANNA, offender=ANNA),
             game("dreier", declarer=CILLI, won=True, dealer=ANNA))
    s = replay(Partie(P5, OOE, deals, EMIL))
    assert s.radl_left == 3 and s.next_dealer == BERND and s.sitting_out == BERND and s.vorhand == CILLI
    assert replay(Partie(P5, OOE, (), 0)).next_dealer is None
    assert replay(Partie(P5, OOE, (), 0)).radl_left == 0


# -- §11: every refusal, one message naming the deal and the field --------------------------------------------

def file(deal=None, players=P4, **rules_):
    return {"format": "koenigrufen-partie", "version": 1, "players": list(players),
            "rules": {"preset": "ooe", **rules_}, "deals": [] if deal is None else [deal]}


def rufer(**kw):
    return {"type": "game", "dealer": 3, "contract": "rufer", "declarer": 0, "partner": 2, "won": True, **kw}


def dreier(**kw):
    return {"type": "game", "dealer": 3, "contract": "dreier", "declarer": 1, "won": True, **kw}


def p(name, side="declarer", announced=True, made=True, **kw):
    return {"premium": name, "side": side, "announced": announced, "made": made, **kw}


def no_won(deal):
    """The deal without `won` (left out: null is refused, RULES-KOENIGRUFEN §13)."""
    return {k: v for k, v in deal.items() if k != "won"}


TRI = {"type": "game", "dealer": 3, "contract": "trischaken", "declarer": 0}
PICCOLO = {"type": "game", "dealer": 3, "contract": "piccolo", "declarer": 1, "won": True}


@pytest.mark.parametrize("data, field, message", [
    (file(players=P4[:3]), "players", "players must be a list of four or five names (five: the dealer sits out)"),
    (file(players=P4 + ("E", "F")), "players", "players must be a list of four or five names"),
    (file(players=("Anna", "anna", "B", "C")), "players", "the players need different names"),
    ({**file(), "rules": {"preset": "wiener"}}, "preset",
     "rules: unknown preset 'wiener': choose one of ooe, tirol, wien"),
    (file(foo=1), "foo", "rules: unknown option 'foo'"),
    (file(valat="premium"), "valat", "rules: the Upper Austrian cup (OÖ 4/2023) rules have no option 'valat'"),
    (file(trischaken_renonce="flat"), "trischaken_renonce", "have no option 'trischaken_renonce'"),
    (file(stake="0"), "stake", "rules: the stake must be an amount of whole cents above 0"),
    (file(stake="0.105"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="1e999999"), "stake", "the stake must be an amount of whole cents"),
    (file(max_kontra=3), "max_kontra", "the highest Kontra must be 1 (no Kontra), 2 (Kontra), 4 (Re) or 8 (Sub)"),
    (file(misdeal_penalty=-1), "misdeal_penalty", "the misdeal penalty must be a whole number from 0 to 1000"),
    (file(doubled_radl=["rufer"]), "doubled_radl", "must be a list of \"trischaken\" and \"bettel\""),
    (file(jungfrauen="full", preset="tirol"), "jungfrauen", "Jungfrauen \"full\" belongs to the \"loser\" payout"),
    (file(dreier(contract="tarock")), "contract", "deal 1: unknown contract 'tarock'"),
    (file(dreier(contract="zwiccolo_ouvert", won=True)), "contract",
     "deal 1: the Upper Austrian cup (OÖ 4/2023) rules have no Zwiccolo ouvert"),
    (file(dreier(premiums=[p("skues")])), "premiums", "deal 1: unknown premium 'skues'"),
    (file(dreier(premiums=[p("mondfang")])), "premiums",
     "deal 1: the Upper Austrian cup (OÖ 4/2023) rules have no Mondfang"),
    (file(dreier(contract="farbensolo", premiums=[p("trull")])), "premiums",
     "deal 1: Trull cannot be played in a Farbensolo"),
    (file(dreier(premiums=[p("koenig_ultimo")])), "premiums", "deal 1: King ultimo cannot be played in a Dreier"),
    (file(rufer(premiums=[p("koenig_ultimo", "opponents")])), "premiums",
     "deal 1: King ultimo belongs to the declarer's side"),
    (file(dreier(declarer=4)), "declarer", "deal 1: the declarer must be one of the 4 players (0 to 3)"),
    (file(dreier(dealer=-1)), "dealer", "deal 1: the dealer must be one of the 4 players (0 to 3)"),
    (file(dreier(dealer=4, declarer=4), players=P5), "declarer",
     "deal 1: Emil deals and sits this deal out: the declarer is one of the other four"),
    (file(rufer(dealer=4, partner=4), players=P5), "partner", "deal 1: Emil deals and sits this deal out"),
    (file(rufer(partner=0)), "partner", "deal 1: the declarer cannot call his own King"),
    (file(dreier(partner=2)), "partner", "deal 1: only a King call (Rufer, Solorufer, Besserrufer) has a partner"),
    (file({k: v for k, v in rufer().items() if k != "partner"}), "partner", "deal 1: a Rufer needs the partner"),
    (file(rufer(declarer=1, partner=2)), "declarer", "deal 1: only the Vorhand (Anna) can play Rufer"),
    (file({**TRI, "declarer": 1, "card_points": [30, 20, 20, 0]}), "declarer",
     "deal 1: only the Vorhand (Anna) can play Trischaken"),
    (file(dreier(contract="sechserdreier")), "declarer", "deal 1: only the Vorhand (Anna) can play Sechserdreier"),
    (file(rufer(contract="besserrufer", premiums=[p("pagat", announced=False)])), "premiums",
     "deal 1: a Besserrufer needs a bird announced by the declarer's side"),
    (file(no_won(rufer(conceded=True))), "conceded",
     "deal 1: only a declarer whose King lay in the talon can concede: the partner must be null"),
    (file(no_won({**dreier(), "conceded": True})), "conceded",
     "deal 1: only a Rufer or a Besserrufer can be conceded, not a Dreier"),
    (file(no_won({**rufer(partner=None), "conceded": True, "kontra": 2})), "kontra",
     "deal 1: a conceded game has no Kontra"),
    (file(no_won({**rufer(partner=None), "conceded": True, "card_points": 20})), "card_points",
     "deal 1: a conceded game was not played: enter no card points"),
    (file({**rufer(partner=None), "conceded": True}), "won",
     "deal 1: a conceded game is neither won nor lost: leave won out"),
    (file(no_won(dreier())), "won",
     "deal 1: say whether the Dreier was won, or enter the declarer's side's card points"),
    (file(dreier(card_points="35 1/3")), "won", "deal 1: 35 1/3 card points lose the game, yet it is marked won"),
    (file(dreier(won=False, premiums=[p("valat")])), "won",
     "deal 1: a Valat made by the declarer's side means they won: won must be true"),
    (file({**PICCOLO, "card_points": 10}), "card_points", "deal 1: Piccolo is won or lost by tricks"),
    (file(no_won(PICCOLO)), "won", "deal 1: say whether the Piccolo was won or lost"),
    (file(dreier(card_points="35.5")), "card_points", "deal 1: '35.5' is not a number of card points"),
    (file(dreier(card_points="35 3/3")), "card_points", "is not a number of card points"),
    (file(dreier(card_points=71)), "card_points", "deal 1: card points are between 0 and 70, not 71"),
    (file({**TRI, "card_points": [30, 20, 20, 10]}), "card_points",
     "deal 1: the card points add up to 80, not 70: check the count"),
    (file({**TRI, "card_points": [30, 20, "18 2/3", "1"]}), "card_points",
     "deal 1: 1 card points are impossible: a trick is worth at least 1 1/3; no trick is 0"),
    (file({**TRI, "card_points": [30, 20, 20, "2/3"]}), "card_points", "is not a number of card points"),
    (file({**TRI, "card_points": [30, 20, 20]}), "card_points", "deal 1: Trischaken needs every player's card points"),
    (file({**TRI, "dealer": 4, "card_points": [30, 20, 20, 0, 0]}, players=P5), "card_points",
     "deal 1: the dealer sits out: his card points are null"),
    (file({**PICCOLO, "premiums": [p("pagat")]}), "premiums", "deal 1: Piccolo has no premiums"),
    (file({**TRI, "card_points": [30, 20, 20, 0], "premiums": [p("pagat")]}), "premiums",
     "deal 1: Trischaken has no premiums"),
    (file(dreier(premiums=[p("pagat"), p("pagat", "opponents")])), "premiums",
     "deal 1: Pagat is listed twice: each premium at most once a deal"),
    (file(dreier(premiums=[p("uhu", announced=False, made=False)])), "premiums",
     "deal 1: a silent Uhu counts only when made: remove it"),
    (file(dreier(premiums=[p("uhu", announced=False, kontra=2)])), "premiums",
     "deal 1: a silent Uhu cannot carry Kontra"),
    (file(dreier(kontra=3)), "kontra", "deal 1: a Kontra level is 1 (none), 2 (Kontra), 4 (Re) or 8 (Sub), not 3"),
    (file(dreier(kontra=4), max_kontra=2), "kontra", "deal 1: these rules allow Kontra levels up to 2, not 4"),
    (file(dreier(premiums=[p("pagat", kontra=8)]), max_kontra=4), "premiums",
     "deal 1: these rules allow Kontra levels up to 4, not 8"),
    (file({**TRI, "card_points": [30, 20, 20, 0], "kontra": 2}), "kontra", "deal 1: Trischaken is played without "
                                                                          "Kontra"),
    (file({**PICCOLO, "kontra_each": [1, 2, 1, 1]}), "kontra_each",
     "deal 1: the declarer gives no Kontra to himself: his kontra_each is 1"),
    (file({**PICCOLO, "dealer": 4, "kontra_each": [1, 1, 1, 1, 2]}, players=P5), "kontra_each",
     "deal 1: the dealer sits out and cannot give Kontra: his kontra_each is 1"),
    (file({**PICCOLO, "kontra": 2}), "kontra", "deal 1: in Piccolo each opponent gives his own Kontra: use "
                                              "kontra_each"),
    (file(dreier(kontra_each=[2, 1, 1, 1])), "kontra_each", "deal 1: kontra_each belongs to negative contracts"),
    (file(dreier(extra=1)), "extra", "deal 1: a game has no field 'extra'"),
    (file({"type": "misdeal", "dealer": 0, "offender": 9}), "offender",
     "deal 1: the offender must be one of the 4 players (0 to 3)"),
    (file({"type": "renonce", "dealer": 3, "contract": "dreier", "declarer": 0, "offender": 0,
           "premiums": [{"premium": "pagat", "side": "declarer", "announced": True, "note": "x"}]}), "premiums",
     "deal 1: each premium of a renonce is {\"premium\", \"side\"} (and \"announced\", \"made\", \"kontra\" when "
     "given)"),
])
def test_every_refusal_has_its_message(data, field, message):
    with pytest.raises(KoenigrufenError) as exc:
        replay(kgame.from_dict(json.loads(json.dumps(data))))
    problems = exc.value.problems
    assert len(problems) == 1, [str(q) for q in problems]
    assert problems[0].field == field
    assert message in str(problems[0])


def test_a_solorufer_with_the_king_in_the_talon_checks_its_kontra_then_voids_it():
    with pytest.raises(KoenigrufenError, match="up to 2, not 4"):
        replay(kgame.from_dict(file({**rufer(contract="solorufer", partner=None), "kontra": 4}, max_kontra=2)))


def test_messages_keep_template_and_arguments_apart():
    from scorer.words import English

    class German(English):
        def gettext(self, text):
            return {"only the Vorhand ({name}) can play {contract}": "nur die Vorhand ({name}) darf {contract} spielen",
                    "Rufer": "einen Rufer"}.get(text, text)

    problem = check(OOE, game("rufer", declarer=BERND, partner=CILLI, won=True), P4)[0]
    assert problem.text == "only the Vorhand ({name}) can play {contract}" and problem.args["name"] == "Anna"
    assert problem.localized(German()) == "nur die Vorhand (Anna) darf einen Rufer spielen"


# -- §13: the amendments -------------------------------------------------------------------------------------
# Worked by hand from §13 and the sections it amends. Anna (0) is Vorhand (Dora deals) unless said otherwise.

def rp(name, side="declarer", announced=True):
    """A premium of a renonce as it may be written now: announced or not; made and Kontra are ignored."""
    return Premium(name, side, announced)


def renonce_of(contract, offender, premiums=(), **kw):
    return Deal("renonce", DORA, contract, kw.pop("declarer", ANNA), kw.pop("partner", ABSENT),
                premiums=tuple(premiums), offender=offender)


@pytest.mark.parametrize("ruleset, deal, points, money, players", [
    # a conceded Rufer scores the game value only, whatever birds were announced (§3, §12; the issue's example)
    case("conceded-rufer-with-pagat-ooe", OOE, game("rufer", partner=None, conceded=True,
                                                    premiums=[prem("pagat", made=False)]), [-3, 1, 1, 1]),
    case("conceded-rufer-with-uhu-tirol", TIROL, game("rufer", partner=None, conceded=True,
                                                      premiums=[prem("uhu", made=False)]), [-3, 1, 1, 1]),
    # a Besserrufer still adds the bird: (1 + Pagat 2) x 3
    case("conceded-besserrufer-with-pagat", OOE, game("besserrufer", partner=None, conceded=True,
                                                      premiums=[prem("pagat", made=False)]), [-9, 3, 3, 3]),
    # a conceded game's premiums are ignored: no fact check (tirol: Trull beside the other side's Mondfang)
    case("conceded-premiums-no-fact-check", TIROL, game("rufer", partner=None, conceded=True, premiums=[
        prem("trull", announced=False), prem("mondfang", "opponents", announced=False)]), [-3, 1, 1, 1]),
    # renonce: Dreier 4, Bernd's renonce, announced Pagat 2 paid however it went; a silent Uhu is not
    case("renonce-silent-premium-not-paid", OOE, renonce_of("dreier", BERND, [rp("pagat"), rp("uhu", announced=False)]),
         [18, -30, 6, 6]),
    case("renonce-silent-valat-not-paid-ooe", OOE, renonce_of("dreier", BERND, [rp("valat", announced=False)]),
         [12, -20, 4, 4]),
    # Valat as the facts allow it: the side that made it has at least 44
    case("valat-declarer-44", OOE, game("dreier", points=44, premiums=[prem("valat")]), [96, -32, -32, -32]),
    case("valat-opponents-44", OOE, game("dreier", points=26, premiums=[prem("valat", "opponents", announced=False)]),
         [-48, 16, 16, 16]),
    case("valat-tirol-opponents-pagat-failed", TIROL, game("dreier", won=True, premiums=[
        prem("valat"), prem("pagat", "opponents", made=False)]), [81, -27, -27, -27]),
    # the list is complete: a Pagat ultimo beside the other side's Trull is accepted (4 + 2 - 1)
    case("pagat-beside-the-other-sides-trull", OOE, game("dreier", won=True, premiums=[
        prem("pagat"), prem("trull", "opponents", announced=False)]), [15, -5, -5, -5]),
    # the piles just large enough: Trull 13, Four Kings 17 1/3, both 30 1/3
    case("trull-on-13", OOE, game("dreier", points=13, premiums=[prem("trull", announced=False)]),
         [-9, 3, 3, 3]),
    case("kings-of-the-opponents-on-17-1/3", OOE, game("dreier", points="52 2/3", premiums=[
        prem("koenige", "opponents", announced=False)]), [9, -3, -3, -3]),
    case("trull-and-kings-on-30-1/3", OOE, game("dreier", points="30 1/3", premiums=[
        prem("trull", announced=False), prem("koenige", announced=False)]), [-6, 2, 2, 2]),
    # a side has 0 or at least 1
    case("one-card-point", OOE, game("dreier", points=1), [-12, 4, 4, 4]),
    case("sixty-nine", OOE, game("dreier", points=69), [12, -4, -4, -4]),
])
def test_amended_numbers(ruleset, deal, points, money, players):
    assert scored(ruleset, deal, players) == (points, money)


def renonce_file(**kw):
    return {"type": "renonce", "dealer": 3, "contract": "dreier", "declarer": 0, "offender": 1, **kw}


@pytest.mark.parametrize("deal, points", [
    # what was said before the renonce is accepted and ignored: Kontra on the game, on a premium, each player's
    (renonce_file(kontra=2), [12, -20, 4, 4]),
    (renonce_file(kontra_each=[1, 2, 4, 1]), [12, -20, 4, 4]),
    (renonce_file(kontra_each=None), [12, -20, 4, 4]),
    (renonce_file(kontra_each="whatever"), [12, -20, 4, 4]),
    (renonce_file(premiums=[p("pagat", made=False, kontra=4)]), [18, -30, 6, 6]),
    (renonce_file(premiums=[p("pagat", announced=False)]), [12, -20, 4, 4]),
    ({"type": "renonce", "dealer": 3, "contract": "piccolo", "declarer": 1, "offender": 1,
      "kontra_each": [1, 1, 2, 1]}, [2, -6, 2, 2]),
])
def test_renonce_fields_are_accepted_and_ignored(deal, points):
    settlement = replay(kgame.from_dict(file(deal)))
    assert list(settlement.deals[0].points) == points


def test_a_silent_premium_of_a_renonce_is_kept_in_the_file():
    partie = kgame.from_dict(file(renonce_file(premiums=[p("pagat", announced=False), p("uhu")])))
    again = kgame.loads(kgame.dumps(partie))
    assert again == partie and kfile.deal_to_dict(again.deals[0])["premiums"] == [
        {"premium": "pagat", "side": "declarer", "announced": False}, {"premium": "uhu", "side": "declarer"}]


AMENDED_REFUSALS = [
    # Valat against the facts
    (file(no_won(dreier(card_points=20, premiums=[p("valat")]))), "card_points",
     "deal 1: a Valat made by the declarer's side leaves the other side only talon cards, at most 26 card points: "
     "the Valat's side has at least 44, not 20"),
    (file(dreier(card_points="43 2/3", premiums=[p("valat")]), preset="tirol"), "card_points",
     "the Valat's side has at least 44, not 43 2/3"),
    (file(dreier(won=False, card_points=27, premiums=[p("valat", "opponents")])), "card_points",
     "deal 1: a Valat made by the opponents leaves the other side only talon cards, at most 26 card points: "
     "the Valat's side has at least 44, not 43"),
    (file(dreier(won=True, premiums=[p("valat", "opponents", announced=False)])), "won",
     "deal 1: a Valat made by the opponents means they won: won must be false"),
    # facts that cannot happen, naming the premiums
    (file(dreier(premiums=[p("valat"), p("pagat", "opponents"), p("trull", "opponents", announced=False)])),
     "premiums", "deal 1: the declarer's side made a Valat and took every trick: the opponents cannot have made "
     "Pagat and Trull"),
    (file(dreier(won=False, premiums=[p("valat", "opponents"), p("koenige", announced=False)])), "premiums",
     "deal 1: the opponents made a Valat and took every trick: the declarer's side cannot have made Four Kings"),
    (file(dreier(premiums=[p("trull", announced=False), p("mondfang", "opponents", announced=False)]),
          preset="tirol"), "premiums",
     "deal 1: the declarer's side made the Trull, so the Mond was in their tricks: the opponents cannot have made "
     "the Mondfang"),
    (file(dreier(won=False, card_points="12 2/3", premiums=[p("trull")])), "premiums",
     "deal 1: Trull made by the declarer's side: their pile has at least 13 card points (each of those cards is "
     "4 1/3), not 12 2/3"),
    (file(dreier(card_points=53, premiums=[p("koenige", "opponents", announced=False)])), "premiums",
     "deal 1: Four Kings made by the opponents: their pile has at least 17 1/3 card points (each of those cards "
     "is 4 1/3), not 17"),
    (file(dreier(won=False, card_points=30, premiums=[p("trull", announced=False), p("koenige")])), "premiums",
     "deal 1: Trull and Four Kings made by the declarer's side: their pile has at least 30 1/3 card points"),
    (file(dreier(won=False, card_points="0 1/3")), "card_points",
     "deal 1: the declarer's side cannot have 0 1/3 card points: a side has 0 or at least 1 (one trick is 1 1/3, "
     "three talon cards 1)"),
    (file(dreier(won=False, card_points="0 2/3")), "card_points", "the declarer's side cannot have 0 2/3"),
    (file(dreier(card_points="69 2/3")), "card_points",
     "deal 1: 69 2/3 card points leave the opponents 0 1/3, which cannot be: a side has 0 or at least 1"),
    (file(dreier(card_points="69 1/3")), "card_points", "69 1/3 card points leave the opponents 0 2/3"),
    # null only for partner and the sitting-out dealer's Trischaken points
    (file(dreier(won=None, card_points=40)), "won", "deal 1: won cannot be null: leave it out"),
    (file(dreier(card_points=None)), "card_points", "deal 1: card_points cannot be null"),
    (file(dreier(kontra=None)), "kontra", "deal 1: kontra cannot be null"),
    (file(dreier(kontra_each=None)), "kontra_each", "deal 1: kontra_each cannot be null"),
    (file(dreier(premiums=None)), "premiums", "deal 1: premiums cannot be null"),
    (file(dreier(conceded=None)), "conceded", "deal 1: conceded cannot be null"),
    (file(renonce_file(kontra=None)), "kontra", "deal 1: kontra cannot be null"),
    # Trischaken: no won, no Kontra, kontra_each one per player
    (file({**TRI, "card_points": [30, 20, 20, 0], "won": False}), "won",
     "deal 1: Trischaken has no winner to enter: the card points decide"),
    (file({**TRI, "card_points": [30, 20, 20, 0], "kontra_each": [1, 1, 1]}), "kontra_each",
     "deal 1: kontra_each has one level per player: 4 values"),
    (file({**TRI, "card_points": [30, 20, 20, 0], "kontra_each": [1, 2, 1, 1]}), "kontra",
     "deal 1: Trischaken is played without Kontra"),
    (file({**PICCOLO, "kontra_each": [1, 1, 1, 1, 1]}), "kontra_each",
     "deal 1: kontra_each has one level per player: 4 values"),
    # a renonce's ignored fields still hold what could have been said
    (file(renonce_file(kontra=3)), "kontra", "deal 1: a Kontra level is 1 (none), 2 (Kontra), 4 (Re) or 8 (Sub), "
                                             "not 3"),
    (file(renonce_file(premiums=[p("pagat", announced="yes")])), "premiums",
     "deal 1: announced and made are true or false"),
    # names: trimmed, inner spaces one, any whitespace a space, case folded
    (file(players=("Anna", " ANNA ", "Bernd", "Cilli")), "players", "the players need different names"),
    (file(players=("Anna  Maria", "anna maria", "Bernd", "Cilli")), "players", "the players need different names"),
    (file(players=("Anna\tMaria", "Anna\u00a0maria", "Bernd", "Cilli")), "players",
     "the players need different names"),
    (file(players=("Anna", "   ", "Bernd", "Cilli")), "players", "each player needs a name"),
    # the stake: whole cents as a string or an integer; a JSON fraction, a sign, an exponent are refused
    (file(stake=0.1), "stake", "rules: the stake must be an amount of whole cents above 0 and at most 1000.00 €"),
    (file(stake="+0.10"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="-0.10"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="1e-1"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="0.105"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="1000.01"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="\u0660.\u0661\u0660"), "stake", "the stake must be an amount of whole cents"),
    # §14.4: one reading in every game: spaces around it are U+0020 only, no leading zeros, at most two decimals,
    # digits on both sides of the point or comma
    (file(stake="\t0.10"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="0.10\n"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="\u00a00.10"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="00.10"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="010"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="0.100"), "stake", "the stake must be an amount of whole cents"),
    (file(stake=".50"), "stake", "the stake must be an amount of whole cents"),
    (file(stake="1."), "stake", "the stake must be an amount of whole cents"),
    (file(stake="1,"), "stake", "the stake must be an amount of whole cents"),
    # card points: an integer or "N", "N 1/3", "N 2/3", ASCII digits, no leading zeros, one space
    (file(dreier(card_points="035")), "card_points",
     "deal 1: '035' is not a number of card points: write a whole number from 0 to 70, or one with a third like "
     "\"35 2/3\""),
    (file(dreier(card_points="35  1/3")), "card_points", "deal 1: '35  1/3' is not a number of card points"),
    (file(dreier(card_points="\uff13\uff15")), "card_points", "deal 1: '\uff13\uff15' is not a number of card points"),
    (file(dreier(card_points=" 35")), "card_points", "deal 1: ' 35' is not a number of card points"),
    (file(dreier(card_points="1/3")), "card_points", "deal 1: '1/3' is not a number of card points"),
    # messages in the players' words: as written, out of range once
    (file(dreier(card_points=[120, 90, 0, 0])), "card_points",
     "deal 1: a Dreier has one number of card points, the declarer's side's (like 41 or \"41 2/3\"), not a list: "
     "[120, 90, 0, 0]"),
    (file(dreier(card_points=["41 2/3", "28 1/3"])), "card_points", 'not a list: ["41 2/3", "28 1/3"]'),
    (file(dreier(card_points=120)), "card_points", "deal 1: card points are between 0 and 70, not 120"),
    (file(dreier(card_points="70 1/3")), "card_points", "deal 1: card points are between 0 and 70, not 70 1/3"),
    (file(dreier(card_points=-1)), "card_points", "deal 1: card points are between 0 and 70, not -1"),
    (file({**TRI, "card_points": [30, 20, 120, 0]}), "card_points",
     "deal 1: card points are between 0 and 70, not 120"),
    (file({**PICCOLO, "card_points": [30, 40]}), "card_points",
     "deal 1: Piccolo is won or lost by tricks: enter no card points"),
    (file(dreier(premiums=[p("mondfang")])), "premiums",
     "deal 1: the Upper Austrian cup (OÖ 4/2023) rules have no Mondfang"),
    # the file's limits
    ({**file(), "note": "x"}, "note", "unknown field 'note'"),
    (file(doubled_radl=["bettel", "bettel"]), "doubled_radl",
     "rules: the doubled Radl must be a list of \"trischaken\" and \"bettel\", each at most once"),
    (file(misdeal_penalty=1001), "misdeal_penalty", "rules: the misdeal penalty must be a whole number from 0 to 1000"),
    ({**file(), "deals": [{"type": "misdeal", "dealer": 0, "offender": 0}] * 10_001}, "deals",
     "a partie has at most 10000 deals"),
]


@pytest.mark.parametrize("data, field, message", AMENDED_REFUSALS)
def test_amended_refusals_one_message_each(data, field, message):
    with pytest.raises(KoenigrufenError) as exc:
        replay(kgame.from_dict(json.loads(json.dumps(data))))
    problems = exc.value.problems
    assert len(problems) == 1, [str(q) for q in problems]
    assert problems[0].field == field
    assert message in str(problems[0])
    assert "rules rules" not in str(problems[0]) and "(3" not in str(problems[0])


@pytest.mark.parametrize("stake, money", [("0,20", "0.20"), (2, "2.00"), (" 0.10 ", "0.10"), ("1000.00", "1000.00"),
                                          ("0.1", "0.10"), ("0", None), ("2", "2.00"), ("10,5", "10.50")])
def test_a_stake_is_whole_cents_as_a_string_or_an_integer(stake, money):
    if money is None:
        with pytest.raises(KoenigrufenError, match="the stake must be an amount of whole cents above 0"):
            kgame.from_dict(file(dreier(), stake=stake))
        return
    partie = kgame.from_dict(file(dreier(), stake=stake))
    assert str(partie.rules.stake) == money
    assert [str(m) for m in replay(partie).money] == [str((partie.rules.stake * x).quantize(partie.rules.stake))
                                                      for x in (-4, 12, -4, -4)]


def test_a_partie_without_deals_and_names_stored_clean():
    data = file()
    del data["deals"]
    data["players"] = ["  Anna\u00a0 Maria ", "Bernd", "Cilli", "Dora"]
    partie = kgame.from_dict(data)
    assert partie.deals == () and partie.players[0] == "Anna Maria"


# -- §13 through the command line: the numbers, and each refusal one line on standard error with status 1 --

def cli(tmp_path, data, *args):
    """`python -m scorer replay FILE` in this process (the command line's main): (status, stdout, stderr)."""
    import contextlib
    import io as _io

    from scorer.__main__ import main

    path = tmp_path / "partie.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    out, err = _io.StringIO(), _io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["replay", str(path), *args])
    return status, out.getvalue(), err.getvalue()


ISSUE_CONCEDED = {"type": "game", "dealer": 3, "contract": "rufer", "declarer": 0, "partner": None, "conceded": True,
                  "premiums": [{"premium": "pagat", "side": "declarer", "announced": True, "made": False}]}


def test_the_conceded_rufer_on_the_command_line(tmp_path):
    status, out, err = cli(tmp_path, file(ISSUE_CONCEDED), "--json")
    assert status == 0 and err == ""
    settlement = json.loads(out)
    assert settlement["deals"][0]["points"] == [-3, 1, 1, 1]
    assert settlement["deals"][0]["items"] == [{"item": "conceded", "points": [-3, 1, 1, 1],
                                                "money_points": [-3, 1, 1, 1]}]
    assert settlement["money"] == ["-0.30", "0.10", "0.10", "0.10"]
    status, out, err = cli(tmp_path, file(renonce_file(kontra=2, kontra_each=[1, 2, 1, 1],
                                                       premiums=[p("pagat", kontra=2), p("uhu", announced=False)])),
                           "--json")
    assert status == 0 and json.loads(out)["deals"][0]["points"] == [18, -30, 6, 6]


@pytest.mark.parametrize("data, field, message", [
    pytest.param(*case_, id=f"{i}-{case_[1]}") for i, case_ in enumerate(AMENDED_REFUSALS[:-1])])
def test_each_refusal_on_the_command_line_is_one_line_and_status_1(tmp_path, data, field, message):
    status, out, err = cli(tmp_path, data, "--json")
    assert status == 1 and out == ""
    assert len(err.splitlines()) == 1 and message in err


@pytest.mark.parametrize("fmt, message", [
    # the command line reads tournament and cup files too: their formats are named beside every registered game's
    ("koenigrufen-parti", "unknown format 'koenigrufen-parti': a file's format is "
     + ", ".join(f'"{f}"' for f in [g.format for g in games.registered()] + ["tarock-tournament"])
     + ' or "tarock-cup"'),
    (None, "unknown format 'null': a file's format is"),
])
def test_a_file_of_an_unknown_format_gets_one_message_naming_the_formats(tmp_path, fmt, message):
    status, out, err = cli(tmp_path, {**file(dreier()), "format": fmt})
    assert status == 1 and out == "" and err.splitlines() == [message] if fmt else err.startswith(message)
    assert len(err.splitlines()) == 1


@pytest.mark.process
def test_a_file_with_the_amended_refusals_through_a_real_process(tmp_path):
    data = file(ISSUE_CONCEDED)
    data["deals"] += [no_won(dreier(dealer=0, declarer=2, card_points=20, premiums=[p("valat")])),
                      no_won(dreier(dealer=1, declarer=3, card_points=[120, 90, 0, 0]))]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    out = run(str(bad))
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.splitlines() == [
        "deal 2: a Valat made by the declarer's side leaves the other side only talon cards, at most 26 card points: "
        "the Valat's side has at least 44, not 20",
        "deal 3: a Dreier has one number of card points, the declarer's side's (like 41 or \"41 2/3\"), not a list: "
        "[120, 90, 0, 0]"]


# -- the contract in docs/ (copied word for word from the team's originals) ----------------------------------

def test_the_amended_contract_and_format_are_in_docs():
    rules = (ROOT / "docs" / "RULES-KOENIGRUFEN.md").read_text(encoding="utf-8")
    assert "## 13. Amendments (November 2026)" in rules
    assert "scores the game value only" in rules and "side that made it at least 44" in rules
    fmt = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    assert "readers ignore items of 0 points" in fmt
