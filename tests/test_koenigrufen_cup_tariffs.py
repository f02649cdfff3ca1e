"""The cups as played (RULES-KOENIGRUFEN.md §14): the preset `wien` with its worked example (engine and command
line), its closed Zwiccolo, its Valat and its Trischaken share (every row of §14.1's table), its renonce; `tirol`
brought to the 2020 cup (Besserrufer 1, the Säcke and their facts on both sides of each threshold); a club's own
tariff based on a preset, every value check of §14.3 on both sides of its limit.

Every expected number is worked out by hand from the contract, not taken from the code."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.games.koenigrufen import (ABSENT, PREMIUM_LABELS, Deal, KoenigrufenError, Premium, RuleSet, check, replay,
                                      score)
from scorer.games.koenigrufen import file as kfile
from scorer.games.koenigrufen import game as kgame
from scorer.games.koenigrufen.deals import parse_card_points
from scorer.words import render

from .test_koenigrufen import prem, rules

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "tests" / "data" / "koenigrufen-wien-example.json"
P4 = ("Anna", "Bernd", "Cilli", "Dora")
P5 = P4 + ("Emil",)
ANNA, BERND, CILLI, DORA, EMIL = range(5)


OOE, TIROL, WIEN = rules(), rules("tirol"), rules("wien")


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
    return Deal("renonce", dealer, contract, declarer, partner,
                premiums=tuple(Premium(p, s, a) for p, s, a in premiums), offender=offender)


def problems(ruleset, deal, players=P4):
    return [str(p) for p in check(ruleset, deal, players)]


def scored(ruleset, deal, players=P4):
    """(points, money points, the items' names) of one deal, after the checks accept it."""
    assert problems(ruleset, deal, players) == []
    items = score(ruleset, deal, len(players))
    n = len(players)
    return (tuple(sum(i.points[p] for i in items) for p in range(n)),
            tuple(sum(i.money_points[p] for i in items) for p in range(n)), [i.item for i in items])


def refused(data) -> list[str]:
    with pytest.raises(KoenigrufenError) as caught:
        RuleSet.from_dict(data)
    return [str(p) for p in caught.value.problems]


# -- §14.4: the worked example ------------------------------------------------------------------------------------

EXPECTED = {
    "players": ["Anna", "Bernd", "Cilli", "Dora"],
    "deals": [
        {"number": 1, "type": "game", "dealer": 3, "contract": "trischaken", "multiplier": 1,
         "points": [0, -3, -3, 6], "money_points": [0, -3, -3, 6], "doubled_pending": 0, "items": [
             {"item": "trischaken", "points": [0, -3, -3, 6], "money_points": [0, -3, -3, 6]}]},
        {"number": 2, "type": "game", "dealer": 0, "contract": "zwiccolo", "multiplier": 1,
         "points": [-2, -2, 6, -2], "money_points": [-2, -2, 8, -4], "doubled_pending": 0, "items": [
             {"item": "game", "points": [-2, -2, 6, -2], "money_points": [-2, -2, 8, -4]}]},
        {"number": 3, "type": "game", "dealer": 1, "contract": "dreier", "multiplier": 1,
         "points": [-18, -18, -18, 54], "money_points": [-20, -20, -20, 60], "doubled_pending": 0, "items": [
             {"item": "game", "points": [-5, -5, -5, 15], "money_points": [-5, -5, -5, 15]},
             {"item": "valat", "points": [-10, -10, -10, 30], "money_points": [-10, -10, -10, 30]},
             {"item": "koenige", "points": [-2, -2, -2, 6], "money_points": [-4, -4, -4, 12]},
             {"item": "pagat", "points": [-1, -1, -1, 3], "money_points": [-1, -1, -1, 3]}]},
        {"number": 4, "type": "renonce", "dealer": 2, "contract": "trischaken", "multiplier": 1,
         "points": [6, -18, 6, 6], "money_points": [6, -18, 6, 6], "doubled_pending": 0, "items": [
             {"item": "renonce", "points": [6, -18, 6, 6], "money_points": [6, -18, 6, 6]}]},
    ],
    "balance": [-14, -41, -9, 64], "money_balance": [-16, -43, -9, 68], "money": ["-1.60", "-4.30", "-0.90", "6.80"],
    "next_dealer": 3, "doubled_pending": 0, "radl_left": 0,
}


def test_the_wien_worked_example_through_the_engine():
    partie = kgame.loads(EXAMPLE.read_bytes())
    assert partie.rules == WIEN
    assert kfile.settlement_to_dict(replay(partie)) == EXPECTED


@pytest.mark.process
def test_the_wien_worked_example_through_the_command_line():
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(EXAMPLE), "--json"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == EXPECTED
    table = subprocess.run([sys.executable, "-m", "scorer", "replay", str(EXAMPLE)], capture_output=True, text=True,
                           cwd=ROOT, timeout=60).stdout
    assert "Cilli Zwiccolo, won" in table and "Dora      +64     +68      6.80" in table


def test_the_wien_example_under_the_other_presets():
    data = json.loads(EXAMPLE.read_text())
    for preset, name in (("ooe", "Upper Austrian cup (OÖ 4/2023)"), ("tirol", "Tiroler Tarockcup 2020")):
        data["rules"]["preset"] = preset
        with pytest.raises(KoenigrufenError) as caught:
            kgame.from_dict(data)
        assert f"deal 2: the {name} rules have no Zwiccolo" in [str(p) for p in caught.value.problems]
    # under ooe deal 1 costs Bernd and Cilli 2u = 2 each, Dora getting 4 (§6 rule 3)
    assert scored(OOE, game("trischaken", points=[20, 25, 25, 0]))[0] == (0, -2, -2, 4)


# -- §14.1: `wien`'s tariff ---------------------------------------------------------------------------------------

def test_the_wien_tariff_is_the_wtc20_table():
    assert dict(WIEN.tariff.contracts) == {
        "trischaken": 2, "rufer": 1, "piccolo": 2, "zwiccolo": 2, "bettel": 4, "solorufer": 2, "besserrufer": 1,
        "farbendreier": 5, "sechserdreier": 4, "dreier": 5, "farbensolo": 10, "piccolo_ouvert": 6,
        "zwiccolo_ouvert": 6, "bettel_ouvert": 8, "solodreier": 10}
    assert WIEN.premiums == ("trull", "koenige", "koenig_ultimo", "pagat", "uhu", "kakadu", "quapil", "valat")
    assert (WIEN.valat, WIEN.trischaken_renonce, WIEN.trischaken_payout, WIEN.jungfrauen) == (
        "wien", "flat3", "share", "share")
    assert (WIEN.stake, WIEN.max_kontra, WIEN.kontra_in_schrift, WIEN.doubled_radl, WIEN.misdeal_penalty) == (
        OOE.stake, 8, False, (), 0)


@pytest.mark.parametrize("deal, points, money", [
    (game("zwiccolo", declarer=BERND, won=True), [-2, 6, -2, -2], None),
    (game("zwiccolo", declarer=BERND, won=False, kontra_each=[2, 1, 4, 1]), [2, -6, 2, 2], [4, -14, 8, 2]),
    (game("zwiccolo_ouvert", declarer=BERND, won=True), [-6, 18, -6, -6], None),
    (game("piccolo_ouvert", declarer=BERND, won=False), [6, -18, 6, 6], None),
    (game("bettel", declarer=BERND, won=True), [-4, 12, -4, -4], None),
    # Pagatrufer 3: the Besserrufer 1, the announced Pagat 2 beside it
    (game("besserrufer", partner=CILLI, won=True, premiums=[prem("pagat")]), [3, -3, 3, -3], None),
    # Quapilrufer conceded: 1 + 8, three times from the declarer
    (game("besserrufer", partner=None, conceded=True, premiums=[prem("quapil", made=False)]), [-27, 9, 9, 9],
     None),
    (game("sechserdreier", won=False), [-24, 8, 8, 8], None),
    (game("farbensolo", won=True, premiums=[prem("koenige", announced=False)]), [36, -12, -12, -12], None),
])
def test_wien_contracts(deal, points, money):
    assert scored(WIEN, deal)[:2] == (tuple(points), tuple(points if money is None else money))


def test_a_zwiccolo_is_won_or_lost_as_a_piccolo():
    assert problems(WIEN, game("zwiccolo", declarer=BERND, won=True, points=10)) == [
        "Zwiccolo is won or lost by tricks: enter no card points"]
    assert problems(WIEN, game("zwiccolo", declarer=BERND, won=True, premiums=[prem("pagat")])) == [
        "Zwiccolo has no premiums"]
    assert problems(WIEN, game("zwiccolo", declarer=BERND, won=True, kontra=2))[0].startswith(
        "in Zwiccolo each opponent gives his own Kontra")
    assert problems(OOE, game("zwiccolo", declarer=BERND, won=True)) == [
        "the Upper Austrian cup (OÖ 4/2023) rules have no Zwiccolo"]


@pytest.mark.parametrize("premium", ["mondfang", "sack1", "sack2"])
def test_wien_has_no_mondfang_and_no_saecke(premium):
    assert problems(WIEN, game("dreier", won=True, premiums=[prem(premium)])) == [
        f"the Wiener Tarockcup rules have no {PREMIUM_LABELS[premium]}"]


# The Wiener Valat (§14.1): Anna plays a Dreier (1 vs 3), Dora deals.
@pytest.mark.parametrize("deal, points, money, items", [
    # a silent Valat: 10 beside the game; the silent Trull and Kings not scored; the game's Kontra void
    (game("dreier", won=True, kontra=4, premiums=[prem("valat", announced=False), prem("trull", announced=False),
                                                   prem("koenige", announced=False)]),
     [45, -15, -15, -15], [45, -15, -15, -15], ["game", "valat"]),
    # ... an announced Trull beside it is scored, its Kontra stands; a silent King ultimo is not a holding: scored
    (game("dreier", won=True, kontra=2, premiums=[prem("valat", announced=False), prem("trull", kontra=2),
                                                   prem("pagat", announced=False)]),
     [54, -18, -18, -18], [60, -20, -20, -20], ["game", "valat", "trull", "pagat"]),
    # an announced Valat made: 20, its own Kontra; the game's Kontra stands; a silent Trull is not scored
    (game("dreier", won=True, kontra=2, premiums=[prem("valat", kontra=2), prem("trull", announced=False),
                                                   prem("uhu")]),
     [87, -29, -29, -29], [162, -54, -54, -54], ["game", "valat", "uhu"]),
    # an announced Valat failed: the opponents win 20; every premium scored as usual, the game's Kontra stands
    (game("dreier", won=True, kontra=2, premiums=[prem("valat", made=False), prem("trull", announced=False)]),
     [-42, 14, 14, 14], [-27, 9, 9, 9], ["game", "valat", "trull"]),
    # the opponents' silent Valat: they won; their silent Kings not scored; the game's Kontra void
    (game("dreier", won=False, kontra=2, premiums=[prem("valat", "opponents", announced=False),
                                                    prem("koenige", "opponents", announced=False)]),
     [-45, 15, 15, 15], [-45, 15, 15, 15], ["game", "valat"]),
    # in a solo contract the Valat doubles: Solodreier 10 + Valat 2 × 20 = 50 from each
    (game("solodreier", won=True, premiums=[prem("valat")]), [150, -50, -50, -50], None, ["game", "valat"]),
    (game("solodreier", won=True, premiums=[prem("valat", announced=False)]), [90, -30, -30, -30], None,
     ["game", "valat"]),
    # a Solorufer with the King in the talon: every Kontra void
    (game("solorufer", partner=None, won=True, kontra=2, premiums=[prem("valat", kontra=4)]),
     [126, -42, -42, -42], [126, -42, -42, -42], ["game", "valat"]),
])
def test_the_wiener_valat(deal, points, money, items):
    assert scored(WIEN, deal) == (tuple(points), tuple(points if money is None else money), items)


@pytest.mark.parametrize("deal", [
    game("dreier", won=True, premiums=[prem("valat"), prem("trull")]),
    game("dreier", won=False, premiums=[prem("valat", made=False), prem("koenige", "opponents", made=False)]),
    game("dreier", won=True, premiums=[prem("valat", "opponents", made=False), prem("trull")]),
    renonce("dreier", BERND, premiums=[("valat", "declarer", True), ("koenige", "opponents", True)]),
])
def test_an_announced_wiener_valat_and_an_announced_trull_or_kings_are_refused(deal):
    assert any(p.startswith("with a Valat announced, ") and p.endswith("cannot be announced: the Valat includes them")
               for p in problems(WIEN, deal))


def test_beside_an_announced_wiener_valat_birds_and_ultimo_may_be_announced_and_tirol_has_no_such_rule():
    assert problems(WIEN, game("rufer", partner=CILLI, won=True, premiums=[
        prem("valat"), prem("pagat"), prem("koenig_ultimo"), prem("trull", announced=False)])) == []
    assert problems(TIROL, game("dreier", won=True, premiums=[prem("valat"), prem("trull")])) == []


def test_a_wiener_renonce_pays_an_announced_valat_as_a_premium_of_20():
    # Dreier, an opponent renounces: Anna is paid 3 × (5 + 20), Bernd and Dora 5 + 20 each, Cilli pays 125
    assert scored(WIEN, renonce("dreier", CILLI, premiums=[("valat", "declarer", True)]))[0] == (75, 25, -125, 25)
    # in a Solodreier the Valat doubles: 3 × (10 + 40) = 150
    assert scored(WIEN, renonce("solodreier", BERND, premiums=[("valat", "declarer", True)]))[0] == (
        150, -250, 50, 50)


# -- §14.1: the Trischaken share, every row of its table, and more ------------------------------------------------
# Dora deals, Anna is Vorhand; card points in seat order Anna, Bernd, Cilli, Dora; u = 2.

def tri(*points, dealer=DORA):
    return game("trischaken", declarer=(dealer + 1) % 4, dealer=dealer, points=list(points))


@pytest.mark.parametrize("deal, points", [
    # §14.1's rows (u = 2)
    pytest.param(tri(20, 30, 10, 10), [2, -6, 2, 2], id="one-loser-no-jungfrau"),
    pytest.param(tri(20, 36, 7, 7), [4, -12, 4, 4], id="one-loser-buergermeister"),
    pytest.param(tri(10, 25, 25, 10), [3, -3, -3, 3], id="two-tied-losers"),
    pytest.param(tri(20, 25, 25, 0), [0, -3, -3, 6], id="two-tied-and-a-jungfrau"),
    pytest.param(tri(10, 20, 20, 20), [6, -2, -2, -2], id="three-tied"),
    pytest.param(tri(25, 25, 10, 10), [-12, 4, 4, 4], id="vorhand-tied-at-the-top"),
    pytest.param(tri(40, 30, 0, 0), [-24, 0, 12, 12], id="vorhand-buergermeister-two-jungfrauen"),
    # and the rest of its rules
    pytest.param(tri(30, 20, 10, 10), [-12, 4, 4, 4], id="vorhand-alone-at-the-top"),
    pytest.param(tri("35 2/3", "14 1/3", 10, 10), [-24, 8, 8, 8], id="vorhand-buergermeister-at-35-2/3"),
    pytest.param(tri("35 1/3", "14 2/3", 10, 10), [-12, 4, 4, 4], id="vorhand-at-35-1/3-is-no-buergermeister"),
    pytest.param(tri(20, "35 1/3", "14 2/3", 0), [0, -6, 0, 6], id="one-loser-at-35-1/3-one-jungfrau"),
    pytest.param(tri(20, "35 2/3", "14 1/3", 0), [0, -12, 0, 12], id="one-buergermeister-one-jungfrau"),
    pytest.param(tri(0, "35 1/3", "34 2/3", 0), [3, -6, 0, 3], id="one-loser-two-jungfrauen-share-3u"),
    pytest.param(tri(0, 70, 0, 0), [4, -12, 4, 4], id="buergermeister-three-jungfrauen"),
    pytest.param(tri(70, 0, 0, 0), [-24, 8, 8, 8], id="vorhand-buergermeister-three-jungfrauen"),
    pytest.param(tri(0, 35, 35, 0), [3, -3, -3, 3], id="two-tied-two-jungfrauen"),
    pytest.param(tri(25, 25, 20, 0), [-12, 0, 0, 12], id="vorhand-tied-with-a-jungfrau"),
    pytest.param(tri(23, 23, 24, 0), [0, 0, -6, 6], id="one-loser-by-a-third"),
])
def test_the_trischaken_share(deal, points):
    assert scored(WIEN, deal)[:2] == (tuple(points), tuple(points))


def test_the_trischaken_share_at_a_five_table_and_with_a_club_value():
    deal = game("trischaken", declarer=ANNA, dealer=EMIL, points=[10, 25, 25, 10, None])
    assert scored(WIEN, deal, P5)[0] == (3, -3, -3, 3, 0)
    four = rules("wien", tariff={"contracts": {"trischaken": 4}})
    assert scored(four, tri(10, 25, 25, 10))[0] == (6, -6, -6, 6)
    assert scored(four, tri(10, 20, 20, 20))[0] == (12, -4, -4, -4)
    # tirol's u = 2 is even: it may be shared too
    assert scored(rules("tirol", trischaken_payout="share"), tri(10, 25, 25, 10))[0] == (3, -3, -3, 3)


def test_the_share_needs_an_even_trischaken_value():
    message = ("Trischaken paid as a \"share\" needs an even Trischaken value: with 1, two tied "
               "losers would each owe 3/2, which is not a whole number")
    assert refused({"preset": "ooe", "trischaken_payout": "share"}) == [message]
    assert refused({"preset": "wien", "tariff": {"contracts": {"trischaken": 3}}}) == [
        message.replace("with 1", "with 3").replace("3/2", "9/2")]
    assert refused({"preset": "ooe", "tariff": {"trischaken_payout": "share"}}) == [message]
    # an even value, or no Trischaken at all, is fine
    assert rules("ooe", trischaken_payout="share", tariff={"contracts": {"trischaken": 2}}).value("trischaken") == 2
    assert "trischaken" not in rules("wien", tariff={"contracts": {"trischaken": None}}).contracts
    assert rules("wien", tariff={"contracts": {"trischaken": 100}}).value("trischaken") == 100


@pytest.mark.parametrize("ruleset, offender, points", [
    (WIEN, BERND, [6, -18, 6, 6]),
    (WIEN, ANNA, [-18, 6, 6, 6]),                       # flat3: the Vorhand pays no more
    (TIROL, ANNA, [-12, 4, 4, 4]),                      # flat: 2u
    (OOE, ANNA, [-12, 4, 4, 4]),                        # vorhand_double: 2u, twice from the Vorhand
    (OOE, BERND, [2, -6, 2, 2]),
    (rules("ooe", tariff={"trischaken_renonce": "flat3"}), ANNA, [-9, 3, 3, 3]),
    (rules("wien", tariff={"trischaken_renonce": "vorhand_double"}), ANNA, [-24, 8, 8, 8]),
])
def test_the_trischaken_renonce(ruleset, offender, points):
    assert scored(ruleset, renonce("trischaken", offender))[0] == tuple(points)


# -- §14.2: `tirol` of 2020 ---------------------------------------------------------------------------------------

def test_tirol_is_the_2020_cup():
    assert TIROL.value("besserrufer") == 1 and TIROL.premiums == (
        "trull", "koenige", "koenig_ultimo", "pagat", "uhu", "kakadu", "quapil", "mondfang", "sack1", "sack2", "valat")
    assert (TIROL.premium_value("sack1", True), TIROL.premium_value("sack1", False)) == (2, 1)
    assert (TIROL.premium_value("sack2", True), TIROL.premium_value("sack2", False)) == (2, 1)


def test_a_besserrufer_with_a_quapil_is_9_not_11():
    deal = game("besserrufer", partner=CILLI, won=True, premiums=[prem("quapil")])
    assert scored(TIROL, deal)[0] == (9, -9, 9, -9)
    played_before = rules("tirol", tariff={"contracts": {"besserrufer": 3}, "premiums": {"sack1": None,
                                                                                          "sack2": None}})
    assert scored(played_before, deal)[0] == (11, -11, 11, -11)


SACK = 45 * 3 + 2        # 45 2/3, in thirds
SACK2 = 55 * 3 + 2       # 55 2/3


@pytest.mark.parametrize("points, premiums, expected", [
    # below the first threshold nothing is needed; at it the declarer's side made the 1st Sack
    ("45 1/3", [], [15, -5, -5, -5]),
    ("45 2/3", [prem("sack1", announced=False)], [18, -6, -6, -6]),
    ("45 2/3", [prem("sack1")], [21, -7, -7, -7]),
    # the opponents' failed announcement stands for it: the declarer's side wins it
    ("45 2/3", [prem("sack1", "opponents", made=False)], [21, -7, -7, -7]),
    ("55 1/3", [prem("sack1", announced=False)], [18, -6, -6, -6]),
    ("55 2/3", [prem("sack1", announced=False), prem("sack2", announced=False)], [21, -7, -7, -7]),
    # the opponents at 45 2/3 (the declarer's side at 24 1/3): theirs
    ("24 1/3", [prem("sack1", "opponents", announced=False)], [-18, 6, 6, 6]),
    ("24 2/3", [], [-15, 5, 5, 5]),
    ("14 1/3", [prem("sack1", "opponents", announced=False), prem("sack2", "opponents")], [-24, 8, 8, 8]),
    # an announced Sack failed below the threshold; announced and failed, the other side wins it
    ("45 1/3", [prem("sack1", made=False)], [9, -3, -3, -3]),
    # a Valat made: no Sack needed and none scored, made or failed
    (70, [prem("valat", announced=False)], [45, -15, -15, -15]),
    (70, [prem("valat", announced=False), prem("sack1"), prem("sack2", announced=False)], [45, -15, -15, -15]),
    (44, [prem("valat", announced=False), prem("sack1", made=False)], [45, -15, -15, -15]),
])
def test_the_saecke_follow_the_card_points(points, premiums, expected):
    assert scored(TIROL, game("dreier", points=points, premiums=premiums))[0] == tuple(expected)


@pytest.mark.parametrize("points, premiums, message", [
    ("45 2/3", [], "the declarer's side have 45 2/3 card points, at least 45 2/3: they made the 1st Sack; enter it "
                   "as theirs, made"),
    ("55 2/3", [prem("sack1", announced=False)],
     "the declarer's side have 55 2/3 card points, at least 55 2/3: they made the 2nd Sack; enter it as theirs, made"),
    ("24 1/3", [], "the opponents have 45 2/3 card points, at least 45 2/3: they made the 1st Sack; enter it as "
                   "theirs, made"),
    ("45 1/3", [prem("sack1", announced=False)],
     "the declarer's side made the 1st Sack with 45 1/3 card points: it needs at least 45 2/3"),
    ("55 1/3", [prem("sack1"), prem("sack2")],
     "the declarer's side made the 2nd Sack with 55 1/3 card points: it needs at least 55 2/3"),
    ("45 2/3", [prem("sack1", made=False)],
     "the declarer's side announced the 1st Sack and have 45 2/3 card points, at least 45 2/3: they made it"),
    ("50", [prem("sack1", "opponents", announced=False)],
     "the opponents made the 1st Sack with 20 card points: it needs at least 45 2/3"),
])
def test_a_sack_against_the_card_points_is_refused(points, premiums, message):
    assert problems(TIROL, game("dreier", points=points, premiums=premiums)) == [message]


def test_without_card_points_a_made_sack_agrees_with_won():
    assert problems(TIROL, game("dreier", won=False, premiums=[prem("sack1", announced=False)])) == [
        "the declarer's side made the 1st Sack, at least 45 2/3 card points, so they won: won must be true"]
    assert problems(TIROL, game("dreier", won=True, premiums=[prem("sack2", "opponents")])) == [
        "the opponents made the 2nd Sack, at least 55 2/3 card points, so they won: won must be false"]
    assert scored(TIROL, game("dreier", won=True, premiums=[prem("sack1", announced=False)]))[0] == (18, -6, -6, -6)
    assert scored(TIROL, game("dreier", won=False, premiums=[prem("sack1", made=False)]))[0] == (-21, 7, 7, 7)


def test_the_saecke_are_played_in_colour_and_solo_contracts_and_not_in_negative_ones():
    # a Farbendreier 5 with the 1st Sack silent 1: 6 each; in a Farbensolo doubled: 10 + 2
    assert scored(TIROL, game("farbendreier", points=50, premiums=[prem("sack1", announced=False)]))[0] == (
        18, -6, -6, -6)
    assert scored(TIROL, game("farbensolo", points=50, premiums=[prem("sack1", announced=False)]))[0] == (
        36, -12, -12, -12)
    assert problems(TIROL, game("bettel", won=True, premiums=[prem("sack1")])) == ["Bettel has no premiums"]
    assert problems(OOE, game("dreier", won=True, premiums=[prem("sack1")])) == [
        "the Upper Austrian cup (OÖ 4/2023) rules have no 1st Sack"]


def test_a_tirol_valat_drops_trull_kings_and_saecke_and_a_conceded_game_is_not_checked():
    deal = game("dreier", won=True, premiums=[prem("valat"), prem("trull"), prem("sack1"), prem("pagat")])
    assert scored(TIROL, deal) == ((81, -27, -27, -27), (81, -27, -27, -27), ["game", "valat", "pagat"])
    conceded = game("besserrufer", partner=None, conceded=True, premiums=[prem("uhu", made=False)])
    assert scored(TIROL, conceded)[0] == (-15, 5, 5, 5)


def test_a_sack_worth_nothing_silent_counts_only_announced_and_needs_no_entry():
    only_announced = rules("tirol", tariff={"premiums": {"sack1": {"silent": 0}, "sack2": {"silent": 0}}})
    assert scored(only_announced, game("dreier", points=60))[0] == (15, -5, -5, -5)
    assert scored(only_announced, game("dreier", points=60, premiums=[prem("sack1", announced=False)])) == (
        (15, -5, -5, -5), (15, -5, -5, -5), ["game"])
    assert scored(only_announced, game("dreier", points=60, premiums=[prem("sack2")]))[0] == (21, -7, -7, -7)


def test_under_a_multiplier_valat_the_saecke_go_beside_a_made_valat():
    club = rules("tirol", tariff={"valat": "multiplier"})
    # a Dreier 5, its silent Valat × 4 = 20 from each; the announced Sack is not scored beside it
    assert scored(club, game("dreier", won=True, premiums=[prem("valat", announced=False), prem("sack1")])) == (
        (60, -20, -20, -20), (60, -20, -20, -20), ["valat"])


# -- §14.3: a club's own tariff -----------------------------------------------------------------------------------

def test_the_contract_example_tariff():
    club = rules("wien", stake="0.10", tariff={
        "contracts": {"bettel": 5, "zwiccolo": None},
        "premiums": {"mondfang": {"announced": 2, "silent": 1}, "pagat": {"silent": 0}},
        "trischaken_renonce": "flat"})
    assert club.value("bettel") == 5 and "zwiccolo" not in club.contracts and "mondfang" in club.premiums
    assert (club.premium_value("pagat", True), club.premium_value("pagat", False)) == (2, 0)
    assert club.trischaken_renonce == "flat" and club.valat == "wien"
    # a silent Pagat worth 0 is not scored and not listed; announced it is 2
    assert scored(club, game("dreier", won=True, premiums=[prem("pagat", announced=False)])) == (
        (15, -5, -5, -5), (15, -5, -5, -5), ["game"])
    assert scored(club, renonce("trischaken", BERND))[0] == (4, -12, 4, 4)
    assert club.to_dict() == {"preset": "wien", "stake": "0.10", "tariff": {
        "contracts": {"zwiccolo": None, "bettel": 5},
        "premiums": {"pagat": {"announced": 2, "silent": 0}, "mondfang": {"announced": 2, "silent": 1}},
        "trischaken_renonce": "flat"}}
    assert RuleSet.from_dict(club.to_dict()) == club and RuleSet.from_dict(club.to_dict(full=True)) == club
    assert render(club.title) == "Own tariff based on Wiener Tarockcup"


def test_a_tariff_adds_a_contract_the_preset_lacks_and_removes_one_it_has():
    club = rules("ooe", tariff={"contracts": {"zwiccolo": 3, "rufer": None, "zwiccolo_ouvert": None}})
    assert scored(club, game("zwiccolo", declarer=BERND, won=True))[0] == (-3, 9, -3, -3)
    assert problems(club, game("rufer", partner=CILLI, won=True)) == [
        "the tariff of these rules (based on Upper Austrian cup (OÖ 4/2023)) has no Rufer"]
    assert club.contracts[:3] == ("trischaken", "piccolo", "zwiccolo")
    # null for a contract the preset lacks changes nothing
    assert rules("ooe", tariff={"contracts": {"zwiccolo": None}}) == OOE


def test_a_lost_sechserdreier_still_counts_double():
    club = rules("ooe", tariff={"contracts": {"sechserdreier": 7}})
    assert scored(club, game("sechserdreier", won=False))[0] == (-42, 14, 14, 14)
    assert scored(club, game("sechserdreier", won=True))[0] == (21, -7, -7, -7)


def test_the_valat_switched_by_a_tariff():
    premium = rules("ooe", tariff={"valat": "premium"})
    assert premium.premium_value("valat", True) == 20 and premium.premium_value("valat", False) == 10
    # a Dreier 4 with an announced Valat 20, added: 24 from each
    assert scored(premium, game("dreier", won=True, premiums=[prem("valat")]))[0] == (72, -24, -24, -24)
    thirty = rules("ooe", tariff={"valat": "wien", "premiums": {"valat": {"announced": 30}}})
    assert (thirty.premium_value("valat", True), thirty.premium_value("valat", False)) == (30, 10)
    # tirol turned into a multiplier: × 8 announced instead of the game
    multiplier = rules("tirol", tariff={"valat": "multiplier"})
    assert scored(multiplier, game("dreier", won=True, premiums=[prem("valat")]))[0] == (120, -40, -40, -40)
    no_valat = rules("wien", tariff={"premiums": {"valat": None}})
    assert problems(no_valat, game("dreier", won=True, premiums=[prem("valat")])) == [
        "the tariff of these rules (based on Wiener Tarockcup) has no Valat"]


@pytest.mark.parametrize("tariff, value, accepted", [
    ({"contracts": {"bettel": 1}}, 1, True),
    ({"contracts": {"bettel": 100}}, 100, True),
    ({"contracts": {"bettel": 0}}, "0", False),
    ({"contracts": {"bettel": 101}}, "101", False),
    ({"contracts": {"bettel": -3}}, "-3", False),
    ({"contracts": {"bettel": 2.5}}, "2.5", False),
    ({"contracts": {"bettel": 5.0}}, "5.0", False),
    ({"contracts": {"bettel": "5"}}, "5", False),
    ({"contracts": {"bettel": True}}, "true", False),
])
def test_a_contract_value_is_a_whole_number_from_1_to_100(tariff, value, accepted):
    if accepted:
        assert rules("ooe", tariff=tariff).value("bettel") == value
    else:
        assert refused({"preset": "ooe", "tariff": tariff}) == [
            f"tariff: bettel is worth a whole number from 1 to 100 (or null: not played), not {value}"]


@pytest.mark.parametrize("values, expected", [
    ({"announced": 1, "silent": 0}, (1, 0)),
    ({"announced": 100, "silent": 100}, (100, 100)),
    ({"announced": 5, "silent": 5}, (5, 5)),
    ({"announced": 3}, (3, 1)),
    ({"silent": 2}, (2, 2)),
    ({"silent": 0}, (2, 0)),
    ({"announced": 0, "silent": 0}, "tariff: pagat announced is worth a whole number from 1 to 100, not 0"),
    ({"announced": 101, "silent": 1}, "tariff: pagat announced is worth a whole number from 1 to 100, not 101"),
    ({"announced": 2, "silent": -1}, "tariff: pagat silent is worth a whole number from 0 to 100, not -1"),
    ({"announced": 2, "silent": 101}, "tariff: pagat silent is worth a whole number from 0 to 100, not 101"),
    ({"announced": 2, "silent": 3}, "tariff: pagat silent (3) is worth more than announced (2): a silent premium is "
                                    "worth at most an announced one"),
    ({"silent": 3}, "tariff: pagat silent (3) is worth more than announced (2): a silent premium is worth at most an "
                    "announced one"),
    ({"announced": True, "silent": 1}, "tariff: pagat announced is worth a whole number from 1 to 100, not true"),
    ({"announced": 2, "silent": 1, "kontra": 2}, "tariff: pagat has no 'kontra': only announced and silent"),
])
def test_a_premium_value_is_announced_1_to_100_and_silent_0_to_it(values, expected):
    data = {"preset": "ooe", "tariff": {"premiums": {"pagat": values}}}
    if isinstance(expected, tuple):
        club = RuleSet.from_dict(data)
        assert (club.premium_value("pagat", True), club.premium_value("pagat", False)) == expected
    else:
        assert refused(data) == [expected]


@pytest.mark.parametrize("tariff, message", [
    ("flat", "the tariff is an object of contracts, premiums and settings, like {\"contracts\": {\"bettel\": 5}}"),
    ([], "the tariff is an object of contracts, premiums and settings"),
    ({"contract": {}}, "the tariff has no 'contract': it has contracts, premiums, valat, trischaken_payout, "
                       "trischaken_renonce, jungfrauen"),
    ({"contracts": [5]}, "tariff: contracts is an object of a contract and its value"),
    ({"contracts": {"tarock": 2}}, "tariff: unknown contract 'tarock': the contracts are trischaken, rufer, piccolo"),
    ({"premiums": "pagat"}, "tariff: premiums is an object of a premium and its values"),
    ({"premiums": {"skues": {"announced": 2, "silent": 1}}}, "tariff: unknown premium 'skues': the premiums are "
                                                             "trull, koenige"),
    ({"premiums": {"pagat": 2}}, "tariff: pagat is {\"announced\": 2, \"silent\": 1}, or null: not played"),
    ({"premiums": {"mondfang": {"announced": 2}}},
     "tariff: the Upper Austrian cup (OÖ 4/2023) rules have no mondfang: give both its values"),
    ({"premiums": {"sack1": {"silent": 1}}}, "tariff: the Upper Austrian cup (OÖ 4/2023) rules have no sack1"),
    ({"premiums": {"valat": {"announced": 20, "silent": 10}}},
     "tariff: the Valat multiplies the game under these rules (valat \"multiplier\") and takes no value"),
    ({"valat": "premium", "premiums": {"valat": {"announced": 0}}},
     "tariff: valat announced is worth a whole number from 1 to 100, not 0"),
    ({"valat": "double"}, "tariff: valat must be one of multiplier, premium, wien, not double"),
    ({"trischaken_payout": "all"}, "tariff: trischaken_payout must be one of loser, pairs, share, not all"),
    ({"trischaken_renonce": "flat4"}, "tariff: trischaken_renonce must be one of vorhand_double, flat, flat3, not "
                                      "flat4"),
    ({"jungfrauen": 1}, "tariff: jungfrauen must be one of share, full, not 1"),
])
def test_every_refusal_of_a_tariff_names_its_key(tariff, message):
    found = refused({"preset": "ooe", "tariff": tariff})
    assert len(found) == 1 and found[0].startswith(message), found


def test_a_setting_is_given_once_and_the_valat_and_renonce_are_no_options():
    assert refused({"preset": "ooe", "trischaken_payout": "pairs", "tariff": {"trischaken_payout": "pairs"}}) == [
        "trischaken_payout is given as an option and in the tariff: give it once"]
    assert refused({"preset": "ooe", "jungfrauen": "full", "tariff": {"jungfrauen": "share"}}) == [
        "jungfrauen is given as an option and in the tariff: give it once"]
    assert refused({"preset": "wien", "valat": "premium"}) == [
        "the Wiener Tarockcup rules have no option 'valat': a club sets it in its tariff, as \"tariff\": "
        "{\"valat\": …}"]
    assert refused({"preset": "tirol", "trischaken_renonce": "flat3"})[0].startswith(
        "the Tiroler Tarockcup 2020 rules have no option 'trischaken_renonce'")
    # given in the tariff, an option counts as given there
    club = rules("ooe", tariff={"trischaken_payout": "pairs", "jungfrauen": "share"})
    assert club.trischaken_payout == "pairs" and club.to_dict()["trischaken_payout"] == "pairs"


@pytest.mark.parametrize("data, accepted", [
    ({"preset": "ooe", "jungfrauen": "full"}, True),
    ({"preset": "ooe", "jungfrauen": "full", "trischaken_payout": "pairs"}, False),
    ({"preset": "wien", "jungfrauen": "full"}, False),
    ({"preset": "wien", "tariff": {"jungfrauen": "full"}}, False),
    ({"preset": "wien", "trischaken_payout": "loser", "jungfrauen": "full"}, True),
])
def test_jungfrauen_full_belongs_to_the_loser_payout(data, accepted):
    if accepted:
        assert RuleSet.from_dict(data).jungfrauen == "full"
    else:
        found = refused(data)
        assert len(found) == 1 and found[0].startswith(
            "Jungfrauen \"full\" belongs to the \"loser\" payout of Trischaken"), found


def test_a_tariff_of_several_problems_says_each_once():
    found = refused({"preset": "ooe", "stake": "0", "tariff": {
        "contracts": {"bettel": 0, "tarock": 1}, "premiums": {"pagat": {"silent": 5}}, "colour": 1}})
    assert len(found) == 5, found


def test_a_deal_of_a_contract_or_premium_the_tariff_removed_is_refused_as_section_11_says():
    club = rules("tirol", tariff={"premiums": {"mondfang": None, "sack2": None}})
    assert problems(club, game("dreier", won=True, premiums=[prem("mondfang")])) == [
        "the tariff of these rules (based on Tiroler Tarockcup 2020) has no Mondfang"]
    # the 2nd Sack not played: 60 card points need only the 1st
    assert scored(club, game("dreier", points=60, premiums=[prem("sack1", announced=False)]))[0] == (18, -6, -6, -6)


def test_the_partie_file_carries_the_tariff_and_the_rules_page_lists_it():
    data = json.loads(EXAMPLE.read_text())
    data["rules"] = {"preset": "wien", "tariff": {"contracts": {"bettel": 5}, "trischaken_renonce": "flat"}}
    partie = kgame.from_dict(data)
    written = json.loads(kgame.dumps(partie))
    assert written["rules"]["tariff"]["contracts"]["bettel"] == 5
    assert written["rules"]["tariff"]["trischaken_renonce"] == "flat"
    assert kgame.from_dict(written) == partie
    # deal 4's renonce now pays 2u = 4 to each
    assert replay(partie).deals[3].points == (4, -12, 4, 4)
    lines = [render(line) for line in partie.rules.describe()]
    assert "A tariff of its own, based on Wiener Tarockcup." in lines
    assert any("Bettel 5" in line for line in lines)
    assert "Premiums, announced/silent: Trull 2/1, Four Kings 2/1, King ultimo 2/1, Pagat 2/1, Uhu 4/2, " \
           "Kakadu 6/3, Quapil 8/4." in lines
    assert "Trischaken renonce: twice the value to each other player." in lines


# -- §14.4: one partie file, one reading --------------------------------------------------------------------------

def test_in_names_whitespace_is_what_unicode_says():
    import unicodedata

    from scorer.partie import clean_name
    white = [0x9, 0xA, 0xB, 0xC, 0xD, 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F,
             0x205F, 0x3000]
    for code in white:
        assert clean_name(f" Anna{chr(code)}{chr(code)}Maria{chr(code)}") == "Anna Maria", hex(code)
    # the other controls are not whitespace: they are dropped, never made a space
    for code in (0x1C, 0x1D, 0x1E, 0x1F, 0x7F, 0x9F):
        assert unicodedata.category(chr(code)) == "Cc" and clean_name(f"Anna{chr(code)}Maria") == "AnnaMaria"
    data = json.loads(EXAMPLE.read_text())
    data["players"] = ["Anna\u0085Maria", "Bernd", "Cilli", "Dora"]
    assert kgame.from_dict(data).players[0] == "Anna Maria"
