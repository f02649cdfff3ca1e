"""The facts of a deal (game, renonce, misdeal, redeal) and the checks that they could happen."""

from __future__ import annotations

from dataclasses import dataclass

from ...words import N_, Thirds, Words
from .problems import Problem
from .rules import BIRDS, BONUS_CARDS, BONUS_LABELS, CAPTURED_BIRDS, EXCLUSIVE, PRESET_NAMES, RuleSet

DEAL_TYPES = ("game", "renonce", "misdeal", "redeal")
REDEAL_REASONS = ("no-tarock", "passed")
COUNTS_AS_GAME = ("game", "renonce")

# "a misdeal has no ...": the deal types with their article, and the fields they lack
A_DEAL = {"misdeal": N_("a misdeal"), "redeal": N_("a redeal")}
FIELD_WORDS = {"undertaker": N_("undertaker"), "card_points": N_("card points"), "bonuses": N_("bonuses"),
               "kontra": N_("Kontra")}

CARD_NAMES = {
    "Sküs": N_("the Sküs"), "XXI": N_("the Mond"), "I": N_("the Pagat"), "II": N_("Tarock II"), "III": N_("Tarock III"),
    "XVII": N_("Tarock XVII"), "XVIII": N_("Tarock XVIII"),
    "K♠": N_("the King of Spades"), "K♣": N_("the King of Clubs"), "K♥": N_("the King of Hearts"), "K♦": N_("the King of Diamonds"),
}


@dataclass(frozen=True)
class Bonus:
    """A bonus credited to one player (0 or 1)."""

    bonus: str
    player: int


@dataclass(frozen=True)
class Deal:
    """What happened in one deal, as recorded: never anything derived from it.

    `card_points` holds each player's card points in thirds; one of them may be None,
    meaning the rest of the pack's total.
    """

    type: str
    dealer: int
    undertaker: int | None = None
    card_points: tuple[int | None, int | None] | None = None
    bonuses: tuple[Bonus, ...] = ()
    offender: int | None = None
    reason: str | None = None
    kontra: bool = False

    @property
    def vorhand(self) -> int:
        """Who was Vorhand in this deal (led and decided first)."""
        return vorhand(self.dealer)

    @property
    def counts_as_game(self) -> bool:
        """Whether the deal counts toward rounds and doubled games."""
        return self.type in COUNTS_AS_GAME

    def piles(self, total: int) -> tuple[int, int] | None:
        """Both players' card points in thirds, the missing one being the rest of `total`."""
        if self.card_points is None:
            return None
        a, b = self.card_points
        if a is None and b is None:
            return None
        if a is None:
            return (total - b, b)
        if b is None:
            return (a, total - a)
        return (a, b)


def vorhand(dealer: int) -> int:
    """Vorhand, the player who leads and decides first: with two players, the one who did not deal."""
    return 1 - dealer


def _player(value) -> bool:
    return value in (0, 1) and not isinstance(value, bool)


def check(rules: RuleSet, deal: Deal, names: tuple[str, str] = ("player 0", "player 1")) -> list[Problem]:
    """Every reason why `deal` cannot have happened under `rules` (empty when it can).

    `names` are the players' names, used in the messages.
    """
    problems: list[Problem] = []
    if deal.type not in DEAL_TYPES:
        return [Problem("type", "unknown deal type '{type}': it is game, renonce, misdeal or redeal",
                        type=str(deal.type)[:20])]
    if not _player(deal.dealer):
        problems.append(Problem("dealer", "the dealer must be one of the two players"))
    if deal.type in COUNTS_AS_GAME:
        _check_played(rules, deal, names, problems)
    else:
        for name, value, empty in (("undertaker", deal.undertaker, None), ("card_points", deal.card_points, None),
                                   ("bonuses", deal.bonuses, ()), ("kontra", deal.kontra, False)):
            if value != empty:
                problems.append(Problem(name, "{type} has no {what}", type=A_DEAL[deal.type], what=FIELD_WORDS[name]))
        if deal.type == "misdeal":
            if not _player(deal.offender):
                problems.append(Problem("offender", "say who misdealt"))
            if deal.reason is not None:
                problems.append(Problem("reason", "a misdeal has no reason; a redeal has"))
        else:
            if deal.offender is not None:
                problems.append(Problem("offender", "a redeal has no offender; a misdeal has"))
            if deal.reason not in REDEAL_REASONS:
                problems.append(Problem("reason", "a redeal's reason is no-tarock (a hand without Tarock) "
                                        "or passed (both passed)"))
            elif deal.reason == "passed" and rules.simple_game_value is not None:
                problems.append(Problem("reason", "under these rules a simple game is played when both pass: "
                                        "record it as a game with nobody undertaking"))
    return problems


def _check_played(rules: RuleSet, deal: Deal, names, problems: list[Problem]) -> None:
    """The checks of a game or a renonce."""
    if deal.undertaker is not None and not _player(deal.undertaker):
        problems.append(Problem("undertaker", "the undertaker must be one of the two players, or nobody"))
    elif deal.undertaker is None and rules.simple_game_value is None:
        problems.append(Problem("undertaker", "under the {preset} rules nobody plays when both pass: "
                                "record a redeal, or say who undertook", preset=PRESET_NAMES[rules.preset]))
    if deal.reason is not None:
        problems.append(Problem("reason", "only a redeal has a reason"))
    if deal.kontra:
        if not rules.kontra:
            problems.append(Problem("kontra", "Kontra is not played under these rules"))
        elif deal.undertaker is None:
            problems.append(Problem("kontra", "only an undertaken game can be doubled with Kontra"))
    if deal.type == "game" and deal.offender is not None:
        problems.append(Problem("offender", "a game has no offender; a renonce or a misdeal has"))
    if deal.type == "renonce" and not _player(deal.offender):
        problems.append(Problem("offender", "say who committed the renonce"))
    piles = _check_card_points(rules, deal, problems)
    _check_bonuses(rules, deal, piles, names, problems)


def _check_card_points(rules: RuleSet, deal: Deal, problems: list[Problem]) -> tuple[int, int] | None:
    """Check the recorded card points; return both piles in thirds when they are right."""
    pack = rules.pack
    total = pack.total_thirds
    cp = deal.card_points
    if cp is None or cp == (None, None):
        if deal.type == "game":
            problems.append(Problem("card_points", "enter the card points of one player's pile"))
        return None
    if not isinstance(cp, tuple) or len(cp) != 2:
        problems.append(Problem("card_points", "card points are one value per player"))
        return None
    bad = False
    for value in cp:
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value > total:
            problems.append(Problem("card_points", "card points are between 0 and {total}, not {value}",
                                    total=pack.total, value=_shown(value)))
            bad = True
        elif not pack.in_threes and value % 3:
            problems.append(Problem("card_points", "without counting in threes card points are whole numbers, "
                                    "not {value}", value=Thirds(value)))
            bad = True
    if bad:
        return None
    a, b = cp
    if a is not None and b is not None and a + b != total:
        problems.append(Problem("card_points", "card points {a} + {b} do not add up to {total}",
                                a=Thirds(a), b=Thirds(b), total=pack.total))
        return None
    piles = deal.piles(total)
    for value in piles:
        if value not in pack.reachable:
            problems.append(Problem("card_points", "no pile of whole tricks is worth {value} card points: "
                                    "check the count", value=Thirds(value)))
            return None
    return piles


# bonuses that follow from the card points and are never entered (FORMAT.md)
DERIVED = ("grammel", "grammel_punkt", "absolut", "grandpoint")


def _check_bonuses(rules: RuleSet, deal: Deal, piles, players, problems: list[Problem]) -> None:
    """Check the bonuses: known to the rule set, one player each, possible with the cards and the card points."""
    if not deal.bonuses:
        return
    table = rules.bonuses
    seen: dict[str, int] = {}
    for entry in deal.bonuses:
        if not isinstance(entry, Bonus):
            problems.append(Problem("bonuses", "a bonus is credited to one of the two players"))
            return
        name = entry.bonus
        if name not in BONUS_LABELS:
            if str(name).strip().lower().replace("-", "_") in DERIVED:
                problems.append(Problem("bonuses", "unknown bonus '{name}': Grammel, Absolut and Grandpoint follow "
                                        "from the card points and are not entered", name=str(name)[:30]))
            else:
                problems.append(Problem("bonuses", "unknown bonus '{name}': the bonuses of these rules are {names}",
                                        name=str(name)[:30], names=", ".join(table)))
            continue
        if name not in table:
            problems.append(Problem("bonuses", "the {preset} rules have no bonus {label}",
                                    preset=PRESET_NAMES[rules.preset], label=BONUS_LABELS[name]))
            continue
        if not _player(entry.player):
            problems.append(Problem("bonuses", "the {label}'s player must be {a} or {b}",
                                    label=rules.bonus_label(name), a=players[0], b=players[1]))
            continue
        if name in seen:
            problems.append(Problem("bonuses", "{label} is listed twice: only one player can have it",
                                    label=rules.bonus_label(name)))
            continue
        seen[name] = entry.player
        if deal.type == "renonce" and _player(deal.offender) and entry.player == deal.offender:
            problems.append(Problem("bonuses", "the player who committed renonce scores nothing from that deal: "
                                    "remove their {label}", label=rules.bonus_label(name)))
    for one, other in EXCLUSIVE:
        if one in seen and other in seen:
            problems.append(Problem("bonuses", "{a} and {b} exclude each other",
                                    a=rules.bonus_label(one), b=rules.bonus_label(other)))
    _check_trull_announced(rules, seen, players, problems)
    pack = rules.pack
    if "valat" in seen:
        player = seen["valat"]
        if piles is None:
            problems.append(Problem("bonuses", "a Valat needs the card points: {total} : 0", total=pack.total))
        elif piles[player] != pack.total_thirds:
            problems.append(Problem("bonuses", "a Valat means all the tricks: {total} : 0 card points",
                                    total=pack.total))
    # the cards the bonuses put in each pile must exist, be in one pile only, and fit the card points
    cards: list[set] = [set(), set()]
    names: list[list] = [[], []]
    for name, player in seen.items():
        if name in BONUS_CARDS:
            cards[player] |= BONUS_CARDS[name]
            names[player].append(rules.bonus_label(name))
    both = cards[0] & cards[1]
    if both:
        card = CARD_NAMES[sorted(both)[0]]
        problems.append(Problem("bonuses", "{card} cannot be in both players' tricks: {a} for one, {b} for the other",
                                card=card, a=Words(names[0]), b=Words(names[1])))
        return
    if piles is None:
        return
    for player in (0, 1):
        if not cards[player]:
            continue
        mine = [name for name, p in seen.items() if p == player]
        tricks = tricks_of(mine)
        need = pack.min_thirds(frozenset(cards[player]), tricks)
        if piles[player] >= need:
            continue
        labels = names[player]
        args = dict(need=Thirds(need), player=players[player], has=Thirds(piles[player]))
        if tricks >= 2 and len(labels) == 1:
            problems.append(Problem("bonuses", "{label} needs at least {need} card points ({tricks} tricks of its "
                                    "own); {player} has {has}", label=labels[0], tricks=tricks, **args))
        elif tricks >= 2:
            problems.append(Problem("bonuses", "{labels} need at least {need} card points ({tricks} tricks of "
                                    "their own); {player} has {has}", labels=Words(labels), tricks=tricks, **args))
        elif len(labels) == 1:
            problems.append(Problem("bonuses", "{label} needs at least {need} card points; {player} has {has}",
                                    label=labels[0], **args))
        else:
            problems.append(Problem("bonuses", "{labels} need at least {need} card points; {player} has {has}",
                                    labels=Words(labels), **args))


def tricks_of(bonuses) -> int:
    """The least number of tricks a pile holds when it has these bonuses (RULES.md §5, issue 12).

    Every bird is won in a trick of its own: the Pagat in the last, the Uhu in the second-to-last, the
    Kakadu in the third-to-last, whether made or captured; a Rostopschin is two tricks. A bird made cannot
    share its trick with the Rostopschin's XVII or XVIII (either would take the bird), but a captured bird
    can be taken by one of them, so the Rostopschin's two tricks may be captured birds' tricks.
    """
    made = sum(1 for b in bonuses if b in BIRDS)
    captured = sum(1 for b in bonuses if b in CAPTURED_BIRDS)
    rostopschin = 2 if "rostopschin" in bonuses else 0
    return made + max(captured, rostopschin)


def _check_trull_announced(rules: RuleSet, seen: dict, players, problems: list[Problem]) -> None:
    """An announced Trull means its holder had the Sküs, the Mond and the Pagat in the hand."""
    if "trull_announced" not in seen:
        return
    holder = seen["trull_announced"]
    trull = rules.bonus_label("trull_announced")
    if "mondfang" in seen:
        problems.append(Problem("bonuses", "{trull} for {holder} means {holder} held the Sküs and the Mond: "
                                "nobody can have a {mondfang}", trull=trull, holder=players[holder],
                                mondfang=rules.bonus_label("mondfang")))
    if seen.get("pagat") == 1 - holder:
        problems.append(Problem("bonuses", "{trull} for {holder} means {holder} held the Pagat: {other} cannot "
                                "have made the Pagat ultimo", trull=trull, holder=players[holder],
                                other=players[1 - holder]))
    if seen.get("pagat_captured") == holder:
        problems.append(Problem("bonuses", "{trull} for {holder} means {holder} held the Pagat: {holder} cannot "
                                "have captured it", trull=trull, holder=players[holder]))


def _shown(value) -> str:
    """A bad value shown back to the user, in thirds when it is a number."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Thirds(value) if value >= 0 else str(value)
    return str(value)[:20]
