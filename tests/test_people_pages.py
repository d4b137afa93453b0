"""The register's pages through the test client: the list and its search, a person added and edited,
a person's page, merging, the suggestions endpoint, the team form linking a chosen person, and the
Excel import asking who a player is when unsure.

Bad input answers 4xx with the reason on the page, and writes nothing (the register, the players'
links and the teams compared before and after). Real database, nothing of our own mocked.
"""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils.html import escape
from openpyxl import Workbook

from people.models import Person
from tournaments.models import Club, Entry, Player, Team, Tournament
from tournaments.services.teams import TeamData, register_teams

pytestmark = pytest.mark.usefixtures("english")
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def person(name: str, number: str = "", club: str = "", **fields) -> Person:
    return Person.objects.create(name=name, member_number=number,
                                 club=Club.objects.get_or_create(name=club)[0] if club else None, **fields)


def state() -> tuple:
    """Everything a refused request must leave as it was."""
    return (list(Person.objects.order_by("pk").values_list()),
            list(Player.objects.order_by("pk").values_list("pk", "name", "person_id")),
            list(Team.objects.order_by("pk").values_list("pk", "name")))


def text(response) -> str:
    return response.content.decode()


# --- the register: who may see it ----------------------------------------------------------


@pytest.fixture
def anna(db) -> Person:
    return person("Anna de Vries", "1234", "KC Noord", email="anna@example.org", ref="p-anna")


def register_urls(anna: Person) -> list[str]:
    return [reverse("people:register"), reverse("people:add"), reverse("people:suggest") + "?q=anna",
            reverse("people:detail", args=[anna.pk]), reverse("people:edit", args=[anna.pk]),
            reverse("people:merge", args=[anna.pk])]


def test_the_register_is_for_directors_only(client, player_user, anna):
    for url in register_urls(anna):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/?next="), url
    client.force_login(player_user)
    for url in register_urls(anna):
        assert client.get(url).status_code == 403, url
        assert client.post(url).status_code in (403, 405), url


def test_the_director_menu_links_the_register(director_client):
    assert f'href="{reverse("people:register")}"' in text(director_client.get(reverse("director:tournament_list"), **EN))


# --- list, add, edit ----------------------------------------------------------------------


def test_the_list_searches_as_every_search_does(director_client, anna):
    person("Zoë Özdemir", club="Club Zuid")
    response = director_client.get(reverse("people:register"), {"q": "zoe OZDEMIR"}, **EN)
    assert response.status_code == 200
    assert "Zoë Özdemir" in text(response) and "Anna de Vries" not in text(response)
    everyone = text(director_client.get(reverse("people:register"), **EN))
    assert "Zoë Özdemir" in everyone and "1234" in everyone and "anna@example.org" in everyone
    none = director_client.get(reverse("people:register"), {"q": "nobody", "page": "²"}, **EN)
    assert none.status_code == 200 and escape("No one in the register matches “nobody”.") in text(none)


def test_add_a_person_with_a_club_matched_by_name(director_client, anna):
    response = director_client.post(reverse("people:add"), {
        "name": "  Bram   Jansen ", "club_name": "kc noord", "member_number": " 77 ", "email": "", "ref": ""}, **EN)
    bram = Person.objects.get(name="Bram Jansen")
    assert response.status_code == 302 and response["Location"] == reverse("people:detail", args=[bram.pk])
    assert (bram.key, bram.member_number, bram.club, Club.objects.count()) == ("bram jansen", "77", anna.club, 1)


@pytest.mark.parametrize("data, field, message", [
    ({"name": "  "}, "name", "This field is required."),
    ({"name": "Bram", "member_number": "1234"}, None, "Another person already has this member number."),
    ({"name": "Bram", "ref": "p-anna"}, None, "Another person already has this id in files."),
    ({"name": "Bram", "email": "not an address"}, "email", "Enter a valid email address."),
    ({"name": "Bram", "member_number": "9" * 31}, "member_number", "at most 30 characters"),
], ids=["empty name", "member number taken", "id in files taken", "bad e-mail", "member number too long"])
def test_a_refused_person_answers_422_and_writes_nothing(director_client, anna, data, field, message):
    before = state()
    response = director_client.post(reverse("people:add"), {"club_name": "", "email": "", "ref": "", **data}, **EN)
    assert response.status_code == 422
    assert message in " ".join(str(error) for errors in response.context["form"].errors.values() for error in errors)
    if field:
        assert field in response.context["form"].errors
    assert state() == before


def test_edit_a_person(director_client, anna):
    response = director_client.post(reverse("people:edit", args=[anna.pk]), {
        "name": "Anna de Vries-Smit", "club_name": "", "member_number": "1234", "email": "", "ref": "p-anna"}, **EN)
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.name, anna.key, anna.club, anna.ref) == ("Anna de Vries-Smit", "anna de vries-smit", None, "p-anna")
    form = text(director_client.get(reverse("people:edit", args=[anna.pk]), **EN))
    assert 'value="Anna de Vries-Smit"' in form
    assert director_client.get(reverse("people:edit", args=[10**12]), **EN).status_code == 404


# --- a person's page ----------------------------------------------------------------------


def test_a_persons_page_lists_every_tournament(director_client, anna, tournament):
    register_teams(tournament, [TeamData(name="De Kezers", players=("Anna de Vries", "Bram Jansen"),
                                         people=(anna.pk, None))])
    hidden = Tournament.objects.create(name="Besloten", slug="besloten", date=datetime.date(2026, 3, 1), hidden=True)
    register_teams(hidden, [TeamData(name="Anna", players=("Anna de V.", "Carla"), people=(anna.pk, None))])
    response = director_client.get(reverse("people:detail", args=[anna.pk]), **EN)
    assert response.status_code == 200
    shown = text(response)
    assert "Keezen Cup 2026" in shown and "De Kezers" in shown and "with Bram Jansen" in shown
    assert "Besloten" in shown and "Hidden" in shown and "registered as Anna de V." in shown
    assert [result.tournament.slug for result in response.context["results"]] == ["keezen-cup-2026", "besloten"]
    assert director_client.get(reverse("people:detail", args=[10**12]), **EN).status_code == 404


# --- merging ------------------------------------------------------------------------------


def test_merge_shows_what_it_will_do_then_merges(director_client, anna, tournament):
    other = person("Anna de Vries", club="Club Zuid")
    register_teams(tournament, [TeamData(name="X", players=("Anna de Vries", "Y"), people=(other.pk, None))])
    url = reverse("people:merge", args=[anna.pk])
    choose = text(director_client.get(url, **EN))
    assert f'href="?other={other.pk}"' in choose, "the people of the same name are offered"
    shown = director_client.get(url, {"other": other.pk}, **EN)
    assert shown.status_code == 200 and 'id="merge-confirm"' in text(shown) and "Keezen Cup 2026" in text(shown)
    response = director_client.post(url, {"other": other.pk}, **EN)
    assert response.status_code == 302 and response["Location"] == reverse("people:detail", args=[anna.pk])
    assert not Person.objects.filter(pk=other.pk).exists()
    assert Player.objects.get(name="Anna de Vries").person == anna


@pytest.mark.parametrize("other, status, message", [
    ("self", 422, "A person cannot be merged into themselves: choose two different people."),
    ("999999", 422, "There is no person with the number “999999” in the register"),
    ("²", 422, "There is no person with the number “²” in the register"),
    (None, 422, "Choose the duplicate to merge into this person."),
    ("shared", 409, "both play in “Keezen Cup 2026”"),
], ids=["into themselves", "unknown", "not a number", "none", "both in one tournament"])
def test_a_refused_merge_answers_4xx_and_writes_nothing(director_client, anna, tournament, other, status, message):
    namesake = person("Anna de Vries")
    register_teams(tournament, [TeamData(name="A", players=("Anna de Vries", "B"), people=(anna.pk, None)),
                                TeamData(name="C", players=("Anna de Vries", "D"), people=(namesake.pk, None))])
    value = {"self": anna.pk, "shared": namesake.pk}.get(other, other)
    before = state()
    response = director_client.post(reverse("people:merge", args=[anna.pk]),
                                    {} if value is None else {"other": value}, **EN)
    assert response.status_code == status
    assert escape(message) in text(response)
    assert state() == before


# --- suggestions --------------------------------------------------------------------------


def test_suggestions_answer_json_accent_blind(director_client, anna):
    zoe = person("Zoë ’t Hooft", "55")
    response = director_client.get(reverse("people:suggest"), {"q": "zoe 't hooft"}, **EN)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json() == {"people": [{"id": zoe.pk, "name": "Zoë ’t Hooft", "club": "", "member_number": "55",
                                           "label": "Zoë ’t Hooft (55)"}]}
    assert director_client.get(reverse("people:suggest"), {"q": "a"}).json() == {"people": []}
    assert director_client.get(reverse("people:suggest"), {"q": "x" * 5000 + "\x00"}).json() == {"people": []}


# --- the team form ------------------------------------------------------------------------


def team_url(tournament: Tournament, suffix: str = "add/") -> str:
    return f"/director/t/{tournament.slug}/teams/{suffix}"


def test_the_team_form_asks_for_suggestions(director_client, tournament):
    form = text(director_client.get(team_url(tournament), **EN))
    suggest = reverse("people:suggest")
    for seat in (1, 2):
        assert f'name="person_{seat}"' in form and f'data-person-field="id_person_{seat}"' in form
    assert form.count(f'data-person-suggest="{suggest}"') == 2
    assert "js/people.js" in form


def test_the_team_form_links_a_chosen_person(director_client, tournament, anna):
    namesake = person("Anna de Vries", club="Club Zuid")
    response = director_client.post(team_url(tournament), {
        "name": "De Kezers", "player_1": "Anna de Vries", "person_1": str(namesake.pk),
        "player_2": "Bram Jansen", "person_2": ""}, **EN)
    assert response.status_code == 302
    first, second = Player.objects.order_by("seat")
    assert (first.person, second.person.name) == (namesake, "Bram Jansen"), "nobody is Bram: he joins the register"


def test_a_typed_name_links_the_one_person_of_that_name(director_client, tournament, anna):
    zoe = person("Zoë Özdemir")
    person("Bram"), person("Bram")
    director_client.post(team_url(tournament), {"name": "De Kezers", "player_1": "zoe ozdemir", "player_2": "Bram"})
    assert Player.objects.get(seat=1).person == zoe
    assert Player.objects.get(seat=2).person is None, "two people are called Bram: the form does not guess"
    assert Person.objects.filter(key__in=["zoe ozdemir", "bram"]).count() == 3, "and adds no third"


@pytest.mark.parametrize("chosen, message", [
    ("999999", "The person chosen from the register is not there any more"),
    ("abc", "The person chosen from the register is not there any more"),
    ("taken", "This person of the register already plays in this tournament, in Oud (1)"),
], ids=["gone", "not a number", "plays already"])
def test_the_team_form_refuses_a_wrong_person_and_writes_nothing(director_client, tournament, anna, chosen, message):
    register_teams(tournament, [TeamData(name="Oud", players=("Anna de Vries", "X"), people=(anna.pk, None))])
    before = state()
    response = director_client.post(team_url(tournament), {
        "name": "Nieuw", "player_1": "Anna de Vries", "person_1": str(anna.pk) if chosen == "taken" else chosen,
        "player_2": "Bram"}, **EN)
    assert response.status_code == 422
    assert message in " ".join(response.context["form"].errors["player_1"])
    assert state() == before


def test_editing_a_team_keeps_relinks_and_lets_go(director_client, tournament, anna):
    bram = person("Bram Jansen")
    team = register_teams(tournament, [TeamData(name="De Kezers", players=("Anna de Vries", "Bram Jansen"),
                                                people=(anna.pk, None))])[0]
    form = text(director_client.get(team_url(tournament, f"{team.pk}/edit/"), **EN))
    assert f'name="person_1" value="{anna.pk}"' in form
    assert 'data-person-label="Anna de Vries (KC Noord, 1234)"' in form
    version = Tournament.objects.get().results_version
    director_client.post(team_url(tournament, f"{team.pk}/edit/"), {
        "name": "De Kezers", "player_1": "Anna de Vries", "person_1": str(anna.pk),
        "player_2": "Bram Jansen", "person_2": str(bram.pk), "number": "1"})
    assert [player.person for player in team.players.order_by("seat")] == [anna, bram]
    assert Tournament.objects.get().results_version > version
    director_client.post(team_url(tournament, f"{team.pk}/edit/"), {
        "name": "De Kezers", "player_1": "Carla Smit", "person_1": str(anna.pk),  # typed over: anna no more
        "player_2": "Bram Jansen", "person_2": str(bram.pk), "number": "1"})
    carla = Person.objects.get(name="Carla Smit")  # renamed to a name nobody has: she joins the register
    assert [player.person for player in team.players.order_by("seat")] == [carla, bram]


def test_editing_a_team_keeps_a_link_to_a_person_of_another_spelling(director_client, tournament, anna):
    """Linked by the import or a merge to Anna de Vries, registered as "Anna d. Vries": a change of club
    keeps her; typing another name over it (no script to clear the choice) does not."""
    team = register_teams(tournament, [TeamData(name="De Kezers", players=("Anna d. Vries", "Bram"),
                                                people=(anna.pk, None))])[0]
    edit = team_url(tournament, f"{team.pk}/edit/")
    data = {"name": "De Kezers", "player_1": "Anna d. Vries", "person_1": str(anna.pk), "player_2": "Bram",
            "club": "KC Noord", "number": "1"}
    assert director_client.post(edit, data).status_code == 302
    assert team.players.get(seat=1).person == anna
    director_client.post(edit, {**data, "player_1": "Carla Smit"})
    assert team.players.get(seat=1).person.name == "Carla Smit"
    assert team.players.get(seat=2).person is None, "Bram, unchanged and unlinked, is not added by an edit"


def test_an_individual_player_is_linked_too(director_client, anna):
    solo = Tournament.objects.create(name="Solo", slug="solo", date=datetime.date(2026, 5, 1), entry=Entry.INDIVIDUAL)
    form = text(director_client.get(team_url(solo), **EN))
    assert 'name="person_1"' in form and 'name="person_2"' not in form and 'data-person-field="id_person_1"' in form
    response = director_client.post(team_url(solo), {"name": "Anna de Vries", "person_1": str(anna.pk)})
    assert response.status_code == 302 and Player.objects.get().person == anna


# --- the Excel import ---------------------------------------------------------------------


def sheet(rows: list[list], headings=("Team name", "Player 1", "Member number 1", "Player 2", "Member number 2")):
    workbook = Workbook()
    workbook.active.append(list(headings))
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return SimpleUploadedFile("teams.xlsx", buffer.getvalue())


def upload(client, tournament, rows, **kwargs):
    return client.post(reverse("director:team_import", args=[tournament.slug]), {"file": sheet(rows, **kwargs)}, **EN)


def confirm(client, tournament, answers=None):
    return client.post(reverse("director:team_import_confirm", args=[tournament.slug]), answers or {}, **EN)


def test_the_import_asks_who_an_unsure_player_is(director_client, tournament, anna):
    zuid = person("Anna de Vries", club="Club Zuid")
    preview = upload(director_client, tournament, [["De Kezers", "anna de vries", None, "Bram Jansen", 77],
                                                   ["Pionnen", "Carla Smit", "1234", "Dirk Bos", None]])
    assert preview.status_code == 200
    shown = text(preview)
    assert escape("Who is anna de vries?") in shown and 'name="person-2-1"' in shown
    assert escape("Member number 1234 is Anna de Vries's in the register, not Carla Smit's.") in shown
    assert "New in the register" in shown

    before = state()
    refused = confirm(director_client, tournament, {"person-2-1": str(zuid.pk)})
    assert refused.status_code == 422
    assert escape("Row 3: choose who Carla Smit is.") in text(refused)
    assert f'value="{zuid.pk}" required checked' in text(refused), "the answers given are kept"
    assert state() == before
    assert f"team-import:{tournament.pk}" in director_client.session, "the preview waits for the answers"

    done = confirm(director_client, tournament, {"person-2-1": str(zuid.pk), "person-3-1": "new"})
    assert done.status_code == 302
    players = {player.name: player.person for player in Player.objects.select_related("person")}
    assert players["anna de vries"] == zuid
    assert players["Carla Smit"].member_number == "" and players["Carla Smit"].club is None
    assert players["Bram Jansen"].member_number == "77" and players["Dirk Bos"].name == "Dirk Bos"
    assert Person.objects.count() == 5, "Anna twice, and Bram, Carla and Dirk new"
    assert f"team-import:{tournament.pk}" not in director_client.session


def test_the_import_matches_by_member_number_first(director_client, tournament, anna):
    person("Anna de Vries")  # a namesake: the member number decides
    preview = upload(director_client, tournament, [["De Kezers", "Anna de Vries", 1234, "Bram Jansen", None]])
    assert escape("In the register by member number: Anna de Vries (KC Noord, 1234)") in text(preview)
    assert confirm(director_client, tournament).status_code == 302
    assert Player.objects.get(seat=1).person == anna


def test_the_import_without_member_numbers_still_links_everyone(director_client, tournament, anna):
    preview = upload(director_client, tournament, [[1, "De Kezers", "Anna de Vries", "Bram"]],
                     headings=("Team number", "Team name", "Player 1", "Player 2"))
    assert preview.status_code == 200 and "New in the register" in text(preview)
    assert confirm(director_client, tournament).status_code == 302
    assert [player.person.name for player in Player.objects.order_by("seat")] == ["Anna de Vries", "Bram"]
    assert Player.objects.get(seat=1).person == anna


def test_a_member_number_twice_in_the_sheet_is_refused(director_client, tournament):
    before = state()
    response = upload(director_client, tournament, [["A", "Anna", 5, "Bram", None], ["B", "Carla", None, "Dirk", 5]])
    assert response.status_code == 422
    assert escape("Row 3: member number 5 also appears in row 2; a member number is one person's.") in text(response)
    assert state() == before


def test_an_answer_not_offered_is_refused(director_client, tournament, anna):
    person("Anna de Vries")
    upload(director_client, tournament, [["De Kezers", "Anna de Vries", None, "Bram", None]])
    before = state()
    response = confirm(director_client, tournament, {"person-2-1": str(10**30)})
    assert response.status_code == 422
    assert escape("the answer for Anna de Vries is not one of the people offered") in text(response)
    assert state() == before


def test_an_individual_tournament_imports_a_member_number_per_player(director_client, anna):
    solo = Tournament.objects.create(name="Solo", slug="solo", date=datetime.date(2026, 5, 1), entry=Entry.INDIVIDUAL)
    preview = upload(director_client, solo, [["Anna de Vries", 1234, "KC Noord"], ["Bram Jansen", "", ""]],
                     headings=("Player", "Member number", "Club"))
    assert preview.status_code == 200, preview.context["result"].errors
    assert escape("In the register by member number: Anna de Vries (KC Noord, 1234)") in text(preview)
    assert confirm(director_client, solo).status_code == 302
    assert [player.person.name for player in Player.objects.order_by("team__number")] == ["Anna de Vries", "Bram Jansen"]


def test_a_person_removed_from_the_register_leaves_the_players(director_client, db):
    from people.models import Person
    from tournaments.models import Player, Team, Tournament

    tournament = Tournament.objects.create(name="Avond", slug="avond", date="2026-11-27")
    person = Person.objects.create(name="Eva Visser", member_number="12")
    team = Team.objects.create(tournament=tournament, number=1, name="Eva en Bo")
    Player.objects.create(team=team, seat=1, name="Eva Visser", person=person)
    asked = director_client.get(f"/director/people/{person.pk}/delete/", HTTP_ACCEPT_LANGUAGE="en")
    assert asked.status_code == 200 and "1 tournament keeps" in asked.content.decode()
    assert Person.objects.filter(pk=person.pk).exists()
    done = director_client.post(f"/director/people/{person.pk}/delete/")
    assert done.status_code == 302 and not Person.objects.filter(pk=person.pk).exists()
    player = Player.objects.get(team=team)
    assert player.name == "Eva Visser" and player.person is None


def test_removing_a_players_data_unlinks_the_person(db):
    from people.models import Person
    from tournaments.models import Player, Team, Tournament, TournamentStatus
    from tournaments.services.privacy import remove_personal_data

    tournament = Tournament.objects.create(name="Avond", slug="avond", date="2026-11-27",
                                           status=TournamentStatus.FINISHED)
    person = Person.objects.create(name="Eva Visser")
    team = Team.objects.create(tournament=tournament, number=1, name="Eva en Bo")
    player = Player.objects.create(team=team, seat=1, name="Eva Visser", person=person)
    remove_personal_data(player)
    player.refresh_from_db()
    assert player.person is None and player.name != "Eva Visser" and Person.objects.filter(pk=person.pk).exists()
