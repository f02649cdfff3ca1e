"""Parties of long names for the phone tests (tests/test_browser_overflow.py, tests/test_phone_words.py): each game
with names as long as a table has them, and a Königrufen table of five with every kind of deal (a Kontra, a
doubled Radl, Trischaken, a renonce with a premium, a misdeal, a Solorufer with the King in the talon, a concession,
a silent Valat); a Runde of one evening. Built straight into the store."""

from __future__ import annotations

from scorer import store
from scorer.partie import Partie

FIVE = ("Alexander", "Bernadette", "Christoph", "Dominik", "Elisabeth")
FOUR = FIVE[:4]
TWO = ("Maximilian", "Bernadette")


def koenigrufen_deals():
    """Twelve deals of a table of five that show every kind of line the sheet has."""
    from scorer.games.koenigrufen import Deal, Premium as P

    return (
        Deal("game", 0, "rufer", 1, 3, card_points=3 * 41, kontra=2, premiums=(P("pagat", "declarer", True, True),)),
        Deal("game", 1, "trischaken", 2, card_points=(3 * 20, None, 3 * 25 + 1, 3 * 14 + 2, 3 * 10)),
        Deal("game", 2, "solodreier", 4, kontra=4, card_points=3 * 50,
             premiums=(P("pagat", "declarer", True, True, 2), P("trull", "declarer", False, True))),
        Deal("renonce", 3, "dreier", 1, offender=0, premiums=(P("pagat", "declarer", True),)),
        Deal("game", 4, "piccolo", 2, won=False, kontra_each=(2, 1, 1, 4, 1)),
        Deal("misdeal", 0, offender=0),
        Deal("game", 0, "solorufer", 1, None, card_points=3 * 40, kontra=2),
        Deal("game", 1, "rufer", 2, None, conceded=True),
        Deal("game", 2, "dreier", 3, won=True,
             premiums=(P("valat", "declarer", False, True), P("trull", "declarer", False, True))),
        Deal("game", 3, "sechserdreier", 4, card_points=3 * 30),
        Deal("game", 4, "bettel", 1, won=True),
        Deal("game", 0, "rufer", 1, 4, card_points=3 * 36,
             premiums=(P("koenig_ultimo", "declarer", True, False), P("uhu", "opponents", False, True))),
    )


def parties(deals: int = 12) -> dict[str, Partie]:
    """The parties by a short name: each game's sample with long names, and Königrufen's table of five."""
    from benchmarks.samples import sample_partie
    from scorer.games.koenigrufen.rules import RuleSet

    def renamed(partie, names):
        return Partie(names, partie.rules, partie.deals, partie.first_dealer)

    five_rules = RuleSet.from_dict({"preset": "ooe", "doubled_radl": ["trischaken", "bettel"]})
    return {"strohmandeln": renamed(sample_partie(deals), TWO),
            "haferl": renamed(sample_partie(deals, game="haferltarock"), FOUR),
            "koenigrufen": renamed(sample_partie(deals, game="koenigrufen"), FOUR),
            "zwanzigerrufen": renamed(sample_partie(deals, game="zwanzigerrufen"), FOUR),
            "tapp": renamed(sample_partie(deals, game="tapp"), FOUR[:3]),
            "koenigrufen5": Partie(FIVE, five_rules, koenigrufen_deals()[:deals], 0)}


def build(db, deals: int = 12) -> dict[str, str]:
    """Store the parties (one change a deal, as a table records them); their ids by short name, and "runde": a
    Runde holding the Strohmandeln evening."""
    from scorer import runde_store

    pids = {}
    for name, partie in parties(deals).items():
        pid = store.create_partie(db, partie.with_deals(()))
        for deal in partie.deals:
            store.add_deal(db, pid, deal)
        pids[name] = pid
    return pids
