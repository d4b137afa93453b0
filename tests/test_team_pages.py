"""Director team pages: list, add, edit, withdraw, reinstate and the check-in at the door."""

from __future__ import annotations

import pytest

from tournaments.models import Club, Player, Team


def teams_url(tournament, suffix=""):
    return f"/director/t/{tournament.slug}/teams/{suffix}"


@pytest.mark.parametrize("count", [5, 60])
def test_team_list_runs_a_constant_number_of_queries(director_client, tournament, make_teams,
                                                     django_assert_max_num_queries, count):
    make_teams(tournament, count)
    with django_assert_max_num_queries(12):
        response = director_client.get(teams_url(tournament), {"sort": "club", "per_page": 100})
    assert response.status_code == 200
    assert response.content.decode().count("Speler ") >= 2 * min(count, 25)


def test_team_list_queries_do_not_grow_with_teams(director_client, tournament, make_teams,
                                                  django_assert_num_queries):
    """Same count for 3 teams and for 80: nothing is fetched per team."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    make_teams(tournament, 3)
    with CaptureQueriesContext(connection) as few:
        director_client.get(teams_url(tournament))
    make_teams(tournament, 77, start=4)
    with django_assert_num_queries(len(few.captured_queries)):
        director_client.get(teams_url(tournament), {"per_page": 100})


def test_team_list_search_sort_and_paginate(director_client, tournament, make_teams):
    make_teams(tournament, 30)
    page = director_client.get(teams_url(tournament), {"q": "Speler 17a"}).content.decode()
    assert "Team 17" in page and "Team 18" not in page
    page = director_client.get(teams_url(tournament), {"q": "17"}).content.decode()
    assert "Team 17" in page
    page = director_client.get(teams_url(tournament), {"sort": "-number"}).content.decode()
    assert page.index("Team 30") < page.index("Team 29")
    page2 = director_client.get(teams_url(tournament), {"page": 2}).content.decode()
    assert "Team 26" in page2 and "Team 3<" not in page2


@pytest.mark.parametrize("per_page", ["-1", "0", "10000000000"])
def test_any_page_size_in_the_address_shows_a_page(director_client, tournament, make_teams, per_page):
    make_teams(tournament, 3)
    response = director_client.get(teams_url(tournament), {"per_page": per_page})
    assert response.status_code == 200 and "Team 1<" in response.content.decode()


def test_add_team_with_new_club(director_client, tournament):
    response = director_client.post(teams_url(tournament, "add/"), {
        "name": "  De   Kezers ", "player_1": "Anna de Vries", "player_2": "Bram Jansen", "club": "KC Noord",
    })
    assert response.status_code == 302
    team = Team.objects.get(tournament=tournament)
    assert (team.number, team.name, team.club.name) == (1, "De Kezers", "KC Noord")
    assert team.player_names == ["Anna de Vries", "Bram Jansen"]


def test_add_team_matches_existing_club_whatever_the_case(director_client, tournament):
    Club.objects.create(name="KC Noord")
    director_client.post(teams_url(tournament, "add/"), {
        "name": "De Kezers", "player_1": "A", "player_2": "B", "club": "kc noord",
    })
    assert Club.objects.count() == 1


@pytest.mark.parametrize("data, field", [
    ({"name": "", "player_1": "A", "player_2": "B"}, "name"),
    ({"name": "X", "player_1": "A", "player_2": "  "}, "player_2"),
    ({"name": "team 1", "player_1": "A", "player_2": "B"}, "name"),
    ({"name": "Nieuw", "player_1": "A", "player_2": "B", "number": "1"}, "number"),
])
def test_add_team_refuses_bad_input_and_changes_nothing(director_client, tournament, make_teams, data, field):
    make_teams(tournament, 1)
    before = (Team.objects.count(), Player.objects.count())
    response = director_client.post(teams_url(tournament, "add/"), data)
    assert response.status_code == 422
    assert field in response.context["form"].errors
    assert (Team.objects.count(), Player.objects.count()) == before


def test_edit_team(director_client, tournament, make_teams):
    team = make_teams(tournament, 2)[0]
    response = director_client.post(teams_url(tournament, f"{team.pk}/edit/"), {
        "name": "Team 1", "player_1": "Nieuwe Speler", "player_2": "Speler 1b", "club": "", "number": "7",
    })
    assert response.status_code == 302
    team.refresh_from_db()
    assert team.number == 7 and team.club is None
    assert team.player_names == ["Nieuwe Speler", "Speler 1b"]
    assert team.players.count() == 2


def test_edit_team_of_another_tournament_is_not_found(director_client, tournament, make_teams):
    import datetime

    from tournaments.models import Tournament

    other = Tournament.objects.create(name="Other", slug="other", date=datetime.date(2026, 1, 1))
    foreign = make_teams(other, 1)[0]
    assert director_client.get(teams_url(tournament, f"{foreign.pk}/edit/")).status_code == 404


def test_withdraw_and_reinstate(director_client, tournament, make_teams, client):
    team = make_teams(tournament, 2)[0]
    director_client.post(teams_url(tournament, f"{team.pk}/withdraw/"))
    team.refresh_from_db()
    assert team.withdrawn
    public = client.get(f"/t/{tournament.slug}/").content.decode()
    assert "Team 1<" not in public and "Team 2" in public
    director_client.post(teams_url(tournament, f"{team.pk}/reinstate/"))
    team.refresh_from_db()
    assert not team.withdrawn


def test_checkin_one_tap_with_htmx_updates_row_and_counter(director_client, tournament, make_teams):
    teams = make_teams(tournament, 3)
    url = f"/director/t/{tournament.slug}/checkin/{teams[1].pk}/"
    response = director_client.post(url, {"present": "1"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'id="team-{teams[1].pk}"' in html
    assert 'hx-swap-oob="true"' in html and '<span class="present">1</span> / 3' in html
    teams[1].refresh_from_db()
    assert teams[1].checked_in and teams[1].checked_in_at is not None

    response = director_client.post(url, {"present": "0"})
    assert response.status_code == 302
    teams[1].refresh_from_db()
    assert not teams[1].checked_in and teams[1].checked_in_at is None


def test_checkin_page_counts_present_teams_and_leaves_out_withdrawn(director_client, tournament, make_teams):
    teams = make_teams(tournament, 4)
    teams[0].checked_in = True
    teams[0].save()
    teams[3].withdrawn = True
    teams[3].save()
    response = director_client.get(f"/director/t/{tournament.slug}/checkin/")
    assert response.context["present_count"] == 1 and response.context["team_count"] == 3
    assert "Team 4" not in response.content.decode()


def test_create_and_edit_tournament(director_client):
    from tournaments.models import Tournament

    data = {
        "name": "Keezen Cup", "slug": "keezen-cup", "date": "2026-11-21", "venue": "Utrecht",
        "scoring_system": "pawns-2pt", "rounds": 3, "round_minutes": 45, "teams_per_table": 2,
        "status": "planned", "jack_partner": "on", "jack_own_start": "on", "self_capture": "optional",
        "home_entry": "forced", "seven_partner_remainder": "on", "seven_max_pawns": 2, "seed": 42,
        "entry_grace_minutes": 10, "confirmed_counts": "on", "three_team_table": "on",
    }
    response = director_client.post("/director/new/", data)
    assert response.status_code == 302, response.context["form"].errors
    tournament = Tournament.objects.get(slug="keezen-cup")
    assert tournament.house_rules.self_capture == "optional"
    assert (tournament.entry_grace_minutes, tournament.confirmed_counts, tournament.three_team_table) == (10, True, True)
    assert tournament.house_rules.jack_partner is True
    response = director_client.post("/director/t/keezen-cup/edit/", {**data, "jack_partner": "", "rounds": 4})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.rounds == 4 and tournament.house_rules.jack_partner is False


def test_an_empty_short_name_is_made_from_the_name(director_client):
    """Issue 16, item 12: the browser fills the short name as one types; without JavaScript the server does."""
    from tournaments.models import Tournament

    data = {
        "name": "Zomer Cup Zoë", "slug": "", "date": "2026-07-04", "scoring_system": "pawn-order", "rounds": 3,
        "round_minutes": 45, "teams_per_table": 2, "status": "planned", "self_capture": "forced",
        "home_entry": "forced", "seven_max_pawns": 2, "seed": 1, "entry_grace_minutes": 15,
    }
    assert director_client.post("/director/new/", data).status_code == 302
    assert director_client.post("/director/new/", data).status_code == 302
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == ["zomer-cup-zoe", "zomer-cup-zoe-2"]
    assert director_client.post("/director/t/zomer-cup-zoe/edit/", data).status_code == 302  # kept when left empty
    assert Tournament.objects.filter(slug="zomer-cup-zoe").exists()


def test_tournament_form_refuses_bad_values(director_client):
    from tournaments.models import Tournament

    response = director_client.post("/director/new/", {
        "name": "X", "slug": "bad slug!", "date": "2026-13-40", "scoring_system": "dice",
        "rounds": 0, "round_minutes": 45, "teams_per_table": 4, "status": "planned",
        "self_capture": "forced", "home_entry": "forced", "seven_max_pawns": 2, "seed": 1,
    })
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert {"slug", "date", "scoring_system", "rounds", "teams_per_table"} <= set(errors)
    assert not Tournament.objects.exists()
