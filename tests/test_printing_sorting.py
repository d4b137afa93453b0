"""Lists of team names are in the order people expect (tournaments.names.entrant_sort_key), not the
database's: the wall list by team and the director's team list sorted by name. A team's name sorts
as written ("De Kezers" under D); a player's name in an individual tournament by the Dutch rule
for surnames ("van der Berg" under B)."""

from __future__ import annotations

import re

import pytest

from tournaments.exporters import round_pdfs
from tournaments.models import Team
from tournaments.services.rounds import add_round, add_table

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
NAMES = ["Zwarte Pionnen", "’t Hooft", "van der Berg", "Özdemir & Co", "🎲 Dobbelaars", "appels", "Boeren"]
EXPECTED = ["appels", "Boeren", "🎲 Dobbelaars", "Özdemir & Co", "’t Hooft", "van der Berg", "Zwarte Pionnen"]
PEOPLE = ["appels", "van der Berg", "Boeren", "🎲 Dobbelaars", "’t Hooft", "Özdemir & Co", "Zwarte Pionnen"]


@pytest.fixture
def named(tournament, make_teams):
    for team, name in zip(make_teams(tournament, len(NAMES)), NAMES):
        team.name = name
        team.save(update_fields=["name"])
    return tournament


def test_the_wall_list_by_team_sorts_as_people_do(named):
    round_ = add_round(named)
    teams = list(Team.objects.filter(tournament=named).order_by("number"))
    for first in (0, 2, 4):
        add_table(round_, teams[first:first + 2])
    round_.byes.create(team=teams[6])
    assert [line.team.name for line in round_pdfs.team_lines(round_)] == EXPECTED
    html = round_pdfs.wall_by_team_html(round_)
    rows = [name.replace("&amp;", "&").replace("&#x27;", "'") for name in re.findall(r'<td class="name">(.*?)</td>', html)]
    assert rows == EXPECTED


@pytest.mark.parametrize("order, expected", [("name", EXPECTED), ("-name", EXPECTED[::-1])])
def test_the_team_list_sorted_by_name(director_client, named, order, expected):
    page = director_client.get(f"/director/t/{named.slug}/teams/", {"sort": order}, **EN).content.decode()
    shown = [name for name in re.findall(r"<td >(.*?)</td>", page) if name.replace("&amp;", "&").replace("&#x27;", "'")
             in NAMES]
    assert [name.replace("&amp;", "&") for name in shown] == expected


def test_the_team_list_sorted_by_name_while_searching(director_client, named):
    page = director_client.get(f"/director/t/{named.slug}/teams/", {"sort": "name", "q": "o"}, **EN)
    assert page.status_code == 200


def test_players_of_an_individual_tournament_keep_the_dutch_rule(tournament, make_teams):
    from tournaments.names import entrant_sort_key

    assert sorted(NAMES, key=lambda name: entrant_sort_key(name, True)) == PEOPLE
    assert sorted(NAMES, key=lambda name: entrant_sort_key(name, False)) == EXPECTED
    assert sorted(["Pionnen", "De Kezers", "Zwart"], key=lambda name: entrant_sort_key(name, False)) == [
        "De Kezers", "Pionnen", "Zwart"]
