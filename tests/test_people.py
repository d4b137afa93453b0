"""The club's register of people: matching (accents, case, apostrophes, member numbers first, what is
unsure), the links a team form makes, the people an Excel import adds, merging, and a person's results.

Real database, nothing of our own mocked. Refusals are checked to write nothing: every row of the
register, the players' links and the excused evenings compared before and after.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from people.history import results_of, tournaments_played
from people.imports import NEW, ImportRow, people_for_import, preview_people
from people.matching import link_seats, match_players, search_people, suggestions
from people.merging import merge_people, merge_problem, preview
from people.models import Person
from seasons.models import Competition, Evening, Excused
from tournaments.models import Club, Player, Table, Tournament
from tournaments.names import clean_member_number
from tournaments.services.results import record_result
from tournaments.services.standings import standings
from tournaments.services.teams import TeamData, register_teams
from tournaments.services.tournament_file import import_file

pytestmark = pytest.mark.usefixtures("english")


def person(name: str, number: str = "", club: str = "", **fields) -> Person:
    return Person.objects.create(name=name, member_number=number,
                                 club=Club.objects.get_or_create(name=club)[0] if club else None, **fields)


def register_state() -> tuple:
    """Everything a refused action must leave as it was."""
    return (list(Person.objects.order_by("pk").values_list()),
            list(Player.objects.order_by("pk").values_list("pk", "name", "person_id")),
            list(Excused.objects.order_by("pk").values_list()),
            list(Tournament.objects.order_by("pk").values_list("pk", "results_version")),
            list(Evening.objects.order_by("pk").values_list("pk", "places_version")))


def seat(team_name: str, tournament: Tournament, number: int = 1) -> Player:
    return Player.objects.get(team__tournament=tournament, team__name=team_name, seat=number)


# --- searching and suggestions --------------------------------------------------------------


@pytest.mark.parametrize("query, found", [
    ("zoe ozdemir", ["Zoë Özdemir"]),
    ("ZOË", ["Zoë Özdemir"]),
    ("t hooft", ["Kees ’t Hooft"]),
    ("'t hooft", ["Kees ’t Hooft"]),
    ("hooft kees", ["Kees ’t Hooft"]),
    ("1234", ["Anna de Vries"]),
    ("kc noord", ["Anna de Vries", "Kees ’t Hooft"]),
    ("anna@example", ["Anna de Vries"]),
    ("nobody", []),
], ids=["accents", "case", "curly apostrophe", "straight apostrophe", "any order", "member number", "club",
        "e-mail", "no one"])
def test_search_is_accent_case_and_apostrophe_blind(db, query, found):
    person("Zoë Özdemir", club="Club Zuid")
    person("Kees ’t Hooft", club="KC Noord")
    person("Anna de Vries", "1234", "KC Noord", email="anna@example.org")
    assert [found.name for found in search_people(query)] == found


def test_search_without_words_lists_everyone_in_name_order(db):
    for name in ("Zoë Özdemir", "’t Hooft", "Anna de Vries", "bram"):
        person(name)
    assert [found.name for found in search_people("")] == ["Anna de Vries", "bram", "’t Hooft", "Zoë Özdemir"]


def test_suggestions_need_two_letters_and_show_at_most_eight(db):
    for n in range(12):
        person(f"Speler {n:02d}", str(100 + n), "KC Noord")
    assert suggestions("s") == []
    found = suggestions("speler")
    assert len(found) == 8
    assert found[0] == {"id": Person.objects.get(name="Speler 00").pk, "name": "Speler 00", "club": "KC Noord",
                        "member_number": "100", "label": "Speler 00 (KC Noord, 100)"}


@pytest.mark.parametrize("value, cleaned", [(1234, "1234"), (1234.0, "1234"), ("  NL 12  34 ", "NL 12 34"),
                                            (None, ""), (True, ""), ("", "")])
def test_member_numbers_are_read_one_way(value, cleaned):
    assert clean_member_number(value) == cleaned


# --- matching: member number first, then the name ----------------------------------------


def test_a_name_matches_whatever_its_accents_case_and_apostrophes(db):
    zoe = person("Zoë ’t Hooft")
    matched = match_players([("ZOE 't hooft", ""), ("Zoe  T  Hooft", "")]).matches
    assert matched[0].person == zoe.pk and matched[0].how == "name"
    assert matched[1].unsure, "the same person twice in one tournament is asked"


def test_the_member_number_comes_before_the_name(db):
    numbered = person("Anna de Vries", "100")
    person("Anna de Vries")  # a namesake: by name alone this would be unsure
    match = match_players([("anna de vries", "100")]).matches[0]
    assert (match.person, match.how, match.unsure) == (numbered.pk, "member", False)


def test_a_member_number_of_another_name_is_unsure(db):
    owner = person("Bram Jansen", "100")
    named = person("Anna de Vries")
    match = match_players([("Anna de Vries", "100")]).matches[0]
    assert match.unsure and match.person is None
    assert match.candidates == (owner.pk, named.pk)
    assert match.reason == "Member number 100 is Bram Jansen's in the register, not Anna de Vries's."


def test_several_people_of_one_name_are_unsure(db):
    first, second = person("Anna de Vries", club="KC Noord"), person("Anna de Vries", club="Club Zuid")
    match = match_players([("anna de vries", "")]).matches[0]
    assert match.unsure and match.candidates == (first.pk, second.pk)
    assert match.reason == "2 people of the register are called anna de vries."


def test_the_one_person_of_a_name_with_another_member_number_is_unsure(db):
    anna = person("Anna de Vries", "200")
    match = match_players([("Anna de Vries", "100")]).matches[0]
    assert match.unsure and match.candidates == (anna.pk,)
    assert match.reason == "Anna de Vries has member number 200 in the register; the file says 100."


def test_the_one_person_of_a_name_without_member_number_is_found_and_gets_it(db):
    anna = person("Anna de Vries")
    match = match_players([("Anna de Vries", "100")]).matches[0]
    assert (match.person, match.how, match.adds_member_number) == (anna.pk, "name", True)


def test_no_one_of_the_name_or_number_is_a_new_person(db):
    person("Anna de Vries", "100")
    match = match_players([("Bram Jansen", "")]).matches[0]
    assert (match.person, match.how, match.unsure) == (None, "new", False)


def test_a_person_playing_in_the_tournament_already_is_asked(db):
    anna = person("Anna de Vries", "100")
    match = match_players([("Anna de Vries", "100")], taken={anna.pk}).matches[0]
    assert match.unsure and match.candidates == (anna.pk,)
    assert "already plays in this tournament" in match.reason


def test_matching_reads_two_queries_whatever_the_number_of_players(db):
    for n in range(30):
        person(f"Speler {n}", str(n))
    players = [(f"Speler {n}", str(n) if n % 2 else "") for n in range(60)]
    with CaptureQueriesContext(connection) as queries:
        matched = match_players(players).matches
    assert len(queries.captured_queries) == 2
    assert [match.how for match in matched[:4]] == ["name", "member", "name", "member"]
    assert matched[45].how == "new"


# --- the team form's links ----------------------------------------------------------------


def test_a_chosen_person_counts_while_the_name_is_theirs(tournament):
    first, second = person("Anna de Vries", "1"), person("Anna de Vries", "2")
    links = link_seats(["anna de vries", "Anna de Vries"], [second.pk, first.pk], tournament_id=tournament.pk)
    assert links.people == (second.pk, first.pk) and links.problems == {}
    typed_over = link_seats(["Anna de Visser", "Bram"], [second.pk, None], tournament_id=tournament.pk)
    assert typed_over.people == (None, None) and typed_over.problems == {}


def test_a_typed_name_links_only_the_one_person_of_that_name(tournament):
    zoe = person("Zoë Özdemir")
    person("Anna de Vries"), person("Anna de Vries")
    links = link_seats(["zoe ozdemir", "Anna de Vries"], [None, None], tournament_id=tournament.pk)
    assert links.people == (zoe.pk, None) and links.problems == {}


def test_a_chosen_person_who_plays_already_or_is_gone_is_a_problem(tournament):
    anna = person("Anna de Vries")
    register_teams(tournament, [TeamData(name="De Kezers", players=("Anna de Vries", "Bram"), people=(anna.pk, None))])
    links = link_seats(["Anna de Vries", "Carla"], [anna.pk, 999_999], tournament_id=tournament.pk)
    assert links.people == (None, None)
    assert links.problems[0] == ("This person of the register already plays in this tournament, in De Kezers (1); "
                                 "a person holds one place in a tournament.")
    assert "not there any more" in links.problems[1]
    # Typed, not chosen: a namesake, left unlinked without a problem; Carla, whom nobody is, is new.
    assert link_seats(["Anna de Vries", "Carla"], [None, None], tournament_id=tournament.pk) == \
        type(links)((None, None), {}, (False, True))
    # Her own team, edited: she may stay.
    team = tournament.teams.get()
    assert link_seats(["Anna de Vries", "Bram"], [anna.pk, None], tournament_id=tournament.pk,
                      team_id=team.pk).people == (anna.pk, None)


# --- the Excel import's people ------------------------------------------------------------


def rows(*teams: tuple[str, str, str, str, str]) -> list[ImportRow]:
    """(team, player 1, member 1, player 2, member 2) → the rows of a sheet from row 2."""
    return [ImportRow(number, TeamData(name=team, players=(one, two), club="KC Noord"), (m1, m2))
            for number, (team, one, m1, two, m2) in enumerate(teams, start=2)]


def test_the_import_asks_when_unsure_and_writes_nothing_unanswered(tournament):
    person("Anna de Vries", club="KC Noord"), person("Anna de Vries", club="Club Zuid")
    sheet = rows(("De Kezers", "Anna de Vries", "", "Bram Jansen", "77"))
    shown = preview_people(tournament, sheet)
    question = shown[0].players[0]
    assert question.match.unsure and question.field == "person-2-1"
    assert [label for _value, label in question.choices] == [
        "Anna de Vries (KC Noord)", "Anna de Vries (Club Zuid)", "A new person: Anna de Vries"]
    assert shown[0].players[1].match.how == "new"
    before = register_state()
    assert people_for_import(tournament, sheet, {}) == ([], ["Row 2: choose who Anna de Vries is."])
    assert people_for_import(tournament, sheet, {"person-2-1": "12345"})[1] == [
        "Row 2: the answer for Anna de Vries is not one of the people offered; the register may have changed. "
        "Choose again."]
    assert register_state() == before


def test_the_import_links_the_answer_and_creates_the_new_people(tournament):
    zuid = person("Anna de Vries", club="Club Zuid")
    person("Anna de Vries", club="KC Noord")
    bram = person("Bram Jansen")
    sheet = rows(("De Kezers", "Anna de Vries", "", "bram jansen", "77"),
                 ("Pionnen", "Carla Smit", "88", "Anna de Vries", ""))
    teams, problems = people_for_import(tournament, sheet, {"person-2-1": str(zuid.pk), "person-3-2": NEW})
    assert problems == []
    carla, new_anna = Person.objects.get(name="Carla Smit"), Person.objects.order_by("-pk")[0]
    assert teams[0].people == (zuid.pk, bram.pk) and teams[1].people == (carla.pk, new_anna.pk)
    assert (carla.member_number, carla.club.name, new_anna.name, new_anna.member_number) == ("88", "KC Noord",
                                                                                               "Anna de Vries", "")
    bram.refresh_from_db()
    assert bram.member_number == "77", "found by name, the sheet's member number is added"


def test_a_new_person_never_takes_a_member_number_that_is_someone_elses(tournament):
    person("Bram Jansen", "100")
    sheet = rows(("De Kezers", "Anna de Vries", "100", "Carla", ""))
    question = preview_people(tournament, sheet)[0].players[0]
    assert question.choices[-1] == (NEW, "A new person, without member number 100 (it stays Bram Jansen's)")
    teams, problems = people_for_import(tournament, sheet, {"person-2-1": NEW})
    assert problems == [] and Person.objects.get(pk=teams[0].people[0]).member_number == ""


def test_the_import_refuses_a_person_in_two_places_of_the_tournament(tournament):
    anna = person("Anna de Vries")
    register_teams(tournament, [TeamData(name="Oud", players=("Anna de Vries", "X"), people=(anna.pk, None))])
    sheet = rows(("De Kezers", "Anna de Vries", "", "Bram", ""))
    before = register_state()
    teams, problems = people_for_import(tournament, sheet, {"person-2-1": str(anna.pk)})
    assert teams == [] and problems == ["Row 2: Anna de Vries is linked to a person who already plays in this "
                                        "tournament; choose another person or a new one."]
    assert register_state() == before


# --- merging ------------------------------------------------------------------------------


@pytest.fixture
def season(db):
    """Two tournaments, evenings 1 and 2 of a competition, with places taken."""
    competition = Competition.objects.create(name="Clubcompetitie", slug="clubcompetitie")
    first = Tournament.objects.create(name="Avond 1", slug="avond-1", date=datetime.date(2026, 1, 9))
    second = Tournament.objects.create(name="Avond 2", slug="avond-2", date=datetime.date(2026, 2, 13))
    for number, tournament in enumerate((first, second), start=1):
        Evening.objects.create(competition=competition, number=number, tournament=tournament,
                               places={"after_round": 0, "places": []}, places_version=0)
    return competition, first, second


def test_a_person_merged_into_themselves_is_refused_and_nothing_written(season):
    anna = person("Anna de Vries", "100")
    before = register_state()
    assert merge_problem(anna, anna) == "A person cannot be merged into themselves: choose two different people."
    with pytest.raises(ValidationError, match="cannot be merged into themselves"):
        merge_people(anna, Person.objects.get(pk=anna.pk))
    assert register_state() == before


def test_two_people_of_one_tournament_are_not_merged(season):
    _competition, first, _second = season
    anna, annie = person("Anna de Vries"), person("Annie de Vries")
    register_teams(first, [TeamData(name="A", players=("Anna de Vries", "X"), people=(anna.pk, None)),
                           TeamData(name="B", players=("Annie de Vries", "Y"), people=(annie.pk, None))])
    before = register_state()
    with pytest.raises(ValidationError) as refused:
        merge_people(anna, annie)
    assert refused.value.messages == ["Anna de Vries and Annie de Vries both play in “Avond 1”: merged, one person "
                                      "would hold two places there. If they are one person, correct the player of "
                                      "that tournament first."]
    assert register_state() == before


def test_a_merge_moves_players_and_excused_evenings_and_fills_empty_fields(season):
    competition, first, second = season
    keep = person("Anna de Vries", email="anna@example.org")
    other = person("Anna d. Vries", "100", "KC Noord", email="other@example.org", ref="p-anna")
    register_teams(first, [TeamData(name="A", players=("Anna de Vries", "X"), people=(keep.pk, None))])
    register_teams(second, [TeamData(name="B", players=("Anna d. Vries", "Y"), people=(other.pk, None))])
    Excused.objects.create(competition=competition, evening=1, person=other)
    Excused.objects.create(competition=competition, evening=2, person=keep)  # excused as both on evening 2 …
    Excused.objects.create(competition=competition, evening=2, person=other)  # … stays excused once
    versions = dict(Tournament.objects.values_list("pk", "results_version"))
    shown = preview(keep, other)
    assert shown.taken == {"member_number": "100", "ref": "p-anna", "club": other.club}
    assert shown.lost == {"email": "other@example.org", "name": "Anna d. Vries"}
    assert [tournament.name for tournament in shown.tournaments] == ["Avond 2"] and shown.excused == 2

    merge_people(keep, other)

    assert not Person.objects.filter(pk=other.pk).exists()
    keep.refresh_from_db()
    assert (keep.name, keep.member_number, keep.email, keep.ref, keep.club.name) == (
        "Anna de Vries", "100", "anna@example.org", "p-anna", "KC Noord")
    assert set(Player.objects.filter(person=keep).values_list("team__tournament__name", flat=True)) == {
        "Avond 1", "Avond 2"}
    assert sorted(Excused.objects.values_list("evening", "person_id")) == [(1, keep.pk), (2, keep.pk)]
    assert all(version > versions[pk] for pk, version in Tournament.objects.values_list("pk", "results_version"))
    assert list(Evening.objects.values_list("places", "places_version")) == [(None, None), (None, None)]


def test_a_merge_keeps_the_kept_persons_values(db):
    keep = person("Anna de Vries", "1", "KC Noord", email="a@example.org", ref="p-a")
    other = person("Anna de Vries", "2", "Club Zuid", email="b@example.org", ref="p-b")
    merge_people(keep, other)
    keep.refresh_from_db()
    assert (keep.member_number, keep.email, keep.ref, keep.club.name) == ("1", "a@example.org", "p-a", "KC Noord")


# --- a person's results -------------------------------------------------------------------


def cup(slug: str, system: str = "pawn-order", practice: bool = False) -> Tournament:
    data = {
        "format": "keezen-tournament", "version": 1, "name": slug, "date": "2026-11-21", "scoring": system,
        "rounds": 2, "seed": 7,
        "teams": [{"id": key, "name": name, "players": [f"{name} A", f"{name} B"]}
                  for key, name in {"T1": "De Kezers", "T2": "Pionnen", "T3": "Boeren", "T4": "Harten"}.items()],
        "tables": [{"round": 1, "table": 1, "teams": ["T1", "T2"], "arrivals": ["T1", "T2", "T1"]}
                   if system == "pawn-order" else
                   {"round": 1, "table": 1, "teams": ["T1", "T2"], "home": {"T1": [[4, 3], [1]], "T2": [[2], []]}},
                   {"round": 1, "table": 2, "teams": ["T3", "T4"]}],
    }
    tournament = import_file(data)
    if practice:
        Tournament.objects.filter(pk=tournament.pk).update(practice=True, hidden=True)
        tournament.refresh_from_db()
    return tournament


def test_a_persons_results_are_the_standings_places(db):
    anna = person("Anna de Vries")
    teams_day, per_player_day = cup("teams-day"), cup("players-day", "individual-11")
    practice = cup("practice", practice=True)
    Player.objects.filter(team__tournament__in=[teams_day, practice], team__name="Pionnen", seat=2).update(person=anna)
    Player.objects.filter(team__tournament=per_player_day, team__name="De Kezers", seat=1).update(person=anna)
    Tournament.objects.filter(pk=per_player_day.pk).update(date=datetime.date(2026, 12, 1))
    record_result(Table.objects.get(round__tournament=teams_day, number=2), {"arrivals": [0, 0, 1]}, reason="")

    found = results_of(anna)

    assert [result.tournament.slug for result in found] == ["players-day", "teams-day"], "practice runs left out"
    players, teams = found
    assert (players.team, players.partners, players.place, players.places, players.points) == (
        "De Kezers", ("De Kezers B",), 1, 8, 7)
    pionnen = next(row for row in standings(teams_day).rows if row.team.name == "Pionnen")
    assert (teams.team, teams.partners, teams.name, teams.place, teams.places, teams.points) == (
        "Pionnen", ("Pionnen A",), "Pionnen B", pionnen.rank, 4, pionnen.points)
    assert pionnen.rank > 1 and pionnen.points > 0
    assert tournaments_played([anna.pk]) == {anna.pk: 2}


def test_a_person_without_a_counted_round_has_no_place(tournament):
    anna = person("Anna de Vries")
    register_teams(tournament, [TeamData(name="A", players=("Anna de Vries", "X"), people=(anna.pk, None))])
    [result] = results_of(anna)
    assert (result.place, result.points, result.places) == (None, None, 1)
