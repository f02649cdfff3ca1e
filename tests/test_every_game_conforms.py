"""Every game conforms: the properties every game's settlement, partie file, pages and forms must have, checked once
over every registered game and the tests' fake game (tests/fakegame), each from its own sample deals
(`Game.sample_partie`, drawn by Hypothesis over the seed and the number of deals). A game registered later is covered
here without touching this file; a game that gives no sample fails here.

1. Every figure sums to zero: each deal's figures on the score sheet (`Game.sheet`), each deal's money and the money
   at the end (`Game.money`), with the pot where the game has one (`has_pot`, `pot`), the Schrift (`schrift`), and the
   evening closed by each of its choices (`close`: the players' money and the pot's line).
2. The partie file round trip: the partie written to its file and read back is the same partie and replays to the
   same settlement, also through `python -m scorer replay --json`; the CSV export (`replay --csv`, as the web's)
   has one row per deal.
3. Every page of a partie of the game's sample deals renders, in English and German: 200, no traceback.
4. The typed facts round trip: each sample deal drawn into the game's edit form and sent back unchanged is the same
   deal, in the form's own code (`make_form`, `to_deal`) and over HTTP (the edit page, saved, then read from the store).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import re
import shutil
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import create_app, games, store
from scorer.__main__ import main
from scorer.export import csv_text
from scorer.game import ZERO
from scorer.partie_file import dumps, loads, settlement_to_dict
from scorer.web.dealing import facts

from .conftest import examples
from .formparse import form_fields
from .helpers import stored, stored_partie

FAKE = "tests.fakegame.game"   # the fake game's registry line (tests/fakegame/fixture.py registers it the same way)
FAKE_KEY = "coin-toss"
KEYS = [g.key for g in games.registered()] + [FAKE_KEY]


@contextlib.contextmanager
def playing(key):
    """The game of `key`: a registered one, or the fake game registered for the while and taken out again."""
    if key != FAKE_KEY:
        yield games.find(key)
        return
    game = games.load(FAKE)
    try:
        yield game
    finally:
        games.unregister(game)


def sample(game, deals, seed=7):
    partie = game.sample_partie(deals, seed)
    assert len(partie.deals) == deals, f"{game.key}'s sample_partie gave {len(partie.deals)} deals, not {deals}"
    return partie


SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


@pytest.mark.parametrize("key", KEYS)
def test_every_game_is_played_at_the_table_and_gives_its_samples(key):
    """Every game checked here has a web part (the pages and forms below are checked for every one: a game added with
    its engine only fails here, by name, instead of being left out of them) and its own sample partie, of any length
    asked, the same for the same seed."""
    with playing(key) as game:
        assert game.offered, f"{game.key} has no web part: the pages and forms of this suite cannot be checked"
        assert game.web_part() is not None
        for deals in (0, 1, 17):
            assert sample(game, deals, seed=3) == sample(game, deals, seed=3)


# -- 1. every figure sums to zero -------------------------------------------------------------------------------------

def pot_of(game, settlement):
    """What the pot holds after the settlement's deals: nothing for a game without one (`has_pot`)."""
    return (game.pot(settlement) or ZERO) if game.has_pot else ZERO


def choices_of(game):
    """Every choice the game offers for the end of the evening (its web part's), and None (the first)."""
    return [None, *game.web_part().at_the_end_choices()] if game.offered else [None]


@pytest.mark.parametrize("key", KEYS)
def test_every_figure_sums_to_zero_per_deal_and_in_total(key):
    with playing(key) as game:
        @settings(max_examples=examples(60), deadline=None)
        @given(seed=SEEDS, deals=st.integers(min_value=0, max_value=40))
        def check(seed, deals):
            settlement = game.replay(sample(game, deals, seed))
            assert len(settlement.deals) == deals
            assert sum(settlement.balance) + pot_of(game, settlement) == 0
            assert sum(game.schrift(settlement)) == 0
            sheet = game.sheet(settlement)
            assert len(sheet) == deals
            before = game.upto(settlement, 0)
            money_before, pot_before = game.money(before), pot_of(game, before)
            assert sum(money_before) + pot_before == 0
            for k, (_, running) in enumerate(sheet, start=1):
                after = game.upto(settlement, k)
                money, pot = game.money(after), pot_of(game, after)
                # the sheet's running figures after deal k (points, or money) and the pot then add up to nothing,
                # so each deal's change of them does too
                assert sum(running) + pot == 0, (k, running, pot)
                assert sum(after.balance) + pot == 0, k
                if money:   # a game played for money: each deal's money and the pot's change add up to nothing
                    assert sum(m - b for m, b in zip(money, money_before)) + (pot - pot_before) == 0, k
                    assert sum(money) + pot == 0, k
                money_before, pot_before = money, pot
            for choice in choices_of(game):
                closing = game.at_the_end(settlement, choice)
                if closing is not None:   # the players' money and the pot's line among the transfers
                    assert sum(closing.money) + closing.line == 0, choice
                    assert closing.pot == pot_of(game, settlement)
                    again = game.close(game.money(settlement), game.pot(settlement), choice)
                    assert again == closing, choice   # the end page and a Runde close it alike
        check()


# -- 2. the partie file round trip, the command line and the CSV export -----------------------------------------------

def deal_rows(text):
    """The CSV's rows of deals: those whose first cell is a deal's number, as numbers."""
    return [int(row[0]) for row in csv.reader(io.StringIO(text)) if row and row[0].isdigit()]


@pytest.mark.parametrize("key", KEYS)
def test_the_partie_file_replays_to_the_same_settlement_and_exports_a_row_per_deal(key):
    with playing(key) as game:
        @settings(max_examples=examples(40), deadline=None)
        @given(seed=SEEDS, deals=st.integers(min_value=0, max_value=40))
        def check(seed, deals):
            partie = sample(game, deals, seed)
            text = dumps(partie)
            again = loads(text)
            # the file names no first dealer (docs/FORMAT.md): the first deal's dealer is, and seat 0 without a deal
            assert again == (partie if deals else replace(partie, first_dealer=0))
            assert games.game_of(again) is game
            assert dumps(again) == text
            expected = settlement_to_dict(game.replay(partie if deals else again))
            assert settlement_to_dict(game.replay(again, checked=True)) == expected
            assert deal_rows(csv_text(game.replay(again))) == list(range(1, deals + 1))
        check()


@pytest.mark.parametrize("key", KEYS)
def test_the_command_line_replays_the_file_as_the_engine_does(key, tmp_path, capsys):
    with playing(key) as game:
        partie = sample(game, 30, seed=11)
        path = tmp_path / "partie.json"
        path.write_text(dumps(partie), encoding="utf-8")
        assert main(["replay", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(settlement_to_dict(game.replay(partie))))
        assert main(["replay", str(path), "--csv"]) == 0
        out = capsys.readouterr().out
        assert out == csv_text(game.replay(partie)) and deal_rows(out) == list(range(1, 31))
        assert main(["replay", str(path)]) == 0 and capsys.readouterr().out.strip()


# -- 3. every page of a partie renders, in English and German --------------------------------------------------------

@pytest.fixture
def game_app(request, tmp_path, migrated_store):
    """(the game of the test's `key`, an app made while it is registered, so a fake game's pages join it)."""
    with playing(request.param) as game:
        database = tmp_path / "scorer.sqlite"
        shutil.copyfile(migrated_store, database)
        app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test", "WTF_CSRF_ENABLED": False})
        yield game, app


PAGE_DEALS = 12


def pages(board, deals):
    """Every page of a partie a player opens: the board, the deal form, each deal's page and its edit (the first and
    the last), all deals, the history, the rules, sharing it, its end, the CSV and Excel exports, its file."""
    numbered = [f"{board}/deal/{n}{edit}" for n in sorted({1, deals}) for edit in ("", "/edit")]
    return [board, f"{board}/deal", *numbered, f"{board}/deals", f"{board}/history", f"{board}/rules",
            f"{board}/share", f"{board}/qr.svg", f"{board}/end", f"{board}/export.csv", f"{board}/excel.csv",
            f"{board}/partie.json"]


@pytest.mark.parametrize("game_app", KEYS, indirect=True)
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_of_a_partie_renders(game_app, language):
    game, app = game_app
    client = app.test_client()
    assert client.get(f"/lang/{language}?next=/").status_code == 303
    partie = sample(game, PAGE_DEALS, seed=5)
    board = stored_partie(app, partie)
    for path in pages(board, PAGE_DEALS):
        response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        assert "Traceback" not in response.text and "Internal Server Error" not in response.text, path
        if response.mimetype == "text/html":
            assert f'<html lang="{language}"' in response.text, path
    assert loads(client.get(f"{board}/partie.json").text) == partie
    assert deal_rows(client.get(f"{board}/export.csv").text) == list(range(1, PAGE_DEALS + 1))
    # the same pages once the partie is ended (its end page then shows who pays whom)
    assert client.post(f"{board}/end", data={"confirm": "yes"}).status_code == 302   # past any warning
    for path in (board, f"{board}/end", f"{board}/deals", f"{board}/deal/1"):
        response = client.get(path)
        assert response.status_code == 200 and "Traceback" not in response.text, path


# -- 4. the typed facts round trip: a deal drawn into its form and sent back is the same deal --------------------------

@pytest.mark.parametrize("game_app", KEYS, indirect=True)
def test_every_sample_deal_drawn_into_its_form_reads_back_as_the_same_deal(game_app):
    """The form's own code: each deal drawn into a fresh edit form (`make_form(..., fresh=True)`, as the merge of a
    stale write draws it) and read back (`to_deal`) is the same deal, fact for fact (also on a POST, whose own fields
    the fresh form ignores)."""
    game, app = game_app
    web = game.web_part()

    @settings(max_examples=examples(20), deadline=None)
    @given(seed=SEEDS)
    def check(seed):
        partie = sample(game, 40, seed)
        settlement = game.replay(partie)
        sp = store.StoredPartie(id="x", partie=partie, version=1, created="", ended=None)
        with app.test_request_context(method="POST", data={"dealer": "1", "points": "99", "winner": "0"}):
            for deal in partie.deals:
                form = web.make_form(sp, settlement, deal, fresh=True)
                again, problems = web.to_deal(form, partie)
                assert not problems and facts(again) == facts(deal), (deal, again)
    check()


EDIT_DEALS = 8


@pytest.mark.parametrize("game_app", KEYS, indirect=True)
def test_every_sample_deal_saved_unchanged_from_its_edit_page_stores_the_same_deal(game_app):
    """Over HTTP: each deal's edit page, sent back as a browser without script sends it (the save button pressed,
    nothing changed), is accepted and leaves the same deal in the store."""
    game, app = game_app
    client = app.test_client()
    partie = sample(game, EDIT_DEALS, seed=9)
    board = stored_partie(app, partie)
    for number, deal in enumerate(partie.deals, start=1):
        page = client.get(f"{board}/deal/{number}/edit")
        assert page.status_code == 200
        fields = [(k, v) for k, v in form_fields(page.text) if k != "action"] + [("action", "save")]
        data: dict[str, list[str]] = {}
        for k, v in fields:
            data.setdefault(k, []).append(v)
        saved = client.post(f"{board}/deal/{number}/edit", data=data)
        assert saved.status_code in (302, 303), (number, saved.status_code, re.sub(r"\s+", " ", saved.text)[:2000])
        assert "Traceback" not in saved.text
        kept = stored(app, board).partie
        assert facts(kept.deals[number - 1]) == facts(deal), number
    assert [facts(d) for d in stored(app, board).partie.deals] == [facts(d) for d in partie.deals]
    assert settlement_to_dict(game.replay(stored(app, board).partie)) == settlement_to_dict(game.replay(partie))
