"""Automatic backups (tournaments/services/backups.py): written after a change commits, atomically,
only when something changed, kept by the retention rule, coalesced in the background thread, and
shown (with a download) on the director's pages without a query.

Every test writes into its own temporary folder (``settings.BACKUP_DIR``, see conftest.py).
"""

from __future__ import annotations

import datetime
import json
import os
import time
from pathlib import Path

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult

from tournaments.models import Round, RoundStatus, Team, Tournament
from tournaments.services import backups
from tournaments.services.backups import BackupInfo
from tournaments.services.pairing import pair_round
from tournaments.services.results import record_result
from tournaments.services.rounds import add_round
from tournaments.services.teams import TeamData, register_teams, set_checked_in
from tournaments.services.tournament_file import export_file


def files(tournament: Tournament) -> list[str]:
    folder = Path(backups.folder_of(tournament))
    return sorted(path.name for path in folder.iterdir()) if folder.exists() else []


def newest_file(tournament: Tournament) -> dict:
    return json.loads(backups.latest(tournament).path.read_text(encoding="utf-8"))


def details(data: dict, round_number: int, table_number: int) -> dict:
    return next(entry for entry in data["table_details"]
                if entry["round"] == round_number and entry["table"] == table_number)


@pytest.fixture
def running(tournament, published_round) -> Round:
    return published_round(tournament, 4)


def test_a_confirmed_sheet_is_in_a_backup_at_once(settings, client, tournament, running, inline):
    table = running.tables.order_by("number").first()
    codes = {seat.position: seat.code for seat in table.seats.all()}
    link = f"/s/{table.token}/"
    with inline():  # the phones of the table: one team submits, the other confirms with its code
        assert client.post(link, {"action": "submit", "code": codes[1], "arrivals": "AAAAAAAA"}).status_code == 302
    submitted = newest_file(tournament)
    assert [sheet["state"] for sheet in details(submitted, 1, 1)["sheets"]] == ["submitted"]
    with inline():
        assert client.post(link, {"action": "confirm", "code": codes[2]}).status_code == 302
    confirmed = newest_file(tournament)
    first_team = next(entry["teams"][0] for entry in confirmed["tables"] if entry.get("table") == 1)
    sheets = details(confirmed, 1, 1)["sheets"]
    assert [sheet["state"] for sheet in sheets] == ["confirmed"] and sheets[0]["arrivals"] == [first_team] * 8
    assert backups.latest(tournament).path.parent == Path(settings.BACKUP_DIR) / tournament.backup_key


def test_the_file_name_sorts_by_time_and_holds_the_whole_file(tournament, running, inline):
    with inline():
        record_result(running.tables.order_by("number").first(), {"arrivals": [1] * 8})
    info = backups.latest(tournament)
    assert info.name.startswith(f"{tournament.slug}-") and info.name.endswith("Z.json")
    assert abs((datetime.datetime.now(datetime.timezone.utc) - info.time).total_seconds()) < 60
    assert info.size == info.path.stat().st_size
    data = newest_file(tournament)
    assert data["format"] == "keezen-tournament" and data["name"] == tournament.name


def test_nothing_is_written_when_nothing_changed_or_the_change_rolls_back(tournament, running, inline):
    with inline():
        record_result(running.tables.order_by("number").first(), {"arrivals": [1] * 8})
    assert len(files_json := [name for name in files(tournament) if name.endswith(".json")]) == 1
    with inline():
        Tournament.objects.get(pk=tournament.pk).save()  # saved, but the file would be the same
    with inline():
        try:
            with transaction.atomic():
                record_result(running.tables.order_by("number").last(), {"arrivals": [0] * 8})
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
    assert [name for name in files(tournament) if name.endswith(".json")] == files_json


def test_draws_check_ins_and_teams_registered_in_bulk_are_backed_up(tournament, make_teams, inline):
    with inline():
        teams = register_teams(tournament, [TeamData(name=f"T{n}", players=(f"A{n}", f"B{n}")) for n in range(4)])
    assert [team["name"] for team in newest_file(tournament)["teams"]] == ["T0", "T1", "T2", "T3"]
    with inline():
        set_checked_in(teams[2], True)
    assert [team["checked_in"] for team in newest_file(tournament)["team_details"]] == [False, False, True, False]
    with inline():
        for team in teams:
            set_checked_in(team, True)
    with inline():
        round_ = add_round(tournament)
    with inline():
        pair_round(round_)  # tables and seats are written in bulk: no signal
    assert len([entry for entry in newest_file(tournament)["tables"] if "table" in entry]) == 2


def test_writing_is_atomic_and_leaves_no_temporary_file(settings, tournament, running):
    folder = backups.folder_of(tournament)
    folder.mkdir(parents=True)
    left = folder / ".backup-left-by-a-crash.tmp"
    left.write_text("{")
    an_hour_ago = time.time() - 3600
    os.utime(left, (an_hour_ago, an_hour_ago))
    fresh = folder / ".backup-being-written.tmp"
    fresh.write_text("{")  # another process is writing it right now: left alone
    for _ in range(3):
        backups.backup_now(tournament)
    names = files(tournament)
    assert len([name for name in names if name.endswith(".json")]) == 3
    assert ".backup-left-by-a-crash.tmp" not in names and ".backup-being-written.tmp" in names
    with pytest.raises(TypeError):  # a write that fails half-way leaves neither a file nor its temporary
        backups.write_atomically(folder, "never.json", None)
    assert "never.json" not in files(tournament)
    assert [name for name in files(tournament) if name.endswith(".tmp")] == [".backup-being-written.tmp"]


def info(stamp: str, finished: int | None = None, reason: str = "") -> BackupInfo:
    moment = datetime.datetime.strptime(stamp, "%Y%m%dT%H%M%S").replace(tzinfo=datetime.timezone.utc)
    name = f"cup-{stamp}.000Z" + (f"-round-{finished}-finished" if finished else "") + (f"-{reason}" if reason else "")
    return BackupInfo(path=Path(f"/backups/cup/{name}.json"), time=moment, size=1, finished_round=finished,
                      reason=reason)


def test_retention_keeps_the_newest_fifty_and_the_last_file_of_each_finished_round():
    start = datetime.datetime(2026, 11, 21, 10, 0, tzinfo=datetime.timezone.utc)
    stamps = [(start + datetime.timedelta(seconds=n)).strftime("%Y%m%dT%H%M%S") for n in range(120)]
    found = ([info(stamp, 1) for stamp in stamps[:10]] + [info(stamp, 2) for stamp in stamps[10:20]]
             + [info(stamps[20], reason="before-restore")] + [info(stamp) for stamp in stamps[21:]])
    removed = {item.name for item in backups.to_remove(found)}
    kept = [item for item in found if item.name not in removed]
    assert len(kept) == 50 + 3
    assert {item.name for item in found[-50:]} <= {item.name for item in kept}
    assert found[9] in kept and found[19] in kept  # the newest of round 1 and of round 2
    assert found[20] in kept  # the state before a restore
    assert not any(item in kept for item in found[:9] + found[10:19])


def test_retention_in_the_folder(tournament, running):
    tables = list(running.tables.order_by("number"))
    for table in tables:
        record_result(table, {"arrivals": [0] * 8})
    end_of_round_1 = [backups.backup_now(tournament) for _ in range(2)]
    assert all("-round-1-finished" in path.name for path in end_of_round_1)
    round_2 = add_round(tournament)
    pair_round(round_2)
    record_result(round_2.tables.first(), {"arrivals": [1] * 8})  # round 2 under way: no mark
    for _ in range(backups.KEEP + 3):
        backups.backup_now(tournament)
    names = [name for name in files(tournament) if name.endswith(".json")]
    assert len(names) == backups.KEEP + 1
    assert end_of_round_1[1].name in names and end_of_round_1[0].name not in names


def test_finished_round_is_the_round_just_ended(tournament, running):
    assert backups.finished_round(tournament) is None
    for table in running.tables.all():
        record_result(table, {"arrivals": [0] * 8})
    assert backups.finished_round(tournament) == 1
    round_2 = add_round(tournament)
    pair_round(round_2)  # drawn, no sheet yet: still the end of round 1
    assert backups.finished_round(tournament) == 1
    record_result(round_2.tables.first(), {"arrivals": [0] * 8})
    assert backups.finished_round(tournament) is None
    Round.objects.filter(pk=round_2.pk).update(status=RoundStatus.FINISHED)
    assert backups.finished_round(tournament) == 2


def test_backup_now_names_its_reason_and_writes_even_when_automatic_backups_are_off(tournament, running):
    path = backups.backup_now(tournament, reason="Before delete")
    assert path.name.endswith("-before-delete.json") and backups.latest(tournament).reason == "before-delete"
    assert json.loads(path.read_text(encoding="utf-8"))["name"] == tournament.name


def test_off_writes_nothing_by_itself(tournament, running, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        record_result(running.tables.first(), {"arrivals": [0] * 8})
    assert callbacks == [] and files(tournament) == []


# --------------------------------------------------------------------------- the background thread


@pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("sqlite") or not os.environ.get("DATABASE_URL"),
                    reason="the worker's thread exports while the test writes: the in-memory SQLite test database "
                           "refuses a second connection's reads meanwhile; CI runs this on PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_burst_of_changes_is_one_or_two_writes_in_the_background(settings, tournament, make_teams, worker):
    teams = make_teams(tournament, 50)
    settings.BACKUPS_RUN = "task"
    started = time.monotonic()
    for team in teams:  # 50 changes, each its own transaction, faster than the job's pause
        set_checked_in(team, True)
    burst = time.monotonic() - started
    assert backups.wait_idle(timeout=30)
    written = [name for name in files(tournament) if name.endswith(".json")]
    assert 1 <= len(written) <= 2, written
    assert all(team["checked_in"] for team in newest_file(tournament)["team_details"])
    assert DBTaskResult.objects.filter(task_path=backups.write_backup.module_path).count() <= 2  # coalesced
    assert time.monotonic() - started < burst + backups.DEBOUNCE_SECONDS + 5  # within seconds
    connection.close()


@pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("sqlite") or not os.environ.get("DATABASE_URL"),
                    reason="changes while the thread reads: the in-memory SQLite test database refuses a second "
                           "connection's reads while this one writes; CI runs this on PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_changes_while_the_job_runs_make_one_more_run_and_the_newest_sheet_is_in_within_seconds(
        settings, tournament, published_round, worker):
    round_ = published_round(tournament, 40)
    tables = list(round_.tables.order_by("number").select_related("round__tournament"))
    settings.BACKUPS_RUN = "task"
    started = time.monotonic()
    for table in tables:  # a sheet every 0.1 s for 2 s: the job runs while sheets come in
        record_result(table, {"arrivals": [0] * 8})
        time.sleep(0.1)
    last = time.monotonic()
    assert backups.wait_idle(timeout=30)
    written = [name for name in files(tournament) if name.endswith(".json")]
    assert 2 <= len(written) <= 2 + (last - started) / backups.DEBOUNCE_SECONDS, written
    data = newest_file(tournament)
    assert all(entry.get("arrivals") for entry in data["tables"] if "table" in entry)
    assert backups.latest(tournament).path.stat().st_mtime - time.time() + (time.monotonic() - last) < 5
    connection.close()


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's way of reading one moment")
@pytest.mark.django_db(transaction=True)
def test_the_export_reads_one_moment_without_the_write_lock_on_sqlite(tournament, running):
    """A backup is exported beside the requests: on SQLite its reading is one deferred transaction
    (a snapshot in WAL mode), not the IMMEDIATE one of ``transaction.atomic()``, which made every
    sheet sent during an export wait for the whole export."""
    with CaptureQueriesContext(connection) as queries:
        data = export_file(tournament)
    statements = [query["sql"] for query in queries.captured_queries]
    assert statements[0] == "BEGIN DEFERRED" and statements[-1] == "COMMIT"
    assert not any(sql.startswith("BEGIN") for sql in statements[1:]), statements
    assert data["name"] == tournament.name and not connection.in_atomic_block


# --------------------------------------------------------------------------- the director's pages


def test_the_director_pages_show_the_last_backup_without_a_query(director_client, tournament, running,
                                                                 django_assert_num_queries):
    page = f"/director/t/{tournament.slug}/teams/"
    with CaptureQueriesContext(connection) as before:
        html = director_client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "No backup yet" in html and "Last backup" not in html
    path = backups.backup_now(tournament)
    with CaptureQueriesContext(connection) as after:
        html = director_client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Last backup" in html and " s ago" in html and "No backup yet" not in html
    assert f"/director/t/{tournament.slug}/backups/latest.json" in html
    assert len(after.captured_queries) == len(before.captured_queries)
    with django_assert_num_queries(0):
        assert backups.latest(tournament).path == path
    download = director_client.get(f"/director/t/{tournament.slug}/backups/latest.json")
    assert download.status_code == 200 and path.name in download["Content-Disposition"]
    assert b"".join(download.streaming_content) == path.read_bytes()


def test_the_backups_page_lists_and_serves_only_backup_files(director_client, tournament, running):
    url = f"/director/t/{tournament.slug}/backups/"
    none_yet = director_client.get(f"{url}latest.json", HTTP_ACCEPT_LANGUAGE="en", follow=True)
    assert none_yet.redirect_chain == [(url, 302)] and "There is no backup of this tournament yet." in none_yet.content.decode()
    first = backups.backup_now(tournament)
    response = director_client.post(f"{url}now/")
    assert response.status_code == 302
    html = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert first.name in html and "by hand" in html and str(backups.folder_of(tournament)) in html
    served = director_client.get(f"{url}{first.name}")
    assert served.status_code == 200 and b"".join(served.streaming_content) == first.read_bytes()
    (first.parent / "notes.json").write_text("{}")
    for name in ("notes.json", ".lock", "..", f"{tournament.slug}-20261121T100000.000Z.json"):
        refused = director_client.get(f"{url}{name}")  # not a backup (any more): the list, not a file
        assert refused.status_code == 302 and refused["Location"] == url, name
    assert director_client.get(f"{url}..%2F..%2Fsettings.py").status_code == 404  # no URL of this app
    assert Client().get(f"{url}{first.name}").status_code == 302  # not logged in: to the login page


def test_age_in_words():
    from django.utils import translation

    with translation.override("en"):
        assert backups.age_text(14.7) == "14 s"
        assert backups.age_text(185) == "3 min"
        assert backups.age_text(2 * 3600 + 5 * 60) == "2 h 5 min"
    with translation.override("nl"):
        assert backups.age_text(2 * 3600 + 5 * 60) == "2 u 5 min"


def test_the_default_folder_is_beside_the_database_and_ignored_by_git(monkeypatch, tmp_path):
    from keezen_site import settings as site

    assert "/backups/" in (Path(site.BASE_DIR) / ".gitignore").read_text().splitlines()
    monkeypatch.delenv("KEEZEN_BACKUP_DIR", raising=False)
    monkeypatch.setitem(site.DATABASES, "default", {"ENGINE": "django.db.backends.sqlite3",
                                                    "NAME": str(tmp_path / "data" / "db.sqlite3")})
    assert site._backup_dir() == tmp_path / "data" / "backups"
    monkeypatch.setitem(site.DATABASES, "default", {"ENGINE": "django.db.backends.postgresql", "NAME": "keezen"})
    assert site._backup_dir() == Path(site.DATA_DIR) / "backups"
    monkeypatch.setenv("KEEZEN_BACKUP_DIR", str(tmp_path / "usb"))
    assert site._backup_dir() == tmp_path / "usb"


def test_a_row_finds_its_tournament_through_loaded_relations_or_one_query(tournament, running,
                                                                         django_assert_num_queries):
    table = running.tables.select_related("round").first()
    result = record_result(table, {"arrivals": [0] * 8})
    with django_assert_num_queries(0):
        assert backups._tournament_id(result) == tournament.pk
    fresh = type(result).objects.get(pk=result.pk)
    with django_assert_num_queries(1):
        assert backups._tournament_id(fresh) == tournament.pk
    team = Team.objects.filter(tournament=tournament).first()
    with django_assert_num_queries(0):
        assert backups._tournament_id(team) == tournament.pk


# --------------------------------------------------------------------------- the busy day (test data)


def test_the_busy_day_has_everything_a_running_day_has(db, busy_day_file):
    """devtools.busy_day.build_busy_day, built once per test run (tests/conftest.py) and loaded here
    from its tournament file, which keeps every row asked about below."""
    from tournaments.models import Bye, Result, ResultEvent, ResultState, Ruling, TableSeat

    assert busy_day_file.build_seconds < 30  # "a few seconds" on a quiet machine
    day = busy_day_file.load()
    assert day.teams.count() == 250 and not day.teams.filter(checked_in_at__isnull=True).exists()
    rounds = {round_.number: round_ for round_ in day.round_set.all()}
    assert [rounds[n].status for n in (1, 2, 3)] == [RoundStatus.FINISHED, RoundStatus.FINISHED, RoundStatus.RUNNING]
    assert rounds[3].clock_ends_at is not None and day.frozen_standings
    withdrawn = day.teams.get(withdrawn=True)
    assert TableSeat.objects.filter(round=rounds[2], team=withdrawn).exists()
    assert not TableSeat.objects.filter(round=rounds[3], team=withdrawn).exists()
    assert Bye.objects.filter(round=rounds[3]).count() == 1
    sheets = Result.objects.filter(table__round__tournament=day)
    for number in (1, 2):  # every table in; at the desk and through the links; a correction, a dispute settled at the desk
        played = sheets.filter(table__round=rounds[number])
        assert played.values("table").distinct().count() == rounds[number].tables.count()
        assert played.filter(source="table", state=ResultState.CONFIRMED).exists()
        assert played.filter(version=2).exclude(reason="").count() == 2
        assert ResultEvent.objects.filter(table__round=rounds[number], kind="disputed").count() == 1
    running = sheets.filter(table__round=rounds[3])
    half = rounds[3].tables.count() // 2
    assert running.values("table").distinct().count() == half
    assert {state for state in running.values_list("state", flat=True)} == {
        ResultState.ENTERED, ResultState.CONFIRMED, ResultState.SUBMITTED, ResultState.DISPUTED}
    assert running.filter(state=ResultState.DISPUTED).count() == 1
    assert Ruling.objects.filter(tournament=day, table__round=rounds[3]).count() == 2
    assert backups.finished_round(day) is None  # round 3 is under way
    assert json.loads(backups.backup_now(day).read_text(encoding="utf-8"))["name"] == "Busy day"
