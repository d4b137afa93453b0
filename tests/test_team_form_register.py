"""Players typed on the team form join the club's register as imported ones do (issue 34, item 6): a
name nobody of the register has becomes a new person, with the team's club, linked to the player, in
the transaction that writes the team; a name the register knows once is linked to that person; the
person's page then lists every tournament they played.

Through the test client, real database, nothing of our own mocked.
"""

from __future__ import annotations

import datetime

import pytest
from django.db import IntegrityError
from django.urls import reverse

from people.models import Person
from tests.test_people_pages import EN, confirm, state, team_url, text, upload
from tournaments.models import Entry, Player, Tournament
from tournaments.services.teams import TeamData, register_teams, update_team

pytestmark = pytest.mark.usefixtures("english")


def add_team(client, tournament: Tournament, name: str, *players: str, club: str = "", **extra):
    data = {"name": name, "player_1": players[0], "player_2": players[1], "club": club, **extra}
    return client.post(team_url(tournament), data, **EN)


def register_row(person: Person) -> tuple:
    """A person as the register holds them, without their pk."""
    return (person.name, person.key, person.club.name if person.club_id else "", person.member_number, person.email,
            person.ref)


def test_a_player_typed_on_the_team_form_joins_the_register_as_an_imported_one(director_client, tournament):
    response = add_team(director_client, tournament, "De Kezers", "Zoë Özdemir", "Bram Jansen", club="KC Noord")
    assert response.status_code == 302
    typed = {player.name: player.person for player in Player.objects.select_related("person__club")}
    assert all(typed.values()), "both players are linked to a person"

    imported_day = Tournament.objects.create(name="Voorjaar", slug="voorjaar", date=datetime.date(2026, 4, 1))
    assert upload(director_client, imported_day, [["Pionnen", "Carla Smit", "", "Dirk Bos", ""]]).status_code == 200
    assert confirm(director_client, imported_day).status_code == 302
    carla = Player.objects.get(name="Carla Smit").person

    assert register_row(typed["Zoë Özdemir"]) == ("Zoë Özdemir", "zoe ozdemir", "KC Noord", "", "", "")
    assert register_row(typed["Bram Jansen"]) == ("Bram Jansen", "bram jansen", "KC Noord", "", "", "")
    assert register_row(carla) == ("Carla Smit", "carla smit", "", "", "", ""), "the same shape as the import's"
    listed = text(director_client.get(reverse("people:register"), {"q": "zoe"}, **EN))
    assert "Zoë Özdemir" in listed


def test_the_same_name_typed_again_is_the_same_person_not_a_duplicate(director_client, tournament):
    add_team(director_client, tournament, "De Kezers", "Anna de Vries", "Bram Jansen")
    anna = Person.objects.get(key="anna de vries")
    later = Tournament.objects.create(name="Najaar", slug="najaar", date=datetime.date(2026, 12, 12))
    add_team(director_client, later, "Pionnen", "anna  de VRIES", "Carla Smit")
    assert Person.objects.filter(key="anna de vries").count() == 1
    assert Player.objects.get(team__tournament=later, seat=1).person == anna
    # Imported into a third tournament, she is found by name as well: one person, three tournaments' worth of links.
    third = Tournament.objects.create(name="Winter", slug="winter", date=datetime.date(2027, 1, 9))
    upload(director_client, third, [["Aas", "Anna de Vries", "", "Dirk Bos", ""]])
    assert confirm(director_client, third).status_code == 302
    assert Player.objects.get(team__tournament=third, seat=1).person == anna


def test_a_renamed_player_joins_an_unchanged_one_is_left_as_it_was(director_client, tournament):
    team = register_teams(tournament, [TeamData(name="De Kezers", players=("Player 1", "Bram"))])[0]
    edit = team_url(tournament, f"{team.pk}/edit/")
    data = {"name": "De Kezers", "player_1": "Player 1", "player_2": "Bram", "number": "1", "club": "KC Noord"}
    assert director_client.post(edit, data, **EN).status_code == 302
    assert not Person.objects.exists(), "an edit that renames nobody adds nobody (a removed player stays so)"
    assert director_client.post(edit, {**data, "player_2": "Bram Jansen"}, **EN).status_code == 302
    bram = Person.objects.get()
    assert (bram.name, bram.club.name) == ("Bram Jansen", "KC Noord")
    assert [player.person for player in team.players.order_by("seat")] == [None, bram]


def test_an_individual_player_typed_joins_the_register(director_client):
    solo = Tournament.objects.create(name="Solo", slug="solo", date=datetime.date(2026, 5, 1), entry=Entry.INDIVIDUAL)
    response = director_client.post(team_url(solo), {"name": "Eva Visser", "club": "KC Noord"}, **EN)
    assert response.status_code == 302
    assert register_row(Player.objects.get().person) == ("Eva Visser", "eva visser", "KC Noord", "", "", "")


def test_a_refused_team_form_adds_nobody(director_client, tournament):
    register_teams(tournament, [TeamData(name="De Kezers", players=("A", "B"))])
    before = state()
    response = add_team(director_client, tournament, "de kezers", "Anna de Vries", "Bram Jansen")
    assert response.status_code == 422 and state() == before


def test_the_new_people_are_written_with_the_team_or_not_at_all(tournament):
    """A team refused by the database (a number taken meanwhile) leaves no new person behind."""
    register_teams(tournament, [TeamData(name="Oud", players=("A", "B"), number=3)])
    with pytest.raises(IntegrityError):
        register_teams(tournament, [TeamData(name="Nieuw", players=("Anna de Vries", "Bram"), number=3,
                                             new_people=(True, True))])
    assert not Person.objects.exists()
    team = tournament.teams.get()
    update_team(team, TeamData(name="Oud", players=("A", "Carla Smit"), number=3, new_people=(False, True)))
    assert [player.person and player.person.name for player in team.players.order_by("seat")] == [None, "Carla Smit"]


def test_without_a_register_nobody_is_added(director_client, tournament, monkeypatch):
    from tournaments import club_register

    monkeypatch.setattr(club_register, "_register", None)
    assert add_team(director_client, tournament, "De Kezers", "Anna de Vries", "Bram Jansen").status_code == 302
    assert not Person.objects.exists() and not Player.objects.filter(person__isnull=False).exists()
    # A TeamData that asks for new people on a site without a register: written unlinked.
    register_teams(tournament, [TeamData(name="B", players=("C", "D"), new_people=(True, True))])
    assert not Person.objects.exists()


def test_a_persons_page_lists_the_two_tournaments_they_played(director_client, tournament):
    """Typed on the team form in two tournaments: one person, whose page lists both, the latest first,
    each with its date, team and a link to the tournament's director page."""
    spring = Tournament.objects.create(name="Voorjaarstoernooi", slug="voorjaar", date=datetime.date(2026, 4, 11))
    add_team(director_client, spring, "Pionnen", "Anna de Vries", "Carla Smit")
    add_team(director_client, tournament, "De Kezers", "Anna de Vries", "Bram Jansen")
    anna = Person.objects.get(key="anna de vries")

    response = director_client.get(reverse("people:detail", args=[anna.pk]), **EN)

    assert response.status_code == 200
    results = response.context["results"]
    assert [(result.tournament.name, result.tournament.date, result.team) for result in results] == [
        ("Keezen Cup 2026", datetime.date(2026, 11, 21), "De Kezers"),
        ("Voorjaarstoernooi", datetime.date(2026, 4, 11), "Pionnen"),
    ]
    page = text(response)
    for slug in ("keezen-cup-2026", "voorjaar"):
        assert f'href="{reverse("director:tournament_home", args=[slug])}"' in page
    assert page.index("Keezen Cup 2026") < page.index("Voorjaarstoernooi")
    assert "21 Nov 2026" in page and "11 Apr 2026" in page
    assert "1. De Kezers" in page and "with Bram Jansen" in page and "1. Pionnen" in page
