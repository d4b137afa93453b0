"""Issue 16, item 1: every search finds names whatever the case, accents, apostrophes and spaces typed
— "find my table", the team list and the check-in list, on SQLite and PostgreSQL alike (CI runs this
module on both)."""

from __future__ import annotations

import pytest

from tournaments.models import PublicNames, Team
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round
from tournaments.services.search import matching_team_ids
from tournaments.services.teams import TeamData, register_teams

QUERIES = ("zoe ozdemir", "özdemir", "OZDEMIR", "Zoë  Özdemir", "t hooft", "'t Hooft", "’t hooft", "‘T HOOFT",
           "van  der berg", "vries-van dam")


@pytest.fixture
def named(tournament):
    register_teams(tournament, [
        TeamData(name="’t Hooft", players=("Zoë Özdemir", "Kees de Vries-van Dam"), club="Çamlıca"),
        TeamData(name="De Kezers", players=("Jan van der Berg", "Anna Smit")),
        TeamData(name="Pionnen", players=("Piet Jansen", "Mo")),
        TeamData(name="Vier op een rij", players=("Lotte Bakker", "Ruud Visser")),
    ])
    return tournament


def _team(tournament, name: str) -> Team:
    return tournament.teams.get(name=name)


@pytest.mark.parametrize("query", QUERIES)
def test_one_search_ignores_case_accents_apostrophes_and_spaces(named, query):
    found = [Team.objects.get(pk=pk).name for pk in matching_team_ids(named.pk, query)]
    expected = {"van  der berg": ["De Kezers"]}.get(query, ["’t Hooft"])
    assert found == expected


def test_the_words_of_the_query_count_in_any_order_within_one_name(named):
    hooft = _team(named, "’t Hooft")
    assert matching_team_ids(named.pk, "ozdemir zoe") == [hooft.pk]
    assert matching_team_ids(named.pk, "dam kees vries") == [hooft.pk]
    assert matching_team_ids(named.pk, "hooft kees") == []  # a team's name and a player's are two names
    assert matching_team_ids(named.pk, "zoe smit") == []


def test_numbers_clubs_and_privacy(named):
    hooft = _team(named, "’t Hooft")
    assert matching_team_ids(named.pk, str(hooft.number))[0] == hooft.pk
    assert matching_team_ids(named.pk, "camlica") == []  # clubs only where asked
    assert matching_team_ids(named.pk, "camlica", clubs=True) == [hooft.pk]
    # Under first-initial a surname is not searchable in public; under teams-only no player name is.
    assert matching_team_ids(named.pk, "zoe o", names=PublicNames.FIRST_INITIAL) == [hooft.pk]
    assert matching_team_ids(named.pk, "ozdemir", names=PublicNames.FIRST_INITIAL) == []
    assert matching_team_ids(named.pk, "zoe", names=PublicNames.TEAMS_ONLY) == []
    assert matching_team_ids(named.pk, "  ") == []
    assert matching_team_ids(named.pk, "'") == []


def test_find_my_table_by_any_spelling(client, named):
    round_ = add_round(named)
    pair_round(round_)
    publish(round_)
    for query in ("zoe ozdemir", "t hooft", "'t Hooft"):
        page = client.get(f"/t/{named.slug}/find/", {"q": query}, HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200
        assert "’t Hooft" in page.content.decode(), query


def test_team_list_and_check_in_by_any_spelling(director_client, named):
    for query in ("zoe ozdemir", "özdemir", "t hooft"):
        listing = director_client.get(f"/director/t/{named.slug}/teams/", {"q": query}, HTTP_ACCEPT_LANGUAGE="en")
        assert listing.status_code == 200
        text = listing.content.decode()
        assert "’t Hooft" in text and "De Kezers" not in text, query

        checkin = director_client.get(f"/director/t/{named.slug}/checkin/", {"q": query}, HTTP_ACCEPT_LANGUAGE="en")
        assert checkin.status_code == 200
        text = checkin.content.decode()
        assert "’t Hooft" in text and "De Kezers" not in text, query
    nobody = director_client.get(f"/director/t/{named.slug}/checkin/", {"q": "nobody"}, HTTP_ACCEPT_LANGUAGE="en")
    assert "No team matches “nobody”." in nobody.content.decode()
    everyone = director_client.get(f"/director/t/{named.slug}/checkin/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert all(name in everyone for name in ("’t Hooft", "De Kezers", "Pionnen", "Vier op een rij"))
