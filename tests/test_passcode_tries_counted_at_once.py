"""Wrong passcodes sent all at once are counted and checked in one step: of 60 wrong passcodes sent at the same time
to a tournament's unlock (an assistant's phone giving the passcode), exactly the limit (10) are compared and the
others refused with 429; and so across two processes of the app over one SQLite file, as an organiser may run it.
Real HTTP through waitress (`python -m scorer serve` itself for the processes)."""

import threading

import pytest

from scorer import create_app

from .live import Live, Served

pytestmark = pytest.mark.process   # every test here runs servers or processes of its own

PASSCODE = "Tarock 21"
NINE = "\n".join(["Anna", "Bernd", "Cilli", "Dora", "Emil", "Franz", "Gerti", "Hans", "Ida"])
TOURNAMENT = {"name": "Hausruck-Cup 3", "rule_set": "koenigrufen/ooe", "players": NINE, "total": "schrift+rank",
              "tie_breaks": "table_ranks,best_round", "draw": "random"}


def at_once(servers, path, n):
    """`n` wrong passcodes sent at the same moment, spread over `servers`: their statuses."""
    statuses, gate = [], threading.Barrier(n)

    def guess(i):
        server = servers[i % len(servers)]
        gate.wait()
        statuses.append(server.post(path, {"passcode": f"wrong {i}"}, timeout=60).status)

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    return statuses


def a_tournament(server) -> str:
    r = server.post("/t/new", {**TOURNAMENT, "passcode": PASSCODE})
    assert r.status == 302, r.text[:2000]
    return r.headers["Location"].split("/t/", 1)[1]


def test_sixty_wrong_passcodes_at_once_compare_exactly_the_limit(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "PASSCODE": PASSCODE, "RATELIMIT_ENABLED": True})   # the shipped limits: 10 a minute
    server = Live(app, threads=8)
    try:
        tid = a_tournament(server)
        statuses = at_once([server], f"/t/{tid}/unlock", 60)
        assert sorted(statuses) == [422] * 10 + [429] * 50
        # the right passcode now: refused too, and the organiser's page still asks for it
        assert server.post(f"/t/{tid}/unlock", {"passcode": PASSCODE}).status == 429
        assert server.get(f"/t/{tid}").status == 200 and "passcode" in server.get(f"/t/{tid}").text
    finally:
        server.close()


def test_a_right_passcode_is_handed_back_and_never_counts(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False,
                      "PASSCODE": PASSCODE, "RATELIMIT_ENABLED": True, "RATELIMIT_PASSCODE": "3 per minute"})
    server = Live(app)
    try:
        tid = a_tournament(server)
        for _ in range(5):   # more right passcodes than the limit: each an unlock
            assert server.post(f"/t/{tid}/unlock", {"passcode": PASSCODE}).status == 302
        assert [server.post(f"/t/{tid}/unlock", {"passcode": "no"}).status for _ in range(4)] == [422] * 3 + [429]
    finally:
        server.close()


def test_two_processes_over_one_file_share_the_limit(tmp_path):
    env = {"SCORER_DATABASE": str(tmp_path / "shared.sqlite"), "SCORER_SECRET_KEY": "two processes",
           "SCORER_PASSCODE": PASSCODE, "SCORER_WTF_CSRF_ENABLED": "false"}
    first = Served(env)
    second = Served(env)
    try:
        tid = a_tournament(first)
        statuses = at_once([first, second], f"/t/{tid}/unlock", 60)
        assert sorted(statuses) == [422] * 10 + [429] * 50
        for server in (first, second):   # both processes know it: the right passcode is refused by each
            assert server.post(f"/t/{tid}/unlock", {"passcode": PASSCODE}).status == 429
    finally:
        first.close()
        second.close()
