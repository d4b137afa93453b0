"""The task engine (tournaments/services/background.py, task_workers.py): a task runs once however
many workers look for work, a task whose worker died runs again on another, a worker that cannot
reach the database says so and goes on once it answers, ``serve`` keeps its worker running, and a
task that failed is shown to the director."""

from __future__ import annotations

import datetime
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.db import connection
from django.utils import timezone, translation
from django_tasks_db.models import DBTaskResult

from devtools import servers
from tournaments.management.commands import serve
from tournaments.models import Worker
from tournaments.services import background, backups, task_workers

ROOT = Path(__file__).resolve().parent.parent


@background.task(queue_name="backups")
def note(path: str, number: int) -> int:
    """A task that leaves a line in a file each time it runs."""
    with open(path, "a", encoding="utf-8") as out:
        out.write(f"{number}\n")
    return number


@background.task(queue_name="backups")
def note_slowly(path: str, number: int, seconds: float) -> int:
    """A task that takes a while: a line when it starts, its number when it is done."""
    with open(path, "a", encoding="utf-8") as out:
        out.write("started\n")
    time.sleep(seconds)
    return note.call(path, number)


def lines(path: Path) -> list[int]:
    return [int(line) for line in path.read_text(encoding="utf-8").split() if line.isdigit()] if path.exists() else []


def wait_until(condition, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not within the time"
        time.sleep(0.1)


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="two workers at once on one database: PostgreSQL (the in-memory SQLite test database "
                           "serialises every connection anyway)")
@pytest.mark.django_db(transaction=True)
def test_two_workers_never_run_one_task_twice(tmp_path):
    ran = tmp_path / "ran.txt"
    for number in range(60):
        note.enqueue(str(ran), number)
    first, second = task_workers.Workers(["backups"]), task_workers.Workers(["backups"])
    threads = [threading.Thread(target=workers.run, daemon=True) for workers in (first, second)]
    for thread in threads:
        thread.start()
    try:
        wait_until(lambda: len(lines(ran)) >= 60)
        time.sleep(1)  # a task run twice would show by now
    finally:
        for workers in (first, second):
            workers.stop()
        for thread in threads:
            thread.join(timeout=30)
    assert sorted(lines(ran)) == list(range(60))  # each once
    done = DBTaskResult.objects.filter(task_path=note.module_path)
    assert set(done.values_list("status", flat=True)) == {"SUCCESSFUL"}
    assert all(len(result.worker_ids) == 1 for result in done)
    connection.close()


@pytest.mark.django_db
def test_a_task_whose_worker_died_runs_again_and_one_that_kills_its_workers_fails(tmp_path):
    ran = tmp_path / "ran.txt"
    long_ago = timezone.now() - datetime.timedelta(seconds=background.STALE_SECONDS + 5)
    dead, living, doomed = (note.enqueue(str(ran), number).db_result for number in (1, 2, 3))
    Worker.objects.create(worker_id="alive/backups", host="here", pid=1, started_at=long_ago, seen_at=timezone.now())
    Worker.objects.create(worker_id="gone/backups", host="there", pid=2, started_at=long_ago, seen_at=long_ago)
    DBTaskResult.objects.filter(pk=dead.pk).update(status="RUNNING", started_at=long_ago,
                                                   worker_ids=["gone/backups"])
    DBTaskResult.objects.filter(pk=living.pk).update(status="RUNNING", started_at=long_ago,
                                                     worker_ids=["alive/backups"])
    DBTaskResult.objects.filter(pk=doomed.pk).update(status="RUNNING", started_at=long_ago,
                                                     worker_ids=["gone/backups"] * task_workers.MAX_RUNS)

    assert task_workers.recover() == 1
    assert DBTaskResult.objects.get(pk=dead.pk).status == "READY"  # its worker died: it runs again
    assert DBTaskResult.objects.get(pk=living.pk).status == "RUNNING"  # its worker lives: left alone
    failed = DBTaskResult.objects.get(pk=doomed.pk)
    assert failed.status == "FAILED" and failed.exception_class_path.endswith("WorkerStopped")
    with translation.override("en"):
        assert background.failure_text(failed) == "its worker stopped 3 times while running it"
    assert background.run_ready(["backups"]) == 1
    assert lines(ran) == [1]
    assert DBTaskResult.objects.get(pk=dead.pk).worker_ids[0] == "gone/backups"  # the second run's worker follows
    assert task_workers.recover() == 0  # nothing left to recover


@pytest.mark.skipif(connection.vendor != "postgresql",
                    reason="workers as processes of their own on the test database: PostgreSQL only")
@pytest.mark.django_db(transaction=True)
def test_a_task_whose_worker_is_killed_runs_again_on_another_worker(tmp_path):
    ran = tmp_path / "ran.txt"
    result = note_slowly.enqueue(str(ran), 5, 3.0).db_result
    env = {**os.environ, "DATABASE_URL": servers.database_url(connection.settings_dict),
           "KEEZEN_WORKER_STALE_SECONDS": "2"}
    first = servers.start_worker(tmp_path, env, "first")
    try:
        wait_until(lambda: ran.exists() and "started" in ran.read_text(), 60)
        servers.kill(first)  # SIGKILL in the middle of the task
        assert DBTaskResult.objects.get(pk=result.pk).status == "RUNNING"
        second = servers.start_worker(tmp_path, env, "second")
        try:
            wait_until(lambda: DBTaskResult.objects.get(pk=result.pk).status == "SUCCESSFUL", 60)
        finally:
            servers.kill(second, signal.SIGTERM)
    finally:
        servers.kill(first)
    assert ran.read_text().split() == ["started", "started", "5"]  # begun twice, done once
    taken = DBTaskResult.objects.get(pk=result.pk).worker_ids
    assert len(taken) == 2 and taken[0] != taken[1]
    assert "put back in the queue" in (tmp_path / "second.log").read_text()
    connection.close()


def test_serve_starts_its_worker_again_unless_it_stops_at_once_every_time(monkeypatch):
    monkeypatch.setattr(serve, "RESTART_SECONDS", 0.01)
    kept = serve.Kept([sys.executable, "-c", "import sys; sys.exit(3)"])
    stopping = threading.Event()
    for _ in range(serve.QUICK_EXITS + 2):
        kept.process.wait(timeout=30)
        kept.keep_running(stopping)
    assert kept.given_up and kept.quick_exits == serve.QUICK_EXITS  # started again four times, then left
    sleeper = serve.Kept([sys.executable, "-c", "import time; time.sleep(60)"])
    stopping.set()
    sleeper.process.terminate()
    sleeper.process.wait(timeout=30)
    sleeper.keep_running(stopping)  # stopping: not started again
    assert sleeper.process.poll() is not None


def test_a_worker_without_its_database_says_so_and_goes_on_when_it_answers(tmp_path, migrated_sqlite):
    folder = tmp_path / "not-yet"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}", "BACKUPS_RUN": "off",
           "KEEZEN_BACKUP_DIR": str(tmp_path / "backups"), "KEEZEN_WORKER_STALE_SECONDS": "2"}  # tries every 0.5 s
    log = tmp_path / "worker.log"
    with log.open("w") as out:
        worker = subprocess.Popen([sys.executable, "manage.py", "worker"], cwd=ROOT, env=env, stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_until(lambda: "the database does not answer" in log.read_text(), 30)
        assert worker.poll() is None  # it waits for the database, it does not stop
        folder.mkdir()
        migrated_sqlite(folder / "db.sqlite3")  # the database is there now
        ran = tmp_path / "ran.txt"
        subprocess.run([sys.executable, "manage.py", "shell", "-c",
                        f"from tests.test_background import note; note.enqueue({str(ran)!r}, 7)"],
                       cwd=ROOT, env=env, check=True, timeout=120)
        wait_until(lambda: lines(ran) == [7], 60)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    assert worker.returncode == 0  # SIGTERM: it stops after its running tasks


def test_a_failed_backup_is_shown_to_the_director_until_one_is_written(settings, director_client, tournament,
                                                                       tmp_path):
    settings.BACKUPS_RUN = "task"
    settings.BACKUP_DIR = tmp_path / "a-file"
    settings.BACKUP_DIR.write_text("not a folder")  # every write fails, as on a full or missing USB stick
    tournament.name = "Keezen Cup, renamed"
    tournament.save()  # a change: a backup task
    page = f"/director/t/{tournament.slug}/teams/"
    assert 'data-testid="backup-failed"' not in director_client.get(page).content.decode()
    DBTaskResult.objects.filter(task_path=backups.write_backup.module_path).update(run_after=timezone.now())
    background.run_ready(["backups"])
    shown = director_client.get(page, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-testid="backup-failed"' in shown
    assert "The automatic backup failed: " in shown and "Error" in shown  # the error, as the traceback ends
    settings.BACKUP_DIR = tmp_path / "backups"  # the stick is back: "Back up now" retries
    assert director_client.post(f"/director/t/{tournament.slug}/backups/now/").status_code == 302
    assert 'data-testid="backup-failed"' not in director_client.get(page).content.decode()
