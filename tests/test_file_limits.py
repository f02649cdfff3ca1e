"""A file of bad deals costs the server no more than its first 20 problems, and every game takes at most
10,000 deals from a file on the web: the server's threads stay free for the phones."""

import io
import json
from pathlib import Path

import pytest

from scorer import partie_file
from scorer.partie_file import MOST_PROBLEMS, WEB_MAX_DEALS

DATA = Path(__file__).parent / "data"
EXAMPLES = {"strohmandeln": "format-example.json", "haferltarock": "haferl-example.json",
            "koenigrufen": "koenigrufen-example.json"}


def bad_strohmandeln(n: int) -> bytes:
    """`n` different deals, each wrong (card points no pile of whole tricks is worth)."""
    data = json.loads((DATA / "format-example.json").read_text())
    data["deals"] = [{"type": "game", "dealer": i % 2, "undertaker": None, "card_points": [str(1 + i % 69), None],
                      "note": i} for i in range(n)]
    return json.dumps(data).encode()


def test_a_megabyte_of_bad_deals_is_read_to_its_20th_problem(app, client, monkeypatch):
    text = bad_strohmandeln(12_000)
    assert len(text) > 900_000
    parsed = []
    from scorer.games.strohmandeln import file as sfile
    real = sfile.parse_deal
    monkeypatch.setattr(sfile, "parse_deal", lambda raw, found: parsed.append(1) or real(raw, found))
    data = json.loads(text)
    data["deals"] = data["deals"][:WEB_MAX_DEALS]
    r = client.post("/import", data={"file": (io.BytesIO(json.dumps(data).encode()), "p.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422
    assert r.text.count("<li>") >= MOST_PROBLEMS and "Deal 20:" in r.text and "Deal 21:" not in r.text
    assert len(parsed) <= MOST_PROBLEMS + 1          # read up to the 20th problem, not all 10,000


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_every_game_takes_at_most_10000_deals_from_a_file_on_the_web(app, client, game):
    data = json.loads((DATA / EXAMPLES[game]).read_text())
    shortest = min(data["deals"], key=lambda d: len(json.dumps(d)))
    data["deals"] = [shortest] * (WEB_MAX_DEALS + 1)
    text = json.dumps(data, separators=(",", ":")).encode()
    assert len(text) < 1024 * 1024
    r = client.post("/import", data={"file": (io.BytesIO(text), "p.json")}, content_type="multipart/form-data")
    assert r.status_code == 422 and "A partie has at most 10,000 deals." in r.text


def test_the_command_line_still_reads_every_problem_and_long_parties():
    with pytest.raises(Exception) as caught:
        partie_file.loads(bad_strohmandeln(200))
    assert len(caught.value.problems) == 200
    data = json.loads((DATA / "format-example.json").read_text())
    data["deals"] = [{"type": "game", "dealer": i % 2, "undertaker": None, "card_points": ["40", None]}
                     for i in range(WEB_MAX_DEALS + 1)]
    assert len(partie_file.from_dict(data).deals) == WEB_MAX_DEALS + 1


def test_a_runde_file_of_bad_deals_is_read_to_its_20th_problem(app, client, monkeypatch):
    bad = json.loads(bad_strohmandeln(3000))
    bad["players"] = ["Anna", "Bernd"]
    entry = {"members": ["Anna", "Bernd"], "created": "2025-01-02T20:00:00", "settled": None, "partie": bad}
    text = json.dumps({"format": "tarock-runde", "version": 1, "name": "R", "game": "strohmandeln",
                       "preset": "tarockbuch-extended", "settles": "month", "members": ["Anna", "Bernd"],
                       "parties": [entry] * 3}).encode()
    parsed = []
    from scorer.games.strohmandeln import file as sfile
    real = sfile.parse_deal
    monkeypatch.setattr(sfile, "parse_deal", lambda raw, found: parsed.append(1) or real(raw, found))
    r = client.post("/r/import", data={"file": (io.BytesIO(text), "r.json")}, content_type="multipart/form-data")
    assert r.status_code == 422 and r.text.count("Partie 1: Deal") == MOST_PROBLEMS and "Partie 2" not in r.text
    assert len(parsed) <= MOST_PROBLEMS + 1          # the first partie's 20 problems, not its 3,000 deals nor the rest
