"""Zwanzigerrufen and Tapp-Tarock against a plain second reading of their contracts: every generated partie (the
strategies of tests/test_zwanzigerrufen.py and tests/test_tapp.py, each deal accepted by the checks) pays, item by
item and deal by deal, what a straight-line reading of RULES-ZWANZIGERRUFEN.md §2-§8 and RULES-TAPP.md §2-§6 pays.
The reading below shares no code with the engines (no scorer.sides, no scorer.radl): a refactoring of the shared
Tarock home that changes a payment shows here."""

from hypothesis import HealthCheck, given, settings

from scorer.games import tapp, zwanzigerrufen

from . import test_tapp, test_zwanzigerrufen
from .conftest import examples

Z_GAME = {"wikipedia": {"normalspiel": 1, "farbensolo": 4, "solo": 5}, "tcmm": {"normalspiel": 1, "farbensolo": 4,
                                                                                "solo": 4}}
Z_PREMIUM = {"absolut": (2, 1), "pagat": (2, 1), "valat": (12, 6), "trull": (1, 1), "koenigstrull": (1, 1),
             "mondfang": (1, 1)}
T_GAME = {"dreier": 3, "unterer": 4, "oberer": 5, "solo": 8}
T_HAND = {"trull": 3, "koenige": 3, "koepfe": 1}


def declarers_win(entry) -> bool:
    return (entry.side == "declarer") == bool(entry.made)


def z_game_won(rules, deal, entries) -> bool:
    """§4, §12: a Valat decides the game; else a made Absolut, or under wikipedia a failed announced one; else
    `won`, else the card points against 45 (wikipedia: 56 or 33 after an announced Absolut)."""
    valat, absolut = entries.get("valat"), entries.get("absolut")
    if valat:
        return declarers_win(valat)
    wikipedia = rules.preset == "wikipedia"
    if absolut and (absolut.made or (absolut.announced and wikipedia)):
        return declarers_win(absolut)
    if deal.won is not None:
        return deal.won
    target = 45
    if absolut and absolut.announced and wikipedia:
        target = 56 if absolut.side == "declarer" else 33
    return deal.card_points >= target


def z_items(rules, deal) -> list:
    """(item, points, money points) of one Zwanzigerrufen deal."""
    items = []
    if deal.type == "misdeal":
        pay = [rules.misdeal_penalty] * 4
        pay[deal.offender] = -3 * rules.misdeal_penalty
        return [("misdeal", pay, pay)]
    team = [deal.declarer] + ([deal.partner] if deal.contract == "normalspiel" else [])
    game = Z_GAME[rules.preset][deal.contract]
    if deal.type == "renonce":
        as_lost = rules.preset == "wikipedia"
        each = game + (sum(Z_PREMIUM[e.premium][0] for e in deal.premiums if e.announced) if as_lost else 0)
        pay = [0 if p == deal.offender else 3 * each if as_lost and team == [p] else each for p in range(4)]
        pay[deal.offender] = -sum(pay)
        return [("renonce", pay, pay)]

    def add(name, value, won, kontra):
        points = [(value if won else -value) * (3 if len(team) == 1 else 1) if p in team else
                  (-value if won else value) for p in range(4)]
        money = [kontra * x for x in points]
        items.append((name, money if rules.kontra_in_schrift else points, money))

    entries = {e.premium: e for e in deal.premiums}
    double = 2 if deal.contract != "normalspiel" and rules.preset == "tcmm" else 1

    def value(e):
        return double * Z_PREMIUM[e.premium][0 if e.announced else 1]
    valat = entries.get("valat")
    if valat and rules.preset == "tcmm":
        add("valat", value(valat), declarers_win(valat), max(deal.kontra, valat.kontra))
        return items
    add("game", game, z_game_won(rules, deal, entries), deal.kontra)
    for e in [valat] if valat else deal.premiums:
        add(e.premium, value(e), declarers_win(e), e.kontra)
    return items


def replayed(deals, n, items_of, doubled_by):
    """Each deal's (multiplier, points, money points, items, doubled pending after it), the balances, the counted
    deals: doubled deals as §8 says (Tapp: none)."""
    out, balance, money, pending, counted = [], [0] * n, [0] * n, 0, 0
    for deal in deals:
        multiplier = 2 if pending else 1
        items = items_of(deal)
        points = tuple(multiplier * sum(i[1][p] for i in items) for p in range(n))
        money_points = tuple(multiplier * sum(i[2][p] for i in items) for p in range(n))
        if deal.type != "misdeal":
            counted += 1
            pending = max(pending - 1, 0) + (n if doubled_by(deal, items) else 0)
        balance = [b + x for b, x in zip(balance, points)]
        money = [b + x for b, x in zip(money, money_points)]
        out.append((multiplier, points, money_points, [i[0] for i in items], pending))
    return out, balance, money, counted


def t_items(rules, deal, n) -> list:
    """(item, points, money points) of one Tapp-Tarock deal."""
    if deal.type == "misdeal":
        pay = [rules.misdeal_penalty] * n
        pay[deal.offender] = -(n - 1) * rules.misdeal_penalty
        return [("misdeal", pay, pay)]
    out = deal.dealer if n == 4 else None
    defenders = [p for p in range(n) if p != deal.declarer and (p != out or rules.sitting_out == "defends")]
    items = []

    def value(e):
        if e.premium == "pagat":
            return (8 if e.announced else 4) * (2 if deal.contract == "solo" else 1)
        return (24 if e.announced else 12) if rules.preset == "mayr" else T_GAME[deal.contract] * (
            8 if e.announced else 4)

    def add(name, v, won, kontra):
        points = [0] * n
        for p in defenders:
            points[p] = -v if won else v
        points[deal.declarer] = (v if won else -v) * len(defenders)
        money = [kontra * x for x in points]
        items.append((name, money if rules.kontra_in_schrift else points, money))

    if deal.type == "renonce":
        said = [e for e in deal.premiums if e.announced]
        each = next((value(e) for e in said if e.premium == "valat"), T_GAME[deal.contract]) + sum(
            value(e) for e in said if e.premium == "pagat")
        pay = [0] * n
        for p in [deal.declarer] + defenders:
            if p != deal.offender:
                pay[p] = each * len(defenders) if p == deal.declarer else each
        pay[deal.offender] = -sum(pay)
        items.append(("renonce", pay, pay))
    else:
        valat = next((e for e in deal.premiums if e.premium == "valat"), None)
        if valat:
            add("valat", value(valat), declarers_win(valat), max(deal.kontra, valat.kontra))
        else:
            add("game", T_GAME[deal.contract], deal.won if deal.won is not None else deal.card_points >= 36,
                deal.kontra)
        for e in deal.premiums:
            if e.premium == "pagat":
                add("pagat", value(e), declarers_win(e), e.kontra)
    for h in deal.hand_premiums:
        pay = [0] * n
        for p in range(n):
            if p not in (out, h.player):
                pay[p] -= T_HAND[h.premium]
                pay[h.player] += T_HAND[h.premium]
        items.append((h.premium, pay, pay))
    return items


def results(settlement):
    return [(r.multiplier, r.points, r.money_points, [i.item for i in r.items], r.doubled_pending)
            for r in settlement.deals]


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(test_zwanzigerrufen.parties())
def test_zwanzigerrufen_pays_what_a_plain_reading_pays(partie):
    rules = partie.rules
    out, balance, money, counted = replayed(
        partie.deals, 4, lambda deal: z_items(rules, deal),
        lambda deal, items: deal.type == "game" and "mondfang" in rules.doubled_radl
        and any(i[0] == "mondfang" for i in items))
    s = zwanzigerrufen.replay(partie)
    assert results(s) == out
    assert (list(s.balance), list(s.money_balance), s.counted) == (balance, money, counted)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(test_tapp.parties())
def test_tapp_pays_what_a_plain_reading_pays(partie):
    n = len(partie.players)
    out, balance, money, counted = replayed(partie.deals, n, lambda deal: t_items(partie.rules, deal, n),
                                            lambda deal, items: False)
    s = tapp.replay(partie)
    assert results(s) == out
    assert (list(s.balance), list(s.money_balance), s.counted) == (balance, money, counted)
