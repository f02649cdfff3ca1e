"""A club's own Königrufen tariff made on the new partie's form (RULES-KOENIGRUFEN.md §14.3), through real HTTP round
trips: the form shows the chosen rules' values as numbers; what the club changed (a value, a contract or premium taken
out or added, the Valat, the Trischaken renonce) is the partie's tariff, stored whole with it, shown on its rules page
and carried by its file, which `python -m scorer replay` scores as the board does; every value the contract refuses
is refused beside its own field, in the page's language, with nothing stored and every value typed kept; a Runde's
next evening starts with its last evening's tariff."""

import json
import re

import pytest

from scorer.games.koenigrufen import RuleSet

from .formparse import form_fields
from .helpers import count, post_deal, run_replay, settled, stored, text

NAMES = {"player0": "Anna", "player1": "Bernd", "player2": "Cilli", "player3": "Dora", "first_dealer": "0"}


def shown_form(client, path="/new?game=koenigrufen", language="en"):
    """The new partie's form as the page shows it (the fields a browser without script sends) and the page."""
    page = client.get(path, headers={"Accept-Language": language}).text
    return dict(form_fields(page, None)), page


def create(client, changes, path="/new?game=koenigrufen", language="en"):
    """The page's form sent with the names and `changes` made: (response, the fields sent)."""
    fields, _page = shown_form(client, path, language)
    data = {**fields, **NAMES, **changes}
    return client.post("/new", data=data, headers={"Accept-Language": language}), data


def errors_at(page, name):
    """The messages shown beside field `name` (its `error-<name>` block)."""
    block = re.search(r'<div role="alert" id="error-%s">(.*?)</div>' % re.escape(name), page, re.S)
    return re.findall(r"<li>(.*?)</li>", block.group(1)) if block else []


def test_the_form_shows_the_chosen_rules_tariff_folded(client):
    fields, page = shown_form(client)
    assert re.search(r'<details class="tariff" id="tariff"[^>]*>\s*<summary>Own tariff</summary>', page)
    assert '<details class="tariff" id="tariff" open' not in page   # folded: nothing to see unless asked
    # the default rules' values (ooe), every contract and premium; what ooe does not play is empty
    assert fields["tariff_of"] == "ooe"
    assert (fields["c_rufer"], fields["c_bettel"], fields["c_solodreier"], fields["c_zwiccolo"]) == ("1", "2", "8", "")
    assert (fields["pa_quapil"], fields["ps_quapil"], fields["pa_sack1"], fields["pa_mondfang"]) == ("8", "4", "", "")
    assert (fields["pa_valat"], fields["ps_valat"]) == ("20", "10")   # what the Valat is worth made a premium
    assert fields["tariff_valat"] == fields["tariff_renonce"] == "default"
    # each value has its label (a premium's two: announced, silent), the rules of every preset for the script
    assert '<label for="c_bettel_ouvert">Bettel ouvert</label>' in page
    assert 'aria-label="Quapil announced"' in page and 'aria-label="Quapil silent"' in page
    tariffs = json.loads(re.search(r"data-tariffs='([^']*)'", page).group(1))
    assert tariffs["wien"]["c_zwiccolo"] == "2" and tariffs["tirol"]["pa_sack2"] == "2" and tariffs["ooe"]["_valat"] == \
        "multiplier"
    german = shown_form(client, language="de")[1]
    assert "<summary>Eigener Tarif</summary>" in german and 'aria-label="Quapil angesagt"' in german


@pytest.mark.process
def test_a_club_tariff_made_on_the_form_is_stored_shown_and_carried_by_the_file(app, client, tmp_path):
    """Based on the Wiener cup: Bettel 5, no Zwiccolo, a Mondfang of 3/1, the Pagat only announced (silent 0), the
    Valat as Tirol scores it, a Trischaken renonce of twice the value; the form was shown with Vienna's values (the
    script follows the rules chosen)."""
    response, _ = create(client, {"preset": "wien", "tariff_of": "wien", "c_trischaken": "2", "c_zwiccolo": "",
                                  "c_bettel": "5", "c_piccolo": "2", "c_zwiccolo_ouvert": "6", "c_piccolo_ouvert": "6",
                                  "c_bettel_ouvert": "8", "c_farbendreier": "5", "c_dreier": "5", "c_farbensolo": "10",
                                  "c_solodreier": "10", "c_besserrufer": "1",
                                  "pa_mondfang": "3", "ps_mondfang": "1", "pa_pagat": "2", "ps_pagat": "0",
                                  "tariff_valat": "premium", "tariff_renonce": "flat"})
    assert response.status_code == 302, re.findall(r'<ul class="errors">.*?</ul>', response.text)
    board = response.headers["Location"]
    expected = RuleSet.from_dict({"preset": "wien", "tariff": {
        "contracts": {"bettel": 5, "zwiccolo": None}, "premiums": {"mondfang": {"announced": 3, "silent": 1},
                                                                   "pagat": {"announced": 2, "silent": 0}},
        "valat": "premium", "trischaken_renonce": "flat"}})
    rules = stored(app, board).partie.rules
    assert rules == expected and rules.tariff == expected.tariff
    assert "zwiccolo" not in rules.contracts and rules.value("bettel") == 5 and rules.valat == "premium"
    # stored whole (every value, §14.3): the row holds the tariff in full
    row = json.loads(next(iter(rows_of(app, board)))["rules"])
    assert row["tariff"]["contracts"]["rufer"] == 1 and row["tariff"]["premiums"]["mondfang"] == \
        {"announced": 3, "silent": 1}
    page = text(client.get(board + "/rules").text)
    assert "Own tariff based on Wiener Tarockcup" in page and "Bettel 5" in page and "Zwiccolo 2" not in page
    assert "Mondfang 3/1" in page and "Pagat 2/0" in page and "A premium worth 0 silent counts only announced." in page
    assert "Beside a Valat made Trull, Kings and Säcke do not count." in page
    assert "Trischaken renonce: twice the value to each other player." in page
    # a few deals, then the file: it names the difference from the preset and replays to the board's balance
    assert post_deal(client, board, contract="bettel", declarer="2", result="won").status_code == 302
    assert post_deal(client, board, contract="dreier", declarer="3", card_points="45", side_pagat="declarer",
                     ann_pagat="yes", made_pagat="yes").status_code == 302
    assert post_deal(client, board, type="renonce", contract="trischaken", offender="0").status_code == 302
    _, s = settled(app, board)
    assert [d.points for d in s.deals] == [(-5, -5, 15, -5), (-7, -7, -7, 21), (-12, 4, 4, 4)]
    exported = client.get(board + "/partie.json")
    data = json.loads(exported.text)
    assert data["rules"]["preset"] == "wien" and data["rules"]["tariff"] == {
        "contracts": {"zwiccolo": None, "bettel": 5},
        "premiums": {"pagat": {"announced": 2, "silent": 0}, "mondfang": {"announced": 3, "silent": 1},
                     "valat": {"announced": 20, "silent": 10}},   # a Valat of another kind names its values
        "valat": "premium", "trischaken_renonce": "flat"}
    path = tmp_path / "club.json"
    path.write_bytes(exported.data)
    replayed = run_replay(path, "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["balance"] == list(s.balance)


def rows_of(app, board):
    from .helpers import rows
    return rows(app, f"select rules from parties where id = '{board.rsplit('/', 1)[1]}'")


def test_a_value_left_as_shown_keeps_the_chosen_rules(app, client):
    """Without the script the fields keep the values they came with (the default rules' here) while other rules are
    chosen: what was not changed is the chosen rules' own, what was changed is the club's."""
    response, _ = create(client, {"preset": "wien"})           # nothing changed: Vienna's own tariff
    assert response.status_code == 302
    rules = stored(app, response.headers["Location"]).partie.rules
    assert rules == RuleSet.default("wien") and rules.title == "Wiener Tarockcup"
    response, _ = create(client, {"preset": "wien", "c_bettel": "5", "c_piccolo_ouvert": "6"})   # Bettel changed
    rules = stored(app, response.headers["Location"]).partie.rules
    assert rules.value("bettel") == 5 and rules.value("zwiccolo") == 2 and rules.value("solodreier") == 10
    assert rules.tariff_dict() == {"contracts": {"bettel": 5}}   # Piccolo ouvert 6 is Vienna's anyway
    response, _ = create(client, {"preset": "tirol", "c_rufer": "", "pa_sack1": "", "ps_sack1": ""})
    rules = stored(app, response.headers["Location"]).partie.rules
    # the Rufer taken out; the Säcke fields were empty as shown (ooe has none): Tirol's Säcke stay
    assert "rufer" not in rules.contracts and "sack1" in rules.premiums
    response, _ = create(client, {"preset": "ooe", "c_zwiccolo": "3", "pa_sack1": "0"})
    assert response.status_code == 422   # a Sack of announced 0 is refused (below)
    response, _ = create(client, {"preset": "ooe", "c_zwiccolo": "3", "pa_sack1": "2", "ps_sack1": "0"})
    rules = stored(app, response.headers["Location"]).partie.rules
    assert rules.value("zwiccolo") == 3 and rules.premium_value("sack1", True) == 2 and "sack2" not in rules.premiums


def test_the_valat_switched_and_taken_out(app, client):
    response, _ = create(client, {"preset": "wien", "tariff_valat": "multiplier"})
    rules = stored(app, response.headers["Location"]).partie.rules
    assert rules.valat == "multiplier" and rules.tariff.premium_values["valat"] is None
    response, _ = create(client, {"preset": "ooe", "tariff_valat": "premium", "pa_valat": "30", "ps_valat": "15"})
    rules = stored(app, response.headers["Location"]).partie.rules
    assert rules.valat == "premium" and rules.premium_value("valat", True) == 30
    response, _ = create(client, {"preset": "ooe", "tariff_valat": "wien"})   # the values shown, 20 and 10
    rules = stored(app, response.headers["Location"]).partie.rules
    assert rules.valat == "wien" and (rules.premium_value("valat", True), rules.premium_value("valat", False)) == \
        (20, 10)
    response, _ = create(client, {"preset": "tirol", "tariff_valat": "none"})
    board = response.headers["Location"]
    assert "valat" not in stored(app, board).partie.rules.premiums
    assert "No Valat." in text(client.get(board + "/rules").text)
    assert 'name="side_valat"' not in client.get(board + "/deal").text
    # under the multiplier (ooe) the Valat's values are not read: changing them is no tariff
    response, _ = create(client, {"preset": "ooe", "pa_valat": "40"})
    assert stored(app, response.headers["Location"]).partie.rules == RuleSet.default("ooe")


REFUSALS = [
    # (changes, field, English message, German message)
    ({"c_bettel": "0"}, "c_bettel", "Bettel: a whole number from 1 to 100, or empty: not played.",
     "Bettel: eine ganze Zahl von 1 bis 100, oder leer: wird nicht gespielt."),
    ({"c_solodreier": "101"}, "c_solodreier", "Solodreier: a whole number from 1 to 100, or empty: not played.",
     "Solodreier: eine ganze Zahl von 1 bis 100, oder leer: wird nicht gespielt."),
    ({"c_rufer": "1.5"}, "c_rufer", "Rufer: a whole number from 1 to 100, or empty: not played.",
     "Rufer: eine ganze Zahl von 1 bis 100, oder leer: wird nicht gespielt."),
    ({"pa_uhu": "0"}, "pa_uhu", "Uhu announced: a whole number from 1 to 100.",
     "Uhu angesagt: eine ganze Zahl von 1 bis 100."),
    ({"ps_uhu": "-1"}, "ps_uhu", "Uhu silent: a whole number from 0 (it counts only announced) to 100.",
     "Uhu still: eine ganze Zahl von 0 (zählt nur angesagt) bis 100."),
    ({"ps_kakadu": "101"}, "ps_kakadu", "Kakadu silent: a whole number from 0 (it counts only announced) to 100.",
     "Kakadu still: eine ganze Zahl von 0 (zählt nur angesagt) bis 100."),
    ({"pa_trull": "2", "ps_trull": "3"}, "ps_trull",
     "Trull: silent (3) is worth at most as much as announced (2).",
     "Trull: still (3) ist höchstens so viel wert wie angesagt (2)."),
    ({"pa_mondfang": "2"}, "ps_mondfang",
     "Mondfang: give both values, announced and silent, or leave both empty: not played.",
     "Mondfang: beide Werte angeben, angesagt und still, oder beide leer lassen: wird nicht gespielt."),
    ({"ps_pagat": ""}, "ps_pagat",
     "Pagat: give both values, announced and silent, or leave both empty: not played.",
     "Pagat ultimo: beide Werte angeben, angesagt und still, oder beide leer lassen: wird nicht gespielt."),
]


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("changes, field, english, german", REFUSALS)
def test_a_wrong_value_is_refused_beside_its_field(app, client, language, changes, field, english, german):
    before = count(app, "parties")
    response, sent = create(client, changes, language=language)
    assert response.status_code == 422
    page = response.text
    assert errors_at(page, field) == [english if language == "en" else german]
    assert re.search(r'<input id="%s"[^>]*aria-invalid="true" aria-describedby="error-%s"' % (field, field), page)
    assert '<details class="tariff" id="tariff" open' in page   # the section opens where the problem is
    assert count(app, "parties") == before
    kept = dict(form_fields(page, None))   # every value as typed, the names too
    assert all(kept[k] == v for k, v in sent.items() if re.match(r"(c|pa|ps)_|player", k)), \
        {k: (kept.get(k), v) for k, v in sent.items() if kept.get(k) != v}


def test_what_the_rules_cannot_score_is_said_where_it_was_chosen(app, client):
    before = count(app, "parties")
    # an odd Trischaken value with the Wiener share: beside the value and the payout
    response, _ = create(client, {"preset": "wien", "tariff_of": "wien", "c_trischaken": "3", "c_zwiccolo": "2",
                                  "c_zwiccolo_ouvert": "6", "c_piccolo_ouvert": "6", "c_bettel": "4",
                                  "c_bettel_ouvert": "8", "c_farbendreier": "5", "c_dreier": "5",
                                  "c_farbensolo": "10", "c_solodreier": "10"})
    assert response.status_code == 422
    said = "needs an even Trischaken value: with 3, two tied losers would each owe 9/2, which is not a whole number."
    assert said in " ".join(errors_at(response.text, "c_trischaken"))
    assert "needs an even Trischaken value" in " ".join(errors_at(response.text, "trischaken_payout"))
    # Jungfrauen in full belong to the loser's payout
    response, _ = create(client, {"preset": "wien", "jungfrauen": "full"})
    assert response.status_code == 422
    assert "Jungfrauen" in " ".join(errors_at(response.text, "jungfrauen"))
    assert count(app, "parties") == before


def test_a_runde_s_next_evening_starts_with_its_last_evenings_tariff(app, client):
    rid = client.post("/r/new", data={"name": "Mittwochsrunde", "game": "koenigrufen", "settles": "month",
                                      "members": "Anna\nBernd\nCilli\nDora"}).headers["Location"].rsplit("/", 1)[1]
    fields, page = shown_form(client, f"/new?game=koenigrufen&runde={rid}")
    assert fields["tariff_of"] == "ooe" and "last evening" not in page   # no evening yet: the default rules
    response, _ = create(client, {"preset": "wien", "c_bettel": "5", "pa_mondfang": "2", "ps_mondfang": "1",
                                  "stake": "0,20", "tariff_renonce": "flat", "runde": rid},
                         path=f"/new?game=koenigrufen&runde={rid}")
    assert response.status_code == 302
    first = stored(app, response.headers["Location"]).partie.rules
    fields, page = shown_form(client, f"/new?game=koenigrufen&runde={rid}")
    assert "Its rules are those of the Runde’s last evening" in page
    assert '<details class="tariff" id="tariff" open' in page   # the Runde's own tariff: shown
    assert (fields["preset"], fields["tariff_of"], fields["c_bettel"], fields["pa_mondfang"], fields["stake"],
            fields["tariff_renonce"]) == ("wien", "wien", "5", "2", "0.20", "flat")
    response, _ = create(client, {"runde": rid}, path=f"/new?game=koenigrufen&runde={rid}")
    assert response.status_code == 302
    second = stored(app, response.headers["Location"]).partie.rules
    assert second == first and second.tariff == first.tariff and second.title == first.title


TARIFF_FIELDS = ["preset", "tariff_of", "tariff_valat", "tariff_renonce", "trischaken_payout", "jungfrauen",
                 "c_trischaken", "c_bettel", "c_zwiccolo", "pa_valat", "ps_valat", "pa_sack1", "ps_sack1", "pa_uhu",
                 "ps_uhu", "pa_mondfang"]


@pytest.mark.slow   # a long hostile-input run: left out of the quick run
def test_hostile_tariffs_never_a_500(app, client):
    """Any text in any of the tariff's fields (and the settings beside them): a partie, or a 422 with nothing
    stored; never a 500."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from .conftest import examples
    from .test_hostile_forms_never_500 import HOSTILE_TEXT

    fields, _page = shown_form(client)

    @settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.dictionaries(st.sampled_from(TARIFF_FIELDS), HOSTILE_TEXT, max_size=8))
    def check(changes):
        before = count(app, "parties")
        response = client.post("/new", data={**fields, **NAMES, **changes})
        assert response.status_code in (302, 422), response.status_code
        if response.status_code == 422:
            assert count(app, "parties") == before
        else:
            board = response.headers["Location"]
            assert client.get(board + "/rules").status_code == 200
            assert client.get(board + "/deal").status_code == 200

    check()
