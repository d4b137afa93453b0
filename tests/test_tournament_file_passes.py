"""The team pass in the tournament file (``team_details[].pass``, docs/tournament-file.md): a restore
— over the tournament, or on a second laptop — keeps every team's pass, so the links on the phones
keep opening ``/p/<token>/``; a copy, and a file written before the pass, give every team a new one;
a file in which two teams share a pass, or whose pass a team of another tournament here holds, is
refused naming the teams, with nothing written."""

from __future__ import annotations

import copy
import datetime
import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.conftest import new_teams, new_tournament
from tournaments.models import Table, Team, Tournament
from tournaments.services.draft import publish
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round
from tournaments.services.team_passes import replace_pass
from tournaments.services.teams import TeamData, register_teams, set_checked_in
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    copy_file,
    dumps,
    export_file,
    import_file,
    restore_file,
)

pytestmark = pytest.mark.usefixtures("english")


@pytest.fixture
def day(db) -> Tournament:
    """Six teams, round 1 drawn and published, two teams checked in."""
    tournament = new_tournament()
    teams = new_teams(tournament, 6)
    for team in teams[:2]:
        set_checked_in(team, True)
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    return tournament


def passes(tournament: Tournament) -> dict[int, str]:
    """Each team's pass by its number."""
    return dict(Team.objects.filter(tournament=tournament).values_list("number", "pass_token"))


def file_passes(data: dict) -> dict[int, str]:
    return {entry["number"]: entry["pass"] for entry in data["team_details"]}


def opens(client, tournament: Tournament) -> None:
    """Every team's pass opens its own page."""
    for team in Team.objects.filter(tournament=tournament):
        page = client.get(f"/p/{team.pass_token}/", HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200 and team.name in page.content.decode()


def counts() -> tuple[int, ...]:
    return Tournament.objects.count(), Team.objects.count(), Table.objects.count()


def backups_written(folder) -> list:
    """The backups in ``folder`` (the director's pending uploads wait in its ``.uploads``)."""
    return [path for path in folder.rglob("*.json") if ".uploads" not in path.parts]


def same_day(data: dict) -> str:
    return dumps({key: value for key, value in data.items() if key != "exported_at"})


def upload(director_client, text: str):
    """The director uploads a file on "Restore a tournament"."""
    return director_client.post("/director/restore/", {"file": SimpleUploadedFile("day.json", text.encode())},
                                HTTP_ACCEPT_LANGUAGE="en")


def choose(director_client, uploaded, choice: str):
    """… and chooses to restore over the tournament that is here, or to import a copy."""
    return director_client.post("/director/restore/", {"pending": uploaded.context["pending"], "choice": choice},
                                HTTP_ACCEPT_LANGUAGE="en")


def test_the_export_writes_each_team_pass(day):
    data = export_file(day)
    assert file_passes(data) == passes(day)
    assert len(set(file_passes(data).values())) == 6
    assert export_file(day, version=1).get("team_details") is None  # version 1 stays as it was


def test_a_restore_over_the_tournament_keeps_every_pass(day, client, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    before = passes(day)
    data = json.loads(dumps(export_file(day)))
    restored = restore_file(data)
    assert restored.pk != day.pk and passes(restored) == before
    assert same_day(export_file(restored)) == same_day(data)
    opens(client, restored)


def test_the_second_laptop_keeps_every_pass(day, client):
    """An empty database (the tournament is not there): restore and import keep the passes alike."""
    before = passes(day)
    text = dumps(export_file(day))
    day.delete()
    restored = restore_file(json.loads(text))
    assert passes(restored) == before
    opens(client, restored)
    restored.delete()
    imported = import_file(json.loads(text))
    assert passes(imported) == before and not imported.name.endswith("(copy)")
    assert same_day(export_file(imported)) == same_day(json.loads(text))


def test_the_restore_command_and_the_director_keep_the_passes(day, client, director_client, tmp_path, settings):
    from django.core.management import call_command

    settings.BACKUP_DIR = tmp_path / "backups"
    before = passes(day)
    text = dumps(export_file(day))
    (tmp_path / "day.json").write_text(text, encoding="utf-8")
    call_command("restore_tournament", str(tmp_path / "day.json"), stdout=StringIO())
    assert passes(Tournament.objects.get(slug=day.slug)) == before
    uploaded = upload(director_client, text)
    assert uploaded.status_code == 200
    assert choose(director_client, uploaded, "restore").status_code == 302
    restored = Tournament.objects.get(slug=day.slug)
    assert passes(restored) == before
    opens(client, restored)


def test_a_pass_replaced_after_the_backup_is_the_files_again_after_the_restore(day, client, tmp_path, settings):
    """The file is the day as it was: a pass replaced since opens nothing after the restore, the file's does."""
    settings.BACKUP_DIR = tmp_path
    data = export_file(day)
    team = Team.objects.get(tournament=day, number=1)
    old = team.pass_token
    new = replace_pass(team).pass_token
    restored = restore_file(data)
    assert passes(restored)[1] == old
    assert client.get(f"/p/{old}/").status_code == 200
    assert client.get(f"/p/{new}/").status_code == 404


def test_a_copy_gets_new_passes(day, client, director_client, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    data = export_file(day)
    original = set(file_passes(data).values())
    copied = copy_file(copy.deepcopy(data))
    assert len(set(passes(copied).values())) == 6 and original.isdisjoint(passes(copied).values())
    assert passes(day) == file_passes(data)  # the original keeps its own
    imported = import_file(copy.deepcopy(data))  # its tournament is here: it comes in as a copy
    assert imported.name.endswith("(copy)") and original.isdisjoint(passes(imported).values())
    assert choose(director_client, upload(director_client, dumps(data)), "copy").status_code == 302
    everything = list(Team.objects.values_list("pass_token", flat=True))
    assert len(everything) == 4 * 6 and len(set(everything)) == len(everything)
    for tournament in Tournament.objects.all():
        opens(client, tournament)


def test_a_file_without_passes_gives_new_ones(day, client):
    data = json.loads(dumps(export_file(day)))
    before = passes(day)
    for entry in data["team_details"]:
        del entry["pass"]
    day.delete()
    restored = restore_file(copy.deepcopy(data))
    after = passes(restored)
    assert len(set(after.values())) == 6 and set(after.values()).isdisjoint(before.values())
    opens(client, restored)


def test_a_file_with_some_passes_keeps_those_and_gives_the_others_new_ones(day):
    data = json.loads(dumps(export_file(day)))
    before = passes(day)
    del data["team_details"][2]["pass"]  # team 3
    day.delete()
    after = passes(restore_file(data))
    assert {n: t for n, t in after.items() if n != 3} == {n: t for n, t in before.items() if n != 3}
    assert after[3] != before[3] and after[3] not in before.values()


def test_an_individual_tournament_keeps_each_players_pass(db, client):
    solo = Tournament.objects.create(name="Solo Cup", slug="solo-cup", date=datetime.date(2026, 11, 21),
                                     entry="individual", seed=17)
    register_teams(solo, [TeamData(name=f"Speler {n}", players=(f"Speler {n}",)) for n in range(1, 9)])
    round_ = add_round(solo)
    pair_round(round_)
    publish(round_)
    data = export_file(solo)
    assert data["team_details"][0]["team"] == "P1" and file_passes(data) == passes(solo)
    before = passes(solo)
    solo.delete()
    restored = restore_file(json.loads(dumps(data)))
    assert passes(restored) == before
    opens(client, restored)
    edited = json.loads(dumps(data))
    edited["team_details"][4]["pass"] = edited["team_details"][1]["pass"]
    restored.delete()
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(edited)
    assert "player P5: its pass is also the pass of player P2" in raised.value.errors


def refused(write, data) -> list[str]:
    with pytest.raises(InvalidTournamentFile) as raised:
        write(data)
    return raised.value.errors


def test_two_teams_with_one_pass_are_refused_with_nothing_written(day, director_client, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    data = export_file(day)
    data["team_details"][3]["pass"] = data["team_details"][0]["pass"]  # T4 has T1's pass
    before, own = counts(), passes(day)
    for write in (import_file, restore_file, copy_file):  # a copy is refused too: the file is damaged
        assert "team T4: its pass is also the pass of team T1" in refused(write, copy.deepcopy(data))
    response = upload(director_client, dumps(data))
    assert response.status_code == 422
    assert "team T4: its pass is also the pass of team T1" in response.content.decode()
    assert counts() == before and passes(day) == own
    assert not backups_written(tmp_path), "nothing happens on a refusal, not even the backup before a restore"


def test_a_pass_of_another_tournament_here_is_refused(day, director_client, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path
    other = new_tournament(name="Klaverjas Avond", slug="avond")
    register_teams(other, [TeamData(name="De Harten", players=("Anna", "Bram")),
                           TeamData(name="De Ruiten", players=("Cor", "Dirk"))])
    theirs = Team.objects.get(tournament=other, name="De Ruiten").pass_token
    data = export_file(day)
    data["team_details"][1]["pass"] = theirs  # T2, "Team 2", now holds the pass of "De Ruiten"
    before, own = counts(), passes(day)
    message = ("team T2, “Team 2”: its pass is the pass of “De Ruiten” (number 2) of “Klaverjas Avond” here; "
               "restore into another database or import it as a copy")
    assert refused(restore_file, copy.deepcopy(data)) == [message]  # over the tournament it is of
    chosen = choose(director_client, upload(director_client, dumps(data)), "restore")
    assert chosen.status_code == 422 and "“De Ruiten” (number 2) of “Klaverjas Avond”" in chosen.content.decode()
    assert counts() == before and passes(day) == own
    assert not backups_written(tmp_path), "refused before the backup of the tournament replaced"
    day.delete()  # the second laptop, where another tournament holds the pass: refused as well
    before = counts()
    assert refused(import_file, copy.deepcopy(data)) == [message]
    assert refused(restore_file, copy.deepcopy(data)) == [message]
    assert counts() == before
    copied = copy_file(copy.deepcopy(data))  # a copy gets new passes: nothing to refuse
    assert theirs not in passes(copied).values()
    assert Team.objects.get(pass_token=theirs).tournament == other


def test_a_pass_of_the_wrong_kind_is_refused(day):
    data = export_file(day)
    before = counts()
    for bad, shown in (("short", '"short"'), ("x" * 33, None), ("with spaces in the pass!", None),
                       (None, "null"), (12345678901234567890, None), ("", None)):
        edited = copy.deepcopy(data)
        edited["team_details"][0]["pass"] = bad
        errors = refused(import_file, edited)
        assert any(error.startswith('team_details[0]: "pass" must be') for error in errors), errors
        if shown is not None:
            assert any(shown in error for error in errors), errors
    edited = copy.deepcopy(data)
    edited["team_details"][0]["pass"] = "short"
    assert ('team_details[0]: "pass" must be a private link of 16 to 32 letters, digits, hyphens and underscores, '
            'not "short"') in refused(import_file, edited)
    assert counts() == before
