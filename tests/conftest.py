"""Fixtures: an app with a throwaway database per test, its client, and a partie to play in; the Hypothesis
profiles ("quick" and "full") and `examples(n)`, the number of examples a property test asks for."""

import functools
import gc
import os
import re
import secrets
import shutil
import socket
import subprocess

import pytest
from hypothesis import settings
from jinja2 import BytecodeCache
from werkzeug.routing import Rule

import scorer


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates kept in memory for the whole run: each test makes its own app, whose template
    environment would otherwise compile every page's template again (about 70 ms a page). Keyed by the template's
    name and a checksum of its source, so a changed template is compiled anew; only the bytecode is shared."""

    def __init__(self):
        self.kept = {}

    def load_bytecode(self, bucket):
        if bucket.key in self.kept:
            bucket.bytecode_from_string(self.kept[bucket.key])

    def dump_bytecode(self, bucket):
        self.kept[bucket.key] = bucket.bytecode_to_string()


COMPILED = CompiledTemplates()


def _sharing_compiled_templates(make):
    @functools.wraps(make)
    def create_app(*args, **kwargs):
        app = make(*args, **kwargs)
        app.jinja_env.bytecode_cache = COMPILED
        return app
    return create_app


# before the test modules import it: every app the tests make shares the compiled templates
scorer.create_app = create_app = _sharing_compiled_templates(scorer.create_app)


def _sharing_url_builders(compile_builder):
    """Werkzeug writes and compiles two Python functions for each of a new app's ~80 routes (its URL builders):
    about 60 ms of each test's 65 ms app. The function depends only on the rule's text, its parsed parts and its
    defaults, and takes the rule as its first argument (it is bound to each rule afterwards), so one compiled
    function is shared by the same rule of every app in the run."""
    kept = {}

    @functools.wraps(compile_builder)
    def shared(rule, append_unknown=True):
        key = (rule.rule, rule.subdomain, rule.host, tuple(rule._trace), repr(sorted((rule.defaults or {}).items())),
               append_unknown)
        if key not in kept:
            kept[key] = compile_builder(rule, append_unknown)
        return kept[key]
    return shared


Rule._compile_builder = _sharing_url_builders(Rule._compile_builder)

# Hypothesis profiles. "full": every property test runs the example count written at it (Hypothesis' default of
# 100 where none is written); "quick": a tenth of it. The quick profile is chosen when the run leaves out the slow
# tests (`-m "not slow"`, the quick run of README.md); `--hypothesis-profile NAME` or SCORER_HYPOTHESIS=NAME
# chooses one by name. The default run (bash scripts/test.sh, CI) is the full one.
settings.register_profile("full", max_examples=100)
settings.register_profile("quick", max_examples=10)


def pytest_configure(config):
    chosen = config.getoption("hypothesis_profile", None) or os.environ.get("SCORER_HYPOTHESIS")
    if not chosen:
        chosen = "quick" if "not slow" in (config.getoption("markexpr", "") or "") else "full"
    settings.load_profile(chosen)


# The quick run a person makes leaves out the tests that start a server or a process of their own (README.md,
# `-m "not browser and not slow and not process"`). So that the mark stays true, a test that starts a process or
# binds a socket (waitress on a port) without saying so (`process`, `browser` or `slow`) fails, naming the mark.
STARTED: list[str] = []
_popen_init = subprocess.Popen.__init__
_bind = socket.socket.bind


def _watched_popen(self, *args, **kwargs):
    STARTED.append("a process")
    return _popen_init(self, *args, **kwargs)


def _watched_bind(self, *args, **kwargs):
    STARTED.append("a server (it binds a socket)")
    return _bind(self, *args, **kwargs)


subprocess.Popen.__init__ = _watched_popen
socket.socket.bind = _watched_bind


def pytest_collection_finish(session):
    """What the collected test modules made (Hypothesis' strategies, the engines' tables, the compiled templates) is
    frozen out of the garbage collector's sight, and its first generation is made larger: a run makes thousands of
    short-lived apps and pages, and the collector's passes took about a tenth of it (measured with gc.callbacks;
    the quick run about 5 % faster on two idle cores)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 50, 100)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    STARTED.clear()   # before the test's fixtures: a server its module's fixture starts is counted to it


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failing browser test: a screenshot of each page it left open (tests/screens.py), named in the report.
    A test that started a process or a server unmarked: failed, saying so."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.passed and STARTED \
            and not any(item.get_closest_marker(name) for name in ("process", "browser", "slow")):
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} starts {STARTED[0]}: mark it @pytest.mark.process, so that the quick "
                           "run (-m \"not process\") leaves it out")
    browser = getattr(item, "funcargs", {}).get("browser")
    if report.when == "call" and report.failed and browser is not None:
        from .screens import failed

        for path in failed(item.nodeid, browser):
            report.sections.append(("screenshot", str(path)))


def examples(n: int) -> int:
    """`n` examples in the full profile; in the quick one its share of them (a tenth, at least 3)."""
    return max(3, n * settings.default.max_examples // 100)


@pytest.fixture(autouse=True)
def _served_app_put_back(request):
    """A browser test that swaps the served app for a busy or dead one (a dead spot, a 503 once) gets the app put
    back after it whatever became of it: a test that failed half-way never leaves the next one a busy scorer."""
    if "server" not in request.fixturenames:
        yield
        return
    httpd = request.getfixturevalue("server")["httpd"]
    app = httpd.app
    yield
    httpd.app = app


@pytest.fixture(scope="session")
def migrated_store(tmp_path_factory):
    """An empty store migrated to the newest schema once per run (the app then finds nothing to migrate)."""
    from scorer.db import connect

    path = tmp_path_factory.mktemp("migrated") / "scorer.sqlite"
    connect(str(path)).conn.close()   # the last connection closed: the WAL checkpointed into the file
    return path


@pytest.fixture
def app(tmp_path, migrated_store):
    database = tmp_path / "scorer.sqlite"
    shutil.copyfile(migrated_store, database)   # a copy of an empty, migrated store: each test its own
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False})
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


NEW_PARTIE = {"player0": "Anna", "player1": "Bernd", "first_dealer": "0", "preset": "tarockbuch-extended",
              "stake": "", "deck": "54", "counting": "threes", "nullrunde": "queue", "simple_games": "default",
              "valat": "replace"}


def start(client, **changes):
    """Create a partie through the form; return its board's path."""
    response = client.post("/new", data={**NEW_PARTIE, **changes})
    assert response.status_code == 302, response.text
    return response.headers["Location"]


def record(client, board, **fields):
    """Post a deal through the form (a simple game by default); return the response."""
    data = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0", "action": "save",
            "key": secrets.token_urlsafe(16), **fields}
    if "dealer" not in data:
        page = client.get(board + "/deal").text
        data["dealer"] = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    return client.post(board + "/deal", data=data)


@pytest.fixture
def board(client):
    return start(client)
