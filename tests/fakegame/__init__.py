"""A small fake game for the tests only: it proves the seam (`scorer.games`) by joining it from its own folder.

"Coin toss": two or three players, each deal names who won it; the winner gets one point from each other
player (two with the "double" preset). Its folder is laid out as a game of the scorer's is: this module (its
engine, partie file and tables), `game.py` (`class CoinToss(Game)`, `GAME`), `web.py` (its forms, hooks and
blueprint), `templates/coin/` (its pages), `static/coin.js` (its deal form's script). Registered by one line,
`games.load("tests.fakegame.game")`, in the `fake_game` fixture (tests/fakegame/fixture.py), and taken out again
after the test.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from scorer.options import RuleSetForm
from scorer.partie import Partie
from scorer.file_format import deal_frame, names_of
from scorer.problems import Problem, ScoringError
from scorer.settlement import Settlement as BaseSettlement
from scorer.words import Message, N_

PRESETS = ("single", "double")
PRESET_NAMES = {"single": N_("Strohmandeln"), "double": N_("Strohmandeln")}   # any translated words will do


class CoinError(ScoringError):
    """A coin-toss entry that cannot be scored."""


@dataclass(frozen=True, repr=False)
class RuleSet(RuleSetForm, presets=PRESETS, default="single", names=PRESET_NAMES, error=CoinError):
    preset: str = "single"
    given: tuple = ()

    @classmethod
    def default(cls, preset: str = "single"):
        return cls(preset=preset)

    def has_option(self, name: str) -> bool:
        return False

    def describe(self):
        return [Message("Deal {n}", n=1 if self.preset == "single" else 2)]


@dataclass(frozen=True)
class Deal:
    type: str
    dealer: int
    winner: int | None = None


@dataclass(frozen=True)
class DealResult:
    number: int
    deal: Deal
    points: tuple
    balance: tuple


@dataclass(frozen=True)
class Settlement(BaseSettlement):
    partie: Partie
    deals: tuple = ()
    balance: tuple = ()
    next_dealer: int = 0
    money: tuple = field(default=())


def check(rules, deal, players) -> list:
    if not 0 <= deal.dealer < len(players):
        return [Problem("dealer", "dealer is a player's number, counted from 0")]
    if deal.type == "game" and not (isinstance(deal.winner, int) and 0 <= deal.winner < len(players)):
        return [Problem("declarer", "declarer is a player's number, counted from 0")]
    return []


def start(partie):
    return Settlement(partie.with_deals(()), (), (0,) * len(partie.players), partie.first_dealer)


def extend(settlement, deals):
    partie = settlement.partie
    n = len(partie.players)
    balance, results, problems = list(settlement.balance), list(settlement.deals), []
    for deal in deals:
        number = len(results) + 1
        found = check(partie.rules, deal, partie.players)
        if found:
            problems += [p.at(number) for p in found]
            continue
        points = [0] * n
        if deal.type == "game":
            unit = 1 if partie.rules.preset == "single" else 2
            points = [unit * (n - 1) if i == deal.winner else -unit for i in range(n)]
        balance = [b + p for b, p in zip(balance, points)]
        results.append(DealResult(number, deal, tuple(points), tuple(balance)))
    if problems:
        raise CoinError(problems)
    last = results[-1].deal.dealer + 1 if results else partie.first_dealer
    return Settlement(partie.with_deals(partie.deals + tuple(deals)), tuple(results), tuple(balance), last % n)


def replay(partie, *, checked=False):   # checks each deal anyway: `checked` only allows skipping it
    return extend(start(partie), partie.deals)


engine = SimpleNamespace(RuleSet=RuleSet, PRESETS=PRESETS, PRESET_NAMES=PRESET_NAMES, Deal=Deal, check=check,
                         replay=replay, extend=extend, start=start)


# -- its partie file -------------------------------------------------------------------------------------------
_KEYS = {"game": ("type", "dealer", "winner"), "redeal": ("type", "dealer")}


def parse_players(raw, problems):
    if not isinstance(raw, list) or len(raw) not in (2, 3):
        problems.append(Problem("players", "players must be a list of three or four names"))
        return ()
    return tuple(names_of(raw, problems))


def parse_deal(raw, problems):
    kind = deal_frame(raw, problems, _KEYS, Problem("type", "type must be game or redeal"))
    if kind is None:
        return None
    dealer, winner = raw.get("dealer"), raw.get("winner")
    if not isinstance(dealer, int):
        problems.append(Problem("dealer", "dealer is a player's number, counted from 0"))
        return None
    return Deal(kind, dealer, winner if kind == "game" else None)


def deal_to_dict(deal):
    return {"type": deal.type, "dealer": deal.dealer, **({"winner": deal.winner} if deal.type == "game" else {})}


def settlement_to_dict(settlement):
    return {"players": list(settlement.partie.players), "balance": list(settlement.balance),
            "deals": [{"number": r.number, "points": list(r.points)} for r in settlement.deals]}


file = SimpleNamespace(FORMAT="coin-toss-partie", VERSION=1, parse_players=parse_players, parse_deal=parse_deal,
                       deal_to_dict=deal_to_dict, settlement_to_dict=settlement_to_dict)


# -- its tables ------------------------------------------------------------------------------------------------
def rows(settlement, sheet):
    names = [sheet.name(n) for n in settlement.partie.players]
    out = [[sheet.word("Deal"), sheet.word("Dealer"), *(sheet.word("Points {name}").format(name=n) for n in names)]]
    out += [[r.number, names[r.deal.dealer], *r.points] for r in settlement.deals]
    out.append([sheet.word("Total"), "", *settlement.balance])
    return out


def table(settlement):
    names = settlement.partie.players
    lines = [f"{r.number:>4}  " + "  ".join(f"{n} {p:+d}" for n, p in zip(names, r.points)) for r in settlement.deals]
    lines.append("balance: " + ", ".join(f"{n} {b:+d}" for n, b in zip(names, settlement.balance)))
    return "\n".join(lines) + "\n"


tables = SimpleNamespace(rows=rows, table=table)
