"""German and English: catalogs complete, the language follows the browser and the switch, no English word
on a German page, numbers and money in the locale, the engine's messages translated, the Excel export."""

import csv
import html
import io
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from scorer.web.language import compile_catalogs
from scorer.games.strohmandeln import PRESETS, Deal, RuleSet, check
from scorer.words import render

from .conftest import NEW_PARTIE, record, start

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "scorer" / "translations"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None, "_l": None, "N_": None,
            "Message": None, "Plural": (1, 2), "Problem": (2,)}
METHODS = [("scorer/**.py", "python"), ("templates/**.html", "jinja2"), ("scorer/**.html", "jinja2")]
GERMAN = {"Accept-Language": "de-AT,de;q=0.9,en;q=0.4"}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|(?<!\{)\{\w+\}(?!\})")

# English words that have no business on a German page (names, Tarock terms and "English" in the
# language switch excepted)
ENGLISH = {"the", "and", "of", "to", "with", "deal", "deals", "game", "games", "points", "point", "record",
           "save", "back", "player", "players", "enter", "choose", "bonus", "bonuses", "undertook", "dealt",
           "pile", "tricks", "cards", "credits", "stake", "misdeal", "redeal", "draw", "won", "lost", "balance",
           "round", "who", "what", "not", "delete", "edit", "undo", "history", "rules", "share", "home", "count",
           "preview", "new", "end", "more", "options", "nobody", "kings", "queens", "knights", "jacks", "import",
           "file", "must", "have", "has", "there", "this", "that", "your", "other", "only", "one", "two",
           "simple", "undertaken", "pack", "counting", "doubled", "left", "pending", "exactly", "fewer",
           "found", "nothing", "address", "request", "expired", "page", "running", "ended", "declarer", "pot",
           "contract", "target", "sits", "out", "pays", "amount", "unit", "units", "defenders", "pickup",
           "sow", "ten", "king", "money", "redeal", "nobody", "played", "third", "fourth", "optional"}


def source_messages():
    """Every translatable string of the code and the templates, as babel's extractor finds it."""
    found = {}
    for filename, _line, message, _comments, _context in extract_from_dir(
            str(ROOT), method_map=METHODS, keywords=KEYWORDS, comment_tags=()):
        key = message if isinstance(message, str) else message[0]
        found.setdefault(key, (message, filename))
    return found


def catalog(lang):
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as fh:
        return read_po(fh, locale=lang)


def placeholders(text):
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_string_of_the_code_and_templates_is_translated(lang):
    messages = source_messages()
    assert len(messages) > 300
    cat = catalog(lang)
    missing, wrong = [], []
    for key, (message, filename) in messages.items():
        entry = cat.get(message if isinstance(message, str) else message[0])
        if entry is None or entry.fuzzy or not entry.string or (
                isinstance(entry.string, tuple) and not all(entry.string)):
            missing.append(f"{filename}: {key!r}")
            continue
        for source, translated in zip(message if isinstance(message, tuple) else (message,),
                                      entry.string if isinstance(entry.string, tuple) else (entry.string,)):
            if placeholders(source) != placeholders(translated) and "%(num)d" not in source:
                wrong.append(f"{key!r}: {translated!r}")
    assert not missing, "not in the catalog (run scripts/catalogs.sh and translate):\n" + "\n".join(missing)
    assert not wrong, "placeholders differ:\n" + "\n".join(wrong)


def test_german_says_das_radl_everywhere():
    """The German catalog speaks as the board does: das Radl (never "der" or "ein doppelter"); a merge of two
    branches' catalogs once brought the old words back, so the words are held here, not by one page."""
    wrong = re.compile(r"\b(der|ein|einen|den|dem) (doppelten? |doppelter )?Radl\b|\bdoppelter Radl\b")
    found = []
    for entry in catalog("de"):
        for text in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            if entry.id and text and wrong.search(text):
                found.append(f"{entry.id!r}: {text!r}")
    assert not found, "\n".join(found)


def test_the_catalogs_compile(tmp_path):
    import shutil
    shutil.copytree(CATALOGS, tmp_path / "t")
    for mo in (tmp_path / "t").glob("*/LC_MESSAGES/*.mo"):
        mo.unlink()
    written = compile_catalogs(tmp_path / "t")
    assert {p.parent.parent.name for p in written} == {"de", "en"}
    assert compile_catalogs(tmp_path / "t") == []   # up to date: nothing to do


def visible(page: str) -> str:
    """What a person reads on a page: its text and the attributes a screen reader or a tooltip says."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    attrs = " ".join(html.unescape(v) for v in re.findall(
        r'\s(?:aria-label|alt|placeholder|title|data-confirm)="([^"]*)"', page))
    text = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(text) + " " + attrs


def english_words(page: str) -> set:
    """English words on the page; field names of the partie file, quoted „so“, are not words."""
    words = set(re.findall(r"[A-Za-z]+", re.sub(r"„[^“]*“", " ", visible(page))))
    return {w for w in words if w.lower() in ENGLISH}


def german_client(app):
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = GERMAN["Accept-Language"]
    return client


def test_the_language_follows_the_browser_and_the_switch_sticks(app):
    client = app.test_client()
    assert 'lang="en"' in client.get("/").text and "Your parties" in client.get("/").text
    de = client.get("/", headers=GERMAN).text
    assert 'lang="de"' in de and "Deine Partien" in de and "Neue Partie" in de
    assert "Your parties" in client.get("/", headers={"Accept-Language": "fr, it"}).text   # fallback: English
    switched = client.get("/lang/de?next=/calculator")
    assert switched.status_code == 303 and switched.headers["Location"].endswith("/calculator")
    assert "lang=de" in switched.headers["Set-Cookie"] and "Max-Age" in switched.headers["Set-Cookie"]
    assert "Stiche zählen" in client.get("/calculator").text                 # the cookie wins over the browser
    assert "Count a pile" in client.get("/lang/en?next=/calculator", follow_redirects=True).text
    assert "Count a pile" in client.get("/calculator", headers=GERMAN).text
    # the switch never sends anyone elsewhere
    assert client.get("/lang/de?next=https://evil.example/").headers["Location"] in ("/", "http://localhost/")
    assert client.get("/lang/de?next=//evil.example/").headers["Location"] in ("/", "http://localhost/")
    assert client.get("/lang/xx?next=/").status_code == 303
    assert "Vary" in client.get("/").headers and "Accept-Language" in client.get("/").headers["Vary"]


def test_a_german_evening_meets_no_english_word(app):
    client = german_client(app)
    pages = {"home": client.get("/").text, "new": client.get("/new").text}
    bad_new = client.post("/new", data={**NEW_PARTIE, "player1": "", "stake": "viel"})
    assert bad_new.status_code == 422
    pages["new with errors"] = bad_new.text
    board = start(client, stake="0,10")
    record(client, board, points="35")                                         # draw: a Nullrunde starts
    record(client, board, type="misdeal", offender="1")
    record(client, board, points="36", undertaker="vorhand", bonuses=["pagat:0", "trull_tricks:0"])
    record(client, board, type="renonce", offender="1")
    bad = record(client, board, points="99")
    assert bad.status_code == 422
    pages["deal form with errors"] = bad.text
    pages["deal form with bonus errors"] = record(client, board, points="5", bonuses=["trull_tricks:0"]).text
    pages["board"] = client.get(board).text
    pages["deal form"] = client.get(board + "/deal").text
    pages["deal"] = client.get(board + "/deal/3").text
    pages["edit"] = client.get(board + "/deal/3/edit").text
    pages["all deals"] = client.get(board + "/deals").text
    pages["rules"] = client.get(board + "/rules").text
    pages["history"] = client.get(board + "/history").text
    pages["share"] = client.get(board + "/share").text
    pages["end"] = client.get(board + "/end").text
    pages["calculator"] = client.get(board + "/calculator?trull=3&kings=4&tricks=9").text
    pages["calculator, impossible"] = client.get("/calculator?trull=4&tricks=40").text
    pages["preview"] = client.post(board + "/deal?fragment=1", data={
        "type": "game", "dealer": "0", "undertaker": "nobody", "pile_of": "0", "points": "40", "blatt": "0",
        "action": "preview"}).text
    pages["not found"] = client.get("/p/nothing-here").text
    pages["import error"] = client.post("/import", data={"file": (io.BytesIO(b'{"format": 1}'), "p.json")},
                                        content_type="multipart/form-data").text
    for preset in PRESETS[1:]:
        other = start(client, preset=preset)
        pages[f"rules {preset}"] = client.get(other + "/rules").text
    # Bavarian Tarock, four players
    bavarian = client.post("/new", data={"game": "haferltarock", "player0": "Anna", "player1": "Bernd",
                                         "player2": "Clara", "player3": "Dieter", "first_dealer": "3",
                                         "preset": "haferl"}).headers["Location"]
    pages["bavarian new"] = client.get("/new?game=haferltarock").text
    for fields in ({"declarer": "0", "contract": "pickup", "points": "67"},
                   {"declarer": "1", "contract": "hand", "target": "66", "points": "80"}, {"type": "redeal"}):
        client.post(bavarian + "/deal", data={"type": "game", "target": "61", "action": "save", "key": fields.get("type", "g") + fields.get("points", "r"),
                                              "dealer": _next_dealer(client, bavarian),
                                              **fields})
    pages["bavarian board"] = client.get(bavarian).text
    pages["bavarian deal"] = client.get(bavarian + "/deal/2").text
    pages["bavarian form"] = client.get(bavarian + "/deal").text
    pages["bavarian errors"] = client.post(bavarian + "/deal", data={
        "type": "game", "dealer": "2", "declarer": "2", "contract": "hand", "target": "64", "points": "119",
        "schwarz": "y", "action": "save", "key": "errors"}).text
    pages["bavarian history"] = client.get(bavarian + "/history").text
    pages["bavarian end"] = client.get(bavarian + "/end").text
    for preset in ("haferl", "huber", "sharp"):
        other = client.post("/new", data={"game": "haferltarock", "player0": "A", "player1": "B", "player2": "C",
                                          "first_dealer": "0", "preset": preset}).headers["Location"]
        pages[f"bavarian rules {preset}"] = client.get(other + "/rules").text
    assert re.search(r'<th scope="col" class="pot-col"><span class="nm">Haferl</span></th>', pages["bavarian board"])   # the pot's column
    assert "Sau 11" in pages["bavarian rules haferl"] and "Stockspiel" in pages["bavarian form"]
    found = {name: english_words(page) for name, page in pages.items()}
    assert not {k: v for k, v in found.items() if v}, found
    assert "Augen liegen zwischen 0 und 70, nicht 99." in pages["deal form with errors"]
    assert "Trull braucht" in pages["deal form with bonus errors"] or "brauchen mindestens" in \
        pages["deal form with bonus errors"]
    assert "Einsatz: 0,10 € je Spielpunkt." in pages["rules"]
    assert "Nullrunde" in pages["board"] and "Vergeben (Bernd)" in pages["board"]


def _next_dealer(client, board):
    page = client.get(board + "/deal").text
    return re.search(r'name="dealer" value="(\d)" checked', page).group(1)


def test_numbers_money_and_card_points_in_the_locale(app):
    client = german_client(app)
    board = start(client, stake="0,10")
    record(client, board, points="40", blatt="2")
    page = client.get(board).text
    assert "+0,10 €" in page and "−0,10 €" in page
    assert "Anna\u00a040\u202f⅔\u00a0: Bernd\u00a029\u202f⅓" in page
    english = app.test_client()
    page = english.get(board).text
    assert "+0.10 €" in page and "Anna\u00a040\u202f⅔\u00a0: Bernd\u00a029\u202f⅓" in page   # a third never breaks from its points
    big = start(client, preset="strawman", bankroll="5000")
    assert "5.000 Chips" in client.get(big + "/rules").text.replace("\u00a0", " ") or \
        "mit 5.000 Chips" in client.get(big + "/rules").text
    assert "5,000 credits" in english.get(big + "/rules").text


def test_engine_messages_are_rendered_in_either_language():
    rules = RuleSet.default()
    class German:
        language = "de"

        def gettext(self, text):
            return {"card points are between 0 and {total}, not {value}":
                    "Punkte liegen zwischen 0 und {total}, nicht {value}"}.get(text, text)

        def ngettext(self, s, p, n):
            return s if n == 1 else p

        def number(self, n):
            return f"{n:,}".replace(",", ".")

        def thirds(self, t):
            whole, rest = divmod(t, 3)
            return f"{whole} {'⅓⅔'[rest - 1]}" if rest else str(whole)

        def money(self, amount):
            return f"{amount:.2f} €".replace(".", ",")

    problems = check(rules, Deal("game", 0, card_points=(215, None)), ("Anna", "Bernd"))
    assert problems[0].message == "card points are between 0 and 70, not 71 2/3"
    assert render(problems[0], German()) == "Punkte liegen zwischen 0 und 70, nicht 71 ⅔"
    assert str(problems[0].at(4)) == "deal 4: card points are between 0 and 70, not 71 2/3"


def test_the_excel_export_opens_in_a_german_excel(app):
    client = german_client(app)
    board = start(client, player0="Ärger", stake="0,10")
    record(client, board, points="40", blatt="2")
    record(client, board, points="30", undertaker="geber", bonuses=["pagat:1"])
    response = client.get(board + "/excel.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "excel.csv" in response.headers["Content-Disposition"]
    raw = response.data
    assert raw.startswith(b"\xef\xbb\xbf")                        # UTF-8 with BOM
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    assert rows[0][:5] == ["Spiel", "Runde", "Geber", "Art", "Aufgenommen von"]
    assert rows[0][5] == "Augen Ärger" and rows[0][11] == "Stand Ärger"
    assert rows[1][5:7] == ["40,67", "29,33"] and rows[1][3] == "Spiel"
    assert rows[2][7] == "Pagat ultimo (Bernd)"
    assert rows[-1][0] == "Geld (€)" and rows[-1][11:] == ["-0,30", "0,30"]
    assert "\r\n" in raw.decode("utf-8")
    # in English the same export uses commas and decimal points
    english = app.test_client().get(board + "/excel.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(english)))
    assert rows[0][0] == "Deal" and rows[1][5:7] == ["40.67", "29.33"] and rows[-1][11:] == ["-0.30", "0.30"]
    # the FORMAT.md export stays as FORMAT.md says, whatever the language
    assert client.get(board + "/export.csv").data.decode().startswith("deal,round,dealer,type")
