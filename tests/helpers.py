"""Small builders that keep the scoring tables readable."""

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
    import re
    return re.sub(r'<div class="settle-view"[^>]*\bhidden>.*?</div>', "", page, flags=re.S)
