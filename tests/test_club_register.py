"""The tournament core's extension points below the club's apps (issue 32): the club's register of
people plugged in by ``people`` (the core works without one), the signal by which a merge of two
people reaches the competitions, and a tournament kept by another app's row (``on_delete=PROTECT``)
refused for deletion before its backup is written."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db.models import ProtectedError

from people import club_register as people_register
from people.models import Person
from seasons.models import Competition, Evening
from tournaments import club_register
from tournaments.forms import TeamForm
from tournaments.models import Team
from tournaments.services import lifecycle
from tournaments.services.teams import TeamData, register_teams

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def no_register(monkeypatch):
    """A site without a register of people: no app plugged one in."""
    monkeypatch.setattr(club_register, "_register", None)


def test_the_people_app_plugs_its_register_in():
    assert isinstance(club_register.club_register(), people_register.Register)


def test_the_team_form_links_a_person_through_the_register(tournament):
    anna = Person.objects.create(name="Anna de Vries")
    form = TeamForm({"name": "De Kezers", "player_1": "Anna de Vries", "player_2": "Bram Jansen"},
                    tournament=tournament)
    assert form.is_valid(), form.errors
    assert form.team_data().people == (anna.pk, None)
    assert form.fields["player_1"].widget.attrs["data-person-suggest"] == "/director/people/suggest/"


def test_without_a_register_the_team_form_suggests_and_links_no_one(tournament, no_register):
    Person.objects.create(name="Anna de Vries")
    form = TeamForm({"name": "De Kezers", "player_1": "Anna de Vries", "player_2": "Bram Jansen", "person_1": "7"},
                    tournament=tournament)
    assert "data-person-suggest" not in form.fields["player_1"].widget.attrs
    assert form.is_valid(), form.errors
    assert form.team_data() == TeamData(name="De Kezers", players=("Anna de Vries", "Bram Jansen"))


def test_without_a_register_the_excel_import_registers_the_teams_as_given(tournament, director_client,
                                                                         no_register):
    from tests.test_excel_teams import GOOD_ROWS, post_confirm, post_upload, sheet_upload

    Person.objects.create(name="Anna de Vries")
    preview = post_upload(director_client, tournament, sheet_upload(GOOD_ROWS))
    assert preview.status_code == 200 and preview.context["preview"] is None
    assert post_confirm(director_client, tournament).status_code == 302
    assert Team.objects.filter(tournament=tournament).count() == 3
    assert not tournament.teams.filter(players__person__isnull=False).exists()


def evening_of(tournament) -> Evening:
    competition = Competition.objects.create(name="Clubcompetitie", slug="clubcompetitie")
    return Evening.objects.create(competition=competition, number=2, tournament=tournament)


def test_an_evening_keeps_its_tournament_and_no_backup_is_written(tournament, settings):
    evening_of(tournament)
    with pytest.raises(ValidationError) as refused:
        lifecycle.delete_tournament(tournament, tournament.slug)
    assert refused.value.messages == [f"“{tournament.name}” is evening 2 of the competition “Clubcompetitie”: "
                                      "remove it there first; nothing was deleted."]
    assert not list(settings.BACKUP_DIR.rglob("*before-delete*"))
    with pytest.raises(ProtectedError):  # the database's own protection, whoever deletes
        tournament.delete()


def test_a_keeper_found_only_on_delete_is_refused_in_its_words(tournament, monkeypatch, settings):
    evening_of(tournament)
    monkeypatch.setattr(lifecycle, "_keeper", lambda tournament: None)  # as if the evening came just after
    written = []
    backup_now = lifecycle.backups.backup_now
    monkeypatch.setattr(lifecycle.backups, "backup_now", lambda *args, **kwargs: written.append(
        backup_now(*args, **kwargs)) or written[-1])
    with pytest.raises(ValidationError, match="is evening 2 of the competition “Clubcompetitie”"):
        lifecycle.delete_tournament(tournament, tournament.slug)
    assert type(tournament).objects.filter(pk=tournament.pk).exists()
    assert len(written) == 1 and "before-delete" in written[0].name  # written, then removed: nothing was deleted
    assert not written[0].exists() and not list(settings.BACKUP_DIR.rglob("*before-delete*"))


def test_a_merge_moves_the_excused_evenings_by_signal(tournament):
    from people.merging import merge_people, preview
    from seasons.models import Excused

    keep, other = Person.objects.create(name="Anna de Vries"), Person.objects.create(name="Anna d. Vries")
    register_teams(tournament, [TeamData(name="A", players=("Anna d. Vries", "X"), people=(other.pk, None))])
    evening = evening_of(tournament)
    Excused.objects.create(competition=evening.competition, evening=1, person=other)
    assert preview(keep, other).excused == 1
    merge_people(keep, other)
    assert list(Excused.objects.values_list("person_id", flat=True)) == [keep.pk]


def test_a_deleted_person_leaves_no_name_or_id_in_an_evenings_stored_places(tournament):
    """AVG/GDPR: the competitions' app forgets the places on the register's signal, without the
    competition being opened (the places were taken at the tournament's current results version)."""
    from people.merging import delete_person

    anna = Person.objects.create(name="Anna de Vries")
    register_teams(tournament, [TeamData(name="A", players=("Anna de Vries", "X"), people=(anna.pk, None))])
    evening = evening_of(tournament)
    tournament.refresh_from_db()
    Evening.objects.filter(pk=evening.pk).update(
        places={"after_round": 1, "places": [[1, 10, [[anna.pk, "Anna de Vries"], [None, "X"]], "A"]]},
        places_version=tournament.results_version)

    assert delete_person(anna) == [tournament.pk]

    stored = Evening.objects.values_list("places", flat=True).get(pk=evening.pk)
    assert "Anna de Vries" not in str(stored) and f"[{anna.pk}," not in str(stored)
