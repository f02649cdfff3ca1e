"""What each rule set pays, under its name on every game's new-partie page: the summary of the checked rule set
shows, the others' do not, by one generic rule of static/form.css that names no game and no rule set (before,
the rules named Strohmandeln's and Bavarian Tarock's presets, so the Königrufen page showed no summary at all)."""

import html
import re
from pathlib import Path

import pytest

from scorer import games
from scorer.web.language import say


FORM_CSS = Path(__file__).resolve().parent.parent / "static" / "form.css"


def summaries(page: str) -> dict[str, list[str]]:
    """Each rule set's summary lines, as they stand right after its label (the generic rule's sibling)."""
    found = {}
    for value, lines in re.findall(r'<label class="preset"><input type="radio" name="preset" value="([^"]+)"'
                                   r'[^>]*>\s*<span class="preset-name">[^<]*</span></label>\s*'
                                   r'<ul class="preset-summary for-\1">(.*?)</ul>', page, re.S):
        found[value] = [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", lines, re.S)]
    return found


@pytest.mark.parametrize("key", [g.key for g in games.offered()])
def test_every_rule_set_says_what_it_pays_right_under_its_name(app, client, key):
    game = games.by_key(key)
    page = client.get(f"/new?game={key}").get_data(as_text=True)
    shown = summaries(page)
    assert set(shown) == set(game.engine.PRESETS)
    for preset in game.engine.PRESETS:
        with app.test_request_context():   # as the page says them (card points as 35 ⅔, as every page writes them)
            expected = [say(line) for line in game.rules.default(preset).describe()]
        assert expected and shown[preset] == expected, preset


def test_koenigrufen_new_partie_page_says_what_its_cups_pay(client):
    page = client.get("/new?game=koenigrufen").get_data(as_text=True)
    shown = summaries(page)
    assert set(shown) == {"ooe", "tirol", "wien"}
    assert all(shown[p] for p in ("ooe", "tirol", "wien"))
    assert "Besserrufer 1" in " ".join(shown["tirol"]) and "Zwiccolo 2" in " ".join(shown["wien"])
    # the stylesheet that shows the checked rule set's summary is written into the page (static/form.css)
    assert "form .preset:has(input[name=preset]:checked) + .preset-summary{display:block;}" in page


def test_the_stylesheet_shows_the_checked_summary_by_one_rule_naming_no_game():
    css = FORM_CSS.read_text()
    assert "form .preset:has(input[name=preset]:checked) + .preset-summary{display:block;}" in css
    for game in games.registered():
        for preset in game.engine.PRESETS:
            assert f"for-{preset}" not in css, preset
