"""One settlement per evening: the Runde settles each Bavarian Tarock evening as its end page does, by the
partie's stored choice for the end (the pot shared, or kept: then a line of its own that carries into the Runde's
next evening of that game). Real HTTP round trips: the end pages' transfers equal the Runde's open balances to the
cent, and every money column adds up to zero."""

import csv
import io
import json
import re
import secrets
from decimal import Decimal

from scorer import store
from scorer.amounts import shared
from scorer.db import connect
from scorer.games import game_of
from scorer.games.haferl.scoring import at_the_end
from scorer.runde import SUMMARY_MARK
from scorer.web import runde as runde_web
from scorer.web.language import MINUS

from .test_evening import settle_lines

FOUR = ("Anna", "Bernd", "Cilli", "Dora")


def evening(client, names, deals, choice):
    """A Bavarian Tarock evening (haferl) of `names`: its deals, the choice for the end stored, then ended."""
    data = {"game": "haferltarock", "first_dealer": "0", "preset": "haferl", "draw_at_60": "y"}
    data.update({f"player{i}": name for i, name in enumerate(names)})
    r = client.post("/new", data=data)
    assert r.status_code == 302, r.text
    board = r.headers["Location"]
    for fields in deals:
        page = client.get(board + "/deal").text
        dealer = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
        r = client.post(board + "/deal", data={"type": "game", "target": "61", "action": "save", "dealer": dealer,
                                               "key": secrets.token_urlsafe(16), **fields})
        assert r.status_code == 302, r.text
    assert client.post(board + "/at-the-end", data={"at_the_end": choice}).status_code == 302
    assert client.post(board + "/end", data={"confirm": "yes"}).status_code == 302
    return board


def replayed(app, board):
    db = connect(app.config["DATABASE"])
    try:
        sp = store.load(db, board.rsplit("/", 1)[1])
    finally:
        db.conn.close()
    return game_of(sp.partie).replay(sp.partie)


def runde_with(client, app, boards):
    """A Runde (settled each evening) with these evenings moved in, every player the member of that name."""
    r = client.post("/r/new", data={"name": "Stammtisch", "game": "haferltarock", "settles": "evening",
                                    "members": "\n".join(FOUR)})
    rid = r.headers["Location"].rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    ids = {row["name"]: row["id"] for row in db.query("select id, name from members where runde_id = ?", [rid])}
    db.conn.close()
    for board in boards:
        pid = board.rsplit("/", 1)[1]
        sp_players = re.findall(r'<option value="(\d+)" selected>', client.get(f"/r/{rid}/move?partie={pid}").text)
        seats = {f"seat{i}": member for i, member in enumerate(sp_players)}
        r = client.post(f"/r/{rid}/move", data={"partie": pid, "confirm": "yes", **seats})
        assert r.status_code == 302, r.text
    return rid, ids


def open_groups(page: str) -> dict:
    """The Runde page's open balances, by evening (its partie id): (the balances' amounts, the transfer lines)."""
    part = page.split('id="open"')[1].split("</section>")[0]
    groups = {}
    for block in part.split('<div class="open-group">')[1:]:
        pid = re.search(r'name="partie" value="([^"]+)"', block).group(1)
        balances = re.search(r"<p>(.*?)</p>", block, re.S).group(1)
        amounts = [euro(a) for a in re.findall(r"([+\-−]?\d+\.\d\d) €", balances)]
        lines = [re.sub(r"\s+", " ", li).strip() for li in re.findall(r"<li>(.*?)</li>", block, re.S)]
        groups[pid] = (amounts, lines)
    return groups


def at_the_end_money(page: str) -> dict:
    """The end page's "At the end:" line: each player's money once the pot is shared or kept."""
    line = re.search(r'<p id="money-at-the-end"[^>]*>(.*?)</p>', page, re.S).group(1)
    return {m.group(1): euro(m.group(2)) for m in re.finditer(r"(?:: |· )(\w+) ([+\-−]?\d+\.\d\d €)", line)}


def euro(text: str) -> Decimal:
    return Decimal(text.replace(MINUS, "-").replace("−", "-").replace("+", "").replace(" €", ""))


def standings(client, rid) -> dict:
    rows = list(csv.reader(io.StringIO(client.get(f"/r/{rid}/standings.csv?period=all").text)))
    out = {}
    for row in rows[1:]:
        if not row:
            break
        out[row[0]] = Decimal(row[4])
    return out


PLAYED = [
    {"declarer": "1", "contract": "pickup", "points": "67"},   # Bernd's Pick-Up made: the pot pays him
    {"declarer": "2", "contract": "pickup", "points": "40"},   # Cilli's lost: she pays one, the other takes the pot's
    {"declarer": "0", "contract": "hand", "target": "66", "points": "80"},   # Anna's raised Hand made
]


def test_shared_and_kept_evenings_settle_in_the_runde_as_on_their_end_pages(app, client):
    shared_board = evening(client, FOUR, PLAYED, "share")
    kept_board = evening(client, FOUR[:3], PLAYED[:2], "keep")
    ends = {b.rsplit("/", 1)[1]: settle_lines(client.get(b + "/end").text) for b in (shared_board, kept_board)}
    s_shared, s_kept = replayed(app, shared_board), replayed(app, kept_board)
    assert s_shared.pot and s_kept.pot                                   # both pots hold money at the end
    assert any("in the pot for the next evening" in line for line in ends[kept_board.rsplit("/", 1)[1]])
    assert not any("the pot" in line for line in ends[shared_board.rsplit("/", 1)[1]])

    rid, ids = runde_with(client, app, (shared_board, kept_board))
    page = client.get(f"/r/{rid}?period=all").text
    groups = open_groups(page)
    assert set(groups) == set(ends)
    for pid, lines in ends.items():
        amounts, runde_lines = groups[pid]
        assert sorted(runde_lines) == sorted(lines)                      # the same transfers, to the cent
        assert sum(amounts) == 0                                        # members and the pot's line
    # the kept evening: its pot is a line of its own, with the amount its end page keeps
    kept_amounts = groups[kept_board.rsplit("/", 1)[1]][0]
    assert kept_amounts[-1] == s_kept.pot and "the pot (kept for the next evening)" in page
    # the standings: each member's money is what the two end pages say; the pot row makes the column add to zero
    money = standings(client, rid)
    shared_money, _pot = at_the_end(s_shared, keep_pot=False)
    kept_money, kept_pot = at_the_end(s_kept, keep_pot=True)
    for seat, name in enumerate(FOUR):
        assert money[name] == shared_money[seat] + (kept_money[seat] if seat < 3 else 0)
    said = [at_the_end_money(client.get(b + "/end").text) for b in (shared_board, kept_board)]
    assert said[0] == dict(zip(FOUR, shared_money)) and said[1] == dict(zip(FOUR, kept_money))
    assert {name: said[0][name] + said[1].get(name, 0) for name in FOUR} == {n: money[n] for n in FOUR}
    assert money["The pot (kept for the next evening)"] == kept_pot == s_kept.pot
    assert sum(money.values()) == 0
    assert 'id="pot-row"' in page
    # the Runde file keeps each evening's choice: imported, the Runde settles the same
    text = client.get(f"/r/{rid}/runde.json").data
    assert [p.get("at_the_end") for p in json.loads(text)["parties"]] == ["share", "keep"]
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "runde.json")}, content_type="multipart/form-data")
    assert r.status_code == 302
    assert standings(client, r.headers["Location"].rsplit("/", 1)[1]) == money
    wrong = json.loads(text)
    wrong["parties"][1]["at_the_end"] = "burn it"
    r = client.post("/r/import", data={"file": (io.BytesIO(json.dumps(wrong).encode()), "runde.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and "Partie 2: its choice for the end of the evening is not one of its game" in r.text


def test_a_kept_pot_carries_into_the_runde_next_evening_of_that_game(app, client):
    first = evening(client, FOUR, PLAYED, "keep")
    second = evening(client, FOUR, PLAYED[:2], "share")
    third = evening(client, FOUR[:3], PLAYED[1:], "keep")
    before = settle_lines(client.get(second + "/end").text)              # not in a Runde yet: nothing carried
    rid, ids = runde_with(client, app, (first, second, third))
    s1, s2, s3 = (replayed(app, b) for b in (first, second, third))
    carried = s1.pot
    page2 = client.get(second + "/end").text
    assert f"The pot kept by earlier evenings of the Runde ({carried:.2f} €) is shared too." in page2
    lines2 = settle_lines(page2)
    assert lines2 != before and any(line.startswith("the pot kept by earlier evenings pays ") for line in lines2)
    assert settle_lines(client.get(second).text) == lines2                # the ended board says the same
    groups = open_groups(client.get(f"/r/{rid}?period=all").text)
    for board in (first, second, third):
        pid = board.rsplit("/", 1)[1]
        assert sorted(groups[pid][1]) == sorted(settle_lines(client.get(board + "/end").text)), board
        assert sum(groups[pid][0]) == 0
    # the second evening's money: its own pot shared, then the first evening's kept pot shared on top
    own, _ = at_the_end(s2, keep_pot=False)
    expected2 = [o + c for o, c in zip(own, shared(carried, 4))]
    assert groups[second.rsplit("/", 1)[1]][0] == expected2 + [-carried]
    assert list(at_the_end_money(page2).values()) == expected2            # the end page says the same figures
    # the third keeps its own pot again: the pot row holds exactly that, every column adds up to zero
    money = standings(client, rid)
    assert money["The pot (kept for the next evening)"] == s3.pot and sum(money.values()) == 0
    # the first evening's choice changed to shared: nothing carries, the second evening's end page follows
    assert client.post(first + "/at-the-end", data={"at_the_end": "share"}).status_code == 302
    assert "is shared too" not in client.get(second + "/end").text
    assert settle_lines(client.get(second + "/end").text) == before
    assert sum(standings(client, rid).values()) == 0


def test_summaries_kept_by_older_code_are_made_again(app, client):
    board = evening(client, FOUR, PLAYED, "share")
    rid, ids = runde_with(client, app, (board,))
    pid = board.rsplit("/", 1)[1]
    right = standings(client, rid)
    db = connect(app.config["DATABASE"])
    version = db.execute("select version from parties where id = ?", [pid]).fetchone()[0]
    s = replayed(app, board)
    # a summary as the code before this one stored it: the money kept in the pot, no "pot" in it
    old = json.dumps({"deals": 3, "played": [3, 2, 2, 2], "points": None, "money": [str(m) for m in s.money],
                      "figures": [], "problem": None})
    for made_by in ("an older mark", SUMMARY_MARK):
        db.execute("update runde_summaries set made_by = ?, summary = ?, version = ? where partie_id = ?",
                   [made_by, old, version, pid])
        runde_web.summaries.entries.clear()                            # as after a restart: the store's rows only
        assert standings(client, rid) == right
        summary = json.loads(db.execute("select summary from runde_summaries where partie_id = ?",
                                        [pid]).fetchone()[0])
        assert "pot" in summary                                          # made again and stored
    db.conn.close()
    assert sum(right.values()) == 0
