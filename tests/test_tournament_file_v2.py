"""Version 2 of the tournament file: the whole running day survives export → import, a restore
over the tournament or a copy beside it, and every damaged file is refused with nothing written."""

from __future__ import annotations

import copy
import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from tests.conftest import new_director, new_teams, new_tournament
from tournaments.models import Result, ResultState, Ruling, Table, TableSeat, Team, Tournament
from tournaments.services import table_entry
from tournaments.services.pairing import pair_round, teams_to_draw
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round, add_table
from tournaments.services.standings import set_frozen, standings_json
from tournaments.services.teams import set_checked_in, set_withdrawn
from tournaments.services.tournament_file import (
    InvalidTournamentFile,
    dumps,
    export_file,
    import_file,
    restore_file,
)
from tournaments.services.tournament_file.writing import copy_file


pytestmark = pytest.mark.usefixtures("english")


def same_day(data: dict) -> str:
    """The file's text without the moment it was written: what a round trip must keep byte for byte."""
    return dumps({key: value for key, value in data.items() if key != "exported_at"})


def seats(table: Table) -> list[TableSeat]:
    return list(table.seats.order_by("position"))


def _build_day() -> int:
    """Round 1 played with every kind of sheet, a withdrawal, check-ins, a freeze, a ruling; round 2
    drawn: the tournament of conftest's ``tournament`` fixture, its teams of ``make_teams`` and the
    ``director`` who entered and ruled. Returns the tournament's key."""
    from tournaments.services.draft import publish

    tournament = new_tournament()
    director = new_director()
    new_teams(tournament, 9)  # odd: one team gets a bye
    round_ = add_round(tournament)
    pair_round(round_)
    publish(round_)
    tables = list(round_.tables.order_by("number"))
    assert len(tables) == 4
    first, second, third, fourth = tables
    record_result(first, {"arrivals": [0, 1, 0, 0, 1]}, user=director)  # entered at the desk
    table_entry.submit(second, 1, {"arrivals": [0, 0, 1]})  # submitted, never confirmed
    table_entry.submit(third, 1, {"arrivals": [1, 1, 1]})
    table_entry.dispute(third, seats(third)[1].code, note="they counted wrong")  # disputed
    table_entry.submit(fourth, 2, {"arrivals": [1, 0]})
    table_entry.confirm(fourth, seats(fourth)[0].code)  # confirmed …
    record_result(fourth, {"arrivals": [1, 0, 0]}, user=director, reason="a pawn was missed")  # … and corrected
    for team in tournament.teams.order_by("number")[:5]:
        set_checked_in(team, True)
    set_withdrawn(Team.objects.get(tournament=tournament, number=9), True)
    set_frozen(tournament, True)
    Ruling.objects.create(tournament=tournament, table=first, position={"b": {"0": [1]}, "a": 2}, code="x1",
                          seat=0, card="7", claim="7:a1+3", verdict={"legal": False, "rule": "R15"}, note="no",
                          created_by=director)
    second_round = add_round(tournament)  # seated, still a draft (a draw waits until every sheet of round 1 counts)
    present = teams_to_draw(tournament)
    for pair in zip(present[::2], present[1::2]):
        add_table(second_round, list(pair))
    return tournament.pk


@pytest.fixture(scope="module")
def _day_key(module_transaction, django_db_blocker) -> int:
    """The day, built once for the module instead of once per test (most tests export it, delete it,
    restore it or copy it: each test's changes are rolled back after it), in English as the tests."""
    from django.utils import translation

    from tests.conftest import built_for_the_module

    with built_for_the_module(django_db_blocker), translation.override("en"):
        return _build_day()


@pytest.fixture
def director(db, _day_key):
    """The director of the module's day (conftest's ``director``, made with the day)."""
    return get_user_model().objects.get(username="director")


@pytest.fixture
def day(db, _day_key) -> Tournament:
    """Round 1 played with every kind of sheet, a withdrawal, check-ins, a freeze, a ruling; round 2 drawn."""
    return Tournament.objects.get(pk=_day_key)


def test_restore_keeps_every_sheet_state_and_the_standings(day):
    before = standings_json(day)
    by_state = dict(Result.objects.filter(table__round__tournament=day).order_by("version")
                    .values_list("table__number", "state"))
    data = export_file(day)
    day.delete()
    restored = import_file(json.loads(dumps(data)))
    assert restored.slug == day.slug
    after = standings_json(restored)
    assert after["standings"] == before["standings"]
    for one, other in zip(before["standings"], after["standings"]):
        assert one == other
    states = {}
    for result in Result.objects.filter(table__round__tournament=restored).order_by("version"):
        states[result.table.number] = result.state
    assert states == by_state
    assert states[2] == ResultState.SUBMITTED and states[3] == ResultState.DISPUTED
    corrected = Result.objects.filter(table__round__tournament=restored, table__round__number=1, table__number=4)
    assert [r.version for r in corrected.order_by("version")] == [1, 2]
    assert corrected.get(version=2).reason == "a pawn was missed" and corrected.get(version=1).state == "confirmed"
    assert restored.frozen_standings is not None and Ruling.objects.get(tournament=restored).verdict["rule"] == "R15"
    assert [t.number for t in restored.teams.filter(checked_in=True)] == [1, 2, 3, 4, 5]


def test_a_withdrawn_team_stays_withdrawn_and_the_next_draw_leaves_it_out(day):
    data = export_file(day)
    day.delete()
    restored = import_file(data)
    assert restored.teams.get(number=9).withdrawn
    assert 9 not in {team.number for team in teams_to_draw(restored)}
    draft = restored.round_set.get(number=2)
    assert draft.status == "draft" and not TableSeat.objects.filter(round=draft, team__number=9).exists()


def test_round_trip_byte_for_byte(day):
    first = export_file(day)
    day.delete()
    second = export_file(import_file(json.loads(dumps(first))))
    assert same_day(second) == same_day(first)


def test_round_trip_of_the_demo_tournament(db):
    from tournaments.demo import load_demo

    demo, _added = load_demo()
    first = export_file(demo)
    demo.delete()
    assert same_day(export_file(import_file(first))) == same_day(first)


def test_old_table_link_and_team_code_work_after_the_import(day, client):
    data = export_file(day)
    day.delete()
    restored = import_file(data)
    # A sheet that waited for confirmation is confirmed with the old code through the old link.
    waiting = next(entry for entry in data["table_details"] if entry["round"] == 1 and entry["table"] == 2)
    link = f"/s/{waiting['token']}/"
    assert client.get(link).status_code == 200
    other = data["tables"][1]["teams"][1]
    response = client.post(link, {"action": "confirm", "code": waiting["codes"][other]}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    table = Table.objects.get(token=waiting["token"])
    assert table.round.tournament == restored and table.current_sheet.state == ResultState.CONFIRMED
    # Round 2 was drawn before the export; published now, its printed link and codes take a new sheet.
    from tournaments.services.draft import publish

    publish(restored.round_set.get(number=2))
    drawn = next(entry for entry in data["table_details"] if entry["round"] == 2)
    teams = next(entry["teams"] for entry in data["tables"] if entry["round"] == 2 and entry["table"] == drawn["table"])
    link = f"/s/{drawn['token']}/"
    assert client.post(link, {"action": "submit", "code": drawn["codes"][teams[0]], "arrivals": "ABA",
                              "unfinished_ok": "1"}).status_code == 302
    assert client.post(link, {"action": "confirm", "code": drawn["codes"][teams[1]]}).status_code == 302
    sheet = Table.objects.get(token=drawn["token"]).current_sheet
    assert sheet.state == ResultState.CONFIRMED and sheet.sheet["arrivals"] == [0, 1, 0]


def test_restore_over_the_tournament_replaces_it_after_a_backup(day, settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    data = export_file(day)
    record_result(day.round_set.get(number=1).tables.get(number=2), {"arrivals": [1, 1]}, reason="later change")
    restored = restore_file(data)
    assert restored.slug == day.slug and Tournament.objects.filter(slug=day.slug).count() == 1
    assert not Tournament.objects.filter(pk=day.pk).exists()
    assert same_day(export_file(restored)) == same_day(data)
    assert list(tmp_path.rglob("*.json")), "the state before the restore is kept as a backup"


def test_a_copy_sits_beside_it_hidden_with_new_links_and_codes(day):
    data = export_file(day)
    copied = copy_file(data)
    assert copied.hidden and copied.slug != day.slug and copied.name.endswith("(copy)")
    assert standings_json(copied)["standings"] == standings_json(day)["standings"]
    new = export_file(copied)
    assert {e["token"] for e in new["table_details"]}.isdisjoint(e["token"] for e in data["table_details"])
    assert [e["sheets"] for e in new["table_details"]] == [e["sheets"] for e in data["table_details"]]


def refused(data) -> list[str]:
    with pytest.raises(InvalidTournamentFile) as raised:
        import_file(data)
    return raised.value.errors


def counts() -> tuple[int, ...]:
    return (Tournament.objects.count(), Team.objects.count(), Table.objects.count(), Result.objects.count())


def test_bad_files_are_refused_naming_the_place_and_nothing_is_written(day):
    data = export_file(day)
    before = counts()
    assert any('"format"' in e for e in refused({**data, "format": "pretix-orders"}))
    assert any("version 1 and 2" in e for e in refused({**data, "version": 3}))
    edited = copy.deepcopy(data)
    edited["tables"][0]["arrivals"] = ["T1"] * 8
    assert any("round 1, table 1" in e and "by hand" in e for e in refused(edited))
    edited = copy.deepcopy(data)
    edited["table_details"][1]["sheets"][0]["state"] = "maybe"
    assert 'table_details[1].sheets[0]: "state" must be one of' in refused(edited)[0]
    edited = copy.deepcopy(data)
    edited["table_details"][1]["token"] = edited["table_details"][0]["token"]
    assert any("round 1, table 2" in e and "private link" in e for e in refused(edited))
    edited = copy.deepcopy(data)
    del edited["team_details"]
    assert any('"team_details"' in e for e in refused(edited))
    edited = copy.deepcopy(data)
    edited["table_details"][2]["events"][0]["version"] = 7
    assert any("round 1, table 3, log entry 1" in e for e in refused(edited))
    assert counts() == before


def test_links_of_another_tournament_are_refused(day):
    data = export_file(day)
    data["tournament"]["slug"] = "another-name"
    data["tournament"]["backup_key"] = "0123456789abcdef"  # another tournament's file, not this one's
    before = counts()
    with pytest.raises(InvalidTournamentFile) as raised:
        restore_file(data)
    assert any("round 1, table 1" in e and "private link" in e for e in raised.value.errors)
    assert counts() == before


def test_a_restore_that_fails_half_way_leaves_the_old_tournament(day, settings, tmp_path):
    from django.db import DatabaseError, connection

    settings.BACKUP_DIR = tmp_path
    data = export_file(day)
    before = same_day(export_file(day))
    # The database refuses in the middle of the writing (as a full disk would): a trigger on the rounds.
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk full'; END; "
                           "$$ LANGUAGE plpgsql")
            cursor.execute("CREATE TRIGGER refuse_rounds BEFORE INSERT ON tournaments_round "
                           "FOR EACH ROW EXECUTE FUNCTION refuse()")
        else:
            cursor.execute("CREATE TRIGGER refuse_rounds BEFORE INSERT ON tournaments_round "
                           "BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    with pytest.raises(DatabaseError):
        restore_file(data)
    still = Tournament.objects.get(slug=day.slug)
    assert still.pk == day.pk and same_day(export_file(still)) == before


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue().strip()


def test_restore_command_takes_the_newest_backup_of_a_folder_by_its_name(day, tmp_path, settings):
    settings.BACKUP_DIR = tmp_path / "backups"
    folder = tmp_path / "usb" / day.slug
    folder.mkdir(parents=True)
    old, new = folder / f"{day.slug}-20261121T100000.000Z.json", folder / f"{day.slug}-20261121T143000.000Z.json"
    new.write_text(dumps(export_file(day)))
    old.write_text(dumps({**export_file(day), "name": "Old"}))
    import os

    os.utime(new, (1, 1))  # copied to a stick in the wrong order: the times of the files lie
    assert run("restore_tournament", str(tmp_path / "usb")) == day.slug
    assert Tournament.objects.get(slug=day.slug).name == day.name
    (tmp_path / "usb" / "other").mkdir()
    (tmp_path / "usb" / "other" / "other-20261121T100000.000Z.json").write_text("{}")
    with pytest.raises(CommandError, match="several tournaments"):
        run("restore_tournament", str(tmp_path / "usb"))
    cut = tmp_path / "cut.json"
    text = dumps(export_file(Tournament.objects.get(slug=day.slug)))
    assert len(text) > 5000
    cut.write_text(text[:5000])
    with pytest.raises(CommandError, match="damaged or cut off"):
        run("restore_tournament", str(cut))


def test_the_director_chooses_restore_or_copy(day, director_client, settings, tmp_path):
    from django.core.files.uploadedfile import SimpleUploadedFile

    settings.BACKUP_DIR = tmp_path
    text = dumps(export_file(day)).encode()

    def upload():
        response = director_client.post("/director/restore/", {"file": SimpleUploadedFile("day.json", text)},
                                        HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        page = response.content.decode()
        assert "Keezen Cup 2026" in page and "9 teams, 2 rounds, 4 tables with a sheet (5 versions) and 1 rulings" in page
        return response.context["pending"]

    pending = upload()
    assert Tournament.objects.count() == 1  # nothing happens before the choice
    response = director_client.post("/director/restore/", {"pending": pending, "choice": "copy"},
                                    HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    copied = Tournament.objects.exclude(pk=day.pk).get()
    assert copied.hidden and copied.name == "Keezen Cup 2026 (copy)"
    again = director_client.post("/director/restore/", {"pending": pending, "choice": "restore"},
                                 HTTP_ACCEPT_LANGUAGE="en")
    assert again.status_code == 410 and "upload the file again" in again.content.decode()
    response = director_client.post("/director/restore/", {"pending": upload(), "choice": "restore"})
    assert response.status_code == 302 and not Tournament.objects.filter(pk=day.pk).exists()
    assert Tournament.objects.get(slug=day.slug).teams.count() == 9
    damaged = director_client.post("/director/restore/", {"file": SimpleUploadedFile("cut.json", text[:900])},
                                   HTTP_ACCEPT_LANGUAGE="en")
    assert damaged.status_code == 422 and "cut off" in damaged.content.decode()


def test_round_trip_of_a_250_team_day_in_round_3(db, busy_day_file):
    """Corrections, a freeze, two rulings, check-ins, a withdrawal and a bye (devtools/busy_day.py, built
    once per test run and loaded from its file: tests/conftest.py)."""
    busy = busy_day_file.load()
    first = export_file(busy)
    assert len(first["teams"]) == 250 and len(first["rulings"]) == 2 and "frozen_standings" in first["tournament"]
    assert any(entry.get("bye") for entry in first["tables"] if entry["round"] == 3)
    assert any(details["withdrawn"] for details in first["team_details"])
    assert any(len(entry["sheets"]) > 1 for entry in first["table_details"])
    before = standings_json(busy)["standings"]
    busy.delete()
    restored = import_file(json.loads(dumps(first)))
    assert same_day(export_file(restored)) == same_day(first)
    assert standings_json(restored)["standings"] == before


def test_hand_edited_values_of_the_wrong_kind_are_refused_not_a_crash(day):
    data = export_file(day)
    before = counts()
    for edit in (
        lambda d: d["team_details"][0].__setitem__("team", []),
        lambda d: d["table_details"][0].__setitem__("round", [1]),
        lambda d: d["table_details"][2]["events"][0].__setitem__("version", []),
        lambda d: d["table_details"][1]["sheets"][0].__setitem__("submitted_by", {}),
        lambda d: d["rulings"][0].__setitem__("round", [1]),
        lambda d: d["tournament"].__setitem__("frozen_standings", {"standings": [{}]}),
        lambda d: d.__setitem__("venue", "x" * 201),
        lambda d: d.__setitem__("seed", 10**30),
    ):
        edited = copy.deepcopy(data)
        edit(edited)
        assert refused(edited)
    assert counts() == before


def test_a_file_with_the_links_of_another_tournament_is_refused_on_import_too(day, director_client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = export_file(day)
    data["tournament"]["slug"] = "renamed-since"  # the tournament's short name was changed after this backup
    assert import_file(copy.deepcopy(data)).name.endswith("(copy)")  # its backup key says it is this one
    Tournament.objects.exclude(pk=day.pk).delete()
    del data["tournament"]["backup_key"]  # a file written before backup keys: known by its short name only
    before = counts()
    assert any("private link" in e for e in refused(data))
    response = director_client.post("/director/restore/", {"file": SimpleUploadedFile("old.json", dumps(data).encode())},
                                     HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 422 and "private link" in response.content.decode()
    deep = director_client.post("/director/restore/", {"file": SimpleUploadedFile("deep.json", b"[" * 100000)},
                                HTTP_ACCEPT_LANGUAGE="en")
    assert deep.status_code == 422
    assert counts() == before


def test_a_copy_of_a_long_name_fits(day):
    day.name = "K" * 100
    day.save()
    copied = copy_file(export_file(day))
    assert len(copied.name) <= 100 and copied.name.endswith("(copy)")
