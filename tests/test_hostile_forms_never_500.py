"""Hostile input never gets a 500: deal forms, new-partie forms and partie files of every shape (Hypothesis),
for Strohmandeln and Bavarian Tarock; marked slow (600 examples each with SCORER_HYPOTHESIS=full)."""

import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import NEW_PARTIE, examples, record

from .helpers import rows

ROOT = Path(__file__).parent.parent
EXAMPLE = Path(__file__).parent / "data" / "format-example.json"


# -- hostile input -----------------------------------------------------------------------------

HOSTILE_TEXT = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", " ", "-1", "9" * 40, "1e309", "NaN", "35 2/3", "35 + 2 Blatt", "<script>x</script>",
                     "'; drop table deals; --", "=1+1", "\x00", "²", "٣٥", "0x10", "70", "71", "35 4/3"]),
    st.integers(min_value=-10**20, max_value=10**20).map(str),
)
FIELDS = ["type", "dealer", "undertaker", "pile_of", "points", "blatt", "bonuses", "offender", "reason", "kontra",
          "trull", "kings", "queens", "knights", "jacks", "tarocks", "tricks", "action", "key", "version"]
HOSTILE_SETTINGS = settings(max_examples=examples(600), deadline=None,
                            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(FIELDS), st.one_of(HOSTILE_TEXT, st.lists(HOSTILE_TEXT, max_size=3)),
                       max_size=12))
def test_hostile_deal_forms_never_500(hostile_app, data):
    app, client, board = hostile_app
    before = rows(app, "select count(*) as n from deals")[0]["n"]
    response = client.post(board + "/deal", data=data)
    assert response.status_code in (200, 302, 400, 409, 422), response.status_code
    after = rows(app, "select count(*) as n from deals")[0]["n"]
    if response.status_code != 302:
        assert after == before
    edit = client.post(board + "/deal/1/edit", data=data)
    assert edit.status_code in (200, 302, 400, 404, 409, 422)
    calc = client.get("/calculator", query_string={k: v for k, v in data.items() if isinstance(v, str)})
    assert calc.status_code == 200
    assert client.get(board).status_code == 200


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(list(NEW_PARTIE) + ["grammel_threshold", "bankroll", "kontra",
                                                          "undertaker_loses_draw", "tarock_ii_ultimo"]),
                       HOSTILE_TEXT, max_size=14))
def test_hostile_new_partie_forms_never_500(hostile_app, data):
    app, client, _ = hostile_app
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/new", data=data)
    assert response.status_code in (302, 400, 422)
    if response.status_code != 302:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
              st.sampled_from(["game", "renonce", "misdeal", "redeal", "35 2/3", "pagat", "no-tarock"])),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.sampled_from(["type", "dealer", "undertaker", "card_points",
                                                                "bonuses", "offender", "reason", "kontra", "bonus",
                                                                "player", "preset", "stake", "deck"]),
                                               children, max_size=6)),
    max_leaves=25)


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.one_of(
    json_values.map(lambda deals: {"format": "strohmandeln-partie", "version": 1, "players": ["A", "B"],
                                   "rules": {}, "deals": deals}),
    st.fixed_dictionaries({"format": st.just("strohmandeln-partie"), "version": json_values,
                           "players": json_values, "rules": json_values, "deals": json_values}),
    json_values,
).map(lambda v: json.dumps(v).encode()) | st.binary(max_size=200) |
    st.integers(1, len(EXAMPLE.read_bytes())).map(lambda n: EXAMPLE.read_bytes()[:n]))
def test_hostile_partie_files_never_500(hostile_app, content):
    app, client, _ = hostile_app
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/import", data={"file": (io.BytesIO(content), "p.json")},
                           content_type="multipart/form-data")
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before
        assert "nothing was created" in response.text


@pytest.fixture
def hostile_app(app, client, board):
    record(client, board, points="40")
    return app, client, board


# -- Bavarian Tarock: the same hostility ------------------------------------------------------------------

HAFERL_FIELDS = ["type", "dealer", "declarer", "contract", "target", "points", "schwarz", "action", "key", "version"]
HAFERL_NEW = ["game", "player0", "player1", "player2", "player3", "first_dealer", "preset", "ante", "stake",
              "draw_at_60", "schneider", "bankroll"]


@pytest.fixture
def hostile_haferl(app, client):
    response = client.post("/new", data={"game": "haferltarock", "player0": "A", "player1": "B", "player2": "C",
                                         "player3": "D", "first_dealer": "0", "preset": "haferl"})
    board = response.headers["Location"]
    assert client.post(board + "/deal", data={"type": "game", "dealer": "0", "declarer": "1", "contract": "pickup",
                                              "target": "61", "points": "70", "key": "hostile-first"}).status_code == 302
    return app, client, board


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(HAFERL_FIELDS),
                       st.one_of(HOSTILE_TEXT, st.sampled_from(["0", "1", "3", "4", "pickup", "hand", "solo", "66",
                                                                "121", "y", "redeal", "game"])), max_size=10))
def test_hostile_bavarian_deal_forms_never_500(hostile_haferl, data):
    app, client, board = hostile_haferl
    before = rows(app, "select count(*) as n from deals")[0]["n"]
    response = client.post(board + "/deal", data=data)
    assert response.status_code in (200, 302, 400, 409, 422), response.status_code
    if response.status_code != 302:
        assert rows(app, "select count(*) as n from deals")[0]["n"] == before
    assert client.post(board + "/deal/1/edit", data=data).status_code in (200, 302, 400, 404, 409, 422)
    assert client.get(board).status_code == 200


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.dictionaries(st.sampled_from(HAFERL_NEW), st.one_of(HOSTILE_TEXT, st.sampled_from(
    ["haferltarock", "haferl", "huber", "sharp", "0", "3", "y"])), max_size=12))
def test_hostile_bavarian_new_partie_forms_never_500(hostile_app, data):
    app, client, _ = hostile_app
    data = {"game": "haferltarock", **data}
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/new", data=data)
    assert response.status_code in (302, 400, 422)
    if response.status_code != 302:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before


haferl_json = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.text(max_size=12),
              st.sampled_from(["game", "redeal", "pickup", "hand", "frage", "haferl", "sharp", "0.50"])),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.sampled_from(["type", "dealer", "declarer", "contract", "target",
                                                                "declarer_points", "schwarz", "preset", "ante",
                                                                "stake", "bankroll"]), children, max_size=7)),
    max_leaves=25)


@pytest.mark.slow
@HOSTILE_SETTINGS
@given(st.one_of(
    haferl_json.map(lambda deals: {"format": "haferltarock-partie", "version": 1, "players": ["A", "B", "C"],
                                   "rules": {}, "deals": deals}),
    st.fixed_dictionaries({"format": st.just("haferltarock-partie"), "version": haferl_json,
                           "players": haferl_json, "rules": haferl_json, "deals": haferl_json}),
).map(lambda v: json.dumps(v).encode()))
def test_hostile_bavarian_partie_files_never_500(hostile_app, content):
    app, client, _ = hostile_app
    before = rows(app, "select count(*) as n from parties")[0]["n"]
    response = client.post("/import", data={"file": (io.BytesIO(content), "p.json")},
                           content_type="multipart/form-data")
    assert response.status_code in (302, 422)
    if response.status_code == 422:
        assert rows(app, "select count(*) as n from parties")[0]["n"] == before
