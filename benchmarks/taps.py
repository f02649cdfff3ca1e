"""Inputs per common deal, counted in a real browser on a phone (390×844, touch): each tap and each key pressed,
from the board to the deal on the board, for the deals a table plays most. Each deal is checked as stored.

    .venv/bin/python -m benchmarks.taps

Prints one line per deal: taps, keys, inputs (taps + keys) and the goal of issue 27 where it set one."""

from __future__ import annotations

import os
import sys
import tempfile
import threading

from werkzeug.serving import make_server

from scorer import create_app, store
from scorer.db import connect
from scorer.games import game_of

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}


class Counter:
    def __init__(self, page):
        self.page, self.taps, self.keys = page, 0, 0

    def tap(self, selector):
        self.page.locator(selector).first.tap()
        self.taps += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.keys += len(text)

    def enter(self):
        self.page.keyboard.press("Enter")
        self.keys += 1


def stored(db_path, page):
    pid = page.url.split("/p/")[1].split("/")[0].split("?")[0]
    db = connect(db_path)
    try:
        sp = store.load(db, pid)
    finally:
        db.conn.close()
    return sp, game_of(sp.partie).replay(sp.partie)


def start(page, base, game, names):
    page.goto(f"{base}/new?game={game}")
    for i, name in enumerate(names):
        page.locator(f"#player{i}").fill(name)
    page.locator("text=Start the partie").tap()
    page.wait_for_selector("#record")


def strohmandeln(c, base, db):
    start(c.page, base, "strohmandeln", ("Anna", "Bernd"))
    c.tap(".starts a.start")                 # "Anna / undertook": the card points focused
    c.page.wait_for_selector("#points:focus")
    c.type("38")
    c.tap("#save")
    c.page.wait_for_selector("#record")
    sp, _ = stored(db, c.page)
    assert sp.partie.deals[-1].card_points[0] == 114


def rufer(c, base, db, kontra_and_two=False):
    start(c.page, base, "koenigrufen", ("Anna", "Bernd", "Cilli", "Dora"))
    c.tap(".starts a:has-text('Rufer')")
    c.page.wait_for_selector("#deal-form")
    c.tap("input[name=partner][value='2'] + span")
    c.tap("input[name=result][value=won] + span")
    if kontra_and_two:
        c.tap("#fs-kontra .choice-stepper button.step >> nth=-1")
        for p in ("pagat", "trull"):
            c.tap(f"input[name=side_{p}][value=declarer] + span")
            c.tap(f"input[name=ann_{p}][value=yes] + span")
    else:
        c.tap("input[name=side_pagat][value=declarer] + span")   # silent unless said
    c.tap("#save")
    c.page.wait_for_selector("#sheet")
    sp, _ = stored(db, c.page)
    deal = sp.partie.deals[-1]
    if kontra_and_two:
        assert deal.kontra == 2 and {(p.premium, p.announced) for p in deal.premiums} == {("pagat", True),
                                                                                             ("trull", True)}
    else:
        assert [(p.premium, p.announced) for p in deal.premiums] == [("pagat", False)]


def rufer_thirds(c, base, db):
    start(c.page, base, "koenigrufen", ("Anna", "Bernd", "Cilli", "Dora"))
    c.tap(".starts a:has-text('Rufer')")
    c.page.wait_for_selector("#deal-form")
    c.tap("input[name=partner][value='2'] + span")
    c.tap("#card_points")
    c.type("35")
    c.tap("input[name=card_blatt][value='2'] + span")
    c.tap("#save")
    c.page.wait_for_selector("#sheet")
    sp, _ = stored(db, c.page)
    assert sp.partie.deals[-1].card_points == 107


def trischaken(c, base, db, typed=("20", "30", "20"), stored_as=(0, 60, 90, 60)):
    """Bernd is Vorhand (his field has the focus); on the phone's number pad two digits, or 0, move on to the next
    player's field, and the last empty field is the rest of 70."""
    start(c.page, base, "koenigrufen", ("Anna", "Bernd", "Cilli", "Dora"))
    c.tap(".starts a:has-text('Trischaken')")
    c.page.wait_for_selector("#tp1:focus")
    for text in typed:
        c.type(text)
    c.tap("#save")
    c.page.wait_for_selector("#sheet")
    sp, _ = stored(db, c.page)
    assert sp.partie.deals[-1].card_points == stored_as, sp.partie.deals[-1].card_points


DEALS = (("Strohmandeln, an undertaken game, whole points", strohmandeln, None),
         ("Königrufen, Rufer won with a silent Pagat", rufer, 5),
         ("Königrufen, Rufer won with Kontra and two announced premiums",
          lambda c, b, d: rufer(c, b, d, kontra_and_two=True), 9),
         ("Königrufen, Trischaken with one Jungfrau, whole points (the Jungfrau's field the rest)", trischaken, 8),
         ("Königrufen, Trischaken with one Jungfrau, whole points (the Jungfrau typed: 0)",
          lambda c, b, d: trischaken(c, b, d, typed=("20", "30", "0"), stored_as=(60, 60, 90, 0)), 8),
         ("Königrufen, Rufer won with 35 + 2 Blatt (a third by a tap)", rufer_thirds, None))


def main() -> int:
    from playwright.sync_api import sync_playwright

    folder = tempfile.mkdtemp()
    db = os.path.join(folder, "taps.sqlite")
    app = create_app({"DATABASE": db, "SECRET_KEY": "taps", "POLL_SECONDS": 60})
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_port}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for label, run, goal in DEALS:
            context = browser.new_context(locale="en", **PHONE)
            page = context.new_page()
            page.set_default_timeout(10000)
            c = Counter(page)
            run(c, base, db)
            total = c.taps + c.keys
            print(f"{label}: {c.taps} taps + {c.keys} keys = {total} inputs"
                  + (f" (goal {goal}: {'met' if total <= goal else 'missed'})" if goal else ""))
            context.close()
        browser.close()
    httpd.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
