"""Messages that say what there is: the cup's word for an address that is not a tournament's shows its example
with a plain "…" (not "%E2%80%A6"); `replay` of a file of an unknown format names every format it reads, the
tournament file's too; `replay` of a tournament file says every problem at once, a table of three, a scoring option
refused and a wrong deal at another table alike."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def replay(path):
    return subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                          timeout=60, cwd=ROOT)


def test_the_cups_example_address_is_written_plainly(client):
    response = client.post("/c/new", data={"name": "Cup", "cup_points": "10 8 6", "cup_total": "sum",
                                           "minus_days": "count", "address": "not an address at all"})
    assert response.status_code == 422
    assert "copy the address of its organiser’s page, like http://localhost/t/…" in response.text
    assert "%E2%80%A6" not in response.text


@pytest.mark.process
def test_an_unknown_format_is_told_every_format_replay_reads(tmp_path):
    path = tmp_path / "file.json"
    path.write_text(json.dumps({"format": "tarock-turnier", "version": 1}))
    done = replay(path)
    assert done.returncode == 1 and not done.stdout
    assert "unknown format 'tarock-turnier': a file's format is" in done.stderr
    assert '"koenigrufen-partie"' in done.stderr and '"tarock-tournament"' in done.stderr


@pytest.mark.process
def test_a_tournament_file_is_told_every_problem_at_once(tmp_path):
    data = json.loads((ROOT / "tests/data/tournament-example.json").read_text())
    data["scoring"]["total"] = "everything"                          # a scoring option refused
    data["rounds"][0]["tables"][0]["players"] = [0, 3, 5]            # a table of three
    data["rounds"][1]["tables"][1]["deals"][0]["declarer"] = 9       # a wrong deal at another table
    path = tmp_path / "tournament.json"
    path.write_text(json.dumps(data))
    done = replay(path)
    assert done.returncode == 1 and not done.stdout
    lines = done.stderr.strip().splitlines()
    assert any("scoring" in line and "total" in line for line in lines), lines
    assert any(line.startswith("round 1, table 1") and "not of 3" in line for line in lines), lines
    assert any(line.startswith("round 2, table 2, deal 1") for line in lines), lines
