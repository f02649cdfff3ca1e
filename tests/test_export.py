"""The CSV export of FORMAT.md, checked as whole strings."""

from pathlib import Path

from scorer.export import csv_text, safe
from scorer.partie_file import loads
from scorer.games.strohmandeln import Partie, replay
from tests.helpers import game, rules

EXAMPLE = Path(__file__).parent / "data" / "format-example.json"


def test_csv_of_the_format_example():
    expected = (
        "deal,round,dealer,type,undertaker,card points Anna,card points Bernd,bonuses,multiplier,"
        "points Anna,points Bernd,balance Anna,balance Bernd\r\n"
        "1,1,Anna,game,Bernd,40 2/3,29 1/3,Pagat (Bernd),1,4,1,3,-3\r\n"
        "2,1,Bernd,game,,35,35,,1,0,0,3,-3\r\n"
        "3,2,Anna,misdeal,,,,,2,0,2,1,-1\r\n"
        "4,2,Anna,redeal,,,,,2,0,0,1,-1\r\n"
        "5,2,Anna,renonce,,,,Kakadu (Anna),2,4,0,5,-5\r\n"
        "total,,,,,,,,,8,3,5,-5\r\n"
        "money,,,,,,,,,,,0.50,-0.50\r\n"
    )
    assert csv_text(replay(loads(EXAMPLE.read_text()))) == expected


def test_names_that_look_like_formulas_are_neutralised():
    partie = Partie(("=SUM(A1)", "@Bernd"), rules(stake="0.100"), (game("40", bonuses=[("pagat", 1)]),))
    text = csv_text(replay(partie))
    assert text.splitlines()[0].startswith("deal,round,dealer,type,undertaker,card points '=SUM(A1),card points '@Bernd")
    assert "\r\n1,1,'=SUM(A1),game,,40,30,Pagat ('@Bernd),1,1,1,0,0\r\n" in text
    assert text.endswith("\r\nmoney,,,,,,,,,,,0.00,0.00\r\n")   # a stake of "0.100" is 0.10: money to the cent
    assert [safe(x) for x in ("-1", "+a", "\tx", "\rx", "Anna")] == ["'-1", "'+a", "'\tx", "'\rx", "Anna"]


def test_multiplier_and_bonus_names_in_the_rule_sets_words():
    partie = Partie(("Anna", "Bernd"), rules("strawman"), (game("50", bonuses=[("trull_tricks", 0)]),))
    assert "Honneurs (Anna)" in csv_text(replay(partie))
