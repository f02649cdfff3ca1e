"""The number of connections the server takes at once is one figure, `scorer.serving.CONNECTIONS`, the one README.md
says: read from the server `python -m scorer serve` runs (its first line says the limit waitress has), from the
server the tests start, and changed only by `SCORER_SERVER_CONNECTIONS`."""

import re

import pytest

from scorer import create_app
from scorer.serving import CONNECTIONS, room_for, settings

from .live import ROOT, Live, Served

pytestmark = pytest.mark.process   # every test here starts the server


def readme_figure() -> int:
    row = next(line for line in (ROOT / "README.md").read_text().splitlines()
               if line.startswith("| connections at once"))
    return int(row.split("|")[2].strip().replace(",", ""))


def said(line: str) -> int:
    return int(re.search(r"\((\d+) connections at once", line).group(1))


def test_the_running_server_takes_the_connections_the_readme_says(tmp_path):
    assert readme_figure() == CONNECTIONS
    server = Served({"SCORER_DATABASE": str(tmp_path / "s.sqlite"), "SCORER_SECRET_KEY": "t"})
    try:
        assert server.get("/").status == 200
        assert said(server.line) == room_for(CONNECTIONS) == CONNECTIONS   # the open files limit makes room for them
    finally:
        server.close()


def test_the_app_has_no_figure_of_its_own(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t"})
    assert "SERVER_CONNECTIONS" not in app.config and settings(app)["connection_limit"] == CONNECTIONS
    server = Live(app)
    try:
        assert server.server.adj.connection_limit == CONNECTIONS
    finally:
        server.close()


def test_the_setting_changes_it(tmp_path):
    server = Served({"SCORER_DATABASE": str(tmp_path / "s.sqlite"), "SCORER_SECRET_KEY": "t",
                     "SCORER_SERVER_CONNECTIONS": "300"})
    try:
        assert said(server.line) == 300 and server.get("/").status == 200
    finally:
        server.close()
