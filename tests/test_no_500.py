"""Requests that were answered with a 500: each now a clear answer in the page's language, nothing stored."""

import copy
import io
import json
import sqlite3
from pathlib import Path

import pytest

from .conftest import record

DATA = Path(__file__).parent / "data"
HUGE = "99999999999999999999"
SURROGATE = "\\ud800"   # as JSON writes it: a lone surrogate, no character at all


def rows(app) -> dict:
    conn = sqlite3.connect(app.config["DATABASE"])
    try:
        return {t: conn.execute(f"select count(*) from {t}").fetchone()[0]
                for t in ("parties", "deals", "history", "runden", "members")}
    finally:
        conn.close()


@pytest.mark.parametrize("how, path", [
    ("post", "/deal/{n}/edit"), ("get", "/deal/{n}/edit"), ("get", "/deal/{n}"), ("post", "/deal/{n}/delete"),
    ("post", "/history/{n}/restore"),
])
def test_a_number_too_large_for_the_store_is_not_found(app, client, board, how, path):
    assert record(client, board, undertaker="vorhand", points="40", dealer="0").status_code == 302
    before = rows(app)
    for n in (HUGE, str(2**63)):
        r = getattr(client, how)(board + path.format(n=n), headers={"Accept-Language": "de"})
        assert r.status_code == 404 and "Nicht gefunden" in r.text
    assert rows(app) == before


def test_a_member_number_too_large_is_not_found(app, client):
    from .test_runde import new_runde
    rid = new_runde(client)
    r = client.post(f"/r/{rid}/members/{HUGE}", data={"name": "X"})
    assert r.status_code == 404


def placed(data, where: list, marker="\x00MARK\x00"):
    """`data` with the marker at `where`: a path of keys and indexes; a last element ("key", k) renames k."""
    data = copy.deepcopy(data)
    node = data
    for step in where[:-1]:
        node = node[step]
    last = where[-1]
    if isinstance(last, tuple):        # a field's name
        node[marker + last[1]] = node.pop(last[1])
    else:
        node[last] = marker + (node[last] if isinstance(node[last], str) else "")
    return json.dumps(data, ensure_ascii=False).replace(json.dumps("\x00MARK\x00")[1:-1], SURROGATE).encode()


STROHMANDELN = json.loads((DATA / "format-example.json").read_text())
HAFERL = json.loads((DATA / "haferl-example.json").read_text())
KOENIGRUFEN = json.loads((DATA / "koenigrufen-example.json").read_text())
PARTIE_PLACES = [
    ("strohmandeln player", STROHMANDELN, ["players", 0]),
    ("strohmandeln preset", STROHMANDELN, ["rules", "preset"]),
    ("strohmandeln stake", STROHMANDELN, ["rules", "stake"]),
    ("strohmandeln rule name", STROHMANDELN, ["rules", ("key", "stake")]),
    ("strohmandeln field name", STROHMANDELN, [("key", "players")]),
    ("strohmandeln format", STROHMANDELN, ["format"]),
    ("strohmandeln deal field", STROHMANDELN, ["deals", 0, ("key", "dealer")]),
    ("strohmandeln card points", STROHMANDELN, ["deals", 0, "card_points", 0]),
    ("strohmandeln bonus", STROHMANDELN, ["deals", 0, "bonuses", 0, "bonus"]),
    ("haferl player", HAFERL, ["players", 1]),
    ("haferl contract", HAFERL, ["deals", 0, "contract"]),
    ("koenigrufen player", KOENIGRUFEN, ["players", 2]),
    ("koenigrufen card points", KOENIGRUFEN, ["deals", 0, "card_points"]),
    ("koenigrufen premium", KOENIGRUFEN, ["deals", 0, "premiums", 0, "premium"]),
]


@pytest.mark.parametrize("name, data, where", PARTIE_PLACES, ids=[p[0] for p in PARTIE_PLACES])
def test_a_lone_surrogate_in_a_partie_file_is_refused(app, client, name, data, where):
    text = placed(data, where)
    assert b"\\ud800" in text
    r = client.post("/import", data={"file": (io.BytesIO(text), "p.json")}, content_type="multipart/form-data",
                    headers={"Accept-Language": "de"})
    assert r.status_code == 422 and "Unicode" in r.text and "UTF-8" in r.text
    assert rows(app)["parties"] == 0


def test_replay_refuses_a_lone_surrogate_with_one_line(tmp_path, capsys):
    from scorer.__main__ import main
    path = tmp_path / "p.json"
    path.write_bytes(placed(STROHMANDELN, ["players", 0]))
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "not Unicode" in out.err


def runde_data():
    return {"format": "tarock-runde", "version": 1, "name": "Runde", "game": "strohmandeln",
            "preset": "tarockbuch-extended", "settles": "month", "members": ["Anna", "Bernd"],
            "parties": [{"members": ["Anna", "Bernd"], "created": "2025-01-02T20:00:00", "settled": None,
                         "partie": STROHMANDELN}]}


RUNDE_PLACES = [
    ("runde name", ["name"]), ("member name", ["members", 0]), ("seat's member", ["parties", 0, "members", 1]),
    ("evening's date", ["parties", 0, "created"]), ("settled", ["parties", 0, "settled"]),
    ("partie player", ["parties", 0, "partie", "players", 0]), ("preset", ["preset"]),
    ("partie card points", ["parties", 0, "partie", "deals", 0, "card_points", 0]),
]


@pytest.mark.parametrize("name, where", RUNDE_PLACES, ids=[p[0] for p in RUNDE_PLACES])
def test_a_lone_surrogate_in_a_runde_file_is_refused(app, client, name, where):
    data = runde_data()
    if where[-1] == "settled":
        data["parties"][0]["settled"] = ""
    text = placed(data, where)
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "r.json")}, content_type="multipart/form-data")
    assert r.status_code == 422 and "not Unicode" in r.text and "nothing was created" in r.text
    assert rows(app) == {"parties": 0, "deals": 0, "history": 0, "runden": 0, "members": 0}


def test_an_escaped_pair_is_a_character_not_a_problem(app, client):
    data = copy.deepcopy(STROHMANDELN)
    data["players"][0] = "Anna \U0001F600"
    text = json.dumps(data)   # ensure_ascii: the emoji as the pair \ud83d\ude00
    assert "\\ud83d" in text
    r = client.post("/import", data={"file": (io.BytesIO(text.encode()), "p.json")}, content_type="multipart/form-data")
    assert r.status_code == 302


@pytest.mark.parametrize("query", ["?rid=x", "?_method=POST", "?rid=x&period=range&from=2025-01-01&to=2025-12-31",
                                   "?pid=x&endpoint=y&_external=1&_anchor=z&_scheme=ftp"])
def test_a_runde_page_with_stray_arguments_is_the_page(app, client, query):
    from .test_runde import new_runde
    rid = new_runde(client)
    r = client.get(f"/r/{rid}{query}")
    assert r.status_code == 200 and "Donnerstagsrunde" in r.text
    assert "ftp:" not in r.text and "rid=x" not in r.text
