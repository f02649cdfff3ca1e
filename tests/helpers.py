"""Small builders that keep the scoring tables readable, what tests read back over HTTP, and the command line."""

import json
import re
import subprocess
import sys
from pathlib import Path

from scorer import store
from scorer.tarock import sides
from scorer.db import connect
from scorer.games import game_of
from scorer.games.strohmandeln import Bonus, Deal, Partie, RuleSet, check, parse_card_points, replay, score


def rules(preset="tarockbuch-extended", **options):
    """A rule set from a preset and options."""
    return RuleSet.from_dict({"preset": preset, **options})


def game(anna, bernd=None, undertaker=None, bonuses=(), dealer=0, kontra=False, kind="game", offender=None):
    """A game (or renonce) with Anna's card points as text; Bernd's is the rest unless given."""
    points = None
    if anna is not None or bernd is not None:
        points = (None if anna is None else parse_card_points(anna), None if bernd is None else parse_card_points(bernd))
    return Deal(type=kind, dealer=dealer, undertaker=undertaker, card_points=points,
                bonuses=tuple(Bonus(name, player) for name, player in bonuses), kontra=kontra, offender=offender)


def renonce(offender, undertaker=None, anna=None, bonuses=(), dealer=0, kontra=False):
    """A renonce, with card points only if play was continued."""
    return game(anna, undertaker=undertaker, bonuses=bonuses, dealer=dealer, kontra=kontra, kind="renonce",
                offender=offender)


def misdeal(offender, dealer=0):
    """A misdeal."""
    return Deal(type="misdeal", dealer=dealer, offender=offender)


def redeal(reason="no-tarock", dealer=0):
    """A redeal."""
    return Deal(type="redeal", dealer=dealer, reason=reason)


def points(ruleset, deal):
    """Game points of one deal for (Anna, Bernd), after checking it."""
    problems = check(ruleset, deal, ("Anna", "Bernd"))
    assert not problems, [p.message for p in problems]
    return score(ruleset, deal).points


def messages(ruleset, deal):
    """The problems' messages of a deal."""
    return [p.message for p in check(ruleset, deal, ("Anna", "Bernd"))]


def settle(ruleset, *deals, first_dealer=0):
    """Replay deals as a partie of Anna and Bernd."""
    return replay(Partie(("Anna", "Bernd"), ruleset, tuple(deals), first_dealer))


def shown(page: str) -> str:
    """The page without the end of the evening's settlements for the choices not picked (`<div class="settle-view"
    … hidden>`): what a player sees of "Who pays whom"."""
    return re.sub(r'<div class="settle-view"[^>]*\bhidden>.*?</div>', "", page, flags=re.S)


# -- a partie's deals over HTTP: what the store holds, a form's hidden fields ------------------------------------

def stored(app, board):
    """The partie of `board` (its address) as the store holds it."""
    db = connect(app.config["DATABASE"])
    try:
        return store.load(db, board.rsplit("/", 1)[1])
    finally:
        db.conn.close()


def version(app, board):
    """The stored version of the partie of `board`."""
    db = connect(app.config["DATABASE"])
    try:
        return store.version(db, board.rsplit("/", 1)[1])
    finally:
        db.conn.close()


def settled(app, board):
    """The partie of `board` as stored, and its game's replay of it (the engine's settlement)."""
    with app.app_context():
        sp = stored(app, board)
    return sp, game_of(sp.partie).replay(sp.partie)


def post_deal(client, board, defaults=None, **fields):
    """Save a deal through the deal form (a new key each time); the dealer the form proposes unless given."""
    import secrets
    data = {"type": "game", "action": "save", "key": secrets.token_urlsafe(16), **(defaults or {}), **fields}
    if "dealer" not in data:
        page = client.get(board + "/deal").text
        data["dealer"] = re.search(r'name="dealer" value="(\d)" checked', page).group(1)
    return client.post(board + "/deal", data=data)


def count(app, table):
    """How many rows `table` of the app's store holds."""
    with app.app_context():
        from scorer.db import get_db
        return next(get_db().query(f"select count(*) as n from {table}"))["n"]


def rows(app, sql):
    """The rows of a query on the app's store."""
    return list(connect(app.config["DATABASE"]).query(sql))


def text(html):
    """A page's words: its tags removed and its spaces made one."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def new_partie(client, form, **changes):
    """A new partie from the new-partie form's fields `form` with `changes`: its board's address."""
    response = client.post("/new", data={**form, **changes})
    assert response.status_code == 302, re.findall(r'<ul class="errors".*?</ul>', response.text, re.S)
    return response.headers["Location"]


def deal_refused(app, client, board, message, **fields):
    """A deal posted through the form is refused (422), says `message` beside its field or at the top, and nothing
    is stored."""
    response = post_deal(client, board, **fields)
    assert response.status_code == 422
    assert message.lower() in refusal(response.text).lower(), refusal(response.text)
    assert settled(app, board)[0].partie.deals == ()


JUNK = ["", "x", "-1", "99999999999999999999", "1/3", "\x00", "€", "7" * 200, "true"]   # what a hostile form sends


def never_breaks(app, client, board, fields, names, junk=JUNK):
    """Each value of `junk` in each of the deal form's fields `names` (the others as `fields`, previewed) gets the
    form back, or its refusal: never a 500; nothing is stored."""
    for name in names:
        for value in junk:
            response = post_deal(client, board, **{**fields, "action": "preview", name: value})
            assert response.status_code in (200, 422), (name, value)
    assert settled(app, board)[0].partie.deals == ()


def a_partie(client):
    """A new partie with one deal recorded: its board's address and its id."""
    from .conftest import NEW_PARTIE, record
    board = client.post("/new", data=NEW_PARTIE).headers["Location"]
    assert record(client, board, undertaker="nobody", points="30").status_code == 302
    return board, board.rsplit("/", 1)[1]


def haferl_deal(client, board, **fields):
    """A Bavarian Tarock deal saved through the deal form (a game, target 61, unless `fields` say otherwise)."""
    import secrets
    data = {"type": "game", "target": "61", "action": "save", "key": secrets.token_urlsafe(16), **fields}
    response = client.post(board + "/deal", data=data)
    assert response.status_code == 302, re.findall(r'class="errors.*?</ul>', response.text, re.S)


# -- a browser's page: what it shows against the engine ------------------------------------------------------------

MINUS = "\u2212"


def german_signed(n):
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def german_euros(amount):
    text = f"{abs(amount):.2f}".replace(".", ",") + " €"
    return text if amount == 0 else ("+" if amount > 0 else MINUS) + text


def page_settled(server, page):
    """The partie shown on a browser's page as the server's store holds it, and the engine's settlement of it."""
    pid = page.url.split("/p/")[1].split("/")[0].split("?")[0]
    db = connect(server["db"])
    try:
        sp = store.load(db, pid)
    finally:
        db.conn.close()
    return sp, game_of(sp.partie).replay(sp.partie)


def check_radl_board(server, page, sits_out_with=0):
    """The German board of a game played round the table in Radls is the engine's, figure by figure: each player's
    points and money, who deals (and sits out, at `sits_out_with` players) and who is Vorhand, the deal of the Radl,
    the doubled Radl, each line's running totals; nothing sticks out sideways. The settlement."""
    sp, s = page_settled(server, page)
    names = sp.partie.players
    n = len(names)
    for i in range(n):
        assert page.locator(f"#balance-{i}").inner_text() == german_signed(s.balance[i])
        assert page.locator(f"#money-{i}").inner_text() == german_euros(s.money[i]).replace(" €", "")
    dealer = sp.partie.first_dealer if s.next_dealer is None else s.next_dealer
    status = page.locator("#status").inner_text()
    deals = "gibt und setzt aus" if n == sits_out_with else "gibt"
    assert status.startswith(f"{names[dealer]} {deals}, {names[(dealer + 1) % n]} ist Vorhand"), status
    if s.counted and not s.radl_left and not s.doubled_pending:   # a Radl's end: the next deal starts a new one
        assert "ein neues Radl beginnt" in status and page.locator("#radl-end").count() == 1
    else:
        assert f"Radl: Spiel {s.counted % n + 1} von {n}" in status and page.locator("#radl-end").count() == 0
    if s.doubled_pending:
        doubled = page.locator("#doubled").inner_text()
        pending = s.doubled_pending
        assert (f"die nächsten {pending} Spiele" if pending > 1 else "das nächste Spiel") in doubled
    else:
        assert page.locator("#doubled").count() == 0
    assert page.locator("#sheet tbody.deal").count() == len(s.deals)
    for r in s.deals:
        assert page.locator(f"#deal-{r.number} .run").all_inner_texts() == [german_signed(b) for b in r.balance]
    assert sum(s.balance) == 0 and sum(s.money_balance) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    return s


def choose(page, **choices):
    """Tap the form's segmented buttons, in the order given: `name=value` taps that radio's button."""
    for name, value in choices.items():
        page.locator(f"input[name={name}][value='{value}'] + span").first.tap()


def save_radl_deal(server, page, sits_out_with=0):
    """Save the deal on the German form of a game played round the table in Radls, once its live preview has
    answered: the result beside Save was the engine's (the declarer's points, in a renonce or a misdeal the
    offender's, "±0", the doubling included), and the board is (`check_radl_board`). The settlement."""
    from playwright.sync_api import expect   # here: the tests that start no browser never import it

    expect(page.locator("#save-result")).to_have_text(re.compile(r"\S"))   # the live preview's answer came
    said = page.locator("#save-result").inner_text()
    page.locator("#save").first.tap()
    page.wait_for_selector("#record")
    s = check_radl_board(server, page, sits_out_with)
    r = s.deals[-1]
    who = r.deal.declarer if r.deal.type == "game" else r.deal.offender
    names = s.partie.players
    wanted = f"{names[who]} {german_signed(r.points[who])}" if r.points[who] else "±0"
    if r.multiplier > 1:
        wanted += f" (×{r.multiplier} eingerechnet)"
    assert said == wanted, (said, wanted)
    return s


def checked(page, name):
    """The values of the checked inputs named `name` on a browser's page."""
    return page.locator(f"input[name={name}]:checked").evaluate_all("els => els.map(e => e.value)")


def hidden(page, name):
    """A hidden field's value on a page (its attribute in double quotes, or in single quotes: JSON)."""
    match = re.search(r'name="%s" type="hidden" value="([^"]*)"' % name, page) or re.search(
        r'type="hidden" name="%s" value="([^"]*)"' % name, page) or re.search(
        r"type=\"hidden\" name=\"%s\" value='([^']*)'" % name, page)
    return match.group(1)


def edit_form(client, board, number):
    """The version, key and deal id of deal `number`'s edit form."""
    page = client.get(f"{board}/deal/{number}/edit").text
    return {"version": hidden(page, "version"), "key": hidden(page, "key"), "deal_id": hidden(page, "deal_id")}


def stored_points(app, board):
    """Each stored deal's first card points."""
    return [d.card_points[0] for d in stored(app, board).partie.deals]


# -- the command line --------------------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


def run_replay(path, *args):
    """`python -m scorer replay PATH ARGS` in a process of its own: its exit status, standard output and error."""
    return subprocess.run([sys.executable, "-m", "scorer", "replay", str(path), *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def refused(result):
    """The problems of a refused file: nothing on standard output, status 1, no traceback."""
    assert result.returncode == 1 and result.stdout == "" and "Traceback" not in result.stderr, result
    return result.stderr.splitlines()


def format_example():
    """The partie file of docs/FORMAT.md's example (tests/data/format-example.json), parsed."""
    return json.loads((DATA / "format-example.json").read_text())


def written(tmp_path, data, name="partie.json"):
    """`data` written as a JSON file in `tmp_path`; its path."""
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def item(name, points):
    """One item of a deal's result in the settlement JSON of Königrufen's shape (Zwanzigerrufen, Tapp-Tarock)."""
    return {"item": name, "points": points, "money_points": points}


def result(number, kind, dealer, contract, points, items):
    """One deal's result in the settlement JSON of Königrufen's shape, at multiplier 1 with nothing pending."""
    return {"number": number, "type": kind, "dealer": dealer, "contract": contract, "multiplier": 1,
            "points": points, "money_points": points, "doubled_pending": 0, "items": items}


def deal_changed(data, n, **changes):
    """A partie file's dict with deal `n`'s fields changed (the dict itself, changed)."""
    data["deals"][n - 1].update(changes)
    return data


def side_premium(name, side="declarer", announced=False, made=True, kontra=1):
    """A premium of a game played by sides (scorer/tarock/sides.py: Zwanzigerrufen, Tapp-Tarock), silent and made unless
    said."""
    return sides.Premium(name, side, announced, made, kontra)


def refusal(page: str) -> str:
    """What a refused deal form says, as text: the summary at the top (which fields, linked) and each field's own
    sentence beside it (`<div role="alert" id="error-…">`), in the page's order."""
    found = re.findall(r'<div class="errors summary"[^>]*>(.*?)</div>|<div role="alert" id="error-[^"]*">(.*?)</div>',
                       page, re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", " ".join(a or b for a, b in found))).strip()


def stored_partie(app, partie) -> str:
    """`partie` stored as a new partie of the app's store; its board's path."""
    db = connect(app.config["DATABASE"])
    try:
        return f"/p/{store.create_partie(db, partie)}"
    finally:
        db.conn.close()
