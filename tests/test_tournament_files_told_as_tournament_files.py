"""`python -m scorer replay` of a tournament file that cannot be read says so in one line, of a tournament file, as a
partie file is told (nothing on standard output, status 1, never a traceback): a lone surrogate in a name (as the
table and as `--json`), a file nested too deeply, a number of thousands of digits. A tournament file in UTF-16 or
UTF-32 (which JSON allows, and a partie file may be) is read as the same file in UTF-8."""

import json

import pytest

from .helpers import DATA, refused, run_replay as replay

pytestmark = pytest.mark.process   # every test here replays through the command line, a process of its own

EXAMPLE = DATA / "tournament-example.json"


def with_name(name_json: str) -> bytes:
    """The worked example with its first player's name written as `name_json` (JSON text, escapes kept)."""
    data = json.loads(EXAMPLE.read_text())
    first = data["players"][0]
    text = json.dumps(data, ensure_ascii=False)
    return text.replace(json.dumps(first, ensure_ascii=False), name_json, 1).encode("utf-8")


@pytest.mark.parametrize("args", [(), ("--json",), ("--json", "--pretty")], ids=["table", "json", "pretty"])
@pytest.mark.parametrize("raw", [with_name('"Anna \\ud800"'), with_name('"Anna "').replace(b"Anna ", b"Anna \xed\xa0\x80", 1)],
                         ids=["escaped", "bytes"])
def test_a_lone_surrogate_in_a_name_is_one_line(tmp_path, args, raw):
    path = tmp_path / "t.json"
    path.write_bytes(raw)
    assert refused(replay(path, *args)) == ["the file holds text that is not Unicode (an escape such as \\ud800 "
                                            "alone): save it again as UTF-8"]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-8-sig"])
def test_a_tournament_file_in_utf16_or_utf32_is_read(tmp_path, encoding):
    path = tmp_path / "t.json"
    path.write_bytes(EXAMPLE.read_text(encoding="utf-8").encode(encoding))
    for args in ((), ("--json",)):
        got, want = replay(path, *args), replay(EXAMPLE, *args)
        assert got.returncode == 0 and got.stderr == "" and got.stdout == want.stdout != ""
    broken = json.loads(EXAMPLE.read_text())
    broken["rounds"][0]["tables"][0]["deals"][0]["declarer"] = 9
    path.write_bytes(json.dumps(broken).encode(encoding))
    lines = refused(replay(path))
    assert lines and all(line.startswith("round 1, table 1, deal 1: ") for line in lines), lines


def test_a_file_nested_too_deeply_is_told_as_a_tournament_file(tmp_path):
    data = json.loads(EXAMPLE.read_text())
    text = json.dumps(data)[:-1] + ', "deep": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path = tmp_path / "t.json"
    for encoding in ("utf-8", "utf-16"):
        path.write_bytes(text.encode(encoding))
        assert refused(replay(path)) == ["the file is nested too deeply to be a tournament file"]


def test_a_number_of_thousands_of_digits_is_told_as_a_tournament_files(tmp_path):
    data = json.loads(EXAMPLE.read_text())
    data["rounds"][0]["seed"] = 0
    text = json.dumps(data).replace('"seed": 0', '"seed": ' + "9" * 5000, 1)
    path = tmp_path / "t.json"
    for encoding in ("utf-8", "utf-16"):
        path.write_bytes(text.encode(encoding))
        assert refused(replay(path, "--json")) == ["the file holds a number far too long to be a tournament's"]


def test_a_partie_file_is_still_told_as_one(tmp_path):
    data = json.loads((DATA / "format-example.json").read_text())
    text = json.dumps(data)[:-1] + ', "deep": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path = tmp_path / "p.json"
    path.write_text(text)
    assert refused(replay(path)) == ["the file is nested too deeply to be a partie file"]
