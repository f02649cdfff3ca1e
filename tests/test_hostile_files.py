"""Hostile partie files are refused with one message, never a traceback: by the app's import and by
`python -m scorer replay`; a seat must be a whole number (not 1.0, True or "1"), a bonus's player too; a
number far too long in a Königrufen file is said."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from scorer.partie_file import from_dict
from scorer.problems import ScoringError

from .helpers import count, format_example


def test_a_koenigrufen_file_with_a_number_far_too_long_is_said(tmp_path):
    from scorer.games.koenigrufen import game as koenigrufen_game
    from scorer.games.koenigrufen.problems import KoenigrufenError
    with pytest.raises(KoenigrufenError) as caught:
        koenigrufen_game.loads('{"x": ' + "9" * 5000 + "}")
    assert "far too long" in str(caught.value.problems[0])


DATA = Path(__file__).parent / "data"


def _haferl_file():
    return json.loads((DATA / "haferl-example.json").read_text())


def hostile_files():
    big = '{"format": "strohmandeln-partie", "version": 1, "players": ["A", "B"], "rules": {"preset": "beck"}, ' \
          '"deals": [{"type": "misdeal", "dealer": ' + "9" * 5000 + ', "offender": 0}]}'
    yield "5000 digits", big, "far too long"
    for contract in ([], {}):
        data = _haferl_file()
        data["deals"][0]["contract"] = contract
        yield f"contract {contract!r}", json.dumps(data), "contract is pickup"
    data = format_example()
    data["deals"][0]["card_points"] = [-10 ** 30, None]
    yield "card points -10**30", json.dumps(data), "deal 1"
    data = _haferl_file()
    data["deals"][0]["declarer_points"] = -10 ** 30
    yield "Bavarian points -10**30", json.dumps(data), "deal 1"


@pytest.mark.parametrize("name, text, message", list(hostile_files()), ids=[c[0] for c in hostile_files()])
def test_hostile_partie_files_are_refused_by_the_app(app, client, name, text, message):
    response = client.post("/import", data={"file": (io.BytesIO(text.encode()), "partie.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 422
    assert message.casefold() in response.text.casefold()
    assert count(app, "parties") == 0 and count(app, "deals") == 0


@pytest.mark.process
@pytest.mark.parametrize("name, text, message", list(hostile_files()), ids=[c[0] for c in hostile_files()])
def test_hostile_partie_files_are_refused_by_replay(tmp_path, name, text, message):
    path = tmp_path / "hostile.json"
    path.write_text(text)
    result = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                            cwd=Path(__file__).parent.parent, timeout=60)
    assert result.returncode == 1
    assert result.stdout == ""
    assert message in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


ROOT = Path(__file__).parent.parent


EXAMPLE = Path(__file__).parent / "data" / "format-example.json"


@pytest.mark.process
@pytest.mark.parametrize("value", [1.0, 0.0, True, False, "1"])
@pytest.mark.parametrize("field", ["dealer", "offender"])
def test_a_seat_must_be_a_whole_number(tmp_path, value, field):
    data = json.loads(EXAMPLE.read_text())
    index = next(i for i, d in enumerate(data["deals"]) if field in d)
    data["deals"][index][field] = value
    with pytest.raises(ScoringError) as caught:
        from_dict(data)
    message = f"deal {index + 1}: {field} must be 0 or 1"
    assert any(str(p).startswith(message) or message in str(p) for p in caught.value.problems) or \
        message in str(caught.value)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    out = subprocess.run([sys.executable, "-m", "scorer", "replay", str(path)], capture_output=True, text=True,
                         cwd=ROOT)
    assert out.returncode == 1 and out.stdout == "" and message in out.stderr and "Traceback" not in out.stderr


def test_a_bonus_player_true_is_refused(app, client):
    data = json.loads(EXAMPLE.read_text())
    index = next(i for i, d in enumerate(data["deals"]) if d.get("bonuses"))
    data["deals"][index]["bonuses"][0]["player"] = True
    r = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "partie.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and f"Deal {index + 1}:" in r.text and "nothing was created" in r.text


def test_a_float_dealer_is_refused_by_the_web_import(app, client):
    data = json.loads(EXAMPLE.read_text())
    data["deals"][1]["dealer"] = float(data["deals"][1]["dealer"])
    r = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "partie.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and "Deal 2: dealer must be 0 or 1" in r.text and "nothing was created" in r.text
