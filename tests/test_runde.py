"""Die Runde: members, parties inside it, moved into it, standings replayed from the deals, head to head, open
balances with the fewest transfers, settled marks, exports and the Runde file's round trip (real HTTP)."""

import csv
import io
import json
import re
from decimal import Decimal

import pytest

from scorer import runde_store, store
from scorer.db import connect
from scorer.games import game_of
from scorer.games.haferl import replay as haferl_replay
from scorer.runde import pairwise
from scorer.settle import fewest_transfers
from scorer.web.language import euros

from .conftest import NEW_PARTIE, record
from .test_haferl_web import NEW as NEW_HAFERL
from .test_haferl_web import deal as haferl_deal


def new_runde(client, members="Anna\nBernd\nClara\nDieter", settles="month", game="strohmandeln"):
    r = client.post("/r/new", data={"name": "Donnerstagsrunde", "game": game, "settles": settles, "members": members})
    assert r.status_code == 302, r.text
    return r.headers["Location"].rsplit("/", 1)[1]


def stored(app, rid):
    with app.app_context():
        db = connect(app.config["DATABASE"])
        try:
            return runde_store.load_runde(db, rid)
        finally:
            db.conn.close()


def settlement(app, pid):
    with app.app_context():
        db = connect(app.config["DATABASE"])
        sp = store.load(db, pid)
        db.conn.close()
    return game_of(sp.partie).replay(sp.partie)


def end_money(s, keep=False):
    """An evening's money as its end page settles it: Bavarian Tarock's pot shared (or kept) by the engine."""
    if getattr(s, "pot", None) is None:
        return s.money
    from scorer.games.haferl.scoring import at_the_end
    return at_the_end(s, keep)[0]


def standings_csv(client, rid, **args):
    r = client.get(f"/r/{rid}/standings.csv", query_string={"period": "all", **args})
    assert r.status_code == 200
    return list(csv.reader(io.StringIO(r.text)))


def two_evenings(app, client):
    """A Runde with a Strohmandeln evening (Anna, Bernd) and a Bavarian Tarock evening (all four)."""
    rid = new_runde(client)
    ids = {m.name: m.id for m in stored(app, rid).members}
    page = client.get(f"/new?game=strohmandeln&runde={rid}&member={ids['Anna']}&member={ids['Bernd']}").text
    assert 'value="Anna"' in page and 'value="Bernd"' in page and f'name="runde" value="{rid}"' in page
    r = client.post("/new", data={**NEW_PARTIE, "runde": rid})
    one = r.headers["Location"]
    assert record(client, one, undertaker="dealer", pile_of="0", points="40").status_code == 302   # Anna wins
    assert record(client, one, undertaker="dealer", pile_of="1", points="20").status_code == 302   # Bernd loses
    r = client.post("/new", data={**NEW_HAFERL, "runde": rid})
    two = r.headers["Location"]
    assert haferl_deal(client, two, declarer="0", contract="pickup", points="67").status_code == 302
    assert haferl_deal(client, two, declarer="1", contract="hand", target="66", points="80").status_code == 302
    return rid, ids, one.rsplit("/", 1)[1], two.rsplit("/", 1)[1]


def test_a_runde_adds_up_its_evenings_of_both_games(app, client):
    rid, ids, one, two = two_evenings(app, client)
    runde = stored(app, rid)
    assert [p.id for p in runde.parties] == [one, two]
    assert runde.parties[0].members == (ids["Anna"], ids["Bernd"])
    assert runde.parties[1].members == (ids["Anna"], ids["Bernd"], ids["Clara"], ids["Dieter"])
    s1, s2 = settlement(app, one), settlement(app, two)
    # Strohmandeln (Tarockbuch extended, 0.10 a point): Anna undertook and won (3), Bernd undertook and lost
    # with 20, so Anna won it (4) with 50 card points, a Grammel (+1)
    assert s1.balance == (8, -8) and s1.money == (Decimal("0.80"), Decimal("-0.80"))
    money = {"Anna": s1.money[0] + end_money(s2)[0], "Bernd": s1.money[1] + end_money(s2)[1],
             "Clara": end_money(s2)[2], "Dieter": end_money(s2)[3]}
    rows = standings_csv(client, rid)
    assert rows[0][:6] == ["Player", "Evenings", "Deals", "Points", "Money", "Money per evening"]
    table = {r[0]: r for r in rows[1:5]}
    # deals played: Anna both Strohmandeln deals and one Bavarian (at four the dealer sits out: Dieter deals the
    # first, Anna the second), Clara both Bavarian deals
    assert table["Anna"][1:4] == ["2", "3", "8"] and table["Clara"][1:4] == ["1", "2", "0"]
    for name, m in money.items():
        assert Decimal(table[name][4]) == m
    assert Decimal(table["Anna"][5]) == (money["Anna"] / 2).quantize(Decimal("0.01"))
    header = rows[0]
    assert table["Anna"][header.index("Undertaken and won")] == "1"
    assert table["Bernd"][header.index("Undertaken and lost")] == "1"
    assert table["Anna"][header.index("Pick-Up (Stockspiel): declared")] == "1"
    assert table["Bernd"][header.index("Hand (Handspiel): won")] == "1"
    assert table["Clara"][header.index("Paid into the pot")] == "0.50"
    # head to head: the two-player evening directly, the four-player one split in proportion
    h2h = {}
    for (w, lo), amount in pairwise(s1.money).items():
        h2h[("Anna Bernd".split()[w], "Anna Bernd".split()[lo])] = amount
    names = "Anna Bernd Clara Dieter".split()
    for (w, lo), amount in pairwise(end_money(s2)).items():
        h2h[(names[w], names[lo])] = h2h.get((names[w], names[lo]), 0) + amount
    start = rows.index(["Won", "From", "Money"])
    got = {(r[0], r[1]): Decimal(r[2]) for r in rows[start + 1:]}
    for (w, lo), amount in h2h.items():
        net = amount - h2h.get((lo, w), 0)
        if net > 0:
            assert got[(w, lo)] == net.quantize(Decimal("0.01"))
    page = client.get(f"/r/{rid}?period=all")
    assert page.status_code == 200 and "Head to head" in page.text and "<path d=\"M" in page.text


def test_pairwise_is_what_the_losers_paid_the_winners():
    assert pairwise((Decimal("0.40"), Decimal("-0.40"))) == {(0, 1): Decimal("0.40")}
    split = pairwise((Decimal("3"), Decimal("1"), Decimal("-2"), Decimal("-2")))
    assert split == {(0, 2): Decimal("1.5"), (1, 2): Decimal("0.5"), (0, 3): Decimal("1.5"), (1, 3): Decimal("0.5")}


def test_edits_and_deletes_after_the_fact_change_the_standings(app, client):
    rid, ids, one, two = two_evenings(app, client)
    before = {r[0]: r for r in standings_csv(client, rid)[1:5]}
    assert before["Bernd"][2] == "4"
    # delete Bernd's lost game: the Strohmandeln evening is 3 : -3 now
    r = client.post(f"/p/{one}/deal/2/delete", data={"version": str(settlement_version(app, one))})
    assert r.status_code in (302, 303)
    after = {r[0]: r for r in standings_csv(client, rid)[1:5]}
    s1, s2 = settlement(app, one), settlement(app, two)
    assert s1.balance == (3, -3)   # only Anna's won undertaken game is left
    assert after["Bernd"][2] == "3" and Decimal(after["Bernd"][4]) == s1.money[1] + end_money(s2)[1]
    assert after["Anna"][3] == "3"


def settlement_version(app, pid):
    with app.app_context():
        db = connect(app.config["DATABASE"])
        v = store.version(db, pid)
        db.conn.close()
    return v


def test_open_balances_the_fewest_transfers_and_the_settled_mark(app, client):
    rid, ids, one, two = two_evenings(app, client)
    s1, s2 = settlement(app, one), settlement(app, two)
    page = client.get(f"/r/{rid}").text
    balances = [s1.money[0] + end_money(s2)[0], s1.money[1] + end_money(s2)[1], end_money(s2)[2], end_money(s2)[3]]
    pot = -sum(balances)
    assert pot == 0                          # the Bavarian evening's pot shared, as its end page shares it
    transfers = fewest_transfers(balances)
    names = "Anna Bernd Clara Dieter".split() + ["the pot"]
    open_part = page.split('id="open"')[1].split("</section>")[0]
    for t in transfers:
        line = f"{names[t.payer]} pays {names[t.payee]} {t.amount:.2f} €"
        assert line in open_part
    assert len(re.findall(r"<li>[^<]* pays ", open_part)) == len(transfers)
    r = client.post(f"/r/{rid}/settle", data={"partie": [one, two]})
    assert r.status_code == 302
    page = client.get(f"/r/{rid}").text
    assert "Everything is settled." in page
    r = client.post(f"/r/{rid}/settle", data={"partie": [one], "settled": "no"})
    page = client.get(f"/r/{rid}").text
    assert "Everything is settled." not in page
    assert f"Anna pays Bernd" not in page and "Bernd pays Anna 0.80 €" in page


def test_a_partie_moved_in_asks_which_member_each_player_is(app, client):
    rid = new_runde(client, members="Anna\nBernhard")
    r = client.post("/new", data={**NEW_PARTIE})
    pid = r.headers["Location"].rsplit("/", 1)[1]
    record(client, r.headers["Location"], undertaker="dealer", pile_of="0", points="40")
    page = client.get(f"/r/{rid}/move", query_string={"partie": f"http://localhost/p/{pid}"})
    assert page.status_code == 200 and "Who is Bernd?" in page.text
    members = {m.name: m.id for m in stored(app, rid).members}
    assert f'<option value="{members["Anna"]}" selected>' in page.text   # Anna is found by her name
    # the same member twice: refused, nothing changed
    r = client.post(f"/r/{rid}/move", data={"partie": pid, "confirm": "yes", "seat0": members["Anna"],
                                            "seat1": members["Anna"]})
    assert r.status_code == 422 and "one seat only" in r.text and not stored(app, rid).parties
    r = client.post(f"/r/{rid}/move", data={"partie": pid, "confirm": "yes", "seat0": members["Anna"],
                                            "seat1": members["Bernhard"]})
    assert r.status_code == 302
    runde = stored(app, rid)
    assert runde.parties[0].members == (members["Anna"], members["Bernhard"])
    assert "Bernhard" in client.get(f"/p/{pid}").text   # the player takes the member's name
    assert "Player renamed" in client.get(f"/p/{pid}/history").text


def test_a_new_name_becomes_a_member_and_a_rename_is_for_every_evening(app, client):
    rid = new_runde(client, members="Anna")
    r = client.post("/new", data={**NEW_PARTIE, "player1": "Xaver", "runde": rid})
    pid = r.headers["Location"].rsplit("/", 1)[1]
    runde = stored(app, rid)
    assert [m.name for m in runde.members] == ["Anna", "Xaver"]
    xaver = runde.by_name("xaver").id
    r = client.post(f"/r/{rid}/members/{xaver}", data={"name": "anna"})
    assert r.status_code == 422 and "cannot share a name" in r.text
    r = client.post(f"/r/{rid}/members/{xaver}", data={"name": "Xaver Huber"})
    assert r.status_code == 302
    assert "Xaver Huber" in client.get(f"/p/{pid}").text
    r = client.post(f"/r/{rid}/members", data={"name": "ANNA"})
    assert r.status_code == 422 and "two members cannot share a name" in r.text
    r = client.post("/r/new", data={"name": "X", "game": "strohmandeln", "settles": "month", "members": "Ab\nab"})
    assert r.status_code == 422 and "Two members cannot share a name." in r.text


@pytest.mark.parametrize("address", ["/r/nope", "/r/" + "A" * 22, "/r/%00", "/r/x/move", "/r/x/standings.csv",
                                     "/r/x/runde.json", "/r/x/excel.csv"])
def test_unknown_runde_addresses_are_404(client, address):
    assert client.get(address).status_code == 404


def test_a_bad_period_is_said_not_a_500(app, client):
    rid = new_runde(client)
    r = client.get(f"/r/{rid}", query_string={"period": "range", "from": "2024-13-01", "to": "x"})
    assert r.status_code == 200 and "write the day as YYYY-MM-DD" in r.text


def test_the_runde_file_round_trip(app, client):
    rid, ids, one, two = two_evenings(app, client)
    client.post(f"/r/{rid}/settle", data={"partie": [one]})
    text = client.get(f"/r/{rid}/runde.json").data
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "runde.json")}, content_type="multipart/form-data")
    assert r.status_code == 302
    new = r.headers["Location"].rsplit("/", 1)[1]
    a, b = stored(app, rid), stored(app, new)
    assert [m.name for m in a.members] == [m.name for m in b.members] and b.name == "Donnerstagsrunde"
    assert [p.settled is None for p in a.parties] == [p.settled is None for p in b.parties] == [False, True]
    assert standings_csv(client, rid) == standings_csv(client, new)
    assert client.get(f"/r/{new}/runde.json").data.replace(new.encode(), b"") == text.replace(rid.encode(), b"")


def test_a_bad_runde_file_is_refused_whole(app, client):
    rid, ids, one, two = two_evenings(app, client)
    data = json.loads(client.get(f"/r/{rid}/runde.json").data)
    data["parties"][1]["partie"]["deals"][1]["declarer_points"] = 150
    with app.app_context():
        db = connect(app.config["DATABASE"])
        count = next(db.query("select count(*) as n from parties"))["n"]
        db.conn.close()
    for payload in (json.dumps(data).encode(), b"{}", b"not json", json.dumps({**data, "parties": [{}]}).encode()):
        r = client.post("/r/import", data={"file": (io.BytesIO(payload), "r.json")}, content_type="multipart/form-data")
        assert r.status_code == 422 and "nothing was created" in r.text
    assert "Partie 2: Deal 2" in client.post("/r/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "r.json")},
                                             content_type="multipart/form-data").text
    with app.app_context():
        db = connect(app.config["DATABASE"])
        assert next(db.query("select count(*) as n from parties"))["n"] == count
        assert next(db.query("select count(*) as n from runden"))["n"] == 1
        db.conn.close()


def test_the_excel_export_is_in_the_page_language(app, client):
    rid, ids, one, two = two_evenings(app, client)
    client.set_cookie("lang", "de")
    r = client.get(f"/r/{rid}/excel.csv", query_string={"period": "all"}, headers={"Accept-Language": "de"})
    assert r.status_code == 200 and r.data.startswith("\ufeff".encode())
    text = r.data.decode("utf-8-sig")
    assert ";" in text.splitlines()[0]


def standings_row(page, name):
    """A member's row of the standings table on the page: money, evenings, deals, points, per evening."""
    row = re.search(rf'<th scope="row">{name}</th>(.*?)</tr>', page, re.S).group(1)
    return re.findall(r"<td[^>]*>([^<]*)</td>", row)


def test_the_page_s_parts_are_kept_only_while_every_evening_stands(app, client):
    rid, ids, one, two = two_evenings(app, client)
    page = client.get(f"/r/{rid}", query_string={"period": "all"}).text
    assert standings_row(page, "Anna")[1:3] == ["2", "3"]   # deals played: she sits out one Bavarian deal
    # a deal more in the first evening: its version changes, the page follows at once
    assert record(client, f"/p/{one}", undertaker="dealer", pile_of="0", points="40").status_code == 302
    page = client.get(f"/r/{rid}", query_string={"period": "all"}).text
    s1, s2 = settlement(app, one), settlement(app, two)
    row = standings_row(page, "Anna")
    assert row[1:3] == ["2", "4"] and row[0] == euros(s1.money[0] + end_money(s2)[0])
    # the language is part of what is kept: the same Runde in German
    german = client.get(f"/r/{rid}", query_string={"period": "all"}, headers={"Accept-Language": "de"}).text
    assert "<h3>Gegeneinander</h3>" in german and "Head to head" not in german
    # the page's own button settles its period: the evenings' ids are its value, the form (with the CSRF
    # token) is outside the kept parts
    value = re.search(r'form="settle" name="partie" value="([^"]+)"', page).group(1)
    assert sorted(value.split()) == sorted([one, two])
    assert client.post(f"/r/{rid}/settle", data={"partie": value}).status_code == 302
    page = client.get(f"/r/{rid}").text
    assert "Everything is settled." in page
    reopen = re.search(r'form="reopen" name="partie" value="([^"]+)"', page).group(1)
    assert client.post(f"/r/{rid}/settle", data={"partie": reopen, "settled": "no"}).status_code == 302
    assert "Everything is settled." not in client.get(f"/r/{rid}").text


def test_the_game_switch_keeps_the_runde_and_its_members(app, client):
    rid = new_runde(client)
    ids = {m.name: m.id for m in stored(app, rid).members}
    page = client.get(f"/new?game=strohmandeln&runde={rid}&member={ids['Clara']}&member={ids['Anna']}").text
    links = re.findall(r'<a class="seg-option" href="([^"]+)"', page)
    assert links and all(f"runde={rid}" in link and f"member={ids['Clara']}&amp;member={ids['Anna']}" in link
                         for link in links)
    # followed: the other game's page starts its partie in the Runde, with Clara and Anna in their seats
    other = client.get(links[0].replace("&amp;", "&")).text
    assert f'name="runde" value="{rid}"' in other and 'value="Clara"' in other and 'value="Anna"' in other
    # outside a Runde the switch names no Runde
    assert "runde=" not in "".join(re.findall(r'<a class="seg-option" href="([^"]+)"', client.get("/new").text))


def test_members_names_are_compared_as_players_names_are(app, client):
    # "An\u200dna" (a joiner inside) is Anna, as two players of a partie could not be Anna and An\u200dna
    r = client.post("/r/new", data={"name": "X", "game": "strohmandeln", "settles": "month",
                                    "members": "Anna\nAN\u200dNA"})
    assert r.status_code == 422 and "Two members cannot share a name." in r.text
    rid = new_runde(client, members="Anna\nBernd")
    r = client.post(f"/r/{rid}/members", data={"name": "an\u200dna"})
    assert r.status_code == 422 and "two members cannot share a name" in r.text
    assert [m.name for m in stored(app, rid).members] == ["Anna", "Bernd"]
    # a partie started in the Runde with "BERN\u200dD" seats the member Bernd, no new member
    r = client.post("/new", data={**NEW_PARTIE, "player1": "BERN\u200dD", "runde": rid})
    assert r.status_code == 302
    runde = stored(app, rid)
    assert [m.name for m in runde.members] == ["Anna", "Bernd"]
    assert runde.parties[0].members == (runde.by_name("anna").id, runde.by_name("bern\u200dd").id)


def test_m004_gives_stored_members_the_players_name_key(tmp_path):
    from scorer.db import m004_member_keys

    db = connect(str(tmp_path / "old.sqlite"))
    rid = runde_store.create_runde(db, "R", "strohmandeln", "tarockbuch-extended", "month", ["Anna", "Bea"])
    # as m003 stored them: casefolded only, joiners kept
    db.execute("update members set name = ?, folded = ? where name = 'Bea'", ["Be\u200da", "be\u200da"])
    m004_member_keys(db)
    assert {r["name"]: r["folded"] for r in db.query("select name, folded from members")} == {
        "Anna": "anna", "Be\u200da": "bea"}
    with pytest.raises(runde_store.NameTakenError):
        runde_store.add_member(db, rid, "BEA")


def test_a_koenigrufen_evening_adds_its_games_declared_and_won(app, client):
    from .test_koenigrufen_web import NEW as NEW_KOENIG
    from .test_koenigrufen_web import deal as koenig_deal

    rid = new_runde(client, members="Anna\nBernd\nCilli\nDora", game="koenigrufen")
    r = client.post("/new", data={**NEW_KOENIG, "runde": rid})
    board = r.headers["Location"]
    # Anna's Rufer with Bernd, won; Bernd's Dreier, lost; Cilli's Rufer, lost; a misdeal declares nothing
    assert koenig_deal(client, board, contract="rufer", declarer="0", partner="1", result="won").status_code == 302
    assert koenig_deal(client, board, contract="dreier", declarer="1", result="lost").status_code == 302
    assert koenig_deal(client, board, contract="rufer", declarer="2", partner="3", result="lost").status_code == 302
    rows = standings_csv(client, rid)
    header, table = rows[0], {row[0]: dict(zip(rows[0], row)) for row in rows[1:5]}
    assert header[6:] == ["Rufer: declared", "Rufer: won", "Dreier: declared", "Dreier: won"]
    assert [(table[n]["Rufer: declared"], table[n]["Rufer: won"]) for n in ("Anna", "Bernd", "Cilli", "Dora")] == [
        ("1", "1"), ("0", "0"), ("1", "0"), ("0", "0")]
    assert [(table[n]["Dreier: declared"], table[n]["Dreier: won"]) for n in ("Anna", "Bernd", "Cilli", "Dora")] == [
        ("0", "0"), ("1", "0"), ("0", "0"), ("0", "0")]
    s = settlement(app, board.rsplit("/", 1)[1])
    assert Decimal(table["Anna"]["Money"]) == s.money[0]


def test_a_member_or_evening_not_of_the_runde_changes_nothing(app, client):
    rid = new_runde(client, members="Anna\nBernd")
    other = new_runde(client, members="Anna\nBernd")
    anna_elsewhere = stored(app, other).by_name("Anna").id
    assert client.post(f"/r/{rid}/members/{anna_elsewhere}", data={"name": "Zoe"}).status_code == 404
    assert client.post(f"/r/{rid}/members/999999", data={"name": "Zoe"}).status_code == 404
    pid = client.post("/new", data={**NEW_PARTIE, "runde": other}).headers["Location"].rsplit("/", 1)[1]
    r = client.post(f"/r/{rid}/settle", data={"partie": pid})
    assert r.status_code == 422 and "Choose the evenings to mark." in r.text
    assert [m.name for m in stored(app, other).members] == ["Anna", "Bernd"]
    assert stored(app, other).parties[0].settled is None


@pytest.mark.slow   # a Runde of five years of evenings built first: a long run
def test_a_runde_of_five_years_stays_under_30_kb(app, client):
    """250 evenings, 20,000 deals (benchmarks.samples.build_runde): the page lists the newest evenings and open
    periods only; its standings count all 250 evenings."""
    from benchmarks.samples import build_runde

    with app.app_context():
        db = connect(app.config["DATABASE"])
        rid = build_runde(db)
        db.conn.close()
    page = client.get(f"/r/{rid}", query_string={"period": "all"})
    styles = sum(map(len, re.findall(rb"<style>.*?</style>", page.data, re.S)))   # its stylesheets, written in
    assert page.status_code == 200 and len(page.data) - styles < 30 * 1024
    assert "250 evenings" in page.text
    assert sum(int(standings_row(page.text, name)[1]) for name in ("Anna", "Bernd", "Clara", "Dieter")) == 500
    with app.app_context():   # deals played: each of the two players of every deal but the misdeals
        db = connect(app.config["DATABASE"])
        thrown_in = db.conn.execute("select count(*) from deals where json_extract(deal, '$.type') in "
                                    "('misdeal', 'redeal')").fetchone()[0]
        db.conn.close()
    assert 0 < thrown_in < 20_000
    assert sum(int(standings_row(page.text, name)[2].replace(",", "").replace(".", ""))
               for name in ("Anna", "Bernd", "Clara", "Dieter")) == 2 * (20_000 - thrown_in)


def test_straw_man_credits_stay_apart_from_game_points(app, client):
    """A Straw Man evening counts credits, a Tarockbuch evening game points: the Runde's Points add only the
    latter (as each evening's end page shows them apart), the credits are a column of their own."""
    rid = new_runde(client, members="Anna\nBernd")
    one = client.post("/new", data={**NEW_PARTIE, "runde": rid}).headers["Location"]
    assert record(client, one, undertaker="dealer", pile_of="0", points="40").status_code == 302
    straw = client.post("/new", data={**NEW_PARTIE, "preset": "strawman", "bankroll": "", "runde": rid})
    assert straw.status_code == 302, straw.text
    two = straw.headers["Location"]
    assert record(client, two, undertaker="dealer", pile_of="0", points="40").status_code == 302
    s1, s2 = settlement(app, one.rsplit("/", 1)[1]), settlement(app, two.rsplit("/", 1)[1])
    assert s1.balance[0] and s2.balance[0] and s1.balance[0] != s2.balance[0]
    rows = standings_csv(client, rid)
    header, table = rows[0], {r[0]: r for r in rows[1:3]}
    for seat, name in enumerate(("Anna", "Bernd")):
        assert table[name][header.index("Points")] == str(s1.balance[seat])             # game points only
        assert table[name][header.index("Credits (Straw Man)")] == str(s2.balance[seat])
        assert Decimal(table[name][header.index("Money")]) == s1.money[seat] + s2.money[seat]
    page = client.get(f"/r/{rid}?period=all").text
    assert "Credits (Straw Man)" in page
