"""Random evenings of two phones at the HTTP level (a Hypothesis state machine): record, open an edit form and save
it later, undo, delete, put a deal back from the history, send a saved form again, end and reopen the partie.
After every step the stored deals are exactly the acknowledged ones, each as it was typed or as its own edit made
it; no deal's id is ever given to another deal; nothing changes while the partie is ended."""

import json
import re
import secrets
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from scorer import create_app, store
from scorer.db import connect

from .conftest import NEW_PARTIE, examples

SIMPLE = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0"}
POINTS = st.integers(min_value=36, max_value=60).map(str)   # each possible in a simple game


def hidden(page, name):
    match = re.search(r'name="%s" type="hidden" value="([^"]*)"' % name, page) or re.search(
        r'type="hidden" name="%s" value="([^"]*)"' % name, page)
    return match.group(1) if match else ""


class TwoPhones(RuleBasedStateMachine):
    """Strohmandeln: a simple game, Vorhand's card points typed."""

    NEW = NEW_PARTIE
    FORM = SIMPLE
    POINTS_FIELD = "points"          # the form's field of the typed card points

    @staticmethod
    def typed(deal: dict) -> str:
        """The typed fact the machine follows, as the stored deal has it."""
        return deal["card_points"][0]

    def __init__(self):
        super().__init__()
        self.tmp = tempfile.TemporaryDirectory()
        self.app = create_app({"TESTING": True, "DATABASE": str(Path(self.tmp.name) / "s.sqlite"),
                               "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False})
        self.phones = [self.app.test_client(), self.app.test_client()]
        r = self.phones[0].post("/new", data=self.NEW)
        self.board = r.headers["Location"]
        self.pid = self.board.rsplit("/", 1)[1]
        self.db = connect(self.app.config["DATABASE"])
        self.facts = {}          # deal id -> card points as acknowledged (recorded, or its own edit)
        self.order = []          # deal ids, in the partie's order
        self.ever = set()        # every id a deal ever had
        self.gone = {}           # deleted deal id -> its facts (it may be put back, with its id)
        self.edits = []          # edit forms opened: (deal id, number then, its fields)
        self.saved = []          # new-deal forms acknowledged: their fields (sent again later)
        self.ended = False

    def teardown(self):
        self.db.conn.close()
        self.tmp.cleanup()

    # -- what is stored -------------------------------------------------------------------------------------

    def stored(self):
        rows = self.db.execute("select id, deal from deals where partie_id = ? order by position", [self.pid])
        return [(i, self.typed(json.loads(d))) for i, d in rows]

    def version(self):
        return str(store.version(self.db, self.pid))

    def snapshot(self):
        return self.stored(), self.version(), self.db.execute(
            "select count(*) from history where partie_id = ?", [self.pid]).fetchone()[0]

    @invariant()
    def only_the_acknowledged_deals_as_they_were_made(self):
        rows = self.stored()
        assert [i for i, _ in rows] == self.order
        assert {i: p for i, p in rows} == {i: self.facts[i] for i in self.order}

    # -- the phones ------------------------------------------------------------------------------------------

    @rule(phone=st.integers(0, 1), points=POINTS)
    def record(self, phone, points):
        client = self.phones[phone]
        page = client.get(self.board + "/deal").text
        dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
        form = {**self.FORM, self.POINTS_FIELD: points, "dealer": dealer, "action": "save", "key": hidden(page, "key"),
                "version": hidden(page, "version"), "count": hidden(page, "count")}
        before = self.snapshot()
        r = client.post(self.board + "/deal", data=form)
        if self.ended:
            event("a new deal after the end")
            assert r.status_code == 422 and "This partie has ended" in r.text
            assert self.snapshot() == before
            return
        assert r.status_code == 302, r.text[:500]
        new = self.stored()[-1][0]
        assert new not in self.ever                                      # never an id a deal had before
        self.ever.add(new)
        self.order.append(new)
        self.facts[new] = points
        self.saved.append(form)

    @precondition(lambda self: self.order)
    @rule(phone=st.integers(0, 1), data=st.data())
    def open_edit(self, phone, data):
        number = data.draw(st.integers(1, len(self.order)))
        page = self.phones[phone].get(f"{self.board}/deal/{number}/edit").text
        fields = {"version": hidden(page, "version"), "key": hidden(page, "key"), "deal_id": hidden(page, "deal_id")}
        assert int(fields["deal_id"]) == self.order[number - 1]
        self.edits.append((self.order[number - 1], number, fields, phone))

    @precondition(lambda self: self.edits)
    @rule(data=st.data(), points=POINTS, again=st.booleans())
    def save_edit(self, data, points, again):
        ident, number, fields, phone = data.draw(st.sampled_from(self.edits))
        client = self.phones[phone]
        form = {**self.FORM, **fields, self.POINTS_FIELD: points, "dealer": "0", "action": "save"}
        before = self.snapshot()
        r = client.post(f"{self.board}/deal/{number}/edit", data=form)
        if self.ended:
            assert r.status_code in (409, 422) and "This partie has ended" in r.text
            assert self.snapshot() == before
            return
        if ident not in self.order:                                      # undone or deleted since it was opened
            event("an edit of a deal deleted since")
            assert r.status_code == 409 and "was deleted on another phone" in r.text
            assert self.snapshot() == before
            return
        if r.status_code == 409:                                         # the partie changed: the player is asked
            event("an edit asked again")
            assert self.snapshot() == before
            if not again:
                return
            action = re.search(r'<form[^>]*id="deal-form"[^>]*action="([^"]+)"', r.text) or re.search(
                r'action="([^"]+/edit)"', r.text)
            form["version"] = hidden(r.text, "version")
            r = client.post(action.group(1), data=form)              # "press Save again": the player's choice
        assert r.status_code == 302, r.text[:500]
        self.facts[ident] = points
        self.edits = [e for e in self.edits if e[0] != ident or e[2]["key"] != fields["key"]]

    @precondition(lambda self: self.order or self.ended)
    @rule(phone=st.integers(0, 1))
    def undo(self, phone):
        before = self.snapshot()
        r = self.phones[phone].post(self.board + "/undo", data={"version": self.version()})
        if self.ended:
            assert r.status_code == 409 and "Nothing was undone" in r.text
            assert self.snapshot() == before
            return
        assert r.status_code == 302
        gone = self.order.pop()
        self.gone[gone] = self.facts[gone]

    @precondition(lambda self: self.order and self.edits and not self.ended)
    @rule(phone=st.integers(0, 1), points=POINTS)
    def undo_and_record(self, phone, points):
        """The other phone undoes the last deal and records a different one at once (the deal number comes
        again; its id must not)."""
        self.undo(phone)
        self.record(phone, points)

    @precondition(lambda self: self.order)
    @rule(phone=st.integers(0, 1), data=st.data())
    def delete(self, phone, data):
        number = data.draw(st.integers(1, len(self.order)))
        before = self.snapshot()
        r = self.phones[phone].post(f"{self.board}/deal/{number}/delete", data={"version": self.version()})
        if self.ended:
            assert r.status_code == 409 and "Nothing was deleted" in r.text
            assert self.snapshot() == before
            return
        assert r.status_code == 302
        gone = self.order.pop(number - 1)
        self.gone[gone] = self.facts[gone]

    @precondition(lambda self: self.gone)
    @rule(phone=st.integers(0, 1), data=st.data())
    def restore(self, phone, data):
        entries = [h for h in store.history(self.db, self.pid) if h["action"] == "deleted"]
        back = {h["detail"].get("entry") for h in store.history(self.db, self.pid) if h["action"] == "restored"}
        entries = [h for h in entries if h["id"] not in back]
        if not entries:
            return
        entry = data.draw(st.sampled_from(entries))
        before = self.snapshot()
        r = self.phones[phone].post(f"{self.board}/history/{entry['id']}/restore", data={"version": self.version()})
        if self.ended:
            assert r.status_code == 409 and "Nothing was put back" in r.text
            assert self.snapshot() == before
            return
        if r.status_code == 200:                                         # deals recorded since: it asks first
            event("a put back asked")
            assert 'id="put-back-anyway"' in r.text and "becomes deal" in r.text
            assert self.snapshot() == before                             # the first tap changes nothing
            r = self.phones[phone].post(f"{self.board}/history/{entry['id']}/restore",
                                        data={"version": hidden(r.text, "version"), "confirm": "1"})
        assert r.status_code == 302
        event("a deal put back")
        ident = entry["detail"]["id"]
        assert self.typed(entry["detail"]["before"]) == self.gone[ident] or ident in self.facts
        self.order = [i for i, _ in self.stored()]                       # put back where it was: the same id
        assert ident in self.order and ident not in self.gone or ident in self.order
        self.gone.pop(ident, None)

    @precondition(lambda self: self.saved)
    @rule(phone=st.integers(0, 1), data=st.data(), changed=st.booleans())
    def send_again(self, phone, data, changed):
        form = dict(data.draw(st.sampled_from(self.saved)))
        if changed:
            form[self.POINTS_FIELD] = str(int(form[self.POINTS_FIELD]) % 70 + 1)
        before = self.snapshot()
        r = self.phones[phone].post(self.board + "/deal", data=form)
        assert r.status_code in (302, 409, 422), r.status_code
        event(f"a saved form sent again: {r.status_code}")
        assert self.snapshot() == before                                 # a saved form never records twice
        if r.status_code == 409 and "already saved as deal" in r.text:  # named: the very deal it made
            num = int(re.search(r"already saved as deal (\d+)", r.text).group(1))
            made = self.db.execute("select deal_id from submissions where key = ?", [form["key"]]).fetchone()[0]
            assert self.order[num - 1] == made

    @rule(phone=st.integers(0, 1))
    def end_or_reopen(self, phone):
        if self.ended:
            assert self.phones[phone].post(self.board + "/reopen").status_code == 302
        else:
            assert self.phones[phone].post(self.board + "/end", data={"confirm": "yes"}).status_code == 302
        self.ended = not self.ended


class TwoPhonesBavarian(TwoPhones):
    """Bavarian Tarock (haferl, three players): Anna's Pick-Up, the declarer's card points typed."""

    NEW = {"game": "haferltarock", "player0": "Anna", "player1": "Bernd", "player2": "Clara", "player3": "",
           "first_dealer": "0", "preset": "haferl", "draw_at_60": "y"}
    FORM = {"type": "game", "target": "61", "declarer": "0", "contract": "pickup"}

    @staticmethod
    def typed(deal: dict) -> str:
        return str(deal["declarer_points"])


class TwoPhonesKoenigrufen(TwoPhones):
    """Königrufen (four players): Bernd's Dreier, his card points typed."""

    NEW = {"game": "koenigrufen", "player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora",
           "player4": "", "first_dealer": "0", "preset": "ooe"}
    FORM = {"type": "game", "contract": "dreier", "declarer": "1"}
    POINTS_FIELD = "card_points"

    @staticmethod
    def typed(deal: dict) -> str:
        return str(deal["card_points"])


SETTINGS = settings(max_examples=examples(40), stateful_step_count=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TwoPhones.TestCase.settings = SETTINGS
TwoPhonesBavarian.TestCase.settings = settings(SETTINGS, max_examples=examples(20))
test_two_phones_never_replace_an_acknowledged_deal = TwoPhones.TestCase
TwoPhonesKoenigrufen.TestCase.settings = settings(SETTINGS, max_examples=examples(20))
test_two_phones_never_replace_an_acknowledged_bavarian_deal = TwoPhonesBavarian.TestCase
test_two_phones_never_replace_an_acknowledged_koenigrufen_deal = TwoPhonesKoenigrufen.TestCase
