"""Print files (services/print_files.py): publishing a round queues its table cards and wall lists
as tasks for the background worker (services/background.py); a download before a file is ready
shows its progress, and the finished file once it is done — no request waits on a render."""

from __future__ import annotations

import os
import time

import pytest
from django.db import connection

from tournaments.models import PrintFile, PrintFileStatus
from django_tasks_db.models import DBTaskResult

from tournaments.services import background, print_files
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import add_round

@pytest.fixture
def drawn(tournament, make_teams):
    make_teams(tournament, 8)
    round_ = add_round(tournament)
    pair_round(round_)
    return round_


def publish(director_client, round_):
    return director_client.post(f"/director/t/{round_.tournament.slug}/rounds/{round_.number}/publish/",
                                HTTP_ACCEPT_LANGUAGE="en")


def test_publishing_queues_the_round_files_and_a_download_shows_progress_until_ready(
        settings, director_client, drawn):
    settings.PRINT_FILES_RUN = "task"  # nothing renders until the worker's step below
    assert publish(director_client, drawn).status_code == 302
    jobs = {job.exporter: job for job in PrintFile.objects.filter(round=drawn)}
    assert set(jobs) == {"table-cards-pdf", "wall-by-table-pdf", "wall-by-team-pdf"}
    assert all(job.status == PrintFileStatus.QUEUED and not job.content for job in jobs.values())
    tasks = DBTaskResult.objects.filter(task_path=print_files.make_print_file.module_path)
    assert sorted(task.args_kwargs["args"] for task in tasks) == sorted([job.pk, 1] for job in jobs.values())
    url = f"/director/t/{drawn.tournament.slug}/rounds/1/table-cards.pdf"
    started = time.monotonic()
    waiting = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert time.monotonic() - started < print_files.WAIT_SECONDS  # no worker runs: nothing to wait for
    assert waiting.status_code == 202 and 'class="progress"' in waiting.content.decode()
    assert "The file is being made" in waiting.content.decode()
    assert 'data-testid="no-worker"' in waiting.content.decode()  # and the page says how to start one
    follow = f"{url}?job={jobs['table-cards-pdf'].pk}"
    assert f'hx-get="{follow}"' in waiting.content.decode()  # the page follows its own job
    poll = director_client.get(follow, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert poll.status_code == 202 and 'hx-trigger="every 1s"' in poll.content.decode()
    background.run_ready(["print-files"])  # what the worker does
    assert not print_files.run(jobs["table-cards-pdf"].pk)  # a job runs once
    assert set(tasks.values_list("status", flat=True)) == {"SUCCESSFUL"}
    ready = director_client.get(follow, HTTP_ACCEPT_LANGUAGE="en", HTTP_HX_REQUEST="true")
    assert ready["HX-Redirect"] == follow  # the progress page opens the file
    download = director_client.get(follow, HTTP_ACCEPT_LANGUAGE="en")
    assert download.status_code == 200 and download.content.startswith(b"%PDF-")
    assert download["Content-Disposition"] == 'inline; filename="keezen-cup-2026-round-1-table-cards.pdf"'


def test_a_changed_draw_makes_new_cards_and_a_failed_file_is_shown_and_made_again(settings, director_client,
                                                                                drawn):
    settings.PRINT_FILES_RUN = "task"
    publish(director_client, drawn)
    first = PrintFile.objects.get(round=drawn, exporter="table-cards-pdf")
    director_client.post(f"/director/t/{drawn.tournament.slug}/rounds/1/unpublish/")
    seats = list(drawn.tables.get(number=1).seats.order_by("position"))
    director_client.post(f"/director/t/{drawn.tournament.slug}/rounds/1/swap/",
                         {"first": seats[0].team_id, "second": seats[1].team_id})
    publish(director_client, drawn)
    current = PrintFile.objects.filter(round=drawn, exporter="table-cards-pdf").exclude(pk=first.pk).get()
    # Its task failed (a renderer's bug, a full disk): the page says what, and offers to try again.
    PrintFile.objects.filter(pk=current.pk).update(status=PrintFileStatus.FAILED, error="OSError: disk full")
    url = f"/director/t/{drawn.tournament.slug}/rounds/1/table-cards.pdf"
    failed = director_client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert failed.status_code == 200
    assert "Table cards and score sheets could not be made: OSError: disk full" in failed.content.decode()
    assert "retry=1" in failed.content.decode()
    director_client.get(f"{url}?retry=1", HTTP_ACCEPT_LANGUAGE="en")
    again = PrintFile.objects.get(pk=current.pk)
    assert again.status == PrintFileStatus.QUEUED and again.attempt == 2 and not again.error
    assert not print_files.run(current.pk, attempt=1)  # the task of the failed attempt does nothing now
    background.run_ready(["print-files"])  # the retry's task makes it
    assert PrintFile.objects.get(pk=current.pk).is_ready


@pytest.mark.skipif(os.environ.get("DATABASE_URL", "").startswith("sqlite") or not os.environ.get("DATABASE_URL"),
                    reason="the in-memory SQLite test database refuses a second connection's writes while the "
                           "test reads; CI runs this on PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_the_worker_makes_the_files_after_publishing(settings, director_client, drawn, worker):
    settings.PRINT_FILES_RUN = "task"
    started = time.monotonic()
    assert publish(director_client, drawn).status_code == 302
    assert time.monotonic() - started < 5  # the request did not wait for the files
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not PrintFile.objects.filter(round=drawn).exclude(status=PrintFileStatus.READY).exists():
            break
        time.sleep(0.2)
    assert set(PrintFile.objects.filter(round=drawn).values_list("status", flat=True)) == {PrintFileStatus.READY}
    download = director_client.get(f"/director/t/{drawn.tournament.slug}/rounds/1/wall-by-team.pdf")
    assert download.status_code == 200 and download.content.startswith(b"%PDF-")
    connection.close()


def test_the_progress_page_follows_its_own_job_while_results_come_in(settings, director_client, tournament,
                                                                     make_teams):
    from tournaments.services.results import record_result
    from tournaments.services.rounds import add_table

    settings.PRINT_FILES_RUN = "task"
    teams = make_teams(tournament, 4)
    round_ = add_round(tournament)
    tables = [add_table(round_, teams[:2]), add_table(round_, teams[2:])]
    url = f"/director/t/{tournament.slug}/standings.pdf"
    assert director_client.get(url).status_code == 202
    job = PrintFile.objects.get(exporter="standings-pdf")
    record_result(tables[0], {"arrivals": [0, 1]})  # a result while the director waits
    follow = f"{url}?job={job.pk}"
    assert director_client.get(follow, HTTP_HX_REQUEST="true").status_code == 202
    assert PrintFile.objects.filter(exporter="standings-pdf").count() == 1
    print_files.run(job.pk)
    assert director_client.get(follow, HTTP_HX_REQUEST="true")["HX-Redirect"] == follow
    assert director_client.get(follow).content.startswith(b"%PDF-")
    record_result(tables[1], {"arrivals": [1, 0]})
    assert director_client.get(url).status_code == 202  # a new click asks for today's standings
    assert PrintFile.objects.filter(exporter="standings-pdf").count() == 2
