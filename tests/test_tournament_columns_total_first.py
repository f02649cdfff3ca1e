"""One order of the figures on every page of a tournament's standings, Total first (RULES-TOURNAMENT.md §4 places
players by their total): the public standings, the hall view for a projector, the printed results, a player's own
line and the Excel export, in English and German, read back through real HTTP round trips."""

import csv
import io
import re

from .test_tournament_web import NINE, create, draw_and_start, dreier, public

DE = {"Accept-Language": "de"}
ORDER = {"en": ["Place", "Player", "Total", "Schrift", "Rank points"],
         "de": ["Platz", "Spieler", "Summe", "Schrift", "Rangpunkte"]}


def heads(page, table_class):
    table = page.split(f'class="{table_class}', 1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r'<th scope="col"[^>]*>(.*?)</th>', table, re.S)]


def test_the_hall_and_the_standings_put_total_first(client):
    organiser = create(client, NINE[:8], games_4="1")
    for board, _names in draw_and_start(client, organiser):
        dreier(client, board, 0)
    standings = public(client, organiser)
    for language, headers in (("en", {}), ("de", DE)):
        order = ORDER[language]
        assert heads(client.get(standings, headers=headers).text, "standings tstandings")[:5] == order
        assert heads(client.get(standings + "/print", headers=headers).text, "standings tstandings")[:5] == order
        hall = client.get(standings + "/hall", headers=headers).text
        assert heads(hall, "hall-table") == order
        # the figures under their heads: the winner's total (60 rank points plus his Schrift) in the third column
        first = re.search(r"<tbody>\s*<tr><td>1\.</td><th scope=\"row\">(.*?)</th><td class=\"total\">(.*?)</td>"
                          r"<td>(.*?)</td><td>(.*?)</td></tr>", hall, re.S)
        assert first is not None
        total, schrift, rank_points = first.group(2, 3, 4)
        assert int(total) == int(schrift.lstrip("+")) + int(rank_points)
        excel = client.get(standings + "/excel.csv", headers=headers).data.decode("utf-8-sig")
        assert next(csv.reader(io.StringIO(excel), delimiter=";" if language == "de" else ","))[:5] == order
        own = client.get(standings + "/player/0", headers=headers).text
        terms = re.findall(r"<dt>(.*?)</dt>", own.split('class="own-figures"', 1)[1].split("</dl>", 1)[0])
        assert terms == order[2:]
