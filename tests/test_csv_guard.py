"""No cell of any CSV the scorer writes can start a formula, whichever separator the spreadsheet splits it
with: a comma file opened with `;` (as German and Austrian Excel do) or a `;` file opened with `,`."""

import csv
import io
import re

import pytest

from .conftest import NEW_PARTIE, record
from .test_runde import new_runde, stored

HOSTILE = ["x;=cmd|' /C calc'!A0;", "y,+HYPERLINK(1)", "@z", "w; -2+3"]   # four names, each a different trick
NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?(?: \d/3)?")


def dangerous_cells(text: str) -> list[str]:
    """The cells that would start a formula under either separator."""
    text = text.lstrip("\ufeff")
    bad = []
    for separator in (",", ";"):
        for row in csv.reader(io.StringIO(text), delimiter=separator):
            for cell in row:
                stripped = cell.lstrip(' "')
                if stripped[:1] in ("=", "+", "-", "@", "\t", "\r") and not NUMBER.fullmatch(stripped):
                    bad.append(cell)
    return bad


@pytest.mark.parametrize("names", [HOSTILE[:2], HOSTILE[2:]])
def test_a_partie_s_csv_and_excel_files_in_both_languages(client, names):
    board = start_with(client, names)
    for deal in range(3):
        assert record(client, board, undertaker="vorhand", points=str(30 + deal * 5), dealer=str(deal % 2)).status_code == 302
    for path, language in (("/export.csv", "en"), ("/excel.csv", "en"), ("/excel.csv", "de")):
        r = client.get(board + path, headers={"Accept-Language": language})
        assert r.status_code == 200
        text = r.data.decode("utf-8")
        assert dangerous_cells(text) == [], (path, language)
        assert "'=cmd" in text or "'@z" in text       # the names are there, neutralised
        assert re.search(r"[,;]-?\d", text)            # and the numbers are still numbers


def start_with(client, names):
    r = client.post("/new", data={**NEW_PARTIE, "player0": names[0], "player1": names[1]})
    assert r.status_code == 302, r.text
    return r.headers["Location"]


def test_a_runde_s_standings_csv_and_excel_in_both_languages(app, client):
    rid = new_runde(client, members="\n".join(HOSTILE))
    r = client.post("/new", data={**NEW_PARTIE, "player0": HOSTILE[0], "player1": HOSTILE[3], "runde": rid})
    assert r.status_code == 302
    board = r.headers["Location"]
    for deal in range(2):
        assert record(client, board, undertaker="vorhand", points="45", dealer=str(deal % 2)).status_code == 302
    assert len(stored(app, rid).parties) == 1
    for path, language in (("standings.csv", "en"), ("excel.csv", "en"), ("excel.csv", "de")):
        r = client.get(f"/r/{rid}/{path}", query_string={"period": "all"}, headers={"Accept-Language": language})
        assert r.status_code == 200
        text = r.data.decode("utf-8")
        assert dangerous_cells(text) == [], (path, language)
        assert "'=cmd" in text


def test_replay_csv_is_guarded_too(tmp_path, capsys):
    import json
    from pathlib import Path
    from scorer.__main__ import main
    data = json.loads((Path(__file__).parent / "data" / "format-example.json").read_text())
    data["players"] = HOSTILE[:2]
    path = tmp_path / "p.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path), "--csv"]) == 0
    assert dangerous_cells(capsys.readouterr().out) == []
