"""A phone on a slow link sees a page after one round trip: every page carries its stylesheets (allowed by the
Content-Security-Policy by their hashes, nothing else inline), and the deal form's Save gets the new board in
its answer (static/form.js shows it); without the script the form's POST and its redirect stay as they were."""

import base64
import hashlib
import json
import re

import pytest

from benchmarks.samples import sample_partie
from scorer import store
from scorer.db import connect
from scorer.web.assets import Assets

from .conftest import record


def styles_and_policy(response):
    styles = re.findall(r"<style>(.*?)</style>", response.text, re.S)
    policy = response.headers["Content-Security-Policy"]
    style_src = re.search(r"style-src ([^;]+)", policy).group(1).split()
    return styles, style_src, policy


def digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_every_page_carries_its_stylesheets_allowed_by_their_hashes(client, board):
    record(client, board, points="40")
    client.get(board)   # the flash
    pages = [board, board + "/deal", board + "/deals", "/", "/new", "/new?game=haferltarock", "/r/new"]
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        styles, style_src, policy = styles_and_policy(response)
        assert '<link rel="stylesheet"' not in response.text, path   # no second round trip for a stylesheet
        assert styles and "--bg:" in styles[0], path                  # app.css first, on every page
        for text in styles:
            assert digest(text) in style_src, path                     # the browser applies exactly these
        assert "'unsafe-inline'" not in policy and "script-src 'self';" in policy
        assert " style=" not in response.text, path                   # no style attribute (the CSP refuses it)
    board_styles = styles_and_policy(client.get(board))[0]
    assert any(".deal-row" in s or ".balance" in s for s in board_styles[1:])   # board.css, written in
    form_styles = styles_and_policy(client.get(board + "/deal"))[0]
    assert board_styles[1:] != form_styles[1:]                                  # the form has form.css instead


def test_what_the_games_played_by_sides_share_is_written_in_with_each_games_own(app, client):
    """A game's stylesheet imports the shared ones it uses (its first lines, `@import "../sides.css";`): its deal
    form has them written in before its own rules, in its own `<style>` (a page has three at most: app.css, form.css,
    the game's), allowed by the hash of the text as written in; no page is left with an import (a second round trip,
    and the CSP would refuse it)."""
    assets = app.extensions["scorer_static"]
    sides, seats = assets["static"].inline("sides.css"), assets["static"].inline("seats.css")
    db = connect(app.config["DATABASE"])
    shares = {"koenigrufen": [sides], "zwanzigerrufen": [sides, seats], "tapp": [sides, seats]}
    for game, shared in shares.items():
        pid = store.create_partie(db, sample_partie(0, game=game))
        response = client.get(f"/p/{pid}/deal")
        styles, style_src, _ = styles_and_policy(response)
        assert len(styles) == 3 and all(digest(text) in style_src for text in styles), game
        own = styles[2]
        assert own.startswith("\n".join(shared) + "\n"), game
        assert own[len("\n".join(shared)):].strip() and own.count(sides) == 1, game   # its own rules after, once
        assert "@import" not in response.text, game
    db.conn.close()
    for path in ("/new", "/calculator"):   # the shared ones are no page's own
        assert not any(sides in text for text in styles_and_policy(client.get(path))[0]), path


def test_only_a_games_stylesheet_imports_and_only_a_shared_one(tmp_path):
    """An import is written in only where it stands for a shared stylesheet (`../<name>.css` from a game's folder);
    any other (a shared stylesheet's own, another folder's, an address) is refused when the app starts (the CSP's
    hashes are made then), never sent to a phone."""
    (tmp_path / "static").mkdir()
    (tmp_path / "game").mkdir()
    (tmp_path / "static" / "sides.css").write_text("/* shared */\n.a{color:red}\n")
    (tmp_path / "static" / "app.css").write_text('@import "sides.css";\n.b{color:red}\n')
    (tmp_path / "game" / "game.css").write_text('@import "../sides.css";\n/* its own */\n.c{color:blue}\n')
    shared = Assets(str(tmp_path / "static"))
    game = Assets(str(tmp_path / "game"), shared=shared)
    assert game.inline("game.css") == ".a{color:red}\n.c{color:blue}"
    assert len(game.style_hashes()) == 1 and game.style_hashes()[0] == digest(".a{color:red}\n.c{color:blue}")
    for line in ('@import url(https://example.org/x.css);', '@import "../../secret.css";', '@import "other.css";',
                 '@import "../sides.css" screen;', '@import "../none.css";'):
        (tmp_path / "game" / "bad.css").write_text(line + "\n.c{color:blue}\n")
        game.files.pop("bad.css", None)
        with pytest.raises(LookupError):
            game.inline("bad.css")
    with pytest.raises(LookupError):
        shared.inline("app.css")


def test_save_answers_with_the_board_the_phone_shows(app, client, board):
    fields = {"type": "game", "undertaker": "nobody", "pile_of": "0", "blatt": "0", "points": "40",
              "action": "save", "key": "one-round-trip-1", "dealer": "0"}
    answer = client.post(board + "/deal", data=fields,
                         headers={"Accept": "application/json", "X-Scorer-Show": "board"})
    assert answer.status_code == 200
    done = answer.get_json()
    assert done["recorded"] == 1 and done["board"] == board
    shown = done["page"]
    loaded = client.get(board).text
    token = re.compile(r'value="[^"]{40,}"')
    assert 'id="deal-1"' in shown and f'data-version="{done["version"]}"' in shown
    flash = '<div class="flash" role="status"><p>Deal 1 recorded.</p></div>  '
    assert flash in shown and "Deal 1 recorded." not in loaded   # its flash shown once, with the board
    assert token.sub("", shown.replace(flash, "")) == token.sub("", loaded)   # the board as loaded
    # the outbox's sends (no header) get the outcome only
    fields["key"] = "one-round-trip-2"
    quiet = client.post(board + "/deal", data=fields, headers={"Accept": "application/json"}).get_json()
    assert quiet["recorded"] == 2 and "page" not in quiet
    # and the same deal again: its number, the board with it once
    again = client.post(board + "/deal", data=fields,
                        headers={"Accept": "application/json", "X-Scorer-Show": "board"}).get_json()
    assert again["again"] and again["page"].count('id="deal-2"') == 1
    # without the script: the plain form POST and its redirect to the board
    fields["key"] = "one-round-trip-3"
    plain = client.post(board + "/deal", data=fields)
    assert plain.status_code == 302 and plain.headers["Location"] == board
    assert json.dumps(done)   # the answer is plain JSON
