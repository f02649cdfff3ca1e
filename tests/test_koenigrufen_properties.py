"""Königrufen properties (Hypothesis): every deal sums to zero in points and in money points; extend equals a
full replay; the partie file round-trips; hostile files are refused with messages, never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorer.games.koenigrufen import Deal, KoenigrufenError, Premium, RuleSet, check, extend, replay, start
from scorer.games.koenigrufen import file as kfile
from scorer.games.koenigrufen import game as kgame
from scorer.games.koenigrufen.rules import (BIRDS, CONTRACTS, KING_CALLS, KONTRA_LEVELS, NEGATIVE, PREMIUMS, SAECKE,
                                            TARIFFS, VORHAND_ONLY)
from scorer.partie import Partie

from .conftest import examples


ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Bernd", "Cilli", "Dora", "Emil")

PRESETS = ("ooe", "tirol", "wien")


@st.composite
def tariffs(draw, preset):
    """A club's own tariff based on `preset` (RULES-KOENIGRUFEN §14.3): a few contracts changed, added or removed,
    a few premiums changed, added or removed, maybe another Valat or Trischaken renonce; valid by construction."""
    tariff = {}
    contracts = {c: draw(st.one_of(st.none(), st.integers(1, 100)))
                 for c in draw(st.lists(st.sampled_from(CONTRACTS), unique=True, max_size=4))}
    if contracts:
        tariff["contracts"] = contracts
    valat = draw(st.sampled_from([None, "multiplier", "premium", "wien"]))
    if valat:
        tariff["valat"] = valat
    multiplier = (valat or {"ooe": "multiplier"}.get(preset)) == "multiplier"
    premiums = {}
    for name in draw(st.lists(st.sampled_from(PREMIUMS), unique=True, max_size=4)):
        announced = draw(st.integers(1, 100))
        value = draw(st.sampled_from([None, {"announced": announced, "silent": draw(st.integers(0, announced))}]))
        if name == "valat" and multiplier and value is not None:
            continue   # a multiplier takes no value (§14.3)
        premiums[name] = value
    if premiums:
        tariff["premiums"] = premiums
    if draw(st.booleans()):
        tariff["trischaken_renonce"] = draw(st.sampled_from(["vorhand_double", "flat", "flat3"]))
    return tariff


@st.composite
def rulesets(draw):
    """A rule set of any preset, with any options, a club's own tariff or none; valid by construction."""
    preset = draw(st.sampled_from(PRESETS))
    data = {"preset": preset, "kontra_in_schrift": draw(st.booleans()),
            "doubled_radl": draw(st.sampled_from([[], ["bettel"], ["trischaken", "bettel"]])),
            "misdeal_penalty": draw(st.integers(0, 3)), "max_kontra": draw(st.sampled_from(KONTRA_LEVELS))}
    tariff = draw(st.one_of(st.none(), tariffs(preset)))
    payout = draw(st.sampled_from([None, "loser", "pairs", "share"]))
    if payout and tariff is not None and draw(st.booleans()):
        tariff["trischaken_payout"] = payout
    elif payout:
        data["trischaken_payout"] = payout
    resolved = payout or {"ooe": "loser", "tirol": "pairs", "wien": "share"}[preset]
    if resolved == "loser" and draw(st.booleans()):
        data["jungfrauen"] = "full"
    trischaken = (tariff or {}).get("contracts", {}).get("trischaken", TARIFFS[preset].get("trischaken"))
    if resolved == "share" and trischaken is not None and trischaken % 2:   # share needs an even value (§14.1)
        tariff = tariff if tariff is not None else {}
        tariff.setdefault("contracts", {})["trischaken"] = trischaken + 1
    if tariff is not None:
        data["tariff"] = tariff
    return RuleSet.from_dict(data)


def levels_of(rules):
    return [k for k in KONTRA_LEVELS if k <= rules.max_kontra]


@st.composite
def premiums(draw, rules, contract, renonce, no_kontra=False, saecke=True):
    allowed = [p for p in rules.premiums if rules.allows(contract, p) and (saecke or p not in SAECKE)]
    if not allowed:
        return ()
    names = draw(st.lists(st.sampled_from(allowed), unique=True, max_size=4))
    if contract == "besserrufer" and not any(b in names for b in BIRDS):
        names.append(draw(st.sampled_from([b for b in BIRDS if b in rules.premiums])))
    out = []
    for name in names:
        side = "declarer" if name == "koenig_ultimo" or (contract == "besserrufer" and name in BIRDS) else \
            draw(st.sampled_from(["declarer", "opponents"]))
        if renonce:   # what was said before it: a silent one is listed too, and not paid (§13)
            bird = contract == "besserrufer" and name in BIRDS
            out.append(Premium(name, side, True if bird else draw(st.booleans())))
            continue
        announced = True if contract == "besserrufer" and name in BIRDS else draw(st.booleans())
        made = draw(st.booleans()) if announced else True
        kontra = draw(st.sampled_from(levels_of(rules))) if announced and not no_kontra else 1
        out.append(Premium(name, side, announced, made, kontra))
    if rules.valat == "wien" and any(e.premium == "valat" and e.announced for e in out):
        # the Wiener Valat announced includes the Trull and the Kings: they cannot be announced beside it (§14.1)
        out = [e for e in out if not (e.premium in ("trull", "koenige") and e.announced)]
    return tuple(out)


@st.composite
def saecke(draw, rules, contract, points, won, valat_side):
    """The Säcke of a game as the card points make them (§14.2): a side at a threshold made it (or the other side
    announced it and failed), unless a Valat was made or it counts only announced; a failed one lies below it;
    without card points a made Sack is the winners'."""
    out = []
    for sack, need in SAECKE.items():
        if sack not in rules.premiums or not rules.allows(contract, sack):
            continue

        def entry(side, made):
            announced = True if not made else draw(st.booleans())
            kontra = draw(st.sampled_from(levels_of(rules))) if announced else 1
            return Premium(sack, side, announced, made, kontra)

        if points is None:
            choice = draw(st.sampled_from(["none", "made", "failed"]))
            if choice == "made":
                out.append(entry("declarer" if won else "opponents", True))
            elif choice == "failed":
                out.append(entry(draw(st.sampled_from(["declarer", "opponents"])), False))
            continue
        piles = {"declarer": points, "opponents": 210 - points}
        at = [side for side, pile in piles.items() if pile >= need]
        if at:
            other = "opponents" if at[0] == "declarer" else "declarer"
            needed = valat_side is None and rules.premium_value(sack, False) > 0
            choice = draw(st.sampled_from(["made", "failed"] + ([] if needed else ["none"])))
            if choice == "made":
                out.append(entry(at[0], True))
            elif choice == "failed" and (valat_side is None or other == valat_side):
                out.append(entry(other, False))
            elif choice == "failed":
                out.append(entry(at[0], True))
        elif draw(st.booleans()):
            side = draw(st.sampled_from(["declarer", "opponents"]))
            out.append(entry(side, False))
    return tuple(out)


@st.composite
def deals(draw, rules, n):
    dealer = draw(st.integers(0, n - 1))
    out = dealer if n == 5 else None
    active = [p for p in range(n) if p != out]
    vorhand = (dealer + 1) % n
    kind = draw(st.sampled_from(["game"] * 6 + ["renonce", "misdeal"]))
    playable = [c for c in rules.contracts if c != "besserrufer" or any(b in rules.premiums for b in BIRDS)]
    if kind == "misdeal" or not playable:
        return Deal("misdeal", dealer, offender=draw(st.integers(0, n - 1)))
    contract = draw(st.sampled_from(playable))
    declarer = vorhand if contract in VORHAND_ONLY else draw(st.sampled_from(active))
    partner = "absent"
    if contract in KING_CALLS:
        partner = draw(st.one_of(st.none(), st.sampled_from([p for p in active if p != declarer])))
    if kind == "renonce":
        prem = () if contract in NEGATIVE or contract == "trischaken" else draw(premiums(rules, contract, True))
        return Deal("renonce", dealer, contract, declarer, partner, premiums=prem,
                    offender=draw(st.sampled_from(active)))
    levels = levels_of(rules)
    if contract == "trischaken":
        cuts = sorted(draw(st.lists(st.integers(0, 210), min_size=3, max_size=3)))
        parts = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 210 - cuts[2]]
        assume(all(v == 0 or v >= 4 for v in parts))
        cp = [None] * n
        for p, v in zip(active, parts):
            cp[p] = v
        return Deal("game", dealer, contract, declarer, partner, card_points=tuple(cp))
    if contract in NEGATIVE:
        each = tuple(1 if p in (declarer, out) else draw(st.sampled_from(levels)) for p in range(n))
        return Deal("game", dealer, contract, declarer, partner, won=draw(st.booleans()), kontra_each=each)
    if contract in ("rufer", "besserrufer") and partner is None and draw(st.booleans()):
        return Deal("game", dealer, contract, declarer, partner, conceded=True,
                    premiums=draw(premiums(rules, contract, False, no_kontra=True)))
    prem = possible(draw(premiums(rules, contract, False, saecke=False)))
    made = {e.premium: e.side for e in prem if e.made}
    # card points a side can have (0 or at least 1, §13), enough for a made Valat, Trull, Four Kings
    points = draw(st.one_of(st.none(), st.integers(0, 210).filter(lambda v: v not in (1, 2, 208, 209))))
    if points is not None:
        for side, pile in (("declarer", points), ("opponents", 210 - points)):
            need = 132 if made.get("valat") == side else (39 if made.get("trull") == side else 0) + (
                52 if made.get("koenige") == side else 0)
            if pile < need:
                points = None
                break
    won = (points >= 107) if points is not None else draw(st.booleans())
    if "valat" in made and points is None:
        won = made["valat"] == "declarer"
    prem += draw(saecke(rules, contract, points, won, made.get("valat")))
    return Deal("game", dealer, contract, declarer, partner, won=won, card_points=points,
                kontra=draw(st.sampled_from(levels)), premiums=prem)


def possible(prem):
    """The premiums as they can happen at the table (§13): beside a made Valat the other side made none (its
    announced ones failed, its silent ones are not there), and beside a made Trull no Mondfang of the other
    side."""
    made = {e.premium: e.side for e in prem if e.made}
    out = []
    for e in prem:
        beaten = (("valat" in made and e.premium != "valat" and e.side != made["valat"])
                  or (e.premium == "mondfang" and made.get("trull", e.side) != e.side))
        if beaten and e.made:
            if not e.announced:
                continue
            e = Premium(e.premium, e.side, e.announced, False, e.kontra)
        out.append(e)
    return tuple(out)


@st.composite
def parties(draw):
    rules = draw(rulesets())
    n = draw(st.sampled_from([4, 5]))
    played = draw(st.lists(deals(rules, n), max_size=12))
    return Partie(NAMES[:n], rules, tuple(played), played[0].dealer if played else 0)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(parties())
def test_every_valid_deal_is_accepted_and_sums_to_zero(partie):
    for deal in partie.deals:
        assert check(partie.rules, deal, partie.players) == [], deal
    s = replay(partie)
    for r in s.deals:
        assert sum(r.points) == 0 and sum(r.money_points) == 0
        for item in r.items:
            assert sum(item.points) == 0 and sum(item.money_points) == 0
            if len(partie.players) == 5:
                assert item.points[r.deal.dealer] == 0 or r.deal.type == "misdeal"
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0 and sum(s.money) == 0
    assert s.radl_left == -sum(d.counted for d in partie.deals) % len(partie.players)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(parties(), st.data())
def test_extend_equals_a_full_replay(partie, data):
    cut = data.draw(st.integers(0, len(partie.deals)))
    full = replay(partie)
    head = replay(partie.with_deals(partie.deals[:cut]))
    assert extend(head, partie.deals[cut:]) == full
    assert extend(start(partie), partie.deals) == full


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(parties())
def test_the_partie_file_round_trips(partie):
    text = kgame.dumps(partie)
    again = kgame.loads(text)
    assert again == partie and again.rules.to_dict(full=True) == partie.rules.to_dict(full=True)
    assert kgame.dumps(again) == text
    assert kfile.settlement_to_dict(replay(again)) == kfile.settlement_to_dict(replay(partie))


# -- hostile files ----------------------------------------------------------------------------------------------

BASE = {"format": "koenigrufen-partie", "version": 1, "players": ["A", "B", "C", "D"], "rules": {"preset": "ooe"},
        "deals": [{"type": "game", "dealer": 3, "contract": "dreier", "declarer": 1, "won": True}]}


def hostile(**changes):
    data = json.loads(json.dumps(BASE))
    for key, value in changes.items():
        if key.startswith("deal_"):
            data["deals"][0][key[5:]] = value
        else:
            data[key] = value
    return data


HOSTILE = [
    hostile(version=10 ** 400), hostile(version=True), hostile(format=None), hostile(players=None),
    hostile(players=[1, 2, 3, 4]), hostile(players=["A"] * 10 ** 4), hostile(rules=[]), hostile(rules={"stake": 1e308}),
    hostile(rules={"stake": "9" * 5000}), hostile(rules={"misdeal_penalty": 10 ** 100}),
    hostile(rules={"doubled_radl": "bettel"}), hostile(rules={"max_kontra": None}), hostile(deals={}),
    hostile(deals=[None]), hostile(deals=[[]]), hostile(deals=[{"type": "game"}]), hostile(deal_dealer=10 ** 100),
    hostile(deal_dealer="0"), hostile(deal_dealer=1.5), hostile(deal_declarer=-10 ** 50), hostile(deal_contract=7),
    hostile(deal_contract="x" * 10 ** 5), hostile(deal_won="yes"), hostile(deal_card_points=10 ** 100),
    hostile(deal_card_points=-1), hostile(deal_card_points=[1] * 1000), hostile(deal_card_points={"a": 1}),
    hostile(deal_kontra=10 ** 100), hostile(deal_kontra="2"), hostile(deal_kontra_each=[10 ** 100] * 4),
    hostile(deal_kontra_each="all"), hostile(deal_premiums="pagat"), hostile(deal_premiums=[None]),
    hostile(deal_premiums=[{"premium": ["pagat"], "side": "declarer", "announced": True, "made": True}]),
    hostile(deal_premiums=[{"premium": "pagat", "side": "declarer", "announced": 1, "made": True}]),
    hostile(deal_premiums=[{"premium": "pagat", "side": "x", "announced": True, "made": True, "kontra": 10 ** 9}]),
    hostile(deal_premiums=[{"premium": "pagat", "side": "declarer", "announced": True, "made": True}] * 1000),
    hostile(deal_partner="Cilli"), hostile(deal_conceded=None), hostile(deal_type="renonce"),
    hostile(deals=[{"type": "misdeal", "dealer": 0}] * 20_000), [], "koenigrufen", None,
]


def test_hostile_files_are_refused_with_messages():
    for data in HOSTILE:
        try:
            partie = kgame.from_dict(data)
            replay(partie)
        except KoenigrufenError as exc:
            assert exc.problems and all(str(p) for p in exc.problems)
        else:
            raise AssertionError(f"accepted: {str(data)[:200]}")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12)
FIELDS = ["type", "dealer", "contract", "declarer", "partner", "conceded", "won", "card_points", "kontra",
          "kontra_each", "premiums", "offender"]


@settings(max_examples=examples(300), deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6), json_values)
def test_any_json_in_a_deal_or_the_rules_is_a_message_never_a_traceback(fields, rules):
    data = hostile(**{f"deal_{k}": v for k, v in fields.items()})
    data["rules"] = rules if not isinstance(rules, dict) else {"preset": "ooe", **rules}
    try:
        replay(kgame.from_dict(data))
    except KoenigrufenError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)


@pytest.mark.process
def test_a_hostile_file_on_the_command_line_is_status_1_without_a_traceback(tmp_path):
    for i, data in enumerate(HOSTILE[:12] + [hostile(deal_card_points=10 ** 100)]):
        path = tmp_path / f"bad{i}.json"
        path.write_text(json.dumps(data))
        out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                             cwd=ROOT, timeout=60)
        assert out.returncode == 1 and out.stdout == "" and out.stderr.strip()
        assert "Traceback" not in out.stderr


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(parties())
def test_the_settlement_after_the_first_k_deals_is_read_off_the_full_one(partie):
    """`upto`: what an edit of deal k + 1 replays from (scorer/web/loading.py), for every k, as a replay of only
    those deals gives it: the doubled deals pending and the Radl's count included."""
    from scorer.games.koenigrufen import upto
    full = replay(partie)
    for k in range(len(partie.deals) + 1):
        head = upto(full, k)
        assert head == replay(partie.with_deals(partie.deals[:k]))
        assert extend(head, partie.deals[k:]) == full


# -- RULES-KOENIGRUFEN §13 ----------------------------------------------------------------------------------------

@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(parties(), st.sampled_from([1, 2, 208, 209]))
def test_a_side_with_a_third_or_two_is_one_message_whatever_else_the_deal_holds(partie, thirds):
    """Any positive game the generator makes, its card points changed to 1/3, 2/3, 69 1/3 or 69 2/3 (and `won`
    left to them): refused with exactly one problem, about the card points."""
    from dataclasses import replace

    from scorer.games.koenigrufen.rules import POSITIVE
    games = [d for d in partie.deals if d.type == "game" and d.contract in POSITIVE and not d.conceded]
    assume(games)
    for deal in games:
        problems = check(partie.rules, replace(deal, card_points=thirds, won=None), partie.players)
        assert [p.field for p in problems] == ["card_points"], [str(p) for p in problems]


@st.composite
def with_a_conceded_rufer(draw):
    """A partie of the generator whose rules play the Rufer, with a conceded Rufer put in at any place (the declarer's King in the talon: no
    partner; premiums said before the concession, never paid), so that every example has one."""
    partie = draw(parties().filter(lambda p: "rufer" in p.rules.contracts))   # a club's tariff may have none
    n = len(partie.players)
    dealer = draw(st.integers(0, n - 1))
    conceded = Deal("game", dealer, "rufer", (dealer + 1) % n, None, conceded=True,   # the Vorhand's Rufer
                    premiums=draw(premiums(partie.rules, "rufer", False, no_kontra=True)))
    at = draw(st.integers(0, len(partie.deals)))
    return partie.with_deals(partie.deals[:at] + (conceded,) + partie.deals[at:])


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.filter_too_much])
@given(with_a_conceded_rufer())
def test_a_conceded_rufer_scores_the_game_value_only(partie):
    s = replay(partie)
    conceded = [r for r in s.deals if r.deal.type == "game" and r.deal.conceded and r.deal.contract == "rufer"]
    assert conceded   # the one put in, at least
    value = partie.rules.value("rufer")
    for r in conceded:
        assert r.points[r.deal.declarer] == -3 * value * r.multiplier
        assert sorted(r.points) == sorted([-3 * value * r.multiplier] + [value * r.multiplier] * 3
                                          + [0] * (len(partie.players) - 4))

# -- RULES-KOENIGRUFEN §14: every preset and a club's own tariff ---------------------------------------------------

@settings(max_examples=examples(300), deadline=None)
@given(rulesets())
def test_a_rule_set_reads_back_the_same_from_its_file_form_and_from_the_store(rules):
    assert RuleSet.from_dict(rules.to_dict()) == rules
    assert RuleSet.from_dict(rules.to_dict(full=True)) == rules
    stored = json.loads(json.dumps(rules.to_stored()))
    assert RuleSet.from_stored(stored) == rules
    # the store keeps every value, so that a preset changed later changes no partie stored before
    assert set(stored["tariff"]["contracts"]) == set(CONTRACTS)
    assert all(rules.value(c) == v for c, v in stored["tariff"]["contracts"].items() if v is not None)
    assert {p for p, v in stored["tariff"]["premiums"].items() if v is not None} == {
        p for p in rules.premiums if not (p == "valat" and rules.valat == "multiplier")}
    if rules.trischaken_payout == "share" and "trischaken" in rules.contracts:
        assert rules.value("trischaken") % 2 == 0


tariff_keys = st.sampled_from(["contracts", "premiums", "valat", "trischaken_payout", "trischaken_renonce",
                               "jungfrauen", "colour"])
tariff_names = st.sampled_from(list(CONTRACTS) + list(PREMIUMS) + ["announced", "silent", "x"])


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(PRESETS), st.one_of(json_values, st.dictionaries(tariff_keys, st.one_of(
    json_values, st.dictionaries(tariff_names, st.one_of(json_values, st.dictionaries(tariff_names, json_values,
                                                                                       max_size=3)), max_size=4)),
    max_size=4)), json_values)
def test_any_json_in_a_tariff_is_a_message_never_a_traceback(preset, tariff, payout):
    data = {"preset": preset, "tariff": tariff}
    if payout is not None:
        data["trischaken_payout"] = payout
    try:
        rules = RuleSet.from_dict(data)
    except KoenigrufenError as exc:
        assert exc.problems and all(str(p) for p in exc.problems)
    else:
        assert RuleSet.from_dict(rules.to_dict()) == rules
        assert RuleSet.from_stored(json.loads(json.dumps(rules.to_stored()))) == rules
