"""Bavarian Tarock (RULES-BAVARIAN.md): every payment rule on both sides of its threshold, the pot and its
refills, four players, every impossible entry, properties, the partie file and the command line."""

import json
from decimal import Decimal as D
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.games.haferl import Deal, HaferlError, RuleSet, check, replay
from scorer.games.haferl.rules import amount
from scorer.partie import Partie
from scorer.partie_file import dumps, loads, settlement_to_dict

from .conftest import examples
from .helpers import run_replay as run


ROOT = Path(__file__).resolve().parent.parent
THREE = ("Anna", "Bernd", "Clara")
FOUR = ("Anna", "Bernd", "Clara", "Dieter")


def rules(preset="haferl", **options):
    return RuleSet.from_dict({"preset": preset, **options})


def game(declarer, contract, points, target=61, dealer=None, schwarz=False, players=3):
    if dealer is None:
        dealer = (declarer + 1) % players
    return Deal("game", dealer, declarer, contract, target, points, schwarz)


def settle(ruleset, *deals, players=THREE):
    return replay(Partie(players, ruleset, tuple(deals), deals[0].dealer if deals else 0))


def net(ruleset, deal, players=THREE):
    """What each player got (+) or paid (-) in one deal, as strings."""
    return [str(x) for x in settle(ruleset, deal, players=players).deals[0].net]


# -- haferl: the amount ---------------------------------------------------------------------------------

@pytest.mark.parametrize("points, target, units", [
    (61, 61, 5), (65, 61, 5), (66, 61, 6), (120, 61, 60),          # won: 5 for 61-65, then 1 a point
    (60, 61, 5), (56, 61, 5), (55, 61, 6), (0, 61, 61),            # lost: 5 down to T-5, then 1 a point
    # a raised Hand won: the same card-point scale (66: 6, 80: 20); lost: counted down from the target
    (66, 66, 6), (70, 66, 10), (71, 66, 11), (80, 66, 20), (65, 66, 5), (61, 66, 5), (60, 66, 6),
    (91, 91, 31), (95, 91, 35), (96, 91, 36), (120, 116, 60), (86, 91, 5), (85, 91, 6), (115, 116, 5),
])
def test_the_haferl_amount(points, target, units):
    assert amount(points, target) == units


def test_a_raise_never_pays_less_than_not_raising():
    for target in RuleSet.default().targets("hand"):
        for points in range(target, 121):   # every way to make the raised Hand
            assert amount(points, target) == amount(points, 61) == 5 + max(0, points - 65)


@pytest.mark.parametrize("points, pot, declarer, defenders", [
    pytest.param(61, "1.45", "0.05", ("0.00", "0.00"), id="pickup-won-61"),
    pytest.param(66, "1.44", "0.06", ("0.00", "0.00"), id="pickup-won-66"),
    pytest.param(60, "1.45", "-0.05", ("0.05", "0.05"), id="pickup-lost-60"),   # 60 : 60 is lost
    pytest.param(56, "1.45", "-0.05", ("0.05", "0.05"), id="pickup-lost-56"),
    pytest.param(55, "1.44", "-0.06", ("0.06", "0.06"), id="pickup-lost-55"),
])
def test_pickup_is_paid_from_the_pot(points, pot, declarer, defenders):
    # Anna (0) declares; Bernd (1) sits to her left and is paid by her; Clara takes from the pot
    s = settle(rules(), game(0, "pickup", points, dealer=2))
    r = s.deals[0]
    assert str(r.pot) == pot and str(r.net[0]) == declarer
    if points >= 61:
        assert [str(x) for x in r.net[1:]] == list(defenders)
        assert [t.payer for t in r.transfers] == [-1]
    else:
        assert [str(x) for x in r.net[1:]] == list(defenders)
        assert [(t.payer, t.payee) for t in r.transfers] == [(0, 1), (-1, 2)]
    assert sum(s.balance) + s.pot == 0


@pytest.mark.parametrize("points, target, each", [
    (61, 61, "0.10"), (66, 61, "0.12"), (60, 61, "0.10"), (55, 61, "0.12"),
    (66, 66, "0.12"), (70, 66, "0.20"), (71, 66, "0.22"), (80, 66, "0.40"), (65, 66, "0.10"), (60, 66, "0.12"),
])
def test_hand_is_paid_directly_at_double_the_rate(points, target, each):
    r = settle(rules(), game(0, "hand", points, target=target)).deals[0]
    won = points >= target
    e = D(each)
    assert r.net == ((2 * e, -e, -e) if won else (-2 * e, e, e))
    assert str(r.pot) == "1.50"          # the pot is not touched


def test_the_pot_runs_dry_pays_what_it_holds_and_is_refilled():
    ruleset = rules(ante="0.05")         # a pot of 0.15
    s = settle(ruleset, game(0, "pickup", 120, dealer=2))      # 60 units: 0.60 due, the pot holds 0.15
    r = s.deals[0]
    assert [(t.payer, t.payee, str(t.amount), t.reason) for t in r.transfers] == [
        (-1, 0, "0.15", "game"), (0, -1, "0.05", "ante"), (1, -1, "0.05", "ante"), (2, -1, "0.05", "ante")]
    assert str(r.pot) == "0.15"
    assert [str(x) for x in s.balance] == ["0.05", "-0.10", "-0.10"]
    assert sum(s.balance) + s.pot == 0
    # exactly empty is empty too: refilled
    s = settle(rules(ante="0.02"), game(0, "pickup", 61, dealer=2), game(1, "pickup", 61, dealer=0))
    assert str(s.deals[0].pot) == "0.01" and str(s.deals[1].pot) == "0.06"
    # a lost Pick-Up: the other defender takes what the pot has
    s = settle(rules(ante="0.01"), game(0, "pickup", 0, dealer=2))
    assert [str(x) for x in s.deals[0].net] == ["-0.62", "0.60", "0.02"] and str(s.pot) == "0.03"
    assert sum(s.balance) + s.pot == 0


def test_four_players_the_dealer_sits_out():
    ruleset = rules()
    # Dieter (3) deals and sits out; Anna declares a lost Pick-Up: Bernd (her left) is paid, Clara takes from the pot
    s = settle(ruleset, game(0, "pickup", 50, dealer=3, players=4), players=FOUR)
    r = s.deals[0]
    assert r.sitting_out == 3 and [str(x) for x in r.net] == ["-0.11", "0.11", "0.11", "0.00"]
    # Anna deals: Bernd declares, his left is Clara; Anna neither pays nor receives
    s = settle(ruleset, game(1, "hand", 40, dealer=0, players=4), players=FOUR)
    assert s.deals[0].sitting_out == 0 and s.deals[0].net[0] == 0
    assert [str(x) for x in s.deals[0].net] == ["0.00", "-0.84", "0.42", "0.42"]
    # the left defender skips the dealer who sits out: Clara declares, Dieter deals, so Anna is paid
    s = settle(ruleset, game(2, "pickup", 50, dealer=3, players=4), players=FOUR)
    assert [(t.payer, t.payee) for t in s.deals[0].transfers] == [(2, 0), (-1, 1)]
    # the deal passes on: everybody sits out in turn, a redeal included
    s = settle(ruleset, Deal("redeal", 0), Deal("redeal", 1), game(0, "hand", 70, dealer=2, players=4),
               players=FOUR)
    assert [r.sitting_out for r in s.deals] == [0, 1, 2] and s.next_dealer == 3 and s.sitting_out == 3
    assert sum(s.balance) + s.pot == 0


# -- huber ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract, points, anna", [
    ("frage", 61, "0.20"), ("frage", 59, "-0.20"), ("solo", 61, "0.40"), ("solo", 59, "-0.40"),
    ("herzsolo", 61, "0.80"), ("herzsolo", 59, "-0.80"),
    ("frage", 60, "0.00"),            # 60 : 60 is a draw: no payment
])
def test_huber_frage_solo_herzsolo(contract, points, anna):
    r = settle(rules("huber"), game(0, contract, points)).deals[0]
    assert str(r.net[0]) == anna and sum(r.net) == 0
    assert r.won is (None if points == 60 else points >= 61)


def test_huber_draw_at_60_off_makes_60_lost():
    assert net(rules("huber", draw_at_60=False), game(0, "frage", 60)) == ["-0.20", "0.10", "0.10"]


@pytest.mark.parametrize("points, anna", [
    (90, "0.40"), (89, "0.20"),       # defenders 30: Schneider; 31: not
    (30, "-0.40"), (31, "-0.20"),     # declarer 30: Schneider; 31: not
])
def test_huber_schneider_option(points, anna):
    assert net(rules("huber", schneider=True), game(0, "frage", points))[0] == anna
    assert net(rules("huber"), game(0, "frage", points))[0] == ("0.20" if points >= 61 else "-0.20")


# -- sharp ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract, points, schwarz, anna", [
    ("solo", 61, False, "0.40"), ("solo", 60, False, "-0.40"),            # 0.20 from each loser; 60 loses
    ("frage", 61, False, "0.20"), ("frage", 60, False, "-0.40"),          # a Frage won earns only 0.10
    ("solo", 90, False, "0.60"), ("solo", 89, False, "0.40"),             # Schneider: defenders 30 or less
    ("solo", 30, False, "-0.60"), ("solo", 31, False, "-0.40"),
    ("solo", 120, True, "0.80"), ("solo", 120, False, "0.60"),            # Schwarz: 0.10 more again
    ("solo", 0, True, "-0.80"), ("herzsolo", 22, True, "-0.80"),
])
def test_sharp_payments(contract, points, schwarz, anna):
    assert net(rules("sharp"), game(0, contract, points, schwarz=schwarz))[0] == anna


def test_sharp_bankroll_and_the_end_of_the_partie():
    ruleset = rules("sharp", bankroll="1.00")
    s = settle(ruleset, game(0, "solo", 0, schwarz=True), game(0, "solo", 0, dealer=2, schwarz=True))
    assert [str(x) for x in s.credits] == ["-0.60", "1.80", "1.80"] and s.bankrupt == 0
    with pytest.raises(HaferlError) as exc:
        settle(ruleset, game(0, "solo", 0, schwarz=True), game(0, "solo", 0, dealer=2, schwarz=True),
               game(1, "solo", 70, dealer=0))
    assert str(exc.value.problems[0]) == "deal 3: the partie ended after deal 2: Anna ran out of money"


# -- impossible entries ------------------------------------------------------------------------------------

@pytest.mark.parametrize("preset, deal, players, words", [
    ("haferl", Deal("game", 0, 0, "pickup", 61, 70), FOUR, "Anna deals and sits this deal out"),
    ("haferl", Deal("game", 0, 3, "pickup", 61, 70), THREE, "the declarer must be one of the 3 players"),
    ("haferl", Deal("game", 5, 1, "pickup", 61, 70), THREE, "the dealer must be one of the 3 players"),
    ("haferl", Deal("game", 0, 1, "solo", 61, 70), THREE, "have no Solo"),
    ("huber", Deal("game", 0, 1, "hand", 61, 70), THREE, "have no Hand (Handspiel)"),
    ("haferl", Deal("game", 0, 1, "pickup", 66, 70), THREE, "only a Hand can be raised"),
    ("haferl", Deal("game", 0, 1, "hand", 65, 70), THREE, "raised in steps of five"),
    ("haferl", Deal("game", 0, 1, "hand", 121, 70), THREE, "raised in steps of five"),
    ("huber", Deal("game", 0, 1, "solo", 66, 70), THREE, "only a Hand can be raised"),
    ("haferl", Deal("game", 0, 1, "hand", 61, 121), THREE, "between 0 and 120, not 121"),
    ("haferl", Deal("game", 0, 1, "hand", 61, -1), THREE, "between 0 and 120, not -1"),
    ("haferl", Deal("game", 0, 1, "hand", 61, 1), THREE, "no set of cards is worth 1"),
    ("haferl", Deal("game", 0, 1, "hand", 61, 119), THREE, "no set of cards is worth 119"),
    ("haferl", Deal("game", 0, 1, "hand", 61, None), THREE, "enter the card points of the declarer"),
    ("haferl", Deal("game", 0, 1, "hand", 61, 80, True), THREE, "Schwarz means one side took no trick"),
    ("haferl", Deal("game", 0, 1, "hand", 61, 34, True), THREE, "not 34"),
    ("haferl", Deal("redeal", 0, 1), THREE, "a redeal has no declarer"),
    ("haferl", Deal("misdeal", 0), THREE, "unknown deal type 'misdeal'"),
])
def test_impossible_entries_are_refused_with_reasons(preset, deal, players, words):
    problems = check(rules(preset), deal, players)
    assert problems and any(words in p.message for p in problems), [p.message for p in problems]


def test_schwarz_is_possible_only_with_all_points_or_the_stock():
    r = rules()
    assert not check(r, Deal("game", 0, 1, "hand", 61, 120, True), THREE)
    assert not check(r, Deal("game", 0, 1, "hand", 61, 33, True), THREE)      # three Sows in the stock
    assert not check(r, Deal("game", 0, 1, "hand", 61, 0, True), THREE)
    assert not check(r, Deal("game", 0, 1, "hand", 61, 120, False), THREE)    # a trick of blanks exists


@pytest.mark.parametrize("options, words", [
    ({"preset": "doko"}, "unknown preset 'doko'"),
    ({"ante": "lots"}, "the ante must be an amount"),
    ({"preset": "huber", "ante": "0.50"}, "have no option 'ante'"),
    ({"preset": "sharp", "bankroll": "0"}, "the bankroll must be an amount between 0.01"),
    ({"preset": "huber", "schneider": "yes"}, "must be true or false"),
    ({"dealer_pays": True}, "unknown option 'dealer_pays'"),
])
def test_bad_rule_sets_are_refused(options, words):
    with pytest.raises(HaferlError) as exc:
        RuleSet.from_dict(options)
    assert any(words in p.message for p in exc.value.problems), [p.message for p in exc.value.problems]


def test_rule_sets_round_trip_and_say_what_they_pay():
    for preset in ("haferl", "huber", "sharp"):
        r = RuleSet.default(preset)
        assert RuleSet.from_dict(r.to_dict(full=True)) == r and r.to_dict() == {"preset": preset}
        assert all(str(line).endswith(".") for line in r.describe())
    assert "0.50 €" in " ".join(map(str, RuleSet.default().describe()))
    assert rules("sharp").cards == 24 and rules().cards == 36
    assert rules("sharp").reachable == rules().reachable       # 120 in either pack


# -- properties ----------------------------------------------------------------------------------------

@st.composite
def parties(draw):
    preset = draw(st.sampled_from(["haferl", "huber", "sharp"]))
    options = {}
    if preset == "haferl":
        options["ante"] = draw(st.sampled_from(["0.01", "0.05", "0.50"]))
    if preset == "huber":
        options["schneider"] = draw(st.booleans())
        options["draw_at_60"] = draw(st.booleans())
    if preset == "sharp":
        options["bankroll"] = "1000"
    ruleset = rules(preset, **options)
    n = draw(st.sampled_from([3, 4]))
    dealer = draw(st.integers(0, n - 1))
    first = dealer
    deals = []
    reachable = sorted(ruleset.reachable)
    for _ in range(draw(st.integers(0, 25))):
        if draw(st.integers(0, 9)) == 0:
            deals.append(Deal("redeal", dealer))
        else:
            declarer = draw(st.sampled_from([i for i in range(n) if not (n == 4 and i == dealer)]))
            contract = draw(st.sampled_from(ruleset.contracts))
            target = draw(st.sampled_from(ruleset.targets(contract)))
            points = draw(st.sampled_from(reachable))
            schwarz = (points == 120 or points in ruleset.stock_only) and draw(st.booleans())
            deals.append(Deal("game", dealer, declarer, contract, target, points, schwarz))
        dealer = (dealer + 1) % n
    return Partie(FOUR[:n], ruleset, tuple(deals), first)


@settings(max_examples=examples(200), deadline=None)
@given(parties())
def test_money_always_adds_up_to_zero_with_the_pot(partie):
    s = replay(partie)
    assert sum(s.balance) + (s.pot or 0) == 0
    for r in s.deals:
        assert sum(r.balance) + (r.pot or 0) == 0
        if r.sitting_out is not None:
            assert r.net[r.sitting_out] == 0 or any(t.reason == "ante" for t in r.transfers)
        if r.pot is not None:
            assert r.pot > 0


@settings(max_examples=examples(100), deadline=None)
@given(parties())
def test_replay_extend_and_the_file_agree(partie):
    s = replay(partie)
    from scorer.games.haferl import extend, start
    step = start(partie)
    for deal in partie.deals:
        step = extend(step, (deal,))
    assert step.deals == s.deals and step.balance == s.balance and step.pot == s.pot
    assert loads(dumps(partie)) == Partie(partie.players, partie.rules, partie.deals,
                                          partie.deals[0].dealer if partie.deals else 0)
    assert replay(loads(dumps(partie))).balance == s.balance


# -- the partie file and the command line --------------------------------------------------------------

EXAMPLE = {
    "format": "haferltarock-partie", "version": 1, "players": ["Anna", "Bernd", "Clara", "Dieter"],
    "rules": {"preset": "haferl", "ante": "0.50"},
    "deals": [
        {"type": "game", "dealer": 3, "declarer": 0, "contract": "pickup", "target": 61,
         "declarer_points": 67, "schwarz": False},
        {"type": "game", "dealer": 0, "declarer": 1, "contract": "hand", "target": 66,
         "declarer_points": 80, "schwarz": False},
        {"type": "redeal", "dealer": 1},
        {"type": "game", "dealer": 2, "declarer": 3, "contract": "pickup", "target": 61,
         "declarer_points": 40, "schwarz": False},
    ],
}


def test_the_file_round_trips_and_replays(tmp_path):
    assert json.loads((ROOT / "tests" / "data" / "haferl-example.json").read_text()) == EXAMPLE
    text = json.dumps(EXAMPLE, indent=2)
    partie = loads(text)
    assert json.loads(dumps(partie)) == EXAMPLE
    out = settlement_to_dict(replay(partie))
    # deal 1: Anna's Pick-Up 67: 7 from the pot; deal 2: Bernd's Hand to 66 with 80: 2 x 20 from Clara and Dieter
    # (a raised Hand is paid on the card-point scale: 80 is 5 + 15 units);
    # deal 4: Dieter's Pick-Up lost with 40: 5 + 16 = 21 to Anna (his left), Bernd takes 21 from the pot
    assert out["balance"] == ["-0.22", "0.51", "-0.90", "-1.11"] and out["pot"] == "1.72"
    assert out["deals"][1]["payments"] == ["0.00", "0.80", "-0.40", "-0.40"]
    assert out["deals"][3]["sitting_out"] == 2 and out["next_dealer"] == 3


@pytest.mark.process
def test_the_command_line_reads_a_bavarian_file(tmp_path):
    path = tmp_path / "h.json"
    path.write_text(json.dumps(EXAMPLE))
    table = run(str(path))
    assert table.returncode == 0 and "pot: 1.72" in table.stdout and "Dieter sits out" in table.stdout
    as_json = run(str(path), "--json")
    assert json.loads(as_json.stdout)["balance"] == ["-0.22", "0.51", "-0.90", "-1.11"]
    as_csv = run(str(path), "--csv")
    lines = as_csv.stdout.splitlines()
    assert lines[0].startswith("Deal,Dealer,Sitting out,Declarer,Contract,Target") and lines[-1].startswith("Total")
    bad = dict(EXAMPLE, deals=[dict(EXAMPLE["deals"][0], declarer=3), {"type": "game", "dealer": 0}])
    path.write_text(json.dumps(bad))
    result = run(str(path))
    assert result.returncode == 1 and result.stdout == "" and "Traceback" not in result.stderr
    assert "deal 1: Dieter deals and sits this deal out" in result.stderr
    assert "deal 2: declarer is a player's number" in result.stderr


@pytest.mark.parametrize("change, words", [
    (lambda d: d.update(players=["Anna", "Bernd"]), "players must be a list of three or four names"),
    (lambda d: d.update(players=["Anna", "Bernd", "anna"]), "the players need different names"),
    (lambda d: d["deals"][0].update(contract="bettel"), "contract is pickup, hand, frage, solo or herzsolo"),
    (lambda d: d["deals"][0].update(declarer_points="67"), "declarer_points is a whole number"),
    (lambda d: d["deals"][0].update(schwarz="no"), "schwarz is true or false"),
    (lambda d: d["deals"][2].update(declarer=1), "a redeal has no field 'declarer'"),
    (lambda d: d["rules"].update(preset="huber"), "have no option 'ante'"),
    (lambda d: d["deals"][0].update(type=[]), "type must be game or redeal"),      # found by the hostile test
])
def test_bad_files_are_explained(change, words):
    doc = json.loads(json.dumps(EXAMPLE))
    change(doc)
    with pytest.raises(HaferlError) as exc:
        loads(json.dumps(doc))
    assert any(words in str(p) for p in exc.value.problems), [str(p) for p in exc.value.problems]


@settings(max_examples=examples(100), deadline=None)
@given(parties())
def test_the_settlement_after_the_first_k_deals_is_read_off_the_full_one(partie):
    """`upto`: what an edit of deal k + 1 replays from (scorer/web/loading.py), for every k, as a replay of only
    those deals gives it: the pot and credits included."""
    from scorer.games.haferl import extend, upto
    full = replay(partie)
    for k in range(len(partie.deals) + 1):
        head = upto(full, k)
        assert head == replay(partie.with_deals(partie.deals[:k]))
        assert extend(head, partie.deals[k:]) == full


@settings(max_examples=examples(200), deadline=None)
@given(parties())
def test_every_amount_of_a_settlement_is_written_with_two_decimals(partie):
    """The balances are added up without `to_cents` (scoring.extend): that is the same only while every
    amount has exactly two decimals; so every balance, payment, pot and credit here has them."""
    s = replay(partie)
    for r in [*s.deals, s]:
        amounts = [*r.balance, *(getattr(r, "net", ())), *(r.credits or ()), *([r.pot] if r.pot is not None else [])]
        assert all(a.as_tuple().exponent == -2 for a in amounts), amounts
