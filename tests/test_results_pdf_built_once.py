"""The results PDF, a public address every phone may ask for at once: built once per change of the standings (and
language) by a thread of its own, never by the requests; eight at once build it once; no request waits longer than
its bound (it gets the last PDF built, or a 503 asking to try again in a few seconds before there is any); a change of
the standings builds it once more, and the requests in between are answered with the PDF built before."""

import threading
import time

from scorer.tournament import pdf
from scorer.tournament import web as tweb

from .test_tournament_web import NINE, create, dreier, draw_and_start, public


def test_eight_requests_at_once_build_the_pdf_once_and_none_waits_past_its_bound(app, client, monkeypatch):
    organiser = create(client, NINE[:8], games_4="3")
    found = draw_and_start(client, organiser)
    sid = public(client, organiser)
    built = []
    real = pdf.results_pdf

    release = threading.Event()

    def slow(found, lines, sheets=True):   # the build goes on until every request has its answer
        built.append(found.t.version)
        release.wait(30)
        return real(found, lines, sheets)

    monkeypatch.setattr(pdf, "results_pdf", slow)
    app.config["PDF_WAIT"] = 0.2
    answers = []

    def ask():
        answers.append(app.test_client().get(sid + "/results.pdf"))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    release.set()   # only now may the build end: a request that waited for it would not have answered above
    assert len(answers) == 8   # bounded: none waited for the build
    assert {a.status_code for a in answers} == {503}
    assert all(a.headers["Retry-After"] == "3" and "The results are being prepared" in a.text for a in answers)
    deadline = time.time() + 20
    while time.time() < deadline and client.get(sid + "/results.pdf").status_code != 200:
        time.sleep(0.1)
    first = client.get(sid + "/results.pdf")
    assert first.status_code == 200 and first.data.startswith(b"%PDF-")
    assert len(built) == 1   # built once for eight requests and the ones after
    # a game recorded: the next request gets the PDF built before at once, and one new build starts
    release.clear()   # the next build goes on until the stale answer is in
    dreier(client, found[0][0], 1)
    stale = client.get(sid + "/results.pdf")
    release.set()
    assert stale.status_code == 200 and stale.data == first.data
    deadline = time.time() + 30   # the new build done (however busy the machine): its PDF is sent from then on
    fresh = stale
    while time.time() < deadline and fresh.data == first.data:
        time.sleep(0.2)
        fresh = client.get(sid + "/results.pdf")
    assert fresh.status_code == 200 and fresh.data != first.data and len(built) == 2
    assert client.get(sid + "/results.pdf", headers={"If-None-Match": fresh.headers["ETag"]}).status_code == 304


def test_a_request_waits_for_a_quick_build(app, client):
    organiser = create(client, NINE[:8], games_4="3")
    draw_and_start(client, organiser)
    sid = public(client, organiser)
    response = client.get(sid + "/results.pdf")   # the bound (4 s) is longer than a small build
    assert response.status_code == 200 and response.data.startswith(b"%PDF-")
    assert tweb.builds.done
