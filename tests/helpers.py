"""Small builders that keep the scoring tables readable, and what tests read back over HTTP."""

import re

from scorer import store
from scorer.db import connect
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


def settled(app, board):
    """The partie of `board` as stored, and its game's replay of it (the engine's settlement)."""
    from scorer.games import game_of
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
