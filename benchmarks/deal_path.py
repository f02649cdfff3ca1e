"""The files one deal crosses: `python -m benchmarks.deal_path [--board]`.

A new Strohmandeln partie in a throwaway store, its deal form opened, then one new deal POSTed as the form sends it
(`--board`: as form.js's Save sends it, `Accept: application/json` and `X-Scorer-Show: board`, so the answer
carries the board). While that one request runs, `sys.setprofile` notes every file of this checkout whose code
is called; the list of files (the package's, then the templates) and the calls from one file into another are
printed. docs/ARCHITECTURE.md ("One deal's path") gives the counts.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NEW_PARTIE = {"player0": "Anna", "player1": "Bernd", "first_dealer": "0", "preset": "tarockbuch-extended",
              "stake": "", "deck": "54", "counting": "threes", "nullrunde": "queue", "simple_games": "default",
              "valat": "replace"}
DEAL = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0", "points": "40", "action": "save",
        "key": "deal-path-1", "dealer": "0"}


def trace(board_in_answer: bool) -> tuple[dict, dict]:
    """({file: calls}, {(calling file, called file): calls}) of the one POST, paths relative to the checkout."""
    sys.path.insert(0, str(ROOT))
    from scorer import create_app

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"DATABASE": os.path.join(tmp, "t.sqlite"), "SECRET_KEY": "x", "TESTING": True,
                          "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        board = client.post("/new", data=NEW_PARTIE).headers["Location"]
        client.get(board)
        client.get(board + "/deal")
        headers = {"Accept": "application/json", "X-Scorer-Show": "board"} if board_in_answer else {}
        files: dict = {}
        calls: dict = {}
        root = str(ROOT) + os.sep

        def ours(path: str) -> bool:
            return path.startswith(root) and ".venv" not in path

        def note(frame, event, _arg):
            if event != "call" or not ours(frame.f_code.co_filename):
                return
            here = os.path.relpath(frame.f_code.co_filename, ROOT)
            files[here] = files.get(here, 0) + 1
            caller = frame.f_back.f_code.co_filename if frame.f_back else ""
            if ours(caller) and caller != frame.f_code.co_filename:
                pair = (os.path.relpath(caller, ROOT), here)
                calls[pair] = calls.get(pair, 0) + 1

        sys.setprofile(note)
        try:
            answer = client.post(board + "/deal", data=DEAL, headers=headers)
        finally:
            sys.setprofile(None)
        assert answer.status_code == (200 if board_in_answer else 302), answer.status_code
    return files, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", action="store_true", help="the Save of form.js: the board in the answer")
    args = parser.parse_args()
    files, calls = trace(args.board)
    code = sorted(f for f in files if f.endswith(".py"))
    pages = sorted(f for f in files if not f.endswith(".py"))
    print(f"{len(code)} files of code:", *code, sep="\n  ")
    print(f"{len(pages)} templates:", *pages, sep="\n  ")
    print(f"{len(calls)} pairs of files, {sum(calls.values())} calls from one file into another")


if __name__ == "__main__":
    main()
