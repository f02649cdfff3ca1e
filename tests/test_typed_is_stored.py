"""What a player typed is what is stored, over random sequences at the HTTP level (Hypothesis, stateful), for each
game: two phones open forms, type deals choosing persons, correct the dealer before saving, save; a form older than
the partie gets the 409, then "Record mine as deal N too" (the 409 page pressed as a browser without script sends
it) or "Discard mine"; Strohmandeln's forms also come with the old role values ("forehand", "dealer") an outbox may
still hold. After every step every stored deal is the one typed for it: the same persons, piles, results; after
"record mine too" only its dealer may have moved on, to the next dealer."""

import re
import secrets
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorer import create_app, store
from scorer.db import connect
from scorer.games import game_of
from scorer.partie_file import deal_to_dict
from tests.formparse import press
from tests.conftest import examples

SETTINGS = settings(max_examples=examples(25), stateful_step_count=10, deadline=None,   # 25 in the full profile (CI)
                    suppress_health_check=[HealthCheck.too_slow])


def vorhand(dealer, n):
    return (dealer + 1) % n


class Game:
    """A game's new partie, its typed deals as form fields, and the facts they must be stored as."""
    new: dict
    n: int

    def typed(self, draw, dealer):   # (form fields, expected deal facts as the partie file writes them)
        raise NotImplementedError


class Strohmandeln(Game):
    new = {"player0": "Anna", "player1": "Bernd", "first_dealer": "0", "preset": "tarockbuch-extended",
           "stake": "", "deck": "54", "counting": "threes", "nullrunde": "queue", "simple_games": "default",
           "valat": "replace"}
    n = 2

    def typed(self, draw, dealer, old_roles=False):
        from scorer.games.strohmandeln import Deal
        undertaker = draw(st.sampled_from([None, 0, 1]))
        pile = draw(st.sampled_from(["auto", 0, 1]))
        points = draw(st.integers(20, 50))
        owner = pile if pile != "auto" else undertaker if undertaker is not None else vorhand(dealer, 2)
        value = "nobody" if undertaker is None else str(undertaker)
        if old_roles and undertaker is not None:   # as an old outbox entry holds it: the role under its dealer
            value = "dealer" if undertaker == dealer else "forehand"
        fields = {"type": "game", "dealer": str(dealer), "undertaker": value, "points": str(points), "blatt": "0",
                  "pile_of": str(owner), "pile_auto": "1" if pile == "auto" else ""}
        thirds = points * 3
        deal = Deal("game", dealer, undertaker=undertaker,
                    card_points=(thirds, None) if owner == 0 else (None, thirds))
        return fields, deal


class Koenigrufen(Game):
    new = {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
           "first_dealer": "0", "preset": "ooe"}
    n = 4

    def typed(self, draw, dealer, old_roles=False):
        from scorer.games.koenigrufen import ABSENT, Deal
        kind = draw(st.sampled_from(["solorufer", "piccolo", "misdeal"]))
        if kind == "misdeal":
            offender = draw(st.integers(0, 3))
            return {"type": "misdeal", "dealer": str(dealer), "offender": str(offender)}, \
                Deal("misdeal", dealer, offender=offender)
        declarer = draw(st.integers(0, 3))
        won = draw(st.booleans())
        fields = {"type": "game", "dealer": str(dealer), "contract": kind, "declarer": str(declarer),
                  "result": "won" if won else "lost", "kontra": "1"}
        if kind == "piccolo":
            return fields, Deal("game", dealer, "piccolo", declarer, ABSENT, won=won)
        partner = draw(st.sampled_from([p for p in range(4) if p != declarer] + [None]))
        fields["partner"] = "talon" if partner is None else str(partner)
        return fields, Deal("game", dealer, "solorufer", declarer, partner, won=won)


class Bavarian(Game):
    new = {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "Dieter",
           "first_dealer": "0", "preset": "haferl", "draw_at_60": "y"}
    n = 4

    def typed(self, draw, dealer, old_roles=False):
        from scorer.games.haferl import Deal
        declarer = draw(st.integers(0, 3))
        points = draw(st.integers(0, 120))
        fields = {"type": "game", "dealer": str(dealer), "declarer": str(declarer), "contract": "pickup",
                  "target": "61", "points": str(points)}
        return fields, Deal("game", dealer, declarer, "pickup", 61, points, False)


def facts(deal, without_dealer=False):
    found = deal_to_dict(deal)
    if without_dealer:
        found.pop("dealer", None)
    return found


def machine(game: Game):
    class TypedIsStored(RuleBasedStateMachine):
        def __init__(self):
            super().__init__()
            self.dir = tempfile.TemporaryDirectory()
            self.app = create_app({"TESTING": True, "DATABASE": str(Path(self.dir.name) / "s.sqlite"),
                                   "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
            self.client = self.app.test_client()
            response = self.client.post("/new", data=game.new)
            assert response.status_code == 302, response.text[:500]
            self.board = response.headers["Location"]
            self.expected = []   # the facts each stored deal must have
            self.phones = {}     # phone -> the form it opened: key, version, count

        def teardown(self):
            self.dir.cleanup()

        def stored(self):
            with self.app.app_context():
                db = connect(self.app.config["DATABASE"])
                sp = store.load(db, self.board.rsplit("/", 1)[1])
                db.conn.close()
            return sp

        def next_dealer(self):
            sp = self.stored()
            s = game_of(sp.partie).replay(sp.partie)
            return sp.partie.first_dealer if s.next_dealer is None else s.next_dealer

        @rule(phone=st.sampled_from([0, 1]))
        def open_form(self, phone):
            page = self.client.get(self.board + "/deal").text
            self.phones[phone] = {n: re.search(rf'name="{n}"[^>]*value="([^"]*)"', page).group(1)
                                  for n in ("key", "version", "count")}
            self.phones[phone]["dealer"] = int(re.search(r'name="dealer" value="(\d)" checked', page).group(1))

        @rule()
        def both_phones_open(self):   # the table's usual race: both phones open the form of the same deal
            self.open_form(0)
            self.open_form(1)

        @precondition(lambda self: self.phones)
        @rule(data=st.data(), corrected=st.booleans(), record_too=st.booleans(), old_roles=st.booleans())
        def type_and_save(self, data, corrected, record_too, old_roles):
            phone = data.draw(st.sampled_from(sorted(self.phones)))
            opened = self.phones.pop(phone)
            dealer = data.draw(st.integers(0, game.n - 1)) if corrected else opened["dealer"]
            fields, deal = game.typed(data.draw, dealer, old_roles=old_roles)
            before = len(self.stored().partie.deals)
            answer = self.client.post(self.board + "/deal", data={**fields, "key": opened["key"],
                                                                  "version": opened["version"],
                                                                  "count": opened["count"], "action": "save"})
            if isinstance(game, Bavarian) and deal.declarer == dealer:   # he deals and sits out at four
                assert answer.status_code in (409, 422)
            if answer.status_code == 422:   # refused as typed (the declarer sits out): nothing stored
                assert len(self.stored().partie.deals) == before
                return
            if answer.status_code == 302:
                self.expected.append((facts(deal), None))
                return
            assert answer.status_code == 409, (answer.status_code, answer.text[:300])
            assert len(self.stored().partie.deals) == before     # nothing stored until the player chooses
            if not record_too or 'id="record-anyway"' not in answer.text:
                return                                          # "Discard mine"
            proposed = self.next_dealer()
            again = press(self.client, self.board + "/deal", answer.text, "record-anyway")
            assert again.status_code == 302, again.text[:300]
            self.expected.append((facts(deal, without_dealer=True), {dealer, proposed}))

        @invariant()
        def every_stored_deal_is_the_one_typed(self):
            deals = self.stored().partie.deals
            assert len(deals) == len(self.expected)
            for deal, (want, dealers) in zip(deals, self.expected):
                if dealers is None:
                    assert facts(deal) == want
                else:   # recorded after the other phone's deal: only the dealer may have moved on
                    assert facts(deal, without_dealer=True) == want and deal.dealer in dealers

    TypedIsStored.TestCase.settings = SETTINGS
    return TypedIsStored


TestStrohmandelnTypedIsStored = machine(Strohmandeln()).TestCase
TestKoenigrufenTypedIsStored = machine(Koenigrufen()).TestCase
TestBavarianTypedIsStored = machine(Bavarian()).TestCase
